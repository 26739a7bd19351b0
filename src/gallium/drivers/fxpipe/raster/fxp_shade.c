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
#include "fxp_resource.h"
#include "fragment/fxp_fragment.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"
#include "raster/fxp_samples.h"
#include "raster/fxp_shade.h"

#ifndef FXP_ISA_SUFFIX /* the engine's copies hold only the batch function (fxp_shade.h) */
bool
fxp_shade_thread_setup(struct fxp_raster *r, unsigned i)
{
   struct fxp_raster_thread *t = &r->threads[i];
   t->samples_passed = t->ps_invocations = 0;
   t->batches = t->batches_shared = t->batches_copied = 0;
   t->tiles_edges_32 = t->tiles_edges_64 = 0;
   if (!fxp_exec_setup(&t->fs_exec, r->fs, r->fs_bind, FXP_W))
      return false;
   t->fs_exec.quad_layout = true;
   t->fs_exec.abort = &r->ctx->wd.tripped;
   r->threads_ready = i + 1;
   return true;
}
#endif

/* Where the lanes of a batch sample the primitive, in pixels from the sample point of pixel (0, 0) (the
 * planes' origin), and 1/w, its inverse (0 where 1/w is 0) and the window depth there.
 *
 * Interpolation is in double, rounded to float once. Single precision (each plane's value at the batch's
 * first pixel in double, then base + gx * dx + gy * dy and the product with 1/w in float) was tried in
 * session 24: it measured no faster on fill, triangles or tex-rgba8, and it failed piglit's
 * interface-vs-unnamed-to-fs-unnamed, which wants two planes' values near 37 to agree within 1e-5 (2.6
 * float ulps; a few roundings more than one exceed it), and 12 of the khr_texture_compression_astc tests
 * of the beyond-softpipe list. Not exact enough for GL's tests, so not kept. */
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
   unsigned sample;             /* multisampling: the sample FBFETCH reads (the one shaded, or 0) */
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
   const struct fxp_fragment *fr = &r->frag;
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t v[4] = {0, 0, 0, 0};
      /* a multisample buffer's sample column (fxp_fragment.h); lanes past the batch's quads hold no pixel
       * (their x and y are not set) */
      const bool in_batch = l < f->bt->nq * 4;
      const int x = in_batch ? fxp_sample_column(f->bt->x[l], r->samples, f->sample) : -1;
      const int y = in_batch ? f->bt->y[l] : -1;
      if (cbuf < fr->bound->nr_cbufs && fr->bound->cbuf_format[cbuf] != PIPE_FORMAT_NONE && fr->cbuf_origin[cbuf] &&
          x >= 0 && y >= 0 && (unsigned)x < fr->fb_width && (unsigned)y < fr->fb_height)
         util_format_unpack_rgba(fr->bound->cbuf_format[cbuf], v,
                                 fr->cbuf_origin[cbuf] + (size_t)y * fr->cbuf_stride[cbuf] +
                                    (size_t)x * fr->cbuf_bpp[cbuf], 1);
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

/* Smooth points and lines (fxp_prim.aa): the alpha of each colour output multiplied by the part of the lane's
 * pixel the shape covers, estimated from the distance of the pixel's centre to the point's centre (a disc of
 * radius r covers min(max(r + 1/2 - d, 0), 1)) or to the line's axis (its half width likewise, times the
 * same ramp at the line's ends). Pixels a batch holds of primitives without it keep their alpha. Returns the
 * lanes the shape does not reach (coverage 0): they make no fragment. */
static uint32_t
smooth_coverage(const struct fxp_raster *r, struct fxp_exec *e, const struct fxp_batch *bt)
{
   uint32_t none = 0;
   const float centre = r->rast->half_pixel_center ? 0.5f : 0.0f;
   const unsigned n = bt->nq * 4;
   for (unsigned l = 0; l < n; l++) {
      const struct fxp_prim *p = bt->prim[l / 4];
      if (p->aa == FXP_AA_NONE)
         continue;
      const float px = (float)bt->x[l] + centre - p->aa_x0, py = (float)bt->y[l] + centre - p->aa_y0;
      float cov;
      if (p->aa == FXP_AA_POINT) {
         cov = CLAMP(p->aa_half + 0.5f - sqrtf(px * px + py * py), 0.0f, 1.0f);
      } else {
         const float along = px * p->aa_tx + py * p->aa_ty, across = fabsf(py * p->aa_tx - px * p->aa_ty);
         cov = CLAMP(p->aa_half + 0.5f - across, 0.0f, 1.0f) *
               CLAMP(MIN2(along, p->aa_len - along) + 0.5f, 0.0f, 1.0f);
      }
      none |= (uint32_t)(cov <= 0.0f) << l;
      for (unsigned k = 0; k < r->num_aa_outputs; k++)
         fxp_output(e, (unsigned)r->aa_outputs[k], 3)->af[l] *= cov;
   }
   return none;
}

/* Multisampling's part of a shader run (NULL with one sample): which sample is shaded (-1: the pixel, at its
 * centre), each lane's covered samples (SAMPLEMASK in), and, for pixel shading, where centroid inputs are
 * taken (NULL when every lane is covered whole). */
struct shade_samples {
   bool ms;                     /* coverage per sample (fxp_raster.ms_coverage): SAMPLEMASK in is the coverage */
   int sample;
   float pos_x, pos_y;          /* SAMPLEPOS: the sample's position in the pixel (0.5, 0.5 for the pixel) */
   const uint16_t *smask;
   const struct lanes_at *centroid;
};

/* The fragment shader on the batch at the lanes' points `at` (and z there), `coverage` the lanes that are
 * fragments (the others of the batch's quads run as helpers): inputs, system values, the run, its outputs
 * merged. False if the watchdog stopped it (the batch is then dropped). */
static inline bool
run_fs(struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_batch *bt, const struct segment *seg,
       unsigned num_seg, const struct lanes_at *at, const double *z, uint32_t coverage,
       const struct shade_samples *ss)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_program *fs = r->fs;
   const struct fxp_prim *p = bt->prim[0];
   const unsigned n = bt->nq * 4;
   for (unsigned i = 0; i < r->num_fs_in; i++) {
      fxp_vec v[4];
      const struct lanes_at *ati = ss && ss->centroid && r->fs_in[i].centroid ? ss->centroid : at;
      if (num_seg > 1)
         input_lanes_shared(r, seg, num_seg, i, ati, r->fs_in[i].read_mask, v);
      else
         input_lanes(r, p, i, ati, r->fs_in[i].read_mask, v);
      for (unsigned c = 0; c < 4; c++)
         *fxp_input(e, i, c) = v[c];
   }
   for (unsigned l = 0; fs->num_svs && l < n; l++) {
      const double w = at->w[l];
      const bool covered = coverage & (1u << l);
      for (unsigned i = 0; i < fs->num_svs; i++) {
         for (unsigned c = 0; c < 4; c++) {
            fxp_vec *sv = fxp_sv(e, i, c);
            uint32_t u = 0;
            switch (fs->sv_semantic[i]) {
            case TGSI_SEMANTIC_POSITION: {
               /* the pixel's centre, or the sample's position when shading a sample */
               const float pos[4] = {(float)(at->x[l] + 0.5), (float)(at->y[l] + 0.5), (float)z[l], (float)w};
               sv->af[l] = pos[c];
               continue;
            }
            case TGSI_SEMANTIC_FACE:
               u = c == 0 ? (p->front ? 0xffffffffu : 0u) : 0u;
               break;
            case TGSI_SEMANTIC_SAMPLEPOS: /* one sample: the centre */
               sv->af[l] = c == 0 ? (ss ? ss->pos_x : 0.5f) : c == 1 ? (ss ? ss->pos_y : 0.5f) : 0.0f;
               continue;
            case TGSI_SEMANTIC_SAMPLEID:
               u = c == 0 && ss && ss->sample > 0 ? (uint32_t)ss->sample : 0u;
               break;
            case TGSI_SEMANTIC_SAMPLEMASK:
               /* the covered samples (the one shaded, per sample; 1 with GL_MULTISAMPLE off, as with one
                * sample: ARB_sample_shading); helpers none */
               u = c == 0 && covered ? (ss && ss->ms ? (ss->sample >= 0 ? 1u << ss->sample : ss->smask[l]) : 1u)
                                     : 0u;
               break;
            case TGSI_SEMANTIC_HELPER_INVOCATION:
               u = c == 0 && !covered ? 0xffffffffu : 0u;
               break;
            default:
               fxp_sv_lane_constant(fs->sv_semantic[i], c, l, &u);
               break;
            }
            sv->au[l] = u;
         }
      }
   }
   if (r->fs_copy) {
      /* a shader that only copies: its copies, what the engine's run would leave (shader/fxp_fs_copy.c) */
      fxp_fs_copy_run(e);
      ts->batches_copied++;
   } else {
      fxp_exec_run(e);
   }
   e->frag = NULL;
   if (unlikely(e->stopped)) {
      fxp_watchdog_stopped(r->ctx, e->stopped, PIPE_SHADER_FRAGMENT);
      return false;
   }
   fxp_exec_merge_outputs(e);
   ts->ps_invocations += util_bitcount(coverage);
   return true;
}

/* The lanes' positions: each lane's pixel (lanes past the batch's quads repeat its first pixel), moved by
 * (dx, dy) pixels from the pixel's sample point, with 1/w, its inverse and z there. */
static inline void
batch_at(const struct fxp_batch *bt, const struct segment *seg, unsigned num_seg, double dx, double dy,
         struct lanes_at *at)
{
   const unsigned n = bt->nq * 4;
   const fxp_vi in_batch = fxp_bits_lanes(n >= 32 ? ~0u : (1u << n) - 1);
   fxp_vi vx, vy;
   memcpy(&vx, bt->x, sizeof(vx));
   memcpy(&vy, bt->y, sizeof(vy));
   vx = (fxp_vi)fxp_sel_u(in_batch, (fxp_vu)vx, (fxp_vu)fxp_splat_i(bt->x[0]));
   vy = (fxp_vi)fxp_sel_u(in_batch, (fxp_vu)vy, (fxp_vu)fxp_splat_i(bt->y[0]));
   at->x = __builtin_convertvector(vx, fxp_vd);
   at->y = __builtin_convertvector(vy, fxp_vd);
   if (dx != 0.0 || dy != 0.0) {
      at->x += dx;
      at->y += dy;
   }
   if (num_seg > 1)
      lanes_eval_shared(seg, num_seg, at);
   else
      lanes_eval(bt->prim[0], at);
}

/* Depth at sample s of each lane: the centre's depth z moved along the lane's primitive's depth plane. */
static inline void
sample_depth(const struct fxp_raster *r, const struct fxp_batch *bt, const double *z, unsigned s, double *zs)
{
   const double dx = (double)r->sample_x[s] / FXP_ONE, dy = (double)r->sample_y[s] / FXP_ONE;
   for (unsigned l = 0; l < FXP_W; l++) {
      const struct fxp_prim *q = bt->prim[l / 4 < bt->nq ? l / 4 : 0];
      zs[l] = z[l] + q->z.gx * dx + q->z.gy * dy;
   }
}

/* The lanes of `lanes` whose sample mask has sample s. */
static inline uint32_t
lanes_with_sample(const uint16_t *sm, uint32_t lanes, unsigned s)
{
   uint32_t m = 0;
   for (unsigned l = 0; l < FXP_W; l++)
      m |= (uint32_t)((sm[l] >> s) & 1) << l;
   return m & lanes;
}

/* After a shader run: the samples the shader and the blend state leave to each written lane (its SAMPLEMASK
 * output, alpha to coverage: the first round(alpha * samples) samples), then alpha to one on the colours. In
 * per-sample shading (sample >= 0) only that sample's bit matters. */
static void
ms_after_shading(const struct fxp_raster *r, struct fxp_exec *e, uint16_t *sm, uint32_t lanes)
{
   const struct fxp_fragment *f = &r->frag;
   const struct pipe_blend_state *blend = fxp_fragment_blend(f);
   if (f->fs_samplemask >= 0)
      for (unsigned l = 0; l < FXP_W; l++)
         sm[l] &= (uint16_t)fxp_output(e, f->fs_samplemask, 0)->au[l];
   if (blend && blend->alpha_to_coverage && f->fs_color[0] >= 0) {
      for (unsigned l = 0; l < FXP_W; l++) {
         if (!(lanes & (1u << l)))
            continue;
         const float a = fxp_output(e, f->fs_color[0], 3)->af[l];
         const float c = a >= 1.0f ? 1.0f : a > 0.0f ? a : 0.0f; /* NaN as 0 */
         const unsigned k = (unsigned)lrintf(c * (float)r->samples);
         sm[l] &= (uint16_t)((1u << k) - 1);
      }
   }
   if (blend && blend->alpha_to_one)
      for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
         if (f->fs_color[i] >= 0)
            fxp_output(e, f->fs_color[i], 3)->f = fxp_splat_f(1.0f);
}

/* Sample s's texel columns (fxp_sample_column) of the lanes of `lanes`; 0 for the others, whose x may not be
 * set (lanes past the batch's quads: UBSan found x * samples overflowing on such garbage). */
static inline void
sample_columns(const struct fxp_batch *bt, unsigned samples, unsigned s, uint32_t lanes, int xs[FXP_W])
{
   for (unsigned l = 0; l < FXP_W; l++)
      xs[l] = lanes & (1u << l) ? fxp_sample_column(bt->x[l], samples, s) : 0;
}

/* The per-fragment operations of sample s for the lanes of `mask`: each pixel x as sample column
 * x * samples + s (fxp_fragment.h), at its depth there (zs). */
static inline unsigned
ms_ops(struct fxp_raster *r, struct fxp_exec *e, const struct fxp_batch *bt, unsigned s, const double *zs,
       uint32_t mask, bool front)
{
   int xs[FXP_W];
   sample_columns(bt, r->samples, s, mask, xs);
   return mask ? fxp_fragment_ops(&r->frag, e, xs, bt->y, zs, mask, front) : 0;
}

/* Multisampling (fxp_raster.samples > 1): the batch's lanes carry their covered samples (bt->smask), less
 * those set_sample_mask turns off. Early depth and stencil tests run sample by sample. Then the shader runs
 * once for the pixels, at their centres (centroid inputs of partly covered pixels at their first covered
 * sample), and each sample gets the per-fragment operations at its own depth; or, in per-sample shading, once
 * a sample at that sample's position, each run followed by that sample's operations. */
static void
shade_batch_ms(struct fxp_raster *r, struct fxp_raster_thread *ts, struct fxp_batch *bt, const struct segment *seg,
               unsigned num_seg)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_prim *p = bt->prim[0];
   const unsigned n = bt->nq * 4, S = r->samples;
   const uint32_t in_batch = n >= 32 ? ~0u : (1u << n) - 1;
   uint16_t sm[FXP_W], sm_in[FXP_W];
   uint32_t cov = 0;
   double zs[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++) {
      sm[l] = l < n && (bt->coverage & (1u << l)) ? bt->smask[l] & r->sample_mask : 0;
      cov |= (uint32_t)(sm[l] != 0) << l;
   }
   /* SAMPLEMASK in: the coverage before the early tests, unless the shader asks for it after them
    * (ARB_post_depth_coverage); the early tests below take samples out of sm only */
   const uint16_t *mask_in = r->post_depth_coverage ? sm : sm_in;
   memcpy(sm_in, sm, sizeof(sm_in));
   ts->batches++;
   ts->batches_shared += num_seg > 1;
   struct lanes_at at;
   batch_at(bt, seg, num_seg, 0.0, 0.0, &at);
   double zc[FXP_W];
   memcpy(zc, &at.z, sizeof(zc));
   if (r->frag.early_zs) {
      for (unsigned s = 0; s < S && cov; s++) {
         uint32_t m = lanes_with_sample(sm, cov, s);
         if (!m)
            continue;
         const uint32_t before = m;
         sample_depth(r, bt, zc, s, zs);
         int xs[FXP_W];
         sample_columns(bt, S, s, m, xs);
         ts->samples_passed += fxp_fragment_early_zs(&r->frag, xs, bt->y, zs, &m, p->front);
         for (unsigned l = 0; l < FXP_W; l++)
            if ((before & ~m) & (1u << l))
               sm[l] &= (uint16_t)~(1u << s);
      }
      cov = 0;
      for (unsigned l = 0; l < FXP_W; l++)
         cov |= (uint32_t)(sm[l] != 0) << l;
      if (!cov)
         return;
   }
   struct frag_ctx fctx = {r, p, bt, 0};
   const struct fxp_frag_iface iface = {frag_interp_at, frag_fb_fetch, &fctx, S, sm};

   if (!r->per_sample) {
      /* centroid inputs: partly covered lanes at their first covered sample */
      struct lanes_at cat;
      bool partial = false;
      const uint16_t all = (uint16_t)((1u << S) - 1);
      for (unsigned l = 0; l < n; l++)
         partial |= (cov & (1u << l)) && sm[l] != all;
      if (partial && r->any_centroid) {
         for (unsigned l = 0; l < FXP_W; l++) {
            const unsigned first = sm[l] && sm[l] != all ? (unsigned)__builtin_ctz(sm[l]) : S;
            cat.x[l] = at.x[l] + (first < S ? (double)r->sample_x[first] / FXP_ONE : 0.0);
            cat.y[l] = at.y[l] + (first < S ? (double)r->sample_y[first] / FXP_ONE : 0.0);
         }
         if (num_seg > 1)
            lanes_eval_shared(seg, num_seg, &cat);
         else
            lanes_eval(p, &cat);
      }
      const struct shade_samples ss = {r->ms_coverage, -1, 0.5f, 0.5f, mask_in,
                                       partial && r->any_centroid ? &cat : NULL};
      fxp_exec_reset_inline(e, n);
      e->frag = &iface;
      e->helper = ~fxp_bits_lanes(cov);
      if (!run_fs(r, ts, bt, seg, num_seg, &at, zc, cov, &ss))
         return;
      if (r->smooth_points || r->smooth_lines)
         cov &= ~smooth_coverage(r, e, bt);
      const uint32_t alive = cov & in_batch & fxp_lane_bits(e->live & ~e->helper);
      ms_after_shading(r, e, sm, alive);
      for (unsigned s = 0; s < S && alive; s++) {
         sample_depth(r, bt, zc, s, zs);
         ts->samples_passed += ms_ops(r, e, bt, s, zs, lanes_with_sample(sm, alive, s), p->front);
      }
      return;
   }

   for (unsigned s = 0; s < S; s++) {
      const uint32_t lanes = lanes_with_sample(sm, cov, s);
      if (!lanes)
         continue;
      const double dx = (double)r->sample_x[s] / FXP_ONE, dy = (double)r->sample_y[s] / FXP_ONE;
      unsigned px, py;
      fxp_sample_pos(S, s, &px, &py);
      struct lanes_at sat;
      batch_at(bt, seg, num_seg, dx, dy, &sat);
      double zsat[FXP_W];
      memcpy(zsat, &sat.z, sizeof(zsat));
      const struct shade_samples ss = {true, (int)s, (float)px / FXP_SAMPLE_POS_UNIT,
                                       (float)py / FXP_SAMPLE_POS_UNIT, mask_in, NULL};
      fxp_exec_reset_inline(e, n);
      fctx.sample = s;
      e->frag = &iface;
      e->helper = ~fxp_bits_lanes(lanes);
      if (!run_fs(r, ts, bt, seg, num_seg, &sat, zsat, lanes, &ss))
         return;
      const uint32_t alive = lanes & in_batch & fxp_lane_bits(e->live & ~e->helper);
      uint16_t smk[FXP_W];
      memcpy(smk, sm, sizeof(smk));
      ms_after_shading(r, e, smk, alive);
      ts->samples_passed += ms_ops(r, e, bt, s, zsat, lanes_with_sample(smk, alive, s), p->front);
   }
}

void
fxp_shade_batch(struct fxp_raster *r, struct fxp_raster_thread *ts, struct fxp_batch *bt)
{
   struct fxp_exec *e = &ts->fs_exec;
   const struct fxp_prim *p = bt->prim[0]; /* facing: the same for every quad */
   double z[FXP_W];
   struct frag_ctx fctx = {r, p, bt, 0};
   const struct fxp_frag_iface iface = {frag_interp_at, frag_fb_fetch, &fctx, 1, NULL};
   struct segment seg[FXP_QUADS_PER_BATCH];
   const unsigned num_seg = bt->first_q ? batch_segments(bt, seg) : 1;

   if (unlikely(fxp_watchdog_tripped(r->ctx))) {
      fxp_batch_init(bt); /* the rest of the draw is dropped */
      return;
   }
   if (bt->row) {
      /* a quad row's lanes (struct fxp_batch.row), stored as vectors for the loads that follow */
      fxp_vi dx, dy;
      for (unsigned l = 0; l < FXP_W; l++)
         dx[l] = fxp_row_dx[l], dy[l] = fxp_row_dy[l];
      const fxp_vi x = fxp_splat_i(bt->x[0]) + dx, y = fxp_splat_i(bt->y[0]) + dy;
      memcpy(bt->x, &x, sizeof(x));
      memcpy(bt->y, &y, sizeof(y));
      bt->row = false;
   }
   if (r->samples > 1) {
      shade_batch_ms(r, ts, bt, seg, num_seg);
      fxp_batch_init(bt);
      return;
   }
   ts->batches++;
   ts->batches_shared += num_seg > 1;
   fxp_exec_reset_inline(e, bt->nq * 4);
   e->frag = &iface;
   e->helper = ~fxp_bits_lanes(bt->coverage);
   /* the inputs at the pixels' sample points, all lanes at once */
   const unsigned n = bt->nq * 4;
   const fxp_vi in_batch = fxp_bits_lanes(n >= 32 ? ~0u : (1u << n) - 1);
   struct lanes_at at;
   batch_at(bt, seg, num_seg, 0.0, 0.0, &at);
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
   if (!run_fs(r, ts, bt, seg, num_seg, &at, z, bt->coverage, NULL)) {
      fxp_batch_init(bt);
      return;
   }
   if (r->smooth_points || r->smooth_lines)
      bt->coverage &= ~smooth_coverage(r, e, bt);
   const uint32_t mask = bt->coverage & fxp_lane_bits(in_batch & e->live & ~e->helper);
   if (mask) {
      ts->samples_passed += fxp_fragment_ops(&r->frag, e, bt->x, bt->y, z, mask, p->front);
   }
   fxp_batch_init(bt);
}
