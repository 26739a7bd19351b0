/* Shader-visible resource bindings and the remaining parameter state: shader buffers, images, stream-output
 * targets, the render condition, window rectangles and tessellation defaults. fxpipe's caps claim none of
 * the features that use them yet (compute, images, stream output, conditional rendering, tessellation), so
 * st/mesa does not bind them; they are stored faithfully (with references) so that a caller that does bind
 * them gets defined behaviour, and the issues that implement the features read them from here. */
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"

static void
fxp_set_shader_buffers(struct pipe_context *pipe, enum pipe_shader_type shader, unsigned start,
                       unsigned count, const struct pipe_shader_buffer *buffers, unsigned writable_mask)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (shader >= PIPE_SHADER_TYPES)
      return;
   if (shader == PIPE_SHADER_FRAGMENT)
      fxp_raster_close(ctx); /* first: an open scene or one in flight may read the buffers released */
   fxp_bindings_dirty(ctx, shader, FXP_DIRTY_BUFFERS, 0);
   for (unsigned i = 0; i < count && start + i < PIPE_MAX_SHADER_BUFFERS; i++) {
      struct pipe_shader_buffer *slot = &ctx->shader_buffers[shader][start + i];
      pipe_resource_reference(&slot->buffer, buffers ? buffers[i].buffer : NULL);
      slot->buffer_offset = buffers ? buffers[i].buffer_offset : 0;
      slot->buffer_size = buffers ? buffers[i].buffer_size : 0;
   }
   ctx->shader_buffers_writable[shader] = writable_mask << start;
}

static void
fxp_set_shader_images(struct pipe_context *pipe, enum pipe_shader_type shader, unsigned start,
                      unsigned count, unsigned unbind_trailing, const struct pipe_image_view *images)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (shader >= PIPE_SHADER_TYPES)
      return;
   if (shader == PIPE_SHADER_FRAGMENT)
      fxp_raster_close(ctx); /* first: an open scene or one in flight may read the images released */
   fxp_bindings_dirty(ctx, shader, FXP_DIRTY_IMAGES, 0);
   for (unsigned i = 0; i < count + unbind_trailing && start + i < PIPE_MAX_SHADER_IMAGES; i++) {
      struct pipe_image_view *slot = &ctx->images[shader][start + i];
      if (images && i < count) {
         pipe_resource_reference(&slot->resource, images[i].resource);
         struct pipe_resource *keep = slot->resource;
         *slot = images[i];
         slot->resource = keep;
      } else {
         pipe_resource_reference(&slot->resource, NULL);
         memset(slot, 0, sizeof(*slot));
      }
   }
   /* the slots past the last bound one need no preparing at each draw (fxp_gather_bindings) */
   unsigned n = PIPE_MAX_SHADER_IMAGES;
   while (n && !ctx->images[shader][n - 1].resource)
      n--;
   ctx->num_images[shader] = n;
}

static void
fxp_render_condition(struct pipe_context *pipe, struct pipe_query *query, bool condition,
                     enum pipe_render_cond_flag mode)
{
   struct fxp_context *ctx = fxp_context(pipe);

   ctx->render_cond_query = query;
   ctx->render_cond_condition = condition;
   ctx->render_cond_mode = mode;
}

static void
fxp_set_window_rectangles(struct pipe_context *pipe, bool include, unsigned num,
                          const struct pipe_scissor_state *rects)
{
   struct fxp_context *ctx = fxp_context(pipe);

   ctx->window_rects_include = include;
   ctx->num_window_rects = MIN2(num, PIPE_MAX_WINDOW_RECTANGLES);
   memcpy(ctx->window_rects, rects, ctx->num_window_rects * sizeof(*rects));
}

static void
fxp_set_tess_state(struct pipe_context *pipe, const float outer[4], const float inner[2])
{
   struct fxp_context *ctx = fxp_context(pipe);

   memcpy(ctx->default_tess_outer, outer, sizeof(ctx->default_tess_outer));
   memcpy(ctx->default_tess_inner, inner, sizeof(ctx->default_tess_inner));
}

static void
fxp_set_patch_vertices(struct pipe_context *pipe, uint8_t patch_vertices)
{
   fxp_context(pipe)->patch_vertices = patch_vertices;
}

void
fxp_release_resource_bindings(struct fxp_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_SHADER_BUFFERS; i++)
         pipe_resource_reference(&ctx->shader_buffers[s][i].buffer, NULL);
      for (unsigned i = 0; i < PIPE_MAX_SHADER_IMAGES; i++)
         pipe_resource_reference(&ctx->images[s][i].resource, NULL);
   }
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++)
      pipe_so_target_reference(&ctx->so_targets[i], NULL);
}

void
fxp_init_resource_binding_functions(struct fxp_context *ctx)
{
   ctx->base.set_shader_buffers = fxp_set_shader_buffers;
   ctx->base.set_shader_images = fxp_set_shader_images;
   ctx->base.render_condition = fxp_render_condition;
   ctx->base.set_window_rectangles = fxp_set_window_rectangles;
   ctx->base.set_tess_state = fxp_set_tess_state;
   ctx->base.set_patch_vertices = fxp_set_patch_vertices;
}
