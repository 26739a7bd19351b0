/* The tessellation stage of the drawing pipeline: between vertex shading (draw/fxp_draw.c) and the geometry
 * stage, stream output and primitive assembly, for draws of PIPE_PRIM_PATCHES with a tessellation
 * evaluation shader bound.
 *
 * | step        | what happens                                                                          |
 * |-------------|---------------------------------------------------------------------------------------|
 * | patches     | each restart-free run of the draw is split into patches of set_patch_vertices        |
 * |             | vertices by draw/fxp_decompose.c; a run's last vertices that make no whole patch are  |
 * |             | dropped (a draw of fewer vertices than a patch draws nothing)                         |
 * | control     | with a TCS, FXP_W patches a batch (shader/fxp_tcs.h: lane = patch, one invocation per |
 * |             | output vertex, barriers); INPUT[v][i] is the VS output of input i's semantic. Each    |
 * |             | patch's outputs become its record (vertex v's outputs at v * stride floats). Without  |
 * |             | a TCS the record is the patch's VS vertices and the levels are set_tess_state's       |
 * | levels      | TESSOUTER/TESSINNER outputs (else the defaults). A patch whose relevant outer levels  |
 * |             | (triangles 3, quads 4, isolines 2) include one <= 0 or NaN is culled; levels are      |
 * |             | clamped to FXP_MAX_TESS_LEVEL (the reference tessellator's 64), a NaN inner one to 1  |
 * | tessellator | Mesa's D3D11 reference tessellator (auxiliary/tessellator, compiled by fxpipe's       |
 * |             | build): domain points and a list of triangles, lines or points (point mode). Its     |
 * |             | winding flag is !TES_VERTEX_ORDER_CW, as in Mesa's draw module; its arrays are its   |
 * |             | own until the next patch, so each patch goes downstream before the next is tessellated|
 * | evaluation  | the TES on the patch's domain points, FXP_W a batch: TESSCOORD (u, v, 1-u-v for       |
 * |             | triangles, else 0), per-vertex inputs from the record, patch inputs and the levels,   |
 * |             | PRIMID the patch's number in the instance, VERTICESIN the record's vertices           |
 * | downstream  | the TES vertices and the tessellator's list go to the geometry stage, or to stream    |
 * |             | output and primitive assembly; either way the primitives keep the patch's primitive  |
 * |             | ID (piglit's gs-primitiveid-instanced: the GS's PRIMID is the patch's, as in the TES)|
 *
 * A batch stopped by the watchdog ends the stage's work in the draw. */
#include <math.h>

#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "tessellator/p_tessellator.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "draw/fxp_render.h"
#include "draw/fxp_decompose.h"

#define FXP_MAX_TESS_LEVEL 64.0f /* PIPE_CAP_MAX_TESS_FACTOR: the reference tessellator's largest factor */
#define TESS_BATCH_PATCHES 64    /* patches decomposed at a time */

enum { TESS_FROM_OUTER = -3, TESS_FROM_INNER = -4 };

static bool
is_patch_semantic(unsigned name)
{
   return name == TGSI_SEMANTIC_PATCH || name == TGSI_SEMANTIC_TESSOUTER || name == TGSI_SEMANTIC_TESSINNER;
}

bool
fxp_tess_begin(struct fxp_tess_stage *t, struct fxp_render *r, struct fxp_gs_stage *gs)
{
   struct fxp_context *ctx = r->ctx;
   const struct fxp_program *vs = r->vs, *tcs = r->tcs, *tes = r->tes;

   memset(t, 0, sizeof(*t));
   t->r = r;
   t->gs = gs;
   t->patch_vertices = ctx->patch_vertices;
   t->outer_out = t->inner_out = -1;
   if (tcs) {
      fxp_link_inputs(tcs, vs, t->tcs_from);
      for (unsigned o = 0; o < tcs->num_outputs; o++) {
         const unsigned name = tcs->info.output_semantic_name[o];
         if (name == TGSI_SEMANTIC_TESSOUTER && t->outer_out < 0)
            t->outer_out = o;
         if (name == TGSI_SEMANTIC_TESSINNER && t->inner_out < 0)
            t->inner_out = o;
      }
      t->rec_verts = tcs->out_vertices;
      t->rec_stride = 4 * MAX2(tcs->num_outputs, 1);
      if (!fxp_tcs_init(&t->tcs_exec, tcs, fxp_gather_bindings(ctx, PIPE_SHADER_TESS_CTRL), &ctx->wd.tripped))
         goto oom;
   } else {
      t->rec_verts = t->patch_vertices;
      t->rec_stride = 4 * MAX2(vs->num_outputs, 1);
   }
   /* TES inputs: from the TCS's outputs of the same semantic (patch ones too), or from the VS's */
   const struct fxp_program *from = tcs ? tcs : vs;
   for (unsigned i = 0; i < tes->num_inputs && i < PIPE_MAX_SHADER_INPUTS; i++) {
      const unsigned name = tes->info.input_semantic_name[i], index = tes->info.input_semantic_index[i];
      /* a patch input: named so, and never read with a vertex index (fxp_program.in_2d) */
      t->tes_patch[i] = tcs && is_patch_semantic(name) && !(tes->in_2d[i / 32] & (1u << (i % 32)));
      t->tes_from[i] = name == TGSI_SEMANTIC_TESSOUTER ? TESS_FROM_OUTER
                       : name == TGSI_SEMANTIC_TESSINNER ? TESS_FROM_INNER : GS_FROM_NOTHING;
      for (unsigned o = 0; o < from->num_outputs && t->tes_from[i] == GS_FROM_NOTHING; o++) {
         const unsigned oname = from->info.output_semantic_name[o], oindex = from->info.output_semantic_index[o];
         /* TCS to TES: both declared by nir_to_tgsi alike, real PATCH[j] included: the same name and index;
          * and a PATCH[j] per-vertex on one side (a generic varying past GENERIC[31], fxp_varying_matches) is
          * per-vertex on the other: a real patch output of the same name is another varying */
         if (tcs && name == TGSI_SEMANTIC_PATCH &&
             !(tes->in_2d[i / 32] & (1u << (i % 32))) != !(tcs->out_2d[o / 32] & (1u << (o % 32))))
            continue;
         if (tcs ? oname == name && oindex == index : fxp_varying_matches(oname, oindex, name, index))
            t->tes_from[i] = o;
      }
   }
   t->rec_floats = (size_t)t->rec_stride * MAX2(t->rec_verts, 1);
   t->records = MALLOC(sizeof(float) * t->rec_floats * FXP_W);
   t->tes_stride = 4 * MAX2(tes->num_outputs, 1);
   t->tes_exec = os_malloc_aligned(sizeof(struct fxp_exec), 64);
   if (!t->records || !t->tes_exec)
      goto oom;
   memset(t->tes_exec, 0, sizeof(struct fxp_exec));
   if (!fxp_exec_init(t->tes_exec, tes, fxp_gather_bindings(ctx, PIPE_SHADER_TESS_EVAL), FXP_W))
      goto oom;
   t->tes_exec->abort = &ctx->wd.tripped;
   if (!gs && r->rast->clamp_vertex_color) {
      for (unsigned o = 0; o < tes->num_outputs && t->num_clamped < ARRAY_SIZE(t->clamped); o++) {
         const unsigned sem = tes->info.output_semantic_name[o];
         if (sem == TGSI_SEMANTIC_COLOR || sem == TGSI_SEMANTIC_BCOLOR)
            t->clamped[t->num_clamped++] = o;
      }
   }
   t->ts = p_tess_init(tes->tes_prim_mode, tes->tes_spacing, !tes->tes_cw, tes->tes_point_mode);
   if (!t->ts)
      goto oom;
   return true;

oom:
   fxp_ctx_out_of_memory(ctx, "out of memory for tessellation" FXP_GL_SKIPPED_DRAW);
   fxp_tess_end(t);
   return false;
}

void
fxp_tess_end(struct fxp_tess_stage *t)
{
   if (t->r && t->r->tcs)
      fxp_tcs_fini(&t->tcs_exec);
   if (t->tes_exec) {
      fxp_exec_fini(t->tes_exec);
      os_free_aligned(t->tes_exec);
   }
   if (t->ts)
      p_tess_destroy(t->ts);
   FREE(t->records);
   FREE(t->tes_verts);
   memset(t, 0, sizeof(*t));
}

/* The patch's levels for the tessellator; false when the patch is culled. */
static bool
patch_factors(const struct fxp_tess_stage *t, const float *outer, const float *inner,
              struct pipe_tessellation_factors *f)
{
   const unsigned domain = t->r->tes->tes_prim_mode;
   const unsigned relevant = domain == PIPE_PRIM_QUADS ? 4 : domain == PIPE_PRIM_TRIANGLES ? 3 : 2;
   memset(f, 0, sizeof(*f));
   for (unsigned k = 0; k < 4; k++) {
      if (k < relevant && !(outer[k] > 0.0f)) /* <= 0 or NaN: culled (GL 4.6 11.2.2) */
         return false;
      f->outer_tf[k] = isnan(outer[k]) ? 1.0f : MIN2(outer[k], FXP_MAX_TESS_LEVEL);
   }
   for (unsigned k = 0; k < 2; k++)
      f->inner_tf[k] = isnan(inner[k]) ? 1.0f : CLAMP(inner[k], -FXP_MAX_TESS_LEVEL, FXP_MAX_TESS_LEVEL);
   return true;
}

static bool
tes_reserve(struct fxp_tess_stage *t, unsigned points)
{
   if (points <= t->tes_cap)
      return true;
   FREE(t->tes_verts);
   t->tes_cap = 0;
   t->tes_verts = MALLOC(sizeof(float) * (size_t)points * t->tes_stride);
   if (!t->tes_verts)
      return false;
   t->tes_cap = points;
   return true;
}

/* Evaluates the domain points of patch `rec` (levels levels[0..5]) into t->tes_verts. */
static bool
evaluate(struct fxp_tess_stage *t, const float *rec, const float *levels, uint32_t patch_id,
         const struct pipe_tessellator_data *data)
{
   const struct fxp_program *tes = t->r->tes;
   struct fxp_exec *e = t->tes_exec;
   const bool tri = tes->tes_prim_mode == PIPE_PRIM_TRIANGLES;

   for (unsigned first = 0; first < data->num_domain_points; first += FXP_W) {
      const unsigned count = MIN2(FXP_W, data->num_domain_points - first);
      if (unlikely(fxp_watchdog_tripped(t->r->ctx)))
         return false;
      fxp_exec_reset(e, count);
      for (unsigned l = 0; l < count; l++) {
         const float u = data->domain_points_u[first + l], v = data->domain_points_v[first + l];
         for (unsigned i = 0; i < tes->num_inputs; i++) {
            const int from = t->tes_from[i];
            const unsigned verts = t->tes_patch[i] || from < 0 ? 1 : t->rec_verts;
            for (unsigned vx = 0; vx < verts; vx++)
               for (unsigned c = 0; c < 4; c++) {
                  float x = c == 3 && from == GS_FROM_NOTHING ? 1.0f : 0.0f;
                  if (from >= 0)
                     x = rec[(size_t)vx * t->rec_stride + 4 * from + c];
                  else if (from == TESS_FROM_OUTER)
                     x = levels[c];
                  else if (from == TESS_FROM_INNER)
                     x = c < 2 ? levels[4 + c] : 0.0f;
                  fxp_input(e, vx * tes->num_inputs + i, c)->af[l] = x;
               }
         }
         for (unsigned i = 0; i < tes->num_svs; i++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t x = 0;
               float f = 0.0f;
               bool is_float = true;
               switch (tes->sv_semantic[i]) {
               case TGSI_SEMANTIC_TESSCOORD: f = c == 0 ? u : c == 1 ? v : c == 2 && tri ? 1.0f - u - v : 0.0f; break;
               case TGSI_SEMANTIC_TESSOUTER: f = levels[c]; break;
               case TGSI_SEMANTIC_TESSINNER: f = c < 2 ? levels[4 + c] : 0.0f; break;
               case TGSI_SEMANTIC_PRIMID: is_float = false, x = c == 0 ? patch_id : 0; break;
               case TGSI_SEMANTIC_VERTICESIN: is_float = false, x = c == 0 ? t->rec_verts : 0; break;
               default: is_float = false, fxp_sv_lane_constant(tes->sv_semantic[i], c, l, &x); break;
               }
               if (is_float)
                  fxp_sv(e, i, c)->af[l] = f;
               else
                  fxp_sv(e, i, c)->au[l] = x;
            }
      }
      fxp_exec_run(e);
      if (unlikely(e->stopped)) {
         fxp_watchdog_stopped(t->r->ctx, e->stopped, PIPE_SHADER_TESS_EVAL);
         return false;
      }
      fxp_exec_merge_outputs(e);
      for (unsigned o = 0; o < tes->num_outputs; o++)
         for (unsigned c = 0; c < 4; c++) {
            const fxp_vec *vv = fxp_output(e, o, c);
            for (unsigned l = 0; l < count; l++)
               t->tes_verts[(size_t)(first + l) * t->tes_stride + 4 * o + c] = vv->af[l];
         }
      for (unsigned k = 0; k < t->num_clamped; k++)
         for (unsigned l = 0; l < count; l++)
            for (unsigned c = 0; c < 4; c++) {
               float *x = &t->tes_verts[(size_t)(first + l) * t->tes_stride + 4 * t->clamped[k] + c];
               *x = CLAMP(*x, 0.0f, 1.0f);
            }
   }
   return true;
}

/* One patch: levels, tessellation, evaluation, and the primitives downstream. */
static void
patch(struct fxp_tess_stage *t, const float *rec, const float *levels, uint32_t patch_id)
{
   struct fxp_render *r = t->r;
   const struct fxp_program *tes = r->tes;
   struct pipe_tessellation_factors f;
   struct pipe_tessellator_data data = {0};

   if (!patch_factors(t, levels, levels + 4, &f))
      return;
   p_tessellate(t->ts, &f, &data);
   if (!data.num_domain_points || !data.num_indices)
      return;
   if (!tes_reserve(t, data.num_domain_points)) {
      fxp_refuse("out of memory for a tessellated patch" FXP_GL_PART_DRAW);
      t->failed = true;
      return;
   }
   if (r->ctx->queries_enabled)
      r->ctx->stats.ds_invocations += data.num_domain_points;
   if (!evaluate(t, rec, levels, patch_id, &data)) {
      t->failed = true;
      return;
   }
   const enum pipe_prim_type mode = tes->tes_point_mode ? PIPE_PRIM_POINTS
                                    : tes->tes_prim_mode == PIPE_PRIM_LINES ? PIPE_PRIM_LINES : PIPE_PRIM_TRIANGLES;
   if (t->gs) {
      t->gs->patch_prim_id = true;
      t->gs->prim_id = patch_id; /* the geometry shader's PRIMID is the patch's (as in the TES) */
      fxp_gs_run(t->gs, mode, t->tes_verts, t->tes_stride, data.indices, data.num_indices);
      return;
   }
   r->verts = t->tes_verts;
   r->num_verts = data.num_domain_points;
   fxp_so_primitives(r, 0, mode, data.indices, data.num_indices);
   r->rs.prim_id = patch_id; /* fragment shaders see the patch's number (prim_id_step 0) */
   /* a patch of many triangles or points set up on several threads */
   if (!r->discard && !fxp_prim_run_shared(r, mode, data.indices, data.num_indices, false))
      fxp_prim_run(r, mode, data.indices, data.num_indices);
   r->verts = NULL;
}

/* The control stage of `count` patches (v[]: patch-major vertices of vs_verts), then each patch. */
static void
patch_batch(struct fxp_tess_stage *t, const float *vs_verts, unsigned vs_stride, const uint32_t *v, unsigned count)
{
   struct fxp_render *r = t->r;
   struct fxp_context *ctx = r->ctx;
   const struct fxp_program *tcs = r->tcs;
   const unsigned np = t->patch_vertices;
   float levels[FXP_W][6];

   if (!tcs) {
      for (unsigned l = 0; l < count; l++) {
         for (unsigned k = 0; k < np; k++)
            memcpy(&t->records[l * t->rec_floats + (size_t)k * t->rec_stride],
                   &vs_verts[(size_t)v[l * np + k] * vs_stride], sizeof(float) * vs_stride);
         memcpy(levels[l], ctx->default_tess_outer, sizeof(float) * 4);
         memcpy(levels[l] + 4, ctx->default_tess_inner, sizeof(float) * 2);
      }
   } else {
      fxp_tcs_begin(&t->tcs_exec, count);
      struct fxp_exec *e = fxp_tcs_inputs(&t->tcs_exec);
      for (unsigned l = 0; l < count; l++) {
         const uint32_t patch_id = t->patch_id + l;
         for (unsigned k = 0; k < np; k++) {
            const float *src = &vs_verts[(size_t)v[l * np + k] * vs_stride];
            for (unsigned i = 0; i < tcs->num_inputs; i++) {
               const int from = t->tcs_from[i];
               for (unsigned c = 0; c < 4; c++) {
                  fxp_vec *dst = fxp_input(e, k * tcs->num_inputs + i, c);
                  if (from >= 0)
                     dst->af[l] = src[4 * from + c];
                  else if (from == GS_FROM_PRIMID)
                     dst->au[l] = c == 0 ? patch_id : 0;
                  else
                     dst->af[l] = c == 3 ? 1.0f : 0.0f;
               }
            }
         }
         for (unsigned i = 0; i < tcs->num_svs; i++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t x = 0;
               switch (tcs->sv_semantic[i]) {
               case TGSI_SEMANTIC_PRIMID: x = c == 0 ? patch_id : 0; break;
               case TGSI_SEMANTIC_VERTICESIN: x = c == 0 ? np : 0; break;
               case TGSI_SEMANTIC_INVOCATIONID: break; /* fxp_tcs_run's */
               default: fxp_sv_lane_constant(tcs->sv_semantic[i], c, l, &x); break;
               }
               fxp_sv(e, i, c)->au[l] = x;
            }
      }
      if (ctx->queries_enabled)
         ctx->stats.hs_invocations += count;
      struct fxp_exec *out = fxp_tcs_run(&t->tcs_exec);
      if (!out) {
         fxp_watchdog_stopped(ctx, t->tcs_exec.stopped, PIPE_SHADER_TESS_CTRL);
         t->failed = true;
         return;
      }
      fxp_exec_merge_outputs(out);
      for (unsigned l = 0; l < count; l++) {
         float *rec = &t->records[l * t->rec_floats];
         for (unsigned k = 0; k < t->rec_verts; k++)
            for (unsigned o = 0; o < tcs->num_outputs; o++)
               for (unsigned c = 0; c < 4; c++)
                  rec[(size_t)k * t->rec_stride + 4 * o + c] = fxp_output(out, k * tcs->num_outputs + o, c)->af[l];
         for (unsigned c = 0; c < 4; c++)
            levels[l][c] = t->outer_out >= 0 ? rec[4 * t->outer_out + c] : ctx->default_tess_outer[c];
         for (unsigned c = 0; c < 2; c++)
            levels[l][4 + c] = t->inner_out >= 0 ? rec[4 * t->inner_out + c] : ctx->default_tess_inner[c];
      }
   }
   for (unsigned l = 0; l < count && !t->failed; l++)
      patch(t, &t->records[l * t->rec_floats], levels[l], t->patch_id + l);
   t->patch_id += count;
}

void
fxp_tess_run(struct fxp_tess_stage *t, const float *vs_verts, unsigned vs_stride, const uint32_t *elts,
             unsigned count)
{
   const unsigned np = t->patch_vertices;
   const unsigned dflags = FXP_DECOMP_PATCH(np);
   uint32_t v[TESS_BATCH_PATCHES * FXP_MAX_PATCH_VERTICES];

   if (!np || np > FXP_MAX_PATCH_VERTICES)
      return;
   struct fxp_runs it = fxp_runs(elts, count);
   const uint32_t *run;
   unsigned n;
   while (fxp_run_next(&it, &run, &n))
      for (unsigned k = 0, got; (got = fxp_decomp_prims(PIPE_PRIM_PATCHES, dflags, run, n, k, v, NULL,
                                                        TESS_BATCH_PATCHES * np)); k += got)
         for (unsigned j = 0; j < got && !t->failed; j += FXP_W) {
            if (unlikely(fxp_watchdog_tripped(t->r->ctx)))
               return;
            patch_batch(t, vs_verts, vs_stride, &v[j * np], MIN2(FXP_W, got - j));
         }
}
