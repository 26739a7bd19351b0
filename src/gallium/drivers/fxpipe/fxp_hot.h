/* FXP_DRAW_PATH marks the functions every draw runs, whatever its size (piglit's drawoverhead measures
 * little else): GCC gathers functions marked hot into .text.hot, so that these, spread over a dozen files,
 * share a few pages and cache lines instead of lying among the code of the stages a draw of three vertices
 * never enters. */
#ifndef FXP_HOT_H
#define FXP_HOT_H

#if defined(__GNUC__)
#define FXP_DRAW_PATH __attribute__((hot))
#else
#define FXP_DRAW_PATH
#endif

#endif
