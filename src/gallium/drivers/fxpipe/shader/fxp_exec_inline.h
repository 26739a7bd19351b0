/* Operand access shared by the opcode files: reading a source channel with its modifiers, writing a
 * destination channel under the execution mask, and iterating over a write mask. */
#ifndef FXP_EXEC_INLINE_H
#define FXP_EXEC_INLINE_H

#include <math.h>
#include <string.h>
#include "fxp_shader.h"

#define FOREACH_CHAN(in, c) for (unsigned c = 0; c < 4; c++) if ((in)->dst[0].mask & (1 << c))

/* float source with |x| and -x */
static inline fxp_vf
src_f(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c)
{
   fxp_vec v = e->rf[in->src[s].slot[c]];
   if (in->src[s].mod & FXP_MOD_ABS)
      v.u &= 0x7fffffffu;
   if (in->src[s].mod & FXP_MOD_NEG)
      v.u ^= 0x80000000u;
   return v.f;
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

/* Float result: _SAT clamps to [0, 1] (NaN becomes 0). */
static inline void
dst_store_f(struct fxp_exec *e, const struct fxp_inst *in, unsigned d, unsigned c, fxp_vf v)
{
   if (in->sat) {
      const fxp_vi gt0 = fxp_gt_f(v, fxp_splat_f(0.0f)); /* false for NaN */
      v = (fxp_vf)((fxp_vi)v & gt0);
      const fxp_vi le1 = fxp_le_f(v, fxp_splat_f(1.0f));
      v = (fxp_vf)(((fxp_vi)v & le1) | ((fxp_vi)fxp_splat_f(1.0f) & ~le1));
   }
   dst_store_u(e, in, d, c, (fxp_vu)v);
}

static inline void
fxp_update_mask(struct fxp_exec *e)
{
   e->mask = e->live & e->cond & e->loop & e->cont & e->func;
}

#endif
