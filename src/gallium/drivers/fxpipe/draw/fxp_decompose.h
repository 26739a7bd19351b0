/* Primitive decomposition: the one place that turns a draw's element sequence (one pipe_prim_type, primitive
 * restart) into the independent points, lines, triangles or patches that the later stages take, and the order
 * of the vertices in each. Stream output (draw/fxp_so.c), the geometry shader's input (draw/fxp_gs.c),
 * primitive assembly (draw/fxp_prim.c), the primitive counts of the queries and, later, the tessellation stage
 * all read it, so they cannot disagree on a strip's order. draw/fxp_decompose.c has the table of the orders and
 * the parts of the GL 4.6 specification they come from.
 *
 * Use: split the elements at restarts with fxp_run_next, then take each run's primitives in batches with
 * fxp_decomp_prims (no call per primitive or per vertex):
 *
 *    struct fxp_runs it = fxp_runs(elts, count);
 *    const uint32_t *run; unsigned n;
 *    while (fxp_run_next(&it, &run, &n))
 *       for (unsigned k = 0, got; (got = fxp_decomp_prims(mode, flags, run, n, k, idx, pflags, cap)); k += got)
 *          ... primitive j of the batch: idx[j * vpp .. j * vpp + vpp), pflags[j] (vpp = fxp_decomp_verts) */
#ifndef FXP_DECOMPOSE_H
#define FXP_DECOMPOSE_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"

/* An element that restarts the primitive (draw/fxp_draw.c writes it where the index was the restart index). */
#define FXP_ELT_RESTART UINT32_MAX

/* What fxp_decomp_prims is asked for (its `flags`):
 *
 * | bits | name                       | meaning                                                                |
 * |------|----------------------------|------------------------------------------------------------------------|
 * | 0    | FXP_DECOMP_FIRST_PROVOKING | the rasterizer's flatshade_first (GL's FIRST_VERTEX_CONVENTION)          |
 * | 1    | FXP_DECOMP_ADJACENCY       | keep the adjacent vertices of the adjacency types: the geometry shader's |
 * |      |                            | input primitives (4 or 6 vertices) instead of lines and triangles        |
 * | 8-15 | FXP_DECOMP_PATCH(n)        | PIPE_PRIM_PATCHES: n vertices a patch (1-32; 0 makes no patches)         | */
#define FXP_DECOMP_FIRST_PROVOKING (1u << 0)
#define FXP_DECOMP_ADJACENCY       (1u << 1)
#define FXP_DECOMP_PATCH_SHIFT     8
#define FXP_DECOMP_PATCH(n)        (((unsigned)(n) & 0xff) << FXP_DECOMP_PATCH_SHIFT)

/* What fxp_decomp_prims says of each primitive it writes (its `prim_flags`, one byte a primitive):
 *
 * | bits | name             | meaning                                                                         |
 * |------|------------------|---------------------------------------------------------------------------------|
 * | 0-2  | FXP_PRIM_EDGES   | triangles: bit k set if the edge from vertex k to vertex k + 1 (mod 3) is an     |
 * |      |                  | edge of the GL primitive (quads and polygons are split: the inner edges are not,  |
 * |      |                  | and polygon mode LINE must not draw them); 7 for every other triangle           |
 * | 3    | FXP_PRIM_END     | the last piece of its GL primitive (a quad is two triangles, a polygon n - 2):   |
 * |      |                  | the primitive ID advances after it                                                |
 * | 4    | FXP_PRIM_RESTART | the line stipple starts over: the first primitive of a run, and every line of     |
 * |      |                  | LINES and LINES_ADJACENCY (GL's line stipple counter restarts with each            |
 * |      |                  | independent segment and each new strip)                                            | */
#define FXP_PRIM_EDGES   7u
#define FXP_PRIM_END     (1u << 3)
#define FXP_PRIM_RESTART (1u << 4)

/* Vertices a primitive of `mode` has under `flags` (1, 2, 3, 4, 6, or a patch's); 0 for a mode fxpipe does
 * not draw. */
unsigned fxp_decomp_verts(enum pipe_prim_type mode, unsigned flags);

/* Primitives a restart-free run of `count` elements of `mode` makes (incomplete ones are not made). */
unsigned fxp_decomp_count(enum pipe_prim_type mode, unsigned flags, unsigned count);

/* Writes primitives first_prim, first_prim + 1, ... of a restart-free run of `count` elements (elts[]: the
 * run's vertex numbers) as whole primitives into out[] (fxp_decomp_verts entries each, at most out_cap entries)
 * and, if prim_flags is not NULL, their FXP_PRIM_* bits (room for out_cap / fxp_decomp_verts bytes: as many
 * as out_cap for points); returns how many it wrote (0 once first_prim is past
 * the last, or out_cap is smaller than one primitive). Only elts[0 .. count) is read. */
unsigned fxp_decomp_prims(enum pipe_prim_type mode, unsigned flags, const uint32_t *elts, unsigned count,
                       unsigned first_prim, uint32_t *out, uint8_t *prim_flags, unsigned out_cap);

/* Restart-free runs of an element sequence, in order; empty runs (two restarts in a row, a restart at either
 * end) are skipped. */
struct fxp_runs {
   const uint32_t *elts;
   unsigned count, pos;
};

static inline struct fxp_runs
fxp_runs(const uint32_t *elts, unsigned count)
{
   struct fxp_runs it = {elts, count, 0};
   return it;
}

static inline bool
fxp_run_next(struct fxp_runs *it, const uint32_t **run, unsigned *n)
{
   while (it->pos < it->count) {
      const unsigned start = it->pos;
      unsigned end = start;
      while (end < it->count && it->elts[end] != FXP_ELT_RESTART)
         end++;
      it->pos = end + 1;
      if (end > start) {
         *run = it->elts + start;
         *n = end - start;
         return true;
      }
   }
   return false;
}

/* Primitives of a whole element sequence, restarts included. */
static inline unsigned
fxp_decomp_count_elts(enum pipe_prim_type mode, unsigned flags, const uint32_t *elts, unsigned count)
{
   struct fxp_runs it = fxp_runs(elts, count);
   const uint32_t *run;
   unsigned n, prims = 0;
   while (fxp_run_next(&it, &run, &n))
      prims += fxp_decomp_count(mode, flags, n);
   return prims;
}

#endif
