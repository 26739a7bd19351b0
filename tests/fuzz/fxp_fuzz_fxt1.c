/* libFuzzer harness: fxpipe's FXT1 decoder (fxt1/fxp_fxt1.c) on arbitrary blocks, and its encoder on
 * arbitrary texels (scripts/fuzz.sh builds and runs it; README "Fuzzing").
 *
 * Input: byte 0 picks the image's width (1..32 texels, low 5 bits), byte 1 its height (1..16), byte 2 the
 * extra bytes between rows of blocks and of texels; the rest are FXT1 blocks (zero-padded to a whole image).
 * Checked for every block: decoding a texel alone (what the sampler does) gives the texel of the whole-block
 * decode, the RGB entry points give the same colours with alpha 255, and the image decode (partial blocks at
 * the right and bottom edges, strides with padding) gives the same texels and writes nothing outside its rows.
 * The buffers are allocated to their exact sizes, so AddressSanitizer sees any read past the blocks or write
 * past the rows. The first 128 bytes are also encoded as 32 texels (fast, and thorough when byte 1's top
 * bit is set; both formats) and decoded again: an encoder that writes a block the decoder cannot read, or reads past its texels, fails here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_encode.h"

#define CHECK(cond, ...)                                                                                      \
   do {                                                                                                       \
      if (!(cond)) {                                                                                          \
         fprintf(stderr, "fxp_fuzz_fxt1: " __VA_ARGS__);                                                      \
         fprintf(stderr, "\n");                                                                               \
         abort();                                                                                             \
      }                                                                                                       \
   } while (0)

static void
check_block(const uint8_t block[16])
{
   uint8_t rgba[32][4], rgb[32][4], t[4];

   CHECK(fxp_fxt1_block_mode(block) <= FXP_FXT1_CC_ALPHA, "mode out of range");
   CHECK(strcmp(fxp_fxt1_mode_name(fxp_fxt1_block_mode(block)), "?"), "mode without a name");
   fxp_fxt1_decode_block(block, rgba);
   fxp_fxt1_decode_block_rgb(block, rgb);
   for (unsigned i = 0; i < 32; i++) {
      /* texel ti of the spec's numbering sits at x = (i & 3) + 4 * (i >= 16), y = (i >> 2) & 3 */
      const unsigned x = (i & 3) + (i >= 16 ? 4 : 0), y = (i >> 2) & 3;

      CHECK(!memcmp(rgb[i], rgba[i], 3) && rgb[i][3] == 255, "RGB decode of t%u differs", i);
      fxp_fxt1_decode_texel(block, x, y, t);
      CHECK(!memcmp(t, rgba[i], 4), "texel (%u,%u) alone differs from the block's t%u", x, y, i);
      fxp_fxt1_decode_texel_rgb(block, x, y, t);
      CHECK(!memcmp(t, rgb[i], 4), "RGB texel (%u,%u) alone differs from the block's t%u", x, y, i);
      /* only the low bits of x and y count */
      fxp_fxt1_decode_texel(block, x + 8 * (block[i & 15] & 7), y + 4 * (block[(i + 3) & 15] >> 5), t);
      CHECK(!memcmp(t, rgba[i], 4), "texel (%u,%u) with high bits set differs", x, y);
   }
}

static void
check_image(const uint8_t *data, size_t size, unsigned w, unsigned h, unsigned pad, bool rgba_format)
{
   const unsigned bw = (w + 7) / 8, bh = (h + 3) / 4;
   const unsigned src_stride = bw * 16 + pad, dst_stride = w * 4 + pad;
   const size_t src_B = (size_t)(bh - 1) * src_stride + bw * 16, dst_B = (size_t)(h - 1) * dst_stride + w * 4;
   uint8_t *src = calloc(1, src_B), *dst = malloc(dst_B);

   CHECK(src && dst, "out of memory");
   memcpy(src, data, size < src_B ? size : src_B);
   memset(dst, 0xa5, dst_B);
   if (rgba_format)
      fxp_fxt1_decode_image(src, src_stride, w, h, dst, dst_stride);
   else
      fxp_fxt1_decode_image_rgb(src, src_stride, w, h, dst, dst_stride);
   for (unsigned by = 0; by < bh; by++)
      for (unsigned bx = 0; bx < bw; bx++) {
         const uint8_t *block = src + (size_t)by * src_stride + bx * 16;
         uint8_t texels[32][4];

         check_block(block);
         if (rgba_format)
            fxp_fxt1_decode_block(block, texels);
         else
            fxp_fxt1_decode_block_rgb(block, texels);
         for (unsigned i = 0; i < 32; i++) {
            const unsigned x = bx * 8 + (i & 3) + (i >= 16 ? 4 : 0), y = by * 4 + ((i >> 2) & 3);
            if (x < w && y < h)
               CHECK(!memcmp(dst + (size_t)y * dst_stride + x * 4, texels[i], 4),
                     "image texel (%u,%u) differs from its block's", x, y);
         }
      }
   /* the padding between rows is not written */
   for (unsigned y = 0; y + 1 < h; y++)
      for (unsigned b = 0; b < pad; b++)
         CHECK(dst[(size_t)y * dst_stride + w * 4 + b] == 0xa5, "row %u's padding written", y);
   free(src);
   free(dst);
}

/* the encoders, by quality and format: their tables take longer to fill than a block to encode */
static struct fxp_fxt1_encoder encoders[2][2];
static bool encoders_ready;

static void
check_encode(const uint8_t texels[32][4], bool thorough)
{
   if (!encoders_ready) {
      for (unsigned q = 0; q < 2; q++)
         for (unsigned f = 0; f < 2; f++)
            fxp_fxt1_encoder_init(&encoders[q][f], f, q ? FXP_FXT1_THOROUGH : FXP_FXT1_FAST);
      encoders_ready = true;
   }
   for (unsigned q = 0; q < 1u + thorough; q++)
      for (unsigned f = 0; f < 2; f++) {
         uint8_t block[16], dec[32][4];

         fxp_fxt1_encode_block(&encoders[q][f], texels, block);
         check_block(block);
         if (f)
            fxp_fxt1_decode_block(block, dec);
         else
            fxp_fxt1_decode_block_rgb(block, dec);
         (void)fxp_fxt1_block_error(texels, dec, f);
      }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 3)
      return 0;
   const unsigned w = (data[0] & 31) + 1, h = (data[1] & 15) + 1, pad = data[2] & 15;
   const bool rgba_format = data[0] & 0x80, thorough = data[1] & 0x80;

   data += 3;
   size -= 3;
   for (size_t off = 0; off + 16 <= size; off += 16)
      check_block(data + off);
   check_image(data, size, w, h, pad, rgba_format);
   if (size >= 128) {
      uint8_t texels[32][4];

      memcpy(texels, data, sizeof(texels));
      check_encode((const uint8_t (*)[4])texels, thorough);
   }
   return 0;
}
