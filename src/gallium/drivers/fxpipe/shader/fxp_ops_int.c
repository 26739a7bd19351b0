/* 32-bit integer opcodes. Arithmetic wraps modulo 2^32 (no undefined behaviour: signed operations are done
 * on unsigned values). Shift counts use their low 5 bits. Division: UDIV and UMOD by 0 give 0xffffffff,
 * IDIV by 0 gives 0, MOD by 0 gives -1 (0xffffffff), INT_MIN / -1 gives INT_MIN and INT_MIN % -1 gives 0.
 * Bit fields: IBFE/UBFE give the whole value for offset 0 and width 32 (GLSL's bitfieldExtract, which
 * nir_to_tgsi emits as them); otherwise they take offset and width modulo 32, width 0 gives 0, and a field
 * reaching past bit 31 is cut there (D3D11, nir's ibfe/ubfe); BFI inserts `bits` bits (0..32) at `offset` and gives 0 when the
 * field does not fit (nir's bitfield_insert). LSB/UMSB/IMSB give -1 when no bit qualifies. */
#include "fxp_exec_inline.h"

#define I(s) src_i(e, in, s, c)
#define U(s) src_u(e, in, s, c)

#define OP_U(name, nsrc, expr)                                              \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vu r[4];                                                          \
      FOREACH_CHAN(in, c) {                                                 \
         const fxp_vu a = U(0), b = nsrc > 1 ? U(1) : a, d = nsrc > 2 ? U(2) : a; \
         (void)b; (void)d;                                                  \
         r[c] = (expr);                                                     \
      }                                                                     \
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);                   \
   }

#define OP_I(name, nsrc, expr)                                              \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vu r[4];                                                          \
      FOREACH_CHAN(in, c) {                                                 \
         const fxp_vi a = I(0), b = nsrc > 1 ? I(1) : a, d = nsrc > 2 ? I(2) : a; \
         (void)b; (void)d;                                                  \
         r[c] = (fxp_vu)(expr);                                             \
      }                                                                     \
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);                   \
   }

/* Simple forms (fxp_decode.c, specialize; fxp_ops_float.c's SF): the sources read as they are, the
 * destination written without the execution-mask blend and channel by channel (chosen only where no channel's
 * destination is a later channel's source); the arithmetic is the general form's. The blend forms
 * (name_blend) store with the blend, for plain instructions inside control flow. */
#define SU(s) (e->rf[in->src[s].slot[c]].u)
#define OP_SIMPLE_(name, nsrc, type, expr)                                  \
   static void name##_simple(struct fxp_exec *e, const struct fxp_inst *in) \
   {                                                                        \
      FOREACH_CHAN(in, c) {                                                 \
         const type a = (type)SU(0), b = nsrc > 1 ? (type)SU(1) : a, d = nsrc > 2 ? (type)SU(2) : a; \
         (void)b; (void)d;                                                  \
         e->rf[in->dst[0].slot[c]].u = (fxp_vu)(expr);                     \
      }                                                                     \
   }                                                                        \
   static void name##_blend(struct fxp_exec *e, const struct fxp_inst *in)  \
   {                                                                        \
      FOREACH_CHAN(in, c) {                                                 \
         const type a = (type)SU(0), b = nsrc > 1 ? (type)SU(1) : a, d = nsrc > 2 ? (type)SU(2) : a; \
         (void)b; (void)d;                                                  \
         dst_store_u(e, in, 0, c, (fxp_vu)(expr));                          \
      }                                                                     \
   }
#define OP_U_S(name, nsrc, expr) OP_U(name, nsrc, expr) OP_SIMPLE_(name, nsrc, fxp_vu, expr)
#define OP_I_S(name, nsrc, expr) OP_I(name, nsrc, expr) OP_SIMPLE_(name, nsrc, fxp_vi, expr)

/* Per-lane scalar form for what vectors cannot express directly. */
#define OP_U_LANES(name, nsrc, scalar)                                      \
   static void name(struct fxp_exec *e, const struct fxp_inst *in)          \
   {                                                                        \
      fxp_vu r[4];                                                          \
      FOREACH_CHAN(in, c) {                                                 \
         const fxp_vu a = U(0), b = nsrc > 1 ? U(1) : a, d = nsrc > 2 ? U(2) : a; \
         const fxp_vu f = nsrc > 3 ? U(3) : a;                              \
         for (unsigned l = 0; l < FXP_W; l++)                               \
            r[c][l] = scalar(a[l], b[l], d[l], f[l]);                       \
      }                                                                     \
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);                   \
   }

OP_U_S(op_uadd, 2, a + b)
OP_U_S(op_umul, 2, a * b)
OP_U_S(op_umad, 3, a * b + d)
OP_U_S(op_and, 2, a & b)
OP_U_S(op_or, 2, a | b)
OP_U_S(op_xor, 2, a ^ b)
OP_U_S(op_not, 1, ~a)
OP_U_S(op_shl, 2, a << (b & 31u))
OP_U_S(op_ushr, 2, a >> (b & 31u))
OP_I_S(op_ishr, 2, a >> (b & 31))
OP_U_S(op_umax, 2, fxp_sel_u(fxp_gt_u(a, b), a, b))
OP_U_S(op_umin, 2, fxp_sel_u(fxp_lt_u(a, b), a, b))
OP_I_S(op_imax, 2, fxp_sel_u(fxp_gt_i(a, b), (fxp_vu)a, (fxp_vu)b))
OP_I_S(op_imin, 2, fxp_sel_u(fxp_lt_i(a, b), (fxp_vu)a, (fxp_vu)b))
OP_U_S(op_useq, 2, (fxp_vu)fxp_eq_i((fxp_vi)a, (fxp_vi)b))
OP_U_S(op_usne, 2, (fxp_vu)fxp_ne_i((fxp_vi)a, (fxp_vi)b))
OP_U_S(op_usge, 2, (fxp_vu)fxp_ge_u(a, b))
OP_U_S(op_uslt, 2, (fxp_vu)fxp_lt_u(a, b))
OP_I_S(op_isge, 2, fxp_ge_i(a, b))
OP_I_S(op_islt, 2, fxp_lt_i(a, b))
OP_I_S(op_ineg, 1, (fxp_vi)(-(fxp_vu)a))
OP_I(op_iabs, 1, fxp_sel_u(fxp_lt_i(a, fxp_splat_i(0)), -(fxp_vu)a, (fxp_vu)a))
OP_I(op_issg, 1, fxp_lt_i(a, fxp_splat_i(0)) - fxp_gt_i(a, fxp_splat_i(0))) /* comparisons give -1 for true */
OP_U_S(op_ucmp, 3, fxp_sel_u(fxp_ne_i((fxp_vi)a, fxp_splat_i(0)), b, d))
OP_U(op_uarl, 1, a)

static uint32_t udiv1(uint32_t a, uint32_t b, uint32_t c, uint32_t d) { return b ? a / b : UINT32_MAX; }
static uint32_t umod1(uint32_t a, uint32_t b, uint32_t c, uint32_t d) { return b ? a % b : UINT32_MAX; }
static uint32_t
idiv1(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
   const int32_t x = (int32_t)a, y = (int32_t)b;
   if (!y)
      return 0;
   if (x == INT32_MIN && y == -1)
      return (uint32_t)INT32_MIN;
   return (uint32_t)(x / y);
}
static uint32_t
imod1(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
   const int32_t x = (int32_t)a, y = (int32_t)b;
   if (!y)
      return UINT32_MAX;
   if (y == -1)
      return 0;
   return (uint32_t)(x % y);
}
static uint32_t umul_hi1(uint32_t a, uint32_t b, uint32_t c, uint32_t d) { return ((uint64_t)a * b) >> 32; }
static uint32_t
imul_hi1(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
   return (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32);
}
static uint32_t
ubfe1(uint32_t v, uint32_t off, uint32_t bits, uint32_t d)
{
   if (off == 0 && bits == 32)
      return v;
   off &= 31;
   bits &= 31;
   if (!bits)
      return 0;
   if (off + bits < 32)
      return (v << (32 - bits - off)) >> (32 - bits);
   return v >> off;
}
static uint32_t
ibfe1(uint32_t v, uint32_t off, uint32_t bits, uint32_t d)
{
   if (off == 0 && bits == 32)
      return v;
   off &= 31;
   bits &= 31;
   if (!bits)
      return 0;
   if (off + bits < 32) /* arithmetic shift right of a left-aligned field */
      return (uint32_t)((int32_t)(v << (32 - bits - off)) >> (32 - bits));
   return (uint32_t)((int32_t)v >> off);
}
static uint32_t
bfi1(uint32_t base, uint32_t insert, uint32_t off, uint32_t bits)
{
   const int32_t o = (int32_t)off, b = (int32_t)bits;
   if (b == 0)
      return base;
   if (o < 0 || b < 0 || o > 32 - b) /* offset + bits > 32, without overflowing int */
      return 0;
   const uint32_t mask = (uint32_t)(((1ull << b) - 1) << o);
   return (base & ~mask) | ((insert << o) & mask);
}
static uint32_t
brev1(uint32_t v, uint32_t b, uint32_t c, uint32_t d)
{
   v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
   v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
   v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
   v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
   return (v >> 16) | (v << 16);
}
static uint32_t popc1(uint32_t v, uint32_t b, uint32_t c, uint32_t d) { return __builtin_popcount(v); }
static uint32_t lsb1(uint32_t v, uint32_t b, uint32_t c, uint32_t d) { return v ? __builtin_ctz(v) : UINT32_MAX; }
static uint32_t umsb1(uint32_t v, uint32_t b, uint32_t c, uint32_t d) { return v ? 31 - __builtin_clz(v) : UINT32_MAX; }
static uint32_t
imsb1(uint32_t v, uint32_t b, uint32_t c, uint32_t d)
{
   if ((int32_t)v < 0)
      v = ~v;
   return v ? 31 - __builtin_clz(v) : UINT32_MAX;
}

OP_U_LANES(op_udiv, 2, udiv1)
OP_U_LANES(op_umod, 2, umod1)
OP_U_LANES(op_idiv, 2, idiv1)
OP_U_LANES(op_mod, 2, imod1)
OP_U_LANES(op_umul_hi, 2, umul_hi1)
OP_U_LANES(op_imul_hi, 2, imul_hi1)
OP_U_LANES(op_ubfe, 3, ubfe1)
OP_U_LANES(op_ibfe, 3, ibfe1)
OP_U_LANES(op_bfi, 4, bfi1)
OP_U_LANES(op_brev, 1, brev1)
OP_U_LANES(op_popc, 1, popc1)
OP_U_LANES(op_lsb, 1, lsb1)
OP_U_LANES(op_umsb, 1, umsb1)
OP_U_LANES(op_imsb, 1, imsb1)

void
FXP_ISA_FN(fxp_ops_int_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_UADD] = op_uadd;
   t[TGSI_OPCODE_UMUL] = op_umul;
   t[TGSI_OPCODE_UMAD] = op_umad;
   t[TGSI_OPCODE_AND] = op_and;
   t[TGSI_OPCODE_OR] = op_or;
   t[TGSI_OPCODE_XOR] = op_xor;
   t[TGSI_OPCODE_NOT] = op_not;
   t[TGSI_OPCODE_SHL] = op_shl;
   t[TGSI_OPCODE_USHR] = op_ushr;
   t[TGSI_OPCODE_ISHR] = op_ishr;
   t[TGSI_OPCODE_UMAX] = op_umax;
   t[TGSI_OPCODE_UMIN] = op_umin;
   t[TGSI_OPCODE_IMAX] = op_imax;
   t[TGSI_OPCODE_IMIN] = op_imin;
   t[TGSI_OPCODE_USEQ] = op_useq;
   t[TGSI_OPCODE_USNE] = op_usne;
   t[TGSI_OPCODE_USGE] = op_usge;
   t[TGSI_OPCODE_USLT] = op_uslt;
   t[TGSI_OPCODE_ISGE] = op_isge;
   t[TGSI_OPCODE_ISLT] = op_islt;
   t[TGSI_OPCODE_INEG] = op_ineg;
   t[TGSI_OPCODE_IABS] = op_iabs;
   t[TGSI_OPCODE_ISSG] = op_issg;
   t[TGSI_OPCODE_UCMP] = op_ucmp;
   t[TGSI_OPCODE_UARL] = op_uarl;
   t[TGSI_OPCODE_UDIV] = op_udiv;
   t[TGSI_OPCODE_UMOD] = op_umod;
   t[TGSI_OPCODE_IDIV] = op_idiv;
   t[TGSI_OPCODE_MOD] = op_mod;
   t[TGSI_OPCODE_UMUL_HI] = op_umul_hi;
   t[TGSI_OPCODE_IMUL_HI] = op_imul_hi;
   t[TGSI_OPCODE_UBFE] = op_ubfe;
   t[TGSI_OPCODE_IBFE] = op_ibfe;
   t[TGSI_OPCODE_BFI] = op_bfi;
   t[TGSI_OPCODE_BREV] = op_brev;
   t[TGSI_OPCODE_POPC] = op_popc;
   t[TGSI_OPCODE_LSB] = op_lsb;
   t[TGSI_OPCODE_UMSB] = op_umsb;
   t[TGSI_OPCODE_IMSB] = op_imsb;
}

/* The simple forms of this file's opcodes into t and their blend forms into b; the decoder uses them where
 * they apply. */
void
FXP_ISA_FN(fxp_ops_int_register_simple)(fxp_op_fn *t, fxp_op_fn *b)
{
   FXP_SIMPLE_AND_BLEND(UADD, op_uadd);
   FXP_SIMPLE_AND_BLEND(UMUL, op_umul);
   FXP_SIMPLE_AND_BLEND(UMAD, op_umad);
   FXP_SIMPLE_AND_BLEND(AND, op_and);
   FXP_SIMPLE_AND_BLEND(OR, op_or);
   FXP_SIMPLE_AND_BLEND(XOR, op_xor);
   FXP_SIMPLE_AND_BLEND(NOT, op_not);
   FXP_SIMPLE_AND_BLEND(SHL, op_shl);
   FXP_SIMPLE_AND_BLEND(USHR, op_ushr);
   FXP_SIMPLE_AND_BLEND(ISHR, op_ishr);
   FXP_SIMPLE_AND_BLEND(UMAX, op_umax);
   FXP_SIMPLE_AND_BLEND(UMIN, op_umin);
   FXP_SIMPLE_AND_BLEND(IMAX, op_imax);
   FXP_SIMPLE_AND_BLEND(IMIN, op_imin);
   FXP_SIMPLE_AND_BLEND(USEQ, op_useq);
   FXP_SIMPLE_AND_BLEND(USNE, op_usne);
   FXP_SIMPLE_AND_BLEND(USGE, op_usge);
   FXP_SIMPLE_AND_BLEND(USLT, op_uslt);
   FXP_SIMPLE_AND_BLEND(ISGE, op_isge);
   FXP_SIMPLE_AND_BLEND(ISLT, op_islt);
   FXP_SIMPLE_AND_BLEND(INEG, op_ineg);
   FXP_SIMPLE_AND_BLEND(UCMP, op_ucmp);
}
