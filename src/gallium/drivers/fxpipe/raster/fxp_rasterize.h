/* Coverage: the tiles, 2x2 quads and edge tests of set-up primitives (raster/fxp_setup.h), on the drawing
 * thread (one thread) or, from a binned scene (raster/fxp_scene.h), on every rasterizing thread. */
#ifndef FXP_RASTERIZE_H
#define FXP_RASTERIZE_H

#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"

/* A set-up primitive (p->attr holds 4 * r->num_fs_in planes, p->prov_attr the provoking vertex's outputs,
 * both only valid during the call): rasterized at once on the drawing thread, or binned into the scene. */
void fxp_rasterize_prim(struct fxp_raster *r, const struct fxp_prim *p);

/* Rasterizes the scene's primitives, its bins shared among the threads (or on the drawing thread alone when
 * it is small, FXP_SCENE_SERIAL_PX), and empties it; nothing to do without a scene. */
void fxp_rasterize_flush(struct fxp_raster *r);

#endif
