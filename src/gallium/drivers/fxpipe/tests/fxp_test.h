/* fxpipe's unit-test harness: table-driven tests that run on a fresh headless screen and context each.
 * A test file exports a table `const struct fxp_test NAME_tests[]` ended by {NULL}; fxp_test_main.c lists them.
 * Checks record failures and go on; the runner prints one line a test and `N passed, N failed`. */
#ifndef FXP_TEST_H
#define FXP_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

struct fxp_t {
   const char *name;
   struct pipe_screen *screen;
   struct pipe_context *pipe;
   unsigned checks, failures;
};

struct fxp_test {
   const char *name;
   void (*run)(struct fxp_t *t);
};

bool fxp_check_impl(struct fxp_t *t, bool ok, const char *file, int line, const char *fmt, ...)
   __attribute__((format(printf, 5, 6)));

/* CHECK(t, cond, "fmt", ...): records a failure with the message when cond is false; evaluates to cond. */
#define CHECK(t, cond, ...) fxp_check_impl((t), (cond), __FILE__, __LINE__, __VA_ARGS__)
#define CHECK_EQ_U(t, got, want)                                                               \
   CHECK((t), (uint64_t)(got) == (uint64_t)(want), "%s == %llu, want %llu", #got,            \
         (unsigned long long)(got), (unsigned long long)(want))

/* The tests' pseudo-random numbers: Marsaglia's xorshift32 (shifts 13, 17, 5) of the state *s, which must
 * not be 0; returns the new state. */
static inline uint32_t
fxp_t_xorshift(uint32_t *s)
{
   uint32_t x = *s;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   return *s = x;
}

/* Helpers shared by the tests (fxp_test_main.c). */
struct pipe_resource *fxp_t_texture(struct fxp_t *t, enum pipe_texture_target target,
                                    enum pipe_format format, unsigned w, unsigned h, unsigned d,
                                    unsigned layers, unsigned levels, unsigned bind);
struct pipe_resource *fxp_t_buffer(struct fxp_t *t, unsigned size_B);
/* The pipeline the stream-output tests draw through (draw/fxp_gs_test.c, fxp_tess_test.c): vertex buffer
 * entry v holds the float v (num_vb of them, one R32_FLOAT element), the given vertex and fragment shaders, a
 * rasterizer (discarding when asked), and a stream-output target of so_size_B bytes (not bound). */
struct fxp_so_env {
   void *vs, *fs, *rast, *velems;
   struct pipe_resource *vb, *sob;
   struct pipe_stream_output_target *so;
};
void fxp_so_env_begin(struct fxp_t *t, struct fxp_so_env *e, const char *vs_text, const char *fs_text,
                      unsigned num_vb, unsigned so_size_B, bool discard);
/* Replaces the rasterizer state: rasterizer_discard and flatshade_first as given. */
void fxp_so_env_rasterizer(struct fxp_t *t, struct fxp_so_env *e, bool discard, bool first);
/* Unbinds every stage, the buffers and targets, and frees what begin made. */
void fxp_so_env_end(struct fxp_t *t, struct fxp_so_env *e);

/* A graphics shader CSO of `stage` from TGSI text (with stream output when so is not NULL); NULL, recorded
 * as a failure, when the text does not parse or the CSO is refused. */
void *fxp_t_shader(struct fxp_t *t, const char *text, enum pipe_shader_type stage,
                   const struct pipe_stream_output_info *so);
/* Reads one pixel's bytes at (x, y, z) of a level through a transfer map. */
void fxp_t_read(struct fxp_t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
                unsigned z, void *out, unsigned size_B);
void fxp_t_write(struct fxp_t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
                 unsigned z, const void *in, unsigned size_B);

#endif
