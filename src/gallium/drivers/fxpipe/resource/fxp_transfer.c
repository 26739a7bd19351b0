/* Transfers: mapping any box of any level and slice of a resource for the CPU. fxpipe's storage is linear
 * CPU memory and every command has finished when it returns, so a map is a pointer into the storage with the
 * level's row and slice strides; no staging copy and no wait. Boxes outside the resource are refused. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_transfer.h"

#include "fxp_resource.h"
#include "fxp_debug.h"

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

   if (pres->target == PIPE_BUFFER)
      return base + box->x;
   return fxp_resource_texel(res, base, level, box->x / util_format_get_blockwidth(pres->format),
                             box->y / util_format_get_blockheight(pres->format), box->z);
}

static void
fxp_transfer_unmap(struct pipe_context *pipe, struct pipe_transfer *transfer)
{
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
