/* The geometry stage of the drawing pipeline: between vertex shading (draw/fxp_draw.c) or tessellation
 * (draw/fxp_tess.c, whose evaluated vertices it then takes as its input vertices) and stream output,
 * clipping and rasterization, when a geometry shader is bound.
 *
 * | step        | what happens                                                                          |
 * |-------------|---------------------------------------------------------------------------------------|
 * | input       | each restart-free run of the draw is split into the GS's input primitives (points 1,  |
 * |             | lines 2, lines with adjacency 4, triangles 3, triangles with adjacency 6 vertices) in |
 * |             | GL's order by draw/fxp_decompose.c (FXP_DECOMP_ADJACENCY); a primitive whose vertex   |
 * |             | count is not the shader's is a draw the GL never makes, and is refused                |
 * | lanes       | one lane per (primitive, invocation), primitive-major, FXP_W lanes per batch; INPUT   |
 * |             | [v][i] is the VS output with input i's semantic (zeros if the VS has none),            |
 * |             | PRIMID the primitive's number in the draw (restarting per instance, not at a primitive |
 * |             | restart), INVOCATIONID the invocation                                                  |
 * | output      | after a batch, the emitted vertices go, lane by lane, into an output vertex array and |
 * |             | the sequence of their vertex stream, with a restart marker before each new primitive; |
 * |             | colours are clamped if the rasterizer says so                                         |
 * | downstream  | when the array holds enough vertices (and at the end), each stream is handed on as    |
 * |             | points, line strips or triangle strips to stream output and its primitive counts;     |
 * |             | stream 0 is then clipped and rasterized. Memory stays bounded however much a draw     |
 * |             | emits                                                                                  |
 *
 * A batch stopped by the watchdog (fxp_context.h, "Watchdog") drops what it emitted, and the stage takes no
 * more primitives in that draw.
 */
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_prim.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "draw/fxp_render.h"
#include "draw/fxp_decompose.h"

#define FLUSH_VERTICES 4096 /* output vertices gathered before they are passed downstream */
#define GS_BATCH_PRIMS 64   /* input primitives decomposed at a time */

/* Hands the gathered output vertices on downstream, stream by stream, and empties the arrays. */
static void
gs_flush_output(struct fxp_gs_stage *g)
{
   struct fxp_render *r = g->r;
   if (!g->num_verts)
      return;
   r->verts = g->verts;
   r->num_verts = g->num_verts;
   for (unsigned s = 0; s < PIPE_MAX_VERTEX_STREAMS; s++) {
      const uint32_t *elts = g->elts[s];
      const unsigned n = g->num_elts[s];
      if (!n)
         continue;
      if (r->ctx->queries_enabled)
         r->ctx->stats.gs_primitives += fxp_decomp_count_elts(g->out_prim, 0, elts, n);
      fxp_so_primitives(r, s, g->out_prim, elts, n);
   }
   /* stream 0 is the one rasterized: a large batch of output strips or points set up on several threads */
   if (!r->discard && g->num_elts[0] && !fxp_prim_run_shared(r, g->out_prim, g->elts[0], g->num_elts[0], true))
      fxp_prim_run(r, g->out_prim, g->elts[0], g->num_elts[0]);
   r->verts = NULL;
   g->num_verts = 0;
   memset(g->num_elts, 0, sizeof(g->num_elts));
}

static bool
gs_reserve(struct fxp_gs_stage *g, unsigned verts)
{
   if (g->num_verts + verts > g->cap_verts) {
      const unsigned cap = MAX2(g->cap_verts * 2, g->num_verts + verts);
      float *nv = REALLOC(g->verts, sizeof(float) * (size_t)g->cap_verts * g->stride,
                          sizeof(float) * (size_t)cap * g->stride);
      if (!nv)
         return false;
      g->verts = nv;
      g->cap_verts = cap;
   }
   /* each vertex can bring a restart marker, on any stream */
   for (unsigned s = 0; s < PIPE_MAX_VERTEX_STREAMS; s++) {
      if (g->num_elts[s] + 2 * verts <= g->cap_elts[s])
         continue;
      const unsigned cap = MAX2(g->cap_elts[s] * 2, g->num_elts[s] + 2 * verts);
      uint32_t *ne = REALLOC(g->elts[s], sizeof(uint32_t) * g->cap_elts[s], sizeof(uint32_t) * cap);
      if (!ne)
         return false;
      g->elts[s] = ne;
      g->cap_elts[s] = cap;
   }
   return true;
}

/* Runs the pending lanes and collects what they emitted on stream 0. */
static void
gs_run_batch(struct fxp_gs_stage *g)
{
   struct fxp_exec *e = &g->exec;
   const struct fxp_gs_out *o = e->gs;
   const unsigned lanes = g->pending;
   if (!lanes || g->failed)
      return;
   g->pending = 0;
   fxp_exec_run(e);
   if (unlikely(e->stopped)) {
      /* past the watchdog's budget: what this batch emitted and the rest of the draw are dropped */
      fxp_watchdog_stopped(g->r->ctx, e->stopped, PIPE_SHADER_GEOMETRY);
      g->failed = true;
      return;
   }

   for (unsigned l = 0; l < lanes; l++) {
      const unsigned n = o->count[l];
      if (!n)
         continue;
      if (!gs_reserve(g, n)) {
         fxp_refuse("out of memory for geometry-shader output" FXP_GL_PART_DRAW);
         g->failed = true;
         return;
      }
      for (unsigned k = 0; k < n; k++) {
         const uint8_t flags = o->flags[l * o->max_vertices + k];
         const unsigned s = flags & 3;
         if ((flags & FXP_GS_PRIM_START) && g->num_elts[s])
            g->elts[s][g->num_elts[s]++] = FXP_ELT_RESTART;
         float *dst = &g->verts[(size_t)g->num_verts * g->stride];
         memcpy(dst, &o->data[((size_t)l * o->max_vertices + k) * o->vertex_words],
                sizeof(float) * o->vertex_words);
         for (unsigned c = 0; c < g->num_clamped; c++)
            for (unsigned ch = 0; ch < 4; ch++)
               dst[4 * g->clamped[c] + ch] = CLAMP(dst[4 * g->clamped[c] + ch], 0.0f, 1.0f);
         g->elts[s][g->num_elts[s]++] = g->num_verts++;
      }
   }
   if (g->num_verts >= FLUSH_VERTICES)
      gs_flush_output(g);
}

struct gs_input_ctx {
   struct fxp_gs_stage *g;
   const float *vs_verts;
   unsigned vs_stride;
};

/* One input primitive of n vertices (v[]: vertices of vs_verts): its lanes (one per invocation) are filled,
 * and the batch runs when full. */
static void
gs_input_primitive(struct gs_input_ctx *in, const uint32_t *v, unsigned n)
{
   struct fxp_gs_stage *g = in->g;
   const struct fxp_program *p = g->prog;
   struct fxp_exec *e = &g->exec;
   const uint32_t prim_id = g->patch_prim_id ? g->prim_id : g->prim_id++;

   if (g->failed || unlikely(fxp_watchdog_tripped(g->r->ctx)))
      return;
   if (n != p->gs_vertices_in) {
      if (!g->mismatch)
         fxp_refuse("draw of %u-vertex primitives to a geometry shader taking %u"
                    FXP_GL_SKIPPED_DRAW, n, p->gs_vertices_in);
      g->mismatch = true;
      return;
   }
   if (g->r->ctx->queries_enabled)
      g->r->ctx->stats.gs_invocations += p->gs_invocations;
   for (unsigned inv = 0; inv < p->gs_invocations; inv++) {
      if (g->pending == 0)
         fxp_exec_reset(e, FXP_W);
      const unsigned l = g->pending++;
      for (unsigned k = 0; k < n; k++) {
         const float *src = &in->vs_verts[(size_t)v[k] * in->vs_stride];
         for (unsigned i = 0; i < p->num_inputs; i++) {
            const int from = g->input_from[i];
            for (unsigned c = 0; c < 4; c++) {
               fxp_vec *dst = fxp_input(e, k * p->num_inputs + i, c);
               if (from >= 0)
                  dst->af[l] = src[4 * from + c];
               else if (from == GS_FROM_PRIMID)
                  dst->au[l] = c == 0 ? prim_id : 0;
               else
                  dst->af[l] = c == 3 ? 1.0f : 0.0f;
            }
         }
      }
      for (unsigned i = 0; i < p->num_svs; i++) {
         for (unsigned c = 0; c < 4; c++) {
            uint32_t x = 0;
            switch (p->sv_semantic[i]) {
            case TGSI_SEMANTIC_INVOCATIONID: x = c == 0 ? inv : 0; break;
            case TGSI_SEMANTIC_PRIMID: x = c == 0 ? prim_id : 0; break;
            default: fxp_sv_lane_constant(p->sv_semantic[i], c, l, &x); break;
            }
            fxp_sv(e, i, c)->au[l] = x;
         }
      }
      if (g->pending == FXP_W) {
         /* fxp_exec_reset made all FXP_W lanes live; a full batch keeps them all */
         gs_run_batch(g);
      }
   }
}

void
fxp_link_inputs(const struct fxp_program *consumer, const struct fxp_program *producer, int *from)
{
   for (unsigned i = 0; i < consumer->num_inputs && i < PIPE_MAX_SHADER_INPUTS; i++) {
      const unsigned name = consumer->info.input_semantic_name[i], index = consumer->info.input_semantic_index[i];
      from[i] = GS_FROM_NOTHING;
      if (name == TGSI_SEMANTIC_PRIMID) {
         from[i] = GS_FROM_PRIMID;
         continue;
      }
      for (unsigned o = 0; o < producer->num_outputs && from[i] == GS_FROM_NOTHING; o++)
         if (fxp_varying_matches(producer->info.output_semantic_name[o], producer->info.output_semantic_index[o],
                                 name, index))
            from[i] = o; /* the first: component-split outputs are merged into it */
   }
}

bool
fxp_gs_begin(struct fxp_gs_stage *g, struct fxp_render *r, const struct fxp_program *gs,
             const struct fxp_program *vs)
{
   struct fxp_context *ctx = r->ctx;
   memset(g, 0, sizeof(*g));
   g->r = r;
   g->prog = gs;
   g->stride = 4 * MAX2(gs->num_outputs, 1);
   switch (gs->info.properties[TGSI_PROPERTY_GS_OUTPUT_PRIM]) {
   case PIPE_PRIM_POINTS: g->out_prim = PIPE_PRIM_POINTS; break;
   case PIPE_PRIM_LINE_STRIP: g->out_prim = PIPE_PRIM_LINE_STRIP; break;
   default: g->out_prim = PIPE_PRIM_TRIANGLE_STRIP; break;
   }
   fxp_link_inputs(gs, vs, g->input_from);
   if (r->rast->clamp_vertex_color) {
      for (unsigned o = 0; o < gs->num_outputs && g->num_clamped < ARRAY_SIZE(g->clamped); o++) {
         const unsigned sem = gs->info.output_semantic_name[o];
         if (sem == TGSI_SEMANTIC_COLOR || sem == TGSI_SEMANTIC_BCOLOR)
            g->clamped[g->num_clamped++] = o;
      }
   }
   if (!fxp_exec_init(&g->exec, gs, fxp_gather_bindings(ctx, PIPE_SHADER_GEOMETRY), FXP_W)) {
      fxp_refuse("out of memory for geometry shading" FXP_GL_SKIPPED_DRAW);
      return false;
   }
   g->exec.abort = &ctx->wd.tripped;
   return true;
}

void
fxp_gs_run(struct fxp_gs_stage *g, enum pipe_prim_type mode, const float *vs_verts, unsigned vs_stride,
           const uint32_t *elts, unsigned count)
{
   struct gs_input_ctx in = {.g = g, .vs_verts = vs_verts, .vs_stride = vs_stride};
   const unsigned dflags =
      FXP_DECOMP_ADJACENCY | (g->r->rast->flatshade_first ? FXP_DECOMP_FIRST_PROVOKING : 0);
   const unsigned vpp = fxp_decomp_verts(mode, dflags);
   uint32_t v[GS_BATCH_PRIMS * 6];

   struct fxp_runs it = fxp_runs(elts, count);
   const uint32_t *run;
   unsigned n;
   while (fxp_run_next(&it, &run, &n))
      for (unsigned k = 0, got; (got = fxp_decomp_prims(mode, dflags, run, n, k, v, NULL, ARRAY_SIZE(v))); k += got)
         for (unsigned j = 0; j < got; j++)
            gs_input_primitive(&in, &v[j * vpp], vpp);
   if (g->pending) {
      /* a partial batch: the lanes past the pending ones must not run */
      fxp_exec_reset(&g->exec, g->pending);
      gs_run_batch(g);
   }
   gs_flush_output(g);
}

void
fxp_gs_end(struct fxp_gs_stage *g)
{
   fxp_exec_fini(&g->exec);
   FREE(g->verts);
   g->verts = NULL;
   for (unsigned s = 0; s < PIPE_MAX_VERTEX_STREAMS; s++) {
      FREE(g->elts[s]);
      g->elts[s] = NULL;
   }
}
