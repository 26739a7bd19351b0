/* Unit tests of the sync points (context/fxp_sync.h): each entry point the header's table lists reaches
 * its sync, with its reason, once a call; an unsynchronized map reaches none; and under
 * FXPIPE_DEBUG=checksync none of them finds binned primitives left. Expected counts come from the table
 * (one sync a call), not from the code. The context's destroy and the screen's present, handle and destroy
 * are not covered: the first two free what the counts live in, and the headless winsys makes no display
 * targets for the others. */
#include <string.h>

#include "util/u_inlines.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_screen.h"
#include "tests/fxp_test.h"

/* ctx's counts, and the screen's, before a call; check_delta compares after it */
struct counts {
   uint64_t c[FXP_SYNC_COUNT];
};

static void
take(struct fxp_t *t, struct counts *k)
{
   const struct fxp_context *ctx = fxp_context(t->pipe);
   const struct fxp_screen *screen = fxp_screen(t->screen);
   for (unsigned i = 0; i < FXP_SYNC_COUNT; i++)
      k->c[i] = i < FXP_SYNC_FIRST_SCREEN ? ctx->syncs[i] : __atomic_load_n(&screen->syncs[i], __ATOMIC_RELAXED);
}

/* Every reason's count moved by 0 since `before`, except `why`'s, by `n`. */
static void
check_delta(struct fxp_t *t, const struct counts *before, const char *what, enum fxp_sync_why why, unsigned n)
{
   struct counts now;
   take(t, &now);
   for (unsigned i = 0; i < FXP_SYNC_COUNT; i++) {
      const uint64_t want = i == (unsigned)why ? n : 0, got = now.c[i] - before->c[i];
      CHECK(t, got == want, "%s: %llu %s syncs, want %llu", what, (unsigned long long)got,
            fxp_sync_name((enum fxp_sync_why)i), (unsigned long long)want);
   }
}

#define EXPECT(t, what, why, n, ...)                                                              \
   do {                                                                                          \
      struct counts before_;                                                                     \
      take((t), &before_);                                                                       \
      __VA_ARGS__;                                                                               \
      check_delta((t), &before_, (what), (why), (n));                                            \
   } while (0)

static void
test_entry_points(struct fxp_t *t)
{
   struct pipe_context *pipe = t->pipe;
   const unsigned saved_flags = fxp_debug_flags;
   fxp_debug_flags |= FXP_DBG_CHECKSYNC;

   struct pipe_resource *buf = fxp_t_buffer(t, 64);
   struct pipe_resource *tex = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1,
                                             PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *tex2 = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1,
                                              PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *zs = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 8, 8, 1, 1, 1,
                                            PIPE_BIND_DEPTH_STENCIL);
   if (!CHECK(t, buf && tex && tex2 && zs, "the resources")) {
      pipe_resource_reference(&buf, NULL);
      pipe_resource_reference(&tex, NULL);
      pipe_resource_reference(&tex2, NULL);
      pipe_resource_reference(&zs, NULL);
      fxp_debug_flags = saved_flags;
      return;
   }

   EXPECT(t, "flush", FXP_SYNC_FLUSH, 1, pipe->flush(pipe, NULL, 0));
   EXPECT(t, "the barriers", FXP_SYNC_BARRIER, 3, pipe->texture_barrier(pipe, PIPE_TEXTURE_BARRIER_SAMPLER);
          pipe->memory_barrier(pipe, PIPE_BARRIER_ALL); pipe->flush_resource(pipe, tex));

   struct pipe_transfer *xfer = NULL;
   const struct pipe_box box = {0, 0, 0, 16, 1, 1};
   EXPECT(t, "buffer_map", FXP_SYNC_MAP, 1, {
      void *p = pipe->buffer_map(pipe, buf, 0, PIPE_MAP_READ, &box, &xfer);
      if (CHECK(t, p != NULL, "buffer_map"))
         pipe->buffer_unmap(pipe, xfer);
   });
   EXPECT(t, "buffer_map unsynchronized", FXP_SYNC_MAP, 0, {
      void *p = pipe->buffer_map(pipe, buf, 0, PIPE_MAP_WRITE | PIPE_MAP_UNSYNCHRONIZED, &box, &xfer);
      if (CHECK(t, p != NULL, "buffer_map unsynchronized"))
         pipe->buffer_unmap(pipe, xfer);
   });
   const uint8_t bytes[16] = {1, 2, 3};
   EXPECT(t, "buffer_subdata", FXP_SYNC_MAP, 1, pipe->buffer_subdata(pipe, buf, PIPE_MAP_WRITE, 0, 16, bytes));
   EXPECT(t, "texture_map", FXP_SYNC_MAP, 1, {
      const struct pipe_box tbox = {0, 0, 0, 8, 8, 1};
      void *p = pipe->texture_map(pipe, tex, 0, PIPE_MAP_WRITE, &tbox, &xfer);
      if (CHECK(t, p != NULL, "texture_map"))
         pipe->texture_unmap(pipe, xfer);
   });

   const uint32_t zero = 0;
   EXPECT(t, "clear_buffer", FXP_SYNC_CLEAR, 1, pipe->clear_buffer(pipe, buf, 0, 16, &zero, 4));
   const struct pipe_box tbox = {0, 0, 0, 4, 4, 1};
   EXPECT(t, "clear_texture", FXP_SYNC_CLEAR, 1, pipe->clear_texture(pipe, tex, 0, &tbox, &zero));
   struct pipe_surface tmpl;
   memset(&tmpl, 0, sizeof(tmpl));
   tmpl.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   struct pipe_surface *cs = pipe->create_surface(pipe, tex, &tmpl);
   tmpl.format = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   struct pipe_surface *zss = pipe->create_surface(pipe, zs, &tmpl);
   const union pipe_color_union color = {{0.5f, 0.5f, 0.5f, 1.0f}};
   if (CHECK(t, cs && zss, "the surfaces")) {
      EXPECT(t, "clear_render_target", FXP_SYNC_CLEAR, 1,
             pipe->clear_render_target(pipe, cs, &color, 0, 0, 8, 8, false));
      EXPECT(t, "clear_depth_stencil", FXP_SYNC_CLEAR, 1,
             pipe->clear_depth_stencil(pipe, zss, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0, 0, 0, 8, 8, false));
   }
   EXPECT(t, "clear", FXP_SYNC_CLEAR, 1, pipe->clear(pipe, PIPE_CLEAR_COLOR, NULL, &color, 1.0, 0));
   pipe_surface_reference(&cs, NULL);
   pipe_surface_reference(&zss, NULL);

   EXPECT(t, "resource_copy_region", FXP_SYNC_COPY, 1,
          pipe->resource_copy_region(pipe, tex2, 0, 0, 0, 0, tex, 0, &tbox));
   struct pipe_blit_info blit;
   memset(&blit, 0, sizeof(blit));
   blit.src.resource = tex;
   blit.src.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   blit.src.box = tbox;
   blit.dst.resource = tex2;
   blit.dst.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   blit.dst.box = tbox;
   blit.mask = PIPE_MASK_RGBA;
   blit.filter = PIPE_TEX_FILTER_NEAREST;
   EXPECT(t, "blit", FXP_SYNC_COPY, 1, pipe->blit(pipe, &blit));

   struct pipe_query *q = pipe->create_query(pipe, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   if (CHECK(t, q != NULL, "an occlusion query")) {
      union pipe_query_result result;
      EXPECT(t, "begin_query", FXP_SYNC_QUERY, 1, pipe->begin_query(pipe, q));
      EXPECT(t, "end_query", FXP_SYNC_QUERY, 1, pipe->end_query(pipe, q));
      EXPECT(t, "get_query_result", FXP_SYNC_QUERY, 1, pipe->get_query_result(pipe, q, true, &result));
      EXPECT(t, "get_query_result_resource", FXP_SYNC_QUERY, 1,
             pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U64, 0, buf, 0));
      pipe->destroy_query(pipe, q);
   }

   /* no compute state bound: refused, after its sync */
   const struct pipe_grid_info grid = {.block = {1, 1, 1}, .grid = {1, 1, 1}};
   EXPECT(t, "launch_grid", FXP_SYNC_COMPUTE, 1, pipe->launch_grid(pipe, &grid));
   EXPECT(t, "get_device_reset_status", FXP_SYNC_RESET_STATUS, 1, pipe->get_device_reset_status(pipe));

   struct pipe_fence_handle *fence = NULL;
   pipe->flush(pipe, &fence, 0);
   if (CHECK(t, fence != NULL, "a fence")) {
      EXPECT(t, "fence_finish", FXP_SYNC_FENCE, 1,
             CHECK(t, t->screen->fence_finish(t->screen, NULL, fence, PIPE_TIMEOUT_INFINITE), "fence_finish"));
      t->screen->fence_reference(t->screen, &fence, NULL);
   }
   EXPECT(t, "resource_destroy", FXP_SYNC_RESOURCE_DESTROY, 1, pipe_resource_reference(&tex2, NULL));

   pipe_resource_reference(&buf, NULL);
   pipe_resource_reference(&tex, NULL);
   pipe_resource_reference(&zs, NULL);
   fxp_debug_flags = saved_flags;
}

/* Every reason has a name, and the names are distinct (FXPIPE_DEBUG=perf prints them). */
static void
test_names(struct fxp_t *t)
{
   for (unsigned i = 0; i < FXP_SYNC_COUNT; i++) {
      CHECK(t, strcmp(fxp_sync_name((enum fxp_sync_why)i), "?") != 0, "reason %u has a name", i);
      for (unsigned j = 0; j < i; j++)
         CHECK(t, strcmp(fxp_sync_name((enum fxp_sync_why)i), fxp_sync_name((enum fxp_sync_why)j)) != 0,
               "reasons %u and %u have distinct names", i, j);
   }
   CHECK(t, strcmp(fxp_sync_name(FXP_SYNC_COUNT), "?") == 0, "past the last reason: ?");
}

const struct fxp_test fxp_sync_tests[] = {
   {"sync.entry_points", test_entry_points},
   {"sync.names", test_names},
   {NULL},
};
