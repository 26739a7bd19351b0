/* Blend CSOs and the blend colour, stored as given; the fragment stage reads them when drawing lands. */
#include "util/u_memory.h"
#include "fxp_context.h"

static void *
fxp_create_blend_state(struct pipe_context *pipe, const struct pipe_blend_state *blend)
{
   return mem_dup(blend, sizeof(*blend));
}

static void
fxp_bind_blend_state(struct pipe_context *pipe, void *blend)
{
   fxp_context(pipe)->blend = blend;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_delete_blend_state(struct pipe_context *pipe, void *blend)
{
   FREE(blend);
}

static void
fxp_set_blend_color(struct pipe_context *pipe, const struct pipe_blend_color *color)
{
   fxp_raster_submit(fxp_context(pipe)); /* an open scene's primitives blend with the colour they had */
   fxp_context(pipe)->blend_color = *color;
}

void
fxp_init_blend_functions(struct fxp_context *ctx)
{
   ctx->base.create_blend_state = fxp_create_blend_state;
   ctx->base.bind_blend_state = fxp_bind_blend_state;
   ctx->base.delete_blend_state = fxp_delete_blend_state;
   ctx->base.set_blend_color = fxp_set_blend_color;
}
