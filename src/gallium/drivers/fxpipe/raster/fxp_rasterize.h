/* Coverage: the tiles, 2x2 quads and edge tests of set-up primitives (raster/fxp_setup.h), on the drawing
 * thread (one thread) or, from a binned scene (raster/fxp_scene.h), on every rasterizing thread. */
#ifndef FXP_RASTERIZE_H
#define FXP_RASTERIZE_H

#include "fxp_ops.h"
#include "context/fxp_pool.h"
#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"

/* A set-up primitive (p->attr holds 4 * r->num_fs_in planes, p->prov_attr the provoking vertex's outputs,
 * both only valid during the call): rasterized at once on the drawing thread, or binned into the scene. */
void fxp_rasterize_prim(struct fxp_raster *r, const struct fxp_prim *p);

/* Rasterizes the scene's primitives, its bins shared among the threads (or on the drawing thread alone when
 * it is small, FXP_SCENE_SERIAL_PX), and empties it; nothing to do without a scene. A scene in flight (struct
 * fxp_raster_cache) is drawn first, so that pixels see primitives in order. */
void fxp_rasterize_flush(struct fxp_raster *r);

/* A scene's rasterization, from its start to its end: what the pool's threads read besides the scene. */
struct fxp_raster_job {
   struct fxp_pool_job pool;
   struct fxp_raster *r;
   struct fxp_scene *sc;
   const struct fxp_clear_pending *clear; /* done on each bin first (every bin is in the work list), or NULL */
   struct fxp_clear_pending clear_copy;   /* what `clear` points at: the context's, as it was at the start */
};
/* fxp_rasterize_flush in two halves, for a scene drawn while the drawing thread goes on (struct
 * fxp_raster_cache, "Scenes in flight"): fxp_rasterize_start is true when it gave the scene's bins to the
 * pool's threads and returned at once; then fxp_rasterize_complete must be called, on the drawing thread,
 * before the scene, its thread states or its buffers are used again. False: the scene was drawn before it
 * returned (on this thread alone, small), or was empty, and emptied. Either way the context's pending clear
 * the scene held is now the job's. */
bool fxp_rasterize_start(struct fxp_raster *r, struct fxp_raster_job *job);
void fxp_rasterize_complete(struct fxp_raster *r, struct fxp_raster_job *job);

#endif
