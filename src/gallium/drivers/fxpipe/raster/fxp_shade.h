/* Shading: what coverage (fxp_rasterize.c) hands over, a batch of 2x2 quads of set-up primitives, and
 * the calls that interpolate the fragment shader's inputs over it, run the shader and pass the fragments on
 * to the per-fragment operations (fragment/fxp_fragment.h). */
#ifndef FXP_SHADE_H
#define FXP_SHADE_H

#include <stdbool.h>
#include <stdint.h>

#include "fxp_lanes.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"

#define FXP_QUADS_PER_BATCH (FXP_W / 4)

/* Up to FXP_QUADS_PER_BATCH quads: lane 4 q + i is pixel i of quad q (i = 0 top left, 1 top right,
 * 2 bottom left, 3 bottom right), quad q of primitive prim[q]. Quads of one primitive follow each other. A
 * batch holds quads of several primitives only where the draw allows it (fxp_raster.share_batches; then
 * they are triangles of one facing, and no two of the batch's quads are at the same place), so that small
 * triangles do not each pay for a batch of their own. */
struct fxp_batch {
   unsigned nq;
   unsigned first_q;            /* the first quad of the last primitive (prim[nq - 1]) */
   int x[FXP_W], y[FXP_W];
   uint32_t coverage;           /* lanes inside their primitive */
   bool row;                    /* a quad row of a wholly covered 8x8 tile, four quads of one primitive side
                                   by side: only x[0] and y[0] are set, and fxp_shade_batch writes the other
                                   lanes as (x[0] + fxp_row_dx[l], y[0] + fxp_row_dy[l]) */
   uint16_t smask[FXP_W];       /* multisampling (fxp_raster.samples > 1): each lane's covered samples, bit s
                                   for sample s; not set with one sample */
   const struct fxp_prim *prim[FXP_QUADS_PER_BATCH];
};

/* A quad row's lanes (struct fxp_batch.row) from its top-left pixel, in pixels. */
_Static_assert(FXP_W == 16, "a quad row is four quads: fxp_row_dx and fxp_row_dy have 16 lanes");
static const int8_t fxp_row_dx[FXP_W] = {0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7};
static const int8_t fxp_row_dy[FXP_W] = {0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1};

static inline void
fxp_batch_init(struct fxp_batch *bt)
{
   bt->nq = 0;
   bt->first_q = 0;
   bt->row = false;
   bt->coverage = 0; /* lanes past nq * 4 are never read: the rest is not cleared */
}

/* Gets rasterizing thread i's fragment-shader state ready for this draw (threads below i are). */
bool fxp_shade_thread_setup(struct fxp_raster *r, unsigned i);

/* Shades one batch of quads and runs the per-fragment operations; empties the batch. Quads partly outside
 * the primitive shade their outside pixels as helpers (for derivatives) and never write them. Also
 * compiled into each of the engine's instruction-set tables (meson.build: the engine's files; struct
 * fxp_engine.shade_batch), each copy named with its table's suffix, the same arithmetic on every table
 * (double-precision interpolation with no fused multiply-add: -ffp-contract=off); the rasterizer calls the
 * process's table's (fxp_raster.shade_batch, set per draw). */
#ifdef FXP_ISA_SUFFIX
#define FXP_SHADE_CAT_(a, b) a##_##b
#define FXP_SHADE_CAT(a, b) FXP_SHADE_CAT_(a, b)
#define fxp_shade_batch FXP_SHADE_CAT(fxp_shade_batch, FXP_ISA_SUFFIX)
#endif
void fxp_shade_batch(struct fxp_raster *r, struct fxp_raster_thread *ts, struct fxp_batch *bt);

#endif
