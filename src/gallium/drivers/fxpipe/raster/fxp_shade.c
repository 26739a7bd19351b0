/* Shading of the batches coverage hands over (raster/fxp_shade.h): the fragment shader's inputs interpolated
 * from the primitive's planes (raster/fxp_setup.h) at every lane's sample point, its system values, the
 * shader run on the batch, then the per-fragment operations (fragment/fxp_fragment.h). */
#include <math.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "fxp_context.h"
#include "fxp_lanes.h"
#include "fragment/fxp_fragment.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"
#include "raster/fxp_shade.h"

bool
fxp_shade_thread_setup(struct fxp_raster *r, unsigned i)
{
   struct fxp_raster_thread *t = &r->threads[i];
   t->samples_passed = t->ps_invocations = 0;
   if (!fxp_exec_setup(&t->fs_exec, r->fs, r->fs_bind, FXP_W))
      return false;
   t->fs_exec.quad_layout = true;
   r->threads_ready = i + 1;
   return true;
}

static inline double
eval_at(const struct fxp_plane *pl, double x, double y)
{
   return pl->v0 + pl->gx * x + pl->gy * y;
}

/* FS input i at pixel (x, y) moved by (ox, oy) from its centre. */
static void
input_value(const struct fxp_raster *r, const struct fxp_prim *p, unsigned i, int x, int y, double ox, double oy,
            float v[4])
{
   const struct fxp_fs_input *in = &r->fs_in[i];
   const unsigned src = p->point && in->sprite ? FXP_FS_POINTCOORD : in->src;
   const double px = x + ox, py = y + oy;
   switch (src) {
   case FXP_FS_FROM_OUTPUT: {
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      if (o < 0) {
         v[0] = v[1] = v[2] = 0.0f, v[3] = 1.0f;
      } else if (in->interp == TGSI_INTERPOLATE_CONSTANT || p->point) {
         memcpy(v, &p->prov_attr[4 * o], 4 * sizeof(float));
      } else if (in->interp == TGSI_INTERPOLATE_LINEAR) {
         for (unsigned c = 0; c < 4; c++)
            v[c] = (float)eval_at(&p->attr[4 * i + c], px, py);
      } else {
         const double w = eval_at(&p->w, px, py), inv_w = w != 0.0 ? 1.0 / w : 0.0;
         for (unsigned c = 0; c < 4; c++)
            v[c] = (float)(eval_at(&p->attr[4 * i + c], px, py) * inv_w);
      }
      break;
   }
   case FXP_FS_POSITION:
      v[0] = (float)(px + 0.5), v[1] = (float)(py + 0.5), v[2] = (float)eval_at(&p->z, px, py);
      v[3] = (float)eval_at(&p->w, px, py);
      break;
   case FXP_FS_FACE:
      v[0] = p->front ? 1.0f : -1.0f, v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   case FXP_FS_PRIMID:
      memcpy(&v[0], &p->prim_id, 4);
      v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   case FXP_FS_POINTCOORD:
      v[0] = p->point ? (float)((px + 0.5 - p->pt_x0) * p->pt_inv_size) : 0.0f;
      v[1] = p->point ? (float)((py + 0.5 - p->pt_y0) * p->pt_inv_size) : 0.0f;
      if (r->rast->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT)
         v[1] = 1.0f - v[1];
      v[2] = 0.0f, v[3] = 1.0f;
      break;
   default:
      v[0] = v[1] = v[2] = 0.0f, v[3] = 1.0f;
      break;
   }
}

/* What the engine's fragment services (INTERP_OFFSET, FBFETCH) need of the batch being shaded. */
struct frag_ctx {
   const struct fxp_raster *r;
   const struct fxp_prim *p;
   const struct fxp_batch *bt;
};

static void
frag_interp_at(void *data, unsigned input, const float offx[FXP_W], const float offy[FXP_W], fxp_vec out[4])
{
   const struct frag_ctx *f = data;
   for (unsigned l = 0; l < FXP_W; l++) {
      float v[4] = {0, 0, 0, 0};
      if (input < f->r->num_fs_in && l < f->bt->nq * 4)
         input_value(f->r, f->p, input, f->bt->x[l], f->bt->y[l], offx[l], offy[l], v);
      for (unsigned c = 0; c < 4; c++)
         out[c].af[l] = v[c];
   }
}

/* FBFETCH: the colour buffer's value at each lane's pixel (0 outside the framebuffer or unbound). */
static void
frag_fb_fetch(void *data, unsigned cbuf, fxp_vec out[4])
{
   const struct frag_ctx *f = data;
   const struct fxp_raster *r = f->r;
   const struct pipe_framebuffer_state *fb = &r->ctx->framebuffer;
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t v[4] = {0, 0, 0, 0};
      const int x = f->bt->x[l], y = f->bt->y[l];
      if (l < f->bt->nq * 4 && cbuf < fb->nr_cbufs && fb->cbufs[cbuf] && r->frag.cbuf_origin[cbuf] && x >= 0 &&
          y >= 0 && (unsigned)x < r->frag.fb_width && (unsigned)y < r->frag.fb_height)
         util_format_unpack_rgba(fb->cbufs[cbuf]->format, v,
                                 r->frag.cbuf_origin[cbuf] + (size_t)y * r->frag.cbuf_stride[cbuf] +
                                    (size_t)x * r->frag.cbuf_bpp[cbuf], 1);
      for (unsigned c = 0; c < 4; c++)
         out[c].au[l] = v[c];
   }
}

void
fxp_shade_batch(struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p,
                struct fxp_batch *bt)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_program *fs = r->fs;
   double z[FXP_W];
   struct frag_ctx fctx = {r, p, bt};
   const struct fxp_frag_iface iface = {frag_interp_at, frag_fb_fetch, &fctx};

   fxp_exec_reset(e, bt->nq * 4);
   e->frag = &iface;
   for (unsigned l = 0; l < FXP_W; l++)
      e->helper[l] = (bt->coverage & (1u << l)) ? 0 : -1;
   /* interpolated inputs, all lanes at once: the same double-precision operations as input_value() */
   const unsigned n = bt->nq * 4;
   fxp_vd vx, vy;
   for (unsigned l = 0; l < FXP_W; l++) {
      vx[l] = l < n ? bt->x[l] : bt->x[0];
      vy[l] = l < n ? bt->y[l] : bt->y[0];
   }
   const fxp_vd vw = p->w.v0 + p->w.gx * vx + p->w.gy * vy;
   const fxp_vd vz = p->z.v0 + p->z.gx * vx + p->z.gy * vy;
   const fxp_vd inv_w = (fxp_vd)((fxp_vqs)(1.0 / vw) & (fxp_vqs)(vw != 0.0)); /* 0 where w is 0 */
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      const struct fxp_fs_input *in = &r->fs_in[i];
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      const bool planar = in->src == FXP_FS_FROM_OUTPUT && o >= 0 && !p->point &&
                          in->interp != TGSI_INTERPOLATE_CONSTANT;
      if (planar) {
         for (unsigned c = 0; c < 4; c++) {
            const struct fxp_plane *pl = &p->attr[4 * i + c];
            fxp_vd v = pl->v0 + pl->gx * vx + pl->gy * vy;
            if (in->interp != TGSI_INTERPOLATE_LINEAR)
               v = v * inv_w;
            fxp_input(e, i, c)->f = __builtin_convertvector(v, fxp_vf);
         }
         continue;
      }
      for (unsigned l = 0; l < n; l++) {
         float v[4];
         input_value(r, p, i, bt->x[l], bt->y[l], 0.0, 0.0, v);
         for (unsigned c = 0; c < 4; c++)
            fxp_input(e, i, c)->af[l] = v[c];
      }
   }
   for (unsigned l = 0; l < n; l++) {
      const int x = bt->x[l], y = bt->y[l];
      const double w = vw[l];
      z[l] = vz[l];
      const bool covered = bt->coverage & (1u << l);
      for (unsigned i = 0; i < fs->num_svs; i++) {
         for (unsigned c = 0; c < 4; c++) {
            fxp_vec *sv = fxp_sv(e, i, c);
            uint32_t u = 0;
            switch (fs->sv_semantic[i]) {
            case TGSI_SEMANTIC_POSITION: {
               const float pos[4] = {x + 0.5f, y + 0.5f, (float)z[l], (float)w};
               sv->af[l] = pos[c];
               continue;
            }
            case TGSI_SEMANTIC_FACE:
               u = c == 0 ? (p->front ? 0xffffffffu : 0u) : 0u;
               break;
            case TGSI_SEMANTIC_SAMPLEPOS: /* one sample, at the centre */
               sv->af[l] = c < 2 ? 0.5f : 0.0f;
               continue;
            case TGSI_SEMANTIC_SAMPLEMASK: /* the one sample is covered, helpers cover none */
               u = c == 0 && covered ? 1u : 0u;
               break;
            case TGSI_SEMANTIC_HELPER_INVOCATION:
               u = c == 0 && !covered ? 0xffffffffu : 0u;
               break;
            default: /* SAMPLEID is 0 */
               fxp_sv_lane_constant(fs->sv_semantic[i], c, l, &u);
               break;
            }
            sv->au[l] = u;
         }
      }
   }
   if (r->frag.early_zs) {
      /* early fragment tests: fragments failing depth or stencil are not shaded (they may still run as
       * helpers for derivatives, which never write memory) */
      uint32_t m = bt->coverage;
      ts->samples_passed += fxp_fragment_early_zs(&r->frag, bt->x, bt->y, z, &m, p->front);
      for (unsigned l = 0; l < n; l++)
         if ((bt->coverage & ~m) & (1u << l))
            e->helper[l] = -1;
      bt->coverage = m;
   }
   fxp_exec_run(e);
   fxp_exec_merge_outputs(e);
   ts->ps_invocations += util_bitcount(bt->coverage);
   e->frag = NULL;

   uint32_t mask = 0;
   for (unsigned l = 0; l < bt->nq * 4; l++)
      if ((bt->coverage & (1u << l)) && e->live[l] && !e->helper[l])
         mask |= 1u << l;
   if (mask) {
      ts->samples_passed += fxp_fragment_ops(&r->frag, e, bt->x, bt->y, z, mask, p->front);
   }
   bt->nq = 0;
   bt->coverage = 0;
}
