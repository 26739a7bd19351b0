/* Vertex-elements CSOs and vertex-buffer bindings. An element array is compiled into a fetch plan
 * (fetch/fxp_fetch.c) when created: a buffer index past the limit or a format outside the velems list
 * (screen/fxp_formats.c) refuses the whole CSO. Binding only points the context at the plan. */
#include "util/u_helpers.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_formats.h"
#include "fxp_debug.h"
#include "fetch/fxp_fetch.h"

static void *
fxp_create_vertex_elements_state(struct pipe_context *pipe, unsigned count,
                                 const struct pipe_vertex_element *elements)
{
   struct fxp_velems *ve = CALLOC_STRUCT(fxp_velems);
   char error[160];

   if (!ve)
      return NULL;
   if (!fxp_fetch_plan_compile(&ve->plan, count, elements, error, sizeof(error))) {
      fxp_ctx_refuse(fxp_context(pipe), "vertex elements: %s" FXP_GL_VELEMS_DRAWS, error);
      FREE(ve);
      return NULL;
   }
   return ve;
}

static void
fxp_bind_vertex_elements_state(struct pipe_context *pipe, void *ve)
{
   fxp_context(pipe)->velems = ve;
}

static void
fxp_delete_vertex_elements_state(struct pipe_context *pipe, void *ve)
{
   FREE(ve);
}

static void
fxp_set_vertex_buffers(struct pipe_context *pipe, unsigned start, unsigned count,
                       unsigned unbind_trailing, bool take_ownership,
                       const struct pipe_vertex_buffer *buffers)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (start >= PIPE_MAX_ATTRIBS)
      return;
   count = MIN2(count, PIPE_MAX_ATTRIBS - start);
   unbind_trailing = MIN2(unbind_trailing, PIPE_MAX_ATTRIBS - start - count);
   util_set_vertex_buffers_mask(ctx->vertex_buffers, &ctx->vertex_buffers_mask, buffers, start,
                                count, unbind_trailing, take_ownership);
}

void
fxp_init_vertex_functions(struct fxp_context *ctx)
{
   ctx->base.create_vertex_elements_state = fxp_create_vertex_elements_state;
   ctx->base.bind_vertex_elements_state = fxp_bind_vertex_elements_state;
   ctx->base.delete_vertex_elements_state = fxp_delete_vertex_elements_state;
   ctx->base.set_vertex_buffers = fxp_set_vertex_buffers;
}
