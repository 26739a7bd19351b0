/* The bench programs' clock: seconds on the monotonic clock. */
#ifndef FXP_BENCH_TIME_H
#define FXP_BENCH_TIME_H

#include <time.h>

static inline double
fxp_bench_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
