/* Unit tests of the watchdog (fxp_context.h, "Watchdog"; shader/fxp_shader.h, "Shader budget") through
 * launch_grid: a compute shader that never ends, with a budget of 10000 instructions. A context created
 * with PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET gets st/mesa's reset callback called once with a guilty reset
 * (and get_device_reset_status then has nothing more to say), and is lost: a later, terminating dispatch
 * writes nothing. A context without that flag reports the guilty reset once through
 * get_device_reset_status and goes on: its next dispatch runs. A dispatch of many work groups that all
 * never end, shared among the pool's threads, stops too. Another context of the screen is not affected. */
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_box.h"
#include "util/u_inlines.h"

#include "shader/fxp_shader.h"
#include "tests/fxp_test.h"

/* BUFFER[0][0] = 1 before the loop; the loop runs while BUFFER[0][1] is 0 (it ends at once when it is
 * not); then BUFFER[0][2] = 7. */
static const char cs_text[] =
   "COMP\n"
   "DCL BUFFER[0]\n"
   "DCL TEMP[0..1]\n"
   "IMM[0] UINT32 {0, 4, 8, 1}\n"
   "IMM[1] UINT32 {7, 0, 0, 0}\n"
   "  0: STORE BUFFER[0].x, IMM[0].xxxx, IMM[0].wwww\n"
   "  1: LOAD TEMP[0].x, BUFFER[0], IMM[0].yyyy\n"
   "  2: MOV TEMP[1].x, IMM[0].xxxx\n"
   "  3: BGNLOOP\n"
   "  4:   UIF TEMP[0].xxxx\n"
   "  5:     BRK\n"
   "  6:   ENDIF\n"
   "  7:   UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].wwww\n"
   "  8: ENDLOOP\n"
   "  9: STORE BUFFER[0].x, IMM[0].zzzz, IMM[1].xxxx\n"
   " 10: END\n";

struct reset_seen {
   unsigned calls;
   enum pipe_reset_status status;
};

static void
on_reset(void *data, enum pipe_reset_status status)
{
   struct reset_seen *s = data;
   s->calls++;
   s->status = status;
}

/* get_device_reset_status is read once a check (it reports a reset once). */
static void
check_status(struct fxp_t *t, struct pipe_context *pipe, enum pipe_reset_status want)
{
   const enum pipe_reset_status got = pipe->get_device_reset_status(pipe);
   CHECK(t, got == want, "get_device_reset_status gives %d, want %d", got, want);
}

/* A compute CSO of cs_text, bound; NULL on failure. */
static void *
bind_cs(struct fxp_t *t, struct pipe_context *pipe)
{
   struct tgsi_token tokens[1024];
   if (!CHECK(t, tgsi_text_translate(cs_text, tokens, ARRAY_SIZE(tokens)), "the shader parses"))
      return NULL;
   const struct pipe_compute_state cso = {.ir_type = PIPE_SHADER_IR_TGSI, .prog = tokens};
   void *cs = pipe->create_compute_state(pipe, &cso);
   if (CHECK(t, cs != NULL, "the compute shader is created"))
      pipe->bind_compute_state(pipe, cs);
   return cs;
}

/* Fills the buffer with (0, endless ? 0 : 1, 0, 0), dispatches grid x 1 x 1 groups of one invocation and
 * reads the buffer back into out[4]. */
static void
dispatch(struct fxp_t *t, struct pipe_context *pipe, struct pipe_resource *buf, bool endless, unsigned grid,
         uint32_t out[4])
{
   const uint32_t init[4] = {0, endless ? 0 : 1, 0, 0};
   pipe->buffer_subdata(pipe, buf, PIPE_MAP_WRITE, 0, sizeof(init), init);
   const struct pipe_shader_buffer sb = {.buffer = buf, .buffer_offset = 0, .buffer_size = 16};
   pipe->set_shader_buffers(pipe, PIPE_SHADER_COMPUTE, 0, 1, &sb, 1);
   struct pipe_grid_info info = {.work_dim = 3, .block = {1, 1, 1}, .grid = {grid, 1, 1}};
   pipe->launch_grid(pipe, &info);
   struct pipe_transfer *xfer;
   struct pipe_box box;
   u_box_1d(0, 16, &box);
   const uint32_t *m = pipe->buffer_map(pipe, buf, 0, PIPE_MAP_READ, &box, &xfer);
   if (CHECK(t, m != NULL, "the buffer maps")) {
      memcpy(out, m, 16);
      pipe->buffer_unmap(pipe, xfer);
   }
}

static struct pipe_resource *
storage(struct fxp_t *t)
{
   return fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, 16, 1, 1, 1, 1, PIPE_BIND_SHADER_BUFFER);
}

static void
release(struct pipe_context *pipe, void *cs, struct pipe_resource *buf)
{
   pipe->set_shader_buffers(pipe, PIPE_SHADER_COMPUTE, 0, 1, NULL, 0);
   pipe->bind_compute_state(pipe, NULL);
   if (cs)
      pipe->delete_compute_state(pipe, cs);
   pipe_resource_reference(&buf, NULL);
}

static void
test_robust_context_lost(struct fxp_t *t)
{
   fxp_shader_budget_override(10000);
   struct pipe_context *pipe = t->screen->context_create(t->screen, NULL, PIPE_CONTEXT_LOSE_CONTEXT_ON_RESET);
   if (!CHECK(t, pipe != NULL, "a robust context")) {
      fxp_shader_budget_override(0);
      return;
   }
   struct reset_seen seen = {0};
   const struct pipe_device_reset_callback cb = {on_reset, &seen};
   pipe->set_device_reset_callback(pipe, &cb);
   struct pipe_resource *buf = storage(t);
   void *cs = bind_cs(t, pipe);
   uint32_t out[4] = {0};
   if (cs && buf) {
      check_status(t, pipe, PIPE_NO_RESET);
      dispatch(t, pipe, buf, true, 1, out);
      CHECK_EQ_U(t, seen.calls, 1);
      CHECK_EQ_U(t, seen.status, PIPE_GUILTY_CONTEXT_RESET);
      CHECK(t, out[0] == 1 && out[2] == 0, "the stores before the loop are done, the one after it is not "
            "(%u %u)", out[0], out[2]);
      /* the callback was the report */
      check_status(t, pipe, PIPE_NO_RESET);
      /* lost: a terminating dispatch does nothing */
      dispatch(t, pipe, buf, false, 1, out);
      CHECK(t, out[0] == 0 && out[1] == 1 && out[2] == 0, "a lost context dispatches nothing (%u %u %u)", out[0],
            out[1], out[2]);
      CHECK_EQ_U(t, seen.calls, 1);
   }
   release(pipe, cs, buf);
   pipe->destroy(pipe);
   fxp_shader_budget_override(0);
}

static void
test_plain_context_goes_on(struct fxp_t *t)
{
   fxp_shader_budget_override(10000);
   struct pipe_context *pipe = t->pipe;
   struct pipe_resource *buf = storage(t);
   void *cs = bind_cs(t, pipe);
   uint32_t out[4] = {0};
   if (cs && buf) {
      dispatch(t, pipe, buf, true, 1, out);
      CHECK(t, out[0] == 1 && out[2] == 0, "stopped in the loop (%u %u)", out[0], out[2]);
      check_status(t, pipe, PIPE_GUILTY_CONTEXT_RESET);
      check_status(t, pipe, PIPE_NO_RESET); /* reported once */
      dispatch(t, pipe, buf, false, 1, out);
      CHECK(t, out[0] == 1 && out[2] == 7, "the next dispatch runs to its end (%u %u)", out[0], out[2]);
      check_status(t, pipe, PIPE_NO_RESET);
   }
   release(pipe, cs, buf);
   fxp_shader_budget_override(0);
}

/* 64 work groups that never end, shared among the screen's threads: the dispatch returns, with one guilty
 * reset; another context of the screen, created before, dispatches normally after it. */
static void
test_many_groups_other_context(struct fxp_t *t)
{
   fxp_shader_budget_override(10000);
   struct pipe_context *other = t->screen->context_create(t->screen, NULL, 0);
   struct pipe_resource *buf = storage(t), *buf2 = storage(t);
   void *cs = bind_cs(t, t->pipe);
   void *cs2 = other ? bind_cs(t, other) : NULL;
   uint32_t out[4] = {0};
   if (cs && cs2 && buf && buf2) {
      dispatch(t, t->pipe, buf, true, 64, out);
      CHECK(t, out[0] == 1 && out[2] == 0, "stopped in the loop (%u %u)", out[0], out[2]);
      check_status(t, t->pipe, PIPE_GUILTY_CONTEXT_RESET);
      dispatch(t, other, buf2, false, 64, out);
      CHECK(t, out[0] == 1 && out[2] == 7, "the other context's dispatch runs to its end (%u %u)", out[0], out[2]);
      check_status(t, other, PIPE_NO_RESET);
   }
   if (other) {
      release(other, cs2, buf2);
      other->destroy(other);
   } else {
      pipe_resource_reference(&buf2, NULL);
   }
   release(t->pipe, cs, buf);
   fxp_shader_budget_override(0);
}

const struct fxp_test fxp_watchdog_tests[] = {
   {"watchdog.robust_context_lost", test_robust_context_lost},
   {"watchdog.plain_context_goes_on", test_plain_context_goes_on},
   {"watchdog.many_groups_other_context", test_many_groups_other_context},
   {NULL, NULL},
};
