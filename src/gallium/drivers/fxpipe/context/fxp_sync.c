/* The sync points (context/fxp_sync.h): they retire the context's scene in flight and draw its open one,
 * count, and check under FXPIPE_DEBUG=checksync that nothing is left in flight. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_screen.h"
#include "context/fxp_sync.h"

static const char *const sync_names[FXP_SYNC_COUNT] = {
   [FXP_SYNC_FLUSH] = "flush",
   [FXP_SYNC_BARRIER] = "barrier",
   [FXP_SYNC_MAP] = "map",
   [FXP_SYNC_CLEAR] = "clear",
   [FXP_SYNC_COPY] = "copy",
   [FXP_SYNC_QUERY] = "query",
   [FXP_SYNC_COMPUTE] = "compute",
   [FXP_SYNC_RESET_STATUS] = "reset status",
   [FXP_SYNC_CONTEXT_DESTROY] = "context destroy",
   [FXP_SYNC_RESOURCE_DESTROY] = "resource destroy",
   [FXP_SYNC_HANDLE] = "handle",
   [FXP_SYNC_FENCE] = "fence",
   [FXP_SYNC_PRESENT] = "present",
   [FXP_SYNC_SCREEN_DESTROY] = "screen destroy",
};

const char *
fxp_sync_name(enum fxp_sync_why why)
{
   return (unsigned)why < FXP_SYNC_COUNT && sync_names[why] ? sync_names[why] : "?";
}

void
fxp_context_sync(struct fxp_context *ctx, enum fxp_sync_why why)
{
   assert(why < FXP_SYNC_FIRST_SCREEN);
   ctx->syncs[why]++;
   /* the scene in flight and the open scene first (fxp_raster_close): their primitives came after the
    * pending clear, if they hold it */
   fxp_raster_close(ctx);
   /* a pending clear is done whole (fxp_ops.h), but at a clear, which keeps or merges it */
   if (why != FXP_SYNC_CLEAR)
      fxp_clear_pending_apply(ctx);
   /* nothing else to wait for: retiring and a scene's flush wait for every thread (debug builds assert it at
    * every sync point, FXPIPE_DEBUG=checksync checks it in any build) */
   assert(!fxp_draw_pending(ctx));
   if (unlikely(fxp_debug_flags & FXP_DBG_CHECKSYNC) && why != FXP_SYNC_CLEAR &&
       (ctx->clear_pending.cbufs || ctx->clear_pending.zs)) {
      fprintf(stderr, "fxpipe: checksync: context %p has a pending clear left after its %s sync\n", (void *)ctx,
              fxp_sync_name(why));
      abort();
   }
   if (unlikely(fxp_debug_flags & FXP_DBG_CHECKSYNC) && fxp_draw_pending(ctx)) {
      fprintf(stderr, "fxpipe: checksync: context %p has binned primitives left after its %s sync\n",
              (void *)ctx, fxp_sync_name(why));
      abort();
   }
}

void
fxp_screen_sync(struct fxp_screen *screen, const struct pipe_resource *res, enum fxp_sync_why why)
{
   assert(why >= FXP_SYNC_FIRST_SCREEN && why < FXP_SYNC_COUNT);
   (void)res; /* nothing to wait for: what a context's scene in flight touches is referenced by that context
                * or held by the scene (fxp_sync.h) */
   __atomic_fetch_add(&screen->syncs[why], 1, __ATOMIC_RELAXED);
}
