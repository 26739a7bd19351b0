/* The context side of the shader watchdog (shader/fxp_shader.h, "Watchdog"): a context one of whose batches
 * spent its instruction budget is lost, as a GPU context is after a reset it caused.
 *
 *  - The draw or dispatch that ran it is cut short: the stopped batch and every batch after it run nothing
 *    (the engine), and the stages stop feeding work (draw/fxp_draw.c, draw/fxp_gs.c, compute/fxp_compute.c).
 *  - Its later draws and dispatches are dropped (fxp_context_dropping); clears, copies, blits and transfers
 *    still run, so that a non-robust application can still read back and present what it has.
 *  - A guilty reset is reported once: through the callback st/mesa installs for robust contexts (those
 *    created with LOSE_CONTEXT_ON_RESET, whose GL dispatch it then makes the context-lost one, so that
 *    glGetGraphicsResetStatus returns GL_GUILTY_CONTEXT_RESET), or else by the next get_device_reset_status.
 *    Later calls return PIPE_NO_RESET: the reset is over. Other contexts share nothing with this one's
 *    execution and are not affected (they never report a reset).
 *  - FXPIPE_DEBUG=watchdog (and =1) says which stage spent which budget, and that later work is dropped.
 *
 * The watchdog's flag is written by the thread that ran the batch (a pool's worker, maybe); it is read here,
 * on the application's thread, after the draw or dispatch has joined its workers. */
#include <inttypes.h>
#include <string.h>

#include "fxp_context.h"
#include "fxp_debug.h"

static const char *
stage_name(unsigned stage)
{
   switch (stage) {
   case PIPE_SHADER_VERTEX: return "vertex";
   case PIPE_SHADER_GEOMETRY: return "geometry";
   case PIPE_SHADER_FRAGMENT: return "fragment";
   case PIPE_SHADER_COMPUTE: return "compute";
   default: return "other";
   }
}

void
fxp_watchdog_check(struct fxp_context *ctx, const char *what)
{
   if (ctx->lost || !fxp_watchdog_tripped(&ctx->watchdog))
      return;
   ctx->lost = true;
   FXP_DBG(FXP_DBG_WATCHDOG,
           "watchdog: a %s shader spent its budget of %" PRId64 " instructions (FXPIPE_SHADER_BUDGET) in a %s: "
           "the rest of it is dropped, and the context is lost (a guilty reset, %s)",
           stage_name(__atomic_load_n(&ctx->watchdog.stage, __ATOMIC_RELAXED)), ctx->watchdog.budget, what,
           ctx->reset_cb.reset ? "told to the robust context's callback" : "for get_device_reset_status to report");
   if (ctx->reset_cb.reset) {
      ctx->reset_reported = true;
      ctx->reset_cb.reset(ctx->reset_cb.data, PIPE_GUILTY_CONTEXT_RESET);
   }
}

bool
fxp_context_dropping(struct fxp_context *ctx, const char *what)
{
   if (likely(!ctx->lost))
      return false;
   static bool said; /* once a process: a lost non-robust context may go on sending work every frame */
   if (unlikely(fxp_debug_flags & FXP_DBG_WATCHDOG) && !__atomic_exchange_n(&said, true, __ATOMIC_RELAXED))
      fxp_log("watchdog: a %s on a lost context is dropped (and every later one, said once)", what);
   return true;
}

static enum pipe_reset_status
fxp_get_device_reset_status(struct pipe_context *pipe)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (!ctx->lost || ctx->reset_reported)
      return PIPE_NO_RESET;
   ctx->reset_reported = true;
   return PIPE_GUILTY_CONTEXT_RESET;
}

static void
fxp_set_device_reset_callback(struct pipe_context *pipe, const struct pipe_device_reset_callback *cb)
{
   struct fxp_context *ctx = fxp_context(pipe);

   if (cb)
      ctx->reset_cb = *cb;
   else
      memset(&ctx->reset_cb, 0, sizeof(ctx->reset_cb));
}

void
fxp_init_reset_functions(struct fxp_context *ctx)
{
   ctx->watchdog.budget = fxp_shader_budget();
   ctx->base.get_device_reset_status = fxp_get_device_reset_status;
   ctx->base.set_device_reset_callback = fxp_set_device_reset_callback;
}
