/* Running a decoded program over one batch of FXP_W lanes: register-file setup and the run loop. Each
 * instruction's function is called once per batch and works on all lanes at once under e->mask. */
#include <string.h>

#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"

#include "fxp_exec_inline.h"

/* Splats the program's constants into the register file. `kept`: the file already holds this program's
 * constants from an earlier setup (nothing but this function writes those slots), so a slot whose value has
 * not changed is left alone: a draw that changes few constants writes few of them. */
static void
fill_constants(struct fxp_exec *e, bool kept)
{
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
      }
   }
}

bool
fxp_exec_init(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
              unsigned count)
{
   e->rf = NULL;
   e->rf_slots = 0;
   e->rf_serial = 0;
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

bool
fxp_exec_setup(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
               unsigned count)
{
   /* the control-flow stacks (most of the struct) are written before they are read: not cleared, since
    * states are set up for every draw and clearing them cost more than the draw itself */
   e->prog = prog;
   e->bind = bind;
   e->frag = NULL;
   e->quad_layout = false;
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
   fill_constants(e, kept);
   fxp_exec_reset(e, count);
   return true;
}

void
fxp_exec_reset(struct fxp_exec *e, unsigned count)
{
   /* lanes below count live: one load from a ramp of FXP_W ~0 then FXP_W 0. The mask is the live lanes
    * (every other mask is all ones now), not computed from the masks just stored: GCC stores constant
    * 16-lane vectors lane by lane, and reading them back as vectors at once stalls the CPU. */
   static const int32_t ramp[2 * FXP_W] = {[0 ... FXP_W - 1] = -1};
   fxp_vi live;
   memcpy(&live, &ramp[FXP_W - MIN2(count, FXP_W)], sizeof(live));
   e->live = e->mask = live;
   e->cond = e->loop = e->cont = e->func = fxp_splat_i(-1);
   e->helper = fxp_splat_i(0);
   if (e->gs)
      fxp_gs_out_reset(e->gs);
   e->cond_sp = e->loop_sp = e->call_sp = 0;
   e->pc = 0;
   e->done = e->at_barrier = false;
}

void
fxp_exec_fini(struct fxp_exec *e)
{
   os_free_aligned(e->rf);
   e->rf = NULL;
   e->rf_slots = 0;
   e->rf_serial = 0;
   fxp_gs_out_fini(e);
}

void
fxp_exec_run(struct fxp_exec *e)
{
   const struct fxp_inst *insts = e->prog->insts;
   const int32_t n = e->prog->num_insts;

   e->at_barrier = false;
   while (e->pc < n && !e->done) {
      const struct fxp_inst *in = &insts[e->pc++];
      in->fn(e, in);
      if (e->at_barrier)
         return;
   }
   e->done = true;
}
