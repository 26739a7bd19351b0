/* FXPIPE_DEBUG parsing and the log function (see fxp_debug.h for the flags). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_debug.h"
#include "fxp_debug.h"
#include "fxp_context.h"

unsigned fxp_debug_flags;

/* One line each, as the table in fxp_debug.h says (FXPIPE_DEBUG=help prints them). */
static const struct debug_named_value fxp_debug_options[] = {
   {"todo", FXP_DBG_TODO, "once per site: a feature that is not implemented yet was asked for"},
   {"refuse", FXP_DBG_REFUSE, "every request fxpipe refuses, why, and what the GL application sees of it"},
   {"resource", FXP_DBG_RESOURCE, "resource creation and destruction with their layout"},
   {"nofast", FXP_DBG_NOFAST, "not a message: turns every fast path off (the general paths run instead)"},
   {"guard", FXP_DBG_GUARD, "not a message: guard pages before and right after each resource's storage"},
   {"perf", FXP_DBG_PERF, "the paths each draw takes when they change, and each context's counters at its end"},
   {"nouniform", FXP_DBG_NOUNIFORM, "not a message: turns off one fast path, uniform work once per dispatch"},
   {"nosimple", FXP_DBG_NOSIMPLE, "not a message: turns off the engine's simple forms (and so fused runs)"},
   {"nofuse", FXP_DBG_NOFUSE, "not a message: turns off the engine's fused runs of instructions"},
   {"noruns", FXP_DBG_NORUNS, "not a message: turns off the engine's runs of 64-bit instructions (one float-rule "
                              "switch a run)"},
   {"nofwd", FXP_DBG_NOFWD, "not a message: turns off the engine's forwarding of 64-bit results to the next "
                            "instruction"},
   {"notexfast", FXP_DBG_NOTEXFAST, "not a message: turns off the sampler's fast path"},
   {"checkstate", FXP_DBG_CHECKSTATE, "for tests: state compiled when bound is compiled again at every draw and "
                                      "compared; stale state is said and aborts the process"},
   {"checksync", FXP_DBG_CHECKSYNC, "for tests: after each sync point, that the context has no binned primitive "
                                    "left; one left is said and aborts the process"},
   {"sync", FXP_DBG_SYNC, "not a message: every draw's primitives are drawn before the draw returns (no scene "
                          "is kept open for the next draws: raster/fxp_raster.h, fxp_raster_close)"},
   {"slowraster", FXP_DBG_SLOWRASTER, "for tests: with several threads every primitive is binned and every scene "
                                      "shared out, each share started 1 ms late, so that a missing wait for a scene "
                                      "in flight shows (raster/fxp_raster.h)"},
   {"tgsi", FXP_DBG_TGSI, "each shader's TGSI as it is decoded, and what decoding made of it"},
   DEBUG_NAMED_VALUE_END
};

void
fxp_debug_help(FILE *f)
{
   fprintf(f, "fxpipe: FXPIPE_DEBUG takes comma-separated flags:\n");
   for (const struct debug_named_value *o = fxp_debug_options; o->name; o++)
      fprintf(f, "fxpipe:   %-10s %s\n", o->name, o->desc);
   fprintf(f, "fxpipe:   %-10s %s\n", "all", "everything above");
   fprintf(f, "fxpipe:   %-10s %s\n", "help", "this list (alone it turns nothing on)");
   fprintf(f, "fxpipe: any other non-empty value (FXPIPE_DEBUG=1) means todo,refuse\n");
}

/* Whether the comma-separated (or otherwise separated) list names `word`. */
static bool
names_word(const char *list, const char *word)
{
   const size_t n = strlen(word);
   for (const char *p = list; (p = strstr(p, word)); p++) {
      const bool starts = p == list || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
      const bool ends = !(isalnum((unsigned char)p[n]) || p[n] == '_');
      if (starts && ends)
         return true;
   }
   return false;
}

void
fxp_debug_init(void)
{
   static bool helped;
   const char *v = getenv("FXPIPE_DEBUG");
   if (!v || !*v || !strcmp(v, "0")) {
      fxp_debug_flags = 0;
      return;
   }
   const bool help = names_word(v, "help");
   if (help && !helped) { /* once a process (a screen and the engine's table both initialize) */
      helped = true;
      fxp_debug_help(stderr);
   }
   if (!strcmp(v, "help")) { /* Mesa's parser would print its own list and turn nothing on */
      fxp_debug_flags = 0;
      return;
   }
   fxp_debug_flags = debug_get_flags_option("FXPIPE_DEBUG", fxp_debug_options, 0);
   if (!fxp_debug_flags && !help) /* FXPIPE_DEBUG=1 or any unknown word */
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
