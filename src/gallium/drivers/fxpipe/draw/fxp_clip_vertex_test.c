/* Tests of primitive assembly's per-vertex work (draw/fxp_clip_vertex.h): the four-vertex form against the
 * one-vertex form, bit for bit, on random positions with NaN, infinities, signed zeros, denormals and w of
 * either sign among them, and random frustums (4 to 6 planes, with or without near and far, z >= 0 or
 * z >= -w); and the one-vertex form against values worked out by hand. */
#include <math.h>
#include <string.h>

#include "draw/fxp_clip_vertex.h"
#include "tests/fxp_test.h"

/* A coordinate: mostly ordinary values around the view volume, sometimes a special one. */
static float
coordinate(uint32_t *seed)
{
   static const float special[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-40f, -1e-40f, 3e38f, -3e38f, 1.0f,
                                   -1.0f};
   const uint32_t k = fxp_t_xorshift(seed) % 16;
   if (k == 0)
      return special[fxp_t_xorshift(seed) % ARRAY_SIZE(special)];
   const float f = (float)((double)(fxp_t_xorshift(seed) % 2000001) / 1000000.0 - 1.0); /* [-1, 1] */
   return k < 4 ? f * 1000.0f : f * 2.0f;
}

/* The frustum of setup_clipper (draw/fxp_prim.c): x and y both ways, then near and far if asked, near as
 * z >= 0 with halfz. */
static void
make_frustum(struct fxp_frustum *f, bool near, bool far, bool halfz)
{
   static const float planes[6][4] = {
      {1, 0, 0, 1}, {-1, 0, 0, 1}, {0, 1, 0, 1}, {0, -1, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1},
   };
   float chosen[6][4];
   unsigned n = 0;
   for (unsigned p = 0; p < 6; p++) {
      if ((p == 4 && !near) || (p == 5 && !far))
         continue;
      for (unsigned c = 0; c < 4; c++)
         chosen[n][c] = p == 4 && halfz && c == 3 ? 0.0f : planes[p][c];
      n++;
   }
   fxp_frustum_init(f, (const float(*)[4])chosen, n);
}

static bool
same_bits(const float *a, const float *b, unsigned n)
{
   return memcmp(a, b, n * sizeof(float)) == 0;
}

static void
test_four_vs_one(struct fxp_t *t)
{
#if defined(__SSE__)
   uint32_t seed = 0x5eed1234u;
   unsigned vertices = 0, outside = 0, nan_win = 0;
   for (unsigned trial = 0; trial < 20000; trial++) {
      struct fxp_frustum f;
      make_frustum(&f, trial & 1, trial & 2, trial & 4);
      const float scale[3] = {coordinate(&seed) * 100.0f, coordinate(&seed) * 100.0f, 0.5f};
      const float translate[3] = {coordinate(&seed) * 100.0f, coordinate(&seed) * 100.0f, 0.5f};
      float data[4][6]; /* positions at an offset of 1, as in a vertex's outputs */
      for (unsigned i = 0; i < 4; i++)
         for (unsigned c = 0; c < 6; c++)
            data[i][c] = coordinate(&seed);
      const float *const pos[4] = {&data[0][1], &data[1][1], &data[2][1], &data[3][1]};
      __m128 xyzw[4];
      unsigned m4[4];
      float win4[4][4];
      float *const w4[4] = {win4[0], win4[1], win4[2], win4[3]};
      fxp_positions4(pos, xyzw);
      fxp_frustum_mask4(&f, xyzw, m4);
      fxp_window4(xyzw, scale, translate, w4);
      for (unsigned i = 0; i < 4; i++) {
         float win1[4];
         const unsigned m1 = fxp_frustum_mask1(&f, pos[i]);
         fxp_window1(pos[i], scale, translate, win1);
         if (!CHECK(t, m4[i] == m1, "trial %u vertex %u (%g %g %g %g): mask %#x, one at a time %#x", trial, i,
                    pos[i][0], pos[i][1], pos[i][2], pos[i][3], m4[i], m1))
            return;
         if (!CHECK(t, same_bits(win4[i], win1, 4), "trial %u vertex %u: window (%g %g %g %g), one at a time "
                    "(%g %g %g %g)", trial, i, win4[i][0], win4[i][1], win4[i][2], win4[i][3], win1[0], win1[1],
                    win1[2], win1[3]))
            return;
         vertices++;
         outside += m1 != 0;
         nan_win += isnan(win1[0]);
      }
   }
   /* both inside and outside vertices, and NaN results, were compared */
   CHECK(t, outside > 10000 && vertices - outside > 10000 && nan_win > 100, "%u vertices: %u outside, %u NaN",
         vertices, outside, nan_win);
#else
   (void)t;
#endif
}

/* The one-vertex form on values worked out by hand. */
static void
test_by_hand(struct fxp_t *t)
{
   struct fxp_frustum f;
   make_frustum(&f, true, true, false);
   /* planes in order: x >= -w, x <= w, y >= -w, y <= w, z >= -w, z <= w */
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){0, 0, 0, 1}) == 0, "the centre is inside");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){1, -1, 1, 1}) == 0, "a corner of the volume is inside");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){2, 0, 0, 1}) == 0x2, "x = 2w is outside x <= w");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){0, -3, 5, 1}) == (0x4 | 0x20), "y = -3, z = 5");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){0, 0, 0, -1}) == 0x3f, "w < 0: outside every plane");
   /* every distance takes x, if only as 0 * x, and 0 * NaN is NaN: outside every plane */
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){NAN, 0, 0, 1}) == 0x3f, "NaN x: outside every plane");
   make_frustum(&f, true, false, true);
   /* no far plane; near is z >= 0 (plane 4) */
   CHECK(t, f.num_planes == 5, "five planes");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){0, 0, -0.5f, 1}) == 0x10, "z < 0 is outside halfz's near");
   CHECK(t, fxp_frustum_mask1(&f, (const float[4]){0, 0, 7, 1}) == 0, "no far plane");
   float win[4];
   fxp_window1((const float[4]){1, -1, 1, 2}, (const float[3]){8, 8, 0.5f}, (const float[3]){8, 8, 0.5f}, win);
   CHECK(t, win[0] == 12.0f && win[1] == 4.0f && win[2] == 0.75f && win[3] == 0.5f,
         "window (%g %g %g %g), want (12 4 0.75 0.5)", win[0], win[1], win[2], win[3]);
}

const struct fxp_test fxp_clip_vertex_tests[] = {
   {"clip_vertex.four_vs_one", test_four_vs_one},
   {"clip_vertex.by_hand", test_by_hand},
   {NULL, NULL},
};
