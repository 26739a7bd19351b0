/* Image files and quality measures for the FXT1 tool (tools/fxp_fxt1_tool.c) and benchmark
 * (bench/fxt1/fxp_bench_fxt1.c): PNG through libpng, and the PSNR both report. Not part of the driver's
 * library (the driver does not link libpng). */
#ifndef FXP_FXT1_IMAGE_H
#define FXP_FXT1_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Largest width or height the tool and benchmark accept (and so at most 2^28 texels, 1 GiB of RGBA8). */
#define FXP_IMAGE_MAX_DIM_PX 16384u

/* An RGBA8 image, rows packed (stride w_px * 4). */
struct fxp_image {
   unsigned w_px, h_px;
   bool has_alpha; /* the file had an alpha channel or a tRNS chunk */
   uint8_t *rgba;
};

/* Reads any PNG (palette, grey, 16-bit, interlaced, tRNS) as RGBA8. Returns false with a message in err on a
 * missing, malformed or truncated file, or one wider or taller than FXP_IMAGE_MAX_DIM_PX. */
bool fxp_png_read(const char *path, struct fxp_image *img, char *err, size_t err_size);
/* The same from an open stream (read from its current position, not closed); path names it in messages. */
bool fxp_png_read_stream(FILE *f, const char *path, struct fxp_image *img, char *err, size_t err_size);
/* Writes RGBA8 (or RGB8 when !alpha) as PNG. */
bool fxp_png_write(const char *path, const uint8_t *rgba, unsigned w_px, unsigned h_px, bool alpha, char *err,
                   size_t err_size);
void fxp_image_free(struct fxp_image *img);

/* Quality of a decoded image against its source, both RGBA8 w x h packed.
 *   RGB: over every texel, in both formats (an alpha-0 texel's colour counts too: GL keeps it, glGetTexImage
 *        returns it and linear filtering blends it into its neighbours; fxp_fxt1_encode.h).
 *   alpha: over every texel (RGBA format only).
 * PSNR = 10 log10(255^2 / mean squared error per channel); an exact match gives +inf. */
struct fxp_quality {
   double rgb_psnr, alpha_psnr;
   uint64_t rgb_texels;
};

void fxp_image_quality(const uint8_t *src, const uint8_t *dec, unsigned w_px, unsigned h_px, bool rgba_format,
                       struct fxp_quality *q);

#endif
