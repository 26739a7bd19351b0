/* Coverage of one 8x8 tile by a set-up primitive's edges (raster/fxp_setup.h), as a 64-bit mask: bit
 * (y - ty) * 8 + (x - tx) for pixel (x, y) of the tile at (tx, ty). Coverage (raster/fxp_rasterize.c) asks
 * for it on the tiles a primitive covers only in part.
 *
 * Two ways, which give the same mask (raster/fxp_coverage_test.c compares them):
 *   general   each edge function in 64 bits, stepped pixel by pixel (fxp_tile_edges_64);
 *   32-bit    (a fast path) 32-bit integer lanes, a row of eight pixels in two SSE vectors, the three edges
 *             or-ed so that one sign bit a pixel says whether any edge is negative (fxp_tile_edges_32).
 *             Taken when every edge's value at the four corners of the pixels asked for lies in
 *             [INT32_MIN, INT32_MAX]: an edge function is linear, so its values over the rectangle then do
 *             too. The lanes step by the edge's increments truncated to 32 bits; arithmetic modulo 2^32
 *             leaves every value that fits exact, and pixels outside the rectangle are masked off. This holds
 *             for small primitives and for the tiles near any primitive's edges (the values there are at most
 *             a few pixels' worth of increments), which are the partly covered tiles.
 * FXPIPE_DEBUG=nofast takes the general way (fxp_raster.edges_32); the perf line counts the tiles each way
 * tested. */
#ifndef FXP_COVERAGE_H
#define FXP_COVERAGE_H

#include <stdbool.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <math.h>

#include "util/macros.h"

#include "raster/fxp_setup.h"

#define FXP_COVERAGE_TILE_PX 8 /* a tile's side: a power of two, even (whole quads), 64 pixels a mask */

/* A row of tiles' span: narrows [*xa, *xb] to the pixel columns outside which no sample point of the pixels
 * of rows [ya, yb] (points lo to hi subpixels from each pixel's corner on each axis) can be inside every edge
 * of p. False if none can. Thin diagonal primitives (long lines, slivers) cover few of the tiles of their
 * bounding box: coverage walks only the tiles of each row's span, and the tiles it skips would have had
 * nothing covered, so the result is the same. Each edge with A != 0 bounds x where it crosses zero at the
 * row's best y; worked out in double and widened by a pixel each way, which is more than its rounding while
 * the values stay below 2^52 (clipping's guard band keeps them below 2^47); past that the span is left as
 * it was. */
static inline bool
fxp_row_span(const struct fxp_prim *p, int ya, int yb, int64_t lo, int64_t hi, int *xa, int *xb)
{
   const double y0 = (double)(((int64_t)ya << FXP_SUBPIXEL_BITS) + lo);
   const double y1 = (double)(((int64_t)yb << FXP_SUBPIXEL_BITS) + hi);
   double xl = *xa, xr = *xb;
   for (unsigned k = 0; k < p->num_edges; k++) {
      if (p->A[k] == 0)
         continue;
      const double a = (double)p->A[k], b = (double)p->B[k], c = (double)(p->C[k] + p->bias[k]);
      const double by = MAX2(b * y0, b * y1); /* the y term at the row's best y */
      if (!(fabs(c) < 0x1p52 && fabs(by) < 0x1p52))
         return true;
      const double cross = -(by + c) / a; /* subpixel x where the edge is zero there */
      if (a > 0) /* inside for x >= cross: some point of pixel x, at most x * 256 + hi, reaches it */
         xl = MAX2(xl, floor((cross - (double)hi) / FXP_ONE) - 1.0);
      else       /* inside for x <= cross: the least point of pixel x, x * 256 + lo, is at most it */
         xr = MIN2(xr, ceil((cross - (double)lo) / FXP_ONE) + 1.0);
   }
   if (xl > xr)
      return false;
   *xa = (int)xl; /* between the *xa and *xb given */
   *xb = (int)xr;
   return true;
}

/* The pixels of [xa, xb] x [ya, yb] (inside the tile at tx, ty), as a mask. */
static inline uint64_t
fxp_rect_bits(int tx, int ty, int xa, int xb, int ya, int yb)
{
   const unsigned row_bits =
      (0xffu >> (FXP_COVERAGE_TILE_PX - 1 - (xb - tx))) & (0xffu << (xa - tx));
   uint64_t m = 0;
   for (int y = ya; y <= yb; y++)
      m |= (uint64_t)row_bits << ((y - ty) * FXP_COVERAGE_TILE_PX);
   return m;
}

/* Edge k's value at (x, y) pixels plus (hx, hy) subpixels, in 64 bits (fxp_prim_edge). */
static inline int64_t
fxp_edge_at(const struct fxp_prim *p, unsigned k, int x, int y, int64_t hx, int64_t hy)
{
   return fxp_prim_edge(p, k, ((int64_t)x << FXP_SUBPIXEL_BITS) + hx, ((int64_t)y << FXP_SUBPIXEL_BITS) + hy);
}

/* The general way: the pixels of the mask m (within [xa, xb] x [ya, yb] of the tile at tx, ty) whose point at
 * (hx, hy) subpixels from the pixel's corner is inside the primitive's edges. Each edge function is stepped
 * from pixel to pixel by its exact integer increments (A, B times one pixel in subpixels), so every pixel
 * gets the value fxp_prim_edges_inside computes for it. */
static inline uint64_t
fxp_tile_edges_64(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, int xa, int xb, int ya,
                  int yb, uint64_t m)
{
   for (unsigned k = 0; k < p->num_edges && m; k++) {
      const int64_t step_x = p->A[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      const int64_t step_y = p->B[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      int64_t e_row = fxp_edge_at(p, k, xa, ya, hx, hy);
      uint64_t inside = 0;
      for (int y = ya; y <= yb; y++, e_row += step_y) {
         int64_t e = e_row;
         uint64_t row = 0;
         for (int i = xa - tx; i <= xb - tx; i++, e += step_x)
            row |= (uint64_t)(e >= 0) << i;
         inside |= row << ((y - ty) * FXP_COVERAGE_TILE_PX);
      }
      m &= inside;
   }
   return m;
}

/* Whether every edge's value over [xa, xb] x [ya, yb] (at hx, hy) fits in 32 bits: its four corners do. */
static inline bool
fxp_tile_edges_fit_32(const struct fxp_prim *p, int64_t hx, int64_t hy, int xa, int xb, int ya, int yb)
{
   for (unsigned k = 0; k < p->num_edges; k++) {
      const int64_t e00 = fxp_edge_at(p, k, xa, ya, hx, hy);
      const int64_t dx = p->A[k] * ((int64_t)(xb - xa) << FXP_SUBPIXEL_BITS);
      const int64_t dy = p->B[k] * ((int64_t)(yb - ya) << FXP_SUBPIXEL_BITS);
      const int64_t lo = e00 + MIN2(dx, 0) + MIN2(dy, 0), hi = e00 + MAX2(dx, 0) + MAX2(dy, 0);
      if (lo < INT32_MIN || hi > INT32_MAX)
         return false;
   }
   return true;
}

#if defined(__SSE2__)
/* The 32-bit way for a primitive of n edges (3 or 4, a constant where it is called, so that each count gets
 * its own unrolled copy). */
static inline __attribute__((always_inline)) uint64_t
fxp_tile_edges_32_n(const struct fxp_prim *p, unsigned n, int64_t hx, int64_t hy, int tx, int ty, int ya, int yb,
                    uint64_t m)
{
   __m128i left[4], right[4], step_y[4]; /* per edge: pixels tx..tx+3 and tx+4..tx+7 of the row */
   for (unsigned k = 0; k < n; k++) {
      /* the row's first value and the steps, modulo 2^32 */
      const uint32_t e = (uint32_t)fxp_edge_at(p, k, tx, ya, hx, hy);
      const uint32_t sx = (uint32_t)(p->A[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS));
      const uint32_t sy = (uint32_t)(p->B[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS));
      left[k] = _mm_setr_epi32((int)e, (int)(e + sx), (int)(e + 2 * sx), (int)(e + 3 * sx));
      right[k] = _mm_add_epi32(left[k], _mm_set1_epi32((int)(4 * sx)));
      step_y[k] = _mm_set1_epi32((int)sy);
   }
   uint64_t outside = 0; /* pixels some edge has below zero: the sign bit of the edges' values or-ed */
   for (int y = ya; y <= yb; y++) {
      __m128i l = left[0], r = right[0];
      for (unsigned k = 1; k < n; k++) {
         l = _mm_or_si128(l, left[k]);
         r = _mm_or_si128(r, right[k]);
      }
      const unsigned neg = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(l)) |
                           (unsigned)_mm_movemask_ps(_mm_castsi128_ps(r)) << 4;
      outside |= (uint64_t)neg << ((y - ty) * FXP_COVERAGE_TILE_PX);
      for (unsigned k = 0; k < n; k++) {
         left[k] = _mm_add_epi32(left[k], step_y[k]);
         right[k] = _mm_add_epi32(right[k], step_y[k]);
      }
   }
   return m & ~outside;
}

/* The 32-bit way (see the top of this file); only where fxp_tile_edges_fit_32 holds. Rows ya..yb only; lanes
 * of pixels left or right of [xa, xb] hold wrapped values and are masked off by m. */
static inline uint64_t
fxp_tile_edges_32(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, int ya, int yb, uint64_t m)
{
   return p->num_edges == 3 ? fxp_tile_edges_32_n(p, 3, hx, hy, tx, ty, ya, yb, m)
                            : fxp_tile_edges_32_n(p, 4, hx, hy, tx, ty, ya, yb, m);
}
#endif

/* The tile's mask: the 32-bit way when use_32, else the general way. use_32 must hold only where the 32-bit
 * way is allowed (fxp_raster.edges_32) and exact: fxp_tile_edges_fit_32, or every edge's values at the
 * corners of a rectangle of subpixel points that holds the ones asked for (coverage has them already from
 * accepting and rejecting the tile, raster/fxp_rasterize.c) lie in [INT32_MIN, INT32_MAX]. *n32 or *n64
 * counts the tile. */
static inline uint64_t
fxp_tile_edges(const struct fxp_prim *p, bool use_32, int64_t hx, int64_t hy, int tx, int ty, int xa, int xb,
               int ya, int yb, uint64_t m, uint64_t *n32, uint64_t *n64)
{
#if defined(__SSE2__)
   if (use_32) {
      ++*n32;
      return fxp_tile_edges_32(p, hx, hy, tx, ty, ya, yb, m);
   }
#else
   (void)use_32;
   (void)n32;
#endif
   ++*n64;
   return fxp_tile_edges_64(p, hx, hy, tx, ty, xa, xb, ya, yb, m);
}

#endif
