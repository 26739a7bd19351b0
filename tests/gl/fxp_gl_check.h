/* Shared by the GL test programs: a check that prints "ok" or "FAIL" with its message, counts failures and
 * returns whether it passed. */
#ifndef FXP_GL_CHECK_H
#define FXP_GL_CHECK_H

#include <stdarg.h>
#include <stdio.h>

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

#endif
