/* Coverage of a partly covered 8x8 tile by a set-up primitive's three edges (raster/fxp_setup.h): the
 * general form steps each edge function in 64-bit integers pixel by pixel; the fast form tests 16 pixels at
 * once in 32-bit lane vectors where that is exact (raster/fxp_coverage.c says when). Both give a mask with
 * bit (y - ty) * 8 + (x - tx) for pixel (x, y) of the tile at (tx, ty), and the same bits (unit test
 * coverage.vector_matches_scalar). */
#ifndef FXP_COVERAGE_H
#define FXP_COVERAGE_H

#include <stdbool.h>
#include <stdint.h>

#include "raster/fxp_setup.h"

#define FXP_COVERAGE_TILE_PX 8 /* the tile side: 64 pixels, one bit each in a uint64_t */

/* The pixels of m (inside the tile at tx, ty, within [xa, xb] x [ya, yb]) whose point at (hx, hy) subpixels
 * from the pixel's corner is inside every edge: the general form. */
uint64_t fxp_tile_edges_general(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, int xa, int xb,
                                int ya, int yb, uint64_t m);

/* The same for the whole tile in 32-bit lane vectors; false (m untouched) where that form is not exact for
 * this primitive (an edge's steps too large: fxp_coverage.c), and the caller takes the general form. */
bool fxp_tile_edges_vec(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, uint64_t *m);

#endif
