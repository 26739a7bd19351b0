/* Worker threads for parallel rasterization, vertex work and compute (see fxp_pool.h): a queue of jobs, each
 * of a fixed number of shares. A submitter puts its job at the queue's end; idle workers take the shares of the
 * job at the queue's head, one at a time, under the pool's lock, and count each done; the submitter, when it
 * waits, takes the shares of its own job no worker has taken yet, then waits for the count. Several contexts
 * (threads) may submit at once: their jobs' shares are taken in the order the jobs came, so a second context's
 * job no longer runs alone on its caller while the pool is busy. A share's index says which part of the job it
 * is, not which thread runs it.
 *
 * Workers start when a pool first runs a job, not when it is created, so that creating a context stays cheap.
 * Every pool is also on a list that a destructor of the library walks: an application may exit, or unload the
 * DRI driver at XCloseDisplay, without destroying its contexts, and workers left waiting in the driver's code
 * would then run in unmapped memory (piglit's glx-multithread crashed so about one run in 20). The
 * destructor stops and joins them first; a pool stopped so runs its jobs on the calling thread alone (a
 * submitter's wait takes every share no worker took). A child of fork() has none of its parent's threads: a
 * handler run in the child resets every pool (its locks, which another thread may have held at the fork, its
 * queue, whose jobs are the parent's, and its workers), and the child's first job starts workers of its own.
 * Before the fork, a handler drains every pool: the forking thread runs the shares no worker has taken and
 * waits for the running ones. A context's scene in flight (raster/fxp_raster.h) is a job its thread has not
 * waited for when fork() is called; without the drain the child would wait for shares no thread of its own
 * runs, or run again those the parent's threads had drawn.
 *
 * Short waits spin before they sleep (FXP_POOL_SPIN_NS): a worker that finds the queue empty watches the
 * count of submitted jobs, and a submitter whose shares are all taken watches its job's count of finished
 * shares, each for a bounded time, before waiting on a condition variable. A draw's scenes follow each other
 * closely (glmark2's ideas shares about 5,000 a second), and each sleep then costs a wake through the kernel
 * on both sides. The spin is shorter the more workers a pool has (FXP_POOL_SPIN_TOTAL_NS shared among them),
 * so that a pool of many workers that draws one scene a frame burns a bounded time a frame, not
 * FXP_POOL_SPIN_NS a worker. (Spinning only after a wait shorter than the spin, tried first, kept half of
 * ideas' gain: 1.05x, against 1.11x spinning always.) The counts the spins read change under the lock but
 * are stored atomically, so that the spins may read them without it. */
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
/* How long a worker watches for the next job, and a submitter for its job's last shares, before sleeping (at
 * most): and the CPU time the workers of a pool spin after a job, at most, all together (each spins
 * MIN2(FXP_POOL_SPIN_NS, FXP_POOL_SPIN_TOTAL_NS / workers)). */
#define FXP_POOL_SPIN_NS 50000
#define FXP_POOL_SPIN_TOTAL_NS 200000

struct fxp_pool;

struct worker {
   struct fxp_pool *pool;
   thrd_t thread;
};

struct fxp_pool {
   mtx_t lock;
   cnd_t work;                  /* a job was queued, or the pool quits: for idle workers */
   cnd_t done;                  /* a job's last share finished: for submitters */
   cnd_t start_done;            /* pool_start finished (starting went false): for fxp_pool_stop */
   unsigned threads;            /* shares of a job: workers + the caller, as asked for */
   unsigned submitted;          /* jobs queued so far (idle workers spin on it) */
   unsigned running;            /* shares taken and not yet finished (the drain before a fork waits for 0) */
   bool quit;                   /* stopped for good (the library is being unloaded) */
   struct fxp_pool_job *head, *tail; /* jobs with shares no thread has taken yet, oldest first */
   struct worker *workers;      /* [threads]; [0] is unused (the caller's place) */
   unsigned started;            /* workers running: workers[1 .. started] */
   unsigned alive;              /* worker threads made and not yet ended (atomic; fxp_pool_live_workers) */
   bool starting;               /* a submitter is starting the workers (under lock) */
   struct fxp_pool *next;       /* the list of live pools */
};

static simple_mtx_t pools_lock = SIMPLE_MTX_INITIALIZER;
static struct fxp_pool *pools;

void
fxp_pool_stop(struct fxp_pool *p)
{
   if (!p)
      return;
   mtx_lock(&p->lock);
   __atomic_store_n(&p->quit, true, __ATOMIC_RELAXED);
   cnd_broadcast(&p->work);
   /* a submitter starting workers (pool_start, the lock not held while it creates them) counts them in
    * `started` only when it is done: wait for it, so that every worker it made is joined here (the library's
    * unload, on another thread than a first draw's, could otherwise return with a worker still running its
    * code) */
   while (p->starting)
      cnd_wait(&p->start_done, &p->lock);
   const unsigned started = p->started;
   mtx_unlock(&p->lock);
   for (unsigned i = 1; i <= started; i++)
      thrd_join(p->workers[i].thread, NULL);
   mtx_lock(&p->lock);
   __atomic_store_n(&p->started, 0, __ATOMIC_RELAXED);
   mtx_unlock(&p->lock);
}

static unsigned take_share(struct fxp_pool *p, struct fxp_pool_job *j);
static void run_share(struct fxp_pool *p, struct fxp_pool_job *j, unsigned i);

/* Before a fork: every pool's queued shares run on this thread, then the shares other threads run are
 * waited for, so that no job is half done in the child. */
static void
fxp_pool_before_fork(void)
{
   const unsigned fp = fxp_fp_enter(); /* (the shares are shader work) */
   simple_mtx_lock(&pools_lock);
   for (struct fxp_pool *p = pools; p; p = p->next) {
      mtx_lock(&p->lock);
      while (p->head) {
         struct fxp_pool_job *j = p->head;
         const unsigned i = take_share(p, j);
         mtx_unlock(&p->lock);
         run_share(p, j, i);
         mtx_lock(&p->lock);
      }
      while (p->running)
         cnd_wait(&p->done, &p->lock);
      mtx_unlock(&p->lock);
   }
   simple_mtx_unlock(&pools_lock);
   fxp_fp_leave(fp);
}

/* In the child of a fork: the workers and the queued jobs are the parent's, and the locks may have been held
 * by one of the parent's threads. */
static void
fxp_pool_after_fork_child(void)
{
   simple_mtx_init(&pools_lock, mtx_plain);
   for (struct fxp_pool *p = pools; p; p = p->next) {
      mtx_init(&p->lock, mtx_plain);
      cnd_init(&p->work);
      cnd_init(&p->done);
      cnd_init(&p->start_done);
      p->started = 0;
      p->alive = 0; /* the parent's workers did not come along */
      p->starting = false;
      p->running = 0;
      p->head = p->tail = NULL;
   }
}

static void
fxp_pool_register_fork_handler(void)
{
   pthread_atfork(fxp_pool_before_fork, NULL, fxp_pool_after_fork_child);
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
      fxp_pool_stop(p);
}

unsigned
fxp_pool_live_workers(const struct fxp_pool *p)
{
   return p ? __atomic_load_n(&p->alive, __ATOMIC_ACQUIRE) : 0;
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

/* Whether *word (a count the pool changes under its lock) moves off `value` (wait_while true) or reaches it
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

/* Takes the next share of job j (under p->lock; j has one left), taking j off the queue with its last. */
static unsigned
take_share(struct fxp_pool *p, struct fxp_pool_job *j)
{
   const unsigned i = j->next_share++;
   p->running++;
   if (j->next_share == j->n) {
      struct fxp_pool_job **q = &p->head, *prev = NULL;
      while (*q != j)
         prev = *q, q = &(*q)->next;
      *q = j->next;
      if (p->tail == j)
         p->tail = prev;
      j->next = NULL;
   }
   return i;
}

/* Runs share i of job j (p->lock not held) and counts it done. j is not read once the count is stored: its
 * submitter, spinning on the count, may return and reuse j's storage at once. */
static void
run_share(struct fxp_pool *p, struct fxp_pool_job *j, unsigned i)
{
   j->fn(j->data, i, j->n);
   mtx_lock(&p->lock);
   const unsigned finished = j->finished + 1;
   const bool last = finished == j->n;
   __atomic_store_n(&j->finished, finished, __ATOMIC_RELEASE);
   p->running--;
   if (last || !p->running)
      cnd_broadcast(&p->done);
   mtx_unlock(&p->lock);
}

static int
worker_main(void *arg)
{
   struct worker *w = arg;
   struct fxp_pool *p = w->pool;

   fxp_fp_enter(); /* a worker runs nothing but shader jobs: the shaders' float rule for its whole life */

   const int64_t spin_ns = MIN2(FXP_POOL_SPIN_NS, FXP_POOL_SPIN_TOTAL_NS / MAX2(p->threads - 1, 1));
   mtx_lock(&p->lock);
   for (;;) {
      if (!p->head && !p->quit) {
         const unsigned seen = p->submitted;
         mtx_unlock(&p->lock);
         spin_for(p, &p->submitted, seen, true, spin_ns);
         mtx_lock(&p->lock);
         while (!p->quit && !p->head)
            cnd_wait(&p->work, &p->lock);
      }
      if (p->quit)
         break;
      struct fxp_pool_job *j = p->head;
      const unsigned i = take_share(p, j);
      mtx_unlock(&p->lock);
      run_share(p, j, i);
      mtx_lock(&p->lock);
   }
   mtx_unlock(&p->lock);
   __atomic_sub_fetch(&p->alive, 1, __ATOMIC_ACQ_REL); /* (p is not read after it) */
   return 0;
}

/* Starts the workers of p that are not running (on the first job, and after a fork); one submitter at a
 * time. */
static void
pool_start(struct fxp_pool *p)
{
   mtx_lock(&p->lock);
   if (p->starting || p->quit || p->started + 1 >= p->threads) {
      mtx_unlock(&p->lock);
      return;
   }
   p->starting = true;
   unsigned started = p->started;
   mtx_unlock(&p->lock);
   for (unsigned i = started + 1; i < p->threads; i++) {
      struct worker *w = &p->workers[i];
      w->pool = p;
      __atomic_add_fetch(&p->alive, 1, __ATOMIC_ACQ_REL);
      if (thrd_create(&w->thread, worker_main, w) != thrd_success) {
         __atomic_sub_fetch(&p->alive, 1, __ATOMIC_ACQ_REL);
         break; /* run with the workers that did start: submitters take the shares left */
      }
      started++;
   }
   mtx_lock(&p->lock);
   __atomic_store_n(&p->started, started, __ATOMIC_RELAXED);
   p->starting = false;
   cnd_broadcast(&p->start_done);
   mtx_unlock(&p->lock);
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
   mtx_init(&p->lock, mtx_plain);
   cnd_init(&p->work);
   cnd_init(&p->done);
   cnd_init(&p->start_done);
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
   return pool && !__atomic_load_n(&pool->quit, __ATOMIC_RELAXED) ? pool->threads : 1;
}

void
fxp_pool_submit(struct fxp_pool *p, struct fxp_pool_job *j, void (*fn)(void *data, unsigned i, unsigned n),
                void *data)
{
   j->queued = false;
   j->fn = fn;
   j->data = data;
   j->n = fxp_pool_threads(p);
   j->next_share = 0;
   j->finished = 0;
   j->next = NULL;
   if (!p)
      return;
   if (__atomic_load_n(&p->started, __ATOMIC_RELAXED) + 1 < p->threads && !__atomic_load_n(&p->quit, __ATOMIC_RELAXED))
      pool_start(p);
   mtx_lock(&p->lock);
   if (p->quit || !p->started) {
      mtx_unlock(&p->lock); /* no workers: the submitter's wait runs every share */
      return;
   }
   if (p->tail)
      p->tail->next = j;
   else
      p->head = j;
   p->tail = j;
   j->queued = true;
   __atomic_store_n(&p->submitted, p->submitted + 1, __ATOMIC_RELEASE);
   cnd_broadcast(&p->work);
   mtx_unlock(&p->lock);
}

void
fxp_pool_wait(struct fxp_pool *p, struct fxp_pool_job *j)
{
   if (!p || !j->queued) {
      /* not queued: every share on this thread, each still told the share count it was planned for */
      for (unsigned i = 0; i < j->n; i++)
         j->fn(j->data, i, j->n);
      return;
   }
   /* the shares no worker has taken yet */
   mtx_lock(&p->lock);
   while (j->next_share < j->n) {
      const unsigned i = take_share(p, j);
      mtx_unlock(&p->lock);
      run_share(p, j, i);
      mtx_lock(&p->lock);
   }
   mtx_unlock(&p->lock);
   /* then the workers' */
   spin_for(p, &j->finished, j->n, false, FXP_POOL_SPIN_NS);
   mtx_lock(&p->lock);
   while (j->finished != j->n)
      cnd_wait(&p->done, &p->lock);
   mtx_unlock(&p->lock);
   j->queued = false;
}

void
fxp_pool_run(struct fxp_pool *p, void (*fn)(void *data, unsigned i, unsigned n), void *data)
{
   struct fxp_pool_job j;
   fxp_pool_submit(p, &j, fn, data);
   fxp_pool_wait(p, &j);
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
   fxp_pool_stop(p);
   cnd_destroy(&p->work);
   cnd_destroy(&p->done);
   cnd_destroy(&p->start_done);
   mtx_destroy(&p->lock);
   FREE(p->workers);
   FREE(p);
}
