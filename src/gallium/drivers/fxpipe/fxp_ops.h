/* Whole-resource operations outside the drawing pipeline: fills, clears, copies and blits (ops/). */
#ifndef FXP_OPS_H
#define FXP_OPS_H

#include "pipe/p_state.h"

struct fxp_resource;
struct fxp_pool;

/* A rectangle of pixels on slices [z0, z0 + depth) of one level. */
struct fxp_region {
   unsigned level;
   unsigned x, y, z;
   unsigned width, height, depth;
};

/* The fills below share large regions out among the threads of `pool` (NULL: on the calling thread alone). */

/* Fills a region with one colour, packed into `format` (a view format of the resource's block size). */
void fxp_fill_color(struct fxp_resource *res, enum pipe_format format, const struct fxp_region *r,
                    const union pipe_color_union *color, struct fxp_pool *pool);

/* Fills the depth and/or stencil (PIPE_CLEAR_DEPTH / PIPE_CLEAR_STENCIL) of a region; the other part of a
 * combined format is kept. */
void fxp_fill_zs(struct fxp_resource *res, enum pipe_format format, const struct fxp_region *r,
                 unsigned clear_flags, double depth, unsigned stencil, struct fxp_pool *pool);

/* Fills a region of blocks with a packed block value of the resource's block size. */
void fxp_fill_packed(struct fxp_resource *res, const struct fxp_region *blocks, const void *value,
                     struct fxp_pool *pool);

/* A clear of the bound framebuffer not done yet (ops/fxp_clear.c): a full clear of buffers that are each the
 * framebuffer's size, one sample and one layer is kept on the context until something reads or writes them,
 * so that the next draw's scene clears each bin just before drawing it (raster/fxp_rasterize.c) while the bin
 * is in the thread's cache, instead of one pass over the buffers and a second when the draw reads them back.
 * Every sync point (context/fxp_sync.h) but the clear's own, a framebuffer change, the other clears and a draw
 * that cannot take it do it whole first (fxp_clear_pending_apply). Off under FXPIPE_DEBUG=nofast. */
struct fxp_clear_pending {
   uint32_t cbufs;                          /* bit i: colour buffer i, with value color[i] */
   bool zs;                                 /* the depth-stencil buffer: its words become (w & ~zs_mask) | zs_value */
   uint8_t color[PIPE_MAX_COLOR_BUFS][16];  /* packed in the surface's format */
   uint32_t zs_value, zs_mask;              /* 4-byte depth-stencil formats (2-byte ones: the low half, mask 0xffff) */
};
struct fxp_context;
struct fxp_fragment;
/* Does ctx's pending clear whole now, on the pool's threads (nothing if none). */
void fxp_clear_pending_apply(struct fxp_context *ctx);
/* The pending clear on the pixels [x0, x1] x [y0, y1] (clipped to the framebuffer) of the buffers as a draw
 * mapped them (struct fxp_fragment's origins, strides and pixel sizes): a bin of the draw's scene. */
void fxp_clear_pending_fill(const struct fxp_clear_pending *pc, const struct fxp_fragment *f, int x0, int y0,
                            int x1, int y1);
/* Whether a draw that mapped the buffers f maps can take ctx's pending clear into its scene's bins. */
bool fxp_clear_pending_foldable(const struct fxp_context *ctx, const struct fxp_fragment *f);

/* Copies a region of blocks between resources of the same block size (src region in src blocks, destination
 * corner in dst blocks), within or across resources; overlapping regions are handled. Both regions must be
 * inside their levels. */
void fxp_copy_blocks(struct fxp_resource *dst, unsigned dst_level, unsigned dx, unsigned dy, unsigned dz,
                     struct fxp_resource *src, const struct fxp_region *src_blocks);

/* ops/fxp_blit.c: the blit of single-sample resources (pipe->blit hands multisample ones to fxp_blit_ms). */
void fxp_blit_single(struct pipe_context *pipe, const struct pipe_blit_info *info);
/* The parts of a format a blit can write (PIPE_MASK_Z and/or PIPE_MASK_S, else PIPE_MASK_RGBA). */
unsigned fxp_blit_format_mask(enum pipe_format format);
/* ops/fxp_blit_ms.c: blits to, from and between multisample resources (the table at the top of the file). */
void fxp_blit_ms(struct pipe_context *pipe, const struct pipe_blit_info *info);
/* One row of a multisample resolve: `width` pixels of `samples` samples each (sample s of pixel x at texel
 * x * samples + s of src) to `width` texels of dst, both in `format`: the average of a pixel's samples
 * (unpacked as floats), or sample 0 for integer, depth and stencil formats. */
void fxp_resolve_row(enum pipe_format format, unsigned samples, const uint8_t *src, uint8_t *dst,
                     unsigned width);
/* ops/fxp_resolve_fast.c: fxp_resolve_row for formats of UNORM8 channels only (every byte one channel), with
 * the same bytes; false (nothing written) for other formats and sample counts, and under FXPIPE_DEBUG=nofast.
 * fxp_resolve_row tries it first. */
bool fxp_resolve_row_fast(enum pipe_format format, unsigned samples, const uint8_t *src, uint8_t *dst,
                          unsigned width);

#endif
