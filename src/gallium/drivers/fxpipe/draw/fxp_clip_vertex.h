/* Per-vertex work of primitive assembly (draw/fxp_prim.c), done once for each of a draw's vertices before its
 * primitives are assembled: the frustum planes a clip-space position is outside of, and its window
 * coordinates. Two forms, which give the same bits (draw/fxp_clip_vertex_test.c compares them):
 *   one vertex    fxp_frustum_mask1, fxp_window1 (clipping's new vertices, vertices outside the draw's
 *                 array);
 *   4 vertices    (a fast path) fxp_frustum_mask4, fxp_window4: the four positions transposed into x, y, z
 *                 and w vectors (SSE), each plane's distance and each window coordinate a lane a vertex.
 *                 Every lane takes the very operations of the one-vertex form, in the same order and the
 *                 same precision (no fused multiply-add: fxpipe's general code is built for x86-64's base
 *                 instruction set), so the results are equal bit for bit, NaN and infinities included.
 * FXPIPE_DEBUG=nofast takes the one-vertex form everywhere; the perf line counts the vertices each way. */
#ifndef FXP_CLIP_VERTEX_H
#define FXP_CLIP_VERTEX_H

#include <stdint.h>
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "raster/fxp_raster.h"

#define FXP_FRUSTUM_MAX_PLANES 6 /* x, y, near and far: bit p of a mask for plane p (at most 8 fit the columns) */

/* The frustum planes (dot(plane, pos) >= 0 is inside), made by fxp_frustum_init: by column, coefficient c of
 * plane p in cols[c][p / 4][p % 4] (lanes from the number of planes on are 0 and ignored), for one vertex;
 * each coefficient in a vector of its own, bcast[p][c], for four. */
typedef float fxp_v4f __attribute__((vector_size(16)));
struct fxp_frustum {
   fxp_v4f cols[4][2];
   fxp_v4f bcast[FXP_FRUSTUM_MAX_PLANES][4];
   unsigned num_planes; /* at most FXP_FRUSTUM_MAX_PLANES */
};

static inline void
fxp_frustum_init(struct fxp_frustum *f, const float planes[][4], unsigned num_planes)
{
   _Static_assert(FXP_FRUSTUM_MAX_PLANES <= 8, "the columns hold 8 planes");
   memset(f, 0, sizeof(*f));
   for (unsigned p = 0; p < num_planes; p++)
      for (unsigned c = 0; c < 4; c++) {
         f->cols[c][p / 4][p % 4] = planes[p][c];
         for (unsigned l = 0; l < 4; l++)
            f->bcast[p][c][l] = planes[p][c];
      }
   f->num_planes = num_planes;
}

/* The planes the position pos (x, y, z, w) is outside of, bit p for plane p: the distance is
 * ((c0 x + c1 y) + c2 z) + c3 w, outside when it is not >= 0 (NaN is outside). */
static inline unsigned
fxp_frustum_mask1(const struct fxp_frustum *f, const float pos[4])
{
   unsigned m = 0;
   for (unsigned h = 0; h < 2 && 4 * h < f->num_planes; h++) {
      fxp_v4f d = f->cols[0][h] * pos[0];
      d = d + f->cols[1][h] * pos[1];
      d = d + f->cols[2][h] * pos[2];
      d = d + f->cols[3][h] * pos[3];
#if defined(__SSE__)
      const unsigned inside = (unsigned)_mm_movemask_ps(_mm_cmpge_ps((__m128)d, _mm_setzero_ps())); /* NaN: 0 */
#else
      unsigned inside = 0;
      for (unsigned k = 0; k < 4; k++)
         inside |= (unsigned)(d[k] >= 0.0f) << k;
#endif
      m |= (~inside & 15u) << (4 * h);
   }
   return m & ((1u << f->num_planes) - 1);
}

/* Window coordinates of the clip-space position pos: (pos.xyz / w) * scale + translate, and 1 / w. */
static inline void
fxp_window1(const float pos[4], const float scale[3], const float translate[3], float win[4])
{
   const float inv_w = 1.0f / pos[3];
   for (unsigned c = 0; c < 3; c++)
      win[c] = pos[c] * inv_w * scale[c] + translate[c];
   win[3] = inv_w;
}

#if defined(__SSE__)
/* The positions pos[0..3] as x, y, z and w vectors (lane i: vertex i). */
static inline void
fxp_positions4(const float *const pos[4], __m128 xyzw[4])
{
   __m128 a = _mm_loadu_ps(pos[0]), b = _mm_loadu_ps(pos[1]), c = _mm_loadu_ps(pos[2]), d = _mm_loadu_ps(pos[3]);
   _MM_TRANSPOSE4_PS(a, b, c, d);
   xyzw[0] = a, xyzw[1] = b, xyzw[2] = c, xyzw[3] = d;
}

/* fxp_frustum_mask1 of four positions (fxp_positions4): masks[i] for vertex i. */
static inline void
fxp_frustum_mask4(const struct fxp_frustum *f, const __m128 xyzw[4], unsigned masks[4])
{
   /* spread[o]: byte i holds bit i of the 4-bit o; byte i of acc then gathers vertex i's mask */
   static const uint32_t spread[16] = {
      0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100, 0x00010101,
      0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001, 0x01010100, 0x01010101,
   };
   _Static_assert(FXP_FRUSTUM_MAX_PLANES <= 8, "a vertex's mask fits a byte of acc");
   uint32_t acc = 0;
   for (unsigned p = 0; p < f->num_planes; p++) {
      const __m128 *c = (const __m128 *)f->bcast[p];
      __m128 d = _mm_mul_ps(c[0], xyzw[0]);
      d = _mm_add_ps(d, _mm_mul_ps(c[1], xyzw[1]));
      d = _mm_add_ps(d, _mm_mul_ps(c[2], xyzw[2]));
      d = _mm_add_ps(d, _mm_mul_ps(c[3], xyzw[3]));
      const unsigned outside = ~(unsigned)_mm_movemask_ps(_mm_cmpge_ps(d, _mm_setzero_ps())) & 15u; /* NaN: out */
      acc |= spread[outside] << p;
   }
   for (unsigned i = 0; i < 4; i++)
      masks[i] = (acc >> (8 * i)) & 0xffu;
}

/* fxp_window1 of four positions (fxp_positions4): win[i] for vertex i. */
static inline void
fxp_window4(const __m128 xyzw[4], const float scale[3], const float translate[3], float *const win[4])
{
   const __m128 inv_w = _mm_div_ps(_mm_set1_ps(1.0f), xyzw[3]);
   __m128 c[4];
   for (unsigned k = 0; k < 3; k++)
      c[k] = _mm_add_ps(_mm_mul_ps(_mm_mul_ps(xyzw[k], inv_w), _mm_set1_ps(scale[k])), _mm_set1_ps(translate[k]));
   c[3] = inv_w;
   _MM_TRANSPOSE4_PS(c[0], c[1], c[2], c[3]);
   for (unsigned i = 0; i < 4; i++)
      _mm_storeu_ps(win[i], c[i]);
}
#endif

#endif
