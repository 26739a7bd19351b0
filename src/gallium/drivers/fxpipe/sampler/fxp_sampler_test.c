/* Tests of the sampler core's fast path against its general path: for every format the fast path takes
 * (RGBA8, BGRA8, BGRX8, FXT1 RGB and RGBA, RGBA16F, RG16F, RGBA32F, R32F) and random sampler states within its conditions, random requests
 * (coordinates inside and far outside [0, 1], offsets, LODs across the mip chain, RECT coordinates) must
 * give bit-identical results with the fast path (per lane and in its batch form: the baseline copy and each
 * instruction-set table's copy the CPU can run) and without it; an eighth of the coordinates are special
 * floats (NaN, infinities, beyond +-2^24 and 2^31, -0, integers). Also checks that the fast path is really
 * chosen for those bindings and not for the ones it must leave to the general path. Then anisotropic filtering
 * (EXT_texture_filter_anisotropic's footprint, fxp_sampler_footprint, and its probes on a striped texture) and
 * MIN/MAX texture reduction, against values worked out by hand in the comments. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format_r11g11b10f.h"
#include "util/half_float.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "sampler/fxp_sampler.h"
#include "sampler/fxp_sampler_fast.h"
#include "fxp_bits.h"
#include "fxp_lanes.h"
#include "shader/fxp_shader.h"
#include "tests/fxp_test.h"

typedef bool (*batch_fn)(const struct fxp_sampler_binding *b, unsigned target, const float s[FXP_W],
                         const float t[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                         struct fxp_sample_cache *cache, uint32_t out[4][FXP_W]);
/* the engine tables' copies of the batch form (meson.build: fxpipe_engine_files) */
bool fxp_sample_fast_batch_sse2(const struct fxp_sampler_binding *b, unsigned target, const float s[FXP_W],
                                const float t[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                                struct fxp_sample_cache *cache, uint32_t out[4][FXP_W]);
#if defined(__x86_64__)
bool fxp_sample_fast_batch_avx2(const struct fxp_sampler_binding *b, unsigned target, const float s[FXP_W],
                                const float t[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                                struct fxp_sample_cache *cache, uint32_t out[4][FXP_W]);
bool fxp_sample_fast_batch_avx512(const struct fxp_sampler_binding *b, unsigned target, const float s[FXP_W],
                                  const float t[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                                  struct fxp_sample_cache *cache, uint32_t out[4][FXP_W]);
#endif
/* each copy's one-level form (fxp_sample_fast_one_level), checked beside its batch form */
typedef bool (*one_level_fn)(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s, const fxp_vf *t,
                             const int off[2], uint32_t active, fxp_vu out[4]);
bool fxp_sample_fast_one_level_sse2(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s,
                                    const fxp_vf *t, const int off[2], uint32_t active, fxp_vu out[4]);
#if defined(__x86_64__)
bool fxp_sample_fast_one_level_avx2(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s,
                                    const fxp_vf *t, const int off[2], uint32_t active, fxp_vu out[4]);
bool fxp_sample_fast_one_level_avx512(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s,
                                      const fxp_vf *t, const int off[2], uint32_t active, fxp_vu out[4]);
#endif
static const struct {
   const char *name;
   int isa; /* enum fxp_isa, -1 for the baseline copy */
   batch_fn fn;
   one_level_fn one_level;
} batch_copies[] = {
   {"baseline", -1, fxp_sample_fast_batch, fxp_sample_fast_one_level},
   {"sse2", FXP_ISA_SSE2, fxp_sample_fast_batch_sse2, fxp_sample_fast_one_level_sse2},
#if defined(__x86_64__)
   {"avx2", FXP_ISA_AVX2, fxp_sample_fast_batch_avx2, fxp_sample_fast_one_level_avx2},
   {"avx512", FXP_ISA_AVX512, fxp_sample_fast_batch_avx512, fxp_sample_fast_one_level_avx512},
#endif
};

static uint32_t rng_state = 12345;

static uint32_t
rng(void)
{
   rng_state = rng_state * 1664525u + 1013904223u;
   return rng_state >> 8;
}

static float
rngf(float lo, float hi)
{
   return lo + (hi - lo) * (rng() & 0xffff) / 65535.0f;
}

/* A coordinate: random in [-2, 3] * reach, or one time in eight a special float, where the fast path's
 * shortened wrap and floor forms (sampler/fxp_sampler_fast.c, vwrap) must still give the general path's
 * texels: NaN, infinities, -0, and texel-space values around +-2^24 and 2^31 (divided by the texture's width
 * `w` for normalized coordinates, which the sampler multiplies back exactly when w is a power of two) that
 * are not multiples of the texture's size. */
static float
coord(float reach, float w)
{
   static const float special[] = {NAN, -NAN, INFINITY, -INFINITY, -0.0f, 0.0f, 1e-30f, -1e-30f};
   static const float texels[] = {16777218.0f, -16777218.0f, 16777222.0f, -16777230.0f, 16777216.0f,
                                  -16777216.0f, 16777215.0f, -16777215.0f, 16777213.5f, -16777214.5f,
                                  33554436.0f, 2147483648.0f, -2147483648.0f, 2147483904.0f, 1e9f, -3e7f,
                                  37.0f, -1.0f, 0.5f, 3.5f};
   if (rng() % 8 == 0) {
      if (rng() % 4 == 0)
         return special[rng() % ARRAY_SIZE(special)];
      const float u = texels[rng() % ARRAY_SIZE(texels)];
      return reach == 1.0f ? u / w : u;
   }
   return rngf(-2.0f, 3.0f) * reach;
}

/* A view of every level of res, in res's format and target, channels unswizzled. */
static struct pipe_sampler_view *
whole_view(struct fxp_t *t, struct pipe_resource *res, unsigned levels)
{
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof(templ));
   templ.format = res->format;
   templ.target = res->target;
   templ.swizzle_r = PIPE_SWIZZLE_X, templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z, templ.swizzle_a = PIPE_SWIZZLE_W;
   templ.u.tex.last_level = levels - 1;
   return t->pipe->create_sampler_view(t->pipe, res, &templ);
}

/* A 2D (or RECT) texture with `levels` levels of random bytes (any bytes are valid FXT1 blocks). */
static struct pipe_sampler_view *
make_view(struct fxp_t *t, enum pipe_texture_target target, enum pipe_format format, unsigned w, unsigned h,
          unsigned levels, struct pipe_resource **res)
{
   *res = fxp_t_texture(t, target, format, w, h, 1, 1, levels, PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, *res != NULL, "texture of %s", util_format_name(format)))
      return NULL;
   for (unsigned l = 0; l < levels; l++) {
      const unsigned lw = u_minify(w, l), lh = u_minify(h, l);
      const unsigned stride = util_format_get_stride(format, lw);
      const unsigned size = stride * util_format_get_nblocksy(format, lh);
      uint8_t *data = malloc(size);
      for (unsigned i = 0; data && i < size; i++)
         data[i] = (uint8_t)rng();
      struct pipe_box box;
      u_box_2d(0, 0, lw, lh, &box);
      if (data)
         t->pipe->texture_subdata(t->pipe, *res, l, PIPE_MAP_WRITE, &box, data, stride, size);
      free(data);
   }
   return whole_view(t, *res, levels);
}

/* Whether two results are the same: the same bits, or both NaN. The float formats' texels may be NaNs, and
 * where a bilinear sum meets two NaNs the payload that survives depends on the order in which the compiler
 * put the operands of one addition, which GL leaves open and the two paths do not share (the engine makes
 * arithmetic NaNs 0x7fc00000 anyway, fxp_shader.h); every other value must match bit for bit. */
static bool
same_value(uint32_t a, uint32_t b)
{
   return a == b || (fxp_u2f(a) != fxp_u2f(a) && fxp_u2f(b) != fxp_u2f(b));
}

static bool
same_texel(const uint32_t a[4], const uint32_t b[4])
{
   for (unsigned c = 0; c < 4; c++)
      if (!same_value(a[c], b[c]))
         return false;
   return true;
}

static void
compare_paths(struct fxp_t *t, enum pipe_texture_target target, enum pipe_format format, unsigned w,
              unsigned h, unsigned levels)
{
   static const unsigned wraps[] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    PIPE_TEX_WRAP_MIRROR_REPEAT};
   struct pipe_resource *res = NULL;
   struct pipe_sampler_view *view = make_view(t, target, format, w, h, levels, &res);
   if (!view)
      return;
   unsigned mismatches = 0, fast_taken = 0, batch_runs = 0, one_level_runs = 0, one_level_states = 0;
   const bool fxt1 = format == PIPE_FORMAT_FXT1_RGB || format == PIPE_FORMAT_FXT1_RGBA; /* no one-level form */
   for (unsigned s = 0; s < 24; s++) {
      struct pipe_sampler_state st;
      memset(&st, 0, sizeof(st));
      st.wrap_s = wraps[rng() % 3];
      st.wrap_t = wraps[rng() % 3];
      st.wrap_r = PIPE_TEX_WRAP_REPEAT;
      st.min_img_filter = rng() & 1 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      st.mag_img_filter = rng() & 1 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      st.min_mip_filter = rng() % 3; /* NONE, NEAREST, LINEAR: PIPE_TEX_MIPFILTER_* are 0..2 */
      if (s == 0) /* the first state with one level for every LOD (fast_level: the one-level form) */
         st.min_img_filter = st.mag_img_filter, st.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      st.min_lod = rngf(-1.0f, 1.0f);
      st.max_lod = rngf(1.0f, 8.0f);
      struct fxp_sampler_binding fast = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&fast);
      struct fxp_sampler_binding general = fast;
      general.fast = 0;
      fast_taken += fast.fast != 0;
      one_level_states += fast.fast_level >= 0 && fast.fast != 0;
      for (unsigned k = 0; k < 400; k++) {
         struct fxp_sample_req q;
         memset(&q, 0, sizeof(q));
         q.target = target == PIPE_TEXTURE_RECT ? TGSI_TEXTURE_RECT : TGSI_TEXTURE_2D;
         const float reach = target == PIPE_TEXTURE_RECT ? (float)w : 1.0f;
         q.s = coord(reach, (float)w);
         q.t = coord(reach, (float)h);
         q.lod = rngf(-2.0f, (float)levels + 1.0f);
         if (k % 4 == 0) {
            q.offset[0] = (int)(rng() % 16) - 8;
            q.offset[1] = (int)(rng() % 16) - 8;
         }
         uint32_t a[4], b[4];
         fxp_sample(&fast, &q, a);
         fxp_sample(&general, &q, b);
         if (!same_texel(a, b) && mismatches++ < 3)
            CHECK(t, false, "%s: s %g t %g lod %g: fast %08x %08x %08x %08x, general %08x %08x %08x %08x",
                  util_format_name(format), q.s, q.t, q.lod, a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]);
         /* the batch form: this request in lane k % FXP_W of a batch of random ones, some lanes inactive */
         if (k % FXP_W == FXP_W - 1) {
            float bs[FXP_W], bt[FXP_W], blod[FXP_W];
            uint32_t bout[4][FXP_W];
            const uint32_t active = rng() | 1u;
            struct fxp_sample_req lane[FXP_W];
            for (unsigned l = 0; l < FXP_W; l++) {
               lane[l] = q;
               lane[l].s = bs[l] = l ? coord(reach, (float)w) : q.s;
               lane[l].t = bt[l] = l ? coord(reach, (float)h) : q.t;
               /* a third of the batches with one LOD for all lanes (as a quad's derivatives give): the
                * vector form of the fast path (all lanes on one level with one filter); a third with two
                * LODs, one a pair of quads (a level boundary inside a batch: the per-level groups); the rest
                * random per lane */
               const unsigned mode = (k / FXP_W) % 3;
               if (mode == 0 || !l)
                  lane[l].lod = blod[l] = q.lod;
               else if (mode == 1)
                  lane[l].lod = blod[l] = l < FXP_W / 2 ? q.lod : q.lod + 1.0f;
               else
                  lane[l].lod = blod[l] = rngf(-2.0f, (float)levels + 1.0f);
            }
            bool took_baseline = false;
            for (unsigned i = 0; i < ARRAY_SIZE(batch_copies); i++) {
               if (batch_copies[i].isa >= 0 && !fxp_isa_supported((enum fxp_isa)batch_copies[i].isa))
                  continue;
               struct fxp_sample_cache cache = {{NULL}};
               const bool took = batch_copies[i].fn(&fast, q.target, bs, bt, blod, q.offset, active, &cache, bout);
               if (i == 0)
                  batch_runs += took_baseline = took;
               else if (took != took_baseline && mismatches++ < 3)
                  CHECK(t, false, "%s: the %s copy %s a batch the baseline %s", util_format_name(format),
                        batch_copies[i].name, took ? "took" : "refused", took ? "refused" : "took");
               /* the one-level form: taken exactly when the binding has one level for every LOD (FXT1's
                * blocks excepted), the same values (the LODs do not matter to it) */
               fxp_vf vs, vt;
               fxp_vu vout[4];
               memcpy(&vs, bs, sizeof(vs));
               memcpy(&vt, bt, sizeof(vt));
               const bool one = batch_copies[i].one_level(&fast, q.target, &vs, &vt, q.offset, active, vout);
               const bool one_expected = fast.fast_level >= 0 && fast.fast != 0 && !fxt1;
               one_level_runs += one;
               if (one != one_expected && mismatches++ < 3)
                  CHECK(t, false, "%s: the %s one-level form %s a binding of fast_level %d",
                        util_format_name(format), batch_copies[i].name, one ? "took" : "refused", fast.fast_level);
               for (unsigned l = 0; (took || one) && l < FXP_W; l++) {
                  uint32_t g[4] = {0, 0, 0, 0};
                  if (active & (1u << l))
                     fxp_sample(&general, &lane[l], g);
                  for (unsigned c = 0; c < 4; c++) {
                     if (took && !same_value(bout[c][l], g[c]) && mismatches++ < 3)
                        CHECK(t, false, "%s %s batch lane %u: s %g t %g lod %g: channel %u %08x, general %08x",
                              util_format_name(format), batch_copies[i].name, l, lane[l].s, lane[l].t,
                              lane[l].lod, c, bout[c][l], g[c]);
                     if (one && !same_value(vout[c][l], g[c]) && mismatches++ < 3)
                        CHECK(t, false, "%s %s one-level lane %u: s %g t %g: channel %u %08x, general %08x",
                              util_format_name(format), batch_copies[i].name, l, lane[l].s, lane[l].t, c,
                              vout[c][l], g[c]);
                  }
               }
            }
         }
      }
   }
   CHECK(t, mismatches == 0, "%s: %u mismatching requests", util_format_name(format), mismatches);
   CHECK(t, fast_taken == 24, "%s: fast path chosen for %u of 24 states", util_format_name(format), fast_taken);
   CHECK(t, batch_runs == 24 * (400 / FXP_W), "%s: the batch form ran %u times", util_format_name(format), batch_runs);
   CHECK(t, fxt1 || (one_level_states > 0 && one_level_runs > 0),
         "%s: %u states of one level for every LOD, the one-level form ran %u times", util_format_name(format),
         one_level_states, one_level_runs);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
}

static void
test_fast_rgba8(struct fxp_t *t)
{
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 37, 20, 6);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 16, 16, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8X8_UNORM, 9, 31, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 32, 8, 1); /* power-of-two, one level */
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_R8G8B8A8_UNORM, 13, 7, 1);
   /* sRGB: the colour channels through Mesa's decoding table in the general path's unpack */
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB, 29, 18, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_SRGB, 16, 16, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8X8_SRGB, 12, 9, 4);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8X8_SRGB, 9, 31, 5);
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_R8G8B8A8_SRGB, 13, 7, 1);
   /* one and two bytes a texel: odd widths, so that the last texel of a row is the level's last byte */
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_A8_UNORM, 17, 9, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_L8_UNORM, 16, 16, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_I8_UNORM, 7, 13, 3);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, 33, 5, 6);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_L8A8_UNORM, 11, 19, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8_UNORM, 16, 8, 5);
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_L8A8_UNORM, 13, 7, 1);
}

/* The float formats: random bytes are random floats and halves, NaNs, infinities and denormals among them. */
static void
test_fast_float(struct fxp_t *t)
{
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_FLOAT, 21, 13, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R16G16_FLOAT, 16, 16, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 11, 17, 4);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 32, 8, 1);
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_R16G16B16A16_FLOAT, 13, 7, 1);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R11G11B10_FLOAT, 23, 14, 5);
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_R11G11B10_FLOAT, 9, 11, 1);
}

/* Depth formats read as values (no compare): random bytes are random depths (and, for Z32F, random floats:
 * NaNs, infinities, negatives), against util_format_unpack_z_float in the general path. */
static void
test_fast_depth(struct fxp_t *t)
{
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM, 21, 13, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 16, 16, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM, 13, 9, 4);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_S8_UINT_Z24_UNORM, 10, 17, 4);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, 17, 11, 5);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 11, 6, 4);
   compare_paths(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_Z24_UNORM_S8_UINT, 13, 7, 1);
}

static unsigned every_texel_batches(struct fxp_t *t, enum pipe_format format, unsigned w, unsigned h,
                                    const uint32_t *data,
                                    bool (*check)(struct fxp_t *t, const char *isa, uint32_t texel,
                                                  const uint32_t got[4], bool report));

/* Every R11G11B10F channel value through the batch form's conversion (fxp_vuf_to_float, fxp_lane_formats.h): a 64x32 texture whose
 * texel i (0..2047) holds i in red, i ^ 0x400 in green and i & 0x3ff in blue, against Mesa's uf11_to_f32 and
 * uf10_to_f32 bit for bit (NaN payloads included: nothing is computed on the way), alpha 1. */
static bool
check_r11g11b10(struct fxp_t *t, const char *isa, uint32_t v, const uint32_t got[4], bool report)
{
   const uint32_t want[4] = {fxp_f2u(uf11_to_f32((uint16_t)v)), fxp_f2u(uf11_to_f32((uint16_t)(v ^ 0x400u))),
                             fxp_f2u(uf10_to_f32((uint16_t)(v & 0x3ffu))), fxp_f2u(1.0f)};
   for (unsigned c = 0; c < 4; c++)
      if (got[c] != want[c])
         return report && CHECK(t, false, "%s: texel %u channel %u gave %08x, want %08x", isa, v, c, got[c], want[c]);
   return true;
}

static void
test_fast_every_r11g11b10(struct fxp_t *t)
{
   uint32_t data[2048];
   for (uint32_t i = 0; i < 2048; i++)
      data[i] = i | ((i ^ 0x400u) << 11) | ((i & 0x3ffu) << 22);
   const unsigned bad = every_texel_batches(t, PIPE_FORMAT_R11G11B10_FLOAT, 64, 32, data, check_r11g11b10);
   CHECK(t, bad == 0, "%u wrong conversions", bad);
}

/* Reads every texel of a w x h texture of one 32-bit word a texel, holding data, with nearest filtering at
 * texel centres through the batch form of every instruction-set copy, and hands each texel's four channels
 * to check (false for a wrong one, reported while `report`: the first three). The number of wrong texels. */
static unsigned
every_texel_batches(struct fxp_t *t, enum pipe_format format, unsigned w, unsigned h, const uint32_t *data,
                    bool (*check)(struct fxp_t *t, const char *isa, uint32_t texel, const uint32_t got[4],
                                  bool report))
{
   struct pipe_resource *res = fxp_t_texture(t, PIPE_TEXTURE_2D, format, w, h, 1, 1, 1, PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, res != NULL, "%s texture", util_format_name(format)))
      return 1;
   struct pipe_box box;
   u_box_2d(0, 0, w, h, &box);
   t->pipe->texture_subdata(t->pipe, res, 0, PIPE_MAP_WRITE, &box, data, w * 4, w * h * 4);
   struct pipe_sampler_view *view = whole_view(t, res, 1);
   struct pipe_sampler_state st;
   memset(&st, 0, sizeof(st));
   st.wrap_s = st.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   st.max_lod = 10.0f; /* nearest, no mipmaps */
   struct fxp_sampler_binding b = {.view = view, .state = &st};
   fxp_sampler_binding_prepare(&b);
   CHECK(t, b.fast != 0, "%s nearest did not take the fast path", util_format_name(format));
   unsigned bad = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(batch_copies); i++) {
      if (batch_copies[i].isa >= 0 && !fxp_isa_supported((enum fxp_isa)batch_copies[i].isa))
         continue;
      for (unsigned first = 0; first < w * h; first += FXP_W) {
         float bs[FXP_W], bt[FXP_W], blod[FXP_W];
         uint32_t out[4][FXP_W];
         const int off[2] = {0, 0};
         for (unsigned l = 0; l < FXP_W; l++) {
            const unsigned texel = first + l;
            bs[l] = ((texel % w) + 0.5f) / w, bt[l] = ((texel / w) + 0.5f) / h, blod[l] = 0.0f;
         }
         struct fxp_sample_cache cache = {{NULL}};
         if (!batch_copies[i].fn(&b, TGSI_TEXTURE_2D, bs, bt, blod, off, ~0u, &cache, out)) {
            bad++;
            break;
         }
         for (unsigned l = 0; l < FXP_W; l++) {
            const uint32_t got[4] = {out[0][l], out[1][l], out[2][l], out[3][l]};
            bad += !check(t, batch_copies[i].name, first + l, got, bad < 3);
         }
      }
   }
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
   return bad;
}

/* Every half float through the batch form's conversion (vhalf_to_float): a 256x256 RG16F texture whose texel
 * i holds i in red and i ^ 0x8000 in green, against _mesa_half_to_float (the same value; NaNs as NaNs, see
 * same_value), blue 0 and alpha 1. */
static bool
check_half(struct fxp_t *t, const char *isa, uint32_t h, const uint32_t got[4], bool report)
{
   const uint32_t want[4] = {fxp_f2u(_mesa_half_to_float((uint16_t)h)),
                             fxp_f2u(_mesa_half_to_float((uint16_t)(h ^ 0x8000u))), 0, fxp_f2u(1.0f)};
   for (unsigned c = 0; c < 4; c++)
      if (!same_value(got[c], want[c]))
         return report && CHECK(t, false, "%s: half %04x channel %u gave %08x, want %08x", isa, c == 1 ? h ^ 0x8000u : h, c,
                      got[c], want[c]);
   return true;
}

static void
test_fast_every_half(struct fxp_t *t)
{
   uint32_t *data = malloc(65536 * 4);
   if (!CHECK(t, data != NULL, "texel data"))
      return;
   for (uint32_t i = 0; i < 65536; i++)
      data[i] = i | (i ^ 0x8000u) << 16;
   const unsigned bad = every_texel_batches(t, PIPE_FORMAT_R16G16_FLOAT, 256, 256, data, check_half);
   CHECK(t, bad == 0, "%u wrong conversions", bad);
   free(data);
}

static void
test_fast_fxt1(struct fxp_t *t)
{
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_FXT1_RGBA, 40, 24, 6);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_FXT1_RGB, 19, 9, 5);
}

/* Batches laid out as pixels are (a 4x4 block of neighbouring lanes, a texel or less apart), on one level,
 * bilinear and nearest, every pair of wraps: blocks inside the level, and blocks across its right or left
 * edge (offsets, negative coordinates), where a lane's texels wrap. Every lane of the batch and one-level
 * forms of each copy against the general path. The nearest 8-bit case the one-level form takes apart
 * (fxp_sampler_fast.c, sample_nearest8: RGBA8, BGRA8, RGBX8 or BGRX8 without sRGB, CLAMP_TO_EDGE, or REPEAT
 * of a power-of-two size) must be chosen exactly for those states. `one_alpha`: the view reads alpha as 1,
 * as st/mesa's views of RGB textures in RGBX formats do. */
static void
compare_blocks(struct fxp_t *t, enum pipe_format format, unsigned w, unsigned h, bool one_alpha)
{
   static const unsigned wraps[] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE,
                                    PIPE_TEX_WRAP_MIRROR_REPEAT};
   struct pipe_resource *res = NULL;
   struct pipe_sampler_view *view = make_view(t, PIPE_TEXTURE_2D, format, w, h, 1, &res);
   if (!view)
      return;
   if (one_alpha) {
      struct pipe_sampler_view templ = *view;
      templ.swizzle_a = PIPE_SWIZZLE_1;
      pipe_sampler_view_reference(&view, NULL);
      view = t->pipe->create_sampler_view(t->pipe, res, &templ);
   }
   const bool eight = format == PIPE_FORMAT_R8G8B8A8_UNORM || format == PIPE_FORMAT_B8G8R8A8_UNORM ||
                      format == PIPE_FORMAT_R8G8B8X8_UNORM || format == PIPE_FORMAT_B8G8R8X8_UNORM;
   unsigned mismatches = 0, runs = 0, nearest8_wrong = 0;
   for (unsigned s = 0; s < 18; s++) {
      struct pipe_sampler_state st;
      memset(&st, 0, sizeof(st));
      st.wrap_s = wraps[s % 3];
      st.wrap_t = wraps[(s / 3) % 3];
      st.min_img_filter = st.mag_img_filter = s < 9 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      st.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      st.max_lod = 4.0f;
      struct fxp_sampler_binding fast = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&fast);
      struct fxp_sampler_binding general = fast;
      general.fast = 0;
      general.fast_nearest8 = 0;
      if (!CHECK(t, fast.fast != 0 && fast.fast_level == 0, "%s: no one-level fast path", util_format_name(format)))
         break;
      const bool wrap_s_ok = st.wrap_s == PIPE_TEX_WRAP_CLAMP_TO_EDGE ||
                             (st.wrap_s == PIPE_TEX_WRAP_REPEAT && util_is_power_of_two_nonzero(w));
      const bool wrap_t_ok = st.wrap_t == PIPE_TEX_WRAP_CLAMP_TO_EDGE ||
                             (st.wrap_t == PIPE_TEX_WRAP_REPEAT && util_is_power_of_two_nonzero(h));
      const bool nearest8 = eight && s >= 9 && wrap_s_ok && wrap_t_ok;
      if ((fast.fast_nearest8 != 0) != nearest8 && nearest8_wrong++ < 3)
         CHECK(t, false, "%s: wraps %u %u, nearest %d: the nearest 8-bit case %s", util_format_name(format),
               st.wrap_s, st.wrap_t, s >= 9, nearest8 ? "not chosen" : "chosen");
      for (unsigned k = 0; k < 200; k++) {
         /* the block's first texel-space corner: inside the level for most blocks, across an edge for some */
         const float u0 = k % 5 == 4 ? rngf((float)w - 3.0f, (float)w + 1.0f) : k % 5 == 3 ? rngf(-2.0f, 1.0f)
                                                                                            : rngf(0.5f, (float)w - 4.5f);
         const float v0 = rngf(-1.0f, (float)h + 1.0f), step = rngf(0.25f, 1.0f);
         const int off[2] = {k % 7 == 0 ? -1 : 0, k % 11 == 0 ? 2 : 0};
         float bs[FXP_W], bt[FXP_W], blod[FXP_W];
         struct fxp_sample_req lane[FXP_W];
         for (unsigned l = 0; l < FXP_W; l++) {
            memset(&lane[l], 0, sizeof(lane[l]));
            lane[l].target = TGSI_TEXTURE_2D;
            lane[l].s = bs[l] = (u0 + step * (float)(l % 4)) / (float)w;
            lane[l].t = bt[l] = (v0 + step * (float)(l / 4)) / (float)h;
            lane[l].lod = blod[l] = 0.0f;
            lane[l].offset[0] = off[0], lane[l].offset[1] = off[1];
         }
         const uint32_t active = k % 2 ? (1u << FXP_W) - 1 : rng() | 1u;
         for (unsigned i = 0; i < ARRAY_SIZE(batch_copies); i++) {
            if (batch_copies[i].isa >= 0 && !fxp_isa_supported((enum fxp_isa)batch_copies[i].isa))
               continue;
            struct fxp_sample_cache cache = {{NULL}};
            uint32_t bout[4][FXP_W];
            fxp_vf vs, vt;
            fxp_vu vout[4];
            memcpy(&vs, bs, sizeof(vs));
            memcpy(&vt, bt, sizeof(vt));
            const bool took = batch_copies[i].fn(&fast, TGSI_TEXTURE_2D, bs, bt, blod, off, active, &cache, bout);
            const bool one = batch_copies[i].one_level(&fast, TGSI_TEXTURE_2D, &vs, &vt, off, active, vout);
            runs += took && one;
            if (!took || !one) {
               if (mismatches++ < 3)
                  CHECK(t, false, "%s %s: a form refused the batch", util_format_name(format), batch_copies[i].name);
               continue;
            }
            for (unsigned l = 0; l < FXP_W; l++) {
               uint32_t g[4] = {0, 0, 0, 0};
               if (active & (1u << l))
                  fxp_sample(&general, &lane[l], g);
               for (unsigned c = 0; c < 4; c++)
                  if ((!same_value(bout[c][l], g[c]) || !same_value(vout[c][l], g[c])) && mismatches++ < 3)
                     CHECK(t, false, "%s %s lane %u: s %g t %g: channel %u batch %08x one-level %08x, general %08x",
                           util_format_name(format), batch_copies[i].name, l, lane[l].s, lane[l].t, c, bout[c][l],
                           vout[c][l], g[c]);
            }
         }
      }
   }
   CHECK(t, mismatches == 0, "%s: %u mismatches in blocks", util_format_name(format), mismatches);
   CHECK(t, nearest8_wrong == 0, "%s: the nearest 8-bit case chosen wrongly %u times", util_format_name(format),
         nearest8_wrong);
   CHECK(t, runs >= 18 * 200, "%s: the forms ran %u times", util_format_name(format), runs);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
}

static void
test_fast_blocks(struct fxp_t *t)
{
   compare_blocks(t, PIPE_FORMAT_R8G8B8A8_UNORM, 64, 32, false);
   compare_blocks(t, PIPE_FORMAT_B8G8R8A8_UNORM, 16, 16, false);
   compare_blocks(t, PIPE_FORMAT_R8G8B8X8_UNORM, 37, 20, true); /* as glmark2's effect2d texture (800x600) */
   compare_blocks(t, PIPE_FORMAT_B8G8R8X8_UNORM, 32, 12, false);
   compare_blocks(t, PIPE_FORMAT_R8G8B8A8_UNORM, 12, 64, true);
   compare_blocks(t, PIPE_FORMAT_B8G8R8X8_SRGB, 37, 20, false);
   compare_blocks(t, PIPE_FORMAT_R16G16_FLOAT, 16, 16, false);
   compare_blocks(t, PIPE_FORMAT_R32_FLOAT, 29, 8, false);
   compare_blocks(t, PIPE_FORMAT_R11G11B10_FLOAT, 23, 14, false);
   compare_blocks(t, PIPE_FORMAT_Z24_UNORM_S8_UINT, 16, 16, false);
   compare_blocks(t, PIPE_FORMAT_S8_UINT_Z24_UNORM, 10, 17, false);
   compare_blocks(t, PIPE_FORMAT_Z32_FLOAT, 17, 11, false);
   compare_blocks(t, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 13, 9, false);
   compare_blocks(t, PIPE_FORMAT_R16G16B16A16_FLOAT, 21, 13, false);
   compare_blocks(t, PIPE_FORMAT_L8A8_UNORM, 11, 19, false);
}

/* Bindings the fast path must leave alone: shadow compare, border wrapping, other formats. */
static void
test_fast_not_chosen(struct fxp_t *t)
{
   struct pipe_resource *res = NULL, *res2 = NULL;
   struct pipe_sampler_view *view = make_view(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, &res);
   struct pipe_sampler_view *view2 = make_view(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 8, 8, 1, &res2);
   if (!view || !view2)
      return;
   struct pipe_sampler_state st;
   memset(&st, 0, sizeof(st));
   st.wrap_s = st.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   struct fxp_sampler_binding b = {.view = view, .state = &st};
   fxp_sampler_binding_prepare(&b);
   CHECK(t, b.fast == 0, "CLAMP_TO_BORDER took the fast path");
   st.wrap_s = st.wrap_t = PIPE_TEX_WRAP_REPEAT;
   st.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   fxp_sampler_binding_prepare(&b);
   CHECK(t, b.fast == 0, "shadow compare took the fast path");
   st.compare_mode = PIPE_TEX_COMPARE_NONE;
   struct fxp_sampler_binding b2 = {.view = view2, .state = &st};
   fxp_sampler_binding_prepare(&b2);
   CHECK(t, b2.fast != 0, "RGBA32F did not take the fast path");
   fxp_sampler_binding_prepare(&b);
   CHECK(t, b.fast != 0, "RGBA8 with REPEAT did not take the fast path");
   pipe_sampler_view_reference(&view, NULL);
   pipe_sampler_view_reference(&view2, NULL);
   pipe_resource_reference(&res, NULL);
   pipe_resource_reference(&res2, NULL);
}


/* A 16x16 RGBA8 texture of 5 levels with vertical stripes on level 0: red 255 on odd columns, 0 on even
 * ones; every other level red 128 (the stripes averaged, as a box filter rounds them); green and blue 0,
 * alpha 255 everywhere. */
static struct pipe_sampler_view *
make_stripes(struct fxp_t *t, struct pipe_resource **res)
{
   enum { W = 16, LEVELS = 5 };
   *res = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, W, W, 1, 1, LEVELS,
                        PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, *res != NULL, "stripes texture"))
      return NULL;
   uint8_t data[W * W * 4];
   for (unsigned l = 0; l < LEVELS; l++) {
      const unsigned lw = u_minify(W, l);
      for (unsigned i = 0; i < lw * lw; i++) {
         data[4 * i] = l ? 128 : (i % lw) % 2 ? 255 : 0;
         data[4 * i + 1] = data[4 * i + 2] = 0;
         data[4 * i + 3] = 255;
      }
      struct pipe_box box;
      u_box_2d(0, 0, lw, lw, &box);
      t->pipe->texture_subdata(t->pipe, *res, l, PIPE_MAP_WRITE, &box, data, lw * 4, lw * lw * 4);
   }
   return whole_view(t, *res, LEVELS);
}

static void
linear_state(struct pipe_sampler_state *st, unsigned mip_filter, unsigned max_aniso)
{
   memset(st, 0, sizeof(*st));
   st->wrap_s = st->wrap_t = st->wrap_r = PIPE_TEX_WRAP_REPEAT;
   st->min_img_filter = st->mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   st->min_mip_filter = mip_filter;
   st->max_lod = 10.0f;
   st->max_anisotropy = max_aniso;
}

/* Samples at (s, t) with derivatives dx, dy (normalized, 16-texel texture) as shader/fxp_ops_tex.c does:
 * the footprint's LOD, probes and major-axis step; returns red. */
static float
sample_footprint(const struct fxp_sampler_binding *b, float s, float tt, const float dx[2], const float dy[2],
                 uint32_t out[4])
{
   const float size[3] = {16, 16, 1}, d3x[3] = {dx[0], dx[1], 0}, d3y[3] = {dy[0], dy[1], 0};
   struct fxp_sample_req q;
   memset(&q, 0, sizeof(q));
   q.target = TGSI_TEXTURE_2D;
   q.s = s, q.t = tt;
   bool major_y;
   q.lod = fxp_sampler_footprint(2, d3x, d3y, size, fxp_sampler_max_aniso(b), &q.aniso_probes, &major_y);
   for (unsigned k = 0; k < 3; k++)
      q.aniso_step[k] = major_y ? d3y[k] : d3x[k];
   fxp_sample(b, &q, out);
   return fxp_u2f(out[0]);
}

static bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-5f;
}

/* EXT_texture_filter_anisotropic's footprint (fxp_sampler_footprint), worked out by hand: derivatives in
 * normalized coordinates of a 16-texel texture, so (4/16, 0) is 4 texels. Px = |dx| * 16, Py = |dy| * 16,
 * N = min(ceil(Pmax / Pmin), max), LOD = log2(Pmax / N). */
static void
test_aniso_footprint(struct fxp_t *t)
{
   static const struct {
      float dx[2], dy[2];
      unsigned max_aniso, probes;
      float lod;
      bool major_y;
   } cases[] = {
      {{0.25f, 0}, {0, 0.0625f}, 1, 1, 2.0f, false},       /* isotropic: rho = 4, LOD 2 */
      {{0.25f, 0}, {0, 0.0625f}, 2, 2, 1.0f, false},       /* 4 / 1 capped at 2: log2(4 / 2) */
      {{0.25f, 0}, {0, 0.0625f}, 4, 4, 0.0f, false},       /* 4 probes along x at LOD log2(4 / 4) */
      {{0.25f, 0}, {0, 0.0625f}, 16, 4, 0.0f, false},      /* the footprint asks for 4 only */
      {{0.1875f, 0}, {0, 0.0625f}, 16, 3, 0.0f, false},    /* 3 / 1: 3 probes, log2(3 / 3) */
      {{0.125f, 0}, {0, 0.09375f}, 16, 2, 0.0f, false},    /* Px 2, Py 1.5: ceil(4 / 3) = 2, log2(2 / 2) */
      {{0.0625f, 0}, {0, 0.5f}, 16, 8, 0.0f, true},        /* y major: 8 / 1 */
      {{0.0625f, 0}, {0, 0.0625f}, 16, 1, 0.0f, true},     /* isotropic (Py >= Px: y) */
      {{0.25f, 0}, {0, 0}, 16, 16, -2.0f, false},          /* Pmin 0: the most probes, log2(4 / 16) */
      {{0.25f, 0.25f}, {0.25f, -0.25f}, 16, 1, 2.5f, true}, /* rotated, isotropic: rho = sqrt(32) */
      {{0.25f * 1.002f, 0}, {0, 0.25f}, 16, 1, 2.002884f, false}, /* 1.002: within the slack, isotropic */
      {{0.25f * 1.01f, 0}, {0, 0.25f}, 16, 2, 1.014355f, false},  /* 1.01: 2 probes, log2(4.04 / 2) */
   };
   const float size[3] = {16, 16, 1};
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      const float dx[3] = {cases[i].dx[0], cases[i].dx[1], 0}, dy[3] = {cases[i].dy[0], cases[i].dy[1], 0};
      unsigned probes = 99;
      bool major_y = false;
      const float lod = fxp_sampler_footprint(2, dx, dy, size, cases[i].max_aniso, &probes, &major_y);
      const float want = cases[i].lod;
      CHECK(t, probes == cases[i].probes && near(lod, want) && (probes == 1 || major_y == cases[i].major_y),
            "footprint case %u: %u probes, LOD %g, major %s; want %u, %g, %s", i, probes, lod, major_y ? "y" : "x",
            cases[i].probes, want, cases[i].major_y ? "y" : "x");
   }
   /* an empty footprint and NaN derivatives: one probe; the empty one's LOD is -inf (magnification) */
   const float zero[3] = {0, 0, 0}, nan3[3] = {NAN, 0, 0};
   unsigned probes = 0;
   bool major_y;
   const float lod = fxp_sampler_footprint(2, zero, zero, size, 16, &probes, &major_y);
   CHECK(t, probes == 1 && lod == -INFINITY, "empty footprint: %u probes, LOD %g", probes, lod);
   fxp_sampler_footprint(2, nan3, zero, size, 16, &probes, &major_y);
   CHECK(t, probes == 1, "NaN footprint: %u probes", probes);
   /* isotropic footprints give the isotropic LOD's bits whatever max_aniso is */
   for (unsigned k = 0; k < 200; k++) {
      const float d = rngf(0.001f, 2.0f), a = rngf(-3.0f, 3.0f);
      const float dx[3] = {d * cosf(a), d * sinf(a), 0}, dy[3] = {-d * sinf(a), d * cosf(a), 0};
      unsigned p1, p16;
      bool m;
      const float l1 = fxp_sampler_footprint(2, dx, dy, size, 1, &p1, &m);
      const float l16 = fxp_sampler_footprint(2, dx, dy, size, 16, &p16, &m);
      if (p16 == 1 && !CHECK(t, fui(l1) == fui(l16), "isotropic LOD %g with 16x, %g without", l16, l1))
         break;
   }
}

/* Anisotropic filtering of the stripes texture (make_stripes) at the centre of texel (8, 8), red 0, with
 * derivatives (4, 0) and (0, 1) texels:
 *   isotropic:  LOD log2(4) = 2, level 2 is red 128 everywhere: 128 / 255 = 0.501961
 *   2x:         N = 2, LOD log2(4 / 2) = 1, level 1: 128 / 255 again (both probes)
 *   4x and 16x: N = 4, LOD 0 (magnification, linear) on level 0; probes at u = 8.5 + 4 (i / 5 - 1/2) =
 *               7.3, 8.1, 8.9, 9.7 texels, so u - 0.5 = 6.8, 7.6, 8.4, 9.2 and bilinear red
 *               0.8 * 255 (texels 6, 7), 0.4 * 255 (7, 8), 0.4 * 255 (8, 9), 0.8 * 255 (9, 10) =
 *               204, 102, 102, 204, average 153: 153 / 255 = 0.6 (the stripes kept, not blurred to 128)
 *   4x with min_lod 1: the LOD clamp applies to log2(Pmax / N): level 1, 128 / 255.
 * The same with the fast path switched off (bit for bit), and an isotropic request on a 16x sampler gives
 * the bits of the plain sampler (the fast path serves it). */
static void
test_aniso_stripes(struct fxp_t *t)
{
   struct pipe_resource *res = NULL;
   struct pipe_sampler_view *view = make_stripes(t, &res);
   if (!view)
      return;
   const float dx[2] = {4.0f / 16, 0}, dy[2] = {0, 1.0f / 16}, s = 8.5f / 16, tt = 8.5f / 16;
   static const struct {
      unsigned max_aniso;
      float min_lod, red;
   } cases[] = {
      {0, 0, 128.0f / 255}, {1, 0, 128.0f / 255}, {2, 0, 128.0f / 255},
      {4, 0, 0.6f}, {16, 0, 0.6f}, {4, 1.0f, 128.0f / 255},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      struct pipe_sampler_state st;
      linear_state(&st, PIPE_TEX_MIPFILTER_LINEAR, cases[i].max_aniso);
      st.min_lod = cases[i].min_lod;
      struct fxp_sampler_binding b = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&b);
      CHECK(t, b.fast != 0, "case %u: the stripes binding has a fast path (for isotropic requests)", i);
      struct fxp_sampler_binding general = b;
      general.fast = 0;
      uint32_t o[4], g[4];
      const float red = sample_footprint(&b, s, tt, dx, dy, o);
      sample_footprint(&general, s, tt, dx, dy, g);
      CHECK(t, near(red, cases[i].red) && fxp_u2f(o[1]) == 0.0f && near(fxp_u2f(o[3]), 1.0f),
            "stripes, max anisotropy %u, min LOD %g: red %g, want %g", cases[i].max_aniso, cases[i].min_lod, red,
            cases[i].red);
      CHECK(t, !memcmp(o, g, sizeof(o)), "stripes case %u: the fast path's binding and the general one differ", i);
   }
   /* isotropic footprints on a 16x sampler: the plain sampler's bits (the fast path takes them) */
   struct pipe_sampler_state plain, aniso;
   linear_state(&plain, PIPE_TEX_MIPFILTER_LINEAR, 0);
   linear_state(&aniso, PIPE_TEX_MIPFILTER_LINEAR, 16);
   struct fxp_sampler_binding bp = {.view = view, .state = &plain}, ba = {.view = view, .state = &aniso};
   fxp_sampler_binding_prepare(&bp);
   fxp_sampler_binding_prepare(&ba);
   unsigned differ = 0;
   for (unsigned k = 0; k < 300; k++) {
      const float d = rngf(0.01f, 0.6f), a = rngf(-3.0f, 3.0f);
      const float ddx[2] = {d * cosf(a), d * sinf(a)};
      const float cs = rngf(-1.0f, 2.0f), ct = rngf(-1.0f, 2.0f);
      uint32_t o1[4], o2[4];
      sample_footprint(&bp, cs, ct, ddx, ddx, o1); /* one axis twice: isotropic */
      sample_footprint(&ba, cs, ct, ddx, ddx, o2);
      differ += memcmp(o1, o2, sizeof(o1)) != 0;
   }
   CHECK(t, differ == 0, "isotropic footprints: %u of 300 differ between 16x and no anisotropy", differ);
   /* anisotropic footprints (1 to 16 probes along either axis): the fast path's probes (filter_aniso) give the
    * general path's bits */
   struct fxp_sampler_binding ga = ba;
   ga.fast = 0;
   unsigned many = 0;
   differ = 0;
   for (unsigned k = 0; k < 300; k++) {
      const float d = rngf(0.01f, 0.6f), a = rngf(-3.0f, 3.0f), r = rngf(0.04f, 1.0f);
      const float ddx[2] = {d * cosf(a), d * sinf(a)}, ddy[2] = {-r * d * sinf(a), r * d * cosf(a)};
      const float cs = rngf(-1.0f, 2.0f), ct = rngf(-1.0f, 2.0f);
      const bool swap = k & 1; /* the major axis along y for half of them */
      uint32_t o1[4], o2[4];
      sample_footprint(&ba, cs, ct, swap ? ddy : ddx, swap ? ddx : ddy, o1);
      sample_footprint(&ga, cs, ct, swap ? ddy : ddx, swap ? ddx : ddy, o2);
      differ += memcmp(o1, o2, sizeof(o1)) != 0;
      many += r < 0.5f;
   }
   CHECK(t, many > 100, "anisotropic footprints: only %u of 300 take two probes or more", many);
   CHECK(t, differ == 0, "anisotropic footprints: %u of 300 differ between the fast path and the general one", differ);
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
}

/* MIN and MAX texture reduction (ARB_texture_filter_minmax) on the stripes texture, row 8 (t at a texel
 * centre, so only that row has weight):
 *   u = 8.0 (s = 8 / 16): texels 7 (255) and 8 (0) half each: average 0.5, MIN 0, MAX 1
 *   u = 8.5: texel 8 weight 1, texel 9 weight 0: average, MIN and MAX all 0 (texel 9 has no weight)
 *   u = 8.5, LINEAR_MIPMAP_LINEAR at LOD 0.5: level 0 gives 0, level 1 gives 128 / 255, half each:
 *   average 64 / 255 (0.250980), MIN 0, MAX 128 / 255
 *   nearest filtering: one texel, every reduction the same (u = 8.0: texel 8, 0)
 *   4x anisotropy at u = 8.5 (the probes of test_aniso_stripes): each probe straddles a 0 and a 255 texel,
 *   so MIN 0 and MAX 1.
 * Also: the fast path is never chosen for a MIN or MAX sampler. */
static void
test_reduction(struct fxp_t *t)
{
   struct pipe_resource *res = NULL;
   struct pipe_sampler_view *view = make_stripes(t, &res);
   if (!view)
      return;
   static const struct {
      float u, lod;
      unsigned mip, filter;
      float avg, min, max;
   } cases[] = {
      {8.0f, 0, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_FILTER_LINEAR, 0.5f, 0.0f, 1.0f},
      {8.5f, 0, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_FILTER_LINEAR, 0.0f, 0.0f, 0.0f},
      {8.5f, 0.5f, PIPE_TEX_MIPFILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, 64.0f / 255, 0.0f, 128.0f / 255},
      {8.0f, 0, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_FILTER_NEAREST, 0.0f, 0.0f, 0.0f},
   };
   static const unsigned modes[3] = {PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE, PIPE_TEX_REDUCTION_MIN,
                                     PIPE_TEX_REDUCTION_MAX};
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      for (unsigned m = 0; m < 3; m++) {
         struct pipe_sampler_state st;
         linear_state(&st, cases[i].mip, 0);
         st.min_img_filter = st.mag_img_filter = cases[i].filter;
         st.reduction_mode = modes[m];
         struct fxp_sampler_binding b = {.view = view, .state = &st};
         fxp_sampler_binding_prepare(&b);
         if (m)
            CHECK(t, b.fast == 0, "a MIN/MAX sampler took the fast path");
         struct fxp_sample_req q;
         memset(&q, 0, sizeof(q));
         q.target = TGSI_TEXTURE_2D;
         q.s = cases[i].u / 16, q.t = 8.5f / 16, q.lod = cases[i].lod;
         uint32_t o[4];
         fxp_sample(&b, &q, o);
         const float want = m == 0 ? cases[i].avg : m == 1 ? cases[i].min : cases[i].max;
         /* the weighted average of 0 and 128 / 255 is computed in float: within 1e-5 */
         CHECK(t, near(fxp_u2f(o[0]), want) && near(fxp_u2f(o[3]), 1.0f), "reduction case %u mode %u: red %g, want %g",
               i, m, fxp_u2f(o[0]), want);
      }
   }
   for (unsigned m = 1; m < 3; m++) {
      struct pipe_sampler_state st;
      linear_state(&st, PIPE_TEX_MIPFILTER_LINEAR, 4);
      st.reduction_mode = modes[m];
      struct fxp_sampler_binding b = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&b);
      uint32_t o[4];
      const float dx[2] = {4.0f / 16, 0}, dy[2] = {0, 1.0f / 16};
      const float red = sample_footprint(&b, 8.5f / 16, 8.5f / 16, dx, dy, o);
      CHECK(t, near(red, m == 1 ? 0.0f : 1.0f), "4x anisotropy, mode %u: red %g", m, red);
   }
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
}

/* Signed normalized texels as GL converts them (GL 4.6 section 2.3.5.2): f = max(c / 127, -1), so -128 (0x80)
 * and -127 (0x81) both read -1.0, 127 reads 1.0, 0 reads 0; util_format's unpack alone gives -128/127 for
 * 0x80. A 2x1 R8G8B8A8_SNORM texture, texel 0 = (0x80, 0x81, 0x7f, 0x00), texel 1 = (0x80, 0x80, 0x80, 0x80):
 * nearest reads texel 0 exactly; linear halfway between the two (u = 1/2 of the texture: weights 1/2, 1/2)
 * gives red (-1 + -1) / 2 = -1, green -1, blue (1 + -1) / 2 = 0, alpha (0 + -1) / 2 = -0.5. */
static void
test_snorm_most_negative(struct fxp_t *t)
{
   struct pipe_resource *res = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SNORM, 2, 1, 1, 1, 1,
                                             PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, res != NULL, "R8G8B8A8_SNORM texture"))
      return;
   static const uint8_t texels[8] = {0x80, 0x81, 0x7f, 0x00, 0x80, 0x80, 0x80, 0x80};
   struct pipe_box box;
   u_box_2d(0, 0, 2, 1, &box);
   t->pipe->texture_subdata(t->pipe, res, 0, PIPE_MAP_WRITE, &box, texels, 8, 8);
   struct pipe_sampler_view *view = whole_view(t, res, 1);
   static const struct {
      unsigned filter;
      float s, want[4];
   } cases[] = {
      {PIPE_TEX_FILTER_NEAREST, 0.25f, {-1.0f, -1.0f, 1.0f, 0.0f}},
      {PIPE_TEX_FILTER_LINEAR, 0.5f, {-1.0f, -1.0f, 0.0f, -0.5f}},
   };
   for (unsigned i = 0; view && i < ARRAY_SIZE(cases); i++) {
      struct pipe_sampler_state st;
      linear_state(&st, PIPE_TEX_MIPFILTER_NONE, 0);
      st.wrap_s = st.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
      st.min_img_filter = st.mag_img_filter = cases[i].filter;
      struct fxp_sampler_binding b = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&b);
      struct fxp_sample_req q;
      memset(&q, 0, sizeof(q));
      q.target = TGSI_TEXTURE_2D;
      q.s = cases[i].s, q.t = 0.5f;
      uint32_t o[4];
      fxp_sample(&b, &q, o);
      for (unsigned c = 0; c < 4; c++)
         CHECK(t, fxp_u2f(o[c]) == cases[i].want[c], "snorm case %u channel %u: %.9g, want %g", i, c,
               fxp_u2f(o[c]), cases[i].want[c]);
   }
   pipe_sampler_view_reference(&view, NULL);
   pipe_resource_reference(&res, NULL);
}

const struct fxp_test fxp_sampler_tests[] = {
   {"sampler.fast_rgba8", test_fast_rgba8},
   {"sampler.fast_fxt1", test_fast_fxt1},
   {"sampler.fast_float", test_fast_float},
   {"sampler.fast_every_half", test_fast_every_half},
   {"sampler.fast_every_r11g11b10", test_fast_every_r11g11b10},
   {"sampler.fast_depth", test_fast_depth},
   {"sampler.fast_blocks", test_fast_blocks},
   {"sampler.fast_not_chosen", test_fast_not_chosen},
   {"sampler.aniso_footprint", test_aniso_footprint},
   {"sampler.aniso_stripes", test_aniso_stripes},
   {"sampler.reduction_minmax", test_reduction},
   {"sampler.snorm_most_negative", test_snorm_most_negative},
   {NULL},
};
