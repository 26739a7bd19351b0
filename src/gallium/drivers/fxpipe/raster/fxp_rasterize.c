/* Coverage: which pixels of a set-up primitive (raster/fxp_setup.h) are drawn. The bounding box is walked in
 * 8x8 tiles: a tile whose corner sample points are all inside every edge is covered whole, one whose corners
 * are all outside one edge is skipped (the edge functions are linear), the others are tested pixel by pixel;
 * covered pixels go to shading (fxp_shade.c) as 2x2 quads, FXP_QUADS_PER_BATCH to a batch. Filled polygons
 * obey the polygon stipple: pixel (x, y) is drawn only if bit 31 - x % 32 of row y % 32 of the pattern is set
 * (the GL front end turns the pattern over for window framebuffers); stippled lines keep the pixels whose
 * fragment count selects a set bit of the line pattern.
 *
 * With several rasterizing threads, the draw's primitives are kept in a scene (below) and each thread walks
 * its own rows of tiles of every primitive, in order, when the scene is flushed. */
#include <math.h>

#include "util/u_math.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "context/fxp_pool.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_rasterize.h"
#include "raster/fxp_setup.h"
#include "raster/fxp_shade.h"

#define RASTER_TILE 8 /* pixels; a power of two, even, so that tiles hold whole quads */

/* Whether the centre of pixel (x, y) is inside the triangle's edges (and, for stippled lines, on). */
static inline bool
pixel_inside(const struct fxp_raster *r, const struct fxp_prim *p, int64_t h, int x, int y)
{
   const int64_t px = ((int64_t)x << FXP_SUBPIXEL_BITS) + h, py = ((int64_t)y << FXP_SUBPIXEL_BITS) + h;
   if (!fxp_prim_edges_inside(p, px, py))
      return false;
   if (p->stipple) {
      const struct pipe_rasterizer_state *rs = r->rast;
      const float d = p->st_xmajor ? fabsf(x + 0.5f - p->st_x0) : fabsf(y + 0.5f - p->st_y0);
      /* GL counts fragments: the n-th along the line uses bit (n / factor) % 16 */
      const unsigned n = (unsigned)(p->st_count + floorf(d));
      const unsigned k = (n / (rs->line_stipple_factor + 1)) & 15;
      return (rs->line_stipple_pattern >> k) & 1;
   }
   return true;
}

/* Walks the tiles of a set-up primitive that belong to thread t of n (tile rows t, t + n, ...), shading
 * their covered quads with the thread's fragment-shader state. */
static void
raster_tiles(struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p, unsigned t, unsigned n)
{
   const int64_t *bias = p->bias;
   const int x0 = p->x0, y0 = p->y0, x1 = p->x1, y1 = p->y1;

   /* 8x8 tiles (see the top of this file) */
   const int64_t h = r->rast->half_pixel_center ? FXP_ONE / 2 : 0;
   struct fxp_batch bt = {0};
   for (int ty = y0 & ~(RASTER_TILE - 1); ty <= y1; ty += RASTER_TILE) {
      if ((unsigned)(ty / RASTER_TILE) % n != t)
         continue;
      for (int tx = x0 & ~(RASTER_TILE - 1); tx <= x1; tx += RASTER_TILE) {
         const int xa = MAX2(tx, x0), xb = MIN2(tx + RASTER_TILE - 1, x1);
         const int ya = MAX2(ty, y0), yb = MIN2(ty + RASTER_TILE - 1, y1);
         if (xa > xb || ya > yb)
            continue;
         bool reject = false, accept = !p->stipple;
         for (unsigned k = 0; k < 3; k++) {
            const int64_t ex0 = p->A[k] * (((int64_t)xa << FXP_SUBPIXEL_BITS) + h);
            const int64_t ex1 = p->A[k] * (((int64_t)xb << FXP_SUBPIXEL_BITS) + h);
            const int64_t ey0 = p->B[k] * (((int64_t)ya << FXP_SUBPIXEL_BITS) + h);
            const int64_t ey1 = p->B[k] * (((int64_t)yb << FXP_SUBPIXEL_BITS) + h);
            const int64_t c = p->C[k] + bias[k];
            const int64_t e00 = ex0 + ey0 + c, e10 = ex1 + ey0 + c, e01 = ex0 + ey1 + c, e11 = ex1 + ey1 + c;
            if (e00 < 0 && e10 < 0 && e01 < 0 && e11 < 0)
               reject = true;
            if (e00 < 0 || e10 < 0 || e01 < 0 || e11 < 0)
               accept = false;
         }
         if (reject)
            continue;
         for (int qy = ya & ~1; qy <= yb; qy += 2) {
            for (int qx = xa & ~1; qx <= xb; qx += 2) {
               uint32_t quad_cov = 0;
               for (unsigned q = 0; q < 4; q++) {
                  const int x = qx + (q & 1), y = qy + (q >> 1);
                  if (x < xa || x > xb || y < ya || y > yb)
                     continue;
                  if (accept || pixel_inside(r, p, h, x, y))
                     quad_cov |= 1u << q;
               }
               if (p->pstipple) {
                  const uint32_t *rows = r->ctx->poly_stipple.stipple;
                  for (unsigned q = 0; q < 4; q++) {
                     const int x = qx + (q & 1), y = qy + (q >> 1);
                     if (!(rows[y & 31] & (0x80000000u >> (x & 31))))
                        quad_cov &= ~(1u << q);
                  }
               }
               if (!quad_cov)
                  continue;
               for (unsigned q = 0; q < 4; q++) {
                  bt.x[bt.nq * 4 + q] = qx + (q & 1);
                  bt.y[bt.nq * 4 + q] = qy + (q >> 1);
               }
               bt.coverage |= quad_cov << (bt.nq * 4);
               if (++bt.nq == FXP_QUADS_PER_BATCH)
                  fxp_shade_batch(r, ts, p, &bt);
            }
         }
      }
   }
   if (bt.nq)
      fxp_shade_batch(r, ts, p, &bt);
}

/* The scene: primitives set up but not yet rasterized, when several threads rasterize a draw. Each entry is
 * a struct fxp_prim followed by its planes and the provoking vertex's outputs, in chunks of a growing arena. */
#define SCENE_CHUNK_B (1u << 20)
#define SCENE_LIMIT_B (256u << 20)  /* a draw with more is rasterized in parts */
#define SMALL_PRIM_PX 256           /* primitives whose bounding box is this small are not shared out */

struct scene_chunk {
   struct scene_chunk *next;
   size_t used_B, size_B;
   uint8_t data[];
};

struct fxp_scene {
   struct scene_chunk *first, *last;
   struct fxp_prim **prims;
   unsigned num_prims, cap_prims;
   size_t total_B;
};

static void *
scene_alloc(struct fxp_scene *sc, size_t size_B)
{
   size_B = align64(size_B, 16);
   if (!sc->last || sc->last->used_B + size_B > sc->last->size_B) {
      const size_t chunk_B = MAX2(SCENE_CHUNK_B, size_B);
      struct scene_chunk *c = MALLOC(sizeof(*c) + chunk_B);
      if (!c)
         return NULL;
      c->next = NULL;
      c->used_B = 0;
      c->size_B = chunk_B;
      if (sc->last)
         sc->last->next = c;
      else
         sc->first = c;
      sc->last = c;
      sc->total_B += chunk_B;
   }
   void *ptr = sc->last->data + sc->last->used_B;
   sc->last->used_B += size_B;
   return ptr;
}

static void
scene_reset(struct fxp_scene *sc)
{
   for (struct scene_chunk *c = sc->first, *next; c; c = next) {
      next = c->next;
      FREE(c);
   }
   sc->first = sc->last = NULL;
   sc->num_prims = 0;
   sc->total_B = 0;
}

struct scene_job {
   struct fxp_raster *r;
   struct fxp_scene *sc;
};

static void
scene_job(void *data, unsigned t, unsigned n)
{
   const struct scene_job *j = data;
   for (unsigned i = 0; i < j->sc->num_prims; i++)
      raster_tiles(j->r, &j->r->threads[t], j->sc->prims[i], t, n);
}

/* Each thread rasterizes its own tile rows, so each pixel sees the primitives in order. */
void
fxp_rasterize_flush(struct fxp_raster *r)
{
   struct fxp_scene *sc = r->scene;
   if (!sc || !sc->num_prims)
      return;
   while (r->threads_ready < r->num_threads && fxp_shade_thread_setup(r, r->threads_ready))
      ;
   if (r->threads_ready < r->num_threads) {
      /* out of memory for the other threads' states: the main thread rasterizes the scene alone */
      for (unsigned i = 0; i < sc->num_prims; i++)
         raster_tiles(r, &r->threads[0], sc->prims[i], 0, 1);
   } else {
      struct scene_job j = {r, sc};
      fxp_pool_run(r->ctx->raster_pool, scene_job, &j);
   }
   scene_reset(sc);
}

struct fxp_scene *
fxp_rasterize_scene_create(void)
{
   return CALLOC_STRUCT(fxp_scene);
}

void
fxp_rasterize_scene_destroy(struct fxp_scene *sc)
{
   if (!sc)
      return;
   scene_reset(sc);
   FREE(sc->prims);
   FREE(sc);
}

void
fxp_rasterize_prim(struct fxp_raster *r, const struct fxp_prim *p)
{
   struct fxp_scene *sc = r->scene;
   const unsigned num_planes = 4 * r->num_fs_in;

   /* one thread: at once. Small primitives too (a few tiles gain nothing from sharing): the scene is
    * flushed first, so every pixel still sees the primitives in order. */
   if (!sc || (int64_t)(p->x1 - p->x0 + 1) * (p->y1 - p->y0 + 1) <= SMALL_PRIM_PX) {
      if (sc)
         fxp_rasterize_flush(r);
      raster_tiles(r, &r->threads[0], p, 0, 1);
      return;
   }
   if (sc->total_B > SCENE_LIMIT_B)
      fxp_rasterize_flush(r);
   if (sc->num_prims == sc->cap_prims) {
      const unsigned cap = MAX2(1024, 2 * sc->cap_prims);
      struct fxp_prim **n = REALLOC(sc->prims, sc->cap_prims * sizeof(*n), cap * sizeof(*n));
      if (!n) {
         fxp_refuse("out of memory for a draw's primitives");
         return;
      }
      sc->prims = n;
      sc->cap_prims = cap;
   }
   uint8_t *mem = scene_alloc(sc, sizeof(struct fxp_prim) + num_planes * sizeof(struct fxp_plane) +
                                     r->stride * sizeof(float));
   if (!mem) {
      fxp_refuse("out of memory for a draw's primitives");
      return;
   }
   struct fxp_prim *q = (struct fxp_prim *)mem;
   *q = *p;
   q->attr = (struct fxp_plane *)(mem + sizeof(struct fxp_prim));
   memcpy(q->attr, p->attr, num_planes * sizeof(struct fxp_plane));
   float *attr = (float *)(mem + sizeof(struct fxp_prim) + num_planes * sizeof(struct fxp_plane));
   memcpy(attr, p->prov_attr, r->stride * sizeof(float));
   q->prov_attr = attr;
   q->v[0] = q->v[1] = q->v[2] = q->prov = NULL; /* temporaries of clipping */
   sc->prims[sc->num_prims++] = q;
}
