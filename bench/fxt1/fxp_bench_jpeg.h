/* JPEG input for the FXT1 benchmark (fxp_bench_jpeg.c). */
#ifndef FXP_BENCH_JPEG_H
#define FXP_BENCH_JPEG_H

#include <stdbool.h>

#include "fxt1/fxp_fxt1_image.h"

/* A JPEG as RGBA8 (alpha 255); false when it cannot be read or is larger than FXP_IMAGE_MAX_DIM_PX. */
bool fxp_bench_read_jpeg(const char *path, struct fxp_image *img);

#endif
