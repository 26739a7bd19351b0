/* A small pool of worker threads that run one job on every thread at once (the caller's thread included)
 * and return when all are done: the rasterizer uses it to shade a draw's tiles in parallel. No code is
 * generated; the workers only call the job function they are given. */
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

/* How many threads drawing should use: FXPIPE_THREADS (1 = no workers, 0 = one a usable CPU); 1 when it is
 * not set (see fxp_pool.c). */
unsigned fxp_pool_default_threads(void);

/* How many threads compute dispatch should use: FXPIPE_THREADS as above if it is set, else one a usable
 * CPU. */
unsigned fxp_pool_compute_threads(void);

/* A pool that runs jobs in `threads` shares; NULL if threads <= 1 or out of memory. Its threads - 1 workers
 * start with its first job; the shares of workers that cannot be started run on the caller. */
struct fxp_pool *fxp_pool_create(unsigned threads);
unsigned fxp_pool_threads(const struct fxp_pool *pool);
/* Runs job(data, i, n) for i = 0 .. n - 1 (n = the pool's threads; i = 0 on the calling thread) and
 * waits for all. */
void fxp_pool_run(struct fxp_pool *pool, void (*job)(void *data, unsigned i, unsigned n), void *data);
void fxp_pool_destroy(struct fxp_pool *pool);

#endif
