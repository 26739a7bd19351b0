/* Tests of tile coverage (raster/fxp_coverage.c): the lane-vector form and the general form against the
 * edge rule written in raster/fxp_setup.h (a pixel's point is inside when A X + B Y + C + bias >= 0 for each
 * of the three edges), evaluated here in 128-bit integers, on random edges: ones crossing the tile (points
 * exactly on an edge included, with either bias), ones far from it (the vector form's clamp), and ones whose
 * steps are past the vector form's bound (it must decline them). */
#include <stdlib.h>
#include <string.h>

#include "raster/fxp_coverage.h"
#include "raster/fxp_setup.h"
#include "tests/fxp_test.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static unsigned zeros; /* pixel points found exactly on an edge (E = 0: where the bias decides) */

static uint64_t
rng64(void)
{
   rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
   return rng_state;
}

/* A random integer in [-2^bits, 2^bits]. */
static int64_t
rand_signed(unsigned bits)
{
   const uint64_t span = (2ull << bits) + 1;
   return (int64_t)(rng64() % span) - ((int64_t)1 << bits);
}

/* The rule itself, for every pixel of the 8x8 tile at (tx, ty), points (hx, hy) subpixels from the corner. */
static uint64_t
reference(const struct fxp_prim *p, int64_t hx, int64_t hy, int tx, int ty)
{
   uint64_t m = 0;
   for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++) {
         bool in = true;
         for (unsigned k = 0; k < 3; k++) {
            const __int128 x = ((__int128)(tx + i) << FXP_SUBPIXEL_BITS) + hx;
            const __int128 y = ((__int128)(ty + j) << FXP_SUBPIXEL_BITS) + hy;
            const __int128 e = (__int128)p->A[k] * x + (__int128)p->B[k] * y + p->C[k];
            zeros += e == 0;
            in &= e + p->bias[k] >= 0;
         }
         m |= (uint64_t)in << (j * 8 + i);
      }
   return m;
}

/* Edge k through the point (x, y) subpixels (so e = 0 there), slopes of up to 2^slope_bits, moved by `shift`. */
static void
edge_through(struct fxp_prim *p, unsigned k, int64_t x, int64_t y, unsigned slope_bits, int64_t shift)
{
   p->A[k] = rand_signed(slope_bits), p->B[k] = rand_signed(slope_bits);
   p->C[k] = -(p->A[k] * x + p->B[k] * y) + shift;
   p->bias[k] = rng64() & 1 ? -1 : 0;
}

static void
test_vector_matches(struct fxp_t *t)
{
   unsigned bad = 0, vec_taken = 0, declined = 0;
   for (unsigned n = 0; n < 200000; n++) {
      struct fxp_prim p;
      memset(&p, 0, sizeof(p));
      const int tx = (int)(rng64() % 2048) * 8, ty = (int)(rng64() % 2048) * 8;
      /* pixel centres or corners, or a multisample position (sixteenths of a pixel) */
      const int64_t hx = rng64() % 3 == 0 ? (int64_t)(rng64() % 16) * 16 : 128, hy = hx == 128 ? 128 : hx;
      const unsigned kind = n % 4;
      for (unsigned k = 0; k < 3; k++) {
         /* slopes: mostly those of ordinary triangles (up to 2^20 subpixels a pixel), some near the vector
          * form's bound (about 2^19 for A + B), some past it (kind 3) */
         const unsigned slope_bits = kind == 3 ? 20 + (unsigned)(rng64() % 12) : 1 + (unsigned)(rng64() % 19);
         /* a point inside the tile, on a sample point half of the time (e = 0 exactly there) */
         int64_t x = ((int64_t)tx << FXP_SUBPIXEL_BITS) + (int64_t)(rng64() % (8 << FXP_SUBPIXEL_BITS));
         int64_t y = ((int64_t)ty << FXP_SUBPIXEL_BITS) + (int64_t)(rng64() % (8 << FXP_SUBPIXEL_BITS));
         if (rng64() & 1) {
            x = ((x >> FXP_SUBPIXEL_BITS) << FXP_SUBPIXEL_BITS) + hx;
            y = ((y >> FXP_SUBPIXEL_BITS) << FXP_SUBPIXEL_BITS) + hy;
         }
         /* kind 1: the edge moved far off (beyond the clamp, either side); kind 2: moved by a little */
         const int64_t shift = kind == 1 ? rand_signed(40 + (unsigned)(rng64() % 20)) : kind == 2 ? rand_signed(12) : 0;
         edge_through(&p, k, x, y, slope_bits, shift);
      }
      const uint64_t want = reference(&p, hx, hy, tx, ty);
      const uint64_t general = fxp_tile_edges_general(&p, hx, hy, tx, ty, tx, tx + 7, ty, ty + 7, ~0ull);
      if (general != want && bad++ < 3)
         CHECK(t, false, "general form: tile (%d, %d): %016llx, want %016llx", tx, ty,
               (unsigned long long)general, (unsigned long long)want);
      /* a part of the tile, as raster_rect asks at the bounding box's edges */
      const int xa = tx + (int)(rng64() % 8), ya = ty + (int)(rng64() % 8);
      const int xb = xa + (int)(rng64() % (unsigned)(tx + 8 - xa)), yb = ya + (int)(rng64() % (unsigned)(ty + 8 - ya));
      uint64_t rect = 0;
      for (int y = ya; y <= yb; y++)
         for (int x = xa; x <= xb; x++)
            rect |= 1ull << ((y - ty) * 8 + (x - tx));
      const uint64_t general_part = fxp_tile_edges_general(&p, hx, hy, tx, ty, xa, xb, ya, yb, rect);
      if (general_part != (want & rect) && bad++ < 3)
         CHECK(t, false, "general form, part of tile (%d, %d): %016llx, want %016llx", tx, ty,
               (unsigned long long)general_part, (unsigned long long)(want & rect));
      bool within = true;
      for (unsigned k = 0; k < 3; k++)
         within &= 7 * (llabs(p.A[k]) + llabs(p.B[k])) * (1 << FXP_SUBPIXEL_BITS) < (1ll << 30);
      uint64_t m = rect;
      const bool took = fxp_tile_edges_vec(&p, hx, hy, tx, ty, &m);
      if (took != within && bad++ < 3)
         CHECK(t, false, "vector form %s edges %s its bound", took ? "took" : "declined",
               within ? "inside" : "past");
      if (took) {
         vec_taken++;
         if (m != (want & rect) && bad++ < 3)
            CHECK(t, false, "vector form: tile (%d, %d): %016llx, want %016llx", tx, ty, (unsigned long long)m,
                  (unsigned long long)(want & rect));
      } else {
         declined++;
      }
   }
   CHECK(t, bad == 0, "%u mismatches", bad);
   /* the mix reached each case: both forms, and points on edges (for the bias) */
   CHECK(t, vec_taken > 100000 && declined > 20000, "vector form took %u tiles and declined %u", vec_taken, declined);
   CHECK(t, zeros > 10000, "only %u pixel points exactly on an edge", zeros);
}

const struct fxp_test fxp_coverage_tests[] = {
   {"coverage.vector_matches", test_vector_matches},
   {NULL, NULL},
};
