/* fxpipe-tgsi-runner: what a parsed test file holds, shared by fxp_tgsi_runner.c (sections, data lines,
 * running the shader, comparing results) and fxp_tgsi_runner_res.c (the texture, sampler and image sections
 * and the resources and bindings made from them). */
#ifndef FXP_TGSI_RUNNER_H
#define FXP_TGSI_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

#define MAX_WORDS (1 << 20)

enum word_kind { W_VALUE, W_ANY, W_NAN };

struct word {
   uint32_t bits;
   enum word_kind kind;
   char type;          /* 'u', 'i', 'f', 'h', 'd' (double low/high), 'q' (64-bit int) */
   double tol;         /* absolute tolerance (floats and doubles) */
   unsigned ulp;
   bool high;          /* second word of a double or 64-bit value */
};

struct data {
   struct word *w;
   unsigned n, cap;
   bool present;
};

#define MAX_TEXTURES PIPE_MAX_SAMPLERS

struct texture_spec {
   bool present;
   enum pipe_texture_target target;
   enum pipe_format format;
   unsigned width, height, depth, layers, levels;
   unsigned samples;           /* samples=N: a multisample 2D or 2D-array texture (0: single-sample) */
   struct data data;
};

/* [image I ...]: a one-level resource viewed as IMAGE[I] with view_format, layers first_layer..last_layer
 * (3D: slices) */
struct image_spec {
   bool present;
   enum pipe_texture_target target;
   enum pipe_format format, view_format;
   unsigned width, height, depth, layers;
   unsigned first_layer, last_layer;
   unsigned samples;            /* 0, or a multisample image's 2-16 (option `samples N`) */
   struct data data, expect;
};

struct sampler_spec {
   bool present;
   struct pipe_sampler_state state;
};

struct test {
   char *shader;
   bool fragment;
   unsigned width, height;
   char *inputs[PIPE_MAX_SHADER_INPUTS];
   unsigned block[3], grid[3], shared_B;
   struct data buffers[PIPE_MAX_SHADER_BUFFERS], constants[PIPE_MAX_CONSTANT_BUFFERS];
   struct data expect_buffers[PIPE_MAX_SHADER_BUFFERS], expect_outputs[PIPE_MAX_SHADER_OUTPUTS];
   bool expect_refused;
   struct texture_spec textures[MAX_TEXTURES];
   struct sampler_spec samplers[MAX_TEXTURES];
   struct image_spec images[PIPE_MAX_SHADER_IMAGES];
   char *helpers;               /* fragment: "X Y" pairs of helper pixels */
   bool geometry;
   unsigned primitives;         /* geometry: input primitives */
   struct data expect_emit[PIPE_MAX_SHADER_OUTPUTS], expect_emit_count;
   unsigned long long budget;   /* [budget N]: the watchdog's budget for this test, 0 = the driver's */
   bool expect_watchdog;        /* [expect watchdog]: the shader must be stopped by the watchdog */
   int expect_uniform;          /* [expect uniform N]: instructions hoisted as uniform work, -1 = unchecked */
   int expect_fused;            /* [expect fused N]: instructions in fused runs, -1 = unchecked */
   int expect_fp_runs;          /* [expect 64-bit runs N]: instructions in runs of 64-bit ones, -1 = unchecked */
   int expect_pow_uniform;      /* [expect uniform pow N]: POWs with the uniform-exponent form, -1 = unchecked */
   int expect_uniform_branches; /* [expect uniform branches N]: IF/UIF taken as jumps, -1 = unchecked */
   int expect_fwd64, expect_dead64; /* [expect 64-bit forwards N dead M], -1 = unchecked */
   /* tessellation (fxp_tgsi_runner_tess.c): [tess_ctrl P V] or [tess_eval P V] */
   bool tess_ctrl, tess_eval;
   unsigned patches, patch_vertices;
   struct data tesscoord, levels;  /* [tesscoord]: (u, v) floats a point; [levels]: outer 0-3, inner 0-1 */
};

/* fxp_tgsi_runner.c */
bool fail(const char *fmt, ...);   /* records the test's failure message; returns false */
bool parse_data(struct data *d, char *text, bool expect);
bool compare(const struct data *want, const uint32_t *got, unsigned n_got, const char *what);
void blank_comments(char *body);   /* '#' to the end of the line becomes blanks */
/* One test, step by step (what run_file does, and tests/fuzz/fxp_fuzz_tgsi.c): parse the text (which it
 * modifies and *t points into; false with runner_failure() saying why), run the translated shader with
 * the test's resources bound and check its expectations, free what parsing allocated (also after a
 * failed parse). Compiled with -DFXP_TGSI_RUNNER_NO_MAIN, the runner has no main() and no file reading. */
struct tgsi_token;
bool runner_parse(struct test *t, char *text);
bool runner_run(struct test *t, const struct tgsi_token *tokens);
void runner_free(struct test *t);
const char *runner_failure(void);

/* fxp_tgsi_runner.c: [input I]'s channel expressions and the decoded program of a stage (NULL in *prog when
 * the test expects a refusal and gets one) */
bool input_value(const char *tok, float x, float y, float *out);
struct fxp_program;
bool create_program(struct test *t, const struct tgsi_token *tokens, enum pipe_shader_type stage, const char *name,
                    struct fxp_program **prog, char *tokens_in[PIPE_MAX_SHADER_INPUTS][4]);

/* fxp_tgsi_runner_tess.c: tessellation control and evaluation shaders run on the engine */
bool run_tess_ctrl(struct test *t, const struct tgsi_token *tokens);
bool run_tess_eval(struct test *t, const struct tgsi_token *tokens);

/* fxp_tgsi_runner_res.c */
bool parse_texture(struct test *t, const char *header, char *body);
bool parse_sampler(struct test *t, const char *header, char *body);
bool parse_image(struct test *t, const char *header, char *body);
bool bind_textures(struct pipe_screen *screen, struct pipe_context *pipe, const struct test *t,
                   enum pipe_shader_type stage, struct pipe_resource **texs, struct pipe_sampler_view **views,
                   void **samps);
void release_textures(struct pipe_context *pipe, enum pipe_shader_type stage, struct pipe_resource **texs,
                      struct pipe_sampler_view **views, void **samps);
bool bind_images(struct pipe_screen *screen, struct pipe_context *pipe, const struct test *t,
                 enum pipe_shader_type stage, struct pipe_resource **imgs);
bool check_images(struct pipe_context *pipe, const struct test *t, struct pipe_resource **imgs);
void release_images(struct pipe_context *pipe, enum pipe_shader_type stage, struct pipe_resource **imgs);

#endif
