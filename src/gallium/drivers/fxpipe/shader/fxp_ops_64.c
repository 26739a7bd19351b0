/* 64-bit opcodes: doubles and 64-bit integers. A 64-bit value occupies a channel pair, xy or zw (low word
 * in x or z): group 0 is xy, group 1 is zw, and an operation on a group runs when its destination
 * channels are in the write mask. Conventions (as TGSI's reference interpreter has them):
 *   64 -> 64 and comparisons    group g reads sources' group g; comparisons write their 32-bit result to
 *                               each written channel of group g
 *   32 -> 64 (F2D, I2D, ...)    group 0 reads src.x, group 1 reads src.y
 *   64 -> 32 (D2F, D2I, ...)    the first written channel gets group 0's result, the second group 1's
 *   shifts, DLDEXP              the 32-bit operand is src1.x for group 0 and src1.z for group 1
 *   DFRACEXP                    reads src.xy only: dst0's pairs get its significand, dst1 its exponent
 * Conversions to integers saturate and give 0 for NaN, as F2I does. Integer division by zero gives all
 * ones for unsigned and 0 for signed quotients (remainders: all ones), INT64_MIN / -1 wraps. Shift counts
 * use their low 6 bits. abs/neg modifiers act on the 64-bit value: on the sign for doubles, as integer
 * negation for 64-bit integers. A NaN result of DADD, DMUL, DMAD or DFMA is the quiet NaN 0x7ff8000000000000
 * (nan_canon_d: the same bits on every instruction-set table). Every opcode here runs with IEEE denormals (fxp_fp_ieee, shader/fxp_shader.h):
 * doubles keep them, while 32-bit float arithmetic flushes them. */
#include <emmintrin.h>
#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

#include "fxp_bits.h"
#include "fxp_exec_inline.h"

/* IEEE denormals for an instruction (fxp_shader.h, "Runs of 64-bit instructions"): switched on unless the
 * instruction before, of the same run, left them on, and off again unless the next is of the run. */
static inline unsigned
run_enter(const struct fxp_exec *e, const struct fxp_inst *in)
{
   return (in->fp_run & FXP_FP_RUN_IN) ? e->fp_saved : fxp_fp_ieee();
}

static inline void
run_leave(struct fxp_exec *e, const struct fxp_inst *in, unsigned fp)
{
   if (in->fp_run & FXP_FP_RUN_OUT)
      e->fp_saved = fp;
   else
      fxp_fp_leave(fp);
}

/* A 32-bit word of a result: every lane where the decoder found that every lane that exists is active
 * (FXP_FP_STORE_ALL: as the simple forms store, fxp_decode.c, specialize), else the active ones. */
static inline void
store_word(struct fxp_exec *e, const struct fxp_inst *in, unsigned d, unsigned c, fxp_vu v)
{
   if (in->fp_run & FXP_FP_STORE_ALL)
      e->rf[in->dst[d].slot[c]].u = v;
   else
      dst_store_u(e, in, d, c, v);
}

/* A 64-bit lane vector's two words and back: lane l of a fxp_vq is, in memory, word 2l (low) and word 2l + 1
 * (high), so joining a low and a high channel interleaves their words and splitting takes the even and the
 * odd ones: with each table's shuffles (AVX-512: one vpermt2d per 8 lanes; AVX2: unpack and a 128-bit
 * permute; SSE2: unpack, shufps), in lane order. Widening, shifting and or-ing the words took more of
 * bench-tgsi's double shader than its arithmetic in perf (session 25). GCC's generic shuffles of the
 * 32-word vectors were worse still: it spelled them a word at a time. */
static inline fxp_vq
join64(fxp_vu lo, fxp_vu hi)
{
#if defined(__AVX512F__) && FXP_W == 16
   const __m512i i0 = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
   const __m512i i1 = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
   union { __m512i p[2]; fxp_vq v; } r = {{_mm512_permutex2var_epi32((__m512i)lo, i0, (__m512i)hi),
                                            _mm512_permutex2var_epi32((__m512i)lo, i1, (__m512i)hi)}};
   return r.v;
#elif defined(__AVX2__) && FXP_W % 8 == 0
   union { fxp_vu v; __m256i p[FXP_W / 8]; } a = {lo}, b = {hi};
   union { __m256i p[FXP_W / 4]; fxp_vq v; } r;
   for (unsigned k = 0; k < FXP_W / 8; k++) {
      const __m256i l = _mm256_unpacklo_epi32(a.p[k], b.p[k]); /* lanes 0 1 | 4 5 of the 8 */
      const __m256i h = _mm256_unpackhi_epi32(a.p[k], b.p[k]); /* lanes 2 3 | 6 7 */
      r.p[2 * k] = _mm256_permute2x128_si256(l, h, 0x20);
      r.p[2 * k + 1] = _mm256_permute2x128_si256(l, h, 0x31);
   }
   return r.v;
#else
   union { fxp_vu v; __m128i p[FXP_W / 4]; } a = {lo}, b = {hi};
   union { __m128i p[FXP_W / 2]; fxp_vq v; } r;
   for (unsigned k = 0; k < FXP_W / 4; k++) {
      r.p[2 * k] = _mm_unpacklo_epi32(a.p[k], b.p[k]);
      r.p[2 * k + 1] = _mm_unpackhi_epi32(a.p[k], b.p[k]);
   }
   return r.v;
#endif
}

/* The low (odd = 0) or high (odd = 1) words of a 64-bit lane vector. */
static inline fxp_vu
half32(fxp_vq v, unsigned odd)
{
#if defined(__AVX512F__) && FXP_W == 16
   union { fxp_vq v; __m512i p[2]; } a = {v};
   const __m512i even_i = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
   const __m512i odd_i = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
   return (fxp_vu)_mm512_permutex2var_epi32(a.p[0], odd ? odd_i : even_i, a.p[1]);
#elif defined(__AVX2__) && FXP_W % 8 == 0
   union { fxp_vq v; __m256 p[FXP_W / 4]; } a = {v};
   union { __m256i p[FXP_W / 8]; fxp_vu v; } r;
   for (unsigned k = 0; k < FXP_W / 8; k++) {
      /* words 0 2 of each 128-bit piece: lanes 0 1 4 5 | 2 3 6 7, then 64-bit pieces 0 2 1 3 */
      const __m256 w = odd ? _mm256_shuffle_ps(a.p[2 * k], a.p[2 * k + 1], _MM_SHUFFLE(3, 1, 3, 1))
                           : _mm256_shuffle_ps(a.p[2 * k], a.p[2 * k + 1], _MM_SHUFFLE(2, 0, 2, 0));
      r.p[k] = _mm256_permute4x64_epi64(_mm256_castps_si256(w), _MM_SHUFFLE(3, 1, 2, 0));
   }
   return r.v;
#else
   union { fxp_vq v; __m128 p[FXP_W / 2]; } a = {v};
   union { __m128 p[FXP_W / 4]; fxp_vu v; } r;
   for (unsigned k = 0; k < FXP_W / 4; k++)
      r.p[k] = odd ? _mm_shuffle_ps(a.p[2 * k], a.p[2 * k + 1], _MM_SHUFFLE(3, 1, 3, 1))
                   : _mm_shuffle_ps(a.p[2 * k], a.p[2 * k + 1], _MM_SHUFFLE(2, 0, 2, 0));
   return r.v;
#endif
}

/* The 64-bit values of group g of source s, all lanes at once: the previous instruction's result of that
 * group where the decoder found it is (FXP_FP_FWD_SRC), else its two words joined. */
static inline fxp_vq
raw64(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g)
{
   if (in->fp_run & FXP_FP_FWD_SRC(s)) {
      fxp_vq v;
      memcpy(&v, &e->fwd64[2 * g], sizeof(v));
      return v;
   }
   return join64(e->rf[in->src[s].slot[2 * g]].u, e->rf[in->src[s].slot[2 * g + 1]].u);
}

static inline fxp_vd
srcd(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g)
{
   fxp_vq v = raw64(e, in, s, g);
   if (in->src[s].mod & FXP_MOD_ABS)
      v &= ~(1ull << 63);
   if (in->src[s].mod & FXP_MOD_NEG)
      v ^= 1ull << 63;
   return (fxp_vd)v;
}

static inline fxp_vq
srcq(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g)
{
   fxp_vq v = raw64(e, in, s, g);
   if (in->src[s].mod & FXP_MOD_ABS) {
      const fxp_vq neg = (fxp_vq)((fxp_vqs)v < 0);
      v = (v & ~neg) | (-v & neg);
   }
   if (in->src[s].mod & FXP_MOD_NEG)
      v = -v;
   return v;
}

static inline bool
group_written(const struct fxp_inst *in, unsigned g)
{
   return in->dst[0].mask & (3u << (2 * g));
}

/* Stores a group's 64-bit result (the channels of the pair that are in the write mask); keeps it for the
 * next instruction (FXP_FP_FWD_OUT), and stores nothing where the next overwrites it (FXP_FP_DEAD). */
static inline void
store64(struct fxp_exec *e, const struct fxp_inst *in, unsigned g, fxp_vq v)
{
   if (in->fp_run & FXP_FP_FWD_OUT)
      memcpy(&e->fwd64[2 * g], &v, sizeof(v));
   if (in->fp_run & FXP_FP_DEAD)
      return;
   if (in->dst[0].mask & (1u << (2 * g)))
      store_word(e, in, 0, 2 * g, half32(v, 0));
   if (in->dst[0].mask & (2u << (2 * g)))
      store_word(e, in, 0, 2 * g + 1, half32(v, 1));
}

static inline fxp_vq
vsel64(fxp_vq m, fxp_vq a, fxp_vq b)
{
   return (a & m) | (b & ~m);
}

/* fma and sqrt of every lane with vector instructions: the same correctly rounded results as the C
 * library's fma and sqrt (IEEE 754's fused multiply-add and square root), in a piece of each table's
 * widest register at a time; the SSE2 table has no fused multiply-add and calls fma a lane at a time. */
#if defined(__AVX512F__) && FXP_W == 16
#define FXP_VD_PIECES 2
typedef __m512d fxp_vd_piece;
#define piece_fma _mm512_fmadd_pd
#define piece_sqrt _mm512_sqrt_pd
#elif defined(__AVX2__) && defined(__FMA__) && FXP_W == 16
#define FXP_VD_PIECES 4
typedef __m256d fxp_vd_piece;
#define piece_fma _mm256_fmadd_pd
#define piece_sqrt _mm256_sqrt_pd
#endif

static inline fxp_vd
vfma_d(fxp_vd a, fxp_vd b, fxp_vd c)
{
#ifdef FXP_VD_PIECES
   union { fxp_vd v; fxp_vd_piece p[FXP_VD_PIECES]; } x = {a}, y = {b}, z = {c}, r;
   for (unsigned i = 0; i < FXP_VD_PIECES; i++)
      r.p[i] = piece_fma(x.p[i], y.p[i], z.p[i]);
   return r.v;
#else
   fxp_vd r;
   for (unsigned l = 0; l < FXP_W; l++)
      r[l] = fma(a[l], b[l], c[l]);
   return r;
#endif
}

static inline fxp_vd
vsqrt_d(fxp_vd a)
{
#ifdef FXP_VD_PIECES
   union { fxp_vd v; fxp_vd_piece p[FXP_VD_PIECES]; } x = {a}, r;
   for (unsigned i = 0; i < FXP_VD_PIECES; i++)
      r.p[i] = piece_sqrt(x.p[i]);
   return r.v;
#else
   union { fxp_vd v; __m128d p[FXP_W / 2]; } x = {a}, r;
   for (unsigned i = 0; i < FXP_W / 2; i++)
      r.p[i] = _mm_sqrt_pd(x.p[i]);
   return r.v;
#endif
}

/* Per-lane application of a scalar function to vectors. */
#define MAP1(T, fn, a) ({ T r_; for (unsigned l_ = 0; l_ < FXP_W; l_++) r_[l_] = fn((a)[l_]); r_; })
#define MAP2(T, fn, a, b) ({ T r_; for (unsigned l_ = 0; l_ < FXP_W; l_++) r_[l_] = fn((a)[l_], (b)[l_]); r_; })
#define MAP3(T, fn, a, b, c) \
   ({ T r_; for (unsigned l_ = 0; l_ < FXP_W; l_++) r_[l_] = fn((a)[l_], (b)[l_], (c)[l_]); r_; })
/* Whether any 64-bit lane of m is not 0. */
static inline bool
any64(fxp_vqs m)
{
   const fxp_vu halves = __builtin_convertvector(m, fxp_vu) | __builtin_convertvector(m >> 32, fxp_vu);
   return fxp_any((fxp_vi)halves);
}

/* DMIN and DMAX as lane vectors, as MIN and MAX have them (fxp_ops_float.c, vmin): the smaller (larger), and
 * x of min(x, y) when they compare equal (min(+0, -0) = +0, min(-0, +0) = -0), on every table; lanes with
 * a NaN operand take the C library's fmin and fmax (the other operand; NaN when both are, or one signals).
 * The C library was called for every lane before: perf put __fmax at 9% of bench-tgsi's double shader, and
 * GCC may swap the operands of that call (fmin is commutative to it), which decided the zero's sign. */
static inline fxp_vd
minmax_nan_lanes(fxp_vd r, fxp_vd x, fxp_vd y, double (*fn)(double, double))
{
   const fxp_vqs nan = fxp_ne_d(x, x) | fxp_ne_d(y, y);
   if (any64(nan))
      for (unsigned l = 0; l < FXP_W; l++)
         if (nan[l])
            r[l] = fn(x[l], y[l]);
   return r;
}

static inline fxp_vd
vmin_d(fxp_vd x, fxp_vd y)
{
   return minmax_nan_lanes((fxp_vd)vsel64((fxp_vq)fxp_gt_d(x, y), (fxp_vq)y, (fxp_vq)x), x, y, fmin);
}

static inline fxp_vd
vmax_d(fxp_vd x, fxp_vd y)
{
   return minmax_nan_lanes((fxp_vd)vsel64((fxp_vq)fxp_gt_d(y, x), (fxp_vq)y, (fxp_vq)x), x, y, fmax);
}

/* 64 -> 64: EXPR is a fxp_vq computed for group g */
#define OP64(name, expr)                                                     \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      const unsigned fp_ = run_enter(e, in);                                 \
      fxp_vq r[2];                                                           \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            r[g] = (expr);                                                   \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            store64(e, in, g, r[g]);                                         \
      run_leave(e, in, fp_);                                                 \
   }

/* comparisons: EXPR is a 64-bit lane mask; the 32-bit result goes to each written channel of the group */
#define OPCMP64(name, expr)                                                  \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      const unsigned fp_ = run_enter(e, in);                                 \
      fxp_vu r[2];                                                           \
      for (unsigned g = 0; g < 2; g++)                                       \
         r[g] = group_written(in, g) ? half32((fxp_vq)(expr), 0) : (fxp_vu){0}; \
      FOREACH_CHAN(in, c) store_word(e, in, 0, c, r[c / 2]);                \
      run_leave(e, in, fp_);                                                 \
   }

/* 32 -> 64: group g reads channel g of src0 (x: raw bits, xf: float, xi: signed) */
#define OP32TO64(name, expr)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      const unsigned fp_ = run_enter(e, in);                                 \
      fxp_vq r[2];                                                           \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g)) {                                         \
            const fxp_vu x = src_u(e, in, 0, g);                             \
            const fxp_vf xf = src_f(e, in, 0, g);                            \
            const fxp_vi xi = src_i(e, in, 0, g);                            \
            (void)x; (void)xf; (void)xi;                                     \
            r[g] = (expr);                                                   \
         }                                                                   \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            store64(e, in, g, r[g]);                                         \
      run_leave(e, in, fp_);                                                 \
   }

/* 64 -> 32: the k-th written channel gets group k's result (EXPR is a fxp_vu); only the groups some
 * channel gets are computed */
#define OP64TO32(name, expr)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      const unsigned fp_ = run_enter(e, in);                                 \
      fxp_vu r[2];                                                           \
      const unsigned n_ = (unsigned)__builtin_popcount(in->dst[0].mask & 15u); \
      const unsigned used_ = n_ < 2 ? n_ : 2;                                \
      for (unsigned g = 0; g < used_; g++)                                   \
         r[g] = (expr);                                                      \
      unsigned k = 0;                                                        \
      for (unsigned c = 0; c < 4 && k < 2; c++)                              \
         if (in->dst[0].mask & (1 << c))                                     \
            store_word(e, in, 0, c, r[k++]);                                 \
      run_leave(e, in, fp_);                                                 \
   }

#define D(s) srcd(e, in, s, g)
#define Q(s) srcq(e, in, s, g)
#define QS(s) ((fxp_vqs)srcq(e, in, s, g))
#define B(x) ((fxp_vq)(x))
/* the 32-bit operand of shifts and DLDEXP: src1.x for group 0, src1.z for group 1 */
#define S32(s) src_u(e, in, s, 2 * g)

static double dfrac1(double x) { return x - floor(x); }
static double dssg1(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }
static double drcp1(double x) { return 1.0 / x; }
static double drsq1(double x) { return 1.0 / sqrt(x); }

static uint32_t
d2i1(double x)
{
   if (!(x == x))
      return 0;
   if (x >= 2147483647.0)
      return INT32_MAX;
   if (x <= -2147483648.0)
      return (uint32_t)INT32_MIN;
   return (uint32_t)(int32_t)x;
}

static uint32_t
d2u1(double x)
{
   if (!(x > 0.0))
      return 0;
   if (x >= 4294967295.0)
      return UINT32_MAX;
   return (uint32_t)x;
}

static uint64_t
d2i64(double x)
{
   if (!(x == x))
      return 0;
   if (x >= 9223372036854775808.0)
      return INT64_MAX;
   if (x < -9223372036854775808.0)
      return (uint64_t)INT64_MIN;
   return (uint64_t)(int64_t)x;
}

static uint64_t
d2u64(double x)
{
   if (!(x > 0.0))
      return 0;
   if (x >= 18446744073709551616.0)
      return UINT64_MAX;
   return (uint64_t)x;
}

static uint32_t i642f1(uint64_t x) { return fxp_f2u((float)(int64_t)x); }
static uint32_t u642f1(uint64_t x) { return fxp_f2u((float)x); }
static uint64_t f2i64_1(float x) { return d2i64(x); }
static uint64_t f2u64_1(float x) { return d2u64(x); }
static double ldexp1(double x, uint32_t n) { return ldexp(x, (int32_t)n); }
static uint64_t udiv64(uint64_t a, uint64_t b) { return b ? a / b : UINT64_MAX; }
static uint64_t umod64(uint64_t a, uint64_t b) { return b ? a % b : UINT64_MAX; }
static uint64_t
idiv64(uint64_t ua, uint64_t ub)
{
   const int64_t a = (int64_t)ua, b = (int64_t)ub;
   if (!b)
      return 0;
   if (a == INT64_MIN && b == -1)
      return (uint64_t)INT64_MIN;
   return (uint64_t)(a / b);
}
static uint64_t
imod64(uint64_t ua, uint64_t ub)
{
   const int64_t a = (int64_t)ua, b = (int64_t)ub;
   if (!b)
      return UINT64_MAX;
   if (b == -1)
      return 0;
   return (uint64_t)(a % b);
}

/* doubles */
OP64(op_dadd, B(nan_canon_d(D(0) + D(1))))
OP64(op_dmul, B(nan_canon_d(D(0) * D(1))))
OP64(op_ddiv, B(D(0) / D(1)))
OP64(op_dmad, B(nan_canon_d(D(0) * D(1) + D(2))))
OP64(op_dfma, B(nan_canon_d(vfma_d(D(0), D(1), D(2)))))
OP64(op_dmin, B(vmin_d(D(0), D(1))))
OP64(op_dmax, B(vmax_d(D(0), D(1))))
OP64(op_dabs, raw64(e, in, 0, g) & ~(1ull << 63))
OP64(op_dneg, B(D(0)) ^ (1ull << 63))
OP64(op_drcp, B(MAP1(fxp_vd, drcp1, D(0))))
OP64(op_dsqrt, B(vsqrt_d(D(0))))
OP64(op_drsq, B(MAP1(fxp_vd, drsq1, D(0))))
OP64(op_dfrac, B(MAP1(fxp_vd, dfrac1, D(0))))
OP64(op_dtrunc, B(MAP1(fxp_vd, trunc, D(0))))
OP64(op_dceil, B(MAP1(fxp_vd, ceil, D(0))))
OP64(op_dflr, B(MAP1(fxp_vd, floor, D(0))))
OP64(op_dround, B(MAP1(fxp_vd, nearbyint, D(0))))
OP64(op_dssg, B(MAP1(fxp_vd, dssg1, D(0))))
OP64(op_dldexp, B(MAP2(fxp_vd, ldexp1, D(0), S32(1))))
OPCMP64(op_dslt, D(0) < D(1))
OPCMP64(op_dsge, D(0) >= D(1))
OPCMP64(op_dseq, D(0) == D(1))
OPCMP64(op_dsne, D(0) != D(1))
OP32TO64(op_f2d, B(__builtin_convertvector(xf, fxp_vd)))
OP32TO64(op_i2d, B(__builtin_convertvector(xi, fxp_vd)))
OP32TO64(op_u2d, B(__builtin_convertvector(x, fxp_vd)))
OP64TO32(op_d2f, (fxp_vu)__builtin_convertvector(srcd(e, in, 0, g), fxp_vf)) /* cvtpd2ps: as (float)x a lane */
OP64TO32(op_d2i, MAP1(fxp_vu, d2i1, srcd(e, in, 0, g)))
OP64TO32(op_d2u, MAP1(fxp_vu, d2u1, srcd(e, in, 0, g)))

/* DFRACEXP: only src.xy is read; dst0.xy = dst0.zw = its significand in [0.5, 1), dst1's channels = its
 * exponent (tgsi.rst) */
static void
op_dfracexp(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned fp = run_enter(e, in);
   const fxp_vd x = srcd(e, in, 0, 0);
   fxp_vd m;
   fxp_vi ex;
   for (unsigned l = 0; l < FXP_W; l++) {
      int n = 0;
      m[l] = frexp(x[l], &n);
      ex[l] = n;
   }
   run_leave(e, in, fp);
   for (unsigned g = 0; g < 2; g++)
      if (group_written(in, g))
         store64(e, in, g, (fxp_vq)m);
   for (unsigned c = 0; c < 4; c++)
      if (in->num_dst > 1 && (in->dst[1].mask & (1 << c)))
         store_word(e, in, 1, c, (fxp_vu)ex);
}

/* 64-bit integers */
OP64(op_u64add, Q(0) + Q(1))
OP64(op_u64mul, Q(0) * Q(1))
OP64(op_u64div, MAP2(fxp_vq, udiv64, Q(0), Q(1)))
OP64(op_u64mod, MAP2(fxp_vq, umod64, Q(0), Q(1)))
OP64(op_i64div, MAP2(fxp_vq, idiv64, Q(0), Q(1)))
OP64(op_i64mod, MAP2(fxp_vq, imod64, Q(0), Q(1)))
OP64(op_u64min, vsel64((fxp_vq)(Q(0) < Q(1)), Q(0), Q(1)))
OP64(op_u64max, vsel64((fxp_vq)(Q(0) > Q(1)), Q(0), Q(1)))
OP64(op_i64min, vsel64((fxp_vq)(QS(0) < QS(1)), Q(0), Q(1)))
OP64(op_i64max, vsel64((fxp_vq)(QS(0) > QS(1)), Q(0), Q(1)))
OP64(op_i64abs, vsel64((fxp_vq)(QS(0) < 0), -Q(0), Q(0)))
OP64(op_i64neg, -Q(0))
OP64(op_i64ssg, (fxp_vq)((QS(0) < 0) - (QS(0) > 0))) /* comparisons give -1 for true */
OP64(op_u64shl, Q(0) << (__builtin_convertvector(S32(1), fxp_vq) & 63))
OP64(op_u64shr, Q(0) >> (__builtin_convertvector(S32(1), fxp_vq) & 63))
OP64(op_i64shr, (fxp_vq)(QS(0) >> (__builtin_convertvector(S32(1), fxp_vqs) & 63)))
OPCMP64(op_u64seq, Q(0) == Q(1))
OPCMP64(op_u64sne, Q(0) != Q(1))
OPCMP64(op_u64slt, Q(0) < Q(1))
OPCMP64(op_u64sge, Q(0) >= Q(1))
OPCMP64(op_i64slt, QS(0) < QS(1))
OPCMP64(op_i64sge, QS(0) >= QS(1))
OP64(op_i642d, B(__builtin_convertvector(QS(0), fxp_vd)))
OP64(op_u642d, B(__builtin_convertvector(Q(0), fxp_vd)))
OP64(op_d2i64, MAP1(fxp_vq, d2i64, D(0)))
OP64(op_d2u64, MAP1(fxp_vq, d2u64, D(0)))
OP32TO64(op_f2i64, MAP1(fxp_vq, f2i64_1, xf))
OP32TO64(op_f2u64, MAP1(fxp_vq, f2u64_1, xf))
OP32TO64(op_i2i64, (fxp_vq)__builtin_convertvector(xi, fxp_vqs))
OP32TO64(op_u2i64, __builtin_convertvector(x, fxp_vq))
OP64TO32(op_i642f, MAP1(fxp_vu, i642f1, srcq(e, in, 0, g)))
OP64TO32(op_u642f, MAP1(fxp_vu, u642f1, srcq(e, in, 0, g)))

void
FXP_ISA_FN(fxp_ops_64_register)(fxp_op_fn *t, uint8_t *fwd)
{
   /* what forwarding may do with each form (fxp_shader.h, FXP_FWD64_*): OP64 and OP32TO64 produce 64-bit
    * groups and store their masks; OPCMP64 stores its mask; OP64TO32 neither; the sources each reads as
    * 64-bit pairs (the shifts' and DLDEXP's src1 is a 32-bit channel, OP32TO64's src0 too). DFRACEXP,
    * which reads src.xy whatever the group, takes no part. */
   enum { P = FXP_FWD64_PRODUCES, S = FXP_FWD64_STORES, G = FXP_FWD64_GROUPS };
   const uint8_t s0 = FXP_FWD64_SRC(0), s01 = s0 | FXP_FWD64_SRC(1), s012 = s01 | FXP_FWD64_SRC(2);
   static const uint16_t op64_1[] = {TGSI_OPCODE_DABS, TGSI_OPCODE_DNEG, TGSI_OPCODE_DRCP, TGSI_OPCODE_DSQRT,
      TGSI_OPCODE_DRSQ, TGSI_OPCODE_DFRAC, TGSI_OPCODE_DTRUNC, TGSI_OPCODE_DCEIL, TGSI_OPCODE_DFLR,
      TGSI_OPCODE_DROUND, TGSI_OPCODE_DSSG, TGSI_OPCODE_DLDEXP, TGSI_OPCODE_I64ABS, TGSI_OPCODE_I64NEG,
      TGSI_OPCODE_I64SSG, TGSI_OPCODE_U64SHL, TGSI_OPCODE_U64SHR, TGSI_OPCODE_I64SHR, TGSI_OPCODE_I642D,
      TGSI_OPCODE_U642D, TGSI_OPCODE_D2I64, TGSI_OPCODE_D2U64};
   static const uint16_t op64_2[] = {TGSI_OPCODE_DADD, TGSI_OPCODE_DMUL, TGSI_OPCODE_DDIV, TGSI_OPCODE_DMIN,
      TGSI_OPCODE_DMAX, TGSI_OPCODE_U64ADD, TGSI_OPCODE_U64MUL, TGSI_OPCODE_U64DIV, TGSI_OPCODE_U64MOD,
      TGSI_OPCODE_I64DIV, TGSI_OPCODE_I64MOD, TGSI_OPCODE_U64MIN, TGSI_OPCODE_U64MAX, TGSI_OPCODE_I64MIN,
      TGSI_OPCODE_I64MAX};
   static const uint16_t op64_3[] = {TGSI_OPCODE_DMAD, TGSI_OPCODE_DFMA};
   static const uint16_t cmp64[] = {TGSI_OPCODE_DSLT, TGSI_OPCODE_DSGE, TGSI_OPCODE_DSEQ, TGSI_OPCODE_DSNE,
      TGSI_OPCODE_U64SEQ, TGSI_OPCODE_U64SNE, TGSI_OPCODE_U64SLT, TGSI_OPCODE_U64SGE, TGSI_OPCODE_I64SLT,
      TGSI_OPCODE_I64SGE};
   static const uint16_t to64[] = {TGSI_OPCODE_F2D, TGSI_OPCODE_I2D, TGSI_OPCODE_U2D, TGSI_OPCODE_F2I64,
      TGSI_OPCODE_F2U64, TGSI_OPCODE_I2I64, TGSI_OPCODE_U2I64};
   static const uint16_t to32[] = {TGSI_OPCODE_D2F, TGSI_OPCODE_D2I, TGSI_OPCODE_D2U, TGSI_OPCODE_I642F,
      TGSI_OPCODE_U642F};
   for (unsigned i = 0; i < ARRAY_SIZE(op64_1); i++)
      fwd[op64_1[i]] = P | S | G | s0;
   for (unsigned i = 0; i < ARRAY_SIZE(op64_2); i++)
      fwd[op64_2[i]] = P | S | G | s01;
   for (unsigned i = 0; i < ARRAY_SIZE(op64_3); i++)
      fwd[op64_3[i]] = P | S | G | s012;
   for (unsigned i = 0; i < ARRAY_SIZE(cmp64); i++)
      fwd[cmp64[i]] = S | G | s01;
   for (unsigned i = 0; i < ARRAY_SIZE(to64); i++)
      fwd[to64[i]] = P | S | G;
   for (unsigned i = 0; i < ARRAY_SIZE(to32); i++)
      fwd[to32[i]] = s0;

   t[TGSI_OPCODE_DADD] = op_dadd;
   t[TGSI_OPCODE_DMUL] = op_dmul;
   t[TGSI_OPCODE_DDIV] = op_ddiv;
   t[TGSI_OPCODE_DMAD] = op_dmad;
   t[TGSI_OPCODE_DFMA] = op_dfma;
   t[TGSI_OPCODE_DMIN] = op_dmin;
   t[TGSI_OPCODE_DMAX] = op_dmax;
   t[TGSI_OPCODE_DABS] = op_dabs;
   t[TGSI_OPCODE_DNEG] = op_dneg;
   t[TGSI_OPCODE_DRCP] = op_drcp;
   t[TGSI_OPCODE_DSQRT] = op_dsqrt;
   t[TGSI_OPCODE_DRSQ] = op_drsq;
   t[TGSI_OPCODE_DFRAC] = op_dfrac;
   t[TGSI_OPCODE_DTRUNC] = op_dtrunc;
   t[TGSI_OPCODE_DCEIL] = op_dceil;
   t[TGSI_OPCODE_DFLR] = op_dflr;
   t[TGSI_OPCODE_DROUND] = op_dround;
   t[TGSI_OPCODE_DSSG] = op_dssg;
   t[TGSI_OPCODE_DLDEXP] = op_dldexp;
   t[TGSI_OPCODE_DFRACEXP] = op_dfracexp;
   t[TGSI_OPCODE_DSLT] = op_dslt;
   t[TGSI_OPCODE_DSGE] = op_dsge;
   t[TGSI_OPCODE_DSEQ] = op_dseq;
   t[TGSI_OPCODE_DSNE] = op_dsne;
   t[TGSI_OPCODE_F2D] = op_f2d;
   t[TGSI_OPCODE_I2D] = op_i2d;
   t[TGSI_OPCODE_U2D] = op_u2d;
   t[TGSI_OPCODE_D2F] = op_d2f;
   t[TGSI_OPCODE_D2I] = op_d2i;
   t[TGSI_OPCODE_D2U] = op_d2u;
   t[TGSI_OPCODE_U64ADD] = op_u64add;
   t[TGSI_OPCODE_U64MUL] = op_u64mul;
   t[TGSI_OPCODE_U64DIV] = op_u64div;
   t[TGSI_OPCODE_U64MOD] = op_u64mod;
   t[TGSI_OPCODE_I64DIV] = op_i64div;
   t[TGSI_OPCODE_I64MOD] = op_i64mod;
   t[TGSI_OPCODE_U64MIN] = op_u64min;
   t[TGSI_OPCODE_U64MAX] = op_u64max;
   t[TGSI_OPCODE_I64MIN] = op_i64min;
   t[TGSI_OPCODE_I64MAX] = op_i64max;
   t[TGSI_OPCODE_I64ABS] = op_i64abs;
   t[TGSI_OPCODE_I64NEG] = op_i64neg;
   t[TGSI_OPCODE_I64SSG] = op_i64ssg;
   t[TGSI_OPCODE_U64SHL] = op_u64shl;
   t[TGSI_OPCODE_U64SHR] = op_u64shr;
   t[TGSI_OPCODE_I64SHR] = op_i64shr;
   t[TGSI_OPCODE_U64SEQ] = op_u64seq;
   t[TGSI_OPCODE_U64SNE] = op_u64sne;
   t[TGSI_OPCODE_U64SLT] = op_u64slt;
   t[TGSI_OPCODE_U64SGE] = op_u64sge;
   t[TGSI_OPCODE_I64SLT] = op_i64slt;
   t[TGSI_OPCODE_I64SGE] = op_i64sge;
   t[TGSI_OPCODE_I642D] = op_i642d;
   t[TGSI_OPCODE_U642D] = op_u642d;
   t[TGSI_OPCODE_D2I64] = op_d2i64;
   t[TGSI_OPCODE_D2U64] = op_d2u64;
   t[TGSI_OPCODE_F2I64] = op_f2i64;
   t[TGSI_OPCODE_F2U64] = op_f2u64;
   t[TGSI_OPCODE_I2I64] = op_i2i64;
   t[TGSI_OPCODE_U2I64] = op_u2i64;
   t[TGSI_OPCODE_I642F] = op_i642f;
   t[TGSI_OPCODE_U642F] = op_u642f;
}
