/* Primitive decomposition (draw/fxp_decompose.h): which vertices, in which order, make each independent primitive
 * of a restart-free run of n elements, for every pipe_prim_type. Stream output, the geometry shader's input,
 * primitive assembly and the primitive counts all take their primitives from here.
 *
 * Primitive k of a run, vertices from 0 (the GL 4.6 specification numbers primitives i and vertices from 1:
 * its vertex 2i-1 of primitive i is vertex 2k of primitive k = i-1 here). "first" / "last" is the
 * provoking-vertex convention (FXP_DECOMP_FIRST_PROVOKING); "GS" is the geometry shader's view
 * (FXP_DECOMP_ADJACENCY). Where the table has one order, the convention does not change it.
 *
 * | mode                   | primitives     | primitive k                          | provoking (spec) |
 * |------------------------|----------------|--------------------------------------|------------------|
 * | POINTS                 | n              | k                                    | i       / i      |
 * | LINES                  | n/2            | 2k, 2k+1                             | 2i-1    / 2i     |
 * | LINE_STRIP             | n-1 (n >= 2)   | k, k+1                               | i       / i+1    |
 * | LINE_LOOP              | n (n >= 2)     | k, k+1; the last n-1, 0              | i       / i+1, 1 |
 * | LINES_ADJACENCY        | n/4            | 4k+1, 4k+2       GS: 4k .. 4k+3      | 4i-2    / 4i-1   |
 * | LINE_STRIP_ADJACENCY   | n-3 (n >= 4)   | k+1, k+2         GS: k .. k+3        | i+1     / i+2    |
 * | TRIANGLES              | n/3            | 3k, 3k+1, 3k+2                       | 3i-2    / 3i     |
 * | TRIANGLE_STRIP         | n-2 (n >= 3)   | even k: k, k+1, k+2                  | i       / i+2    |
 * |                        |                | odd k: first k, k+2, k+1; last k+1, k, k+2 (GS too)         |
 * | TRIANGLE_FAN           | n-2 (n >= 3)   | first k+1, k+2, 0; last 0, k+1, k+2  | i+1     / i+2    |
 * | TRIANGLES_ADJACENCY    | n/6            | 6k, 6k+2, 6k+4   GS: 6k .. 6k+5      | 6i-5    / 6i-1   |
 * | TRIANGLE_STRIP_ADJ.    | (n-4)/2 (n>=6) | even k: 2k, 2k+2, 2k+4               | 2i-1    / 2i+3   |
 * |                        |                | odd k: first 2k, 2k+4, 2k+2; last 2k+2, 2k, 2k+4            |
 * |                        |                | GS: Table 10.1 (below), either convention                    |
 * | QUADS (compat.)        | 2 (n/4)        | quad q = k/2, a = 4q: last a, a+1, a+3 | a+1, a+2, a+3;    |
 * |                        |                | first a+3, a, a+1 | a+3, a+1, a+2    | 4i      / 4i     |
 * | QUAD_STRIP (compat.)   | 2 ((n-2)/2)    | quad q, a = 2q: last a, a+1, a+3 | a+2, a, a+3;            |
 * |                        |  (n >= 4)      | first a+3, a, a+1 | a+3, a+2, a      | 2i+2    / 2i+2   |
 * | POLYGON (compat.)      | n-2 (n >= 3)   | first 0, k+1, k+2; last k+1, k+2, 0  | 1       / 1      |
 * | PATCHES                | n/p            | pk .. pk+p-1 (p = FXP_DECOMP_PATCH)  | -                |
 *
 * Why:
 * - Section 10.1 ("Primitive Types") gives which vertices make each primitive; the provoking column is the
 *   specification's table "Provoking vertex selection" (the rows ARB_provoking_vertex wrote, in the core
 *   specification since GL 3.2). Quads follow the last-vertex column only, because fxpipe reports
 *   QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION false (Mesa's default); a polygon's is its first vertex always.
 * - Each primitive is written as the independent type draws it: the provoking vertex first under the first
 *   convention and last under the last, and the winding GL gives it (odd strip triangles put back into the
 *   strip's winding, by a rotation of GL's order, never a swap that would flip it). Transform feedback (the
 *   specification's transform feedback section: "Individual lines or triangles of a strip or fan primitive
 *   will be extracted and recorded separately", the order within a primitive left open) then captures
 *   primitives that, drawn again as GL_LINES or GL_TRIANGLES under the same convention, give the same
 *   picture, flat colours and facing included: piglit's ext_transform_feedback-tessellation checks exactly
 *   that. Primitive assembly rasterizes the same primitives, so the two agree by construction.
 * - Triangle strips with adjacency: Table 10.1 lists odd triangles k as 2k+2, 2k, 2k+4, so under the last
 *   convention the provoking vertex 2k+4 (the spec's 2i+3) is already last; under the first it is 2k (the
 *   spec's 2i-1), the middle one of Table 10.1's order, and the rotation 2k, 2k+4, 2k+2 puts it first.
 *   (Before this file, stream output wrote Table 10.1's order under both conventions, so a captured strip with
 *   adjacency drawn again took 2k+2's flat values; primitive assembly already did as above.)
 * - The geometry shader (section 11.3.1, "Geometry Shader Input Primitives") receives the adjacency types'
 *   vertices in the order of section 10.1: lines with adjacency as drawn, triangles with adjacency as drawn,
 *   strips with adjacency by Table 10.1, whatever the provoking convention (which concerns only the
 *   primitives a geometry shader emits: ARB_provoking_vertex, issue 10). Its rows, as the GS's six inputs
 *   (vertex, adjacent, vertex, adjacent, vertex, adjacent), for triangle k of m:
 *
 *   | triangle                 | in[0] | in[1] | in[2] | in[3] | in[4] | in[5] |
 *   |--------------------------|-------|-------|-------|-------|-------|-------|
 *   | only (m = 1)             | 0     | 1     | 2     | 5     | 4     | 3     |
 *   | first (k = 0)            | 0     | 1     | 2     | 6     | 4     | 3     |
 *   | middle, k odd            | 2k+2  | 2k-2  | 2k    | 2k+3  | 2k+4  | 2k+6  |
 *   | middle, k even           | 2k    | 2k-2  | 2k+2  | 2k+6  | 2k+4  | 2k+3  |
 *   | last (k = m-1), k odd    | 2k+2  | 2k-2  | 2k    | 2k+3  | 2k+4  | 2k+5  |
 *   | last (k = m-1), k even   | 2k    | 2k-2  | 2k+2  | 2k+5  | 2k+4  | 2k+3  |
 *
 *   Plain triangle strips and fans, whose triangles the specification does not list vertex by vertex, reach
 *   the geometry shader in primitive assembly's order above (so that a pass-through shader draws what no shader
 *   draws).
 * - Primitive restart ends a run and starts a new one (the specification: as if the draw were issued again),
 *   so a strip's parity, a loop's closing segment and a polygon start over after it; fxp_run_next splits.
 * - Incomplete primitives (too few vertices left) are not made, in any consumer.
 */
#include <string.h>

#include "util/u_math.h"

#include "draw/fxp_decompose.h"
#include "fxp_hot.h"

FXP_DRAW_PATH unsigned
fxp_decomp_verts(enum pipe_prim_type mode, unsigned flags)
{
   const bool adj = flags & FXP_DECOMP_ADJACENCY;
   switch (mode) {
   case PIPE_PRIM_POINTS: return 1;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP: return 2;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP:
   case PIPE_PRIM_POLYGON: return 3;
   case PIPE_PRIM_LINES_ADJACENCY:
   case PIPE_PRIM_LINE_STRIP_ADJACENCY: return adj ? 4 : 2;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY: return adj ? 6 : 3;
   case PIPE_PRIM_PATCHES: return (flags >> FXP_DECOMP_PATCH_SHIFT) & 0xff;
   default: return 0;
   }
}

FXP_DRAW_PATH unsigned
fxp_decomp_count(enum pipe_prim_type mode, unsigned flags, unsigned n)
{
   switch (mode) {
   case PIPE_PRIM_POINTS: return n;
   case PIPE_PRIM_LINES: return n / 2;
   case PIPE_PRIM_LINE_STRIP: return n >= 2 ? n - 1 : 0;
   case PIPE_PRIM_LINE_LOOP: return n >= 2 ? n : 0;
   case PIPE_PRIM_LINES_ADJACENCY: return n / 4;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY: return n >= 4 ? n - 3 : 0;
   case PIPE_PRIM_TRIANGLES: return n / 3;
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_POLYGON: return n >= 3 ? n - 2 : 0;
   case PIPE_PRIM_QUADS: return n / 4 * 2;
   case PIPE_PRIM_QUAD_STRIP: return n >= 4 ? (n - 2) / 2 * 2 : 0;
   case PIPE_PRIM_TRIANGLES_ADJACENCY: return n / 6;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY: return n >= 6 ? (n - 4) / 2 : 0;
   case PIPE_PRIM_PATCHES: {
      const unsigned p = fxp_decomp_verts(mode, flags);
      return p ? n / p : 0;
   }
   default: return 0;
   }
}

/* The FXP_PRIM_* bits of primitives [k, end) of a run of n elements (edges, end of the GL primitive, line
 * stipple restart); one switch a batch, not one a primitive. */
static void
prim_flags(enum pipe_prim_type mode, bool first, unsigned n, unsigned k, unsigned end, uint8_t *pf)
{
   const unsigned got = end - k;
   switch (mode) {
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINES_ADJACENCY:
      memset(pf, FXP_PRIM_EDGES | FXP_PRIM_END | FXP_PRIM_RESTART, got);
      return;
   /* quads: (first) a+3 a a+1 has edges 3-0 and 0-1, a+3 a+1 a+2 has 1-2 and 2-3; (last) a a+1 a+3 has 0-1
    * and 3-0, a+1 a+2 a+3 has 1-2 and 2-3. Quad strips: the quad's outline is a, a+1, a+3, a+2 */
   case PIPE_PRIM_QUADS:
      for (unsigned j = k; j < end; j++)
         pf[j - k] = (j & 1) ? (first ? 6 : 3) | FXP_PRIM_END : (first ? 3 : 5);
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (unsigned j = k; j < end; j++)
         pf[j - k] = (j & 1) ? (first ? 3 : 5) | FXP_PRIM_END : (first ? 6 : 3);
      break;
   case PIPE_PRIM_POLYGON:
      for (unsigned j = k; j < end; j++) {
         /* the fan's first and last triangles carry the polygon's first and last edges */
         const unsigned a = j == 0, c = j + 3 == n;
         pf[j - k] = (first ? (a | 2 | c << 2) : (1 | c << 1 | a << 2)) | (c ? FXP_PRIM_END : 0);
      }
      break;
   default:
      memset(pf, FXP_PRIM_EDGES | FXP_PRIM_END, got);
      break;
   }
   if (k == 0)
      pf[0] |= FXP_PRIM_RESTART;
}

FXP_DRAW_PATH unsigned
fxp_decomp_prims(enum pipe_prim_type mode, unsigned flags, const uint32_t *e, unsigned n, unsigned first_prim,
              uint32_t *out, uint8_t *pf, unsigned out_cap)
{
   const unsigned vpp = fxp_decomp_verts(mode, flags);
   const unsigned total = fxp_decomp_count(mode, flags, n);
   if (!vpp || first_prim >= total || out_cap < vpp)
      return 0;
   const unsigned got = MIN2(total - first_prim, out_cap / vpp), end = first_prim + got;
   const bool first = flags & FXP_DECOMP_FIRST_PROVOKING, adj = flags & FXP_DECOMP_ADJACENCY;
   uint32_t *o = out;
   unsigned k = first_prim;

   /* every index below is < n for k < total (the counts above are what keeps it so) */
#define V1(a) (o[0] = e[a], o += 1)
#define V2(a, b) (o[0] = e[a], o[1] = e[b], o += 2)
#define V3(a, b, c) (o[0] = e[a], o[1] = e[b], o[2] = e[c], o += 3)
   switch (mode) {
   case PIPE_PRIM_POINTS:
      for (; k < end; k++)
         V1(k);
      break;
   case PIPE_PRIM_LINES:
      for (; k < end; k++)
         V2(2 * k, 2 * k + 1);
      break;
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      for (; k < end; k++)
         V2(k, k + 1 < n ? k + 1 : 0); /* a strip never reaches k = n - 1; a loop closes there */
      break;
   case PIPE_PRIM_LINES_ADJACENCY:
      for (; k < end; k++) {
         if (adj) {
            V2(4 * k, 4 * k + 1);
            V2(4 * k + 2, 4 * k + 3);
         } else {
            V2(4 * k + 1, 4 * k + 2);
         }
      }
      break;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (; k < end; k++) {
         if (adj) {
            V2(k, k + 1);
            V2(k + 2, k + 3);
         } else {
            V2(k + 1, k + 2);
         }
      }
      break;
   case PIPE_PRIM_TRIANGLES:
      for (; k < end; k++)
         V3(3 * k, 3 * k + 1, 3 * k + 2);
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      for (; k < end; k++) {
         if (!(k & 1))
            V3(k, k + 1, k + 2);
         else if (first)
            V3(k, k + 2, k + 1);
         else
            V3(k + 1, k, k + 2);
      }
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (; k < end; k++) {
         if (first)
            V3(k + 1, k + 2, 0);
         else
            V3(0, k + 1, k + 2);
      }
      break;
   case PIPE_PRIM_POLYGON:
      for (; k < end; k++) {
         if (first)
            V3(0, k + 1, k + 2);
         else
            V3(k + 1, k + 2, 0);
      }
      break;
   case PIPE_PRIM_QUADS:
      for (; k < end; k++) {
         const unsigned a = 4 * (k / 2);
         if (!(k & 1))
            first ? V3(a + 3, a, a + 1) : V3(a, a + 1, a + 3);
         else
            first ? V3(a + 3, a + 1, a + 2) : V3(a + 1, a + 2, a + 3);
      }
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (; k < end; k++) {
         const unsigned a = 2 * (k / 2);
         if (!(k & 1))
            first ? V3(a + 3, a, a + 1) : V3(a, a + 1, a + 3);
         else
            first ? V3(a + 3, a + 2, a) : V3(a + 2, a, a + 3);
      }
      break;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (; k < end; k++) {
         const unsigned a = 6 * k;
         if (adj) {
            V3(a, a + 1, a + 2);
            V3(a + 3, a + 4, a + 5);
         } else {
            V3(a, a + 2, a + 4);
         }
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      for (; k < end; k++) {
         const unsigned a = 2 * k;
         if (adj) {
            /* Table 10.1 (see the top of the file) */
            const unsigned prev = k == 0 ? 1 : a - 2;           /* across edge (2k, 2k+2) */
            const unsigned next = k + 1 == total ? a + 5 : a + 6; /* across the edge that is not outer */
            if (!(k & 1)) {
               V3(a, prev, a + 2);
               V3(next, a + 4, a + 3);
            } else {
               V3(a + 2, prev, a);
               V3(a + 3, a + 4, next);
            }
         } else if (!(k & 1)) {
            V3(a, a + 2, a + 4);
         } else if (first) {
            V3(a, a + 4, a + 2);
         } else {
            V3(a + 2, a, a + 4);
         }
      }
      break;
   case PIPE_PRIM_PATCHES:
      for (; k < end; k++)
         for (unsigned v = 0; v < vpp; v++)
            V1(k * vpp + v);
      break;
   default:
      return 0;
   }
#undef V1
#undef V2
#undef V3
   if (pf)
      prim_flags(mode, first, n, first_prim, end, pf);
   return got;
}
