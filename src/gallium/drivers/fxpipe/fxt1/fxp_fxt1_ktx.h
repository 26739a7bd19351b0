/* KTX 1.1 files holding FXT1 textures, as the FXT1 tool (tools/fxp_fxt1_tool.c) reads and writes them:
 * the 12-byte identifier, endianness 0x04030201 (or swapped), glType 0, glTypeSize 1, glFormat 0,
 * glInternalFormat 0x86B0 / 0x86B1, width, height, depth 0 or 1, array elements 0 or 1, 1 face, the number of
 * levels, key/value data (skipped); then per level a 32-bit imageSize and ceil(w/8) * ceil(h/4) * 16 bytes
 * of blocks. Not part of the driver's library. */
#ifndef FXP_FXT1_KTX_H
#define FXP_FXT1_KTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FXP_KTX_RGB_FXT1   0x86B0u /* COMPRESSED_RGB_FXT1_3DFX */
#define FXP_KTX_RGBA_FXT1  0x86B1u /* COMPRESSED_RGBA_FXT1_3DFX */
#define FXP_KTX_HEADER_B   64u
#define FXP_KTX_MAX_LEVELS 15u     /* 16384 -> 1 */

extern const uint8_t fxp_ktx_id[12];

/* A parsed file: its levels point into the file's bytes. */
struct fxp_ktx {
   uint32_t internal_format;
   unsigned w_px, h_px, levels;
   const uint8_t *level_data[FXP_KTX_MAX_LEVELS];
   uint64_t level_B[FXP_KTX_MAX_LEVELS];
};

static inline unsigned
fxp_ktx_level_dim(unsigned d, unsigned level)
{
   return d >> level ? d >> level : 1;
}

/* Parses and checks a KTX 1.1 FXT1 file held in data[0..size_B): true with every level's blocks found
 * (each exactly fxp_fxt1_image_size_B of its size, inside the file), or false with a message in err. Sizes
 * outside 1..FXP_IMAGE_MAX_DIM_PX, arrays, cube maps, 3D textures and other formats are refused. */
bool fxp_ktx_parse(const uint8_t *data, size_t size_B, struct fxp_ktx *k, char *err, size_t err_size);

#endif
