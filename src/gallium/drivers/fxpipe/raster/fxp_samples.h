/* Multisampling's sample counts and sample positions: the one table the rasterizer (per-sample coverage and
 * depth, raster/fxp_rasterize.c and fxp_shade.c), the screen (get_sample_position, SAMPLEPOS) and the
 * shader engine (SAMPLE_POS, INTERP_SAMPLE) all read.
 *
 * Counts: 1, 2, 4, 8 and 16 samples a pixel (FXP_MAX_SAMPLES); any other count is refused at
 * is_format_supported and resource creation. A multisample resource stores sample s of pixel x at texel
 * column x * samples + s (resource/fxp_resource.h).
 *
 * Positions, in thirty-seconds of a pixel from the pixel's top-left corner, x to the right and y down the
 * framebuffer (as gallium's window coordinates). For 1, 2, 4 and 8 samples, the standard D3D10.1 / Vulkan
 * sample locations exactly (the table's values are twice their sixteenths). For 16, the standard locations
 * but for the two that lie on the pixel's edges, (0, 8/16) and (1/16, 0), each moved 1/32 pixel into the
 * pixel: on the edge, geometry reaching the very boundary of a pixel changed its coverage, and piglit's
 * ext_framebuffer_multisample accuracy tests (which llvmpipe, with 4 samples at most, passes) failed their
 * sRGB bound for fully lit pixels at 16 samples. Moved so little, each column and row of sixteenths still
 * holds one sample (16 coverage steps for near-vertical and near-horizontal edges, as the standard pattern),
 * and every position is still a multiple of 1/32 no larger than 30/32 (what piglit's sample-position test
 * can find):
 *
 * | count | sample 0..count-1, (x, y) / 32                                                              |
 * |-------|--------------------------------------------------------------------------------------------|
 * | 1     | (16,16)                                                                                     |
 * | 2     | (24,24) (8,8)                                                                               |
 * | 4     | (12,4) (28,12) (4,20) (20,28)                                                               |
 * | 8     | (18,10) (14,22) (26,18) (10,6) (6,26) (2,14) (22,30) (30,2)                                 |
 * | 16    | (18,18) (14,10) (10,20) (24,14) (6,12) (20,26) (26,22) (22,6) (12,28) (16,2) (8,4) (4,24)   |
 * |       | (1,16) (30,8) (28,30) (2,1)   (standard: (0,16) and (2,0))                                  |
 *
 * In the rasterizer's subpixels (raster/fxp_setup.h, 1/256 pixel) a position is 8 times these. */
#ifndef FXP_SAMPLES_H
#define FXP_SAMPLES_H

#include <stdbool.h>
#include <stdint.h>

#define FXP_MAX_SAMPLES 16          /* samples a pixel at most; sample masks are 16 bits */
#define FXP_SAMPLE_POS_UNIT 32      /* positions are in 1/32 pixel */

/* Whether fxpipe renders `count` samples a pixel (0 means 1, as gallium's templates say). */
static inline bool
fxp_sample_count_valid(unsigned count)
{
   return count <= 1 || count == 2 || count == 4 || count == 8 || count == 16;
}

/* Sample `i`'s position for `count` samples (a valid count, i < count), (x, y) in FXP_SAMPLE_POS_UNIT ths of
 * a pixel. */
static inline void
fxp_sample_pos(unsigned count, unsigned i, unsigned *x_32nd, unsigned *y_32nd)
{
   static const uint8_t pos[31][2] = {
      /* 1 at [0] */ {16, 16},
      /* 2 at [1] */ {24, 24}, {8, 8},
      /* 4 at [3] */ {12, 4}, {28, 12}, {4, 20}, {20, 28},
      /* 8 at [7] */ {18, 10}, {14, 22}, {26, 18}, {10, 6}, {6, 26}, {2, 14}, {22, 30}, {30, 2},
      /* 16 at [15] */ {18, 18}, {14, 10}, {10, 20}, {24, 14}, {6, 12}, {20, 26}, {26, 22}, {22, 6}, {12, 28},
      {16, 2}, {8, 4}, {4, 24}, {1, 16}, {30, 8}, {28, 30}, {2, 1},
   };
   const unsigned n = count <= 1 ? 1 : count;
   const unsigned k = n - 1 + (i < n ? i : 0); /* count c's table starts at c - 1 */
   *x_32nd = pos[k][0];
   *y_32nd = pos[k][1];
}

#endif
