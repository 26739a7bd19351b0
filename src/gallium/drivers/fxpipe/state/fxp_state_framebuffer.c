/* The framebuffer state and the surfaces it is made of. A surface names one level and a range of slices of a
 * texture; it is validated against the resource when created. Also releases all bound state at context
 * destruction. */
#include "util/u_framebuffer.h"
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_debug.h"

static struct pipe_surface *
fxp_create_surface(struct pipe_context *pipe, struct pipe_resource *pt,
                   const struct pipe_surface *templ)
{
   struct pipe_surface *ps;

   if (pt->target == PIPE_BUFFER) {
      fxp_ctx_refuse(fxp_context(pipe), "surface on a buffer" FXP_GL_NO_SURFACE);
      return NULL;
   }
   if (templ->u.tex.level > pt->last_level ||
       templ->u.tex.first_layer > templ->u.tex.last_layer ||
       templ->u.tex.last_layer >= fxp_resource_slices(pt, templ->u.tex.level)) {
      fxp_ctx_refuse(fxp_context(pipe), "surface of level %u layers %u-%u outside the resource"
                                        FXP_GL_NO_SURFACE, templ->u.tex.level,
                 templ->u.tex.first_layer, templ->u.tex.last_layer);
      return NULL;
   }
   if (util_format_get_blocksize(templ->format) != util_format_get_blocksize(pt->format)) {
      fxp_ctx_refuse(fxp_context(pipe), "surface format %s on a %s resource"
                                        FXP_GL_NO_SURFACE, util_format_name(templ->format),
                 util_format_name(pt->format));
      return NULL;
   }
   ps = CALLOC_STRUCT(pipe_surface);
   if (!ps)
      return NULL;
   pipe_reference_init(&ps->reference, 1);
   pipe_resource_reference(&ps->texture, pt);
   ps->context = pipe;
   ps->format = templ->format;
   ps->width = u_minify(pt->width0, templ->u.tex.level);
   ps->height = u_minify(pt->height0, templ->u.tex.level);
   ps->u.tex = templ->u.tex;
   return ps;
}

static void
fxp_surface_destroy(struct pipe_context *pipe, struct pipe_surface *surf)
{
   pipe_resource_reference(&surf->texture, NULL);
   FREE(surf);
}

static void
fxp_set_framebuffer_state(struct pipe_context *pipe, const struct pipe_framebuffer_state *fb)
{
   /* an open scene's primitives first (they draw into the buffers bound until now, after their pending clear
    * if they hold it), then a pending clear of those buffers */
   fxp_raster_close(fxp_context(pipe));
   fxp_clear_pending_apply(fxp_context(pipe));
   util_copy_framebuffer_state(&fxp_context(pipe)->framebuffer, fb);
   fxp_context(pipe)->framebuffer_serial++;
   fxp_raster_state_changed(fxp_context(pipe));
}


void
fxp_release_state(struct fxp_context *ctx)
{
   util_unreference_framebuffer_state(&ctx->framebuffer);
   for (unsigned i = 0; i < PIPE_MAX_ATTRIBS; i++)
      pipe_vertex_buffer_unreference(&ctx->vertex_buffers[i]);
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++)
         pipe_sampler_view_reference(&ctx->views[s][i], NULL);
   }
   fxp_release_shader_state(ctx);
   fxp_release_resource_bindings(ctx);
}

void
fxp_init_framebuffer_functions(struct fxp_context *ctx)
{
   ctx->base.create_surface = fxp_create_surface;
   ctx->base.surface_destroy = fxp_surface_destroy;
   ctx->base.set_framebuffer_state = fxp_set_framebuffer_state;
}
