/* Shared by the GL test programs: a check that prints "ok" or "FAIL" with its message, counts failures and
 * returns whether it passed; and the runner of a program's named sections. */
#ifndef FXP_GL_CHECK_H
#define FXP_GL_CHECK_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int failures;

static int
check(int ok, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   printf("%s ", ok ? "ok  " : "FAIL");
   vprintf(fmt, ap);
   printf("\n");
   va_end(ap);
   failures += !ok;
   return ok;
}

/* A GL test program's named sections: runs those named on the command line (all without names), checks
 * that every name given is a section, prints the failure count; returns the exit status (1 on failures). */
struct fxp_gl_section {
   const char *name;
   void (*fn)(void);
};

static inline int
fxp_gl_run_sections(const struct fxp_gl_section *sections, unsigned n, int argc, char **argv)
{
   for (unsigned s = 0; s < n; s++) {
      int run = argc < 2;
      for (int a = 1; a < argc; a++)
         run |= !strcmp(argv[a], sections[s].name);
      if (run) {
         printf("-- %s\n", sections[s].name);
         sections[s].fn();
      }
   }
   for (int a = 1; a < argc; a++) {
      int known = 0;
      for (unsigned s = 0; s < n; s++)
         known |= !strcmp(argv[a], sections[s].name);
      check(known, "section %s exists", argv[a]);
   }
   printf("%d failure(s)\n", failures);
   return failures ? 1 : 0;
}

#endif
