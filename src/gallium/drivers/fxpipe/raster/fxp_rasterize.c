/* Coverage: which pixels of a set-up primitive (raster/fxp_setup.h) are drawn. The bounding box is walked in
 * 8x8 tiles: a tile whose corner sample points are all inside every edge is covered whole, one whose corners
 * are all outside one edge is skipped (the edge functions are linear), the others are tested pixel by pixel;
 * covered pixels go to shading (fxp_shade.c) as 2x2 quads, FXP_QUADS_PER_BATCH to a batch. Filled polygons
 * obey the polygon stipple: pixel (x, y) is drawn only if bit 31 - x % 32 of row y % 32 of the pattern is set
 * (the GL front end turns the pattern over for window framebuffers); stippled lines keep the pixels whose
 * fragment count selects a set bit of the line pattern.
 *
 * With several rasterizing threads, the draw's primitives are binned into a scene (raster/fxp_scene.h) and,
 * when it is flushed, each thread takes whole bins and draws the primitives of each in order. Once a
 * fragment-shader batch of the draw has run past the watchdog's budget (fxp_context.h, "Watchdog"), on any
 * thread, every thread skips the rest of the scene, and later primitives are dropped. */
#include <math.h>

#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_time.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_ops.h"
#include "context/fxp_pool.h"
#include "raster/fxp_coverage.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_rasterize.h"
#include "raster/fxp_samples.h"
#include "raster/fxp_setup.h"
#include "raster/fxp_scene.h"
#include "raster/fxp_shade.h"

#define RASTER_TILE FXP_COVERAGE_TILE_PX /* pixels; a power of two, even, so that tiles hold whole quads */

/* Whether pixel (x, y) of a stippled line is on: its fragment count selects a set bit of the pattern. */
static inline bool
stipple_on(const struct fxp_raster *r, const struct fxp_prim *p, int x, int y)
{
   const struct pipe_rasterizer_state *rs = r->rast;
   const float d = p->st_xmajor ? fabsf(x + 0.5f - p->st_x0) : fabsf(y + 0.5f - p->st_y0);
   /* GL counts fragments: the n-th along the line uses bit (n / factor) % 16 */
   const unsigned n = (unsigned)(p->st_count + floorf(d));
   const unsigned k = (n / (rs->line_stipple_factor + 1)) & 15;
   return (rs->line_stipple_pattern >> k) & 1;
}

/* Stippled lines keep the pixels of m that are on (stipple_on). */
static uint64_t
tile_stipple(const struct fxp_raster *r, const struct fxp_prim *p, int tx, int ty, uint64_t m)
{
   for (uint64_t rest = m; rest; rest &= rest - 1) {
      const unsigned b = __builtin_ctzll(rest);
      if (!stipple_on(r, p, tx + (int)(b % RASTER_TILE), ty + (int)(b / RASTER_TILE)))
         m &= ~((uint64_t)1 << b);
   }
   return m;
}

/* The pixels of a partly covered tile [xa, xb] x [ya, yb] (inside the 8x8 tile at tx, ty) whose sample points
 * (h subpixels from the corner) are inside the primitive, as a mask: bit (y - ty) * 8 + (x - tx); stippled
 * lines then test their set pixels one by one. use_32: the 32-bit way (fxp_tile_edges). */
static uint64_t
tile_coverage(const struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p, bool use_32,
              int64_t h, int tx, int ty, int xa, int xb, int ya, int yb)
{
   uint64_t m = fxp_tile_edges(p, use_32, h, h, tx, ty, xa, xb, ya, yb, fxp_rect_bits(tx, ty, xa, xb, ya, yb),
                               &ts->tiles_edges_32, &ts->tiles_edges_64);
   return p->stipple ? tile_stipple(r, p, tx, ty, m) : m;
}

/* Multisampling with per-sample coverage (fxp_raster.ms_coverage): each sample's pixels in ms[s] (as
 * tile_coverage's masks, at sample s's position), and the pixels with any sample covered (then the line
 * stipple, which goes by pixels). */
static uint64_t
tile_coverage_ms(const struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p, bool use_32,
                 int64_t h, int tx, int ty, int xa, int xb, int ya, int yb, uint64_t ms[FXP_MAX_SAMPLES])
{
   const uint64_t rect = fxp_rect_bits(tx, ty, xa, xb, ya, yb);
   uint64_t m = 0;
   for (unsigned s = 0; s < r->samples; s++) {
      ms[s] = fxp_tile_edges(p, use_32, h + r->sample_x[s], h + r->sample_y[s], tx, ty, xa, xb, ya, yb, rect,
                             &ts->tiles_edges_32, &ts->tiles_edges_64);
      m |= ms[s];
   }
   return p->stipple ? tile_stipple(r, p, tx, ty, m) : m;
}

/* The samples of the pixel at bit b of a tile: from the per-sample masks ms, or all of them (sample_mask
 * aside) when ms is NULL (a tile covered whole, or coverage by pixel centres). */
static inline uint16_t
pixel_samples(const struct fxp_raster *r, const uint64_t *ms, unsigned b)
{
   if (!ms)
      return (uint16_t)((1u << r->samples) - 1);
   uint16_t m = 0;
   for (unsigned s = 0; s < r->samples; s++)
      m |= (uint16_t)(((ms[s] >> b) & 1) << s);
   return m;
}

/* Primitives whose bounding box has at most this many pixels share batches (struct fxp_batch). A shared
 * batch interpolates once for each of its primitives, so it pays only where a primitive would leave most
 * of its own batch empty: measured on glmark2 at 256x256, sharing between all triangles made conditionals
 * (about 19 fragments a triangle) 3% slower, while phong (2 to 3) gained. */
#define FXP_SHARE_MAX_PX 32

static inline bool
prim_small(const struct fxp_prim *p)
{
   return (int64_t)(p->x1 - p->x0 + 1) * (p->y1 - p->y0 + 1) <= FXP_SHARE_MAX_PX;
}

/* Whether the batch bt, holding quads of other primitives, may take quads of p too (struct fxp_batch):
 * small triangles (not points, not stippled lines) of the same facing, in a draw that allows it. */
static inline bool
batch_takes(const struct fxp_raster *r, const struct fxp_batch *bt, const struct fxp_prim *p)
{
   const struct fxp_prim *b = bt->prim[0];
   return r->share_batches && b->front == p->front && !b->point && !p->point && !b->stipple && !p->stipple &&
          prim_small(b) && prim_small(p);
}

/* Whether quad (x, y) (its top-left pixel) is one of the batch's quads of other primitives than the last
 * one's: then the batch is shaded first, so that each pixel still sees its primitives in order. */
static inline bool
batch_has_quad(const struct fxp_batch *bt, int x, int y)
{
   for (unsigned q = 0; q < bt->first_q; q++)
      if (bt->x[4 * q] == x && bt->y[4 * q] == y)
         return true;
   return false;
}

/* Rasterizes the part of a set-up primitive inside the pixel rectangle [rx0, rx1] x [ry0, ry1] (a bin, or
 * the whole framebuffer), adding its covered quads to the batch bt and shading each batch that is full with
 * the thread state ts. bt may hold quads of earlier primitives (struct fxp_batch), and may be left holding
 * some of this one's: the caller shades it (fxp_shade_batch) before the primitives are gone. */
static void
raster_rect(struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p, int rx0, int ry0,
            int rx1, int ry1, struct fxp_batch *bt)
{
   const int64_t *bias = p->bias;
   const int x0 = MAX2(p->x0, rx0), y0 = MAX2(p->y0, ry0), x1 = MIN2(p->x1, rx1), y1 = MIN2(p->y1, ry1);

   /* 8x8 tiles (see the top of this file); bins are made of whole tiles. With per-sample coverage a tile is
    * accepted or rejected by the box around all its samples: [lo, hi] subpixels around each pixel's point. */
   const int64_t h = fxp_setup_sample_offset(r);
   const bool ms_cov = r->ms_coverage;
   const int64_t lo = ms_cov ? h + r->sample_lo : h, hi = ms_cov ? h + r->sample_hi : h;
   uint64_t ms_buf[FXP_MAX_SAMPLES];
   if (bt->nq && !batch_takes(r, bt, p))
      r->shade_batch(r, ts, bt);
   if (bt->nq)
      bt->first_q = bt->nq; /* this primitive's quads start here */
   /* boxes three tiles wide or more: each row of tiles from its span only (fxp_row_span) */
   const bool spans = x1 - x0 >= 2 * RASTER_TILE;
   for (int ty = y0 & ~(RASTER_TILE - 1); ty <= y1; ty += RASTER_TILE) {
      int sx0 = x0, sx1 = x1;
      if (spans && !fxp_row_span(p, MAX2(ty, y0), MIN2(ty + RASTER_TILE - 1, y1), lo, hi, &sx0, &sx1))
         continue;
      for (int tx = sx0 & ~(RASTER_TILE - 1); tx <= sx1; tx += RASTER_TILE) {
         const int xa = MAX2(tx, x0), xb = MIN2(tx + RASTER_TILE - 1, x1);
         const int ya = MAX2(ty, y0), yb = MIN2(ty + RASTER_TILE - 1, y1);
         if (xa > xb || ya > yb)
            continue;
         /* fits_32: every corner's value fits 32 bits, so the tile's pixels (and all their samples, which lie
          * in the box) may take the 32-bit way (raster/fxp_coverage.h) */
         bool reject = false, accept = !p->stipple, fits_32 = r->edges_32;
         for (unsigned k = 0; k < p->num_edges; k++) {
            const int64_t ex0 = p->A[k] * (((int64_t)xa << FXP_SUBPIXEL_BITS) + lo);
            const int64_t ex1 = p->A[k] * (((int64_t)xb << FXP_SUBPIXEL_BITS) + hi);
            const int64_t ey0 = p->B[k] * (((int64_t)ya << FXP_SUBPIXEL_BITS) + lo);
            const int64_t ey1 = p->B[k] * (((int64_t)yb << FXP_SUBPIXEL_BITS) + hi);
            const int64_t c = p->C[k] + bias[k];
            /* the least and the largest of the four corners' values (the edge is a sum of an x and a y term) */
            const int64_t e_min = c + MIN2(ex0, ex1) + MIN2(ey0, ey1);
            const int64_t e_max = c + MAX2(ex0, ex1) + MAX2(ey0, ey1);
            reject |= e_max < 0;
            accept &= e_min >= 0;
            fits_32 &= e_min >= INT32_MIN && e_max <= INT32_MAX;
         }
         if (reject)
            continue;
         uint64_t m;
         const uint64_t *ms = NULL; /* per-sample masks (pixel_samples) */
         if (accept) {
            m = fxp_rect_bits(tx, ty, xa, xb, ya, yb);
         } else if (ms_cov) {
            m = tile_coverage_ms(r, ts, p, fits_32, h, tx, ty, xa, xb, ya, yb, ms_buf);
            ms = ms_buf;
         } else {
            m = tile_coverage(r, ts, p, fits_32, h, tx, ty, xa, xb, ya, yb);
         }
         if (p->pstipple && m) {
            /* pixel (x, y) stays if bit 31 - x % 32 of row y % 32 is set */
            const uint32_t *rows = r->poly_stipple;
            for (unsigned j = 0; j < RASTER_TILE; j++) {
               const uint32_t row = rows[(ty + j) & 31];
               for (unsigned i = 0; i < RASTER_TILE; i++)
                  if (!(row & (0x80000000u >> ((tx + i) & 31))))
                     m &= ~((uint64_t)1 << (j * RASTER_TILE + i));
            }
         }
         if (m == ~(uint64_t)0 && r->whole_tile_batches && 2 * FXP_QUADS_PER_BATCH == RASTER_TILE) {
            /* a whole tile: a batch a row of quads, each four quads side by side (whose colour writes are
             * two 8-pixel rows: fragment/fxp_fragment_fast.c, store_pixels); the batch the tile finds is
             * shaded first, so that the rows line up with batches (primitive order is kept either way) */
            if (bt->nq)
               r->shade_batch(r, ts, bt);
            for (int qy = 0; qy < RASTER_TILE; qy += 2) {
               /* the shading writes the lanes' positions (struct fxp_batch.row) as vectors: here, with this
                * file's instruction set, they were stores a vector load could not take its value from */
               bt->row = true;
               bt->x[0] = tx;
               bt->y[0] = ty + qy;
               for (unsigned q = 0; q < FXP_QUADS_PER_BATCH; q++)
                  bt->prim[q] = p;
               bt->coverage = (uint32_t)((1ull << FXP_W) - 1);
               if (r->samples > 1) /* every pixel has a sample covered, not necessarily all (ms) */
                  for (unsigned l = 0; l < FXP_W; l++)
                     bt->smask[l] = pixel_samples(r, ms, (qy + fxp_row_dy[l]) * RASTER_TILE + fxp_row_dx[l]);
               bt->nq = FXP_QUADS_PER_BATCH;
               r->shade_batch(r, ts, bt);
            }
            continue;
         }
         /* the tile's covered quads in rows of quads, left to right: the order the batches have always had.
          * Bit qy * 8 + qx of `quads` (qx, qy even) says quad (qx, qy) has a pixel of m. */
         _Static_assert(RASTER_TILE == 8, "the quad mask's constants are for 8x8 tiles");
         uint64_t quads = (m | (m >> RASTER_TILE)) & 0x00ff00ff00ff00ffull; /* row pairs */
         quads = (quads | (quads >> 1)) & 0x0055005500550055ull;          /* pixel pairs */
         for (; quads; quads &= quads - 1) {
            const unsigned b = (unsigned)__builtin_ctzll(quads);
            const unsigned qx = b % RASTER_TILE, qy = b / RASTER_TILE;
            const unsigned rows2 = (unsigned)(m >> b); /* from pixel (qx, qy) on */
            const uint32_t quad_cov = (rows2 & 3u) | (((rows2 >> RASTER_TILE) & 3u) << 2);
            if (bt->first_q && batch_has_quad(bt, tx + (int)qx, ty + (int)qy))
               r->shade_batch(r, ts, bt);
            for (unsigned q = 0; q < 4; q++) {
               bt->x[bt->nq * 4 + q] = tx + (int)qx + (q & 1);
               bt->y[bt->nq * 4 + q] = ty + (int)qy + (q >> 1);
            }
            if (r->samples > 1)
               for (unsigned q = 0; q < 4; q++)
                  bt->smask[bt->nq * 4 + q] =
                     (quad_cov >> q) & 1
                        ? pixel_samples(r, ms, (qy + (q >> 1)) * RASTER_TILE + qx + (q & 1)) : 0;
            bt->coverage |= quad_cov << (bt->nq * 4);
            bt->prim[bt->nq] = p;
            if (++bt->nq == FXP_QUADS_PER_BATCH)
               r->shade_batch(r, ts, bt);
         }
      }
   }
}

/* A primitive's part inside a rectangle, shaded at once (batches of its own quads alone). */
static void
raster_rect_alone(struct fxp_raster *r, struct fxp_raster_thread *ts, const struct fxp_prim *p, int rx0,
                  int ry0, int rx1, int ry1)
{
   struct fxp_batch bt;
   fxp_batch_init(&bt);
   raster_rect(r, ts, p, rx0, ry0, rx1, ry1, &bt);
   if (bt.nq)
      r->shade_batch(r, ts, &bt);
}

/* A flush's job (struct fxp_raster_job): each thread takes whole bins from the scene's work list and draws
 * their primitives in order (raster/fxp_scene.h). */
static void
scene_job(void *data, unsigned t, unsigned n)
{
   const struct fxp_raster_job *j = data;
   struct fxp_scene *sc = j->sc;
   struct fxp_raster_thread *ts = &j->r->threads[t];
   const struct fxp_context *ctx = j->r->ctx;
   (void)n;
   if (unlikely(fxp_debug_flags & FXP_DBG_SLOWRASTER))
      os_time_sleep(1000); /* (tests: a scene in flight is still being drawn when the drawing thread goes on) */
   /* one batch through all the thread's bins: small triangles share batches (the primitives stay in the
    * scene until the flush ends; bins are disjoint, so quads of different bins never meet at a pixel) */
   struct fxp_batch bt;
   fxp_batch_init(&bt);
   for (;;) {
      const unsigned w = __atomic_fetch_add(&sc->next_work, 1, __ATOMIC_RELAXED);
      /* (after a trip, the bins' pending clear is still done: the clear came before the draw) */
      if (w >= sc->num_work || (unlikely(fxp_watchdog_tripped(ctx)) && !j->clear))
         break;
      const unsigned bin = sc->work[w];
      int x0, y0, x1, y1;
      fxp_scene_bin_rect(sc, bin, &x0, &y0, &x1, &y1);
      if (j->clear)
         fxp_clear_pending_fill(j->clear, &j->r->frag, x0, y0, x1, y1);
      for (const struct fxp_bin_block *b = sc->bins[bin].head; b; b = b->next)
         for (unsigned i = 0; i < b->count && likely(!fxp_watchdog_tripped(ctx)); i++)
            raster_rect(j->r, ts, b->prim[i], x0, y0, x1, y1, &bt);
   }
   if (bt.nq)
      j->r->shade_batch(j->r, ts, &bt);
}

bool
fxp_rasterize_start(struct fxp_raster *r, struct fxp_raster_job *j)
{
   struct fxp_scene *sc = r->scene;
   if (!sc || !sc->num_prims)
      return false;
   j->r = r;
   j->sc = sc;
   j->clear = NULL;
   if (r->clear) { /* the pending clear: every bin (those with no primitive after the others) */
      j->clear_copy = *r->clear;
      j->clear = &j->clear_copy;
      fxp_scene_work_all(sc);
   }
   sc->next_work = 0;
   /* a small scene on this thread alone (FXP_SCENE_SERIAL_PX); also when the other threads' states cannot
    * be had (out of memory) */
   bool shared = (sc->num_work > 1 && (sc->area_px >= FXP_SCENE_SERIAL_PX || j->clear)) ||
                 unlikely(fxp_debug_flags & FXP_DBG_SLOWRASTER);
   while (shared && r->threads_ready < r->num_threads && fxp_shade_thread_setup(r, r->threads_ready))
      ;
   shared = shared && r->threads_ready == r->num_threads;
   if (shared) {
      fxp_pool_submit(r->ctx->pool, &j->pool, scene_job, j);
      r->ctx->perf.scenes_shared++;
   } else {
      scene_job(j, 0, 1);
      r->ctx->perf.scenes_serial++;
   }
   if (j->clear) {
      r->ctx->clear_pending.cbufs = 0;
      r->ctx->clear_pending.zs = false;
      r->clear = NULL;
      r->ctx->perf.clears_folded++;
   }
   r->ctx->perf.prims_binned += sc->num_prims;
   r->ctx->perf.bin_refs += sc->bin_refs;
   sc->bin_refs = 0;
   if (!shared)
      fxp_scene_reset(sc);
   return shared;
}

void
fxp_rasterize_complete(struct fxp_raster *r, struct fxp_raster_job *job)
{
   fxp_pool_wait(r->ctx->pool, &job->pool);
   fxp_scene_reset(job->sc);
}

void
fxp_rasterize_flush(struct fxp_raster *r)
{
   if (unlikely(r->cache && r->cache->in_flight))
      fxp_raster_retire(r->cache); /* the scene before this one first */
   struct fxp_raster_job j;
   if (fxp_rasterize_start(r, &j))
      fxp_rasterize_complete(r, &j);
}

/* The draw's pending clear done whole now, before a primitive is drawn without the scene. */
static void
clear_now(struct fxp_raster *r)
{
   if (unlikely(r->cache && r->cache->in_flight))
      fxp_raster_retire(r->cache); /* (the scene before wrote the buffers first) */
   fxp_clear_pending_apply(r->ctx);
   r->clear = NULL;
}

/* A primitive rasterized at once on this thread, without the scene (the scene is empty): the pending clear
 * first, whole. */
static inline void
draw_at_once(struct fxp_raster *r, const struct fxp_prim *p, uint64_t area_px)
{
   if (unlikely(r->clear))
      clear_now(r);
   if (unlikely(r->cache && r->cache->in_flight))
      fxp_raster_retire(r->cache); /* the scene before this draw's primitives, at each pixel */
   r->direct_px += area_px;
   r->direct_prims++;
   raster_rect_alone(r, &r->threads[0], p, p->x0, p->y0, p->x1, p->y1);
}

void
fxp_rasterize_prim(struct fxp_raster *r, const struct fxp_prim *p)
{
   if (unlikely(fxp_watchdog_tripped(r->ctx)) || !fxp_raster_ready(r))
      return; /* the rest of the draw is dropped */
   struct fxp_scene *sc = r->scene; /* (set by fxp_raster_prepare at the draw's first primitive) */
   r->prims++;
   if (r->bin_all) { /* a range's scene (fxp_raster.bin_all): binned, whatever its size */
      if (unlikely(r->bin_failed))
         return;
      const int64_t h = fxp_setup_sample_offset(r);
      const int64_t lo = r->ms_coverage ? h + r->sample_lo : h, hi = r->ms_coverage ? h + r->sample_hi : h;
      unsigned done;
      if (!fxp_scene_bin(sc, p, 4 * r->num_fs_in, p->point || r->any_flat ? r->stride : 0, lo, hi, &done))
         r->bin_failed = true; /* the drawing thread reports it and drops the rest of the draw */
      return;
   }
   /* One thread: at once. Several: at once too while the scene is empty and the draw's primitives so far
    * cover few pixels (FXP_SCENE_SERIAL_PX) or are small and cheap to shade (FXP_SCENE_SERIAL_AVG_WORK), so
    * that such draws neither copy nor bin; after the first primitive binned, every later one is binned until
    * the flush, so pixels still see them in order. While a clear is pending, the first of those are binned
    * all the same, then drawn with the clear by a flush (raster/fxp_scene.h, FXP_SCENE_CLEAR_BIN_PRIMS). */
   const uint64_t area_px = (uint64_t)(p->x1 - p->x0 + 1) * (uint64_t)(p->y1 - p->y0 + 1);
   if (!sc) {
      draw_at_once(r, p, area_px);
      return;
   }
   if (!sc->num_prims || unlikely(r->clear_binning)) {
      const bool at_once = (r->direct_chosen || r->direct_px + area_px <= FXP_SCENE_SERIAL_PX ||
                            fxp_raster_small_and_cheap(r, r->direct_px + area_px, r->direct_prims + 1)) &&
                           likely(!(fxp_debug_flags & FXP_DBG_SLOWRASTER));
      if (!at_once) {
         r->clear_binning = false; /* binned from here on, as every primitive of a draw that needs the scene */
      } else if (r->clear && r->clear_binned < FXP_SCENE_CLEAR_BIN_PRIMS &&
                 (uint64_t)r->frag.fb_width * r->frag.fb_height <= FXP_SCENE_CLEAR_BIN_MAX_PX) {
         /* a pending clear: binned, so that the threads clear bin by bin (FXP_SCENE_CLEAR_BIN_PRIMS) */
         r->clear_binning = true;
         r->clear_binned++;
         r->direct_px += area_px;
         r->direct_prims++;
      } else {
         if (r->clear_binning) { /* the budget spent: the clear and those drawn now, the rest at once */
            fxp_rasterize_flush(r);
            r->clear_binning = false;
         }
         draw_at_once(r, p, area_px);
         return;
      }
   }
   if (fxp_scene_size_B(sc) > FXP_SCENE_LIMIT_B)
      fxp_rasterize_flush(r);
   unsigned done = 0;
   /* the provoking vertex's outputs only where shading reads them (fxp_shade.c input_lanes) */
   const unsigned prov_floats = p->point || r->any_flat ? r->stride : 0;
   const int64_t h = fxp_setup_sample_offset(r);
   const int64_t lo = r->ms_coverage ? h + r->sample_lo : h, hi = r->ms_coverage ? h + r->sample_hi : h;
   if (!fxp_scene_bin(sc, p, 4 * r->num_fs_in, prov_floats, lo, hi, &done)) {
      /* out of memory: draw what the scene holds (this primitive's first `done` bins of its bounding box
       * among it), then the rest of this one on this thread */
      fxp_rasterize_flush(r);
      if (unlikely(r->clear)) /* (the scene held nothing) */
         clear_now(r);
      unsigned k = 0;
      for (int by = p->y0 >> FXP_BIN_SHIFT; by <= p->y1 >> FXP_BIN_SHIFT; by++)
         for (int bx = p->x0 >> FXP_BIN_SHIFT; bx <= p->x1 >> FXP_BIN_SHIFT; bx++)
            if (k++ >= done)
               raster_rect_alone(r, &r->threads[0], p, bx << FXP_BIN_SHIFT, by << FXP_BIN_SHIFT,
                           ((bx + 1) << FXP_BIN_SHIFT) - 1, ((by + 1) << FXP_BIN_SHIFT) - 1);
   }
}
