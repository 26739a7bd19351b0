/* Tests of the vertex-fetch plan against values worked out by hand and against a reference decoder written
 * here from spec/velems.rst and the rules of fxp_fetch.h / fxp_fetch.c (it shares no code with them, and takes
 * only format names from Mesa's u_format, whose unpacking does not clamp SNORM): formats, padding, divisors,
 * strides, offsets, reads past the end of a buffer, address overflow, batches and refusals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fetch/fxp_fetch.h"
#include "fxp_debug.h"
#include "fxp_formats.h"
#include "tests/fxp_test.h"
#include "util/format/u_format.h"

#define P(f) PIPE_FORMAT_##f

static float
f32(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

static uint32_t
fb(float f)
{
   uint32_t v;
   memcpy(&v, &f, 4);
   return v;
}

/* R8G8_SNORM (-128, 127) -> (-1 clamped, 1, 0, 1); R32_UINT 7 -> (7, 0, 0, integer 1) */
static void
test_snorm_clamp_and_int_padding(struct fxp_t *t)
{
   struct pipe_vertex_element ve[2];
   struct fxp_fetch_plan plan;
   char err[128];
   const uint8_t data[8] = {0x80, 0x7f, 0, 0, 7, 0, 0, 0};
   struct fxp_fetch_buffer vb = {.data = data, .size_B = sizeof(data), .stride_B = 8};
   uint32_t out[2][4];

   memset(ve, 0, sizeof(ve));
   ve[0].src_format = PIPE_FORMAT_R8G8_SNORM;
   ve[1].src_format = PIPE_FORMAT_R32_UINT;
   ve[1].src_offset = 4;
   if (!CHECK(t, fxp_fetch_plan_compile(&plan, 2, ve, err, sizeof(err)), "compile: %s", err))
      return;
   fxp_fetch_vertex(&plan, &vb, 0, 0, 0, out);
   CHECK(t, f32(out[0][0]) == -1.0f && f32(out[0][1]) == 1.0f && f32(out[0][2]) == 0.0f &&
            f32(out[0][3]) == 1.0f, "snorm: %g %g %g %g", f32(out[0][0]), f32(out[0][1]), f32(out[0][2]),
         f32(out[0][3]));
   CHECK(t, out[1][0] == 7 && out[1][1] == 0 && out[1][2] == 0 && out[1][3] == 1, "uint padding");
   /* vertex 1 starts at byte 8: past the end, reads as zeros */
   fxp_fetch_vertex(&plan, &vb, 1, 0, 0, out);
   CHECK(t, out[0][0] == 0 && out[0][3] == 0 && out[1][0] == 0 && out[1][3] == 0, "past the end");
}

enum ref_kind {
   K_UNORM, K_SNORM, K_USCALED, K_SSCALED, K_UINT, K_SINT, K_FLOAT, K_FIXED, K_1010102, K_R11G11B10, K_BGRA8
};

struct ref_fmt {
   enum ref_kind kind;
   enum ref_kind sub;   /* K_1010102: the class of its fields */
   unsigned nr, bits;   /* components, bits of each (arrays) */
   unsigned size_B;
   bool bgra;
   bool integer;        /* pure integer: padding w is integer 1 */
};

/* What a format is, from its enum (packed formats) or its name (R, RG, RGB, RGBA arrays of one type). False:
 * not a format of the header's table, i.e. not a vertex format. */
static bool
ref_parse(enum pipe_format f, struct ref_fmt *r)
{
#define PK(f, sub, bgra) {P(f), {K_1010102, sub, 4, 0, 4, bgra}}
   static const struct { enum pipe_format f; struct ref_fmt r; } special[] = {
      PK(R10G10B10A2_UNORM, K_UNORM, 0), PK(R10G10B10A2_SNORM, K_SNORM, 0), PK(R10G10B10A2_USCALED, K_USCALED, 0),
      PK(R10G10B10A2_SSCALED, K_SSCALED, 0), PK(B10G10R10A2_UNORM, K_UNORM, 1), PK(B10G10R10A2_SNORM, K_SNORM, 1),
      PK(B10G10R10A2_USCALED, K_USCALED, 1), PK(B10G10R10A2_SSCALED, K_SSCALED, 1),
      {P(R11G11B10_FLOAT), {K_R11G11B10, 0, 3, 0, 4}}, {P(B8G8R8A8_UNORM), {K_BGRA8, 0, 4, 8, 4, 1}},
   };
   static const char *const classes[] = {"UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "FLOAT", "FIXED"};

   memset(r, 0, sizeof(*r));
   for (unsigned i = 0; i < sizeof(special) / sizeof(special[0]); i++) {
      if (special[i].f == f) {
         *r = special[i].r;
         return true;
      }
   }
   const char *n = util_format_name(f);
   if (!n || strncmp(n, "PIPE_FORMAT_", 12) != 0)
      return false;
   n += 12;
   for (r->nr = 0; r->nr < 4 && *n == "RGBA"[r->nr]; r->nr++) {
      char *end;
      const unsigned long bits = strtoul(n + 1, &end, 10);
      if (end == n + 1 || (r->nr && bits != r->bits))
         return false;
      r->bits = bits;
      n = end;
   }
   unsigned k = 0;
   while (k < 8 && (*n != '_' || strcmp(n + 1, classes[k]) != 0))
      k++;
   if (!r->nr || k == 8)
      return false;
   r->kind = (enum ref_kind)k;
   r->size_B = r->nr * r->bits / 8;
   r->integer = r->kind == K_UINT || r->kind == K_SINT;
   switch (r->kind) {
   case K_FLOAT: return r->bits == 16 || r->bits == 32 || r->bits == 64;
   case K_FIXED: return r->bits == 32;
   default: return r->bits == 8 || r->bits == 16 || r->bits == 32;
   }
}

/* An unsigned small float (or a half, with a sign handled by the caller): 5-bit exponent, bias 15. */
static float
ref_small_float(uint32_t e, uint32_t m, unsigned mbits)
{
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mbits);
   if (e == 31)
      return m ? NAN : INFINITY;
   return ldexpf((float)((1u << mbits) + m), (int)e - 15 - (int)mbits);
}

/* One stored integer v of `bits` bits, by class. */
static uint32_t
ref_int(enum ref_kind kind, uint64_t v, unsigned bits)
{
   const int64_t sv = bits < 64 && (v >> (bits - 1)) & 1 ? (int64_t)v - (int64_t)(1ull << bits) : (int64_t)v;

   switch (kind) {
   case K_UNORM: return fb((float)((double)v / (double)((1ull << bits) - 1)));
   case K_SNORM: {
      const double d = (double)sv / (double)((1ull << (bits - 1)) - 1);
      return fb((float)(d < -1.0 ? -1.0 : d));
   }
   case K_USCALED: return fb((float)v);
   case K_SSCALED: return fb((float)sv);
   case K_UINT: return (uint32_t)v;
   case K_SINT: return (uint32_t)(int32_t)sv;
   case K_FIXED: return fb((float)((double)sv / 65536.0));
   default: return 0xdeadbeef;
   }
}

static uint64_t
rd_le(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v |= (uint64_t)p[i] << (8 * i);
   return v;
}

static void
ref_decode(const struct ref_fmt *r, const uint8_t *s, uint32_t out[4])
{
   out[0] = out[1] = out[2] = 0;
   out[3] = r->integer ? 1 : fb(1.0f);
   switch (r->kind) {
   case K_1010102: {
      const uint64_t v = rd_le(s, 4);
      for (unsigned c = 0; c < 4; c++) {
         const unsigned bits = c == 3 ? 2 : 10;
         out[r->bgra && c < 3 ? 2 - c : c] = ref_int(r->sub, (v >> (10 * c)) & ((1u << bits) - 1), bits);
      }
      break;
   }
   case K_R11G11B10: {
      const uint32_t v = (uint32_t)rd_le(s, 4);
      out[0] = fb(ref_small_float((v >> 6) & 31, v & 63, 6));
      out[1] = fb(ref_small_float((v >> 17) & 31, (v >> 11) & 63, 6));
      out[2] = fb(ref_small_float((v >> 27) & 31, (v >> 22) & 31, 5));
      break;
   }
   case K_BGRA8:
      for (unsigned c = 0; c < 4; c++)
         out[c < 3 ? 2 - c : c] = ref_int(K_UNORM, s[c], 8);
      break;
   default:
      for (unsigned c = 0; c < r->nr; c++) {
         const uint64_t v = rd_le(s + c * r->bits / 8, r->bits / 8);
         if (r->kind != K_FLOAT) {
            out[c] = ref_int(r->kind, v, r->bits);
         } else if (r->bits == 16) {
            const float h = ref_small_float((v >> 10) & 31, v & 1023, 10);
            out[c] = fb(v & 0x8000 ? -h : h);
         } else if (r->bits == 32) {
            out[c] = (uint32_t)v;
         } else {
            double d;
            memcpy(&d, &v, 8);
            out[c] = fb((float)d);
         }
      }
      break;
   }
}

/* Word-exact, except that any NaN matches any NaN for float outputs. */
static bool
same4(const uint32_t got[4], const uint32_t want[4], bool integer)
{
   for (unsigned c = 0; c < 4; c++) {
      if (got[c] != want[c] && (integer || !isnan(f32(got[c])) || !isnan(f32(want[c]))))
         return false;
   }
   return true;
}

#define W4 "%08x %08x %08x %08x"
#define A4(a) (a)[0], (a)[1], (a)[2], (a)[3]

static bool
compile_n(struct fxp_t *t, struct fxp_fetch_plan *plan, unsigned n, const struct pipe_vertex_element *ve)
{
   char err[160] = "";
   return CHECK(t, fxp_fetch_plan_compile(plan, n, ve, err, sizeof(err)) && plan->count == n, "compile %s..: %s",
                util_format_short_name(ve[0].src_format), err);
}

static bool
expect4(struct fxp_t *t, const char *what, unsigned v, const uint32_t got[4], uint32_t x, uint32_t y, uint32_t z,
        uint32_t w)
{
   const uint32_t want[4] = {x, y, z, w};
   return CHECK(t, !memcmp(got, want, 16), "%s, vertex/instance %u: got " W4 ", want " W4, what, v, A4(got),
                A4(want));
}

union w { float f; uint32_t u; };
#define F(x) {.f = (x)}
#define U(x) {.u = (x)}
#define ONE F(1.0f)
#define Z F(0)

static const struct row {
   enum pipe_format fmt;
   uint8_t in[32];
   union w want[4];
} rows[] = {
   {P(R8_UNORM), {0xff}, {ONE, Z, Z, ONE}},
   {P(R8G8_UNORM), {0x00, 0x80}, {Z, F(128.0f / 255), Z, ONE}},
   {P(R8G8B8A8_UNORM), {1, 0x7f, 0xfe, 0xff}, {F(1.0f / 255), F(127.0f / 255), F(254.0f / 255), ONE}},
   {P(R16G16B16A16_UNORM), {0xff, 0xff, 0, 0, 0x00, 0x80, 1, 0}, {ONE, Z, F(32768.0f / 65535), F(1.0f / 65535)}},
   {P(R32G32_UNORM), {0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0x80}, {ONE, F((float)(2147483648.0 / 4294967295.0)), Z, ONE}},
   {P(R8_SNORM), {0x80}, {F(-1), Z, Z, ONE}},
   {P(R8G8B8_SNORM), {0x81, 0x7f, 0xc0}, {F(-1), ONE, F(-64.0f / 127), ONE}},
   {P(R16_SNORM), {0x00, 0x80}, {F(-1), Z, Z, ONE}},
   {P(R16G16B16A16_SNORM), {0x01, 0x80, 0xff, 0x7f, 0x00, 0x40, 0xff, 0xff},
    {F(-1), ONE, F(16384.0f / 32767), F(-1.0f / 32767)}},
   {P(R32_SNORM), {0, 0, 0, 0x80}, {F(-1), Z, Z, ONE}},
   {P(R32G32_SNORM), {0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0xc0}, {ONE, F((float)(-1073741824.0 / 2147483647.0)), Z, ONE}},
   {P(R8G8B8A8_USCALED), {0, 1, 0x80, 0xff}, {Z, F(1), F(128), F(255)}},
   {P(R16_USCALED), {0xff, 0xff}, {F(65535), Z, Z, ONE}},
   {P(R32G32_USCALED), {0xff, 0xff, 0xff, 0xff, 1, 0, 0, 1}, {F(4294967296.0f), F(16777216.0f), Z, ONE}},
   {P(R8G8_SSCALED), {0x80, 0xff}, {F(-128), F(-1), Z, ONE}},
   {P(R16G16B16_SSCALED), {0x00, 0x80, 0xff, 0x7f, 0xfe, 0xff}, {F(-32768), F(32767), F(-2), ONE}},
   {P(R32_SSCALED), {0, 0, 0, 0x80}, {F(-2147483648.0f), Z, Z, ONE}},
   {P(R8_UINT), {0xff}, {U(255), U(0), U(0), U(1)}},
   {P(R16G16_UINT), {0x34, 0x12, 0xff, 0xff}, {U(0x1234), U(0xffff), U(0), U(1)}},
   {P(R32G32B32_UINT), {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 2, 1, 0}, {U(1), U(0xffffffff), U(0x10203), U(1)}},
   {P(R32G32B32A32_UINT), {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0x80}, {U(1), U(2), U(3), U(0x80000000)}},
   {P(R8G8B8_SINT), {0x80, 0x7f, 0xff}, {U(0xffffff80), U(127), U(0xffffffff), U(1)}},
   {P(R16_SINT), {0x00, 0x80}, {U(0xffff8000), U(0), U(0), U(1)}},
   {P(R32G32_SINT), {0xfe, 0xff, 0xff, 0xff, 0, 0, 0, 0x80}, {U(0xfffffffe), U(0x80000000), U(0), U(1)}},
   /* halves: 1, +inf, -inf, smallest denormal; NaN, largest denormal; -0; 65504, smallest normal, -2 */
   {P(R16G16B16A16_FLOAT), {0x00, 0x3c, 0x00, 0x7c, 0x00, 0xfc, 0x01, 0x00}, {ONE, F(INFINITY), F(-INFINITY),
    F(0x1p-24f)}},
   {P(R16G16_FLOAT), {0x00, 0x7e, 0xff, 0x03}, {F(NAN), F(1023 * 0x1p-24f), Z, ONE}},
   {P(R16_FLOAT), {0x00, 0x80}, {F(-0.0f), Z, Z, ONE}},
   {P(R16G16B16_FLOAT), {0xff, 0x7b, 0x00, 0x04, 0x00, 0xc0}, {F(65504), F(0x1p-14f), F(-2), ONE}},
   {P(R32G32_FLOAT), {0, 0, 0xc0, 0x3f, 0, 0, 0, 0x80}, {F(1.5f), F(-0.0f), Z, ONE}},
   {P(R32G32B32A32_FLOAT), {1, 0, 0x80, 0x7f, 0, 0, 0x80, 0xff, 1, 0, 0, 0, 0xff, 0xff, 0x7f, 0x7f},
    {U(0x7f800001), F(-INFINITY), U(1), F(3.4028234663852886e38f)}},
   /* doubles: 1.0, 2^128 (overflows to inf); 1 + 2^-24 (ties to even: 1), 1 + 2^-24 + 2^-25 (up), NaN,
    * 2^-149 (smallest float denormal) */
   {P(R64_FLOAT), {0, 0, 0, 0, 0, 0, 0xf0, 0x3f}, {ONE, Z, Z, ONE}},
   {P(R64G64_FLOAT), {0, 0, 0, 0, 0, 0, 0xf0, 0x47, 0, 0, 0, 0, 0, 0, 0xf0, 0xc7}, {F(INFINITY), F(-INFINITY), Z, ONE}},
   {P(R64G64B64A64_FLOAT), {0, 0, 0, 0x10, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0x18, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0xf8,
    0x7f, 0, 0, 0, 0, 0, 0, 0xa0, 0x36}, {ONE, F(1.0f + 0x1p-23f), F(NAN), F(0x1p-149f)}},
   /* 16.16: 1.5; -1, -0.25; -2^-16, 2^31-1 (rounds to 32768), -32768, 2^-16 */
   {P(R32_FIXED), {0x00, 0x80, 0x01, 0x00}, {F(1.5f), Z, Z, ONE}},
   {P(R32G32_FIXED), {0, 0, 0xff, 0xff, 0x00, 0xc0, 0xff, 0xff}, {F(-1), F(-0.25f), Z, ONE}},
   {P(R32G32B32A32_FIXED), {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0x80, 1, 0, 0, 0},
    {F(-0x1p-16f), F(32768.0f), F(-32768.0f), F(0x1p-16f)}},
   /* 10_10_10_2 (x bits 0-9, y 10-19, z 20-29, w 30-31): 0xa00003ff = (1023, 0, 512, 2);
    * 0xbff7fe00 = (-512, 511, -1, -2) signed; 0x400c0100 = (256, -256, 0, 1); 0xc00007ff = (1023, 1, 0, 3) */
   {P(R10G10B10A2_UNORM), {0xff, 0x03, 0x00, 0xa0}, {ONE, Z, F(512.0f / 1023), F(2.0f / 3)}},
   {P(R10G10B10A2_SNORM), {0x00, 0xfe, 0xf7, 0xbf}, {F(-1), ONE, F(-1.0f / 511), F(-1)}},
   {P(R10G10B10A2_SNORM), {0x00, 0x01, 0x0c, 0x40}, {F(256.0f / 511), F(-256.0f / 511), Z, ONE}},
   {P(R10G10B10A2_USCALED), {0xff, 0x07, 0x00, 0xc0}, {F(1023), F(1), Z, F(3)}},
   {P(R10G10B10A2_SSCALED), {0x00, 0xfe, 0xf7, 0xbf}, {F(-512), F(511), F(-1), F(-2)}},
   {P(B10G10R10A2_UNORM), {0xff, 0x03, 0x00, 0xa0}, {F(512.0f / 1023), Z, ONE, F(2.0f / 3)}},
   {P(B10G10R10A2_SNORM), {0x00, 0xfe, 0xf7, 0xbf}, {F(-1.0f / 511), ONE, F(-1), F(-1)}},
   {P(B10G10R10A2_USCALED), {0xff, 0x07, 0x00, 0xc0}, {Z, F(1), F(1023), F(3)}},
   {P(B10G10R10A2_SSCALED), {0x00, 0xfe, 0xf7, 0xbf}, {F(-1), F(511), F(-512), F(-2)}},
   /* r11g11b10: 0xf8000bc0 = (1.0, denormal 2^-20, inf); 0x07dd07bf = (65024, 0.75, 31 * 2^-19) */
   {P(R11G11B10_FLOAT), {0xc0, 0x0b, 0x00, 0xf8}, {ONE, F(0x1p-20f), F(INFINITY), ONE}},
   {P(R11G11B10_FLOAT), {0xbf, 0x07, 0xdd, 0x07}, {F(65024), F(0.75f), F(31 * 0x1p-19f), ONE}},
   {P(R11G11B10_FLOAT), {0xc1, 0x07, 0, 0}, {F(NAN), Z, Z, ONE}},
   {P(B8G8R8A8_UNORM), {0x00, 0x80, 0xff, 0x33}, {ONE, F(128.0f / 255), Z, F(0.2f)}},
};

static void
test_hand_rows(struct fxp_t *t)
{
   for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      const struct row *r = &rows[i];
      struct fxp_fetch_plan plan;
      struct ref_fmt rf;
      uint32_t want[4], ref[4], got[1][4];

      memcpy(want, r->want, sizeof(want));
      if (!CHECK(t, ref_parse(r->fmt, &rf), "reference: %s", util_format_short_name(r->fmt)))
         continue;
      ref_decode(&rf, r->in, ref);
      CHECK(t, same4(ref, want, rf.integer), "row %u %s: reference " W4 ", hand " W4, i,
            util_format_short_name(r->fmt), A4(ref), A4(want));
      if (!compile_n(t, &plan, 1, &(struct pipe_vertex_element){.src_format = r->fmt}))
         continue;
      const struct fxp_fetch_buffer vb = {.data = r->in, .size_B = rf.size_B, .stride_B = rf.size_B};
      fxp_fetch_vertex(&plan, &vb, 0, 0, 0, got);
      CHECK(t, same4(got[0], want, rf.integer), "row %u %s: got " W4 ", want " W4, i,
            util_format_short_name(r->fmt), A4(got[0]), A4(want));
   }
}

#define NPAT 40

/* Pattern p for a format: zeros, ones, each component's most negative / largest signed value, 10_10_10_2
 * field extremes, then random bytes. */
static void
pattern(unsigned p, const struct ref_fmt *r, uint8_t *b, uint32_t *seed)
{
   const unsigned comp_B = r->bits ? r->bits / 8 : 4;
   const uint32_t packed[2] = {0xa0080200, 0x5ff7fdff};

   for (unsigned i = 0; i < r->size_B; i++) {
      const bool top = i % comp_B == comp_B - 1;
      b[i] = p == 0 ? 0 : p == 1 ? 0xff : p == 2 ? (top ? 0x80 : 0) : p == 3 ? (top ? 0x7f : 0xff)
           : p < 6 ? (uint8_t)(packed[p - 4] >> (8 * (i % 4))) : (uint8_t)fxp_t_xorshift(seed);
   }
}

static void
test_all_formats(struct fxp_t *t)
{
   unsigned tested = 0;
   uint32_t seed = 0x2545f491;

   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      struct ref_fmt r;
      struct fxp_fetch_plan plan;
      const bool accepted = fxp_is_vertex_format(f), known = ref_parse(f, &r);
      const char *name = util_format_short_name(f);

      CHECK(t, accepted == known, "%s: fxp_is_vertex_format %d, the header's table %d", name, accepted, known);
      if (!accepted || !known)
         continue;
      /* pipe_vertex_element.src_format keeps only the low 8 bits of the format */
      if (!CHECK(t, f < 256, "%s (%u) does not fit pipe_vertex_element.src_format", name, f) ||
          !compile_n(t, &plan, 1, &(struct pipe_vertex_element){.src_format = f}))
         continue;
      CHECK(t, plan.elems[0].size_B == r.size_B, "%s: size %u, want %u", name, plan.elems[0].size_B, r.size_B);
      tested++;

      uint8_t buf[3 * 32];
      for (unsigned p = 0; p < NPAT; p++) {
         uint32_t want[4], got[1][4];
         pattern(p, &r, buf, &seed);
         ref_decode(&r, buf, want);
         /* the element ends exactly at the buffer's end */
         const struct fxp_fetch_buffer vb = {.data = buf, .size_B = r.size_B, .stride_B = r.size_B};
         fxp_fetch_vertex(&plan, &vb, 0, 0, 0, got);
         if (!CHECK(t, same4(got[0], want, r.integer), "%s pattern %u (bytes %02x %02x %02x %02x..): got " W4
                    ", want " W4, name, p, buf[0], buf[1], buf[2], buf[3], A4(got[0]), A4(want)))
            break;
      }
      /* one byte short: zeros */
      uint32_t got[1][4];
      const struct fxp_fetch_buffer short_vb = {.data = buf, .size_B = r.size_B - 1, .stride_B = 0};
      fxp_fetch_vertex(&plan, &short_vb, 0, 0, 0, got);
      expect4(t, name, 0, got[0], 0, 0, 0, 0);

      /* the batch path, three vertices of random bytes, lanes past count zero */
      fxp_vec in[4];
      const uint32_t idx[3] = {2, 0, 1};
      const struct fxp_fetch_buffer vb3 = {.data = buf, .size_B = 3 * r.size_B, .stride_B = r.size_B};
      for (unsigned i = 0; i < 3 * r.size_B; i++)
         buf[i] = (uint8_t)fxp_t_xorshift(&seed);
      memset(in, 0xcd, sizeof(in));
      fxp_fetch_batch(&plan, &vb3, idx, 3, 0, 0, in);
      for (unsigned l = 0; l < FXP_W; l++) {
         uint32_t want[4] = {0, 0, 0, 0}, lane[4];
         if (l < 3)
            ref_decode(&r, buf + idx[l] * r.size_B, want);
         for (unsigned c = 0; c < 4; c++)
            lane[c] = in[c].au[l];
         if (!CHECK(t, same4(lane, want, r.integer), "%s batch lane %u: got " W4 ", want " W4, name, l, A4(lane),
                    A4(want)))
            break;
      }
   }
   /* 72 integer arrays (6 classes x 3 sizes x 1-4 components), 12 float, 4 fixed, 8 packed, 2 others */
   CHECK(t, tested >= 98, "%u vertex formats tested, want at least 98", tested);
}

/* src_offset, several elements in one buffer, several buffers (0, 5, 31), an unbound one (7) */
static void
test_buffers_and_offsets(struct fxp_t *t)
{
   struct fxp_fetch_buffer vbs[PIPE_MAX_ATTRIBS] = {{0}};
   struct fxp_fetch_plan plan;
   uint8_t b0[3 * 12], b5[3 * 6], b31[3 * 2];
   uint32_t out[6][4];
   const struct pipe_vertex_element ve[6] = {
      {.src_format = PIPE_FORMAT_R32G32_FLOAT},
      {.src_format = PIPE_FORMAT_R16G16B16_SINT, .vertex_buffer_index = 5},
      {.src_format = PIPE_FORMAT_R8G8B8A8_UINT, .src_offset = 8},
      {.src_format = PIPE_FORMAT_R16_UNORM, .vertex_buffer_index = 31},
      {.src_format = PIPE_FORMAT_R32_FLOAT, .src_offset = 4},
      {.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT, .vertex_buffer_index = 7},
   };

   for (unsigned i = 0; i < 3; i++) {
      const int16_t s[3] = {(int16_t)-i, (int16_t)(100 + i), (int16_t)(1000 * i)};
      const uint16_t u = (uint16_t)(0x1111 * (i + 1));
      const uint32_t f[2] = {fb(i + 0.5f), fb(-(float)i)};
      memcpy(b0 + 12 * i, f, 8);
      for (unsigned c = 0; c < 4; c++)
         b0[12 * i + 8 + c] = (uint8_t)(10 * i + c);
      memcpy(b5 + 6 * i, s, 6);
      memcpy(b31 + 2 * i, &u, 2);
   }
   vbs[0] = (struct fxp_fetch_buffer){b0, sizeof(b0), 12};
   vbs[5] = (struct fxp_fetch_buffer){b5, sizeof(b5), 6};
   vbs[31] = (struct fxp_fetch_buffer){b31, sizeof(b31), 2};
   vbs[7] = (struct fxp_fetch_buffer){NULL, 4096, 16};
   if (!compile_n(t, &plan, 6, ve))
      return;
   for (unsigned i = 0; i < 3; i++) {
      fxp_fetch_vertex(&plan, vbs, i, 0, 0, out);
      expect4(t, "R32G32_FLOAT buffer 0", i, out[0], fb(i + 0.5f), fb(-(float)i), 0, fb(1));
      expect4(t, "R16G16B16_SINT buffer 5", i, out[1], (uint32_t)-(int32_t)i, 100 + i, 1000 * i, 1);
      expect4(t, "R8G8B8A8_UINT buffer 0 offset 8", i, out[2], 10 * i, 10 * i + 1, 10 * i + 2, 10 * i + 3);
      expect4(t, "R16_UNORM buffer 31", i, out[3], fb((float)(0x1111 * (i + 1)) / 65535.0f), 0, 0, fb(1));
      expect4(t, "R32_FLOAT buffer 0 offset 4", i, out[4], fb(-(float)i), 0, 0, fb(1));
      expect4(t, "unbound buffer 7", i, out[5], 0, 0, 0, 0);
   }
}

/* instance_divisor 0, 1 and 3, start_instance 0 and 5: index = start_instance + instance / divisor */
static void
test_instance_divisor(struct fxp_t *t)
{
   struct fxp_fetch_plan plan;
   uint32_t per_vertex[8], per_instance[32], out[3][4];
   const struct pipe_vertex_element ve[3] = {
      {.src_format = PIPE_FORMAT_R32_UINT},
      {.src_format = PIPE_FORMAT_R32_UINT, .vertex_buffer_index = 1, .instance_divisor = 1},
      {.src_format = PIPE_FORMAT_R32_UINT, .vertex_buffer_index = 1, .instance_divisor = 3},
   };

   for (unsigned i = 0; i < 32; i++)
      per_instance[i] = 2000 + i, per_vertex[i % 8] = 1000 + i % 8;
   const struct fxp_fetch_buffer vbs[2] = {{(const uint8_t *)per_vertex, sizeof(per_vertex), 4},
                                           {(const uint8_t *)per_instance, sizeof(per_instance), 4}};
   if (!compile_n(t, &plan, 3, ve))
      return;
   for (unsigned start = 0; start <= 5; start += 5) {
      for (unsigned inst = 0; inst < 8; inst++) {
         fxp_fetch_vertex(&plan, vbs, 2, inst, start, out);
         expect4(t, "divisor 0", inst, out[0], 1002, 0, 0, 1);
         expect4(t, start ? "divisor 1, start 5" : "divisor 1", inst, out[1], 2000 + start + inst, 0, 0, 1);
         expect4(t, start ? "divisor 3, start 5" : "divisor 3", inst, out[2], 2000 + start + inst / 3, 0, 0, 1);
      }
   }
   /* start 5 + instance 26 = 31 is the last entry; 5 + 27 is past the end */
   fxp_fetch_vertex(&plan, vbs, 0, 26, 5, out);
   expect4(t, "divisor 1, last instance", 26, out[1], 2031, 0, 0, 1);
   fxp_fetch_vertex(&plan, vbs, 0, 27, 5, out);
   expect4(t, "divisor 1, past the end", 27, out[1], 0, 0, 0, 0);
   expect4(t, "divisor 3, instance 27 start 5", 27, out[2], 2014, 0, 0, 1);
}

/* stride 0: every vertex reads the same bytes; stride 7, offsets 3 and 1 on a misaligned base: unaligned reads */
static void
test_strides(struct fxp_t *t)
{
   struct fxp_fetch_plan plan;
   uint8_t store[80] = {0};
   uint32_t out[3][4];
   const uint32_t idx[4] = {0, 1, 1000, 0xffffffff};

   memcpy(store + 4, (const float[4]){1.25f, 2.5f, 3.75f, 5.0f}, 16);
   const struct fxp_fetch_buffer vb0 = {store, 20, 0};
   if (compile_n(t, &plan, 1, &(struct pipe_vertex_element){.src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
                                                               .src_offset = 4})) {
      for (unsigned i = 0; i < 4; i++) {
         fxp_fetch_vertex(&plan, &vb0, idx[i], 0, 0, out);
         expect4(t, "stride 0", idx[i], out[0], fb(1.25f), fb(2.5f), fb(3.75f), fb(5.0f));
      }
   }

   const struct pipe_vertex_element ve[3] = {
      {.src_format = PIPE_FORMAT_R32_FLOAT, .src_offset = 3},
      {.src_format = PIPE_FORMAT_R16_SINT, .src_offset = 1},
      {.src_format = PIPE_FORMAT_R16G16_UNORM, .src_offset = 3},
   };
   uint8_t *base = store + 1;
   memset(store, 0, sizeof(store));
   for (unsigned i = 0; i < 8; i++) {
      const int16_t s = (int16_t)(-300 * (int)i);
      const float f = 0.5f + i;
      memcpy(base + 7 * i + 3, &f, 4);
      memcpy(base + 7 * i + 1, &s, 2);
   }
   const struct fxp_fetch_buffer vb = {base, 7 * 8, 7};
   if (!compile_n(t, &plan, 3, ve))
      return;
   for (unsigned i = 0; i <= 8; i++) {
      const uint32_t v = fb(0.5f + i), in = i < 8;
      fxp_fetch_vertex(&plan, &vb, i, 0, 0, out);
      expect4(t, "R32_FLOAT stride 7 offset 3", i, out[0], in * v, 0, 0, in * fb(1));
      expect4(t, "R16_SINT stride 7 offset 1", i, out[1], in * (uint32_t)(-300 * (int)i), 0, 0, in);
      expect4(t, "R16G16_UNORM stride 7 offset 3", i, out[2], in * fb((float)(v & 0xffff) / 65535.0f),
              in * fb((float)(v >> 16) / 65535.0f), 0, in * fb(1));
   }
}

/* An element ending exactly at the buffer's end reads; one byte further, data NULL or an empty buffer reads
 * zeros; so do indices whose address overflows 32-bit (and 64-bit) arithmetic, rather than wrapping into the
 * buffer. The buffer sits 8 bytes into guard bytes 0xee, so a read before its start or past its end shows. */
static void
test_bounds(struct fxp_t *t)
{
   static const struct {
      uint32_t stride, index, instance, start, divisor;
      uint16_t offset;
      const char *what;
   } cases[] = {
      {4, 0x40000000, 0, 0, 0, 0, "index 2^30 * stride 4 = 2^32"},
      {4, 0xffffffff, 0, 0, 0, 0, "index 2^32-1 * stride 4"},
      {1, 0xffffffff, 0, 0, 0, 1, "index 2^32-1 + offset 1 = 2^32"},
      {65535, 65537, 0, 0, 0, 1, "index 65537 * stride 65535 + 1 = 2^32"},
      {0x100000, 0x1000, 0, 0, 0, 0, "index 2^12 * stride 2^20 = 2^32"},
      {4, 0, 1, 0xffffffff, 1, 0, "start 2^32-1 + instance 1 = 2^32"},
      {4, 0, 6, 0xfffffffe, 3, 0, "start 2^32-2 + instance 6 / 3 = 2^32"},
      {4, 0, 0xffffffff, 0xffffffff, 1, 0, "start 2^32-1 + instance 2^32-1"},
      {0xffffffff, 0, 2, 0xffffffff, 1, 0, "(2^32+1) * stride 2^32-1 = 2^64-1 (address + size wraps)"},
      {0xfffe0002, 0, 0x20003, 0xffffffff, 1, 0, "0x100020002 * stride 0xfffe0002 = 2^64+4 (product wraps)"},
   };
   uint8_t store[32];
   uint32_t out[2][4];
   struct fxp_fetch_plan plan;
   const struct pipe_vertex_element ve2[2] = {{.src_format = P(R32_UINT)},
                                              {.src_format = P(R32_UINT), .src_offset = 1}};

   memset(store, 0xee, sizeof(store));
   for (unsigned i = 0; i < 12; i++)
      store[8 + i] = (uint8_t)(i + 1);
   const struct fxp_fetch_buffer vb12 = {store + 8, 12, 4}, unbound = {NULL, 1 << 20, 4}, empty = {store + 8, 0, 4};
   if (compile_n(t, &plan, 2, ve2)) {
      fxp_fetch_vertex(&plan, &vb12, 1, 0, 0, out);
      expect4(t, "offset 1 ends at byte 9", 1, out[1], 0x09080706, 0, 0, 1);
      fxp_fetch_vertex(&plan, &vb12, 2, 0, 0, out);
      expect4(t, "ends exactly at the end", 2, out[0], 0x0c0b0a09, 0, 0, 1);
      expect4(t, "offset 1: one byte past the end", 2, out[1], 0, 0, 0, 0);
      fxp_fetch_vertex(&plan, &vb12, 3, 0, 0, out);
      expect4(t, "past the end", 3, out[0], 0, 0, 0, 0);
      fxp_fetch_vertex(&plan, &unbound, 0, 0, 0, out);
      expect4(t, "unbound", 0, out[0], 0, 0, 0, 0);
      expect4(t, "unbound", 0, out[1], 0, 0, 0, 0);
      fxp_fetch_vertex(&plan, &empty, 0, 0, 0, out);
      expect4(t, "empty buffer", 0, out[0], 0, 0, 0, 0);
   }
   for (unsigned i = 0; i < 16; i++)
      store[8 + i] = (uint8_t)(0x11 * (i + 1));
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct pipe_vertex_element ve = {.src_format = PIPE_FORMAT_R32_UINT, .src_offset = cases[i].offset,
                                             .instance_divisor = cases[i].divisor};
      const struct fxp_fetch_buffer vb = {store + 8, 16, cases[i].stride};
      if (!compile_n(t, &plan, 1, &ve))
         continue;
      fxp_fetch_vertex(&plan, &vb, cases[i].index, cases[i].instance, cases[i].start, out);
      expect4(t, cases[i].what, i, out[0], 0, 0, 0, 0);
   }
}

/* fxp_fetch_batch equals fxp_fetch_vertex lane by lane; lanes past count are zero */
static void
test_batch(struct fxp_t *t)
{
   struct fxp_fetch_plan plan;
   uint8_t b0[16 * 20], b1[8 * 6 + 3];
   uint32_t seed = 12345;
   const struct pipe_vertex_element ve[5] = {
      {.src_format = P(R32G32B32_FLOAT)},
      {.src_format = P(R8G8B8A8_SNORM), .src_offset = 12},
      {.src_format = P(R16G16_SINT), .src_offset = 16},
      {.src_format = P(R10G10B10A2_SNORM), .vertex_buffer_index = 1, .src_offset = 3, .instance_divisor = 3},
      {.src_format = P(R16G16B16A16_FLOAT), .vertex_buffer_index = 2},
   };
   /* in range, repeated, out of range (16, 2^32-1) */
   const uint32_t idx[FXP_W > 16 ? FXP_W : 16] = {0, 15, 3, 3, 16, 7, 0xffffffff, 1, 2, 14, 9, 8, 5, 4, 6, 13};
   const unsigned counts[3] = {FXP_W, 5, 1};

   for (unsigned i = 0; i < sizeof(b0); i++)
      b0[i] = (uint8_t)fxp_t_xorshift(&seed), b1[i % sizeof(b1)] = (uint8_t)fxp_t_xorshift(&seed);
   const struct fxp_fetch_buffer vbs[3] = {{b0, sizeof(b0), 20}, {b1, sizeof(b1), 6}, {NULL, 0, 8}};
   if (!compile_n(t, &plan, 5, ve))
      return;
   for (unsigned n = 0; n < 3; n++) {
      for (unsigned inst = 0; inst < 4; inst++) {
         fxp_vec in[5 * 4];
         uint32_t want[5][4], lane[4];
         memset(in, 0xcd, sizeof(in));
         fxp_fetch_batch(&plan, vbs, idx, counts[n], inst, 2, in);
         for (unsigned l = 0, ok = 1; l < FXP_W && ok; l++) {
            memset(want, 0, sizeof(want));
            if (l < counts[n])
               fxp_fetch_vertex(&plan, vbs, idx[l], inst, 2, want);
            for (unsigned k = 0; k < 5 && ok; k++) {
               for (unsigned c = 0; c < 4; c++)
                  lane[c] = in[4 * k + c].au[l];
               ok = CHECK(t, !memcmp(lane, want[k], 16), "count %u instance %u lane %u element %u: batch " W4
                          ", vertex " W4, counts[n], inst, l, k, A4(lane), A4(want[k]));
            }
         }
      }
   }
}

/* 64-bit integer elements become 32-bit ones: R64_UINT -> R32G32_UINT; R64G64B64A64_UINT on a dual-slot
 * input -> two R32G32B32A32_UINT (the second 16 bytes further) */
static void
test_uint64_lowering(struct fxp_t *t)
{
   struct fxp_fetch_plan plan;
   char err[160] = "";
   uint32_t b[12], out[3][4];
   const struct pipe_vertex_element ve[2] = {{.src_format = P(R64_UINT), .src_offset = 40},
                                             {.src_format = P(R64G64B64A64_UINT), .dual_slot = 1}};

   for (unsigned i = 0; i < 12; i++)
      b[i] = 0x100 + i;
   const struct fxp_fetch_buffer vb = {(const uint8_t *)b, sizeof(b), 48};
   if (!CHECK(t, fxp_fetch_plan_compile(&plan, 2, ve, err, sizeof(err)), "compile: %s", err) ||
       !CHECK_EQ_U(t, plan.count, 3))
      return;
   fxp_fetch_vertex(&plan, &vb, 0, 0, 0, out);
   expect4(t, "R64_UINT", 0, out[0], 0x10a, 0x10b, 0, 1);
   expect4(t, "R64G64B64A64_UINT, low half", 0, out[1], 0x100, 0x101, 0x102, 0x103);
   expect4(t, "R64G64B64A64_UINT, high half", 0, out[2], 0x104, 0x105, 0x106, 0x107);
}

/* refusals, each with a message: too many elements, a buffer index >= PIPE_MAX_ATTRIBS, non-vertex formats */
static void
test_refusals(struct fxp_t *t)
{
   struct pipe_vertex_element ve[PIPE_MAX_ATTRIBS + 1] = {{0}};
   struct fxp_fetch_plan plan;
   char err[160] = "";
   static const enum pipe_format bad[] = {
      P(NONE), P(DXT1_RGB), P(L8_UNORM), P(B5G6R5_UNORM), P(R8G8B8A8_SRGB), P(A8_UNORM), P(R8G8B8X8_UNORM),
      P(R64_SINT), P(R10G10B10A2_UINT), P(Z16_UNORM),
   };

   for (unsigned i = 0; i <= PIPE_MAX_ATTRIBS; i++)
      ve[i].src_format = P(R32G32B32A32_FLOAT);
   ve[1].vertex_buffer_index = PIPE_MAX_ATTRIBS - 1;
   CHECK(t, fxp_fetch_plan_compile(&plan, PIPE_MAX_ATTRIBS, ve, err, sizeof(err)) && plan.count == PIPE_MAX_ATTRIBS,
         "%u elements, buffer %u: %s", PIPE_MAX_ATTRIBS, PIPE_MAX_ATTRIBS - 1, err);
   err[0] = 0;
   CHECK(t, !fxp_fetch_plan_compile(&plan, PIPE_MAX_ATTRIBS + 1, ve, err, sizeof(err)) && err[0],
         "%u elements accepted (or no message)", PIPE_MAX_ATTRIBS + 1);
   for (unsigned vb = PIPE_MAX_ATTRIBS; vb < 128; vb += 95) {
      ve[1].vertex_buffer_index = vb;
      err[0] = 0;
      CHECK(t, !fxp_fetch_plan_compile(&plan, 2, ve, err, sizeof(err)) && err[0],
            "buffer index %u accepted (or no message)", vb);
   }
   ve[1].vertex_buffer_index = 0;
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      ve[1].src_format = bad[i];
      err[0] = 0;
      const bool ok = fxp_fetch_plan_compile(&plan, 2, ve, err, sizeof(err));
      CHECK(t, bad[i] < 256 && !ok && err[0], "%s: compile returned %d, message \"%s\", fxp_is_vertex_format %d",
            util_format_short_name(bad[i]), ok, err, fxp_is_vertex_format(bad[i]));
   }
}

/* The fast path (fxp_fetch_fast.c) against the general path and the one-vertex reference: the four 32-bit
 * float formats, odd strides and offsets, random indices, and batches whose highest vertex ends exactly at
 * the buffer's end or four bytes before it (fast; with four bytes to spare, three components are read 16
 * bytes at a time), or one byte past it (the general path, which zeroes that vertex). */
static void
test_fast_vs_general(struct fxp_t *t)
{
   static const enum pipe_format formats[] = {PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32_FLOAT,
                                              PIPE_FORMAT_R32G32B32_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT};
   uint8_t buf[4096];
   uint32_t seed = 0x5eed;
   unsigned compared = 0;
   const unsigned saved = fxp_debug_flags;

   for (unsigned i = 0; i < sizeof(buf); i++)
      buf[i] = (uint8_t)fxp_t_xorshift(&seed);
   for (unsigned f = 0; f < 4; f++) {
      for (unsigned trial = 0; trial < 24; trial++) {
         const unsigned size = 4 * (f + 1), offset = trial % 7, stride = size + offset + trial % 5;
         struct pipe_vertex_element ve = {.src_offset = offset, .vertex_buffer_index = 0, .src_format = formats[f]};
         struct fxp_fetch_plan plan;
         char err[128];
         if (!CHECK(t, fxp_fetch_plan_compile(&plan, 1, &ve, err, sizeof(err)), "compile: %s", err))
            return;
         CHECK(t, plan.elems[0].fast == FXP_FETCH_FAST_F32, "%s has no fast kind", util_format_name(formats[f]));
         const unsigned nverts = 40 + trial;
         const uint32_t top = nverts - 1;
         /* even trials: the last vertex ends at the buffer's end, or (trial % 4 == 2) four bytes before it,
          * room for the fast path's 16-byte reads of three-component elements; odd ones: one byte short */
         const uint64_t size_B = (uint64_t)top * stride + offset + size - (trial & 1) + ((trial & 3) == 2 ? 4 : 0);
         const struct fxp_fetch_buffer vb = {.data = buf, .size_B = size_B, .stride_B = stride};
         uint32_t idx[FXP_W];
         const unsigned count = 1 + trial % FXP_W;
         for (unsigned l = 0; l < count; l++)
            idx[l] = fxp_t_xorshift(&seed) % nverts;
         idx[trial % count] = top; /* the batch reaches the last vertex */
         fxp_vec fast[4], general[4];
         fxp_debug_flags = saved & ~FXP_DBG_NOFAST;
         CHECK(t, fxp_fetch_fast_elem(&plan.elems[0], &vb, idx, count, top, fast) == !(trial & 1),
               "%s trial %u: the fast path %s the batch", util_format_name(formats[f]), trial,
               (trial & 1) ? "took" : "refused");
         memset(fast, 0xcd, sizeof(fast));
         memset(general, 0xab, sizeof(general));
         fxp_debug_flags = saved & ~FXP_DBG_NOFAST;
         fxp_fetch_batch(&plan, &vb, idx, count, 0, 0, fast);
         fxp_debug_flags = saved | FXP_DBG_NOFAST;
         fxp_fetch_batch(&plan, &vb, idx, count, 0, 0, general);
         fxp_debug_flags = saved;
         for (unsigned l = 0; l < FXP_W; l++) {
            uint32_t want[1][4] = {{0, 0, 0, 0}};
            if (l < count)
               fxp_fetch_vertex(&plan, &vb, idx[l], 0, 0, want);
            for (unsigned c = 0; c < 4; c++) {
               compared++;
               if (!CHECK(t, fast[c].au[l] == want[0][c] && general[c].au[l] == want[0][c],
                          "%s stride %u offset %u trial %u lane %u c %u: fast %08x general %08x want %08x",
                          util_format_name(formats[f]), stride, offset, trial, l, c, fast[c].au[l],
                          general[c].au[l], want[0][c]))
                  return;
            }
         }
      }
   }
   CHECK(t, compared == 4 * 24 * FXP_W * 4, "%u values compared", compared);
}

const struct fxp_test fxp_fetch_tests[] = {
   {"fetch.snorm_clamp_and_int_padding", test_snorm_clamp_and_int_padding},
   {"fetch.hand_rows", test_hand_rows},
   {"fetch.all_formats_vs_reference", test_all_formats},
   {"fetch.buffers_and_offsets", test_buffers_and_offsets},
   {"fetch.instance_divisor", test_instance_divisor},
   {"fetch.strides", test_strides},
   {"fetch.bounds_and_huge_indices", test_bounds},
   {"fetch.batch", test_batch},
   {"fetch.fast_vs_general", test_fast_vs_general},
   {"fetch.uint64_lowering", test_uint64_lowering},
   {"fetch.refusals", test_refusals},
   {NULL, NULL},
};
