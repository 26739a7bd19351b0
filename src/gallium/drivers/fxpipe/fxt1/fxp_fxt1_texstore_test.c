/* Tests of fxp_fxt1_texstore (fxp_fxt1_texstore.c), the entry point of GL uploads to FXT1 textures: the
 * values of FXPIPE_FXT1, the blocks equal to fxp_fxt1_encode_image's with the process's setting for every
 * size (partial edge blocks included) and padded strides of both sides, nothing written past a row's blocks,
 * and the layouts it refuses without writing. tests/gl/fxp_gl_fxt1_upload.c checks the same through GL. The
 * tests ignore t->screen. */
#include <stdlib.h>
#include <string.h>

#include "fxt1/fxp_fxt1_texstore.h"
#include "tests/fxp_test.h"

static void
test_quality_parse(struct fxp_t *t)
{
   static const struct {
      const char *value;
      bool ok;
      enum fxp_fxt1_quality quality;
   } cases[] = {
      {NULL, true, FXP_FXT1_FAST},      {"", true, FXP_FXT1_FAST},         {"fast", true, FXP_FXT1_FAST},
      {"thorough", true, FXP_FXT1_THOROUGH}, {"Thorough", false, 0},       {"fast ", false, 0},
      {"1", false, 0},                  {"slow", false, 0},
   };

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      enum fxp_fxt1_quality q = (enum fxp_fxt1_quality)7; /* left alone on a refusal */
      const bool ok = fxp_fxt1_quality_parse(cases[i].value, &q);

      CHECK(t, ok == cases[i].ok, "FXPIPE_FXT1=%s: parsed %d", cases[i].value ? cases[i].value : "(unset)", ok);
      CHECK(t, q == (ok ? cases[i].quality : (enum fxp_fxt1_quality)7), "FXPIPE_FXT1=%s: quality %d",
            cases[i].value ? cases[i].value : "(unset)", (int)q);
   }
}

/* A w x h RGBA8 image with src_stride bytes a row (the padding 0x5a), texels from a fixed sequence with
 * smooth runs, so that blocks of every kind occur (opaque, punch-through, translucent, clear). */
static uint8_t *
make_image(unsigned w, unsigned h, unsigned src_stride, uint32_t seed)
{
   uint8_t *img = malloc((size_t)src_stride * h);

   memset(img, 0x5a, (size_t)src_stride * h);
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint8_t *p = img + (size_t)y * src_stride + 4 * x;

         seed = seed * 1664525u + 1013904223u;
         p[0] = (uint8_t)(x * 9 + (seed >> 28));
         p[1] = (uint8_t)(y * 13 + (seed >> 27));
         p[2] = (uint8_t)((x + y) * 5);
         p[3] = (x / 8 + y / 4) % 4 == 0 ? 255 : (x / 8 + y / 4) % 4 == 1 ? (x & 1 ? 0 : 255)
              : (x / 8 + y / 4) % 4 == 2 ? (uint8_t)(x * 20) : 0;
      }
   }
   return img;
}

static void
test_matches_encoder(struct fxp_t *t)
{
   static const unsigned sizes[][2] = {{1, 1}, {7, 3}, {8, 4}, {9, 5}, {17, 13}, {33, 2}, {64, 8}};
   const enum fxp_fxt1_quality q = fxp_fxt1_texstore_quality();

   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      const unsigned w = sizes[i][0], h = sizes[i][1], bw = (w + 7) / 8, bh = (h + 3) / 4;
      const unsigned src_stride = w * 4 + 12, dst_stride = bw * 16 + 16; /* 16 guard bytes a row of blocks */
      uint8_t *img = make_image(w, h, src_stride, 17 + i);
      uint8_t *a = malloc((size_t)dst_stride * bh), *b = malloc((size_t)dst_stride * bh);

      for (unsigned f = 0; f < 2; f++) {
         memset(a, 0xa5, (size_t)dst_stride * bh);
         memset(b, 0xa5, (size_t)dst_stride * bh);
         CHECK(t, fxp_fxt1_texstore(f, img, (int)src_stride, (int)w, (int)h, a, (int)dst_stride),
               "%ux%u: refused", w, h);
         fxp_fxt1_encode_image(img, src_stride, w, h, f, q, b, dst_stride);
         CHECK(t, !memcmp(a, b, (size_t)dst_stride * bh), "%s %ux%u: blocks differ from fxp_fxt1_encode_image's",
               f ? "RGBA" : "RGB", w, h);
         for (unsigned r = 0; r < bh; r++) {
            for (unsigned g = 0; g < 16; g++)
               CHECK(t, a[r * dst_stride + bw * 16 + g] == 0xa5, "%ux%u: guard byte %u of row %u written", w, h,
                     g, r);
         }
      }
      free(img);
      free(a);
      free(b);
   }
}

static void
test_refusals(struct fxp_t *t)
{
   static const struct {
      const char *what;
      int w, h, src_stride, dst_stride;
      bool null_src, null_dst, ok;
   } cases[] = {
      {"9x5", 9, 5, 36, 32, false, false, true},
      {"empty width", 0, 5, 0, 0, false, false, true},
      {"empty height", 9, 0, 36, 32, false, false, true},
      {"negative width", -9, 5, 36, 32, false, false, false},
      {"negative height", 9, -5, 36, 32, false, false, false},
      {"source row too short", 9, 5, 35, 32, false, false, false},
      {"negative source stride", 9, 5, -36, 32, false, false, false},
      {"row of blocks too short", 9, 5, 36, 31, false, false, false},
      {"negative destination stride", 9, 5, 36, -32, false, false, false},
      {"no source", 9, 5, 36, 32, true, false, false},
      {"no destination", 9, 5, 36, 32, false, true, false},
   };
   uint8_t *img = make_image(9, 5, 36, 3), dst[2 * 32];

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const bool empty = !cases[i].w || !cases[i].h;

      memset(dst, 0xa5, sizeof(dst));
      const bool ok = fxp_fxt1_texstore(true, cases[i].null_src ? NULL : img, cases[i].src_stride, cases[i].w,
                                        cases[i].h, cases[i].null_dst ? NULL : dst, cases[i].dst_stride);
      CHECK(t, ok == cases[i].ok, "%s: returned %d", cases[i].what, ok);
      if (!cases[i].ok || empty) {
         bool untouched = true;

         for (unsigned k = 0; k < sizeof(dst); k++)
            untouched &= dst[k] == 0xa5;
         CHECK(t, untouched, "%s: wrote blocks", cases[i].what);
      }
   }
   free(img);
}

const struct fxp_test fxp_fxt1_texstore_tests[] = {
   {"fxt1_texstore.quality_parse", test_quality_parse},
   {"fxt1_texstore.matches_encoder", test_matches_encoder},
   {"fxt1_texstore.refusals", test_refusals},
   {NULL, NULL},
};
