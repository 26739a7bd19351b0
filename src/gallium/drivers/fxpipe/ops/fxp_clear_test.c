/* Tests of clears: packed colour values worked out by hand (unorm: round(v * 255)), sRGB encoding, integer
 * colours, scissored clears, layers and levels of surfaces, depth and stencil separately and together on
 * combined formats, clear_texture and clear_buffer with their bounds. */
#include <string.h>

#include "util/u_box.h"
#include "util/u_inlines.h"
#include "tests/fxp_test.h"

static struct pipe_surface *
surface(struct fxp_t *t, struct pipe_resource *r, enum pipe_format f, unsigned level, unsigned first,
        unsigned last)
{
   struct pipe_surface tmpl;

   memset(&tmpl, 0, sizeof(tmpl));
   tmpl.format = f;
   tmpl.u.tex.level = level;
   tmpl.u.tex.first_layer = first;
   tmpl.u.tex.last_layer = last;
   return t->pipe->create_surface(t->pipe, r, &tmpl);
}

static void
bind_fb(struct fxp_t *t, struct pipe_surface *cb, struct pipe_surface *zs)
{
   struct pipe_framebuffer_state fb;

   memset(&fb, 0, sizeof(fb));
   fb.width = (cb ? cb : zs)->width;
   fb.height = (cb ? cb : zs)->height;
   fb.nr_cbufs = cb ? 1 : 0;
   fb.cbufs[0] = cb;
   fb.zsbuf = zs;
   t->pipe->set_framebuffer_state(t->pipe, &fb);
}

static void
unbind_fb(struct fxp_t *t)
{
   struct pipe_framebuffer_state fb;
   memset(&fb, 0, sizeof(fb));
   t->pipe->set_framebuffer_state(t->pipe, &fb);
}

static void
check_px(struct fxp_t *t, struct pipe_resource *r, unsigned level, unsigned x, unsigned y, unsigned z,
         const void *want, unsigned n, const char *what)
{
   uint8_t got[16];
   fxp_t_read(t, r, level, x, y, z, got, n);
   if (!CHECK(t, !memcmp(got, want, n), "%s at (%u,%u,%u): %02x %02x %02x %02x, want %02x %02x %02x %02x",
              what, x, y, z, got[0], got[1], got[2], got[3], ((const uint8_t *)want)[0],
              ((const uint8_t *)want)[1], ((const uint8_t *)want)[2], ((const uint8_t *)want)[3]))
      return;
}

static void
test_color_formats(struct fxp_t *t)
{
   static const struct {
      enum pipe_format f;
      union pipe_color_union c;
      uint8_t want[16];
      unsigned n;
   } cases[] = {
      /* 1 -> 255, 0.5 -> 127.5 -> 128, 0.25 -> 63.75 -> 64 */
      {PIPE_FORMAT_R8G8B8A8_UNORM, {.f = {1, 0.5f, 0, 0.25f}}, {255, 128, 0, 64}, 4},
      {PIPE_FORMAT_B8G8R8A8_UNORM, {.f = {1, 0.5f, 0, 0.25f}}, {0, 128, 255, 64}, 4},
      /* values outside [0, 1] clamp */
      {PIPE_FORMAT_R8G8B8A8_UNORM, {.f = {2, -1, 0, 1}}, {255, 0, 0, 255}, 4},
      /* sRGB: 0.1 -> 89.04 -> 89, 0.6 -> 203.42 -> 203; alpha stays linear: 0.6 -> 153 */
      {PIPE_FORMAT_R8G8B8A8_SRGB, {.f = {0.1f, 0.6f, 1, 0.6f}}, {89, 203, 255, 153}, 4},
      /* R32G32B32A32_UINT takes the integer colour as is */
      {PIPE_FORMAT_R32G32B32A32_UINT, {.ui = {1, 2, 3, 0xffffffff}},
       {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff}, 16},
      /* float: 1.5 = 0x3fc00000, little endian */
      {PIPE_FORMAT_R32_FLOAT, {.f = {1.5f, 9, 9, 9}}, {0x00, 0x00, 0xc0, 0x3f}, 4},
      /* RGB565: r=1 -> 31, g=0.5 -> 31.5 -> 32, b=0 -> 0: 31<<11 | 32<<5 = 0xfc00 */
      {PIPE_FORMAT_B5G6R5_UNORM, {.f = {1, 0.5f, 0, 1}}, {0x00, 0xfc}, 2},
   };

   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D, cases[i].f, 6, 3, 1, 1, 1,
                                              PIPE_BIND_RENDER_TARGET);
      if (!CHECK(t, r != NULL, "case %u: format not creatable", i))
         continue;
      struct pipe_surface *s = surface(t, r, cases[i].f, 0, 0, 0);
      bind_fb(t, s, NULL);
      t->pipe->clear(t->pipe, PIPE_CLEAR_COLOR0, NULL, &cases[i].c, 0, 0);
      check_px(t, r, 0, 0, 0, 0, cases[i].want, cases[i].n, "first pixel");
      check_px(t, r, 0, 5, 2, 0, cases[i].want, cases[i].n, "last pixel");
      unbind_fb(t);
      pipe_surface_reference(&s, NULL);
      pipe_resource_reference(&r, NULL);
   }
}

static void
test_scissor_layers_levels(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1,
                                           4, 2, PIPE_BIND_RENDER_TARGET);
   struct pipe_surface *s = surface(t, r, PIPE_FORMAT_R8G8B8A8_UNORM, 1, 1, 2); /* 8x8, layers 1-2 */
   union pipe_color_union c = {.f = {1, 1, 1, 1}};
   struct pipe_scissor_state sc = {.minx = 2, .miny = 3, .maxx = 5, .maxy = 4};
   const uint8_t white[4] = {255, 255, 255, 255}, zero[4] = {0};

   bind_fb(t, s, NULL);
   t->pipe->clear(t->pipe, PIPE_CLEAR_COLOR0, &sc, &c, 0, 0);
   check_px(t, r, 1, 2, 3, 1, white, 4, "scissor min corner, layer 1");
   check_px(t, r, 1, 4, 3, 2, white, 4, "scissor max corner, layer 2");
   check_px(t, r, 1, 5, 3, 1, zero, 4, "right of scissor");
   check_px(t, r, 1, 2, 4, 1, zero, 4, "below scissor");
   check_px(t, r, 1, 2, 3, 0, zero, 4, "layer 0 outside surface");
   check_px(t, r, 1, 2, 3, 3, zero, 4, "layer 3 outside surface");
   check_px(t, r, 0, 2, 3, 1, zero, 4, "level 0");

   /* clear_render_target: a region partly outside the surface is clipped to it */
   union pipe_color_union c2 = {.f = {0, 0, 1, 0}};
   const uint8_t blue[4] = {0, 0, 255, 0};
   t->pipe->clear_render_target(t->pipe, s, &c2, 6, 6, 100, 100, false);
   check_px(t, r, 1, 7, 7, 2, blue, 4, "clear_render_target corner");
   check_px(t, r, 1, 5, 7, 2, zero, 4, "left of clear_render_target");
   unbind_fb(t);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&r, NULL);
}

static void
test_depth_stencil(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 4, 4, 1, 1, 1,
                                           PIPE_BIND_DEPTH_STENCIL);
   struct pipe_surface *s = surface(t, r, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0, 0, 0);
   uint32_t v;

   bind_fb(t, NULL, s);
   /* Z24_UNORM_S8_UINT: depth in bits 0-23, stencil in bits 24-31 */
   t->pipe->clear(t->pipe, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 1.0, 0x5a);
   fxp_t_read(t, r, 0, 3, 3, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x5affffff);
   t->pipe->clear(t->pipe, PIPE_CLEAR_DEPTH, NULL, NULL, 0.0, 0x77);
   fxp_t_read(t, r, 0, 1, 2, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x5a000000);
   t->pipe->clear(t->pipe, PIPE_CLEAR_STENCIL, NULL, NULL, 1.0, 0x111);
   fxp_t_read(t, r, 0, 0, 0, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x11000000); /* stencil masked to 8 bits, depth kept */
   t->pipe->clear_depth_stencil(t->pipe, s, PIPE_CLEAR_DEPTH, 1.0, 0, 1, 1, 2, 1, false);
   fxp_t_read(t, r, 0, 2, 1, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x11ffffff);
   fxp_t_read(t, r, 0, 3, 1, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x11000000);
   unbind_fb(t);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&r, NULL);

   /* Z32_FLOAT_S8X24_UINT: a float depth word, then a word whose low byte is stencil */
   r = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 2, 2, 1, 1, 1,
                     PIPE_BIND_DEPTH_STENCIL);
   s = surface(t, r, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 0, 0, 0);
   t->pipe->clear_depth_stencil(t->pipe, s, PIPE_CLEAR_DEPTHSTENCIL, 0.375, 7, 0, 0, 2, 2, false);
   uint32_t w[2];
   float z;
   fxp_t_read(t, r, 0, 1, 1, 0, w, 8);
   memcpy(&z, &w[0], 4);
   CHECK(t, z == 0.375f, "depth %f", z);
   CHECK_EQ_U(t, w[1] & 0xff, 7);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&r, NULL);

   /* Z16: 1.0 -> 0xffff */
   r = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM, 2, 2, 1, 1, 1, PIPE_BIND_DEPTH_STENCIL);
   s = surface(t, r, PIPE_FORMAT_Z16_UNORM, 0, 0, 0);
   t->pipe->clear_depth_stencil(t->pipe, s, PIPE_CLEAR_DEPTHSTENCIL, 1.0, 0, 0, 0, 2, 2, false);
   uint16_t z16;
   fxp_t_read(t, r, 0, 1, 0, 0, &z16, 2);
   CHECK_EQ_U(t, z16, 0xffff);
   pipe_surface_reference(&s, NULL);
   pipe_resource_reference(&r, NULL);
}

static void
test_clear_texture_and_buffer(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_3D, PIPE_FORMAT_R16G16_UINT, 4, 4, 4, 1, 1,
                                           PIPE_BIND_SAMPLER_VIEW);
   const uint16_t value[2] = {0x1234, 0xabcd}, zero[2] = {0};
   struct pipe_box box;

   u_box_3d(1, 1, 2, 2, 2, 2, &box);
   t->pipe->clear_texture(t->pipe, r, 0, &box, value);
   check_px(t, r, 0, 2, 2, 3, value, 4, "inside the box");
   check_px(t, r, 0, 2, 2, 1, zero, 4, "slice before the box");
   check_px(t, r, 0, 3, 2, 2, zero, 4, "right of the box");
   u_box_3d(3, 3, 3, 2, 1, 1, &box); /* past the edge: refused, nothing written */
   t->pipe->clear_texture(t->pipe, r, 0, &box, value);
   check_px(t, r, 0, 3, 3, 3, zero, 4, "refused box");
   pipe_resource_reference(&r, NULL);

   struct pipe_resource *b = fxp_t_buffer(t, 32);
   const uint8_t pat[4] = {1, 2, 3, 4};
   t->pipe->clear_buffer(t->pipe, b, 8, 16, pat, 4);
   t->pipe->clear_buffer(t->pipe, b, 24, 16, pat, 4); /* 24 + 16 > 32: refused */
   struct pipe_transfer *xfer;
   u_box_1d(0, 32, &box);
   uint8_t *m = t->pipe->buffer_map(t->pipe, b, 0, PIPE_MAP_READ, &box, &xfer);
   if (CHECK(t, m != NULL, "buffer map")) {
      static const uint8_t want[32] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 1, 2, 3, 4,
                                       1, 2, 3, 4, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0};
      CHECK(t, !memcmp(m, want, 32), "buffer contents after clear_buffer");
      t->pipe->buffer_unmap(t->pipe, xfer);
   }
   pipe_resource_reference(&b, NULL);
}

/* Large clears, which the pool's threads share a band of rows each (ops/fxp_clear.c, FXP_FILL_SHARED_MIN_B):
 * a scissored clear of two layers of a 3-layer RGBA8 array and a full Z24S8 clear, every texel read back; an
 * odd height, so that the bands are of different sizes. */
static void
test_shared(struct fxp_t *t)
{
   const unsigned w = 300, h = 257, x0 = 3, y0 = 5, x1 = 293, y1 = 255; /* scissor: [x0, x1) x [y0, y1) */
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, w, h, 1, 3, 1,
                                           PIPE_BIND_RENDER_TARGET);
   struct pipe_resource *zr = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_Z24_UNORM_S8_UINT, w, h, 1, 2,
                                            1, PIPE_BIND_DEPTH_STENCIL);
   if (!CHECK(t, r && zr, "textures"))
      goto out;
   struct pipe_surface *s = surface(t, r, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 1, 2);
   struct pipe_surface *zs = surface(t, zr, PIPE_FORMAT_Z24_UNORM_S8_UINT, 0, 0, 1);
   bind_fb(t, s, zs);
   const union pipe_color_union c = {.f = {1, 0.5f, 0, 0.25f}}; /* 255, 128, 0, 64 */
   const struct pipe_scissor_state sc = {x0, y0, x1, y1};
   t->pipe->clear(t->pipe, PIPE_CLEAR_COLOR0, &sc, &c, 0, 0);
   /* depth 0.5: 0.5 * (2^24 - 1) + 0.5 = 8388608 = 0x800000 in bits 0-23; stencil 0x5a in bits 24-31 */
   t->pipe->clear(t->pipe, PIPE_CLEAR_DEPTHSTENCIL, NULL, &c, 0.5, 0x5a);
   unbind_fb(t);
   pipe_surface_reference(&s, NULL);
   pipe_surface_reference(&zs, NULL);
   for (unsigned layer = 0; layer < 3; layer++) {
      struct pipe_transfer *xfer;
      struct pipe_box box;
      u_box_2d_zslice(0, 0, layer, w, h, &box);
      const uint8_t *m = t->pipe->texture_map(t->pipe, r, 0, PIPE_MAP_READ, &box, &xfer);
      if (!CHECK(t, m != NULL, "map of layer %u", layer))
         continue;
      unsigned bad = 0, first_x = 0, first_y = 0;
      for (unsigned y = 0; y < h; y++)
         for (unsigned x = 0; x < w; x++) {
            const bool in = layer >= 1 && x >= x0 && x < x1 && y >= y0 && y < y1;
            const uint32_t want = in ? 0x400080ffu : 0, got = *(const uint32_t *)(m + y * xfer->stride + 4 * x);
            if (got != want && !bad++) {
               first_x = x;
               first_y = y;
            }
         }
      CHECK(t, !bad, "colour layer %u: %u texels wrong, the first at (%u,%u)", layer, bad, first_x, first_y);
      t->pipe->texture_unmap(t->pipe, xfer);
   }
   for (unsigned layer = 0; layer < 2; layer++) {
      struct pipe_transfer *xfer;
      struct pipe_box box;
      u_box_2d_zslice(0, 0, layer, w, h, &box);
      const uint8_t *m = t->pipe->texture_map(t->pipe, zr, 0, PIPE_MAP_READ, &box, &xfer);
      if (!CHECK(t, m != NULL, "map of depth layer %u", layer))
         continue;
      unsigned bad = 0;
      for (unsigned y = 0; y < h; y++)
         for (unsigned x = 0; x < w; x++)
            bad += *(const uint32_t *)(m + y * xfer->stride + 4 * x) != 0x5a800000u;
      CHECK(t, !bad, "depth-stencil layer %u: %u texels wrong", layer, bad);
      t->pipe->texture_unmap(t->pipe, xfer);
   }
out:
   pipe_resource_reference(&r, NULL);
   pipe_resource_reference(&zr, NULL);
}

const struct fxp_test fxp_clear_tests[] = {
   {"clear.color_formats", test_color_formats},
   {"clear.scissor_layers_levels", test_scissor_layers_levels},
   {"clear.depth_stencil", test_depth_stencil},
   {"clear.texture_and_buffer", test_clear_texture_and_buffer},
   {"clear.shared", test_shared},
   {NULL, NULL},
};
