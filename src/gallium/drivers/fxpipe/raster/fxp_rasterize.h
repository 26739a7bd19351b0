/* Coverage: the tiles, 2x2 quads and edge tests of set-up primitives (raster/fxp_setup.h), on the drawing
 * thread or shared among the rasterizing threads.
 *
 * The seam for binning: today a draw with several threads keeps its set-up primitives in one list (struct
 * fxp_scene, fxp_rasterize.c) that every thread walks for its own rows of tiles at fxp_rasterize_flush.
 * fxp_rasterize_prim is where a set-up primitive enters that list; a binned scene would take it there,
 * and the flush would hand each thread its bins instead. */
#ifndef FXP_RASTERIZE_H
#define FXP_RASTERIZE_H

#include "raster/fxp_raster.h"
#include "raster/fxp_setup.h"

/* A set-up primitive (p->attr holds 4 * r->num_fs_in planes, p->prov_attr the provoking vertex's outputs,
 * both only valid during the call): rasterized at once on the drawing thread, or copied into the scene. */
void fxp_rasterize_prim(struct fxp_raster *r, const struct fxp_prim *p);

/* Rasterizes the scene's primitives on every thread and empties it (nothing to do without a scene). */
void fxp_rasterize_flush(struct fxp_raster *r);

/* The scene of a rasterizer with several threads: created empty, destroyed with what it holds. */
struct fxp_scene *fxp_rasterize_scene_create(void);
void fxp_rasterize_scene_destroy(struct fxp_scene *sc);

#endif
