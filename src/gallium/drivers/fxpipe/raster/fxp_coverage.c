/* Coverage of partly covered tiles (raster/fxp_coverage.h): the general form, and the 32-bit lane-vector
 * form raster/fxp_rasterize.c takes when it is exact (and FXPIPE_DEBUG=nofast is not set).
 *
 * Why 32 bits are enough (the fast form's rule). Edge k's function at a pixel's point is
 *   e(x, y) = A * (x * 2^S + hx) + B * (y * 2^S + hy) + C + bias          (S = FXP_SUBPIXEL_BITS)
 * in 64-bit integers; a pixel is inside when e >= 0. Inside one tile, e = e0 + i * sx + j * sy with e0 the
 * value at the tile's first pixel, i, j in 0..7, sx = A * 2^S and sy = B * 2^S. Let V = 7 * (|sx| + |sy|),
 * the most e moves inside the tile. When V < 2^30, e0 is clamped to [-2^30, 2^30] and every pixel's
 * e' = clamp(e0) + i * sx + j * sy is computed in 32 bits (|e'| < 2^31): if e0 is inside the range, e' = e;
 * if e0 > 2^30, both e and e' are > 0 (each is at least 2^30 - V); if e0 < -2^30, both are < 0. So e' >= 0
 * exactly where e >= 0. Edges with V >= 2^30 (|A| or |B| above about 2^22 subpixels per pixel: edges
 * spanning a large part of the 2^27-subpixel coordinate range) take the general form.
 *
 * Layout: the 64 pixels as four vectors of 16 lanes, two rows each; lane l is pixel (l % 8, l / 8) of its
 * row pair, so vector r's lane bits are mask bits 16 r .. 16 r + 15. */
#include <stdlib.h>
#include <string.h>

#include "util/macros.h"

#include "fxp_lanes.h"
#include "raster/fxp_coverage.h"

_Static_assert(FXP_W == 16 && FXP_COVERAGE_TILE_PX == 8, "a vector is two rows of an 8x8 tile");

uint64_t
fxp_tile_edges_general(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, int xa, int xb, int ya,
                       int yb, uint64_t m)
{
   for (unsigned k = 0; k < 3 && m; k++) {
      const int64_t step_x = p->A[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      const int64_t step_y = p->B[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      int64_t e_row = p->A[k] * (((int64_t)xa << FXP_SUBPIXEL_BITS) + hx) +
                      p->B[k] * (((int64_t)ya << FXP_SUBPIXEL_BITS) + hy) + p->C[k] + p->bias[k];
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

#define FXP_COVERAGE_RANGE ((int64_t)1 << 30) /* the bound of the rule above */

bool
fxp_tile_edges_vec(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, uint64_t *m)
{
   int64_t sx[3], sy[3];
   for (unsigned k = 0; k < 3; k++) {
      sx[k] = p->A[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      sy[k] = p->B[k] * ((int64_t)1 << FXP_SUBPIXEL_BITS);
      /* V < 2^30? |A|, |B| <= 2 FXP_SETUP_EXACT_SUBPX < 2^32 (fxp_setup.h's limits), so 7 (|sx| + |sy|) < 2^44
       * cannot overflow */
      if (7 * (llabs(sx[k]) + llabs(sy[k])) >= FXP_COVERAGE_RANGE)
         return false;
   }
   static const int32_t lane_i[16] = {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7};
   static const int32_t lane_j[16] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1};
   fxp_vi li, lj;
   memcpy(&li, lane_i, sizeof(li));
   memcpy(&lj, lane_j, sizeof(lj));
   uint64_t inside = *m;
   for (unsigned k = 0; k < 3 && inside; k++) {
      const int64_t e0 = p->A[k] * (((int64_t)tx << FXP_SUBPIXEL_BITS) + hx) +
                         p->B[k] * (((int64_t)ty << FXP_SUBPIXEL_BITS) + hy) + p->C[k] + p->bias[k];
      const int32_t e0c = (int32_t)CLAMP(e0, -FXP_COVERAGE_RANGE, FXP_COVERAGE_RANGE);
      const int32_t step_y = (int32_t)sy[k];
      /* i * sx + j * sy for j in 0..1: |.| <= 8 * (|sx| + |sy|) < 2^31 */
      const fxp_vi off = li * (int32_t)sx[k] + lj * step_y;
      uint64_t bits = 0;
      for (unsigned r = 0; r < 4; r++) {
         /* e0c + 2 r sy + off: |.| <= 2^30 + V < 2^31 */
         const fxp_vi e = fxp_splat_i(e0c + 2 * (int32_t)r * step_y) + off;
         bits |= (uint64_t)fxp_lane_bits(e >= fxp_splat_i(0)) << (16 * r);
      }
      inside &= bits;
   }
   *m = inside;
   return true;
}
