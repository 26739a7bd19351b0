/* A fast path of the multisample resolve (fxp_resolve_row, ops/fxp_blit_ms.c), off under FXPIPE_DEBUG=nofast:
 * formats whose every byte is a UNORM8 channel of its own (R8G8B8A8_UNORM, B8G8R8A8_UNORM, R8G8_UNORM,
 * R8_UNORM, L8A8_UNORM, ...: bytes_unorm8 decides from the format's description) are averaged byte by byte with
 * util_format's arithmetic written out: each sample's byte unpacked by ubyte_to_float, the floats added in
 * sample order from 0, divided by the sample count and packed by float_to_ubyte, as the general path's
 * util_format_unpack_rgba, sum and util_format_pack_rgba do for each channel; the same bytes, without two
 * calls through util_format's tables a pixel (perf: 9% of bench-draw's msaa4 workload in those calls).
 * ops/fxp_blit_test.c (blit.resolve_fast) checks it against util_format's functions on random rows. */
#include "util/format/u_format.h"
#include "util/u_math.h"

#include "fxp_debug.h"
#include "fxp_ops.h"

/* Whether every byte of a texel of `format` is one UNORM8 channel that unpacking reads into some of R, G, B,
 * A and packing writes back from there: a plain RGB-colorspace format (not sRGB) of 8-bit normalized unsigned
 * channels and no padding, each channel in the swizzle. */
static bool
bytes_unorm8(enum pipe_format format)
{
   const struct util_format_description *d = util_format_description(format);
   if (!d || d->layout != UTIL_FORMAT_LAYOUT_PLAIN || d->colorspace != UTIL_FORMAT_COLORSPACE_RGB ||
       d->block.width != 1 || d->block.height != 1 || d->block.bits != 8 * d->nr_channels)
      return false;
   for (unsigned i = 0; i < d->nr_channels; i++) {
      if (d->channel[i].type != UTIL_FORMAT_TYPE_UNSIGNED || !d->channel[i].normalized || d->channel[i].size != 8)
         return false;
      bool read = false;
      for (unsigned k = 0; k < 4; k++)
         read |= d->swizzle[k] == i;
      if (!read)
         return false;
   }
   return true;
}

/* The byte loop for a constant sample count S (each count its own loop, unrolled). */
static inline void
resolve_bytes(const unsigned S, unsigned bpp, const uint8_t *src, uint8_t *dst, unsigned width)
{
   for (unsigned x = 0; x < width; x++, src += S * bpp, dst += bpp) {
      for (unsigned k = 0; k < bpp; k++) {
         float sum = 0.0f;
         for (unsigned s = 0; s < S; s++)
            sum += ubyte_to_float(src[s * bpp + k]);
         dst[k] = float_to_ubyte(sum / (float)S);
      }
   }
}

bool
fxp_resolve_row_fast(enum pipe_format format, unsigned samples, const uint8_t *src, uint8_t *dst, unsigned width)
{
   if ((fxp_debug_flags & FXP_DBG_NOFAST) || !bytes_unorm8(format))
      return false;
   const unsigned bpp = util_format_get_blocksize(format);
   switch (samples) {
   case 2: resolve_bytes(2, bpp, src, dst, width); return true;
   case 4: resolve_bytes(4, bpp, src, dst, width); return true;
   case 8: resolve_bytes(8, bpp, src, dst, width); return true;
   case 16: resolve_bytes(16, bpp, src, dst, width); return true;
   default: return false;
   }
}
