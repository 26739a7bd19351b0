/* Tests of the primitive decomposition (draw/fxp_decompose.c) against tables worked out by hand from the GL 4.6
 * specification, not produced by running the code: every primitive type, both provoking-vertex conventions
 * where they matter, the geometry shader's view with adjacent vertices (Table 10.1 for strips with adjacency),
 * quads' and polygons' inner edges and primitive ends, primitive restart, batches, and bad input (zero counts,
 * unknown modes, a buffer too small for one primitive).
 *
 * How each expected order was derived (positions 0-based; the spec numbers vertices and primitives from 1):
 * - the provoking vertex of primitive i (the spec's table "Provoking vertex selection") must sit where the
 *   independent primitive type puts it: vertex 0 under the first-vertex convention, the last vertex under the
 *   last-vertex convention, so that redrawing what stream output captured gives the same flat colours;
 * - the winding must be the one GL gives the primitive (odd strip triangles reversed back), so a rotation of
 *   GL's order is allowed, a swap is not. */
#include <string.h>

#include "util/u_math.h"
#include "draw/fxp_decompose.h"
#include "tests/fxp_test.h"

#define MAXV 64
#define POISON 0xbad0u /* elts[] past the run: must never be output */

static const unsigned FIRST = FXP_DECOMP_FIRST_PROVOKING, ADJ = FXP_DECOMP_ADJACENCY;

/* Decomposes positions 0..count-1 (elts[i] = i, poison after) and checks `prims` primitives of `verts` vertices
 * each (want[], flat) and, if want_flags is not NULL, their FXP_PRIM_* bits. Then again in batches of one and
 * two primitives, which must give the same. */
static void
expect(struct fxp_t *t, enum pipe_prim_type mode, unsigned flags, unsigned count, unsigned verts, unsigned prims,
       const unsigned *want, const uint8_t *want_flags)
{
   uint32_t elts[MAXV], out[MAXV * 6];
   uint8_t pf[MAXV];
   for (unsigned i = 0; i < MAXV; i++)
      elts[i] = i < count ? i : POISON + i;

   CHECK(t, fxp_decomp_verts(mode, flags) == verts, "mode %u flags %#x: %u vertices, want %u", mode, flags,
         fxp_decomp_verts(mode, flags), verts);
   CHECK(t, fxp_decomp_count(mode, flags, count) == prims, "mode %u flags %#x count %u: count %u, want %u", mode,
         flags, count, fxp_decomp_count(mode, flags, count), prims);
   const unsigned got = fxp_decomp_prims(mode, flags, elts, count, 0, out, pf, ARRAY_SIZE(out));
   CHECK(t, got == prims, "mode %u flags %#x count %u: %u primitives, want %u", mode, flags, count, got, prims);
   for (unsigned p = 0; p < MIN2(got, prims); p++) {
      for (unsigned k = 0; k < verts; k++)
         CHECK(t, out[p * verts + k] == want[p * verts + k],
               "mode %u flags %#x count %u primitive %u vertex %u: %u, want %u", mode, flags, count, p, k,
               out[p * verts + k], want[p * verts + k]);
      if (want_flags)
         CHECK(t, pf[p] == want_flags[p], "mode %u flags %#x primitive %u: flags %#x, want %#x", mode, flags, p,
               pf[p], want_flags[p]);
   }
   for (unsigned i = 0; i < got * verts; i++)
      CHECK(t, out[i] < count, "mode %u count %u: read past the run (%#x)", mode, count, out[i]);

   /* batches: room for exactly b primitives (plus a little less than one more) */
   for (unsigned b = 1; b <= 2 && verts; b++) {
      uint32_t part[2 * 6 + 5];
      uint8_t ppf[3];
      unsigned k = 0, n;
      while ((n = fxp_decomp_prims(mode, flags, elts, count, k, part, ppf, b * verts + verts - 1)) != 0) {
         CHECK(t, n <= b, "batch of %u holds %u", b, n);
         for (unsigned j = 0; j < n && k + j < got; j++) {
            CHECK(t, !memcmp(&part[j * verts], &out[(k + j) * verts], verts * sizeof(uint32_t)),
                  "mode %u: batch of %u, primitive %u differs", mode, b, k + j);
            CHECK(t, ppf[j] == pf[k + j], "mode %u: batch of %u, primitive %u flags differ", mode, b, k + j);
         }
         k += n;
         if (k > prims)
            break;
      }
      CHECK(t, k == prims, "mode %u: batches of %u made %u primitives, want %u", mode, b, k, prims);
   }
}

#define E FXP_PRIM_END
#define R FXP_PRIM_RESTART

static void
test_points_lines(struct fxp_t *t)
{
   static const unsigned points[] = {0, 1, 2};
   static const uint8_t points_f[] = {E | R | 7, E | 7, E | 7};
   expect(t, PIPE_PRIM_POINTS, 0, 3, 1, 3, points, points_f);
   /* independent lines: 2i-1, 2i (1-based); a fifth vertex is incomplete; each line restarts the stipple */
   static const unsigned lines[] = {0, 1, 2, 3};
   static const uint8_t lines_f[] = {E | R | 7, E | R | 7};
   expect(t, PIPE_PRIM_LINES, 0, 5, 2, 2, lines, lines_f);
   expect(t, PIPE_PRIM_LINES, FIRST, 5, 2, 2, lines, lines_f);
   /* strip: segment i is vertices i, i + 1; the stipple goes on along it */
   static const unsigned strip[] = {0, 1, 1, 2, 2, 3};
   static const uint8_t strip_f[] = {E | R | 7, E | 7, E | 7};
   expect(t, PIPE_PRIM_LINE_STRIP, 0, 4, 2, 3, strip, strip_f);
   expect(t, PIPE_PRIM_LINE_STRIP, FIRST, 4, 2, 3, strip, strip_f);
   /* loop: the closing segment last, from the last vertex to the first (provoking: n then 1, or 1) */
   static const unsigned loop[] = {0, 1, 1, 2, 2, 0};
   expect(t, PIPE_PRIM_LINE_LOOP, 0, 3, 2, 3, loop, NULL);
   static const unsigned loop2[] = {0, 1, 1, 0};
   expect(t, PIPE_PRIM_LINE_LOOP, FIRST, 2, 2, 2, loop2, NULL);
   expect(t, PIPE_PRIM_LINE_LOOP, 0, 1, 2, 0, NULL, NULL);
   /* lines with adjacency: the inner pair of each four (provoking 4i-2 / 4i-1), or all four for a GS */
   static const unsigned ladj[] = {1, 2, 5, 6};
   static const uint8_t ladj_f[] = {E | R | 7, E | R | 7};
   expect(t, PIPE_PRIM_LINES_ADJACENCY, 0, 8, 2, 2, ladj, ladj_f);
   expect(t, PIPE_PRIM_LINES_ADJACENCY, FIRST, 11, 2, 2, ladj, ladj_f);
   static const unsigned ladj_gs[] = {0, 1, 2, 3, 4, 5, 6, 7};
   expect(t, PIPE_PRIM_LINES_ADJACENCY, ADJ, 8, 4, 2, ladj_gs, NULL);
   /* line strip with adjacency: segment i is i + 1, i + 2 (provoking i+1 / i+2, 1-based); for a GS i .. i + 3 */
   static const unsigned lsadj[] = {1, 2, 2, 3};
   expect(t, PIPE_PRIM_LINE_STRIP_ADJACENCY, 0, 5, 2, 2, lsadj, NULL);
   static const unsigned lsadj_gs[] = {0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5};
   expect(t, PIPE_PRIM_LINE_STRIP_ADJACENCY, ADJ | FIRST, 6, 4, 3, lsadj_gs, NULL);
   expect(t, PIPE_PRIM_LINE_STRIP_ADJACENCY, 0, 3, 2, 0, NULL, NULL);
}

static void
test_triangles(struct fxp_t *t)
{
   static const unsigned tris[] = {0, 1, 2, 3, 4, 5};
   static const uint8_t tris_f[] = {E | R | 7, E | 7};
   expect(t, PIPE_PRIM_TRIANGLES, 0, 7, 3, 2, tris, tris_f);
   expect(t, PIPE_PRIM_TRIANGLES, FIRST | ADJ, 8, 3, 2, tris, tris_f);
   /* strips: triangle i (0-based) is i, i+1, i+2 with odd ones reversed back to the strip's winding;
    * provoking i+2 (last) must be last, i (first) must be first: (2,1,3) and (1,3,2), rotations of each
    * other. A geometry shader gets the same order. */
   static const unsigned strip_last[] = {0, 1, 2, 2, 1, 3, 2, 3, 4};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, 0, 5, 3, 3, strip_last, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, ADJ, 5, 3, 3, strip_last, NULL);
   static const unsigned strip_first[] = {0, 1, 2, 1, 3, 2, 2, 3, 4};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, FIRST, 5, 3, 3, strip_first, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP, FIRST | ADJ, 5, 3, 3, strip_first, NULL);
   /* fans: around vertex 0; provoking i+2 (last) or i+1 (first, never the centre), 1-based */
   static const unsigned fan_last[] = {0, 1, 2, 0, 2, 3};
   expect(t, PIPE_PRIM_TRIANGLE_FAN, 0, 4, 3, 2, fan_last, NULL);
   static const unsigned fan_first[] = {1, 2, 0, 2, 3, 0};
   expect(t, PIPE_PRIM_TRIANGLE_FAN, FIRST, 4, 3, 2, fan_first, NULL);
   /* triangles with adjacency: 0, 2, 4 of each six (provoking 6i-5 / 6i-1); all six for a GS */
   static const unsigned tadj[] = {0, 2, 4, 6, 8, 10};
   expect(t, PIPE_PRIM_TRIANGLES_ADJACENCY, 0, 12, 3, 2, tadj, NULL);
   expect(t, PIPE_PRIM_TRIANGLES_ADJACENCY, FIRST, 11, 3, 1, tadj, NULL);
   static const unsigned tadj_gs[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
   expect(t, PIPE_PRIM_TRIANGLES_ADJACENCY, ADJ, 12, 6, 2, tadj_gs, NULL);
}

/* Triangle strips with adjacency, the disagreement of the three old functions. Table 10.1 gives triangle i
 * (0-based) as 2i, 2i+2, 2i+4 for even i and 2i+2, 2i, 2i+4 for odd i. The provoking vertex is 2i-1 (first
 * convention) or 2i+3 (last), 1-based primitive i: 0-based 2i and 2i+4. Under the last convention Table 10.1's
 * order already ends with it; under the first, odd triangles need 2i first: (2i, 2i+4, 2i+2), a rotation of
 * Table 10.1's order. A geometry shader gets Table 10.1's six vertices whatever the convention. */
static void
test_strip_adjacency(struct fxp_t *t)
{
   static const unsigned last[] = {0, 2, 4, 4, 2, 6, 4, 6, 8};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 10, 3, 3, last, NULL);
   static const unsigned first[] = {0, 2, 4, 2, 6, 4, 4, 6, 8};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, FIRST, 10, 3, 3, first, NULL);
   static const unsigned first11[] = {0, 2, 4, 2, 6, 4, 4, 6, 8}; /* an odd count: the last vertex is unused */
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, FIRST, 11, 3, 3, first11, NULL);
   static const unsigned one[] = {0, 2, 4};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, FIRST, 6, 3, 1, one, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 7, 3, 1, one, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 5, 3, 0, NULL, NULL);

   /* the GS's order, Table 10.1's rows as (v1, adj 1/2, v2, adj 2/3, v3, adj 3/1):
    *   only  (n = 1):   0, 1, 2, 5, 4, 3
    *   first (i = 0):   0, 1, 2, 6, 4, 3
    *   middle, i odd:   2i+2, 2i-2, 2i, 2i+3, 2i+4, 2i+6
    *   middle, i even:  2i, 2i-2, 2i+2, 2i+6, 2i+4, 2i+3
    *   last, i odd:     2i+2, 2i-2, 2i, 2i+3, 2i+4, 2i+5
    *   last, i even:    2i, 2i-2, 2i+2, 2i+5, 2i+4, 2i+3 */
   static const unsigned gs_only[] = {0, 1, 2, 5, 4, 3};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ, 6, 6, 1, gs_only, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ | FIRST, 7, 6, 1, gs_only, NULL);
   static const unsigned gs10[] = {0, 1, 2, 6, 4, 3, /**/ 4, 0, 2, 5, 6, 8, /**/ 4, 2, 6, 9, 8, 7};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ, 10, 6, 3, gs10, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ | FIRST, 10, 6, 3, gs10, NULL);
   static const unsigned gs12[] = {0, 1, 2, 6, 4, 3, /**/ 4, 0, 2, 5, 6, 8, /**/ 4, 2, 6, 10, 8, 7,
                                   /**/ 8, 4, 6, 9, 10, 11};
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ, 12, 6, 4, gs12, NULL);
   expect(t, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ | FIRST, 13, 6, 4, gs12, NULL);
}

/* Quads, quad strips and polygons (compatibility profile): split into triangles keeping the winding, with the
 * provoking vertex where the convention looks for it. fxpipe reports QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION
 * false, so a quad's is always its last (4i; quad strip 2i+2), a polygon's always its first. Edge bits mark the
 * quad's or polygon's own edges; END the last triangle of each. */
static void
test_quads_polygons(struct fxp_t *t)
{
   /* quad 0 1 2 3: outer edges 01 12 23 30, split along 1-3 */
   static const unsigned quads_last[] = {0, 1, 3, 1, 2, 3};
   static const uint8_t quads_last_f[] = {R | 5, E | 3};
   expect(t, PIPE_PRIM_QUADS, 0, 4, 3, 2, quads_last, quads_last_f);
   static const unsigned quads_first[] = {3, 0, 1, 3, 1, 2};
   static const uint8_t quads_first_f[] = {R | 3, E | 6};
   expect(t, PIPE_PRIM_QUADS, FIRST, 4, 3, 2, quads_first, quads_first_f);
   static const unsigned quads2[] = {0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7};
   static const uint8_t quads2_f[] = {R | 5, E | 3, 5, E | 3};
   expect(t, PIPE_PRIM_QUADS, 0, 9, 3, 4, quads2, quads2_f);
   expect(t, PIPE_PRIM_QUADS, 0, 3, 3, 0, NULL, NULL);
   /* quad strip quad q: 2q 2q+1 2q+3 2q+2 around, split along 2q-(2q+3) */
   static const unsigned qs_last[] = {0, 1, 3, 2, 0, 3, 2, 3, 5, 4, 2, 5};
   static const uint8_t qs_last_f[] = {R | 3, E | 5, 3, E | 5};
   expect(t, PIPE_PRIM_QUAD_STRIP, 0, 6, 3, 4, qs_last, qs_last_f);
   static const unsigned qs_first[] = {3, 0, 1, 3, 2, 0, 5, 2, 3, 5, 4, 2};
   static const uint8_t qs_first_f[] = {R | 6, E | 3, 6, E | 3};
   expect(t, PIPE_PRIM_QUAD_STRIP, FIRST, 7, 3, 4, qs_first, qs_first_f);
   expect(t, PIPE_PRIM_QUAD_STRIP, 0, 3, 3, 0, NULL, NULL);
   /* polygon 0..4: a fan around vertex 0, which is the provoking vertex in either convention */
   static const unsigned poly_last[] = {1, 2, 0, 2, 3, 0, 3, 4, 0};
   static const uint8_t poly_last_f[] = {R | 5, 1, E | 3};
   expect(t, PIPE_PRIM_POLYGON, 0, 5, 3, 3, poly_last, poly_last_f);
   static const unsigned poly_first[] = {0, 1, 2, 0, 2, 3, 0, 3, 4};
   static const uint8_t poly_first_f[] = {R | 3, 2, E | 6};
   expect(t, PIPE_PRIM_POLYGON, FIRST, 5, 3, 3, poly_first, poly_first_f);
   static const unsigned tri[] = {0, 1, 2};
   static const uint8_t tri_f[] = {E | R | 7};
   expect(t, PIPE_PRIM_POLYGON, FIRST, 3, 3, 1, tri, tri_f);
   expect(t, PIPE_PRIM_POLYGON, 0, 2, 3, 0, NULL, NULL);
}

static void
test_patches(struct fxp_t *t)
{
   static const unsigned p3[] = {0, 1, 2, 3, 4, 5};
   expect(t, PIPE_PRIM_PATCHES, FXP_DECOMP_PATCH(3), 8, 3, 2, p3, NULL);
   static const unsigned p1[] = {0, 1};
   expect(t, PIPE_PRIM_PATCHES, FXP_DECOMP_PATCH(1) | FIRST, 2, 1, 2, p1, NULL);
   expect(t, PIPE_PRIM_PATCHES, FXP_DECOMP_PATCH(0), 8, 0, 0, NULL, NULL);
}

/* Runs between restarts are decomposed on their own: a strip's parity starts over after a restart. */
static void
test_restart(struct fxp_t *t)
{
   const uint32_t X = FXP_ELT_RESTART;
   const uint32_t elts[] = {X, 10, 11, 12, 13, X, 20, 21, 22, 23, X, X, 30, 31, X};
   uint32_t out[64];
   unsigned total = 0, runs = 0;
   struct fxp_runs it = fxp_runs(elts, ARRAY_SIZE(elts));
   const uint32_t *run;
   unsigned n;
   /* first convention: (a, b, c), (b, d, c) in each run; the two-vertex run makes nothing */
   static const unsigned want[] = {10, 11, 12, 11, 13, 12, 20, 21, 22, 21, 23, 22};
   while (fxp_run_next(&it, &run, &n)) {
      runs++;
      const unsigned got = fxp_decomp_prims(PIPE_PRIM_TRIANGLE_STRIP, FIRST, run, n, 0, out + 3 * total, NULL,
                                         ARRAY_SIZE(out) - 3 * total);
      CHECK_EQ_U(t, got, fxp_decomp_count(PIPE_PRIM_TRIANGLE_STRIP, FIRST, n));
      total += got;
   }
   CHECK_EQ_U(t, runs, 3);
   CHECK_EQ_U(t, total, 4);
   for (unsigned i = 0; i < MIN2(total, 4) * 3; i++)
      CHECK(t, out[i] == want[i], "restart: vertex %u is %u, want %u", i, out[i], want[i]);
   CHECK_EQ_U(t, fxp_decomp_count_elts(PIPE_PRIM_TRIANGLE_STRIP, 0, elts, ARRAY_SIZE(elts)), 4);

   /* a strip with adjacency cut by a restart: two strips of one triangle each; for a GS, Table 10.1's "only" row */
   const uint32_t sa[] = {0, 1, 2, 3, 4, 5, X, 6, 7, 8, 9, 10, 11, 12};
   static const unsigned sa_want[] = {0, 1, 2, 5, 4, 3, 6, 7, 8, 11, 10, 9};
   total = 0;
   it = fxp_runs(sa, ARRAY_SIZE(sa));
   while (fxp_run_next(&it, &run, &n))
      total += fxp_decomp_prims(PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, ADJ | FIRST, run, n, 0, out + 6 * total, NULL,
                             ARRAY_SIZE(out) - 6 * total);
   CHECK_EQ_U(t, total, 2);
   for (unsigned i = 0; i < MIN2(total, 2) * 6; i++)
      CHECK(t, out[i] == sa_want[i], "restart with adjacency: vertex %u is %u, want %u", i, out[i], sa_want[i]);

   /* only restarts, or nothing: no runs */
   const uint32_t only[] = {X, X};
   it = fxp_runs(only, 2);
   CHECK(t, !fxp_run_next(&it, &run, &n), "a run among restarts only");
   it = fxp_runs(NULL, 0);
   CHECK(t, !fxp_run_next(&it, &run, &n), "a run in no elements");
}

/* Bad input: nothing is made, nothing is read or written out of bounds. */
static void
test_bad_input(struct fxp_t *t)
{
   uint32_t elts[8] = {0, 1, 2, 3, 4, 5, 6, 7}, out[4] = {POISON, POISON, POISON, POISON};
   uint8_t pf[2] = {0xee, 0xee};
   for (unsigned m = 0; m <= PIPE_PRIM_PATCHES + 2; m++) {
      CHECK(t, fxp_decomp_prims(m, 0, elts, 0, 0, out, pf, 4) == 0, "mode %u: primitives of no elements", m);
      CHECK(t, fxp_decomp_count(m, FXP_DECOMP_PATCH(3), 0) == 0, "mode %u: count of no elements", m);
      /* a huge run is counted without overflow: never more primitives than elements */
      CHECK(t, fxp_decomp_count(m, FXP_DECOMP_PATCH(3), UINT32_MAX) <= UINT32_MAX &&
               fxp_decomp_count(m, FXP_DECOMP_PATCH(3), UINT32_MAX) >= fxp_decomp_count(m, FXP_DECOMP_PATCH(3), 12),
            "mode %u: count of a huge run", m);
   }
   CHECK_EQ_U(t, fxp_decomp_verts(PIPE_PRIM_MAX, 0), 0);
   CHECK_EQ_U(t, fxp_decomp_verts((enum pipe_prim_type)99, 0), 0);
   CHECK_EQ_U(t, fxp_decomp_prims((enum pipe_prim_type)99, 0, elts, 8, 0, out, pf, 4), 0);
   /* room for less than one triangle, or none */
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_TRIANGLES, 0, elts, 6, 0, out, pf, 2), 0);
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_TRIANGLES, 0, elts, 6, 0, out, pf, 0), 0);
   CHECK(t, out[0] == POISON && out[1] == POISON && pf[0] == 0xee, "a too-small buffer was written");
   /* a first primitive past the end, even near UINT32_MAX */
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_TRIANGLE_STRIP, 0, elts, 8, 6, out, pf, 4), 0);
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_QUADS, 0, elts, 8, UINT32_MAX, out, pf, 4), 0);
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_LINE_LOOP, 0, elts, 8, UINT32_MAX - 1, out, pf, 4), 0);
   /* a patch larger than the run makes nothing */
   CHECK_EQ_U(t, fxp_decomp_prims(PIPE_PRIM_PATCHES, FXP_DECOMP_PATCH(9), elts, 8, 0, out, pf, 4), 0);
}

const struct fxp_test fxp_decompose_tests[] = {
   {"decompose.points_lines", test_points_lines},
   {"decompose.triangles", test_triangles},
   {"decompose.strip_adjacency", test_strip_adjacency},
   {"decompose.quads_polygons", test_quads_polygons},
   {"decompose.patches", test_patches},
   {"decompose.restart", test_restart},
   {"decompose.bad_input", test_bad_input},
   {NULL},
};
