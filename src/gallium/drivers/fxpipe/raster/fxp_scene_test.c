/* Tests of binning (raster/fxp_scene.c) against the contract in raster/fxp_scene.h, worked out from it and
 * not from the code: for random triangles over a framebuffer that is not a whole number of bins, every
 * pixel a triangle covers (its sample point inside all three edges, tested pixel by pixel) lies in a bin
 * whose list references the triangle; no bin outside the bounding box references it; each bin's list holds
 * its triangles in the order they were binned, each once; the work list names each non-empty bin once; and
 * a reset scene is empty. The primitive's copy carries its planes and provoking outputs. */
#include <string.h>

#include "raster/fxp_scene.h"
#include "raster/fxp_setup.h"
#include "tests/fxp_test.h"

#define FB_W 300 /* 5 bins wide, the last one partial */
#define FB_H 200 /* 4 bins high */

static uint32_t rng_state;
static float
rnd(void)
{
   rng_state = rng_state * 1664525u + 1013904223u;
   return (rng_state >> 8) * (1.0f / 16777216.0f);
}

struct env {
   struct pipe_rasterizer_state rs;
   struct fxp_raster r;
};

/* A rasterizer state for the FB_W x FB_H framebuffer, one FS input. */
static void
env_init(struct env *e)
{
   memset(e, 0, sizeof(*e));
   e->rs.half_pixel_center = true;
   e->r.rast = &e->rs;
   e->r.clip_maxx = FB_W;
   e->r.clip_maxy = FB_H;
   e->r.num_fs_in = 1;
}

static bool
set_up(const struct env *e, const float v[3][2], struct fxp_prim *p, struct fxp_rvert rv[3],
       struct fxp_plane *planes, const float *attr)
{
   for (unsigned k = 0; k < 3; k++) {
      rv[k].win[0] = v[k][0], rv[k].win[1] = v[k][1], rv[k].win[2] = 0.5f, rv[k].win[3] = 1.0f;
      rv[k].attr = attr;
   }
   memset(p, 0, sizeof(*p));
   p->v[0] = &rv[0], p->v[1] = &rv[1], p->v[2] = &rv[2];
   p->attr = planes;
   if (!fxp_setup_triangle(&e->r, p))
      return false;
   p->prov_attr = attr;
   return true;
}

/* Whether bin b's list references q, and where (-1 if not); the list's references counted into *n. */
static int
bin_position(const struct fxp_scene *sc, unsigned b, const struct fxp_prim *q, unsigned *n)
{
   int at = -1;
   *n = 0;
   for (const struct fxp_bin_block *blk = sc->bins[b].head; blk; blk = blk->next)
      for (unsigned i = 0; i < blk->count; i++, ++*n)
         if (blk->prim[i] == q && at < 0)
            at = (int)*n;
   return at;
}

static void
test_bin_coverage(struct fxp_t *t)
{
   struct env e;
   env_init(&e);

   struct fxp_scene *sc = fxp_scene_create();
   CHECK(t, sc && fxp_scene_begin(sc, FB_W, FB_H), "a scene for %dx%d", FB_W, FB_H);
   if (!sc)
      return;
   CHECK(t, sc->bins_x == 5 && sc->bins_y == 4, "bins %ux%u, want 5x4 (64-pixel bins, the last partial)",
         sc->bins_x, sc->bins_y);

   enum { N = 200 };
   const struct fxp_prim *copies[N];
   struct fxp_prim prims[N];
   double ids[N]; /* the number i of triangle n, in its first plane's v0 */
   unsigned n = 0;
   rng_state = 7;
   for (unsigned i = 0; n < N && i < 4 * N; i++) {
      /* a third large, the rest small; some off the framebuffer's edges */
      const float s = i % 3 == 0 ? 250.0f : 30.0f;
      const float cx = rnd() * (FB_W + 40) - 20, cy = rnd() * (FB_H + 40) - 20;
      const float v[3][2] = {{cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)},
                             {cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)},
                             {cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)}};
      struct fxp_plane planes[4];
      float attr[8] = {(float)i, 1, 2, 3, 4, 5, 6, 7};
      struct fxp_rvert rv[3];
      if (!set_up(&e, v, &prims[n], rv, planes, attr))
         continue;
      for (unsigned k = 0; k < 4; k++)
         planes[k] = (struct fxp_plane){i + k, 0.5 * k, -0.25 * k};
      unsigned done;
      const unsigned before = sc->num_prims;
      CHECK(t, fxp_scene_bin(sc, &prims[n], 4, 8, FXP_ONE / 2, FXP_ONE / 2, &done), "primitive %u binned", n);
      CHECK(t, sc->num_prims == before + 1, "the scene counts primitive %u", n);
      prims[n].v[0] = prims[n].v[1] = prims[n].v[2] = prims[n].prov = NULL;
      prims[n].attr = NULL; /* its planes and outputs were this loop's: only the copy's stay */
      prims[n].prov_attr = NULL;
      ids[n++] = i;
   }
   CHECK(t, n == N, "%u triangles set up, want %u", n, N);

   /* the work list and the bins agree */
   unsigned listed[5 * 4] = {0};
   for (unsigned w = 0; w < sc->num_work; w++) {
      CHECK(t, sc->work[w] < 20 && !listed[sc->work[w]], "work entry %u names bin %u once", w, sc->work[w]);
      if (sc->work[w] < 20)
         listed[sc->work[w]] = 1;
   }
   unsigned refs_total = 0;
   for (unsigned b = 0; b < 20; b++) {
      unsigned cnt = 0;
      bin_position(sc, b, NULL, &cnt);
      refs_total += cnt;
      CHECK(t, (cnt > 0) == (listed[b] != 0), "bin %u: %u references, on the work list %u", b, cnt, listed[b]);
   }
   CHECK(t, refs_total == sc->bin_refs, "%u references in the bins, %llu counted", refs_total,
         (unsigned long long)sc->bin_refs);

   /* the copies in order: walk every bin's list; references in each are in binning order (their planes'
    * v0 holds the triangle's number i, increasing with n) */
   for (unsigned b = 0; b < 20; b++) {
      double last = -1;
      for (const struct fxp_bin_block *blk = sc->bins[b].head; blk; blk = blk->next)
         for (unsigned i = 0; i < blk->count; i++) {
            CHECK(t, blk->prim[i]->attr[0].v0 > last, "bin %u: references in binning order", b);
            last = blk->prim[i]->attr[0].v0;
         }
   }
   for (unsigned k = 0; k < n; k++) {
      /* its copy: the reference whose first plane carries its number */
      const struct fxp_prim *p = &prims[k];
      copies[k] = NULL;
      for (unsigned b = 0; b < 20 && !copies[k]; b++)
         for (const struct fxp_bin_block *blk = sc->bins[b].head; blk && !copies[k]; blk = blk->next)
            for (unsigned i = 0; i < blk->count; i++)
               if (blk->prim[i]->attr[0].v0 == ids[k])
                  copies[k] = blk->prim[i];
      const struct fxp_prim *q = copies[k];
      if (!q) {
         /* a triangle whose box holds no covered pixel may be in no bin at all: then it covers nothing */
         for (int y = p->y0; y <= p->y1; y++)
            for (int x = p->x0; x <= p->x1; x++)
               CHECK(t, !fxp_prim_edges_inside(p, ((int64_t)x << 8) + 128, ((int64_t)y << 8) + 128),
                     "triangle %u covers pixel (%d, %d) but is in no bin", k, x, y);
         continue;
      }
      CHECK(t, q != p && q->attr[3].v0 == ids[k] + 3 && q->attr[3].gy == -0.75 && q->prov_attr[0] == ids[k] &&
               q->prov_attr[7] == 7.0f && !q->v[0] && !q->prov && q->A[0] == p->A[0] && q->C[2] == p->C[2] &&
               q->x0 == p->x0 && q->y1 == p->y1,
            "triangle %u: the copy has its own planes and provoking outputs", k);
      for (unsigned b = 0; b < 20; b++) {
         const int bx = b % 5, by = b / 5;
         unsigned cnt;
         const bool in_bin = bin_position(sc, b, q, &cnt) >= 0;
         bool covered = false;
         for (int y = by * 64; y < by * 64 + 64 && y < FB_H; y++)
            for (int x = bx * 64; x < bx * 64 + 64 && x < FB_W; x++)
               if (x >= p->x0 && x <= p->x1 && y >= p->y0 && y <= p->y1 &&
                   fxp_prim_edges_inside(p, ((int64_t)x << 8) + 128, ((int64_t)y << 8) + 128))
                  covered = true;
         const bool in_box = bx * 64 <= p->x1 && bx * 64 + 63 >= p->x0 && by * 64 <= p->y1 && by * 64 + 63 >= p->y0;
         CHECK(t, !covered || in_bin, "triangle %u covers a pixel of bin %u but is not in it", k, b);
         CHECK(t, in_box || !in_bin, "triangle %u is in bin %u outside its bounding box", k, b);
      }
   }

   fxp_scene_reset(sc);
   CHECK(t, sc->num_work == 0 && sc->num_prims == 0 && sc->used_B == 0, "a reset scene is empty");
   for (unsigned b = 0; b < 20; b++)
      CHECK(t, !sc->bins[b].head, "bin %u is empty after the reset", b);
   /* and takes primitives again, into memory kept from before */
   unsigned done;
   struct fxp_plane planes[4] = {{0}};
   const float attr[8] = {0};
   struct fxp_prim again = prims[0];
   again.attr = planes;
   again.prov_attr = attr;
   CHECK(t, fxp_scene_bin(sc, &again, 4, 8, FXP_ONE / 2, FXP_ONE / 2, &done) && sc->num_prims == 1 && sc->num_work > 0,
         "a reset scene bins again");
   fxp_scene_destroy(sc);
}

/* Bins random triangle number i (its first plane's v0 is i) into sc; false when setup drops it. */
static bool
bin_numbered(struct fxp_t *t, const struct env *e, struct fxp_scene *sc, unsigned i)
{
   rng_state = 1000 + i;
   const float s = i % 4 == 0 ? 200.0f : 25.0f;
   const float cx = rnd() * FB_W, cy = rnd() * FB_H;
   const float v[3][2] = {{cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)},
                          {cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)},
                          {cx + s * (rnd() - 0.5f), cy + s * (rnd() - 0.5f)}};
   struct fxp_plane planes[4] = {{(double)i, 0, 0}};
   const float attr[8] = {(float)i};
   struct fxp_rvert rv[3];
   struct fxp_prim p;
   if (!set_up(e, v, &p, rv, planes, attr))
      return false;
   planes[0].v0 = i;
   unsigned done;
   return CHECK(t, fxp_scene_bin(sc, &p, 4, 8, FXP_ONE / 2, FXP_ONE / 2, &done), "triangle %u binned", i);
}

/* Whether the two scenes list the same triangles (by number) in every bin, in the same order, and count
 * them alike. */
static bool
same_bins(const struct fxp_scene *a, const struct fxp_scene *b)
{
   if (a->num_prims != b->num_prims || a->bin_refs != b->bin_refs || a->num_work != b->num_work)
      return false;
   for (unsigned bin = 0; bin < a->bins_x * a->bins_y; bin++) {
      const struct fxp_bin_block *x = a->bins[bin].head, *y = b->bins[bin].head;
      unsigned i = 0, j = 0;
      for (;;) {
         while (x && i == x->count)
            x = x->next, i = 0;
         while (y && j == y->count)
            y = y->next, j = 0;
         if (!x || !y)
            break;
         if (x->prim[i++]->attr[0].v0 != y->prim[j++]->attr[0].v0)
            return false;
      }
      if (x || y)
         return false;
   }
   return true;
}

/* Scenes appended (fxp_scene_append): the triangles 0..399 binned into one scene, and again as a scene
 * holding 0..99 with the scenes of 100..199, 200..299 and (the first of those again) 300..399 appended in
 * that order, give the same bins: a scene appended, given more triangles and appended again goes on in order; a discarded range leaves the scene it
 * is attached to as it was; a reset empties the attached scenes too. */
static void
test_append(struct fxp_t *t)
{
   struct env e;
   env_init(&e);
   struct fxp_scene *whole = fxp_scene_create(), *main = fxp_scene_create(), *r1 = fxp_scene_create(),
                    *r2 = fxp_scene_create();
   if (!CHECK(t, whole && main && r1 && r2, "four scenes"))
      goto out;
   CHECK(t, fxp_scene_begin(whole, FB_W, FB_H) && fxp_scene_begin(main, FB_W, FB_H) &&
            fxp_scene_begin(r1, FB_W, FB_H) && fxp_scene_begin(r2, FB_W, FB_H), "begun");
   for (unsigned i = 0; i < 400; i++)
      bin_numbered(t, &e, whole, i);
   for (unsigned i = 0; i < 100; i++)
      bin_numbered(t, &e, main, i);
   for (unsigned i = 100; i < 200; i++)
      bin_numbered(t, &e, r1, i);
   for (unsigned i = 200; i < 300; i++)
      bin_numbered(t, &e, r2, i);
   fxp_scene_append(main, r1);
   fxp_scene_append(main, r2);
   const size_t r2_appended_B = r2->used_B;
   CHECK(t, r1->num_work == 0 && r1->num_prims == 0 && r1->attached_to == main && r2->attached_to == main,
         "appended scenes are empty and attached");
   CHECK(t, main->attached_B == r1->used_B + r2->used_B && fxp_scene_size_B(main) == main->used_B + main->attached_B,
         "the appended arenas counted: %zu, want %zu", main->attached_B, r1->used_B + r2->used_B);
   /* the next range into r1 again, appended again; a range into r2 discarded */
   for (unsigned i = 300; i < 400; i++)
      bin_numbered(t, &e, r1, i);
   for (unsigned i = 1000; i < 1050; i++)
      bin_numbered(t, &e, r2, i);
   const size_t r2_used_B = r2->used_B;
   fxp_scene_discard(r2);
   CHECK(t, r2->num_work == 0 && r2->num_prims == 0 && r2->used_B == r2_used_B,
         "a discarded attached scene keeps its arena (the scene it is attached to references it)");
   fxp_scene_append(main, r1);
   CHECK(t, same_bins(whole, main), "0..399 in one scene and in four ranges, three appended: the same bins");
   CHECK(t, main->attached_B == r1->used_B + r2_appended_B, "each appended byte counted once (discarded ones not)");
   fxp_scene_reset(main);
   CHECK(t, main->num_prims == 0 && main->attached_B == 0 && !main->attached && r1->used_B == 0 && r2->used_B == 0 &&
            !r1->attached_to && !r2->attached_to,
         "a reset empties the attached scenes and detaches them");
   /* an unattached scene discarded is emptied, arena and all */
   for (unsigned i = 0; i < 20; i++)
      bin_numbered(t, &e, r2, i);
   fxp_scene_discard(r2);
   CHECK(t, r2->num_prims == 0 && r2->used_B == 0, "an unattached scene discarded is empty");
out:
   fxp_scene_destroy(whole);
   fxp_scene_destroy(main);
   fxp_scene_destroy(r1);
   fxp_scene_destroy(r2);
}

const struct fxp_test fxp_scene_tests[] = {
   {"scene.bin_coverage", test_bin_coverage},
   {"scene.append", test_append},
   {NULL, NULL},
};
