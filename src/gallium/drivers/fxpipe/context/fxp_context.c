/* pipe_context creation and destruction, flush and barriers, the application's debug callback (KHR_debug,
 * fxp_debug.h), and the watchdog's reports and reset status (fxp_context.h, "Watchdog"). Every command runs
 * to completion when called, but draws, which may leave their scene open for the next draws
 * (raster/fxp_raster.h, "Open scenes"): flush and the barriers are sync points, which draw it
 * (context/fxp_sync.h), and then flush only hands out a fence. */
#include <inttypes.h>
#include <string.h>
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_upload_mgr.h"

#include "fxp_context.h"
#include "context/fxp_pool.h"
#include "fxp_screen.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "shader/fxp_shader.h"

static void
fxp_flush(struct pipe_context *pipe, struct pipe_fence_handle **fence, unsigned flags)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_FLUSH);
   if (fence) {
      struct pipe_fence_handle *f = fxp_fence_create();
      pipe->screen->fence_reference(pipe->screen, fence, NULL);
      *fence = f;
   }
}

/* ARB_texture_barrier (GL 4.5's glTextureBarrier) and framebuffer fetch's barriers: what earlier draws wrote
 * must be what later draws sample. Its sync point draws the scene the last draws may
 * have left open (raster/fxp_raster.h, "Open scenes"), and a scene's flush returns only once every
 * rasterizing thread has finished its bins (raster/fxp_rasterize.c, fxp_pool_run); clears, copies,
 * blits and compute dispatches complete before they return too. Render targets are the textures' own memory
 * (mapped, not copied), and the sampler reads that memory directly: its one cache, the FXT1 blocks decoded
 * for the lanes of one instruction (sampler/fxp_sampler_fast.c), lives only for that instruction, and FXT1
 * is never a render target. tests/gl/fxp_gl_ext4.c, section barrier, draws with barriers between passes on
 * several threads. */
static void
fxp_texture_barrier(struct pipe_context *pipe, unsigned flags)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_BARRIER);
}

static void
fxp_memory_barrier(struct pipe_context *pipe, unsigned flags)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_BARRIER);
}

static void
fxp_flush_resource(struct pipe_context *pipe, struct pipe_resource *resource)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_BARRIER);
}

static void
fxp_set_debug_callback(struct pipe_context *pipe, const struct util_debug_callback *cb)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (cb)
      ctx->debug = *cb;
   else
      memset(&ctx->debug, 0, sizeof(ctx->debug));
}

static enum pipe_reset_status
fxp_get_device_reset_status(struct pipe_context *pipe)
{
   struct fxp_context *ctx = fxp_context(pipe);
   fxp_context_sync(ctx, FXP_SYNC_RESET_STATUS); /* a draw's watchdog trip is reported at its end */
   const enum pipe_reset_status s = ctx->wd.unreported;
   ctx->wd.unreported = PIPE_NO_RESET; /* reported once: afterwards the reset is over */
   return s;
}

static void
fxp_set_device_reset_callback(struct pipe_context *pipe, const struct pipe_device_reset_callback *cb)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (cb)
      ctx->wd.reset_cb = *cb;
   else
      memset(&ctx->wd.reset_cb, 0, sizeof(ctx->wd.reset_cb));
}

void
fxp_watchdog_stopped(struct fxp_context *ctx, unsigned why, enum pipe_shader_type stage)
{
   if (why != FXP_EXEC_OVER_BUDGET)
      return; /* stopped because another batch of the context tripped: that one is recorded */
   int none = 0;
   __atomic_compare_exchange_n(&ctx->wd.tripped, &none, (int)stage + 1, false, __ATOMIC_RELAXED,
                               __ATOMIC_RELAXED);
}

void
fxp_watchdog_report(struct fxp_context *ctx, const char *what)
{
   static const char *const stages[PIPE_SHADER_TYPES] = {
      [PIPE_SHADER_VERTEX] = "vertex", [PIPE_SHADER_FRAGMENT] = "fragment", [PIPE_SHADER_GEOMETRY] = "geometry",
      [PIPE_SHADER_TESS_CTRL] = "tessellation control", [PIPE_SHADER_TESS_EVAL] = "tessellation evaluation",
      [PIPE_SHADER_COMPUTE] = "compute",
   };
   const int t = __atomic_load_n(&ctx->wd.tripped, __ATOMIC_RELAXED);
   if (likely(!t))
      return;
   __atomic_store_n(&ctx->wd.tripped, 0, __ATOMIC_RELAXED); /* every thread is done with this work */
   ctx->wd.trips++;
   const char *stage = t - 1 < PIPE_SHADER_TYPES && stages[t - 1] ? stages[t - 1] : "shader";
   fxp_ctx_refuse(ctx, "the rest of a %s: its %s shader ran past the watchdog's budget of %llu instructions "
                  "(FXPIPE_SHADER_BUDGET); guilty context reset%s", what, stage,
                  (unsigned long long)fxp_shader_budget(),
                  ctx->wd.lose_on_reset ? FXP_GL_RESET_LOST : FXP_GL_RESET_UNSEEN);
   ctx->wd.unreported = PIPE_GUILTY_CONTEXT_RESET;
   if (ctx->wd.lose_on_reset) {
      ctx->wd.lost = true;
      if (ctx->wd.reset_cb.reset) {
         ctx->wd.unreported = PIPE_NO_RESET; /* the callback is the report */
         ctx->wd.reset_cb.reset(ctx->wd.reset_cb.data, PIPE_GUILTY_CONTEXT_RESET);
      }
   }
}

struct fxp_pool *
fxp_context_pool(struct fxp_context *ctx)
{
   if (!ctx->pool_checked) {
      ctx->pool = fxp_screen_pool(fxp_screen(ctx->base.screen));
      ctx->pool_checked = true;
   }
   return ctx->pool;
}

static void
fxp_context_destroy(struct pipe_context *pipe)
{
   struct fxp_context *ctx = fxp_context(pipe);

   fxp_context_sync(ctx, FXP_SYNC_CONTEXT_DESTROY);
   fxp_release_state(ctx);
   if (pipe->stream_uploader)
      u_upload_destroy(pipe->stream_uploader);
   FXP_DBG(FXP_DBG_PERF, "context %p: %" PRIu64 " primitives, %" PRIu64 " fragments shaded; scenes %" PRIu64
           " shared, %" PRIu64 " on the drawing thread; %" PRIu64 " primitives binned, %" PRIu64
           " bin references; %" PRIu64 " draws with implicit early depth-stencil tests; %" PRIu64
           " draws compiled the rasterizer's state; %" PRIu64 " draws set the fragment stage up (the others"
           " culled every primitive, or went on with an open scene); %" PRIu64 " draws' vertices shaded on several threads; %" PRIu64
           " batches of primitives (draws, geometry shader output, patches) set up on several threads; %" PRIu64
           " watchdog trips; %" PRIu64 " fragment-shader batches, %" PRIu64 " of them shared by several triangles, %"
           PRIu64 " of them a copying shader's copies; %"
           PRIu64 " partly covered tiles tested in 32-bit lanes, %" PRIu64 " in 64 bits; %" PRIu64
           " vertices clip-tested four at a time, %" PRIu64 " one at a time, %" PRIu64
           " of them by the threads that shaded them; %"
           PRIu64 " multisample resolves, %" PRIu64 " of them straight into the destination; %" PRIu64
           " clears kept pending, %" PRIu64 " done bin by bin by a draw's scene; %" PRIu64
           " draws went on with the scene the draws before left open, %" PRIu64 " open scenes closed, %" PRIu64 " of them drawn while the drawing thread went on; %" PRId64
           " shader CSOs alive at its end",
           (void *)ctx, ctx->perf.prims, ctx->perf.fragments_shaded, ctx->perf.scenes_shared,
           ctx->perf.scenes_serial, ctx->perf.prims_binned, ctx->perf.bin_refs, ctx->perf.early_zs_draws,
           ctx->perf.raster_compiles, ctx->perf.raster_prepares, ctx->perf.vs_shared_draws, ctx->perf.prim_shared_draws, ctx->wd.trips,
           ctx->perf.batches, ctx->perf.batches_shared, ctx->perf.batches_copied, ctx->perf.tiles_edges_32,
           ctx->perf.tiles_edges_64,
           ctx->perf.verts_prepared_4, ctx->perf.verts_prepared_1, ctx->perf.verts_prepared_ahead,
           ctx->perf.resolves, ctx->perf.resolves_direct, ctx->perf.clears_deferred, ctx->perf.clears_folded,
           ctx->perf.raster_continued, ctx->perf.scenes_closed, ctx->perf.scenes_in_flight, ctx->perf.shaders_alive);
   if (unlikely(fxp_debug_flags & FXP_DBG_PERF)) {
      char line[512];
      size_t n = 0;
      for (unsigned i = 0; i < FXP_SYNC_FIRST_SCREEN && n < sizeof(line); i++)
         n += (size_t)snprintf(line + n, sizeof(line) - n, "%s%s %" PRIu64, i ? ", " : "", fxp_sync_name(i),
                               ctx->syncs[i]);
      fxp_log("context %p: sync points reached (context/fxp_sync.h): %s", (void *)ctx, line);
   }
   fxp_bindings_fini(ctx);
   fxp_draw_cache_fini(ctx);
   free(ctx->paths_last);
   FREE(ctx);
}

struct pipe_context *
fxp_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct fxp_context *ctx = CALLOC_STRUCT(fxp_context);

   if (!ctx)
      return NULL;
   ctx->base.screen = screen;
   ctx->base.priv = priv;
   ctx->sample_mask = ~0u;
   list_inithead(&ctx->active_queries);
   ctx->queries_enabled = true;

   ctx->base.destroy = fxp_context_destroy;
   ctx->base.flush = fxp_flush;
   ctx->base.texture_barrier = fxp_texture_barrier;
   ctx->base.memory_barrier = fxp_memory_barrier;
   ctx->base.flush_resource = fxp_flush_resource;
   ctx->base.set_debug_callback = fxp_set_debug_callback;
   ctx->base.get_device_reset_status = fxp_get_device_reset_status;
   ctx->base.set_device_reset_callback = fxp_set_device_reset_callback;
   ctx->wd.lose_on_reset = flags & PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET;

   fxp_init_context_transfer_functions(&ctx->base);
   fxp_init_blend_functions(ctx);
   fxp_init_dsa_functions(ctx);
   fxp_init_rasterizer_functions(ctx);
   fxp_init_sampler_functions(ctx);
   fxp_init_shader_functions(ctx);
   fxp_init_vertex_functions(ctx);
   fxp_init_framebuffer_functions(ctx);
   fxp_init_resource_binding_functions(ctx);
   fxp_init_query_functions(ctx);
   fxp_init_draw_functions(ctx);
   fxp_init_so_functions(ctx);
   fxp_init_compute_functions(ctx);
   fxp_init_clear_functions(ctx);
   fxp_init_blit_functions(ctx);
   fxp_init_copy_functions(ctx);

   ctx->base.stream_uploader = u_upload_create_default(&ctx->base);
   if (!ctx->base.stream_uploader || !fxp_bindings_init(ctx)) {
      fxp_context_destroy(&ctx->base);
      return NULL;
   }
   ctx->base.const_uploader = ctx->base.stream_uploader;
   return &ctx->base;
}
