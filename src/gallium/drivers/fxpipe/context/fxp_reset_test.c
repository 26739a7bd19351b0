/* The context side of the shader watchdog (context/fxp_reset.c) through launch_grid: a dispatch whose shader
 * never ends comes back, the guilty reset is reported once (by get_device_reset_status, or by the callback
 * st/mesa installs for robust contexts, and then not again), later dispatches of the lost context are
 * dropped, and another context of the same screen is neither stopped nor told of a reset. A shader whose
 * loops end well within the budget is never stopped. Budgets are set on the context (watchdog.budget), as
 * the TGSI runner's [budget N] does, so that FXPIPE_SHADER_BUDGET does not matter here. */
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_inlines.h"
#include "fxp_context.h"
#include "tests/fxp_test.h"

/* Stores 7 at word 0 of BUFFER[0], then loops for ever when CONST[0][0].x is 0 (its step). */
static const char *cs_forever =
   "COMP\n"
   "DCL BUFFER[0]\nDCL CONST[0][0]\nDCL TEMP[0..1]\n"
   "IMM[0] UINT32 {0, 7, 100, 9}\n"
   "  STORE BUFFER[0].x, IMM[0].xxxx, IMM[0].yyyy\n"
   "  MOV TEMP[0].x, IMM[0].xxxx\n"
   "  BGNLOOP\n"
   "    USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
   "    UIF TEMP[1].xxxx\n"
   "      BRK\n"
   "    ENDIF\n"
   "    UADD TEMP[0].x, TEMP[0].xxxx, CONST[0][0].xxxx\n"
   "  ENDLOOP\n"
   "  STORE BUFFER[0].x, IMM[0].xxxx, TEMP[0].xxxx\n"
   "  END\n";

struct setup {
   void *cs;
   struct pipe_resource *buf;
};

/* Binds the shader, a 16-byte storage buffer of `fill` words and the loop's step as constant 0. */
static bool
setup(struct fxp_t *t, struct pipe_context *pipe, struct setup *s, uint32_t step, uint32_t fill)
{
   struct tgsi_token tokens[512];
   memset(s, 0, sizeof(*s));
   if (!CHECK(t, tgsi_text_translate(cs_forever, tokens, ARRAY_SIZE(tokens)), "TGSI text parses"))
      return false;
   const struct pipe_compute_state cso = {.ir_type = PIPE_SHADER_IR_TGSI, .prog = tokens};
   s->cs = pipe->create_compute_state(pipe, &cso);
   if (!CHECK(t, s->cs != NULL, "compute CSO created"))
      return false;
   pipe->bind_compute_state(pipe, s->cs);
   s->buf = fxp_t_buffer(t, 16);
   const uint32_t words[4] = {fill, fill, fill, fill};
   fxp_t_write(t, s->buf, 0, 0, 0, 0, words, sizeof(words));
   const struct pipe_shader_buffer sb = {.buffer = s->buf, .buffer_offset = 0, .buffer_size = 16};
   pipe->set_shader_buffers(pipe, PIPE_SHADER_COMPUTE, 0, 1, &sb, 1);
   const uint32_t consts[4] = {step, 0, 0, 0};
   const struct pipe_constant_buffer cb = {.user_buffer = consts, .buffer_size = sizeof(consts)};
   pipe->set_constant_buffer(pipe, PIPE_SHADER_COMPUTE, 0, false, &cb);
   return true;
}

static void
teardown(struct pipe_context *pipe, struct setup *s)
{
   pipe->set_shader_buffers(pipe, PIPE_SHADER_COMPUTE, 0, 1, NULL, 0);
   pipe->set_constant_buffer(pipe, PIPE_SHADER_COMPUTE, 0, false, NULL);
   pipe->bind_compute_state(pipe, NULL);
   if (s->cs)
      pipe->delete_compute_state(pipe, s->cs);
   pipe_resource_reference(&s->buf, NULL);
}

static void
dispatch(struct pipe_context *pipe, unsigned groups)
{
   struct pipe_grid_info info = {.work_dim = 1, .block = {64, 1, 1}, .grid = {groups, 1, 1}};
   pipe->launch_grid(pipe, &info);
}

static uint32_t
word0(struct fxp_t *t, struct pipe_resource *buf)
{
   uint32_t w = 0;
   fxp_t_read(t, buf, 0, 0, 0, 0, &w, 4);
   return w;
}

static void
test_caps(struct fxp_t *t)
{
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_DEVICE_RESET_STATUS_QUERY), 1);
   CHECK(t, t->pipe->get_device_reset_status && t->pipe->set_device_reset_callback,
         "the context has get_device_reset_status and set_device_reset_callback");
}

/* A loop of 100 iterations, charged 700, under a budget of 700: not stopped. */
static void
test_within_budget(struct fxp_t *t)
{
   struct setup s;
   fxp_context(t->pipe)->watchdog.budget = 700;
   if (setup(t, t->pipe, &s, 1, 0)) {
      dispatch(t->pipe, 4);
      CHECK_EQ_U(t, word0(t, s.buf), 100);
      const enum pipe_reset_status status = t->pipe->get_device_reset_status(t->pipe);
      CHECK_EQ_U(t, status, PIPE_NO_RESET);
   }
   teardown(t->pipe, &s);
}

/* The same shader with step 0 never ends: stopped, reported once by get_device_reset_status, and the lost
 * context drops the next dispatch (of a shader that would end). */
static void
test_status_once(struct fxp_t *t)
{
   struct setup s;
   fxp_context(t->pipe)->watchdog.budget = 10000;
   if (setup(t, t->pipe, &s, 0, 0)) {
      dispatch(t->pipe, 64);
      CHECK_EQ_U(t, word0(t, s.buf), 7); /* the store before the loop ran, the one after it never did */
      /* each query is made once (CHECK_EQ_U evaluates its operand twice, and a query reports a reset once) */
      const enum pipe_reset_status first = t->pipe->get_device_reset_status(t->pipe);
      const enum pipe_reset_status second = t->pipe->get_device_reset_status(t->pipe);
      CHECK_EQ_U(t, first, PIPE_GUILTY_CONTEXT_RESET);
      CHECK_EQ_U(t, second, PIPE_NO_RESET);
      /* lost: a dispatch that would store 100 is dropped */
      const uint32_t zero[4] = {0};
      fxp_t_write(t, s.buf, 0, 0, 0, 0, zero, sizeof(zero));
      const uint32_t consts[4] = {1, 0, 0, 0};
      const struct pipe_constant_buffer cb = {.user_buffer = consts, .buffer_size = sizeof(consts)};
      t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_COMPUTE, 0, false, &cb);
      dispatch(t->pipe, 1);
      CHECK_EQ_U(t, word0(t, s.buf), 0);
      const enum pipe_reset_status after = t->pipe->get_device_reset_status(t->pipe);
      CHECK_EQ_U(t, after, PIPE_NO_RESET);
   }
   teardown(t->pipe, &s);
}

struct reset_seen {
   unsigned calls;
   enum pipe_reset_status status;
};

static void
on_reset(void *data, enum pipe_reset_status status)
{
   struct reset_seen *r = data;
   r->calls++;
   r->status = status;
}

/* With a reset callback (robust contexts): called once, at the end of the guilty dispatch, and
 * get_device_reset_status has nothing more to say. A second context of the screen still runs the shader to
 * its end and sees no reset. */
static void
test_callback_other_context(struct fxp_t *t)
{
   struct setup s, s2;
   struct reset_seen seen = {0};
   const struct pipe_device_reset_callback cb = {.reset = on_reset, .data = &seen};
   struct pipe_context *other = t->screen->context_create(t->screen, NULL, 0);
   if (!CHECK(t, other != NULL, "a second context"))
      return;
   fxp_context(t->pipe)->watchdog.budget = 5000;
   fxp_context(other)->watchdog.budget = 5000;
   t->pipe->set_device_reset_callback(t->pipe, &cb);
   if (setup(t, t->pipe, &s, 0, 0)) {
      dispatch(t->pipe, 16);
      CHECK_EQ_U(t, seen.calls, 1);
      CHECK_EQ_U(t, seen.status, PIPE_GUILTY_CONTEXT_RESET);
      const enum pipe_reset_status status = t->pipe->get_device_reset_status(t->pipe);
      CHECK_EQ_U(t, status, PIPE_NO_RESET);
      dispatch(t->pipe, 16);
      CHECK_EQ_U(t, seen.calls, 1); /* dropped: no second reset */
   }
   if (setup(t, other, &s2, 1, 0)) {
      dispatch(other, 16);
      CHECK_EQ_U(t, word0(t, s2.buf), 100);
      const enum pipe_reset_status status = other->get_device_reset_status(other);
      CHECK_EQ_U(t, status, PIPE_NO_RESET);
   }
   teardown(other, &s2);
   other->destroy(other);
   t->pipe->set_device_reset_callback(t->pipe, NULL);
   teardown(t->pipe, &s);
}

const struct fxp_test fxp_reset_tests[] = {
   {"reset.caps", test_caps},
   {"reset.within_budget", test_within_budget},
   {"reset.status_once", test_status_once},
   {"reset.callback_other_context", test_callback_other_context},
   {NULL, NULL},
};
