/* The per-fragment fast paths (fragment/fxp_fragment_fast.c) against the general path (fxp_fragment.c),
 * bit for bit, as issue 16 asks of every back end: for every key of the fast set (each colour format it
 * takes, with or without a depth buffer of each depth format it takes, every depth function with depth
 * writes on and off or the test off, blending off, a partial colour mask, "over" blending and random blend
 * equations, factors and constant colours), random batches (random distinct pixels, some outside the
 * framebuffer, or a wholly covered tile's two rows of 8; random masks; shader colours that are NaN,
 * infinite, negative, past 1 or near k / 255; depths outside [0, 1] and equal to the stored ones; random
 * stencil states of both faces, references and front or back facing batches) are run
 * through both paths on the same buffers, which must end byte for byte the same, with the same count of
 * samples passed (half-float NaNs compare as NaNs: same_nan_half). The buffers start as random bytes (Z32F depths random floats in [0, 1]). Float colour
 * buffers run every key twice, with and without the rasterizer's clamp_fragment_color. */
#include <math.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/format_r11g11b10f.h"
#include "util/os_memory.h"
#include "util/u_inlines.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fragment/fxp_fragment.h"
#include "fxp_lane_formats.h"
#include "shader/fxp_shader.h"
#include "tests/fxp_test.h"

#define FB_W 40
#define FB_H 12
#define BATCHES_PER_KEY 24

static uint32_t rng_state = 0x2545f491u;
static uint32_t
rnd_u(void)
{
   return fxp_t_xorshift(&rng_state);
}

static float
rnd_color(void)
{
   switch (rnd_u() % 10) {
   case 0: return NAN;
   case 1: return (rnd_u() & 1) ? INFINITY : -INFINITY;
   case 2: return -(float)(rnd_u() % 1000) / 500.0f;
   case 3: return 1.0f + (float)(rnd_u() % 1000) / 100.0f;
   case 4: { /* near k / 255, where rounding decides the byte */
      const float k = (float)(rnd_u() % 256) / 255.0f;
      return k + ((float)(rnd_u() % 5) - 2.0f) * 1e-7f;
   }
   case 5: return (float)(rnd_u() % 256) / 255.0f;
   default: return (float)(rnd_u() % 100001) / 100000.0f;
   }
}

static void
fill_random(uint8_t *p, size_t n)
{
   for (size_t i = 0; i < n; i++)
      p[i] = (uint8_t)rnd_u();
}

/* 16 lanes: a wholly covered tile's layout (quad q's pixel i at (x0 + 2 q + i % 2, y0 + i / 2)), or distinct
 * random pixels, some outside the framebuffer. */
static void
make_lanes(int *x, int *y)
{
   if (rnd_u() % 3 == 0) {
      const int x0 = 2 * (int)(rnd_u() % ((FB_W - 8) / 2 + 1)), y0 = 2 * (int)(rnd_u() % (FB_H / 2));
      for (unsigned l = 0; l < FXP_W; l++) {
         x[l] = x0 + 2 * (int)(l / 4) + (int)(l % 2);
         y[l] = y0 + (int)((l % 4) / 2);
      }
      return;
   }
   for (unsigned l = 0; l < FXP_W; l++) {
      bool again;
      do {
         x[l] = (int)(rnd_u() % (FB_W + 4)) - 2;
         y[l] = (int)(rnd_u() % (FB_H + 2)) - 1;
         again = false;
         for (unsigned k = 0; k < l; k++)
            again |= x[k] == x[l] && y[k] == y[l];
      } while (again);
   }
}

/* A depth for lane l: random in and around [0, 1], or the one the buffer holds at the pixel (the EQUAL
 * cases). */
static double
make_z(enum pipe_format zf, const uint8_t *zs, unsigned stride, int x, int y)
{
   if (zf != PIPE_FORMAT_NONE && x >= 0 && y >= 0 && x < FB_W && y < FB_H && rnd_u() % 4 == 0) {
      float d;
      util_format_unpack_z_float(zf, &d, zs + (size_t)y * stride + (size_t)x * util_format_get_blocksize(zf), 1);
      return d;
   }
   return ((double)(rnd_u() % 120001) - 10000.0) / 100000.0;
}

struct blend_case {
   const char *name;
   bool enable;
   unsigned colormask;
   bool over;   /* SRC_ALPHA, INV_SRC_ALPHA, ADD */
   bool random; /* random equations and factors */
};

static const struct blend_case blends[] = {
   {"no blending", false, PIPE_MASK_RGBA, false, false},
   {"colour mask RB", false, PIPE_MASK_R | PIPE_MASK_B, false, false},
   {"over", true, PIPE_MASK_RGBA, true, false},
   {"random blending", true, PIPE_MASK_RGBA, false, true},
   {"random blending, mask GA", true, PIPE_MASK_G | PIPE_MASK_A, false, true},
};

static const unsigned factors[] = {
   PIPE_BLENDFACTOR_ONE, PIPE_BLENDFACTOR_SRC_COLOR, PIPE_BLENDFACTOR_SRC_ALPHA, PIPE_BLENDFACTOR_DST_ALPHA,
   PIPE_BLENDFACTOR_DST_COLOR, PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE, PIPE_BLENDFACTOR_CONST_COLOR,
   PIPE_BLENDFACTOR_CONST_ALPHA, PIPE_BLENDFACTOR_ZERO, PIPE_BLENDFACTOR_INV_SRC_COLOR,
   PIPE_BLENDFACTOR_INV_SRC_ALPHA, PIPE_BLENDFACTOR_INV_DST_ALPHA, PIPE_BLENDFACTOR_INV_DST_COLOR,
   PIPE_BLENDFACTOR_INV_CONST_COLOR, PIPE_BLENDFACTOR_INV_CONST_ALPHA,
};

static void
make_blend(const struct blend_case *bc, struct pipe_blend_state *b)
{
   memset(b, 0, sizeof(*b));
   b->rt[0].colormask = bc->colormask;
   b->rt[0].blend_enable = bc->enable;
   if (bc->over) {
      b->rt[0].rgb_func = b->rt[0].alpha_func = PIPE_BLEND_ADD;
      b->rt[0].rgb_src_factor = b->rt[0].alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA;
      b->rt[0].rgb_dst_factor = b->rt[0].alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   } else if (bc->random) {
      b->rt[0].rgb_func = rnd_u() % 5;
      b->rt[0].alpha_func = rnd_u() % 5;
      b->rt[0].rgb_src_factor = factors[rnd_u() % ARRAY_SIZE(factors)];
      b->rt[0].rgb_dst_factor = factors[rnd_u() % ARRAY_SIZE(factors)];
      b->rt[0].alpha_src_factor = factors[rnd_u() % ARRAY_SIZE(factors)];
      b->rt[0].alpha_dst_factor = factors[rnd_u() % ARRAY_SIZE(factors)];
   }
}

static const enum pipe_format color_formats[] = {
   PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM,
   PIPE_FORMAT_R8G8B8A8_SRGB,  PIPE_FORMAT_B8G8R8A8_SRGB,  PIPE_FORMAT_R8G8B8X8_SRGB,  PIPE_FORMAT_B8G8R8X8_SRGB,
   PIPE_FORMAT_R5G6B5_UNORM,   PIPE_FORMAT_B5G6R5_UNORM,   PIPE_FORMAT_R16G16B16A16_FLOAT, PIPE_FORMAT_R11G11B10_FLOAT,
};
static const enum pipe_format depth_formats[] = {
   PIPE_FORMAT_NONE, PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_Z24X8_UNORM,
   PIPE_FORMAT_S8_UINT_Z24_UNORM, PIPE_FORMAT_X8Z24_UNORM, PIPE_FORMAT_Z32_FLOAT,
};

struct env {
   struct fxp_t *t;
   struct pipe_resource *cbuf, *zsbuf;
   struct pipe_surface *csurf, *zsurf;
   struct fxp_exec *e;
   size_t c_size_B, z_size_B;
};

/* Whether byte i of two R16G16B16A16_FLOAT buffers is part of a half that is NaN in both. Which NaN an
 * operation on two NaNs gives is the first operand's on x86, and the compiler orders the operands of
 * commutative operations as it likes, differently in scalar and vector code; GL gives NaNs no bit pattern
 * (and a NaN stays a NaN either way), so the two paths may differ there and nowhere else. */
static bool
same_nan_half(enum pipe_format cf, const uint8_t *a, const uint8_t *b, size_t i)
{
   if (cf != PIPE_FORMAT_R16G16B16A16_FLOAT)
      return false;
   uint16_t ha, hb;
   memcpy(&ha, a + (i & ~(size_t)1), 2);
   memcpy(&hb, b + (i & ~(size_t)1), 2);
   const bool nan_a = (ha & 0x7c00) == 0x7c00 && (ha & 0x3ff), nan_b = (hb & 0x7c00) == 0x7c00 && (hb & 0x3ff);
   return nan_a && nan_b;
}

/* One key: the framebuffer, blend and depth-stencil states bound, then random batches through both paths. */
/* A random stencil face: enabled (front: 3 times in 4, back: 1 in 2), any function and operations, masks of
 * all ones or random. */
static void
make_stencil_face(struct pipe_stencil_state *st, bool back)
{
   st->enabled = rnd_u() % 4 < (back ? 2u : 3u);
   st->func = rnd_u() % 8;
   st->fail_op = rnd_u() % 8;
   st->zpass_op = rnd_u() % 8;
   st->zfail_op = rnd_u() % 8;
   st->valuemask = rnd_u() % 2 ? 0xff : (uint8_t)rnd_u();
   st->writemask = rnd_u() % 2 ? 0xff : (uint8_t)rnd_u();
}

static void
run_key(struct env *v, enum pipe_format cf, enum pipe_format zf, const struct blend_case *bc, int depth_func,
        bool depth_write, bool stencil)
{
   struct fxp_t *t = v->t;
   struct pipe_context *p = t->pipe;
   struct fxp_context *ctx = fxp_context(p);
   char key[160];
   snprintf(key, sizeof(key), "%s%s, %s, %s, depth %s%s", util_format_short_name(cf),
            ctx->rasterizer && ctx->rasterizer->clamp_fragment_color ? " (colours clamped)" : "",
            zf == PIPE_FORMAT_NONE ? "no depth buffer" : util_format_short_name(zf), bc->name,
            depth_func < 0 ? "off" : (const char *[]){"never", "less", "equal", "lequal", "greater", "notequal",
                                                      "gequal", "always"}[depth_func],
            depth_func >= 0 && depth_write ? " write" : "");
   if (stencil) {
      const size_t n = strlen(key);
      snprintf(key + n, sizeof(key) - n, ", random stencil state %u", rnd_u() % 1000);
   }

   struct pipe_blend_state bs;
   make_blend(bc, &bs);
   void *blend = p->create_blend_state(p, &bs);
   struct pipe_depth_stencil_alpha_state ds;
   memset(&ds, 0, sizeof(ds));
   ds.depth_enabled = depth_func >= 0;
   ds.depth_func = depth_func >= 0 ? depth_func : PIPE_FUNC_ALWAYS;
   ds.depth_writemask = depth_func >= 0 && depth_write;
   if (stencil) {
      make_stencil_face(&ds.stencil[0], false);
      make_stencil_face(&ds.stencil[1], true);
   }
   struct pipe_stencil_ref ref = {{(uint8_t)rnd_u(), (uint8_t)rnd_u()}};
   p->set_stencil_ref(p, ref);
   void *dsa = p->create_depth_stencil_alpha_state(p, &ds);
   p->bind_blend_state(p, blend);
   p->bind_depth_stencil_alpha_state(p, dsa);
   struct pipe_blend_color bcol;
   for (unsigned c = 0; c < 4; c++)
      bcol.color[c] = rnd_color();
   p->set_blend_color(p, &bcol);

   struct fxp_resource *cres = fxp_resource(v->cbuf), *zres = v->zsbuf ? fxp_resource(v->zsbuf) : NULL;
   struct fxp_fragment f;
   memset(&f, 0, sizeof(f));
   f.ctx = ctx;
   f.rast = ctx->rasterizer;
   struct fxp_fragment_bound bound;
   static const struct pipe_depth_stencil_alpha_state no_dsa; /* zeroed: the bound state's rule */
   fxp_fragment_take_bound_state(&bound, ctx->blend, ctx->dsa ? ctx->dsa : &no_dsa, ctx);
   f.bound = &bound;
   fxp_fragment_take_draw_state(&f, &ctx->stencil_ref, &ctx->blend_color);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      f.fs_color[i] = -1;
   f.fs_color[0] = 0;
   f.fs_depth = f.fs_stencil = f.fs_samplemask = f.fs_color1 = -1;
   f.samples = 1;
   f.fb_width = FB_W;
   f.fb_height = FB_H;
   f.zmin = 0.0;
   f.zmax = 1.0;
   f.cbuf_base[0] = f.cbuf_origin[0] = f.cbuf_layer0[0] = fxp_resource_map(cres);
   f.cbuf_stride[0] = cres->row_stride_B[0];
   f.cbuf_bpp[0] = util_format_get_blocksize(cf);
   f.cbuf_layers[0] = 1;
   if (zres) {
      f.zs_base = f.zs_origin = f.zs_layer0 = fxp_resource_map(zres);
      f.zs_stride = zres->row_stride_B[0];
      f.zs_bpp = util_format_get_blocksize(zf);
      f.zs_layers = 1;
   }
   const bool fast = fxp_fragment_fast_setup(&f);
   CHECK(t, fast, "%s: no fast path (%s)", key, f.fast_refused ? f.fast_refused : "?");

   uint8_t *c_start = malloc(v->c_size_B), *c_fast = malloc(v->c_size_B);
   uint8_t *z_start = malloc(v->z_size_B + 1), *z_fast = malloc(v->z_size_B + 1);
   unsigned bad = 0;
   for (unsigned b = 0; b < BATCHES_PER_KEY && fast && c_start && c_fast && z_start && z_fast && !bad; b++) {
      int x[FXP_W], y[FXP_W];
      double z[FXP_W];
      make_lanes(x, y);
      const uint32_t mask = rnd_u() % 4 == 0 ? (1u << FXP_W) - 1 : rnd_u() & ((1u << FXP_W) - 1);
      fill_random(f.cbuf_base[0], v->c_size_B);
      if (zres) {
         fill_random(f.zs_base, v->z_size_B);
         if (zf == PIPE_FORMAT_Z32_FLOAT)
            for (size_t i = 0; i + 4 <= v->z_size_B; i += 4) {
               const float d = (float)(rnd_u() % 100001) / 100000.0f;
               memcpy(f.zs_base + i, &d, 4);
            }
      }
      for (unsigned l = 0; l < FXP_W; l++)
         z[l] = make_z(zf, f.zs_base, f.zs_stride, x[l], y[l]);
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < FXP_W; l++)
            fxp_output(v->e, 0, c)->af[l] = rnd_color();
      memcpy(c_start, f.cbuf_base[0], v->c_size_B);
      if (zres)
         memcpy(z_start, f.zs_base, v->z_size_B);

      const bool front = rnd_u() % 2;
      f.fast_frag = true;
      const unsigned n_fast = fxp_fragment_ops(&f, v->e, x, y, z, mask, front);
      memcpy(c_fast, f.cbuf_base[0], v->c_size_B);
      if (zres)
         memcpy(z_fast, f.zs_base, v->z_size_B);
      memcpy(f.cbuf_base[0], c_start, v->c_size_B);
      if (zres)
         memcpy(f.zs_base, z_start, v->z_size_B);
      f.fast_frag = false;
      const unsigned n_general = fxp_fragment_ops(&f, v->e, x, y, z, mask, front);

      for (size_t i = 0; i < v->c_size_B && !bad; i++)
         if (c_fast[i] != f.cbuf_base[0][i] && !same_nan_half(cf, c_fast, f.cbuf_base[0], i)) {
            const size_t px = i / f.cbuf_bpp[0], at = px * f.cbuf_bpp[0];
            char before[40] = "", fst[40] = "", gen[40] = ""; /* the pixel's bytes, in hex */
            for (unsigned k = 0; k < f.cbuf_bpp[0] && k < 16; k++) {
               snprintf(before + 2 * k, 3, "%02x", c_start[at + k]);
               snprintf(fst + 2 * k, 3, "%02x", c_fast[at + k]);
               snprintf(gen + 2 * k, 3, "%02x", f.cbuf_base[0][at + k]);
            }
            CHECK(t, false, "%s: colour byte %zu of pixel (%zu, %zu): fast %u, general %u (pixel %s: fast %s, "
                  "general %s)", key, i % f.cbuf_bpp[0], px % (f.cbuf_stride[0] / f.cbuf_bpp[0]),
                  px / (f.cbuf_stride[0] / f.cbuf_bpp[0]), c_fast[i], f.cbuf_base[0][i], before, fst, gen);
            bad++;
         }
      for (size_t i = 0; zres && i < v->z_size_B && !bad; i++)
         if (z_fast[i] != f.zs_base[i]) {
            CHECK(t, false, "%s: depth byte %zu: fast %u, general %u", key, i, z_fast[i], f.zs_base[i]);
            bad++;
         }
      if (!bad && n_fast != n_general) {
         CHECK(t, false, "%s: samples passed: fast %u, general %u", key, n_fast, n_general);
         bad++;
      }
   }
   if (!bad)
      CHECK(t, true, "%s", key);
   free(c_start);
   free(c_fast);
   free(z_start);
   free(z_fast);
   fxp_resource_unmap(cres);
   if (zres)
      fxp_resource_unmap(zres);
   p->bind_blend_state(p, NULL);
   p->bind_depth_stencil_alpha_state(p, NULL);
   p->delete_blend_state(p, blend);
   p->delete_depth_stencil_alpha_state(p, dsa);
}

static void
test_fast_matches_general(struct fxp_t *t)
{
   struct pipe_context *p = t->pipe;
   struct env v = {.t = t};
   void *fs = fxp_t_shader(t, "FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {0.0, 0.0, 0.0, 0.0}\n"
                              "MOV OUT[0], IMM[0]\nEND\n", PIPE_SHADER_FRAGMENT, NULL);
   v.e = os_malloc_aligned(sizeof(*v.e), 64);
   if (!CHECK(t, fs && v.e, "shader and execution state") ||
       !CHECK(t, fxp_exec_init(v.e, ((struct fxp_shader *)fs)->prog, NULL, FXP_W), "execution state set up")) {
      os_free_aligned(v.e);
      if (fs)
         p->delete_fs_state(p, fs);
      return;
   }
   /* the second clamps fragment colours, which float buffers tell apart */
   void *rast[2];
   for (unsigned r = 0; r < 2; r++) {
      struct pipe_rasterizer_state rs;
      memset(&rs, 0, sizeof(rs));
      rs.half_pixel_center = 1;
      rs.clamp_fragment_color = r;
      rast[r] = p->create_rasterizer_state(p, &rs);
   }

   for (unsigned ci = 0; ci < ARRAY_SIZE(color_formats); ci++) {
      for (unsigned zi = 0; zi < ARRAY_SIZE(depth_formats); zi++) {
         const enum pipe_format cf = color_formats[ci], zf = depth_formats[zi];
         v.cbuf = fxp_t_texture(t, PIPE_TEXTURE_2D, cf, FB_W, FB_H, 1, 1, 1, PIPE_BIND_RENDER_TARGET);
         v.zsbuf = zf == PIPE_FORMAT_NONE ? NULL
                                          : fxp_t_texture(t, PIPE_TEXTURE_2D, zf, FB_W, FB_H, 1, 1, 1,
                                                          PIPE_BIND_DEPTH_STENCIL);
         struct pipe_surface tmpl;
         memset(&tmpl, 0, sizeof(tmpl));
         tmpl.format = cf;
         v.csurf = v.cbuf ? p->create_surface(p, v.cbuf, &tmpl) : NULL;
         tmpl.format = zf;
         v.zsurf = v.zsbuf ? p->create_surface(p, v.zsbuf, &tmpl) : NULL;
         if (CHECK(t, v.csurf && (zf == PIPE_FORMAT_NONE || v.zsurf), "%s, %s: surfaces", util_format_short_name(cf),
                   util_format_short_name(zf))) {
            struct pipe_framebuffer_state fb;
            memset(&fb, 0, sizeof(fb));
            fb.width = FB_W;
            fb.height = FB_H;
            fb.nr_cbufs = 1;
            fb.cbufs[0] = v.csurf;
            fb.zsbuf = v.zsurf;
            p->set_framebuffer_state(p, &fb);
            v.c_size_B = fxp_resource(v.cbuf)->row_stride_B[0] * FB_H;
            v.z_size_B = v.zsbuf ? fxp_resource(v.zsbuf)->row_stride_B[0] * FB_H : 0;
            for (unsigned r = 0; r < (util_format_is_float(cf) ? 2u : 1u); r++) {
               p->bind_rasterizer_state(p, rast[r]);
               for (unsigned bi = 0; bi < ARRAY_SIZE(blends); bi++) {
                  run_key(&v, cf, zf, &blends[bi], -1, false, false);
                  for (int func = 0; zf != PIPE_FORMAT_NONE && func < 8; func++)
                     for (unsigned w = 0; w < 2; w++)
                        run_key(&v, cf, zf, &blends[bi], func, w, false);
                  /* stencil tests: random states, with the depth test off or any function */
                  for (unsigned k = 0; zf != PIPE_FORMAT_NONE && k < 6; k++)
                     run_key(&v, cf, zf, &blends[bi], (int)(rnd_u() % 9) - 1, rnd_u() % 2, true);
               }
            }
            memset(&fb, 0, sizeof(fb));
            p->set_framebuffer_state(p, &fb);
         }
         pipe_surface_reference(&v.csurf, NULL);
         pipe_surface_reference(&v.zsurf, NULL);
         pipe_resource_reference(&v.cbuf, NULL);
         pipe_resource_reference(&v.zsbuf, NULL);
      }
   }
   p->bind_rasterizer_state(p, NULL);
   for (unsigned r = 0; r < 2; r++)
      p->delete_rasterizer_state(p, rast[r]);
   fxp_exec_fini(v.e);
   os_free_aligned(v.e);
   p->delete_fs_state(p, fs);
}

/* fxp_lane_formats.h's R11G11B10F conversions against Mesa's scalar ones (util/format_r11g11b10f.h): every
 * 11- and 10-bit value to float, and floats to both, over every 4099th bit pattern and the values around
 * each format's largest (65024, 64512), zero, the smallest exponent kept and the infinities. */
static void
test_uf_conversions(struct fxp_t *t)
{
   unsigned bad = 0;
   for (uint32_t v0 = 0; v0 < 2048; v0 += FXP_W) {
      fxp_vu v;
      for (unsigned l = 0; l < FXP_W; l++)
         v[l] = v0 + l;
      const fxp_vf f11 = fxp_vuf_to_float(v, 6), f10 = fxp_vuf_to_float(v & 0x3ffu, 5);
      for (unsigned l = 0; l < FXP_W && bad < 5; l++) {
         const float r11 = uf11_to_f32((uint16_t)(v0 + l)), r10 = uf10_to_f32((uint16_t)((v0 + l) & 0x3ff));
         if (memcmp(&r11, &f11[l], 4) || memcmp(&r10, &f10[l], 4))
            bad += !CHECK(t, false, "uf 0x%x to float: uf11 %a (Mesa %a), uf10 %a (Mesa %a)", v0 + l, f11[l], r11,
                          f10[l], r10);
      }
   }
   static const float edges[] = {65024.0f, 65025.0f, 65535.0f, 65536.0f, 65537.0f, 64512.0f, 64513.0f, 64600.0f,
                                 0x1p-14f, 0x1.fffffep-15f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0f};
   uint64_t n = 0;
   for (uint64_t b0 = 0; b0 < (1ull << 32) + ARRAY_SIZE(edges) * FXP_W && bad < 5; b0 += FXP_W * 4099ull) {
      fxp_vu u;
      for (unsigned l = 0; l < FXP_W; l++) {
         const uint64_t b = b0 + l * 4099ull;
         u[l] = (uint32_t)b;
         if (b0 / (FXP_W * 4099ull) % 64 == 0) /* now and then a lane of the edges, or one past them */
            memcpy(&u[l], &edges[l % ARRAY_SIZE(edges)], 4), u[l] += (uint32_t)(b0 >> 20) % 3 - 1;
      }
      const fxp_vu u11 = fxp_vfloat_to_uf((fxp_vf)u, 6), u10 = fxp_vfloat_to_uf((fxp_vf)u, 5);
      for (unsigned l = 0; l < FXP_W && bad < 5; l++, n++) {
         float f;
         memcpy(&f, &u[l], 4);
         if (u11[l] != f32_to_uf11(f) || u10[l] != f32_to_uf10(f))
            bad += !CHECK(t, false, "float 0x%08x (%a) to uf11 0x%x (Mesa 0x%x), uf10 0x%x (Mesa 0x%x)", u[l], f,
                          u11[l], f32_to_uf11(f), u10[l], f32_to_uf10(f));
      }
   }
   for (unsigned i = 0; i < ARRAY_SIZE(edges); i++) {
      fxp_vf v = fxp_splat_f(edges[i]);
      const fxp_vu u11 = fxp_vfloat_to_uf(v, 6), u10 = fxp_vfloat_to_uf(v, 5);
      bad += !CHECK(t, u11[0] == f32_to_uf11(edges[i]) && u10[0] == f32_to_uf10(edges[i]),
                    "%a to uf11 0x%x (Mesa 0x%x), uf10 0x%x (Mesa 0x%x)", edges[i], u11[0], f32_to_uf11(edges[i]),
                    u10[0], f32_to_uf10(edges[i]));
   }
   CHECK(t, bad == 0 && n > 1000000, "%llu floats converted as Mesa converts them", (unsigned long long)n);
}

const struct fxp_test fxp_fragment_fast_tests[] = {
   {"fragment.fast_matches_general", test_fast_matches_general},
   {"fragment.uf_conversions", test_uf_conversions},
   {NULL, NULL},
};
