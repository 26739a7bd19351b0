/* The vertex-fetch plan (see fxp_fetch.h): compilation of the element array and the converters of every
 * vertex format fxpipe accepts (screen/fxp_formats.c, fxp_is_vertex_format):
 *
 * | format class                      | value of a stored integer v of n bits, or of a float       |
 * |-----------------------------------|------------------------------------------------------------|
 * | UNORM 8/16/32                     | v / (2^n - 1)                                               |
 * | SNORM 8/16/32                     | max(v / (2^(n-1) - 1), -1)                                  |
 * | USCALED, SSCALED 8/16/32          | (float)v                                                    |
 * | UINT, SINT 8/16/32                | v as an integer (sign-extended for SINT)                    |
 * | FLOAT 16/32/64                    | the float, converted to 32-bit float                        |
 * | FIXED 32                          | v / 65536 (16.16 signed)                                    |
 * | 10_10_10_2 RGBA and BGRA          | the same rules per field, 2-bit alpha; BGRA swaps x and z   |
 * | R11G11B10_FLOAT                   | the unsigned small floats, as floats                        |
 * | B8G8R8A8_UNORM                    | UNORM 8, x and z swapped                                    |
 *
 * Integer conversions to float round to nearest (C's int-to-float conversion). */
#include <stdio.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format_r11g11b10f.h"
#include "util/half_float.h"
#include "util/u_helpers.h"
#include "util/u_math.h"

#include "fxp_bits.h"
#include "fxp_formats.h"
#include "fxp_fetch.h"

static inline void
pad(const struct fxp_fetch_elem *el, uint32_t out[4], bool integer)
{
   for (unsigned c = el->nr; c < 4; c++)
      out[c] = c == 3 ? (integer ? 1u : fxp_f2u(1.0f)) : 0u;
}

static inline uint32_t
rd32(const uint8_t *p)
{
   uint32_t v;
   memcpy(&v, p, 4);
   return v;
}

static inline uint16_t
rd16(const uint8_t *p)
{
   uint16_t v;
   memcpy(&v, p, 2);
   return v;
}

/* Integer formats of 8, 16 and 32 bits per component, one converter per (size, class). */
#define INT_CONVERTERS(BITS, UT, ST, READ)                                                         \
   static void unorm##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])   \
   {                                                                                              \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = fxp_f2u((float)((double)(UT)READ(s + c * (BITS / 8)) / (double)(UT)~(UT)0));       \
      pad(el, out, false);                                                                        \
   }                                                                                              \
   static void snorm##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])   \
   {                                                                                              \
      const double max = (double)((1ull << (BITS - 1)) - 1);                                      \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = fxp_f2u((float)MAX2((double)(ST)READ(s + c * (BITS / 8)) / max, -1.0));            \
      pad(el, out, false);                                                                        \
   }                                                                                              \
   static void uscaled##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4]) \
   {                                                                                              \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = fxp_f2u((float)(UT)READ(s + c * (BITS / 8)));                                     \
      pad(el, out, false);                                                                        \
   }                                                                                              \
   static void sscaled##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4]) \
   {                                                                                              \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = fxp_f2u((float)(ST)READ(s + c * (BITS / 8)));                                     \
      pad(el, out, false);                                                                        \
   }                                                                                              \
   static void uint##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])    \
   {                                                                                              \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = (UT)READ(s + c * (BITS / 8));                                                   \
      pad(el, out, true);                                                                         \
   }                                                                                              \
   static void sint##BITS(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])    \
   {                                                                                              \
      for (unsigned c = 0; c < el->nr; c++)                                                       \
         out[c] = (uint32_t)(int32_t)(ST)READ(s + c * (BITS / 8));                                \
      pad(el, out, true);                                                                         \
   }

#define RD8(p) (*(p))
INT_CONVERTERS(8, uint8_t, int8_t, RD8)
INT_CONVERTERS(16, uint16_t, int16_t, rd16)
INT_CONVERTERS(32, uint32_t, int32_t, rd32)

static void
float16(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   for (unsigned c = 0; c < el->nr; c++)
      out[c] = fxp_f2u(_mesa_half_to_float(rd16(s + 2 * c)));
   pad(el, out, false);
}

static void
float32(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   memcpy(out, s, 4 * el->nr);
   pad(el, out, false);
}

static void
float64(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   for (unsigned c = 0; c < el->nr; c++) {
      double d;
      memcpy(&d, s + 8 * c, 8);
      out[c] = fxp_f2u((float)d);
   }
   pad(el, out, false);
}

static void
fixed32(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   for (unsigned c = 0; c < el->nr; c++)
      out[c] = fxp_f2u((float)((double)(int32_t)rd32(s + 4 * c) / 65536.0));
   pad(el, out, false);
}

/* 10_10_10_2: fields x (bits 0-9), y (10-19), z (20-29), w (30-31) */
static inline void
fields_1010102(const uint8_t *s, uint32_t f[4])
{
   const uint32_t v = rd32(s);
   f[0] = v & 0x3ff;
   f[1] = (v >> 10) & 0x3ff;
   f[2] = (v >> 20) & 0x3ff;
   f[3] = v >> 30;
}

static inline int32_t
sext(uint32_t v, unsigned bits)
{
   return (int32_t)(v << (32 - bits)) >> (32 - bits);
}

static inline void
swap_xz(const struct fxp_fetch_elem *el, uint32_t out[4])
{
   if (el->swizzle_bgra) {
      uint32_t t = out[0];
      out[0] = out[2];
      out[2] = t;
   }
}

static void
unorm1010102(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   uint32_t f[4];
   fields_1010102(s, f);
   for (unsigned c = 0; c < 4; c++)
      out[c] = fxp_f2u((float)f[c] / (c == 3 ? 3.0f : 1023.0f));
   swap_xz(el, out);
}

static void
snorm1010102(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   uint32_t f[4];
   fields_1010102(s, f);
   for (unsigned c = 0; c < 4; c++) {
      const unsigned bits = c == 3 ? 2 : 10;
      out[c] = fxp_f2u(MAX2((float)sext(f[c], bits) / (float)((1 << (bits - 1)) - 1), -1.0f));
   }
   swap_xz(el, out);
}

static void
uscaled1010102(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   uint32_t f[4];
   fields_1010102(s, f);
   for (unsigned c = 0; c < 4; c++)
      out[c] = fxp_f2u((float)f[c]);
   swap_xz(el, out);
}

static void
sscaled1010102(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   uint32_t f[4];
   fields_1010102(s, f);
   for (unsigned c = 0; c < 4; c++)
      out[c] = fxp_f2u((float)sext(f[c], c == 3 ? 2 : 10));
   swap_xz(el, out);
}

static void
r11g11b10f(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   float rgb[3];
   r11g11b10f_to_float3(rd32(s), rgb);
   for (unsigned c = 0; c < 3; c++)
      out[c] = fxp_f2u(rgb[c]);
   out[3] = fxp_f2u(1.0f);
}

static void
bgra8_unorm(const struct fxp_fetch_elem *el, const uint8_t *s, uint32_t out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = fxp_f2u((float)s[c] / 255.0f);
   swap_xz(el, out);
}

/* Chooses the converter of a format; false if it is not a vertex format. */
static bool
choose(struct fxp_fetch_elem *el, enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);

   el->format = format;
   el->swizzle_bgra = 0;
   if (!desc)
      return false;
   el->size_B = desc->block.bits / 8;
   el->nr = desc->nr_channels;

   switch (format) {
   case PIPE_FORMAT_R10G10B10A2_UNORM: el->convert = unorm1010102; return true;
   case PIPE_FORMAT_R10G10B10A2_SNORM: el->convert = snorm1010102; return true;
   case PIPE_FORMAT_R10G10B10A2_USCALED: el->convert = uscaled1010102; return true;
   case PIPE_FORMAT_R10G10B10A2_SSCALED: el->convert = sscaled1010102; return true;
   case PIPE_FORMAT_B10G10R10A2_UNORM: el->convert = unorm1010102; el->swizzle_bgra = 1; return true;
   case PIPE_FORMAT_B10G10R10A2_SNORM: el->convert = snorm1010102; el->swizzle_bgra = 1; return true;
   case PIPE_FORMAT_B10G10R10A2_USCALED: el->convert = uscaled1010102; el->swizzle_bgra = 1; return true;
   case PIPE_FORMAT_B10G10R10A2_SSCALED: el->convert = sscaled1010102; el->swizzle_bgra = 1; return true;
   case PIPE_FORMAT_R11G11B10_FLOAT: el->convert = r11g11b10f; return true;
   case PIPE_FORMAT_B8G8R8A8_UNORM: el->convert = bgra8_unorm; el->swizzle_bgra = 1; return true;
   default:
      break;
   }

   const struct util_format_channel_description *ch = &desc->channel[0];
   const unsigned bits = ch->size;
   static const fxp_fetch_fn table[6][3] = {
      {unorm8, unorm16, unorm32}, {snorm8, snorm16, snorm32}, {uscaled8, uscaled16, uscaled32},
      {sscaled8, sscaled16, sscaled32}, {uint8, uint16, uint32}, {sint8, sint16, sint32},
   };
   const unsigned size_index = bits == 8 ? 0 : bits == 16 ? 1 : 2;

   switch (ch->type) {
   case UTIL_FORMAT_TYPE_FLOAT:
      el->convert = bits == 16 ? float16 : bits == 32 ? float32 : float64;
      return bits == 16 || bits == 32 || bits == 64;
   case UTIL_FORMAT_TYPE_FIXED:
      el->convert = fixed32;
      return bits == 32;
   case UTIL_FORMAT_TYPE_UNSIGNED:
   case UTIL_FORMAT_TYPE_SIGNED: {
      if (bits != 8 && bits != 16 && bits != 32)
         return false;
      const bool sign = ch->type == UTIL_FORMAT_TYPE_SIGNED;
      const unsigned cls = ch->pure_integer ? 4 + sign : ch->normalized ? sign : 2 + sign;
      el->convert = table[cls][size_index];
      return true;
   }
   default:
      return false;
   }
}

bool
fxp_fetch_plan_compile(struct fxp_fetch_plan *plan, unsigned count,
                       const struct pipe_vertex_element *elements, char *error, unsigned error_size)
{
   struct pipe_vertex_element lowered[PIPE_MAX_ATTRIBS];
   const struct pipe_vertex_element *ve = elements;

   memset(plan, 0, sizeof(*plan));
   if (count > PIPE_MAX_ATTRIBS) {
      snprintf(error, error_size, "%u elements, the limit is %u", count, PIPE_MAX_ATTRIBS);
      return false;
   }
   /* 64-bit integer elements (double inputs) become one or two 32-bit ones, as the state tracker
    * expects; count them first, so that the lowering never writes past its array. */
   unsigned lowered_count = 0;
   for (unsigned i = 0; i < count; i++) {
      const bool is64 = ve[i].src_format >= PIPE_FORMAT_R64_UINT && ve[i].src_format <= PIPE_FORMAT_R64G64B64A64_UINT;
      lowered_count += is64 && ve[i].dual_slot ? 2 : 1;
   }
   if (lowered_count > PIPE_MAX_ATTRIBS) {
      snprintf(error, error_size, "%u elements once 64-bit ones are split, the limit is %u", lowered_count,
               PIPE_MAX_ATTRIBS);
      return false;
   }
   util_lower_uint64_vertex_elements(&ve, &count, lowered);
   for (unsigned i = 0; i < count; i++) {
      struct fxp_fetch_elem *el = &plan->elems[i];
      if (ve[i].vertex_buffer_index >= PIPE_MAX_ATTRIBS) {
         snprintf(error, error_size, "element %u: buffer index %u out of range", i, ve[i].vertex_buffer_index);
         return false;
      }
      if (!fxp_is_vertex_format(ve[i].src_format) || !choose(el, ve[i].src_format)) {
         snprintf(error, error_size, "element %u: %s is not a vertex format", i,
                  util_format_name(ve[i].src_format));
         return false;
      }
      el->vb = ve[i].vertex_buffer_index;
      el->src_offset_B = ve[i].src_offset;
      el->divisor = ve[i].instance_divisor;
      fxp_fetch_fast_choose(el);
   }
   plan->count = count;
   plan->num_buffers = 0;
   for (unsigned i = 0; i < count; i++)
      plan->num_buffers = MAX2(plan->num_buffers, plan->elems[i].vb + 1u);
   return true;
}

/* Converts one element of one vertex (or instance), or zeros if it is not inside its buffer. */
static inline void
fetch_one(const struct fxp_fetch_elem *el, const struct fxp_fetch_buffer *buffers, uint32_t index,
          uint32_t instance, uint32_t start_instance, uint32_t out[4])
{
   const struct fxp_fetch_buffer *b = &buffers[el->vb];
   const uint64_t i = el->divisor ? (uint64_t)start_instance + instance / el->divisor : index;
   uint64_t addr, end;

   /* any overflow of the address arithmetic is outside the buffer too */
   if (!b->data || __builtin_mul_overflow(i, (uint64_t)b->stride_B, &addr) ||
       __builtin_add_overflow(addr, (uint64_t)el->src_offset_B, &addr) ||
       __builtin_add_overflow(addr, (uint64_t)el->size_B, &end) || end > b->size_B) {
      out[0] = out[1] = out[2] = out[3] = 0;
      return;
   }
   el->convert(el, b->data + addr, out);
}

void
fxp_fetch_vertex(const struct fxp_fetch_plan *plan, const struct fxp_fetch_buffer *buffers, uint32_t index,
                 uint32_t instance, uint32_t start_instance, uint32_t out[][4])
{
   for (unsigned k = 0; k < plan->count; k++)
      fetch_one(&plan->elems[k], buffers, index, instance, start_instance, out[k]);
}

void
fxp_fetch_batch(const struct fxp_fetch_plan *plan, const struct fxp_fetch_buffer *buffers,
                const uint32_t *index, unsigned count, uint32_t instance, uint32_t start_instance,
                fxp_vec *inputs)
{
   uint32_t max_index = 0;
   for (unsigned l = 0; l < count; l++)
      max_index = MAX2(max_index, index[l]);
   for (unsigned k = 0; k < plan->count; k++) {
      const struct fxp_fetch_elem *el = &plan->elems[k];
      fxp_vec *in = &inputs[4 * k];
      if (count && fxp_fetch_fast_elem(el, &buffers[el->vb], index, count, max_index, in))
         continue;
      for (unsigned l = 0; l < FXP_W; l++) {
         uint32_t v[4] = {0, 0, 0, 0};
         if (l < count)
            fetch_one(el, buffers, index[l], instance, start_instance, v);
         for (unsigned c = 0; c < 4; c++)
            in[c].au[l] = v[c];
      }
   }
}
