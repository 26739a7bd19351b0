/* The data the drawing stages of draw/ share during one draw_vbo: post-vertex-shader vertices and where
 * their outputs are; the rasterizer's state of the draw (struct fxp_raster, raster/fxp_raster.h) is part of it.
 *
 * Post-VS vertex v (struct fxp_render.verts): stride floats per vertex, output o channel c at
 * verts[v * stride + 4 * o + c]; after clipping, screen-space position replaces nothing: the raster stage
 * works on struct fxp_rvert copies (window coordinates plus the output values).
 *
 * Stages:  draw/fxp_draw.c         indices, instances, vertex fetch and the vertex shader
 *          draw/fxp_decompose.c    the primitives of each primitive type, for all the stages below
 *          draw/fxp_tess.c         tessellation (TCS, the tessellator, TES) of patch draws
 *          draw/fxp_gs.c           the geometry shader, when one is bound
 *          draw/fxp_so.c           stream output and primitive counts
 *          draw/fxp_prim.c         primitive assembly, clipping in homogeneous space, viewport transform
 *          raster/fxp_raster.c     the rasterizer's entry points: FS input linkage, viewports, layers
 *          raster/fxp_setup.c      triangle/line/point setup, fixed-point edge functions, planes
 *          raster/fxp_rasterize.c  coverage: 8x8 tiles on the rasterizing threads, 2x2 quads
 *          raster/fxp_shade.c      attribute interpolation, fragment shader batches
 *          fragment/fxp_fragment.c depth/stencil, blending, logic ops, colour masks, writes */
#ifndef FXP_RENDER_H
#define FXP_RENDER_H

#include "pipe/p_state.h"
#include "util/u_math.h"
#include "shader/fxp_shader.h"
#include "shader/fxp_tcs.h"
#include "raster/fxp_raster.h"

struct fxp_context;

struct fxp_render {
   struct fxp_context *ctx;
   const struct fxp_program *vs, *gs;        /* gs may be NULL */
   const struct fxp_program *tcs, *tes;      /* tessellation (draws of patches with a TES); tcs may be NULL */
   const struct fxp_program *out;            /* the last vertex stage (gs, tes or vs): verts hold its outputs */
   const struct pipe_stream_output_info *so_info;  /* the last vertex stage's */
   const struct pipe_rasterizer_state *rast;

   bool discard;                          /* nothing is rasterized (rasterizer discard, or no position) */
   /* where clipping counts its pipeline statistics (when ctx->queries_enabled): &ctx->stats, or a range's
    * own counts while several threads set up one draw (fxp_prim_run_shared) */
   struct pipe_query_data_pipeline_statistics *stats;
   struct fxp_tess_stage *tess;           /* the tessellation stage of a draw of patches, else NULL */
   uint32_t prim_id_step;                 /* what rs.prim_id advances by a primitive: 1, or 0 while the
                                             tessellation stage gives each patch's primitives its number */
   uint32_t draw_prims;                   /* a large list draw cut into chunks (draw/fxp_draw.c, draw_one):
                                             the primitives of one instance of the whole draw; else 0 */

   /* vertices of the last vertex stage, stride floats each */
   float *verts;
   unsigned num_verts, stride;

   /* output locations of the last vertex stage */
   int pos, psize, clipvertex, clipdist[2], edgeflag, layer, viewport_index;
   unsigned num_clipdist, num_culldist;  /* CLIPDIST outputs: the clip distances, then the cull ones */

   /* the rasterizer's state of this draw (raster/fxp_raster.h); primitive assembly keeps its prim_id and
    * stipple_counter, clipping reads its viewport and its out_noperspective. Last: draws set every other
    * field to zero, and fxp_raster_begin sets this one. */
   struct fxp_raster rs;
};

/* A restart-free run of a draw's elements, elts[start .. start + n), holding at least one primitive: the
 * draw's primitives first_prim, first_prim + 1, ... (draw/fxp_prim.c, fxp_prim_run_shared's ranges). */
struct fxp_elt_run {
   uint32_t start, n, first_prim;
};

/* What one draw leaves to the next in the context (ctx->draw_cache): the vertex shader's and the rasterizing
 * threads' execution states (the rasterizer's part: struct fxp_raster_cache) and the vertex arrays, allocated
 * at the first draw and grown when a draw needs more, so that a small draw allocates nothing. Arrays past
 * FXP_DRAW_CACHE_KEEP_B are freed after the draw that needed them. */
#define FXP_DRAW_CACHE_KEEP_B (1u << 20)
struct fxp_draw_cache {
   struct fxp_exec vs_exec;
   /* the vertex shader's states of the pool's other threads, for draws whose vertices are shared among
    * them (draw/fxp_draw.c shade_shared): vs_share_execs[i - 1] is share i's, allocated at the first such
    * draw (64-byte aligned, as vs_exec) */
   struct fxp_exec *vs_share_execs;
   unsigned num_vs_share_execs;
   struct fxp_raster_cache raster;
   uint32_t *vidx, *elts;       /* per element: the vertex index, and the element's vertex (or restart) */
   size_t vidx_cap, elts_cap;   /* elements each holds */
   uint32_t *remap;             /* vertex reuse: index - lowest index -> shaded vertex */
   size_t remap_cap;
   float *verts;                /* post-vertex-shader vertices */
   size_t verts_cap;            /* floats verts[] holds */
   /* the draw's state copied for each range of fxp_prim_run_shared, allocated at the first such draw */
   struct fxp_render *prim_copies;
   struct pipe_query_data_pipeline_statistics *prim_stats;
   unsigned num_prim_copies;
   /* the restart-free runs of a shared draw with restarts (fxp_prim_run_shared) */
   struct fxp_elt_run *share_runs;
   size_t share_runs_cap;
   /* primitive assembly's per-vertex clip masks and window coordinates for draws past its stack arrays
    * (draw/fxp_prim.c vertices_prepare) */
   uint16_t *vmask;
   size_t vmask_cap;
   struct fxp_rvert *vwin;
   size_t vwin_cap;
   /* vmask and vwin hold ahead_verts[0..ahead_num_verts)'s (fxp_prim_ahead_done); NULL: nothing ahead */
   const float *ahead_verts;
   unsigned ahead_num_verts;
};

/* Makes *p hold at least n elements of elem_B bytes (contents not kept); false when out of memory. For the
 * draw cache's arrays, which draw/fxp_draw.c gives back after a draw that grew one past
 * FXP_DRAW_CACHE_KEEP_B. */
bool fxp_draw_reserve(void **p, size_t *cap, size_t n, size_t elem_B);

/* draw/fxp_gs.c: the geometry stage. Between fxp_gs_begin and fxp_gs_end, fxp_gs_run shades the
 * primitives of `count` elements of `mode` (elts[] index vs_verts; UINT32_MAX restarts) and passes what
 * the shader emits on to stream output and primitive assembly. */
enum { GS_FROM_NOTHING = -1, GS_FROM_PRIMID = -2 };
struct fxp_gs_stage {
   struct fxp_render *r;
   const struct fxp_program *prog;
   struct fxp_exec exec;
   int input_from[PIPE_MAX_SHADER_INPUTS];  /* VS output feeding GS input i, or GS_FROM_* */
   unsigned clamped[PIPE_MAX_SHADER_OUTPUTS], num_clamped;  /* colour outputs clamped to [0, 1] */
   enum pipe_prim_type out_prim;            /* points, line strip or triangle strip */
   unsigned stride;                         /* floats per output vertex */
   unsigned pending;                        /* lanes filled in the current batch */
   uint32_t prim_id;                        /* input primitives so far in this instance (draw/fxp_draw.c
                                               sets it to 0 when an instance begins) */
   bool failed, mismatch;
   bool patch_prim_id;                      /* after tessellation: every primitive takes prim_id, the patch's
                                               number (draw/fxp_tess.c sets it), as PRIMID in the TES */
   float *verts;                            /* output vertices not yet passed on */
   uint32_t *elts[PIPE_MAX_VERTEX_STREAMS]; /* each stream's sequence of them, UINT32_MAX between primitives */
   unsigned num_verts, cap_verts;
   unsigned num_elts[PIPE_MAX_VERTEX_STREAMS], cap_elts[PIPE_MAX_VERTEX_STREAMS];
};
/* Which output of `producer` feeds each input of `consumer` (the first of the same semantic; GS_FROM_PRIMID
 * for a PRIM_ID input, GS_FROM_NOTHING when none): the geometry and tessellation control stages' inputs. */
void fxp_link_inputs(const struct fxp_program *consumer, const struct fxp_program *producer, int *from);
bool fxp_gs_begin(struct fxp_gs_stage *g, struct fxp_render *r, const struct fxp_program *gs,
                  const struct fxp_program *vs);
void fxp_gs_run(struct fxp_gs_stage *g, enum pipe_prim_type mode, const float *vs_verts, unsigned vs_stride,
                const uint32_t *elts, unsigned count);
void fxp_gs_end(struct fxp_gs_stage *g);

/* draw/fxp_tess.c: the tessellation stage. Between fxp_tess_begin and fxp_tess_end, fxp_tess_run takes the
 * patches of `count` elements (elts[] index vs_verts; UINT32_MAX restarts), shades and tessellates them and
 * passes the primitives on to gs (when not NULL), or to stream output and primitive assembly. */
struct pipe_tessellator;
struct fxp_tess_stage {
   struct fxp_render *r;
   struct fxp_gs_stage *gs;
   struct fxp_tcs_exec tcs_exec;
   struct fxp_exec *tes_exec;               /* os_malloc_aligned */
   struct pipe_tessellator *ts;             /* auxiliary/tessellator/p_tessellator.h */
   unsigned patch_vertices;                 /* vertices a patch (set_patch_vertices) */
   int tcs_from[PIPE_MAX_SHADER_INPUTS];    /* VS output feeding TCS input i, or GS_FROM_* */
   int tes_from[PIPE_MAX_SHADER_INPUTS];    /* record output feeding TES input i, GS_FROM_* or TESS_FROM_* */
   bool tes_patch[PIPE_MAX_SHADER_INPUTS];  /* TES input i is a patch input (read from vertex 0) */
   int outer_out, inner_out;                /* TCS outputs TESSOUTER and TESSINNER, -1 if none */
   /* a batch's patch records: patch l's vertex v at records[l * rec_floats + v * rec_stride] (TCS outputs,
    * or the VS vertices without a TCS) */
   float *records;
   unsigned rec_verts, rec_stride;
   size_t rec_floats;
   float *tes_verts;                        /* a patch's evaluated vertices, tes_stride floats each */
   unsigned tes_stride, tes_cap;
   unsigned clamped[PIPE_MAX_SHADER_OUTPUTS], num_clamped;  /* colour outputs clamped (no GS) */
   uint32_t patch_id;                       /* patches so far in this instance */
   bool failed;
};
bool fxp_tess_begin(struct fxp_tess_stage *t, struct fxp_render *r, struct fxp_gs_stage *gs);
void fxp_tess_run(struct fxp_tess_stage *t, const float *vs_verts, unsigned vs_stride, const uint32_t *elts,
                  unsigned count);
void fxp_tess_end(struct fxp_tess_stage *t);

/* draw/fxp_prim.c: assembles, clips and rasterizes the primitives of a vertex sequence. elts[i] is the
 * post-VS vertex of the i-th element; restart splits strips (elts[i] == UINT32_MAX). */
void fxp_prim_run(struct fxp_render *r, enum pipe_prim_type mode, const uint32_t *elts, unsigned count);
/* fxp_prim_run's work for a large draw of triangles (lists, strips, fans, quads, quad strips) or points,
 * shared among the pool's threads: each sets up a contiguous range of the primitives as
 * draw/fxp_decompose.c numbers them (at least FXP_PRIM_SHARE_MIN_PRIMS, at most FXP_PRIM_SHARES_MAX ranges;
 * with `restart`, elts[] may hold FXP_ELT_RESTART, and a range takes the pieces of the runs between
 * restarts that it meets)
 * into a scene of its own, with its own copy of the draw's state (primitive IDs counted from the range's
 * first primitive), and the ranges' scenes are appended to the draw's scene in order (raster/fxp_scene.h),
 * so that each bin still holds its primitives in the draw's order and the result is the same as
 * fxp_prim_run's (each range counts its clipping statistics apart; the drawing thread adds them). False
 * (nothing done: the caller runs fxp_prim_run) when the draw is not such a draw, the rasterizer has no scene
 * (one thread), primitives choose their layer or viewport, polygons are drawn as lines or points, under
 * FXPIPE_DEBUG=nofast, or out of memory before anything was set up. Setting up and binning on the drawing
 * thread alone left the other threads waiting for most of a frame of small triangles (perf on glmark2's
 * gouraud scene). Lines are not shared (draw/fxp_prim.c says why). */
#define FXP_PRIM_SHARE_MIN_PRIMS 256
#define FXP_PRIM_SHARES_MAX 16 /* ranges of one draw at most: each range's scene keeps an arena chunk */
bool fxp_prim_run_shared(struct fxp_render *r, enum pipe_prim_type mode, const uint32_t *elts, unsigned count,
                         bool restart);
/* Primitive assembly's per-vertex work (clip masks, window coordinates: draw/fxp_clip_vertex.h) done ahead
 * by the threads that shade the vertices (draw/fxp_draw.c), each on the rows it has just written, instead of
 * by the drawing thread afterwards. fxp_prim_ahead_begin readies the draw cache's arrays for num_verts
 * vertices (false: out of memory, nothing to do ahead); fxp_prim_ahead_range does vertices [first, end) of
 * verts (r->stride floats each), on any thread, the ranges disjoint, and returns how many it did four at a
 * time; fxp_prim_ahead_done (on the drawing thread, after every range) says that verts[0..num_verts) are
 * done, so that fxp_prim_run and fxp_prim_run_shared of those vertices use them, until fxp_prim_ahead_clear,
 * which the caller runs once primitive assembly is over. */
bool fxp_prim_ahead_begin(struct fxp_render *r, unsigned num_verts);
unsigned fxp_prim_ahead_range(struct fxp_render *r, const float *verts, unsigned first, unsigned end);
void fxp_prim_ahead_done(struct fxp_render *r, const float *verts, unsigned num_verts, unsigned done_4);
void fxp_prim_ahead_clear(struct fxp_render *r);

/* draw/fxp_so.c: stream output and primitive counting for `count` elements of `mode` on a vertex stream
 * (elts[] are vertices of r->verts; FXP_ELT_RESTART restarts), primitives as draw/fxp_decompose.c makes them. */
void fxp_so_primitives(struct fxp_render *r, unsigned stream, enum pipe_prim_type mode, const uint32_t *elts,
                       unsigned count);
unsigned fxp_so_target_vertex_count(struct pipe_stream_output_target *t);
struct fxp_so_target *fxp_so_target(struct pipe_stream_output_target *t);

#endif
