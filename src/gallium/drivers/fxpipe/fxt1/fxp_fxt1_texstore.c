/* fxp_fxt1_texstore: GL uploads to FXT1 textures encoded with fxpipe's encoder (fxp_fxt1_texstore.h says
 * how Mesa reaches it). Checks the layout Mesa hands over, then encodes the whole image in one call of
 * fxp_fxt1_encode_image with the setting FXPIPE_FXT1 names. */
#include <stdlib.h>
#include <string.h>

#include "c11/threads.h"

#include "fxp_debug.h"
#include "fxp_fxt1.h"
#include "fxp_fxt1_texstore.h"

bool
fxp_fxt1_quality_parse(const char *value, enum fxp_fxt1_quality *quality)
{
   if (!value || !*value || !strcmp(value, "fast")) {
      *quality = FXP_FXT1_FAST;
      return true;
   }
   if (!strcmp(value, "thorough")) {
      *quality = FXP_FXT1_THOROUGH;
      return true;
   }
   return false;
}

/* FXPIPE_FXT1, read once: GL threads of several contexts may upload at the same time. */
static enum fxp_fxt1_quality env_quality;

static void
read_quality(void)
{
   const char *v = getenv("FXPIPE_FXT1");
   enum fxp_fxt1_quality q = FXP_FXT1_FAST;

   if (!fxp_fxt1_quality_parse(v, &q))
      fxp_refuse("FXPIPE_FXT1=%s is neither fast nor thorough: GL uploads to FXT1 textures use the fast setting",
                 v);
   __atomic_store_n(&env_quality, q, __ATOMIC_RELAXED);
}

enum fxp_fxt1_quality
fxp_fxt1_texstore_quality(void)
{
   static once_flag once = ONCE_FLAG_INIT;

   call_once(&once, read_quality);
   return __atomic_load_n(&env_quality, __ATOMIC_RELAXED);
}

bool
fxp_fxt1_texstore(bool rgba_format, const uint8_t *rgba, int src_stride_B, int w_px, int h_px, uint8_t *dst,
                  int dst_stride_B)
{
   if (w_px < 0 || h_px < 0)
      return false;
   if (!w_px || !h_px)
      return true;
   /* in 64 bits: w_px * 4 may pass INT_MAX */
   if (!rgba || !dst || src_stride_B < 0 || dst_stride_B < 0 ||
       (uint64_t)src_stride_B < (uint64_t)w_px * 4 ||
       (uint64_t)dst_stride_B < ((uint64_t)w_px + FXP_FXT1_BLOCK_W_PX - 1) / FXP_FXT1_BLOCK_W_PX *
                                FXP_FXT1_BLOCK_B)
      return false;
   fxp_fxt1_encode_image(rgba, (unsigned)src_stride_B, (unsigned)w_px, (unsigned)h_px, rgba_format,
                         fxp_fxt1_texstore_quality(), dst, (unsigned)dst_stride_B);
   return true;
}
