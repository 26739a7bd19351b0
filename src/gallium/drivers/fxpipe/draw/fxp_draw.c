/* draw_vbo: the front of the drawing pipeline. For each draw (direct, multi-draw or indirect) and each
 * instance, it turns the index stream (8, 16 or 32-bit indices with index bias and primitive restart, or
 * consecutive vertices) into vertex indices, runs vertex fetch and the vertex shader on batches of FXP_W
 * vertices, then hands patches to the tessellation stage (draw/fxp_tess.c), or the primitives to the geometry
 * stage (draw/fxp_gs.c) or, without a geometry
 * shader, each primitive to stream output (draw/fxp_so.c) and the shaded vertices to primitive assembly
 * (draw/fxp_prim.c). Draws are skipped while a render condition fails.
 *
 * Index reads are bounded by the index buffer: a draw reading past its end stops there. In indexed draws
 * each different index is shaded once (reuse_vertices), not once per element. When a shader batch runs
 * past the watchdog's budget (fxp_context.h, "Watchdog"), in this stage or a later one, the rest of the
 * draw is dropped; a lost context draws nothing. */
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "util/u_prim.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "fxp_hot.h"
#include "context/fxp_pool.h"
#include "draw/fxp_render.h"
#include "draw/fxp_decompose.h"
#include "fetch/fxp_fetch.h"

/* Where the last vertex stage writes what the later stages need. */
static void
find_outputs(struct fxp_render *r)
{
   const struct tgsi_shader_info *info = &r->out->info;

   r->pos = r->psize = r->clipvertex = r->edgeflag = r->layer = r->viewport_index = -1;
   r->clipdist[0] = r->clipdist[1] = -1;
   r->num_clipdist = info->num_written_clipdistance;
   r->num_culldist = info->num_written_culldistance;
   for (unsigned o = 0; o < info->num_outputs; o++) {
      switch (info->output_semantic_name[o]) {
      case TGSI_SEMANTIC_POSITION: r->pos = o; break;
      case TGSI_SEMANTIC_PSIZE: r->psize = o; break;
      case TGSI_SEMANTIC_CLIPVERTEX: r->clipvertex = o; break;
      case TGSI_SEMANTIC_EDGEFLAG: r->edgeflag = o; break;
      case TGSI_SEMANTIC_LAYER: r->layer = o; break;
      case TGSI_SEMANTIC_VIEWPORT_INDEX: r->viewport_index = o; break;
      case TGSI_SEMANTIC_CLIPDIST:
         if (info->output_semantic_index[o] < 2)
            r->clipdist[info->output_semantic_index[o]] = o;
         break;
      default: break;
      }
   }
}

/* Reads element i of the index buffer; false past its end. */
static inline bool
read_index(const uint8_t *ib, uint64_t ib_size_B, unsigned index_size, uint64_t i, uint32_t *out)
{
   const uint64_t off = i * index_size;
   if (off + index_size > ib_size_B)
      return false;
   switch (index_size) {
   case 1: *out = ib[off]; break;
   case 2: { uint16_t v; memcpy(&v, ib + off, 2); *out = v; break; }
   default: memcpy(out, ib + off, 4); break;
   }
   return true;
}

/* One output's four channels (the lane vectors v[0..3], as the engine keeps them) written as rows of four
 * floats, one per vertex: row l at dst + l * stride_f. The transposition is four lanes at a time with
 * SSE's 4x4 transpose; perf put the lane-by-lane loop it replaces at 5% of glmark2's gouraud scene. */
static inline void
store_output_rows(const fxp_vec v[4], unsigned count, float *dst, unsigned stride_f)
{
   unsigned l = 0;
#if defined(__SSE__)
   for (; l + 4 <= count; l += 4) {
      __m128 x = _mm_loadu_ps(&v[0].af[l]), y = _mm_loadu_ps(&v[1].af[l]);
      __m128 z = _mm_loadu_ps(&v[2].af[l]), w = _mm_loadu_ps(&v[3].af[l]);
      _MM_TRANSPOSE4_PS(x, y, z, w);
      _mm_storeu_ps(dst + (size_t)(l + 0) * stride_f, x);
      _mm_storeu_ps(dst + (size_t)(l + 1) * stride_f, y);
      _mm_storeu_ps(dst + (size_t)(l + 2) * stride_f, z);
      _mm_storeu_ps(dst + (size_t)(l + 3) * stride_f, w);
   }
#endif
   for (; l < count; l++)
      for (unsigned c = 0; c < 4; c++)
         dst[(size_t)l * stride_f + c] = v[c].af[l];
}

/* Runs the VS on `n` vertices with indices vidx[] (instance `instance`), storing outputs in out[] (stride
 * floats a vertex).
 * base_vertex is BASEVERTEX (gl_BaseVertex: the index bias, 0 for non-indexed draws), first_vertex what
 * VERTEXID_NOBASE counts from (the index bias, or the draw's start for non-indexed draws: VERTEXID_NOBASE is
 * the index as read from the index buffer, or 0.. for non-indexed draws). */
FXP_DRAW_PATH static void
shade_vertices(struct fxp_render *r, struct fxp_exec *e, float *out, unsigned stride,
               const struct fxp_fetch_buffer *vbs, const uint32_t *vidx, unsigned n, uint32_t instance,
               uint32_t start_instance, int32_t base_vertex, int32_t first_vertex, unsigned draw_id)
{
   struct fxp_context *ctx = r->ctx;
   const struct fxp_program *vs = r->vs;
   const bool clamp_color = r->rast->clamp_vertex_color && r->out == vs; /* the last stage's colours */

   for (unsigned first = 0; first < n; first += FXP_W) {
      const unsigned count = MIN2(FXP_W, n - first);
      if (unlikely(fxp_watchdog_tripped(ctx)))
         return; /* the rest of the draw is dropped */
      fxp_exec_reset(e, count);
      fxp_fetch_batch(&ctx->velems->plan, vbs, vidx + first, count, instance, start_instance,
                      &e->rf[vs->input_base]);
      for (unsigned i = 0; i < vs->num_svs; i++) {
         for (unsigned c = 0; c < 4; c++) {
            fxp_vec *v = fxp_sv(e, i, c);
            for (unsigned l = 0; l < FXP_W; l++) {
               uint32_t x = 0;
               switch (vs->sv_semantic[i]) {
               case TGSI_SEMANTIC_VERTEXID: x = l < count ? vidx[first + l] : 0; break;
               case TGSI_SEMANTIC_VERTEXID_NOBASE: x = l < count ? vidx[first + l] - first_vertex : 0; break;
               case TGSI_SEMANTIC_BASEVERTEX: x = base_vertex; break;
               case TGSI_SEMANTIC_INSTANCEID: x = instance; break;
               case TGSI_SEMANTIC_BASEINSTANCE: x = start_instance; break;
               case TGSI_SEMANTIC_DRAWID: x = draw_id; break;
               default:
                  if (fxp_sv_lane_constant(vs->sv_semantic[i], c, l, &x)) {
                     v->au[l] = x;
                     continue;
                  }
                  break;
               }
               v->au[l] = c == 0 ? x : 0;
            }
         }
      }
      fxp_exec_run(e);
      if (unlikely(e->stopped)) {
         fxp_watchdog_stopped(ctx, e->stopped, PIPE_SHADER_VERTEX);
         return;
      }
      fxp_exec_merge_outputs(e);
      for (unsigned o = 0; o < vs->num_outputs; o++) {
         const unsigned sem = vs->info.output_semantic_name[o];
         const bool clamp = clamp_color && (sem == TGSI_SEMANTIC_COLOR || sem == TGSI_SEMANTIC_BCOLOR);
         float *dst = out + (size_t)first * stride + 4 * o;
         if (!clamp) {
            store_output_rows(fxp_output(e, o, 0), count, dst, stride);
            continue;
         }
         for (unsigned c = 0; c < 4; c++) {
            const fxp_vec *v = fxp_output(e, o, c);
            for (unsigned l = 0; l < count; l++)
               dst[(size_t)l * stride + c] = CLAMP(v->af[l], 0.0f, 1.0f);
         }
      }
   }
}

/* Vertex shading shared among the pool's threads: draws whose work, vertices (after reuse) times the vertex
 * shader's decoded instructions plus FXP_VS_FETCH_COST for the fetch and the rest of the vertex's way, is at
 * least FXP_VS_SHARE_MIN_WORK are cut into contiguous runs of whole batches (FXP_VS_PIECES_PER_SHARE a
 * share: a share is at least half that work), which the threads taking part take in turn from a counter,
 * each shading its runs by shade_vertices with its own execution state into their rows of the output.
 * Runs taken in turn rather than one fixed run a thread: a worker that wakes late (tens of microseconds on
 * these virtual machines) then takes fewer, where it used to keep the drawing thread waiting for its half;
 * on glmark2's gouraud scene the fixed halves left the two CPUs idle much of the time. Handing a job to the
 * pool and waiting for it costs about as much as shading a thousand vertices of a short shader: a draw of
 * 4,800 vertices through a two-instruction shader (piglit's draw-prim-rate, the 8000K cell) ran slower
 * shared than on one thread, one of a long shader (glmark2's build scene) faster.
 * A vertex's outputs do not depend on which thread shaded it or on the other vertices, so the draw's result is
 * the same on any number of threads; vertex shaders' memory side effects are unordered in GL. */
#define FXP_VS_FETCH_COST 8
#define FXP_VS_SHARE_MIN_WORK (2048u * 24u) /* 2048 vertices of a shader of 16 instructions */
#define FXP_VS_SHARES_MAX 64 /* shares of one draw's vertices at most (a pool's further threads get none) */
#define FXP_VS_PIECES_PER_SHARE 4 /* runs of batches a share's work is cut into */

struct vs_share_job {
   struct fxp_render *r;
   struct fxp_exec *execs[FXP_VS_SHARES_MAX];
   unsigned shares;                     /* threads taking part (the others' shares are empty) */
   unsigned pieces, per;                /* runs of `per` batches; the last may be shorter */
   unsigned next_piece;                 /* the next run a thread takes (atomic) */
   float *out;
   unsigned stride;
   const struct fxp_fetch_buffer *vbs;
   const uint32_t *vidx;
   unsigned n;
   uint32_t instance, start_instance;
   int32_t base_vertex, first_vertex;
   unsigned draw_id;
   bool ahead;                          /* primitive assembly's per-vertex work too (fxp_prim_ahead_range) */
   unsigned done_4;                     /* vertices of it done four at a time (atomic) */
};

static void
vs_share(void *data, unsigned i, unsigned n)
{
   struct vs_share_job *j = data;
   if (i >= j->shares)
      return;
   for (;;) {
      const unsigned k = __atomic_fetch_add(&j->next_piece, 1, __ATOMIC_RELAXED);
      if (k >= j->pieces)
         break;
      const unsigned first = MIN2(k * j->per * FXP_W, j->n), end = MIN2((k + 1) * j->per * FXP_W, j->n);
      if (first >= end)
         continue;
      shade_vertices(j->r, j->execs[i], j->out + (size_t)first * j->stride, j->stride, j->vbs,
                     j->vidx + first, end - first, j->instance, j->start_instance, j->base_vertex,
                     j->first_vertex, j->draw_id);
      if (j->ahead) /* on the rows just written, while they are in this CPU's cache */
         __atomic_fetch_add(&j->done_4, fxp_prim_ahead_range(j->r, j->out, first, end), __ATOMIC_RELAXED);
   }
}

/* shade_vertices on the pool's threads when the draw is large enough and the states can be set up, else on
 * this one. With `ahead` (the vertices go straight to primitive assembly, r->stride floats each), the threads
 * also do assembly's per-vertex work (fxp_prim_ahead_range) on the vertices they shade; returns whether they
 * did. */
FXP_DRAW_PATH static bool
shade_shared(struct fxp_render *r, struct fxp_exec *e, float *out, unsigned stride,
             const struct fxp_fetch_buffer *vbs, const uint32_t *vidx, unsigned n, uint32_t instance,
             uint32_t start_instance, int32_t base_vertex, int32_t first_vertex, unsigned draw_id, bool ahead)
{
   struct fxp_context *ctx = r->ctx;
   struct fxp_draw_cache *c = ctx->draw_cache;
   const uint64_t work = (uint64_t)n * (e->prog->num_insts + FXP_VS_FETCH_COST);
   struct fxp_pool *pool = work >= FXP_VS_SHARE_MIN_WORK ? fxp_context_pool(ctx) : NULL;
   const unsigned threads = MIN2(fxp_pool_threads(pool), FXP_VS_SHARES_MAX);
   const unsigned shares = (unsigned)MIN2((uint64_t)threads, work / (FXP_VS_SHARE_MIN_WORK / 2));
   if (shares < 2) {
      /* (before the job: its initializer clears FXP_VS_SHARES_MAX pointers, which a small draw would pay) */
      shade_vertices(r, e, out, stride, vbs, vidx, n, instance, start_instance, base_vertex, first_vertex, draw_id);
      return false;
   }
   if (c->num_vs_share_execs < threads - 1) {
      for (unsigned i = 0; i < c->num_vs_share_execs; i++)
         fxp_exec_fini(&c->vs_share_execs[i]);
      os_free_aligned(c->vs_share_execs);
      c->vs_share_execs = os_malloc_aligned((threads - 1) * sizeof(struct fxp_exec), 64);
      c->num_vs_share_execs = c->vs_share_execs ? threads - 1 : 0;
      if (c->vs_share_execs)
         memset(c->vs_share_execs, 0, (threads - 1) * sizeof(struct fxp_exec));
   }
   struct vs_share_job j = {
      .r = r, .shares = shares, .out = out, .stride = stride, .vbs = vbs, .vidx = vidx, .n = n,
      .instance = instance, .start_instance = start_instance, .base_vertex = base_vertex,
      .first_vertex = first_vertex, .draw_id = draw_id,
   };
   bool ready = c->num_vs_share_execs >= shares - 1;
   j.execs[0] = e;
   for (unsigned i = 1; ready && i < shares; i++) {
      struct fxp_exec *x = &c->vs_share_execs[i - 1];
      ready = fxp_exec_setup(x, e->prog, e->bind, FXP_W);
      x->abort = e->abort;
      j.execs[i] = x;
   }
   if (!ready) {
      shade_vertices(r, e, out, stride, vbs, vidx, n, instance, start_instance, base_vertex, first_vertex, draw_id);
      return false;
   }
   const unsigned batches = DIV_ROUND_UP(n, FXP_W);
   j.per = MAX2(1, DIV_ROUND_UP(batches, shares * FXP_VS_PIECES_PER_SHARE));
   j.pieces = DIV_ROUND_UP(batches, j.per);
   j.ahead = ahead && stride == r->stride && fxp_prim_ahead_begin(r, n);
   ctx->perf.vs_shared_draws++;
   fxp_pool_run(pool, vs_share, &j);
   if (j.ahead)
      fxp_prim_ahead_done(r, out, n, j.done_4);
   return j.ahead;
}

FXP_DRAW_PATH bool
fxp_draw_reserve(void **p, size_t *cap, size_t n, size_t elem_B)
{
   if (n <= *cap)
      return true;
   FREE(*p);
   *cap = 0;
   *p = MALLOC(n * elem_B);
   if (!*p)
      return false;
   *cap = n;
   return true;
}

bool
fxp_draw_pending(const struct fxp_context *ctx)
{
   return ctx->raster_open || (ctx->draw_cache && fxp_raster_cache_pending(&ctx->draw_cache->raster));
}

void
fxp_draw_close(struct fxp_context *ctx)
{
   if (!ctx->draw_cache)
      return;
   /* (called from state functions and sync points too: the shaders' float rule, and the scene's watchdog trip
    * reported, as a draw's would be) */
   const unsigned fp = fxp_fp_enter();
   fxp_raster_close_scene(&ctx->draw_cache->raster);
   fxp_fp_leave(fp);
   fxp_watchdog_report(ctx, "draw");
}

void
fxp_draw_submit(struct fxp_context *ctx)
{
   if (!ctx->draw_cache)
      return;
   const unsigned fp = fxp_fp_enter(); /* (as fxp_draw_close: a scene before it, or a small one, is drawn here) */
   if (unlikely(fxp_debug_flags & FXP_DBG_SYNC))
      fxp_raster_close_scene(&ctx->draw_cache->raster);
   else
      fxp_raster_submit_scene(&ctx->draw_cache->raster);
   fxp_fp_leave(fp);
   fxp_watchdog_report(ctx, "draw");
}

bool
fxp_draw_hold(struct fxp_context *ctx, unsigned kind, void *p)
{
   if (!ctx->draw_cache || !ctx->draw_cache->raster.in_flight)
      return false;
   const unsigned fp = fxp_fp_enter(); /* (a full list retires the scene) */
   const bool held = fxp_raster_hold(&ctx->draw_cache->raster, kind, p);
   fxp_fp_leave(fp);
   return held;
}

void
fxp_draw_cache_fini(struct fxp_context *ctx)
{
   struct fxp_draw_cache *c = ctx->draw_cache;

   if (!c)
      return;
   fxp_exec_fini(&c->vs_exec);
   for (unsigned i = 0; i < c->num_vs_share_execs; i++)
      fxp_exec_fini(&c->vs_share_execs[i]);
   os_free_aligned(c->vs_share_execs);
   fxp_raster_cache_fini(&c->raster);
   FREE(c->prim_copies);
   FREE(c->prim_stats);
   FREE(c->share_runs);
   FREE(c->vmask);
   FREE(c->vwin);
   FREE(c->vidx);
   FREE(c->elts);
   FREE(c->verts);
   FREE(c->remap);
   os_free_aligned(c);
   ctx->draw_cache = NULL;
}

/* Frees *p if it holds more than FXP_DRAW_CACHE_KEEP_B (cap elements of elem_B bytes). */
static void
give_back(void **p, size_t *cap, size_t elem_B)
{
   if (*cap * elem_B <= FXP_DRAW_CACHE_KEEP_B)
      return;
   FREE(*p);
   *p = NULL;
   *cap = 0;
}

/* After a draw: arrays grown past FXP_DRAW_CACHE_KEEP_B for it are given back. */
static void
draw_cache_trim(struct fxp_draw_cache *c)
{
   give_back((void **)&c->vidx, &c->vidx_cap, sizeof(uint32_t));
   give_back((void **)&c->elts, &c->elts_cap, sizeof(uint32_t));
   give_back((void **)&c->remap, &c->remap_cap, sizeof(uint32_t));
   give_back((void **)&c->verts, &c->verts_cap, sizeof(float));
   give_back((void **)&c->vmask, &c->vmask_cap, sizeof(*c->vmask));
   give_back((void **)&c->vwin, &c->vwin_cap, sizeof(*c->vwin));
   give_back((void **)&c->share_runs, &c->share_runs_cap, sizeof(*c->share_runs));
}

/* Vertex reuse for indexed draws: an index that appears several times is shaded once. vidx[0..nv) holds
 * the index of each element's vertex and elts[0..n) each element's position in vidx[] (UINT32_MAX for a
 * restart); afterwards vidx[] holds each different index once, in order of first use, and elts[] points into
 * it. An index range much wider than the draw (sparse indices) is left as it is, shaded per element, so the
 * table from index to shaded vertex stays within a few times the draw's size. Returns the new nv. */
FXP_DRAW_PATH static unsigned
reuse_vertices(struct fxp_draw_cache *c, uint32_t *vidx, unsigned nv, uint32_t *elts, unsigned n)
{
   if (nv < 2 * FXP_W)
      return nv; /* too small to gain */
   uint32_t lo = UINT32_MAX, hi = 0;
   for (unsigned i = 0; i < nv; i++) {
      lo = MIN2(lo, vidx[i]);
      hi = MAX2(hi, vidx[i]);
   }
   const uint64_t range = (uint64_t)hi - lo + 1;
   if (range > 4 * (uint64_t)nv + 4096 ||
       !fxp_draw_reserve((void **)&c->remap, &c->remap_cap, range, sizeof(uint32_t)))
      return nv;
   uint32_t *map = c->remap;
   memset(map, 0xff, range * sizeof(uint32_t));
   unsigned nu = 0;
   for (unsigned i = 0; i < n; i++) {
      if (elts[i] == FXP_ELT_RESTART)
         continue;
      /* elts[i] only grows and nu <= elts[i]: vidx[] is compacted in place ahead of what is still read */
      const uint32_t v = vidx[elts[i]];
      uint32_t *slot = &map[v - lo];
      if (*slot == UINT32_MAX) {
         *slot = nu;
         vidx[nu++] = v;
      }
      elts[i] = *slot;
   }
   return nu;
}

struct draw_params {
   uint32_t start, count, instance_count, start_instance;
   int32_t index_bias;
};

/* Vertices a primitive of a list mode takes (patches: the patch size); 0 for strips, fans, loops, quads and
 * polygons. */
static unsigned
list_vertices(enum pipe_prim_type mode, unsigned patch_vertices)
{
   switch (mode) {
   case PIPE_PRIM_PATCHES: return patch_vertices;
   case PIPE_PRIM_POINTS: return 1;
   case PIPE_PRIM_LINES: return 2;
   case PIPE_PRIM_TRIANGLES: return 3;
   case PIPE_PRIM_LINES_ADJACENCY: return 4;
   case PIPE_PRIM_TRIANGLES_ADJACENCY: return 6;
   default: return 0;
   }
}

/* Elements [first, first + count) of a draw, instances [inst0, inst0 + num_inst): index reads, vertex reuse,
 * vertex shading, then the geometry shader or stream output and primitive assembly. first is 0 unless the
 * draw is split into chunks (draw_one), and the primitive ID goes on from the chunk before. */
FXP_DRAW_PATH static void
draw_range(struct fxp_render *r, struct fxp_exec *e, struct fxp_gs_stage *gs, const struct pipe_draw_info *info,
           const struct draw_params *d, const struct fxp_fetch_buffer *vbs, const uint8_t *ib,
           uint64_t ib_size_B, unsigned draw_id, uint32_t first, uint32_t count, uint32_t inst0,
           uint32_t num_inst)
{
   struct fxp_draw_cache *c = r->ctx->draw_cache;
   const unsigned vs_stride = 4 * MAX2(r->vs->num_outputs, 1);
   unsigned n = 0, nv = 0;

   if (!fxp_draw_reserve((void **)&c->vidx, &c->vidx_cap, count, sizeof(uint32_t)) ||
       !fxp_draw_reserve((void **)&c->elts, &c->elts_cap, count, sizeof(uint32_t))) {
      fxp_refuse("out of memory for a draw of %u vertices" FXP_GL_PART_DRAW, count);
      return;
   }
   uint32_t *vidx = c->vidx, *elts = c->elts;
   const uint64_t first_B = ((uint64_t)d->start + first) * info->index_size;
   if (info->index_size && !info->primitive_restart && first_B + (uint64_t)count * info->index_size <= ib_size_B) {
      /* indices inside the buffer, no restarts: one bounds check, a loop an index size */
#define READ_INDICES(T)                                          \
      for (uint32_t i = 0; i < count; i++) {                     \
         T v;                                                    \
         memcpy(&v, ib + first_B + (uint64_t)i * sizeof(T), sizeof(T)); \
         vidx[i] = (uint32_t)v + d->index_bias;                  \
         elts[i] = i;                                            \
      }
      switch (info->index_size) {
      case 1: READ_INDICES(uint8_t); break;
      case 2: READ_INDICES(uint16_t); break;
      default: READ_INDICES(uint32_t); break;
      }
#undef READ_INDICES
      n = nv = count;
   }
   for (uint32_t i = n; i < count; i++) { /* the general path: bounds, restarts */
      uint32_t v;
      if (info->index_size) {
         if (!read_index(ib, ib_size_B, info->index_size, (uint64_t)d->start + first + i, &v))
            break; /* past the end of the index buffer */
         if (info->primitive_restart && v == info->restart_index) {
            elts[n++] = FXP_ELT_RESTART;
            continue;
         }
         v += d->index_bias;
      } else {
         v = d->start + first + i;
      }
      vidx[nv] = v;
      elts[n++] = nv++;
   }
   const unsigned n_in = nv; /* vertices read (pipeline statistics) */
   if (info->index_size)
      nv = reuse_vertices(c, vidx, nv, elts, n);
   /* room for the shaded vertices only (after reuse, not one per element) */
   if (!fxp_draw_reserve((void **)&c->verts, &c->verts_cap, (size_t)MAX2(nv, 1) * vs_stride, sizeof(float))) {
      fxp_refuse("out of memory for a draw of %u vertices" FXP_GL_PART_DRAW, nv);
      return;
   }
   float *vs_verts = c->verts;
   /* the vertices go straight to primitive assembly: its per-vertex work may be done as they are shaded */
   const bool ahead = !r->tess && !gs && !r->discard;
   for (uint32_t inst = inst0; inst < inst0 + num_inst; inst++) {
      shade_shared(r, e, vs_verts, vs_stride, vbs, vidx, nv, inst, d->start_instance,
                   info->index_size ? d->index_bias : 0, info->index_size ? d->index_bias : (int32_t)d->start,
                   draw_id, ahead);
      if (unlikely(fxp_watchdog_tripped(r->ctx))) {
         fxp_prim_ahead_clear(r);
         break; /* a vertex shader batch (or a later stage's) ran past its budget */
      }
      if (first == 0) {
         r->rs.prim_id = 0;
         if (r->tess)
            r->tess->patch_id = 0; /* patches are numbered per instance */
         if (gs)
            gs->prim_id = 0; /* per instance; a primitive restart does not reset it (nor does a patch) */
      }
      if (r->ctx->queries_enabled) {
         struct pipe_query_data_pipeline_statistics *st = &r->ctx->stats;
         st->ia_vertices += n_in;
         st->vs_invocations += nv;
         st->ia_primitives += fxp_decomp_count_elts(info->mode, FXP_DECOMP_PATCH(r->ctx->patch_vertices), elts, n);
      }
      if (r->tess) {
         fxp_tess_run(r->tess, vs_verts, vs_stride, elts, n);
         continue;
      }
      if (gs) {
         fxp_gs_run(gs, info->mode, vs_verts, vs_stride, elts, n);
         continue;
      }
      r->verts = vs_verts;
      r->num_verts = nv;
      /* stream output and primitive counts, before clipping */
      fxp_so_primitives(r, 0, info->mode, elts, n);
      if (!r->discard &&
          !fxp_prim_run_shared(r, info->mode, elts, n, info->index_size && info->primitive_restart))
         fxp_prim_run(r, info->mode, elts, n);
      fxp_prim_ahead_clear(r);
   }
   r->verts = NULL;
}

/* Most primitives a chunk of a large list draw holds (see draw_one). */
#define CHUNK_PRIMS 4096

/* One draw. A large draw of a list mode (no restarts, no geometry shader) goes through in chunks of at most
 * CHUNK_PRIMS primitives, instance by instance and in order: its index, vertex and window-coordinate arrays
 * then stay a chunk's size (in the caches, and not allocated anew a draw) instead of growing with the draw.
 * The chunks of an instance hold equal primitives, give or take one, not CHUNK_PRIMS and a remainder: a
 * last chunk of a few primitives would cost as much to share out among the threads as a whole one
 * (draw/fxp_prim.c, FXP_PRIM_SHARE_ALWAYS_PRIMS). A vertex used by two chunks is shaded in each, which GL
 * allows. */
FXP_DRAW_PATH static void
draw_one(struct fxp_render *r, struct fxp_exec *e, struct fxp_gs_stage *gs, const struct pipe_draw_info *info,
         const struct draw_params *d, const struct fxp_fetch_buffer *vbs, const uint8_t *ib,
         uint64_t ib_size_B, unsigned draw_id)
{
   if (!d->count || !d->instance_count)
      return;
   const unsigned vpp = list_vertices(info->mode, r->ctx->patch_vertices);
   r->draw_prims = 0;
   if (!vpp || gs || info->primitive_restart || d->count <= 2 * CHUNK_PRIMS * vpp ||
       (fxp_debug_flags & FXP_DBG_NOFAST)) {
      draw_range(r, e, gs, info, d, vbs, ib, ib_size_B, draw_id, 0, d->count, 0, d->instance_count);
      return;
   }
   /* (count > 2 CHUNK_PRIMS vpp: prims > 2 CHUNK_PRIMS, and a vertex count that fits in 32 bits) */
   const uint32_t prims = d->count / vpp, chunks = DIV_ROUND_UP(prims, CHUNK_PRIMS);
   const uint32_t chunk = DIV_ROUND_UP(prims, chunks) * vpp; /* (the last takes any vertices past the last
                                                                primitive: assembly leaves them out) */
   r->draw_prims = prims;
   for (uint32_t inst = 0; inst < d->instance_count && !fxp_watchdog_tripped(r->ctx); inst++)
      for (uint32_t first = 0; first < d->count && !fxp_watchdog_tripped(r->ctx); first += chunk)
         draw_range(r, e, gs, info, d, vbs, ib, ib_size_B, draw_id, first, MIN2(chunk, d->count - first), inst, 1);
   r->draw_prims = 0;
}

static bool
read_indirect(struct pipe_resource *buf, uint64_t offset, void *out, unsigned size)
{
   if (!buf || buf->target != PIPE_BUFFER || offset + size > buf->width0)
      return false;
   memcpy(out, fxp_resource(buf)->data + offset, size);
   return true;
}

FXP_DRAW_PATH static void
draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info, unsigned drawid_offset,
         const struct pipe_draw_indirect_info *indirect, const struct pipe_draw_start_count_bias *draws,
         unsigned num_draws)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_render r;
   struct fxp_gs_stage gs_stage, *gs = NULL;
   struct fxp_tess_stage tess_stage;
   struct fxp_fetch_buffer vbs[PIPE_MAX_ATTRIBS];
   const uint8_t *ib = NULL;
   uint64_t ib_size_B = 0;

   if (ctx->wd.lost)
      return; /* after a guilty reset (fxp_context.h, "Watchdog") */
   if (!ctx->vs || !ctx->fs || !ctx->velems || !ctx->rasterizer) {
      fxp_ctx_refuse(ctx, "draw with no vertex shader, fragment shader, vertex elements or rasterizer bound"
                          FXP_GL_SKIPPED_DRAW);
      return;
   }
   if (!ctx->vs->prog || !ctx->fs->prog || (ctx->gs && !ctx->gs->prog) || (ctx->tcs && !ctx->tcs->prog) ||
       (ctx->tes && !ctx->tes->prog)) {
      fxp_ctx_todo(ctx, "draw with a shader the engine cannot run yet: nothing drawn");
      ctx->unimplemented_draws++;
      return;
   }
   /* patches go through the tessellation stage, which takes nothing else; a TCS needs a TES */
   const bool tess = info->mode == PIPE_PRIM_PATCHES;
   if (info->mode > PIPE_PRIM_PATCHES || tess != (ctx->tes != NULL) || (ctx->tcs && !ctx->tes)) {
      fxp_ctx_refuse(ctx, "draw of primitive type %u with%s a tessellation evaluation shader" FXP_GL_SKIPPED_DRAW,
                     info->mode, ctx->tes ? "" : "out");
      return;
   }
   if (tess && (ctx->patch_vertices < 1 || ctx->patch_vertices > FXP_MAX_PATCH_VERTICES)) {
      fxp_ctx_refuse(ctx, "draw of patches of %u vertices (1 to %u)" FXP_GL_SKIPPED_DRAW, ctx->patch_vertices,
                     FXP_MAX_PATCH_VERTICES);
      return;
   }
   if (!fxp_render_condition_passes(ctx))
      return;

   /* all but the rasterizer's state, which fxp_raster_begin sets whole (or zeroes, without rasterization) */
   memset(&r, 0, offsetof(struct fxp_render, rs));
   r.ctx = ctx;
   r.stats = &ctx->stats;
   r.vs = ctx->vs->prog;
   r.gs = ctx->gs ? ctx->gs->prog : NULL;
   r.tcs = tess && ctx->tcs ? ctx->tcs->prog : NULL;
   r.tes = tess ? ctx->tes->prog : NULL;
   r.out = r.gs ? r.gs : r.tes ? r.tes : r.vs;
   r.so_info = &(ctx->gs ? ctx->gs : tess ? ctx->tes : ctx->vs)->state.stream_output;
   r.prim_id_step = tess && !r.gs ? 0 : 1;
   r.rast = ctx->rasterizer;
   r.stride = 4 * MAX2(r.out->num_outputs, 1);
   find_outputs(&r);
   const bool so = ctx->num_so_targets && r.so_info->num_outputs;
   if (r.pos < 0 && !so)
      return; /* no position and no stream output: nothing to do */
   /* an open scene (raster/fxp_raster.h) is drawn before vertex stages that write memory: its fragment shader
    * may read what they write */
   if (unlikely(ctx->raster_open) && (so || r.vs->info.writes_memory || (r.gs && r.gs->info.writes_memory) ||
                                      (r.tcs && r.tcs->info.writes_memory) || (r.tes && r.tes->info.writes_memory)))
      fxp_draw_close(ctx);
   const bool raster = r.pos >= 0 && !r.rast->rasterizer_discard;
   if (!raster)
      memset(&r.rs, 0, sizeof(r.rs));

   /* the buffers the fetch plan reads (it reads no other entry of vbs[]) */
   for (unsigned i = 0; i < ctx->velems->plan.num_buffers; i++) {
      const struct pipe_vertex_buffer *vb = &ctx->vertex_buffers[i];
      vbs[i].data = NULL;
      vbs[i].size_B = 0;
      vbs[i].stride_B = vb->stride;
      if (vb->is_user_buffer && vb->buffer.user) {
         /* user arrays are not advertised (PIPE_CAP_USER_VERTEX_BUFFERS = 0) */
         continue;
      }
      struct pipe_resource *res = vb->buffer.resource;
      if (res && res->target == PIPE_BUFFER && vb->buffer_offset < res->width0) {
         vbs[i].data = fxp_resource(res)->data + vb->buffer_offset;
         vbs[i].size_B = res->width0 - vb->buffer_offset;
      }
   }
   if (info->index_size) {
      if (info->has_user_indices) {
         /* the application's index array, as long as the draws that read it (the GL front end checked
          * them against the array it was given) */
         ib = info->index.user;
         for (unsigned k = 0; k < num_draws && !indirect; k++)
            ib_size_B = MAX2(ib_size_B, ((uint64_t)draws[k].start + draws[k].count) * info->index_size);
      } else {
         struct pipe_resource *res = info->index.resource;
         if (!res || res->target != PIPE_BUFFER)
            return;
         ib = fxp_resource(res)->data;
         ib_size_B = res->width0;
      }
   }

   if (!ctx->draw_cache) {
      /* the vertex shader's execution state holds 64-byte lane vectors: aligned for them */
      ctx->draw_cache = os_malloc_aligned(sizeof(struct fxp_draw_cache), 64);
      if (ctx->draw_cache)
         memset(ctx->draw_cache, 0, sizeof(struct fxp_draw_cache));
   }
   struct fxp_draw_cache *cache = ctx->draw_cache;
   struct fxp_exec *vs_exec = cache ? &cache->vs_exec : NULL;
   if (!cache || !fxp_exec_setup(vs_exec, r.vs, fxp_gather_bindings(ctx, PIPE_SHADER_VERTEX), FXP_W)) {
      fxp_ctx_out_of_memory(ctx, "out of memory for vertex shading" FXP_GL_SKIPPED_DRAW);
      return;
   }
   vs_exec->abort = &ctx->wd.tripped;
   if (r.gs) {
      if (!fxp_gs_begin(&gs_stage, &r, r.gs, r.tes ? r.tes : r.vs))
         return;
      gs = &gs_stage;
   }
   if (r.tes) {
      if (!fxp_tess_begin(&tess_stage, &r, gs)) {
         if (gs)
            fxp_gs_end(gs);
         return;
      }
      r.tess = &tess_stage;
   }
   /* what the rasterizer takes from the draw */
   r.rs.ctx = ctx;
   r.rs.fs = ctx->fs->prog;
   r.rs.out = r.out;
   r.rs.rast = r.rast;
   r.rs.stride = r.stride;
   r.rs.psize = r.psize;
   r.rs.edgeflag = r.edgeflag;
   r.rs.cache = &cache->raster;
   if (raster)
      fxp_raster_begin(&r.rs);
   r.discard = !raster; /* stream output only (or rasterizer discard): primitive assembly never runs */

   if (indirect && indirect->count_from_stream_output) {
      /* DrawTransformFeedback: the vertices the target holds, one instance set as the draw says */
      struct draw_params d = {
         .start = 0, .count = fxp_so_target_vertex_count(indirect->count_from_stream_output),
         .instance_count = info->instance_count, .start_instance = info->start_instance,
      };
      draw_one(&r, vs_exec, gs, info, &d, vbs, NULL, 0, drawid_offset);
   } else if (indirect && indirect->buffer) {
      unsigned n = indirect->draw_count;
      if (indirect->indirect_draw_count) {
         uint32_t c = 0;
         if (read_indirect(indirect->indirect_draw_count, indirect->indirect_draw_count_offset, &c, 4))
            n = MIN2(n, c);
         else
            n = 0;
      }
      for (unsigned k = 0; k < n && !fxp_watchdog_tripped(ctx); k++) {
         uint32_t p[5] = {0};
         struct draw_params d;
         const unsigned words = info->index_size ? 5 : 4;
         if (!read_indirect(indirect->buffer, indirect->offset + (uint64_t)k * indirect->stride, p, words * 4)) {
            fxp_ctx_refuse(ctx, "indirect draw parameters outside their buffer" FXP_GL_PART_DRAW);
            break;
         }
         d.count = p[0];
         d.instance_count = p[1];
         d.start = p[2];
         d.index_bias = info->index_size ? (int32_t)p[3] : 0;
         d.start_instance = info->index_size ? p[4] : p[3];
         draw_one(&r, vs_exec, gs, info, &d, vbs, ib, ib_size_B, drawid_offset + k);
      }
   } else {
      for (unsigned k = 0; k < num_draws && !fxp_watchdog_tripped(ctx); k++) {
         struct draw_params d = {
            .start = draws[k].start, .count = draws[k].count, .instance_count = info->instance_count,
            .start_instance = info->start_instance, .index_bias = draws[k].index_bias,
         };
         draw_one(&r, vs_exec, gs, info, &d, vbs, ib, ib_size_B,
                  drawid_offset + (info->increment_draw_id ? k : 0));
      }
   }

   if (raster)
      fxp_raster_end(&r.rs);
   if (r.tess)
      fxp_tess_end(r.tess);
   if (gs)
      fxp_gs_end(gs);
   draw_cache_trim(cache);
}

FXP_DRAW_PATH static void
fxp_draw_vbo(struct pipe_context *pipe, const struct pipe_draw_info *info, unsigned drawid_offset,
             const struct pipe_draw_indirect_info *indirect,
             const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   const unsigned fp = fxp_fp_enter(); /* the shaders' float rule (shader/fxp_shader.h) */
   draw_vbo(pipe, info, drawid_offset, indirect, draws, num_draws);
   struct fxp_context *ctx = fxp_context(pipe);
   /* a trip of the scene in flight: every batch of it stopped before the trip is reported and cleared */
   if (unlikely(fxp_watchdog_tripped(ctx)) && ctx->draw_cache)
      fxp_raster_retire(&ctx->draw_cache->raster);
   fxp_fp_leave(fp);
   fxp_watchdog_report(ctx, "draw");
   if (info->index_size && info->take_index_buffer_ownership && !info->has_user_indices) {
      struct pipe_resource *ib = info->index.resource;
      pipe_resource_reference(&ib, NULL);
   }
}

void
fxp_init_draw_functions(struct fxp_context *ctx)
{
   ctx->base.draw_vbo = fxp_draw_vbo;
}
