/* A pool of worker threads that run one job on every thread at once (the caller's thread included) and
 * return when all are done: each screen has one (fxp_screen_pool), which its contexts' rasterizers and
 * compute dispatches share. No code is generated; the workers only call the job function they are given. */
#ifndef FXP_POOL_H
#define FXP_POOL_H

#include <stdbool.h>

struct fxp_pool;

/* CPUs the process may use: its affinity mask, bounded by its control groups' CPU quota (fxp_cpus.c). */
unsigned fxp_usable_cpus(void);
/* The CPU quota (in whole CPUs, rounded up) of the groups named in the file proc_cgroup (the format of
 * /proc/self/cgroup), with cgroup v2 folders under root_v2 and v1 cpu-controller folders under root_v1;
 * 0 when none sets one. */
unsigned fxp_cgroup_cpu_quota(const char *proc_cgroup, const char *root_v2, const char *root_v1);

/* How many threads a screen's pool has: FXPIPE_THREADS=N (1 = the calling thread alone, no workers; 0 or
 * unset = one a usable CPU), at most FXP_POOL_MAX_THREADS (fxp_pool.c). */
unsigned fxp_pool_default_threads(void);

/* A pool that runs jobs in `threads` shares; NULL if threads <= 1 or out of memory. Its threads - 1 workers
 * start with its first job; the shares of workers that cannot be started run on the caller. */
struct fxp_pool *fxp_pool_create(unsigned threads);
unsigned fxp_pool_threads(const struct fxp_pool *pool);
/* Runs job(data, i, n) for i = 0 .. n - 1 (n = the pool's threads; i = 0 on the calling thread) and
 * waits for all. Thread-safe: while the pool runs another thread's job, every share of this one runs on
 * the calling thread, one after the other. */
void fxp_pool_run(struct fxp_pool *pool, void (*job)(void *data, unsigned i, unsigned n), void *data);
void fxp_pool_destroy(struct fxp_pool *pool);

#endif
