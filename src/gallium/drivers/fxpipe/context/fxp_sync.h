/* Where fxpipe waits for rasterizing work still in flight: the first step of docs/deferred-raster-plan.md.
 *
 * A draw may leave its scene open, its primitives binned and not drawn yet, for the next draws with the same
 * fragment state to add theirs (raster/fxp_raster.h, "Open scenes"), and a state change may submit that scene
 * to the pool's threads and return while they draw it ("Scenes in flight"). These functions are called at
 * every entry point that reads or writes memory a draw's rasterization reads or writes, or that hands out
 * what it produced (the plan's section 3, classes a and b): fxp_context_sync retires the scene in flight and
 * draws the open one (fxp_raster_close) before anything else. fxp_screen_sync needs nothing: what a scene
 * open or in flight reads and writes is referenced by its context's bindings and framebuffer (or held by the
 * scene in flight), so no other context can free it, and GL asks for a flush (a sync point) before another
 * context may see what a draw wrote. Both also:
 *   - count each call by reason (struct fxp_context.syncs, printed under FXPIPE_DEBUG=perf, and
 *     struct fxp_screen.syncs for the screen's), so that the entry points that would stop an overlap are
 *     measured, and context/fxp_sync_test.c checks each entry point reaches its sync;
 *   - under FXPIPE_DEBUG=checksync, check that the context has no binned primitive left after its sync
 *     (fxp_draw_pending), and abort the process if it has; debug builds assert it at every sync point (the
 *     texture barrier's own assert before this header).
 *
 * draw_vbo is not a sync point: its waits are lazy (before the first rasterization on the drawing thread,
 * and before vertex work that writes memory: raster/fxp_raster.h, "Scenes in flight"). Entry points that
 * only change state (bind, set, create, delete) need no wait when the scene in flight holds its own copies
 * and references (class c; fxp_raster.h says which do).
 *
 * | reason                    | entry points                                                          | class |
 * |---------------------------|-----------------------------------------------------------------------|-------|
 * | FXP_SYNC_FLUSH            | flush                                                                 | a     |
 * | FXP_SYNC_BARRIER          | texture_barrier, memory_barrier, flush_resource                       | a     |
 * | FXP_SYNC_MAP              | buffer_map, texture_map (also buffer_subdata, texture_subdata) unless  | a     |
 * |                           | PIPE_MAP_UNSYNCHRONIZED                                               |       |
 * | FXP_SYNC_CLEAR            | clear, clear_render_target, clear_depth_stencil, clear_texture,       | a     |
 * |                           | clear_buffer                                                          |       |
 * | FXP_SYNC_COPY             | blit, resource_copy_region                                            | a     |
 * | FXP_SYNC_QUERY            | begin_query, end_query, get_query_result, get_query_result_resource   | a     |
 * | FXP_SYNC_COMPUTE          | launch_grid                                                           | a     |
 * | FXP_SYNC_RESET_STATUS     | get_device_reset_status (a job's watchdog trip is reported first)     | a     |
 * | FXP_SYNC_CONTEXT_DESTROY  | the context's destroy                                                 | a     |
 * | FXP_SYNC_RESOURCE_DESTROY | resource_destroy (its storage goes back to the cache, fxp_storage.h)  | b     |
 * | FXP_SYNC_HANDLE           | resource_get_handle (another process may read the contents)           | b     |
 * | FXP_SYNC_FENCE            | fence_finish (its context may be NULL: st_finish)                     | b     |
 * | FXP_SYNC_PRESENT          | flush_frontbuffer (the front-buffer path presents with no flush)      | b     |
 * | FXP_SYNC_SCREEN_DESTROY   | the screen's destroy                                                  | b     |
 * a: this context's work; b: the work of any context of the screen. */
#ifndef FXP_SYNC_H
#define FXP_SYNC_H

#include <stdbool.h>

struct fxp_context;
struct fxp_screen;
struct pipe_resource;

enum fxp_sync_why {
   /* a context's (fxp_context_sync) */
   FXP_SYNC_FLUSH,
   FXP_SYNC_BARRIER,
   FXP_SYNC_MAP,
   FXP_SYNC_CLEAR,
   FXP_SYNC_COPY,
   FXP_SYNC_QUERY,
   FXP_SYNC_COMPUTE,
   FXP_SYNC_RESET_STATUS,
   FXP_SYNC_CONTEXT_DESTROY,
   /* the screen's (fxp_screen_sync) */
   FXP_SYNC_RESOURCE_DESTROY,
   FXP_SYNC_HANDLE,
   FXP_SYNC_FENCE,
   FXP_SYNC_PRESENT,
   FXP_SYNC_SCREEN_DESTROY,
   FXP_SYNC_COUNT
};
#define FXP_SYNC_FIRST_SCREEN FXP_SYNC_RESOURCE_DESTROY /* reasons from here on are the screen's */

/* The reason's name, as FXPIPE_DEBUG=perf prints it ("flush", "map", ...). */
const char *fxp_sync_name(enum fxp_sync_why why);

/* Waits until none of ctx's work is in flight (a reason below FXP_SYNC_FIRST_SCREEN). Called on the
 * context's thread, at the start of the entry point, before it touches memory. */
void fxp_context_sync(struct fxp_context *ctx, enum fxp_sync_why why);

/* Waits until no work of any of the screen's contexts that touches res (NULL: any work) is in flight (a
 * reason from FXP_SYNC_FIRST_SCREEN on). Called on any thread. */
void fxp_screen_sync(struct fxp_screen *screen, const struct pipe_resource *res, enum fxp_sync_why why);

#endif
