/* Shader CSOs (vertex, tessellation control and evaluation, geometry and fragment) and constant buffers. A shader keeps private TGSI tokens (a copy
 * of TGSI given, or nir_to_tgsi's translation of NIR given, whose NIR the CSO owns and nir_to_tgsi frees) and
 * their decoded program (shader/fxp_decode.c). Constant data given as a user
 * pointer is copied at bind time, since the pointer is not valid after the call. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "tgsi/tgsi_parse.h"
#include "nir/nir_to_tgsi.h"

#include "fxp_context.h"
#include "raster/fxp_raster.h"
#include "fxp_debug.h"
#include "shader/fxp_shader.h"

static struct fxp_shader *
fxp_create_shader(struct pipe_context *pipe, enum pipe_shader_type stage,
                  const struct pipe_shader_state *templ)
{
   struct fxp_shader *sh;
   const struct tgsi_token *tokens;

   const bool given = templ->type == PIPE_SHADER_IR_NIR ? templ->ir.nir != NULL
                      : templ->type == PIPE_SHADER_IR_TGSI && templ->tokens;
   if (!given) {
      fxp_ctx_refuse(fxp_context(pipe), "shader that is neither NIR nor TGSI" FXP_GL_SHADER_DRAWS);
      return NULL;
   }
   /* Mesa's helper: nir_to_tgsi of NIR (which it frees), or a copy of TGSI */
   tokens = pipe_shader_state_to_tgsi_tokens(pipe->screen, templ);
   if (!tokens)
      return NULL;
   sh = CALLOC_STRUCT(fxp_shader);
   if (!sh) {
      FREE((void *)tokens);
      return NULL;
   }
   sh->stage = stage;
   sh->state = *templ;
   sh->state.type = PIPE_SHADER_IR_TGSI;
   sh->state.tokens = tokens;
   /* Decoded now, once; the drawing pipeline runs sh->prog. A shader the engine cannot execute yet keeps
    * its CSO (drawing does not run it anyway) and says why under FXPIPE_DEBUG. */
   char error[256];
   sh->prog = fxp_program_create(sh->state.tokens, stage, error, sizeof(error));
   if (!sh->prog)
      fxp_ctx_todo(fxp_context(pipe), "shader engine: %s", error);
   fxp_context(pipe)->perf.shaders_alive++;
   return sh;
}

static void
fxp_delete_shader(struct pipe_context *pipe, void *shader)
{
   struct fxp_shader *sh = shader;

   if (!sh)
      return;
   fxp_raster_close(fxp_context(pipe)); /* an open scene's primitives may be this fragment shader's */
   fxp_context(pipe)->perf.shaders_alive--;
   fxp_program_destroy(sh->prog);
   FREE((void *)sh->state.tokens);
   FREE(sh);
}

static void *
fxp_create_vs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return fxp_create_shader(pipe, PIPE_SHADER_VERTEX, templ);
}

static void *
fxp_create_fs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return fxp_create_shader(pipe, PIPE_SHADER_FRAGMENT, templ);
}

static void *
fxp_create_gs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return fxp_create_shader(pipe, PIPE_SHADER_GEOMETRY, templ);
}

static void
fxp_bind_gs_state(struct pipe_context *pipe, void *gs)
{
   fxp_context(pipe)->gs = gs;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void *
fxp_create_tcs_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return fxp_create_shader(pipe, PIPE_SHADER_TESS_CTRL, templ);
}

static void
fxp_bind_tcs_state(struct pipe_context *pipe, void *tcs)
{
   fxp_context(pipe)->tcs = tcs;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void *
fxp_create_tes_state(struct pipe_context *pipe, const struct pipe_shader_state *templ)
{
   return fxp_create_shader(pipe, PIPE_SHADER_TESS_EVAL, templ);
}

static void
fxp_bind_tes_state(struct pipe_context *pipe, void *tes)
{
   fxp_context(pipe)->tes = tes;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_bind_vs_state(struct pipe_context *pipe, void *vs)
{
   fxp_context(pipe)->vs = vs;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_bind_fs_state(struct pipe_context *pipe, void *fs)
{
   fxp_context(pipe)->fs = fs;
   fxp_raster_state_changed(fxp_context(pipe));
}

static void
fxp_constbuf_release(struct fxp_constbuf *cb)
{
   pipe_resource_reference(&cb->buffer, NULL);
   FREE(cb->user_copy);
   memset(cb, 0, sizeof(*cb));
}

static void
fxp_set_constant_buffer(struct pipe_context *pipe, enum pipe_shader_type shader, uint index,
                        bool take_ownership, const struct pipe_constant_buffer *cb)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_constbuf *slot;

   if (shader >= PIPE_SHADER_TYPES || index >= PIPE_MAX_CONSTANT_BUFFERS) {
      if (cb && take_ownership) {
         struct pipe_resource *r = cb->buffer;
         pipe_resource_reference(&r, NULL);
      }
      return;
   }
   slot = &ctx->constbufs[shader][index];
   fxp_bindings_dirty(ctx, shader, FXP_DIRTY_CONSTBUFS, 0); /* first: it submits an open scene (fxp_context.h) */
   if (shader == PIPE_SHADER_FRAGMENT) { /* a scene in flight may read them: held until it is drawn */
      if (slot->user_copy && fxp_draw_hold(ctx, FXP_HELD_MEMORY, slot->user_copy))
         slot->user_copy = NULL;
      if (slot->buffer && fxp_draw_hold(ctx, FXP_HELD_RESOURCE, slot->buffer))
         slot->buffer = NULL;
   }
   fxp_constbuf_release(slot);
   if (!cb)
      return;

   if (cb->user_buffer) {
      slot->user_copy = MALLOC(MAX2(cb->buffer_size, 16));
      if (!slot->user_copy) {
         fxp_ctx_out_of_memory(ctx, "out of memory for %u bytes of constants" FXP_GL_ZERO_CONSTANTS, cb->buffer_size);
         return;
      }
      memcpy(slot->user_copy, (const uint8_t *)cb->user_buffer + cb->buffer_offset, cb->buffer_size);
      slot->size_B = cb->buffer_size;
   } else if (cb->buffer) {
      if (take_ownership)
         slot->buffer = cb->buffer;
      else
         pipe_resource_reference(&slot->buffer, cb->buffer);
      slot->offset_B = cb->buffer_offset;
      slot->size_B = cb->buffer_size;
   }
}

void
fxp_release_shader_state(struct fxp_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
         fxp_constbuf_release(&ctx->constbufs[s][i]);
   }
}

void
fxp_init_shader_functions(struct fxp_context *ctx)
{
   ctx->base.create_vs_state = fxp_create_vs_state;
   ctx->base.bind_vs_state = fxp_bind_vs_state;
   ctx->base.delete_vs_state = fxp_delete_shader;
   ctx->base.create_gs_state = fxp_create_gs_state;
   ctx->base.bind_gs_state = fxp_bind_gs_state;
   ctx->base.delete_gs_state = fxp_delete_shader;
   ctx->base.create_tcs_state = fxp_create_tcs_state;
   ctx->base.bind_tcs_state = fxp_bind_tcs_state;
   ctx->base.delete_tcs_state = fxp_delete_shader;
   ctx->base.create_tes_state = fxp_create_tes_state;
   ctx->base.bind_tes_state = fxp_bind_tes_state;
   ctx->base.delete_tes_state = fxp_delete_shader;
   ctx->base.create_fs_state = fxp_create_fs_state;
   ctx->base.bind_fs_state = fxp_bind_fs_state;
   ctx->base.delete_fs_state = fxp_delete_shader;
   ctx->base.set_constant_buffer = fxp_set_constant_buffer;
}
