/* draw_vbo: the entry of the drawing pipeline (vertex fetch, vertex shading, primitive assembly, clipping,
 * rasterization, fragment operations). Drawing is not implemented yet (the drawing and shader-engine issues):
 * a draw renders nothing, changes no resource, and says so once under FXPIPE_DEBUG. It never pretends. */
#include "fxp_context.h"
#include "fxp_debug.h"

static void
fxp_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info, unsigned drawid_offset,
             const struct pipe_draw_indirect_info *indirect,
             const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct fxp_context *ctx = fxp_context(pipe);

   ctx->unimplemented_draws++;
   fxp_todo_once("draw_vbo: drawing is not implemented yet, draws render nothing");
}

void
fxp_init_draw_functions(struct fxp_context *ctx)
{
   ctx->base.draw_vbo = fxp_draw_vbo;
}
