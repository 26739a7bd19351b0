/* Tests of a tile's coverage (raster/fxp_coverage.h): both ways (32-bit lanes and 64-bit edges) against a
 * pixel-by-pixel reference, fxp_prim_edges_inside, on random triangles from a pixel wide to millions of
 * pixels, random tiles and rectangles inside them and random sample points; and the 32-bit way's range test
 * at its bounds, on edges of constant value (A = B = 0, C chosen), where the expected masks follow from the
 * sign of C alone; and rows' spans (fxp_row_span) against every pixel they leave out. */
#include <string.h>

#include "raster/fxp_coverage.h"
#include "raster/fxp_samples.h"
#include "tests/fxp_test.h"

/* A float in [0, range) with 1/256-pixel steps and some finer fractions. */
static float
coord(uint32_t *seed, float range)
{
   return (float)((double)(fxp_t_xorshift(seed) % 1000000) / 1000000.0 * range);
}

/* The reference: pixel by pixel, within the rectangle. */
static uint64_t
reference(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty, int xa, int xb, int ya, int yb)
{
   uint64_t m = 0;
   for (int y = ya; y <= yb; y++)
      for (int x = xa; x <= xb; x++)
         if (fxp_prim_edges_inside(p, ((int64_t)x << FXP_SUBPIXEL_BITS) + hx, ((int64_t)y << FXP_SUBPIXEL_BITS) + hy))
            m |= (uint64_t)1 << ((y - ty) * FXP_COVERAGE_TILE_PX + (x - tx));
   return m;
}

/* A rasterizer of one sample, pixel centres at half pixels, clipping to [0, clip_px) on both axes, with rs
 * as its state (r points at it). */
static void
test_raster(struct fxp_raster *r, struct pipe_rasterizer_state *rs, int clip_px)
{
   memset(rs, 0, sizeof(*rs));
   memset(r, 0, sizeof(*r));
   rs->half_pixel_center = true;
   r->rast = rs;
   r->clip_maxx = r->clip_maxy = clip_px;
}

static void
test_random(struct fxp_t *t)
{
   struct pipe_rasterizer_state rs;
   struct fxp_raster r;
   test_raster(&r, &rs, 1 << 22);
   static const float attr[4];
   static struct fxp_plane planes[1];
   static const float ranges[] = {3, 12, 40, 300, 5000, 200000, 4000000};
   uint32_t seed = 0xc0ffee;
   unsigned tiles = 0, fit = 0, unfit = 0;

   for (unsigned trial = 0; trial < 20000; trial++) {
      const float range = ranges[trial % (sizeof(ranges) / sizeof(ranges[0]))];
      const float ox = coord(&seed, 1 << 20), oy = coord(&seed, 1 << 20);
      struct fxp_rvert rv[3];
      struct fxp_prim p;
      for (unsigned k = 0; k < 3; k++) {
         rv[k].win[0] = ox + coord(&seed, range);
         rv[k].win[1] = oy + coord(&seed, range);
         rv[k].win[2] = 0.5f, rv[k].win[3] = 1.0f;
         rv[k].attr = attr;
      }
      memset(&p, 0, sizeof(p));
      p.v[0] = &rv[0], p.v[1] = &rv[1], p.v[2] = &rv[2];
      p.attr = planes;
      if (!fxp_setup_triangle(&r, &p))
         continue;
      /* a tile of the bounding box, and a random rectangle of it inside the box */
      const int tx = (p.x0 + (int)(fxp_t_xorshift(&seed) % (unsigned)(p.x1 - p.x0 + 1))) & ~(FXP_COVERAGE_TILE_PX - 1);
      const int ty = (p.y0 + (int)(fxp_t_xorshift(&seed) % (unsigned)(p.y1 - p.y0 + 1))) & ~(FXP_COVERAGE_TILE_PX - 1);
      int xa = MAX2(tx, p.x0), xb = MIN2(tx + FXP_COVERAGE_TILE_PX - 1, p.x1);
      int ya = MAX2(ty, p.y0), yb = MIN2(ty + FXP_COVERAGE_TILE_PX - 1, p.y1);
      if (xa > xb || ya > yb)
         continue;
      if (trial & 1) { /* a smaller rectangle */
         xa += (int)(fxp_t_xorshift(&seed) % (unsigned)(xb - xa + 1));
         yb -= (int)(fxp_t_xorshift(&seed) % (unsigned)(yb - ya + 1));
      }
      const int64_t hx = fxp_t_xorshift(&seed) % FXP_ONE, hy = fxp_t_xorshift(&seed) % FXP_ONE;
      const uint64_t rect = fxp_rect_bits(tx, ty, xa, xb, ya, yb);
      const uint64_t want = reference(&p, hx, hy, tx, ty, xa, xb, ya, yb);
      const uint64_t got64 = fxp_tile_edges_64(&p, hx, hy, tx, ty, xa, xb, ya, yb, rect);
      tiles++;
      if (!CHECK(t, got64 == want, "trial %u: 64-bit mask %016llx, want %016llx", trial,
                 (unsigned long long)got64, (unsigned long long)want))
         return;
      if (!fxp_tile_edges_fit_32(&p, hx, hy, xa, xb, ya, yb)) {
         unfit++;
         continue;
      }
      fit++;
#if defined(__SSE2__)
      const uint64_t got32 = fxp_tile_edges_32(&p, hx, hy, tx, ty, ya, yb, rect);
      if (!CHECK(t, got32 == want, "trial %u (range %g): 32-bit mask %016llx, want %016llx", trial, range,
                 (unsigned long long)got32, (unsigned long long)want))
         return;
#endif
      uint64_t n32 = 0, n64 = 0;
      const uint64_t chosen = fxp_tile_edges(&p, true /* it fits */, hx, hy, tx, ty, xa, xb, ya, yb, rect, &n32,
                                             &n64);
      CHECK(t, chosen == want && n32 + n64 == 1, "trial %u: the chosen way's mask %016llx", trial,
            (unsigned long long)chosen);
   }
   /* both ways were exercised, and many tiles compared */
   CHECK(t, tiles > 10000 && fit > 2000 && unfit > 500, "%u tiles: %u fit 32 bits, %u do not", tiles, fit, unfit);
}

/* Edges of constant value C (A = B = 0, bias 0): every pixel's value is C, so the range test holds exactly
 * when C does, and the mask is the rectangle for C >= 0, empty for C < 0; each case on each edge of a
 * triangle and of a quadrilateral. */
static void
test_bounds(struct fxp_t *t)
{
   static const struct bound_case {
      int64_t c;
      bool fits;
   } cases[] = {
      {INT32_MAX, true}, {(int64_t)INT32_MAX + 1, false}, {INT32_MIN, true}, {(int64_t)INT32_MIN - 1, false},
      {0, true}, {-1, true},
   };
   for (unsigned i = 0; i < 2 * sizeof(cases) / sizeof(cases[0]); i++) {
      struct fxp_prim p;
      memset(&p, 0, sizeof(p));
      p.num_edges = 3 + i % 2; /* a triangle, then a quadrilateral */
      for (unsigned k = 0; k < p.num_edges; k++)
         p.C[k] = k == i / 2 % p.num_edges ? cases[i / 2].c : 0; /* the edge under test; the others at zero */
      const uint64_t rect = fxp_rect_bits(8, 16, 9, 14, 17, 23);
      const struct bound_case *c = &cases[i / 2];
      const uint64_t want = c->c >= 0 ? rect : 0;
      CHECK(t, fxp_tile_edges_fit_32(&p, 128, 128, 9, 14, 17, 23) == c->fits, "C = %lld, %u edges: fits %d, want %d",
            (long long)c->c, p.num_edges, !c->fits, c->fits);
      CHECK(t, fxp_tile_edges_64(&p, 128, 128, 8, 16, 9, 14, 17, 23, rect) == want, "C = %lld, %u edges: 64-bit mask",
            (long long)c->c, p.num_edges);
#if defined(__SSE2__)
      if (c->fits)
         CHECK(t, fxp_tile_edges_32(&p, 128, 128, 8, 16, 17, 23, rect) == want, "C = %lld, %u edges: 32-bit mask",
               (long long)c->c, p.num_edges);
#endif
   }
   /* a sloped edge whose value reaches INT32_MAX exactly at the rectangle's far corner, then one step more */
   for (int extra = 0; extra <= 1; extra++) {
      struct fxp_prim p;
      memset(&p, 0, sizeof(p));
      p.num_edges = 3;
      p.A[0] = 1, p.B[0] = 1;
      /* at (x, y) pixels + (0, 0): (x + y) * 256 + C; the corner (7, 7) gives 3584 + C */
      p.C[0] = (int64_t)INT32_MAX - 3584 + extra;
      CHECK(t, fxp_tile_edges_fit_32(&p, 0, 0, 0, 7, 0, 7) == !extra, "sloped edge, corner at INT32_MAX + %d", extra);
   }
}

/* fxp_row_span against every pixel: on random thin and wide triangles and quadrilaterals (lines), for each
 * row of tiles of the box, with single-sample offsets and with a multisample box of offsets, no pixel left out
 * of the span has a point inside the primitive (points at the corners and the middle of its offset box, on
 * each of the row's pixel rows); and on thin diagonal primitives the spans leave most of the box out. */
static void
test_row_span(struct fxp_t *t)
{
   struct pipe_rasterizer_state rs;
   struct fxp_raster r;
   test_raster(&r, &rs, 512);
   static const float attr[4];
   static struct fxp_plane planes[1];
   uint32_t seed = 0x5a5a;
   uint64_t box_px = 0, span_px = 0;
   unsigned prims = 0;
   for (unsigned trial = 0; trial < 600; trial++) {
      struct fxp_rvert rv[4];
      const float x0 = coord(&seed, 512), y0 = coord(&seed, 512);
      const float x1 = x0 + coord(&seed, 600) - 300, y1 = y0 + coord(&seed, 600) - 300;
      const float w = trial % 3 == 0 ? 0.5f + coord(&seed, 40) : 0.5f + coord(&seed, 2);
      /* a thin (or wide) quadrilateral along (x0, y0) - (x1, y1), or the triangle of its first three corners */
      const float len = sqrtf((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
      if (len < 1.0f)
         continue;
      const float nx = -(y1 - y0) / len * w, ny = (x1 - x0) / len * w;
      const float c[4][2] = {{x0 - nx, y0 - ny}, {x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}};
      for (unsigned k = 0; k < 4; k++) {
         rv[k].win[0] = c[k][0], rv[k].win[1] = c[k][1], rv[k].win[2] = 0.5f, rv[k].win[3] = 1.0f;
         rv[k].attr = attr;
      }
      struct fxp_prim p;
      memset(&p, 0, sizeof(p));
      p.v[0] = &rv[0], p.v[1] = &rv[1], p.v[2] = &rv[2];
      p.attr = planes;
      const bool ok = trial & 1 ? fxp_setup_quad(&r, &p, &rv[3]) == FXP_SETUP_DONE : fxp_setup_triangle(&r, &p);
      if (!ok)
         continue;
      prims++;
      const bool ms = trial % 4 >= 2;
      const int64_t lo = ms ? 128 - 120 : 128, hi = ms ? 128 + 120 : 128;
      const int64_t offs[3] = {lo, (lo + hi) / 2, hi};
      for (int ty = p.y0 & ~(FXP_COVERAGE_TILE_PX - 1); ty <= p.y1; ty += FXP_COVERAGE_TILE_PX) {
         const int ya = MAX2(ty, p.y0), yb = MIN2(ty + FXP_COVERAGE_TILE_PX - 1, p.y1);
         int sa = p.x0, sb = p.x1;
         const bool any = fxp_row_span(&p, ya, yb, lo, hi, &sa, &sb);
         if (!CHECK(t, !any || (sa >= p.x0 && sb <= p.x1 && sa <= sb), "trial %u: span [%d, %d] outside [%d, %d]",
                    trial, sa, sb, p.x0, p.x1))
            return;
         box_px += (uint64_t)(p.x1 - p.x0 + 1) * (yb - ya + 1);
         span_px += any ? (uint64_t)(sb - sa + 1) * (yb - ya + 1) : 0;
         for (int y = ya; y <= yb; y++)
            for (int x = p.x0; x <= p.x1; x++) {
               if (any && x >= sa && x <= sb)
                  continue;
               for (unsigned i = 0; i < 9; i++) {
                  const int64_t px = ((int64_t)x << FXP_SUBPIXEL_BITS) + offs[i % 3];
                  const int64_t py = ((int64_t)y << FXP_SUBPIXEL_BITS) + offs[i / 3];
                  if (!CHECK(t, !fxp_prim_edges_inside(&p, px, py), "trial %u: pixel (%d, %d) inside, left out of "
                             "the span [%d, %d] of rows %d..%d", trial, x, y, sa, sb, ya, yb))
                     return;
               }
            }
      }
   }
   CHECK(t, prims > 300 && span_px * 2 < box_px, "%u primitives: spans of %llu pixels in boxes of %llu", prims,
         (unsigned long long)span_px, (unsigned long long)box_px);
}

const struct fxp_test fxp_coverage_tests[] = {
   {"coverage.random", test_random},
   {"coverage.bounds", test_bounds},
   {"coverage.row_span", test_row_span},
   {NULL, NULL},
};
