/* Sampler CSOs and sampler views per shader stage. Views hold a reference on their resource; binding honours
 * take_ownership and unbinds trailing slots. Slots past the limits are ignored, never written. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "raster/fxp_raster.h"
#include "fxp_screen.h"
#include "fxp_debug.h"

static void *
fxp_create_sampler_state(struct pipe_context *pipe, const struct pipe_sampler_state *sampler)
{
   return mem_dup(sampler, sizeof(*sampler));
}

static void
fxp_bind_sampler_states(struct pipe_context *pipe, enum pipe_shader_type shader, unsigned start,
                        unsigned num, void **samplers)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (shader >= PIPE_SHADER_TYPES)
      return;
   for (unsigned i = 0; i < num && start + i < PIPE_MAX_SAMPLERS; i++) {
      ctx->samplers[shader][start + i] = samplers ? samplers[i] : NULL;
      fxp_bindings_dirty(ctx, shader, 0, 1u << (start + i));
   }

   unsigned n = 0;
   for (unsigned i = 0; i < PIPE_MAX_SAMPLERS; i++) {
      if (ctx->samplers[shader][i])
         n = i + 1;
   }
   ctx->num_samplers[shader] = n;
}

static void
fxp_delete_sampler_state(struct pipe_context *pipe, void *sampler)
{
   struct fxp_context *ctx = fxp_context(pipe);

   /* a scene open or in flight may sample with it (fxp_context.h); a state deleted while bound is unbound
    * first, so no prepared binding keeps pointing at it */
   fxp_raster_close(ctx);
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_SAMPLERS; i++) {
         if (ctx->samplers[s][i] == sampler) {
            ctx->samplers[s][i] = NULL;
            fxp_bindings_dirty(ctx, s, 0, 1u << i);
         }
      }
   }
   FREE(sampler);
}

static struct pipe_sampler_view *
fxp_create_sampler_view(struct pipe_context *pipe, struct pipe_resource *texture,
                        const struct pipe_sampler_view *templ)
{
   struct pipe_sampler_view *view;

   if (!texture)
      return NULL;
   view = CALLOC_STRUCT(pipe_sampler_view);
   if (!view)
      return NULL;
   *view = *templ;
   if (!fxp_is_format_supported(pipe->screen, templ->format, templ->target, 0, 0,
                                texture->target == PIPE_BUFFER ? PIPE_BIND_SAMPLER_VIEW : 0) ||
       (texture->target != PIPE_BUFFER &&
        util_format_get_blocksize(templ->format) != util_format_get_blocksize(texture->format))) {
      /* st/mesa does not expect NULL here (it would crash): the view is made, with no format, and samples
       * as an unbound unit does, (0, 0, 0, 1), never reading the resource */
      fxp_ctx_refuse(fxp_context(pipe), "sampler view of format %s on a %s resource" FXP_GL_VIEW_ZERO,
                 util_format_name(templ->format), util_format_name(texture->format));
      view->format = PIPE_FORMAT_NONE;
   }
   view->reference.count = 1;
   view->texture = NULL;
   pipe_resource_reference(&view->texture, texture);
   view->context = pipe;
   return view;
}

static void
fxp_sampler_view_destroy(struct pipe_context *pipe, struct pipe_sampler_view *view)
{
   pipe_resource_reference(&view->texture, NULL);
   FREE(view);
}

static void
fxp_set_sampler_views(struct pipe_context *pipe, enum pipe_shader_type shader, unsigned start,
                      unsigned num, unsigned unbind_trailing, bool take_ownership,
                      struct pipe_sampler_view **views)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (shader >= PIPE_SHADER_TYPES)
      return;
   if (shader == PIPE_SHADER_FRAGMENT) /* before a view is released (fxp_context.h); they are held below */
      fxp_raster_submit(ctx);
   for (unsigned i = 0; i < num + unbind_trailing; i++) {
      struct pipe_sampler_view *v = (i < num && views) ? views[i] : NULL;
      struct pipe_sampler_view **slot;

      if (start + i >= PIPE_MAX_SHADER_SAMPLER_VIEWS) {
         if (take_ownership && v)
            pipe_sampler_view_reference(&v, NULL);
         continue;
      }
      slot = &ctx->views[shader][start + i];
      if (shader == PIPE_SHADER_FRAGMENT && *slot && *slot != v && fxp_draw_hold(ctx, FXP_HELD_VIEW, *slot))
         *slot = NULL; /* a scene in flight may sample it: held until it is drawn */
      if (start + i < PIPE_MAX_SAMPLERS)
         fxp_bindings_dirty(ctx, shader, 0, 1u << (start + i));
      if (take_ownership && i < num) {
         pipe_sampler_view_reference(slot, NULL);
         *slot = v;
      } else {
         pipe_sampler_view_reference(slot, v);
      }
   }

   unsigned n = 0;
   for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++) {
      if (ctx->views[shader][i])
         n = i + 1;
   }
   ctx->num_views[shader] = n;
}

void
fxp_init_sampler_functions(struct fxp_context *ctx)
{
   ctx->base.create_sampler_state = fxp_create_sampler_state;
   ctx->base.bind_sampler_states = fxp_bind_sampler_states;
   ctx->base.delete_sampler_state = fxp_delete_sampler_state;
   ctx->base.create_sampler_view = fxp_create_sampler_view;
   ctx->base.sampler_view_destroy = fxp_sampler_view_destroy;
   ctx->base.set_sampler_views = fxp_set_sampler_views;
}
