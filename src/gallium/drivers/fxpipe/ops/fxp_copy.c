/* resource_copy_region: raw copies of blocks between resources whose formats have the same block size
 * (including compressed to compressed), and of bytes between buffers. Source and destination are checked
 * against their levels; a copy that would leave either is refused. */
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_ops.h"
#include "fxp_debug.h"

void
fxp_copy_blocks(struct fxp_resource *dst, unsigned dst_level, unsigned dx, unsigned dy, unsigned dz,
                struct fxp_resource *src, const struct fxp_region *s)
{
   const size_t row_B = (size_t)s->width * util_format_get_blocksize(src->base.format);
   uint8_t *sbase = fxp_resource_map(src);
   uint8_t *dbase = fxp_resource_map(dst);

   if (sbase && dbase) {
      /* Rows of one slice may overlap only within the same resource, level and slice: walk them in the
       * direction that reads each source row before it is overwritten, with memmove within a row. */
      for (unsigned k = 0; k < s->depth; k++) {
         const bool backwards = src == dst && s->level == dst_level && s->z + k == dz + k && dy > s->y;
         for (unsigned i = 0; i < s->height; i++) {
            const unsigned y = backwards ? s->height - 1 - i : i;
            memmove(fxp_resource_texel(dst, dbase, dst_level, dx, dy + y, dz + k),
                    fxp_resource_texel(src, sbase, s->level, s->x, s->y + y, s->z + k), row_B);
         }
      }
   }
   if (dbase)
      fxp_resource_unmap(dst);
   if (sbase)
      fxp_resource_unmap(src);
}

static void
fxp_resource_copy_region(struct pipe_context *pipe, struct pipe_resource *pdst, unsigned dst_level,
                         unsigned dstx, unsigned dsty, unsigned dstz, struct pipe_resource *psrc,
                         unsigned src_level, const struct pipe_box *box)
{
   struct fxp_resource *dst = fxp_resource(pdst), *src = fxp_resource(psrc);
   struct pipe_box dbox;

   fxp_context_sync(fxp_context(pipe), FXP_SYNC_COPY);
   if ((pdst->target == PIPE_BUFFER) != (psrc->target == PIPE_BUFFER)) {
      fxp_ctx_refuse(fxp_context(pipe), "resource_copy_region between a buffer and a texture" FXP_GL_SKIPPED_COPY);
      return;
   }
   if (pdst->target == PIPE_BUFFER) {
      u_box_1d(dstx, box->width, &dbox);
      if (!fxp_box_in_level(psrc, 0, box) || !fxp_box_in_level(pdst, 0, &dbox) || box->y || box->z) {
         fxp_ctx_refuse(fxp_context(pipe), "buffer copy outside a buffer" FXP_GL_SKIPPED_COPY);
         return;
      }
      uint8_t *s = fxp_resource_map(src), *d = fxp_resource_map(dst);
      if (s && d)
         memmove(d + dstx, s + box->x, box->width);
      fxp_resource_unmap(dst);
      fxp_resource_unmap(src);
      return;
   }

   const enum pipe_format sf = psrc->format, df = pdst->format;
   const unsigned sbw = util_format_get_blockwidth(sf), sbh = util_format_get_blockheight(sf);
   const unsigned dbw = util_format_get_blockwidth(df), dbh = util_format_get_blockheight(df);
   if (util_format_get_blocksize(sf) != util_format_get_blocksize(df)) {
      fxp_ctx_refuse(fxp_context(pipe), "resource_copy_region from %s to %s: block sizes differ"
                                        FXP_GL_SKIPPED_COPY, util_format_name(sf),
                 util_format_name(df));
      return;
   }
   if (!fxp_box_in_level(psrc, src_level, box) || box->x % sbw || box->y % sbh || dstx % dbw ||
       dsty % dbh) {
      fxp_ctx_refuse(fxp_context(pipe), "resource_copy_region source box outside level %u or not block aligned"
                                        FXP_GL_SKIPPED_COPY, src_level);
      return;
   }

   struct fxp_region s = {
      .level = src_level, .x = box->x / sbw, .y = box->y / sbh, .z = box->z,
      .width = DIV_ROUND_UP(box->width, sbw), .height = DIV_ROUND_UP(box->height, sbh),
      .depth = box->depth,
   };
   /* The destination, in blocks, must fit in the destination level (a partial edge block counts); the sums
    * in 64 bits, so that a coordinate near 2^32 cannot wrap back inside. */
   if (dst_level > pdst->last_level ||
       (uint64_t)(dstx / dbw) + s.width > util_format_get_nblocksx(df, u_minify(pdst->width0, dst_level)) ||
       (uint64_t)(dsty / dbh) + s.height > util_format_get_nblocksy(df, u_minify(pdst->height0, dst_level)) ||
       (uint64_t)dstz + s.depth > fxp_resource_slices(pdst, dst_level)) {
      fxp_ctx_refuse(fxp_context(pipe), "resource_copy_region destination outside level %u"
                                        FXP_GL_SKIPPED_COPY, dst_level);
      return;
   }
   if (!s.width || !s.height || !s.depth)
      return;
   /* multisample resources: every sample of each pixel (GL copies between equal sample counts only) */
   const unsigned samples = fxp_resource_samples(psrc);
   if (samples != fxp_resource_samples(pdst)) {
      fxp_ctx_refuse(fxp_context(pipe), "resource_copy_region between %u and %u samples" FXP_GL_SKIPPED_COPY,
                     samples, fxp_resource_samples(pdst));
      return;
   }
   s.x *= samples;
   s.width *= samples;
   fxp_copy_blocks(dst, dst_level, dstx / dbw * samples, dsty / dbh, dstz, src, &s);
}

void
fxp_init_copy_functions(struct fxp_context *ctx)
{
   ctx->base.resource_copy_region = fxp_resource_copy_region;
}
