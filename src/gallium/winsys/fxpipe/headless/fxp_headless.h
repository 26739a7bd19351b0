/* fxpipe's headless winsys: a sw_winsys whose display targets live in plain memory and whose "display" keeps a
 * copy of the presented image, so that tests and tools can run fxpipe with no X server and no EGL, and read
 * back what was presented. */
#ifndef FXP_HEADLESS_H
#define FXP_HEADLESS_H

#include <stdbool.h>
#include <stdint.h>
#include "pipe/p_format.h"

#ifdef __cplusplus
extern "C" {
#endif

struct sw_winsys;
struct pipe_screen;

/* The last image presented through flush_frontbuffer. data is owned by the winsys, rows `stride_B` apart. */
struct fxp_headless_frame {
   enum pipe_format format;
   unsigned width, height, stride_B;
   const uint8_t *data;
   unsigned present_count;   /* how many presents so far */
};

struct sw_winsys *fxp_headless_winsys_create(void);

/* Creates a headless winsys and an fxpipe screen on it (the screen owns the winsys). NULL on failure. */
struct pipe_screen *fxp_headless_screen_create(void);

/* Fills *frame with the last presented image; false if nothing was presented yet. */
bool fxp_headless_last_frame(struct sw_winsys *ws, struct fxp_headless_frame *frame);

#ifdef __cplusplus
}
#endif

#endif
