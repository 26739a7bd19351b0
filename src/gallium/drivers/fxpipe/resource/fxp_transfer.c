/* Transfers: mapping any box of any level and slice of a resource for the CPU. fxpipe's storage is linear
 * CPU memory, and a map (unless unsynchronized) first draws the scene the last draws may have left open (its
 * sync point, context/fxp_sync.h), so a map is a pointer into the storage with the level's row and slice
 * strides; no staging copy and no other wait. Boxes outside the resource are refused.
 * A multisample resource (st/mesa maps a window's multisample buffers for glReadPixels and glDrawPixels) is
 * the exception: its map is a single-sample copy of the box, resolved as a blit resolves
 * (ops/fxp_blit_ms.c: the average of each pixel's samples, sample 0 for integer, depth and stencil), and
 * what was written to it goes to every sample of each pixel at unmap. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "fxp_ops.h"

static void *
fxp_transfer_map(struct pipe_context *pipe, struct pipe_resource *pres, unsigned level,
                 unsigned usage, const struct pipe_box *box, struct pipe_transfer **out)
{
   struct fxp_resource *res = fxp_resource(pres);
   struct fxp_transfer *xfer;
   uint8_t *base;

   *out = NULL;
   if (!fxp_box_in_level(pres, level, box)) {
      fxp_refuse("map of box (%d,%d,%d %dx%dx%d) outside level %u of a %ux%ux%u resource" FXP_GL_NO_MAP, box->x,
                 box->y, box->z, box->width, box->height, box->depth, level, pres->width0,
                 pres->height0, pres->depth0);
      return NULL;
   }
   if (pres->target != PIPE_BUFFER &&
       (box->x % util_format_get_blockwidth(pres->format) ||
        box->y % util_format_get_blockheight(pres->format))) {
      fxp_refuse("map of a box not aligned to the format's blocks" FXP_GL_NO_MAP);
      return NULL;
   }
   if (!(usage & PIPE_MAP_UNSYNCHRONIZED))
      fxp_context_sync(fxp_context(pipe), FXP_SYNC_MAP);
   xfer = CALLOC_STRUCT(fxp_transfer);
   if (!xfer)
      return NULL;
   base = fxp_resource_map(res);
   if (!base) {
      FREE(xfer);
      return NULL;
   }

   pipe_resource_reference(&xfer->base.resource, pres);
   xfer->base.level = level;
   xfer->base.usage = usage;
   xfer->base.box = *box;
   xfer->base.stride = res->row_stride_B[level];
   xfer->base.layer_stride = res->slice_stride_B[level];
   *out = &xfer->base;

   if (pres->nr_samples > 1) {
      const unsigned samples = fxp_resource_samples(pres), bpp = util_format_get_blocksize(pres->format);
      const size_t stride = (size_t)box->width * bpp, layer = stride * box->height;
      xfer->staging = MALLOC(MAX2(layer * box->depth, 1));
      if (!xfer->staging) {
         fxp_refuse("out of memory for a multisample map's resolved copy" FXP_GL_NO_MAP);
         fxp_resource_unmap(res);
         pipe_resource_reference(&xfer->base.resource, NULL);
         FREE(xfer);
         *out = NULL;
         return NULL;
      }
      xfer->base.stride = stride;
      xfer->base.layer_stride = layer;
      for (int z = 0; z < box->depth; z++)
         for (int y = 0; y < box->height; y++)
            fxp_resolve_row(pres->format, samples,
                            fxp_resource_texel(res, base, level, (unsigned)box->x * samples, box->y + y, box->z + z),
                            xfer->staging + z * layer + y * stride, box->width);
      return xfer->staging;
   }

   if (pres->target == PIPE_BUFFER)
      return base + box->x;
   return fxp_resource_texel(res, base, level, box->x / util_format_get_blockwidth(pres->format),
                             box->y / util_format_get_blockheight(pres->format), box->z);
}

static void
fxp_transfer_unmap(struct pipe_context *pipe, struct pipe_transfer *transfer)
{
   struct fxp_transfer *xfer = (struct fxp_transfer *)transfer;
   if (xfer->staging) {
      /* a multisample resource's copy: what was written goes to every sample of its pixel */
      struct fxp_resource *res = fxp_resource(transfer->resource);
      const struct pipe_box *box = &transfer->box;
      const unsigned samples = fxp_resource_samples(&res->base), bpp = util_format_get_blocksize(res->base.format);
      uint8_t *base = res->data;
      if ((transfer->usage & PIPE_MAP_WRITE) && base)
         for (int z = 0; z < box->depth; z++)
            for (int y = 0; y < box->height; y++) {
               const uint8_t *src = xfer->staging + z * transfer->layer_stride + y * transfer->stride;
               uint8_t *dst = fxp_resource_texel(res, base, transfer->level, (unsigned)box->x * samples,
                                                 box->y + y, box->z + z);
               for (int x = 0; x < box->width; x++)
                  for (unsigned s = 0; s < samples; s++)
                     memcpy(dst + (size_t)fxp_sample_column(x, samples, s) * bpp, src + (size_t)x * bpp, bpp);
            }
      FREE(xfer->staging);
   }
   fxp_resource_unmap(fxp_resource(transfer->resource));
   pipe_resource_reference(&transfer->resource, NULL);
   FREE(transfer);
}

static void
fxp_transfer_flush_region(struct pipe_context *pipe, struct pipe_transfer *transfer,
                          const struct pipe_box *box)
{
   /* Writes through a mapping land in the storage itself: nothing to flush. */
}

void
fxp_init_context_transfer_functions(struct pipe_context *pipe)
{
   pipe->buffer_map = fxp_transfer_map;
   pipe->texture_map = fxp_transfer_map;
   pipe->buffer_unmap = fxp_transfer_unmap;
   pipe->texture_unmap = fxp_transfer_unmap;
   pipe->transfer_flush_region = fxp_transfer_flush_region;
   pipe->buffer_subdata = u_default_buffer_subdata;
   pipe->texture_subdata = u_default_texture_subdata;
}
