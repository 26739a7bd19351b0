/* Operand access shared by the opcode files: reading a source channel with its modifiers, writing a
 * destination channel under the execution mask, and iterating over a write mask. */
#ifndef FXP_EXEC_INLINE_H
#define FXP_EXEC_INLINE_H

#include <math.h>
#include <string.h>
#include "fxp_shader.h"

/* The op files are compiled once per instruction set (fxp_shader.h, "Instruction sets"): FXP_ISA_FN(name)
 * gives each copy's external functions the suffix of its table, so the copies link side by side. */
#ifdef FXP_ISA_SUFFIX
#define FXP_ISA_CAT_(a, b) a##_##b
#define FXP_ISA_CAT(a, b) FXP_ISA_CAT_(a, b)
#define FXP_ISA_FN(name) FXP_ISA_CAT(name, FXP_ISA_SUFFIX)
void FXP_ISA_FN(fxp_ops_cf_register)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_float_register)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_float_register_simple)(fxp_op_fn *simple, fxp_op_fn *blend);
void FXP_ISA_FN(fxp_ops_float_register_simple_mod)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_float_register_fused)(struct fxp_engine *eng);
void FXP_ISA_FN(fxp_ops_float_register_forms)(struct fxp_engine *eng);
void FXP_ISA_FN(fxp_ops_int_register_simple)(fxp_op_fn *simple, fxp_op_fn *blend);
void FXP_ISA_FN(fxp_ops_int_register)(fxp_op_fn *table);
/* fwd: fxp_engine.fwd64's entries of the 64-bit opcodes (FXP_FWD64_*) */
void FXP_ISA_FN(fxp_ops_64_register)(fxp_op_fn *table, uint8_t *fwd);
void FXP_ISA_FN(fxp_ops_mem_register)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_tex_register)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_tex_register_simple)(fxp_op_fn *simple);
void FXP_ISA_FN(fxp_ops_lane_register)(fxp_op_fn *table);
void FXP_ISA_FN(fxp_ops_gs_register)(fxp_op_fn *table);
#endif

/* In the register_simple functions (fxp_ops_float.c, fxp_ops_int.c): an opcode's simple form into table t
 * and its blend form into table b (fxp_decode.c, specialize). */
#define FXP_SIMPLE_AND_BLEND(opcode, fn) (t[TGSI_OPCODE_##opcode] = fn##_simple, b[TGSI_OPCODE_##opcode] = fn##_blend)

#define FOREACH_CHAN(in, c) for (unsigned c = 0; c < 4; c++) if ((in)->dst[0].mask & (1 << c))

/* float source with |x| and -x. The slot is read as a vector, not copied as a union: GCC copies a union in
 * 16-byte pieces, and reading those back as one 32- or 64-byte vector (the AVX tables) stalls the CPU. */
static inline fxp_vf
src_f(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c)
{
   fxp_vu v = e->rf[in->src[s].slot[c]].u;
   if (in->src[s].mod & FXP_MOD_ABS)
      v &= 0x7fffffffu;
   if (in->src[s].mod & FXP_MOD_NEG)
      v ^= 0x80000000u;
   return (fxp_vf)v;
}

/* integer source: |x| and -x are integer operations */
static inline fxp_vi
src_i(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c)
{
   fxp_vi v = e->rf[in->src[s].slot[c]].i;
   if (in->src[s].mod & FXP_MOD_ABS) {
      const fxp_vi neg = fxp_lt_i(v, fxp_splat_i(0));
      v = (v & ~neg) | ((fxp_vi)(-(fxp_vu)v) & neg);
   }
   if (in->src[s].mod & FXP_MOD_NEG)
      v = (fxp_vi)(-(fxp_vu)v);
   return v;
}

static inline fxp_vu
src_u(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c)
{
   return (fxp_vu)src_i(e, in, s, c);
}

/* Raw bits, no modifiers. */
static inline fxp_vu
src_raw(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c)
{
   return e->rf[in->src[s].slot[c]].u;
}

static inline void
dst_store_u(struct fxp_exec *e, const struct fxp_inst *in, unsigned d, unsigned c, fxp_vu v)
{
   fxp_vec *p = &e->rf[in->dst[d].slot[c]];
   const fxp_vu m = (fxp_vu)e->mask;
   p->u = (v & m) | (p->u & ~m);
}

static inline void
dst_store_i(struct fxp_exec *e, const struct fxp_inst *in, unsigned d, unsigned c, fxp_vi v)
{
   dst_store_u(e, in, d, c, (fxp_vu)v);
}

/* TGSI's saturate: clamp to [0, 1], NaN to 0. */
static inline fxp_vf
fxp_saturate(fxp_vf v)
{
   const fxp_vi gt0 = fxp_gt_f(v, fxp_splat_f(0.0f)); /* false for NaN */
   v = (fxp_vf)((fxp_vi)v & gt0);
   const fxp_vi le1 = fxp_le_f(v, fxp_splat_f(1.0f));
   return (fxp_vf)(((fxp_vi)v & le1) | ((fxp_vi)fxp_splat_f(1.0f) & ~le1));
}

/* Float result: _SAT clamps to [0, 1] (NaN becomes 0). */
static inline void
dst_store_f(struct fxp_exec *e, const struct fxp_inst *in, unsigned d, unsigned c, fxp_vf v)
{
   if (in->sat)
      v = fxp_saturate(v);
   dst_store_u(e, in, d, c, (fxp_vu)v);
}

/* NaN results of commutative arithmetic (ADD, MUL, MAD, FMA, LRP, DP*, the doubles' DADD, DMUL, DMAD, DFMA):
 * given two NaNs, x86 returns the one in the instruction's first operand, and which operand comes first is
 * the compiler's choice, which differs between the instruction-set copies. Those results are made the quiet
 * NaN 0x7fc00000 (0x7ff8000000000000), so that every table gives the same bits. Moves, abs, neg and
 * non-commutative arithmetic (DIV, the derivatives' subtractions), whose NaN the operands' order fixes,
 * keep the CPU's NaN. */
static inline fxp_vf
nan_canon_f(fxp_vf v)
{
   const fxp_vi nan = fxp_ne_f(v, v);
   return (fxp_vf)(((fxp_vi)v & ~nan) | (fxp_splat_i(0x7fc00000) & nan));
}

static inline fxp_vd
nan_canon_d(fxp_vd v)
{
   /* fxp_ne_d compares a piece at a time: GCC splits a 16-lane double comparison into single lanes on the
    * SSE2 and AVX2 tables (perf: bench-tgsi's double shader on SSE2 ran at 0.71x session 6's engine) */
   const fxp_vq nan = (fxp_vq)fxp_ne_d(v, v);
   return (fxp_vd)(((fxp_vq)v & ~nan) | (0x7ff8000000000000ull & nan));
}

static inline void
fxp_update_mask(struct fxp_exec *e)
{
   e->mask = e->live & e->cond & e->loop & e->cont & e->func;
   e->full = !fxp_any(e->live & ~e->mask);
}

#endif
