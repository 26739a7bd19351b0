/* Memory opcodes on shader buffers (BUFFER[]), work-group shared memory (MEMORY[], shared) and images
 * (IMAGE[], through shader/fxp_image.c): LOAD, STORE, the ATOM* family (the float ATOMFADD, ATOMFMIN, ATOMFMAX
 * and ATOMFCAS too), RESQ and MEMBAR.
 * BUFFER[] and IMAGE[] may be indexed indirectly (per lane). Fragment helper lanes (e->helper) never store
 * nor run atomics.
 *
 * Addresses are byte offsets (src.x of the address operand). LOAD fills the destination's enabled channels
 * from consecutive 32-bit words at addr, addr + 4, ...; STORE writes the enabled channels of the value the
 * same way. Each word is checked against the binding's size: a word outside (or an unbound slot) reads 0,
 * and a store or atomic to it is dropped. Atomics act on the x word with __atomic builtins (sequentially
 * consistent), lane by lane in lane order, so that they stay atomic across the threads that run work groups;
 * they return the old value. MEMBAR is a sequentially consistent fence, at least as strong as each of the
 * specification's MFENCE, LFENCE and SFENCE. */
#include "fxp_bits.h"
#include "fxp_exec_inline.h"

/* The buffer lane l accesses (BUFFER[ADDR[a].x + n] selects it per lane); an empty one if none. */
static const struct fxp_buffer_binding *
binding(const struct fxp_exec *e, const struct fxp_inst *in, unsigned l)
{
   static const struct fxp_buffer_binding none;

   if (!e->bind)
      return &none;
   if (in->mem_file == TGSI_FILE_MEMORY)
      return &e->bind->shared;
   uint32_t index = in->mem_index;
   if (in->res_addr_slot != UINT32_MAX)
      index += e->rf[in->res_addr_slot].au[l];
   if (in->mem_file == TGSI_FILE_BUFFER && index < PIPE_MAX_SHADER_BUFFERS)
      return &e->bind->buffers[index];
   return &none;
}

/* The binding every lane accesses, when it is one for all of them (shared memory, or BUFFER[n] without a
 * per-lane index), else NULL. */
static inline const struct fxp_buffer_binding *
binding_uniform(const struct fxp_exec *e, const struct fxp_inst *in)
{
   if (in->mem_file != TGSI_FILE_MEMORY && in->res_addr_slot != UINT32_MAX)
      return NULL;
   return binding(e, in, 0);
}

/* The lanes of `lanes` whose word at addr + byte lies inside binding b and is 4-byte aligned: word()'s test
 * for all lanes at once. */
static inline fxp_vi
words_inside(const struct fxp_buffer_binding *b, fxp_vu addr, unsigned byte, fxp_vi lanes)
{
   if (!b->data || b->size_B < byte + 4)
      return (fxp_vi){0};
   const uint64_t limit = b->size_B - byte - 4; /* addr <= limit: addr + byte + 4 <= size_B */
   const fxp_vi aligned = fxp_eq_i((fxp_vi)(addr & 3u), fxp_splat_i(0));
   if (limit >= UINT32_MAX)
      return lanes & aligned;
   return lanes & aligned & ~fxp_lt_u((fxp_vu){0} + (uint32_t)limit, addr);
}

/* Word at addr if it lies inside the binding and is 4-byte aligned, else NULL. */
static inline uint32_t *
word(const struct fxp_buffer_binding *b, uint64_t addr)
{
   if (!b->data || addr + 4 > b->size_B || (addr & 3))
      return NULL;
   return (uint32_t *)(b->data + addr);
}

static void
op_load(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu addr = src_u(e, in, 1, 0);
   fxp_vu r[4];

   if (in->mem_file == TGSI_FILE_IMAGE) {
      fxp_image_load(e, in, r);
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);
      return;
   }
   const struct fxp_buffer_binding *b = binding_uniform(e, in);
   if (b) {
      /* one binding: the bounds of all lanes at once (the same test as word's) */
      FOREACH_CHAN(in, c) {
         const uint32_t ok = fxp_lane_bits(words_inside(b, addr, 4 * c, e->mask));
         for (unsigned l = 0; l < FXP_W; l++)
            r[c][l] = ok & (1u << l) ? __atomic_load_n((const uint32_t *)(b->data + (size_t)addr[l] + 4 * c), __ATOMIC_RELAXED)
                                     : 0;
      }
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);
      return;
   }
   FOREACH_CHAN(in, c) {
      for (unsigned l = 0; l < FXP_W; l++) {
         const uint32_t *w = e->mask[l] ? word(binding(e, in, l), (uint64_t)addr[l] + 4 * c) : NULL;
         r[c][l] = w ? __atomic_load_n(w, __ATOMIC_RELAXED) : 0;
      }
   }
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);
}

static void
op_store(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu addr = src_u(e, in, 0, 0);
   const fxp_vi writers = e->mask & ~e->helper; /* helper lanes never write memory */

   if (in->mem_file == TGSI_FILE_IMAGE) {
      fxp_image_store(e, in);
      return;
   }
   const struct fxp_buffer_binding *b = binding_uniform(e, in);
   for (unsigned c = 0; c < 4; c++) {
      if (!(in->dst[0].mask & (1 << c)))
         continue;
      const fxp_vu v = src_raw(e, in, 1, c);
      if (b) {
         /* one binding: the bounds of all lanes at once; the lanes store in lane order */
         for (uint32_t ok = fxp_lane_bits(words_inside(b, addr, 4 * c, writers)); ok; ok &= ok - 1) {
            const unsigned l = __builtin_ctz(ok);
            __atomic_store_n((uint32_t *)(b->data + (size_t)addr[l] + 4 * c), v[l], __ATOMIC_RELAXED);
         }
         continue;
      }
      for (unsigned l = 0; l < FXP_W; l++) {
         uint32_t *w = writers[l] ? word(binding(e, in, l), (uint64_t)addr[l] + 4 * c) : NULL;
         if (w)
            __atomic_store_n(w, v[l], __ATOMIC_RELAXED);
      }
   }
}

static inline uint32_t
atomic_minmax(uint32_t *w, uint32_t v, bool is_signed, bool is_max)
{
   uint32_t old = __atomic_load_n(w, __ATOMIC_SEQ_CST);
   for (;;) {
      bool replace = is_signed ? (is_max ? (int32_t)v > (int32_t)old : (int32_t)v < (int32_t)old)
                               : (is_max ? v > old : v < old);
      if (!replace || __atomic_compare_exchange_n(w, &old, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
         return old;
   }
}

static inline uint32_t
atomic_fadd(uint32_t *w, uint32_t v)
{
   uint32_t old = __atomic_load_n(w, __ATOMIC_SEQ_CST);
   for (;;) {
      const float s = fxp_u2f(old) + fxp_u2f(v);
      const uint32_t sum = s == s ? fxp_f2u(s) : 0x7fc00000u; /* NaN: as nan_canon_f (fxp_exec_inline.h) */
      if (__atomic_compare_exchange_n(w, &old, sum, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
         return old;
   }
}

/* Float NaN classes by bits: a NaN has an all-ones exponent and a non-zero fraction; a signaling one has the
 * fraction's top bit (the quiet bit, 0x00400000) clear. */
static inline bool
bits_nan(uint32_t x)
{
   return (x & 0x7fffffffu) > 0x7f800000u;
}

static inline bool
bits_snan(uint32_t x)
{
   return bits_nan(x) && !(x & 0x00400000u);
}

/* A non-NaN float's place in the order of values, from its bits: both zeros 0, denormals kept. The float
 * atomics compare through it rather than with float compares, which the engine's threads run with denormals
 * taken as zero (README, "The shader engine"): memory is compared exactly. */
static inline int32_t
bits_order(uint32_t x)
{
   return (x & 0x80000000u) ? -(int32_t)(x & 0x7fffffffu) : (int32_t)x;
}

/* What ATOMFMIN/ATOMFMAX leave in a word holding o when given v (docs/gallium/tgsi.rst as mesa-patches/0015
 * writes it, after INTEL_shader_atomic_float_minmax's hardware, which piglit's -NaN tests follow):
 *   o a signaling NaN: o stays; else v a signaling NaN: v (its bits);
 *   o a quiet NaN: v; v a quiet NaN: o;
 *   both zeros: min is -0.0 if either is, max is +0.0 if either is; else the smaller (larger) value, exactly
 *   (denormals too). */
static inline uint32_t
fminmax_bits(uint32_t o, uint32_t v, bool is_max)
{
   if (bits_snan(o))
      return o;
   if (bits_snan(v) || bits_nan(o))
      return v;
   if (bits_nan(v))
      return o;
   if (!((o | v) & 0x7fffffffu))
      return is_max ? o & v : o | v;
   return (is_max ? bits_order(v) > bits_order(o) : bits_order(v) < bits_order(o)) ? v : o;
}

static inline uint32_t
atomic_fminmax(uint32_t *w, uint32_t v, bool is_max)
{
   uint32_t old = __atomic_load_n(w, __ATOMIC_SEQ_CST);
   for (;;) {
      const uint32_t r = fminmax_bits(old, v, is_max);
      if (r == old || __atomic_compare_exchange_n(w, &old, r, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
         return old;
   }
}

/* ATOMFCAS: swaps in v2 when the word equals cmp as floats (a NaN equals nothing, -0.0 equals +0.0, a
 * denormal only itself). */
static inline uint32_t
atomic_fcas(uint32_t *w, uint32_t cmp, uint32_t v2)
{
   uint32_t old = __atomic_load_n(w, __ATOMIC_SEQ_CST);
   for (;;) {
      if (bits_nan(old) || bits_nan(cmp) || bits_order(old) != bits_order(cmp) ||
          __atomic_compare_exchange_n(w, &old, v2, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
         return old;
   }
}

static inline bool
is_float_atomic(unsigned opcode)
{
   return opcode == TGSI_OPCODE_ATOMFADD || opcode == TGSI_OPCODE_ATOMFMIN || opcode == TGSI_OPCODE_ATOMFMAX ||
          opcode == TGSI_OPCODE_ATOMFCAS;
}

static void
op_atomic(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu addr = src_u(e, in, 1, 0);
   /* the value operands are typed like the operation: float modifiers for the float atomics, integer ones else */
   const bool is_float = is_float_atomic(in->opcode);
   const fxp_vu v = is_float ? (fxp_vu)src_f(e, in, 2, 0) : src_u(e, in, 2, 0);
   const fxp_vu v2 = in->opcode == TGSI_OPCODE_ATOMCAS    ? src_u(e, in, 3, 0)
                     : in->opcode == TGSI_OPCODE_ATOMFCAS ? (fxp_vu)src_f(e, in, 3, 0)
                                                          : v;
   const bool is_image = in->mem_file == TGSI_FILE_IMAGE;
   const fxp_vu y = is_image ? src_u(e, in, 1, 1) : addr, z = is_image ? src_u(e, in, 1, 2) : addr;
   const fxp_vu sample = is_image ? src_u(e, in, 1, 3) : addr; /* multisample images: the sample (w) */
   fxp_vu old = (fxp_vu){0};

   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t *w = NULL;
      if (e->mask[l] && !e->helper[l])
         w = is_image ? fxp_image_word(e, in, l, addr[l], y[l], z[l], sample[l]) : word(binding(e, in, l), addr[l]);
      if (!w)
         continue;
      switch (in->opcode) {
      case TGSI_OPCODE_ATOMUADD: old[l] = __atomic_fetch_add(w, v[l], __ATOMIC_SEQ_CST); break;
      case TGSI_OPCODE_ATOMFADD: old[l] = atomic_fadd(w, v[l]); break;
      case TGSI_OPCODE_ATOMFMIN: old[l] = atomic_fminmax(w, v[l], false); break;
      case TGSI_OPCODE_ATOMFMAX: old[l] = atomic_fminmax(w, v[l], true); break;
      case TGSI_OPCODE_ATOMFCAS: old[l] = atomic_fcas(w, v[l], v2[l]); break;
      case TGSI_OPCODE_ATOMXCHG: old[l] = __atomic_exchange_n(w, v[l], __ATOMIC_SEQ_CST); break;
      case TGSI_OPCODE_ATOMAND: old[l] = __atomic_fetch_and(w, v[l], __ATOMIC_SEQ_CST); break;
      case TGSI_OPCODE_ATOMOR: old[l] = __atomic_fetch_or(w, v[l], __ATOMIC_SEQ_CST); break;
      case TGSI_OPCODE_ATOMXOR: old[l] = __atomic_fetch_xor(w, v[l], __ATOMIC_SEQ_CST); break;
      case TGSI_OPCODE_ATOMUMIN: old[l] = atomic_minmax(w, v[l], false, false); break;
      case TGSI_OPCODE_ATOMUMAX: old[l] = atomic_minmax(w, v[l], false, true); break;
      case TGSI_OPCODE_ATOMIMIN: old[l] = atomic_minmax(w, v[l], true, false); break;
      case TGSI_OPCODE_ATOMIMAX: old[l] = atomic_minmax(w, v[l], true, true); break;
      case TGSI_OPCODE_ATOMCAS: {
         /* compare with src2, swap in src3 */
         uint32_t expected = v[l];
         __atomic_compare_exchange_n(w, &expected, v2[l], false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
         old[l] = expected;
         break;
      }
      default:
         break;
      }
   }
   if (in->num_dst)
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, old);
}

static void
op_resq(struct fxp_exec *e, const struct fxp_inst *in)
{
   fxp_vu size = (fxp_vu){0};
   if (in->mem_file == TGSI_FILE_IMAGE) {
      fxp_vu r[4];
      fxp_image_size(e, in, r);
      FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, r[c]);
      return;
   }
   for (unsigned l = 0; l < FXP_W; l++)
      size[l] = binding(e, in, l)->size_B;
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, c == 0 ? size : (fxp_vu){0});
}

static void
op_membar(struct fxp_exec *e, const struct fxp_inst *in)
{
   __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void
FXP_ISA_FN(fxp_ops_mem_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_LOAD] = op_load;
   t[TGSI_OPCODE_STORE] = op_store;
   t[TGSI_OPCODE_ATOMUADD] = op_atomic;
   t[TGSI_OPCODE_ATOMFADD] = op_atomic;
   t[TGSI_OPCODE_ATOMFMIN] = op_atomic;
   t[TGSI_OPCODE_ATOMFMAX] = op_atomic;
   t[TGSI_OPCODE_ATOMFCAS] = op_atomic;
   t[TGSI_OPCODE_ATOMXCHG] = op_atomic;
   t[TGSI_OPCODE_ATOMCAS] = op_atomic;
   t[TGSI_OPCODE_ATOMAND] = op_atomic;
   t[TGSI_OPCODE_ATOMOR] = op_atomic;
   t[TGSI_OPCODE_ATOMXOR] = op_atomic;
   t[TGSI_OPCODE_ATOMUMIN] = op_atomic;
   t[TGSI_OPCODE_ATOMUMAX] = op_atomic;
   t[TGSI_OPCODE_ATOMIMIN] = op_atomic;
   t[TGSI_OPCODE_ATOMIMAX] = op_atomic;
   t[TGSI_OPCODE_RESQ] = op_resq;
   t[TGSI_OPCODE_MEMBAR] = op_membar;
}
