/* fxpipe-tgsi-runner: the tessellation sections, [tess_ctrl P V] and [tess_eval P V] (fxp_tgsi_runner.c's
 * opening comment says what they hold). Control shaders run through shader/fxp_tcs.c, as the drawing
 * pipeline runs them; evaluation shaders straight on the engine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_math.h"

#include "fxp_debug.h"
#include "shader/fxp_shader.h"
#include "shader/fxp_tcs.h"
#include "fxp_tgsi_runner.h"

/* A patch output: named so, and never accessed with a vertex index (a per-vertex output may be named PATCH[j]
 * too: fxp_program.out_2d) */
static bool
is_patch_output(const struct fxp_program *p, unsigned o)
{
   const unsigned name = p->info.output_semantic_name[o];
   return (name == TGSI_SEMANTIC_PATCH || name == TGSI_SEMANTIC_TESSOUTER || name == TGSI_SEMANTIC_TESSINNER) &&
          !(p->out_2d[o / 32] & (1u << (o % 32)));
}

/* INPUT[v][i] of lane l for patch `patch` (v < verts). */
static bool
fill_inputs(const struct fxp_program *prog, struct fxp_exec *e, char *tokens_in[PIPE_MAX_SHADER_INPUTS][4],
            unsigned l, unsigned patch, unsigned verts)
{
   for (unsigned v = 0; v < verts; v++)
      for (unsigned i = 0; i < prog->num_inputs && i < PIPE_MAX_SHADER_INPUTS; i++)
         for (unsigned c = 0; c < 4; c++) {
            float f = 0;
            if (tokens_in[i][c] && !input_value(tokens_in[i][c], patch, v, &f))
               return fail("bad input value '%s'", tokens_in[i][c]);
            fxp_input(e, v * prog->num_inputs + i, c)->af[l] = f;
         }
   return true;
}

/* Where a lane is in the tessellation evaluation domain (NULL for control shaders). */
struct tes_point {
   float u, v, levels[6];
   bool tri;
};

/* The value of system value `sem`, channel c, for lane l of patch `patch`: the same rules in both stages. */
static uint32_t
sv_value(const struct test *t, unsigned sem, unsigned c, unsigned l, unsigned patch, const struct tes_point *pt)
{
   uint32_t x = 0;
   float f = 0;
   switch (sem) {
   case TGSI_SEMANTIC_PRIMID: return c == 0 ? patch : 0;
   case TGSI_SEMANTIC_VERTICESIN: return c == 0 ? t->patch_vertices : 0;
   case TGSI_SEMANTIC_TESSCOORD:
      if (!pt)
         break;
      f = c == 0 ? pt->u : c == 1 ? pt->v : c == 2 && pt->tri ? 1.0f - pt->u - pt->v : 0.0f;
      memcpy(&x, &f, 4);
      return x;
   case TGSI_SEMANTIC_TESSOUTER:
      if (!pt)
         break;
      memcpy(&x, &pt->levels[c], 4);
      return x;
   case TGSI_SEMANTIC_TESSINNER:
      if (!pt)
         break;
      f = c < 2 ? pt->levels[4 + c] : 0.0f;
      memcpy(&x, &f, 4);
      return x;
   default: break;
   }
   fxp_sv_lane_constant(sem, c, l, &x);
   return x;
}

/* got[o] for each output: `words` words each; false (said) when out of memory. */
static bool
alloc_outputs(const struct fxp_program *prog, uint32_t **got, size_t words)
{
   for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++)
      if (!(got[o] = calloc(words, 4)))
         return fail("out of memory");
   return true;
}

/* Checks [expect output O] against got[o] (n_words words each). */
static bool
check_outputs(const struct test *t, const struct fxp_program *prog, uint32_t **got, const unsigned *n_words)
{
   for (unsigned o = 0; o < PIPE_MAX_SHADER_OUTPUTS; o++) {
      if (!t->expect_outputs[o].present)
         continue;
      if (o >= prog->num_outputs)
         return fail("the shader has no OUTPUT[%u]", o);
      char what[32];
      snprintf(what, sizeof(what), "OUTPUT[%u]", o);
      if (!compare(&t->expect_outputs[o], got[o], n_words[o], what))
         return false;
   }
   return true;
}

/* The end of both runs: the watchdog as the test expects, then the outputs; frees got[]. */
static bool
finish(const struct test *t, const struct fxp_program *prog, bool ok, bool stopped, uint32_t **got,
       const unsigned *n_words)
{
   if (ok && stopped != t->expect_watchdog)
      ok = fail(stopped ? "the watchdog stopped the shader" : "the watchdog did not stop the shader");
   if (ok && !stopped)
      ok = check_outputs(t, prog, got, n_words);
   for (unsigned o = 0; o < PIPE_MAX_SHADER_OUTPUTS; o++)
      free(got[o]);
   return ok;
}

bool
run_tess_ctrl(struct test *t, const struct tgsi_token *tokens)
{
   char *tokens_in[PIPE_MAX_SHADER_INPUTS][4] = {{0}};
   struct fxp_program *prog = NULL;
   if (!create_program(t, tokens, PIPE_SHADER_TESS_CTRL, "tessellation control", &prog, tokens_in))
      return false;
   if (!prog)
      return true; /* refused, as the test expects */
   struct fxp_bindings bind;
   memset(&bind, 0, sizeof(bind));
   struct fxp_tcs_exec tcs;
   uint32_t *got[PIPE_MAX_SHADER_OUTPUTS] = {0};
   unsigned n_words[PIPE_MAX_SHADER_OUTPUTS] = {0};
   bool ok = fxp_tcs_init(&tcs, prog, &bind, NULL) || fail("out of memory");
   ok = ok && alloc_outputs(prog, got, (size_t)t->patches * prog->out_vertices * 4);
   bool stopped = false;

   for (unsigned first = 0; ok && first < t->patches; first += FXP_W) {
      const unsigned n = MIN2(FXP_W, t->patches - first);
      fxp_tcs_begin(&tcs, n);
      struct fxp_exec *e = fxp_tcs_inputs(&tcs);
      for (unsigned l = 0; ok && l < FXP_W; l++) {
         ok = fill_inputs(prog, e, tokens_in, l, first + l, t->patch_vertices);
         for (unsigned i = 0; i < prog->num_svs; i++)
            for (unsigned c = 0; c < 4; c++)
               fxp_sv(e, i, c)->au[l] = sv_value(t, prog->sv_semantic[i], c, l, first + l, NULL);
      }
      if (!ok)
         break;
      const unsigned fp = fxp_fp_enter(); /* the driver's float rule for the engine, not for the checks */
      struct fxp_exec *out = fxp_tcs_run(&tcs);
      fxp_fp_leave(fp);
      if (!out) {
         stopped = true;
         break;
      }
      fxp_exec_merge_outputs(out);
      for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
         const unsigned verts = is_patch_output(prog, o) ? 1 : prog->out_vertices;
         for (unsigned l = 0; l < n; l++)
            for (unsigned v = 0; v < verts; v++)
               for (unsigned c = 0; c < 4; c++)
                  got[o][n_words[o]++] = fxp_output(out, v * prog->num_outputs + o, c)->au[l];
      }
   }
   ok = finish(t, prog, ok, stopped, got, n_words);
   fxp_tcs_fini(&tcs);
   fxp_program_destroy(prog);
   return ok;
}

bool
run_tess_eval(struct test *t, const struct tgsi_token *tokens)
{
   char *tokens_in[PIPE_MAX_SHADER_INPUTS][4] = {{0}};
   struct fxp_program *prog = NULL;
   if (!create_program(t, tokens, PIPE_SHADER_TESS_EVAL, "tessellation evaluation", &prog, tokens_in))
      return false;
   if (!prog)
      return true;
   struct tes_point pt = {.levels = {1, 1, 1, 1, 1, 1}, .tri = prog->tes_prim_mode == PIPE_PRIM_TRIANGLES};
   for (unsigned k = 0; k < t->levels.n && k < 6; k++)
      memcpy(&pt.levels[k], &t->levels.w[k].bits, 4);
   const unsigned points = t->tesscoord.n / 2;
   if (!points) {
      fxp_program_destroy(prog);
      return fail("[tess_eval] needs a [tesscoord] section of (u, v) pairs");
   }
   const unsigned lanes = t->patches * points;
   struct fxp_bindings bind;
   memset(&bind, 0, sizeof(bind));
   struct fxp_exec e;
   uint32_t *got[PIPE_MAX_SHADER_OUTPUTS] = {0};
   unsigned n_words[PIPE_MAX_SHADER_OUTPUTS] = {0};
   bool ok = fxp_exec_init(&e, prog, &bind, FXP_W) || fail("out of memory");
   ok = ok && alloc_outputs(prog, got, (size_t)lanes * 4);
   bool stopped = false;

   for (unsigned first = 0; ok && first < lanes; first += FXP_W) {
      const unsigned n = MIN2(FXP_W, lanes - first);
      fxp_exec_reset(&e, n);
      for (unsigned l = 0; ok && l < n; l++) {
         const unsigned patch = (first + l) / points, k = (first + l) % points;
         memcpy(&pt.u, &t->tesscoord.w[2 * k].bits, 4);
         memcpy(&pt.v, &t->tesscoord.w[2 * k + 1].bits, 4);
         ok = fill_inputs(prog, &e, tokens_in, l, patch, t->patch_vertices);
         for (unsigned i = 0; i < prog->num_svs; i++)
            for (unsigned c = 0; c < 4; c++)
               fxp_sv(&e, i, c)->au[l] = sv_value(t, prog->sv_semantic[i], c, l, patch, &pt);
      }
      if (!ok)
         break;
      const unsigned fp = fxp_fp_enter();
      fxp_exec_run(&e);
      fxp_fp_leave(fp);
      if (e.stopped) {
         stopped = true;
         break;
      }
      fxp_exec_merge_outputs(&e);
      for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++)
         for (unsigned l = 0; l < n; l++)
            for (unsigned c = 0; c < 4; c++)
               got[o][n_words[o]++] = fxp_output(&e, o, c)->au[l];
   }
   ok = finish(t, prog, ok, stopped, got, n_words);
   fxp_exec_fini(&e);
   fxp_program_destroy(prog);
   return ok;
}
