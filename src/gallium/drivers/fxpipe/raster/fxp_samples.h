/* Multisampling's sample counts and sample positions: the one table the rasterizer (per-sample coverage and
 * depth, raster/fxp_rasterize.c and fxp_shade.c), the screen (get_sample_position, SAMPLEPOS) and the
 * shader engine (SAMPLE_POS, INTERP_SAMPLE) all read.
 *
 * Counts: 1, 2, 4, 8 and 16 samples a pixel (FXP_MAX_SAMPLES); any other count is refused at
 * is_format_supported and resource creation. A multisample resource stores sample s of pixel x at texel
 * column x * samples + s (resource/fxp_resource.h).
 *
 * Positions: the standard D3D10.1 / Vulkan sample locations, in sixteenths of a pixel from the pixel's
 * top-left corner, x to the right and y down the framebuffer (as gallium's window coordinates):
 *
 * | count | sample 0..count-1, (x, y) / 16                                                              |
 * |-------|--------------------------------------------------------------------------------------------|
 * | 1     | (8,8)                                                                                       |
 * | 2     | (12,12) (4,4)                                                                               |
 * | 4     | (6,2) (14,6) (2,10) (10,14)                                                                 |
 * | 8     | (9,5) (7,11) (13,9) (5,3) (3,13) (1,7) (11,15) (15,1)                                       |
 * | 16    | (9,9) (7,5) (5,10) (12,7) (3,6) (10,13) (13,11) (11,3) (6,14) (8,1) (4,2) (2,12) (0,8)      |
 * |       | (15,4) (14,15) (1,0)                                                                        |
 *
 * In the rasterizer's subpixels (raster/fxp_setup.h, 1/256 pixel) a position is 16 times these. */
#ifndef FXP_SAMPLES_H
#define FXP_SAMPLES_H

#include <stdbool.h>
#include <stdint.h>

#define FXP_MAX_SAMPLES 16          /* samples a pixel at most; sample masks are 16 bits */
#define FXP_SAMPLE_POS_UNIT 16      /* positions are in 1/16 pixel */

/* Whether fxpipe renders `count` samples a pixel (0 means 1, as gallium's templates say). */
static inline bool
fxp_sample_count_valid(unsigned count)
{
   return count <= 1 || count == 2 || count == 4 || count == 8 || count == 16;
}

/* Sample `i`'s position for `count` samples (a valid count, i < count), (x, y) in 1/16 pixel. */
static inline void
fxp_sample_pos(unsigned count, unsigned i, unsigned *x_16th, unsigned *y_16th)
{
   static const uint8_t pos[31][2] = {
      /* 1 at [0] */ {8, 8},
      /* 2 at [1] */ {12, 12}, {4, 4},
      /* 4 at [3] */ {6, 2}, {14, 6}, {2, 10}, {10, 14},
      /* 8 at [7] */ {9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1},
      /* 16 at [15] */ {9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3}, {6, 14}, {8, 1},
      {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0},
   };
   const unsigned n = count <= 1 ? 1 : count;
   const unsigned k = n - 1 + (i < n ? i : 0); /* count c's table starts at c - 1 */
   *x_16th = pos[k][0];
   *y_16th = pos[k][1];
}

#endif
