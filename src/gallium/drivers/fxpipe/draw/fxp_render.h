/* The data the drawing stages share during one draw_vbo: post-vertex-shader vertices, where their outputs
 * are, and how the fragment shader's inputs are fed from them.
 *
 * Post-VS vertex v (struct fxp_render.verts): stride floats per vertex, output o channel c at
 * verts[v * stride + 4 * o + c]; after clipping, screen-space position replaces nothing: the raster stage
 * works on struct fxp_rvert copies (window coordinates plus the output values).
 *
 * Stages:  draw/fxp_draw.c     indices, instances, vertex fetch and the vertex shader
 *          draw/fxp_gs.c       the geometry shader, when one is bound
 *          draw/fxp_so.c       stream output and primitive counts
 *          draw/fxp_prim.c     primitive assembly, clipping in homogeneous space, viewport transform
 *          raster/fxp_raster.c triangle/line/point setup, fixed-point edge functions, 2x2 quads,
 *                              attribute interpolation, fragment shader batches
 *          fragment/fxp_fragment.c  depth/stencil, blending, logic ops, colour masks, writes */
#ifndef FXP_RENDER_H
#define FXP_RENDER_H

#include "pipe/p_state.h"
#include "util/u_math.h"
#include "shader/fxp_shader.h"

struct fxp_context;

#define FXP_MAX_VARYING_FLOATS (4 * PIPE_MAX_SHADER_OUTPUTS)

/* Whether an output of a vertex or geometry shader (name, index) feeds an input of the next stage declared
 * as (in_name, in_index). Mesa 22.3's nir_to_tgsi declares generic varyings past GENERIC[31] as PATCH[j]
 * (their location runs past VARYING_SLOT_PATCH0 once shifted by 9) in vertex and geometry shaders, but as
 * GENERIC[32 + j] in fragment shaders: on both sides PATCH[j] is read as GENERIC[32 + j]. */
static inline bool
fxp_varying_matches(unsigned name, unsigned index, unsigned in_name, unsigned in_index)
{
   if (name == TGSI_SEMANTIC_PATCH)
      name = TGSI_SEMANTIC_GENERIC, index += 32;
   if (in_name == TGSI_SEMANTIC_PATCH)
      in_name = TGSI_SEMANTIC_GENERIC, in_index += 32;
   return name == in_name && index == in_index;
}

/* A vertex ready for the rasterizer: window x, y, z, 1/w, then the VS output values (stride floats). */
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
};

struct fxp_render {
   struct fxp_context *ctx;
   const struct fxp_program *vs, *gs, *fs;   /* gs may be NULL */
   const struct fxp_program *out;            /* the last vertex stage (gs, or vs): verts hold its outputs */
   const struct pipe_stream_output_info *so_info;  /* the last vertex stage's */
   const struct pipe_rasterizer_state *rast;

   bool discard;                          /* nothing is rasterized (rasterizer discard, or no position) */

   /* vertices of the last vertex stage, stride floats each */
   float *verts;
   unsigned num_verts, stride;

   /* output locations of the last vertex stage */
   int pos, psize, clipvertex, clipdist[2], edgeflag, layer, viewport_index;
   unsigned num_clipdist, num_culldist;  /* CLIPDIST outputs: the clip distances, then the cull ones */

   /* FS inputs */
   struct fxp_fs_input fs_in[PIPE_MAX_SHADER_INPUTS];
   /* last-stage outputs the FS reads with noperspective interpolation: clipping gives the vertices it
    * makes their window-space interpolation of them (draw/fxp_prim.c lerp_vertex) */
   bool out_noperspective[PIPE_MAX_SHADER_OUTPUTS];
   bool any_noperspective;
   unsigned num_fs_in;
   bool fs_sv_position, fs_sv_face;       /* FS reads them as system values */
   int fs_sv_position_index, fs_sv_face_index;

   /* FS outputs */
   int fs_color[PIPE_MAX_COLOR_BUFS];     /* FS output index per colour buffer, -1 if none */
   int fs_depth;                          /* FS output writing depth (z channel), -1 if none */
   int fs_stencil;                        /* FS output writing the stencil reference (y channel), -1 if none */
   int fs_color1;                         /* dual-source blending: the FS's second colour (COLOR[1]) for
                                             render target 0, -1 when the blend state does not use it */

   /* viewport and framebuffer */
   unsigned fb_width, fb_height;
   int clip_minx, clip_miny, clip_maxx, clip_maxy;   /* scissor ∩ framebuffer, max exclusive */
   float vp_scale[3], vp_translate[3];

   /* colour and depth/stencil buffers, mapped for the whole draw: the mapping, and the surface's level
    * and first layer as an origin with row stride and pixel size, so pixel (x, y) is at
    * origin + y * stride + x * bpp */
   uint8_t *cbuf_base[PIPE_MAX_COLOR_BUFS];
   uint8_t *zs_base;
   uint8_t *cbuf_origin[PIPE_MAX_COLOR_BUFS], *zs_origin;
   unsigned cbuf_stride[PIPE_MAX_COLOR_BUFS], cbuf_bpp[PIPE_MAX_COLOR_BUFS], zs_stride, zs_bpp;
   double zmin, zmax;                     /* depth range the fragments are clamped to */
   bool early_zs;                         /* depth/stencil tested before shading (FS early_fragment_tests) */

   /* layered rendering (a geometry shader writing LAYER): each buffer's first layer and bytes per layer,
    * how many layers it has, and the layer the origins above point at now */
   uint8_t *cbuf_layer0[PIPE_MAX_COLOR_BUFS], *zs_layer0;
   size_t cbuf_layer_B[PIPE_MAX_COLOR_BUFS], zs_layer_B;
   unsigned cbuf_layers[PIPE_MAX_COLOR_BUFS], zs_layers;
   unsigned cur_layer;
   unsigned cur_viewport;                 /* the viewport (and scissor) in vp_scale, clip_min... and zmin */

   /* fast per-fragment paths (fragment/fxp_fragment_fast.c), chosen per draw */
   bool fast_frag;
   uint8_t fast_color[PIPE_MAX_COLOR_BUFS], fast_depth;
   bool fast_color_alpha[PIPE_MAX_COLOR_BUFS];
   bool fast_color_plain[PIPE_MAX_COLOR_BUFS];  /* no blending, all channels written */
   bool fast_color_over[PIPE_MAX_COLOR_BUFS];   /* SRC_ALPHA, INV_SRC_ALPHA, ADD everywhere, all channels */

   /* line stipple: pixels of the current line primitive drawn so far (reset by primitive assembly at the
    * start of each line primitive; a strip's segments continue it) */
   float stipple_counter;

   /* primitive ID of the primitive being assembled: counts the primitives of an instance (primitive
    * assembly; restarts do not reset it) */
   uint32_t prim_id;

   /* fragment shading (raster/fxp_raster.c): one state per rasterizing thread; with several threads the
    * draw's primitives are set up into a scene and rasterized at its end (or when the scene is large) */
   struct fxp_raster_thread *threads;
   unsigned num_threads;
   struct fxp_scene *scene;
   unsigned threads_ready;               /* threads[] set up for this draw so far */
   const struct fxp_bindings *fs_bind;   /* the context's (state/fxp_state_bindings.c) */
   bool fs_ready;
};

/* What one rasterizing thread owns. */
struct fxp_raster_thread {
   struct fxp_exec fs_exec;
   uint64_t samples_passed;
   uint64_t ps_invocations;     /* fragments shaded (pipeline statistics) */
};

/* What one draw leaves to the next in the context (ctx->draw_cache): the vertex shader's and the rasterizing
 * threads' execution states and the vertex arrays, allocated at the first draw and grown when a draw needs
 * more, so that a small draw allocates nothing. Arrays past FXP_DRAW_CACHE_KEEP_B are freed after the draw
 * that needed them. */
#define FXP_DRAW_CACHE_KEEP_B (1u << 20)
struct fxp_draw_cache {
   struct fxp_exec vs_exec;
   struct fxp_raster_thread *threads;
   unsigned num_threads;
   struct fxp_scene *scene;     /* the rasterizer's, when it has several threads */
   uint32_t *vidx, *elts;       /* per element: the vertex index, and the element's vertex (or restart) */
   size_t vidx_cap, elts_cap;   /* elements each holds */
   uint32_t *remap;             /* vertex reuse: index - lowest index -> shaded vertex */
   size_t remap_cap;
   float *verts;                /* post-vertex-shader vertices */
   size_t verts_cap;            /* floats verts[] holds */
};

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
   uint32_t prim_id;                        /* input primitives so far in this instance */
   bool failed, mismatch;
   float *verts;                            /* output vertices not yet passed on */
   uint32_t *elts[PIPE_MAX_VERTEX_STREAMS]; /* each stream's sequence of them, UINT32_MAX between primitives */
   unsigned num_verts, cap_verts;
   unsigned num_elts[PIPE_MAX_VERTEX_STREAMS], cap_elts[PIPE_MAX_VERTEX_STREAMS];
};
bool fxp_gs_begin(struct fxp_gs_stage *g, struct fxp_render *r, const struct fxp_program *gs,
                  const struct fxp_program *vs);
void fxp_gs_run(struct fxp_gs_stage *g, enum pipe_prim_type mode, const float *vs_verts, unsigned vs_stride,
                const uint32_t *elts, unsigned count);
void fxp_gs_end(struct fxp_gs_stage *g);
unsigned fxp_gs_decompose(enum pipe_prim_type mode, unsigned count, bool first_provoking,
                          void (*emit)(void *data, const unsigned *v, unsigned n), void *data);

/* draw/fxp_prim.c: assembles, clips and rasterizes the primitives of a vertex sequence. elts[i] is the
 * post-VS vertex of the i-th element; restart splits strips (elts[i] == UINT32_MAX). */
void fxp_prim_run(struct fxp_render *r, enum pipe_prim_type mode, const uint32_t *elts, unsigned count);

/* draw/fxp_so.c: stream output and primitive counting for `count` elements of `mode` on a vertex stream
 * (elts[] map element positions to vertices of r->verts; no restart markers). */
void fxp_so_primitives(struct fxp_render *r, unsigned stream, enum pipe_prim_type mode, const uint32_t *elts,
                       unsigned count);
unsigned fxp_so_target_vertex_count(struct pipe_stream_output_target *t);
struct fxp_so_target *fxp_so_target(struct pipe_stream_output_target *t);
unsigned fxp_decompose(enum pipe_prim_type mode, unsigned count, bool first_provoking,
                       void (*emit)(void *data, const unsigned *v, unsigned n), void *data);

/* raster/fxp_raster.c */
bool fxp_raster_begin(struct fxp_render *r);
void fxp_raster_scene_destroy(struct fxp_scene *sc);
void fxp_raster_end(struct fxp_render *r);
/* edges: bit k = the edge from vertex k to k + 1 belongs to the primitive's outline (polygon mode LINE) */
void fxp_raster_triangle(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                         const struct fxp_rvert *v2, const struct fxp_rvert *provoking, unsigned edges);
void fxp_raster_line(struct fxp_render *r, const struct fxp_rvert *v0, const struct fxp_rvert *v1,
                     const struct fxp_rvert *provoking);
void fxp_raster_point(struct fxp_render *r, const struct fxp_rvert *v);
/* Primitives from now on go to layer `layer` of each buffer (clamped to the buffer's last layer, as an
 * unsigned value). */
void fxp_raster_set_layer(struct fxp_render *r, uint32_t layer);
/* Primitives from now on use viewport `index` and its scissor (the first one if out of range). */
void fxp_raster_set_viewport(struct fxp_render *r, uint32_t index);

/* fragment/fxp_fragment.c: per-fragment operations on one shaded batch. x[l], y[l] are the lanes' pixel
 * positions, z[l] their depth (window space, double precision); mask has the lanes to write; front tells the stencil face. Returns the
 * number of samples that passed depth and stencil. */
unsigned fxp_fragment_ops(struct fxp_render *r, struct fxp_exec *e, const int *x, const int *y,
                          const double *z, uint32_t mask, bool front);
/* Early depth and stencil tests (a fragment shader declaring early fragment tests, r->early_zs): tests and
 * updates the lanes of *mask before shading, clears the bits of those that fail, returns how many passed. */
unsigned fxp_fragment_early_zs(struct fxp_render *r, const int *x, const int *y, const double *z,
                               uint32_t *mask, bool front);

/* fragment/fxp_fragment_fast.c: whether this draw's buffers and state have a fast path (sets
 * r->fast_frag), and the fast path itself (same contract as fxp_fragment_ops, stencil never on). */
bool fxp_fragment_fast_setup(struct fxp_render *r);
unsigned fxp_fragment_fast(struct fxp_render *r, struct fxp_exec *e, const int *x, const int *y,
                           const double *z, uint32_t mask);

/* Whether lane l of a shaded batch is written (in the mask and inside the framebuffer), and its depth:
 * the fragment shader's if it writes one, else the interpolated one, clamped to the depth range. */
static inline bool
fxp_fragment_lane(const struct fxp_render *r, struct fxp_exec *e, const int *x, const int *y,
                  const double *zin, uint32_t mask, unsigned l, double *z)
{
   if (!(mask & (1u << l)))
      return false;
   if (x[l] < 0 || y[l] < 0 || (unsigned)x[l] >= r->fb_width || (unsigned)y[l] >= r->fb_height)
      return false;
   double v = r->fs_depth >= 0 ? fxp_output(e, r->fs_depth, 2)->af[l] : zin[l];
   v = CLAMP(v, r->zmin, r->zmax);
   *z = v == v ? v : r->zmin; /* NaN depth: the near end */
   return true;
}

static inline uint8_t *
fxp_render_cbuf(const struct fxp_render *r, unsigned i, int x, int y)
{
   return r->cbuf_origin[i] + (size_t)y * r->cbuf_stride[i] + (size_t)x * r->cbuf_bpp[i];
}

static inline uint8_t *
fxp_render_zs(const struct fxp_render *r, int x, int y)
{
   return r->zs_origin + (size_t)y * r->zs_stride + (size_t)x * r->zs_bpp;
}

#endif
