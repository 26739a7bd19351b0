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
 * negation for 64-bit integers. */
#include "fxp_exec_inline.h"

static inline uint64_t
raw64(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g, unsigned l)
{
   return (uint64_t)e->rf[in->src[s].slot[2 * g]].au[l] |
          ((uint64_t)e->rf[in->src[s].slot[2 * g + 1]].au[l] << 32);
}

static inline double
srcd(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g, unsigned l)
{
   uint64_t v = raw64(e, in, s, g, l);
   if (in->src[s].mod & FXP_MOD_ABS)
      v &= ~(1ull << 63);
   if (in->src[s].mod & FXP_MOD_NEG)
      v ^= 1ull << 63;
   double d;
   memcpy(&d, &v, 8);
   return d;
}

static inline uint64_t
srcu64(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g, unsigned l)
{
   uint64_t v = raw64(e, in, s, g, l);
   if ((in->src[s].mod & FXP_MOD_ABS) && (int64_t)v < 0)
      v = -v;
   if (in->src[s].mod & FXP_MOD_NEG)
      v = -v;
   return v;
}

static inline int64_t
srci64(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned g, unsigned l)
{
   return (int64_t)srcu64(e, in, s, g, l);
}

/* 32-bit source of a mixed operation, for lane l: channel `c` with integer modifiers. */
static inline uint32_t
src32(const struct fxp_exec *e, const struct fxp_inst *in, unsigned s, unsigned c, unsigned l)
{
   return src_u(e, in, s, c)[l];
}

static inline bool
group_written(const struct fxp_inst *in, unsigned g)
{
   return in->dst[0].mask & (3u << (2 * g));
}

/* Stores a group's 64-bit result (both channels of the pair that are in the write mask). */
static inline void
store64(struct fxp_exec *e, const struct fxp_inst *in, unsigned g, const uint64_t v[FXP_W])
{
   fxp_vu lo, hi;
   for (unsigned l = 0; l < FXP_W; l++) {
      lo[l] = (uint32_t)v[l];
      hi[l] = (uint32_t)(v[l] >> 32);
   }
   if (in->dst[0].mask & (1u << (2 * g)))
      dst_store_u(e, in, 0, 2 * g, lo);
   if (in->dst[0].mask & (2u << (2 * g)))
      dst_store_u(e, in, 0, 2 * g + 1, hi);
}

static inline uint64_t
d2bits(double d)
{
   uint64_t v;
   memcpy(&v, &d, 8);
   return v;
}

/* 64 -> 64: EXPR computes uint64_t from lane l and group g */
#define OP64(name, expr)                                                     \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      uint64_t r[2][FXP_W];                                                  \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            for (unsigned l = 0; l < FXP_W; l++)                             \
               r[g][l] = (expr);                                             \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            store64(e, in, g, r[g]);                                         \
   }

/* comparisons: 32-bit result to each written channel of the group */
#define OPCMP64(name, cond)                                                  \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      fxp_vu r[2];                                                           \
      for (unsigned g = 0; g < 2; g++)                                       \
         for (unsigned l = 0; l < FXP_W; l++)                                \
            r[g][l] = group_written(in, g) && (cond) ? ~0u : 0u;             \
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c / 2]);               \
   }

/* 32 -> 64: group g reads channel g of src0 */
#define OP32TO64(name, expr)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      uint64_t r[2][FXP_W];                                                  \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g)) {                                         \
            const fxp_vu x = src_raw(e, in, 0, g);                           \
            const fxp_vf xf = src_f(e, in, 0, g);                            \
            const fxp_vi xi = src_i(e, in, 0, g);                            \
            (void)x; (void)xf; (void)xi;                                     \
            for (unsigned l = 0; l < FXP_W; l++)                             \
               r[g][l] = (expr);                                             \
         }                                                                   \
      for (unsigned g = 0; g < 2; g++)                                       \
         if (group_written(in, g))                                           \
            store64(e, in, g, r[g]);                                         \
   }

/* 64 -> 32: the k-th written channel gets group k's result */
#define OP64TO32(name, expr)                                                 \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)           \
   {                                                                         \
      fxp_vu r[2];                                                           \
      for (unsigned g = 0; g < 2; g++)                                       \
         for (unsigned l = 0; l < FXP_W; l++)                                \
            r[g][l] = (expr);                                                \
      unsigned k = 0;                                                        \
      for (unsigned c = 0; c < 4 && k < 2; c++)                              \
         if (in->dst[0].mask & (1 << c))                                     \
            dst_store_u(e, in, 0, c, r[k++]);                                \
   }

#define D(s) srcd(e, in, s, g, l)
#define U64(s) srcu64(e, in, s, g, l)
#define I64(s) srci64(e, in, s, g, l)
#define B(x) d2bits(x)

static double dfrac1(double x) { return x - floor(x); }
static double dssg1(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }
static double dmin1(double a, double b) { return fmin(a, b); }
static double dmax1(double a, double b) { return fmax(a, b); }

static int32_t
d2i1(double x)
{
   if (!(x == x))
      return 0;
   if (x >= 2147483647.0)
      return INT32_MAX;
   if (x <= -2147483648.0)
      return INT32_MIN;
   return (int32_t)x;
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

static int64_t
d2i64(double x)
{
   if (!(x == x))
      return 0;
   if (x >= 9223372036854775808.0)
      return INT64_MAX;
   if (x < -9223372036854775808.0)
      return INT64_MIN;
   return (int64_t)x;
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

static float
bits2f(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

static uint32_t
f2bits(float f)
{
   uint32_t v;
   memcpy(&v, &f, 4);
   return v;
}

static uint64_t udiv64(uint64_t a, uint64_t b) { return b ? a / b : UINT64_MAX; }
static uint64_t umod64(uint64_t a, uint64_t b) { return b ? a % b : UINT64_MAX; }
static int64_t
idiv64(int64_t a, int64_t b)
{
   if (!b)
      return 0;
   if (a == INT64_MIN && b == -1)
      return INT64_MIN;
   return a / b;
}
static int64_t
imod64(int64_t a, int64_t b)
{
   if (!b)
      return -1;
   if (b == -1)
      return 0;
   return a % b;
}

/* doubles */
OP64(op_dadd, B(D(0) + D(1)))
OP64(op_dmul, B(D(0) * D(1)))
OP64(op_ddiv, B(D(0) / D(1)))
OP64(op_dmad, B(D(0) * D(1) + D(2)))
OP64(op_dfma, B(fma(D(0), D(1), D(2))))
OP64(op_dmin, B(dmin1(D(0), D(1))))
OP64(op_dmax, B(dmax1(D(0), D(1))))
OP64(op_dabs, B(fabs(D(0))))
OP64(op_dneg, B(-D(0)))
OP64(op_drcp, B(1.0 / D(0)))
OP64(op_dsqrt, B(sqrt(D(0))))
OP64(op_drsq, B(1.0 / sqrt(D(0))))
OP64(op_dfrac, B(dfrac1(D(0))))
OP64(op_dtrunc, B(trunc(D(0))))
OP64(op_dceil, B(ceil(D(0))))
OP64(op_dflr, B(floor(D(0))))
OP64(op_dround, B(nearbyint(D(0))))
OP64(op_dssg, B(dssg1(D(0))))
OP64(op_dldexp, B(ldexp(D(0), (int32_t)src32(e, in, 1, 2 * g, l))))
OPCMP64(op_dslt, D(0) < D(1))
OPCMP64(op_dsge, D(0) >= D(1))
OPCMP64(op_dseq, D(0) == D(1))
OPCMP64(op_dsne, D(0) != D(1))
OP32TO64(op_f2d, B((double)xf[l]))
OP32TO64(op_i2d, B((double)xi[l]))
OP32TO64(op_u2d, B((double)x[l]))
OP64TO32(op_d2f, f2bits((float)srcd(e, in, 0, g, l)))
OP64TO32(op_d2i, (uint32_t)d2i1(srcd(e, in, 0, g, l)))
OP64TO32(op_d2u, d2u1(srcd(e, in, 0, g, l)))

/* DFRACEXP: only src.xy is read; dst0.xy = dst0.zw = its significand in [0.5, 1), dst1's channels = its
 * exponent (tgsi.rst) */
static void
op_dfracexp(struct fxp_exec *e, const struct fxp_inst *in)
{
   uint64_t r[FXP_W];
   fxp_vi ex = fxp_splat_i(0);
   for (unsigned l = 0; l < FXP_W; l++) {
      int x = 0;
      r[l] = d2bits(frexp(srcd(e, in, 0, 0, l), &x));
      ex[l] = x;
   }
   for (unsigned g = 0; g < 2; g++)
      if (group_written(in, g))
         store64(e, in, g, r);
   for (unsigned c = 0; c < 4; c++)
      if (in->num_dst > 1 && (in->dst[1].mask & (1 << c)))
         dst_store_i(e, in, 1, c, ex);
}

/* 64-bit integers */
OP64(op_u64add, U64(0) + U64(1))
OP64(op_u64mul, U64(0) * U64(1))
OP64(op_u64div, udiv64(U64(0), U64(1)))
OP64(op_u64mod, umod64(U64(0), U64(1)))
OP64(op_i64div, (uint64_t)idiv64(I64(0), I64(1)))
OP64(op_i64mod, (uint64_t)imod64(I64(0), I64(1)))
OP64(op_u64min, U64(0) < U64(1) ? U64(0) : U64(1))
OP64(op_u64max, U64(0) > U64(1) ? U64(0) : U64(1))
OP64(op_i64min, (uint64_t)(I64(0) < I64(1) ? I64(0) : I64(1)))
OP64(op_i64max, (uint64_t)(I64(0) > I64(1) ? I64(0) : I64(1)))
OP64(op_i64abs, I64(0) < 0 ? -U64(0) : U64(0))
OP64(op_i64neg, -U64(0))
OP64(op_i64ssg, (uint64_t)(int64_t)((I64(0) > 0) - (I64(0) < 0)))
OP64(op_u64shl, U64(0) << (src32(e, in, 1, 2 * g, l) & 63))
OP64(op_u64shr, U64(0) >> (src32(e, in, 1, 2 * g, l) & 63))
OP64(op_i64shr, (uint64_t)(I64(0) >> (src32(e, in, 1, 2 * g, l) & 63)))
OPCMP64(op_u64seq, U64(0) == U64(1))
OPCMP64(op_u64sne, U64(0) != U64(1))
OPCMP64(op_u64slt, U64(0) < U64(1))
OPCMP64(op_u64sge, U64(0) >= U64(1))
OPCMP64(op_i64slt, I64(0) < I64(1))
OPCMP64(op_i64sge, I64(0) >= I64(1))
OP64(op_i642d, B((double)I64(0)))
OP64(op_u642d, B((double)U64(0)))
OP64(op_d2i64, (uint64_t)d2i64(D(0)))
OP64(op_d2u64, d2u64(D(0)))
OP32TO64(op_f2i64, (uint64_t)d2i64(xf[l]))
OP32TO64(op_f2u64, d2u64(xf[l]))
OP32TO64(op_i2i64, (uint64_t)(int64_t)xi[l])
OP32TO64(op_u2i64, (uint64_t)x[l])
OP64TO32(op_i642f, f2bits((float)srci64(e, in, 0, g, l)))
OP64TO32(op_u642f, f2bits((float)srcu64(e, in, 0, g, l)))

void
fxp_ops_64_register(fxp_op_fn *t)
{
   (void)bits2f;
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
