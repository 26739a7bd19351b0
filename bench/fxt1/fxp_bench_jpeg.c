/* JPEG input for the FXT1 benchmark (fxp_bench_fxt1.c) through libjpeg(-turbo): the photographs of the
 * benchmark set are JPEGs. A file of its own because jpeglib.h and Mesa's p_compiler.h both define `boolean`. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "fxp_bench_jpeg.h"

struct bench_jpeg_err {
   struct jpeg_error_mgr mgr;
   jmp_buf jmp;
};

static void
bench_jpeg_exit(j_common_ptr cinfo)
{
   longjmp(((struct bench_jpeg_err *)cinfo->err)->jmp, 1);
}

bool
fxp_bench_read_jpeg(const char *path, struct fxp_image *img)
{
   struct jpeg_decompress_struct d;
   struct bench_jpeg_err e;
   uint8_t *volatile pixels = NULL;
   FILE *f = fopen(path, "rb");

   memset(img, 0, sizeof(*img));
   if (!f)
      return false;
   d.err = jpeg_std_error(&e.mgr);
   e.mgr.error_exit = bench_jpeg_exit;
   if (setjmp(e.jmp)) {
      jpeg_destroy_decompress(&d);
      free(pixels);
      fclose(f);
      return false;
   }
   jpeg_create_decompress(&d);
   jpeg_stdio_src(&d, f);
   jpeg_read_header(&d, TRUE);
   d.out_color_space = JCS_EXT_RGBA;
   jpeg_start_decompress(&d);
   if (d.output_width > FXP_IMAGE_MAX_DIM_PX || d.output_height > FXP_IMAGE_MAX_DIM_PX)
      longjmp(e.jmp, 1);
   pixels = malloc((size_t)d.output_width * d.output_height * 4);
   if (!pixels)
      longjmp(e.jmp, 1);
   while (d.output_scanline < d.output_height) {
      JSAMPROW row = pixels + (size_t)d.output_scanline * d.output_width * 4;

      jpeg_read_scanlines(&d, &row, 1);
   }
   jpeg_finish_decompress(&d);
   img->w_px = d.output_width;
   img->h_px = d.output_height;
   img->rgba = pixels;
   jpeg_destroy_decompress(&d);
   fclose(f);
   return true;
}
