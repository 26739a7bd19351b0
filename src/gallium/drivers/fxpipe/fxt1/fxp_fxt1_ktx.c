/* The KTX 1.1 reader of the FXT1 tool (fxp_fxt1_ktx.h): checks a whole file held in memory and finds its
 * levels, refusing with a message anything the tool does not take. Kept apart from the tool so that the
 * fuzzer (tests/fuzz/fxp_fuzz_fxt1_files.c) runs the same code on arbitrary bytes. */
#include "fxp_fxt1_ktx.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fxp_fxt1.h"
#include "fxp_fxt1_image.h"

const uint8_t fxp_ktx_id[12] = {0xAB, 'K', 'T', 'X', ' ', '1', '1', 0xBB, '\r', '\n', 0x1A, '\n'};

static uint32_t
get32(const uint8_t *p, bool swap)
{
   return swap ? (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24
               : (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

bool
fxp_ktx_parse(const uint8_t *data, size_t size_B, struct fxp_ktx *k, char *err, size_t err_size)
{
   bool swap;

   memset(k, 0, sizeof(*k));
   if (size_B < sizeof(fxp_ktx_id) || memcmp(data, fxp_ktx_id, sizeof(fxp_ktx_id))) {
      snprintf(err, err_size, "not a KTX 1.1 file (no KTX identifier)");
      return false;
   }
   if (size_B < FXP_KTX_HEADER_B) {
      snprintf(err, err_size, "truncated KTX header (%zu of %u bytes)", size_B, FXP_KTX_HEADER_B);
      return false;
   }
   if (get32(data + 12, false) == 0x04030201u)
      swap = false;
   else if (get32(data + 12, false) == 0x01020304u)
      swap = true;
   else {
      snprintf(err, err_size, "bad KTX endianness field 0x%08" PRIx32, get32(data + 12, false));
      return false;
   }

   const uint32_t gl_type = get32(data + 16, swap), gl_format = get32(data + 24, swap);
   const uint32_t w = get32(data + 36, swap), h = get32(data + 40, swap), d = get32(data + 44, swap);
   const uint32_t layers = get32(data + 48, swap), faces = get32(data + 52, swap);
   const uint32_t levels = get32(data + 56, swap), kv_B = get32(data + 60, swap);

   k->internal_format = get32(data + 28, swap);
   if (k->internal_format != FXP_KTX_RGB_FXT1 && k->internal_format != FXP_KTX_RGBA_FXT1) {
      snprintf(err, err_size, "glInternalFormat 0x%04" PRIx32 " is not COMPRESSED_RGB_FXT1_3DFX (0x86B0) or "
           "COMPRESSED_RGBA_FXT1_3DFX (0x86B1)", k->internal_format);
      return false;
   }
   if (gl_type != 0 || gl_format != 0) {
      snprintf(err, err_size, "a compressed KTX needs glType 0 and glFormat 0 (has %" PRIu32 ", %" PRIu32 ")", gl_type,
           gl_format);
      return false;
   }
   if (w == 0 || h == 0 || w > FXP_IMAGE_MAX_DIM_PX || h > FXP_IMAGE_MAX_DIM_PX) {
      snprintf(err, err_size, "size %" PRIu32 "x%" PRIu32 " outside 1..%u", w, h, FXP_IMAGE_MAX_DIM_PX);
      return false;
   }
   if (d > 1 || layers > 1 || faces != 1) {
      snprintf(err, err_size, "only 2D textures are supported (depth %" PRIu32 ", array elements %" PRIu32 ", faces %" PRIu32
           ")", d, layers, faces);
      return false;
   }
   k->w_px = w;
   k->h_px = h;
   k->levels = levels ? levels : 1;
   unsigned max_levels = 1;
   while ((w >> max_levels) || (h >> max_levels))
      max_levels++;
   if (k->levels > max_levels) {
      snprintf(err, err_size, "%" PRIu32 " mip levels, a %" PRIu32 "x%" PRIu32 " image has at most %u", levels, w, h,
           max_levels);
      return false;
   }
   if (kv_B > size_B - FXP_KTX_HEADER_B) {
      snprintf(err, err_size, "key/value data of %" PRIu32 " bytes runs past the end of the file", kv_B);
      return false;
   }

   size_t pos = FXP_KTX_HEADER_B + (size_t)kv_B;

   for (unsigned l = 0; l < k->levels; l++) {
      const uint64_t want = fxp_fxt1_image_size_B(fxp_ktx_level_dim(w, l), fxp_ktx_level_dim(h, l));
      uint32_t image_B;

      if (size_B - pos < 4) {
         snprintf(err, err_size, "truncated: no imageSize for level %u", l);
         return false;
      }
      image_B = get32(data + pos, swap);
      pos += 4;
      if (image_B != want) {
         snprintf(err, err_size, "level %u imageSize %" PRIu32 ", a %ux%u FXT1 image takes %" PRIu64, l, image_B,
              fxp_ktx_level_dim(w, l), fxp_ktx_level_dim(h, l), want);
         return false;
      }
      if (size_B - pos < image_B) {
         snprintf(err, err_size, "truncated: level %u needs %" PRIu32 " bytes, %zu left", l, image_B, size_B - pos);
         return false;
      }
      k->level_data[l] = data + pos;
      k->level_B[l] = image_B;
      pos += image_B;
      pos += (4 - image_B % 4) % 4; /* mipPadding (none for FXT1: sizes are multiples of 16) */
      if (pos > size_B)
         pos = size_B;
   }
   return true;
}

