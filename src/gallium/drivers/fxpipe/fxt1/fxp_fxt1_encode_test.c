/* Tests of the FXT1 encoder (fxp_fxt1_encode*.c), measured through fxpipe's exact decoder (fxp_fxt1.c):
 * flat colours within the format's precision, two-colour blocks exactly, the encoder's palettes of every mode
 * against the decoder, gradients, punch-through alpha exactly, alpha-0 texels keeping their colour (piglit's
 * rgbw image), the CC_MIXED green-LSB rule in both packers and end to end on every path, determinism (image =
 * block by block, run = run), partial edge blocks (repetition of the used texels, no write past the
 * image's blocks), the thorough setting never worse than the fast one, the RGB format ignoring alpha. Both
 * settings, both formats. The tests ignore t->screen. */
#include <stdlib.h>
#include <string.h>

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_encode.h"
#include "fxt1/fxp_fxt1_encode_priv.h"
#include "tests/fxp_test.h"

static const enum fxp_fxt1_quality qualities[2] = {FXP_FXT1_FAST, FXP_FXT1_THOROUGH};
static const char *const quality_names[2] = {"fast", "thorough"};

/* the tests' fixed pseudo-random sequence */
static uint32_t
rnd(uint32_t *s)
{
   return fxp_t_xorshift(s);
}

static void
encode_block(bool rgba_format, enum fxp_fxt1_quality q, const uint8_t px[32][4], uint8_t block[16])
{
   struct fxp_fxt1_encoder enc;

   fxp_fxt1_encoder_init(&enc, rgba_format, q);
   fxp_fxt1_encode_block(&enc, px, block);
}

static void
decode(bool rgba_format, const uint8_t block[16], uint8_t out[32][4])
{
   if (rgba_format)
      fxp_fxt1_decode_block(block, out);
   else
      fxp_fxt1_decode_block_rgb(block, out);
}

static int
absdiff(int a, int b)
{
   return a > b ? a - b : b - a;
}

/* Largest channel difference over the block (alpha too when rgba_format). */
static int
max_error(const uint8_t a[32][4], const uint8_t b[32][4], bool rgba_format)
{
   int m = 0;

   for (unsigned t = 0; t < 32; t++)
      for (unsigned c = 0; c < (rgba_format ? 4u : 3u); c++)
         m = absdiff(a[t][c], b[t][c]) > m ? absdiff(a[t][c], b[t][c]) : m;
   return m;
}

static int
w5(int v)
{
   return (v << 3) | (v >> 2);
}

static int
w6(int v)
{
   return (v << 2) | (v >> 4);
}

/* ---- flat colours ---- */

/* A block of one opaque colour decodes within 1 of it on every channel (CC_MIXED entry 1 between two RGB565
 * codes reaches every 8-bit value within 1), in both settings and formats; a translucent one within 4, the
 * 5-bit precision of CC_ALPHA, in the fast setting and within 2 in the thorough one. */
static void
test_flat(struct fxp_t *t)
{
   uint32_t s = 12345;

   for (unsigned i = 0; i < 300; i++) {
      uint8_t px[32][4], block[16], dec[32][4];
      uint8_t col[4] = {(uint8_t)i, (uint8_t)(i * 37 + 11), (uint8_t)(i * 101 + 7), 255};

      if (i >= 256) {
         const uint32_t r = rnd(&s);
         memcpy(col, &r, 3);
      }
      for (unsigned p = 0; p < 32; p++)
         memcpy(px[p], col, 4);
      for (unsigned q = 0; q < 2; q++) {
         for (unsigned f = 0; f < 2; f++) {
            encode_block(f, qualities[q], px, block);
            decode(f, block, dec);
            CHECK(t, max_error(px, dec, f) <= 1, "%s %s flat (%u,%u,%u): error %d", quality_names[q],
                  f ? "RGBA" : "RGB", col[0], col[1], col[2], max_error(px, dec, f));
         }
      }
      /* translucent */
      col[3] = (uint8_t)(1 + i % 254);
      for (unsigned p = 0; p < 32; p++)
         memcpy(px[p], col, 4);
      for (unsigned q = 0; q < 2; q++) {
         const int bound = q ? 2 : 4;

         encode_block(true, qualities[q], px, block);
         decode(true, block, dec);
         CHECK(t, max_error(px, dec, true) <= bound, "%s flat (%u,%u,%u,%u): error %d > %d", quality_names[q],
               col[0], col[1], col[2], col[3], max_error(px, dec, true), bound);
      }
   }
}

/* ---- two colours and the CC_MIXED green LSB ---- */

/* Two RGB565 colours in a random pattern per half decode exactly: only CC_MIXED alpha[0]=0 holds 6-bit greens,
 * so this needs the green LSB rule right for every combination of the colours' green LSBs and texel 0's
 * colour, on the fast path (block and image entry points) and the thorough one. */
static void
test_two_colours(struct fxp_t *t)
{
   uint32_t s = 777;

   for (unsigned i = 0; i < 64; i++) {
      uint8_t px[32][4], block[16], dec[32][4];
      uint8_t col[2][2][4];

      for (unsigned h = 0; h < 2; h++) {
         for (unsigned k = 0; k < 2; k++) {
            /* green LSBs: combination i % 4 of (colour 0, colour 1); texel 0 takes colour (i / 4) % 2 */
            const int g = (int)(rnd(&s) % 32) * 2 + (int)((i >> k) & 1u);

            col[h][k][0] = (uint8_t)w5((int)(rnd(&s) % 32));
            col[h][k][1] = (uint8_t)w6(g);
            col[h][k][2] = (uint8_t)w5((int)(rnd(&s) % 32));
            col[h][k][3] = 255;
         }
         if (!memcmp(col[h][0], col[h][1], 4))
            col[h][1][0] ^= 0x80;
         col[h][1][0] = (uint8_t)w5(col[h][1][0] >> 3);
         for (unsigned p = 0; p < 16; p++) {
            const unsigned which = p == 0 ? (i / 4) % 2 : rnd(&s) % 2;
            memcpy(px[16 * h + p], col[h][which], 4);
         }
         /* both colours present */
         memcpy(px[16 * h + 15], col[h][1 - (i / 4) % 2], 4);
      }
      for (unsigned q = 0; q < 2; q++) {
         for (unsigned f = 0; f < 2; f++) {
            encode_block(f, qualities[q], px, block);
            decode(f, block, dec);
            CHECK(t, max_error(px, dec, f) == 0, "%s %s two colours #%u: error %d (mode %s)", quality_names[q],
                  f ? "RGBA" : "RGB", i, max_error(px, dec, f), fxp_fxt1_mode_name(fxp_fxt1_block_mode(block)));
            CHECK(t, fxp_fxt1_block_mode(block) == FXP_FXT1_CC_MIXED, "two colours #%u: %s, want CC_MIXED", i,
                  fxp_fxt1_mode_name(fxp_fxt1_block_mode(block)));
         }
      }
      /* through the image entry point (the fast path pairs blocks: the block next to a different one) */
      uint8_t img[4][16][4], blocks[2][16], dec2[32][4];

      for (unsigned y = 0; y < 4; y++) {
         for (unsigned x = 0; x < 8; x++) {
            memcpy(img[y][x], px[(x & 4u) * 4u + y * 4u + (x & 3u)], 4);
            memset(img[y][8 + x], (int)(x * 30 + y * 7), 3);
            img[y][8 + x][3] = 255;
         }
      }
      fxp_fxt1_encode_image(img[0][0], 64, 16, 4, false, FXP_FXT1_FAST, blocks[0], 32);
      decode(false, blocks[0], dec2);
      CHECK(t, max_error(px, dec2, false) == 0, "image path two colours #%u: error %d", i,
            max_error(px, dec2, false));
   }
}

/* The palette a texel of a CC_MIXED alpha[0]=0 half should decode to: thirds between RGB565 codes a, b. */
static void
mixed0_entry(const int a[3], const int b[3], unsigned i, uint8_t out[4])
{
   for (unsigned c = 0; c < 3; c++) {
      const int wa = c == 1 ? w6(a[c]) : w5(a[c]), wb = c == 1 ? w6(b[c]) : w5(b[c]);

      out[c] = (uint8_t)(((3 - (int)i) * wa + (int)i * wb + 1) / 3);
   }
   out[3] = 255;
}

/* Both CC_MIXED alpha[0]=0 packers (the thorough path's fx_pack, the fast path's fx_fast_pack_mixed0), for
 * every combination of colour 0's green LSB, colour 1's and texel 0's upper index bit in each half: every
 * texel decodes to the entry its intended index selects from the intended colours. */
static void
test_mixed_green_lsb_packers(struct fxp_t *t)
{
   uint32_t s = 4242;

   for (unsigned combo = 0; combo < 64; combo++) {
      int codes[2][2][3];
      uint32_t bits[2] = {0, 0};
      unsigned idx[32];
      struct fx_cand c;
      uint8_t b1[16], b2[16], d1[32][4], d2[32][4];

      memset(&c, 0, sizeof(c));
      c.mode = FX_MIXED0;
      for (unsigned h = 0; h < 2; h++) {
         const unsigned v = combo >> (3 * h);

         for (unsigned k = 0; k < 2; k++) {
            codes[h][k][0] = (int)(rnd(&s) % 32);
            codes[h][k][1] = (int)(rnd(&s) % 32) * 2 + (int)((v >> k) & 1u);
            codes[h][k][2] = (int)(rnd(&s) % 32);
            memcpy(c.c[2 * h + k], codes[h][k], sizeof(codes[h][k]));
         }
         for (unsigned i = 0; i < 16; i++) {
            idx[16 * h + i] = i == 0 ? ((v >> 2) & 1u) * 2 + rnd(&s) % 2 : rnd(&s) % 4;
            bits[h] |= idx[16 * h + i] << (2 * i);
            c.idx[h][i] = (int)idx[16 * h + i];
         }
      }
      fx_pack(&c, b1);
      fx_fast_pack_mixed0((const int(*)[2][3])codes, bits, b2);
      fxp_fxt1_decode_block(b1, d1);
      fxp_fxt1_decode_block(b2, d2);
      for (unsigned p = 0; p < 32; p++) {
         uint8_t want[4];

         mixed0_entry(codes[p / 16][0], codes[p / 16][1], idx[p], want);
         CHECK(t, !memcmp(d1[p], want, 4), "fx_pack combo %u t%u: %u %u %u, want %u %u %u", combo, p, d1[p][0],
               d1[p][1], d1[p][2], want[0], want[1], want[2]);
         CHECK(t, !memcmp(d2[p], want, 4), "fast packer combo %u t%u: %u %u %u, want %u %u %u", combo, p,
               d2[p][0], d2[p][1], d2[p][2], want[0], want[1], want[2]);
      }
   }
}

/* The encoder's own palettes (fx_palette, which every fit scores with) against fxpipe's decoder: for random
 * codes of every mode and random texels, the error fx_eval computes with its best indices equals the error of
 * the packed block's decode. Both formats, opaque and translucent texels (an opaque block of the RGBA format
 * gets opaque CC_ALPHA colours, as the fits give it: the palette never offers it a translucent entry). */
static void
test_palettes_match_decoder(struct fxp_t *t)
{
   uint32_t s = 31;

   for (unsigned mode = 0; mode < FX_NMODES; mode++) {
      for (unsigned i = 0; i < 200; i++) {
         const bool rgba = i & 1, translucent = i & 2;
         struct fxp_fxt1_encoder enc;
         struct fx_texels tx;
         struct fx_cand c;
         uint8_t px[32][4], block[16], dec[32][4];

         for (unsigned p = 0; p < 32; p++) {
            const uint32_t r = rnd(&s);

            memcpy(px[p], &r, 4);
            if (!translucent)
               px[p][3] = 255;
         }
         fxp_fxt1_encoder_init(&enc, rgba, FXP_FXT1_THOROUGH);
         fx_prepare(&enc, px, &tx);
         memset(&c, 0, sizeof(c));
         c.mode = (enum fx_mode)mode;
         for (unsigned k = 0; k < 4; k++)
            for (unsigned ch = 0; ch < 4; ch++)
               c.c[k][ch] = (int)(rnd(&s) % (ch == 1 && fx_green6(c.mode, k) ? 64 : 32));
         if (rgba && !translucent)
            c.c[0][3] = c.c[1][3] = c.c[2][3] = 31; /* opaque block: CC_ALPHA colours opaque, as the fits make them */
         fx_eval(&tx, &c);
         fx_pack(&c, block);
         decode(rgba, block, dec);
         CHECK(t, (uint64_t)c.err == fxp_fxt1_block_error(px, dec, rgba) && c.err == (float)(uint64_t)c.err,
               "mode %u #%u (%s%s): fx_eval %.1f, decoded %llu", mode, i, rgba ? "RGBA" : "RGB",
               translucent ? ", translucent" : "", c.err, (unsigned long long)fxp_fxt1_block_error(px, dec, rgba));
      }
   }
}

/* ---- gradients ---- */

static double
image_psnr(const uint8_t *a, const uint8_t *b, unsigned n, bool alpha)
{
   double se = 0;

   for (unsigned i = 0; i < n; i++)
      for (unsigned c = 0; c < (alpha ? 4u : 3u); c++)
         se += (double)(a[4 * i + c] - b[4 * i + c]) * (a[4 * i + c] - b[4 * i + c]);
   return se == 0 ? 99.0 : 10.0 * __builtin_log10(255.0 * 255.0 * n * (alpha ? 4 : 3) / se);
}

/* Two-colour gradients (horizontal, vertical, diagonal) between far-apart colours: PSNR at least 40 dB in
 * the fast setting (a block holds a short stretch of the ramp, which the 4 levels of CC_MIXED or the 7 of
 * CC_HI follow closely), and the thorough setting at least as good. */
static void
test_gradients(struct fxp_t *t)
{
   static const uint8_t ends[3][2][3] = {
      {{10, 40, 200}, {240, 180, 20}},
      {{0, 0, 0}, {255, 255, 255}},
      {{200, 30, 90}, {30, 220, 140}},
   };
   enum { W = 64, H = 32 };
   static uint8_t img[W * H * 4], dec[W * H * 4], blocks[(W / 8) * (H / 4) * 16];

   for (unsigned e = 0; e < 3; e++) {
      for (unsigned dir = 0; dir < 3; dir++) {
         double psnr[2];

         for (unsigned y = 0; y < H; y++) {
            for (unsigned x = 0; x < W; x++) {
               const double f = dir == 0 ? x / (W - 1.0) : dir == 1 ? y / (H - 1.0) : (x + y) / (W + H - 2.0);

               for (unsigned c = 0; c < 3; c++)
                  img[4 * (y * W + x) + c] = (uint8_t)(ends[e][0][c] + f * (ends[e][1][c] - ends[e][0][c]) + 0.5);
               img[4 * (y * W + x) + 3] = 255;
            }
         }
         for (unsigned q = 0; q < 2; q++) {
            fxp_fxt1_encode_image(img, W * 4, W, H, false, qualities[q], blocks, (W / 8) * 16);
            fxp_fxt1_decode_image_rgb(blocks, (W / 8) * 16, W, H, dec, W * 4);
            psnr[q] = image_psnr(img, dec, W * H, false);
         }
         CHECK(t, psnr[0] >= 40.0, "gradient %u dir %u fast: %.2f dB", e, dir, psnr[0]);
         CHECK(t, psnr[1] >= psnr[0], "gradient %u dir %u: thorough %.2f dB < fast %.2f dB", e, dir, psnr[1],
               psnr[0]);
      }
   }
}

/* ---- alpha ---- */

/* Punch-through blocks (alphas 0 and 255 only) keep their alphas exactly, whatever the colours of their alpha-0
 * texels; a RGB555 and a RGB565 colour plus transparent black (what CC_MIXED alpha[0]=1 holds per half)
 * decode exactly. Both settings. */
static void
test_punch_through(struct fxp_t *t)
{
   uint32_t s = 99;

   for (unsigned i = 0; i < 200; i++) {
      uint8_t px[32][4], block[16], dec[32][4];
      uint8_t col[2][4];
      const bool two = i < 50;

      for (unsigned k = 0; k < 2; k++) {
         for (unsigned c = 0; c < 3; c++)
            col[k][c] = (uint8_t)w5((int)(rnd(&s) % 32));
         col[k][3] = 255;
      }
      col[1][1] = (uint8_t)w6((int)(rnd(&s) % 64)); /* colour 1: RGB565 */
      for (unsigned p = 0; p < 32; p++) {
         const uint32_t r = rnd(&s);

         if (two)
            memcpy(px[p], col[r & 1], 4);
         else
            memcpy(px[p], &r, 4);
         px[p][3] = (r >> 8) % 3 == 0 ? 0 : 255;
      }
      px[i % 32][3] = 0;
      px[(i + 7) % 32][3] = 255;
      for (unsigned p = 0; two && p < 32; p++) {
         if (!px[p][3])
            memset(px[p], 0, 4); /* transparent black */
      }
      for (unsigned q = 0; q < 2; q++) {
         encode_block(true, qualities[q], px, block);
         decode(true, block, dec);
         for (unsigned p = 0; p < 32; p++) {
            CHECK(t, dec[p][3] == px[p][3], "%s punch #%u t%u: alpha %u, want %u", quality_names[q], i, p,
                  dec[p][3], px[p][3]);
            if (two)
               CHECK(t, !memcmp(dec[p], px[p], 4), "%s punch two colours #%u t%u: %u %u %u %u, want %u %u %u %u",
                     quality_names[q], i, p, dec[p][0], dec[p][1], dec[p][2], dec[p][3], px[p][0], px[p][1],
                     px[p][2], px[p][3]);
         }
      }
   }
}

/* A fully transparent block keeps its alpha 0 exactly and its colours (which ramp by 5 and 3 a texel) within
 * 18; a translucent block whose alpha ramps by 6 a texel (90 across a half, which CC_ALPHA lerp=1 covers with
 * 4 levels 30 apart) stays within 18 on every channel (half a level, plus 5-bit quantisation); and the RGBA
 * format's error counts alpha. */
static void
test_translucent(struct fxp_t *t)
{
   uint8_t px[32][4], block[16], dec[32][4];

   for (unsigned p = 0; p < 32; p++) {
      px[p][0] = (uint8_t)(p * 5);
      px[p][1] = 100;
      px[p][2] = (uint8_t)(255 - p * 3);
      px[p][3] = 0;
   }
   for (unsigned q = 0; q < 2; q++) {
      encode_block(true, qualities[q], px, block);
      decode(true, block, dec);
      for (unsigned p = 0; p < 32; p++)
         CHECK(t, dec[p][3] == 0, "%s clear t%u: alpha %u", quality_names[q], p, dec[p][3]);
      CHECK(t, max_error(px, dec, true) <= 18, "%s clear ramp: error %d", quality_names[q],
            max_error(px, dec, true));
   }
   for (unsigned p = 0; p < 32; p++)
      px[p][3] = (uint8_t)(40 + p * 6); /* alpha ramp along the texel numbering */
   for (unsigned q = 0; q < 2; q++) {
      encode_block(true, qualities[q], px, block);
      decode(true, block, dec);
      CHECK(t, max_error(px, dec, true) <= 18, "%s translucent ramp: error %d", quality_names[q],
            max_error(px, dec, true));
      uint64_t alpha_se = 0;
      for (unsigned p = 0; p < 32; p++)
         alpha_se += (uint64_t)((px[p][3] - dec[p][3]) * (px[p][3] - dec[p][3]));
      CHECK(t, fxp_fxt1_block_error(px, dec, true) == fxp_fxt1_block_error(px, dec, false) + alpha_se,
            "RGBA error = RGB error + alpha error");
   }
}

/* ---- alpha-0 texels keep their colour ---- */

/* The colours of piglit's piglit_rgbw_image_ubyte(w, h, alpha = true), which
 * spec@arb_direct_state_access@getcompressedtextureimage uploads to a GL_COMPRESSED_RGBA_FXT1_3DFX texture,
 * reads back with glGetTexImage and compares within 8: red (255,0,0,0) decoded as (0,0,0,0) (transparent
 * black) when the encoder took an alpha-0 texel for transparent black, whatever its colour. */
static const uint8_t rgbw[4][4] = {{255, 0, 0, 0}, {0, 255, 0, 64}, {0, 0, 255, 128}, {255, 255, 255, 255}};

/* An alpha-0 texel keeps its colour (fxp_fxt1_encode.h): flat blocks of alpha 0 decode with alpha 0 and their
 * colour within 4 (fast) or 2 (thorough), as translucent flat blocks do; piglit's rgbw image (32x32,
 * quadrants of 16x16) decodes within piglit's 8 on every channel through fxp_fxt1_encode_image; blocks of
 * (255,0,0,0) and opaque white texels in alternate columns keep their alphas exactly and their colours within
 * 8; and blocks of transparent black stay exactly transparent black. Both settings. */
static void
test_clear_keeps_colour(struct fxp_t *t)
{
   enum { W = 32, H = 32 };
   uint8_t px[32][4], block[16], dec[32][4];

   for (unsigned i = 0; i < 300; i++) {
      uint8_t col[4] = {(uint8_t)i, (uint8_t)(i * 37 + 11), (uint8_t)(i * 101 + 7), 0};

      if (i == 299)
         memcpy(col, rgbw[0], 4);
      for (unsigned p = 0; p < 32; p++)
         memcpy(px[p], col, 4);
      for (unsigned q = 0; q < 2; q++) {
         const int bound = q ? 2 : 4;

         encode_block(true, qualities[q], px, block);
         decode(true, block, dec);
         CHECK(t, dec[0][3] == 0 && max_error(px, dec, true) <= bound,
               "%s flat (%u,%u,%u,0): decoded (%u,%u,%u,%u), error %d > %d", quality_names[q], col[0], col[1],
               col[2], dec[0][0], dec[0][1], dec[0][2], dec[0][3], max_error(px, dec, true), bound);
      }
   }

   uint8_t img[W * H * 4], blocks[(W / 8) * (H / 4) * 16];

   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++)
         memcpy(img + 4 * (y * W + x), rgbw[(y < H / 2 ? 0 : 2) + (x < W / 2 ? 0 : 1)], 4);
   for (unsigned q = 0; q < 2; q++) {
      int worst = 0;
      unsigned wx = 0, wy = 0;

      fxp_fxt1_encode_image(img, W * 4, W, H, true, qualities[q], blocks, (W / 8) * 16);
      for (unsigned b = 0; b < (W / 8) * (H / 4); b++) {
         decode(true, blocks + 16 * b, dec);
         for (unsigned p = 0; p < 32; p++) {
            const unsigned x = (b % (W / 8)) * 8 + (p & 3) + (p >= 16 ? 4 : 0), y = (b / (W / 8)) * 4 + (p & 15) / 4;

            for (unsigned c = 0; c < 4; c++) {
               if (absdiff(dec[p][c], img[4 * (y * W + x) + c]) > worst) {
                  worst = absdiff(dec[p][c], img[4 * (y * W + x) + c]);
                  wx = x;
                  wy = y;
               }
            }
         }
      }
      CHECK(t, worst <= 8, "%s rgbw image: error %d at (%u,%u)", quality_names[q], worst, wx, wy);
   }

   for (unsigned p = 0; p < 32; p++)
      memcpy(px[p], rgbw[(p & 1) ? 3 : 0], 4);
   for (unsigned q = 0; q < 2; q++) {
      encode_block(true, qualities[q], px, block);
      decode(true, block, dec);
      bool alpha_exact = true;
      for (unsigned p = 0; p < 32; p++)
         alpha_exact &= dec[p][3] == px[p][3];
      CHECK(t, alpha_exact && max_error(px, dec, true) <= 8, "%s red (alpha 0) and white columns: error %d%s",
            quality_names[q], max_error(px, dec, true), alpha_exact ? "" : ", alphas not exact");
   }

   memset(px, 0, sizeof(px));
   for (unsigned q = 0; q < 2; q++) {
      encode_block(true, qualities[q], px, block);
      decode(true, block, dec);
      CHECK(t, max_error(px, dec, true) == 0, "%s transparent black: error %d", quality_names[q],
            max_error(px, dec, true));
   }
}

/* ---- images: determinism, edges, settings ---- */

/* A w x h test image: smooth colour, noise, and (alpha) regions opaque, clear, punch-through and
 * translucent, so that every fast-path kind occurs. */
static uint8_t *
make_image(unsigned w, unsigned h, bool alpha, uint32_t seed)
{
   uint8_t *img = malloc((size_t)w * h * 4);
   uint32_t s = seed;

   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint8_t *p = img + 4 * ((size_t)y * w + x);
         const unsigned n = rnd(&s) % 24;

         p[0] = (uint8_t)(x * 7 + n);
         p[1] = (uint8_t)(y * 5 + 3 * n);
         p[2] = (uint8_t)((x ^ y) * 3);
         p[3] = 255;
         if (alpha) {
            const unsigned region = (x / 8 + y / 4) % 4;

            p[3] = region == 0 ? 255 : region == 1 ? 0 : region == 2 ? ((x + y) % 3 ? 255 : 0)
                                                                        : (uint8_t)(x * 9 + y * 4);
         }
      }
   }
   return img;
}

/* Same input, same bytes: twice in a row, and the image entry point against fxp_fxt1_encode_block on each
 * block (the fast path pairs blocks; a block's result must not depend on its partner). */
static void
test_determinism(struct fxp_t *t)
{
   enum { W = 40, H = 24, BW = 5, BH = 6 };
   uint8_t a[BW * BH * 16], b[BW * BH * 16];

   for (unsigned f = 0; f < 2; f++) {
      uint8_t *img = make_image(W, H, f, 31337);

      for (unsigned q = 0; q < 2; q++) {
         struct fxp_fxt1_encoder enc;

         fxp_fxt1_encode_image(img, W * 4, W, H, f, qualities[q], a, BW * 16);
         fxp_fxt1_encode_image(img, W * 4, W, H, f, qualities[q], b, BW * 16);
         CHECK(t, !memcmp(a, b, sizeof(a)), "%s %s: two runs differ", quality_names[q], f ? "RGBA" : "RGB");
         fxp_fxt1_encoder_init(&enc, f, qualities[q]);
         for (unsigned by = 0; by < BH; by++) {
            for (unsigned bx = 0; bx < BW; bx++) {
               uint8_t px[32][4], block[16];

               for (unsigned p = 0; p < 32; p++) {
                  const unsigned x = bx * 8 + (p & 3) + (p >= 16 ? 4 : 0), y = by * 4 + (p & 15) / 4;
                  memcpy(px[p], img + 4 * (y * W + x), 4);
               }
               fxp_fxt1_encode_block(&enc, px, block);
               CHECK(t, !memcmp(block, a + 16 * (by * BW + bx), 16), "%s %s block (%u,%u): image != block",
                     quality_names[q], f ? "RGBA" : "RGB", bx, by);
            }
         }
      }
      free(img);
   }
}

/* Partial blocks: a w x h image encodes as the image padded by repeating its used texels (x % w, y % h within
 * the last block), and nothing is written past ceil(w/8) * 16 bytes of a row of blocks. */
static void
test_edges(struct fxp_t *t)
{
   static const unsigned sizes[][2] = {{1, 1}, {3, 2}, {9, 5}, {13, 6}, {7, 3}, {17, 9}};

   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      const unsigned w = sizes[i][0], h = sizes[i][1], bw = (w + 7) / 8, bh = (h + 3) / 4;
      const unsigned pw = bw * 8, ph = bh * 4, stride = bw * 16 + 16; /* 16 guard bytes a row */

      for (unsigned f = 0; f < 2; f++) {
         uint8_t *img = make_image(w, h, f, 5 + i), *pad = malloc((size_t)pw * ph * 4);
         uint8_t *a = malloc((size_t)stride * bh), *b = malloc((size_t)stride * bh);
         uint8_t *dec = malloc((size_t)w * h * 4);

         for (unsigned y = 0; y < ph; y++) {
            for (unsigned x = 0; x < pw; x++) {
               /* the last block column / row repeats the used texels of that block */
               const unsigned x0 = x / 8 * 8, y0 = y / 4 * 4;
               const unsigned cols = w - x0 < 8 ? w - x0 : 8, rows = h - y0 < 4 ? h - y0 : 4;
               const unsigned sx = x0 + (x - x0) % cols, sy = y0 + (y - y0) % rows;

               memcpy(pad + 4 * (y * pw + x), img + 4 * (sy * w + sx), 4);
            }
         }
         for (unsigned q = 0; q < 2; q++) {
            memset(a, 0xa5, (size_t)stride * bh);
            memset(b, 0xa5, (size_t)stride * bh);
            fxp_fxt1_encode_image(img, w * 4, w, h, f, qualities[q], a, stride);
            fxp_fxt1_encode_image(pad, pw * 4, pw, ph, f, qualities[q], b, stride);
            CHECK(t, !memcmp(a, b, (size_t)stride * bh), "%s %s %ux%u: differs from the padded image",
                  quality_names[q], f ? "RGBA" : "RGB", w, h);
            for (unsigned r = 0; r < bh; r++) {
               for (unsigned g = 0; g < 16; g++)
                  CHECK(t, a[r * stride + bw * 16 + g] == 0xa5, "%ux%u: guard byte %u of row %u written", w, h, g,
                        r);
            }
            if (f)
               fxp_fxt1_decode_image(a, stride, w, h, dec, w * 4);
            else
               fxp_fxt1_decode_image_rgb(a, stride, w, h, dec, w * 4);
            CHECK(t, image_psnr(img, dec, w * h, false) > 20.0 || f, "%s %ux%u: %.2f dB", quality_names[q], w, h,
                  image_psnr(img, dec, w * h, false));
         }
         free(img);
         free(pad);
         free(a);
         free(b);
         free(dec);
      }
   }
}

/* The thorough setting's block is never worse than the fast one's (it competes among the candidates), by the
 * encoder's own error measure, block by block. */
static void
test_thorough_not_worse(struct fxp_t *t)
{
   enum { W = 48, H = 16 };

   for (unsigned f = 0; f < 2; f++) {
      uint8_t *img = make_image(W, H, f, 2024);
      struct fxp_fxt1_encoder fast, thorough;

      fxp_fxt1_encoder_init(&fast, f, FXP_FXT1_FAST);
      fxp_fxt1_encoder_init(&thorough, f, FXP_FXT1_THOROUGH);
      for (unsigned by = 0; by < H / 4; by++) {
         for (unsigned bx = 0; bx < W / 8; bx++) {
            uint8_t px[32][4], b1[16], b2[16], d1[32][4], d2[32][4];

            for (unsigned p = 0; p < 32; p++) {
               const unsigned x = bx * 8 + (p & 3) + (p >= 16 ? 4 : 0), y = by * 4 + (p & 15) / 4;
               memcpy(px[p], img + 4 * (y * W + x), 4);
            }
            fxp_fxt1_encode_block(&fast, px, b1);
            fxp_fxt1_encode_block(&thorough, px, b2);
            decode(f, b1, d1);
            decode(f, b2, d2);
            CHECK(t, fxp_fxt1_block_error(px, d2, f) <= fxp_fxt1_block_error(px, d1, f),
                  "%s block (%u,%u): thorough %llu > fast %llu", f ? "RGBA" : "RGB", bx, by,
                  (unsigned long long)fxp_fxt1_block_error(px, d2, f),
                  (unsigned long long)fxp_fxt1_block_error(px, d1, f));
         }
      }
      free(img);
   }
}

/* The RGB format ignores alpha: an image with any alphas encodes exactly as the same image opaque. */
static void
test_rgb_ignores_alpha(struct fxp_t *t)
{
   enum { W = 24, H = 8 };
   uint8_t *img = make_image(W, H, true, 77), *opaque = make_image(W, H, true, 77);
   uint8_t a[(W / 8) * (H / 4) * 16], b[(W / 8) * (H / 4) * 16];

   for (unsigned i = 0; i < W * H; i++)
      opaque[4 * i + 3] = 255;
   for (unsigned q = 0; q < 2; q++) {
      fxp_fxt1_encode_image(img, W * 4, W, H, false, qualities[q], a, (W / 8) * 16);
      fxp_fxt1_encode_image(opaque, W * 4, W, H, false, qualities[q], b, (W / 8) * 16);
      CHECK(t, !memcmp(a, b, sizeof(a)), "%s: RGB format depends on alpha", quality_names[q]);
   }
   free(img);
   free(opaque);
}

/* fxp_fxt1_block_error: alpha-0 texels of the RGBA format count with their colour; the RGB format ignores
 * alpha. */
static void
test_block_error(struct fxp_t *t)
{
   uint8_t src[32][4], dec[32][4];

   memset(src, 0, sizeof(src));
   memset(dec, 0, sizeof(dec));
   src[0][0] = 10;  /* transparent: its colour counts all the same */
   src[1][0] = 3;
   src[1][3] = 255;
   dec[1][3] = 250;
   CHECK_EQ_U(t, fxp_fxt1_block_error(src, dec, true), 100 + 9 + 25);
   CHECK_EQ_U(t, fxp_fxt1_block_error(src, dec, false), 100 + 9);
}

const struct fxp_test fxp_fxt1_encode_tests[] = {
   {"fxt1_encode.flat", test_flat},
   {"fxt1_encode.two_colours", test_two_colours},
   {"fxt1_encode.mixed_green_lsb_packers", test_mixed_green_lsb_packers},
   {"fxt1_encode.palettes_match_decoder", test_palettes_match_decoder},
   {"fxt1_encode.gradients", test_gradients},
   {"fxt1_encode.punch_through", test_punch_through},
   {"fxt1_encode.translucent", test_translucent},
   {"fxt1_encode.clear_keeps_colour", test_clear_keeps_colour},
   {"fxt1_encode.determinism", test_determinism},
   {"fxt1_encode.edges", test_edges},
   {"fxt1_encode.thorough_not_worse", test_thorough_not_worse},
   {"fxt1_encode.rgb_ignores_alpha", test_rgb_ignores_alpha},
   {"fxt1_encode.block_error", test_block_error},
   {NULL, NULL},
};
