/* Fast path of the sampler core for the common textures: 2D and RECT views of 8-bit RGBA formats (sRGB ones
 * too), the UNORM formats of one or two bytes (A8, L8, I8, R8, L8A8, RG8), FXT1, the float formats applications render to and sample back (RGBA16F, RG16F, RGBA32F, R32F,
 * R11G11B10F) and depth formats read as values (Z16, Z24 with or without stencil, Z32F), without shadow
 * compare, with REPEAT, CLAMP_TO_EDGE or MIRROR_REPEAT wrapping. Chosen once per binding
 * (fxp_sampler_fast_prepare), switched off by FXPIPE_DEBUG=nofast, and computing exactly what the general
 * path (fxp_sampler.c) computes, with the same float operations in the same order; the unit tests compare
 * the two on random requests (sampler/fxp_sampler_test.c).
 *
 * | what            | how it differs from the general path                                             |
 * |-----------------|----------------------------------------------------------------------------------|
 * | texel load      | bytes read in place (R8G8B8A8, B8G8R8A8 and the X variants), or FXT1 blocks        |
 * |                 | decoded whole into a one-block cache that the lanes of one instruction share       |
 * |                 | float texels read in place, halves by _mesa_half_to_float (util_format's unpack's  |
 * |                 | conversion), missing channels 0 and alpha 1                                        |
 * |                 | R11G11B10F by Mesa's r11g11b10f_to_float3 (lane vectors: fxp_vuf_to_float, the same    |
 * |                 | bits: its NaNs keep the mantissa in the low bits), alpha 1                         |
 * |                 | depth as util_format_unpack_z_float gives it (Z24: z * (1.0 / 0xffffff) in double, |
 * |                 | Z16: z * (float)(1.0 / 0xffff) in float), then (d, 0, 0, 1) as load_texel makes it |
 * | UNORM8 to float | x * (1 / 255), as util_format's unpack does; sRGB colour channels through Mesa's   |
 * |                 | table util_format_srgb_8unorm_to_linear_float_table (alpha stays linear)           |
 * | wrap            | the three modes inlined; no border colour can be reached                           |
 * | level choice    | the general path's rules (mag/min filter, mip NONE/NEAREST/LINEAR, clamps)         |
 * | batches         | when all lanes sample one level with one filter (or a few such groups), wrapping,  |
 * |                 | loads (gathers; halves converted as vectors, vhalf_to_float) and filtering run as  |
 * |                 | lane vectors (sample_level_vec), else, and for FXT1, lane by lane; a binding       |
 * |                 | with no mipmaps and one filter skips the LOD (fast_level, sample_one_level), and   |
 * |                 | from vectors to vectors (fxp_sample_fast_one_level); a bilinear footprint issues  |
 * |                 | its gathers before unpacking (vgather, vunpack), a trilinear batch of one pair of |
 * |                 | levels both levels' (sample_two_levels_vec)                                       |
 * | anisotropy      | a batch is one probe of every lane (shader/fxp_ops_tex.c run_tex_fast calls it     |
 * |                 | once a probe, each lane's N, spacing and divisor); a lone request's probes are one |
 * |                 | fxp_sample_fast call each (fxp_sampler.c filter_aniso)                             |
 * Texture reductions other than the weighted average (MIN, MAX) are the general path's. */
#include <math.h>
#include <string.h>

#include "util/format_r11g11b10f.h"
#include "util/format_srgb.h"
#include "util/half_float.h"
#include "util/u_math.h"

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "fxp_bits.h"
#include "fxp_debug.h"
#include "fxp_resource.h"
#include "fxt1/fxp_fxt1.h"
#include "sampler/fxp_sampler.h"
#include "sampler/fxp_sampler_fast.h"
#include "fxp_lanes.h"
#include "fxp_lane_formats.h"

/* texel kinds: the 8-bit ones (RGBA to BGRX) are sRGB when the binding's fast_srgb is set; FAST_Z24_LOW has
 * its depth in bits 0-23 of a 32-bit word, FAST_Z24_HIGH in bits 8-31; FAST_Z32F's float is the first word of
 * a texel of b->bpp bytes (4, or 8 with stencil) */
enum { FAST_NONE, FAST_RGBA, FAST_BGRA, FAST_RGBX, FAST_BGRX, FAST_FXT1, FAST_RGBA16F, FAST_RG16F, FAST_RGBA32F,
       FAST_R32F, FAST_R11G11B10F, FAST_Z16, FAST_Z24_LOW, FAST_Z24_HIGH, FAST_Z32F, FAST_SMALL8 };
/* struct fxp_sampler_binding fast_nearest8: the wraps (s, t) of sample_nearest8's case, 0 when not that case */
enum { FAST_NEAREST8_CLAMP_CLAMP = 1, FAST_NEAREST8_CLAMP_REPEAT, FAST_NEAREST8_REPEAT_CLAMP,
       FAST_NEAREST8_REPEAT_REPEAT };

/* FAST_SMALL8: the UNORM formats of one or two bytes a texel, each channel of the texel's unpacked (r, g, b,
 * a) one of the texel's bytes (0 or 1) / 255, or the constant 0 or 1, as util_format's unpack gives them:
 * | format  | bytes | r  | g  | b  | a  |
 * |---------|-------|----|----|----|----|
 * | A8      | 1     | 0  | 0  | 0  | b0 |
 * | L8      | 1     | b0 | b0 | b0 | 1  |
 * | I8      | 1     | b0 | b0 | b0 | b0 |
 * | R8      | 1     | b0 | 0  | 0  | 1  |
 * | L8A8    | 2     | b0 | b0 | b0 | b1 |
 * | R8G8    | 2     | b0 | b1 | 0  | 1  |
 * (struct fxp_sampler_binding small8_bytes and small8_src: per channel the byte, or SMALL8_ZERO, SMALL8_ONE) */
enum { SMALL8_ZERO = 2, SMALL8_ONE = 3 };

static bool
small8_layout(enum pipe_format f, uint8_t *bytes, uint8_t src[4])
{
   static const struct {
      enum pipe_format format;
      uint8_t bytes, src[4];
   } t[] = {
      {PIPE_FORMAT_A8_UNORM, 1, {SMALL8_ZERO, SMALL8_ZERO, SMALL8_ZERO, 0}},
      {PIPE_FORMAT_L8_UNORM, 1, {0, 0, 0, SMALL8_ONE}},
      {PIPE_FORMAT_I8_UNORM, 1, {0, 0, 0, 0}},
      {PIPE_FORMAT_R8_UNORM, 1, {0, SMALL8_ZERO, SMALL8_ZERO, SMALL8_ONE}},
      {PIPE_FORMAT_L8A8_UNORM, 2, {0, 0, 0, 1}},
      {PIPE_FORMAT_R8G8_UNORM, 2, {0, 1, SMALL8_ZERO, SMALL8_ONE}},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(t); i++)
      if (t[i].format == f) {
         *bytes = t[i].bytes;
         memcpy(src, t[i].src, 4);
         return true;
      }
   return false;
}

/* The formats whose batches run as lane vectors (sample_level_vec, vload): all but FXT1, whose blocks are
 * decoded whole, lane by lane through load(). */
static inline bool
fast_vec(const struct fxp_sampler_binding *b)
{
   return b->fast != FAST_NONE && b->fast != FAST_FXT1;
}

static bool
fast_wrap(unsigned mode)
{
   return mode == PIPE_TEX_WRAP_REPEAT || mode == PIPE_TEX_WRAP_CLAMP_TO_EDGE ||
          mode == PIPE_TEX_WRAP_MIRROR_REPEAT;
}

#ifndef FXP_ISA_SUFFIX /* the engine's copies (see fxp_sampler_fast.h) hold only the batch form */
void
fxp_sampler_fast_prepare(struct fxp_sampler_binding *b)
{
   b->fast = FAST_NONE;
   b->fast_level = -1;
   b->fast_linear = false;
   b->fast_srgb = false;
   b->fast_nearest8 = 0;
   b->fast_refused = fxp_debug_flags & FXP_DBG_NOFAST ? "FXPIPE_DEBUG=nofast" : "FXPIPE_DEBUG=notexfast";
   if (fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NOTEXFAST))
      return;
   b->fast_refused = "no view or no sampler state";
   if (!b->view || !b->state)
      return;
   b->fast_refused = "integer or stencil texels";
   if (b->kind != FXP_TEXEL_FLOAT && b->kind != FXP_TEXEL_DEPTH)
      return;
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   b->fast_refused = "not a 2D or RECT texture";
   if (v->texture->target != PIPE_TEXTURE_2D && v->texture->target != PIPE_TEXTURE_RECT)
      return;
   b->fast_refused = "wrap mode (not REPEAT, CLAMP_TO_EDGE or MIRROR_REPEAT)";
   if (!fast_wrap(st->wrap_s) || !fast_wrap(st->wrap_t))
      return;
   b->fast_refused = "shadow compare";
   if (st->compare_mode != PIPE_TEX_COMPARE_NONE)
      return;
   b->fast_refused = "MIN or MAX texture reduction";
   if (st->reduction_mode != PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE)
      return;
   b->fast_refused = "format (not RGBA8, BGRA8, RGBX8, BGRX8 or their sRGB forms, A8, L8, I8, R8, L8A8, RG8, "
                     "FXT1, RGBA16F, RG16F, RGBA32F, R32F, R11G11B10F, Z16, Z24 or Z32F)";
   switch (v->format) {
   case PIPE_FORMAT_R8G8B8A8_UNORM: b->fast = FAST_RGBA; break;
   case PIPE_FORMAT_B8G8R8A8_UNORM: b->fast = FAST_BGRA; break;
   case PIPE_FORMAT_R8G8B8X8_UNORM: b->fast = FAST_RGBX; break;
   case PIPE_FORMAT_B8G8R8X8_UNORM: b->fast = FAST_BGRX; break;
   case PIPE_FORMAT_R8G8B8A8_SRGB: b->fast = FAST_RGBA, b->fast_srgb = true; break;
   case PIPE_FORMAT_B8G8R8A8_SRGB: b->fast = FAST_BGRA, b->fast_srgb = true; break;
   case PIPE_FORMAT_R8G8B8X8_SRGB: b->fast = FAST_RGBX, b->fast_srgb = true; break;
   case PIPE_FORMAT_B8G8R8X8_SRGB: b->fast = FAST_BGRX, b->fast_srgb = true; break;
   case PIPE_FORMAT_R11G11B10_FLOAT: b->fast = FAST_R11G11B10F; break;
   case PIPE_FORMAT_Z16_UNORM: b->fast = FAST_Z16; break;
   case PIPE_FORMAT_Z24_UNORM_S8_UINT: case PIPE_FORMAT_Z24X8_UNORM: b->fast = FAST_Z24_LOW; break;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM: case PIPE_FORMAT_X8Z24_UNORM: b->fast = FAST_Z24_HIGH; break;
   case PIPE_FORMAT_Z32_FLOAT: case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT: b->fast = FAST_Z32F; break;
   case PIPE_FORMAT_FXT1_RGB: case PIPE_FORMAT_FXT1_RGBA: b->fast = b->fxt1_texel ? FAST_FXT1 : FAST_NONE; break;
   case PIPE_FORMAT_R16G16B16A16_FLOAT: b->fast = FAST_RGBA16F; break;
   case PIPE_FORMAT_R16G16_FLOAT: b->fast = FAST_RG16F; break;
   case PIPE_FORMAT_R32G32B32A32_FLOAT: b->fast = FAST_RGBA32F; break;
   case PIPE_FORMAT_R32_FLOAT: b->fast = FAST_R32F; break;
   default:
      if (small8_layout(v->format, &b->small8_bytes, b->small8_src))
         b->fast = FAST_SMALL8;
      break;
   }
   if (b->fast != FAST_NONE)
      b->fast_refused = NULL;
   /* what pick_levels gives for every LOD, NaN included, when there are no mipmaps and one filter: the first
    * level, that filter (the batch form then skips the LOD and the lane-by-lane level checks) */
   if (b->fast != FAST_NONE && st->min_mip_filter == PIPE_TEX_MIPFILTER_NONE &&
       st->min_img_filter == st->mag_img_filter) {
      b->fast_level = (int8_t)MIN2(v->u.tex.first_level, v->texture->last_level);
      b->fast_linear = st->mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   }
   /* sample_nearest8's case: REPEAT only of a power-of-two size (vwrap's short form) */
   if (b->fast_level >= 0 && !b->fast_linear && !b->fast_srgb && !st->unnormalized_coords &&
       v->texture->target == PIPE_TEXTURE_2D &&
       (b->fast == FAST_RGBA || b->fast == FAST_BGRA || b->fast == FAST_RGBX || b->fast == FAST_BGRX)) {
      const bool rs = st->wrap_s == PIPE_TEX_WRAP_REPEAT &&
                      util_is_power_of_two_nonzero(u_minify(v->texture->width0, b->fast_level));
      const bool rt = st->wrap_t == PIPE_TEX_WRAP_REPEAT &&
                      util_is_power_of_two_nonzero(u_minify(v->texture->height0, b->fast_level));
      const bool cs = st->wrap_s == PIPE_TEX_WRAP_CLAMP_TO_EDGE, ct = st->wrap_t == PIPE_TEX_WRAP_CLAMP_TO_EDGE;
      if ((rs || cs) && (rt || ct))
         b->fast_nearest8 = cs ? (ct ? FAST_NEAREST8_CLAMP_CLAMP : FAST_NEAREST8_CLAMP_REPEAT)
                               : (ct ? FAST_NEAREST8_REPEAT_CLAMP : FAST_NEAREST8_REPEAT_REPEAT);
   }
}
#endif

static inline int
wrap(unsigned mode, float u, int size)
{
   if (!(u == u))
      u = 0.0f;
   int i = (int)floorf(CLAMP(u, -16777216.0f, 16777216.0f));
   if ((unsigned)i < (unsigned)size && mode != PIPE_TEX_WRAP_CLAMP_TO_EDGE)
      return i; /* inside: every mode leaves it (and no division is needed) */
   if (mode == PIPE_TEX_WRAP_REPEAT) {
      i %= size;
      return i < 0 ? i + size : i;
   }
   if (mode == PIPE_TEX_WRAP_CLAMP_TO_EDGE)
      return CLAMP(i, 0, size - 1);
   const int period = 2 * size; /* MIRROR_REPEAT */
   int m = i % period;
   if (m < 0)
      m += period;
   return m < size ? m : period - 1 - m;
}

static inline void
load(const struct fxp_sampler_binding *b, struct fxp_sample_cache *cache, const uint8_t *level_base,
     unsigned row_B, int x, int y, float t[4])
{
   const uint8_t *p;
   uint8_t rgba[4];
   const size_t row = (size_t)y * row_B;
   switch (b->fast) {
   /* the float formats as util_format's unpack gives them (the general path's load_texel): halves by
    * _mesa_half_to_float, missing channels 0 and alpha 1 */
   case FAST_RGBA16F:
   case FAST_RG16F: {
      const unsigned n = b->fast == FAST_RGBA16F ? 4 : 2;
      uint16_t hv[4];
      memcpy(hv, level_base + row + (size_t)x * 2 * n, 2 * n);
      for (unsigned c = 0; c < n; c++)
         t[c] = _mesa_half_to_float(hv[c]);
      if (n == 2)
         t[2] = 0.0f, t[3] = 1.0f;
      return;
   }
   case FAST_RGBA32F:
      memcpy(t, level_base + row + (size_t)x * 16, 16);
      return;
   case FAST_R32F:
      memcpy(t, level_base + row + (size_t)x * 4, 4);
      t[1] = t[2] = 0.0f, t[3] = 1.0f;
      return;
   case FAST_R11G11B10F: {
      uint32_t w;
      memcpy(&w, level_base + row + (size_t)x * 4, 4);
      r11g11b10f_to_float3(w, t);
      t[3] = 1.0f;
      return;
   }
   case FAST_Z16: {
      uint16_t z;
      memcpy(&z, level_base + row + (size_t)x * 2, 2);
      t[0] = z * (float)(1.0 / 0xffff), t[1] = t[2] = 0.0f, t[3] = 1.0f;
      return;
   }
   case FAST_Z24_LOW:
   case FAST_Z24_HIGH: {
      uint32_t w;
      memcpy(&w, level_base + row + (size_t)x * 4, 4);
      const uint32_t z = b->fast == FAST_Z24_LOW ? w & 0xffffffu : w >> 8;
      t[0] = (float)(z * (1.0 / 0xffffff)), t[1] = t[2] = 0.0f, t[3] = 1.0f;
      return;
   }
   case FAST_Z32F:
      memcpy(t, level_base + row + (size_t)x * b->bpp, 4);
      t[1] = t[2] = 0.0f, t[3] = 1.0f;
      return;
   case FAST_SMALL8: {
      const uint8_t *q = level_base + row + (size_t)x * b->small8_bytes;
      for (unsigned c = 0; c < 4; c++)
         t[c] = b->small8_src[c] == SMALL8_ZERO  ? 0.0f
                : b->small8_src[c] == SMALL8_ONE ? 1.0f
                                                 : q[b->small8_src[c]] * (1.0f / 255.0f);
      return;
   }
   case FAST_FXT1: {
      const uint8_t *blk = level_base + (size_t)(y / 4) * row_B + (size_t)(x / 8) * 16;
      unsigned e = 0;
      while (e < FXP_SAMPLE_CACHE_BLOCKS && cache->block[e] != blk)
         e++;
      if (e == FXP_SAMPLE_CACHE_BLOCKS) {
         e = cache->next++ % FXP_SAMPLE_CACHE_BLOCKS;
         (b->view->format == PIPE_FORMAT_FXT1_RGBA ? fxp_fxt1_decode_block : fxp_fxt1_decode_block_rgb)(
            blk, cache->rgba[e]);
         cache->block[e] = blk;
      }
      /* block texel numbering: t0..t15 the left 4x4 half row-major, t16..t31 the right one */
      p = cache->rgba[e][(x & 7) < 4 ? (y & 3) * 4 + (x & 3) : 16 + (y & 3) * 4 + (x & 3)];
      break;
   }
   default:
      p = level_base + (size_t)y * row_B + (size_t)x * 4;
      break;
   }
   const bool bgr = b->fast == FAST_BGRA || b->fast == FAST_BGRX;
   rgba[0] = p[bgr ? 2 : 0], rgba[1] = p[1], rgba[2] = p[bgr ? 0 : 2];
   rgba[3] = b->fast == FAST_RGBX || b->fast == FAST_BGRX ? 255 : p[3];
   for (unsigned c = 0; c < 4; c++)
      t[c] = rgba[c] * (1.0f / 255.0f);
   if (b->fast_srgb)
      for (unsigned c = 0; c < 3; c++)
         t[c] = util_format_srgb_8unorm_to_linear_float(rgba[c]);
}

#ifndef FXP_ISA_SUFFIX
static void
sample_level(const struct fxp_sampler_binding *b, struct fxp_sample_cache *cache, const struct fxp_sample_req *q,
             unsigned level, unsigned filter, float out[4])
{
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   const struct fxp_resource *res = fxp_resource(v->texture);
   const int w = u_minify(v->texture->width0, level), h = u_minify(v->texture->height0, level);
   const bool normalized = q->target != TGSI_TEXTURE_RECT && !st->unnormalized_coords;
   const uint8_t *base = res->data + res->level_offset_B[level];
   const unsigned row_B = res->row_stride_B[level];
   const float u = (normalized ? q->s * w : q->s) + q->offset[0];
   const float vv = (normalized ? q->t * h : q->t) + q->offset[1];

   if (filter == PIPE_TEX_FILTER_NEAREST) {
      load(b, cache, base, row_B, wrap(st->wrap_s, u, w), wrap(st->wrap_t, vv, h), out);
      return;
   }
   const float fu = CLAMP(u, -16777216.0f, 16777216.0f) - 0.5f, fv = CLAMP(vv, -16777216.0f, 16777216.0f) - 0.5f;
   const float au = fu - floorf(fu), av = fv - floorf(fv);
   const int x0 = wrap(st->wrap_s, floorf(fu), w), x1 = wrap(st->wrap_s, floorf(fu) + 1, w);
   const int y0 = wrap(st->wrap_t, floorf(fv), h), y1 = wrap(st->wrap_t, floorf(fv) + 1, h);
   float t[4][4];
   load(b, cache, base, row_B, x0, y0, t[0]);
   load(b, cache, base, row_B, x1, y0, t[1]);
   load(b, cache, base, row_B, x0, y1, t[2]);
   load(b, cache, base, row_B, x1, y1, t[3]);
   /* the general path's weights and accumulation order: (i, j) = (0,0), (1,0), (0,1), (1,1) */
   const float wgt[4] = {(1 - au) * (1 - av) * 1.0f, au * (1 - av) * 1.0f, (1 - au) * av * 1.0f,
                         au * av * 1.0f};
   for (unsigned c = 0; c < 4; c++) {
      float acc = 0.0f;
      for (unsigned k = 0; k < 4; k++)
         acc += t[k][c] * wgt[k];
      out[c] = acc;
   }
}

bool
fxp_sample_fast(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t out[4])
{
   if (q->shadow || (q->target != TGSI_TEXTURE_2D && q->target != TGSI_TEXTURE_RECT))
      return false;
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   struct fxp_sample_cache local = {{NULL}};
   struct fxp_sample_cache *cache = q->cache ? q->cache : &local;
   const unsigned first = MIN2(v->u.tex.first_level, v->texture->last_level);
   const unsigned last = MIN2(MAX2(v->u.tex.last_level, first), v->texture->last_level);
   float lod = CLAMP(q->lod, st->min_lod, st->max_lod);
   if (!(lod == lod))
      lod = 0.0f;
   lod = CLAMP(lod, -64.0f, 64.0f);
   const bool mag = lod <= 0.0f;
   const unsigned filter = mag ? st->mag_img_filter : st->min_img_filter;
   float t[4];

   if (mag || st->min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
      sample_level(b, cache, q, first, filter, t);
   } else if (st->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
      sample_level(b, cache, q, MIN2(first + (unsigned)(ceilf(lod + 0.5f) - 1.0f), last), filter, t);
   } else {
      const unsigned l0 = MIN2(first + (unsigned)floorf(lod), last), l1 = MIN2(l0 + 1, last);
      const float f = lod - floorf(lod);
      float a[4], c[4];
      sample_level(b, cache, q, l0, filter, a);
      sample_level(b, cache, q, l1, filter, c);
      for (unsigned k = 0; k < 4; k++)
         t[k] = a[k] * (1 - f) + c[k] * f;
   }
   uint32_t bits[4];
   for (unsigned k = 0; k < 4; k++)
      bits[k] = fxp_f2u(t[k]);
   fxp_sampler_swizzle(v, bits, out, false);
   return true;
}
#endif

/* The batch form: all FXP_W lanes of one instruction at once, the coordinate arithmetic as lane vectors,
 * wrapping and texel loads per lane. Level choice, weights and the order of every float operation are those
 * of fxp_sample_fast (and so of the general path). */
struct level_pick {
   int level[FXP_W];          /* level sampled first */
   int level2[FXP_W];         /* second level of a linear mip blend, -1 if none */
   float frac[FXP_W];         /* the blend's weight of level2 */
   int32_t linear[FXP_W];     /* -1: the level filter is linear */
};

static inline fxp_vf
vfloor(fxp_vf x)
{
#if defined(__AVX512F__) && FXP_W == 16
   /* the engine's AVX-512 copy: one rounding toward -inf, exact for every float; a quiet NaN stays itself */
   __m512 v;
   memcpy(&v, &x, sizeof(v));
   v = _mm512_roundscale_ps(v, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
   memcpy(&x, &v, sizeof(v));
   return x;
#elif defined(__AVX2__) && FXP_W == 16
   __m256 v[2]; /* the AVX2 copy: ROUNDPS toward -inf, as exact */
   memcpy(v, &x, sizeof(v));
   v[0] = _mm256_floor_ps(v[0]);
   v[1] = _mm256_floor_ps(v[1]);
   memcpy(&x, v, sizeof(v));
   return x;
#else
   /* floorf: exact for |x| < 2^31, which the callers' clamps guarantee; NaN stays NaN */
   const fxp_vi i = __builtin_convertvector(x, fxp_vi);
   const fxp_vf f = __builtin_convertvector(i, fxp_vf);
   const fxp_vf fl = f - (fxp_vf)((fxp_vi)fxp_splat_f(1.0f) & fxp_gt_f(f, x));
   return fxp_sel_f(fxp_ne_f(x, x), x, fl);
#endif
}

static inline fxp_vi
vsel_i(fxp_vi m, fxp_vi a, fxp_vi b)
{
   return (fxp_vi)fxp_sel_u(m, (fxp_vu)a, (fxp_vu)b);
}

/* Mesa's CLAMP(x, lo, hi) on a lane vector: x > lo ? (x > hi ? hi : x) : lo, so NaN gives lo. */
static inline fxp_vf
vclamp(fxp_vf x, float lo, float hi)
{
   const fxp_vf vlo = fxp_splat_f(lo), vhi = fxp_splat_f(hi);
   return fxp_sel_f(fxp_gt_f(x, vlo), fxp_sel_f(fxp_gt_f(x, vhi), vhi, x), vlo);
}

/* Each lane's level(s), filter and blend weight from its LOD, by the general path's rules (fxp_sampler.c):
 * the LOD clamped to the state's range (NaN: 0) and to [-64, 64], magnification at LOD <= 0, the mip filter's
 * level choice. Lane vectors; floor and ceil are exact here (|LOD| <= 64.5). */
static void
pick_levels(const struct fxp_sampler_binding *b, const float lod_in[FXP_W], struct level_pick *pk)
{
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   const unsigned first = MIN2(v->u.tex.first_level, v->texture->last_level);
   const unsigned last = MIN2(MAX2(v->u.tex.last_level, first), v->texture->last_level);
   if (st->min_mip_filter == PIPE_TEX_MIPFILTER_NONE && st->min_img_filter == st->mag_img_filter) {
      /* what the rules below give for every LOD, NaN included: the first level, the one filter */
      const int32_t linear = st->mag_img_filter == PIPE_TEX_FILTER_LINEAR ? -1 : 0;
      for (unsigned l = 0; l < FXP_W; l++) {
         pk->level[l] = first, pk->level2[l] = -1, pk->frac[l] = 0.0f, pk->linear[l] = linear;
      }
      return;
   }
   fxp_vf lod;
   memcpy(&lod, lod_in, sizeof(lod));
   lod = vclamp(lod, st->min_lod, st->max_lod);
   lod = fxp_sel_f(fxp_ne_f(lod, lod), fxp_splat_f(0.0f), lod);
   lod = vclamp(lod, -64.0f, 64.0f);
   const fxp_vi mag = fxp_le_f(lod, fxp_splat_f(0.0f));
   const fxp_vi mag_linear = fxp_splat_i(st->mag_img_filter == PIPE_TEX_FILTER_LINEAR ? -1 : 0);
   const fxp_vi min_linear = fxp_splat_i(st->min_img_filter == PIPE_TEX_FILTER_LINEAR ? -1 : 0);
   const fxp_vi vfirst = fxp_splat_i((int32_t)first), vlast = fxp_splat_i((int32_t)last);
   const fxp_vi linear = vsel_i(mag, mag_linear, min_linear);
   fxp_vi level = vfirst, level2 = fxp_splat_i(-1);
   fxp_vf frac = fxp_splat_f(0.0f);
   if (st->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
      /* ceilf(lod + 0.5f) - 1.0f, ceil as -floor(-x) */
      const fxp_vf t = -vfloor(-(lod + 0.5f)) - 1.0f;
      const fxp_vi lv = vfirst + __builtin_convertvector(t, fxp_vi);
      level = vsel_i(mag, vfirst, vsel_i(fxp_lt_i(lv, vlast), lv, vlast));
   } else if (st->min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR) {
      const fxp_vf fl = vfloor(lod);
      fxp_vi lv = vfirst + __builtin_convertvector(fl, fxp_vi);
      lv = vsel_i(fxp_lt_i(lv, vlast), lv, vlast);
      const fxp_vi lv2 = vsel_i(fxp_lt_i(lv + 1, vlast), lv + 1, vlast);
      level = vsel_i(mag, vfirst, lv);
      level2 = vsel_i(mag, fxp_splat_i(-1), lv2);
      frac = fxp_sel_f(mag, fxp_splat_f(0.0f), lod - fl);
   }
   memcpy(pk->level, &level, sizeof(level));
   memcpy(pk->level2, &level2, sizeof(level2));
   memcpy(pk->frac, &frac, sizeof(frac));
   memcpy(pk->linear, &linear, sizeof(linear));
}

/* wrap() on a lane vector, every lane with the same size: the same integers. CLAMP_TO_EDGE and REPEAT of a
 * power-of-two size (the common cases) take shorter forms that give wrap()'s integers for every float, NaN
 * and infinities included (perf on glmark2's effect2d, one thread: wrapping had been half of the vector
 * sampler's time); the sampler's unit test compares them with the general path on such coordinates. */
_Static_assert(FXP_MAX_TEXTURE_2D_SIZE <= (1 << 24), "vwrap: 2^24 must be a multiple of a power-of-two size");
static inline fxp_vi
vwrap(unsigned mode, fxp_vf u, int size)
{
   if (mode == PIPE_TEX_WRAP_CLAMP_TO_EDGE) {
      /* floor, then clamp to [0, size - 1], is the float clamped to [0, size - 1] (NaN to 0, as wrap() does;
       * size - 1 < 2^24 is exact) then truncated: truncation is floor for values >= 0 */
      /* top from an integer splat: GCC's AVX2 code built a float splat through the stack (perf) */
      const fxp_vf zero = {0}, top = __builtin_convertvector(fxp_splat_i(size - 1), fxp_vf);
      u = fxp_sel_f(fxp_gt_f(u, zero), u, zero);
      u = fxp_sel_f(fxp_lt_f(u, top), u, top);
      return __builtin_convertvector(u, fxp_vi);
   }
   if (mode == PIPE_TEX_WRAP_REPEAT && util_is_power_of_two_nonzero(size)) {
      /* wrap() clamps to +-2^24 first, and 2^24 is a multiple of the size: so |u| >= 2^24 and NaN give 0,
       * and below that floor(u) & (size - 1), the non-negative remainder in two's complement */
      const fxp_vf au = (fxp_vf)((fxp_vu)u & 0x7fffffffu);
      const fxp_vi inside = fxp_lt_f(au, fxp_splat_f(16777216.0f));
      return __builtin_convertvector(vfloor(u), fxp_vi) & (size - 1) & inside;
   }
   const fxp_vf lim = fxp_splat_f(16777216.0f);
   u = fxp_sel_f(fxp_ne_f(u, u), fxp_splat_f(0.0f), u);
   u = fxp_sel_f(fxp_lt_f(u, -lim), -lim, fxp_sel_f(fxp_gt_f(u, lim), lim, u));
   const fxp_vi i = __builtin_convertvector(vfloor(u), fxp_vi);
   const fxp_vi sz = fxp_splat_i(size);
   if (mode == PIPE_TEX_WRAP_REPEAT) {
      const fxp_vi m = i % size;
      return m + (fxp_lt_i(m, fxp_splat_i(0)) & sz);
   }
   /* MIRROR_REPEAT */
   const fxp_vi period = sz * 2;
   fxp_vi m = i % (2 * size);
   m = m + (fxp_lt_i(m, fxp_splat_i(0)) & period);
   return vsel_i(fxp_lt_i(m, sz), m, period - 1 - m);
}

/* The 32-bit words at byte `byte` of texels (x, y) of a level of bpp bytes a texel (byte + 4 <= bpp), one a
 * lane: with the AVX-512 or AVX2 gather instructions in the engine's copies of this file when the level's byte
 * offsets fit in 31 bits, else one load a lane. */
static inline void
gather_words(const uint8_t *base, unsigned row_B, fxp_vi x, fxp_vi y, unsigned bpp, unsigned byte, fxp_vu *word)
{
#if (defined(__AVX512F__) || defined(__AVX2__)) && FXP_W == 16
   /* y < FXP_MAX_TEXTURE_2D_SIZE and x * bpp + byte < row_B, so every offset is below 2^31 */
   if (row_B <= INT32_MAX / FXP_MAX_TEXTURE_2D_SIZE) {
      const fxp_vi offs = y * (int32_t)row_B + x * (int32_t)bpp + (int32_t)byte;
#if defined(__AVX512F__)
      __m512i idx;
      memcpy(&idx, &offs, sizeof(idx));
      const __m512i v = _mm512_i32gather_epi32(idx, (const void *)base, 1);
      memcpy(word, &v, sizeof(v));
#else
      __m256i idx[2], v[2];
      memcpy(idx, &offs, sizeof(idx));
      v[0] = _mm256_i32gather_epi32((const int *)base, idx[0], 1);
      v[1] = _mm256_i32gather_epi32((const int *)base, idx[1], 1);
      memcpy(word, v, sizeof(v));
#endif
      return;
   }
#endif
   uint32_t words[FXP_W]; /* not the vector's lanes by address: clang (the fuzzers' build) refuses that */
   for (unsigned l = 0; l < FXP_W; l++)
      memcpy(&words[l], base + (size_t)y[l] * row_B + (size_t)x[l] * bpp + byte, 4);
   memcpy(word, words, sizeof(words));
}

/* Half floats (the low 16 bits of each lane) to floats, exactly: normal numbers by moving the exponent and
 * mantissa, denormals as mantissa * 2^-24 (exact, and a normal float), zeros, infinities and NaNs with their
 * sign (a NaN keeps its payload, as _mesa_half_to_float's C form does; its F16C form, which the general path
 * takes on CPUs that have it, quiets a signaling NaN: a NaN either way, sampler/fxp_sampler_test.c). */
static inline fxp_vf
vhalf_to_float(fxp_vu h)
{
   const fxp_vu sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
   const fxp_vu normal = ((e + 112u) << 23) | (m << 13);
   const fxp_vu special = 0x7f800000u | (m << 13);
   const fxp_vu denorm = (fxp_vu)(__builtin_convertvector((fxp_vi)m, fxp_vf) * 0x1p-24f);
   const fxp_vi is_special = fxp_eq_i((fxp_vi)e, fxp_splat_i(31)), is_denorm = fxp_eq_i((fxp_vi)e, fxp_splat_i(0));
   return (fxp_vf)(sign | fxp_sel_u(is_special, special, fxp_sel_u(is_denorm, denorm, normal)));
}

/* Mesa's sRGB decoding table at each lane's byte c (0..255): util_format_srgb_8unorm_to_linear_float, with
 * the gather instructions in the engine's AVX copies of this file. */
static inline fxp_vf
vsrgb(fxp_vu c)
{
   const float *table = util_format_srgb_8unorm_to_linear_float_table;
#if defined(__AVX512F__) && FXP_W == 16
   __m512i idx;
   memcpy(&idx, &c, sizeof(idx));
   const __m512 v = _mm512_i32gather_ps(idx, table, 4);
   fxp_vf r;
   memcpy(&r, &v, sizeof(r));
   return r;
#elif defined(__AVX2__) && FXP_W == 16
   __m256i idx[2];
   __m256 v[2];
   memcpy(idx, &c, sizeof(idx));
   v[0] = _mm256_i32gather_ps(table, idx[0], 4);
   v[1] = _mm256_i32gather_ps(table, idx[1], 4);
   fxp_vf r;
   memcpy(&r, v, sizeof(r));
   return r;
#else
   float r[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++)
      r[l] = table[c[l] & 0xff];
   fxp_vf rv;
   memcpy(&rv, r, sizeof(rv));
   return rv;
#endif
}

/* The four-byte formats' texels (FAST_RGBA ... FAST_BGRX, words in little-endian byte order) as floats. */
static inline void
unpack_8888(const struct fxp_sampler_binding *b, fxp_vu word, fxp_vf t[4])
{
   const bool bgr = b->fast == FAST_BGRA || b->fast == FAST_BGRX;
   const fxp_vu c0 = word & 0xff, c1 = (word >> 8) & 0xff, c2 = (word >> 16) & 0xff;
   const fxp_vu c3 = b->fast == FAST_RGBX || b->fast == FAST_BGRX ? (fxp_vu){0} + 255u : word >> 24;
   t[0] = __builtin_convertvector((fxp_vi)(bgr ? c2 : c0), fxp_vf) * (1.0f / 255.0f);
   t[1] = __builtin_convertvector((fxp_vi)c1, fxp_vf) * (1.0f / 255.0f);
   t[2] = __builtin_convertvector((fxp_vi)(bgr ? c0 : c2), fxp_vf) * (1.0f / 255.0f);
   t[3] = __builtin_convertvector((fxp_vi)c3, fxp_vf) * (1.0f / 255.0f);
   if (b->fast_srgb)
      t[0] = vsrgb(bgr ? c2 : c0), t[1] = vsrgb(c1), t[2] = vsrgb(bgr ? c0 : c2);
}

/* vload in two halves for the formats whose texels are one or two gathered words: the gathers (vgather: false
 * for the other formats, nothing done), then the words as floats (vunpack). A bilinear footprint takes its
 * four gathers first, so that they overlap, and unpacks after. */
static inline bool
vgather(const struct fxp_sampler_binding *b, const uint8_t *base, unsigned row_B, fxp_vi x, fxp_vi y, fxp_vu w[2])
{
   switch (b->fast) {
   case FAST_RGBA16F:
      gather_words(base, row_B, x, y, 8, 0, &w[0]);
      gather_words(base, row_B, x, y, 8, 4, &w[1]);
      return true;
   case FAST_RGBA: case FAST_BGRA: case FAST_RGBX: case FAST_BGRX:
   case FAST_RG16F: case FAST_R32F: case FAST_R11G11B10F: case FAST_Z24_LOW: case FAST_Z24_HIGH:
      gather_words(base, row_B, x, y, 4, 0, &w[0]);
      return true;
   case FAST_Z32F:
      gather_words(base, row_B, x, y, b->bpp, 0, &w[0]);
      return true;
   default:
      return false;
   }
}

static inline void
vunpack(const struct fxp_sampler_binding *b, const fxp_vu w[2], fxp_vf t[4])
{
   const fxp_vu word = w[0];
   switch (b->fast) {
   case FAST_RGBA16F:
      t[0] = vhalf_to_float(word & 0xffffu), t[1] = vhalf_to_float(word >> 16);
      t[2] = vhalf_to_float(w[1] & 0xffffu), t[3] = vhalf_to_float(w[1] >> 16);
      return;
   case FAST_RG16F:
      t[0] = vhalf_to_float(word & 0xffffu), t[1] = vhalf_to_float(word >> 16);
      t[2] = fxp_splat_f(0.0f), t[3] = fxp_splat_f(1.0f);
      return;
   case FAST_R32F:
   case FAST_Z32F:
      t[0] = (fxp_vf)word, t[1] = t[2] = fxp_splat_f(0.0f), t[3] = fxp_splat_f(1.0f);
      return;
   case FAST_R11G11B10F:
      t[0] = fxp_vuf_to_float(word & 0x7ffu, 6), t[1] = fxp_vuf_to_float((word >> 11) & 0x7ffu, 6);
      t[2] = fxp_vuf_to_float(word >> 22, 5), t[3] = fxp_splat_f(1.0f);
      return;
   case FAST_Z24_LOW:
   case FAST_Z24_HIGH: {
      const fxp_vu z = b->fast == FAST_Z24_LOW ? word & 0xffffffu : word >> 8;
      const fxp_vd zd = __builtin_convertvector((fxp_vi)z, fxp_vd) * (1.0 / 0xffffff);
      t[0] = __builtin_convertvector(zd, fxp_vf), t[1] = t[2] = fxp_splat_f(0.0f), t[3] = fxp_splat_f(1.0f);
      return;
   }
   default: /* FAST_RGBA ... FAST_BGRX */
      unpack_8888(b, word, t);
      return;
   }
}

/* load() at texels (x, y) of a level for every lane: the four channels as floats. Inlined where one call
 * is the whole of the sampling (sample_one_level's nearest filter), out of line (vload) elsewhere. */
static inline __attribute__((always_inline)) void
vload_inl(const struct fxp_sampler_binding *b, const uint8_t *base, unsigned row_B, fxp_vi x, fxp_vi y, fxp_vf t[4])
{
   fxp_vu w[2];
   if (vgather(b, base, row_B, x, y, w)) {
      vunpack(b, w, t);
      return;
   }
   fxp_vu word;
   switch (b->fast) {
   case FAST_RGBA32F:
      for (unsigned c = 0; c < 4; c++) {
         gather_words(base, row_B, x, y, 16, 4 * c, &word);
         t[c] = (fxp_vf)word;
      }
      return;
   case FAST_Z16: {
      /* a lane at a time: a 4-byte gather at the last texel would read past the level */
      float d[FXP_W];
      for (unsigned l = 0; l < FXP_W; l++) {
         uint16_t z;
         memcpy(&z, base + (size_t)y[l] * row_B + (size_t)x[l] * 2, 2);
         d[l] = z * (float)(1.0 / 0xffff);
      }
      memcpy(&t[0], d, sizeof(d));
      t[1] = t[2] = fxp_splat_f(0.0f), t[3] = fxp_splat_f(1.0f);
      return;
   }
   default: { /* FAST_SMALL8 */
      /* a lane at a time (a 4-byte gather at the last texel would read past the level), each byte once */
      uint32_t by[2][FXP_W];
      for (unsigned l = 0; l < FXP_W; l++) {
         const uint8_t *q = base + (size_t)y[l] * row_B + (size_t)x[l] * b->small8_bytes;
         by[0][l] = q[0];
         by[1][l] = b->small8_bytes > 1 ? q[1] : 0;
      }
      fxp_vf f[2];
      for (unsigned k = 0; k < 2; k++) {
         fxp_vu u;
         memcpy(&u, by[k], sizeof(u));
         f[k] = __builtin_convertvector((fxp_vi)u, fxp_vf) * (1.0f / 255.0f);
      }
      for (unsigned c = 0; c < 4; c++)
         t[c] = b->small8_src[c] == SMALL8_ZERO  ? fxp_splat_f(0.0f)
                : b->small8_src[c] == SMALL8_ONE ? fxp_splat_f(1.0f)
                                                 : f[b->small8_src[c]];
      return;
   }
   }
}

static void
vload(const struct fxp_sampler_binding *b, const uint8_t *base, unsigned row_B, fxp_vi x, fxp_vi y, fxp_vf t[4])
{
   vload_inl(b, base, row_B, x, y, t);
}

/* One level of the binding as the vector forms address it: its size in texels, its first byte and its row
 * pitch. */
struct vlevel {
   int w_px, h_px;
   const uint8_t *base;
   unsigned row_B;
};

static inline __attribute__((always_inline)) struct vlevel
vlevel_of(const struct fxp_sampler_binding *b, int lv)
{
   const struct fxp_resource *res = fxp_resource(b->view->texture);
   return (struct vlevel){(int)u_minify(b->view->texture->width0, lv), (int)u_minify(b->view->texture->height0, lv),
                          res->data + res->level_offset_B[lv], res->row_stride_B[lv]};
}

/* The lanes' texel-space coordinates on a level w by h texels (per lane where the lanes' levels differ):
 * normalized coordinates scaled by its size, then the immediate offset added, as the general path does. */
static inline __attribute__((always_inline)) void
texel_coords(bool normalized, fxp_vf s, fxp_vf t, fxp_vf w, fxp_vf h, const int off[2], fxp_vf *u, fxp_vf *vv)
{
   *u = (normalized ? s * w : s) + (float)off[0];
   *vv = (normalized ? t * h : t) + (float)off[1];
}

/* A bilinear footprint's columns x[0], x[1] and rows y[0], y[1] on level L, wrapped, from the floors of
 * bilinear_footprint. */
static inline __attribute__((always_inline)) void
footprint_texels(const struct pipe_sampler_state *st, const struct vlevel *L, fxp_vf flu, fxp_vf flv, fxp_vi x[2],
                 fxp_vi y[2])
{
   x[0] = vwrap(st->wrap_s, flu, L->w_px), x[1] = vwrap(st->wrap_s, flu + 1, L->w_px);
   y[0] = vwrap(st->wrap_t, flv, L->h_px), y[1] = vwrap(st->wrap_t, flv + 1, L->h_px);
}

/* The footprint's four gathers, in the order (0,0), (1,0), (0,1), (1,1), issued before any is unpacked so
 * that they overlap. False (nothing gathered) where vgather does not load the format. */
static inline __attribute__((always_inline)) bool
gather_footprint(const struct fxp_sampler_binding *b, const struct vlevel *L, const fxp_vi x[2], const fxp_vi y[2],
                 fxp_vu word[4][2])
{
   if (!vgather(b, L->base, L->row_B, x[0], y[0], word[0]))
      return false;
   vgather(b, L->base, L->row_B, x[1], y[0], word[1]);
   vgather(b, L->base, L->row_B, x[0], y[1], word[2]);
   vgather(b, L->base, L->row_B, x[1], y[1], word[3]);
   return true;
}

/* The four texels weighted, channel by channel, in the order of the weights: the bilinear filter. */
static inline __attribute__((always_inline)) void
weigh_footprint(const fxp_vf tx[4][4], const fxp_vf wgt[4], fxp_vf out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      fxp_vf acc = fxp_splat_f(0.0f);
      for (unsigned k = 0; k < 4; k++)
         acc += tx[k][c] * wgt[k];
      out[c] = acc;
   }
}

/* gather_footprint's words unpacked and filtered. */
static inline __attribute__((always_inline)) void
filter_footprint(const struct fxp_sampler_binding *b, const fxp_vu word[4][2], const fxp_vf wgt[4], fxp_vf out[4])
{
   fxp_vf tx[4][4];
   for (unsigned k = 0; k < 4; k++)
      vunpack(b, word[k], tx[k]);
   weigh_footprint(tx, wgt, out);
}

/* sample_levels when every lane samples one level (L, the caller's vlevel_of) with one filter and the format
 * has a vector load: wrapping, loads and the filter as lane vectors, the same float operations in the same
 * order per lane. u, vv are the texel-space coordinates, flu, flv their floors after the half-texel shift,
 * wgt the bilinear weights. */
static void
sample_level_vec(const struct fxp_sampler_binding *b, const struct vlevel *L, bool linear, fxp_vf u, fxp_vf vv,
                 fxp_vf flu, fxp_vf flv, const fxp_vf wgt[4], fxp_vf out[4])
{
   const struct pipe_sampler_state *st = b->state;
   if (!linear) {
      vload(b, L->base, L->row_B, vwrap(st->wrap_s, u, L->w_px), vwrap(st->wrap_t, vv, L->h_px), out);
      return;
   }
   fxp_vi x[2], y[2];
   footprint_texels(st, L, flu, flv, x, y);
   fxp_vu word[4][2];
   if (gather_footprint(b, L, x, y, word)) {
      filter_footprint(b, word, wgt, out);
      return;
   }
   fxp_vf tx[4][4];
   vload(b, L->base, L->row_B, x[0], y[0], tx[0]);
   vload(b, L->base, L->row_B, x[1], y[0], tx[1]);
   vload(b, L->base, L->row_B, x[0], y[1], tx[2]);
   vload(b, L->base, L->row_B, x[1], y[1], tx[3]);
   weigh_footprint(tx, wgt, out);
}

/* The bilinear footprint of texel-space coordinates (u, vv), as the general path computes it: the floors of
 * the coordinates clamped to +-2^24 (Mesa's CLAMP: NaN gives -2^24) less half a texel, and the four weights
 * in the order (0,0), (1,0), (0,1), (1,1). (Until session 16 NaN passed through here, and a batch gave NaN
 * texels where the lane-by-lane paths give the texel at -2^24: found by the unit test's special floats.) */
static inline void
bilinear_footprint(fxp_vf u, fxp_vf vv, fxp_vf *flu, fxp_vf *flv, fxp_vf wgt[4])
{
   const fxp_vf cu = vclamp(u, -16777216.0f, 16777216.0f);
   const fxp_vf cv = vclamp(vv, -16777216.0f, 16777216.0f);
   const fxp_vf fu = cu - 0.5f, fv = cv - 0.5f;
   *flu = vfloor(fu), *flv = vfloor(fv);
   const fxp_vf au = fu - *flu, av = fv - *flv;
   wgt[0] = (1 - au) * (1 - av) * 1.0f;
   wgt[1] = au * (1 - av) * 1.0f;
   wgt[2] = (1 - au) * av * 1.0f;
   wgt[3] = au * av * 1.0f;
}

/* sample_levels when the lanes sample a few different (level, filter) pairs (quads of one batch on both sides
 * of a level boundary, or at the magnification edge): each pair's lanes as one vector pass over that level,
 * the results selected by lane; the same float operations per lane as the lane-by-lane code, whose texel
 * size is the lane's level's. False (nothing done) beyond FXP_SAMPLE_GROUPS pairs. */
#define FXP_SAMPLE_GROUPS 4
static bool
sample_level_groups(const struct fxp_sampler_binding *b, bool rect, const fxp_vf s, const fxp_vf t,
                    const int off[2], fxp_vi lvv, fxp_vi linv, uint32_t used_bits, fxp_vf out[4])
{
   const struct pipe_sampler_state *st = b->state;
   const bool normalized = !rect && !st->unnormalized_coords;
   int glv[FXP_SAMPLE_GROUPS], glin[FXP_SAMPLE_GROUPS];
   fxp_vi gmask[FXP_SAMPLE_GROUPS];
   unsigned n = 0;
   for (uint32_t todo = used_bits; todo; n++) {
      if (n == FXP_SAMPLE_GROUPS)
         return false;
      const unsigned l = (unsigned)__builtin_ctz(todo);
      glv[n] = lvv[l], glin[n] = linv[l];
      gmask[n] = fxp_bits_lanes(todo) & fxp_eq_i(lvv, fxp_splat_i(glv[n])) & fxp_eq_i(linv, fxp_splat_i(glin[n]));
      todo &= ~fxp_lane_bits(gmask[n]);
   }
   for (unsigned g = 0; g < n; g++) {
      const struct vlevel L = vlevel_of(b, glv[g]);
      fxp_vf u, vv, flu, flv, wgt[4], r[4];
      texel_coords(normalized, s, t, fxp_splat_f((float)L.w_px), fxp_splat_f((float)L.h_px), off, &u, &vv);
      bilinear_footprint(u, vv, &flu, &flv, wgt);
      sample_level_vec(b, &L, glin[g] != 0, u, vv, flu, flv, wgt, r);
      for (unsigned c = 0; c < 4; c++)
         out[c] = g ? fxp_sel_f(gmask[g], r[c], out[c]) : r[c];
   }
   return true;
}

/* One level per lane (levels[l], skipped where < 0): bilinear or nearest per lane, into out[c]. */
static void
sample_levels(const struct fxp_sampler_binding *b, struct fxp_sample_cache *cache, bool rect,
              const fxp_vf s, const fxp_vf t, const int off[2], const int levels[FXP_W],
              const int32_t linear[FXP_W], fxp_vf out[4])
{
   const struct pipe_sampler_state *st = b->state;
   const struct fxp_resource *res = fxp_resource(b->view->texture);
   const bool normalized = !rect && !st->unnormalized_coords;
   /* the common case, every lane on one level (lanes skipped take it too: their results are not used,
    * and wrapping keeps their loads inside the level), and with one filter */
   fxp_vi lvv, linv;
   memcpy(&lvv, levels, sizeof(lvv));
   memcpy(&linv, linear, sizeof(linv));
   const fxp_vi used = fxp_ge_i(lvv, fxp_splat_i(0));
   const uint32_t used_bits = fxp_lane_bits(used);
   if (!used_bits)
      return;
   const unsigned first = (unsigned)__builtin_ctz(used_bits);
   const int lv = levels[first], lin = linear[first];
   const bool one_level = !fxp_lane_bits(used & fxp_ne_i(lvv, fxp_splat_i(lv)));
   const bool uniform = one_level && !fxp_lane_bits(used & fxp_ne_i(linv, fxp_splat_i(lin)));
   if (fast_vec(b) && !uniform && sample_level_groups(b, rect, s, t, off, lvv, linv, used_bits, out))
      return;
   fxp_vf w, h;
   struct vlevel L;
   if (one_level) {
      L = vlevel_of(b, lv);
      w = fxp_splat_f((float)L.w_px), h = fxp_splat_f((float)L.h_px);
   } else {
      for (unsigned l = 0; l < FXP_W; l++) {
         const int ll = MAX2(levels[l], 0);
         w[l] = (float)u_minify(b->view->texture->width0, ll);
         h[l] = (float)u_minify(b->view->texture->height0, ll);
      }
   }
   fxp_vf u, vv, flu, flv, wgt[4];
   texel_coords(normalized, s, t, w, h, off, &u, &vv);
   bilinear_footprint(u, vv, &flu, &flv, wgt);

   if (fast_vec(b) && uniform) {
      sample_level_vec(b, &L, lin != 0, u, vv, flu, flv, wgt, out);
      return;
   }
   for (unsigned l = 0; l < FXP_W; l++) {
      if (levels[l] < 0)
         continue;
      const int lv = levels[l], iw = (int)w[l], ih = (int)h[l];
      const uint8_t *base = res->data + res->level_offset_B[lv];
      const unsigned row_B = res->row_stride_B[lv];
      float tx[4][4];
      if (!linear[l]) {
         load(b, cache, base, row_B, wrap(st->wrap_s, u[l], iw), wrap(st->wrap_t, vv[l], ih), tx[0]);
         for (unsigned c = 0; c < 4; c++)
            out[c][l] = tx[0][c];
         continue;
      }
      const int x0 = wrap(st->wrap_s, flu[l], iw), x1 = wrap(st->wrap_s, flu[l] + 1, iw);
      const int y0 = wrap(st->wrap_t, flv[l], ih), y1 = wrap(st->wrap_t, flv[l] + 1, ih);
      load(b, cache, base, row_B, x0, y0, tx[0]);
      load(b, cache, base, row_B, x1, y0, tx[1]);
      load(b, cache, base, row_B, x0, y1, tx[2]);
      load(b, cache, base, row_B, x1, y1, tx[3]);
      for (unsigned c = 0; c < 4; c++) {
         float acc = 0.0f;
         for (unsigned k = 0; k < 4; k++)
            acc += tx[k][c] * wgt[k][l];
         out[c][l] = acc;
      }
   }
}

/* sample_levels_blend when every active lane has the same two levels (l1 and l2 >= 0) and filter (a
 * trilinear batch away from level and magnification boundaries): both levels' gathers are issued before any
 * texel is unpacked, so that they overlap (the two sample_levels calls each waited for their own). The same
 * float operations in the same order as sample_levels' one-level vector form on each level and the blend
 * after. False (nothing written) when vgather does not load the format. */
static bool
sample_two_levels_vec(const struct fxp_sampler_binding *b, bool rect, const fxp_vf s, const fxp_vf t,
                      const int off[2], int l1, int l2, bool linear, fxp_vf frac, fxp_vf a[4])
{
   const struct pipe_sampler_state *st = b->state;
   const bool normalized = !rect && !st->unnormalized_coords;
   const int lvs[2] = {l1, l2};
   fxp_vu word[2][4][2];
   fxp_vf wgt[2][4];
   for (unsigned k = 0; k < 2; k++) {
      const struct vlevel L = vlevel_of(b, lvs[k]);
      fxp_vf u, vv;
      texel_coords(normalized, s, t, fxp_splat_f((float)L.w_px), fxp_splat_f((float)L.h_px), off, &u, &vv);
      if (!linear) {
         if (!vgather(b, L.base, L.row_B, vwrap(st->wrap_s, u, L.w_px), vwrap(st->wrap_t, vv, L.h_px), word[k][0]))
            return false;
         continue;
      }
      fxp_vf flu, flv;
      fxp_vi x[2], y[2];
      bilinear_footprint(u, vv, &flu, &flv, wgt[k]);
      footprint_texels(st, &L, flu, flv, x, y);
      if (!gather_footprint(b, &L, x, y, word[k]))
         return false;
   }
   fxp_vf out[2][4];
   for (unsigned k = 0; k < 2; k++) {
      if (linear)
         filter_footprint(b, word[k], wgt[k], out[k]);
      else
         vunpack(b, word[k][0], out[k]);
   }
   for (unsigned c = 0; c < 4; c++)
      a[c] = out[0][c] * (1 - frac) + out[1][c] * frac;
   return true;
}

/* Each lane's level(s) by its LOD, sampled and blended (linear mip filter) into a[]. */
static void
sample_levels_blend(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf s, const fxp_vf t,
                    const float lod[FXP_W], const int off[2], uint32_t active, struct fxp_sample_cache *cache,
                    fxp_vf a[4])
{
   struct level_pick pk;
   pick_levels(b, lod, &pk);
   /* lanes outside `active` sample no level */
   const fxp_vi on = fxp_bits_lanes(active), none = fxp_splat_i(-1);
   fxp_vi l1, l2;
   memcpy(&l1, pk.level, sizeof(l1));
   memcpy(&l2, pk.level2, sizeof(l2));
   l1 = (fxp_vi)fxp_sel_u(on, (fxp_vu)l1, (fxp_vu)none);
   l2 = (fxp_vi)fxp_sel_u(on, (fxp_vu)l2, (fxp_vu)none);
   memcpy(pk.level, &l1, sizeof(l1));
   memcpy(pk.level2, &l2, sizeof(l2));
   const bool rect = target == TGSI_TEXTURE_RECT;
   fxp_vf frac;
   memcpy(&frac, pk.frac, sizeof(frac));
   if (active && fast_vec(b)) {
      /* one pair of levels and one filter for every active lane: both levels at once */
      const unsigned first = (unsigned)__builtin_ctz(active);
      const int lv1 = pk.level[first], lv2 = pk.level2[first], lin = pk.linear[first];
      fxp_vi linv;
      memcpy(&linv, pk.linear, sizeof(linv));
      const uint32_t differ = fxp_lane_bits(fxp_ne_i(l1, fxp_splat_i(lv1)) | fxp_ne_i(l2, fxp_splat_i(lv2)) |
                                            fxp_ne_i(linv, fxp_splat_i(lin)));
      if (lv2 >= 0 && !(differ & active) && sample_two_levels_vec(b, rect, s, t, off, lv1, lv2, lin != 0, frac, a))
         return;
   }
   sample_levels(b, cache, rect, s, t, off, pk.level, pk.linear, a);
   const fxp_vi blend = fxp_ge_i(l2, fxp_splat_i(0));
   if (fxp_any(blend)) {
      fxp_vf c[4] = {{0}};
      sample_levels(b, cache, rect, s, t, off, pk.level2, pk.linear, c);
      /* a * (1 - f) + c * f where a second level is blended, per lane as before */
      for (unsigned k = 0; k < 4; k++)
         a[k] = fxp_sel_f(blend, a[k] * (1 - frac) + c[k] * frac, a[k]);
   }
}

/* sample_levels when the binding has one level for every LOD (b->fast_level, an 8-bit format): the same float
 * operations in the same order, without the per-lane level checks, and for NEAREST without the bilinear
 * weights it would not use. */
static inline __attribute__((always_inline)) void
sample_one_level(const struct fxp_sampler_binding *b, bool rect, const fxp_vf s, const fxp_vf t, const int off[2],
                 fxp_vf out[4])
{
   const struct pipe_sampler_state *st = b->state;
   const int lv = b->fast_level;
   const bool normalized = !rect && !st->unnormalized_coords;
   const struct vlevel L = vlevel_of(b, lv);
   fxp_vf u, vv;
   texel_coords(normalized, s, t, fxp_splat_f((float)L.w_px), fxp_splat_f((float)L.h_px), off, &u, &vv);
   if (!b->fast_linear) {
      /* sample_level_vec's nearest filter, inlined: one load of every lane's texel */
      vload_inl(b, L.base, L.row_B, vwrap(st->wrap_s, u, L.w_px), vwrap(st->wrap_t, vv, L.h_px), out);
      return;
   }
   fxp_vf flu, flv, wgt[4];
   bilinear_footprint(u, vv, &flu, &flv, wgt);
   sample_level_vec(b, &L, true, u, vv, flu, flv, wgt, out);
}

/* fxp_sampler_swizzle on whole channels, lanes outside `active` 0: the batch forms' results. */
static inline void
swizzle_lanes(const struct fxp_sampler_binding *b, const fxp_vf a[4], uint32_t active, fxp_vu out[4])
{
   const fxp_vu on = (fxp_vu)fxp_bits_lanes(active);
   const unsigned sw[4] = {b->view->swizzle_r, b->view->swizzle_g, b->view->swizzle_b, b->view->swizzle_a};
   for (unsigned k = 0; k < 4; k++) {
      fxp_vu v;
      switch (sw[k]) {
      case PIPE_SWIZZLE_X: case PIPE_SWIZZLE_Y: case PIPE_SWIZZLE_Z: case PIPE_SWIZZLE_W:
         v = (fxp_vu)a[sw[k]];
         break;
      case PIPE_SWIZZLE_0:
         v = (fxp_vu){0};
         break;
      default:
         v = (fxp_vu){0} + fxp_f2u(1.0f);
         break;
      }
      out[k] = v & on;
   }
}

/* The one-level form's commonest case on its own, each wrap pair compiled apart (perf, glmark2 effect2d: the
 * general form's tests of the format, filter, wraps and swizzle, and its spills, were most of its time
 * outside the gather): nearest, 2D with normalized coordinates, an 8-bit RGBA, BGRA, RGBX or BGRX format
 * without sRGB, wraps CLAMP_TO_EDGE or REPEAT of a power-of-two size (fxp_sampler_fast_prepare:
 * b->fast_nearest8). The same operations as sample_one_level and swizzle_lanes with those constants. */
static inline __attribute__((always_inline)) void
nearest8_wraps(const struct fxp_sampler_binding *b, unsigned wrap_s, unsigned wrap_t, const fxp_vf s, const fxp_vf t,
               const int off[2], uint32_t active, fxp_vu out[4])
{
   const struct vlevel L = vlevel_of(b, b->fast_level);
   fxp_vf u, vv;
   texel_coords(true, s, t, fxp_splat_f((float)L.w_px), fxp_splat_f((float)L.h_px), off, &u, &vv);
   fxp_vu word;
   gather_words(L.base, L.row_B, vwrap(wrap_s, u, L.w_px), vwrap(wrap_t, vv, L.h_px), 4, 0, &word);
   fxp_vf a[4];
   unpack_8888(b, word, a);
   swizzle_lanes(b, a, active, out);
}

static void
sample_nearest8(const struct fxp_sampler_binding *b, const fxp_vf s, const fxp_vf t, const int off[2],
                uint32_t active, fxp_vu out[4])
{
   switch (b->fast_nearest8) {
   case FAST_NEAREST8_CLAMP_CLAMP:
      nearest8_wraps(b, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_EDGE, s, t, off, active, out);
      return;
   case FAST_NEAREST8_CLAMP_REPEAT:
      nearest8_wraps(b, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_REPEAT, s, t, off, active, out);
      return;
   case FAST_NEAREST8_REPEAT_CLAMP:
      nearest8_wraps(b, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, s, t, off, active, out);
      return;
   default:
      nearest8_wraps(b, PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_REPEAT, s, t, off, active, out);
      return;
   }
}

bool
fxp_sample_fast_one_level(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s, const fxp_vf *t,
                          const int off[2], uint32_t active, fxp_vu out[4])
{
   if (b && b->fast_nearest8 && fast_vec(b) && target == TGSI_TEXTURE_2D) {
      sample_nearest8(b, *s, *t, off, active, out);
      return true;
   }
   if (!b || b->fast_level < 0 || !fast_vec(b) || (target != TGSI_TEXTURE_2D && target != TGSI_TEXTURE_RECT))
      return false;
   fxp_vf a[4];
   sample_one_level(b, target == TGSI_TEXTURE_RECT, *s, *t, off, a);
   swizzle_lanes(b, a, active, out);
   return true;
}

bool
fxp_sample_fast_batch(const struct fxp_sampler_binding *b, unsigned target, const float s_in[FXP_W],
                      const float t_in[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                      struct fxp_sample_cache *cache, uint32_t out[4][FXP_W])
{
   if (!b || !b->fast || (target != TGSI_TEXTURE_2D && target != TGSI_TEXTURE_RECT))
      return false;
   fxp_vf s, t, a[4];
   memcpy(&s, s_in, sizeof(s));
   memcpy(&t, t_in, sizeof(t));
   const bool rect = target == TGSI_TEXTURE_RECT;
   if (b->fast_level >= 0 && fast_vec(b))
      sample_one_level(b, rect, s, t, off, a);
   else
      sample_levels_blend(b, target, s, t, lod, off, active, cache, a);
   fxp_vu v[4];
   swizzle_lanes(b, a, active, v);
   memcpy(out, v, sizeof(v));
   return true;
}
