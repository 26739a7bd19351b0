/* The rasterizer stage's entry points and the data it consumes: the vertex format primitive assembly hands
 * it (struct fxp_rvert), how the fragment shader's inputs are fed (struct fxp_fs_input), and the state of one
 * draw (struct fxp_raster, holding the per-fragment stage's struct fxp_fragment).
 *
 * The stage runs in this order, a file each:
 *   fxp_raster.c     these entry points: a draw's start and end, the FS input linkage, viewports, layers
 *   fxp_setup.c      triangle, line and point setup: culling, polygon modes and offset, fixed-point edge
 *                    functions with the top-left rule, the bounding box, the planes of the interpolated
 *                    quantities (fxp_setup.h: struct fxp_prim, the set-up primitive)
 *   fxp_scene.c      with several threads: the scene, primitives binned into 64x64 bins (fxp_scene.h: the
 *                    layout, the contract between setup and the rasterizing threads)
 *   fxp_rasterize.c  coverage: 8x8 tiles, edge tests, 2x2 quads gathered into batches; a scene's bins shared
 *                    out among the threads
 *   fxp_shade.c      attribute interpolation, the fragment shader on a batch, then fragment/ */
#ifndef FXP_RASTER_H
#define FXP_RASTER_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "util/macros.h"
#include "shader/fxp_shader.h"
#include "fragment/fxp_fragment.h"

struct fxp_context;
struct fxp_scene;

/* Floats of one vertex's outputs at most (struct fxp_rvert.attr). */
#define FXP_MAX_VARYING_FLOATS (4 * PIPE_MAX_SHADER_OUTPUTS)

/* A vertex ready for the rasterizer: window x, y, z, 1/w, then the last vertex stage's output values
 * (fxp_raster.stride floats: output o channel c at attr[4 * o + c]). */
struct fxp_rvert {
   float win[4];
   const float *attr;
};

/* How one fragment-shader input is produced. */
enum fxp_fs_src {
   FXP_FS_FROM_OUTPUT,   /* a VS output, interpolated */
   FXP_FS_POSITION,      /* window position (x, y, z, 1/w) */
   FXP_FS_FACE,          /* +1 front, -1 back */
   FXP_FS_POINTCOORD,    /* point sprite coordinate */
   FXP_FS_PRIMID,        /* the primitive's number in the draw (no stage before writes PRIMID) */
   FXP_FS_ZERO,          /* no matching output: (0, 0, 0, 1) */
};

struct fxp_fs_input {
   uint8_t src;          /* enum fxp_fs_src */
   uint8_t interp;       /* TGSI_INTERPOLATE_* after flat shading is applied */
   int16_t output;       /* VS output index (front colour) */
   int16_t back_output;  /* VS output for back faces (two-sided colour), or -1 */
   bool sprite;          /* replaced by the point coordinate when drawing points (sprite_coord_enable) */
   bool centroid;        /* interpolated at the centroid (TGSI_INTERPOLATE_LOC_CENTROID): with multisampling,
                          * a partly covered pixel's first covered sample (raster/fxp_shade.c) */
   uint8_t read_mask;    /* channels the shader reads (tgsi_scan's usage mask; all four if it reads its inputs
                          * indirectly): the only ones interpolated for a batch, the others are 0 */
};

/* What one rasterizing thread owns. */
struct fxp_raster_thread {
   struct fxp_exec fs_exec;
   uint64_t samples_passed;
   uint64_t ps_invocations;     /* fragments shaded (pipeline statistics) */
   uint64_t batches, batches_shared; /* batches shaded; those with quads of several primitives */
   uint64_t batches_copied;     /* shader runs that were a copying fragment shader's copies (fxp_raster.fs_copy) */
   uint64_t tiles_edges_32, tiles_edges_64; /* partly covered tiles tested each way (raster/fxp_coverage.h) */
};

/* One draw's rasterizer state. The caller sets the fields of the first group before fxp_raster_begin, which
 * sets all the others, those of the fragment stage (threads, scene, the buffers' addresses in frag) being
 * filled by fxp_raster_prepare (raster/fxp_raster.c copy_compiled: the order of fs_in, out_noperspective, sample_x,
 * sample_y and sample_lo matters, and static assertions there check it). */
struct fxp_raster {
   /* set by the caller */
   struct fxp_context *ctx;
   const struct fxp_program *fs;
   const struct fxp_program *out;            /* the last vertex stage: its outputs are fxp_rvert.attr */
   const struct pipe_rasterizer_state *rast;  /* the bound CSO; fxp_raster_begin points it at the compiled
                                                 state's copy (struct fxp_raster_key.rast) */
   unsigned stride;                          /* floats of fxp_rvert.attr */
   int psize, edgeflag;                      /* the last stage's PSIZE and EDGEFLAG outputs, or -1 */
   struct fxp_raster_cache *cache;         /* the caller's, where the compiled state is kept */
   /* set by fxp_raster_begin at each draw, not compiled (here, so that copy_compiled does not copy it) */
   uint32_t poly_stipple[32];                /* the polygon stipple's rows (set_polygon_stipple), copied at each
                                                draw that enables it (rasterizer state poly_stipple_enable) */

   /* set by primitive assembly as it goes */
   /* line stipple: pixels of the current line primitive drawn so far (reset by primitive assembly at the
    * start of each line primitive; a strip's segments continue it) */
   float stipple_counter;
   /* primitive ID of the primitive being assembled: counts the primitives of an instance (primitive
    * assembly; restarts do not reset it) */
   uint32_t prim_id;

   /* FS inputs */
   struct fxp_fs_input fs_in[PIPE_MAX_SHADER_INPUTS];
   /* last-stage outputs the FS reads with noperspective interpolation: clipping gives the vertices it
    * makes their window-space interpolation of them (draw/fxp_prim.c lerp_vertex) */
   bool out_noperspective[PIPE_MAX_SHADER_OUTPUTS];
   bool any_noperspective;
   bool any_centroid;  /* an interpolated FS input is taken at the centroid (fxp_fs_input.centroid) */
   bool any_flat;      /* an FS input reads the provoking vertex's output (flat shading): binned
                          primitives other than points keep those outputs only then */
   /* smooth points and lines (GL's antialiasing: coverage into alpha), when the rasterizer state asks and
    * rasterization is not multisample (then GL ignores it); the colour outputs whose alpha coverage scales
    * (each once, float colour buffers only) */
   bool smooth_points, smooth_lines;
   unsigned num_aa_outputs;
   int aa_outputs[PIPE_MAX_COLOR_BUFS];
   unsigned num_fs_in;

   /* viewport: the current one (fxp_raster_set_viewport), its transform, and the scissor rectangle */
   int clip_minx, clip_miny, clip_maxx, clip_maxy;   /* scissor ∩ framebuffer, max exclusive */
   float vp_scale[3], vp_translate[3];
   unsigned cur_viewport;                 /* the viewport (and scissor) in vp_scale, clip_min... and zmin */
   unsigned cur_layer;                    /* the layer the fragment stage's buffer origins point at */

   /* multisampling (raster/fxp_samples.h), set by fxp_raster_begin from the framebuffer and the state */
   unsigned samples;                     /* samples a pixel of the framebuffer: 1, 2, 4, 8 or 16 */
   bool ms_coverage;                     /* samples > 1 and the rasterizer state's multisample: coverage,
                                            depth and stencil per sample; else a pixel's samples all take
                                            its centre's coverage */
   bool per_sample;                      /* shading once a sample (min_samples > 1, or the shader reads
                                            SAMPLEID or SAMPLEPOS), else once a pixel */
   bool post_depth_coverage;             /* SAMPLEMASK in is the coverage after the early depth and stencil
                                            tests (ARB_post_depth_coverage's layout(post_depth_coverage));
                                            without it the coverage before them */
   uint16_t sample_mask;                 /* set_sample_mask's bits of the framebuffer's samples */
   int64_t sample_x[16], sample_y[16];   /* sample s's position in subpixels from the pixel's sample point
                                            (centre with half_pixel_center): (16 pos - 128) * 16 */
   int64_t sample_lo, sample_hi;         /* the least and the largest of those offsets, both axes */

   /* the per-fragment stage's state for this draw: copied from the compiled state by fxp_raster_prepare,
    * unset before */
   struct fxp_fragment frag;
   /* fragment shading's batch function: the process's instruction-set table's copy (fxp_shade.h) */
   void (*shade_batch)(struct fxp_raster *r, struct fxp_raster_thread *ts, struct fxp_batch *bt);

   /* fragment shading: one state per rasterizing thread; with several threads the draw's primitives are
    * set up into a scene and rasterized at its end (or when the scene is large) */
   struct fxp_raster_thread *threads;
   unsigned num_threads;
   struct fxp_scene *scene;
   unsigned threads_ready;               /* threads[] set up for this draw so far */
   uint64_t direct_px;                   /* bounding-box pixels this draw rasterized at once, without the
                                            scene (fxp_rasterize_prim) */
   uint64_t direct_prims;                /* primitives this draw rasterized at once, or binned only because
                                            of a pending clear (clear_binned) */
   unsigned clear_binned;                /* primitives this draw binned that would have been rasterized at
                                            once, so that its pending clear is done bin by bin (raster/
                                            fxp_scene.h, FXP_SCENE_CLEAR_BIN_PRIMS); while the scene holds
                                            nothing else, at most that many */
   bool clear_binning;                   /* the scene holds only such primitives (and a pending clear) */
   uint64_t prims;                       /* primitives set up (added to the context's count at the end) */
   bool bin_all;                         /* a copy setting up a range of a draw's primitives on a thread of
                                            its own into the range's scene (draw/fxp_prim.c,
                                            fxp_prim_run_shared): every primitive binned, nothing flushed */
   bool bin_failed;                      /* (bin_all) the range's scene ran out of memory: the rest dropped */
   bool direct_chosen;                   /* primitives rasterized at once while the scene is empty, whatever
                                            their size (draw/fxp_prim.c, small_and_cheap) */
   unsigned serial_avg_px;               /* rasterized at once while the draw's boxes average at most this
                                            (raster/fxp_scene.h, FXP_SCENE_SERIAL_AVG_WORK) */
   bool fs_copy;                         /* the fragment shader only copies (shader/fxp_fs_copy.c): its copies run
                                            instead of the engine (raster/fxp_shade.c, run_fs); off under
                                            FXPIPE_DEBUG=nofast */
   bool share_batches;                   /* a batch may take quads of several triangles (raster/fxp_shade.h,
                                            struct fxp_batch; fxp_raster_begin says when) */
   bool whole_tile_batches;              /* a wholly covered 8x8 tile makes four batches of a quad row each
                                            (fxp_rasterize.c); off under FXPIPE_DEBUG=nofast, to compare */
   bool edges_32;                        /* partly covered tiles may be tested in 32-bit lanes
                                            (raster/fxp_coverage.h); off under FXPIPE_DEBUG=nofast */
   const struct fxp_bindings *fs_bind;   /* the context's (state/fxp_state_bindings.c) */
   const struct fxp_raster_compiled *compiled; /* the compiled state this draw took (fxp_raster_begin): its
                                            frag is copied into this one's by fxp_raster_prepare */
   const struct fxp_clear_pending *clear; /* the context's pending clear (fxp_ops.h), which the scene's first
                                            flush does bin by bin; NULL if none, or once done */
   bool fs_ready;                        /* fxp_raster_prepare has set the fragment stage up for this draw */
   bool fs_failed;                       /* it could not (out of memory): the draw's primitives are dropped */
   bool early_zs_chosen;                 /* early tests although the shader does not declare them */
   const char *early_zs_why;             /* whether depth and stencil are tested early, and why (FXPIPE_DEBUG=perf) */
};

/* The rule for drawing primitives at once on the drawing thread rather than binning them: `prims` primitives
 * whose bounding boxes cover area_px pixels in all are small and cheap when they average at most
 * serial_avg_px (raster/fxp_scene.h, FXP_SCENE_SERIAL_AVG_WORK). fxp_rasterize_prim applies it to the draw's
 * primitives so far, draw/fxp_prim.c to a sample of a draw's before sharing its setup out. */
static inline bool
fxp_raster_small_and_cheap(const struct fxp_raster *r, uint64_t area_px, uint64_t prims)
{
   return area_px <= (uint64_t)r->serial_avg_px * prims;
}

/* What the state the rasterizer compiles depends on (raster/fxp_raster.c compile_state): zeroed, then filled,
 * so that keys compare with memcmp. The CSOs are compared by content, so that a CSO freed and another made
 * at its address cannot be taken for it; programs by their serial, unique among the programs created. */
struct fxp_raster_key {
   uint32_t fs_serial, out_serial;       /* the fragment shader and the last vertex stage */
   uint32_t fb_serial;                   /* struct fxp_context framebuffer_serial */
   uint32_t sample_mask, min_samples;
   uint32_t debug;                       /* fxp_debug_flags */
   unsigned isa;                         /* the instruction-set table (fxp_isa_chosen) */
   bool has_blend, has_dsa;
   struct pipe_rasterizer_state rast;
   struct pipe_blend_state blend;
   struct pipe_depth_stencil_alpha_state dsa;
};

/* One compiled state: its key, the context's raster_serial when it was last found or made (a draw whose
 * serial is that needs no key: nothing was bound since), and a whole struct fxp_raster as compile_state left
 * it, before any per-draw field was set. */
struct fxp_raster_compiled {
   bool valid;
   uint32_t serial;
   struct fxp_raster_key key;
   struct fxp_raster state;
   struct fxp_fragment_bound bound;      /* what state.frag.bound points at */
};

/* Compiled states kept: enough for the few shader and state combinations a frame alternates between
 * (drawoverhead's program changes, a scene's objects); the oldest made is replaced. */
#define FXP_RASTER_COMPILED_MAX 4

/* What the rasterizer keeps from one draw to the next (in the context's draw cache): the rasterizing threads'
 * execution states, the scene when there are several threads, and the draw states compiled from bound state
 * (fxp_raster_begin). fxp_raster_cache_fini frees them. */
struct fxp_raster_cache {
   struct fxp_raster_thread *threads;
   unsigned num_threads;
   struct fxp_scene *scene;
   /* the scenes of a draw's ranges of primitives set up on several threads (draw/fxp_prim.c,
    * fxp_prim_run_shared), one a thread, made at the first such draw */
   struct fxp_scene **range_scenes;
   unsigned num_range_scenes;
   struct fxp_raster_compiled compiled[FXP_RASTER_COMPILED_MAX];
   unsigned last;                        /* compiled[last]: the last one used */
   unsigned next;                        /* compiled[next]: the next one to replace */
   /* the scene left open by the last draw (see "Open scenes" below): that draw's whole state, or NULL before
    * the first (heap) */
   struct fxp_raster *open;
   bool is_open;
   /* the scene in flight, drawn by the pool's threads while the drawing thread goes on (see "Scenes in
    * flight" below), and the thread states and scene the next draws take meanwhile (the flight has the
    * others; they change places at each submit) */
   struct fxp_raster_flight *flight;     /* (fxp_raster.c; heap, made at the first submit) */
   bool in_flight;
   struct fxp_raster_thread *spare_threads;
   unsigned num_spare_threads;
   struct fxp_scene *spare_scene;
};
void fxp_raster_cache_fini(struct fxp_raster_cache *c);
/* Whether the cache's scenes hold primitives not yet drawn: between draws only while one is open or in
 * flight (below); a sync point closes and retires them (the texture barrier checks this). */
bool fxp_raster_cache_pending(const struct fxp_raster_cache *c);

/* Open scenes: draws gathered into one scene.
 *
 * A draw whose fragment stage was set up (fxp_raster_prepare) may end without drawing what it binned: it
 * leaves the scene open (fxp_raster_end), its whole state copied to the cache's `open`, the context's
 * raster_open set. The next draw that takes the same compiled state (nothing it depends on was bound since)
 * takes the open scene's fragment stage at its first primitive instead of setting one up: the same mapped
 * buffers, thread states and bindings, and the scene, to which its primitives are added after the others
 * (binned, so that each pixel still sees them in order, or drawn at once while the scene holds none). So a
 * run of draws with one fragment state is set up once, and its primitives are drawn together, shared out
 * among the threads, when the scene is closed.
 *
 * What makes that correct: every entry point that changes what the open scene's fragment stage reads, frees
 * it, or reads or writes what it writes, closes the scene first (fxp_raster_close, fxp_context.h: the sync
 * points of context/fxp_sync.h, the state changes the compiled state depends on, the fragment shader's
 * bindings, the stencil reference, blend colour, polygon stipple, viewports and query activity); so while a
 * scene is open, none of that has changed since it was opened. A draw whose vertex stages write memory or
 * stream output closes it before its vertex work (draw/fxp_draw.c), so that no later write overtakes the
 * scene's reads. A scene is not left open by a draw whose fragment shader writes memory, that ended on
 * another layer or viewport than the first, or under FXPIPE_DEBUG=sync.
 *
 * Watchdog: a trip while the scene is drawn is reported by the entry point that closed it (as "draw"). */
void fxp_raster_close_scene(struct fxp_raster_cache *c);

/* Scenes in flight: an open scene drawn while the drawing thread goes on.
 *
 * A state change that ends an open scene without freeing or changing anything it reads (a bind the compiled
 * state depends on, the fragment shader's constants, sampler views and sampler states, the stencil reference,
 * the blend colour, or a draw that takes another compiled state) submits it rather than drawing it
 * (fxp_raster_submit_scene): its bins go to the pool's threads and the call returns at once, so that the next
 * draws' vertex work, setup and binning run while it is drawn. At most one scene is in flight; the next
 * waits for it (fxp_raster_retire) before it is submitted or drawn. What makes it correct:
 *  - it owns what it reads that the next draws would change: its state (`open`'s struct, which changes
 *    places with the flight's), a copy of the fragment shader's bindings, its thread states and its scene
 *    (the cache's spares are the next draws'), and the pending clear it does;
 *  - what the setters release while it is in flight, it holds until it retires (fxp_raster_hold: a constant
 *    buffer's copy or buffer, a sampler view), so that nothing it reads is freed;
 *  - everything else that changes, frees, reads or writes what it reads or writes retires it first: every
 *    sync point and every other state function that closed an open scene (fxp_raster_close), the next scene's
 *    flush and every primitive, clear or range setup the drawing thread does itself (fxp_rasterize.c,
 *    draw/fxp_prim.c), a compiled state about to be replaced while the flight points into it, and a watchdog
 *    trip at a draw's end;
 *  - retiring is on the drawing thread: it waits for the pool's threads (taking the shares none took), then
 *    folds the counters, unmaps the buffers and releases what it held, as closing a scene does.
 * Not submitted so: under FXPIPE_DEBUG=sync (no scene is left open), and scenes small enough to be drawn on
 * the drawing thread alone, which are drawn at once. A fork waits for every scene in flight (context/
 * fxp_pool.c). */
void fxp_raster_submit_scene(struct fxp_raster_cache *c);
void fxp_raster_retire(struct fxp_raster_cache *c);
/* What a state function releases while a scene is in flight: held by it until it retires (true), or not in
 * flight (false: the caller releases it now). */
enum fxp_raster_held { FXP_HELD_MEMORY, FXP_HELD_RESOURCE, FXP_HELD_VIEW };
bool fxp_raster_hold(struct fxp_raster_cache *c, enum fxp_raster_held kind, void *p);

/* raster/fxp_raster.c */
/* A draw's rasterization in three steps. fxp_raster_begin takes the state compiled from bound state (what
 * primitive assembly, clipping and setup read: culling, the viewport, the scissor); fxp_raster_prepare sets
 * the fragment stage up (the threads' states, the scene, the mapped buffers, the pending clear) when the
 * draw's first primitive survives setup, so that draws whose primitives are all culled (piglit's
 * drawoverhead) pay none of it; fxp_raster_end draws what is binned and gives back what was prepared.
 * fxp_raster_prepare is false out of memory (said once; the rest of the draw is dropped). */
void fxp_raster_begin(struct fxp_raster *r);
bool fxp_raster_prepare(struct fxp_raster *r);
static inline bool
fxp_raster_ready(struct fxp_raster *r)
{
   return likely(r->fs_ready) || fxp_raster_prepare(r);
}
/* Ends the draw: its scene is drawn, or left open (above). */
void fxp_raster_end(struct fxp_raster *r);
/* Primitives from now on go to layer `layer` of each buffer (clamped to the buffer's last layer, as an
 * unsigned value). */
void fxp_raster_set_layer(struct fxp_raster *r, uint32_t layer);
/* Primitives from now on use viewport `index` and its scissor (the first one if out of range). */
void fxp_raster_set_viewport(struct fxp_raster *r, uint32_t index);

/* Whether the triangle a, b, c (window x and y) is drawn at all: false when its signed area is zero or not
 * finite, or its facing is culled (rast->cull_face); *front is its facing (counter-clockwise on screen, y
 * growing down the framebuffer, is front when rast->front_ccw), set only when it is drawn. The one rule of
 * fxp_raster_triangle and of draw/fxp_prim.c's sample of a draw's triangles before sharing their setup. */
static inline bool
fxp_raster_triangle_facing(const struct pipe_rasterizer_state *rast, const float *a, const float *b,
                           const float *c, bool *front)
{
   const float ex = a[0] - c[0], ey = a[1] - c[1];
   const float fx = b[0] - c[0], fy = b[1] - c[1];
   const float det = ex * fy - ey * fx;
   if (!(det != 0.0f) || !isfinite(det))
      return false;
   *front = (det < 0.0f) == (bool)rast->front_ccw;
   return !(rast->cull_face & (*front ? PIPE_FACE_FRONT : PIPE_FACE_BACK));
}

/* raster/fxp_setup.c: primitives in window coordinates. edges: bit k = the edge from vertex k to k + 1
 * belongs to the primitive's outline (polygon mode LINE). */
void fxp_raster_triangle(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                         const struct fxp_rvert *v2, const struct fxp_rvert *provoking, unsigned edges);
void fxp_raster_line(struct fxp_raster *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                     const struct fxp_rvert *provoking);
void fxp_raster_point(struct fxp_raster *r, const struct fxp_rvert *v);

#endif
