/* Fences. fxpipe executes every command before pipe_context::flush returns (the flush draws the scene the
 * last draws may have left open: context/fxp_sync.h), so a fence is born signalled;
 * the object exists so that the GL front end can reference, wait on and release it like any driver's. */
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "fxp_screen.h"

struct pipe_fence_handle {
   struct pipe_reference reference;
};

struct pipe_fence_handle *
fxp_fence_create(void)
{
   struct pipe_fence_handle *fence = CALLOC_STRUCT(pipe_fence_handle);

   if (fence)
      pipe_reference_init(&fence->reference, 1);
   return fence;
}

static void
fxp_fence_reference(struct pipe_screen *screen, struct pipe_fence_handle **ptr,
                    struct pipe_fence_handle *fence)
{
   struct pipe_fence_handle *old = *ptr;

   if (pipe_reference(old ? &old->reference : NULL, fence ? &fence->reference : NULL))
      FREE(old);
   *ptr = fence;
}

static bool
fxp_fence_finish(struct pipe_screen *screen, struct pipe_context *ctx,
                 struct pipe_fence_handle *fence, uint64_t timeout)
{
   /* All work completed inside flush(), open scenes included; nothing can still be pending
    * (context/fxp_sync.h). */
   fxp_screen_sync(fxp_screen(screen), NULL, FXP_SYNC_FENCE);
   return true;
}

void
fxp_init_screen_fence_functions(struct fxp_screen *screen)
{
   screen->base.fence_reference = fxp_fence_reference;
   screen->base.fence_finish = fxp_fence_finish;
}
