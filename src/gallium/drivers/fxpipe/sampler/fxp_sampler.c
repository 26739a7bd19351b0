/* The sampler core (see fxp_sampler.h): the general path, per lane, through util_format unpacking.
 *
 * | step      | rule                                                                                    |
 * |-----------|-----------------------------------------------------------------------------------------|
 * | level     | the view's levels; lod <= 0 uses the magnification filter on the first level; mip      |
 * |           | filter NONE: first level, NEAREST: ceil(lod + 0.5) - 1 (GL: .5 rounds down), LINEAR:   |
 * |           | the two levels around lod mixed                                                          |
 * | lod       | clamped to [min_lod, max_lod] of the sampler state (bias is applied by the caller)     |
 * | address   | u = s * width - 0.5 (linear) or floor(s * width) (nearest); RECT coordinates are texels |
 * | wrap      | REPEAT, CLAMP_TO_EDGE, CLAMP_TO_BORDER, CLAMP (GL_CLAMP: linear filtering mixes in the  |
 * |           | border at the edges), MIRROR_REPEAT and the mirror clamps; texels outside read the border|
 * | cube      | the face of the major axis (+x, -x, +y, -y, +z, -z), coordinates as GL specifies; with  |
 * |           | seamless_cube_map, linear footprints reach across to the neighbouring faces           |
 * | shadow    | each texel's depth compared with the reference (compare_func; the reference clamped to  |
 * |           | [0, 1] for fixed-point depth only), then filtered                                       |
 * | reduction | MIN / MAX (ARB_texture_filter_minmax): the component-wise minimum or maximum of the     |
 * |           | texels of non-zero weight instead of their weighted average (and of the two levels when  |
 * |           | the second one's weight is not 0)                                                        |
 * | aniso     | a request of N > 1 probes (fxp_sampler_footprint, EXT_texture_filter_anisotropic's       |
 * |           | footprint): N filterings at the request's LOD spaced evenly along the major axis'        |
 * |           | derivative, averaged (or reduced)                                                        |
 * | swizzle   | the view's swizzle on the filtered value                                                |
 * Integer formats are never filtered (nearest), their border colour is taken as integers. Depth views read
 * (depth, 0, 0, 1), stencil views (stencil, 0, 0, 1) as integers; stencil is never filtered. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "fxp_bits.h"
#include "fxp_formats.h"
#include "fxt1/fxp_fxt1.h"
#include "sampler/fxp_sampler_fast.h"
#include "fxp_resource.h"
#include "sampler/fxp_sampler.h"
#include "fxp_lanes.h"
#include "fxp_vmath.h"

static bool
is_array(unsigned target)
{
   return target == TGSI_TEXTURE_1D_ARRAY || target == TGSI_TEXTURE_2D_ARRAY ||
          target == TGSI_TEXTURE_2D_ARRAY_MSAA || target == TGSI_TEXTURE_SHADOW1D_ARRAY || target == TGSI_TEXTURE_SHADOW2D_ARRAY ||
          target == TGSI_TEXTURE_CUBE_ARRAY || target == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
}

static bool
is_cube(unsigned target)
{
   return target == TGSI_TEXTURE_CUBE || target == TGSI_TEXTURE_SHADOWCUBE ||
          target == TGSI_TEXTURE_CUBE_ARRAY || target == TGSI_TEXTURE_SHADOWCUBE_ARRAY;
}

static unsigned
dims(unsigned target)
{
   switch (target) {
   case TGSI_TEXTURE_1D: case TGSI_TEXTURE_SHADOW1D: case TGSI_TEXTURE_1D_ARRAY:
   case TGSI_TEXTURE_SHADOW1D_ARRAY: case TGSI_TEXTURE_BUFFER:
      return 1;
   case TGSI_TEXTURE_3D:
      return 3;
   default:
      return 2;
   }
}

void
fxp_sampler_binding_prepare(struct fxp_sampler_binding *b)
{
   const struct pipe_sampler_view *v = b->view;

   b->kind = FXP_TEXEL_NONE;
   b->depth_float = false;
   b->snorm = false;
   b->unpack_rgba = NULL;
   b->fxt1_texel = NULL;
   b->subsampled_fetch = NULL;
   b->fast = 0; /* and the fast path's other fields, for the views refused below (fxp_sampler_fast_prepare) */
   b->fast_level = -1;
   b->fast_nearest8 = 0;
   if (!v || !v->texture || fxp_resource(v->texture)->dt || !fxp_resource(v->texture)->data ||
       v->format == PIPE_FORMAT_NONE) /* a view fxpipe refused (state/fxp_state_sampler.c) */
      return;
   if (v->format == PIPE_FORMAT_FXT1_RGB || v->format == PIPE_FORMAT_FXT1_RGBA) {
      if (v->texture->format != v->format)
         return;
      b->fxt1_texel = fxp_fxt1_texel_func(v->format == PIPE_FORMAT_FXT1_RGBA);
      b->bpp = FXP_FXT1_BLOCK_B;
      b->kind = FXP_TEXEL_FLOAT;
      fxp_sampler_fast_prepare(b);
      return;
   }
   const struct util_format_description *desc = util_format_description(v->format);
   const struct util_format_unpack_description *unpack = util_format_unpack_description(v->format);
   if (desc && desc->layout == UTIL_FORMAT_LAYOUT_SUBSAMPLED && desc->block.width == 2 &&
       desc->block.height == 1 && util_format_fetch_rgba_func(v->format)) {
      /* 4:2:2 YUV: util_format's fetch converts a block's texel to RGB (load_texel) */
      b->subsampled_fetch = util_format_fetch_rgba_func(v->format);
      b->bpp = desc->block.bits / 8;
      b->kind = FXP_TEXEL_FLOAT;
      fxp_sampler_fast_prepare(b);
      return;
   }
   if (!desc || desc->block.width != 1 || desc->block.height != 1)
      return;
   b->bpp = desc->block.bits / 8;
   if (util_format_has_depth(desc)) {
      const int c = util_format_get_first_non_void_channel(v->format);
      b->kind = FXP_TEXEL_DEPTH;
      b->depth_float = c >= 0 && desc->channel[c].type == UTIL_FORMAT_TYPE_FLOAT;
   } else if (util_format_has_stencil(desc)) {
      b->kind = FXP_TEXEL_STENCIL;
   } else if (unpack && unpack->unpack_rgba) {
      b->unpack_rgba = unpack->unpack_rgba;
      b->kind = util_format_is_pure_integer(v->format) ? FXP_TEXEL_INT : FXP_TEXEL_FLOAT;
      b->snorm = fxp_format_is_snorm(v->format);
   }
   fxp_sampler_fast_prepare(b);
}

/* Unpacks texel (x, y) of slice z at a level; false if the view cannot be read. */
static bool
load_texel(const struct fxp_sampler_binding *b, unsigned level, int x, int y, int z, uint32_t out[4])
{
   const struct fxp_resource *res = fxp_resource(b->view->texture);
   const uint8_t *p;
   if (b->fxt1_texel) {
      /* the 16-byte block holding the texel, then the texel inside it (rows of blocks in the layout) */
      uint8_t rgba[4];
      p = res->data + res->level_offset_B[level] + (uint64_t)z * res->slice_stride_B[level] +
          (uint64_t)(y / FXP_FXT1_BLOCK_H_PX) * res->row_stride_B[level] +
          (uint64_t)(x / FXP_FXT1_BLOCK_W_PX) * FXP_FXT1_BLOCK_B;
      b->fxt1_texel(p, x % FXP_FXT1_BLOCK_W_PX, y % FXP_FXT1_BLOCK_H_PX, rgba);
      for (unsigned c = 0; c < 4; c++)
         out[c] = fxp_f2u(rgba[c] * (1.0f / 255.0f)); /* as util_format unpacks UNORM8 */
      return true;
   }
   if (b->subsampled_fetch) {
      /* the block holding texel x (x is inside the level: the caller wrapped it), then its texel x % 2 */
      p = res->data + res->level_offset_B[level] + (uint64_t)z * res->slice_stride_B[level] +
          (uint64_t)y * res->row_stride_B[level] + (uint64_t)(x / 2) * b->bpp;
      b->subsampled_fetch(out, p, (unsigned)x & 1, 0);
      return true;
   }
   if (b->view->texture->target == PIPE_BUFFER) /* x is an element of the view, checked by the caller */
      p = res->data + b->view->u.buf.offset + (uint64_t)x * b->bpp;
   else
      p = res->data + res->level_offset_B[level] + (uint64_t)z * res->slice_stride_B[level] +
          (uint64_t)y * res->row_stride_B[level] + (uint64_t)x * b->bpp;
   switch (b->kind) {
   case FXP_TEXEL_FLOAT:
   case FXP_TEXEL_INT:
      b->unpack_rgba(out, p, 1);
      if (b->snorm)
         fxp_snorm_floor_bits(out);
      return true;
   case FXP_TEXEL_DEPTH: {
      float d;
      util_format_unpack_z_float(b->view->format, &d, p, 1);
      out[0] = fxp_f2u(d), out[1] = out[2] = 0, out[3] = fxp_f2u(1.0f);
      return true;
   }
   case FXP_TEXEL_STENCIL: {
      uint8_t s;
      util_format_unpack_s_8uint(b->view->format, &s, p, 1);
      out[0] = s, out[1] = out[2] = 0, out[3] = 1;
      return true;
   }
   default:
      return false;
   }
}

/* Applies a wrap mode to integer texel coordinate i of a level `size` texels long; -1 means border. */
/* GL_CLAMP under linear filtering: texel indices clamped to [-1, size], the outside ones reading the
 * border colour, so half the border is mixed in at the edges. */
static int
wrap_clamp_linear(int i, int size)
{
   i = CLAMP(i, -1, size);
   return i < 0 || i >= size ? -1 : i;
}

static int
wrap_nearest(unsigned mode, float u, int size)
{
   /* NaN and huge coordinates are brought into a range where the conversion is defined */
   if (!(u == u))
      u = 0.0f;
   int i = (int)floorf(CLAMP(u, -16777216.0f, 16777216.0f));
   switch (mode) {
   case PIPE_TEX_WRAP_REPEAT:
      i %= size;
      return i < 0 ? i + size : i;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
   case PIPE_TEX_WRAP_CLAMP:
      return CLAMP(i, 0, size - 1);
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
      return (i < 0 || i >= size) ? -1 : i;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: {
      int period = 2 * size, m = i % period;
      if (m < 0)
         m += period;
      return m < size ? m : period - 1 - m;
   }
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE: {
      int m = i < 0 ? -1 - i : i;
      return MIN2(m, size - 1);
   }
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER: {
      int m = i < 0 ? -1 - i : i;
      return m >= size ? -1 : m;
   }
   default:
      return CLAMP(i, 0, size - 1);
   }
}

/* Texel i of a linear footprint with the wrap applied, -1 for the border: GL_CLAMP and GL_MIRROR_CLAMP,
 * whose coordinates to_texels clamped, read the border past the edges. */
static int
wrap_linear(unsigned mode, int i, int size)
{
   if (mode == PIPE_TEX_WRAP_CLAMP)
      return wrap_clamp_linear(i, size);
   if (mode == PIPE_TEX_WRAP_MIRROR_CLAMP)
      mode = PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER;
   return wrap_nearest(mode, (float)i, size);
}

/* Normalized coordinate to texel space plus the texel offset (GL 4.6, 8.14.2: u = s * size + offset), then
 * GL_CLAMP's clamping of the coordinate itself. */
static float
to_texels(unsigned mode, float s, int size, bool normalized, int offset)
{
   float u = (normalized ? s * size : s) + offset;
   if (mode == PIPE_TEX_WRAP_CLAMP)
      u = CLAMP(u, 0.0f, (float)size);
   else if (mode == PIPE_TEX_WRAP_MIRROR_CLAMP) /* GL_CLAMP's clamp, mirrored about 0 */
      u = CLAMP(u, -(float)size, (float)size);
   return u;
}

static void
border(const struct pipe_sampler_state *st, const struct pipe_sampler_view *v, uint32_t out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = st->border_color.ui[c];
}

/* One texel of a level with wrap applied, or the border colour; shadow-compared if asked. */
static void
texel(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned level, int x, int y,
      int z, uint32_t out[4])
{
   const struct pipe_sampler_view *v = b->view;
   if (x < 0 || y < 0 || z < 0 || !load_texel(b, level, x, y, z, out))
      border(b->state, v, out);
   if (q->shadow && (q->force_compare || b->state->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE)) {
      const float d = fxp_u2f(out[0]);
      /* the reference is clamped to [0, 1] only for fixed-point depth (GL 4.6, 8.23.1) */
      const float ref = b->depth_float ? q->ref : CLAMP(q->ref, 0.0f, 1.0f);
      bool pass;
      switch (b->state->compare_func) {
      case PIPE_FUNC_NEVER: pass = false; break;
      case PIPE_FUNC_LESS: pass = ref < d; break;
      case PIPE_FUNC_EQUAL: pass = ref == d; break;
      case PIPE_FUNC_LEQUAL: pass = ref <= d; break;
      case PIPE_FUNC_GREATER: pass = ref > d; break;
      case PIPE_FUNC_NOTEQUAL: pass = ref != d; break;
      case PIPE_FUNC_GEQUAL: pass = ref >= d; break;
      default: pass = true; break;
      }
      const float r = pass ? 1.0f : 0.0f;
      out[0] = out[1] = out[2] = fxp_f2u(r);
      out[3] = fxp_f2u(1.0f);
   }
}

/* Cube faces (GL 4.6, table 8.19), numbered as layers: 0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z. A direction v on
 * face f has sc = sgn_sc * v[sc], tc = sgn_tc * v[tc] and ma = sgn_ma * v[ma] (= |major axis|). */
static const struct {
   uint8_t sc, tc, ma;
   float sgn_sc, sgn_tc, sgn_ma;
} cube_faces[6] = {
   {2, 1, 0, -1, -1, 1}, {2, 1, 0, 1, -1, -1}, {0, 2, 1, 1, 1, 1},
   {0, 2, 1, 1, -1, -1}, {0, 1, 2, 1, -1, 1}, {0, 1, 2, -1, -1, -1},
};

unsigned
fxp_cube_axis(float x, float y, float z)
{
   const float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
   if (ax >= ay && ax >= az)
      return x >= 0 ? 0 : 1;
   if (ay >= az)
      return y >= 0 ? 2 : 3;
   return z >= 0 ? 4 : 5;
}

void
fxp_cube_sc_tc_ma(unsigned face, const float v[3], const float d[3], float out[3], float dout[3])
{
   const unsigned idx[3] = {cube_faces[face].sc, cube_faces[face].tc, cube_faces[face].ma};
   const float sgn[3] = {cube_faces[face].sgn_sc, cube_faces[face].sgn_tc, cube_faces[face].sgn_ma};
   for (unsigned k = 0; k < 3; k++) {
      out[k] = sgn[k] * v[idx[k]];
      if (dout)
         dout[k] = d ? sgn[k] * d[idx[k]] : 0.0f;
   }
}

/* Maps a cube direction to a face (layer offset) and 2D coordinates in [0, 1]. */
static unsigned
cube_face(float x, float y, float z, float *s, float *t)
{
   const float v[3] = {x, y, z};
   const unsigned face = fxp_cube_axis(x, y, z);
   float o[3];
   fxp_cube_sc_tc_ma(face, v, NULL, o, NULL);
   const float ma = o[2] == 0.0f ? 1.0f : o[2];
   *s = 0.5f * (o[0] / ma + 1.0f);
   *t = 0.5f * (o[1] / ma + 1.0f);
   return face;
}

/* Seamless cube filtering (GL 3.2, 8.13): a texel (x, y) just outside face `slice` of a cube (size n) is
 * taken from the neighbouring face: its centre is turned back into a direction (the inverse of cube_face)
 * and projected again, which lands on the adjacent face's edge row or column. A footprint corner outside
 * both axes lands on one of the two faces meeting there, the choice GL leaves to the implementation.
 * Returns the slice to read; (x, y) is updated and always inside the face. */
static int
seamless_texel(const struct pipe_sampler_view *v, int slice, int n, int *x, int *y)
{
   if (*x >= 0 && *x < n && *y >= 0 && *y < n)
      return slice;
   const int face = (slice - (int)v->u.tex.first_layer) % 6, base = slice - face;
   const float sc = 2.0f * (*x + 0.5f) / n - 1.0f, tc = 2.0f * (*y + 0.5f) / n - 1.0f;
   /* the inverse of the face table: v[sc] = sgn_sc * sc, v[tc] = sgn_tc * tc, v[ma] = sgn_ma (ma = 1) */
   float dir[3];
   dir[cube_faces[face].sc] = cube_faces[face].sgn_sc * sc;
   dir[cube_faces[face].tc] = cube_faces[face].sgn_tc * tc;
   dir[cube_faces[face].ma] = cube_faces[face].sgn_ma;
   float s, t;
   const unsigned f2 = cube_face(dir[0], dir[1], dir[2], &s, &t);
   *x = CLAMP((int)floorf(s * n), 0, n - 1);
   *y = CLAMP((int)floorf(t * n), 0, n - 1);
   return base + (int)f2;
}

/* The texture reduction of ARB/EXT_texture_filter_minmax for two values: their minimum under MIN, their
 * maximum under MAX (a NaN texel never wins over a number). */
static inline float
reduce_pair(unsigned mode, float a, float b)
{
   return mode == PIPE_TEX_REDUCTION_MIN ? fminf(a, b) : fmaxf(a, b);
}

/* Filters one level (nearest or linear); linear filtering averages the texels by weight, or under a MIN or
 * MAX reduction (the sampler state's reduction_mode) takes the component-wise minimum or maximum of those of
 * non-zero weight. */
static void
sample_level(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned level,
             unsigned filter, float s, float t, float r, int slice, uint32_t out[4])
{
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   const struct pipe_resource *res = v->texture;
   const int w = u_minify(res->width0, level), h = u_minify(res->height0, level);
   const int d = res->target == PIPE_TEXTURE_3D ? (int)u_minify(res->depth0, level) : 1;
   const unsigned nd = dims(q->target);
   const bool normalized = q->target != TGSI_TEXTURE_RECT && q->target != TGSI_TEXTURE_SHADOWRECT &&
                           !st->unnormalized_coords;
   const bool integer = b->kind == FXP_TEXEL_INT || b->kind == FXP_TEXEL_STENCIL;

   float u = to_texels(st->wrap_s, s, w, normalized, q->offset[0]);
   float vv = nd > 1 ? to_texels(st->wrap_t, t, h, normalized, q->offset[1]) : 0.0f;
   float ww = nd > 2 ? to_texels(st->wrap_r, r, d, true, q->offset[2]) : 0.0f;

   if (filter == PIPE_TEX_FILTER_NEAREST || integer) {
      const int x = wrap_nearest(st->wrap_s, u, w);
      const int y = nd > 1 ? wrap_nearest(st->wrap_t, vv, h) : 0;
      const int z = nd > 2 ? wrap_nearest(st->wrap_r, ww, d) : slice;
      texel(b, q, level, x, y, x < 0 || y < 0 ? -1 : z, out);
      return;
   }

   /* linear: 2, 4 or 8 texels */
   const bool seamless = st->seamless_cube_map && is_cube(q->target) && w == h;
   const float fu = CLAMP(u, -16777216.0f, 16777216.0f) - 0.5f, fv = CLAMP(vv, -16777216.0f, 16777216.0f) - 0.5f,
               fw = CLAMP(ww, -16777216.0f, 16777216.0f) - 0.5f;
   const float au = fu - floorf(fu), av = fv - floorf(fv), aw = fw - floorf(fw);
   const unsigned reduce = st->reduction_mode;
   const float start = reduce == PIPE_TEX_REDUCTION_MIN   ? INFINITY
                       : reduce == PIPE_TEX_REDUCTION_MAX ? -INFINITY
                                                          : 0.0f;
   float acc[4] = {start, start, start, start};
   const unsigned nx = 2, ny = nd > 1 ? 2 : 1, nz = nd > 2 ? 2 : 1;
   for (unsigned k = 0; k < nz; k++)
      for (unsigned j = 0; j < ny; j++)
         for (unsigned i = 0; i < nx; i++) {
            const int x = wrap_linear(st->wrap_s, (int)floorf(fu) + i, w);
            const int y = nd < 2 ? 0 : wrap_linear(st->wrap_t, (int)floorf(fv) + j, h);
            int z = nd < 3 ? slice : wrap_linear(st->wrap_r, (int)floorf(fw) + k, d);
            uint32_t tx[4];
            if (seamless) {
               /* the texel at (floor(fu) + i, floor(fv) + j), on this face or across its edge */
               int sx = (int)floorf(fu) + (int)i, sy = (int)floorf(fv) + (int)j;
               z = seamless_texel(v, slice, w, &sx, &sy);
               texel(b, q, level, sx, sy, z, tx);
            } else {
               texel(b, q, level, x, y, (x < 0 || y < 0 || z < 0) ? -1 : z, tx);
            }
            const float wgt = (i ? au : 1 - au) * (nd > 1 ? (j ? av : 1 - av) : 1.0f) *
                              (nd > 2 ? (k ? aw : 1 - aw) : 1.0f);
            if (reduce == PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE) {
               for (unsigned c = 0; c < 4; c++)
                  acc[c] += fxp_u2f(tx[c]) * wgt;
            } else if (wgt != 0.0f) { /* MIN, MAX: the texels of non-zero weight only */
               for (unsigned c = 0; c < 4; c++)
                  acc[c] = reduce_pair(reduce, acc[c], fxp_u2f(tx[c]));
            }
         }
   for (unsigned c = 0; c < 4; c++)
      out[c] = fxp_f2u(acc[c]);
}

void
fxp_sampler_swizzle(const struct pipe_sampler_view *v, const uint32_t in[4], uint32_t out[4], bool integer)
{
   const unsigned sw[4] = {v->swizzle_r, v->swizzle_g, v->swizzle_b, v->swizzle_a};
   for (unsigned c = 0; c < 4; c++) {
      switch (sw[c]) {
      case PIPE_SWIZZLE_X: case PIPE_SWIZZLE_Y: case PIPE_SWIZZLE_Z: case PIPE_SWIZZLE_W:
         out[c] = in[sw[c]];
         break;
      case PIPE_SWIZZLE_0:
         out[c] = 0;
         break;
      default:
         out[c] = integer ? 1u : fxp_f2u(1.0f);
         break;
      }
   }
}

/* Array index from a float layer coordinate: rounded, clamped to [0, n - 1], NaN as 0. */
static int
layer_index(float layer, int n)
{
   if (!(layer == layer))
      return 0;
   return CLAMP((int)rintf(CLAMP(layer, -1.0f, 1e6f)), 0, MAX2(n, 1) - 1);
}

static bool
usable(const struct fxp_sampler_binding *b)
{
   return b && b->view && b->state && b->kind != FXP_TEXEL_NONE && b->view->texture->target != PIPE_BUFFER;
}

/* Elements a buffer view can read: its range clipped to the buffer. */
static unsigned
fxp_buffer_view_elements(const struct fxp_sampler_binding *b)
{
   const struct pipe_sampler_view *v = b->view;
   const unsigned size_B = v->texture->width0;
   if (!b->bpp || v->u.buf.offset >= size_B)
      return 0;
   return MIN2(v->u.buf.size, size_B - v->u.buf.offset) / b->bpp;
}

/* Face and layer: the 2D coordinates on a cube face, and the resource slice a request reads (cube face and
 * array layer folded together; 0 for 3D textures, which address depth by r). */
static int
resolve_slice(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned first, float *s,
              float *t, float *r)
{
   const struct pipe_sampler_view *v = b->view;
   const int layers = v->u.tex.last_layer - v->u.tex.first_layer + 1;
   int slice = v->u.tex.first_layer; /* a non-array view of one layer reads that layer (texture views) */

   *s = q->s, *t = q->t, *r = q->r;
   if (is_cube(q->target)) {
      const unsigned face = cube_face(q->s, q->t, q->r, s, t);
      const int cubes = MAX2(layers / 6, 1);
      const int cube = is_array(q->target) ? layer_index(q->layer, cubes) : 0;
      slice = v->u.tex.first_layer + 6 * cube + face;
   } else if (is_array(q->target)) {
      slice = v->u.tex.first_layer + layer_index(q->layer, layers);
   }
   /* never a slice the resource does not have */
   if (v->texture->target != PIPE_TEXTURE_3D)
      slice = CLAMP(slice, 0, (int)fxp_resource_slices(v->texture, first) - 1);
   return slice;
}

/* One filtered value before the view swizzle: the level or levels the LOD selects, filtered. */
static void
filter_lod(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t texel_out[4])
{
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   const unsigned first = MIN2(v->u.tex.first_level, v->texture->last_level);
   const unsigned last = MIN2(MAX2(v->u.tex.last_level, first), v->texture->last_level);
   float s, t, r;
   const int slice = resolve_slice(b, q, first, &s, &t, &r);

   float lod = CLAMP(q->lod, st->min_lod, st->max_lod);
   if (!(lod == lod))
      lod = 0.0f;
   lod = CLAMP(lod, -64.0f, 64.0f); /* any level count fits; keeps the conversions below defined */
   const bool mag = lod <= 0.0f;
   const unsigned filter = mag ? st->mag_img_filter : st->min_img_filter;

   if (mag || st->min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
      sample_level(b, q, first, filter, s, t, r, slice, texel_out);
   } else if (st->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
      const unsigned level = MIN2(first + (unsigned)(ceilf(lod + 0.5f) - 1.0f), last);
      sample_level(b, q, level, filter, s, t, r, slice, texel_out);
   } else {
      const unsigned l0 = MIN2(first + (unsigned)floorf(lod), last), l1 = MIN2(l0 + 1, last);
      const float f = lod - floorf(lod);
      uint32_t a[4], c[4];
      sample_level(b, q, l0, filter, s, t, r, slice, a);
      sample_level(b, q, l1, filter, s, t, r, slice, c);
      for (unsigned k = 0; k < 4; k++) {
         if (st->reduction_mode == PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE)
            texel_out[k] = fxp_f2u(fxp_u2f(a[k]) * (1 - f) + fxp_u2f(c[k]) * f);
         else /* MIN, MAX: the second level counts when its weight f is not 0 (the first's, 1 - f, never is) */
            texel_out[k] = f != 0.0f ? fxp_f2u(reduce_pair(st->reduction_mode, fxp_u2f(a[k]), fxp_u2f(c[k]))) : a[k];
      }
   }
}

/* Anisotropic filtering (EXT_texture_filter_anisotropic's suggested footprint): q->aniso_probes probes
 * spaced evenly along the major axis, at i / (N + 1) - 1/2 of its derivative for i = 1..N, each filtered at
 * the request's LOD, averaged (or reduced to their minimum or maximum).
 * fast: each probe through the binding's fast path (fxp_sample_fast, the general path's bits, swizzled; the
 * swizzle only selects channels or the constants 0 and 1, which the average and the reductions keep, so the
 * result is the general path's swizzled result bit for bit). Returns false if the fast path refuses the
 * request (it does so for every probe alike: target or shadow), with texel_out unset. */
static bool
filter_aniso(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t texel_out[4], bool fast)
{
   const unsigned n = MIN2(q->aniso_probes, FXP_MAX_ANISOTROPY);
   const unsigned reduce = b->state->reduction_mode;
   struct fxp_sample_req p = *q;
   p.aniso_probes = 1;
   float acc[4] = {0, 0, 0, 0};
   for (unsigned i = 1; i <= n; i++) {
      const float f = (float)i / (float)(n + 1) - 0.5f;
      p.s = q->s + f * q->aniso_step[0];
      p.t = q->t + f * q->aniso_step[1];
      p.r = q->r + f * q->aniso_step[2];
      uint32_t tx[4];
      if (!fast)
         filter_lod(b, &p, tx);
      else if (!fxp_sample_fast(b, &p, tx))
         return false;
      for (unsigned c = 0; c < 4; c++) {
         if (reduce == PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE)
            acc[c] += fxp_u2f(tx[c]);
         else
            acc[c] = i == 1 ? fxp_u2f(tx[c]) : reduce_pair(reduce, acc[c], fxp_u2f(tx[c]));
      }
   }
   for (unsigned c = 0; c < 4; c++)
      texel_out[c] = fxp_f2u(reduce == PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE ? acc[c] / (float)n : acc[c]);
   return true;
}

void
fxp_sample(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t out[4])
{
   if (!usable(b)) {
      out[0] = out[1] = out[2] = 0;
      out[3] = fxp_f2u(1.0f);
      return;
   }
   /* the fast path filters once, or once a probe of an anisotropic request (filter_aniso) */
   const bool aniso = q->aniso_probes > 1 && fxp_sampler_max_aniso(b) > 1;
   if (b->fast && (aniso ? filter_aniso(b, q, out, true) : fxp_sample_fast(b, q, out)))
      return;
   uint32_t texel_out[4];
   if (aniso)
      filter_aniso(b, q, texel_out, false);
   else
      filter_lod(b, q, texel_out);
   fxp_sampler_swizzle(b->view, texel_out, out, b->kind == FXP_TEXEL_INT || b->kind == FXP_TEXEL_STENCIL);
}

float
fxp_sampler_footprint(unsigned nd, const float dx[3], const float dy[3], const float size[3],
                      unsigned max_aniso, unsigned *probes, bool *major_y)
{
   float rx = 0, ry = 0;
   for (unsigned k = 0; k < nd; k++) {
      rx += dx[k] * size[k] * dx[k] * size[k];
      ry += dy[k] * size[k] * dy[k] * size[k];
   }
   const float rho = sqrtf(MAX2(rx, ry)); /* Pmax: sqrt is monotonic, so max(Px, Py) */
   const unsigned n = fxp_aniso_probes(rx, ry, max_aniso);
   *probes = n;
   *major_y = !(rx > ry);
   const float arg = n > 1 ? rho / (float)n : rho;
   /* 0, denormals and NaN: -inf, magnification (a denormal's log2 is below -126: the same levels) */
   if (!(arg >= FLT_MIN))
      return -INFINITY;
   /* fxpipe's log2 (fxp_vmath.h), its one-lane form: the texture opcodes' lane-vector LOD takes the same bits */
   return fxp_log2_1(arg);
}

/* Texture gather (TG4, GATHER4): the 2x2 footprint of bilinear filtering on the view's first level, in the
 * order x = (i0, j1), y = (i1, j1), z = (i1, j0), w = (i0, j0) - the texel deltas (-, +), (+, +), (+, -),
 * (-, -) of the specification - each texel's component `comp` after the view swizzle, or with shadow
 * compare its comparison result (0 or 1). Wrap modes as for linear filtering; integer formats too. */
void
fxp_gather(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned comp, uint32_t out[4])
{
   if (!usable(b)) {
      memset(out, 0, 16);
      return;
   }
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_sampler_state *st = b->state;
   const struct pipe_resource *res = v->texture;
   const unsigned level = MIN2(v->u.tex.first_level, res->last_level);
   float s, t, r;
   const int slice = resolve_slice(b, q, level, &s, &t, &r);
   const int w = u_minify(res->width0, level), h = u_minify(res->height0, level);
   const bool normalized = q->target != TGSI_TEXTURE_RECT && q->target != TGSI_TEXTURE_SHADOWRECT &&
                           !st->unnormalized_coords;
   const bool integer = b->kind == FXP_TEXEL_INT || b->kind == FXP_TEXEL_STENCIL;
   const bool compare = q->shadow && (q->force_compare || st->compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE);
   const float fu = CLAMP(to_texels(st->wrap_s, s, w, normalized, q->offset[0]), -16777216.0f, 16777216.0f) - 0.5f;
   const float fv = CLAMP(to_texels(st->wrap_t, t, h, normalized, q->offset[1]), -16777216.0f, 16777216.0f) - 0.5f;
   const int i0 = (int)floorf(fu), j0 = (int)floorf(fv);
   static const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};

   for (unsigned k = 0; k < 4; k++) {
      const int x = wrap_linear(st->wrap_s, i0 + di[k], w);
      const int y = wrap_linear(st->wrap_t, j0 + dj[k], h);
      uint32_t tx[4], sw[4];
      texel(b, q, level, x, y, (x < 0 || y < 0) ? -1 : slice, tx);
      if (compare) {
         out[k] = tx[0];
         continue;
      }
      fxp_sampler_swizzle(v, tx, sw, integer);
      out[k] = sw[comp & 3];
   }
}

void
fxp_texel_fetch(const struct fxp_sampler_binding *b, unsigned target, int x, int y, int z, int level, int sample,
                uint32_t out[4])
{
   uint32_t t[4] = {0, 0, 0, 0};
   if (!b || !b->view || b->kind == FXP_TEXEL_NONE) {
      memset(out, 0, 16);
      return;
   }
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_resource *res = v->texture;
   if (res->target == PIPE_BUFFER) {
      if (x < 0 || (unsigned)x >= fxp_buffer_view_elements(b) || !load_texel(b, 0, x, 0, 0, t)) {
         memset(out, 0, 16);
         return;
      }
      fxp_sampler_swizzle(v, t, out, b->kind == FXP_TEXEL_INT || b->kind == FXP_TEXEL_STENCIL);
      return;
   }
   const int lvl = v->u.tex.first_level + level;
   if (level < 0 || lvl > (int)v->u.tex.last_level || lvl > (int)res->last_level) {
      memset(out, 0, 16);
      return;
   }
   const int w = u_minify(res->width0, lvl), h = u_minify(res->height0, lvl);
   int slice = 0, nz = 1;
   if (res->target == PIPE_TEXTURE_3D) {
      nz = u_minify(res->depth0, lvl);
      slice = z;
   } else if (!is_array(target)) {
      /* a non-array view of one layer of an array or cube (texture views) */
      slice = v->u.tex.first_layer;
      nz = fxp_resource_slices(res, lvl);
   } else {
      nz = v->u.tex.last_layer - v->u.tex.first_layer + 1;
      slice = (dims(target) == 1 ? y : z);
      if (dims(target) == 1)
         y = 0;
      if (slice >= 0 && slice < nz)
         slice += v->u.tex.first_layer;
      else
         slice = -1;
      nz = fxp_resource_slices(res, lvl);
   }
   if (dims(target) == 1)
      y = 0;
   /* a multisample texture's sample `sample` of pixel x is texel column x * samples + sample
    * (resource/fxp_resource.h); a single-sample one has sample 0 only */
   const unsigned samples = fxp_resource_samples(res);
   if (sample < 0 || (unsigned)sample >= samples) {
      memset(out, 0, 16);
      return;
   }
   if (x < 0 || x >= w || y < 0 || y >= h || slice < 0 || slice >= nz ||
       !load_texel(b, lvl, fxp_sample_column(x, samples, (unsigned)sample), y, slice, t)) {
      memset(out, 0, 16);
      return;
   }
   fxp_sampler_swizzle(v, t, out, b->kind == FXP_TEXEL_INT || b->kind == FXP_TEXEL_STENCIL);
}

void
fxp_texture_size(const struct fxp_sampler_binding *b, unsigned target, int level, uint32_t out[4])
{
   memset(out, 0, 16);
   if (!b || !b->view || !b->view->texture)
      return;
   const struct pipe_sampler_view *v = b->view;
   const struct pipe_resource *res = v->texture;
   if (res->target == PIPE_BUFFER) {
      out[0] = b->kind != FXP_TEXEL_NONE ? fxp_buffer_view_elements(b) : 0;
      out[3] = 1;
      return;
   }
   const int levels = v->u.tex.last_level - v->u.tex.first_level + 1;
   out[3] = levels;
   const int lvl = v->u.tex.first_level + level;
   if (level < 0 || level >= levels)
      return;
   out[0] = u_minify(res->width0, lvl);
   out[1] = dims(target) > 1 || is_cube(target) ? u_minify(res->height0, lvl) : 0;
   if (res->target == PIPE_TEXTURE_3D)
      out[2] = u_minify(res->depth0, lvl);
   else if (is_array(target)) {
      const unsigned layers = v->u.tex.last_layer - v->u.tex.first_layer + 1;
      if (dims(target) == 1)
         out[1] = layers;
      else
         out[2] = is_cube(target) ? layers / 6 : layers;
   }
}

void
fxp_texture_base_size(const struct fxp_sampler_binding *b, float size[3])
{
   size[0] = size[1] = size[2] = 1.0f;
   if (!b || !b->view || !b->view->texture)
      return;
   const struct pipe_resource *res = b->view->texture;
   /* a buffer has no levels (its view's u.buf overlays u.tex: a 48-byte buffer read as first_level 48 made
    * u_minify shift by 48; found by the tgsi fuzzer), and a view's level stays within the resource's */
   if (res->target == PIPE_BUFFER)
      return;
   const unsigned l = MIN2(b->view->u.tex.first_level, res->last_level);
   size[0] = u_minify(res->width0, l);
   size[1] = u_minify(res->height0, l);
   size[2] = res->target == PIPE_TEXTURE_3D ? u_minify(res->depth0, l) : 1;
}
