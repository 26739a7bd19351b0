/* FXPIPE_DEBUG parsing and the log function (see fxp_debug.h for the flags). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"
#include "fxp_debug.h"
#include "fxp_context.h"

unsigned fxp_debug_flags;

static const struct debug_named_value fxp_debug_options[] = {
   {"todo", FXP_DBG_TODO, "features asked for that are not implemented yet (once per site)"},
   {"refuse", FXP_DBG_REFUSE, "requests fxpipe refuses, with the reason"},
   {"resource", FXP_DBG_RESOURCE, "resource creation and layout"},
   {"nofast", FXP_DBG_NOFAST, "turn fast paths off"},
   {"guard", FXP_DBG_GUARD, "guard pages around every resource's storage (a test mode)"},
   {"perf", FXP_DBG_PERF, "print the paths each draw takes when they change (engine table, fetch, shaders, "
                          "fragment back end, early tests, samplers, and why a fast path was refused) and each "
                          "context's performance counters at its end"},
   {"nouniform", FXP_DBG_NOUNIFORM, "turn uniform work once per dispatch off (the other fast paths stay)"},
   {"tgsi", FXP_DBG_TGSI, "print each shader's TGSI and what decoding made of it"},
   DEBUG_NAMED_VALUE_END
};

void
fxp_debug_init(void)
{
   const char *v = getenv("FXPIPE_DEBUG");
   if (!v || !*v || !strcmp(v, "0")) {
      fxp_debug_flags = 0;
      return;
   }
   fxp_debug_flags = debug_get_flags_option("FXPIPE_DEBUG", fxp_debug_options, 0);
   if (!fxp_debug_flags) /* FXPIPE_DEBUG=1 or any unknown word */
      fxp_debug_flags = FXP_DBG_TODO | FXP_DBG_REFUSE;
}

void
fxp_log(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   fputs("fxpipe: ", stderr);
   vfprintf(stderr, fmt, ap);
   fputc('\n', stderr);
   va_end(ap);
}

bool
fxp_refuse(const char *fmt, ...)
{
   if (fxp_debug_flags & FXP_DBG_REFUSE) {
      va_list ap;
      va_start(ap, fmt);
      fputs("fxpipe: refused: ", stderr);
      vfprintf(stderr, fmt, ap);
      fputc('\n', stderr);
      va_end(ap);
   }
   return false;
}

bool
fxp_ctx_message(struct fxp_context *ctx, unsigned *id, unsigned flag, enum util_debug_type type, const char *fmt,
                ...)
{
   const bool log = fxp_debug_flags & flag;
   const bool app = ctx && ctx->debug.debug_message;
   if (!log && !app)
      return false;
   char text[512];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(text, sizeof(text), fmt, ap);
   va_end(ap);
   if (log)
      fxp_log("%s%s", type == UTIL_DEBUG_TYPE_ERROR || type == UTIL_DEBUG_TYPE_OUT_OF_MEMORY ? "refused: " : "",
              text);
   if (app)
      _util_debug_message(&ctx->debug, id, type, "fxpipe: %s", text);
   return false;
}
