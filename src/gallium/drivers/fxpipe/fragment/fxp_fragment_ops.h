/* Per-fragment arithmetic shared by the general path (fxp_fragment.c) and the fast paths
 * (fxp_fragment_fast.c), so that both compute the same values: comparisons, stencil operations, blend
 * factors and equations, logic ops. */
#ifndef FXP_FRAGMENT_OPS_H
#define FXP_FRAGMENT_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "util/u_math.h"

static inline bool
fxp_compare(unsigned func, double a, double b)
{
   switch (func) {
   case PIPE_FUNC_NEVER: return false;
   case PIPE_FUNC_LESS: return a < b;
   case PIPE_FUNC_EQUAL: return a == b;
   case PIPE_FUNC_LEQUAL: return a <= b;
   case PIPE_FUNC_GREATER: return a > b;
   case PIPE_FUNC_NOTEQUAL: return a != b;
   case PIPE_FUNC_GEQUAL: return a >= b;
   default: return true;
   }
}

static inline uint8_t
fxp_stencil_op(unsigned op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO: return 0;
   case PIPE_STENCIL_OP_REPLACE: return ref;
   case PIPE_STENCIL_OP_INCR: return s == 0xff ? s : s + 1;
   case PIPE_STENCIL_OP_DECR: return s == 0 ? s : s - 1;
   case PIPE_STENCIL_OP_INCR_WRAP: return s + 1;
   case PIPE_STENCIL_OP_DECR_WRAP: return s - 1;
   case PIPE_STENCIL_OP_INVERT: return ~s;
   default: return s; /* KEEP */
   }
}

static inline float
fxp_blend_factor(unsigned f, unsigned c, const float src[4], const float src1[4], const float dst[4],
                 const float cc[4])
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE: return 1.0f;
   case PIPE_BLENDFACTOR_SRC_COLOR: return src[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA: return src[3];
   case PIPE_BLENDFACTOR_DST_ALPHA: return dst[3];
   case PIPE_BLENDFACTOR_DST_COLOR: return dst[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: return c == 3 ? 1.0f : MIN2(src[3], 1.0f - dst[3]);
   case PIPE_BLENDFACTOR_CONST_COLOR: return cc[c];
   case PIPE_BLENDFACTOR_CONST_ALPHA: return cc[3];
   case PIPE_BLENDFACTOR_ZERO: return 0.0f;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR: return 1.0f - src[c];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA: return 1.0f - src[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA: return 1.0f - dst[3];
   case PIPE_BLENDFACTOR_INV_DST_COLOR: return 1.0f - dst[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR: return 1.0f - cc[c];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA: return 1.0f - cc[3];
   /* dual-source blending: the fragment shader's second colour for render target 0 */
   case PIPE_BLENDFACTOR_SRC1_COLOR: return src1[c];
   case PIPE_BLENDFACTOR_SRC1_ALPHA: return src1[3];
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR: return 1.0f - src1[c];
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA: return 1.0f - src1[3];
   default: return 0.0f;
   }
}

static inline float
fxp_blend_equation(unsigned func, float s, float sf, float d, float df)
{
   switch (func) {
   case PIPE_BLEND_SUBTRACT: return s * sf - d * df;
   case PIPE_BLEND_REVERSE_SUBTRACT: return d * df - s * sf;
   case PIPE_BLEND_MIN: return MIN2(s, d);
   case PIPE_BLEND_MAX: return MAX2(s, d);
   default: return s * sf + d * df;
   }
}

static inline uint32_t
fxp_logic_op(unsigned op, uint32_t s, uint32_t d)
{
   switch (op) {
   case PIPE_LOGICOP_CLEAR: return 0;
   case PIPE_LOGICOP_NOR: return ~(s | d);
   case PIPE_LOGICOP_AND_INVERTED: return ~s & d;
   case PIPE_LOGICOP_COPY_INVERTED: return ~s;
   case PIPE_LOGICOP_AND_REVERSE: return s & ~d;
   case PIPE_LOGICOP_INVERT: return ~d;
   case PIPE_LOGICOP_XOR: return s ^ d;
   case PIPE_LOGICOP_NAND: return ~(s & d);
   case PIPE_LOGICOP_AND: return s & d;
   case PIPE_LOGICOP_EQUIV: return ~(s ^ d);
   case PIPE_LOGICOP_NOOP: return d;
   case PIPE_LOGICOP_OR_INVERTED: return ~s | d;
   case PIPE_LOGICOP_COPY: return s;
   case PIPE_LOGICOP_OR_REVERSE: return s | ~d;
   case PIPE_LOGICOP_OR: return s | d;
   case PIPE_LOGICOP_SET: return ~0u;
   default: return s;
   }
}

/* Blends source s over destination d with constant colour cc as a render target's blend state says; s1 is
 * the second source of dual-source blending (render target 0 only). */
static inline void
fxp_blend_rgba(const struct pipe_rt_blend_state *rt, const float s[4], const float s1[4], const float d[4],
               const float cc[4], float o[4])
{
   for (unsigned c = 0; c < 4; c++) {
      const bool a = c == 3;
      const float sf = fxp_blend_factor(a ? rt->alpha_src_factor : rt->rgb_src_factor, c, s, s1, d, cc);
      const float df = fxp_blend_factor(a ? rt->alpha_dst_factor : rt->rgb_dst_factor, c, s, s1, d, cc);
      o[c] = fxp_blend_equation(a ? rt->alpha_func : rt->rgb_func, s[c], sf, d[c], df);
   }
}

#endif
