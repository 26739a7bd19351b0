/* fxpipe's FXT1 decoder (GL_3DFX_texture_compression_FXT1, spec/fxt1.txt): one 16-byte block, one texel of a
 * block, or a whole image to RGBA8. Self-contained (no Mesa headers) so the sampler, a future encoder and a
 * compare tool can all use it.
 *
 * Block geometry: a block holds 8x4 texels in 16 bytes; an image of w x h texels takes
 * ceil(w/8) * ceil(h/4) * 16 bytes. Texels are numbered as in the spec's appendix:
 *
 *      x:   0   1   2   3   4   5   6   7
 *   y=0    t0  t1  t2  t3  t16 t17 t18 t19
 *   y=1    t4  t5  t6  t7  t20 t21 t22 t23
 *   y=2    t8  t9  t10 t11 t24 t25 t26 t27
 *   y=3    t12 t13 t14 t15 t28 t29 t30 t31
 *
 * i.e. t0..t15 are the left 4x4 sub-block row-major, t16..t31 the right one.
 *
 * Output is RGBA8 in byte order R, G, B, A (the spec's tables write ARGB8888; only the order differs).
 * 5- and 6-bit channels are widened by bit replication exactly as the spec says, and the interpolations use the
 * spec's integer formulas with their `+3)/6`, `+1)/3` and `/2` rounding (truncating division).
 *
 * Two formats, two sets of entry points:
 *   COMPRESSED_RGBA_FXT1_3DFX (PIPE_FORMAT_FXT1_RGBA): fxp_fxt1_decode_block / _texel / _image. Alpha is what
 *     the block says: 255 except CC_HI index 7, CC_MIXED (alpha[0]=1) index 3, and CC_ALPHA.
 *   COMPRESSED_RGB_FXT1_3DFX (PIPE_FORMAT_FXT1_RGB): the *_rgb entry points. The spec's Table 3.16.1 gives this
 *     format the base internal format RGB, and GL's texture environment returns alpha 1 for an RGB texture, so
 *     alpha is forced to 255 while R, G, B are decoded unchanged (a "transparent black" texel reads (0,0,0,255)).
 *     The spec's issue (1) makes non-unity alpha in an RGB image an error of CompressedTexImage (the GL front
 *     end's business); the decoder never rejects a block, it only drops alpha. */
#ifndef FXP_FXT1_H
#define FXP_FXT1_H

#include <stdbool.h>
#include <stdint.h>

#define FXP_FXT1_BLOCK_B    16u /* bytes of one compressed block */
#define FXP_FXT1_BLOCK_W_PX 8u  /* texels across a block */
#define FXP_FXT1_BLOCK_H_PX 4u  /* texels down a block */

/* The block's mode, from its top bits (see fxp_fxt1.c for the rule and each mode's layout). */
enum fxp_fxt1_mode {
   FXP_FXT1_CC_HI,     /* bits [127:126] = 00b: two RGB555 colours, 7 interpolated levels + transparent, 3 bpp */
   FXP_FXT1_CC_CHROMA, /* bits [127:125] = 010b: four RGB555 colours, no interpolation, 2 bpp */
   FXP_FXT1_CC_MIXED,  /* bit 127 = 1: a colour pair per 4x4 sub-block, RGB565/555, optional transparent, 2 bpp */
   FXP_FXT1_CC_ALPHA,  /* bits [127:125] = 011b: three ARGB5555 colours, table or interpolated, 2 bpp */
};

enum fxp_fxt1_mode fxp_fxt1_block_mode(const uint8_t block[16]);
/* "CC_HI", "CC_CHROMA", "CC_MIXED", "CC_ALPHA" (or "?" for a value outside the enum). */
const char *fxp_fxt1_mode_name(enum fxp_fxt1_mode mode);

/* Bytes taken by an image of w_px x h_px texels: ceil(w/8) * ceil(h/4) * 16. */
static inline uint64_t
fxp_fxt1_image_size_B(unsigned w_px, unsigned h_px)
{
   return (uint64_t)((w_px + 7u) / 8u) * ((h_px + 3u) / 4u) * FXP_FXT1_BLOCK_B;
}

/* COMPRESSED_RGBA_FXT1_3DFX. */
/* All 32 texels of a block; rgba[i] is texel ti of the spec's numbering (see above). */
void fxp_fxt1_decode_block(const uint8_t block[16], uint8_t rgba[32][4]);
/* The texel at (x, y) of a block, x in 0..7, y in 0..3 (only the low 3 / 2 bits are used, so any value is
 * memory-safe). Decodes only the colours that texel needs: what a sampler calls per texel. */
void fxp_fxt1_decode_texel(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4]);
/* A w_px x h_px image to RGBA8. src: rows of blocks, src_stride_B bytes from one row of blocks to the next
 * (at least ceil(w/8) * 16). dst: dst_stride_B bytes from one row of texels to the next; only the w_px * 4
 * bytes of each of the h_px rows are written, partial blocks at the right and bottom edges included. */
void fxp_fxt1_decode_image(const uint8_t *src, unsigned src_stride_B, unsigned w_px, unsigned h_px,
                           uint8_t *dst, unsigned dst_stride_B);

/* COMPRESSED_RGB_FXT1_3DFX: the same with alpha forced to 255. */
void fxp_fxt1_decode_block_rgb(const uint8_t block[16], uint8_t rgba[32][4]);
void fxp_fxt1_decode_texel_rgb(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4]);
void fxp_fxt1_decode_image_rgb(const uint8_t *src, unsigned src_stride_B, unsigned w_px, unsigned h_px,
                               uint8_t *dst, unsigned dst_stride_B);

/* A sampler picks its per-texel function once, when the view is created:
 * fxp_fxt1_texel_func(format_has_alpha). */
typedef void (*fxp_fxt1_texel_fn)(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4]);

static inline fxp_fxt1_texel_fn
fxp_fxt1_texel_func(bool rgba_format)
{
   return rgba_format ? fxp_fxt1_decode_texel : fxp_fxt1_decode_texel_rgb;
}

#endif
