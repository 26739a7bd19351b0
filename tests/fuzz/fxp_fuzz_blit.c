/* libFuzzer harness: blits and copies (ops/fxp_blit.c, ops/fxp_copy.c) with arbitrary targets, formats,
 * levels, layers, boxes (negative sizes flip, boxes partly or wholly outside their level), masks, filters
 * and scissors, on a headless fxpipe context (scripts/fuzz.sh builds and runs it; README "Fuzzing").
 *
 * Input: two resource templates of 8 bytes each (target, format as 2 bytes, width, height, depth or layers,
 * levels), made legal for their target and created only with formats the screen supports for them
 * (sampling for the source, rendering or depth/stencil for the destination); then an operation byte
 * (resource_copy_region, or blit) and its parameters (levels, boxes, dst coordinates as full 32-bit values,
 * mask, filter, scissor); the rest fills the source's texels. Whatever the parameters, fxpipe must copy
 * inside both resources or refuse: AddressSanitizer sees every resource's storage (plain heap memory). Sizes
 * are at most 64 texels a side, so an input is quick. FXP_FUZZ_VERBOSE=1 prints each operation. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/format/u_format.h"
#include "util/u_inlines.h"

#include "fxp_headless.h"

struct reader {
   const uint8_t *p;
   size_t left;
};

static uint32_t
take(struct reader *r, unsigned n)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < n; i++) {
      v |= (uint32_t)(r->left ? *r->p : 0) << (8 * i);
      if (r->left)
         r->p++, r->left--;
   }
   return v;
}

static struct pipe_screen *screen;
static struct pipe_context *ctx;
static bool verbose; /* FXP_FUZZ_VERBOSE=1: each operation on stderr (to read what a saved input does) */

static const enum pipe_texture_target targets[] = {
   PIPE_BUFFER, PIPE_TEXTURE_1D, PIPE_TEXTURE_2D, PIPE_TEXTURE_3D, PIPE_TEXTURE_CUBE, PIPE_TEXTURE_RECT,
   PIPE_TEXTURE_1D_ARRAY, PIPE_TEXTURE_2D_ARRAY, PIPE_TEXTURE_CUBE_ARRAY,
};

/* A legal template from 8 bytes, or NULL when the screen does not support the format for `bind`. */
static struct pipe_resource *
make_resource(struct reader *r, bool dst)
{
   struct pipe_resource t;

   memset(&t, 0, sizeof(t));
   t.target = targets[take(r, 1) % (sizeof(targets) / sizeof(targets[0]))];
   t.format = take(r, 2) % PIPE_FORMAT_COUNT;
   t.width0 = take(r, 1) % 64 + 1;
   t.height0 = take(r, 1) % 64 + 1;
   const unsigned dl = take(r, 1) % 8 + 1;
   unsigned levels = take(r, 1) % 8 + 1;
   t.depth0 = t.array_size = 1;
   switch (t.target) {
   case PIPE_BUFFER:
      t.format = PIPE_FORMAT_R8_UNORM;
      t.width0 *= 16;
      t.height0 = 1;
      levels = 1;
      break;
   case PIPE_TEXTURE_1D:
   case PIPE_TEXTURE_1D_ARRAY:
      t.height0 = 1;
      t.array_size = t.target == PIPE_TEXTURE_1D_ARRAY ? dl : 1;
      break;
   case PIPE_TEXTURE_3D:
      t.depth0 = dl;
      break;
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      t.height0 = t.width0;
      t.array_size = 6 * (t.target == PIPE_TEXTURE_CUBE_ARRAY ? (dl + 1) / 2 : 1);
      break;
   case PIPE_TEXTURE_RECT:
      levels = 1;
      break;
   case PIPE_TEXTURE_2D_ARRAY:
      t.array_size = dl;
      break;
   default:
      break;
   }
   unsigned max_levels = 1;
   while ((t.width0 >> max_levels) || (t.height0 >> max_levels) || (t.depth0 >> max_levels))
      max_levels++;
   t.last_level = MIN2(levels, max_levels) - 1;
   if (t.target == PIPE_BUFFER) {
      t.bind = PIPE_BIND_VERTEX_BUFFER;
   } else {
      const struct util_format_description *d = util_format_description(t.format);
      if (!d)
         return NULL;
      t.bind = !dst ? PIPE_BIND_SAMPLER_VIEW
               : util_format_is_depth_or_stencil(t.format) ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
      if (!screen->is_format_supported(screen, t.format, t.target, 0, 0, t.bind))
         return NULL;
   }
   return screen->resource_create(screen, &t);
}

/* Fills every level and slice of a resource with the input's bytes. */
static void
fill(struct pipe_resource *res, struct reader *r)
{
   for (unsigned level = 0; level <= res->last_level; level++) {
      struct pipe_box box;
      const unsigned w = u_minify(res->width0, level), h = u_minify(res->height0, level);
      const unsigned slices = res->target == PIPE_TEXTURE_3D ? u_minify(res->depth0, level) : res->array_size;
      u_box_3d(0, 0, 0, w, h, slices, &box);
      const unsigned row_B = util_format_get_stride(res->format, w);
      const unsigned rows = util_format_get_nblocksy(res->format, h);
      uint8_t *data = malloc((size_t)row_B * rows * slices);
      if (!data)
         return;
      for (size_t i = 0; i < (size_t)row_B * rows * slices; i++)
         data[i] = r->left ? r->p[i % r->left] : (uint8_t)(i * 7);
      if (res->target == PIPE_BUFFER)
         ctx->buffer_subdata(ctx, res, PIPE_MAP_WRITE, 0, w, data);
      else
         ctx->texture_subdata(ctx, res, level, PIPE_MAP_WRITE, &box, data, row_B, (size_t)row_B * rows);
      free(data);
   }
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   setenv("FXPIPE_THREADS", "1", 0);
   verbose = getenv("FXP_FUZZ_VERBOSE") && atoi(getenv("FXP_FUZZ_VERBOSE"));
   screen = fxp_headless_screen_create();
   ctx = screen ? screen->context_create(screen, NULL, 0) : NULL;
   if (!ctx) {
      fprintf(stderr, "fxp_fuzz_blit: no headless context\n");
      abort();
   }
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct reader r = {data, size};
   struct pipe_resource *src = make_resource(&r, false);
   struct pipe_resource *dst = make_resource(&r, true);
   const unsigned op = take(&r, 1);
   const bool same = op & 2; /* copy within the source itself */

   if (!src || (!dst && !same))
      goto out;
   if (same)
      pipe_resource_reference(&dst, src);
   struct pipe_box sbox;
   const unsigned src_level = take(&r, 1) % 10, dst_level = take(&r, 1) % 10;
   /* mostly small coordinates (-32..127), sometimes (top bit set) any even 32-bit value */
   int32_t v[9];
   for (unsigned i = 0; i < 9; i++) {
      const uint32_t x = take(&r, 4);
      v[i] = x & 0x80000000u ? (int32_t)(x << 1) : (int32_t)(x % 160) - 32;
   }
   u_box_3d(v[0], v[1], v[2], v[3], v[4], v[5] % 8, &sbox);
   if (!(op & 1)) {
      fill(src, &r);
      if (verbose)
         fprintf(stderr, "copy %s level %u (%d,%d,%d %dx%dx%d) -> %s level %u at (%u,%u,%u)\n",
                 util_format_name(src->format), src_level, sbox.x, sbox.y, sbox.z, sbox.width, sbox.height,
                 sbox.depth, util_format_name(dst->format), dst_level, (unsigned)v[6], (unsigned)v[7],
                 (unsigned)v[8]);
      ctx->resource_copy_region(ctx, dst, dst_level, (unsigned)v[6], (unsigned)v[7], (unsigned)v[8], src,
                                 src_level, &sbox);
   } else if (src->target != PIPE_BUFFER && dst->target != PIPE_BUFFER) {
      struct pipe_blit_info info;
      memset(&info, 0, sizeof(info));
      info.src.resource = src;
      info.dst.resource = dst;
      info.src.level = src_level;
      info.dst.level = dst_level;
      info.src.box = sbox;
      int32_t w[6];
      for (unsigned i = 0; i < 6; i++) {
         const uint32_t x = take(&r, 4);
         w[i] = x & 0x80000000u ? (int32_t)(x << 1) : (int32_t)(x % 160) - 32;
      }
      u_box_3d(v[6], v[7], v[8] % 8, w[0], w[1], w[2] % 8, &info.dst.box);
      /* the view formats: the resources' own, or another of the same block size */
      const uint32_t f = take(&r, 4);
      info.src.format = src->format;
      info.dst.format = dst->format;
      if (f & 1) {
         const enum pipe_format alt = (f >> 1) % PIPE_FORMAT_COUNT;
         if (util_format_description(alt) &&
             util_format_get_blocksize(alt) == util_format_get_blocksize(src->format))
            info.src.format = alt;
      }
      if (f & 0x10000) {
         const enum pipe_format alt = (f >> 17) % PIPE_FORMAT_COUNT;
         if (util_format_description(alt) &&
             util_format_get_blocksize(alt) == util_format_get_blocksize(dst->format))
            info.dst.format = alt;
      }
      const unsigned m = take(&r, 1);
      info.mask = m & 0x3f;
      info.filter = (m >> 6) & 1 ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
      info.scissor_enable = m >> 7;
      info.scissor.minx = w[3] & 0xffff;
      info.scissor.miny = w[4] & 0xffff;
      info.scissor.maxx = (w[3] >> 16) & 0xffff;
      info.scissor.maxy = (w[4] >> 16) & 0xffff;
      fill(src, &r);
      if (verbose)
         fprintf(stderr, "blit %s level %u (%d,%d,%d %dx%dx%d) as %s -> %s level %u (%d,%d,%d %dx%dx%d) as %s, "
                 "mask 0x%x, filter %u, scissor %u\n", util_format_name(src->format), info.src.level,
                 info.src.box.x, info.src.box.y, info.src.box.z, info.src.box.width, info.src.box.height,
                 info.src.box.depth, util_format_name(info.src.format), util_format_name(dst->format),
                 info.dst.level, info.dst.box.x, info.dst.box.y, info.dst.box.z, info.dst.box.width,
                 info.dst.box.height, info.dst.box.depth, util_format_name(info.dst.format), info.mask,
                 info.filter, info.scissor_enable);
      ctx->blit(ctx, &info);
   }
   ctx->flush(ctx, NULL, 0);
out:
   pipe_resource_reference(&src, NULL);
   pipe_resource_reference(&dst, NULL);
   return 0;
}
