/* Unit tests of the thread pool and of the CPU count it is sized from: cgroup CPU quotas read from folder
 * trees made here (v2 and v1, nested groups, no quota), every share of a job run exactly once whatever the
 * pool, lazily started workers, a pool used again in the child of a fork, several jobs in flight from one
 * thread, several threads submitting to one pool at once, a fork while a job is in flight, and a pool stopped
 * while another thread starts its workers (context/fxp_pool.h's contract). */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "c11/threads.h"
#include "context/fxp_pool.h"
#include "tests/fxp_test.h"

static void
put(const char *dir, const char *name, const char *text)
{
   char path[512];
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   FILE *f = fopen(path, "w");
   if (f) {
      fputs(text, f);
      fclose(f);
   }
}

static void
mkdirs(const char *path)
{
   char buf[512];
   snprintf(buf, sizeof(buf), "%s", path);
   for (char *p = buf + 1; *p; p++) {
      if (*p == '/') {
         *p = 0;
         mkdir(buf, 0755);
         *p = '/';
      }
   }
   mkdir(buf, 0755);
}

static void
test_cgroup_quota(struct fxp_t *t)
{
   char root[] = "/tmp/fxp-cgroup-XXXXXX";
   if (!CHECK(t, mkdtemp(root) != NULL, "mkdtemp"))
      return;
   char v2[256], v1[256], d[512], proc[256];
   snprintf(v2, sizeof(v2), "%s/v2", root);
   snprintf(v1, sizeof(v1), "%s/v1", root);
   snprintf(proc, sizeof(proc), "%s/cgroup", root);

   /* v2: a group /a/b whose parent allows 2.5 CPUs (3 when rounded up) and which itself has no limit */
   snprintf(d, sizeof(d), "%s/a/b", v2);
   mkdirs(d);
   put(d, "cpu.max", "max 100000\n");
   snprintf(d, sizeof(d), "%s/a", v2);
   put(d, "cpu.max", "250000 100000\n");
   put(root, "cgroup", "0::/a/b\n");
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota(proc, v2, v1), 3);
   /* the group's own limit is smaller: 1 CPU (50000 of 100000 rounds up to 1) */
   snprintf(d, sizeof(d), "%s/a/b", v2);
   put(d, "cpu.max", "50000 100000\n");
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota(proc, v2, v1), 1);
   /* no quota anywhere */
   put(d, "cpu.max", "max 100000\n");
   snprintf(d, sizeof(d), "%s/a", v2);
   put(d, "cpu.max", "max 100000\n");
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota(proc, v2, v1), 0);

   /* v1 (beside a v2 line, as on hybrid hosts): the cpu controller's group /c has 4 CPUs */
   snprintf(d, sizeof(d), "%s/c", v1);
   mkdirs(d);
   put(d, "cpu.cfs_quota_us", "400000\n");
   put(d, "cpu.cfs_period_us", "100000\n");
   put(root, "cgroup", "4:memory:/m\n2:cpu,cpuacct:/c\n0::/a/b\n");
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota(proc, v2, v1), 4);
   /* -1: no quota */
   put(d, "cpu.cfs_quota_us", "-1\n");
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota(proc, v2, v1), 0);
   /* a file that is not there */
   CHECK_EQ_U(t, fxp_cgroup_cpu_quota("/nonexistent/cgroup", v2, v1), 0);

   char cmd[300];
   snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
   CHECK(t, system(cmd) == 0, "%s", cmd);

   CHECK(t, fxp_usable_cpus() >= 1, "at least one usable CPU");
}

#define SHARES 7

struct count_job {
   int runs[SHARES];
   unsigned n_seen;
   unsigned sleep_us;       /* (slow_share) how long each share sleeps first */
};

static void
count_share(void *data, unsigned i, unsigned n)
{
   struct count_job *j = data;
   __atomic_fetch_add(&j->runs[i], 1, __ATOMIC_SEQ_CST);
   __atomic_store_n(&j->n_seen, n, __ATOMIC_SEQ_CST);
}

/* The last job of the parent before a fork: in the child, a worker that took it for a new job would run it
 * there (it never should: the child's workers run only the child's jobs). */
static pid_t parent_pid;
static unsigned stale_runs;

static void
parent_only_share(void *data, unsigned i, unsigned n)
{
   (void)data, (void)i, (void)n;
   if (getpid() != parent_pid)
      __atomic_fetch_add(&stale_runs, 1, __ATOMIC_SEQ_CST);
}

/* every share 0..n-1 ran once, each told n */
static bool
each_share_once(struct fxp_t *t, const struct count_job *j, unsigned n)
{
   bool ok = CHECK_EQ_U(t, j->n_seen, n);
   for (unsigned i = 0; i < SHARES; i++)
      ok &= CHECK(t, j->runs[i] == (i < n ? 1 : 0), "share %u ran %d times (n = %u)", i, j->runs[i], n);
   return ok;
}

static void
test_pool_shares(struct fxp_t *t)
{
   /* no pool: one share on the caller */
   CHECK(t, fxp_pool_create(1) == NULL, "a pool of one thread is no pool");
   struct count_job j = {0};
   fxp_pool_run(NULL, count_share, &j);
   each_share_once(t, &j, 1);

   struct fxp_pool *p = fxp_pool_create(SHARES);
   if (!CHECK(t, p != NULL, "pool"))
      return;
   CHECK_EQ_U(t, fxp_pool_threads(p), SHARES);
   /* jobs back to back: the workers find each next one while they spin (context/fxp_pool.c,
    * FXP_POOL_SPIN_NS) */
   for (unsigned round = 0; round < 50; round++) {
      memset(&j, 0, sizeof(j));
      fxp_pool_run(p, count_share, &j);
      if (!each_share_once(t, &j, SHARES))
         break;
   }
   /* jobs 2 ms apart, far beyond the spin: the workers sleep on the condition variable and are woken */
   for (unsigned round = 0; round < 5; round++) {
      usleep(2000);
      memset(&j, 0, sizeof(j));
      fxp_pool_run(p, count_share, &j);
      if (!each_share_once(t, &j, SHARES))
         break;
   }

   /* the child of a fork has none of the parent's workers: its jobs still run every share once (not under
    * ThreadSanitizer, which does not support threads started in the child of a process with threads) */
#ifndef __SANITIZE_THREAD__
   parent_pid = getpid();
   fxp_pool_run(p, parent_only_share, NULL);
   fflush(NULL);
   const pid_t pid = fork();
   if (pid == 0) {
      bool ok = fxp_pool_live_workers(p) == 0; /* the parent's workers are not the child's */
      for (unsigned round = 0; round < 20 && ok; round++) {
         struct count_job c = {0};
         fxp_pool_run(p, count_share, &c);
         for (unsigned i = 0; i < SHARES; i++)
            ok &= c.runs[i] == 1;
         ok &= c.n_seen == SHARES;
      }
      fxp_pool_destroy(p); /* joins the workers: any stale run is counted by now */
      ok &= stale_runs == 0;
      _exit(ok ? 0 : 1);
   }
   int status = -1;
   if (CHECK(t, pid > 0, "fork"))
      waitpid(pid, &status, 0);
   CHECK(t, WIFEXITED(status) && WEXITSTATUS(status) == 0,
         "the child's jobs ran every share once, and its workers none of the parent's jobs (status %d)", status);
#endif
   /* and the parent's pool still works; destroyed right after a job, while its workers spin */
   memset(&j, 0, sizeof(j));
   fxp_pool_run(p, count_share, &j);
   each_share_once(t, &j, SHARES);
   fxp_pool_destroy(p);
}

/* Slow shares (sleep_us each, 50 us if 0), so that jobs queued one after another are in flight together. */
static void
slow_share(void *data, unsigned i, unsigned n)
{
   const struct count_job *j = data;
   usleep(j->sleep_us ? j->sleep_us : 50);
   count_share(data, i, n);
}

/* One thread, three jobs in flight: each waited for out of order runs every share once. */
static void
test_pool_jobs_in_flight(struct fxp_t *t)
{
   struct fxp_pool *p = fxp_pool_create(SHARES);
   if (!CHECK(t, p != NULL, "pool"))
      return;
   for (unsigned round = 0; round < 20; round++) {
      struct count_job c[3];
      struct fxp_pool_job j[3];
      memset(c, 0, sizeof(c));
      for (unsigned k = 0; k < 3; k++)
         fxp_pool_submit(p, &j[k], slow_share, &c[k]);
      fxp_pool_wait(p, &j[2]);
      fxp_pool_wait(p, &j[0]);
      fxp_pool_wait(p, &j[1]);
      bool ok = true;
      for (unsigned k = 0; k < 3; k++)
         ok &= each_share_once(t, &c[k], SHARES);
      if (!ok)
         break;
   }
   /* no pool: the wait runs the one share */
   struct count_job c = {0};
   struct fxp_pool_job j;
   fxp_pool_submit(NULL, &j, count_share, &c);
   CHECK(t, c.runs[0] == 0, "nothing runs before the wait");
   fxp_pool_wait(NULL, &j);
   each_share_once(t, &c, 1);
   fxp_pool_destroy(p);
}

/* A fork while a job is in flight (a context's scene drawn behind its drawing thread, raster/fxp_raster.h):
 * the handler before the fork finishes it (fxp_pool.c), so the child sees every share run once, as the parent
 * does, and never waits for shares no thread of its own would run. Under ThreadSanitizer, which does not
 * support fork in a process with threads (see pool.shares), only the job in flight waited for later. */
static void
test_pool_fork_in_flight(struct fxp_t *t)
{
#ifndef __SANITIZE_THREAD__
   struct fxp_pool *p = fxp_pool_create(SHARES);
   if (!CHECK(t, p != NULL, "pool"))
      return;
   fxp_pool_run(p, count_share, &(struct count_job){0}); /* the workers started */
   struct count_job c = {.sleep_us = 2000}; /* still running when fork() is called */
   struct fxp_pool_job j;
   fxp_pool_submit(p, &j, slow_share, &c);
   fflush(NULL);
   const pid_t pid = fork();
   if (pid == 0) {
      bool ok = true;
      for (unsigned i = 0; i < SHARES; i++)
         ok &= c.runs[i] == 1; /* done before the fork */
      fxp_pool_wait(p, &j);    /* returns at once, runs nothing again */
      for (unsigned i = 0; i < SHARES; i++)
         ok &= c.runs[i] == 1;
      struct count_job d = {0}; /* and the child's own jobs run */
      fxp_pool_run(p, count_share, &d);
      for (unsigned i = 0; i < SHARES; i++)
         ok &= d.runs[i] == 1;
      _exit(ok ? 0 : 1);
   }
   int status = -1;
   if (CHECK(t, pid > 0, "fork"))
      waitpid(pid, &status, 0);
   CHECK(t, WIFEXITED(status) && WEXITSTATUS(status) == 0,
         "the child found the job in flight at the fork done, every share once (status %d)", status);
   fxp_pool_wait(p, &j);
   each_share_once(t, &c, SHARES);
   fxp_pool_destroy(p);
#else
   /* (under ThreadSanitizer: the job in flight waited for later, without the fork) */
   struct fxp_pool *p = fxp_pool_create(SHARES);
   if (!CHECK(t, p != NULL, "pool"))
      return;
   struct count_job c = {.sleep_us = 2000};
   struct fxp_pool_job j;
   fxp_pool_submit(p, &j, slow_share, &c);
   usleep(1000);
   fxp_pool_wait(p, &j);
   each_share_once(t, &c, SHARES);
   fxp_pool_destroy(p);
#endif
}

/* Several threads (contexts drawing at once) running jobs on one pool: every share of every job once. */
enum { CALLERS = 4, CALLER_JOBS = 300 };
struct caller {
   struct fxp_pool *pool;
   unsigned bad;            /* jobs whose shares did not each run once */
};

static int
caller_main(void *arg)
{
   struct caller *c = arg;
   for (unsigned k = 0; k < CALLER_JOBS; k++) {
      struct count_job j;
      memset(&j, 0, sizeof(j));
      fxp_pool_run(c->pool, k % 8 ? count_share : slow_share, &j);
      bool ok = j.n_seen == SHARES;
      for (unsigned i = 0; i < SHARES; i++)
         ok &= j.runs[i] == 1;
      c->bad += !ok;
   }
   return 0;
}

static void
test_pool_callers(struct fxp_t *t)
{
   struct fxp_pool *p = fxp_pool_create(SHARES);
   if (!CHECK(t, p != NULL, "pool"))
      return;
   struct caller c[CALLERS];
   thrd_t th[CALLERS];
   bool made[CALLERS];
   for (unsigned k = 0; k < CALLERS; k++) {
      c[k].pool = p;
      c[k].bad = 0;
      made[k] = CHECK(t, thrd_create(&th[k], caller_main, &c[k]) == thrd_success, "caller thread %u", k);
   }
   for (unsigned k = 0; k < CALLERS; k++) {
      if (!made[k])
         continue;
      thrd_join(th[k], NULL);
      CHECK(t, c[k].bad == 0, "caller %u: %u of %u jobs ran a share other than once", k, c[k].bad, CALLER_JOBS);
   }
   fxp_pool_destroy(p);
}

/* A pool stopped (the library's unload, fxp_pool_stop) while another thread's first job is starting its
 * workers: every worker made is ended when the stop returns (the stop used to read the count of started
 * workers before the start had stored it, and returned with workers still running), and the job runs each
 * of its shares once, on the workers or on its submitter. The two threads meet at a barrier, then the
 * stopping one waits a few microseconds more each round, so that the stop lands at different points of
 * the start. */
struct first_job {
   struct fxp_pool *pool;
   struct count_job c;
   unsigned *gate;
};

static int
first_job_main(void *arg)
{
   struct first_job *f = arg;
   __atomic_sub_fetch(f->gate, 1, __ATOMIC_ACQ_REL);
   while (__atomic_load_n(f->gate, __ATOMIC_ACQUIRE))
      ;
   fxp_pool_run(f->pool, count_share, &f->c);
   return 0;
}

static void
test_pool_stop_while_starting(struct fxp_t *t)
{
   unsigned left_running = 0, bad_jobs = 0;
   for (unsigned round = 0; round < 300; round++) {
      struct first_job f;
      memset(&f, 0, sizeof(f));
      unsigned gate = 2;
      f.gate = &gate;
      f.pool = fxp_pool_create(SHARES);
      if (!CHECK(t, f.pool != NULL, "pool"))
         return;
      thrd_t th;
      if (!CHECK(t, thrd_create(&th, first_job_main, &f) == thrd_success, "thread")) {
         fxp_pool_destroy(f.pool);
         return;
      }
      __atomic_sub_fetch(&gate, 1, __ATOMIC_ACQ_REL);
      while (__atomic_load_n(&gate, __ATOMIC_ACQUIRE))
         ;
      if (round % 10)
         usleep(round % 10);
      fxp_pool_stop(f.pool);
      left_running += fxp_pool_live_workers(f.pool) != 0;
      thrd_join(th, NULL);
      /* SHARES shares if the job was queued before the stop, else 1 (a stopped pool has one thread) */
      const unsigned n = f.c.n_seen;
      bool ok = n == SHARES || n == 1;
      for (unsigned i = 0; i < SHARES; i++)
         ok &= f.c.runs[i] == (i < n ? 1 : 0);
      bad_jobs += !ok;
      fxp_pool_destroy(f.pool);
   }
   CHECK(t, left_running == 0, "rounds whose stop returned with a worker still running: %u of 300", left_running);
   CHECK(t, bad_jobs == 0, "jobs whose shares did not each run once: %u of 300", bad_jobs);
}

const struct fxp_test fxp_pool_tests[] = {
   {"pool.cgroup_quota", test_cgroup_quota},
   {"pool.shares", test_pool_shares},
   {"pool.jobs_in_flight", test_pool_jobs_in_flight},
   {"pool.callers", test_pool_callers},
   {"pool.fork_in_flight", test_pool_fork_in_flight},
   {"pool.stop_while_starting", test_pool_stop_while_starting},
   {NULL, NULL},
};
