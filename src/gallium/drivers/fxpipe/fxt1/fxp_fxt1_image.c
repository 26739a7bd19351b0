/* PNG files through libpng and the PSNR measures of the FXT1 tool and benchmark (fxp_fxt1_image.h). Errors
 * from libpng come back through setjmp/longjmp and become messages; nothing here aborts. */
#include "fxp_fxt1_image.h"

#include <errno.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fxp_png_err {
   char *msg;
   size_t size;
   char warning[160]; /* libpng's last warning: it often says why the error that follows happened */
};

static void
fxp_png_error(png_structp png, png_const_charp msg)
{
   struct fxp_png_err *e = png_get_error_ptr(png);

   if (e && e->msg) {
      if (e->warning[0])
         snprintf(e->msg, e->size, "%s (%s)", msg, e->warning);
      else
         snprintf(e->msg, e->size, "%s", msg);
   }
   png_longjmp(png, 1);
}

static void
fxp_png_warning(png_structp png, png_const_charp msg)
{
   struct fxp_png_err *e = png_get_error_ptr(png);

   if (e)
      snprintf(e->warning, sizeof(e->warning), "%s", msg);
}

bool
fxp_png_read(const char *path, struct fxp_image *img, char *err, size_t err_size)
{
   FILE *f;

   memset(img, 0, sizeof(*img));
   f = fopen(path, "rb");
   if (!f) {
      snprintf(err, err_size, "%s: %s", path, strerror(errno));
      return false;
   }
   const bool ok = fxp_png_read_stream(f, path, img, err, err_size);
   fclose(f);
   return ok;
}

bool
fxp_png_read_stream(FILE *f, const char *path, struct fxp_image *img, char *err, size_t err_size)
{
   struct fxp_png_err e = {err, err_size, ""};
   png_structp png = NULL;
   png_infop info = NULL;
   uint8_t sig[8];
   png_bytep *volatile rows = NULL;
   uint8_t *volatile pixels = NULL;

   memset(img, 0, sizeof(*img));
   if (fread(sig, 1, 8, f) != 8 || png_sig_cmp(sig, 0, 8)) {
      snprintf(err, err_size, "%s: not a PNG file", path);
      return false;
   }
   png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &e, fxp_png_error, fxp_png_warning);
   info = png ? png_create_info_struct(png) : NULL;
   if (!info) {
      snprintf(err, err_size, "%s: out of memory", path);
      png_destroy_read_struct(&png, NULL, NULL);
      return false;
   }
   if (setjmp(png_jmpbuf(png))) {
      char msg[256];

      snprintf(msg, sizeof(msg), "%s", err);
      snprintf(err, err_size, "%s: bad or truncated PNG: %s", path, msg);
      png_destroy_read_struct(&png, &info, NULL);
      free(rows);
      free(pixels);
      return false;
   }
   png_init_io(png, f);
   png_set_sig_bytes(png, 8);
   /* refuse huge images before libpng allocates anything for them */
   png_set_user_limits(png, FXP_IMAGE_MAX_DIM_PX, FXP_IMAGE_MAX_DIM_PX);
   png_read_info(png, info);

   const png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
   const int type = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
   const bool trns = png_get_valid(png, info, PNG_INFO_tRNS);

   img->has_alpha = (type & PNG_COLOR_MASK_ALPHA) || trns;
   if (depth == 16)
      png_set_strip_16(png);
   if (type == PNG_COLOR_TYPE_PALETTE)
      png_set_palette_to_rgb(png);
   if (type == PNG_COLOR_TYPE_GRAY && depth < 8)
      png_set_expand_gray_1_2_4_to_8(png);
   if (trns)
      png_set_tRNS_to_alpha(png);
   if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA)
      png_set_gray_to_rgb(png);
   if (!(type & PNG_COLOR_MASK_ALPHA) && !trns)
      png_set_filler(png, 0xff, PNG_FILLER_AFTER);
   png_set_interlace_handling(png);
   png_read_update_info(png, info);
   if (png_get_rowbytes(png, info) != (size_t)w * 4) {
      snprintf(err, err_size, "%s: unsupported PNG layout", path);
      png_destroy_read_struct(&png, &info, NULL);
      return false;
   }
   pixels = malloc((size_t)w * h * 4);
   rows = malloc(sizeof(png_bytep) * h);
   if (!pixels || !rows) {
      snprintf(err, err_size, "%s: out of memory for %ux%u", path, (unsigned)w, (unsigned)h);
      free(rows);
      free(pixels);
      png_destroy_read_struct(&png, &info, NULL);
      return false;
   }
   for (png_uint_32 y = 0; y < h; y++)
      rows[y] = pixels + (size_t)y * w * 4;
   png_read_image(png, rows);
   png_read_end(png, NULL);
   png_destroy_read_struct(&png, &info, NULL);
   free(rows);
   img->w_px = w;
   img->h_px = h;
   img->rgba = pixels;
   return true;
}

bool
fxp_png_write(const char *path, const uint8_t *rgba, unsigned w_px, unsigned h_px, bool alpha, char *err,
              size_t err_size)
{
   struct fxp_png_err e = {err, err_size, ""};
   png_structp png;
   png_infop info = NULL;
   uint8_t *volatile row = NULL;
   FILE *f = fopen(path, "wb");

   if (!f) {
      snprintf(err, err_size, "%s: %s", path, strerror(errno));
      return false;
   }
   png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &e, fxp_png_error, fxp_png_warning);
   info = png ? png_create_info_struct(png) : NULL;
   row = malloc((size_t)w_px * 4);
   if (!info || !row) {
      snprintf(err, err_size, "%s: out of memory", path);
      png_destroy_write_struct(&png, &info);
      free(row);
      fclose(f);
      return false;
   }
   if (setjmp(png_jmpbuf(png))) {
      char msg[256];

      snprintf(msg, sizeof(msg), "%s", err);
      snprintf(err, err_size, "%s: writing PNG failed: %s", path, msg);
      png_destroy_write_struct(&png, &info);
      free(row);
      fclose(f);
      return false;
   }
   png_init_io(png, f);
   png_set_IHDR(png, info, w_px, h_px, 8, alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   for (unsigned y = 0; y < h_px; y++) {
      const uint8_t *src = rgba + (size_t)y * w_px * 4;

      if (alpha) {
         memcpy(row, src, (size_t)w_px * 4);
      } else {
         for (unsigned x = 0; x < w_px; x++)
            memcpy(row + 3 * x, src + 4 * x, 3);
      }
      png_write_row(png, row);
   }
   png_write_end(png, NULL);
   png_destroy_write_struct(&png, &info);
   free(row);
   if (fclose(f) != 0) {
      snprintf(err, err_size, "%s: %s", path, strerror(errno));
      return false;
   }
   return true;
}

void
fxp_image_free(struct fxp_image *img)
{
   free(img->rgba);
   img->rgba = NULL;
}

static double
fxp_psnr(uint64_t sse, uint64_t samples)
{
   if (sse == 0 || samples == 0)
      return INFINITY;
   return 10.0 * log10(255.0 * 255.0 * (double)samples / (double)sse);
}

void
fxp_image_quality(const uint8_t *src, const uint8_t *dec, unsigned w_px, unsigned h_px, bool rgba_format,
                  struct fxp_quality *q)
{
   const size_t n = (size_t)w_px * h_px;
   uint64_t rgb_sse = 0, a_sse = 0, counted = 0;

   for (size_t i = 0; i < n; i++) {
      const uint8_t *s = src + 4 * i, *d = dec + 4 * i;

      if (rgba_format) {
         const int da = (int)s[3] - (int)d[3];

         a_sse += (uint64_t)(da * da);
      }
      for (unsigned c = 0; c < 3; c++) {
         const int dc = (int)s[c] - (int)d[c];

         rgb_sse += (uint64_t)(dc * dc);
      }
      counted++;
   }
   q->rgb_texels = counted;
   q->rgb_psnr = fxp_psnr(rgb_sse, 3 * counted);
   q->alpha_psnr = rgba_format ? fxp_psnr(a_sse, n) : INFINITY;
}
