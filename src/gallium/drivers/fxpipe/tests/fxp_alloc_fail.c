/* Allocation-failure sweep: runs TGSI runner files (tests/tgsi/NAME.test) on the headless screen while one
 * allocation fails, for every allocation the run makes, and checks that fxpipe survives each failure.
 *
 *   fxpipe-alloc-fail FILE|DIR...      (a DIR: its *.test files, in name order)
 *
 * For each file: one run with nothing failing counts the allocations N the run makes (malloc, calloc,
 * realloc, posix_memalign, aligned_alloc and mmap of anonymous memory, from the screen's creation to its
 * destruction); then runs k = 1..N each fail allocation k (NULL, or MAP_FAILED, with errno ENOMEM) and let
 * every other succeed. A run passes when the process is still alive after it (no crash, no abort), and
 * every block allocated during it was freed again (malloc-family count: fxpipe frees what it took also on
 * its failure paths). The run's own result (pass or "compute shader refused", "no headless context") is not
 * judged: a failed allocation may fail the test, cleanly. A crash kills the program: the line printed before
 * each run names the allocation that caused it (run the file again with FXP_ALLOC_FAIL_AT=k to look).
 *
 * The counting replaces the C library's allocator entry points in this executable (glibc lets a program
 * define malloc and friends; its __libc_* functions remain the real ones), so it cannot run under a
 * sanitizer that intercepts them too (ASan): meson's alloc-fail test is left out of sanitizer builds.
 * Single-threaded runs only (FXPIPE_THREADS=1), so the k-th allocation is the same one on every run. */
#include <dirent.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tgsi/tgsi_text.h"
#include "tgsi/tgsi_parse.h"
#include "tools/fxp_tgsi_runner.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void *__libc_memalign(size_t align, size_t size);
extern void __libc_free(void *p);

/* the sweep's state: counting only between arm() and disarm() */
static atomic_bool armed;
static atomic_ulong seen;    /* allocations attempted while armed */
static atomic_long live;     /* malloc-family blocks allocated minus freed while armed */
static unsigned long fail_at; /* 0: none fails */
static bool trace;            /* FXP_ALLOC_FAIL_AT given */

static bool
fail_this(void)
{
   if (!atomic_load_explicit(&armed, memory_order_relaxed))
      return false;
   unsigned long k = atomic_fetch_add(&seen, 1) + 1;
   if (k == fail_at) {
      if (trace) {   /* FXP_ALLOC_FAIL_AT: where the failing allocation was asked for */
         void *frames[16];
         backtrace_symbols_fd(frames, backtrace(frames, 16), 2);
      }
      errno = ENOMEM;
      return true;
   }
   return false;
}

static void
took(void *p)
{
   if (p && atomic_load_explicit(&armed, memory_order_relaxed))
      atomic_fetch_add(&live, 1);
}

void *
malloc(size_t size)
{
   if (fail_this())
      return NULL;
   void *p = __libc_malloc(size);
   took(p);
   return p;
}

void *
calloc(size_t n, size_t size)
{
   if (fail_this())
      return NULL;
   void *p = __libc_calloc(n, size);
   took(p);
   return p;
}

void *
realloc(void *old, size_t size)
{
   if (fail_this())
      return NULL;
   void *p = __libc_realloc(old, size);
   if (!old)
      took(p);
   return p;
}

int
posix_memalign(void **out, size_t align, size_t size)
{
   if (fail_this())
      return ENOMEM;
   void *p = __libc_memalign(align, size);
   if (!p)
      return ENOMEM;
   took(p);
   *out = p;
   return 0;
}

void *
aligned_alloc(size_t align, size_t size)
{
   if (fail_this())
      return NULL;
   void *p = __libc_memalign(align, size);
   took(p);
   return p;
}

void
free(void *p)
{
   if (p && atomic_load_explicit(&armed, memory_order_relaxed))
      atomic_fetch_sub(&live, 1);
   __libc_free(p);
}

/* Anonymous mappings (fxpipe's storage of 2 MiB and more) fail too; file mappings are left alone. */
void *
mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
   if ((flags & MAP_ANONYMOUS) && fail_this())
      return MAP_FAILED;
   return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

static void
arm(unsigned long k)
{
   fail_at = k;
   atomic_store(&seen, 0);
   atomic_store(&live, 0);
   atomic_store(&armed, true);
}

static void
disarm(void)
{
   atomic_store(&armed, false);
}

static char *
read_text(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *text = n >= 0 ? __libc_malloc((size_t)n + 1) : NULL;
   if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
      __libc_free(text);
      text = NULL;
   }
   if (text)
      text[n] = 0;
   fclose(f);
   return text;
}

/* One run of the file with allocation k failing (0: none); *n_out: allocations made, *leaked: blocks left. */
static bool
run_once(const char *text, unsigned long k, unsigned long *n_out, long *leaked, bool *test_ok)
{
   static struct tgsi_token tokens[8192];
   struct test t;
   char *copy = strdup(text);
   if (!copy)
      return false;
   bool ok = runner_parse(&t, copy) && tgsi_text_translate(t.shader, tokens, ARRAY_SIZE(tokens));
   if (ok) {
      arm(k);
      *test_ok = runner_run(&t, tokens);
      disarm();
   }
   runner_free(&t);
   free(copy);
   *n_out = atomic_load(&seen);
   *leaked = atomic_load(&live);
   return ok;
}

static int
is_test(const struct dirent *d)
{
   size_t n = strlen(d->d_name);
   return n > 5 && !strcmp(d->d_name + n - 5, ".test");
}

static unsigned passed, failed;
static void sweep(const char *path);

int
main(int argc, char **argv)
{
   const char *at = getenv("FXP_ALLOC_FAIL_AT");

   if (argc < 2) {
      fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
      return 2;
   }
   setenv("FXPIPE_THREADS", "1", 1);
   if (at && *at) {   /* backtrace() loads libgcc (allocating) on its first call: call it now, unarmed */
      void *frame;
      backtrace(&frame, 1);
      trace = true;
   }
   for (int a = 1; a < argc; a++) {
      struct dirent **names;
      int n = scandir(argv[a], &names, is_test, alphasort);
      if (n < 0) {
         sweep(argv[a]);
         continue;
      }
      for (int i = 0; i < n; i++) {
         char path[4096];
         snprintf(path, sizeof(path), "%s/%s", argv[a], names[i]->d_name);
         sweep(path);
         free(names[i]);
      }
      free(names);
   }
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}

/* One file: the counting run, then one run per allocation with that one failing. */
static void
sweep(const char *path)
{
   const char *at = getenv("FXP_ALLOC_FAIL_AT");
   {
      char *text = read_text(path);
      unsigned long n = 0, first = 1, last;
      long leaked = 0;
      bool test_ok = false;
      if (!text || !run_once(text, 0, &n, &leaked, &test_ok) || !test_ok) {
         printf("FAIL %s: does not pass with no allocation failing (%s)\n", path,
                text ? runner_failure() : "cannot read");
         failed++;
         __libc_free(text);
         return;
      }
      last = n;
      if (at && *at)
         first = last = strtoul(at, NULL, 10);
      unsigned long bad = 0, clean_fail = 0;
      for (unsigned long k = first; k <= last; k++) {
         unsigned long m;
         fprintf(stderr, "%s: allocation %lu of %lu fails\n", path, k, n);
         test_ok = false;
         run_once(text, k, &m, &leaked, &test_ok);
         clean_fail += !test_ok;
         if (leaked) {
            printf("  %s: with allocation %lu failing, %ld blocks were not freed\n", path, k, leaked);
            bad++;
         }
      }
      printf("%s %s: %lu allocations, each failed once: %lu runs failed cleanly, %lu passed regardless, %lu "
             "leaked\n", bad ? "FAIL" : "ok", path, n, clean_fail, last - first + 1 - clean_fail, bad);
      if (bad)
         failed++;
      else
         passed++;
      __libc_free(text);
   }
}
