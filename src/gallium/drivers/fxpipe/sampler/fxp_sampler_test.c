/* Tests of the sampler core's fast path against its general path: for every format the fast path takes
 * (RGBA8, BGRA8, BGRX8, FXT1 RGB and RGBA) and random sampler states within its conditions, random requests
 * (coordinates inside and far outside [0, 1], offsets, LODs across the mip chain, RECT coordinates) must
 * give bit-identical results with the fast path (per lane and in its batch form: the baseline copy and each
 * instruction-set table's copy the CPU can run) and without it; an eighth of the coordinates are special
 * floats (NaN, infinities, beyond +-2^24 and 2^31, -0, integers). Also checks that the fast path is really
 * chosen for those bindings and not for the ones it must leave to the general path. */
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "sampler/fxp_sampler.h"
#include "sampler/fxp_sampler_fast.h"
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
static const struct {
   const char *name;
   int isa; /* enum fxp_isa, -1 for the baseline copy */
   batch_fn fn;
} batch_copies[] = {
   {"baseline", -1, fxp_sample_fast_batch},
   {"sse2", FXP_ISA_SSE2, fxp_sample_fast_batch_sse2},
#if defined(__x86_64__)
   {"avx2", FXP_ISA_AVX2, fxp_sample_fast_batch_avx2},
   {"avx512", FXP_ISA_AVX512, fxp_sample_fast_batch_avx512},
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
   struct pipe_sampler_view templ;
   memset(&templ, 0, sizeof(templ));
   templ.format = format;
   templ.target = target;
   templ.swizzle_r = PIPE_SWIZZLE_X, templ.swizzle_g = PIPE_SWIZZLE_Y;
   templ.swizzle_b = PIPE_SWIZZLE_Z, templ.swizzle_a = PIPE_SWIZZLE_W;
   templ.u.tex.last_level = levels - 1;
   return t->pipe->create_sampler_view(t->pipe, *res, &templ);
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
   unsigned mismatches = 0, fast_taken = 0, batch_runs = 0;
   for (unsigned s = 0; s < 24; s++) {
      struct pipe_sampler_state st;
      memset(&st, 0, sizeof(st));
      st.wrap_s = wraps[rng() % 3];
      st.wrap_t = wraps[rng() % 3];
      st.wrap_r = PIPE_TEX_WRAP_REPEAT;
      st.min_img_filter = rng() & 1 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      st.mag_img_filter = rng() & 1 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      st.min_mip_filter = rng() % 3; /* NONE, NEAREST, LINEAR: PIPE_TEX_MIPFILTER_* are 0..2 */
      st.min_lod = rngf(-1.0f, 1.0f);
      st.max_lod = rngf(1.0f, 8.0f);
      struct fxp_sampler_binding fast = {.view = view, .state = &st};
      fxp_sampler_binding_prepare(&fast);
      struct fxp_sampler_binding general = fast;
      general.fast = 0;
      fast_taken += fast.fast != 0;
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
         if (memcmp(a, b, sizeof(a)) && mismatches++ < 3)
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
               for (unsigned l = 0; took && l < FXP_W; l++) {
                  uint32_t g[4] = {0, 0, 0, 0};
                  if (active & (1u << l))
                     fxp_sample(&general, &lane[l], g);
                  for (unsigned c = 0; c < 4; c++)
                     if (bout[c][l] != g[c] && mismatches++ < 3)
                        CHECK(t, false, "%s %s batch lane %u: s %g t %g lod %g: channel %u %08x, general %08x",
                              util_format_name(format), batch_copies[i].name, l, lane[l].s, lane[l].t,
                              lane[l].lod, c, bout[c][l], g[c]);
               }
            }
         }
      }
   }
   CHECK(t, mismatches == 0, "%s: %u mismatching requests", util_format_name(format), mismatches);
   CHECK(t, fast_taken == 24, "%s: fast path chosen for %u of 24 states", util_format_name(format), fast_taken);
   CHECK(t, batch_runs == 24 * (400 / FXP_W), "%s: the batch form ran %u times", util_format_name(format), batch_runs);
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
}

static void
test_fast_fxt1(struct fxp_t *t)
{
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_FXT1_RGBA, 40, 24, 6);
   compare_paths(t, PIPE_TEXTURE_2D, PIPE_FORMAT_FXT1_RGB, 19, 9, 5);
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
   CHECK(t, b2.fast == 0, "RGBA32F took the fast path");
   fxp_sampler_binding_prepare(&b);
   CHECK(t, b.fast != 0, "RGBA8 with REPEAT did not take the fast path");
   pipe_sampler_view_reference(&view, NULL);
   pipe_sampler_view_reference(&view2, NULL);
   pipe_resource_reference(&res, NULL);
   pipe_resource_reference(&res2, NULL);
}

const struct fxp_test fxp_sampler_tests[] = {
   {"sampler.fast_rgba8", test_fast_rgba8},
   {"sampler.fast_fxt1", test_fast_fxt1},
   {"sampler.fast_not_chosen", test_fast_not_chosen},
   {NULL},
};
