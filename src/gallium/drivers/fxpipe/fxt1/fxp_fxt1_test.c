/* Tests of the FXT1 decoder (fxp_fxt1.c) against values worked out by hand from spec/fxt1.txt: blocks of every
 * mode built bit by bit here, every index of each mode, bit replication of 5- and 6-bit channels, the CC_MIXED
 * green-LSB rule, texel numbering, the RGB format's alpha, decode_texel against decode_block on pseudo-random
 * blocks, and decode_image on partial edge blocks with guard bytes. The tests ignore t->screen.
 *
 * Widening used in the comments: 5-bit v -> (v << 3) | (v >> 2); 6-bit v -> (v << 2) | (v >> 4). */
#include <string.h>

#include "fxt1/fxp_fxt1.h"
#include "tests/fxp_test.h"

/* ---- building blocks bit by bit (bit n = bit n % 8 of byte n / 8) ---- */

static void
put(uint8_t b[16], unsigned pos, unsigned n, unsigned v)
{
   for (unsigned i = 0; i < n; i++) {
      const unsigned bit = pos + i;

      b[bit / 8] = (uint8_t)((b[bit / 8] & ~(1u << (bit % 8))) | (((v >> i) & 1u) << (bit % 8)));
   }
}

/* An RGB555 colour with its blue at bit pos, green at pos + 5, red at pos + 10. */
static void
put_rgb(uint8_t b[16], unsigned pos, unsigned r, unsigned g, unsigned bl)
{
   put(b, pos + 10, 5, r);
   put(b, pos + 5, 5, g);
   put(b, pos, 5, bl);
}

/* Texel t's index at [bits*t + bits - 1 : bits*t]. */
static void
put_indices(uint8_t b[16], unsigned bits, const unsigned idx[32])
{
   for (unsigned t = 0; t < 32; t++)
      put(b, bits * t, bits, idx[t]);
}

/* (x, y) of spec texel t: t0..t15 left 4x4 row-major, t16..t31 right. */
static void
texel_xy(unsigned t, unsigned *x, unsigned *y)
{
   *x = (t & 3) + (t >= 16 ? 4 : 0);
   *y = (t & 15) / 4;
}

static bool
same(const uint8_t a[4], const uint8_t b[4])
{
   return memcmp(a, b, 4) == 0;
}

/* Checks all 32 texels of a block, through decode_block and decode_texel, against pal[idx[t]]; also that the
 * RGB entry points give the same colour with alpha 255. */
static void
check_block(struct fxp_t *t, const char *what, const uint8_t b[16], const unsigned idx[32],
            const uint8_t (*pal)[4])
{
   uint8_t blk[32][4], blk_rgb[32][4], tx[4];

   fxp_fxt1_decode_block(b, blk);
   fxp_fxt1_decode_block_rgb(b, blk_rgb);
   for (unsigned i = 0; i < 32; i++) {
      const uint8_t *want = pal[idx[i]];
      unsigned x, y;

      CHECK(t, same(blk[i], want), "%s block t%u (index %u): %u %u %u %u, want %u %u %u %u", what, i, idx[i],
            blk[i][0], blk[i][1], blk[i][2], blk[i][3], want[0], want[1], want[2], want[3]);
      texel_xy(i, &x, &y);
      fxp_fxt1_decode_texel(b, x, y, tx);
      CHECK(t, same(tx, want), "%s texel (%u,%u) t%u (index %u): %u %u %u %u, want %u %u %u %u", what, x, y,
            i, idx[i], tx[0], tx[1], tx[2], tx[3], want[0], want[1], want[2], want[3]);
      CHECK(t, !memcmp(blk_rgb[i], want, 3) && blk_rgb[i][3] == 255, "%s block_rgb t%u: %u %u %u %u", what, i,
            blk_rgb[i][0], blk_rgb[i][1], blk_rgb[i][2], blk_rgb[i][3]);
      fxp_fxt1_decode_texel_rgb(b, x, y, tx);
      CHECK(t, !memcmp(tx, want, 3) && tx[3] == 255, "%s texel_rgb t%u: %u %u %u %u", what, i, tx[0], tx[1],
            tx[2], tx[3]);
   }
}

/* ---- mode ---- */

/* Bits [127:125]: 00x CC_HI, 010 CC_CHROMA, 011 CC_ALPHA, 1xx CC_MIXED; the rest of the block does not matter. */
static void
test_mode(struct fxp_t *t)
{
   static const enum fxp_fxt1_mode want[8] = {
      FXP_FXT1_CC_HI, FXP_FXT1_CC_HI, FXP_FXT1_CC_CHROMA, FXP_FXT1_CC_ALPHA,
      FXP_FXT1_CC_MIXED, FXP_FXT1_CC_MIXED, FXP_FXT1_CC_MIXED, FXP_FXT1_CC_MIXED,
   };
   uint8_t b[16];

   for (unsigned fill = 0; fill < 2; fill++) {
      for (unsigned top = 0; top < 8; top++) {
         memset(b, fill ? 0xff : 0x00, 16);
         put(b, 125, 3, top);
         CHECK(t, fxp_fxt1_block_mode(b) == want[top], "[127:125] = %u%u%u (rest %s): %s, want %s", top >> 2,
               (top >> 1) & 1, top & 1, fill ? "ones" : "zeros", fxp_fxt1_mode_name(fxp_fxt1_block_mode(b)),
               fxp_fxt1_mode_name(want[top]));
      }
   }
   /* byte 15 holds bits [127:120] */
   memset(b, 0, 16);
   b[15] = 0x40;
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_CHROMA);
   b[15] = 0x60;
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_ALPHA);
   b[15] = 0x80;
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_MIXED);
   b[15] = 0x20;
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_HI);
   CHECK(t, !strcmp(fxp_fxt1_mode_name(FXP_FXT1_CC_ALPHA), "CC_ALPHA"), "mode name");
}

/* ---- CC_HI ---- */

/* color0 = RGB555 (3, 31, 0), color1 = (16, 0, 10); bit 125 (color1 red's MSB) is set, still CC_HI.
 * Left texel t has index t % 8, right texel t index 7 - t % 8. */
static void
make_hi(uint8_t b[16], unsigned idx[32])
{
   memset(b, 0, 16);
   put(b, 126, 2, 0);
   put_rgb(b, 111, 16, 0, 10); /* color1 */
   put_rgb(b, 96, 3, 31, 0);   /* color0 */
   for (unsigned i = 0; i < 32; i++)
      idx[i] = i < 16 ? i % 8 : 7 - i % 8;
   put_indices(b, 3, idx);
}

/* color0: r 3 -> (3<<3)|(3>>2) = 24, g 31 -> 248|7 = 255, b 0 -> 0.
 * color1: r 16 -> 128|4 = 132, g 0 -> 0, b 10 -> 80|2 = 82.
 * Color[i] = ((6-i)*c0 + i*c1 + 3) / 6, alpha 255; Color[7] transparent black. */
static const uint8_t hi_pal[8][4] = {
   {24, 255, 0, 255},  /* color0 */
   /* r (5*24 + 132 + 3)/6 = 255/6 = 42; g (5*255 + 0 + 3)/6 = 1278/6 = 213; b (0 + 82 + 3)/6 = 85/6 = 14 */
   {42, 213, 14, 255},
   /* r (4*24 + 2*132 + 3)/6 = 363/6 = 60; g (4*255 + 3)/6 = 1023/6 = 170; b (2*82 + 3)/6 = 167/6 = 27 */
   {60, 170, 27, 255},
   /* r (3*24 + 3*132 + 3)/6 = 471/6 = 78; g (3*255 + 3)/6 = 768/6 = 128; b (3*82 + 3)/6 = 249/6 = 41 */
   {78, 128, 41, 255},
   /* r (2*24 + 4*132 + 3)/6 = 579/6 = 96; g (2*255 + 3)/6 = 513/6 = 85; b (4*82 + 3)/6 = 331/6 = 55 */
   {96, 85, 55, 255},
   /* r (24 + 5*132 + 3)/6 = 687/6 = 114; g (255 + 3)/6 = 258/6 = 43; b (5*82 + 3)/6 = 413/6 = 68 */
   {114, 43, 68, 255},
   {132, 0, 82, 255},  /* color1 */
   {0, 0, 0, 0},       /* transparent black */
};

static void
test_cc_hi(struct fxp_t *t)
{
   uint8_t b[16], px[4];
   unsigned idx[32];

   make_hi(b, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_HI);
   check_block(t, "CC_HI", b, idx, hi_pal);

   /* texel numbering, by hand: (4,0) is t16, index 7 - 16%8 = 7 -> transparent black */
   fxp_fxt1_decode_texel(b, 4, 0, px);
   CHECK(t, px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 0, "(4,0) = t16: %u %u %u %u", px[0], px[1],
         px[2], px[3]);
   /* (3,0) is t3, index 3 -> (78, 128, 41, 255) */
   fxp_fxt1_decode_texel(b, 3, 0, px);
   CHECK(t, px[0] == 78 && px[1] == 128 && px[2] == 41 && px[3] == 255, "(3,0) = t3: %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   /* (0,1) is t4, index 4 -> (96, 85, 55, 255) */
   fxp_fxt1_decode_texel(b, 0, 1, px);
   CHECK(t, px[0] == 96 && px[1] == 85 && px[2] == 55 && px[3] == 255, "(0,1) = t4: %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   /* (5,2) is t25, index 7 - 25%8 = 6 -> color1 (132, 0, 82, 255) */
   fxp_fxt1_decode_texel(b, 5, 2, px);
   CHECK(t, px[0] == 132 && px[1] == 0 && px[2] == 82 && px[3] == 255, "(5,2) = t25: %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   /* (7,3) is t31, index 7 - 31%8 = 0 -> color0 (24, 255, 0, 255) */
   fxp_fxt1_decode_texel(b, 7, 3, px);
   CHECK(t, px[0] == 24 && px[1] == 255 && px[2] == 0 && px[3] == 255, "(7,3) = t31: %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   /* (5,1) is t21, whose index straddles bits 63/64: [65:63], index 7 - 21%8 = 2 -> (60, 170, 27, 255) */
   fxp_fxt1_decode_texel(b, 5, 1, px);
   CHECK(t, px[0] == 60 && px[1] == 170 && px[2] == 27 && px[3] == 255, "(5,1) = t21: %u %u %u %u", px[0],
         px[1], px[2], px[3]);
}

/* ---- CC_CHROMA ---- */

/* color0 (0,0,0) -> (0,0,0); color1 (31,31,31) -> (255,255,255);
 * color2 (1,2,4) -> (8|0, 16|0, 32|1) = (8,16,33); color3 (7,15,30) -> (56|1, 120|3, 240|7) = (57,123,247).
 * No interpolation, alpha 255. */
static const uint8_t chroma_pal[4][4] = {
   {0, 0, 0, 255}, {255, 255, 255, 255}, {8, 16, 33, 255}, {57, 123, 247, 255},
};

static void
test_cc_chroma(struct fxp_t *t)
{
   uint8_t b[16];
   unsigned idx[32];

   memset(b, 0, 16);
   put(b, 125, 3, 2); /* 010b */
   put(b, 124, 1, 1); /* unused: must not matter */
   put_rgb(b, 109, 7, 15, 30);
   put_rgb(b, 94, 1, 2, 4);
   put_rgb(b, 79, 31, 31, 31);
   put_rgb(b, 64, 0, 0, 0);
   for (unsigned i = 0; i < 32; i++)
      idx[i] = i < 16 ? i % 4 : 3 - i % 4;
   put_indices(b, 2, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_CHROMA);
   check_block(t, "CC_CHROMA", b, idx, chroma_pal);
}

/* ---- bit replication of every 5-bit value and 6-bit edges ---- */

static void
test_widening(struct fxp_t *t)
{
   /* (v << 3) | (v >> 2) for v = 0..31, written out */
   static const uint8_t w5[32] = {
      0, 8, 16, 24, 33, 41, 49, 57, 66, 74, 82, 90, 99, 107, 115, 123,
      132, 140, 148, 156, 165, 173, 181, 189, 198, 206, 214, 222, 231, 239, 247, 255,
   };
   /* 6-bit v -> (v << 2) | (v >> 4): 0 -> 0, 1 -> 4, 16 -> 64|1 = 65, 32 -> 128|2 = 130, 62 -> 248|3 = 251,
    * 63 -> 252|3 = 255 */
   static const struct { unsigned v, w; } w6[] = {{0, 0}, {1, 4}, {16, 65}, {32, 130}, {62, 251}, {63, 255}};
   uint8_t b[16], px[4];

   for (unsigned v = 0; v < 32; v++) {
      /* CC_CHROMA, color0 = (v, 31 - v, v), all indices 0; and CC_ALPHA lerp=0 color0 alpha = v */
      memset(b, 0, 16);
      put(b, 125, 3, 2);
      put_rgb(b, 64, v, 31 - v, v);
      fxp_fxt1_decode_texel(b, 0, 0, px);
      CHECK(t, px[0] == w5[v] && px[1] == w5[31 - v] && px[2] == w5[v] && px[3] == 255,
            "5-bit %u: %u %u %u %u, want %u %u %u 255", v, px[0], px[1], px[2], px[3], w5[v], w5[31 - v], w5[v]);
      memset(b, 0, 16);
      put(b, 125, 3, 3);
      put(b, 109, 5, v);
      fxp_fxt1_decode_texel(b, 6, 2, px);
      CHECK(t, px[3] == w5[v] && px[0] == 0, "5-bit alpha %u: %u, want %u", v, px[3], w5[v]);
   }
   for (unsigned i = 0; i < sizeof(w6) / sizeof(w6[0]); i++) {
      /* CC_MIXED alpha[0]=0, color1 green = {g5, bit 125}: g5 = v >> 1, glsb = v & 1; texel 0 index 3 */
      memset(b, 0, 16);
      put(b, 127, 1, 1);
      put(b, 125, 1, w6[i].v & 1);
      put(b, 84, 5, w6[i].v >> 1);
      put(b, 0, 2, 3);
      fxp_fxt1_decode_texel(b, 0, 0, px);
      CHECK(t, px[1] == w6[i].w && px[0] == 0 && px[2] == 0 && px[3] == 255, "6-bit %u: %u, want %u", w6[i].v,
            px[1], w6[i].w);
   }
}

/* ---- CC_MIXED ---- */

/* color0 RGB555 (10, 20, 5), color1 (0, 31, 31), color2 (31, g2, 16), color3 (1, 17, 0). */
static void
make_mixed(uint8_t b[16], unsigned alpha0, unsigned glsb1, unsigned glsb0, unsigned g2, const unsigned idx[32])
{
   memset(b, 0, 16);
   put(b, 127, 1, 1);
   put(b, 126, 1, glsb1);
   put(b, 125, 1, glsb0);
   put(b, 124, 1, alpha0);
   put_rgb(b, 109, 1, 17, 0);  /* color3 */
   put_rgb(b, 94, 31, g2, 16); /* color2 */
   put_rgb(b, 79, 0, 31, 31);  /* color1 */
   put_rgb(b, 64, 10, 20, 5);  /* color0 */
   put_indices(b, 2, idx);
}

/* alpha[0] = 0, glsb[1] (bit 126) = 0, glsb[0] (bit 125) = 1. Texel 0 has index 2 (bit 1 = 1), texel 16 index 1
 * (bit 33 = 0). */
static void
test_cc_mixed_opaque(struct fxp_t *t)
{
   static const unsigned idx[32] = {
      2, 0, 1, 3, 0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 2, 2, /* left: t0 = 2 */
      1, 0, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 3, 2, 3, /* right: t16 = 1 */
   };
   /* Left, color0 (10, 20, 5): r 10 -> 80|2 = 82; g 6-bit {20, bit1 ^ bit125 = 1^1 = 0} = 40 -> 160|2 = 162;
    *   b 5 -> 40|1 = 41.
    * color1 (0, 31, 31): r 0; g 6-bit {31, bit125 = 1} = 63 -> 255; b 31 -> 255.
    * Color[i] = ((3-i)*c0 + i*c1 + 1) / 3, alpha 255. */
   static const uint8_t left[4][4] = {
      {82, 162, 41, 255},
      /* r (2*82 + 0 + 1)/3 = 165/3 = 55; g (2*162 + 255 + 1)/3 = 580/3 = 193; b (2*41 + 255 + 1)/3 = 338/3 = 112 */
      {55, 193, 112, 255},
      /* r (82 + 0 + 1)/3 = 83/3 = 27; g (162 + 2*255 + 1)/3 = 673/3 = 224; b (41 + 2*255 + 1)/3 = 552/3 = 184 */
      {27, 224, 184, 255},
      {0, 255, 255, 255},
   };
   /* Right, color2 (31, 0, 16): r 255; g 6-bit {0, bit33 ^ bit126 = 0^0 = 0} = 0 -> 0; b 16 -> 128|4 = 132.
    * color3 (1, 17, 0): r 1 -> 8|0 = 8; g 6-bit {17, bit126 = 0} = 34 -> 136|2 = 138; b 0. */
   static const uint8_t right[4][4] = {
      {255, 0, 132, 255},
      /* r (2*255 + 8 + 1)/3 = 519/3 = 173; g (0 + 138 + 1)/3 = 139/3 = 46; b (2*132 + 0 + 1)/3 = 265/3 = 88 */
      {173, 46, 88, 255},
      /* r (255 + 2*8 + 1)/3 = 272/3 = 90; g (0 + 2*138 + 1)/3 = 277/3 = 92; b (132 + 0 + 1)/3 = 133/3 = 44 */
      {90, 92, 44, 255},
      {8, 138, 0, 255},
   };
   uint8_t pal[8][4];
   unsigned pidx[32];
   uint8_t b[16];

   make_mixed(b, 0, 0, 1, 0, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_MIXED);
   /* one palette of 8: left entries 0..3, right entries 4..7 */
   memcpy(pal, left, sizeof(left));
   memcpy(pal[4], right, sizeof(right));
   for (unsigned i = 0; i < 32; i++)
      pidx[i] = idx[i] + (i < 16 ? 0 : 4);
   check_block(t, "CC_MIXED alpha0=0", b, pidx, (const uint8_t(*)[4])pal);
}

/* alpha[0] = 1, glsb[1] (bit 126) = 1, glsb[0] (bit 125) = 0. Texels 0 and 16 have index 3 (select bits 1 and 33
 * set): with alpha[0] = 1 they must not touch color0's or color2's green. */
static void
test_cc_mixed_alpha(struct fxp_t *t)
{
   static const unsigned idx[32] = {
      3, 0, 1, 2, 0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 2, 2,
      3, 0, 2, 1, 3, 2, 1, 0, 0, 0, 1, 1, 2, 3, 2, 3,
   };
   /* Left, color0 RGB555 (10, 20, 5) -> (82, 160|5 = 165, 41).
    * color1 (0, 31, 31) with g 6-bit {31, bit125 = 0} = 62 -> 248|3 = 251 -> (0, 251, 255).
    * 0 -> c0, 1 -> (c0 + c1)/2, 2 -> c1, 3 -> transparent black. */
   static const uint8_t left[4][4] = {
      {82, 165, 41, 255},
      /* r (82 + 0)/2 = 41; g (165 + 251)/2 = 416/2 = 208; b (41 + 255)/2 = 296/2 = 148 */
      {41, 208, 148, 255},
      {0, 251, 255, 255},
      {0, 0, 0, 0},
   };
   /* Right, color2 RGB555 (31, 1, 16) -> (255, 8|0 = 8, 132).
    * color3 (1, 17, 0) with g 6-bit {17, bit126 = 1} = 35 -> 140|2 = 142 -> (8, 142, 0). */
   static const uint8_t right[4][4] = {
      {255, 8, 132, 255},
      /* r (255 + 8)/2 = 263/2 = 131; g (8 + 142)/2 = 75; b (132 + 0)/2 = 66 */
      {131, 75, 66, 255},
      {8, 142, 0, 255},
      {0, 0, 0, 0},
   };
   uint8_t pal[8][4];
   unsigned pidx[32];
   uint8_t b[16];

   make_mixed(b, 1, 1, 0, 1, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_MIXED);
   memcpy(pal, left, sizeof(left));
   memcpy(pal[4], right, sizeof(right));
   for (unsigned i = 0; i < 32; i++)
      pidx[i] = idx[i] + (i < 16 ? 0 : 4);
   check_block(t, "CC_MIXED alpha0=1", b, pidx, (const uint8_t(*)[4])pal);
}

/* The green LSBs of CC_MIXED in both sub-blocks, for every select bit S (bit 1 / bit 33) and glsb G (bit 125 /
 * bit 126). Colours: ca (color0 / color2) green g5 = 20, cb (color1 / color3) green g5 = 17, red and blue 0.
 * Texels of the sub-block: first index 2*S (S is its upper bit), second index 0 (shows ca), third index 3
 * (shows cb). */
static void
test_cc_mixed_glsb(struct fxp_t *t)
{
   static const struct { unsigned alpha0, s, g, ca, cb; } rows[] = {
      /* alpha[0]=0: ca = 6-bit {20, S^G}: 40 -> 160|2 = 162, 41 -> 164|2 = 166;
       *             cb = 6-bit {17, G}:   34 -> 136|2 = 138, 35 -> 140|2 = 142 */
      {0, 0, 0, 162, 138},
      {0, 1, 0, 166, 138},
      {0, 0, 1, 166, 142},
      {0, 1, 1, 162, 142},
      /* alpha[0]=1: ca = 5-bit 20 -> 160|5 = 165 whatever S and G; cb as above */
      {1, 0, 0, 165, 138},
      {1, 1, 0, 165, 138},
      {1, 0, 1, 165, 142},
      {1, 1, 1, 165, 142},
   };

   for (unsigned r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
      for (unsigned half = 0; half < 2; half++) {
         const unsigned first = 16 * half;
         uint8_t b[16], blk[32][4], px[4];

         memset(b, 0, 16);
         put(b, 127, 1, 1);
         put(b, 124, 1, rows[r].alpha0);
         put(b, half ? 126 : 125, 1, rows[r].g);
         put(b, (half ? 94 : 64) + 5, 5, 20);  /* ca green */
         put(b, (half ? 109 : 79) + 5, 5, 17); /* cb green */
         put(b, 2 * first, 2, 2 * rows[r].s);
         put(b, 2 * (first + 1), 2, 0);
         put(b, 2 * (first + 2), 2, 3);
         fxp_fxt1_decode_block(b, blk);
         CHECK(t, blk[first + 1][1] == rows[r].ca && blk[first + 1][0] == 0 && blk[first + 1][2] == 0,
               "half %u alpha0 %u S %u G %u: ca green %u, want %u", half, rows[r].alpha0, rows[r].s, rows[r].g,
               blk[first + 1][1], rows[r].ca);
         if (rows[r].alpha0 == 0) {
            CHECK(t, blk[first + 2][1] == rows[r].cb && blk[first + 2][3] == 255,
                  "half %u S %u G %u: cb green %u, want %u", half, rows[r].s, rows[r].g, blk[first + 2][1],
                  rows[r].cb);
         } else {
            /* index 3 is transparent black; cb is index 2, which texel 0/16 has when S = 1 */
            CHECK(t, !memcmp(blk[first + 2], "\0\0\0\0", 4), "half %u alpha0 1: index 3 not transparent",
                  half);
            if (rows[r].s)
               CHECK(t, blk[first][1] == rows[r].cb, "half %u alpha0 1 G %u: cb green %u, want %u", half,
                     rows[r].g, blk[first][1], rows[r].cb);
         }
         /* the other sub-block: glsb bit, select bit, colours and indices 0 -> its first texel is opaque black */
         fxp_fxt1_decode_texel(b, half ? 0 : 4, 0, px);
         CHECK(t, px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 255, "half %u: other sub-block %u %u %u %u",
               half, px[0], px[1], px[2], px[3]);
         fxp_fxt1_decode_texel(b, half ? 5 : 1, 0, px);
         CHECK(t, px[1] == rows[r].ca, "half %u: decode_texel ca green %u, want %u", half, px[1], rows[r].ca);
      }
   }
}

/* ---- CC_ALPHA ---- */

/* color0 ARGB5555 a 0, rgb (31, 0, 3); color1 a 16, rgb (10, 20, 30); color2 a 31, rgb (1, 2, 4).
 * Left texel t has index t % 4, right texel t index 3 - t % 4. */
static void
make_alpha(uint8_t b[16], unsigned lerp, unsigned idx[32])
{
   memset(b, 0, 16);
   put(b, 125, 3, 3); /* 011b */
   put(b, 124, 1, lerp);
   put(b, 119, 5, 31); /* color2 alpha */
   put(b, 114, 5, 16); /* color1 alpha */
   put(b, 109, 5, 0);  /* color0 alpha */
   put_rgb(b, 94, 1, 2, 4);
   put_rgb(b, 79, 10, 20, 30);
   put_rgb(b, 64, 31, 0, 3);
   for (unsigned i = 0; i < 32; i++)
      idx[i] = i < 16 ? i % 4 : 3 - i % 4;
   put_indices(b, 2, idx);
}

/* Widened: color0 (r 255, g 0, b 3 -> 24, a 0);
 *          color1 (r 10 -> 80|2 = 82, g 20 -> 160|5 = 165, b 30 -> 240|7 = 247, a 16 -> 128|4 = 132);
 *          color2 (r 1 -> 8, g 2 -> 16, b 4 -> 32|1 = 33, a 31 -> 255). */
static void
test_cc_alpha_table(struct fxp_t *t)
{
   /* lerp = 0: the same table in both sub-blocks, index 3 transparent black */
   static const uint8_t pal[4][4] = {
      {255, 0, 24, 0}, {82, 165, 247, 132}, {8, 16, 33, 255}, {0, 0, 0, 0},
   };
   uint8_t b[16];
   unsigned idx[32];

   make_alpha(b, 0, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_ALPHA);
   check_block(t, "CC_ALPHA lerp=0", b, idx, pal);
}

static void
test_cc_alpha_lerp(struct fxp_t *t)
{
   /* lerp = 1, Color[i] = ((3-i)*ca + i*cb + 1) / 3 on r, g, b and a (written r, g, b, a below).
    * Left: ca = color0, cb = color1. */
   static const uint8_t left[4][4] = {
      {255, 0, 24, 0},
      /* r (2*255 + 82 + 1)/3 = 593/3 = 197; g (0 + 165 + 1)/3 = 166/3 = 55; b (2*24 + 247 + 1)/3 = 296/3 = 98;
       * a (0 + 132 + 1)/3 = 133/3 = 44 */
      {197, 55, 98, 44},
      /* r (255 + 2*82 + 1)/3 = 420/3 = 140; g (0 + 2*165 + 1)/3 = 331/3 = 110; b (24 + 2*247 + 1)/3 = 519/3 = 173;
       * a (0 + 2*132 + 1)/3 = 265/3 = 88 */
      {140, 110, 173, 88},
      {82, 165, 247, 132},
   };
   /* Right: ca = color2, cb = color1. */
   static const uint8_t right[4][4] = {
      {8, 16, 33, 255},
      /* r (2*8 + 82 + 1)/3 = 99/3 = 33; g (2*16 + 165 + 1)/3 = 198/3 = 66; b (2*33 + 247 + 1)/3 = 314/3 = 104;
       * a (2*255 + 132 + 1)/3 = 643/3 = 214 */
      {33, 66, 104, 214},
      /* r (8 + 2*82 + 1)/3 = 173/3 = 57; g (16 + 2*165 + 1)/3 = 347/3 = 115; b (33 + 2*247 + 1)/3 = 528/3 = 176;
       * a (255 + 2*132 + 1)/3 = 520/3 = 173 */
      {57, 115, 176, 173},
      {82, 165, 247, 132},
   };
   uint8_t pal[8][4];
   unsigned idx[32], pidx[32];
   uint8_t b[16];

   make_alpha(b, 1, idx);
   CHECK_EQ_U(t, fxp_fxt1_block_mode(b), FXP_FXT1_CC_ALPHA);
   memcpy(pal, left, sizeof(left));
   memcpy(pal[4], right, sizeof(right));
   for (unsigned i = 0; i < 32; i++)
      pidx[i] = idx[i] + (i < 16 ? 0 : 4);
   check_block(t, "CC_ALPHA lerp=1", b, pidx, (const uint8_t(*)[4])pal);
}

/* ---- decode_texel against decode_block on pseudo-random blocks ---- */

/* A pseudo-random block of the given mode; flag sets bit 124 (alpha[0] / lerp) for CC_MIXED and CC_ALPHA. */
static void
random_block(uint32_t *seed, enum fxp_fxt1_mode mode, unsigned flag, uint8_t b[16])
{
   for (unsigned i = 0; i < 16; i++)
      b[i] = (uint8_t)fxp_t_xorshift(seed);
   switch (mode) {
   case FXP_FXT1_CC_HI: put(b, 126, 2, 0); break;
   case FXP_FXT1_CC_CHROMA: put(b, 125, 3, 2); break;
   case FXP_FXT1_CC_ALPHA: put(b, 125, 3, 3); put(b, 124, 1, flag); break;
   case FXP_FXT1_CC_MIXED: put(b, 127, 1, 1); put(b, 124, 1, flag); break;
   }
}

static void
test_texel_vs_block(struct fxp_t *t)
{
   static const enum fxp_fxt1_mode modes[4] = {
      FXP_FXT1_CC_HI, FXP_FXT1_CC_CHROMA, FXP_FXT1_CC_MIXED, FXP_FXT1_CC_ALPHA,
   };
   uint32_t seed = 0x1234567u;
   unsigned bad = 0;

   for (unsigned m = 0; m < 4; m++) {
      for (unsigned n = 0; n < 128; n++) {
         uint8_t b[16], blk[32][4], blk_rgb[32][4], px[4];

         random_block(&seed, modes[m], n & 1, b);
         CHECK_EQ_U(t, fxp_fxt1_block_mode(b), modes[m]);
         fxp_fxt1_decode_block(b, blk);
         fxp_fxt1_decode_block_rgb(b, blk_rgb);
         for (unsigned i = 0; i < 32; i++) {
            unsigned x, y;

            texel_xy(i, &x, &y);
            fxp_fxt1_decode_texel(b, x, y, px);
            if (!CHECK(t, same(px, blk[i]), "%s #%u t%u (%u,%u): texel %u %u %u %u, block %u %u %u %u",
                       fxp_fxt1_mode_name(modes[m]), n, i, x, y, px[0], px[1], px[2], px[3], blk[i][0],
                       blk[i][1], blk[i][2], blk[i][3]))
               bad++;
            fxp_fxt1_decode_texel_rgb(b, x, y, px);
            CHECK(t, !memcmp(px, blk[i], 3) && px[3] == 255 && !memcmp(blk_rgb[i], px, 4),
                  "%s #%u t%u: rgb entry points", fxp_fxt1_mode_name(modes[m]), n, i);
            /* CHROMA and CC_MIXED alpha[0]=0 are opaque whatever the indices */
            if (modes[m] == FXP_FXT1_CC_CHROMA || (modes[m] == FXP_FXT1_CC_MIXED && !(n & 1)))
               CHECK(t, blk[i][3] == 255, "%s #%u t%u: alpha %u", fxp_fxt1_mode_name(modes[m]), n, i, blk[i][3]);
         }
      }
   }
   CHECK_EQ_U(t, bad, 0);
}

/* ---- decode_image ---- */

#define GUARD 0xa5
#define GUARD_B 64u

/* Decodes a w x h image of pseudo-random blocks (every mode) into a dst with a padded stride and guard bytes
 * around it, and checks every texel against decode_block and every other byte for the guard value. */
static void
check_image(struct fxp_t *t, unsigned w, unsigned h, bool rgb, uint32_t seed)
{
   const unsigned bw = (w + 7) / 8, bh = (h + 3) / 4;
   const unsigned src_stride_B = bw * 16 + 8;  /* 8 bytes of padding after each row of blocks */
   const unsigned dst_stride_B = w * 4 + 12;   /* 3 texels of padding after each row */
   uint8_t src[4 * 4 * 16 + 4 * 8];
   uint8_t dst[GUARD_B + 8 * (17 * 4 + 12) + GUARD_B];
   const size_t dst_B = (size_t)h * dst_stride_B;
   unsigned bad_texels = 0, bad_guard = 0;

   if (!CHECK(t, bw <= 4 && bh <= 4 && h <= 8 && w <= 17, "image %ux%u too big for the test", w, h))
      return;
   memset(src, 0x5a, sizeof(src));
   for (unsigned by = 0; by < bh; by++) {
      for (unsigned bx = 0; bx < bw; bx++)
         random_block(&seed, (enum fxp_fxt1_mode)((bx + by * 3 + seed) % 4), (seed >> 7) & 1,
                      src + by * src_stride_B + bx * 16);
   }
   memset(dst, GUARD, sizeof(dst));
   if (rgb)
      fxp_fxt1_decode_image_rgb(src, src_stride_B, w, h, dst + GUARD_B, dst_stride_B);
   else
      fxp_fxt1_decode_image(src, src_stride_B, w, h, dst + GUARD_B, dst_stride_B);

   for (size_t i = 0; i < sizeof(dst); i++) {
      const size_t o = i - GUARD_B;
      const bool inside = i >= GUARD_B && o < dst_B && o % dst_stride_B < (size_t)w * 4;

      if (!inside && dst[i] != GUARD)
         bad_guard++;
   }
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         const uint8_t *blkp = src + (y / 4) * src_stride_B + (x / 8) * 16;
         const unsigned tx = x % 8, ty = y % 4;
         const unsigned ti = (tx >= 4 ? 16 : 0) + ty * 4 + (tx & 3);
         const uint8_t *got = dst + GUARD_B + (size_t)y * dst_stride_B + x * 4;
         uint8_t blk[32][4];

         if (rgb)
            fxp_fxt1_decode_block_rgb(blkp, blk);
         else
            fxp_fxt1_decode_block(blkp, blk);
         if (!same(got, blk[ti]))
            bad_texels++;
      }
   }
   CHECK(t, bad_texels == 0 && bad_guard == 0, "%ux%u%s: %u wrong texels, %u guard bytes written", w, h,
         rgb ? " rgb" : "", bad_texels, bad_guard);
}

static void
test_image(struct fxp_t *t)
{
   static const struct { unsigned w, h; } sizes[] = {
      {1, 1}, {3, 2}, {4, 4}, {5, 3}, {7, 1}, {8, 4}, {9, 5}, {10, 6}, {16, 8}, {17, 7}, {1, 8},
   };
   uint8_t src[2 * 16 * 2], blk[16], dst[GUARD_B + 6 * 40 + GUARD_B];
   unsigned idx[32];

   for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
      check_image(t, sizes[i].w, sizes[i].h, false, 0x9e3779b9u + i);
      check_image(t, sizes[i].w, sizes[i].h, true, 0x7f4a7c15u + i);
   }

   /* By hand, a 10x6 image, tightly packed (src stride 32 B, dst stride 40 B): the CC_HI block of test_cc_hi at
    * block (1, 1), the other three blocks zero (CC_HI, both colours black, all indices 0). */
   memset(src, 0, sizeof(src));
   make_hi(blk, idx);
   memcpy(src + 32 + 16, blk, 16);
   memset(dst, GUARD, sizeof(dst));
   fxp_fxt1_decode_image(src, 32, 10, 6, dst + GUARD_B, 40);
   /* (8,4) is texel (0,0) = t0 of block (1,1): index 0 -> (24, 255, 0, 255) */
   CHECK(t, !memcmp(dst + GUARD_B + 4 * 40 + 8 * 4, (const uint8_t[]){24, 255, 0, 255}, 4), "(8,4)");
   /* (9,5) is texel (1,1) = t5: index 5 -> (114, 43, 68, 255) */
   CHECK(t, !memcmp(dst + GUARD_B + 5 * 40 + 9 * 4, (const uint8_t[]){114, 43, 68, 255}, 4), "(9,5)");
   /* (7,3) is t31 of block (0,0): index 0 of black colours -> (0, 0, 0, 255) */
   CHECK(t, !memcmp(dst + GUARD_B + 3 * 40 + 7 * 4, (const uint8_t[]){0, 0, 0, 255}, 4), "(7,3)");
   /* nothing after the last texel (9,5) */
   CHECK(t, dst[GUARD_B + 6 * 40] == GUARD && dst[GUARD_B - 1] == GUARD, "guards");

   /* 0 x 0 and 0 x h write nothing */
   memset(dst, GUARD, sizeof(dst));
   fxp_fxt1_decode_image(src, 32, 0, 0, dst + GUARD_B, 40);
   fxp_fxt1_decode_image(src, 32, 0, 6, dst + GUARD_B, 40);
   fxp_fxt1_decode_image(src, 32, 10, 0, dst + GUARD_B, 40);
   bool untouched = true;
   for (unsigned i = 0; i < sizeof(dst); i++)
      untouched = untouched && dst[i] == GUARD;
   CHECK(t, untouched, "empty images wrote");

   /* ceil(w/8) * ceil(h/4) * 16 */
   CHECK_EQ_U(t, fxp_fxt1_image_size_B(10, 6), 2 * 2 * 16);
   CHECK_EQ_U(t, fxp_fxt1_image_size_B(8, 4), 16);
   CHECK_EQ_U(t, fxp_fxt1_image_size_B(1, 1), 16);
   CHECK_EQ_U(t, fxp_fxt1_image_size_B(17, 9), 3 * 3 * 16);
   CHECK_EQ_U(t, fxp_fxt1_image_size_B(0, 4), 0);
}

const struct fxp_test fxp_fxt1_tests[] = {
   {"fxt1.mode", test_mode},
   {"fxt1.cc_hi", test_cc_hi},
   {"fxt1.cc_chroma", test_cc_chroma},
   {"fxt1.widening", test_widening},
   {"fxt1.cc_mixed_opaque", test_cc_mixed_opaque},
   {"fxt1.cc_mixed_alpha", test_cc_mixed_alpha},
   {"fxt1.cc_mixed_glsb", test_cc_mixed_glsb},
   {"fxt1.cc_alpha_table", test_cc_alpha_table},
   {"fxt1.cc_alpha_lerp", test_cc_alpha_lerp},
   {"fxt1.texel_vs_block", test_texel_vs_block},
   {"fxt1.image", test_image},
   {NULL, NULL},
};
