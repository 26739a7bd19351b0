/* Fast paths of the per-fragment operations for the common cases, chosen once per draw
 * (fxp_fragment_fast_setup) and switched off by FXPIPE_DEBUG=nofast. They compute exactly what the
 * general path (fxp_fragment.c) computes, with the same arithmetic (fxp_fragment_ops.h) and the same
 * float/byte conversions as util_format; fragment/fxp_fragment_fast_test.c checks every key of the table
 * below against the general path bit for bit, and fxpipe-gl-draw and fxpipe-gl-fragment run with and
 * without them.
 * The batch functions are compiled into each instruction-set table too (fxp_fragment.h).
 *
 * | buffer         | formats                                              | conditions               |
 * |----------------|------------------------------------------------------|--------------------------|
 * | colour         | R8G8B8A8, B8G8R8A8, R8G8B8X8, B8G8R8X8, UNORM or sRGB | no logic op, no dual    |
 * |                | (sRGB: R, G, B encoded and decoded with Mesa's tables) | source                  |
 * |                | B5G6R5 and R5G6B5 UNORM, R16G16B16A16_FLOAT,         |                          |
 * |                | R11G11B10_FLOAT (write_color_other)                  |                          |
 * | depth          | Z16, Z24 with S8 or X8 in either order, Z32_FLOAT    | no depth bounds test;    |
 * |                |                                                      | stencil test off, or the |
 * |                |                                                      | format Z24 with S8       |
 * With early depth and stencil tests (f->early_zs) the colour paths run after any depth-stencil state, and
 * the early tests use the fast depth test when it applies.
 * X formats read alpha 1 and write 0 in the X byte, as util_format does. Unblended full-mask writes and the
 * usual "over" blending (SRC_ALPHA, ONE_MINUS_SRC_ALPHA) run as lane vectors with one load and store a pixel,
 * or two 8-pixel row loads and stores for a full batch of four quads side by side (store_pixels, load_pixels;
 * RGBA16F and 5-6-5 full batches so too on the AVX-512 and AVX2 tables: rgba16f_rows_load and the
 * like); the depth test runs as lane vectors for the 32-bit formats (depth_vec: Z24 either way round and
 * Z32_FLOAT, depths from the rasterizer) and as one loop per depth format otherwise (Z16, depth written by
 * the shader), with the state compiled at setup (fast_depth_tt); with a stencil test, as lane vectors for
 * either Z24S8 order (stencil_vec: the general path's stencil test, depth test and stencil operations on the
 * word). */
#include <math.h>

#include "util/format/u_format.h"
#include "util/format_srgb.h"
#include "util/half_float.h"
#include "util/u_dual_blend.h"
#include "util/u_endian.h"
#include "util/u_math.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_resource.h"
#include "fragment/fxp_fragment.h"
#include "fragment/fxp_fragment_ops.h"
#include "fxp_lanes.h"
#include "fxp_lane_formats.h"

/* colour kinds: FC_RGBA and FC_BGRA are the 4-byte 8-bit formats (X variants and sRGB by fast_color_alpha
 * and fast_color_srgb); the others are written by write_color_other:
 * | kind            | format               | bytes | channels (bits from 0)        | util_format's pack      |
 * |-----------------|----------------------|-------|-------------------------------|-------------------------|
 * | FC_R5G6B5       | R5G6B5_UNORM         | 2     | R 0-4, G 5-10, B 11-15        | iround(CLAMP(v) * 31)   |
 * | FC_B5G6R5       | B5G6R5_UNORM         | 2     | B 0-4, G 5-10, R 11-15        | (63 for G)              |
 * | FC_RGBA16F      | R16G16B16A16_FLOAT   | 8     | R, G, B, A halves             | _mesa_float_to_float16_ |
 * |                 |                      |       |                               | rtz (toward zero)       |
 * | FC_R11G11B10F   | R11G11B10_FLOAT      | 4     | R 0-10, G 11-21, B 22-31      | float3_to_r11g11b10f    |
 * The 5-6-5 formats and R11G11B10F have no alpha: it reads 1. */
enum { FC_NONE, FC_RGBA, FC_BGRA, FC_R5G6B5, FC_B5G6R5, FC_RGBA16F, FC_R11G11B10F };
enum { FZ_NONE, FZ_Z24_LOW, FZ_Z24_HIGH, FZ_Z16, FZ_Z32F };

#ifndef FXP_ISA_SUFFIX /* the engine's copies hold only the batch functions (fxp_fragment.h) */
static unsigned
color_kind(enum pipe_format f, bool *has_alpha, bool *srgb)
{
   *has_alpha = true;
   *srgb = util_format_is_srgb(f);
   switch (f) {
   case PIPE_FORMAT_R8G8B8A8_UNORM: case PIPE_FORMAT_R8G8B8A8_SRGB: return FC_RGBA;
   case PIPE_FORMAT_B8G8R8A8_UNORM: case PIPE_FORMAT_B8G8R8A8_SRGB: return FC_BGRA;
   case PIPE_FORMAT_R8G8B8X8_UNORM: case PIPE_FORMAT_R8G8B8X8_SRGB: *has_alpha = false; return FC_RGBA;
   case PIPE_FORMAT_B8G8R8X8_UNORM: case PIPE_FORMAT_B8G8R8X8_SRGB: *has_alpha = false; return FC_BGRA;
   case PIPE_FORMAT_R5G6B5_UNORM: *has_alpha = false; return FC_R5G6B5;
   case PIPE_FORMAT_B5G6R5_UNORM: *has_alpha = false; return FC_B5G6R5;
   case PIPE_FORMAT_R16G16B16A16_FLOAT: return FC_RGBA16F;
   case PIPE_FORMAT_R11G11B10_FLOAT: *has_alpha = false; return FC_R11G11B10F;
   default: return FC_NONE;
   }
}

static unsigned
depth_kind(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_Z24_UNORM_S8_UINT: case PIPE_FORMAT_Z24X8_UNORM: return FZ_Z24_LOW;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM: case PIPE_FORMAT_X8Z24_UNORM: return FZ_Z24_HIGH;
   case PIPE_FORMAT_Z16_UNORM: return FZ_Z16;
   case PIPE_FORMAT_Z32_FLOAT: return FZ_Z32F;
   default: return FZ_NONE;
   }
}

bool
fxp_fragment_fast_setup(struct fxp_fragment *f)
{
   const struct pipe_blend_state *blend = fxp_fragment_blend(f);
   const struct pipe_depth_stencil_alpha_state *dsa = f->bound->dsa;

   f->fast_frag = false;
   f->fast_depth = FZ_NONE;
   f->fast_stencil = false;
   const struct fxp_engine *eng = fxp_engine_get(fxp_isa_chosen());
   f->fast_ops = eng ? eng->fragment_fast : fxp_fragment_fast;
   f->fast_early_z = eng ? eng->fragment_fast_early_z : fxp_fragment_fast_early_z;
   f->fast_refused = "FXPIPE_DEBUG=nofast";
   if (fxp_debug_flags & FXP_DBG_NOFAST)
      return false;
   f->fast_refused = "the shader writes stencil";
   if (f->fs_stencil >= 0)
      return false;
   /* the depth buffer's fast test: also what early tests use (fxp_fragment_early_zs) */
   if (f->bound->zs_format != PIPE_FORMAT_NONE) {
      const enum pipe_format zf = f->bound->zs_format;
      const bool stencil_on = dsa->stencil[0].enabled || dsa->stencil[1].enabled;
      /* every format depth_kind takes is Z24S8 (either way round), whose stencil test the fast test does, or
       * has no stencil bits, where the general path tests no stencil either */
      if (!dsa->depth_bounds_test)
         f->fast_depth = depth_kind(zf);
      /* the stencil test is part of the fast depth test: none without it (depth bounds) */
      f->fast_stencil = f->fast_depth != FZ_NONE && stencil_on &&
                        (zf == PIPE_FORMAT_Z24_UNORM_S8_UINT || zf == PIPE_FORMAT_S8_UINT_Z24_UNORM);
      /* the stencil bits a Z24 write keeps; util_format writes zeros in an X8 format's padding byte */
      f->fast_depth_keep = zf == PIPE_FORMAT_Z24_UNORM_S8_UINT   ? 0xff000000u
                           : zf == PIPE_FORMAT_S8_UINT_Z24_UNORM ? 0xffu
                                                                 : 0u;
      /* early tests done before shading take any depth-stencil state; late ones here need the fast test */
      f->fast_refused = "late depth-stencil tests with depth bounds, a stencil test on another format than "
                        "Z24S8, or another depth format";
      if (f->fast_depth == FZ_NONE && !f->early_zs)
         return false;
   }
   {
      const unsigned func = dsa->depth_func;
      f->fast_depth_on = dsa->depth_enabled;
      f->fast_depth_write = dsa->depth_writemask;
      f->fast_depth_tt = (uint8_t)((func & 7u) | (func == PIPE_FUNC_NOTEQUAL || func == PIPE_FUNC_ALWAYS ? 8u : 0u));
   }
   f->fast_refused = "logic op or dual-source blending";
   if (blend && (blend->logicop_enable || util_blend_state_is_dual(blend, 0)))
      return false;
   f->fast_refused = "colour buffer format (not RGBA8, BGRA8, RGBX8 or BGRX8, UNORM or sRGB, RGB565, BGR565, "
                     "RGBA16F or R11G11B10F)";
   for (unsigned i = 0; i < f->bound->nr_cbufs; i++) {
      f->fast_color[i] = FC_NONE;
      if (f->bound->cbuf_format[i] == PIPE_FORMAT_NONE || f->fs_color[i] < 0)
         continue;
      f->fast_color[i] = color_kind(f->bound->cbuf_format[i], &f->fast_color_alpha[i], &f->fast_color_srgb[i]);
      if (f->fast_color[i] == FC_NONE)
         return false;
      f->fast_color_clamp[i] = f->rast && f->rast->clamp_fragment_color;
      const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? i : 0] : NULL;
      f->fast_color_plain[i] = !rt || (!rt->blend_enable && rt->colormask == PIPE_MASK_RGBA);
      f->fast_color_over[i] = rt && rt->blend_enable && rt->colormask == PIPE_MASK_RGBA &&
                              rt->rgb_func == PIPE_BLEND_ADD && rt->alpha_func == PIPE_BLEND_ADD &&
                              rt->rgb_src_factor == PIPE_BLENDFACTOR_SRC_ALPHA &&
                              rt->alpha_src_factor == PIPE_BLENDFACTOR_SRC_ALPHA &&
                              rt->rgb_dst_factor == PIPE_BLENDFACTOR_INV_SRC_ALPHA &&
                              rt->alpha_dst_factor == PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   }
   f->fast_frag = true;
   f->fast_refused = NULL;
   return true;
}
#endif

/* The lanes of `lanes` inside the framebuffer (fxp_fragment_lane_in's rule for every lane at once). */
static inline uint32_t
lanes_inside(const struct fxp_fragment *f, const int *x, const int *y, uint32_t lanes)
{
   fxp_vu vx, vy;
   memcpy(&vx, x, sizeof(vx));
   memcpy(&vy, y, sizeof(vy));
   /* negative coordinates are large unsigned ones */
   const fxp_vi in = fxp_lt_u(vx, (fxp_vu){0} + f->fb_width) & fxp_lt_u(vy, (fxp_vu){0} + f->fb_height);
   return lanes & fxp_lane_bits(in);
}

/* The fast depth test of the lanes of `lanes` (inside the framebuffer) at depths z(l), in buffer kind KIND (a
 * constant in each caller, so each kind gets its own loop): the lanes that pass, their depths written where
 * the state writes depth. Distinct lanes are distinct pixels, so their order does not matter. */
#define DEPTH_LOOP(KIND, ZOF)                                                                           \
   do {                                                                                                 \
      const unsigned tt = f->fast_depth_tt;                                                             \
      const bool write = f->fast_depth_write;                                                           \
      for (uint32_t todo = lanes; todo; todo &= todo - 1) {                                             \
         const unsigned l = (unsigned)__builtin_ctz(todo);                                              \
         uint8_t *p = fxp_fragment_zs(f, x[l], y[l]);                                                   \
         const double z = ZOF(l); /* clamped to the depth range */                                      \
         unsigned rel;                                                                                  \
         if (KIND == FZ_Z32F) {                                                                         \
            float stored;                                                                               \
            const float zf = (float)z;                                                                  \
            memcpy(&stored, p, 4);                                                                      \
            rel = zf < stored ? 1u : zf == stored ? 2u : zf > stored ? 4u : 8u;                         \
            if ((tt & rel) && write)                                                                    \
               memcpy(p, &zf, 4);                                                                       \
         } else if (KIND == FZ_Z16) {                                                                   \
            uint16_t stored;                                                                            \
            memcpy(&stored, p, 2);                                                                      \
            const uint16_t zi = (uint16_t)(z * 65535.0 + 0.5); /* z in [0, 1]: llround */               \
            rel = zi < stored ? 1u : zi == stored ? 2u : 4u;                                            \
            if ((tt & rel) && write)                                                                    \
               memcpy(p, &zi, 2);                                                                       \
         } else {                                                                                       \
            uint32_t word;                                                                              \
            memcpy(&word, p, 4);                                                                        \
            const uint32_t stored = KIND == FZ_Z24_LOW ? word & 0xffffff : word >> 8;                   \
            const uint32_t zi = (uint32_t)(z * 16777215.0 + 0.5); /* z in [0, 1]: llround */            \
            rel = zi < stored ? 1u : zi == stored ? 2u : 4u;                                            \
            if ((tt & rel) && write) {                                                                  \
               word = (word & f->fast_depth_keep) | (KIND == FZ_Z24_LOW ? zi : zi << 8);                \
               memcpy(p, &word, 4);                                                                     \
            }                                                                                           \
         }                                                                                              \
         if (!(tt & rel))                                                                               \
            lanes &= ~(1u << l);                                                                        \
      }                                                                                                 \
   } while (0)

#define FULL_LANES ((uint32_t)((1ull << FXP_W) - 1))

/* Whether the batch's four quads are side by side, left to right, from (x[0], y[0]): quad q's top-left pixel
 * at (x[0] + 2 q, y[0]), the layout the rasterizer gives each row of quads of a wholly covered tile
 * (raster/fxp_rasterize.c). Every batch's lane 4 q + i is pixel i of quad q (struct fxp_batch: i = 0 top
 * left, 1 top right, 2 bottom left, 3 bottom right), so the quads' top-left pixels decide it; then the batch's
 * pixels are two rows of 8, and lanes 4 q, 4 q + 1 (4 q + 2, 4 q + 3) are pixels 2 q, 2 q + 1 of the top
 * (bottom) row. */
static inline bool
lanes_two_rows(const int *x, const int *y)
{
   return FXP_W == 16 && x[4] == x[0] + 2 && x[8] == x[0] + 4 && x[12] == x[0] + 6 && y[4] == y[0] &&
          y[8] == y[0] && y[12] == y[0];
}

/* The loads and stores below copy a pixel's bytes into the low bytes of a lane, and the RGBA8 paths take
 * channels out of 32-bit words by shifts: util_format's packed layouts on a little-endian host. */
_Static_assert(UTIL_ARCH_LITTLE_ENDIAN, "fragment/fxp_fragment_fast.c reads pixels in little-endian byte order");

/* Half a lane vector: one 8-pixel row of a full batch in two rows. */
typedef uint32_t rows_half __attribute__((vector_size(FXP_W * 2)));

/* A full batch in two rows (lanes_two_rows) of a 4-byte-a-pixel buffer: its 16 words in lane order (quad q's
 * lanes 4q..4q+3 are its top row's two words, then its bottom row's), loaded a row at a time and interleaved
 * in registers. (Gathered a quad's row at a time into memory and loaded as one vector, as before session 39,
 * the compiler stored two 32-byte halves and loaded them as one 64-byte vector on the AVX-512 table: a load
 * that store forwarding cannot serve, which perf showed as a third of the depth test's time.) */
static inline fxp_vu
rows_load(const uint8_t *origin, size_t stride, const int *x, const int *y)
{
   _Static_assert(FXP_W == 16, "rows_load's interleave is for 16 lanes (lanes_two_rows)");
   const uint8_t *top = origin + (size_t)y[0] * stride + (size_t)x[0] * 4, *bottom = top + stride;
   rows_half t, b;
   memcpy(&t, top, sizeof(t));
   memcpy(&b, bottom, sizeof(b));
   return __builtin_shufflevector(t, b, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
}

static inline void
rows_store(uint8_t *origin, size_t stride, const int *x, const int *y, fxp_vu v)
{
   uint64_t pairs[FXP_W / 2];
   memcpy(pairs, &v, sizeof(pairs));
   uint8_t *top = origin + (size_t)y[0] * stride + (size_t)x[0] * 4, *bottom = top + stride;
   for (unsigned q = 0; q < FXP_W / 4; q++) {
      memcpy(top + 8 * q, &pairs[2 * q], 8);
      memcpy(bottom + 8 * q, &pairs[2 * q + 1], 8);
   }
}

/* The 32-bit words of the lanes of `lanes` of a buffer of 4 bytes a pixel at origin, stride (0 in the other
 * lanes): a full batch in two rows (lanes_two_rows) 8 bytes (a quad's row) at a time, others a word a lane. */
static inline fxp_vu
words_load(const uint8_t *origin, size_t stride, const int *x, const int *y, uint32_t lanes)
{
   if (lanes == FULL_LANES && lanes_two_rows(x, y))
      return rows_load(origin, stride, x, y);
   /* (Other ways to make this vector were measured in session 39, against these words gathered into memory
    * and loaded as one vector, a load store forwarding cannot serve: a branch a pair of lanes, 8 bytes at once
    * where both are taken, 0.88x on glmark2's build scene, whose small triangles make such batches; every lane
    * loaded with no branch, 0.96x.) */
   uint32_t w[FXP_W] = {0};
   for (uint32_t todo = lanes; todo; todo &= todo - 1) {
      const unsigned l = (unsigned)__builtin_ctz(todo);
      memcpy(&w[l], origin + (size_t)y[l] * stride + (size_t)x[l] * 4, 4); /* little-endian byte order */
   }
   fxp_vu v;
   memcpy(&v, w, sizeof(v));
   return v;
}

/* words_load's store: the lanes of `lanes` of v (origin and stride in locals: a store through a uint8_t
 * pointer may alias the fragment state). */
static inline void
words_store(uint8_t *origin, size_t stride, const int *x, const int *y, uint32_t lanes, fxp_vu v)
{
   if (lanes == FULL_LANES && lanes_two_rows(x, y)) {
      rows_store(origin, stride, x, y, v);
      return;
   }
   for (uint32_t todo = lanes; todo; todo &= todo - 1) {
      const unsigned l = (unsigned)__builtin_ctz(todo);
      const uint32_t word = v[l];
      memcpy(origin + (size_t)y[l] * stride + (size_t)x[l] * 4, &word, 4); /* little-endian byte order */
   }
}

/* The pixels of the lanes of `lanes` of a buffer of BPP bytes a pixel (2 or 8), each in the low bytes of its
 * lane of px (0 in the other lanes): a full batch in two rows (lanes_two_rows) a quad's row (2 BPP bytes) at a
 * time, from fixed offsets; others a pixel a lane. Little-endian byte order, as util_format packs. */
static inline void
wide_load(const uint8_t *origin, size_t stride, const unsigned BPP, const int *x, const int *y, uint32_t lanes,
          uint64_t px[FXP_W])
{
   if (lanes == FULL_LANES && lanes_two_rows(x, y)) {
      const uint8_t *top = origin + (size_t)y[0] * stride + (size_t)x[0] * BPP, *bottom = top + stride;
      for (unsigned q = 0; q < FXP_W / 4; q++)
         for (unsigned i = 0; i < 2; i++) {
            uint64_t t = 0, b = 0;
            memcpy(&t, top + BPP * (2 * q + i), BPP);
            memcpy(&b, bottom + BPP * (2 * q + i), BPP);
            px[4 * q + i] = t;
            px[4 * q + 2 + i] = b;
         }
      return;
   }
   for (unsigned l = 0; l < FXP_W; l++)
      px[l] = 0;
   for (uint32_t todo = lanes; todo; todo &= todo - 1) {
      const unsigned l = (unsigned)__builtin_ctz(todo);
      uint64_t v = 0;
      memcpy(&v, origin + (size_t)y[l] * stride + (size_t)x[l] * BPP, BPP);
      px[l] = v;
   }
}

/* wide_load's store: the low BPP bytes of the lanes of `lanes` of px. */
static inline void
wide_store(uint8_t *origin, size_t stride, const unsigned BPP, const int *x, const int *y, uint32_t lanes,
           const uint64_t px[FXP_W])
{
   if (lanes == FULL_LANES && lanes_two_rows(x, y)) {
      uint8_t *top = origin + (size_t)y[0] * stride + (size_t)x[0] * BPP, *bottom = top + stride;
      for (unsigned q = 0; q < FXP_W / 4; q++)
         for (unsigned i = 0; i < 2; i++) {
            memcpy(top + BPP * (2 * q + i), &px[4 * q + i], BPP);
            memcpy(bottom + BPP * (2 * q + i), &px[4 * q + 2 + i], BPP);
         }
      return;
   }
   for (uint32_t todo = lanes; todo; todo &= todo - 1) {
      const unsigned l = (unsigned)__builtin_ctz(todo);
      memcpy(origin + (size_t)y[l] * stride + (size_t)x[l] * BPP, &px[l], BPP);
   }
}

/* The lanes of pass of px (one 32-bit pixel a lane) stored into colour buffer cb (4 bytes a pixel). */
static inline void
store_pixels(const struct fxp_fragment *f, unsigned cb, const int *x, const int *y, uint32_t pass, fxp_vu px)
{
   words_store(f->cbuf_origin[cb], f->cbuf_stride[cb], x, y, pass, px);
}

/* The 32-bit pixels of colour buffer cb at the lanes of pass (0 in the others), as store_pixels stores them. */
static inline fxp_vu
load_pixels(const struct fxp_fragment *f, unsigned cb, const int *x, const int *y, uint32_t pass)
{
   return words_load(f->cbuf_origin[cb], f->cbuf_stride[cb], x, y, pass);
}

/* the interpolated depths already clamped (zc, fxp_fragment_clamp_z for all lanes) */
#define Z_CLAMPED(l) zc[l]
#define Z_FS(l) fxp_fragment_clamp_z(f, fxp_output(e, f->fs_depth, 2)->af[l])

/* DEPTH_LOOP's test and write for the lanes of `lanes` of a 32-bit depth buffer (Z24 with 8 bits beside it,
 * either way round, or Z32_FLOAT) from the depths zv already clamped, the arithmetic as lane vectors: the
 * same values, comparisons and stores. A full batch in two rows (a wholly covered tile) loads and stores
 * its words 8 bytes a quad row (its failing lanes rewritten unchanged); other batches a word a lane. */
static inline __attribute__((always_inline)) uint32_t
depth_vec(const struct fxp_fragment *f, fxp_vd zv, const int *x, const int *y, uint32_t lanes)
{
   const unsigned tt = f->fast_depth_tt;
   const bool rows = lanes == FULL_LANES && lanes_two_rows(x, y);
   uint8_t *const origin = f->zs_origin;
   const size_t stride = f->zs_stride;
   fxp_vu word = words_load(origin, stride, x, y, lanes);
   fxp_vu zbits;
   fxp_vi lt, eq, gt, pass;
   if (f->fast_depth == FZ_Z32F) {
      const fxp_vf zf = __builtin_convertvector(zv, fxp_vf), stored = (fxp_vf)word;
      lt = fxp_lt_f(zf, stored), eq = fxp_eq_f(zf, stored), gt = fxp_gt_f(zf, stored);
      zbits = (fxp_vu)zf;
      pass = ((tt & 1) ? lt : (fxp_vi){0}) | ((tt & 2) ? eq : (fxp_vi){0}) | ((tt & 4) ? gt : (fxp_vi){0}) |
             ((tt & 8) ? ~(lt | eq | gt) : (fxp_vi){0}); /* unordered: a NaN stored */
   } else {
      const bool low = f->fast_depth == FZ_Z24_LOW;
      const fxp_vu stored = low ? word & 0xffffffu : word >> 8;
      /* z in [0, 1]: (uint32_t)(z * 16777215.0 + 0.5) as DEPTH_LOOP rounds it, in int32 range */
      const fxp_vu zi = (fxp_vu)__builtin_convertvector(zv * 16777215.0 + 0.5, fxp_vi);
      lt = fxp_lt_u(zi, stored), eq = (fxp_vi)(zi == stored), gt = fxp_gt_u(zi, stored);
      zbits = (word & f->fast_depth_keep) | (low ? zi : zi << 8);
      pass = ((tt & 1) ? lt : (fxp_vi){0}) | ((tt & 2) ? eq : (fxp_vi){0}) | ((tt & 4) ? gt : (fxp_vi){0});
   }
   const uint32_t passed = fxp_lane_bits(pass) & lanes;
   if (f->fast_depth_write && passed) {
      if (rows) {
         rows_store(origin, stride, x, y, fxp_sel_u(pass, zbits, word));
      } else {
         for (uint32_t todo = passed; todo; todo &= todo - 1) {
            const unsigned l = (unsigned)__builtin_ctz(todo);
            const uint32_t v = zbits[l];
            memcpy(origin + (size_t)y[l] * stride + (size_t)x[l] * 4, &v, 4);
         }
      }
   }
   return passed;
}

/* fxp_compare(func, a, b) of small non-negative integers (a stencil reference and values, masked), every
 * lane: ~0 where it holds. */
static inline fxp_vi
vstencil_compare(unsigned func, fxp_vi a, fxp_vi b)
{
   switch (func) {
   case PIPE_FUNC_NEVER: return fxp_splat_i(0);
   case PIPE_FUNC_LESS: return fxp_lt_i(a, b);
   case PIPE_FUNC_EQUAL: return fxp_eq_i(a, b);
   case PIPE_FUNC_LEQUAL: return fxp_le_i(a, b);
   case PIPE_FUNC_GREATER: return fxp_gt_i(a, b);
   case PIPE_FUNC_NOTEQUAL: return fxp_ne_i(a, b);
   case PIPE_FUNC_GEQUAL: return fxp_ge_i(a, b);
   default: return fxp_splat_i(-1);
   }
}

/* fxp_stencil_op on every lane's stencil value s (0..255), in the low 8 bits (the rest is masked off by the
 * caller). */
static inline fxp_vu
vstencil_op(unsigned op, fxp_vu s, uint8_t ref)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO: return (fxp_vu){0};
   case PIPE_STENCIL_OP_REPLACE: return (fxp_vu){0} + ref;
   case PIPE_STENCIL_OP_INCR: return fxp_sel_u(fxp_eq_i((fxp_vi)s, fxp_splat_i(0xff)), s, s + 1);
   case PIPE_STENCIL_OP_DECR: return fxp_sel_u(fxp_eq_i((fxp_vi)s, fxp_splat_i(0)), s, s - 1);
   case PIPE_STENCIL_OP_INCR_WRAP: return s + 1;
   case PIPE_STENCIL_OP_DECR_WRAP: return s - 1;
   case PIPE_STENCIL_OP_INVERT: return ~s;
   default: return s; /* KEEP */
   }
}

/* The general path's depth_stencil (fxp_fragment.c) on the lanes of `lanes` of a Z24S8 buffer of kind KIND
 * (a constant in each caller: stencil in bits 24-31 for FZ_Z24_LOW, 0-7 for FZ_Z24_HIGH), at depths zv
 * already clamped, as lane vectors: the stencil test of the face (the back face's state where it is enabled,
 * as there), the depth test and write where the stencil test passes, then the stencil-fail, depth-fail or
 * depth-pass operation through the write mask. Every tested lane's word is stored (unchanged where nothing
 * changed it, as the general path's writes leave it), through words_load and words_store. Returns the lanes
 * that pass. */
static inline uint32_t
stencil_vec(const struct fxp_fragment *f, const unsigned KIND, fxp_vd zv, const int *x, const int *y,
            uint32_t lanes, bool front)
{
   const struct pipe_depth_stencil_alpha_state *dsa = f->bound->dsa;
   const struct pipe_stencil_state *st = &dsa->stencil[0];
   unsigned face = 0;
   if (!front && dsa->stencil[1].enabled) {
      st = &dsa->stencil[1];
      face = 1;
   }
   const bool stencil = st->enabled, depth = f->fast_depth_on, write = f->fast_depth_write;
   const uint8_t ref = f->stencil_ref.ref_value[face], vm = st->valuemask, wm = st->writemask;
   const unsigned tt = f->fast_depth_tt;
   const unsigned s_shift = KIND == FZ_Z24_LOW ? 24 : 0, z_shift = KIND == FZ_Z24_LOW ? 0 : 8;
   const uint32_t s_bits = 0xffu << s_shift, z_bits = 0xffffffu << z_shift;
   uint8_t *const origin = f->zs_origin;
   const size_t stride = f->zs_stride;
   fxp_vu word = words_load(origin, stride, x, y, lanes);
   const fxp_vu s = (word >> s_shift) & 0xffu;
   const fxp_vi all = fxp_splat_i(-1);
   const fxp_vi s_pass = stencil ? vstencil_compare(st->func, fxp_splat_i(ref & vm), (fxp_vi)(s & vm)) : all;
   fxp_vi z_pass = all;
   if (depth) {
      const fxp_vu stored = (word & z_bits) >> z_shift;
      /* z in [0, 1]: (uint32_t)(z * 16777215.0 + 0.5) as DEPTH_LOOP rounds it, in int32 range */
      const fxp_vu zi = (fxp_vu)__builtin_convertvector(zv * 16777215.0 + 0.5, fxp_vi);
      z_pass = ((tt & 1) ? fxp_lt_u(zi, stored) : (fxp_vi){0}) | ((tt & 2) ? (fxp_vi)(zi == stored) : (fxp_vi){0}) |
               ((tt & 4) ? fxp_gt_u(zi, stored) : (fxp_vi){0});
      if (write)
         word = fxp_sel_u(s_pass & z_pass, (word & ~z_bits) | zi << z_shift, word);
   }
   if (stencil) {
      const fxp_vu after_z = fxp_sel_u(z_pass, vstencil_op(st->zpass_op, s, ref), vstencil_op(st->zfail_op, s, ref));
      const fxp_vu ns = fxp_sel_u(s_pass, after_z, vstencil_op(st->fail_op, s, ref));
      word = (word & ~s_bits) | (((s & (uint8_t)~wm) | (ns & wm)) & 0xffu) << s_shift;
   }
   words_store(origin, stride, x, y, lanes, word);
   return fxp_lane_bits(s_pass & z_pass) & lanes;
}

/* The fast depth(-stencil) test on lanes (inside the framebuffer) with depths from the rasterizer (e NULL) or
 * from the shader's depth output where it writes one: the lanes that pass. */
static uint32_t
depth_lanes(const struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y,
            const double *zin, uint32_t lanes, bool front)
{
   if (f->fast_stencil) {
      fxp_vd zv;
      if (e && f->fs_depth >= 0) {
         double zc[FXP_W];
         for (unsigned l = 0; l < FXP_W; l++)
            zc[l] = Z_FS(l);
         memcpy(&zv, zc, sizeof(zv));
      } else {
         memcpy(&zv, zin, sizeof(zv));
         zv = fxp_clamp_d(zv, f->zmin, f->zmax);
      }
      return f->fast_depth == FZ_Z24_LOW ? stencil_vec(f, FZ_Z24_LOW, zv, x, y, lanes, front)
                                         : stencil_vec(f, FZ_Z24_HIGH, zv, x, y, lanes, front);
   }
   if (!f->fast_depth_on)
      return lanes;
   if (e && f->fs_depth >= 0) {
      switch (f->fast_depth) {
      case FZ_Z32F: DEPTH_LOOP(FZ_Z32F, Z_FS); break;
      case FZ_Z16: DEPTH_LOOP(FZ_Z16, Z_FS); break;
      case FZ_Z24_LOW: DEPTH_LOOP(FZ_Z24_LOW, Z_FS); break;
      default: DEPTH_LOOP(FZ_Z24_HIGH, Z_FS); break;
      }
      return lanes;
   }
   /* fxp_fragment_clamp_z on all lanes: CLAMP(v, zmin, zmax) gives zmin for NaN, so its NaN rule is kept */
   fxp_vd zv;
   memcpy(&zv, zin, sizeof(zv));
   zv = fxp_clamp_d(zv, f->zmin, f->zmax);
   if (f->zs_bpp == 4 && f->fast_depth != FZ_Z16)
      return depth_vec(f, zv, x, y, lanes);
   double zc[FXP_W];
   memcpy(zc, &zv, sizeof(zc));
   switch (f->fast_depth) {
   case FZ_Z32F: DEPTH_LOOP(FZ_Z32F, Z_CLAMPED); break;
   case FZ_Z16: DEPTH_LOOP(FZ_Z16, Z_CLAMPED); break;
   case FZ_Z24_LOW: DEPTH_LOOP(FZ_Z24_LOW, Z_CLAMPED); break;
   default: DEPTH_LOOP(FZ_Z24_HIGH, Z_CLAMPED); break;
   }
   return lanes;
}

/* float_to_ubyte (util/u_math.h) on a lane vector: the same bytes. */
static inline fxp_vu
vec_to_ubyte(fxp_vf f)
{
   const fxp_vf t = f * (255.0f / 256.0f) + 32768.0f;
   fxp_vu b = (fxp_vu)t & 0xff;
   b = fxp_sel_u(fxp_ge_f(f, fxp_splat_f(1.0f)), (fxp_vu){0} + 255u, b);
   return b & (fxp_vu)fxp_gt_f(f, fxp_splat_f(0.0f)); /* NaN and <= 0 give 0 */
}

/* util_format_linear_float_to_srgb_8unorm (util/format_srgb.h, what util_format's sRGB packs use) on each
 * lane: the same bytes. */
static inline fxp_vu
vec_to_srgb(fxp_vf x)
{
   float v[FXP_W];
   uint32_t b[FXP_W];
   fxp_vu r;
   memcpy(v, &x, sizeof(v));
   for (unsigned l = 0; l < FXP_W; l++)
      b[l] = util_format_linear_float_to_srgb_8unorm(v[l]);
   memcpy(&r, b, sizeof(r));
   return r;
}

/* An sRGB byte (each lane's low 8 bits) as util_format's sRGB unpacks read it: Mesa's decoding table. */
static inline fxp_vf
vec_from_srgb(fxp_vu bytes)
{
   float v[FXP_W];
   fxp_vf r;
   for (unsigned l = 0; l < FXP_W; l++)
      v[l] = util_format_srgb_8unorm_to_linear_float_table[bytes[l] & 0xff];
   memcpy(&r, v, sizeof(r));
   return r;
}

/* Mesa's CLAMP(x, 0, 1) on a lane vector: x > 0 ? (x > 1 ? 1 : x) : 0, so NaN gives 0. */
static inline fxp_vf
clamp01(fxp_vf x)
{
   const fxp_vf one = fxp_splat_f(1.0f);
   return fxp_sel_f(fxp_gt_f(x, fxp_splat_f(0.0f)), fxp_sel_f(fxp_gt_f(x, one), one, x), fxp_splat_f(0.0f));
}

/* fxp_blend_factor for all lanes: the same values. */
static inline fxp_vf
vblend_factor(unsigned f, unsigned c, const fxp_vf s[4], const fxp_vf d[4], const fxp_vf cc[4])
{
   const fxp_vf one = fxp_splat_f(1.0f);
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: return one;
   case PIPE_BLENDFACTOR_SRC_COLOR: return s[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA: return s[3];
   case PIPE_BLENDFACTOR_DST_ALPHA: return d[3];
   case PIPE_BLENDFACTOR_DST_COLOR: return d[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: {
      if (c == 3)
         return one;
      const fxp_vf t = 1.0f - d[3]; /* MIN2(a, b): a < b ? a : b */
      return fxp_sel_f(fxp_lt_f(s[3], t), s[3], t);
   }
   case PIPE_BLENDFACTOR_CONST_COLOR: return cc[c];
   case PIPE_BLENDFACTOR_CONST_ALPHA: return cc[3];
   case PIPE_BLENDFACTOR_INV_SRC_COLOR: return 1.0f - s[c];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA: return 1.0f - s[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA: return 1.0f - d[3];
   case PIPE_BLENDFACTOR_INV_DST_COLOR: return 1.0f - d[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: return 1.0f - cc[c];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA: return 1.0f - cc[3];
   /* the second source is the first here, as the scalar path had it (dual-source blending, which reads
    * COLOR[1] for render target 0, never takes a fast path) */
   case PIPE_BLENDFACTOR_SRC1_COLOR: return s[c];
   case PIPE_BLENDFACTOR_SRC1_ALPHA: return s[3];
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR: return 1.0f - s[c];
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA: return 1.0f - s[3];
   default: return fxp_splat_f(0.0f); /* ZERO */
   }
}

/* fxp_blend_equation for all lanes. */
static inline fxp_vf
vblend_equation(unsigned func, fxp_vf s, fxp_vf sf, fxp_vf d, fxp_vf df)
{
   switch (func) {
   case PIPE_BLEND_SUBTRACT: return s * sf - d * df;
   case PIPE_BLEND_REVERSE_SUBTRACT: return d * df - s * sf;
   case PIPE_BLEND_MIN: return fxp_sel_f(fxp_lt_f(s, d), s, d); /* MIN2 */
   case PIPE_BLEND_MAX: return fxp_sel_f(fxp_gt_f(s, d), s, d); /* MAX2 */
   default: return s * sf + d * df;
   }
}

/* fxp_blend_rgba for all lanes: each channel's factors and equation (alpha's for channel 3). */
static inline void
vblend_rgba(const struct pipe_rt_blend_state *rt, const fxp_vf s[4], const fxp_vf d[4], const fxp_vf cc[4],
            fxp_vf o[4])
{
   for (unsigned c = 0; c < 4; c++) {
      const bool a = c == 3;
      const fxp_vf sf = vblend_factor(a ? rt->alpha_src_factor : rt->rgb_src_factor, c, s, d, cc);
      const fxp_vf df = vblend_factor(a ? rt->alpha_dst_factor : rt->rgb_dst_factor, c, s, d, cc);
      o[c] = vblend_equation(a ? rt->alpha_func : rt->rgb_func, s[c], sf, d[c], df);
   }
}

/* Colour buffer cb's pixels of the lanes of `pass` with any blend state and colour mask (no logic op, no
 * dual source): the general path's arithmetic (fxp_fragment.c: sources clamped to [0, 1], destination bytes
 * / 255, fxp_blend_rgba, float_to_ubyte; channels outside the mask keep their bytes; X formats read alpha
 * 1 and write 0), all lanes at once, one 32-bit load and store a pixel. */
static void
write_color_vec(const struct fxp_fragment *f, struct fxp_exec *e, unsigned cb, const int *x, const int *y,
                uint32_t pass)
{
   const struct pipe_blend_state *blend = fxp_fragment_blend(f);
   const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? cb : 0] : NULL;
   const unsigned colormask = rt ? rt->colormask : PIPE_MASK_RGBA;
   const bool bgra = f->fast_color[cb] == FC_BGRA, has_alpha = f->fast_color_alpha[cb];
   const bool srgb = f->fast_color_srgb[cb];
   if (!colormask)
      return;
   const fxp_vu dw = load_pixels(f, cb, x, y, pass);
   /* the bytes of R, G, B, A */
   const unsigned shift[4] = {bgra ? 16u : 0u, 8u, bgra ? 0u : 16u, 24u};
   fxp_vu db[4], r[4];
   fxp_vf sv[4], o[4];
   for (unsigned c = 0; c < 4; c++) {
      db[c] = (dw >> shift[c]) & 0xff;
      sv[c] = clamp01(fxp_output(e, f->fs_color[cb], c)->f); /* NaN becomes 0, as float_to_ubyte makes it */
   }
   if (rt && rt->blend_enable) {
      fxp_vf d[4], cc[4];
      for (unsigned c = 0; c < 4; c++) {
         d[c] = c == 3 && !has_alpha ? fxp_splat_f(1.0f)
                : c < 3 && srgb      ? vec_from_srgb(db[c])
                                     : __builtin_convertvector((fxp_vi)db[c], fxp_vf) * (1.0f / 255.0f);
         cc[c] = fxp_splat_f(CLAMP(f->blend_color.color[c], 0.0f, 1.0f));
      }
      vblend_rgba(rt, sv, d, cc, o);
   } else {
      memcpy(o, sv, sizeof(o));
   }
   fxp_vu px = (fxp_vu){0};
   for (unsigned c = 0; c < 4; c++) {
      if (c == 3 && !has_alpha)
         r[c] = (fxp_vu){0}; /* util_format writes 0 in the X byte, masked or not */
      else if (!(colormask & (PIPE_MASK_R << c)))
         r[c] = db[c];
      else
         r[c] = c < 3 && srgb ? vec_to_srgb(o[c]) : vec_to_ubyte(o[c]);
      px |= r[c] << shift[c];
   }
   store_pixels(f, cb, x, y, pass, px);
}

/* The float value of channel c of a 5-6-5 pixel (each lane's low 16 bits), as util_format's unpack gives it:
 * (float)(v * (1.0f / 31)) (63 for G); alpha 1. */
static inline fxp_vf
vec_from_565(fxp_vu px, unsigned c, bool bgr)
{
   if (c == 3)
      return fxp_splat_f(1.0f);
   const unsigned shift = c == 1 ? 5 : (c == 0) == bgr ? 11 : 0;
   const unsigned max = c == 1 ? 0x3f : 0x1f;
   const fxp_vf v = __builtin_convertvector((fxp_vi)((px >> shift) & max), fxp_vf);
   return v * (1.0f / (float)max);
}

/* util_format's 5-6-5 pack of channel c (already at its place): (uint16_t)util_iround(CLAMP(v, 0, 1) * max)
 * & max, where util_iround of a value >= 0 is (int)(v + 0.5f). */
static inline fxp_vu
vec_to_565(fxp_vf v, unsigned c, bool bgr)
{
   const unsigned shift = c == 1 ? 5 : (c == 0) == bgr ? 11 : 0;
   const unsigned max = c == 1 ? 0x3f : 0x1f;
   const fxp_vf t = clamp01(v) * (float)max + 0.5f;
   return ((fxp_vu)__builtin_convertvector(t, fxp_vi) & max) << shift;
}

/* Halves to floats and floats to halves rounded toward zero, for every lane: on the engine's AVX2 and
 * AVX-512 tables (compiled with F16C, which they require) by VCVTPH2PS and VCVTPS2PH with rounding 3, the
 * instructions Mesa's _mesa_half_to_float and _mesa_float_to_float16_rtz run on CPUs with F16C, so the same
 * bits as the general path; elsewhere by those two functions, lane by lane. */
static inline void
vec_halves_to_float(const uint16_t h[FXP_W], fxp_vf *out)
{
#if defined(__F16C__) && defined(__AVX512F__) && FXP_W == 16
   __m256i in;
   memcpy(&in, h, sizeof(in));
   const __m512 v = _mm512_cvtph_ps(in);
   memcpy(out, &v, sizeof(*out));
#elif defined(__F16C__) && defined(__AVX__) && FXP_W % 8 == 0
   float f[FXP_W];
   for (unsigned k = 0; k < FXP_W / 8; k++) {
      __m128i in;
      memcpy(&in, h + 8 * k, sizeof(in));
      const __m256 v = _mm256_cvtph_ps(in);
      memcpy(f + 8 * k, &v, sizeof(v));
   }
   memcpy(out, f, sizeof(*out));
#else
   float f[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++)
      f[l] = _mesa_half_to_float(h[l]);
   memcpy(out, f, sizeof(*out));
#endif
}

static inline void
vec_float_to_halves_rtz(fxp_vf v, uint16_t h[FXP_W])
{
#if defined(__F16C__) && defined(__AVX512F__) && FXP_W == 16
   __m512 in;
   memcpy(&in, &v, sizeof(in));
   const __m256i o = _mm512_cvtps_ph(in, 3); /* toward zero */
   memcpy(h, &o, sizeof(o));
#elif defined(__F16C__) && defined(__AVX__) && FXP_W % 8 == 0
   float f[FXP_W];
   memcpy(f, &v, sizeof(f));
   for (unsigned k = 0; k < FXP_W / 8; k++) {
      __m256 in;
      memcpy(&in, f + 8 * k, sizeof(in));
      const __m128i o = _mm256_cvtps_ph(in, 3); /* toward zero */
      memcpy(h + 8 * k, &o, sizeof(o));
   }
#else
   float f[FXP_W];
   memcpy(f, &v, sizeof(f));
   for (unsigned l = 0; l < FXP_W; l++)
      h[l] = _mesa_float_to_float16_rtz(f[l]);
#endif
}

#if defined(__F16C__) && defined(__AVX512F__) && FXP_W == 16
/* A full batch in two rows (lanes_two_rows) of an RGBA16F buffer, on the AVX-512 table: each row's 8 pixels
 * one 64-byte load or store, the lanes' order (lane 4 q + i: pixel 2 q + (i & 1) of the top row for i < 2,
 * else of the bottom row) by two permutes, each channel's halves narrowed or widened and converted (the same
 * instructions as vec_halves_to_float and vec_float_to_halves_rtz) in registers. The general form builds each
 * channel's halves with 16 two-byte stores and loads them back as a vector, which waits for the stores to reach
 * the cache (store-to-load forwarding fails): perf on blend-rgba16f put a quarter of this file's samples on
 * the instruction after those loads. */
static inline void
rgba16f_rows_load(const uint8_t *top, size_t stride, fxp_vf d[4])
{
   const __m512i t = _mm512_loadu_si512(top), b = _mm512_loadu_si512(top + stride);
   /* lanes 0-7: t0 t1 b0 b1 t2 t3 b2 b3; lanes 8-15: t4 t5 b4 b5 t6 t7 b6 b7 (b's pixels are 8 on) */
   const __m512i lo = _mm512_permutex2var_epi64(t, _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), b);
   const __m512i hi = _mm512_permutex2var_epi64(t, _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), b);
   for (unsigned c = 0; c < 4; c++) {
      const __m128i shift = _mm_cvtsi32_si128((int)(16 * c));
      const __m128i h_lo = _mm512_cvtepi64_epi16(_mm512_srl_epi64(lo, shift));
      const __m128i h_hi = _mm512_cvtepi64_epi16(_mm512_srl_epi64(hi, shift));
      const __m256i h = _mm256_inserti128_si256(_mm256_castsi128_si256(h_lo), h_hi, 1);
      const __m512 f = _mm512_cvtph_ps(h);
      memcpy(&d[c], &f, sizeof(f));
   }
}

static inline void
rgba16f_rows_store(uint8_t *top, size_t stride, const fxp_vf o[4])
{
   __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512();
   for (unsigned c = 0; c < 4; c++) {
      __m512 f;
      memcpy(&f, &o[c], sizeof(f));
      const __m256i h = _mm512_cvtps_ph(f, 3); /* toward zero */
      const __m128i shift = _mm_cvtsi32_si128((int)(16 * c));
      lo = _mm512_or_si512(lo, _mm512_sll_epi64(_mm512_cvtepu16_epi64(_mm256_castsi256_si128(h)), shift));
      hi = _mm512_or_si512(hi, _mm512_sll_epi64(_mm512_cvtepu16_epi64(_mm256_extracti128_si256(h, 1)), shift));
   }
   /* the top row: lanes 0 1 4 5 8 9 12 13; the bottom row: 2 3 6 7 10 11 14 15 (hi's lanes are 8 on) */
   const __m512i t = _mm512_permutex2var_epi64(lo, _mm512_set_epi64(13, 12, 9, 8, 5, 4, 1, 0), hi);
   const __m512i b = _mm512_permutex2var_epi64(lo, _mm512_set_epi64(15, 14, 11, 10, 7, 6, 3, 2), hi);
   _mm512_storeu_si512(top, t);
   _mm512_storeu_si512(top + stride, b);
}

/* The same for a 5-6-5 buffer's pixels (2 bytes), each in the low bits of a 32-bit lane: a row's 8 pixels are
 * 16 bytes, and a quad's row of 2 pixels is one 32-bit pair, so the lanes' order interleaves the rows' pairs. */
static inline fxp_vu
rgb565_rows_load(const uint8_t *top, size_t stride)
{
   const __m128i t = _mm_loadu_si128((const __m128i *)top), b = _mm_loadu_si128((const __m128i *)(top + stride));
   /* pairs T0 B0 T1 B1 | T2 B2 T3 B3 */
   const __m256i h = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_unpacklo_epi32(t, b)),
                                             _mm_unpackhi_epi32(t, b), 1);
   const __m512i w = _mm512_cvtepu16_epi32(h);
   fxp_vu px;
   memcpy(&px, &w, sizeof(px));
   return px;
}

static inline void
rgb565_rows_store(uint8_t *top, size_t stride, fxp_vu px)
{
   __m512i w;
   memcpy(&w, &px, sizeof(w));
   /* pairs T0 B0 T1 B1 T2 B2 T3 B3 to T0 T1 T2 T3 | B0 B1 B2 B3 */
   const __m256i pairs = _mm512_cvtepi32_epi16(w);
   const __m256i h = _mm256_permutevar8x32_epi32(pairs, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
   _mm_storeu_si128((__m128i *)top, _mm256_castsi256_si128(h));
   _mm_storeu_si128((__m128i *)(top + stride), _mm256_extracti128_si256(h, 1));
}
#define RGBA16F_ROWS 1
#define RGB565_ROWS 1
#elif defined(__F16C__) && defined(__AVX2__) && FXP_W == 16
/* rgba16f_rows_load and rgba16f_rows_store on the AVX2 table: a row's 8 pixels two 32-byte loads or stores;
 * 128-bit halves moved between the rows, bytes shuffled within them and 32-bit pairs across them, so that
 * each channel's halves for 8 lanes end in one 128-bit half for VCVTPH2PS (and back for VCVTPS2PH). */
static inline void
rgba16f_rows_load(const uint8_t *top, size_t stride, fxp_vf d[4])
{
   const uint8_t *bottom = top + stride;
   /* in each 128-bit half (two pixels of 4 halves, R G B A) the channels' pairs: R0 R1 G0 G1 B0 B1 A0 A1 */
   const __m256i pairs = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                          0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
   /* then the 32-bit pairs of both halves by channel: 64-bit words R, G, B, A of the group's 4 lanes */
   const __m256i by_channel = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
   for (unsigned h = 0; h < 2; h++) { /* lanes 8 h to 8 h + 7: pixels 4 h to 4 h + 3 of each row */
      const __m256i t = _mm256_loadu_si256((const __m256i *)(top + 32 * h));
      const __m256i b = _mm256_loadu_si256((const __m256i *)(bottom + 32 * h));
      /* lanes 8 h + 0-3: t0 t1 b0 b1; 8 h + 4-7: t2 t3 b2 b3 */
      const __m256i g0 = _mm256_permute2x128_si256(t, b, 0x20), g1 = _mm256_permute2x128_si256(t, b, 0x31);
      const __m256i c0 = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(g0, pairs), by_channel);
      const __m256i c1 = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(g1, pairs), by_channel);
      const __m256i rb = _mm256_unpacklo_epi64(c0, c1), ga = _mm256_unpackhi_epi64(c0, c1);
      const __m256 f[4] = {_mm256_cvtph_ps(_mm256_castsi256_si128(rb)), _mm256_cvtph_ps(_mm256_castsi256_si128(ga)),
                           _mm256_cvtph_ps(_mm256_extracti128_si256(rb, 1)),
                           _mm256_cvtph_ps(_mm256_extracti128_si256(ga, 1))};
      for (unsigned c = 0; c < 4; c++)
         memcpy((float *)&d[c] + 8 * h, &f[c], sizeof(f[c]));
   }
}

static inline void
rgba16f_rows_store(uint8_t *top, size_t stride, const fxp_vf o[4])
{
   uint8_t *bottom = top + stride;
   /* the loads' steps backward */
   const __m256i by_pixel = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
   const __m256i unpair = _mm256_setr_epi8(0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15,
                                           0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15);
   for (unsigned h = 0; h < 2; h++) {
      __m128i hv[4];
      for (unsigned c = 0; c < 4; c++) {
         __m256 f;
         memcpy(&f, (const float *)&o[c] + 8 * h, sizeof(f));
         hv[c] = _mm256_cvtps_ph(f, 3); /* toward zero */
      }
      const __m256i rb = _mm256_inserti128_si256(_mm256_castsi128_si256(hv[0]), hv[2], 1);
      const __m256i ga = _mm256_inserti128_si256(_mm256_castsi128_si256(hv[1]), hv[3], 1);
      const __m256i c0 = _mm256_unpacklo_epi64(rb, ga), c1 = _mm256_unpackhi_epi64(rb, ga);
      const __m256i g0 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(c0, by_pixel), unpair);
      const __m256i g1 = _mm256_shuffle_epi8(_mm256_permutevar8x32_epi32(c1, by_pixel), unpair);
      _mm256_storeu_si256((__m256i *)(top + 32 * h), _mm256_permute2x128_si256(g0, g1, 0x20));
      _mm256_storeu_si256((__m256i *)(bottom + 32 * h), _mm256_permute2x128_si256(g0, g1, 0x31));
   }
}

/* rgb565_rows_load and rgb565_rows_store on the AVX2 table: each row's 8 pixels one 16-byte load or store, as
 * on the AVX-512 table; the 32-bit pairs interleaved by row (T0 B0 T1 B1 for lanes 0-7, T2 B2 T3 B3 for 8-15)
 * and widened a half of the lanes at a time. */
static inline fxp_vu
rgb565_rows_load(const uint8_t *top, size_t stride)
{
   const __m128i t = _mm_loadu_si128((const __m128i *)top), b = _mm_loadu_si128((const __m128i *)(top + stride));
   const __m256i lo = _mm256_cvtepu16_epi32(_mm_unpacklo_epi32(t, b));
   const __m256i hi = _mm256_cvtepu16_epi32(_mm_unpackhi_epi32(t, b));
   fxp_vu px;
   memcpy(&px, &lo, sizeof(lo));
   memcpy((uint32_t *)&px + 8, &hi, sizeof(hi));
   return px;
}

static inline void
rgb565_rows_store(uint8_t *top, size_t stride, fxp_vu px)
{
   __m256i lo, hi;
   memcpy(&lo, &px, sizeof(lo));
   memcpy(&hi, (const uint32_t *)&px + 8, sizeof(hi));
   /* packed to 16 bits within each 128-bit half (every lane below 2^16): pairs T0 B0 T2 B2 | T1 B1 T3 B3,
    * then T0 T1 T2 T3 | B0 B1 B2 B3 */
   const __m256i pairs = _mm256_packus_epi32(lo, hi);
   const __m256i h = _mm256_permutevar8x32_epi32(pairs, _mm256_setr_epi32(0, 4, 2, 6, 1, 5, 3, 7));
   _mm_storeu_si128((__m128i *)top, _mm256_castsi256_si128(h));
   _mm_storeu_si128((__m128i *)(top + stride), _mm256_extracti128_si256(h, 1));
}
#define RGBA16F_ROWS 1
#define RGB565_ROWS 1
#else
#define RGBA16F_ROWS 0
#define RGB565_ROWS 0
#endif

/* Colour buffer cb's pixels of the lanes of `pass` in the formats of write_color_other's table (any blend
 * state and colour mask, no logic op, no dual source), with the general path's arithmetic (fxp_fragment.c):
 * sources clamped to [0, 1] for UNORM buffers, and for float ones when the rasterizer clamps fragment
 * colours; the constant colour clamped for UNORM buffers only; the destination unpacked, blended and packed
 * as util_format does, the channels outside the mask keeping their unpacked values. Pixels are loaded and
 * stored a quad's row at a time for a full batch in two rows (on the AVX-512 and AVX2 tables, a row at a
 * time in registers: rgba16f_rows_load and the like), else a pixel a lane (RGBA16F and 5-6-5: wide_load,
 * wide_store; R11G11B10F: load_pixels, store_pixels); the 5-6-5 and R11G11B10F conversions run as
 * lane vectors (fxp_lane_formats.h, the bits of Mesa's r11g11b10f_to_float3 and float3_to_r11g11b10f), halves
 * too (vec_halves_to_float and vec_float_to_halves_rtz: the instructions or the functions util_format's
 * conversions run). */
static void
write_color_other(const struct fxp_fragment *f, struct fxp_exec *e, unsigned cb, const int *x, const int *y,
                  uint32_t pass)
{
   const struct pipe_blend_state *blend = fxp_fragment_blend(f);
   const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? cb : 0] : NULL;
   const unsigned colormask = rt ? rt->colormask : PIPE_MASK_RGBA;
   const unsigned kind = f->fast_color[cb];
   const bool unorm = kind == FC_R5G6B5 || kind == FC_B5G6R5, bgr = kind == FC_B5G6R5;
   if (!colormask)
      return;
   uint8_t *const origin = f->cbuf_origin[cb];
   const size_t stride = f->cbuf_stride[cb];
   const bool blending = rt && rt->blend_enable;
   const bool need_dst = blending || (colormask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA;
   /* a full batch in two rows: loaded and stored a row at a time where the table has the forms for it */
   UNUSED const bool rows = pass == FULL_LANES && lanes_two_rows(x, y);

   /* the sources, clamped as the general path clamps them */
   fxp_vf sv[4], d[4], o[4];
   for (unsigned c = 0; c < 4; c++) {
      sv[c] = fxp_output(e, f->fs_color[cb], c)->f;
      if (unorm || f->fast_color_clamp[cb])
         sv[c] = clamp01(sv[c]);
   }
   /* the destination, unpacked */
   if (need_dst) {
      if (kind == FC_R11G11B10F) {
         const fxp_vu px = load_pixels(f, cb, x, y, pass);
         d[0] = fxp_vuf_to_float(px & 0x7ffu, 6);
         d[1] = fxp_vuf_to_float((px >> 11) & 0x7ffu, 6);
         d[2] = fxp_vuf_to_float(px >> 22, 5);
         d[3] = fxp_splat_f(1.0f);
      } else if (unorm) {
         fxp_vu px;
#if RGB565_ROWS
         if (rows)
            px = rgb565_rows_load(origin + (size_t)y[0] * stride + (size_t)x[0] * 2, stride);
         else
#endif
         {
            uint64_t w[FXP_W];
            wide_load(origin, stride, 2, x, y, pass, w);
            for (unsigned l = 0; l < FXP_W; l++)
               px[l] = (uint32_t)w[l];
         }
         for (unsigned c = 0; c < 4; c++)
            d[c] = vec_from_565(px, c, bgr);
#if RGBA16F_ROWS
      } else if (rows) {
         rgba16f_rows_load(origin + (size_t)y[0] * stride + (size_t)x[0] * 8, stride, d);
#endif
      } else {
         uint64_t w[FXP_W];
         wide_load(origin, stride, 8, x, y, pass, w);
         uint16_t hl[4][FXP_W];
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < FXP_W; l++)
               hl[c][l] = (uint16_t)(w[l] >> (16 * c));
         for (unsigned c = 0; c < 4; c++)
            vec_halves_to_float(hl[c], &d[c]);
      }
   }
   if (blending) {
      fxp_vf cc[4];
      for (unsigned c = 0; c < 4; c++) {
         const float k = f->blend_color.color[c];
         cc[c] = fxp_splat_f(unorm ? CLAMP(k, 0.0f, 1.0f) : k);
      }
      vblend_rgba(rt, sv, d, cc, o);
   } else {
      memcpy(o, sv, sizeof(o));
   }
   for (unsigned c = 0; c < 4; c++)
      if (!(colormask & (PIPE_MASK_R << c)))
         o[c] = d[c];
   /* packed and stored */
   if (unorm) {
      const fxp_vu px = vec_to_565(o[0], 0, bgr) | vec_to_565(o[1], 1, bgr) | vec_to_565(o[2], 2, bgr);
#if RGB565_ROWS
      if (rows) {
         rgb565_rows_store(origin + (size_t)y[0] * stride + (size_t)x[0] * 2, stride, px);
         return;
      }
#endif
      uint64_t w[FXP_W];
      for (unsigned l = 0; l < FXP_W; l++)
         w[l] = px[l];
      wide_store(origin, stride, 2, x, y, pass, w);
      return;
   }
   if (kind == FC_R11G11B10F) {
      /* float3_to_r11g11b10f: (uf11(r) & 0x7ff) | (uf11(g) & 0x7ff) << 11 | (uf10(b) & 0x3ff) << 22 */
      const fxp_vu px = (fxp_vfloat_to_uf(o[0], 6) & 0x7ffu) | (fxp_vfloat_to_uf(o[1], 6) & 0x7ffu) << 11 |
                        (fxp_vfloat_to_uf(o[2], 5) & 0x3ffu) << 22;
      store_pixels(f, cb, x, y, pass, px);
      return;
   }
#if RGBA16F_ROWS
   if (rows) {
      rgba16f_rows_store(origin + (size_t)y[0] * stride + (size_t)x[0] * 8, stride, o);
      return;
   }
#endif
   uint16_t hl[4][FXP_W];
   for (unsigned c = 0; c < 4; c++)
      vec_float_to_halves_rtz(o[c], hl[c]);
   uint64_t w[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++)
      w[l] = (uint64_t)hl[0][l] | (uint64_t)hl[1][l] << 16 | (uint64_t)hl[2][l] << 32 | (uint64_t)hl[3][l] << 48;
   wide_store(origin, stride, 8, x, y, pass, w);
}

unsigned
fxp_fragment_fast_early_z(struct fxp_fragment *f, const int *x, const int *y, const double *zin, uint32_t *mask,
                          bool front)
{
   const uint32_t lanes = lanes_inside(f, x, y, *mask);
   if (!f->fast_stencil && f->fast_depth_on && f->zs_bpp == 4 && f->fast_depth != FZ_Z16) {
      /* the common case, depth_lanes's 32-bit depth test with rasterized depths, here and not through its call:
       * perf put a fifth of depth_lanes's time on its entry, for every batch */
      fxp_vd zv;
      memcpy(&zv, zin, sizeof(zv));
      *mask = depth_vec(f, fxp_clamp_d(zv, f->zmin, f->zmax), x, y, lanes);
   } else {
      *mask = depth_lanes(f, NULL, x, y, zin, lanes, front);
   }
   return util_bitcount(*mask);
}

unsigned
fxp_fragment_fast(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y, const double *zin,
                  uint32_t mask, bool front)
{
   unsigned passed = 0;
   uint32_t pass = 0;

   /* depth first (lanes are distinct pixels, so the order of lanes between the tests does not matter),
    * unless the early tests did it before shading */
   const bool depth = f->zs_base && !f->early_zs && (f->fast_depth_on || f->fast_stencil);
   /* the written lanes: the mask's inside the framebuffer (fxp_fragment_lane's rule) that pass */
   pass = lanes_inside(f, x, y, mask);
   if (depth)
      pass = depth_lanes(f, e, x, y, zin, pass, front);
   passed = f->early_zs ? 0 : util_bitcount(pass); /* early tests counted their samples already */
   if (!pass)
      return 0;
   for (unsigned i = 0; i < f->bound->nr_cbufs; i++) {
      if (!f->cbuf_base[i])
         continue;
      if (f->fast_color[i] > FC_BGRA) {
         write_color_other(f, e, i, x, y, pass);
         continue;
      }
      const bool bgra = f->fast_color[i] == FC_BGRA, has_alpha = f->fast_color_alpha[i];
      const bool srgb = f->fast_color_srgb[i];
      if (f->fast_color_plain[i] && srgb) {
         /* sRGB: the colour clamped to [0, 1] (a UNORM format) and encoded as util_format packs it */
         fxp_vu c[4];
         for (unsigned k = 0; k < 3; k++)
            c[k] = vec_to_srgb(clamp01(fxp_output(e, f->fs_color[i], k)->f));
         c[3] = has_alpha ? vec_to_ubyte(fxp_output(e, f->fs_color[i], 3)->f) : (fxp_vu){0};
         const fxp_vu px = (bgra ? c[2] | c[0] << 16 : c[0] | c[2] << 16) | c[1] << 8 | c[3] << 24;
         store_pixels(f, i, x, y, pass, px);
         continue;
      }
      if (f->fast_color_plain[i]) {
         /* the common case: the four channels converted for all lanes, one 32-bit store per pixel */
         const fxp_vu cr = vec_to_ubyte(fxp_output(e, f->fs_color[i], 0)->f);
         const fxp_vu cg = vec_to_ubyte(fxp_output(e, f->fs_color[i], 1)->f);
         const fxp_vu cb = vec_to_ubyte(fxp_output(e, f->fs_color[i], 2)->f);
         const fxp_vu ca = has_alpha ? vec_to_ubyte(fxp_output(e, f->fs_color[i], 3)->f) : (fxp_vu){0};
         const fxp_vu px = (bgra ? cb | cr << 16 : cr | cb << 16) | cg << 8 | ca << 24;
         store_pixels(f, i, x, y, pass, px);
         continue;
      }
      if (f->fast_color_over[i] && !srgb) {
         /* glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA): s * a + d * (1 - a), computed as
          * fxp_blend_equation computes it, for all lanes at once: one 32-bit load and store per pixel */
         const fxp_vu d = load_pixels(f, i, x, y, pass);
         const fxp_vu dbyte[4] = {bgra ? (d >> 16) & 0xff : d & 0xff, (d >> 8) & 0xff,
                                  bgra ? d & 0xff : (d >> 16) & 0xff, d >> 24};
         const fxp_vf a = clamp01(fxp_output(e, f->fs_color[i], 3)->f), ia = 1.0f - a;
         fxp_vu r[4];
         for (unsigned c = 0; c < 4; c++) {
            const fxp_vf sc = clamp01(fxp_output(e, f->fs_color[i], c)->f);
            const fxp_vf dc = c == 3 && !has_alpha
                                 ? fxp_splat_f(1.0f)
                                 : __builtin_convertvector((fxp_vi)dbyte[c], fxp_vf) * (1.0f / 255.0f);
            r[c] = vec_to_ubyte(sc * a + dc * ia);
         }
         if (!has_alpha)
            r[3] = (fxp_vu){0};
         const fxp_vu px = (bgra ? r[2] | r[0] << 16 : r[0] | r[2] << 16) | r[1] << 8 | r[3] << 24;
         store_pixels(f, i, x, y, pass, px);
         continue;
      }
      write_color_vec(f, e, i, x, y, pass);
   }
   return passed;
}
