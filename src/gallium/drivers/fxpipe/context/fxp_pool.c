/* Worker threads for parallel rasterization and compute (see fxp_pool.h). A job is published by bumping a
 * generation counter under the mutex; each worker runs it once and counts itself done; the caller runs its own
 * share and waits for the count.
 *
 * Workers start when a pool first runs a job, not when it is created, so that creating a context stays cheap.
 * Every pool is also on a list that a destructor of the library walks: an application may exit, or unload the
 * DRI driver at XCloseDisplay, without destroying its contexts, and workers left waiting in the driver's code
 * would then run in unmapped memory (piglit's glx-multithread crashed so about one run in 20). The
 * destructor stops and joins them first; a pool stopped so runs its jobs on the calling thread alone.
 * A child of fork() has none of its parent's threads: a handler run in the child resets every pool (its
 * locks, which another thread may have held at the fork, and its workers), and the child's first job starts
 * workers of its own.
 *
 * Short waits spin before they sleep (FXP_POOL_SPIN_NS): a worker that finished a job watches the generation
 * for the next, and the caller that finished its share watches the count of finished workers, each for a
 * bounded time, before waiting on the condition variable. A draw's scenes follow each other closely (glmark2's
 * ideas shares about 5,000 a second), and each sleep then costs a wake through the kernel on both sides.
 * The spin is shorter the more workers a pool has (FXP_POOL_SPIN_TOTAL_NS shared among them), so that a pool
 * of many workers that draws one scene a frame burns a bounded time a frame, not FXP_POOL_SPIN_NS a worker.
 * (Spinning only after a wait shorter than the spin, tried first, kept half of ideas' gain: 1.05x, against
 * 1.11x spinning always.)
 * generation and finished change under the lock, as before, but are stored atomically, so that the spins
 * may read them without it; what a job needs (job, data) is still read under the lock. */
#include <pthread.h>
#include <stdlib.h>

#include "c11/threads.h"
#include "util/u_cpu_detect.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_time.h"
#include "util/u_debug.h"
#include "util/simple_mtx.h"

#include "context/fxp_pool.h"
#include "shader/fxp_shader.h"

/* The most threads a pool runs (FXPIPE_THREADS above it is cut to it): far beyond today's CPUs, a bound on
 * what a mistyped variable can ask for. */
#define FXP_POOL_MAX_THREADS 1024
/* How long a worker watches for the next job, and the caller for its workers, before sleeping (at most): and
 * the CPU time the workers of a pool spin after a job, at most, all together (each spins
 * MIN2(FXP_POOL_SPIN_NS, FXP_POOL_SPIN_TOTAL_NS / workers)). */
#define FXP_POOL_SPIN_NS 50000
#define FXP_POOL_SPIN_TOTAL_NS 200000

struct fxp_pool;

struct worker {
   struct fxp_pool *pool;
   unsigned index;
   unsigned first_generation; /* the pool's generation when the worker was started: it runs only later jobs */
   thrd_t thread;
};

struct fxp_pool {
   mtx_t run;                   /* held by the thread whose job the pool runs (contexts share a pool) */
   mtx_t lock;
   cnd_t start, done;
   unsigned threads;            /* shares of a job: workers + the caller, as asked for */
   unsigned generation, finished;
   bool quit;                   /* stopped for good (the library is being unloaded) */
   void (*job)(void *data, unsigned i, unsigned n);
   void *data;
   struct worker *workers;      /* [threads]; [0] is the caller's place */
   unsigned started;
   struct fxp_pool *next;       /* the list of live pools */
};

static simple_mtx_t pools_lock = SIMPLE_MTX_INITIALIZER;
static struct fxp_pool *pools;

/* Stops and joins a pool's workers; afterwards it runs jobs on the caller alone. */
static void
pool_stop(struct fxp_pool *p)
{
   mtx_lock(&p->lock);
   __atomic_store_n(&p->quit, true, __ATOMIC_RELAXED);
   cnd_broadcast(&p->start);
   mtx_unlock(&p->lock);
   for (unsigned i = 1; i <= p->started; i++)
      thrd_join(p->workers[i].thread, NULL);
   p->started = 0;
}

/* In the child of a fork: the workers are the parent's, and the locks may have been held by one of the
 * parent's threads. */
static void
fxp_pool_after_fork_child(void)
{
   simple_mtx_init(&pools_lock, mtx_plain);
   for (struct fxp_pool *p = pools; p; p = p->next) {
      mtx_init(&p->run, mtx_plain);
      mtx_init(&p->lock, mtx_plain);
      cnd_init(&p->start);
      cnd_init(&p->done);
      p->started = 0;
      p->finished = 0;
   }
}

static void
fxp_pool_register_fork_handler(void)
{
   pthread_atfork(NULL, NULL, fxp_pool_after_fork_child);
}

__attribute__((destructor)) static void
fxp_pool_unload(void)
{
   simple_mtx_lock(&pools_lock);
   struct fxp_pool *list = pools;
   pools = NULL;
   simple_mtx_unlock(&pools_lock);
   /* the pools stay allocated: a context that was never destroyed may still hold one */
   for (struct fxp_pool *p = list; p; p = p->next)
      pool_stop(p);
}

/* FXPIPE_THREADS=N: N threads (1: the calling thread alone), 0: one a usable CPU; -1 when it is not set. */
static int
env_threads(void)
{
   const char *env = getenv("FXPIPE_THREADS");
   if (!env || !*env)
      return -1;
   const int n = atoi(env);
   return n > 0 ? MIN2(n, FXP_POOL_MAX_THREADS) : (int)MIN2(fxp_usable_cpus(), FXP_POOL_MAX_THREADS);
}

/* One thread a usable CPU unless FXPIPE_THREADS says otherwise; the rasterizer and compute dispatch share
 * the screen's pool of that many. */
unsigned
fxp_pool_default_threads(void)
{
   const int n = env_threads();
   return n > 0 ? (unsigned)n : MIN2(fxp_usable_cpus(), FXP_POOL_MAX_THREADS);
}

/* Whether *word (a field the pool changes under its lock) moves off `value` (wait_while true) or reaches it
 * (false) within spin_ns, read without the lock; or the pool quits. */
static bool
spin_for(const struct fxp_pool *p, const unsigned *word, unsigned value, bool wait_while, int64_t spin_ns)
{
   int64_t end = 0;
   for (unsigned k = 0;; k++) {
      const bool at_value = __atomic_load_n(word, __ATOMIC_ACQUIRE) == value;
      if (at_value != wait_while || __atomic_load_n(&p->quit, __ATOMIC_RELAXED))
         return true;
      if (k % 64 == 0) {
         const int64_t now = os_time_get_nano();
         if (!end)
            end = now + spin_ns;
         else if (now >= end)
            return false;
      }
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
   }
}

static int
worker_main(void *arg)
{
   struct worker *w = arg;
   struct fxp_pool *p = w->pool;
   /* Not 0: a worker started after jobs have run (in the child of a fork, or after a thread that could not be
    * started earlier) would take the last job, whose data may be gone, for a new one, and count itself done
    * in the next job before running it. */
   unsigned seen = w->first_generation;

   fxp_fp_enter(); /* a worker runs nothing but shader jobs: the shaders' float rule for its whole life */

   const int64_t spin_ns = MIN2(FXP_POOL_SPIN_NS, FXP_POOL_SPIN_TOTAL_NS / MAX2(p->threads - 1, 1));
   for (;;) {
      spin_for(p, &p->generation, seen, true, spin_ns);
      mtx_lock(&p->lock);
      while (!p->quit && p->generation == seen)
         cnd_wait(&p->start, &p->lock);
      if (p->quit) {
         mtx_unlock(&p->lock);
         break;
      }
      seen = p->generation;
      void (*job)(void *, unsigned, unsigned) = p->job;
      void *data = p->data;
      const unsigned threads = p->threads;
      mtx_unlock(&p->lock);
      job(data, w->index, threads);
      mtx_lock(&p->lock);
      __atomic_store_n(&p->finished, p->finished + 1, __ATOMIC_RELEASE);
      if (p->finished == p->started)
         cnd_signal(&p->done);
      mtx_unlock(&p->lock);
   }
   return 0;
}

/* Starts the workers of p (called with p->run held and p->lock not held, on the first job and after a
 * fork). */
static void
pool_start(struct fxp_pool *p)
{
   mtx_lock(&p->lock);
   const unsigned generation = p->generation; /* only the holder of p->run changes it */
   mtx_unlock(&p->lock);
   for (unsigned i = p->started + 1; i < p->threads; i++) {
      struct worker *w = &p->workers[i];
      w->pool = p;
      w->index = i;
      w->first_generation = generation;
      if (thrd_create(&w->thread, worker_main, w) != thrd_success)
         break; /* run with the workers that did start */
      p->started++;
   }
}

struct fxp_pool *
fxp_pool_create(unsigned threads)
{
   static once_flag fork_once = ONCE_FLAG_INIT;

   threads = MIN2(threads, FXP_POOL_MAX_THREADS);
   if (threads <= 1)
      return NULL;
   struct fxp_pool *p = CALLOC_STRUCT(fxp_pool);
   if (!p)
      return NULL;
   p->workers = CALLOC(threads, sizeof(*p->workers));
   if (!p->workers) {
      FREE(p);
      return NULL;
   }
   call_once(&fork_once, fxp_pool_register_fork_handler);
   mtx_init(&p->run, mtx_plain);
   mtx_init(&p->lock, mtx_plain);
   cnd_init(&p->start);
   cnd_init(&p->done);
   p->threads = threads;
   simple_mtx_lock(&pools_lock);
   p->next = pools;
   pools = p;
   simple_mtx_unlock(&pools_lock);
   return p;
}

unsigned
fxp_pool_threads(const struct fxp_pool *pool)
{
   return pool && !pool->quit ? pool->threads : 1;
}

void
fxp_pool_run(struct fxp_pool *p, void (*job)(void *data, unsigned i, unsigned n), void *data)
{
   /* a pool runs one job at a time: while another thread's job runs (contexts of one screen drawing from
    * several threads), this one runs on the calling thread alone */
   const bool mine = p && mtx_trylock(&p->run) == thrd_success;
   if (mine && !p->quit && p->started + 1 < p->threads)
      pool_start(p);
   if (!p || !mine || p->quit || !p->started) {
      if (mine)
         mtx_unlock(&p->run);
      /* the job still sees the share count it was planned for, on this thread alone */
      const unsigned n = fxp_pool_threads(p);
      for (unsigned i = 0; i < n; i++)
         job(data, i, n);
      return;
   }
   mtx_lock(&p->lock);
   p->job = job;
   p->data = data;
   __atomic_store_n(&p->finished, 0, __ATOMIC_RELAXED);
   __atomic_store_n(&p->generation, p->generation + 1, __ATOMIC_RELEASE);
   cnd_broadcast(&p->start);
   mtx_unlock(&p->lock);

   job(data, 0, p->threads);
   /* the shares of workers that could not be started */
   for (unsigned i = p->started + 1; i < p->threads; i++)
      job(data, i, p->threads);

   spin_for(p, &p->finished, p->started, false, FXP_POOL_SPIN_NS);
   mtx_lock(&p->lock);
   while (p->finished != p->started)
      cnd_wait(&p->done, &p->lock);
   mtx_unlock(&p->lock);
   mtx_unlock(&p->run);
}

void
fxp_pool_destroy(struct fxp_pool *p)
{
   if (!p)
      return;
   simple_mtx_lock(&pools_lock);
   for (struct fxp_pool **q = &pools; *q; q = &(*q)->next) {
      if (*q == p) {
         *q = p->next;
         break;
      }
   }
   simple_mtx_unlock(&pools_lock);
   pool_stop(p);
   cnd_destroy(&p->start);
   cnd_destroy(&p->done);
   mtx_destroy(&p->lock);
   mtx_destroy(&p->run);
   FREE(p->workers);
   FREE(p);
}
