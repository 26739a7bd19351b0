/* Worker threads for parallel rasterization and compute (see fxp_pool.h). A job is published by bumping a
 * generation counter under the mutex; each worker runs it once and counts itself done; the caller runs its own
 * share and waits for the count.
 *
 * Every pool is also on a list that a destructor of the library walks: an application may exit, or unload the
 * DRI driver at XCloseDisplay, without destroying its contexts, and workers left waiting in the driver's code
 * would then run in unmapped memory (piglit's glx-multithread crashed so about one run in 20). The
 * destructor stops and joins them first; a pool stopped so runs its jobs on the calling thread alone. */
#include <stdlib.h>

#include "c11/threads.h"
#include "util/u_cpu_detect.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/u_debug.h"
#include "util/simple_mtx.h"

#include "context/fxp_pool.h"
#include "shader/fxp_shader.h"

#define FXP_POOL_MAX 8

struct fxp_pool;

struct worker {
   struct fxp_pool *pool;
   unsigned index;
   thrd_t thread;
};

struct fxp_pool {
   mtx_t lock;
   cnd_t start, done;
   unsigned threads;            /* workers + the caller */
   unsigned generation, finished;
   bool quit;
   void (*job)(void *data, unsigned i, unsigned n);
   void *data;
   struct worker workers[FXP_POOL_MAX];
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
   p->quit = true;
   cnd_broadcast(&p->start);
   mtx_unlock(&p->lock);
   for (unsigned i = 1; i <= p->started; i++)
      thrd_join(p->workers[i].thread, NULL);
   p->started = 0;
   p->threads = 1;
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

/* The rasterizer's threads: off unless asked for (FXPIPE_THREADS=N, or 0 for one thread a CPU). The crash
 * that kept them off (glx-multithread, workers outliving the unloaded driver) is mended by fxp_pool_unload,
 * but the piglit lists run with the calling thread alone, so the threaded rasterizer is not yet checked as
 * widely as the default. */
unsigned
fxp_pool_default_threads(void)
{
   const char *env = getenv("FXPIPE_THREADS");
   if (!env || !*env)
      return 1;
   const int n = atoi(env);
   return n > 0 ? MIN2(n, FXP_POOL_MAX) : CLAMP(util_get_cpu_caps()->nr_cpus, 1, FXP_POOL_MAX);
}

unsigned
fxp_pool_compute_threads(void)
{
   const char *env = getenv("FXPIPE_THREADS");
   if (env && *env)
      return fxp_pool_default_threads();
   return CLAMP(util_get_cpu_caps()->nr_cpus, 1, FXP_POOL_MAX);
}

static int
worker_main(void *arg)
{
   struct worker *w = arg;
   struct fxp_pool *p = w->pool;
   unsigned seen = 0;

   fxp_fp_enter(); /* a worker runs nothing but shader jobs: the shaders' float rule for its whole life */

   mtx_lock(&p->lock);
   for (;;) {
      while (!p->quit && p->generation == seen)
         cnd_wait(&p->start, &p->lock);
      if (p->quit)
         break;
      seen = p->generation;
      mtx_unlock(&p->lock);
      p->job(p->data, w->index, p->threads);
      mtx_lock(&p->lock);
      if (++p->finished == p->threads - 1)
         cnd_signal(&p->done);
   }
   mtx_unlock(&p->lock);
   return 0;
}

struct fxp_pool *
fxp_pool_create(unsigned threads)
{
   threads = MIN2(threads, FXP_POOL_MAX);
   if (threads <= 1)
      return NULL;
   struct fxp_pool *p = CALLOC_STRUCT(fxp_pool);
   if (!p)
      return NULL;
   mtx_init(&p->lock, mtx_plain);
   cnd_init(&p->start);
   cnd_init(&p->done);
   p->threads = threads;
   for (unsigned i = 1; i < threads; i++) {
      struct worker *w = &p->workers[i];
      w->pool = p;
      w->index = i;
      if (thrd_create(&w->thread, worker_main, w) != thrd_success)
         break;
      p->started++;
   }
   if (p->started != threads - 1) {
      p->threads = p->started + 1; /* run with the workers that did start */
      if (p->threads == 1) {
         pool_stop(p);
         cnd_destroy(&p->start);
         cnd_destroy(&p->done);
         mtx_destroy(&p->lock);
         FREE(p);
         return NULL;
      }
   }
   simple_mtx_lock(&pools_lock);
   p->next = pools;
   pools = p;
   simple_mtx_unlock(&pools_lock);
   return p;
}

unsigned
fxp_pool_threads(const struct fxp_pool *pool)
{
   return pool ? pool->threads : 1;
}

void
fxp_pool_run(struct fxp_pool *p, void (*job)(void *data, unsigned i, unsigned n), void *data)
{
   if (!p) {
      job(data, 0, 1);
      return;
   }
   mtx_lock(&p->lock);
   p->job = job;
   p->data = data;
   p->finished = 0;
   p->generation++;
   cnd_broadcast(&p->start);
   mtx_unlock(&p->lock);

   job(data, 0, p->threads);

   mtx_lock(&p->lock);
   while (p->finished != p->threads - 1)
      cnd_wait(&p->done, &p->lock);
   mtx_unlock(&p->lock);
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
   FREE(p);
}
