/* Tessellation control shading of a batch of patches: the invocations of each patch and the barriers between
 * them (shader/fxp_tcs.h says how). */
#include <stdbool.h>
#include <string.h>

#include "util/u_math.h"
#include "util/os_memory.h"

#include "shader/fxp_tcs.h"

bool
fxp_tcs_init(struct fxp_tcs_exec *t, const struct fxp_program *tcs, const struct fxp_bindings *bind,
             const int *abort)
{
   memset(t, 0, sizeof(*t));
   t->prog = tcs;
   const unsigned n = tcs->uses_barrier ? MAX2(tcs->out_vertices, 1) : 1;
   for (unsigned k = 0; k < n; k++) {
      struct fxp_exec *e = os_malloc_aligned(sizeof(*e), 64);
      if (!e)
         return false;
      memset(e, 0, sizeof(*e));
      t->e[t->num_e++] = e;
      if (!fxp_exec_init(e, tcs, bind, FXP_W))
         return false;
      e->abort = abort;
   }
   return true;
}

void
fxp_tcs_fini(struct fxp_tcs_exec *t)
{
   for (unsigned k = 0; k < t->num_e; k++) {
      fxp_exec_fini(t->e[k]);
      os_free_aligned(t->e[k]);
   }
   t->num_e = 0;
}

/* The output region of a state's register file: every vertex's outputs, then nothing else. */
static inline fxp_vec *
outputs(struct fxp_exec *e, size_t *size_B)
{
   const struct fxp_program *p = e->prog;
   *size_B = sizeof(fxp_vec) * 4 * p->num_outputs * MAX2(p->out_vertices, 1);
   return &e->rf[p->output_base];
}

void
fxp_tcs_begin(struct fxp_tcs_exec *t, unsigned count)
{
   size_t size_B;
   t->count = MIN2(MAX2(count, 1), FXP_W);
   fxp_exec_reset(t->e[0], t->count);
   fxp_vec *out = outputs(t->e[0], &size_B);
   memset(out, 0, size_B);
}

/* INVOCATIONID of every lane. */
static void
set_invocation(struct fxp_exec *e, unsigned inv)
{
   const struct fxp_program *p = e->prog;
   for (unsigned i = 0; i < p->num_svs; i++)
      if (p->sv_semantic[i] == TGSI_SEMANTIC_INVOCATIONID)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < FXP_W; l++)
               fxp_sv(e, i, c)->au[l] = c == 0 ? inv : 0;
}

struct fxp_exec *
fxp_tcs_run(struct fxp_tcs_exec *t)
{
   const struct fxp_program *p = t->prog;
   const unsigned n = MAX2(p->out_vertices, 1);
   struct fxp_exec *e0 = t->e[0];

   t->stopped = 0;
   if (t->num_e == 1) {
      for (unsigned k = 0; k < n; k++) {
         if (k)
            fxp_exec_reset(e0, t->count); /* the register file (inputs, outputs) is kept */
         set_invocation(e0, k);
         do /* a BARRIER of a single invocation waits for nobody */
            fxp_exec_run(e0);
         while (!e0->done && !e0->stopped);
         if (e0->stopped) {
            t->stopped = e0->stopped;
            return NULL;
         }
      }
      return e0;
   }

   /* one state per invocation: inputs and system values copied from the first */
   const size_t in_B = sizeof(fxp_vec) * (p->output_base - p->input_base);
   const size_t sv_B = sizeof(fxp_vec) * 4 * p->num_svs;
   for (unsigned k = 1; k < n; k++) {
      fxp_exec_reset(t->e[k], t->count);
      memcpy(&t->e[k]->rf[p->input_base], &e0->rf[p->input_base], in_B);
      memcpy(&t->e[k]->rf[p->sv_base], &e0->rf[p->sv_base], sv_B);
   }
   for (unsigned k = 0; k < n; k++)
      set_invocation(t->e[k], k);
   unsigned cur = 0, running = n;
   while (running) {
      running = 0;
      for (unsigned k = 0; k < n; k++) {
         struct fxp_exec *e = t->e[k];
         if (e->done)
            continue;
         if (k != cur) {
            size_t size_B;
            const fxp_vec *from = outputs(t->e[cur], &size_B);
            fxp_vec *to = outputs(e, &size_B);
            memcpy(to, from, size_B);
         }
         fxp_exec_run(e);
         cur = k;
         if (e->stopped) {
            t->stopped = e->stopped;
            return NULL;
         }
         running += !e->done;
      }
   }
   return t->e[cur];
}
