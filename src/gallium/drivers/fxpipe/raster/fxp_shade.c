/* Shading of the batches coverage hands over (raster/fxp_shade.h): the fragment shader's inputs interpolated
 * from the primitive's planes (raster/fxp_setup.h) at every lane's sample point, its system values, the
 * shader run on the batch, then the per-fragment operations (fragment/fxp_fragment.h). The same lane-wide
 * interpolation (input_lanes) serves the batch's inputs and the shader's INTERP_OFFSET-style requests at
 * offsets from the pixel centre (frag_interp_at). A batch the watchdog stops (fxp_context.h, "Watchdog")
 * writes nothing, and once the context's watchdog has tripped, on any thread, batches are not shaded. */
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

#ifndef FXP_ISA_SUFFIX /* the engine's copies hold only the batch function (fxp_shade.h) */
bool
fxp_shade_thread_setup(struct fxp_raster *r, unsigned i)
{
   struct fxp_raster_thread *t = &r->threads[i];
   t->samples_passed = t->ps_invocations = 0;
   t->batches = t->batches_shared = 0;
   if (!fxp_exec_setup(&t->fs_exec, r->fs, r->fs_bind, FXP_W))
      return false;
   t->fs_exec.quad_layout = true;
   t->fs_exec.abort = &r->ctx->wd.tripped;
   r->threads_ready = i + 1;
   return true;
}
#endif

/* Where the lanes of a batch sample the primitive, in pixels from the sample point of pixel (0, 0) (the
 * planes' origin), and 1/w, its inverse (0 where 1/w is 0) and the window depth there. */
struct lanes_at {
   fxp_vd x, y;
   fxp_vd w, inv_w, z;
};

/* A plane's value at the lanes' positions. */
static inline fxp_vd
plane_at(const struct fxp_plane *pl, fxp_vd x, fxp_vd y)
{
   return pl->v0 + pl->gx * x + pl->gy * y;
}

/* Fills the w, inv_w and z of lanes whose x and y are set. */
static inline void
lanes_eval(const struct fxp_prim *p, struct lanes_at *at)
{
   at->w = plane_at(&p->w, at->x, at->y);
   at->z = plane_at(&p->z, at->x, at->y);
   at->inv_w = (fxp_vd)((fxp_vqs)(1.0 / at->w) & fxp_ne_d(at->w, (fxp_vd){0} + 0.0)); /* 0 where w is 0 */
}

/* Every lane of out[c] holds the bits of v[c] (copied: no arithmetic, so -0, denormals and NaNs stay). */
static inline void
splat4(fxp_vec out[4], const float v[4])
{
   for (unsigned c = 0; c < 4; c++) {
      uint32_t u;
      memcpy(&u, &v[c], 4);
      out[c].u = (fxp_vu){0} + u;
   }
}

/* FS input i at the lanes of `at`: interpolated (perspective-correct: the plane of a/w times 1/(1/w)), flat,
 * or what the input's source gives; interpolated channels outside read_mask are 0. */
static void
input_lanes(const struct fxp_raster *r, const struct fxp_prim *p, unsigned i, const struct lanes_at *at,
            unsigned read_mask, fxp_vec out[4])
{
   static const float zero_one[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   const struct fxp_fs_input *in = &r->fs_in[i];
   const unsigned src = p->point && in->sprite ? FXP_FS_POINTCOORD : in->src;
   switch (src) {
   case FXP_FS_FROM_OUTPUT: {
      const int o = (!p->front && in->back_output >= 0) ? in->back_output : in->output;
      if (o < 0) {
         splat4(out, zero_one);
      } else if (in->interp == TGSI_INTERPOLATE_CONSTANT || p->point) {
         splat4(out, &p->prov_attr[4 * o]);
      } else {
         for (unsigned c = 0; c < 4; c++) {
            if (!(read_mask & (1u << c))) {
               out[c].u = (fxp_vu){0}; /* never read */
               continue;
            }
            fxp_vd v = plane_at(&p->attr[4 * i + c], at->x, at->y);
            if (in->interp != TGSI_INTERPOLATE_LINEAR)
               v = v * at->inv_w;
            out[c].f = __builtin_convertvector(v, fxp_vf);
         }
      }
      break;
   }
   case FXP_FS_POSITION:
      out[0].f = __builtin_convertvector(at->x + 0.5, fxp_vf);
      out[1].f = __builtin_convertvector(at->y + 0.5, fxp_vf);
      out[2].f = __builtin_convertvector(at->z, fxp_vf);
      out[3].f = __builtin_convertvector(at->w, fxp_vf);
      break;
   case FXP_FS_FACE:
      splat4(out, (const float[4]){p->front ? 1.0f : -1.0f, 0.0f, 0.0f, 1.0f});
      break;
   case FXP_FS_PRIMID:
      splat4(out, zero_one);
      out[0].u = (fxp_vu){0} + p->prim_id;
      break;
   case FXP_FS_POINTCOORD:
      splat4(out, zero_one);
      if (p->point) {
         const double x0 = p->pt_x0, y0 = p->pt_y0, inv_size = p->pt_inv_size;
         out[0].f = __builtin_convertvector((at->x + 0.5 - x0) * inv_size, fxp_vf);
         out[1].f = __builtin_convertvector((at->y + 0.5 - y0) * inv_size, fxp_vf);
      }
      if (r->rast->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT)
         out[1].f = 1.0f - out[1].f;
      break;
   default:
      splat4(out, zero_one);
      break;
   }
}

/* What the engine's fragment services (INTERP_OFFSET, FBFETCH) need of the batch being shaded. */
struct frag_ctx {
   const struct fxp_raster *r;
   const struct fxp_prim *p;
   const struct fxp_batch *bt;
};

/* FS input `input` at each lane's pixel moved by (offx, offy) from its sample point (0 past the batch's
 * quads and for inputs the shader does not have). */
static void
frag_interp_at(void *data, unsigned input, const float offx[FXP_W], const float offy[FXP_W], fxp_vec out[4])
{
   const struct frag_ctx *f = data;
   const unsigned n = f->bt->nq * 4;
   if (input >= f->r->num_fs_in) {
      splat4(out, (const float[4]){0.0f, 0.0f, 0.0f, 0.0f});
      return;
   }
   struct lanes_at at;
   for (unsigned l = 0; l < FXP_W; l++) {
      const unsigned s = l < n ? l : 0;
      at.x[l] = f->bt->x[s] + (double)offx[l];
      at.y[l] = f->bt->y[s] + (double)offy[l];
   }
   lanes_eval(f->p, &at);
   input_lanes(f->r, f->p, input, &at, 0xf, out);
   for (unsigned l = n; l < FXP_W; l++)
      for (unsigned c = 0; c < 4; c++)
         out[c].af[l] = 0.0f;
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

/* A batch shared by several triangles (struct fxp_batch): at's and the inputs' lanes of each quad come from
 * its own primitive. Each primitive's quads are consecutive: its planes are evaluated on every lane and its
 * lanes kept. */
struct segment {
   const struct fxp_prim *p;
   unsigned lane0, lane1;       /* its lanes: [lane0, lane1) */
};

static unsigned
batch_segments(const struct fxp_batch *bt, struct segment *seg)
{
   unsigned n = 0;
   for (unsigned q = 0; q < bt->nq; q++) {
      if (!n || seg[n - 1].p != bt->prim[q])
         seg[n++] = (struct segment){bt->prim[q], 4 * q, 4 * q};
      seg[n - 1].lane1 = 4 * q + 4;
   }
   return n;
}

static void
lanes_eval_shared(const struct segment *seg, unsigned num_seg, struct lanes_at *at)
{
   for (unsigned k = 0; k < num_seg; k++) {
      struct lanes_at tmp = *at;
      lanes_eval(seg[k].p, &tmp);
      /* lanes past the batch's quads take the last primitive's values (they are not live) */
      const unsigned l1 = k + 1 == num_seg ? FXP_W : seg[k].lane1;
      for (unsigned l = k ? seg[k].lane0 : 0; l < l1; l++) {
         at->w[l] = tmp.w[l];
         at->inv_w[l] = tmp.inv_w[l];
         at->z[l] = tmp.z[l];
      }
   }
}

static void
input_lanes_shared(const struct fxp_raster *r, const struct segment *seg, unsigned num_seg, unsigned i,
                   const struct lanes_at *at, unsigned read_mask, fxp_vec out[4])
{
   input_lanes(r, seg[0].p, i, at, read_mask, out);
   for (unsigned k = 1; k < num_seg; k++) {
      fxp_vec v[4];
      input_lanes(r, seg[k].p, i, at, read_mask, v);
      const unsigned l1 = k + 1 == num_seg ? FXP_W : seg[k].lane1;
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = seg[k].lane0; l < l1; l++)
            out[c].au[l] = v[c].au[l];
   }
}

void
fxp_shade_batch(struct fxp_raster *r, struct fxp_raster_thread *ts, struct fxp_batch *bt)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_program *fs = r->fs;
   const struct fxp_prim *p = bt->prim[0]; /* facing: the same for every quad */
   double z[FXP_W];
   struct frag_ctx fctx = {r, p, bt};
   const struct fxp_frag_iface iface = {frag_interp_at, frag_fb_fetch, &fctx};
   struct segment seg[FXP_QUADS_PER_BATCH];
   const unsigned num_seg = bt->first_q ? batch_segments(bt, seg) : 1;

   if (unlikely(fxp_watchdog_tripped(r->ctx))) {
      fxp_batch_init(bt); /* the rest of the draw is dropped */
      return;
   }
   ts->batches++;
   ts->batches_shared += num_seg > 1;
   fxp_exec_reset_inline(e, bt->nq * 4);
   e->frag = &iface;
   e->helper = ~fxp_bits_lanes(bt->coverage);
   /* the inputs at the pixels' sample points, all lanes at once (lanes past the batch's quads repeat its
    * first pixel) */
   const unsigned n = bt->nq * 4;
   const fxp_vi in_batch = fxp_bits_lanes(n >= 32 ? ~0u : (1u << n) - 1);
   fxp_vi vx, vy;
   memcpy(&vx, bt->x, sizeof(vx));
   memcpy(&vy, bt->y, sizeof(vy));
   vx = (fxp_vi)fxp_sel_u(in_batch, (fxp_vu)vx, (fxp_vu)fxp_splat_i(bt->x[0]));
   vy = (fxp_vi)fxp_sel_u(in_batch, (fxp_vu)vy, (fxp_vu)fxp_splat_i(bt->y[0]));
   struct lanes_at at;
   at.x = __builtin_convertvector(vx, fxp_vd);
   at.y = __builtin_convertvector(vy, fxp_vd);
   if (num_seg > 1)
      lanes_eval_shared(seg, num_seg, &at);
   else
      lanes_eval(p, &at);
   memcpy(z, &at.z, sizeof(z));
   if (r->frag.early_zs) {
      /* early fragment tests: fragments failing depth or stencil are not shaded (they may still run as
       * helpers for derivatives, which never write memory); a batch whose fragments all fail is not even
       * interpolated */
      uint32_t m = bt->coverage;
      ts->samples_passed += fxp_fragment_early_zs(&r->frag, bt->x, bt->y, z, &m, p->front);
      e->helper |= fxp_bits_lanes(bt->coverage & ~m);
      bt->coverage = m;
      if (!m) {
         /* every fragment failed: nothing to shade (helpers alone would only serve derivatives) */
         fxp_batch_init(bt);
         e->frag = NULL;
         return;
      }
   }
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      fxp_vec v[4];
      if (num_seg > 1)
         input_lanes_shared(r, seg, num_seg, i, &at, r->fs_in[i].read_mask, v);
      else
         input_lanes(r, p, i, &at, r->fs_in[i].read_mask, v);
      for (unsigned c = 0; c < 4; c++)
         *fxp_input(e, i, c) = v[c];
   }
   for (unsigned l = 0; fs->num_svs && l < n; l++) {
      const int x = bt->x[l], y = bt->y[l];
      const double w = at.w[l];
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
   fxp_exec_run(e);
   e->frag = NULL;
   if (unlikely(e->stopped)) {
      fxp_watchdog_stopped(r->ctx, e->stopped, PIPE_SHADER_FRAGMENT);
      fxp_batch_init(bt);
      return;
   }
   fxp_exec_merge_outputs(e);
   ts->ps_invocations += util_bitcount(bt->coverage);

   const uint32_t mask = bt->coverage & fxp_lane_bits(in_batch & e->live & ~e->helper);
   if (mask) {
      ts->samples_passed += fxp_fragment_ops(&r->frag, e, bt->x, bt->y, z, mask, p->front);
   }
   fxp_batch_init(bt);
}
