/* fxpipe-bench-fxt1: quality and speed of fxpipe's FXT1 encoder (fast and thorough settings) against Mesa's
 * (util_format_fxt1_*_pack_rgba_8unorm, linked here as the yardstick only; the driver never calls it), on the
 * same images, in one run, single-threaded.
 *
 *   fxpipe-bench-fxt1 [--min-time SECONDS] IMAGE.png|IMAGE.jpg ...
 *
 * An image with an alpha channel whose alphas are not all 255 is encoded as COMPRESSED_RGBA_FXT1_3DFX, any
 * other as COMPRESSED_RGB_FXT1_3DFX. Every encoder's output is decoded by fxpipe's exact decoder (the
 * specification's arithmetic) and measured as fxp_fxt1_image.h says (RGB PSNR over the texels whose alpha is
 * not 0, alpha PSNR over all). Each encode is repeated until it has run --min-time seconds (default 0.5) and
 * the fastest run counts; MP/s is megapixels (10^6 texels) per second. Mean PSNR is the mean of the images'
 * PSNRs; mean MP/s is all megapixels over all (fastest) times. Timings depend on the machine and its load:
 * measurements, not test assertions. bench/fxt1/run.sh fetches a set of photographs and game textures from
 * Debian packages and runs this on them. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util/format/u_format_fxt1.h"

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_encode.h"
#include "fxt1/fxp_fxt1_image.h"

#include "fxp_bench_jpeg.h"

static double
bench_now(void)
{
   struct timespec t;

   clock_gettime(CLOCK_MONOTONIC, &t);
   return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

enum bench_encoder { ENC_FAST, ENC_THOROUGH, ENC_MESA, ENC_COUNT };

static const char *const encoder_names[ENC_COUNT] = {"fxpipe fast", "fxpipe thorough", "Mesa"};

static void
bench_encode(enum bench_encoder which, const struct fxp_image *img, bool rgba_format, uint8_t *blocks,
             unsigned stride_B)
{
   switch (which) {
   case ENC_FAST:
   case ENC_THOROUGH:
      fxp_fxt1_encode_image(img->rgba, img->w_px * 4, img->w_px, img->h_px, rgba_format,
                            which == ENC_FAST ? FXP_FXT1_FAST : FXP_FXT1_THOROUGH, blocks, stride_B);
      break;
   case ENC_MESA:
      if (rgba_format)
         util_format_fxt1_rgba_pack_rgba_8unorm(blocks, stride_B, img->rgba, img->w_px * 4, img->w_px,
                                                img->h_px);
      else
         util_format_fxt1_rgb_pack_rgba_8unorm(blocks, stride_B, img->rgba, img->w_px * 4, img->w_px,
                                               img->h_px);
      break;
   case ENC_COUNT:
      break;
   }
}

struct bench_result {
   struct fxp_quality q;
   double seconds; /* fastest run */
   unsigned modes[4];
};

static const char *
bench_base(const char *path)
{
   const char *s = strrchr(path, '/');

   return s ? s + 1 : path;
}

static void
bench_fmt_psnr(char *buf, size_t size, double v)
{
   if (isinf(v))
      snprintf(buf, size, "%7s", "inf");
   else
      snprintf(buf, size, "%7.2f", v);
}

int
main(int argc, char **argv)
{
   double min_time = 0.5;
   double sum_rgb[ENC_COUNT] = {0}, sum_alpha[ENC_COUNT] = {0}, sum_s[ENC_COUNT] = {0}, sum_mp = 0;
   unsigned n_images = 0, n_alpha = 0, alpha_inf[ENC_COUNT] = {0};
   unsigned long long modes_total[ENC_COUNT][4] = {{0}};
   int first = 1;

   if (argc > 2 && !strcmp(argv[1], "--min-time")) {
      min_time = atof(argv[2]);
      first = 3;
   }
   if (first >= argc) {
      fprintf(stderr, "usage: %s [--min-time SECONDS] IMAGE.png|IMAGE.jpg ...\n", argv[0]);
      return 2;
   }
   printf("%-28s %11s %4s | %-25s | %-25s | %-25s\n", "image", "size", "fmt", "fxpipe fast: RGB  A  MP/s",
          "fxpipe thorough: RGB A MP/s", "Mesa: RGB  A  MP/s");
   for (int i = first; i < argc; i++) {
      struct fxp_image img;
      char err[512];
      const char *ext = strrchr(argv[i], '.');
      bool ok;

      if (ext && (!strcmp(ext, ".jpg") || !strcmp(ext, ".jpeg") || !strcmp(ext, ".JPG"))) {
         ok = fxp_bench_read_jpeg(argv[i], &img);
         snprintf(err, sizeof(err), "%s: cannot read JPEG", argv[i]);
      } else {
         ok = fxp_png_read(argv[i], &img, err, sizeof(err));
      }
      if (!ok) {
         fprintf(stderr, "%s\n", err);
         return 1;
      }

      bool rgba_format = false;

      for (size_t t = 0; img.has_alpha && t < (size_t)img.w_px * img.h_px; t++)
         rgba_format |= img.rgba[4 * t + 3] != 255;

      const unsigned stride_B = (img.w_px + 7) / 8 * 16, bh = (img.h_px + 3) / 4;
      uint8_t *blocks = malloc((size_t)stride_B * bh), *dec = malloc((size_t)img.w_px * img.h_px * 4);
      struct bench_result r[ENC_COUNT];
      const double mp = (double)img.w_px * img.h_px / 1e6;

      if (!blocks || !dec) {
         fprintf(stderr, "out of memory\n");
         return 1;
      }
      for (unsigned e = 0; e < ENC_COUNT; e++) {
         double spent = 0;

         r[e].seconds = INFINITY;
         do {
            const double t0 = bench_now();

            bench_encode(e, &img, rgba_format, blocks, stride_B);
            const double dt = bench_now() - t0;
            spent += dt;
            r[e].seconds = dt < r[e].seconds ? dt : r[e].seconds;
         } while (spent < min_time);
         if (rgba_format)
            fxp_fxt1_decode_image(blocks, stride_B, img.w_px, img.h_px, dec, img.w_px * 4);
         else
            fxp_fxt1_decode_image_rgb(blocks, stride_B, img.w_px, img.h_px, dec, img.w_px * 4);
         fxp_image_quality(img.rgba, dec, img.w_px, img.h_px, rgba_format, &r[e].q);
         memset(r[e].modes, 0, sizeof(r[e].modes));
         for (size_t b = 0; b < (size_t)stride_B / 16 * bh; b++)
            r[e].modes[fxp_fxt1_block_mode(blocks + 16 * b)]++;
      }

      char name[29], size[16];

      snprintf(name, sizeof(name), "%s", bench_base(argv[i]));
      snprintf(size, sizeof(size), "%ux%u", img.w_px, img.h_px);
      printf("%-28s %11s %4s", name, size, rgba_format ? "RGBA" : "RGB");
      for (unsigned e = 0; e < ENC_COUNT; e++) {
         char rgb[16], a[16];

         bench_fmt_psnr(rgb, sizeof(rgb), r[e].q.rgb_psnr);
         if (rgba_format)
            bench_fmt_psnr(a, sizeof(a), r[e].q.alpha_psnr);
         else
            snprintf(a, sizeof(a), "%7s", "-");
         printf(" | %s %s %8.2f", rgb, a, mp / r[e].seconds);
         sum_rgb[e] += r[e].q.rgb_psnr;
         sum_s[e] += r[e].seconds;
         if (rgba_format) {
            if (isinf(r[e].q.alpha_psnr))
               alpha_inf[e]++;
            else
               sum_alpha[e] += r[e].q.alpha_psnr;
         }
         for (unsigned m = 0; m < 4; m++)
            modes_total[e][m] += r[e].modes[m];
      }
      printf("\n");
      fflush(stdout);
      sum_mp += mp;
      n_images++;
      n_alpha += rgba_format;
      free(blocks);
      free(dec);
      fxp_image_free(&img);
   }

   printf("\n%u images (%u with alpha), %.2f megapixels\n", n_images, n_alpha, sum_mp);
   printf("%-16s %14s %22s %10s   %s\n", "encoder", "mean RGB PSNR", "mean alpha PSNR", "MP/s",
          "blocks: CC_HI CC_CHROMA CC_MIXED CC_ALPHA");
   for (unsigned e = 0; e < ENC_COUNT; e++) {
      char a[48];

      if (!n_alpha)
         snprintf(a, sizeof(a), "-");
      else if (alpha_inf[e] == n_alpha)
         snprintf(a, sizeof(a), "inf (exact)");
      else if (alpha_inf[e])
         snprintf(a, sizeof(a), "%.2f (+%u exact)", sum_alpha[e] / (n_alpha - alpha_inf[e]), alpha_inf[e]);
      else
         snprintf(a, sizeof(a), "%.2f", sum_alpha[e] / n_alpha);
      printf("%-16s %11.2f dB %22s %10.2f   %llu %llu %llu %llu\n", encoder_names[e], sum_rgb[e] / n_images, a,
             sum_mp / sum_s[e], modes_total[e][0], modes_total[e][1], modes_total[e][2], modes_total[e][3]);
   }
   return 0;
}
