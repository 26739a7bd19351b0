/* fxpipe's pipe_context: the bound state that the pipeline stages read, and the entry points per file. */
#ifndef FXP_CONTEXT_H
#define FXP_CONTEXT_H

#include "pipe/p_context.h"
#include "pipe/p_state.h"
#include "util/list.h"
#include "util/u_debug.h"
#include "fxp_ops.h"
#include "context/fxp_sync.h"
#include "fetch/fxp_fetch.h"

struct fxp_screen;
struct fxp_compute_shader;
struct fxp_program;
struct fxp_bindings;
struct fxp_draw_cache;

/* Shader CSO: the TGSI tokens, owned, and the program decoded from them (NULL if the engine cannot run it). */
struct fxp_shader {
   enum pipe_shader_type stage;
   struct pipe_shader_state state;   /* state.tokens is a private copy */
   struct fxp_program *prog;
};

/* Vertex-elements CSO: the element array compiled into a fetch plan (fetch/fxp_fetch.h). */
struct fxp_velems {
   struct fxp_fetch_plan plan;
};

/* A constant buffer binding; user data is copied into owned storage when bound. */
struct fxp_constbuf {
   struct pipe_resource *buffer;
   uint8_t *user_copy;
   unsigned offset_B;
   unsigned size_B;
};

struct fxp_context {
   struct pipe_context base;

   /* CSOs */
   const struct pipe_blend_state *blend;
   const struct pipe_depth_stencil_alpha_state *dsa;
   const struct pipe_rasterizer_state *rasterizer;
   struct fxp_shader *vs, *gs, *fs;  /* gs may be NULL */
   struct fxp_shader *tcs, *tes;     /* tessellation (draw/fxp_tess.c); either may be NULL */
   struct fxp_velems *velems;
   struct fxp_compute_shader *cs;
   const struct pipe_sampler_state *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];
   unsigned num_samplers[PIPE_SHADER_TYPES];

   /* parameter state */
   struct pipe_framebuffer_state framebuffer;
   struct pipe_viewport_state viewports[PIPE_MAX_VIEWPORTS];
   struct pipe_scissor_state scissors[PIPE_MAX_VIEWPORTS];
   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   struct pipe_clip_state clip;
   struct pipe_poly_stipple poly_stipple;
   unsigned sample_mask;
   unsigned min_samples;

   /* bindings */
   struct pipe_vertex_buffer vertex_buffers[PIPE_MAX_ATTRIBS];
   uint32_t vertex_buffers_mask;
   struct fxp_constbuf constbufs[PIPE_SHADER_TYPES][PIPE_MAX_CONSTANT_BUFFERS];
   struct pipe_sampler_view *views[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_SAMPLER_VIEWS];
   unsigned num_views[PIPE_SHADER_TYPES];

   /* shader resources, stream output and the rest (state/fxp_state_resources.c) */
   struct pipe_shader_buffer shader_buffers[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_BUFFERS];
   uint32_t shader_buffers_writable[PIPE_SHADER_TYPES];
   struct pipe_image_view images[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_IMAGES];
   unsigned num_images[PIPE_SHADER_TYPES];   /* slots up to the last bound one */
   struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];  /* struct fxp_so_target */
   unsigned num_so_targets;
   struct pipe_query *render_cond_query;
   bool render_cond_condition;
   enum pipe_render_cond_flag render_cond_mode;
   struct pipe_scissor_state window_rects[PIPE_MAX_WINDOW_RECTANGLES];
   unsigned num_window_rects;
   bool window_rects_include;
   float default_tess_outer[4], default_tess_inner[2];
   uint8_t patch_vertices;

   /* queries: counters the pipeline adds to, and the queries now running */
   uint64_t samples_passed;
   uint64_t prims_generated[PIPE_MAX_VERTEX_STREAMS];  /* per vertex stream (draw/fxp_so.c) */
   uint64_t so_prims_written[PIPE_MAX_VERTEX_STREAMS];
   uint64_t so_overflows[PIPE_MAX_VERTEX_STREAMS];
   struct pipe_query_data_pipeline_statistics stats;          /* counted while queries are enabled */
   struct list_head active_queries;
   bool queries_enabled;

   /* the screen's worker threads (fxp_screen_pool), which the rasterizer and compute dispatch share: taken
    * at the first draw or dispatch */
   struct fxp_pool *pool;
   bool pool_checked;

   /* counters, printed at the context's end under FXPIPE_DEBUG=perf and read by the driver queries
    * (context/fxp_query.c); all counted on the drawing thread */
   struct {
      uint64_t prims, fragments_shaded;        /* primitives set up and rasterized, fragments shaded */
      uint64_t scenes_shared, scenes_serial;   /* scene flushes run on every thread, or on this one */
      uint64_t prims_binned, bin_refs;         /* primitives put in scenes, and the bin references */
      uint64_t early_zs_draws;                 /* draws given early depth-stencil tests the FS did not ask for */
      uint64_t vs_shared_draws;                /* draws (instances) whose vertices the pool's threads shared */
      uint64_t prim_shared_draws;              /* primitive batches the pool's threads set up: a draw's (or
                                                  a chunk's of it), a geometry shader's output batch, a
                                                  tessellated patch (draw/fxp_prim.c) */
      uint64_t raster_compiles;                /* draws that compiled the rasterizer's state again
                                                  (raster/fxp_raster.c; the others reused it) */
      uint64_t raster_prepares;                /* draws that set the fragment stage up (fxp_raster_prepare): the
                                                  others' primitives were all culled or clipped away, or went on
                                                  with the scene the draws before left open */
      uint64_t raster_continued;               /* draws that went on with the open scene (fxp_raster_close) */
      uint64_t scenes_closed;                  /* open scenes closed: by a state change, a sync point, or a
                                                  draw that could not go on with them */
      uint64_t scenes_in_flight;               /* of those, submitted to the pool's threads while the drawing
                                                  thread went on (raster/fxp_raster.h, "Scenes in flight") */
      uint64_t batches, batches_shared;        /* fragment-shader batches; those shared by several triangles */
      uint64_t batches_copied;                 /* shader runs of a copying fragment shader (fxp_raster.fs_copy) */
      uint64_t tiles_edges_32, tiles_edges_64; /* partly covered tiles tested in 32-bit lanes, in 64 bits */
      uint64_t verts_prepared_4, verts_prepared_1; /* vertices given clip masks (and window coordinates) four
                                                      at a time, one at a time (draw/fxp_clip_vertex.h) */
      uint64_t verts_prepared_ahead;           /* of those, by the threads that shaded them (fxp_prim_ahead_*) */
      uint64_t resolves, resolves_direct;      /* multisample resolves (blits); those written straight into the
                                                  destination (ops/fxp_blit_ms.c resolve_direct) */
      uint64_t clears_deferred;                /* clears kept pending (fxp_ops.h, struct fxp_clear_pending) */
      uint64_t clears_folded;                  /* pending clears a draw's scene did bin by bin */
      int64_t shaders_alive;                   /* shader CSOs created less those deleted (state/fxp_state_shader.c,
                                                  compute/): 0 at the context's end unless one leaked */
   } perf;

   /* each stage's bindings in the engine's form, prepared again only where dirty (state/fxp_state_bindings.c) */
   struct fxp_bindings *bindings[PIPE_SHADER_TYPES];
   uint8_t bindings_dirty[PIPE_SHADER_TYPES];     /* FXP_DIRTY_* */
   uint32_t samplers_dirty[PIPE_SHADER_TYPES];    /* sampler slots (view or state changed) */

   struct fxp_draw_cache *draw_cache;   /* draw/fxp_render.h: what draws reuse, from the first draw on */
   bool raster_open;                    /* its rasterizer holds a scene left open by the last draw, whose
                                           primitives are not drawn yet (fxp_raster_close) */
   /* changed by every bind or set of the state the rasterizer compiles (fxp_raster_state_changed: shaders,
    * rasterizer, blend, depth-stencil-alpha, framebuffer, sample mask, min samples): while it is the same, draws
    * reuse the last compiled state without building its key (struct fxp_raster_cache) */
   uint32_t raster_serial;
   uint32_t framebuffer_serial;         /* changed by every set_framebuffer_state (struct fxp_raster_key) */

   /* draws skipped because a bound shader uses opcodes the engine does not execute yet */
   uint64_t unimplemented_draws;

   /* FXPIPE_DEBUG=perf: the last line of context/fxp_paths.c's report (heap; NULL before the first) */
   char *paths_last;

   /* a full clear kept until the next draw's bins or a sync point (fxp_ops.h, struct fxp_clear_pending) */
   struct fxp_clear_pending clear_pending;

   /* the application's KHR_debug callback, as st/mesa last set it (debug_message NULL: none); fxp_debug.h */
   struct util_debug_callback debug;

   /* the watchdog (below, and shader/fxp_shader.h "Shader budget") */
   struct {
      int tripped;             /* 1 + the pipe_shader_type of the first batch of this draw or dispatch that
                                  ran past its budget, 0 if none: written by any thread (atomics), read by
                                  every batch at its checks (fxp_exec.abort) */
      bool lose_on_reset;      /* created with PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET (a robust GL context) */
      bool lost;               /* such a context after a trip: its later draws and dispatches are dropped */
      enum pipe_reset_status unreported;   /* what get_device_reset_status returns next (then no reset) */
      struct pipe_device_reset_callback reset_cb;   /* st/mesa's, for robust contexts */
      uint64_t trips;
   } wd;

   /* sync points reached, by reason (context/fxp_sync.h; the context's reasons only), printed under
    * FXPIPE_DEBUG=perf; at the struct's end, away from what every draw reads */
   uint64_t syncs[FXP_SYNC_COUNT];
};

/* Watchdog. A batch that runs past its budget (FXPIPE_SHADER_BUDGET) stops with e->stopped set; the stage
 * that ran it calls fxp_watchdog_stopped, which marks the context (the first stage to trip is kept), and
 * drops the rest of its work: every stage of the draw or dispatch, on every thread, checks
 * fxp_watchdog_tripped between batches and primitives, and running batches of the context stop at their
 * next check (e->abort points at ctx->wd.tripped). On the application's thread, at the end of draw_vbo
 * and launch_grid, fxp_watchdog_report says so (FXPIPE_DEBUG=refuse and KHR_debug) and records a guilty
 * context reset for get_device_reset_status. A context created with PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET is
 * then lost, as GL's robustness says: st/mesa's reset callback is called (it turns the GL context's
 * dispatch to the lost one) and fxpipe drops the context's later draws and dispatches. Any other context
 * goes on drawing; other contexts are never affected. */
static inline bool
fxp_watchdog_tripped(const struct fxp_context *ctx)
{
   return __atomic_load_n(&ctx->wd.tripped, __ATOMIC_RELAXED) != 0;
}
/* A batch of `stage` stopped with fxp_exec.stopped = why (FXP_EXEC_OVER_BUDGET or FXP_EXEC_ABORTED);
 * any thread. */
void fxp_watchdog_stopped(struct fxp_context *ctx, unsigned why, enum pipe_shader_type stage);
/* On the application's thread after a draw or dispatch (what: "draw", "dispatch"). */
void fxp_watchdog_report(struct fxp_context *ctx, const char *what);

/* context/fxp_paths.c: FXPIPE_DEBUG=perf's line of the paths a draw takes, printed when it changed (the
 * rasterizer's setup of a draw calls it; early_zs says whether early depth-stencil tests run, and why). */
struct fxp_fragment;
void fxp_paths_report(struct fxp_context *ctx, const struct fxp_fragment *f, const struct fxp_bindings *fs_bind,
                      const char *early_zs, bool shared_batches, bool fs_copy);

/* A stream-output target and how far it has been written (draw/fxp_so.c). */
struct fxp_so_target {
   struct pipe_stream_output_target base;
   uint32_t internal_offset_B;  /* bytes written from buffer_offset */
   uint32_t vertex_stride_B;    /* of the last draw that wrote it (DrawTransformFeedback divides by it) */
};

/* The screen's worker threads (NULL with one thread): context/fxp_context.c. */
struct fxp_pool *fxp_context_pool(struct fxp_context *ctx);

static inline struct fxp_context *
fxp_context(struct pipe_context *p)
{
   return (struct fxp_context *)p;
}

struct pipe_context *fxp_context_create(struct pipe_screen *screen, void *priv, unsigned flags);

/* state/ */
void fxp_init_blend_functions(struct fxp_context *ctx);
void fxp_init_dsa_functions(struct fxp_context *ctx);
void fxp_init_rasterizer_functions(struct fxp_context *ctx);
void fxp_init_sampler_functions(struct fxp_context *ctx);
void fxp_init_shader_functions(struct fxp_context *ctx);
void fxp_init_vertex_functions(struct fxp_context *ctx);
void fxp_init_framebuffer_functions(struct fxp_context *ctx);
void fxp_release_state(struct fxp_context *ctx);
void fxp_release_shader_state(struct fxp_context *ctx);
void fxp_init_resource_binding_functions(struct fxp_context *ctx);
void fxp_release_resource_bindings(struct fxp_context *ctx);

/* context/ */
void fxp_init_query_functions(struct fxp_context *ctx);
void fxp_init_draw_functions(struct fxp_context *ctx);
void fxp_draw_cache_fini(struct fxp_context *ctx);   /* draw/fxp_draw.c */
bool fxp_draw_pending(const struct fxp_context *ctx); /* draw/fxp_draw.c: binned primitives not yet drawn */
void fxp_init_so_functions(struct fxp_context *ctx);
/* Conditional rendering (context/fxp_query.c): whether commands subject to it should run now. */
bool fxp_render_condition_passes(struct fxp_context *ctx);

/* compute/ */
void fxp_init_compute_functions(struct fxp_context *ctx);

/* state/fxp_state_bindings.c: what a stage's shaders see (buffers clipped to their resources, images, sampler
 * views with their states), kept in the context and prepared again where the state functions marked it. The
 * result stays valid until the next state change. */
#define FXP_DIRTY_CONSTBUFS 0x1
#define FXP_DIRTY_BUFFERS   0x2
#define FXP_DIRTY_IMAGES    0x4
bool fxp_bindings_init(struct fxp_context *ctx);
void fxp_bindings_fini(struct fxp_context *ctx);
const struct fxp_bindings *fxp_gather_bindings(struct fxp_context *ctx, enum pipe_shader_type stage);

/* draw/fxp_draw.c: fxp_raster_close's and fxp_raster_submit's work; fxp_draw_hold is fxp_raster_hold's
 * (raster/fxp_raster.h) for the context's rasterizer */
void fxp_draw_close(struct fxp_context *ctx);
void fxp_draw_submit(struct fxp_context *ctx);
bool fxp_draw_hold(struct fxp_context *ctx, unsigned kind, void *p);

/* Draws the primitives of the scene the last draws left open, if any (raster/fxp_raster.h: "Open scenes"),
 * and gives back what their fragment stage took. Called first by every entry point that changes, frees or
 * reads what those primitives' fragment stage reads or writes: the sync points (context/fxp_sync.h), and the
 * state functions that change the fragment stage's state (fxp_raster_state_changed, the fragment shader's
 * bindings, stencil reference, blend colour, polygon stipple, viewports, query activity). */
static inline void
fxp_raster_close(struct fxp_context *ctx)
{
   if (unlikely(ctx->raster_open))
      fxp_draw_close(ctx);
}

/* The open scene, if any, submitted to be drawn while the drawing thread goes on (raster/fxp_raster.h,
 * "Scenes in flight"): for state functions that change what its fragment stage would read but free nothing it
 * reads (what they release goes through fxp_draw_hold). The others call fxp_raster_close. */
static inline void
fxp_raster_submit(struct fxp_context *ctx)
{
   if (unlikely(ctx->raster_open))
      fxp_draw_submit(ctx);
}

static inline void
fxp_bindings_dirty(struct fxp_context *ctx, unsigned stage, unsigned what, uint32_t sampler_slots)
{
   /* (the setters that free what the fragment shader's bindings point at have it held, or close first) */
   if (stage == PIPE_SHADER_FRAGMENT)
      fxp_raster_submit(ctx);
   ctx->bindings_dirty[stage] |= what;
   ctx->samplers_dirty[stage] |= sampler_slots;
}

/* The state the rasterizer compiles at a draw changed (struct fxp_context raster_serial). */
static inline void
fxp_raster_state_changed(struct fxp_context *ctx)
{
   fxp_raster_submit(ctx);
   ctx->raster_serial++;
}

/* ops/ */
void fxp_init_clear_functions(struct fxp_context *ctx);
void fxp_init_blit_functions(struct fxp_context *ctx);
void fxp_init_copy_functions(struct fxp_context *ctx);

#endif
