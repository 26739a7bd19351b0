/* Control flow with per-lane execution masks, kills, barriers, and the GATHER/SCATTER micro-operations of
 * indirect addressing.
 *
 * Masks (all lanes at once, -1 active / 0 inactive):
 *   live  lanes that exist and are not killed        cond  IF/ELSE nesting
 *   loop  lanes that have not left the current loop  cont  lanes that have not CONTinued this iteration
 *   func  lanes that have not RETurned               mask  = live & cond & loop & cont & func
 * BRK and CONT only clear lanes; they jump to ENDLOOP when no lane of the loop has anything left to do in
 * this iteration. A loop entry remembers the IF depth, so that ENDLOOP can restore it after such a jump.
 * The watchdog (fxp_shader.h, "Shader budget") counts here: ENDLOOP's next iterations and CAL take their
 * cost from the batch's budget; a check runs only when a slice of it is used up (over_budget).
 * Also the run loop, and the filling of this instruction set's table from the family files. */
#include "util/macros.h"
#include "util/u_math.h"
#include "util/u_memory.h"

#include "fxp_exec_inline.h"
#include "fragment/fxp_fragment.h"
#include "raster/fxp_shade.h"

static void
op_nop(struct fxp_exec *e, const struct fxp_inst *in)
{
}

/* END: the lanes that reach it have finished (like RET in the main program); the batch is done when no
 * lane is left, so an END inside a branch taken by some lanes does not stop the others. */
static void
op_end(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->func &= ~e->mask;
   fxp_update_mask(e);
   if (!fxp_any(e->func & e->live))
      e->done = true;
}

/* A slice of the batch's budget is used up (budget_tick < 0): stops the batch if the whole budget is, or if
 * another thread's batch has tripped the context's watchdog (e->abort); otherwise takes the next slice.
 * True when the batch is stopped. */
static bool __attribute__((noinline, cold))
over_budget(struct fxp_exec *e)
{
   const int64_t left = e->budget_rest + e->budget_tick; /* budget_tick < 0: counted past the slice */
   if (left < 0) {
      e->stopped = FXP_EXEC_OVER_BUDGET;
      e->done = true;
      return true;
   }
   if (e->abort && __atomic_load_n(e->abort, __ATOMIC_RELAXED)) {
      e->stopped = FXP_EXEC_ABORTED;
      e->done = true;
      return true;
   }
   e->budget_tick = MIN2(left, FXP_BUDGET_SLICE);
   e->budget_rest = left - e->budget_tick;
   return false;
}

/* Counts n instructions against the budget; true when the batch is stopped. */
static inline bool
spend(struct fxp_exec *e, uint32_t n)
{
   e->budget_tick -= n;
   return unlikely(e->budget_tick < 0) && over_budget(e);
}

static void
push_if(struct fxp_exec *e, const struct fxp_inst *in, fxp_vi test)
{
   if (e->cond_sp == FXP_MAX_NEST) { /* the decoder limits nesting; this guards a corrupt program */
      e->done = true;
      return;
   }
   e->cond_stack[e->cond_sp++] = e->cond;
   e->cond &= test;
   fxp_update_mask(e);
   if (!fxp_any(e->mask))
      e->pc = in->target; /* ELSE (which flips) or ENDIF (which pops) */
}

static void
op_if(struct fxp_exec *e, const struct fxp_inst *in)
{
   push_if(e, in, fxp_ne_f(src_f(e, in, 0, 0), fxp_splat_f(0.0f))); /* NaN is true, as C says */
}

static void
op_uif(struct fxp_exec *e, const struct fxp_inst *in)
{
   push_if(e, in, fxp_ne_i((fxp_vi)src_u(e, in, 0, 0), fxp_splat_i(0)));
}

static void
op_else(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->cond = e->cond_stack[e->cond_sp - 1] & ~e->cond;
   fxp_update_mask(e);
   if (!fxp_any(e->mask))
      e->pc = in->target;
}

static void
op_endif(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->cond = e->cond_stack[--e->cond_sp];
   fxp_update_mask(e);
}

/* Branches whose condition is the same in every lane (fxp_decode.c, uniform_branches: an immediate, a
 * directly addressed constant or a uniform result, read from lane 0): the lanes that run the IF all take
 * the same way, so the execution mask stays what it is and the branch is a jump. A false condition jumps
 * past its ELSE (or ENDIF); the ELSE, reached only from the end of the taken IF part, jumps past its
 * ENDIF; the ENDIF is a NOP. The comparisons are the general forms' (IF: != 0.0, NaN true, under the
 * batch's float rule as theirs; UIF: != 0); a source modifier cannot change either outcome. */
static void
op_if_uniform(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!(e->rf[in->src[0].slot[0]].af[0] != 0.0f))
      e->pc = in->target + 1;
}

static void
op_uif_uniform(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!e->rf[in->src[0].slot[0]].au[0])
      e->pc = in->target + 1;
}

static void
op_else_uniform(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->pc = in->target + 1;
}

static void
op_bgnloop(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!fxp_any(e->mask)) {
      e->pc = in->target + 1; /* nobody enters: skip the loop */
      return;
   }
   if (e->loop_sp == FXP_MAX_NEST) {
      e->done = true;
      return;
   }
   e->loop_stack[e->loop_sp].loop = e->loop;
   e->loop_stack[e->loop_sp].cont = e->cont;
   e->loop_stack[e->loop_sp].cond = e->cond;
   e->loop_stack[e->loop_sp].cond_sp = e->cond_sp;
   e->loop_sp++;
   e->loop = e->mask;
   e->cont = fxp_splat_i(-1);
   fxp_update_mask(e);
}

static void
op_endloop(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned top = e->loop_sp - 1;

   e->cond = e->loop_stack[top].cond;
   e->cond_sp = e->loop_stack[top].cond_sp;
   e->cont = fxp_splat_i(-1);
   fxp_update_mask(e);
   if (fxp_any(e->mask)) {
      if (spend(e, in->cost))
         return; /* stopped by the watchdog */
      e->pc = in->target + 1; /* next iteration */
      return;
   }
   e->loop = e->loop_stack[top].loop;
   e->cont = e->loop_stack[top].cont;
   e->loop_sp--;
   fxp_update_mask(e);
}

static void
op_brk(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->loop &= ~e->mask;
   fxp_update_mask(e);
   if (!fxp_any(e->loop & e->cont & e->live & e->func))
      e->pc = in->target;
}

static void
op_cont(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->cont &= ~e->mask;
   fxp_update_mask(e);
   if (!fxp_any(e->loop & e->cont & e->live & e->func))
      e->pc = in->target;
}

static void
op_cal(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!fxp_any(e->mask))
      return;
   if (spend(e, in->cost))
      return; /* stopped by the watchdog */
   if (e->call_sp == FXP_MAX_NEST) { /* recursion too deep: stop the batch rather than overflow */
      e->done = true;
      return;
   }
   e->call_stack[e->call_sp].func = e->func;
   e->call_stack[e->call_sp].cond = e->cond;
   e->call_stack[e->call_sp].loop = e->loop;
   e->call_stack[e->call_sp].cont = e->cont;
   e->call_stack[e->call_sp].cond_sp = e->cond_sp;
   e->call_stack[e->call_sp].loop_sp = e->loop_sp;
   e->call_stack[e->call_sp].ret_pc = e->pc;
   e->call_sp++;
   e->func = e->mask;
   fxp_update_mask(e);
   e->pc = in->target + 1;
}

static void
do_return(struct fxp_exec *e)
{
   e->call_sp--;
   e->func = e->call_stack[e->call_sp].func;
   e->cond = e->call_stack[e->call_sp].cond;
   e->loop = e->call_stack[e->call_sp].loop;
   e->cont = e->call_stack[e->call_sp].cont;
   e->cond_sp = e->call_stack[e->call_sp].cond_sp;
   e->loop_sp = e->call_stack[e->call_sp].loop_sp;
   e->pc = e->call_stack[e->call_sp].ret_pc;
   fxp_update_mask(e);
}

static void
op_ret(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->func &= ~e->mask;
   fxp_update_mask(e);
   if (fxp_any(e->func & e->live))
      return;
   if (e->call_sp)
      do_return(e);
   else
      e->done = true; /* RET in the main program: every lane has finished */
}

static void
op_bgnsub(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->pc = in->target + 1; /* reached by falling through: skip the body */
}

static void
op_endsub(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (e->call_sp)
      do_return(e);
}

static void
op_kill(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->live &= ~e->mask;
   fxp_update_mask(e);
}

static void
op_kill_if(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vi kill = fxp_splat_i(0);
   for (unsigned c = 0; c < 4; c++)
      kill |= fxp_lt_f(src_f(e, in, 0, c), fxp_splat_f(0.0f));
   e->live &= ~(kill & e->mask);
   fxp_update_mask(e);
}

static void
op_barrier(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->at_barrier = true;
}

/* Slot of register `index` (already range-checked) of an indirectly addressed file. */
static bool
ind_file_base(const struct fxp_program *p, unsigned file, uint32_t *base)
{
   switch (file) {
   case TGSI_FILE_TEMPORARY: *base = p->temp_base; return true;
   case TGSI_FILE_INPUT: *base = p->input_base; return true;
   case TGSI_FILE_OUTPUT: *base = p->output_base; return true;
   case TGSI_FILE_SYSTEM_VALUE: *base = p->sv_base; return true;
   case TGSI_FILE_ADDRESS: *base = p->addr_base; return true;
   case TGSI_FILE_IMMEDIATE: *base = p->imm_base; return true;
   default: return false;
   }
}

/* Register of FILE[vertex][idx] in a two-dimensional file (fxp_program.in_vertices, out_vertices) for lane l,
 * or -1 when either index is out of range. */
static inline int64_t
vertex_2d_reg(const struct fxp_exec *e, const struct fxp_indirect *ind, unsigned l, int64_t idx)
{
   const struct fxp_program *p = e->prog;
   const bool in = ind->file == TGSI_FILE_INPUT;
   const int64_t v = ind->dim_indirect ? (int64_t)ind->dim_base + e->rf[ind->dim_addr_slot].ai[l] : ind->dim;
   if (v < 0 || v >= (in ? p->in_vertices : p->out_vertices) || idx < ind->first || idx > ind->last)
      return -1;
   return v * (in ? p->num_inputs : p->num_outputs) + idx;
}

/* GATHER: scratch[0..3] = FILE[dim][base + addr] per lane; out of range reads 0. */
static void
op_gather(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_indirect *ind = &e->prog->inds[in->ind];
   fxp_vec *out = &e->rf[ind->scratch];
   uint32_t base = 0;

   ind_file_base(e->prog, ind->file, &base);
   for (unsigned l = 0; l < FXP_W; l++) {
      const int64_t idx = (int64_t)ind->base + (ind->addr_slot != UINT32_MAX ? e->rf[ind->addr_slot].ai[l] : 0);
      for (unsigned c = 0; c < 4; c++)
         out[c].au[l] = 0;
      if (ind->file == TGSI_FILE_CONSTANT) {
         const int64_t dim = ind->dim_indirect ? (int64_t)ind->dim_base + e->rf[ind->dim_addr_slot].ai[l]
                                               : ind->dim;
         if (dim < 0 || dim >= PIPE_MAX_CONSTANT_BUFFERS || idx < 0 || !e->bind)
            continue;
         const struct fxp_buffer_binding *cb = &e->bind->constbufs[dim];
         if (cb->data && (uint64_t)idx * 16 + 16 <= cb->size_B)
            memcpy(&out[0].au[l], cb->data + idx * 16, 4), memcpy(&out[1].au[l], cb->data + idx * 16 + 4, 4),
            memcpy(&out[2].au[l], cb->data + idx * 16 + 8, 4), memcpy(&out[3].au[l], cb->data + idx * 16 + 12, 4);
         else if (cb->data) /* a partial last vec4 */
            for (unsigned c = 0; c < 4; c++)
               if ((uint64_t)idx * 16 + c * 4 + 4 <= cb->size_B)
                  memcpy(&out[c].au[l], cb->data + idx * 16 + c * 4, 4);
      } else if (ind->vertex_2d) {
         /* INPUT[vertex][i] (TCS: OUTPUT[vertex][i] too): both indices checked */
         const int64_t reg = vertex_2d_reg(e, ind, l, idx);
         if (reg < 0)
            continue;
         for (unsigned c = 0; c < 4; c++)
            out[c].au[l] = e->rf[base + 4 * reg + c].au[l];
      } else if (idx >= ind->first && idx <= ind->last) {
         for (unsigned c = 0; c < 4; c++)
            out[c].au[l] = e->rf[base + 4 * idx + c].au[l];
      }
   }
}

/* SCATTER: FILE[base + addr] = scratch[20..23] per active lane and write-mask channel; out of range is
 * dropped. */
static void
op_scatter(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_indirect *ind = &e->prog->inds[in->ind];
   const fxp_vec *src = &e->rf[ind->scratch];
   uint32_t base;

   if (!ind_file_base(e->prog, ind->file, &base) || ind->file == TGSI_FILE_IMMEDIATE)
      return;
   for (unsigned l = 0; l < FXP_W; l++) {
      if (!e->mask[l])
         continue;
      /* the register index may be direct when only the vertex is addressed (TCS: OUT[ADDR[0].x][i]) */
      int64_t idx = (int64_t)ind->base + (ind->addr_slot != UINT32_MAX ? e->rf[ind->addr_slot].ai[l] : 0);
      if (idx < ind->first || idx > ind->last)
         continue;
      if (ind->vertex_2d && (idx = vertex_2d_reg(e, ind, l, idx)) < 0)
         continue;
      for (unsigned c = 0; c < 4; c++)
         if (in->dst[0].mask & (1 << c))
            e->rf[base + 4 * idx + c].au[l] = src[c].au[l];
   }
}

void
FXP_ISA_FN(fxp_ops_cf_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_NOP] = op_nop;
   t[TGSI_OPCODE_END] = op_end;
   t[TGSI_OPCODE_IF] = op_if;
   t[TGSI_OPCODE_UIF] = op_uif;
   t[TGSI_OPCODE_ELSE] = op_else;
   t[TGSI_OPCODE_ENDIF] = op_endif;
   t[TGSI_OPCODE_BGNLOOP] = op_bgnloop;
   t[TGSI_OPCODE_ENDLOOP] = op_endloop;
   t[TGSI_OPCODE_BRK] = op_brk;
   t[TGSI_OPCODE_CONT] = op_cont;
   t[TGSI_OPCODE_CAL] = op_cal;
   t[TGSI_OPCODE_RET] = op_ret;
   t[TGSI_OPCODE_BGNSUB] = op_bgnsub;
   t[TGSI_OPCODE_ENDSUB] = op_endsub;
   t[TGSI_OPCODE_KILL] = op_kill;
   t[TGSI_OPCODE_KILL_IF] = op_kill_if;
   t[TGSI_OPCODE_BARRIER] = op_barrier;
   t[FXP_MOP_GATHER] = op_gather;
   t[FXP_MOP_SCATTER] = op_scatter;
}

/* The run loop: each instruction's function once per batch, until END or a BARRIER. */
static void
run(struct fxp_exec *e)
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

/* This copy's table (fxp_shader.h, "Instruction sets"); called only once its ISA is known to be
 * supported, since even filling it may use the copy's instructions. */
void FXP_ISA_FN(fxp_engine_fill)(struct fxp_engine *eng);
void
FXP_ISA_FN(fxp_engine_fill)(struct fxp_engine *eng)
{
   FXP_ISA_FN(fxp_ops_cf_register)(eng->ops);
   eng->uniform_if = op_if_uniform;
   eng->uniform_uif = op_uif_uniform;
   eng->uniform_else = op_else_uniform;
   FXP_ISA_FN(fxp_ops_float_register)(eng->ops);
   FXP_ISA_FN(fxp_ops_float_register_simple)(eng->simple, eng->simple_blend);
   FXP_ISA_FN(fxp_ops_float_register_simple_mod)(eng->simple_mod);
   FXP_ISA_FN(fxp_ops_float_register_fused)(eng);
   FXP_ISA_FN(fxp_ops_float_register_forms)(eng);
   FXP_ISA_FN(fxp_ops_int_register)(eng->ops);
   FXP_ISA_FN(fxp_ops_int_register_simple)(eng->simple, eng->simple_blend);
   /* the 64-bit opcodes, which run with IEEE denormals (fxp_shader.h, "Runs of 64-bit instructions") */
   fxp_op_fn ops64[TGSI_OPCODE_LAST] = {0};
   FXP_ISA_FN(fxp_ops_64_register)(ops64, eng->fwd64);
   for (unsigned op = 0; op < TGSI_OPCODE_LAST; op++) {
      if (ops64[op]) {
         eng->ops[op] = ops64[op];
         eng->ieee[op] = true;
      }
   }
   FXP_ISA_FN(fxp_ops_mem_register)(eng->ops);
   FXP_ISA_FN(fxp_ops_tex_register)(eng->ops);
   FXP_ISA_FN(fxp_ops_tex_register_simple)(eng->simple);
   FXP_ISA_FN(fxp_ops_lane_register)(eng->ops);
   FXP_ISA_FN(fxp_ops_gs_register)(eng->ops);
   eng->run = run;
   eng->fragment_fast = fxp_fragment_fast;                 /* this copy's (fragment/fxp_fragment.h) */
   eng->fragment_fast_early_z = fxp_fragment_fast_early_z;
   eng->shade_batch = fxp_shade_batch;                     /* this copy's (raster/fxp_shade.h) */
}
