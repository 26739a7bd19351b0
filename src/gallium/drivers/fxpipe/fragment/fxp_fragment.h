/* The per-fragment stage's API: what the rasterizer (raster/fxp_shade.c) hands it for each shaded batch, and
 * the state of one draw it works on (struct fxp_fragment: the fragment shader's outputs, the mapped colour
 * and depth/stencil buffers, the depth range, the fast paths chosen). The rasterizer fills that state at
 * the start of a draw (raster/fxp_raster.c fxp_raster_begin, and fxp_raster_prepare for the buffers and
 * the draw's constants, at its first primitive set up) and moves its buffer origins between layers.
 *
 * fxp_fragment.c       the general path: depth/stencil, blending, logic ops, colour masks, writes
 * fxp_fragment_fast.c  the fast paths for common formats, tested against the general path
 * fxp_fragment_ops.h   the arithmetic both share */
#ifndef FXP_FRAGMENT_H
#define FXP_FRAGMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "util/u_math.h"
#include "shader/fxp_shader.h"

struct fxp_context;

/* The bound state the per-fragment stage reads, rather than the context's, whose CSOs a later bind or delete
 * changes or frees (docs/deferred-raster-plan.md): made with the compiled state (fxp_fragment_take_bound_state;
 * the rasterizer keeps it beside its compiled copy, raster/fxp_raster.h struct fxp_raster_compiled, so that a
 * draw copies a pointer to it). The blend and depth-stencil-alpha states are the copies of the CSOs' bytes in
 * the compiled state's key (struct fxp_raster_key), which lives as long as it; the framebuffer's formats are
 * copied here. Zeroed, then filled. */
struct fxp_fragment_bound {
   const struct pipe_blend_state *blend;  /* NULL without a blend state (fxp_fragment_blend: no blending,
                                             every channel written) */
   const struct pipe_depth_stencil_alpha_state *dsa; /* never NULL: zeroed (no test) without a state */
   unsigned nr_cbufs;                     /* the framebuffer's colour buffers, at most PIPE_MAX_COLOR_BUFS */
   enum pipe_format cbuf_format[PIPE_MAX_COLOR_BUFS];  /* PIPE_FORMAT_NONE where there is no buffer */
   enum pipe_format zs_format;            /* PIPE_FORMAT_NONE without a depth-stencil buffer */
};

/* One draw's per-fragment state. */
struct fxp_fragment {
   struct fxp_context *ctx;
   const struct pipe_rasterizer_state *rast;
   const struct fxp_fragment_bound *bound;
   /* the state that changes without a bind the compiled state depends on, copied at each draw
    * (fxp_fragment_take_draw_state) */
   struct pipe_stencil_ref stencil_ref;
   struct pipe_blend_color blend_color;

   /* FS outputs */
   int fs_color[PIPE_MAX_COLOR_BUFS];     /* FS output index per colour buffer, -1 if none */
   int fs_depth;                          /* FS output writing depth (z channel), -1 if none */
   int fs_stencil;                        /* FS output writing the stencil reference (y channel), -1 if none */
   int fs_samplemask;                     /* FS output writing the sample mask (x channel), -1 if none */
   int fs_color1;                         /* dual-source blending: the FS's second colour (COLOR[1]) for
                                             render target 0, -1 when the blend state does not use it */

   /* the framebuffer's size: with multisampling (samples > 1, raster/fxp_samples.h) the width is in sample
    * columns, fb_width = pixels * samples, and the rasterizer hands this stage sample s of pixel x as
    * x * samples + s (resource/fxp_resource.h's layout), one sample at a time */
   unsigned fb_width, fb_height;
   unsigned samples;

   /* colour and depth/stencil buffers, mapped for the whole draw: the mapping, and the surface's level
    * and first layer as an origin with row stride and pixel size, so pixel (x, y) is at
    * origin + y * stride + x * bpp */
   uint8_t *cbuf_base[PIPE_MAX_COLOR_BUFS];
   uint8_t *zs_base;
   uint8_t *cbuf_origin[PIPE_MAX_COLOR_BUFS], *zs_origin;
   unsigned cbuf_stride[PIPE_MAX_COLOR_BUFS], cbuf_bpp[PIPE_MAX_COLOR_BUFS], zs_stride, zs_bpp;
   size_t cbuf_offset_B[PIPE_MAX_COLOR_BUFS], zs_offset_B; /* each origin from its mapping, compiled with the
                                                              bound state (raster/fxp_raster.c) */
   double zmin, zmax;                     /* depth range the fragments are clamped to */
   bool early_zs;                         /* depth/stencil tested before shading (FS early_fragment_tests,
                                             or a FS that cannot change their outcome) */

   /* layered rendering (a geometry shader writing LAYER): each buffer's first layer and bytes per layer,
    * and how many layers it has (the origins above point at the current layer) */
   uint8_t *cbuf_layer0[PIPE_MAX_COLOR_BUFS], *zs_layer0;
   size_t cbuf_layer_B[PIPE_MAX_COLOR_BUFS], zs_layer_B;
   unsigned cbuf_layers[PIPE_MAX_COLOR_BUFS], zs_layers;

   /* fast per-fragment paths (fragment/fxp_fragment_fast.c), chosen per draw */
   bool fast_frag;
   const char *fast_refused;              /* without fast_frag: why (a static string; FXPIPE_DEBUG=perf) */
   uint8_t fast_color[PIPE_MAX_COLOR_BUFS], fast_depth;
   bool fast_color_alpha[PIPE_MAX_COLOR_BUFS];
   bool fast_color_srgb[PIPE_MAX_COLOR_BUFS];   /* sRGB: R, G and B encoded and decoded as util_format does */
   bool fast_color_plain[PIPE_MAX_COLOR_BUFS];  /* no blending, all channels written */
   bool fast_color_over[PIPE_MAX_COLOR_BUFS];   /* SRC_ALPHA, INV_SRC_ALPHA, ADD everywhere, all channels */
   bool fast_color_clamp[PIPE_MAX_COLOR_BUFS];  /* float buffers: sources clamped to [0, 1] (the rasterizer's
                                                   clamp_fragment_color); UNORM ones are clamped anyway */
   /* the fast depth test, compiled at setup: on (depth test enabled), writes, and the depth function as a
    * truth table over the outcome of comparing the fragment's depth a with the stored b:
    * | bit | 0     | 1      | 2     | 3                      |
    * |-----|-------|--------|-------|------------------------|
    * | if  | a < b | a == b | a > b | unordered (a NaN b)    |
    * (PIPE_FUNC_* values are bits 0-2 already; NOTEQUAL and ALWAYS pass unordered, as fxp_compare) */
   bool fast_depth_on, fast_depth_write;
   uint8_t fast_depth_tt;
   bool fast_stencil;                     /* the stencil test is on for a face and the buffer is Z24 with S8
                                             (either order): the fast test's stencil loop (the copies of the
                                             stencil faces and reference read at each batch) */
   uint32_t fast_depth_keep;              /* Z24 formats: the word's stencil bits, kept by depth writes (0 for
                                             the X8 formats, whose padding byte writes get as 0) */
   /* the batch functions of the process's instruction-set table (set by fxp_fragment_fast_setup) */
   unsigned (*fast_ops)(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y,
                        const double *z, uint32_t mask, bool front);
   unsigned (*fast_early_z)(struct fxp_fragment *f, const int *x, const int *y, const double *z,
                            uint32_t *mask, bool front);
};

/* fragment/fxp_fragment.c: the bound state the compiled state keeps (struct fxp_fragment_bound): blend (NULL
 * without one) and dsa, copies of the bound CSOs that outlive b's use, and the framebuffer's formats from ctx;
 * then the copies taken at each draw (inline: every draw runs it). */
void fxp_fragment_take_bound_state(struct fxp_fragment_bound *b, const struct pipe_blend_state *blend,
                                   const struct pipe_depth_stencil_alpha_state *dsa, const struct fxp_context *ctx);

static inline void
fxp_fragment_take_draw_state(struct fxp_fragment *f, const struct pipe_stencil_ref *ref,
                             const struct pipe_blend_color *color)
{
   f->stencil_ref = *ref;
   f->blend_color = *color;
}

static inline const struct pipe_blend_state *
fxp_fragment_blend(const struct fxp_fragment *f)
{
   return f->bound->blend;
}

/* fragment/fxp_fragment.c: per-fragment operations on one shaded batch. x[l], y[l] are the lanes' pixel
 * positions, z[l] their depth (window space, double precision); mask has the lanes to write; front tells the
 * stencil face. Returns the number of samples that passed depth and stencil. */
unsigned fxp_fragment_ops(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y,
                          const double *z, uint32_t mask, bool front);
/* Early depth and stencil tests (f->early_zs: a fragment shader declaring early fragment tests, or one that
 * cannot change their outcome, raster/fxp_raster.c): tests and updates the lanes of *mask before shading,
 * clears the bits of those that fail, returns how many passed. */
unsigned fxp_fragment_early_zs(struct fxp_fragment *f, const int *x, const int *y, const double *z,
                               uint32_t *mask, bool front);

/* fragment/fxp_fragment_fast.c: whether this draw's buffers and state have a fast path (sets
 * f->fast_frag and the table's batch functions below), and the fast path itself (same contract as
 * fxp_fragment_ops). The batch functions are also compiled into each of the engine's
 * instruction-set tables (meson.build: the engine's files; shader/fxp_shader.h, "Instruction sets"), each
 * copy named with its table's suffix; setup picks the process's table's (struct fxp_engine). */
#ifdef FXP_ISA_SUFFIX
#define FXP_FRAGMENT_CAT_(a, b) a##_##b
#define FXP_FRAGMENT_CAT(a, b) FXP_FRAGMENT_CAT_(a, b)
#define fxp_fragment_fast FXP_FRAGMENT_CAT(fxp_fragment_fast, FXP_ISA_SUFFIX)
#define fxp_fragment_fast_early_z FXP_FRAGMENT_CAT(fxp_fragment_fast_early_z, FXP_ISA_SUFFIX)
#endif
bool fxp_fragment_fast_setup(struct fxp_fragment *f);
/* fxp_fragment_early_zs's work with the fast depth-stencil test (f->fast_depth set). */
unsigned fxp_fragment_fast_early_z(struct fxp_fragment *f, const int *x, const int *y, const double *z,
                                   uint32_t *mask, bool front);
unsigned fxp_fragment_fast(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y,
                           const double *z, uint32_t mask, bool front);

/* Whether lane l is in the mask and inside the framebuffer. */
static inline bool
fxp_fragment_lane_in(const struct fxp_fragment *f, const int *x, const int *y, uint32_t mask, unsigned l)
{
   return (mask & (1u << l)) && x[l] >= 0 && y[l] >= 0 && (unsigned)x[l] < f->fb_width &&
          (unsigned)y[l] < f->fb_height;
}

/* The depth a fragment is tested and written with: clamped to the depth range, NaN as the near end. */
static inline double
fxp_fragment_clamp_z(const struct fxp_fragment *f, double v)
{
   v = CLAMP(v, f->zmin, f->zmax);
   return v == v ? v : f->zmin;
}

/* Whether lane l of a shaded batch is written (in the mask and inside the framebuffer), and its depth:
 * the fragment shader's if it writes one, else the interpolated one, clamped to the depth range. */
static inline bool
fxp_fragment_lane(const struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y,
                  const double *zin, uint32_t mask, unsigned l, double *z)
{
   if (!fxp_fragment_lane_in(f, x, y, mask, l))
      return false;
   *z = fxp_fragment_clamp_z(f, f->fs_depth >= 0 ? fxp_output(e, f->fs_depth, 2)->af[l] : zin[l]);
   return true;
}

static inline uint8_t *
fxp_fragment_cbuf(const struct fxp_fragment *f, unsigned i, int x, int y)
{
   return f->cbuf_origin[i] + (size_t)y * f->cbuf_stride[i] + (size_t)x * f->cbuf_bpp[i];
}

static inline uint8_t *
fxp_fragment_zs(const struct fxp_fragment *f, int x, int y)
{
   return f->zs_origin + (size_t)y * f->zs_stride + (size_t)x * f->zs_bpp;
}

#endif
