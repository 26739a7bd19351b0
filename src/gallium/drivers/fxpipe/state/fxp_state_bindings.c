/* The resources each shader stage sees, in the form the engine reads (struct fxp_bindings): constant and
 * shader buffers clipped to their resources, images and sampler views with their states prepared for the
 * sampler. The context keeps one such set per stage and prepares again only what the state functions marked
 * dirty (fxp_bindings_dirty), so a draw that changes nothing pays nothing here.
 *
 * What a prepared entry depends on, and who marks it dirty:
 *   constant buffers   set_constant_buffer                       FXP_DIRTY_CONSTBUFS
 *   shader buffers     set_shader_buffers                        FXP_DIRTY_BUFFERS
 *   images             set_shader_images                         FXP_DIRTY_IMAGES
 *   sampler slot i     set_sampler_views, bind_sampler_states,   bit i of the sampler mask
 *                      delete_sampler_state (of a bound state)
 * A resource's storage never moves while it lives (resource/fxp_resource.c), and bound resources and views
 * are referenced by the context, so a pointer prepared here stays valid until its slot changes. */
#include "util/u_math.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "shader/fxp_shader.h"

/* Pointer and size of `size_B` bytes at `offset_B` of a buffer resource, clipped to the resource. */
static void
bind_range(struct fxp_buffer_binding *b, struct pipe_resource *res, unsigned offset_B, unsigned size_B)
{
   b->data = NULL;
   b->size_B = 0;
   if (!res || res->target != PIPE_BUFFER || offset_B >= res->width0)
      return;
   b->data = fxp_resource(res)->data + offset_B;
   b->size_B = MIN2(size_B, res->width0 - offset_B);
}

bool
fxp_bindings_init(struct fxp_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      ctx->bindings[s] = CALLOC_STRUCT(fxp_bindings);
      if (!ctx->bindings[s])
         return false;
      fxp_bindings_dirty(ctx, s, FXP_DIRTY_CONSTBUFS | FXP_DIRTY_BUFFERS | FXP_DIRTY_IMAGES, ~0u);
   }
   return true;
}

void
fxp_bindings_fini(struct fxp_context *ctx)
{
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      FREE(ctx->bindings[s]);
      ctx->bindings[s] = NULL;
   }
}

const struct fxp_bindings *
fxp_gather_bindings(struct fxp_context *ctx, enum pipe_shader_type stage)
{
   struct fxp_bindings *b = ctx->bindings[stage];
   const unsigned dirty = ctx->bindings_dirty[stage];

   if (dirty & FXP_DIRTY_CONSTBUFS) {
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
         const struct fxp_constbuf *cb = &ctx->constbufs[stage][i];
         if (cb->user_copy) {
            b->constbufs[i].data = cb->user_copy;
            b->constbufs[i].size_B = cb->size_B;
         } else {
            bind_range(&b->constbufs[i], cb->buffer, cb->offset_B, cb->size_B);
         }
      }
   }
   if (dirty & FXP_DIRTY_BUFFERS) {
      for (unsigned i = 0; i < PIPE_MAX_SHADER_BUFFERS; i++) {
         const struct pipe_shader_buffer *sb = &ctx->shader_buffers[stage][i];
         bind_range(&b->buffers[i], sb->buffer, sb->buffer_offset, sb->buffer_size);
      }
   }
   if (dirty & FXP_DIRTY_IMAGES) {
      b->num_images = ctx->num_images[stage];
      for (unsigned i = 0; i < b->num_images; i++)
         fxp_image_binding_prepare(&b->images[i], &ctx->images[stage][i]);
   }
   /* compute's shared memory is per work group: the dispatch's workers point copies of this at their own */
   b->shared.data = NULL;
   b->shared.size_B = 0;
   for (uint32_t mask = ctx->samplers_dirty[stage]; mask;) {
      const unsigned i = u_bit_scan(&mask);
      b->samplers[i].view = i < PIPE_MAX_SHADER_SAMPLER_VIEWS ? ctx->views[stage][i] : NULL;
      b->samplers[i].state = ctx->samplers[stage][i];
      fxp_sampler_binding_prepare(&b->samplers[i]);
   }
   ctx->bindings_dirty[stage] = 0;
   ctx->samplers_dirty[stage] = 0;
   return b;
}
