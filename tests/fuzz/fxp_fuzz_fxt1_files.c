/* libFuzzer harness: the FXT1 tool's file readers on arbitrary bytes (scripts/fuzz.sh builds and runs it;
 * README "Fuzzing"): the KTX 1.1 reader (fxt1/fxp_fxt1_ktx.c) and the PNG reader (fxt1/fxp_fxt1_image.c,
 * through libpng), as `fxpipe-fxt1 decode` and `encode` use them.
 *
 * Every input goes through both readers. A KTX file the reader accepts must have every level inside the
 * input and of exactly its FXT1 size; each level is then decoded (into a buffer of its exact size) as the
 * tool's decode does. A PNG the reader accepts must come back as w x h RGBA8 within the tool's size limit,
 * and is then encoded with the fast setting and measured (when at most 64K texels, to keep each input
 * short), as the tool's encode and compare do. A refusal must come with a message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_encode.h"
#include "fxt1/fxp_fxt1_image.h"
#include "fxt1/fxp_fxt1_ktx.h"

#define CHECK(cond, ...)                                                                                      \
   do {                                                                                                       \
      if (!(cond)) {                                                                                          \
         fprintf(stderr, "fxp_fuzz_fxt1_files: " __VA_ARGS__);                                                \
         fprintf(stderr, "\n");                                                                               \
         abort();                                                                                             \
      }                                                                                                       \
   } while (0)

static void
ktx(const uint8_t *data, size_t size)
{
   struct fxp_ktx k;
   char err[256] = "";

   if (!fxp_ktx_parse(data, size, &k, err, sizeof(err))) {
      CHECK(err[0], "KTX refused without a message");
      return;
   }
   CHECK(k.levels >= 1 && k.levels <= FXP_KTX_MAX_LEVELS, "%u levels", k.levels);
   CHECK(k.w_px >= 1 && k.h_px >= 1 && k.w_px <= FXP_IMAGE_MAX_DIM_PX && k.h_px <= FXP_IMAGE_MAX_DIM_PX,
         "size %ux%u", k.w_px, k.h_px);
   for (unsigned l = 0; l < k.levels; l++) {
      const unsigned w = fxp_ktx_level_dim(k.w_px, l), h = fxp_ktx_level_dim(k.h_px, l);

      CHECK(k.level_B[l] == fxp_fxt1_image_size_B(w, h), "level %u: %llu bytes", l,
            (unsigned long long)k.level_B[l]);
      CHECK(k.level_data[l] >= data + FXP_KTX_HEADER_B && k.level_data[l] + k.level_B[l] <= data + size,
            "level %u outside the file", l);
      uint8_t *rgba = malloc((size_t)w * h * 4);
      CHECK(rgba, "out of memory");
      if (k.internal_format == FXP_KTX_RGBA_FXT1)
         fxp_fxt1_decode_image(k.level_data[l], (w + 7) / 8 * 16, w, h, rgba, w * 4);
      else
         fxp_fxt1_decode_image_rgb(k.level_data[l], (w + 7) / 8 * 16, w, h, rgba, w * 4);
      free(rgba);
   }
}

static void
png(const uint8_t *data, size_t size)
{
   struct fxp_image img;
   char err[512] = "";
   FILE *f = fmemopen((void *)data, size, "rb");

   if (!f)
      return; /* fmemopen refuses an empty buffer */
   const bool ok = fxp_png_read_stream(f, "input", &img, err, sizeof(err));
   fclose(f);
   if (!ok) {
      CHECK(err[0], "PNG refused without a message");
      CHECK(!img.rgba, "a refused PNG left pixels");
      return;
   }
   CHECK(img.rgba && img.w_px >= 1 && img.h_px >= 1 && img.w_px <= FXP_IMAGE_MAX_DIM_PX &&
            img.h_px <= FXP_IMAGE_MAX_DIM_PX, "PNG read as %ux%u", img.w_px, img.h_px);
   if ((uint64_t)img.w_px * img.h_px <= 65536) {
      const unsigned bw = (img.w_px + 7) / 8, bh = (img.h_px + 3) / 4;
      uint8_t *blocks = malloc((size_t)bw * bh * 16), *dec = malloc((size_t)img.w_px * img.h_px * 4);
      struct fxp_quality q;

      CHECK(blocks && dec, "out of memory");
      fxp_fxt1_encode_image(img.rgba, img.w_px * 4, img.w_px, img.h_px, img.has_alpha, FXP_FXT1_FAST, blocks,
                            bw * 16);
      if (img.has_alpha)
         fxp_fxt1_decode_image(blocks, bw * 16, img.w_px, img.h_px, dec, img.w_px * 4);
      else
         fxp_fxt1_decode_image_rgb(blocks, bw * 16, img.w_px, img.h_px, dec, img.w_px * 4);
      fxp_image_quality(img.rgba, dec, img.w_px, img.h_px, img.has_alpha, &q);
      free(blocks);
      free(dec);
   } else {
      /* touch every row of a large image: a short one must not have been handed back */
      volatile uint8_t sum = 0;
      for (unsigned y = 0; y < img.h_px; y++)
         sum += img.rgba[(size_t)y * img.w_px * 4 + (size_t)(img.w_px - 1) * 4 + 3];
      (void)sum;
   }
   fxp_image_free(&img);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   ktx(data, size);
   png(data, size);
   return 0;
}
