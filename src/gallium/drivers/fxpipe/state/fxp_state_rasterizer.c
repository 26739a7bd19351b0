/* Rasterizer CSOs and the rasterization parameters (viewports, scissors, user clip planes, polygon stipple,
 * sample mask), stored as given; what is not drawn as asked yet (smooth polygons) is said
 * to the application (KHR_debug) and under FXPIPE_DEBUG=todo. Indices past PIPE_MAX_VIEWPORTS are ignored, never written. */
#include "util/u_memory.h"
#include "fxp_context.h"
#include "fxp_debug.h"
#include "raster/fxp_samples.h"

static void *
fxp_create_rasterizer_state(struct pipe_context *pipe, const struct pipe_rasterizer_state *rast)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (rast->poly_smooth)
      fxp_ctx_todo(ctx, "smooth (antialiased) polygons: drawn aliased");
   return mem_dup(rast, sizeof(*rast));
}

static void
fxp_bind_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   fxp_context(pipe)->rasterizer = rast;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_delete_rasterizer_state(struct pipe_context *pipe, void *rast)
{
   FREE(rast);
}

static void
fxp_set_viewport_states(struct pipe_context *pipe, unsigned start, unsigned num,
                        const struct pipe_viewport_state *vp)
{
   struct fxp_context *ctx = fxp_context(pipe);

   fxp_raster_submit(ctx); /* an open scene's fragments are clamped to their depth range */
   for (unsigned i = 0; i < num && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->viewports[start + i] = vp[i];
}

static void
fxp_set_scissor_states(struct pipe_context *pipe, unsigned start, unsigned num,
                       const struct pipe_scissor_state *sc)
{
   struct fxp_context *ctx = fxp_context(pipe);

   for (unsigned i = 0; i < num && start + i < PIPE_MAX_VIEWPORTS; i++)
      ctx->scissors[start + i] = sc[i];
}

static void
fxp_set_clip_state(struct pipe_context *pipe, const struct pipe_clip_state *clip)
{
   fxp_context(pipe)->clip = *clip;
}

static void
fxp_set_polygon_stipple(struct pipe_context *pipe, const struct pipe_poly_stipple *stipple)
{
   fxp_raster_submit(fxp_context(pipe)); /* an open scene's primitives are stippled as they were */
   fxp_context(pipe)->poly_stipple = *stipple;
}

static void
fxp_set_sample_mask(struct pipe_context *pipe, unsigned mask)
{
   fxp_context(pipe)->sample_mask = mask;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_set_min_samples(struct pipe_context *pipe, unsigned min_samples)
{
   fxp_context(pipe)->min_samples = min_samples;
   fxp_raster_state_changed(fxp_context(pipe));
}

/* The standard positions (raster/fxp_samples.h) the rasterizer uses, in pixels from the top-left corner. */
static void
fxp_get_sample_position(struct pipe_context *pipe, unsigned sample_count, unsigned sample_index, float *out_value)
{
   unsigned x_32nd, y_32nd;
   fxp_sample_pos(fxp_sample_count_valid(sample_count) ? sample_count : 1, sample_index, &x_32nd, &y_32nd);
   out_value[0] = (float)x_32nd / FXP_SAMPLE_POS_UNIT;
   out_value[1] = (float)y_32nd / FXP_SAMPLE_POS_UNIT;
}

void
fxp_init_rasterizer_functions(struct fxp_context *ctx)
{
   ctx->base.get_sample_position = fxp_get_sample_position;
   ctx->base.create_rasterizer_state = fxp_create_rasterizer_state;
   ctx->base.bind_rasterizer_state = fxp_bind_rasterizer_state;
   ctx->base.delete_rasterizer_state = fxp_delete_rasterizer_state;
   ctx->base.set_viewport_states = fxp_set_viewport_states;
   ctx->base.set_scissor_states = fxp_set_scissor_states;
   ctx->base.set_clip_state = fxp_set_clip_state;
   ctx->base.set_polygon_stipple = fxp_set_polygon_stipple;
   ctx->base.set_sample_mask = fxp_set_sample_mask;
   ctx->base.set_min_samples = fxp_set_min_samples;
}
