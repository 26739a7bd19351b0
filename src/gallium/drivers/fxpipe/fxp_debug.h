/* FXPIPE_DEBUG: fxpipe's debug output. Messages go to stderr prefixed "fxpipe:".
 *
 * | flag     | what it prints                                                            |
 * |----------|---------------------------------------------------------------------------|
 * | todo     | once per site: a feature that is not implemented yet was asked for        |
 * | refuse   | every request fxpipe refuses (bad box, unsupported format, size, ...)    |
 * | resource | resource creation and destruction with their layout                      |
 * | nofast   | turns every fast path off (the general paths run instead)                |
 * | guard    | not a message: each resource's storage gets inaccessible guard pages      |
 * |          | before it and right after its end (a test mode, fxp_resource.h)           |
 * | perf     | each context's counters at its end (scenes, binning)                      |
 * | nouniform| turns off one fast path only: uniform work once per dispatch              |
 * |          | (shader/fxp_uniform.c), to measure what it gives                          |
 * | tgsi     | each shader's TGSI as it is decoded, and what decoding made of it         |
 * |          | (instructions, uniform work hoisted, simple forms; scripts/count-tgsi.py) |
 * | all      | everything above                                                          |
 *
 * Any other non-empty value (FXPIPE_DEBUG=1) means "todo,refuse".
 *
 * Messages that concern a context's work also reach the application, through the callback st/mesa sets
 * with set_debug_callback while GL_DEBUG_OUTPUT is enabled (KHR_debug), whatever FXPIPE_DEBUG says: see
 * fxp_ctx_message below and the table of kinds there. */
#ifndef FXP_DEBUG_H
#define FXP_DEBUG_H

#include <stdbool.h>
#include "util/macros.h"
#include "util/u_debug.h"

enum fxp_debug_flag {
   FXP_DBG_TODO     = 1 << 0,
   FXP_DBG_REFUSE   = 1 << 1,
   FXP_DBG_RESOURCE = 1 << 2,
   FXP_DBG_NOFAST   = 1 << 3,
   FXP_DBG_GUARD    = 1 << 4,
   FXP_DBG_PERF     = 1 << 5,
   FXP_DBG_TGSI     = 1 << 6,
   FXP_DBG_NOUNIFORM = 1 << 7,
};

extern unsigned fxp_debug_flags;

void fxp_debug_init(void);
void fxp_log(const char *fmt, ...) PRINTFLIKE(1, 2);

#define FXP_DBG(flag, ...)                                   \
   do {                                                      \
      if (unlikely(fxp_debug_flags & (flag)))                \
         fxp_log(__VA_ARGS__);                               \
   } while (0)

/* Refuses a request: logs why (FXPIPE_DEBUG=refuse) and returns false. */
bool fxp_refuse(const char *fmt, ...) PRINTFLIKE(1, 2);

/* A context's messages: logged as the FXPIPE_DEBUG flag says, and sent to the application's KHR_debug
 * callback when it has one (st/mesa turns util_debug_type into GL's source, type and severity):
 *
 * | kind                 | logged under | util_debug_type              | GL source / type / severity        |
 * |----------------------|--------------|------------------------------|------------------------------------|
 * | fxp_ctx_refuse       | refuse       | UTIL_DEBUG_TYPE_ERROR        | API / ERROR / MEDIUM               |
 * | fxp_ctx_out_of_memory| refuse       | UTIL_DEBUG_TYPE_OUT_OF_MEMORY| API / ERROR / MEDIUM               |
 * | fxp_ctx_todo         | todo         | UTIL_DEBUG_TYPE_CONFORMANCE  | API / OTHER / NOTIFICATION         |
 * | fxp_ctx_perf         | perf         | UTIL_DEBUG_TYPE_PERF_INFO    | API / PERFORMANCE / NOTIFICATION   |
 *
 * Each call site has its own message ID (GL's glDebugMessageControl can silence one). Called on the thread
 * that called into the context (never from the worker threads), so the callback is the one last set there.
 * The message text starts "fxpipe: ". fxp_ctx_todo logs once per site but tells the application every time
 * (each CSO or draw that meets it). The refusals return false. */
struct fxp_context;
bool fxp_ctx_message(struct fxp_context *ctx, unsigned *id, unsigned flag, enum util_debug_type type, const char *fmt, ...)
   PRINTFLIKE(5, 6);

#define FXP_CTX_MESSAGE_(ctx, flag, type, ...)                                  \
   ({                                                                         \
      static unsigned fxp_msg_id_;                                            \
      fxp_ctx_message((ctx), &fxp_msg_id_, (flag), (type), __VA_ARGS__);      \
   })
#define fxp_ctx_refuse(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_REFUSE, UTIL_DEBUG_TYPE_ERROR, __VA_ARGS__)
#define fxp_ctx_out_of_memory(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_REFUSE, UTIL_DEBUG_TYPE_OUT_OF_MEMORY, __VA_ARGS__)
#define fxp_ctx_perf(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_PERF, UTIL_DEBUG_TYPE_PERF_INFO, __VA_ARGS__)
#define fxp_ctx_todo(ctx, ...)                                                  \
   do {                                                                       \
      static bool fxp_said_;                                                  \
      static unsigned fxp_msg_id_;                                            \
      unsigned fxp_flag_ = fxp_said_ ? 0 : FXP_DBG_TODO;                      \
      fxp_said_ = fxp_said_ || (fxp_debug_flags & FXP_DBG_TODO);              \
      fxp_ctx_message((ctx), &fxp_msg_id_, fxp_flag_, UTIL_DEBUG_TYPE_CONFORMANCE,    \
                      "not implemented yet: " __VA_ARGS__);                   \
   } while (0)

#endif
