/* fxpipe's FXT1 decoder, written from the specification (spec/fxt1.txt, Appendix, sections 1-4): block mode,
 * the four modes' bit layouts, bit replication of 5/6-bit channels, and the spec's integer interpolations.
 * Shares no code with Mesa's FXT1 codec. API and texel numbering: fxp_fxt1.h.
 *
 * Reading the spec, these points needed a decision (section numbers are the Appendix's):
 *  - Bit order: "bits of increasing index are stored in bytes at likewise increasing offsets", so bit n is bit
 *    (n % 8) of byte n / 8; the block is read as two little-endian 64-bit words regardless of host order.
 *  - Mode (sections 1-4): CC_HI names a 2-bit mode [127:126] = 00b and uses bit 125 as the top bit of color1's
 *    red; CC_CHROMA and CC_ALPHA name 3-bit modes [127:125] = 010b / 011b; CC_MIXED names the 1-bit mode
 *    [127] = 1 and uses [126:125] as glsb. Read MSB first, the four prefixes 00x, 010, 011, 1xx cover all eight
 *    values of [127:125] without overlap, so every block has exactly one mode.
 *  - Section 3 prints Color0(green) for alpha[0]=1 as "{[73:69, [73:71]}", a missing bracket: it is the 5-bit
 *    replication {[73:69], [73:71]}, as the prose above it says ("color0 and color2 ... RGB555").
 *  - Section 3, 6-bit greens: {[g5], lsb, [top 2 bits of g5]} is the 6-bit value g6 = g5 << 1 | lsb widened
 *    by replication, (g6 << 2) | (g6 >> 4), since g6's top two bits are g5's top two bits.
 *  - Section 4, lerp = 0: the table "Color[0..2] = color0..2, Color[3] = transparent black" applies to all 32
 *    texels; unlike lerp = 1, the spec splits nothing between the sub-blocks, so both halves use it.
 *  - Divisions are integer divisions of non-negative values (truncation), as in the spec's C-like formulas.
 *  - Output byte order is R, G, B, A; the spec's ARGB8888 names the same channels.
 *  - COMPRESSED_RGB_FXT1_3DFX: see fxp_fxt1.h (alpha forced to 255, colour channels unchanged). */
#include "fxp_fxt1.h"

#include <string.h>

/* The 128 bits of a block: lo = bits [63:0] (bytes 0-7), hi = bits [127:64] (bytes 8-15). */
struct fxt1_bits {
   uint64_t lo, hi;
};

static inline struct fxt1_bits
fxt1_load(const uint8_t block[16])
{
   struct fxt1_bits k = {0, 0};

   for (unsigned i = 0; i < 8; i++) {
      k.lo |= (uint64_t)block[i] << (8 * i);
      k.hi |= (uint64_t)block[8 + i] << (8 * i);
   }
   return k;
}

/* Bits [pos + n - 1 : pos] of the block, n <= 8; a field may straddle bit 63/64 (CC_HI's texel 21). */
static inline unsigned
fxt1_field(const struct fxt1_bits *k, unsigned pos, unsigned n)
{
   uint64_t v;

   if (pos >= 64)
      v = k->hi >> (pos - 64);
   else if (pos + n <= 64)
      v = k->lo >> pos;
   else
      v = (k->lo >> pos) | (k->hi << (64 - pos));
   return (unsigned)v & ((1u << n) - 1u);
}

/* Bit replication (spec: "duplicating the upper 3 bits for the 3 LSBs"): 5-bit v -> {v, v[4:2]},
 * 6-bit v -> {v, v[5:4]}. 0 -> 0 and the maximum -> 255 in both. */
static inline uint8_t
fxt1_widen5(unsigned v)
{
   return (uint8_t)((v << 3) | (v >> 2));
}

static inline uint8_t
fxt1_widen6(unsigned v)
{
   return (uint8_t)((v << 2) | (v >> 4));
}

/* Mode, from bits [127:125] (see the head comment):
 *
 *   [127] [126] [125] | mode
 *   ------------------+----------------------------------------
 *     0     0     x   | CC_HI     (bit 125 is color1 red [4])
 *     0     1     0   | CC_CHROMA
 *     0     1     1   | CC_ALPHA
 *     1     x     x   | CC_MIXED  (bits 126:125 are glsb[1:0])
 */
static inline enum fxp_fxt1_mode
fxt1_mode(const struct fxt1_bits *k)
{
   const unsigned top = (unsigned)(k->hi >> 61);

   if (top & 4u)
      return FXP_FXT1_CC_MIXED;
   if (!(top & 2u))
      return FXP_FXT1_CC_HI;
   return (top & 1u) ? FXP_FXT1_CC_ALPHA : FXP_FXT1_CC_CHROMA;
}

enum fxp_fxt1_mode
fxp_fxt1_block_mode(const uint8_t block[16])
{
   const struct fxt1_bits k = fxt1_load(block);

   return fxt1_mode(&k);
}

const char *
fxp_fxt1_mode_name(enum fxp_fxt1_mode mode)
{
   switch (mode) {
   case FXP_FXT1_CC_HI: return "CC_HI";
   case FXP_FXT1_CC_CHROMA: return "CC_CHROMA";
   case FXP_FXT1_CC_MIXED: return "CC_MIXED";
   case FXP_FXT1_CC_ALPHA: return "CC_ALPHA";
   }
   return "?";
}

/* An RGB555 colour whose blue field starts at bit pos (red at pos + 10), widened, alpha 255. Used by CC_HI,
 * CC_CHROMA and (with the green fixed up) CC_MIXED. */
static inline void
fxt1_rgb555(const struct fxt1_bits *k, unsigned pos, uint8_t out[4])
{
   out[0] = fxt1_widen5(fxt1_field(k, pos + 10, 5));
   out[1] = fxt1_widen5(fxt1_field(k, pos + 5, 5));
   out[2] = fxt1_widen5(fxt1_field(k, pos, 5));
   out[3] = 255;
}

/* How a sub-block turns a texel's index into a colour. */
enum fxt1_rule {
   FXT1_RULE_HI,     /* CC_HI: c[0] -> c[1] in 6 steps, (6-i)*c0 + i*c1 + 3) / 6; index 7 transparent black */
   FXT1_RULE_TABLE,  /* CC_CHROMA, CC_ALPHA lerp=0: index i is the stored colour c[i] */
   FXT1_RULE_THIRDS, /* CC_MIXED alpha[0]=0 (RGB), CC_ALPHA lerp=1 (ARGB): ((3-i)*c0 + i*c1 + 1) / 3 */
   FXT1_RULE_HALVES, /* CC_MIXED alpha[0]=1: c0, (c0 + c1) / 2, c1, transparent black */
};

/* One sub-block, ready to turn indices into colours: a rule and its colours (RGBA, already widened). */
struct fxt1_sub {
   enum fxt1_rule rule;
   unsigned index_bits;  /* 3 for CC_HI, 2 otherwise */
   uint8_t c[4][4];      /* HI/THIRDS/HALVES: the pair c[0], c[1]; TABLE: the stored colours */
};

/* CC_HI (spec section 1), 3 bits a texel:
 *
 *   bits      | field
 *   ----------+----------------------------------------
 *   [127:126] | mode = 00b
 *   [125:121] | color1 red   (5)
 *   [120:116] | color1 green (5)
 *   [115:111] | color1 blue  (5)
 *   [110:106] | color0 red   (5)
 *   [105:101] | color0 green (5)
 *   [100:96]  | color0 blue  (5)
 *   [95:0]    | texel i's index at [3i+2 : 3i], i = 0..31
 *
 * Index 0..6: (6-i)*color0 + i*color1 + 3) / 6 per channel, alpha 255; index 7: transparent black. */
static void
fxt1_setup_hi(const struct fxt1_bits *k, struct fxt1_sub *s)
{
   s->rule = FXT1_RULE_HI;
   s->index_bits = 3;
   fxt1_rgb555(k, 96, s->c[0]);
   fxt1_rgb555(k, 111, s->c[1]);
}

/* CC_CHROMA (spec section 2), 2 bits a texel:
 *
 *   bits      | field
 *   ----------+----------------------------------------
 *   [127:125] | mode = 010b
 *   [124]     | unused
 *   [123:109] | color3 RGB555 (r [123:119], g [118:114], b [113:109])
 *   [108:94]  | color2 RGB555 (r [108:104], g [103:99],  b [98:94])
 *   [93:79]   | color1 RGB555 (r [93:89],   g [88:84],   b [83:79])
 *   [78:64]   | color0 RGB555 (r [78:74],   g [73:69],   b [68:64])
 *   [63:0]    | texel i's index at [2i+1 : 2i], i = 0..31
 *
 * Index i is colour i, alpha 255, in both sub-blocks. only: the one index a texel needs, or -1 for all four. */
static void
fxt1_setup_chroma(const struct fxt1_bits *k, struct fxt1_sub *s, int only)
{
   s->rule = FXT1_RULE_TABLE;
   s->index_bits = 2;
   for (unsigned i = 0; i < 4; i++) {
      if (only < 0 || (unsigned)only == i)
         fxt1_rgb555(k, 64 + 15 * i, s->c[i]);
   }
}

/* CC_MIXED (spec section 3), 2 bits a texel:
 *
 *   bits      | field
 *   ----------+----------------------------------------------------------------
 *   [127]     | mode = 1
 *   [126]     | glsb[1]: color3 green bit 0
 *   [125]     | glsb[0]: color1 green bit 0
 *   [124]     | alpha[0]
 *   [123:109] | color3 (r5 [123:119], g5 [118:114], b5 [113:109])
 *   [108:94]  | color2 (r5 [108:104], g5 [103:99],  b5 [98:94])
 *   [93:79]   | color1 (r5 [93:89],   g5 [88:84],   b5 [83:79])
 *   [78:64]   | color0 (r5 [78:74],   g5 [73:69],   b5 [68:64])
 *   [63:0]    | texel i's index at [2i+1 : 2i]
 *
 * Left sub-block (t0..t15) uses the pair (color0, color1), right (t16..t31) the pair (color2, color3).
 * Greens, for the pair (ca, cb) = (color0, color1) / (color2, color3) with glsb bit G = 125 / 126 and first
 * texel's upper index bit S = bit 1 (t0) / bit 33 (t16):
 *
 *   alpha[0] | ca green                     | cb green
 *   ---------+------------------------------+-------------------------------
 *      0     | 6-bit {g5, S ^ G}, replicated | 6-bit {g5, G}, replicated
 *      1     | 5-bit g5, replicated          | 6-bit {g5, G}, replicated
 *
 * alpha[0]=0: index i -> ((3-i)*ca + i*cb + 1) / 3, alpha 255.
 * alpha[0]=1: 0 -> ca, 1 -> (ca + cb) / 2, 2 -> cb (alpha 255), 3 -> transparent black. */
static void
fxt1_setup_mixed(const struct fxt1_bits *k, unsigned half, struct fxt1_sub *s)
{
   const unsigned base = half ? 94 : 64;        /* blue of ca; cb follows 15 bits higher */
   const unsigned glsb = fxt1_field(k, half ? 126 : 125, 1);
   const bool alpha0 = fxt1_field(k, 124, 1);

   s->rule = alpha0 ? FXT1_RULE_HALVES : FXT1_RULE_THIRDS;
   s->index_bits = 2;
   fxt1_rgb555(k, base, s->c[0]);
   fxt1_rgb555(k, base + 15, s->c[1]);
   s->c[1][1] = fxt1_widen6(fxt1_field(k, base + 15 + 5, 5) << 1 | glsb);
   if (!alpha0) {
      const unsigned sel = fxt1_field(k, half ? 33 : 1, 1);

      s->c[0][1] = fxt1_widen6(fxt1_field(k, base + 5, 5) << 1 | (sel ^ glsb));
   }
}

/* CC_ALPHA (spec section 4), 2 bits a texel:
 *
 *   bits      | field
 *   ----------+----------------------------------------
 *   [127:125] | mode = 011b
 *   [124]     | lerp
 *   [123:119] | color2 alpha (5)
 *   [118:114] | color1 alpha (5)
 *   [113:109] | color0 alpha (5)
 *   [108:94]  | color2 RGB555 (r [108:104], g [103:99], b [98:94])
 *   [93:79]   | color1 RGB555 (r [93:89],   g [88:84],  b [83:79])
 *   [78:64]   | color0 RGB555 (r [78:74],   g [73:69],  b [68:64])
 *   [63:0]    | texel i's index at [2i+1 : 2i]
 *
 * lerp=0, both sub-blocks: index i < 3 -> color i, index 3 -> transparent black.
 * lerp=1: left (t0..t15) pair (color0, color1), right (t16..t31) pair (color2, color1);
 *         index i -> ((3-i)*ca + i*cb + 1) / 3 on all four channels. */
static void
fxt1_argb5555(const struct fxt1_bits *k, unsigned n, uint8_t out[4])
{
   fxt1_rgb555(k, 64 + 15 * n, out);
   out[3] = fxt1_widen5(fxt1_field(k, 109 + 5 * n, 5));
}

static void
fxt1_setup_alpha(const struct fxt1_bits *k, unsigned half, struct fxt1_sub *s, int only)
{
   s->index_bits = 2;
   if (fxt1_field(k, 124, 1)) {
      s->rule = FXT1_RULE_THIRDS;
      fxt1_argb5555(k, half ? 2 : 0, s->c[0]);
      fxt1_argb5555(k, 1, s->c[1]);
      return;
   }
   s->rule = FXT1_RULE_TABLE;
   for (unsigned i = 0; i < 3; i++) {
      if (only < 0 || (unsigned)only == i)
         fxt1_argb5555(k, i, s->c[i]);
   }
   memset(s->c[3], 0, 4);
}

/* Sub-block half (0: t0..t15, 1: t16..t31) of a block of the given mode. only: see fxt1_setup_chroma. */
static inline void
fxt1_setup(const struct fxt1_bits *k, enum fxp_fxt1_mode mode, unsigned half, struct fxt1_sub *s, int only)
{
   switch (mode) {
   case FXP_FXT1_CC_HI: fxt1_setup_hi(k, s); break;
   case FXP_FXT1_CC_CHROMA: fxt1_setup_chroma(k, s, only); break;
   case FXP_FXT1_CC_MIXED: fxt1_setup_mixed(k, half, s); break;
   case FXP_FXT1_CC_ALPHA: fxt1_setup_alpha(k, half, s, only); break;
   }
}

/* The colour of index i in a prepared sub-block. */
static inline void
fxt1_entry(const struct fxt1_sub *s, unsigned i, uint8_t out[4])
{
   const uint8_t *a = s->c[0], *b = s->c[1];

   switch (s->rule) {
   case FXT1_RULE_HI:
      if (i == 7) {
         memset(out, 0, 4);
         return;
      }
      for (unsigned ch = 0; ch < 3; ch++)
         out[ch] = (uint8_t)(((6 - i) * a[ch] + i * b[ch] + 3) / 6);
      out[3] = 255;
      return;
   case FXT1_RULE_TABLE:
      memcpy(out, s->c[i], 4);
      return;
   case FXT1_RULE_THIRDS:
      /* a[3], b[3] are 255 for CC_MIXED, so its alpha comes out 255 too */
      for (unsigned ch = 0; ch < 4; ch++)
         out[ch] = (uint8_t)(((3 - i) * a[ch] + i * b[ch] + 1) / 3);
      return;
   case FXT1_RULE_HALVES:
      switch (i) {
      case 0: memcpy(out, a, 4); return;
      case 1:
         for (unsigned ch = 0; ch < 3; ch++)
            out[ch] = (uint8_t)((a[ch] + b[ch]) / 2);
         out[3] = 255;
         return;
      case 2: memcpy(out, b, 4); return;
      default: memset(out, 0, 4); return;
      }
   }
}

/* Spec texel number of (x, y) in a block. */
static inline unsigned
fxt1_texel_number(unsigned x, unsigned y)
{
   return (x & 4u) * 4u + y * 4u + (x & 3u);
}

static void
fxt1_decode_block(const uint8_t block[16], uint8_t rgba[32][4])
{
   const struct fxt1_bits k = fxt1_load(block);
   const enum fxp_fxt1_mode mode = fxt1_mode(&k);

   for (unsigned half = 0; half < 2; half++) {
      struct fxt1_sub s;
      uint8_t palette[8][4];

      fxt1_setup(&k, mode, half, &s, -1);
      for (unsigned i = 0; i < (1u << s.index_bits); i++)
         fxt1_entry(&s, i, palette[i]);
      for (unsigned t = 16 * half; t < 16 * half + 16; t++)
         memcpy(rgba[t], palette[fxt1_field(&k, s.index_bits * t, s.index_bits)], 4);
   }
}

void
fxp_fxt1_decode_block(const uint8_t block[16], uint8_t rgba[32][4])
{
   fxt1_decode_block(block, rgba);
}

void
fxp_fxt1_decode_block_rgb(const uint8_t block[16], uint8_t rgba[32][4])
{
   fxt1_decode_block(block, rgba);
   for (unsigned t = 0; t < 32; t++)
      rgba[t][3] = 255;
}

void
fxp_fxt1_decode_texel(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4])
{
   const struct fxt1_bits k = fxt1_load(block);
   const enum fxp_fxt1_mode mode = fxt1_mode(&k);
   const unsigned t = fxt1_texel_number(x & 7u, y & 3u);
   const unsigned index_bits = mode == FXP_FXT1_CC_HI ? 3 : 2;
   const unsigned i = fxt1_field(&k, index_bits * t, index_bits);
   struct fxt1_sub s;

   fxt1_setup(&k, mode, t >> 4, &s, (int)i);
   fxt1_entry(&s, i, rgba);
}

void
fxp_fxt1_decode_texel_rgb(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4])
{
   fxp_fxt1_decode_texel(block, x, y, rgba);
   rgba[3] = 255;
}

static void
fxt1_decode_image(const uint8_t *src, unsigned src_stride_B, unsigned w_px, unsigned h_px, uint8_t *dst,
                  unsigned dst_stride_B, bool rgb)
{
   for (unsigned by = 0; by < h_px; by += FXP_FXT1_BLOCK_H_PX) {
      const uint8_t *block = src + (size_t)(by / FXP_FXT1_BLOCK_H_PX) * src_stride_B;
      const unsigned rows = h_px - by < FXP_FXT1_BLOCK_H_PX ? h_px - by : FXP_FXT1_BLOCK_H_PX;

      for (unsigned bx = 0; bx < w_px; bx += FXP_FXT1_BLOCK_W_PX, block += FXP_FXT1_BLOCK_B) {
         const unsigned cols = w_px - bx < FXP_FXT1_BLOCK_W_PX ? w_px - bx : FXP_FXT1_BLOCK_W_PX;
         uint8_t texels[32][4];

         if (rgb)
            fxp_fxt1_decode_block_rgb(block, texels);
         else
            fxt1_decode_block(block, texels);
         for (unsigned y = 0; y < rows; y++) {
            uint8_t *row = dst + (size_t)(by + y) * dst_stride_B + (size_t)bx * 4;

            /* a row of a block is 4 texels of the left sub-block, then 4 of the right */
            memcpy(row, texels[4 * y], 4 * (cols < 4 ? cols : 4));
            if (cols > 4)
               memcpy(row + 16, texels[16 + 4 * y], 4 * (cols - 4));
         }
      }
   }
}

void
fxp_fxt1_decode_image(const uint8_t *src, unsigned src_stride_B, unsigned w_px, unsigned h_px, uint8_t *dst,
                      unsigned dst_stride_B)
{
   fxt1_decode_image(src, src_stride_B, w_px, h_px, dst, dst_stride_B, false);
}

void
fxp_fxt1_decode_image_rgb(const uint8_t *src, unsigned src_stride_B, unsigned w_px, unsigned h_px,
                          uint8_t *dst, unsigned dst_stride_B)
{
   fxt1_decode_image(src, src_stride_B, w_px, h_px, dst, dst_stride_B, true);
}
