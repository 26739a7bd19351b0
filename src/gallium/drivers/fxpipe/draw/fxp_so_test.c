/* Tests of what stream output captures of each primitive type (draw/fxp_so.c takes its primitives from
 * draw/fxp_decompose.c without FXP_DECOMP_ADJACENCY): the independent primitives and vertex orders GL gives each
 * primitive type, in both provoking-vertex conventions, worked out by hand from the GL 4.6 specification (10.1,
 * and the table of provoking vertices), and the counts the PRIMITIVES_GENERATED query reads. */
#include <string.h>

#include "util/u_math.h"
#include "draw/fxp_decompose.h"
#include "tests/fxp_test.h"

/* want: `prims` primitives of `verts` vertices each, as a flat list of indices */
static void
expect(struct fxp_t *t, enum pipe_prim_type mode, unsigned count, bool first, unsigned verts, unsigned prims,
       const unsigned *want)
{
   uint32_t elts[64], out[64 * 3];
   const unsigned flags = first ? FXP_DECOMP_FIRST_PROVOKING : 0;
   for (unsigned i = 0; i < ARRAY_SIZE(elts); i++)
      elts[i] = i;
   const unsigned got = fxp_decomp_prims(mode, flags, elts, MIN2(count, 64), 0, out, NULL, ARRAY_SIZE(out));
   CHECK(t, got == prims && fxp_decomp_verts(mode, flags) == verts,
         "mode %u count %u first %d: %u primitives of %u vertices, want %u of %u", mode, count, first, got,
         fxp_decomp_verts(mode, flags), prims, verts);
   for (unsigned p = 0; p < MIN2(got, prims); p++)
      for (unsigned k = 0; k < verts; k++)
         CHECK(t, out[p * verts + k] == want[p * verts + k], "mode %u first %d primitive %u vertex %u: %u, want %u",
               mode, first, p, k, out[p * verts + k], want[p * verts + k]);
   /* the count the queries read agrees */
   CHECK_EQ_U(t, fxp_decomp_count(mode, flags, count), prims);
}

static void
test_points_lines(struct fxp_t *t)
{
   static const unsigned points[] = {0, 1, 2};
   expect(t, PIPE_PRIM_POINTS, 3, false, 1, 3, points);
   static const unsigned lines[] = {0, 1, 2, 3}; /* a fifth vertex is incomplete: dropped */
   expect(t, PIPE_PRIM_LINES, 5, false, 2, 2, lines);
   static const unsigned strip[] = {0, 1, 1, 2, 2, 3};
   expect(t, PIPE_PRIM_LINE_STRIP, 4, false, 2, 3, strip);
   static const unsigned loop[] = {0, 1, 1, 2, 2, 0}; /* the closing segment last */
   expect(t, PIPE_PRIM_LINE_LOOP, 3, false, 2, 3, loop);
   static const unsigned adj[] = {1, 2, 5, 6}; /* the inner pair of each four */
   expect(t, PIPE_PRIM_LINES_ADJACENCY, 8, false, 2, 2, adj);
   static const unsigned strip_adj[] = {1, 2, 2, 3}; /* 5 vertices: segments 1-2 and 2-3 */
   expect(t, PIPE_PRIM_LINE_STRIP_ADJACENCY, 5, false, 2, 2, strip_adj);
}

static void
test_triangles(struct fxp_t *t)
{
   static const unsigned tris[] = {0, 1, 2, 3, 4, 5};
   expect(t, PIPE_PRIM_TRIANGLES, 7, false, 3, 2, tris);
   /* strips: odd triangles swap two vertices to keep the winding; with the last-vertex convention the
    * provoking vertex i + 2 stays last, with the first-vertex convention vertex i stays first */
   static const unsigned strip_last[] = {0, 1, 2, 2, 1, 3, 2, 3, 4};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, 5, false, 3, 3, strip_last);
   static const unsigned strip_first[] = {0, 1, 2, 1, 3, 2, 2, 3, 4};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, 5, true, 3, 3, strip_first);
   /* fans: provoking vertex i + 2 (last) or i + 1 (first), around vertex 0 */
   static const unsigned fan_last[] = {0, 1, 2, 0, 2, 3};
   expect(t, PIPE_PRIM_TRIANGLE_FAN, 4, false, 3, 2, fan_last);
   static const unsigned fan_first[] = {1, 2, 0, 2, 3, 0};
   expect(t, PIPE_PRIM_TRIANGLE_FAN, 4, true, 3, 2, fan_first);
   /* adjacency: vertices 0, 2, 4 of each six */
   static const unsigned tri_adj[] = {0, 2, 4};
   expect(t, PIPE_PRIM_TRIANGLES_ADJACENCY, 6, false, 3, 1, tri_adj);
   /* strips with adjacency: triangle k is 2k, 2k+2, 2k+4, odd ones 2k+2, 2k, 2k+4 (Table 10.1); provoking
    * 2k+4 (last) must be last, 2k (first, the spec's 2i-1) first: odd ones then go 2k, 2k+4, 2k+2 */
   static const unsigned sadj_last[] = {0, 2, 4, 4, 2, 6, 4, 6, 8};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 10, false, 3, 3, sadj_last);
   static const unsigned sadj_first[] = {0, 2, 4, 2, 6, 4, 4, 6, 8};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 10, true, 3, 3, sadj_first);
}

static void
test_quads_polygons(struct fxp_t *t)
{
   /* the splits primitive assembly rasterizes, with the provoking vertex (a quad's last, a polygon's first)
    * where the convention looks for it */
   static const unsigned quads_last[] = {0, 1, 3, 1, 2, 3};
   expect(t, PIPE_PRIM_QUADS, 4, false, 3, 2, quads_last);
   static const unsigned quads_first[] = {3, 0, 1, 3, 1, 2};
   expect(t, PIPE_PRIM_QUADS, 4, true, 3, 2, quads_first);
   static const unsigned qstrip_last[] = {0, 1, 3, 2, 0, 3, 2, 3, 5, 4, 2, 5};
   expect(t, PIPE_PRIM_QUAD_STRIP, 6, false, 3, 4, qstrip_last);
   static const unsigned poly_last[] = {1, 2, 0, 2, 3, 0, 3, 4, 0};
   expect(t, PIPE_PRIM_POLYGON, 5, false, 3, 3, poly_last);
   static const unsigned poly_first[] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
   expect(t, PIPE_PRIM_POLYGON, 5, true, 3, 3, poly_first);
   /* too few vertices: nothing */
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, 2, false, 3, 0, NULL);
   expect(t, PIPE_PRIM_QUADS, 3, false, 3, 0, NULL);
}

const struct fxp_test fxp_so_tests[] = {
   {"so.points_lines", test_points_lines},
   {"so.triangles", test_triangles},
   {"so.quads_polygons", test_quads_polygons},
   {NULL},
};
