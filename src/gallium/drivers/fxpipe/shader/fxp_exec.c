/* Running a decoded program over one batch of FXP_W lanes: register-file setup, the watchdog's budget
 * (fxp_shader.h, "Shader budget"; FXPIPE_SHADER_BUDGET), the geometry emit store and the lane-constant
 * system values; fxp_exec_run enters the run loop of the program's instruction-set table
 * (fxp_ops_cf.c), which calls each instruction's function once per batch, on all lanes at once under e->mask.
 * Baseline code: it never enters a table's copy except through fxp_exec_run. */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "c11/threads.h"

#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"

#include "fxp_exec_inline.h"
#include "fxp_debug.h"
#include "fxp_hot.h"

/* FXPIPE_SHADER_BUDGET, read once; the override (tests) when non-zero. Both are read by the threads that
 * set up states, written before (the override between a test's runs): atomic words. */
static uint64_t env_budget, budget_override;

static void
read_budget(void)
{
   const char *v = getenv("FXPIPE_SHADER_BUDGET");
   uint64_t n = FXP_SHADER_BUDGET_DEFAULT;
   if (v && *v) {
      char *end;
      errno = 0;
      const unsigned long long x = strtoull(v, &end, 10);
      if (*end || errno || !x || v[0] == '-')
         fxp_refuse("FXPIPE_SHADER_BUDGET=%s is no positive number of instructions: the default %llu is kept"
                    FXP_GL_SETTING_IGNORED,
                    v, (unsigned long long)FXP_SHADER_BUDGET_DEFAULT);
      else
         n = MIN2(x, FXP_SHADER_BUDGET_MAX);
   }
   __atomic_store_n(&env_budget, n, __ATOMIC_RELAXED);
}

uint64_t
fxp_shader_budget(void)
{
   static once_flag once = ONCE_FLAG_INIT;
   const uint64_t o = __atomic_load_n(&budget_override, __ATOMIC_RELAXED);
   if (o)
      return o;
   call_once(&once, read_budget);
   return __atomic_load_n(&env_budget, __ATOMIC_RELAXED);
}

void
fxp_shader_budget_override(uint64_t n)
{
   __atomic_store_n(&budget_override, MIN2(n, FXP_SHADER_BUDGET_MAX), __ATOMIC_RELAXED);
}

/* Splats the program's constants into the register file. `kept`: the file already holds this program's
 * constants from an earlier setup (nothing but this function writes those slots), so a slot whose value has
 * not changed is left alone: a draw that changes few constants writes few of them. */
FXP_DRAW_PATH static bool
fill_constants(struct fxp_exec *e, bool kept)
{
   bool changed = false;
   const struct fxp_program *p = e->prog;

   for (unsigned k = 0; k < p->num_consts; k++) {
      const struct fxp_const_ref *ref = &p->consts[k];
      const struct fxp_buffer_binding *cb =
         ref->dim < PIPE_MAX_CONSTANT_BUFFERS && e->bind ? &e->bind->constbufs[ref->dim] : NULL;
      for (unsigned c = 0; c < 4; c++) {
         uint32_t v = 0;
         const uint64_t off = (uint64_t)ref->index * 16 + c * 4;
         if (cb && cb->data && ref->index >= 0 && off + 4 <= cb->size_B)
            memcpy(&v, cb->data + off, 4);
         fxp_vec *slot = &e->rf[p->const_base + 4 * k + c];
         if (kept && slot->au[0] == v)
            continue;
         slot->u = (fxp_vu){0} + v;
         changed = true;
      }
   }
   return changed;
}

bool
fxp_exec_init(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
              unsigned count)
{
   e->rf = e->rf_other = NULL;
   e->rf_slots = e->rf_other_slots = 0;
   e->rf_serial = e->rf_other_serial = 0;
   e->gs = NULL;
   if (!fxp_exec_setup(e, prog, bind, count))
      return false;
   if (prog->stage == PIPE_SHADER_GEOMETRY && !fxp_gs_out_init(e)) {
      fxp_exec_fini(e);
      return false;
   }
   fxp_exec_reset(e, count);
   return true;
}

FXP_DRAW_PATH bool
fxp_exec_setup(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
               unsigned count)
{
   /* the lane vectors are 64-byte aligned types: a state on the heap needs os_malloc_aligned(..., 64) */
   assert(((uintptr_t)e & 63) == 0);
   /* the control-flow stacks (most of the struct) are written before they are read: not cleared, since
    * states are set up for every draw and clearing them cost more than the draw itself */
   e->prog = prog;
   e->bind = bind;
   e->budget = fxp_shader_budget();
   e->abort = NULL; /* the stage points it at its context's flag */
   e->frag = NULL;
   e->quad_layout = false;
   if (e->rf_serial != prog->serial) {
      /* the other file: this program's if it was the one before, else the file to reuse, and the current
       * one (the last program's) kept as the other */
      fxp_vec *rf = e->rf;
      const unsigned slots = e->rf_slots;
      const uint32_t serial = e->rf_serial;
      e->rf = e->rf_other;
      e->rf_slots = e->rf_other_slots;
      e->rf_serial = e->rf_other_serial;
      e->rf_other = rf;
      e->rf_other_slots = slots;
      e->rf_other_serial = serial;
   }
   if (e->rf_slots < prog->num_slots) {
      os_free_aligned(e->rf);
      e->rf_slots = 0;
      e->rf_serial = 0;
      e->rf = os_malloc_aligned(MAX2(prog->num_slots, 1) * sizeof(fxp_vec), 64);
      if (!e->rf)
         return false;
      e->rf_slots = prog->num_slots;
   }
   const bool kept = e->rf_serial == prog->serial;
   if (!kept) {
      /* registers start at zero and immediates are splatted once for a program; the next draws with the
       * same program keep them (a register read before it is written holds an undefined value in every
       * TGSI producer's rules, as it already does between batches) */
      memset(e->rf, 0, prog->imm_base * sizeof(fxp_vec));
      memcpy(&e->rf[prog->imm_base], prog->imm_splat, prog->num_imms * 4 * sizeof(fxp_vec));
      e->rf_serial = prog->serial;
   }
   /* the uniform slots depend on nothing but the constants and immediates */
   if (fill_constants(e, kept) || !kept)
      fxp_uniform_run(e);
   fxp_exec_reset(e, count);
   return true;
}

FXP_DRAW_PATH void
fxp_exec_reset(struct fxp_exec *e, unsigned count)
{
   fxp_exec_reset_inline(e, count);
}

void
fxp_exec_fini(struct fxp_exec *e)
{
   os_free_aligned(e->rf);
   os_free_aligned(e->rf_other);
   e->rf = e->rf_other = NULL;
   e->rf_slots = e->rf_other_slots = 0;
   e->rf_serial = e->rf_other_serial = 0;
   fxp_gs_out_fini(e);
}

/* The table's run loop (fxp_ops_cf.c, one copy an instruction set). */
void
fxp_exec_run(struct fxp_exec *e)
{
   e->prog->engine->run(e);
}

/* Geometry shaders' emit store (struct fxp_gs_out; EMIT and ENDPRIM are in fxp_ops_gs.c). */
bool
fxp_gs_out_init(struct fxp_exec *e)
{
   const struct fxp_program *p = e->prog;
   struct fxp_gs_out *g = CALLOC_STRUCT(fxp_gs_out);
   if (!g)
      return false;
   g->max_vertices = p->gs_max_vertices;
   g->vertex_words = 4 * p->num_outputs;
   const size_t n = (size_t)FXP_W * MAX2(g->max_vertices, 1);
   g->data = os_malloc_aligned(n * MAX2(g->vertex_words, 1) * sizeof(uint32_t), 64);
   g->flags = MALLOC(n);
   if (!g->data || !g->flags) {
      os_free_aligned(g->data);
      FREE(g->flags);
      FREE(g);
      return false;
   }
   e->gs = g;
   return true;
}

void
fxp_gs_out_reset(struct fxp_gs_out *g)
{
   memset(g->count, 0, sizeof(g->count));
   memset(g->prim_open, 0, sizeof(g->prim_open));
}

void
fxp_gs_out_fini(struct fxp_exec *e)
{
   if (!e->gs)
      return;
   os_free_aligned(e->gs->data);
   FREE(e->gs->flags);
   FREE(e->gs);
   e->gs = NULL;
}

/* Subgroup system values that depend only on the lane (the subgroup is a batch: fxp_ops_lane.c). */
bool
fxp_sv_lane_constant(unsigned semantic, unsigned chan, unsigned lane, uint32_t *value)
{
   const uint32_t bit = 1u << lane;
   uint32_t lo;
   switch (semantic) {
   case TGSI_SEMANTIC_SUBGROUP_SIZE: *value = chan == 0 ? FXP_W : 0; return true;
   case TGSI_SEMANTIC_SUBGROUP_INVOCATION: *value = chan == 0 ? lane : 0; return true;
   case TGSI_SEMANTIC_SUBGROUP_EQ_MASK: lo = bit; break;
   case TGSI_SEMANTIC_SUBGROUP_GE_MASK: lo = ~(bit - 1) & ((1u << FXP_W) - 1); break;
   case TGSI_SEMANTIC_SUBGROUP_GT_MASK: lo = ~((bit << 1) - 1) & ((1u << FXP_W) - 1); break;
   case TGSI_SEMANTIC_SUBGROUP_LE_MASK: lo = (bit << 1) - 1; break;
   case TGSI_SEMANTIC_SUBGROUP_LT_MASK: lo = bit - 1; break;
   default: return false;
   }
   *value = chan == 0 ? lo : 0; /* 64-bit masks: low word in x, the high word (y) is 0 */
   return true;
}

