/* fxpipe-mdwe-run CMD [ARGS...]: runs CMD with Linux's memory-deny-write-execute set (prctl PR_SET_MDWE with
 * PR_MDWE_REFUSE_EXEC_GAIN, what systemd's MemoryDenyWriteExecute=yes also enforces): from then on no mapping
 * can be both writable and executable, or become executable, in CMD and its children. Before running CMD it
 * checks that the kernel really refuses a writable+executable mapping. Exits 77 (skipped) on kernels without
 * PR_SET_MDWE (before Linux 6.3). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#ifndef PR_SET_MDWE
#define PR_SET_MDWE 65
#define PR_GET_MDWE 66
#define PR_MDWE_REFUSE_EXEC_GAIN 1
#endif

int
main(int argc, char **argv)
{
   if (argc < 2) {
      fprintf(stderr, "usage: %s CMD [ARGS...]\n", argv[0]);
      return 2;
   }
   if (prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN, 0, 0, 0) != 0) {
      fprintf(stderr, "fxpipe-mdwe-run: PR_SET_MDWE not available (%s): skipped\n", strerror(errno));
      return 77;
   }
   void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (p != MAP_FAILED) {
      fprintf(stderr, "fxpipe-mdwe-run: the kernel still allows W+X mappings: MDWE is not in force\n");
      return 1;
   }
   printf("fxpipe-mdwe-run: memory-deny-write-execute in force (flags %d)\n",
          prctl(PR_GET_MDWE, 0, 0, 0, 0));
   fflush(stdout);
   execvp(argv[1], argv + 1);
   fprintf(stderr, "fxpipe-mdwe-run: cannot run %s: %s\n", argv[1], strerror(errno));
   return 127;
}
