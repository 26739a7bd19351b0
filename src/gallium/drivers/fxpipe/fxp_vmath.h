/* Transcendental and root functions on whole lane vectors: the engine's EX2, LG2, POW, SQRT, RSQ, RCP, in
 * place of the C library's scalar functions called lane by lane, which took 6-8% of glmark2's phong scene
 * (powf) and 7% of its function scene (sqrtf). Included by the opcode files, so compiled into each
 * instruction-set table (fxp_shader.h, "Instruction sets"); the sampler's level of detail takes its log2 from
 * fxp_vlog2 too (fxp_sampler_footprint in sampler/fxp_sampler.c), so that the texture opcodes' lane-vector LOD and the
 * sampler's one-lane LOD are the same bits.
 *
 * | function      | how                                                          | accuracy                     |
 * |---------------|--------------------------------------------------------------|------------------------------|
 * | fxp_vsqrt     | the CPU's square root instruction (sqrtps and wider)         | correctly rounded (IEEE)     |
 * | fxp_vrsq      | 1 / fxp_vsqrt(x), an IEEE division                           | as 1.0f / sqrtf(x)           |
 * | fxp_vexp2     | in double precision: x = k + f, k the nearest integer,       | within 1 ulp of 2^x; in      |
 * |               | |f| <= 1/2, 2^f by its Taylor series in f ln 2 to degree 11  | practice correctly rounded   |
 * |               | (truncation below 2^-49), times 2^k built in the exponent    |                              |
 * | fxp_vlog2     | in double precision: x = 2^e m, m in [sqrt(1/2), sqrt(2)),   | within 1 ulp of log2(x)      |
 * |               | ln m = 2 atanh(t), t = (m - 1) / (m + 1), |t| < 0.172, by    |                              |
 * |               | its series to t^17 (truncation below 2^-49 relative)         |                              |
 * | fxp_vpow      | exp2(y log2 x) with both in double, for x > 0 finite or      | within 1 ulp of x^y          |
 * |               | x = +0 and y finite; other lanes (negative x, -0, infinities, |                              |
 * |               | NaN) go to the C library's powf, whose special cases C99     |                              |
 * |               | defines                                                      |                              |
 * | fxp_vpow_int  | x^n for one integer n, |n| <= FXP_POW_INT_MAX, by squaring  | within 1 ulp of x^n: relative|
 * |               | in double (1/x^|n| for n < 0), for finite x of either sign  | error below (|n| + 1) 2^-53, |
 * |               | and zeros; infinities and NaN go to powf                     | 2^-45 at most                |
 *
 * Only IEEE additions, multiplications, divisions, square roots and exact conversions and integer operations
 * are used, never fused (-ffp-contract=off) or approximated, so every table gives the same bits. Special
 * values: EX2(NaN) and LG2(NaN) are the quieted NaN, EX2(+inf) = +inf, EX2(-inf) = +0, LG2(+-0) = -inf,
 * LG2(x < 0) = the quiet NaN 0x7fc00000, LG2(+inf) = +inf, results past the float range are infinities or
 * zeros. The callers flush denormal operands and results (fxp_ops_float.c, flush). Checked against
 * correctly rounded double-precision references in shader/fxp_vmath_test.c. */
#ifndef FXP_VMATH_H
#define FXP_VMATH_H

#include <math.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "fxp_lanes.h"

static inline fxp_vf
fxp_vsqrt(fxp_vf x)
{
#if defined(__AVX512F__) && FXP_W == 16
   return (fxp_vf)_mm512_sqrt_ps((__m512)x);
#elif defined(__AVX__) && FXP_W % 8 == 0
   __m256 h[FXP_W / 8];
   memcpy(h, &x, sizeof(h));
   for (unsigned k = 0; k < FXP_W / 8; k++)
      h[k] = _mm256_sqrt_ps(h[k]);
   memcpy(&x, h, sizeof(h));
   return x;
#elif defined(__SSE2__) && FXP_W % 4 == 0
   __m128 q[FXP_W / 4];
   memcpy(q, &x, sizeof(q));
   for (unsigned k = 0; k < FXP_W / 4; k++)
      q[k] = _mm_sqrt_ps(q[k]);
   memcpy(&x, q, sizeof(q));
   return x;
#else
   for (unsigned l = 0; l < FXP_W; l++)
      x[l] = sqrtf(x[l]);
   return x;
#endif
}

static inline fxp_vf
fxp_vrsq(fxp_vf x)
{
   return fxp_splat_f(1.0f) / fxp_vsqrt(x);
}

/* the lanes of a where m is all ones, of b elsewhere (64-bit lanes) */
static inline fxp_vd
fxp_vsel_d(fxp_vqs m, fxp_vd a, fxp_vd b)
{
   return (fxp_vd)(((fxp_vq)m & (fxp_vq)a) | (~(fxp_vq)m & (fxp_vq)b));
}

/* 2^z in double precision for |z| <= 200 (the callers clamp): see the table above */
static inline fxp_vd
fxp_vexp2_d(fxp_vd z)
{
   const double round = 0x1.8p52; /* adding and subtracting it rounds to the nearest integer (|z| < 2^51) */
   const fxp_vd zr = z + round;
   const fxp_vd k = zr - round;
   const fxp_vd f = (z - k) * 0x1.62e42fefa39efp-1; /* f ln 2, |f| <= ln 2 / 2: (z - k) is exact */
   /* ln(2)^n / n! folded into powers of f ln 2: the Taylor series of e^y, y = f ln 2 */
   fxp_vd p = f * (1.0 / 39916800.0) + (1.0 / 3628800.0);
   p = p * f + (1.0 / 362880.0);
   p = p * f + (1.0 / 40320.0);
   p = p * f + (1.0 / 5040.0);
   p = p * f + (1.0 / 720.0);
   p = p * f + (1.0 / 120.0);
   p = p * f + (1.0 / 24.0);
   p = p * f + (1.0 / 6.0);
   p = p * f + 0.5;
   p = p * f + 1.0;
   p = p * f + 1.0;
   /* 2^k: k's bits are the low bits of zr's mantissa (two's complement), and the low 11 bits of
    * that plus 1023 are k's biased exponent, k in [-200, 200] */
   const fxp_vq scale = ((fxp_vq)zr + 1023u) << 52;
   return p * (fxp_vd)scale;
}

/* The steps of log2(2^e m) = e + (2 t p(t^2)) / ln 2, t = (m - 1) / (m + 1), from the double m and e (T:
 * double, or fxp_vd with e converted): one text for the lane-vector and one-lane forms, so that they are the
 * same operations in the same order, and the same bits. */
#define FXP_LOG2_STEPS(T, m, e_d)                                                                              \
   ({                                                                                                          \
      const T t_ = ((m) - 1.0) / ((m) + 1.0);                                                                  \
      const T s_ = t_ * t_;                                                                                    \
      T p_ = s_ * 0x1.e1e1e1e1e1e1ep-5 + 0x1.1111111111111p-4; /* 1/17, 1/15 */                                \
      p_ = p_ * s_ + 0x1.3b13b13b13b14p-4;                     /* 1/13 */                                      \
      p_ = p_ * s_ + 0x1.745d1745d1746p-4;                     /* 1/11 */                                      \
      p_ = p_ * s_ + 0x1.c71c71c71c71cp-4;                     /* 1/9 */                                       \
      p_ = p_ * s_ + 0x1.2492492492492p-3;                     /* 1/7 */                                       \
      p_ = p_ * s_ + 0x1.999999999999ap-3;                     /* 1/5 */                                       \
      p_ = p_ * s_ + 0x1.5555555555555p-2;                     /* 1/3 */                                       \
      p_ = p_ * s_ + 1.0;                                                                                      \
      (e_d) + (t_ * p_) * 0x1.71547652b82fep+1;                                                                \
   })

/* log2(x) in double precision for positive normal floats (other lanes give unspecified values) */
static inline fxp_vd
fxp_vlog2_d(fxp_vf x)
{
   const fxp_vu bits = (fxp_vu)x;
   /* m in [sqrt(1/2), sqrt(2)): the mantissa with exponent 0, halved (and e raised) from sqrt(2) up */
   const fxp_vu mbits0 = (bits & 0x007fffffu) | 0x3f800000u;
   const fxp_vu big = (fxp_vu)fxp_gt_u(mbits0, (fxp_vu){0} + 0x3fb504f3u); /* m > (float)sqrt(2) */
   const fxp_vu mbits = mbits0 - (big & 0x00800000u);
   const fxp_vi e = (fxp_vi)(bits >> 23) - 127 + (fxp_vi)(big & 1u);
   const fxp_vd m = __builtin_convertvector((fxp_vf)mbits, fxp_vd);
   return FXP_LOG2_STEPS(fxp_vd, m, __builtin_convertvector(e, fxp_vd));
}

/* fxp_vlog2 of one positive normal float or +inf (fxp_sampler_footprint's level of detail), the same bits
 * as a lane of fxp_vlog2, without the 15 other lanes' work */
static inline float
fxp_log2_1(float x)
{
   uint32_t bits;
   memcpy(&bits, &x, 4);
   if (bits >= 0x7f800000u)
      return x; /* +inf (the callers pass no NaN nor negative value) */
   const uint32_t mbits0 = (bits & 0x007fffffu) | 0x3f800000u;
   const uint32_t big = mbits0 > 0x3fb504f3u;
   const uint32_t mbits = mbits0 - (big ? 0x00800000u : 0u);
   const int32_t e = (int32_t)(bits >> 23) - 127 + (int32_t)big;
   float mf;
   memcpy(&mf, &mbits, 4);
   const double m = mf;
   return (float)FXP_LOG2_STEPS(double, m, (double)e);
}

/* clamps a float lane vector to [-200, 200] (NaN lanes become 0: the callers replace them) */
static inline fxp_vf
fxp_vclamp200(fxp_vf x)
{
   const fxp_vf lim = fxp_splat_f(200.0f);
   x = fxp_sel_f(fxp_lt_f(x, lim), x, lim);
   x = fxp_sel_f(fxp_gt_f(x, -lim), x, -lim);
   return x; /* NaN fails both comparisons: -200 */
}

static inline fxp_vf
fxp_vexp2(fxp_vf x)
{
   const fxp_vd z = __builtin_convertvector(fxp_vclamp200(x), fxp_vd);
   const fxp_vf r = __builtin_convertvector(fxp_vexp2_d(z), fxp_vf);
   const fxp_vi nan = fxp_ne_f(x, x);
   return fxp_sel_f(nan, x + x, r);
}

static inline fxp_vf
fxp_vlog2(fxp_vf x)
{
   const fxp_vu bits = (fxp_vu)x;
   const fxp_vf r = __builtin_convertvector(fxp_vlog2_d(x), fxp_vf);
   /* positive normal floats: bits in [0x00800000, 0x7f800000) */
   const fxp_vi normal = fxp_lt_u(bits - 0x00800000u, (fxp_vu){0} + (0x7f800000u - 0x00800000u));
   const fxp_vi zero = fxp_eq_i((fxp_vi)(bits & 0x7fffffffu), fxp_splat_i(0));
   const fxp_vi pinf = fxp_eq_i((fxp_vi)bits, fxp_splat_i(0x7f800000));
   const fxp_vi nan = fxp_ne_f(x, x);
   fxp_vf out = fxp_sel_f(normal, r, (fxp_vf)((fxp_vu){0} + 0x7fc00000u)); /* negative: NaN */
   out = fxp_sel_f(zero, fxp_splat_f(-INFINITY), out);
   out = fxp_sel_f(pinf, x, out);
   return fxp_sel_f(nan, x + x, out);
}

/* r, with the lanes outside `done` (a lane mask) replaced by the C library's powf(x, y): fxp_vpow's and
 * fxp_vpow_int's special lanes, whose cases C99 defines. */
static inline fxp_vf
fxp_powf_lanes(fxp_vf r, fxp_vf x, fxp_vf y, fxp_vi done)
{
   for (uint32_t todo = ~fxp_lane_bits(done) & ((1u << FXP_W) - 1); todo; todo &= todo - 1) {
      const unsigned l = (unsigned)__builtin_ctz(todo);
      r[l] = powf(x[l], y[l]);
   }
   return r;
}

/* x^y: the lanes with x a positive normal float, or +0, and y finite, in double precision; the others by the
 * C library's powf (their special cases). */
static inline fxp_vf
fxp_vpow(fxp_vf x, fxp_vf y)
{
   const fxp_vu xb = (fxp_vu)x;
   const fxp_vi x_normal = fxp_lt_u(xb - 0x00800000u, (fxp_vu){0} + (0x7f800000u - 0x00800000u));
   const fxp_vi x_pzero = fxp_eq_i((fxp_vi)xb, fxp_splat_i(0));
   const fxp_vi y_finite = fxp_lt_u((fxp_vu)y & 0x7fffffffu, (fxp_vu){0} + 0x7f800000u);
   /* x > 0: 2^(y log2 x), the exponent clamped to +-200 in double (past the float range either way) */
   fxp_vd z = __builtin_convertvector(y, fxp_vd) * fxp_vlog2_d(x);
   const fxp_vd lim = (fxp_vd){0} + 200.0;
   z = fxp_vsel_d(fxp_gt_d(z, lim), lim, z);
   z = fxp_vsel_d(fxp_gt_d(-lim, z), -lim, z);
   fxp_vf r = __builtin_convertvector(fxp_vexp2_d(z), fxp_vf);
   /* x = +0: +0 for y > 0, +inf for y < 0, 1 for y = 0 */
   const fxp_vf r0 = fxp_sel_f(fxp_gt_f(y, fxp_splat_f(0.0f)), fxp_splat_f(0.0f),
                                 fxp_sel_f(fxp_lt_f(y, fxp_splat_f(0.0f)), fxp_splat_f(INFINITY),
                                             fxp_splat_f(1.0f)));
   r = fxp_sel_f(x_pzero, r0, r);
   return fxp_powf_lanes(r, x, y, (x_normal | x_pzero) & y_finite);
}

/* The largest |n| fxp_vpow_int takes: its relative error before the rounding to float grows with |n| (each
 * squaring doubles the error carried, plus one rounding), below (|n| + 1) 2^-53 = 2^-45 here, far inside a
 * float's half ulp (2^-24), so the result is within 1 ulp and correctly rounded unless x^n lies within 2^-45 of
 * a halfway point. Shaders' literal exponents (glmark2's specular powers 10 to 100) are well inside it. */
#define FXP_POW_INT_MAX 256

/* x^n, n an integer with |n| <= FXP_POW_INT_MAX, by squaring in double: exact products of floats rounded
 * once each, in an order fixed by n alone (the same bits on every table). Finite x and zeros of either sign
 * give what C99's powf gives for an integer exponent (the sign of odd powers of negative x, +-0 and +-inf
 * from zeros, 1 for n = 0); infinities and NaN lanes take powf itself. No intermediate overflows or
 * underflows unless x^|n| does (the partial products move monotonically toward it), and below the double
 * range x^|n| is far below the float range either way. */
static inline fxp_vf
fxp_vpow_int(fxp_vf x, int n)
{
   const fxp_vd xd = __builtin_convertvector(x, fxp_vd);
   fxp_vd r = (fxp_vd){0} + 1.0, b = xd;
   for (unsigned m = (unsigned)(n < 0 ? -n : n); m; m >>= 1) {
      if (m & 1)
         r = r * b;
      if (m > 1)
         b = b * b;
   }
   if (n < 0)
      r = 1.0 / r;
   const fxp_vi finite = fxp_lt_u((fxp_vu)x & 0x7fffffffu, (fxp_vu){0} + 0x7f800000u);
   return fxp_powf_lanes(__builtin_convertvector(r, fxp_vf), x, fxp_splat_f((float)n), finite);
}

#endif
