/* Depth/stencil/alpha CSOs and the stencil reference values, stored as given. */
#include "util/u_memory.h"
#include "fxp_context.h"

static void *
fxp_create_dsa_state(struct pipe_context *pipe, const struct pipe_depth_stencil_alpha_state *dsa)
{
   return mem_dup(dsa, sizeof(*dsa));
}

static void
fxp_bind_dsa_state(struct pipe_context *pipe, void *dsa)
{
   fxp_context(pipe)->dsa = dsa;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_delete_dsa_state(struct pipe_context *pipe, void *dsa)
{
   FREE(dsa);
}

static void
fxp_set_stencil_ref(struct pipe_context *pipe, const struct pipe_stencil_ref ref)
{
   fxp_raster_submit(fxp_context(pipe)); /* an open scene's primitives test with the reference they had */
   fxp_context(pipe)->stencil_ref = ref;
}

void
fxp_init_dsa_functions(struct fxp_context *ctx)
{
   ctx->base.create_depth_stencil_alpha_state = fxp_create_dsa_state;
   ctx->base.bind_depth_stencil_alpha_state = fxp_bind_dsa_state;
   ctx->base.delete_depth_stencil_alpha_state = fxp_delete_dsa_state;
   ctx->base.set_stencil_ref = fxp_set_stencil_ref;
}
