/* Tests of triangle setup (raster/fxp_setup.c): the top-left rule at pixel centres and pixel corners, edges
 * shared by two triangles, the coordinate limits written in raster/fxp_setup.h, at their bounds, and
 * quadrilaterals against the two triangles each stands for. Every
 * expected value is worked out by hand from the rules in fxp_setup.h (the comments give the working): which
 * edge of a triangle a sample point lies on, and whether that edge is a top or left one. */
#include <math.h>
#include <string.h>

#include "raster/fxp_samples.h"
#include "raster/fxp_setup.h"
#include "tests/fxp_test.h"

#define FB_PX 64 /* the scissor rectangle of every test: pixels [0, 64) x [0, 64) */

struct env {
   struct pipe_rasterizer_state rs;
   struct fxp_raster r;
};

static void
env_init(struct env *e, bool half_pixel_center)
{
   memset(e, 0, sizeof(*e));
   e->rs.half_pixel_center = half_pixel_center;
   e->r.rast = &e->rs;
   e->r.clip_maxx = e->r.clip_maxy = FB_PX;
   e->r.num_fs_in = 0; /* only the planes of 1/w and depth */
}

/* Sets the triangle v[0..2] (window x, y) up into *p; false when setup drops it. */
static bool
set_up(const struct env *e, const float v[3][2], struct fxp_prim *p, struct fxp_rvert rv[3])
{
   static const float attr[4];
   static struct fxp_plane planes[1];
   for (unsigned k = 0; k < 3; k++) {
      rv[k].win[0] = v[k][0], rv[k].win[1] = v[k][1], rv[k].win[2] = 0.5f, rv[k].win[3] = 1.0f;
      rv[k].attr = attr;
   }
   memset(p, 0, sizeof(*p));
   p->v[0] = &rv[0], p->v[1] = &rv[1], p->v[2] = &rv[2];
   p->attr = planes;
   return fxp_setup_triangle(&e->r, p);
}

/* Whether the triangle covers pixel (x, y): set up, in its bounding box, and its sample point inside. */
static bool
covers(const struct env *e, const float v[3][2], int x, int y)
{
   struct fxp_prim p;
   struct fxp_rvert rv[3];
   if (!set_up(e, v, &p, rv))
      return false;
   if (x < p.x0 || x > p.x1 || y < p.y0 || y > p.y1)
      return false;
   const int64_t h = fxp_setup_sample_offset(&e->r);
   return fxp_prim_edges_inside(&p, ((int64_t)x << FXP_SUBPIXEL_BITS) + h, ((int64_t)y << FXP_SUBPIXEL_BITS) + h);
}

/* The same triangle with its winding turned over (setup orients it itself). */
static void
reverse(const float v[3][2], float out[3][2])
{
   for (unsigned k = 0; k < 3; k++)
      out[k][0] = v[(3 - k) % 3][0], out[k][1] = v[(3 - k) % 3][1];
}

struct cover_case {
   const char *what;
   float v[3][2];
   int x, y;
   bool covered;
};

/* Pixel centres (x + 1/2, y + 1/2) on the edges and vertices of triangles whose vertices are pixel centres.
 *   TL: (0.5, 0.5), (8.5, 0.5), (0.5, 8.5): top edge y = 0.5, left edge x = 0.5, and the edge x + y = 9
 *       whose inside is above-left of it (a right edge, not horizontal).
 *   BL: (0.5, 0.5), (8.5, 8.5), (0.5, 8.5): left edge x = 0.5, bottom edge y = 8.5, and the edge y = x
 *       with the inside below-left (a right edge).
 *   BR: (8.5, 0.5), (8.5, 8.5), (0.5, 8.5): right edge x = 8.5, bottom edge y = 8.5, and the edge x + y = 9
 *       with the inside below-right (a left edge). */
#define TL {{0.5f, 0.5f}, {8.5f, 0.5f}, {0.5f, 8.5f}}
#define BL {{0.5f, 0.5f}, {8.5f, 8.5f}, {0.5f, 8.5f}}
#define BR {{8.5f, 0.5f}, {8.5f, 8.5f}, {0.5f, 8.5f}}
static const struct cover_case centre_cases[] = {
   {"TL vertex on top and left edges", TL, 0, 0, true},
   {"TL on the top edge", TL, 3, 0, true},
   {"TL on the left edge", TL, 0, 3, true},
   {"TL on the right edge x + y = 9", TL, 4, 4, false},
   {"TL inside next to the right edge", TL, 3, 4, true},
   {"TL vertex on top and right edges", TL, 8, 0, false},
   {"TL vertex on left and right edges", TL, 0, 8, false},
   {"TL outside above", TL, 3, -1, false},
   {"BL on the bottom edge", BL, 2, 8, false},
   {"BL on the left edge", BL, 0, 5, true},
   {"BL on the right edge y = x", BL, 3, 3, false},
   {"BL inside below y = x", BL, 3, 4, true},
   {"BL vertex on left and right edges", BL, 0, 0, false},
   {"BR on the right edge", BR, 8, 5, false},
   {"BR on the bottom edge", BR, 5, 8, false},
   {"BR on the left edge x + y = 9", BR, 4, 4, true},
   {"BR inside", BR, 6, 6, true},
   {"BR vertex on the left edge and the right edge", BR, 8, 0, false},
};

static void
test_top_left(struct fxp_t *t)
{
   struct env e;
   env_init(&e, true);
   for (unsigned i = 0; i < ARRAY_SIZE(centre_cases); i++) {
      const struct cover_case *c = &centre_cases[i];
      float rv[3][2];
      reverse(c->v, rv);
      CHECK(t, covers(&e, c->v, c->x, c->y) == c->covered, "%s: pixel (%d, %d) covered %d, want %d", c->what,
            c->x, c->y, !c->covered, c->covered);
      CHECK(t, covers(&e, rv, c->x, c->y) == c->covered, "%s, other winding: pixel (%d, %d) covered %d, want %d",
            c->what, c->x, c->y, !c->covered, c->covered);
   }
}

/* Without half_pixel_center the sample point of pixel (x, y) is its corner (x, y): the triangle (0, 0),
 * (8, 0), (0, 8) has a top edge y = 0, a left edge x = 0 and a right edge x + y = 8. */
static void
test_top_left_corners(struct fxp_t *t)
{
   static const struct cover_case cases[] = {
      {"vertex on top and left edges", {{0, 0}, {8, 0}, {0, 8}}, 0, 0, true},
      {"on the top edge", {{0, 0}, {8, 0}, {0, 8}}, 5, 0, true},
      {"on the left edge", {{0, 0}, {8, 0}, {0, 8}}, 0, 5, true},
      {"on the right edge", {{0, 0}, {8, 0}, {0, 8}}, 4, 4, false},
      {"inside", {{0, 0}, {8, 0}, {0, 8}}, 3, 4, true},
      {"vertex on top and right edges", {{0, 0}, {8, 0}, {0, 8}}, 8, 0, false},
   };
   struct env e;
   env_init(&e, false);
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const struct cover_case *c = &cases[i];
      CHECK(t, covers(&e, c->v, c->x, c->y) == c->covered, "corners, %s: pixel (%d, %d) covered %d, want %d",
            c->what, c->x, c->y, !c->covered, c->covered);
   }
}

/* Two triangles sharing an edge, and the pixels whose centres lie strictly inside that edge, with the one
 * of the two that covers them by the rule (the one for which the shared edge is a top or left edge). */
struct shared_case {
   const char *what;
   float a[3][2], b[3][2];
   unsigned n;
   int px[8][2];
   bool a_covers;
};

static const struct shared_case shared_cases[] = {
   /* the square's diagonal y = x from (0.5, 0.5) to (8.5, 8.5): a (inside above-right, y < x) has it on
    * its left; b (inside below-left) on its right */
   {"diagonal", {{0.5f, 0.5f}, {8.5f, 0.5f}, {8.5f, 8.5f}}, BL, 7,
    {{1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}}, true},
   /* y = 4.5 from x = 0.5 to 8.5: a bottom edge of a (above it), a top edge of b (below it) */
   {"horizontal", {{4.5f, 0.5f}, {8.5f, 4.5f}, {0.5f, 4.5f}}, {{0.5f, 4.5f}, {8.5f, 4.5f}, {4.5f, 8.5f}}, 7,
    {{1, 4}, {2, 4}, {3, 4}, {4, 4}, {5, 4}, {6, 4}, {7, 4}}, false},
   /* x = 4.5 from y = 0.5 to 8.5: a right edge of a (left of it), a left edge of b (right of it) */
   {"vertical", {{0.5f, 4.5f}, {4.5f, 0.5f}, {4.5f, 8.5f}}, {{4.5f, 0.5f}, {8.5f, 4.5f}, {4.5f, 8.5f}}, 7,
    {{4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6}, {4, 7}}, false},
   /* (2.5, 0.5) to (6.5, 8.5), through the centres (3.5, 2.5), (4.5, 4.5), (5.5, 6.5): a lies left of it,
    * b right of it (b has it as a left edge) */
   {"sloped", {{2.5f, 0.5f}, {6.5f, 8.5f}, {0.5f, 8.5f}}, {{2.5f, 0.5f}, {8.5f, 0.5f}, {6.5f, 8.5f}}, 3,
    {{3, 2}, {4, 4}, {5, 6}}, false},
};

static void
test_shared_edges(struct fxp_t *t)
{
   struct env e;
   env_init(&e, true);
   for (unsigned i = 0; i < ARRAY_SIZE(shared_cases); i++) {
      const struct shared_case *c = &shared_cases[i];
      float ra[3][2], rb[3][2];
      reverse(c->a, ra);
      reverse(c->b, rb);
      for (unsigned k = 0; k < c->n; k++) {
         const int x = c->px[k][0], y = c->px[k][1];
         const bool a = covers(&e, c->a, x, y), b = covers(&e, c->b, x, y);
         CHECK(t, a == c->a_covers && b == !c->a_covers,
               "%s edge, pixel (%d, %d): covered by a %d, b %d, want %d %d", c->what, x, y, a, b, c->a_covers,
               !c->a_covers);
         CHECK(t, covers(&e, ra, x, y) == a && covers(&e, rb, x, y) == b,
               "%s edge, pixel (%d, %d): winding changes it", c->what, x, y);
      }
      /* and no pixel anywhere is covered by both */
      for (int y = -1; y <= 10; y++)
         for (int x = -1; x <= 10; x++)
            CHECK(t, !(covers(&e, c->a, x, y) && covers(&e, c->b, x, y)), "%s edge: pixel (%d, %d) covered twice",
                  c->what, x, y);
   }
}

/* The accepted range: |x|, |y| <= FXP_SETUP_MAX_COORD_PX, the largest float whose subpixel value is inside
 * the exact range; past it, or not finite, the triangle is dropped. */
static void
test_coord_limit(struct fxp_t *t)
{
   struct env e;
   env_init(&e, true);
   const float max = FXP_SETUP_MAX_COORD_PX, past = nextafterf(FXP_SETUP_MAX_COORD_PX, INFINITY);
   CHECK(t, max == 5931641.5f && past == 5931642.0f, "the bound %.1f and the float past it %.1f", max, past);

   /* (0, 0), (max, 0), (0, 4): top edge y = 0, left edge x = 0; at y = 3.5 the third edge is at
    * x = max (1 - 3.5 / 4) = 741455.2, far right of the scissor. */
   const float far_x[3][2] = {{0, 0}, {max, 0}, {0, 4}};
   CHECK(t, covers(&e, far_x, 0, 0), "x = 5931641.5 accepted: pixel (0, 0) covered");
   CHECK(t, covers(&e, far_x, 63, 3), "x = 5931641.5 accepted: pixel (63, 3) covered");
   CHECK(t, !covers(&e, far_x, 0, 4), "x = 5931641.5: pixel (0, 4), below the bottom edge y = 4, not covered");
   /* (0, -max), (4, 4), (0, 4): left edge x = 0; the edge from (0, -max) to (4, 4) is at x = 3.99... at
    * y = 0.5 */
   const float far_y[3][2] = {{0, -max}, {4, 4}, {0, 4}};
   CHECK(t, covers(&e, far_y, 0, 0) && covers(&e, far_y, 3, 0),
         "y = -5931641.5 accepted: pixels (0, 0), (3, 0) covered");

   struct fxp_prim p;
   struct fxp_rvert rv[3];
   const float beyond[][3][2] = {
      {{0, 0}, {past, 0}, {0, 4}},
      {{0, 0}, {4, 0}, {-past, 4}},
      {{0, past}, {4, 0}, {0, 4}},
      {{0, 0}, {4, -past}, {0, 4}},
      {{0, 0}, {INFINITY, 0}, {0, 4}},
      {{0, 0}, {4, 0}, {0, -INFINITY}},
      {{NAN, 0}, {4, 0}, {0, 4}},
      {{0, 0}, {4, NAN}, {0, 4}},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(beyond); i++)
      CHECK(t, !set_up(&e, beyond[i], &p, rv), "triangle %u with a coordinate past the bound or not finite is "
            "dropped", i);
}

/* The exact range: |X|, |Y| <= FXP_SETUP_EXACT_SUBPX = floor(2^30.5), where 4 M^2 (twice the largest area)
 * still fits in int64, and the largest float coordinate inside it. */
static void
test_exact_limit(struct fxp_t *t)
{
   const unsigned __int128 e = FXP_SETUP_EXACT_SUBPX, max64 = INT64_MAX;
   CHECK(t, 4 * e * e <= max64 && 4 * (e + 1) * (e + 1) > max64, "FXP_SETUP_EXACT_SUBPX is the largest M with "
         "4 M^2 <= INT64_MAX");
   /* floats between 2^22 and 2^23 are half a pixel apart: 5931641.5 px is 1518500224 subpixels, inside;
    * the next float, 5931642 px, is 1518500352, past 1518500249 */
   const float m_px = 5931641.5f;
   const int64_t m = 1518500224;
   CHECK(t, llroundf(m_px * FXP_ONE) == m && nextafterf(m_px, INFINITY) == 5931642.0f &&
         llroundf(5931642.0f * FXP_ONE) == 1518500352, "5931641.5 px is %lld subpixels, the next float 5931642",
         (long long)llroundf(m_px * FXP_ONE));
   CHECK(t, m <= FXP_SETUP_EXACT_SUBPX && 1518500352 > FXP_SETUP_EXACT_SUBPX, "5931641.5 px is inside, 5931642 "
         "is not");

   /* (M, M), (-M, M), (M, -M): twice the area (X1 - X0)(Y2 - Y0) - (X2 - X0)(Y1 - Y0) = (-2M)(-2M) - 0 = 4 M^2,
    * positive, so no swap. Edge 0 (1 -> 2): A = Y1 - Y2 = 2M, B = X2 - X1 = 2M, C = X1 Y2 - Y1 X2 = M^2 - M^2
    * = 0; edge 1 (2 -> 0): A = -2M, B = 0, C = X2 Y0 - Y2 X0 = 2M^2; edge 2 (0 -> 1): A = 0, B = -2M,
    * C = X0 Y1 - Y0 X1 = 2M^2. The inside is x + y > 0: the whole scissor rectangle. */
   struct env en;
   env_init(&en, true);
   const float v[3][2] = {{m_px, m_px}, {-m_px, m_px}, {m_px, -m_px}};
   struct fxp_prim p;
   struct fxp_rvert rv[3];
   const bool ok = set_up(&en, v, &p, rv);
   CHECK(t, ok, "the largest exact triangle is set up");
   if (ok) {
      const int64_t wantA[3] = {2 * m, -2 * m, 0}, wantB[3] = {2 * m, 0, -2 * m};
      const int64_t wantC[3] = {0, 2 * m * m, 2 * m * m};
      for (unsigned k = 0; k < 3; k++)
         CHECK(t, p.A[k] == wantA[k] && p.B[k] == wantB[k] && p.C[k] == wantC[k],
               "edge %u: A %lld B %lld C %lld, want %lld %lld %lld", k, (long long)p.A[k], (long long)p.B[k],
               (long long)p.C[k], (long long)wantA[k], (long long)wantB[k], (long long)wantC[k]);
      CHECK(t, p.inv_area == 1.0 / (4.0 * (double)m * (double)m), "1 / twice the area: %g", p.inv_area);
      CHECK(t, p.x0 == 0 && p.y0 == 0 && p.x1 == FB_PX - 1 && p.y1 == FB_PX - 1, "bounding box (%d, %d)-(%d, %d)",
            p.x0, p.y0, p.x1, p.y1);
   }
   const int px[][2] = {{0, 0}, {63, 0}, {0, 63}, {63, 63}, {31, 17}};
   for (unsigned i = 0; i < ARRAY_SIZE(px); i++)
      CHECK(t, covers(&en, v, px[i][0], px[i][1]), "the largest exact triangle covers pixel (%d, %d)", px[i][0],
            px[i][1]);
}

/* Sample positions through the context (pipe_context::get_sample_position, which GL's
 * glGetMultisamplefv and gl_SamplePosition show) and the rasterizer's table. Expected: the D3D10.1 / Vulkan
 * standard locations, typed here from the D3D11 specification's table as offsets in sixteenths from the
 * pixel centre, so position = (offset + 8) / 16; for 16 samples, the two standard samples on the pixel's
 * edges (offset -8 in x, and -8 in y) moved 1/32 into the pixel (raster/fxp_samples.h says why). Also: every
 * sample strictly inside the pixel, and for 8 and 16 each column and row of sixteenths used once. */
static void
test_sample_positions(struct fxp_t *t)
{
   static const int8_t std2[2][2] = {{4, 4}, {-4, -4}};
   static const int8_t std4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
   static const int8_t std8[8][2] = {{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
   static const int8_t std16[16][2] = {{1, 1},   {-1, -3}, {-3, 2},  {4, -1},  {-5, -2}, {2, 5},
                                       {5, 3},   {3, -5},  {-2, 6},  {0, -7},  {-4, -6}, {-6, 4},
                                       {-8, 0},  {7, -4},  {6, 7},   {-7, -8}};
   const struct {
      unsigned n;
      const int8_t (*off)[2];
   } counts[] = {{2, std2}, {4, std4}, {8, std8}, {16, std16}};
   for (unsigned k = 0; k < sizeof(counts) / sizeof(counts[0]); k++) {
      const unsigned n = counts[k].n;
      unsigned columns = 0, rows = 0;
      for (unsigned i = 0; i < n; i++) {
         float got[2] = {-1, -1};
         t->pipe->get_sample_position(t->pipe, n, i, got);
         float want_x = (counts[k].off[i][0] + 8) / 16.0f, want_y = (counts[k].off[i][1] + 8) / 16.0f;
         if (want_x == 0.0f)
            want_x = 1.0f / 32;
         if (want_y == 0.0f)
            want_y = 1.0f / 32;
         CHECK(t, got[0] == want_x && got[1] == want_y, "%u samples, sample %u: (%g, %g), want (%g, %g)", n, i,
               got[0], got[1], want_x, want_y);
         CHECK(t, got[0] > 0 && got[0] < 1 && got[1] > 0 && got[1] < 1,
               "%u samples, sample %u: (%g, %g) is not strictly inside the pixel", n, i, got[0], got[1]);
         unsigned x, y;
         fxp_sample_pos(n, i, &x, &y);
         CHECK(t, (float)x / FXP_SAMPLE_POS_UNIT == got[0] && (float)y / FXP_SAMPLE_POS_UNIT == got[1],
               "%u samples, sample %u: the rasterizer's table differs from get_sample_position", n, i);
         columns |= 1u << (unsigned)(got[0] * 16);
         rows |= 1u << (unsigned)(got[1] * 16);
      }
      if (n >= 8)
         CHECK(t, __builtin_popcount(columns) == (int)n && __builtin_popcount(rows) == (int)n,
               "%u samples: %d distinct columns and %d rows of sixteenths", n, __builtin_popcount(columns),
               __builtin_popcount(rows));
   }
}

/* Pixel (x, y)'s sample point inside the set-up primitive p (its box, then its edges). */
static bool
prim_covers(const struct env *e, const struct fxp_prim *p, int x, int y)
{
   if (x < p->x0 || x > p->x1 || y < p->y0 || y > p->y1)
      return false;
   const int64_t h = fxp_setup_sample_offset(&e->r);
   return fxp_prim_edges_inside(p, ((int64_t)x << FXP_SUBPIXEL_BITS) + h, ((int64_t)y << FXP_SUBPIXEL_BITS) + h);
}

/* A random coordinate in [lo, hi), in steps of 1/64 pixel (so that corners also fall on subpixels exactly). */
static float
rnd_px(uint32_t *seed, float lo, float hi)
{
   return lo + (float)(fxp_t_xorshift(seed) % (unsigned)((hi - lo) * 64)) / 64.0f;
}

/* Quadrilaterals (fxp_setup_quad) against the triangles they stand for: on random lines' parallelograms
 * (widened along the minor axis, as raster/fxp_setup.c draws them), points' squares and rotated rectangles
 * (smooth lines), at pixel centres and corners, every pixel of the scissor rectangle is covered by the
 * quadrilateral exactly when one of the triangles v0 v1 v2 and v0 v2 v3, set up by fxp_setup_triangle,
 * covers it, and never by both. Its depth plane (depth v0's at corners 0 and 1, another at 2 and 3, as a
 * line's) is within corner rounding of the covering triangle's. Corners that are not convex (a dart, three
 * in a line) are split. */
static void
test_quads(struct fxp_t *t)
{
   uint32_t seed = 0x5eed1e;
   unsigned done = 0, none = 0, pixels = 0;
   for (unsigned trial = 0; trial < 3000; trial++) {
      struct env e;
      env_init(&e, trial & 1);
      float c[4][2];
      const unsigned kind = trial / 2 % 3;
      if (kind == 0) { /* a line, widened along its minor axis */
         const float x0 = rnd_px(&seed, -4, 68), y0 = rnd_px(&seed, -4, 68);
         const float x1 = x0 + rnd_px(&seed, -12, 12), y1 = y0 + rnd_px(&seed, -12, 12);
         const float hw = (1 + fxp_t_xorshift(&seed) % 6) * 0.5f * 0.75f + 0.125f;
         const bool xmajor = fabsf(x1 - x0) >= fabsf(y1 - y0);
         const float ends[4][2] = {{x0, y0}, {x0, y0}, {x1, y1}, {x1, y1}};
         for (unsigned k = 0; k < 4; k++) {
            c[k][0] = ends[k][0], c[k][1] = ends[k][1];
            c[k][xmajor ? 1 : 0] += (k == 0 || k == 3) ? -hw : hw;
         }
      } else if (kind == 1) { /* a point's square */
         const float x = rnd_px(&seed, -4, 68), y = rnd_px(&seed, -4, 68), h = rnd_px(&seed, 0.5f, 6);
         const float sq[4][2] = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
         memcpy(c, sq, sizeof(c));
      } else { /* a rotated rectangle */
         const float x0 = rnd_px(&seed, -4, 68), y0 = rnd_px(&seed, -4, 68);
         const float dx = rnd_px(&seed, -12, 12), dy = rnd_px(&seed, -12, 12), len = sqrtf(dx * dx + dy * dy);
         if (len == 0.0f)
            continue;
         const float w = rnd_px(&seed, 0.5f, 3), nx = -dy / len * w, ny = dx / len * w;
         const float rect[4][2] = {{x0 - nx, y0 - ny}, {x0 + nx, y0 + ny}, {x0 + dx + nx, y0 + dy + ny},
                                   {x0 + dx - nx, y0 + dy - ny}};
         memcpy(c, rect, sizeof(c));
      }
      static const float attr[4];
      static struct fxp_plane planes[1];
      struct fxp_rvert rv[4];
      for (unsigned k = 0; k < 4; k++) {
         rv[k].win[0] = c[k][0], rv[k].win[1] = c[k][1], rv[k].win[2] = k < 2 ? 0.25f : 0.75f;
         rv[k].win[3] = 1.0f;
         rv[k].attr = attr;
      }
      struct fxp_prim q;
      memset(&q, 0, sizeof(q));
      q.v[0] = &rv[0], q.v[1] = &rv[1], q.v[2] = &rv[2];
      q.attr = planes;
      const enum fxp_setup_result res = fxp_setup_quad(&e.r, &q, &rv[3]);
      /* the triangles, over the same corners (their depths too) */
      struct fxp_prim tri[2];
      bool have[2];
      for (unsigned k = 0; k < 2; k++) {
         memset(&tri[k], 0, sizeof(tri[k]));
         tri[k].v[0] = &rv[0], tri[k].v[1] = &rv[1 + k], tri[k].v[2] = &rv[2 + k];
         tri[k].attr = planes;
         have[k] = fxp_setup_triangle(&e.r, &tri[k]);
      }
      CHECK(t, res != FXP_SETUP_SPLIT, "trial %u: a convex quadrilateral was split", trial);
      if (res == FXP_SETUP_DONE)
         done++;
      else
         none++;
      CHECK_EQ_U(t, q.num_edges, res == FXP_SETUP_DONE ? 4 : 0);
      for (int y = 0; y < FB_PX; y++)
         for (int x = 0; x < FB_PX; x++) {
            const bool in0 = have[0] && prim_covers(&e, &tri[0], x, y);
            const bool in1 = have[1] && prim_covers(&e, &tri[1], x, y);
            const bool in_q = res == FXP_SETUP_DONE && prim_covers(&e, &q, x, y);
            if (!CHECK(t, !(in0 && in1), "trial %u: pixel (%d, %d) in both triangles", trial, x, y) ||
                !CHECK(t, in_q == (in0 || in1), "trial %u (kind %u): pixel (%d, %d): quadrilateral %d, triangles %d %d",
                       trial, kind, x, y, in_q, in0, in1))
               return;
            if (!in_q)
               continue;
            pixels++;
            /* depth at the pixel: the quadrilateral's plane and the triangle's, apart by at most the
             * corners' rounding (1/512 pixel each way) times the plane's steps, plus float rounding */
            const struct fxp_prim *tp = in0 ? &tri[0] : &tri[1];
            const double zq = q.z.v0 + q.z.gx * x + q.z.gy * y, zt = tp->z.v0 + tp->z.gx * x + tp->z.gy * y;
            const double tol = (fabs(tp->z.gx) + fabs(tp->z.gy)) * 4.0 / FXP_ONE + 1e-6;
            CHECK(t, fabs(zq - zt) <= tol, "trial %u: pixel (%d, %d) depth %.9f, the triangle's %.9f", trial, x,
                  y, zq, zt);
         }
   }
   CHECK(t, done > 1500 && pixels > 20000, "%u quadrilaterals set up (%u with nothing to cover), %u pixels",
         done, none, pixels);
   /* not convex: a dart, and corners in a line */
   static const float darts[2][4][2] = {{{0, 0}, {10, 0}, {2, 2}, {0, 10}}, {{0, 0}, {5, 5}, {10, 10}, {0, 10}}};
   for (unsigned i = 0; i < 2; i++) {
      struct env e;
      env_init(&e, true);
      static const float attr[4];
      static struct fxp_plane planes[1];
      struct fxp_rvert rv[4];
      for (unsigned k = 0; k < 4; k++) {
         rv[k].win[0] = darts[i][k][0], rv[k].win[1] = darts[i][k][1], rv[k].win[2] = 0.5f, rv[k].win[3] = 1.0f;
         rv[k].attr = attr;
      }
      struct fxp_prim q;
      memset(&q, 0, sizeof(q));
      q.v[0] = &rv[0], q.v[1] = &rv[1], q.v[2] = &rv[2];
      q.attr = planes;
      CHECK(t, fxp_setup_quad(&e.r, &q, &rv[3]) == FXP_SETUP_SPLIT && q.v[1] == &rv[1] && q.v[2] == &rv[2],
            "corners %u: not split, or its vertices changed", i);
   }
}

/* fxp_raster_triangle_facing (raster/fxp_raster.h), the one rule of setup and of the shared setup's sample:
 * facing from the winding on screen (y growing down: (0,0) (4,0) (0,4) runs right along the top, then down to
 * the left, clockwise), culling by it, and no area or a non-finite one drawing nothing. */
static void
test_facing(struct fxp_t *t)
{
   static const float cw[3][2] = {{0, 0}, {4, 0}, {0, 4}};  /* clockwise on screen */
   static const float ccw[3][2] = {{0, 0}, {0, 4}, {4, 0}}; /* the same, the other way round */
   static const unsigned culls[4] = {PIPE_FACE_NONE, PIPE_FACE_FRONT, PIPE_FACE_BACK, PIPE_FACE_FRONT_AND_BACK};
   for (unsigned front_ccw = 0; front_ccw < 2; front_ccw++) {
      for (unsigned c = 0; c < 4; c++) {
         struct pipe_rasterizer_state rast;
         memset(&rast, 0, sizeof(rast));
         rast.front_ccw = front_ccw;
         rast.cull_face = culls[c];
         for (unsigned w = 0; w < 2; w++) {
            const float(*v)[2] = w ? ccw : cw;
            const bool want_front = w == front_ccw; /* ccw (w = 1) is front when front_ccw */
            const bool want_drawn = !(culls[c] & (want_front ? PIPE_FACE_FRONT : PIPE_FACE_BACK));
            bool front = !want_front;
            const bool drawn = fxp_raster_triangle_facing(&rast, v[0], v[1], v[2], &front);
            CHECK(t, drawn == want_drawn, "front_ccw %u, cull %u, %s: drawn %d, want %d", front_ccw, culls[c],
                  w ? "counter-clockwise" : "clockwise", drawn, want_drawn);
            CHECK(t, !drawn || front == want_front, "front_ccw %u, cull %u, %s: front %d, want %d", front_ccw,
                  culls[c], w ? "counter-clockwise" : "clockwise", front, want_front);
         }
         /* nothing drawn, whatever the culling: corners in a line, a repeated corner, NaN, infinity, and
          * corners so far apart that the signed area overflows to infinity */
         static const float none[5][3][2] = {
            {{0, 0}, {2, 2}, {5, 5}},
            {{1, 1}, {1, 1}, {7, 3}},
            {{0, 0}, {NAN, 0}, {0, 4}},
            {{0, 0}, {4, 0}, {0, INFINITY}},
            {{-3e19f, -3e19f}, {3e19f, -3e19f}, {-3e19f, 3e19f}},
         };
         for (unsigned k = 0; k < 5; k++) {
            bool front = false;
            CHECK(t, !fxp_raster_triangle_facing(&rast, none[k][0], none[k][1], none[k][2], &front),
                  "front_ccw %u, cull %u: degenerate or not finite triangle %u drawn", front_ccw, culls[c], k);
         }
      }
   }
}

const struct fxp_test fxp_setup_tests[] = {
   {"setup.top_left", test_top_left},
   {"setup.top_left_corners", test_top_left_corners},
   {"setup.shared_edges", test_shared_edges},
   {"setup.coord_limit", test_coord_limit},
   {"setup.exact_limit", test_exact_limit},
   {"setup.sample_positions", test_sample_positions},
   {"setup.quads", test_quads},
   {"setup.facing", test_facing},
   {NULL, NULL},
};
