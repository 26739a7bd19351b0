/* fxpipe's FXT1 encoder (GL_3DFX_texture_compression_FXT1, spec/fxt1.txt): RGBA8 texels to 16-byte blocks.
 * Self-contained (no Mesa headers), like the decoder in fxp_fxt1.h, whose exact decode it measures against.
 *
 * The block modes, as the encoder fits them:
 *   CC_HI            two RGB555 endpoints for the whole block, 7 levels (+ transparent black)
 *   CC_CHROMA        four free RGB555 colours
 *   CC_MIXED a0=0    a RGB565 pair per 4x4 sub-block, 4 levels; colour 0 / 2's green LSB is carried by the
 *                    first texel's upper index bit, arranged by the spec's colour-swap procedure
 *   CC_MIXED a0=1    a RGB555/565 pair per sub-block, 3 levels + transparent black
 *   CC_ALPHA lerp=0  three free ARGB5555 colours + transparent black
 *   CC_ALPHA lerp=1  ARGB5555 pairs (color0, color1) left and (color2, color1) right, 4 levels each
 *
 * Error (squared, summed over the 32 texels): R, G, B always; A too for COMPRESSED_RGBA_FXT1_3DFX. Every
 * texel counts as given, whatever its alpha: GL keeps the colour of a texel whose alpha is 0 (glGetTexImage
 * returns it, and linear filtering blends it into its neighbours), so an alpha-0 texel is not taken as
 * transparent black. Transparent black (0,0,0,0), what FXT1's punch-through entries decode to, is one more
 * colour; CC_ALPHA's colours with alpha 0 hold other colours (a texel (255,0,0,0) decodes as (255,0,0,0)).
 * A block whose alphas are all 0 or 255 (opaque or punch-through) decodes with exactly those alphas; in other
 * (translucent) blocks the least error decides. For COMPRESSED_RGB_FXT1_3DFX alpha is ignored, and the
 * "transparent black" entries, which that format decodes as opaque black, are one more colour.
 *
 * Settings:
 *   FXP_FXT1_FAST      one path per kind of block, four 4x4 halves at a time in SIMD lanes: opaque blocks
 *                      CC_MIXED a0=0, punch-through CC_MIXED a0=1, translucent CC_ALPHA lerp=1 (principal
 *                      axis, indices from the projections, least-squares endpoints, exact palette, final
 *                      indices by projection), blocks of transparent black a constant block; punch-through
 *                      blocks (or blocks of alpha 0 only) with an alpha-0 texel that is not black get both
 *                      CC_MIXED a0=1 and CC_ALPHA lerp=1, the latter kept when its alphas are exact and its
 *                      error smaller.
 *   FXP_FXT1_THOROUGH  every mode that can hold the block's alpha (both variants of CC_MIXED and CC_ALPHA),
 *                      each fitted with iterated least squares or k-means and a search over neighbouring
 *                      quantised codes scored by the exact error, plus the fast setting's block; the one whose
 *                      exact decode (fxp_fxt1_decode_block) has the least error is kept, so it is never worse
 *                      than the fast setting's.
 *
 * Partial blocks at the right and bottom edges are filled by repeating the used texels (x % used_width,
 * y % used_height), as the spec's appendix asks. The result depends only on the input: no randomness, no
 * state kept between calls (a block's result does not depend on its neighbours), and threads may encode
 * different images at the same time. */
#ifndef FXP_FXT1_ENCODE_H
#define FXP_FXT1_ENCODE_H

#include <stdbool.h>
#include <stdint.h>

enum fxp_fxt1_quality {
   FXP_FXT1_FAST,
   FXP_FXT1_THOROUGH,
};

/* Encoding settings and the small tables the fits use (filled by fxp_fxt1_encoder_init; the fields are the
 * encoder's own, the struct is public only so that callers can keep it on the stack). */
struct fxp_fxt1_encoder {
   enum fxp_fxt1_quality quality;
   bool rgba_format;        /* COMPRESSED_RGBA_FXT1_3DFX (true) or COMPRESSED_RGB_FXT1_3DFX (false) */
   uint8_t q5[256], q6[256]; /* 8-bit value -> nearest 5- / 6-bit code after bit replication */
   /* Single colour through an interpolated entry: value v -> codes (lo, hi) whose entry is nearest v.
    *   mix4_5/6: CC_MIXED a0=0 and CC_ALPHA lerp=1 index 1, ((2*lo + hi + 1) / 3), 5- and 6-bit codes */
   uint8_t mix4_5[256][2], mix4_6[256][2];
};

void fxp_fxt1_encoder_init(struct fxp_fxt1_encoder *enc, bool rgba_format, enum fxp_fxt1_quality quality);

/* One block: texels[i] is spec texel ti (t0..t15 the left 4x4 sub-block row-major, t16..t31 the right one),
 * RGBA8. Writes the 16 bytes of the chosen block. */
void fxp_fxt1_encode_block(const struct fxp_fxt1_encoder *enc, const uint8_t texels[32][4], uint8_t block[16]);

/* A w_px x h_px RGBA8 image (src_stride_B bytes between rows) to ceil(w/8) x ceil(h/4) blocks, rows of blocks
 * dst_stride_B bytes apart (at least ceil(w/8) * 16). w_px and h_px may be anything >= 1. */
void fxp_fxt1_encode_image(const uint8_t *rgba, unsigned src_stride_B, unsigned w_px, unsigned h_px,
                           bool rgba_format, enum fxp_fxt1_quality quality, uint8_t *dst, unsigned dst_stride_B);

/* The squared error of one decoded block against the texels it encodes, as the encoder counts it (see above):
 * what the encoder minimises, exported for tests and tools. */
uint64_t fxp_fxt1_block_error(const uint8_t texels[32][4], const uint8_t decoded[32][4], bool rgba_format);

#endif
