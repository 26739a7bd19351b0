/* Stream output (transform feedback): the last vertex stage's outputs (vertex or geometry shader) of every primitive, before clipping,
 * appended to the bound stream-output buffers as the shader's pipe_stream_output_info lays them out; and
 * the primitive counts that the PRIMITIVES_GENERATED / PRIMITIVES_EMITTED / SO_STATISTICS / SO_OVERFLOW
 * queries read.
 *
 * | rule              | what fxpipe does                                                                 |
 * |-------------------|----------------------------------------------------------------------------------|
 * | primitives        | the draw's primitives as draw/fxp_decompose.c makes them for primitive assembly  |
 * |                   | (same split, same order: the provoking vertex first or last as the convention     |
 * |                   | says, the winding kept), adjacent vertices left out, restarts splitting runs       |
 * | layout            | output k of the info: num_components dwords from OUTPUT[register_index] starting   |
 * |                   | at start_component, to buffer output_buffer at dst_offset dwords into the vertex;  |
 * |                   | a vertex takes stride[buffer] dwords                                               |
 * | append            | each target keeps its internal offset: set_stream_output_targets with offset ~0    |
 * |                   | continues it, any other offset restarts there                                      |
 * | streams           | a primitive of vertex stream s writes the info's outputs of stream s, and counts  |
 * |                   | for that stream's queries (only a geometry shader emits on streams 1-3)           |
 * | overflow          | a primitive is written only if all its vertices fit in every buffer it writes;     |
 * |                   | once one does not, the draw writes no more (counted as an overflow)               |
 * | draw from target  | DrawTransformFeedback: vertex count = the target's bytes written / vertex stride  | */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/u_prim.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_hot.h"
#include "fxp_resource.h"
#include "draw/fxp_render.h"
#include "draw/fxp_decompose.h"

struct fxp_so_target *
fxp_so_target(struct pipe_stream_output_target *t)
{
   return (struct fxp_so_target *)t;
}

struct so_emit {
   struct fxp_render *r;
   const struct pipe_stream_output_info *info;
   unsigned stream;             /* only the info's outputs of this vertex stream are written */
   struct fxp_so_target *t[PIPE_MAX_SO_BUFFERS];
   uint32_t stride_B[PIPE_MAX_SO_BUFFERS];
   bool full;
};

/* Appends one primitive of n vertices (v[]: vertices of r->verts), if it fits whole. */
static void
so_emit(struct so_emit *s, const uint32_t *v, unsigned n)
{
   struct fxp_context *ctx = s->r->ctx;
   if (s->full)
      return;
   /* the primitive must fit whole in every buffer the info writes */
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
      if (!s->stride_B[b])
         continue;
      if (!s->t[b] || (uint64_t)s->t[b]->internal_offset_B + (uint64_t)n * s->stride_B[b] >
                         s->t[b]->base.buffer_size) {
         s->full = true;
         ctx->so_overflows[s->stream]++;
         return;
      }
   }
   for (unsigned k = 0; k < n; k++) {
      const float *vert = &s->r->verts[(size_t)v[k] * s->r->stride];
      for (unsigned o = 0; o < s->info->num_outputs; o++) {
         const struct pipe_stream_output *so = &s->info->output[o];
         if (so->stream != s->stream || so->output_buffer >= PIPE_MAX_SO_BUFFERS || !s->stride_B[so->output_buffer] ||
             so->register_index >= s->r->out->num_outputs ||
             (so->dst_offset + so->num_components) * 4 > s->stride_B[so->output_buffer])
            continue; /* a malformed entry writes nothing rather than outside its vertex */
         struct fxp_so_target *t = s->t[so->output_buffer];
         uint8_t *dst = fxp_resource(t->base.buffer)->data + t->base.buffer_offset + t->internal_offset_B +
                        (size_t)k * s->stride_B[so->output_buffer] + so->dst_offset * 4;
         for (unsigned c = 0; c < so->num_components && so->start_component + c < 4; c++)
            memcpy(dst + 4 * c, &vert[4 * so->register_index + so->start_component + c], 4);
      }
   }
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++)
      if (s->stride_B[b])
         s->t[b]->internal_offset_B += n * s->stride_B[b];
   ctx->so_prims_written[s->stream]++;
}

#define SO_BATCH_PRIMS 64 /* primitives decomposed at a time */

FXP_DRAW_PATH void
fxp_so_primitives(struct fxp_render *r, unsigned stream, enum pipe_prim_type mode, const uint32_t *elts,
                  unsigned count)
{
   struct fxp_context *ctx = r->ctx;
   const struct pipe_stream_output_info *info = r->so_info;
   const unsigned dflags = r->rast->flatshade_first ? FXP_DECOMP_FIRST_PROVOKING : 0;

   stream &= PIPE_MAX_VERTEX_STREAMS - 1;
   if (!info->num_outputs || !ctx->num_so_targets) {
      ctx->prims_generated[stream] += fxp_decomp_count_elts(mode, dflags, elts, count);
      return;
   }
   struct so_emit s = {.r = r, .info = info, .stream = stream};
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
      s.t[b] = b < ctx->num_so_targets && ctx->so_targets[b] ? fxp_so_target(ctx->so_targets[b]) : NULL;
      s.stride_B[b] = 0;
   }
   for (unsigned o = 0; o < info->num_outputs; o++) {
      const unsigned b = info->output[o].output_buffer;
      if (info->output[o].stream == stream && b < PIPE_MAX_SO_BUFFERS &&
          info->output[o].register_index < r->out->num_outputs)
         s.stride_B[b] = info->stride[b] * 4;
   }
   for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++)
      if (s.t[b] && s.stride_B[b])
         s.t[b]->vertex_stride_B = s.stride_B[b];

   uint32_t v[SO_BATCH_PRIMS * 3];
   const unsigned vpp = fxp_decomp_verts(mode, dflags);
   struct fxp_runs it = fxp_runs(elts, count);
   const uint32_t *run;
   unsigned n;
   while (fxp_run_next(&it, &run, &n)) {
      for (unsigned k = 0, got; (got = fxp_decomp_prims(mode, dflags, run, n, k, v, NULL, ARRAY_SIZE(v))); k += got) {
         for (unsigned j = 0; j < got; j++)
            so_emit(&s, &v[j * vpp], vpp);
         ctx->prims_generated[stream] += got;
      }
   }
}

/* Vertices a DrawTransformFeedback draws from a target. */
unsigned
fxp_so_target_vertex_count(struct pipe_stream_output_target *pt)
{
   const struct fxp_so_target *t = fxp_so_target(pt);
   return t->vertex_stride_B ? t->internal_offset_B / t->vertex_stride_B : 0;
}

static struct pipe_stream_output_target *
fxp_create_stream_output_target(struct pipe_context *pipe, struct pipe_resource *buffer, unsigned offset_B,
                                unsigned size_B)
{
   if (!buffer || buffer->target != PIPE_BUFFER || (uint64_t)offset_B + size_B > buffer->width0) {
      fxp_refuse("stream-output target outside its buffer" FXP_GL_NO_SO_TARGET);
      return NULL;
   }
   struct fxp_so_target *t = CALLOC_STRUCT(fxp_so_target);
   if (!t)
      return NULL;
   pipe_reference_init(&t->base.reference, 1);
   pipe_resource_reference(&t->base.buffer, buffer);
   t->base.context = pipe;
   t->base.buffer_offset = offset_B;
   t->base.buffer_size = size_B;
   return &t->base;
}

static void
fxp_stream_output_target_destroy(struct pipe_context *pipe, struct pipe_stream_output_target *t)
{
   pipe_resource_reference(&t->buffer, NULL);
   FREE(t);
}

static void
fxp_set_stream_output_targets(struct pipe_context *pipe, unsigned num, struct pipe_stream_output_target **targets,
                              const unsigned *offsets)
{
   struct fxp_context *ctx = fxp_context(pipe);

   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
      struct pipe_stream_output_target *t = i < num ? targets[i] : NULL;
      pipe_so_target_reference(&ctx->so_targets[i], t);
      if (t && offsets && offsets[i] != (unsigned)-1)
         fxp_so_target(t)->internal_offset_B = offsets[i]; /* ~0 appends */
   }
   ctx->num_so_targets = MIN2(num, PIPE_MAX_SO_BUFFERS);
}

void
fxp_init_so_functions(struct fxp_context *ctx)
{
   ctx->base.create_stream_output_target = fxp_create_stream_output_target;
   ctx->base.stream_output_target_destroy = fxp_stream_output_target_destroy;
   ctx->base.set_stream_output_targets = fxp_set_stream_output_targets;
}
