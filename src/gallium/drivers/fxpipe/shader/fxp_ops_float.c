/* 32-bit float opcodes, conversions between float and integer, derivatives and half-float packing.
 *
 * Semantics (tgsi.rst, with the choices where it is silent):
 *  - MIN/MAX follow IEEE minNum/maxNum: a NaN operand yields the other operand.
 *  - A NaN result of ADD, MUL, MAD, FMA, LRP, DP2/3/4 or DST's y is the quiet NaN 0x7fc00000, whatever the
 *    NaN operands (nan_canon_f in fxp_exec_inline.h: the same bits on every instruction-set table).
 *  - SLT/SGE/SEQ/SNE/SGT/SLE give 1.0 or 0.0; FSLT/FSGE/FSEQ/FSNE give ~0 or 0; every comparison with a
 *    NaN is false except the not-equal ones.
 *  - ROUND rounds half to even; FRC is x - floor(x); SSG gives -1, 0 or 1 (0 for NaN).
 *  - RCP, RSQ, SQRT, EX2, LG2, POW, SIN, COS read x and replicate. RCP, RSQ and SQRT are IEEE divisions and
 *    square roots (correctly rounded); EX2, LG2 and POW are fxpipe's lane-vector functions (fxp_vmath.h,
 *    within 1 ulp, computed in double precision; POW's special cases from the C library's powf); SIN and
 *    COS the C library's (glibc: within 1 ulp). They follow IEEE for 0, negative and infinite inputs
 *    (RCP(0) = +inf, RSQ(-1) = NaN, LG2(0) = -inf).
 *  - Denormal operands and results are flushed to zeros of their sign (shader/fxp_shader.h): by the CPU's
 *    modes in vector arithmetic, by flush() around the C library's functions.
 *  - F2I and F2U convert with truncation and saturate: NaN gives 0, values beyond the range give the
 *    nearest representable integer (F2U of a negative value gives 0).
 *  - DDX/DDY need quads (fragment batches): each pixel's own row or column, for DDX and DDY as for
 *    DDX_FINE and DDY_FINE (TGSI lets DDX be one value for the quad, not must; GLSL's dFdx(x * y) is then y
 *    at every pixel, and the sampler's implicit LOD takes the same differences, shader/fxp_ops_tex.c).
 *    Without quads they are 0. */
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "util/half_float.h"
#include "util/os_time.h"

#include "fxp_exec_inline.h"
#include "fxp_vmath.h"

#define F(s) src_f(e, in, s, c)

#define OP_F1(name, expr)                                                   \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vf r[4];                                                          \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0); (void)a; r[c] = (expr); }     \
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);                   \
   }

#define OP_F2(name, expr)                                                   \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vf r[4];                                                          \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0), b = F(1); r[c] = (expr); }    \
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);                   \
   }

#define OP_F3(name, expr)                                                   \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vf r[4];                                                          \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0), b = F(1), d = F(2); r[c] = (expr); } \
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);                   \
   }

/* Simple forms, chosen per instruction when it is decoded (fxp_decode.c, specialize): no source modifier, no
 * saturation, and the destination written without the execution-mask blend, for instructions where no lane
 * whose registers can still be read is inactive. Each channel is stored as soon as it is computed (no
 * buffer of results on the stack): the decoder chooses these forms only where no channel's destination is a
 * source of a later channel (fxp_decode.c, channels_overlap). The arithmetic is the general form's; the *_S
 * macros define both forms, name and name_simple. */
#define SF(s) ((fxp_vf)e->rf[in->src[s].slot[c]].u)
#define STORE_PLAIN(c, v) (e->rf[in->dst[0].slot[c]].u = (fxp_vu)(v))
/* The simple forms with source modifiers and saturation (name_simple_mod): the sources read as the general
 * form reads them (src_f: abs, then neg) and the result saturated as dst_store_f does, then stored plainly
 * channel by channel, under the simple forms' rules otherwise (fxp_decode.c, specialize). */
#define STORE_SAT(c, v) STORE_PLAIN(c, in->sat ? fxp_saturate(v) : (v))
/* The blend forms (name_blend): the simple form's plain sources and channel-by-channel stores, with the
 * execution-mask blend, for plain instructions inside control flow (fxp_decode.c, specialize). */
#define STORE_BLEND(c, v) dst_store_u(e, in, 0, c, (fxp_vu)(v))

#define OP_F1_S(name, expr)                                                 \
   OP_F1(name, expr)                                                        \
   static void name##_simple(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0); (void)a; STORE_PLAIN(c, (expr)); } \
   }                                                                        \
   static void name##_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0); (void)a; STORE_SAT(c, (expr)); } \
   }                                                                        \
   static void name##_blend(struct fxp_exec *e, const struct fxp_inst *in)  \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0); (void)a; STORE_BLEND(c, (expr)); } \
   }

#define OP_F2_S(name, expr)                                                 \
   OP_F2(name, expr)                                                        \
   static void name##_simple(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0), b = SF(1); STORE_PLAIN(c, (expr)); } \
   }                                                                        \
   static void name##_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0), b = F(1); STORE_SAT(c, (expr)); } \
   }                                                                        \
   static void name##_blend(struct fxp_exec *e, const struct fxp_inst *in)  \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0), b = SF(1); STORE_BLEND(c, (expr)); } \
   }

#define OP_F3_S(name, expr)                                                 \
   OP_F3(name, expr)                                                        \
   static void name##_simple(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0), b = SF(1), d = SF(2); STORE_PLAIN(c, (expr)); } \
   }                                                                        \
   static void name##_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0), b = F(1), d = F(2); STORE_SAT(c, (expr)); } \
   }                                                                        \
   static void name##_blend(struct fxp_exec *e, const struct fxp_inst *in)  \
   {                                                                        \
      FOREACH_CHAN(in, c) { fxp_vf a = SF(0), b = SF(1), d = SF(2); STORE_BLEND(c, (expr)); } \
   }

/* The denormal flush rule (shader/fxp_shader.h) applied by hand: denormal lanes become zeros of their sign.
 * The C library's functions (log2f, sinf, powf, ldexpf, ...) work on their arguments' bits, where the CPU's
 * flush modes do not reach. Where the engine keeps IEEE denormals (FXP_FP_FLUSH 0) it changes nothing. */
static inline fxp_vf
flush(fxp_vf x)
{
   if (!FXP_FP_FLUSH)
      return x;
   const fxp_vu u = (fxp_vu)x;
   /* all ones where the exponent field is not 0 (normal, infinite, NaN), without a lane comparison */
   const fxp_vu keep = (fxp_vu){0} - (((u & 0x7f800000u) + 0x7fffffffu) >> 31);
   return (fxp_vf)(u & (keep | 0x80000000u));
}

/* Per-lane application of a scalar function of the C library, its operands and result flushed. */
#define LANES1(fn, a)                                                       \
   ({ const fxp_vf a_ = flush(a); fxp_vf r_;                               \
      for (unsigned l_ = 0; l_ < FXP_W; l_++)                              \
         r_[l_] = fn(a_[l_]);                                              \
      flush(r_); })
#define LANES2(fn, a, b)                                                    \
   ({ const fxp_vf a_ = flush(a), b_ = flush(b); fxp_vf r_;                \
      for (unsigned l_ = 0; l_ < FXP_W; l_++)                              \
         r_[l_] = fn(a_[l_], b_[l_]);                                      \
      flush(r_); })
#define LANES3(fn, a, b, d)                                                 \
   ({ const fxp_vf a_ = flush(a), b_ = flush(b), d_ = flush(d); fxp_vf r_; \
      for (unsigned l_ = 0; l_ < FXP_W; l_++)                              \
         r_[l_] = fn(a_[l_], b_[l_], d_[l_]);                              \
      flush(r_); })

static inline fxp_vf one(void) { return fxp_splat_f(1.0f); }
static inline fxp_vf zero(void) { return fxp_splat_f(0.0f); }
static inline fxp_vf b2f(fxp_vi m) { return (fxp_vf)((fxp_vi)one() & m); }

/* fminf and fmaxf as lane vectors. glibc's rules for ordered operands: the smaller (larger), and x of
 * min(x, y) when they compare equal (so min(-0, +0) is -0 and min(+0, -0) is +0). Any NaN lane sends the
 * vector to the C library, whose NaN rules (quiet and signalling) then apply unchanged. */
static inline fxp_vf
vmin(fxp_vf a, fxp_vf b)
{
   a = flush(a), b = flush(b);
   if (fxp_any(fxp_ne_f(a, a) | fxp_ne_f(b, b)))
      return LANES2(fminf, a, b);
   return fxp_sel_f(fxp_lt_f(b, a), b, a);
}

static inline fxp_vf
vmax(fxp_vf a, fxp_vf b)
{
   a = flush(a), b = flush(b);
   if (fxp_any(fxp_ne_f(a, a) | fxp_ne_f(b, b)))
      return LANES2(fmaxf, a, b);
   return fxp_sel_f(fxp_gt_f(b, a), b, a);
}

/* floorf, ceilf, truncf and rintf as lane vectors, exact: |x| >= 2^23 (infinities too) is an integer
 * already, smaller values are truncated by conversion to integer and corrected, rint adds and subtracts
 * 2^23 in the current rounding mode (nearest even, as rintf), and a zero result takes x's sign as the C
 * library's does (floorf(-0) = -0, ceilf(-0.5) = -0). A NaN lane sends the vector to the C library. */
enum vround { VFLOOR, VCEIL, VTRUNC, VRINT };

static inline fxp_vf
vround(fxp_vf x, enum vround mode)
{
   x = flush(x);
#if defined(__AVX512F__) && FXP_W == 16
   /* the AVX tables round all lanes in one instruction, exactly as floorf & co (a NaN comes back quiet) */
   switch (mode) {
   case VFLOOR: return (fxp_vf)_mm512_roundscale_ps((__m512)x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
   case VCEIL: return (fxp_vf)_mm512_roundscale_ps((__m512)x, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC);
   case VTRUNC: return (fxp_vf)_mm512_roundscale_ps((__m512)x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
   default: return (fxp_vf)_mm512_roundscale_ps((__m512)x, _MM_FROUND_CUR_DIRECTION | _MM_FROUND_NO_EXC);
   }
#elif defined(__AVX2__) && FXP_W == 16
   __m256 h[2];
   memcpy(h, &x, sizeof(h));
   for (unsigned k = 0; k < 2; k++) {
      switch (mode) {
      case VFLOOR: h[k] = _mm256_round_ps(h[k], _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); break;
      case VCEIL: h[k] = _mm256_round_ps(h[k], _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC); break;
      case VTRUNC: h[k] = _mm256_round_ps(h[k], _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC); break;
      default: h[k] = _mm256_round_ps(h[k], _MM_FROUND_CUR_DIRECTION | _MM_FROUND_NO_EXC); break;
      }
   }
   memcpy(&x, h, sizeof(h));
   return x;
#endif
   static float (*const libm[])(float) = {floorf, ceilf, truncf, rintf};
   if (fxp_any(fxp_ne_f(x, x)))
      return LANES1(libm[mode], x);
   const fxp_vu sign = (fxp_vu)x & 0x80000000u;
   const fxp_vf ax = (fxp_vf)((fxp_vu)x & 0x7fffffffu);
   const fxp_vi big = fxp_ge_f(ax, fxp_splat_f(8388608.0f));
   fxp_vf r;
   if (mode == VRINT) {
      const fxp_vf c = fxp_splat_f(8388608.0f); /* (ax + c) - c: no -ffast-math, so never folded */
      r = (fxp_vf)((fxp_vu)((ax + c) - c) | sign);
   } else {
      const fxp_vf small = fxp_sel_f(big, fxp_splat_f(0.0f), x); /* in the range of int32 */
      const fxp_vf t = __builtin_convertvector(__builtin_convertvector(small, fxp_vi), fxp_vf);
      r = mode == VFLOOR ? t - b2f(fxp_gt_f(t, small))
          : mode == VCEIL ? t + b2f(fxp_lt_f(t, small)) : t;
      r = (fxp_vf)((fxp_vu)r | (sign & (fxp_vu)fxp_eq_f(r, fxp_splat_f(0.0f))));
   }
   return fxp_sel_f(big, x, r);
}


static float frc1(float x) { return x - floorf(x); }

/* frc1 on every lane, as LANES1 applies it (operand and result flushed) */
static inline fxp_vf
vfrc(fxp_vf x)
{
#if (defined(__AVX512F__) || defined(__AVX2__)) && FXP_W == 16
   /* vround is one rounding instruction on these tables, NaN lanes included (quieted, as floorf does), so
    * x - floor(x) is frc1's quieted NaN there without a lane-by-lane pass; and the difference of a flushed
    * float and its floor is never a denormal (0, x itself, 1 - |x| rounded, or a multiple of x's ulp of at
    * least 2^-23), so the result needs no flush */
   x = flush(x);
   return x - vround(x, VFLOOR);
#else
   x = flush(x);
   if (fxp_any(fxp_ne_f(x, x)))
      return LANES1(frc1, x);
   return flush(x - vround(x, VFLOOR));
#endif
}
static float ssg1(float x) { return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f; }

OP_F1_S(op_mov_f, a)
OP_F2_S(op_add, nan_canon_f(a + b))
OP_F2_S(op_mul, nan_canon_f(a * b))
OP_F2(op_div, a / b)
OP_F3_S(op_mad, nan_canon_f(a * b + d))
OP_F3(op_fma, nan_canon_f(LANES3(fmaf, a, b, d)))
OP_F2_S(op_min, vmin(a, b))
OP_F2_S(op_max, vmax(a, b))
OP_F2(op_slt, b2f(a < b))
OP_F2(op_sge, b2f(a >= b))
OP_F2(op_sgt, b2f(a > b))
OP_F2(op_sle, b2f(a <= b))
OP_F2(op_seq, b2f(a == b))
OP_F2(op_sne, b2f(a != b))
OP_F1_S(op_flr, vround(a, VFLOOR))
OP_F1(op_ceil, vround(a, VCEIL))
OP_F1(op_trunc, vround(a, VTRUNC))
OP_F1(op_round, vround(a, VRINT))
OP_F1_S(op_frc, vfrc(a))
OP_F1(op_ssg, LANES1(ssg1, a))
OP_F3_S(op_cmp, fxp_sel_f(fxp_lt_f(a, zero()), b, d))
OP_F3_S(op_lrp, nan_canon_f(a * b + (one() - a) * d))

/* Comparisons with integer masks as results */
#define OP_FCMP(name, expr)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vi r[4];                                                          \
      FOREACH_CHAN(in, c) { fxp_vf a = F(0), b = F(1); r[c] = (expr); }    \
      FOREACH_CHAN(in, c) dst_store_i(e, in, 0, c, r[c]);                   \
   }
OP_FCMP(op_fslt, fxp_lt_f(a, b))
OP_FCMP(op_fsge, fxp_ge_f(a, b))
OP_FCMP(op_fseq, fxp_eq_f(a, b))
OP_FCMP(op_fsne, fxp_ne_f(a, b))

/* Scalar functions of src.x, replicated */
#define OP_SCALAR(name, fn)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      const fxp_vf x = src_f(e, in, 0, 0);                                  \
      const fxp_vf r = LANES1(fn, x);                                       \
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r);                      \
   }
/* The same with a lane-vector function (fxp_vmath.h), its operand and result flushed */
#define OP_SCALAR_V(name, vfn)                                              \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      const fxp_vf r = flush(vfn(flush(src_f(e, in, 0, 0))));               \
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r);                      \
   }
static inline fxp_vf vrcp(fxp_vf x) { return fxp_splat_f(1.0f) / x; }
OP_SCALAR_V(op_rcp, vrcp)
OP_SCALAR_V(op_rsq, fxp_vrsq)
OP_SCALAR_V(op_sqrt, fxp_vsqrt)
OP_SCALAR_V(op_ex2, fxp_vexp2)
OP_SCALAR_V(op_lg2, fxp_vlog2)
OP_SCALAR(op_sin, sinf)
OP_SCALAR(op_cos, cosf)

static void
op_pow(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf r = flush(fxp_vpow(flush(src_f(e, in, 0, 0)), flush(src_f(e, in, 1, 0))));
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r);
}

/* POW whose exponent is the same in every lane (src1.x an immediate, a directly addressed constant or a
 * uniform result: fxp_decode.c, pow_uniform): an integer n with |n| <= FXP_POW_INT_MAX takes fxp_vpow_int,
 * any other value (or lanes that differ after all) op_pow's fxp_vpow. glmark2's lighting shaders raise to
 * literal integer powers (10 to 100), where perf put fxp_vpow's series at 16% of bench-tgsi's fragment
 * shader (session 25). */
static void
op_pow_uniform(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf x = flush(src_f(e, in, 0, 0)), y = flush(src_f(e, in, 1, 0));
   const float y0 = y[0];
   const fxp_vi y0_bits = fxp_splat_i((int32_t)((fxp_vu)y)[0]);
   const bool same = fxp_lane_bits(fxp_eq_i((fxp_vi)y, y0_bits)) == (1u << FXP_W) - 1;
   const bool integer = fabsf(y0) <= FXP_POW_INT_MAX && y0 == (float)(int)y0;
   const fxp_vf r = flush(same && integer ? fxp_vpow_int(x, (int)y0) : fxp_vpow(x, y));
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r);
}

static void
op_dp(struct fxp_exec *e, const struct fxp_inst *in, unsigned n)
{
   fxp_vf r = zero();
   for (unsigned c = 0; c < n; c++)
      r += src_f(e, in, 0, c) * src_f(e, in, 1, c);
   r = nan_canon_f(r);
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r);
}
static void op_dp2(struct fxp_exec *e, const struct fxp_inst *in) { op_dp(e, in, 2); }
static void op_dp3(struct fxp_exec *e, const struct fxp_inst *in) { op_dp(e, in, 3); }
static void op_dp4(struct fxp_exec *e, const struct fxp_inst *in) { op_dp(e, in, 4); }

/* The simple forms of DP2-4: `mod` (a constant in each caller) reads the sources with their modifiers and
 * saturates, as the _simple_mod forms do (STORE_SAT), else reads them plainly and stores them plainly or, when
 * `blend`, with the execution-mask blend (the _blend forms, STORE_BLEND). */
static inline void
op_dp_simple(struct fxp_exec *e, const struct fxp_inst *in, unsigned n, bool mod, bool blend)
{
   fxp_vf r = zero();
   for (unsigned c = 0; c < n; c++)
      r += mod ? F(0) * F(1) : SF(0) * SF(1);
   r = nan_canon_f(r);
   if (mod) {
      FOREACH_CHAN(in, c) STORE_SAT(c, r);
   } else if (blend) {
      FOREACH_CHAN(in, c) STORE_BLEND(c, r);
   } else {
      FOREACH_CHAN(in, c) STORE_PLAIN(c, r);
   }
}
static void op_dp2_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 2, true, false); }
static void op_dp3_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 3, true, false); }
static void op_dp4_simple_mod(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 4, true, false); }
static void op_dp2_simple(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 2, false, false); }
static void op_dp2_blend(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 2, false, true); }
static void op_dp3_simple(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 3, false, false); }
static void op_dp3_blend(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 3, false, true); }
static void op_dp4_simple(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 4, false, false); }
static void op_dp4_blend(struct fxp_exec *e, const struct fxp_inst *in) { op_dp_simple(e, in, 4, false, true); }

static void
op_dst(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf r[4] = {one(), nan_canon_f(src_f(e, in, 0, 1) * src_f(e, in, 1, 1)), src_f(e, in, 0, 2),
                         src_f(e, in, 1, 3)};
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

static float ex2_floor(float x) { return exp2f(floorf(x)); }
static float lg2_abs_floor(float x) { return floorf(log2f(fabsf(x))); }
static float lg2_abs(float x) { return log2f(fabsf(x)); }

/* EXP: (2^floor(x), x - floor(x), 2^x, 1) */
static void
op_exp(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf x = src_f(e, in, 0, 0);
   const fxp_vf r[4] = {LANES1(ex2_floor, x), LANES1(frc1, x), LANES1(exp2f, x), one()};
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

/* LOG: (floor(lg2|x|), |x| / 2^floor(lg2|x|), lg2|x|, 1) */
static void
op_log(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf x = src_f(e, in, 0, 0);
   const fxp_vf fl = LANES1(lg2_abs_floor, x);
   fxp_vf ax = LANES1(fabsf, x);
   const fxp_vf r[4] = {fl, ax / LANES1(exp2f, fl), LANES1(lg2_abs, x), one()};
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

static float
lit_z(float x, float y, float w)
{
   if (x <= 0.0f)
      return 0.0f;
   w = w < -128.0f ? -128.0f : w > 128.0f ? 128.0f : w;
   return powf(y > 0.0f ? y : 0.0f, w);
}

/* LIT: (1, max(x, 0), x > 0 ? max(y, 0)^clamp(w, -128, 128) : 0, 1) */
static void
op_lit(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf x = src_f(e, in, 0, 0), y = src_f(e, in, 0, 1), w = src_f(e, in, 0, 3);
   const fxp_vf r[4] = {one(), LANES2(fmaxf, x, zero()), LANES3(lit_z, x, y, w), one()};
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

/* Conversions */
static int32_t
f2i1(float x)
{
   if (!(x == x))
      return 0;
   if (x >= 2147483648.0f)
      return INT32_MAX;
   if (x <= -2147483648.0f)
      return INT32_MIN;
   return (int32_t)x;
}

static uint32_t
f2u1(float x)
{
   if (!(x > 0.0f))
      return 0;
   if (x >= 4294967296.0f)
      return UINT32_MAX;
   return (uint32_t)x;
}

static void
op_f2i(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vi r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = F(0);
      for (unsigned l = 0; l < FXP_W; l++)
         r[c][l] = f2i1(a[l]);
   }
   FOREACH_CHAN(in, c) dst_store_i(e, in, 0, c, r[c]);
}

static void
op_f2u(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vu r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = F(0);
      for (unsigned l = 0; l < FXP_W; l++)
         r[c][l] = f2u1(a[l]);
   }
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);
}

static void
op_i2f(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vf r[4];
   FOREACH_CHAN(in, c) r[c] = __builtin_convertvector(src_i(e, in, 0, c), fxp_vf);
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

static void
op_u2f(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vf r[4];
   FOREACH_CHAN(in, c) r[c] = __builtin_convertvector(src_u(e, in, 0, c), fxp_vf);
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

/* ARL: address = floor(x); ARR: round(x) */
static void
op_arl(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vi r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = F(0);
      for (unsigned l = 0; l < FXP_W; l++)
         r[c][l] = f2i1(floorf(a[l]));
   }
   FOREACH_CHAN(in, c) dst_store_i(e, in, 0, c, r[c]);
}

static void
op_arr(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vi r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = F(0);
      for (unsigned l = 0; l < FXP_W; l++)
         r[c][l] = f2i1(rintf(a[l]));
   }
   FOREACH_CHAN(in, c) dst_store_i(e, in, 0, c, r[c]);
}

/* LDEXP: src0 * 2^src1 (src1 an integer) */
static void
op_ldexp(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vf r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = flush(F(0));
      const fxp_vi b = src_i(e, in, 1, c);
      for (unsigned l = 0; l < FXP_W; l++)
         r[c][l] = ldexpf(a[l], b[l]);
      r[c] = flush(r[c]);
   }
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}

/* PK2H: (half(x) | half(y) << 16) replicated; UP2H: (float(lo), float(hi), float(lo), float(hi)) */
static void
op_pk2h(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vf x = src_f(e, in, 0, 0), y = src_f(e, in, 0, 1);
   fxp_vu r;
   for (unsigned l = 0; l < FXP_W; l++)
      r[l] = _mesa_float_to_half(x[l]) | ((uint32_t)_mesa_float_to_half(y[l]) << 16);
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r);
}

static void
op_up2h(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu v = src_raw(e, in, 0, 0);
   fxp_vf lo, hi;
   for (unsigned l = 0; l < FXP_W; l++) {
      lo[l] = _mesa_half_to_float(v[l] & 0xffff);
      hi[l] = _mesa_half_to_float(v[l] >> 16);
   }
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, (c & 1) ? hi : lo);
}

/* Fine derivatives over 2x2 quads (fxp_quad_dx, fxp_quad_dy: lanes 4q+0..3 are (x, y) = (0,0), (1,0), (0,1),
 * (1,1) of quad q); 0 where the lanes are not laid out in quads. */
static void
derivative(struct fxp_exec *e, const struct fxp_inst *in, bool dy)
{
   fxp_vf r[4];
   FOREACH_CHAN(in, c) {
      const fxp_vf a = F(0);
      r[c] = !e->quad_layout ? fxp_splat_f(0.0f) : dy ? fxp_quad_dy(a) : fxp_quad_dx(a);
   }
   FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, r[c]);
}
static void op_ddx(struct fxp_exec *e, const struct fxp_inst *in) { derivative(e, in, false); }
static void op_ddy(struct fxp_exec *e, const struct fxp_inst *in) { derivative(e, in, true); }

/* CLOCK: (low, high) of a nanosecond counter */
static void
op_clock(struct fxp_exec *e, const struct fxp_inst *in)
{
   const uint64_t t = os_time_get_nano();
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, (fxp_vu){0} + (uint32_t)((c & 1) ? t >> 32 : t));
}

void
FXP_ISA_FN(fxp_ops_float_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_MOV] = op_mov_f;
   t[TGSI_OPCODE_ADD] = op_add;
   t[TGSI_OPCODE_MUL] = op_mul;
   t[TGSI_OPCODE_DIV] = op_div;
   t[TGSI_OPCODE_MAD] = op_mad;
   t[TGSI_OPCODE_FMA] = op_fma;
   t[TGSI_OPCODE_MIN] = op_min;
   t[TGSI_OPCODE_MAX] = op_max;
   t[TGSI_OPCODE_SLT] = op_slt;
   t[TGSI_OPCODE_SGE] = op_sge;
   t[TGSI_OPCODE_SGT] = op_sgt;
   t[TGSI_OPCODE_SLE] = op_sle;
   t[TGSI_OPCODE_SEQ] = op_seq;
   t[TGSI_OPCODE_SNE] = op_sne;
   t[TGSI_OPCODE_FSLT] = op_fslt;
   t[TGSI_OPCODE_FSGE] = op_fsge;
   t[TGSI_OPCODE_FSEQ] = op_fseq;
   t[TGSI_OPCODE_FSNE] = op_fsne;
   t[TGSI_OPCODE_FLR] = op_flr;
   t[TGSI_OPCODE_CEIL] = op_ceil;
   t[TGSI_OPCODE_TRUNC] = op_trunc;
   t[TGSI_OPCODE_ROUND] = op_round;
   t[TGSI_OPCODE_FRC] = op_frc;
   t[TGSI_OPCODE_SSG] = op_ssg;
   t[TGSI_OPCODE_CMP] = op_cmp;
   t[TGSI_OPCODE_LRP] = op_lrp;
   t[TGSI_OPCODE_RCP] = op_rcp;
   t[TGSI_OPCODE_RSQ] = op_rsq;
   t[TGSI_OPCODE_SQRT] = op_sqrt;
   t[TGSI_OPCODE_EX2] = op_ex2;
   t[TGSI_OPCODE_LG2] = op_lg2;
   t[TGSI_OPCODE_POW] = op_pow;
   t[TGSI_OPCODE_SIN] = op_sin;
   t[TGSI_OPCODE_COS] = op_cos;
   t[TGSI_OPCODE_DP2] = op_dp2;
   t[TGSI_OPCODE_DP3] = op_dp3;
   t[TGSI_OPCODE_DP4] = op_dp4;
   t[TGSI_OPCODE_DST] = op_dst;
   t[TGSI_OPCODE_EXP] = op_exp;
   t[TGSI_OPCODE_LOG] = op_log;
   t[TGSI_OPCODE_LIT] = op_lit;
   t[TGSI_OPCODE_F2I] = op_f2i;
   t[TGSI_OPCODE_F2U] = op_f2u;
   t[TGSI_OPCODE_I2F] = op_i2f;
   t[TGSI_OPCODE_U2F] = op_u2f;
   t[TGSI_OPCODE_ARL] = op_arl;
   t[TGSI_OPCODE_ARR] = op_arr;
   t[TGSI_OPCODE_LDEXP] = op_ldexp;
   t[TGSI_OPCODE_PK2H] = op_pk2h;
   t[TGSI_OPCODE_UP2H] = op_up2h;
   t[TGSI_OPCODE_DDX] = op_ddx;
   t[TGSI_OPCODE_DDY] = op_ddy;
   t[TGSI_OPCODE_DDX_FINE] = op_ddx;
   t[TGSI_OPCODE_DDY_FINE] = op_ddy;
   t[TGSI_OPCODE_CLOCK] = op_clock;
}

/* Fused instructions (fxp_shader.h, enum fxp_fuse_op; chosen by fxp_decode.c, fuse): the members' simple
 * forms inlined one after the other, then the program counter moved past the members after the first (the
 * run loop has already moved it past the first). */
#define FUSED2(n1, f1, n2, f2)                                                                         \
   static void __attribute__((flatten)) fused_##n1##_##n2(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                                                  \
      f1(e, in);                                                                                      \
      f2(e, in + 1);                                                                                  \
      e->pc += 1;                                                                                     \
   }
#define FUSED2_ROW(n1, f1)                                                                             \
   FUSED2(n1, f1, mov, op_mov_f_simple) FUSED2(n1, f1, add, op_add_simple)                            \
   FUSED2(n1, f1, mul, op_mul_simple) FUSED2(n1, f1, mad, op_mad_simple)
FUSED2_ROW(mov, op_mov_f_simple)
FUSED2_ROW(add, op_add_simple)
FUSED2_ROW(mul, op_mul_simple)
FUSED2_ROW(mad, op_mad_simple)

#define FUSED3(n1, f1, n2, f2, n3, f3)                                                                 \
   static void __attribute__((flatten)) fused_##n1##_##n2##_##n3(struct fxp_exec *e,                   \
                                                                 const struct fxp_inst *in)            \
   {                                                                                                  \
      f1(e, in);                                                                                      \
      f2(e, in + 1);                                                                                  \
      f3(e, in + 2);                                                                                  \
      e->pc += 2;                                                                                     \
   }
FUSED3(add, op_add_simple, add, op_add_simple, add, op_add_simple)
FUSED3(mul, op_mul_simple, mad, op_mad_simple, mad, op_mad_simple)
FUSED3(mad, op_mad_simple, mad, op_mad_simple, mad, op_mad_simple)
FUSED3(mad, op_mad_simple, mad, op_mad_simple, add, op_add_simple)
FUSED3(mov, op_mov_f_simple, mov, op_mov_f_simple, mov, op_mov_f_simple)

void
FXP_ISA_FN(fxp_ops_float_register_fused)(struct fxp_engine *eng)
{
   enum { MOV = FXP_FUSE_MOV, ADD = FXP_FUSE_ADD, MUL = FXP_FUSE_MUL, MAD = FXP_FUSE_MAD };
   static const fxp_op_fn pairs[FXP_FUSE_COUNT][FXP_FUSE_COUNT] = {
      [MOV] = {[MOV] = fused_mov_mov, [ADD] = fused_mov_add, [MUL] = fused_mov_mul, [MAD] = fused_mov_mad},
      [ADD] = {[MOV] = fused_add_mov, [ADD] = fused_add_add, [MUL] = fused_add_mul, [MAD] = fused_add_mad},
      [MUL] = {[MOV] = fused_mul_mov, [ADD] = fused_mul_add, [MUL] = fused_mul_mul, [MAD] = fused_mul_mad},
      [MAD] = {[MOV] = fused_mad_mov, [ADD] = fused_mad_add, [MUL] = fused_mad_mul, [MAD] = fused_mad_mad},
   };
   memcpy(eng->fused2, pairs, sizeof(pairs));
   memset(eng->fused3, 0, sizeof(eng->fused3));
   eng->fused3[ADD][ADD][ADD] = fused_add_add_add;
   eng->fused3[MUL][MAD][MAD] = fused_mul_mad_mad;
   eng->fused3[MAD][MAD][MAD] = fused_mad_mad_mad;
   eng->fused3[MAD][MAD][ADD] = fused_mad_mad_add;
   eng->fused3[MOV][MOV][MOV] = fused_mov_mov_mov;
}

/* The forms the decoder chooses by an analysis of their operands (fxp_shader.h, struct fxp_engine). */
void
FXP_ISA_FN(fxp_ops_float_register_forms)(struct fxp_engine *eng)
{
   eng->pow_uniform = op_pow_uniform;
}

/* The simple forms of this file's opcodes (see SF above) into t, and their blend forms (STORE_BLEND) into b;
 * the decoder uses them where they apply. */
void
FXP_ISA_FN(fxp_ops_float_register_simple)(fxp_op_fn *t, fxp_op_fn *b)
{
   FXP_SIMPLE_AND_BLEND(MOV, op_mov_f);
   FXP_SIMPLE_AND_BLEND(ADD, op_add);
   FXP_SIMPLE_AND_BLEND(MUL, op_mul);
   FXP_SIMPLE_AND_BLEND(MAD, op_mad);
   FXP_SIMPLE_AND_BLEND(MIN, op_min);
   FXP_SIMPLE_AND_BLEND(MAX, op_max);
   FXP_SIMPLE_AND_BLEND(CMP, op_cmp);
   FXP_SIMPLE_AND_BLEND(LRP, op_lrp);
   FXP_SIMPLE_AND_BLEND(FLR, op_flr);
   FXP_SIMPLE_AND_BLEND(FRC, op_frc);
   FXP_SIMPLE_AND_BLEND(DP2, op_dp2);
   FXP_SIMPLE_AND_BLEND(DP3, op_dp3);
   FXP_SIMPLE_AND_BLEND(DP4, op_dp4);
}

/* The simple forms with source modifiers and saturation (STORE_SAT above). */
void
FXP_ISA_FN(fxp_ops_float_register_simple_mod)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_MOV] = op_mov_f_simple_mod;
   t[TGSI_OPCODE_ADD] = op_add_simple_mod;
   t[TGSI_OPCODE_MUL] = op_mul_simple_mod;
   t[TGSI_OPCODE_MAD] = op_mad_simple_mod;
   t[TGSI_OPCODE_MIN] = op_min_simple_mod;
   t[TGSI_OPCODE_MAX] = op_max_simple_mod;
   t[TGSI_OPCODE_CMP] = op_cmp_simple_mod;
   t[TGSI_OPCODE_LRP] = op_lrp_simple_mod;
   t[TGSI_OPCODE_FLR] = op_flr_simple_mod;
   t[TGSI_OPCODE_FRC] = op_frc_simple_mod;
   t[TGSI_OPCODE_DP2] = op_dp2_simple_mod;
   t[TGSI_OPCODE_DP3] = op_dp3_simple_mod;
   t[TGSI_OPCODE_DP4] = op_dp4_simple_mod;
}
