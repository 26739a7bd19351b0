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
 * | all      | everything above                                                          |
 *
 * Any other non-empty value (FXPIPE_DEBUG=1) means "todo,refuse". */
#ifndef FXP_DEBUG_H
#define FXP_DEBUG_H

#include <stdbool.h>
#include "util/macros.h"

enum fxp_debug_flag {
   FXP_DBG_TODO     = 1 << 0,
   FXP_DBG_REFUSE   = 1 << 1,
   FXP_DBG_RESOURCE = 1 << 2,
   FXP_DBG_NOFAST   = 1 << 3,
   FXP_DBG_GUARD    = 1 << 4,
   FXP_DBG_PERF     = 1 << 5,
};

extern unsigned fxp_debug_flags;

void fxp_debug_init(void);
void fxp_log(const char *fmt, ...) PRINTFLIKE(1, 2);

#define FXP_DBG(flag, ...)                                   \
   do {                                                      \
      if (unlikely(fxp_debug_flags & (flag)))                \
         fxp_log(__VA_ARGS__);                               \
   } while (0)

/* Says once per call site that something asked for is not implemented yet. */
#define fxp_todo_once(...)                                   \
   do {                                                      \
      static bool fxp_said_;                                 \
      if (unlikely(fxp_debug_flags & FXP_DBG_TODO) && !fxp_said_) { \
         fxp_said_ = true;                                   \
         fxp_log("not implemented yet: " __VA_ARGS__);       \
      }                                                      \
   } while (0)

/* Refuses a request: logs why (FXPIPE_DEBUG=refuse) and returns false. */
bool fxp_refuse(const char *fmt, ...) PRINTFLIKE(1, 2);

#endif
