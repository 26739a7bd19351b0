/* Tests of blits and resource_copy_region: the fast copy path against the general path (FXPIPE_DEBUG=nofast),
 * nearest and linear scaling with hand-computed samples, flips, format conversion, channel masks, scissor,
 * depth and stencil, source boxes outside the level (clamped, never read outside), refusals, and raw copies
 * including overlapping ones. */
#include <string.h>

#include "util/u_box.h"
#include "util/u_inlines.h"
#include "util/format/u_format.h"
#include "fxp_debug.h"
#include "fxp_ops.h"
#include "tests/fxp_test.h"

static void
blit(struct fxp_t *t, struct pipe_resource *dst, enum pipe_format df, int dx, int dy, int dw, int dh,
     struct pipe_resource *src, enum pipe_format sf, int sx, int sy, int sw, int sh, unsigned mask,
     unsigned filter)
{
   struct pipe_blit_info info;

   memset(&info, 0, sizeof(info));
   info.dst.resource = dst;
   info.dst.format = df;
   u_box_2d(dx, dy, dw, dh, &info.dst.box);
   info.src.resource = src;
   info.src.format = sf;
   u_box_2d(sx, sy, sw, sh, &info.src.box);
   info.mask = mask;
   info.filter = filter;
   t->pipe->blit(t->pipe, &info);
}

/* R32_FLOAT texture with texel (x, y) = x + 10 y. */
static struct pipe_resource *
ramp(struct fxp_t *t, unsigned w, unsigned h)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, w, h, 1, 1, 1,
                                           PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_RENDER_TARGET);
   for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++) {
         float v = x + 10.0f * y;
         fxp_t_write(t, r, 0, x, y, 0, &v, 4);
      }
   return r;
}

static float
texf(struct fxp_t *t, struct pipe_resource *r, unsigned x, unsigned y)
{
   float v;
   fxp_t_read(t, r, 0, x, y, 0, &v, 4);
   return v;
}

static void
test_scaling_and_flip(struct fxp_t *t)
{
   struct pipe_resource *src = ramp(t, 4, 4);
   struct pipe_resource *dst = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 8, 8, 1, 1, 1,
                                             PIPE_BIND_RENDER_TARGET);
   const enum pipe_format f = PIPE_FORMAT_R32_FLOAT;

   /* 4x4 -> 2x2 nearest: centres 0.5, 1.5 map to 1.0, 3.0 -> texels 1 and 3 */
   blit(t, dst, f, 0, 0, 2, 2, src, f, 0, 0, 4, 4, PIPE_MASK_RGBA, PIPE_TEX_FILTER_NEAREST);
   CHECK(t, texf(t, dst, 0, 0) == 11 && texf(t, dst, 1, 0) == 13 && texf(t, dst, 0, 1) == 31 &&
            texf(t, dst, 1, 1) == 33, "nearest downscale %g %g %g %g", texf(t, dst, 0, 0),
         texf(t, dst, 1, 0), texf(t, dst, 0, 1), texf(t, dst, 1, 1));
   /* linear: centre maps to 1.0, i.e. halfway between texels 0 and 1 on both axes: (0+1+10+11)/4 */
   blit(t, dst, f, 0, 0, 2, 2, src, f, 0, 0, 4, 4, PIPE_MASK_RGBA, PIPE_TEX_FILTER_LINEAR);
   CHECK(t, texf(t, dst, 0, 0) == 5.5f && texf(t, dst, 1, 1) == 27.5f, "linear downscale %g %g",
         texf(t, dst, 0, 0), texf(t, dst, 1, 1));
   /* 2x upscale, linear: dst centre 0.5 -> u 0.25 -> clamp: texel 0; dst 1 -> u 0.75 -> 0.25 of texel 1 */
   blit(t, dst, f, 0, 0, 8, 8, src, f, 0, 0, 4, 4, PIPE_MASK_RGBA, PIPE_TEX_FILTER_LINEAR);
   CHECK(t, texf(t, dst, 0, 0) == 0.0f && texf(t, dst, 1, 0) == 0.25f && texf(t, dst, 7, 7) == 33.0f,
         "linear upscale %g %g %g", texf(t, dst, 0, 0), texf(t, dst, 1, 0), texf(t, dst, 7, 7));
   /* vertical flip: source box from y = 4 with height -4 */
   blit(t, dst, f, 0, 0, 4, 4, src, f, 0, 4, 4, -4, PIPE_MASK_RGBA, PIPE_TEX_FILTER_NEAREST);
   CHECK(t, texf(t, dst, 2, 0) == 32 && texf(t, dst, 2, 3) == 2, "flip %g %g", texf(t, dst, 2, 0),
         texf(t, dst, 2, 3));
   /* a source box reaching outside the level clamps to its edge */
   blit(t, dst, f, 0, 0, 8, 1, src, f, -2, 0, 8, 1, PIPE_MASK_RGBA, PIPE_TEX_FILTER_NEAREST);
   CHECK(t, texf(t, dst, 0, 0) == 0 && texf(t, dst, 3, 0) == 1 && texf(t, dst, 7, 0) == 3,
         "clamped source %g %g %g", texf(t, dst, 0, 0), texf(t, dst, 3, 0), texf(t, dst, 7, 0));
   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
}

static void
test_convert_mask_scissor(struct fxp_t *t)
{
   struct pipe_resource *src = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 2, 2, 1, 1, 1,
                                             PIPE_BIND_SAMPLER_VIEW);
   struct pipe_resource *dst = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1, 1,
                                             PIPE_BIND_RENDER_TARGET);
   const uint8_t bgra[4] = {10, 20, 30, 40}, keep[4] = {1, 2, 3, 4};
   uint8_t px[4];

   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
         fxp_t_write(t, src, 0, x, y, 0, bgra, 4);
         fxp_t_write(t, dst, 0, x, y, 0, keep, 4);
      }
   /* only red and alpha; BGRA (10,20,30,40) is RGBA (30,20,10,40) */
   blit(t, dst, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 0, 2, 2, src, PIPE_FORMAT_B8G8R8A8_UNORM, 0, 0, 2, 2,
        PIPE_MASK_R | PIPE_MASK_A, PIPE_TEX_FILTER_NEAREST);
   fxp_t_read(t, dst, 0, 1, 1, 0, px, 4);
   CHECK(t, px[0] == 30 && px[1] == 2 && px[2] == 3 && px[3] == 40, "masked convert %u %u %u %u", px[0],
         px[1], px[2], px[3]);

   /* scissor: only (1, 0) is inside */
   struct pipe_blit_info info;
   memset(&info, 0, sizeof(info));
   info.dst.resource = dst;
   info.dst.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   u_box_2d(0, 0, 2, 2, &info.dst.box);
   info.src.resource = src;
   info.src.format = PIPE_FORMAT_B8G8R8A8_UNORM;
   u_box_2d(0, 0, 2, 2, &info.src.box);
   info.mask = PIPE_MASK_RGBA;
   info.scissor_enable = true;
   info.scissor = (struct pipe_scissor_state){.minx = 1, .miny = 0, .maxx = 2, .maxy = 1};
   t->pipe->blit(t->pipe, &info);
   fxp_t_read(t, dst, 0, 1, 0, 0, px, 4);
   CHECK(t, px[0] == 30 && px[1] == 20 && px[2] == 10 && px[3] == 40, "inside scissor %u %u %u %u", px[0],
         px[1], px[2], px[3]);
   fxp_t_read(t, dst, 0, 0, 1, 0, px, 4);
   CHECK(t, px[1] == 2, "outside scissor written");

   /* float to unorm: 0.5 -> 128 */
   struct pipe_resource *fsrc = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 1, 1, 1, 1,
                                              1, PIPE_BIND_SAMPLER_VIEW);
   const float c[4] = {0.5f, 1.0f, 0.0f, 0.25f};
   fxp_t_write(t, fsrc, 0, 0, 0, 0, c, 16);
   blit(t, dst, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 0, 1, 1, fsrc, PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 1, 1,
        PIPE_MASK_RGBA, PIPE_TEX_FILTER_NEAREST);
   fxp_t_read(t, dst, 0, 0, 0, 0, px, 4);
   CHECK(t, px[0] == 128 && px[1] == 255 && px[2] == 0 && px[3] == 64, "float to unorm %u %u %u %u", px[0],
         px[1], px[2], px[3]);

   /* integer source into a unorm destination: refused, nothing written */
   struct pipe_resource *isrc = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT, 1, 1, 1, 1, 1,
                                              PIPE_BIND_SAMPLER_VIEW);
   blit(t, dst, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 0, 1, 1, isrc, PIPE_FORMAT_R8G8B8A8_UINT, 0, 0, 1, 1,
        PIPE_MASK_RGBA, PIPE_TEX_FILTER_NEAREST);
   fxp_t_read(t, dst, 0, 0, 0, 0, px, 4);
   CHECK(t, px[0] == 128, "integer to unorm blit was not refused");
   pipe_resource_reference(&isrc, NULL);
   pipe_resource_reference(&fsrc, NULL);
   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
}

static void
test_depth_stencil(struct fxp_t *t)
{
   const enum pipe_format f = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   struct pipe_resource *src = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 2, 2, 1, 1, 1, PIPE_BIND_DEPTH_STENCIL);
   struct pipe_resource *dst = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 1, PIPE_BIND_DEPTH_STENCIL);
   const uint32_t s0 = 0x12345678, d0 = 0xab000001;
   uint32_t v;

   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++)
         fxp_t_write(t, src, 0, x, y, 0, &s0, 4);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++)
         fxp_t_write(t, dst, 0, x, y, 0, &d0, 4);
   /* stencil only, 2x upscale: stencil 0x12 arrives, depth 0x000001 stays */
   blit(t, dst, f, 0, 0, 4, 4, src, f, 0, 0, 2, 2, PIPE_MASK_S, PIPE_TEX_FILTER_NEAREST);
   fxp_t_read(t, dst, 0, 3, 3, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x12000001);
   /* depth only: depth 0x345678 arrives, stencil 0x12 stays */
   blit(t, dst, f, 0, 0, 4, 4, src, f, 0, 0, 2, 2, PIPE_MASK_Z, PIPE_TEX_FILTER_LINEAR);
   fxp_t_read(t, dst, 0, 2, 1, 0, &v, 4);
   CHECK_EQ_U(t, v, 0x12345678);
   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
}

/* The fast copy path and the general path give the same bytes on arbitrary data. */
static void
test_fast_path_matches_general(struct fxp_t *t)
{
   static const enum pipe_format formats[] = {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R16G16B16A16_FLOAT,
                                              PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_FORMAT_R32G32_UINT,
                                              PIPE_FORMAT_B5G6R5_UNORM};
   const unsigned saved = fxp_debug_flags;

   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      const enum pipe_format f = formats[i];
      const unsigned bind = f == PIPE_FORMAT_Z24_UNORM_S8_UINT ? PIPE_BIND_DEPTH_STENCIL
                                                               : PIPE_BIND_RENDER_TARGET;
      struct pipe_resource *src = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 9, 7, 1, 1, 1, bind);
      struct pipe_resource *a = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 9, 7, 1, 1, 1, bind);
      struct pipe_resource *b = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 9, 7, 1, 1, 1, bind);
      const unsigned bs = util_format_get_blocksize(f);
      uint32_t seed = 12345 + i;
      uint8_t pa[16], pb[16], px[16];

      for (unsigned y = 0; y < 7; y++)
         for (unsigned x = 0; x < 9; x++) {
            for (unsigned k = 0; k < bs; k++) {
               seed = seed * 1103515245u + 12345u;
               px[k] = seed >> 24;
            }
            if (f == PIPE_FORMAT_R16G16B16A16_FLOAT) /* keep halves finite: clear exponent MSBs */
               for (unsigned k = 1; k < bs; k += 2)
                  px[k] &= 0x3f;
            fxp_t_write(t, src, 0, x, y, 0, px, bs);
         }
      const unsigned mask = bind == PIPE_BIND_DEPTH_STENCIL ? PIPE_MASK_ZS : PIPE_MASK_RGBA;
      fxp_debug_flags = saved & ~FXP_DBG_NOFAST;
      blit(t, a, f, 1, 1, 7, 5, src, f, 2, 1, 7, 5, mask, PIPE_TEX_FILTER_NEAREST);
      fxp_debug_flags = saved | FXP_DBG_NOFAST;
      blit(t, b, f, 1, 1, 7, 5, src, f, 2, 1, 7, 5, mask, PIPE_TEX_FILTER_NEAREST);
      fxp_debug_flags = saved;
      for (unsigned y = 0; y < 7; y++)
         for (unsigned x = 0; x < 9; x++) {
            fxp_t_read(t, a, 0, x, y, 0, pa, bs);
            fxp_t_read(t, b, 0, x, y, 0, pb, bs);
            if (!CHECK(t, !memcmp(pa, pb, bs), "format %d (%u,%u): fast and general paths differ", f, x, y))
               goto next;
         }
      fxp_t_read(t, a, 0, 1, 1, 0, pa, bs);
      fxp_t_read(t, src, 0, 2, 1, 0, px, bs);
      CHECK(t, !memcmp(pa, px, bs), "format %d: copied texel differs from the source", f);
   next:
      pipe_resource_reference(&src, NULL);
      pipe_resource_reference(&a, NULL);
      pipe_resource_reference(&b, NULL);
   }
}

static void
test_resource_copy_region(struct fxp_t *t)
{
   struct pipe_resource *r = ramp(t, 6, 6);
   struct pipe_box box;

   /* overlapping copy inside one texture: rows 0-3 move down by one row and right by one texel */
   u_box_2d(0, 0, 4, 4, &box);
   t->pipe->resource_copy_region(t->pipe, r, 0, 1, 1, 0, r, 0, &box);
   CHECK(t, texf(t, r, 1, 1) == 0 && texf(t, r, 4, 4) == 33 && texf(t, r, 1, 4) == 30 && texf(t, r, 0, 0) == 0 &&
            texf(t, r, 5, 5) == 55, "overlapping copy %g %g %g", texf(t, r, 1, 1), texf(t, r, 4, 4),
         texf(t, r, 1, 4));
   /* outside the destination: refused */
   u_box_2d(0, 0, 3, 3, &box);
   t->pipe->resource_copy_region(t->pipe, r, 0, 4, 4, 0, r, 0, &box);
   CHECK(t, texf(t, r, 4, 4) == 33 && texf(t, r, 5, 5) == 55, "a copy past the edge was not refused");

   /* buffers */
   struct pipe_resource *a = fxp_t_buffer(t, 16), *b = fxp_t_buffer(t, 16);
   const uint8_t bytes[4] = {9, 8, 7, 6};
   t->pipe->buffer_subdata(t->pipe, a, PIPE_MAP_WRITE, 0, 4, bytes);
   u_box_1d(0, 4, &box);
   t->pipe->resource_copy_region(t->pipe, b, 0, 12, 0, 0, a, 0, &box);
   t->pipe->resource_copy_region(t->pipe, b, 0, 13, 0, 0, a, 0, &box); /* past the end: refused */
   struct pipe_transfer *xfer;
   u_box_1d(12, 4, &box);
   uint8_t *m = t->pipe->buffer_map(t->pipe, b, 0, PIPE_MAP_READ, &box, &xfer);
   if (CHECK(t, m != NULL, "map")) {
      CHECK(t, !memcmp(m, bytes, 4), "buffer copy");
      t->pipe->buffer_unmap(t->pipe, xfer);
   }
   pipe_resource_reference(&a, NULL);
   pipe_resource_reference(&b, NULL);
   pipe_resource_reference(&r, NULL);
}

/* A multisample resolve of one row (fxp_resolve_row, ops/fxp_ops.h), against averages worked out by hand. */
static void
test_resolve_row(struct fxp_t *t)
{
   (void)t;
   /* RGBA8 UNORM, 4 samples: (255,0,0,255) (0,0,0,255) (255,255,0,255) (0,255,255,0): the averages 127.5,
    * 127.5, 63.75 and 191.25 of 255, packed to nearest: 128 128 64 191; the second pixel's samples all
    * (10,20,30,40) stay so */
   const uint8_t rgba8[2][4][4] = {{{255, 0, 0, 255}, {0, 0, 0, 255}, {255, 255, 0, 255}, {0, 255, 255, 0}},
                                   {{10, 20, 30, 40}, {10, 20, 30, 40}, {10, 20, 30, 40}, {10, 20, 30, 40}}};
   uint8_t out8[2][4];
   fxp_resolve_row(PIPE_FORMAT_R8G8B8A8_UNORM, 4, &rgba8[0][0][0], &out8[0][0], 2);
   CHECK(t, out8[0][0] == 128 && out8[0][1] == 128 && out8[0][2] == 64 && out8[0][3] == 191,
         "RGBA8 4 samples: %u %u %u %u (want 128 128 64 191)", out8[0][0], out8[0][1], out8[0][2], out8[0][3]);
   CHECK(t, !memcmp(out8[1], rgba8[1][0], 4), "RGBA8 equal samples kept");
   /* R32F, 2 samples: 1 and 2 -> 1.5; -4 and 8 -> 2 */
   const float f[4] = {1.0f, 2.0f, -4.0f, 8.0f};
   float outf[2];
   fxp_resolve_row(PIPE_FORMAT_R32_FLOAT, 2, (const uint8_t *)f, (uint8_t *)outf, 2);
   CHECK(t, outf[0] == 1.5f && outf[1] == 2.0f, "R32F 2 samples: %g %g (want 1.5 2)", outf[0], outf[1]);
   /* R32UI and Z24S8, 8 samples: sample 0, never an average */
   uint32_t u[8] = {7, 100, 100, 100, 100, 100, 100, 100}, outu = 0;
   fxp_resolve_row(PIPE_FORMAT_R32_UINT, 8, (const uint8_t *)u, (uint8_t *)&outu, 1);
   CHECK(t, outu == 7, "R32UI 8 samples: %u (want sample 0's 7)", outu);
   uint32_t z[8] = {0x11223344, 0, 0, 0, 0, 0, 0, 0xffffffff}, outz = 0;
   fxp_resolve_row(PIPE_FORMAT_Z24_UNORM_S8_UINT, 8, (const uint8_t *)z, (uint8_t *)&outz, 1);
   CHECK(t, outz == 0x11223344, "Z24S8 8 samples: 0x%08x (want sample 0's)", outz);
}

/* The resolve's fast path (ops/fxp_resolve_fast.c) against the definition of a resolve written here with
 * util_format's own functions: each pixel's samples unpacked as floats, added in sample order, divided by
 * the count and packed. Random rows (bytes 0 and 255 among them, and pixels whose samples are all equal) of
 * every format of UNORM8 channels it takes, at 2, 4, 8 and 16 samples; and the formats it must leave to the
 * general path (padding, sRGB, signed, 16-bit channels) refused. */
static void
test_resolve_fast(struct fxp_t *t)
{
   static const enum pipe_format taken[] = {
      PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_FORMAT_A8B8G8R8_UNORM, PIPE_FORMAT_R8_UNORM,
      PIPE_FORMAT_R8G8_UNORM,     PIPE_FORMAT_L8A8_UNORM,     PIPE_FORMAT_A8_UNORM,       PIPE_FORMAT_L8_UNORM,
      PIPE_FORMAT_I8_UNORM,
   };
   static const enum pipe_format refused[] = {
      PIPE_FORMAT_R8G8B8X8_UNORM, PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_FORMAT_R8G8B8A8_SRGB,
      PIPE_FORMAT_R8G8B8A8_SNORM, PIPE_FORMAT_R16G16B16A16_UNORM, PIPE_FORMAT_R8G8B8A8_UINT,
      PIPE_FORMAT_B5G6R5_UNORM,
   };
   enum { WIDTH = 37 };
   uint32_t seed = 0x1234567u;
   for (unsigned f = 0; f < ARRAY_SIZE(taken); f++) {
      const enum pipe_format format = taken[f];
      const unsigned bpp = util_format_get_blocksize(format);
      for (unsigned samples = 2; samples <= 16; samples *= 2) {
         uint8_t src[WIDTH * 16 * 4], got[WIDTH * 4], want[WIDTH * 4];
         for (unsigned i = 0; i < WIDTH * samples * bpp; i++) {
            seed = seed * 1664525u + 1013904223u;
            const unsigned r = seed >> 24;
            src[i] = r < 16 ? 0 : r < 32 ? 255 : (uint8_t)(seed >> 8);
         }
         for (unsigned x = 0; x < WIDTH; x += 5) /* some pixels' samples all equal */
            for (unsigned s = 1; s < samples; s++)
               memcpy(&src[(x * samples + s) * bpp], &src[x * samples * bpp], bpp);
         for (unsigned x = 0; x < WIDTH; x++) {
            float rgba[16][4], sum[4] = {0, 0, 0, 0};
            util_format_unpack_rgba(format, rgba, &src[x * samples * bpp], samples);
            for (unsigned s = 0; s < samples; s++)
               for (unsigned c = 0; c < 4; c++)
                  sum[c] += rgba[s][c];
            for (unsigned c = 0; c < 4; c++)
               sum[c] /= (float)samples;
            util_format_pack_rgba(format, &want[x * bpp], sum, 1);
         }
         memset(got, 0xcd, sizeof(got));
         CHECK(t, fxp_resolve_row_fast(format, samples, src, got, WIDTH), "%s, %u samples: taken",
               util_format_short_name(format), samples);
         CHECK(t, !memcmp(got, want, WIDTH * bpp), "%s, %u samples: the bytes util_format gives",
               util_format_short_name(format), samples);
         memset(got, 0xcd, sizeof(got));
         fxp_resolve_row(format, samples, src, got, WIDTH);
         CHECK(t, !memcmp(got, want, WIDTH * bpp), "%s, %u samples: fxp_resolve_row the same",
               util_format_short_name(format), samples);
      }
   }
   uint8_t src[16 * 8] = {0}, dst[8];
   for (unsigned f = 0; f < ARRAY_SIZE(refused); f++)
      CHECK(t, !fxp_resolve_row_fast(refused[f], 4, src, dst, 1), "%s refused",
            util_format_short_name(refused[f]));
   CHECK(t, !fxp_resolve_row_fast(PIPE_FORMAT_R8G8B8A8_UNORM, 3, src, dst, 1), "3 samples refused");
   const unsigned flags = fxp_debug_flags;
   fxp_debug_flags |= FXP_DBG_NOFAST;
   CHECK(t, !fxp_resolve_row_fast(PIPE_FORMAT_R8G8B8A8_UNORM, 4, src, dst, 1), "refused under nofast");
   fxp_debug_flags = flags;
}

const struct fxp_test fxp_blit_tests[] = {
   {"blit.resolve_row", test_resolve_row},
   {"blit.resolve_fast", test_resolve_fast},
   {"blit.scaling_and_flip", test_scaling_and_flip},
   {"blit.convert_mask_scissor", test_convert_mask_scissor},
   {"blit.depth_stencil", test_depth_stencil},
   {"blit.fast_path_matches_general", test_fast_path_matches_general},
   {"copy.resource_copy_region", test_resource_copy_region},
   {NULL, NULL},
};
