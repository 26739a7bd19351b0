/* Lane vectors: the GCC vector types over the FXP_W lanes of a batch and the small helpers on them, shared by
 * the shader engine (shader/), the sampler (sampler/), the rasterizer (raster/) and the per-fragment
 * operations (fragment/). Nothing here knows about programs or execution states (shader/fxp_shader.h). */
#ifndef FXP_LANES_H
#define FXP_LANES_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#define FXP_W 16 /* lanes per batch: four 2x2 quads (8, 16 and 32 were measured with bench/tgsi: 16 is fastest overall) */

typedef float fxp_vf __attribute__((vector_size(FXP_W * 4)));
typedef int32_t fxp_vi __attribute__((vector_size(FXP_W * 4)));
typedef uint32_t fxp_vu __attribute__((vector_size(FXP_W * 4)));
/* 64-bit lanes: the engine's 64-bit opcodes, and the rasterizer's interpolation in double precision */
typedef double fxp_vd __attribute__((vector_size(FXP_W * 8)));
typedef uint64_t fxp_vq __attribute__((vector_size(FXP_W * 8)));
typedef int64_t fxp_vqs __attribute__((vector_size(FXP_W * 8)));

/* Lane comparisons, giving ~0 where true and 0 where false. Without 64-byte vector registers (AVX-512) GCC
 * turns a comparison of two 16-lane vectors into 16 scalar comparisons and branches; these compare
 * FXP_CMP_W lanes at a time, as wide as the instruction set the file is compiled for does in one
 * instruction: 4 with SSE2 (every x86-64) and NEON, 8 in the engine's AVX2 copy and all 16 in its AVX-512
 * copy (shader/fxp_shader.h, "Instruction sets"). Use them, not the operators, wherever lanes are compared.
 * NaN compares as C says: unordered is false, except for "not equal". */
#if defined(__AVX512F__)
#define FXP_CMP_W 16
#elif defined(__AVX2__)
#define FXP_CMP_W 8
#else
#define FXP_CMP_W 4
#endif
typedef float fxp_vcf __attribute__((vector_size(FXP_CMP_W * 4)));
typedef int32_t fxp_vci __attribute__((vector_size(FXP_CMP_W * 4)));
typedef uint32_t fxp_vcu __attribute__((vector_size(FXP_CMP_W * 4)));
#define FXP_CMP_FN(name, T, TC, op)                                                                   \
   static inline fxp_vi name(T a, T b)                                                               \
   {                                                                                                  \
      union { T v; TC q[FXP_W / FXP_CMP_W]; } x = {a}, y = {b};                                       \
      union { fxp_vi v; fxp_vci q[FXP_W / FXP_CMP_W]; } r;                                            \
      for (unsigned i = 0; i < FXP_W / FXP_CMP_W; i++)                                                \
         r.q[i] = (fxp_vci)(x.q[i] op y.q[i]);                                                        \
      return r.v;                                                                                     \
   }
FXP_CMP_FN(fxp_lt_f, fxp_vf, fxp_vcf, <)
FXP_CMP_FN(fxp_le_f, fxp_vf, fxp_vcf, <=)
FXP_CMP_FN(fxp_gt_f, fxp_vf, fxp_vcf, >)
FXP_CMP_FN(fxp_ge_f, fxp_vf, fxp_vcf, >=)
FXP_CMP_FN(fxp_eq_f, fxp_vf, fxp_vcf, ==)
FXP_CMP_FN(fxp_ne_f, fxp_vf, fxp_vcf, !=)
FXP_CMP_FN(fxp_lt_i, fxp_vi, fxp_vci, <)
FXP_CMP_FN(fxp_le_i, fxp_vi, fxp_vci, <=)
FXP_CMP_FN(fxp_gt_i, fxp_vi, fxp_vci, >)
FXP_CMP_FN(fxp_ge_i, fxp_vi, fxp_vci, >=)
FXP_CMP_FN(fxp_eq_i, fxp_vi, fxp_vci, ==)
FXP_CMP_FN(fxp_ne_i, fxp_vi, fxp_vci, !=)
FXP_CMP_FN(fxp_lt_u, fxp_vu, fxp_vcu, <)
FXP_CMP_FN(fxp_le_u, fxp_vu, fxp_vcu, <=)
FXP_CMP_FN(fxp_gt_u, fxp_vu, fxp_vcu, >)
FXP_CMP_FN(fxp_ge_u, fxp_vu, fxp_vcu, >=)
#undef FXP_CMP_FN
/* The same for 64-bit lanes (half as many a piece). */
typedef double fxp_vcd __attribute__((vector_size(FXP_CMP_W * 4)));
typedef int64_t fxp_vcq __attribute__((vector_size(FXP_CMP_W * 4)));
#define FXP_CMP_D_FN(name, op)                                                                        \
   static inline fxp_vqs name(fxp_vd a, fxp_vd b)                                                     \
   {                                                                                                  \
      union { fxp_vd v; fxp_vcd q[2 * FXP_W / FXP_CMP_W]; } x = {a}, y = {b};                          \
      union { fxp_vqs v; fxp_vcq q[2 * FXP_W / FXP_CMP_W]; } r;                                       \
      for (unsigned i = 0; i < 2 * FXP_W / FXP_CMP_W; i++)                                            \
         r.q[i] = (fxp_vcq)(x.q[i] op y.q[i]);                                                        \
      return r.v;                                                                                     \
   }
FXP_CMP_D_FN(fxp_ne_d, !=)
FXP_CMP_D_FN(fxp_gt_d, >)
#undef FXP_CMP_D_FN

/* Mesa's CLAMP(v, lo, hi) on every lane (v > lo ? (v > hi ? hi : v) : lo, so NaN gives lo), a piece of
 * FXP_CMP_W / 2 lanes at a time with lo and hi splatted at the piece's width: a 16-lane splat of a scalar
 * given to fxp_gt_d is written into memory lane by lane (perf: the depth fast path's clamp spent its time on
 * the stores and the store-forwarding stall of loading them back). */
static inline fxp_vd
fxp_clamp_d(fxp_vd v, double lo, double hi)
{
   union { fxp_vd v; fxp_vcd q[2 * FXP_W / FXP_CMP_W]; } x = {v};
   const fxp_vcd vlo = (fxp_vcd){0} + lo, vhi = (fxp_vcd){0} + hi;
   for (unsigned i = 0; i < 2 * FXP_W / FXP_CMP_W; i++) {
      const fxp_vcq above_hi = (fxp_vcq)(x.q[i] > vhi), above_lo = (fxp_vcq)(x.q[i] > vlo);
      x.q[i] = (fxp_vcd)(((((fxp_vcq)vhi & above_hi) | ((fxp_vcq)x.q[i] & ~above_hi)) & above_lo) |
                         ((fxp_vcq)vlo & ~above_lo));
   }
   return x.v;
}

typedef union fxp_vec {
   fxp_vf f;
   fxp_vi i;
   fxp_vu u;
   float af[FXP_W];
   int32_t ai[FXP_W];
   uint32_t au[FXP_W];
} fxp_vec;

/* Whether any lane is not 0. The engine's AVX copies (fxp_shader.h, "Instruction sets") test the vector at
 * once; elsewhere the lanes are ORed as 64-bit pairs (a lane-by-lane loop was a hot spot of control flow). */
static inline bool
fxp_any(fxp_vi m)
{
#if defined(__AVX512F__) && FXP_W == 16
   return _mm512_test_epi32_mask((__m512i)m, (__m512i)m) != 0;
#elif defined(__AVX2__) && FXP_W == 16
   const __m256i lo = (__m256i)__builtin_shufflevector(m, m, 0, 1, 2, 3, 4, 5, 6, 7);
   const __m256i hi = (__m256i)__builtin_shufflevector(m, m, 8, 9, 10, 11, 12, 13, 14, 15);
   const __m256i o = _mm256_or_si256(lo, hi);
   return !_mm256_testz_si256(o, o);
#else
   uint64_t q[FXP_W / 2], acc = 0;
   memcpy(q, &m, sizeof(q));
   for (unsigned i = 0; i < FXP_W / 2; i++)
      acc |= q[i];
   return acc != 0;
#endif
}

/* Bit l set where lane l of m is not 0 (m a comparison's result: each lane 0 or ~0). */
static inline uint32_t
fxp_lane_bits(fxp_vi m)
{
#if defined(__AVX512F__) && FXP_W == 16
   return _mm512_test_epi32_mask((__m512i)m, (__m512i)m);
#elif defined(__AVX2__) && FXP_W == 16
   const __m256 lo = (__m256)__builtin_shufflevector(m, m, 0, 1, 2, 3, 4, 5, 6, 7);
   const __m256 hi = (__m256)__builtin_shufflevector(m, m, 8, 9, 10, 11, 12, 13, 14, 15);
   return (uint32_t)_mm256_movemask_ps(lo) | (uint32_t)_mm256_movemask_ps(hi) << 8;
#else
   uint32_t bits = 0;
   for (unsigned l = 0; l < FXP_W; l++)
      bits |= m[l] ? 1u << l : 0;
   return bits;
#endif
}

static inline fxp_vi fxp_splat_i(int32_t v);

/* The inverse: ~0 in lane l where bit l of bits is set, else 0. */
static inline fxp_vi
fxp_bits_lanes(uint32_t bits)
{
   _Static_assert(FXP_W == 16, "the table below has 16 lanes");
   const fxp_vi bit = {1 << 0, 1 << 1, 1 << 2, 1 << 3, 1 << 4, 1 << 5, 1 << 6, 1 << 7,
                       1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13, 1 << 14, 1 << 15};
   return fxp_ne_i(fxp_splat_i((int32_t)bits) & bit, fxp_splat_i(0));
}

static inline fxp_vi
fxp_splat_i(int32_t v)
{
   return (fxp_vi){0} + v;
}

static inline fxp_vf
fxp_splat_f(float v)
{
   return (fxp_vf){0} + v;
}

/* Per-lane select: m ? a : b */
static inline fxp_vu
fxp_sel_u(fxp_vi m, fxp_vu a, fxp_vu b)
{
   return (a & (fxp_vu)m) | (b & ~(fxp_vu)m);
}

static inline fxp_vf
fxp_sel_f(fxp_vi m, fxp_vf a, fxp_vf b)
{
   return (fxp_vf)fxp_sel_u(m, (fxp_vu)a, (fxp_vu)b);
}

/* Fine differences over 2x2 quads (DDX/DDY and the implicit level of detail). Lanes 4q+0..3 hold quad q's
 * pixels TL, TR, BL, BR; pixel p takes along x its row's pair (TR - TL for the top row, BR - BL for the bottom
 * one: lanes 1 1 3 3 minus 0 0 2 2) and along y its column's (BL - TL, BR - TR: 2 3 2 3 minus 0 1 0 1). */
#define FXP_QUAD_PICK(v, a, b, c, d)                                                                           \
   __builtin_shufflevector(v, v, a, b, c, d, 4 + a, 4 + b, 4 + c, 4 + d, 8 + a, 8 + b, 8 + c, 8 + d, 12 + a,     \
                           12 + b, 12 + c, 12 + d)

static inline fxp_vf
fxp_quad_dx(fxp_vf v)
{
   _Static_assert(FXP_W == 16, "the shuffles name 16 lanes");
   return FXP_QUAD_PICK(v, 1, 1, 3, 3) - FXP_QUAD_PICK(v, 0, 0, 2, 2);
}

static inline fxp_vf
fxp_quad_dy(fxp_vf v)
{
   return FXP_QUAD_PICK(v, 2, 3, 2, 3) - FXP_QUAD_PICK(v, 0, 1, 0, 1);
}
#undef FXP_QUAD_PICK

#endif
