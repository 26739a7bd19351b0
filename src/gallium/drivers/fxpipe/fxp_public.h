/* fxpipe's public entry point: the screen constructor that Mesa's software-driver helper (sw_helper.h) and
 * fxpipe's headless winsys call. */
#ifndef FXP_PUBLIC_H
#define FXP_PUBLIC_H

#ifdef __cplusplus
extern "C" {
#endif

struct pipe_screen;
struct sw_winsys;

struct pipe_screen *fxpipe_create_screen(struct sw_winsys *winsys);

#ifdef __cplusplus
}
#endif

#endif
