/* A pool of worker threads that run jobs in shares, a job's shares on every thread at once (the caller's
 * thread included), jobs in the order they were submitted: each screen has one (fxp_screen_pool), which its
 * contexts' rasterizers, vertex work and compute dispatches share, from any thread. No code is generated; the
 * workers only call the job function they are given. */
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
/* A job: fn(data, i, n) for each share i = 0 .. n - 1, n the pool's threads when it was submitted. Its
 * storage is the submitter's, from fxp_pool_submit until fxp_pool_wait returns (which may be after the entry
 * point that submitted it returns: a scene in flight, raster/fxp_raster.h; a fork runs every job in flight to
 * its end first); the fields are the pool's. */
struct fxp_pool_job {
   void (*fn)(void *data, unsigned i, unsigned n);
   void *data;
   unsigned n;                  /* shares */
   unsigned next_share;         /* the next share a thread takes (under the pool's lock) */
   unsigned finished;           /* shares done (changed under the lock, stored atomically) */
   bool queued;                 /* on the pool's queue (else fxp_pool_wait runs every share) */
   struct fxp_pool_job *next;   /* the queue */
};

/* Queues job j of fn and data on the pool (NULL: none; j then runs whole in fxp_pool_wait). Thread-safe:
 * several threads may submit at once, and their jobs' shares are taken in the order they came. The shares
 * may start at once, on the pool's workers, in any order; each must not wait for another. */
void fxp_pool_submit(struct fxp_pool *pool, struct fxp_pool_job *j, void (*fn)(void *data, unsigned i, unsigned n),
                     void *data);
/* Runs the shares of j no worker has taken yet on the calling thread, then waits until every share is done.
 * Called once per fxp_pool_submit, by its caller. */
void fxp_pool_wait(struct fxp_pool *pool, struct fxp_pool_job *j);
/* fxp_pool_submit and fxp_pool_wait: runs fn(data, i, n) for i = 0 .. n - 1 (n = the pool's threads) and
 * returns when all are done. */
void fxp_pool_run(struct fxp_pool *pool, void (*fn)(void *data, unsigned i, unsigned n), void *data);
/* Stops the pool's workers for good and joins them, a start of them in progress on another thread included;
 * its jobs then run whole on their submitters. The library's unload destructor does it to every pool (an
 * application may unload the driver without destroying its contexts). */
void fxp_pool_stop(struct fxp_pool *pool);
void fxp_pool_destroy(struct fxp_pool *pool);
/* The pool's worker threads made and not yet ended (for tests: 0 once fxp_pool_stop returns). */
unsigned fxp_pool_live_workers(const struct fxp_pool *pool);

#endif
