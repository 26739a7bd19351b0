/* pipe->blit where either side is a multisample resource (ops/fxp_blit.c hands these over); everything else
 * runs on the single-sample blit (fxp_blit_single). A multisample resource stores sample s of pixel x at
 * texel column x * samples + s (resource/fxp_resource.h).
 *
 * | source      | destination | what happens                                                               |
 * |-------------|-------------|----------------------------------------------------------------------------|
 * | S samples   | 1 sample    | resolve: each pixel of the source rectangle becomes the average of its     |
 * |             |             | samples (resolve_direct writes it straight into the destination when the   |
 * |             |             | blit is nothing more: same format, size, every channel; else:)             |
 * |             |             | samples (unpacked as floats in the source's view format, so sRGB averages  |
 * |             |             | linear values), or its sample 0 for integer, depth and stencil formats, in |
 * |             |             | a temporary texture; that is then blitted as usual (scaling and filtering: |
 * |             |             | EXT_framebuffer_multisample_blit_scaled's resolve-then-scale)              |
 * | 1 sample    | S samples   | once a sample: the destination's sample s of the clipped rectangle is      |
 * |             |             | copied out to a temporary texture, blitted into as usual (masks, formats,  |
 * |             |             | scaling), and copied back, so every sample gets the same value             |
 * | S samples   | S samples   | the same box size: both seen as single-sample textures S times as wide,    |
 * |             |             | boxes and scissor S times wider, nearest: sample s goes to sample s        |
 * | S samples   | T != S      | refused (GL reports GL_INVALID_OPERATION first)                            |
 */
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_ops.h"
#include "fxp_resource.h"
#include "raster/fxp_samples.h"

void
fxp_resolve_row(enum pipe_format format, unsigned samples, const uint8_t *src, uint8_t *dst, unsigned width)
{
   const unsigned bpp = util_format_get_blocksize(format);
   const struct util_format_description *desc = util_format_description(format);
   const bool averaged = desc->layout == UTIL_FORMAT_LAYOUT_PLAIN || format == PIPE_FORMAT_R11G11B10_FLOAT ||
                         format == PIPE_FORMAT_R9G9B9E5_FLOAT;
   if (samples <= 1 || util_format_is_pure_integer(format) || util_format_is_depth_or_stencil(format) ||
       !averaged) {
      for (unsigned x = 0; x < width; x++)
         memcpy(dst + x * bpp, src + (size_t)x * samples * bpp, bpp); /* sample 0 */
      return;
   }
   if (fxp_resolve_row_fast(format, samples, src, dst, width))
      return;
   float rgba[FXP_MAX_SAMPLES][4];
   for (unsigned x = 0; x < width; x++) {
      util_format_unpack_rgba(format, rgba, src + (size_t)x * samples * bpp, samples);
      float sum[4] = {0, 0, 0, 0};
      for (unsigned s = 0; s < samples; s++)
         for (unsigned c = 0; c < 4; c++)
            sum[c] += rgba[s][c];
      for (unsigned c = 0; c < 4; c++)
         sum[c] /= (float)samples;
      util_format_pack_rgba(format, dst + x * bpp, sum, 1);
   }
}

/* A temporary single-sample texture of `format`, w x h, `layers` layers; NULL (said) when out of memory. */
static struct pipe_resource *
temp_texture(struct pipe_context *pipe, enum pipe_format format, int w, int h, int layers)
{
   struct pipe_resource t = {
      .target = layers > 1 ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D,
      .format = format,
      .width0 = w, .height0 = h, .depth0 = 1, .array_size = layers,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *r = pipe->screen->resource_create(pipe->screen, &t);
   if (!r)
      fxp_ctx_out_of_memory(fxp_context(pipe), "out of memory for a multisample blit's %dx%dx%d temporary"
                            FXP_GL_SKIPPED_BLIT, w, h, layers);
   return r;
}

/* Copies sample s of the rectangle (mx, my, w x h) of `layers` slices from mz of a multisample resource to
 * (0, 0, 0) of a single-sample one of the same block size (to_ms false), or back (to_ms true). */
static void
sample_move(struct fxp_resource *ms, unsigned mz, int mx, int my, struct fxp_resource *ss, int w, int h,
            int layers, unsigned s, bool to_ms)
{
   const unsigned samples = fxp_resource_samples(&ms->base), bpp = util_format_get_blocksize(ms->base.format);
   uint8_t *mbase = fxp_resource_map(ms), *sbase = fxp_resource_map(ss);
   if (mbase && sbase) {
      for (int k = 0; k < layers; k++) {
         for (int y = 0; y < h; y++) {
            uint8_t *m = fxp_resource_texel(ms, mbase, 0, (unsigned)fxp_sample_column(mx, samples, s), my + y, mz + k);
            uint8_t *p = fxp_resource_texel(ss, sbase, 0, 0, y, k);
            for (int x = 0; x < w; x++, m += samples * bpp, p += bpp)
               memcpy(to_ms ? m : p, to_ms ? p : m, bpp);
         }
      }
   }
   if (sbase)
      fxp_resource_unmap(ss);
   if (mbase)
      fxp_resource_unmap(ms);
}

/* A single-sample view of a multisample resource's storage: the same bytes as a texture `samples` times as
 * wide (fxp_resource.h); it takes no reference and lives on the caller's stack. */
static void
wide_view(const struct fxp_resource *ms, struct fxp_resource *view)
{
   *view = *ms;
   view->base.width0 *= fxp_resource_samples(&ms->base);
   view->base.nr_samples = view->base.nr_storage_samples = 0;
}

/* A resolve that needs nothing after the averaging (a fast path, off under FXPIPE_DEBUG=nofast): the same
 * format and view format on both sides, boxes of one size inside both levels, every channel, no scissor, one
 * layer: each row is resolved straight into the destination (fxp_resolve_row, as the temporary would have
 * been), without the temporary texture and the copy from it. False if the blit is not such a one. */
static bool
resolve_direct(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct fxp_resource *src = fxp_resource(info->src.resource), *dst = fxp_resource(info->dst.resource);
   const enum pipe_format f = info->dst.format;
   const unsigned all = fxp_blit_format_mask(f);
   if ((fxp_debug_flags & FXP_DBG_NOFAST) || info->src.format != f || src->base.format != f ||
       dst->base.format != f || info->scissor_enable || (info->mask & all) != all || info->src.level ||
       info->dst.level || info->src.box.width != info->dst.box.width ||
       info->src.box.height != info->dst.box.height || info->src.box.depth != 1 || info->dst.box.depth != 1 ||
       !fxp_box_in_level(&src->base, 0, &info->src.box) || !fxp_box_in_level(&dst->base, 0, &info->dst.box) ||
       util_format_get_blockwidth(f) != 1 || util_format_get_blockheight(f) != 1)
      return false;
   const unsigned samples = fxp_resource_samples(&src->base);
   uint8_t *sbase = fxp_resource_map(src), *dbase = fxp_resource_map(dst);
   if (sbase && dbase)
      for (int y = 0; y < info->src.box.height; y++)
         fxp_resolve_row(f, samples,
                         fxp_resource_texel(src, sbase, 0, (unsigned)info->src.box.x * samples,
                                            info->src.box.y + y, info->src.box.z),
                         fxp_resource_texel(dst, dbase, 0, info->dst.box.x, info->dst.box.y + y, info->dst.box.z),
                         info->src.box.width);
   if (dbase)
      fxp_resource_unmap(dst);
   if (sbase)
      fxp_resource_unmap(src);
   fxp_context(pipe)->perf.resolves_direct++;
   return true;
}

void
fxp_blit_ms(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_resource *src = fxp_resource(info->src.resource), *dst = fxp_resource(info->dst.resource);
   const unsigned ss = fxp_resource_samples(&src->base), ds = fxp_resource_samples(&dst->base);
   struct pipe_blit_info b = *info;
   b.render_condition_enable = false; /* the caller tested it */

   if (ss > 1 && ds > 1) {
      if (ss != ds || info->src.box.width != info->dst.box.width ||
          info->src.box.height != info->dst.box.height) {
         fxp_ctx_refuse(ctx, "blit between %u and %u samples, or scaled between multisample resources"
                        FXP_GL_SKIPPED_BLIT, ss, ds);
         return;
      }
      struct fxp_resource sv, dv;
      wide_view(src, &sv);
      wide_view(dst, &dv);
      b.src.resource = &sv.base;
      b.dst.resource = &dv.base;
      b.src.box.x *= (int)ss;
      b.src.box.width *= (int)ss;
      b.dst.box.x *= (int)ds;
      b.dst.box.width *= (int)ds;
      b.scissor.minx *= ds;
      b.scissor.maxx *= ds;
      b.filter = PIPE_TEX_FILTER_NEAREST;
      fxp_blit_single(pipe, &b);
      return;
   }

   if (ss > 1)
      ctx->perf.resolves++;
   if (ss > 1 && resolve_direct(pipe, info)) /* a fast path, off under FXPIPE_DEBUG=nofast */
      return;
   if (ss > 1) {
      /* resolve the source rectangle (any direction, clamped to the level) into a temporary */
      const struct pipe_box *sb = &info->src.box;
      const int x0 = CLAMP(MIN2(sb->x, sb->x + sb->width), 0, (int)src->base.width0);
      const int x1 = CLAMP(MAX2(sb->x, sb->x + sb->width), 0, (int)src->base.width0);
      const int y0 = CLAMP(MIN2(sb->y, sb->y + sb->height), 0, (int)src->base.height0);
      const int y1 = CLAMP(MAX2(sb->y, sb->y + sb->height), 0, (int)src->base.height0);
      const int z0 = CLAMP(sb->z, 0, (int)src->base.array_size);
      const int z1 = CLAMP(sb->z + sb->depth, 0, (int)src->base.array_size);
      if (x0 >= x1 || y0 >= y1 || z0 >= z1 || info->src.level)
         return;
      struct pipe_resource *t = temp_texture(pipe, src->base.format, x1 - x0, y1 - y0, z1 - z0);
      if (!t)
         return;
      struct fxp_resource *tr = fxp_resource(t);
      uint8_t *sbase = fxp_resource_map(src), *tbase = fxp_resource_map(tr);
      if (sbase && tbase)
         for (int z = z0; z < z1; z++)
            for (int y = y0; y < y1; y++)
               fxp_resolve_row(info->src.format, ss, fxp_resource_texel(src, sbase, 0, (unsigned)x0 * ss, y, z),
                               fxp_resource_texel(tr, tbase, 0, 0, y - y0, z - z0), x1 - x0);
      if (tbase)
         fxp_resource_unmap(tr);
      if (sbase)
         fxp_resource_unmap(src);
      b.src.resource = t;
      b.src.box.x -= x0;
      b.src.box.y -= y0;
      b.src.box.z -= z0;
      fxp_blit_single(pipe, &b);
      pipe_resource_reference(&t, NULL);
      return;
   }

   /* a single-sample source into every sample of the destination's clipped rectangle */
   int x0 = MAX2(info->dst.box.x, 0), y0 = MAX2(info->dst.box.y, 0);
   int x1 = (int)MIN2((int64_t)info->dst.box.x + info->dst.box.width, (int64_t)dst->base.width0);
   int y1 = (int)MIN2((int64_t)info->dst.box.y + info->dst.box.height, (int64_t)dst->base.height0);
   const int z0 = MAX2(info->dst.box.z, 0);
   const int z1 = MIN2(info->dst.box.z + info->dst.box.depth, (int)dst->base.array_size);
   if (info->scissor_enable) {
      x0 = MAX2(x0, (int)info->scissor.minx);
      y0 = MAX2(y0, (int)info->scissor.miny);
      x1 = MIN2(x1, (int)info->scissor.maxx);
      y1 = MIN2(y1, (int)info->scissor.maxy);
   }
   if (x0 >= x1 || y0 >= y1 || z0 >= z1 || info->dst.level)
      return;
   struct pipe_resource *t = temp_texture(pipe, dst->base.format, x1 - x0, y1 - y0, z1 - z0);
   if (!t)
      return;
   b.dst.resource = t;
   b.dst.box.x -= x0;
   b.dst.box.y -= y0;
   b.dst.box.z -= z0;
   b.scissor_enable = false; /* the temporary is the scissored rectangle */
   for (unsigned s = 0; s < ds; s++) {
      sample_move(dst, z0, x0, y0, fxp_resource(t), x1 - x0, y1 - y0, z1 - z0, s, false);
      fxp_blit_single(pipe, &b);
      sample_move(dst, z0, x0, y0, fxp_resource(t), x1 - x0, y1 - y0, z1 - z0, s, true);
   }
   pipe_resource_reference(&t, NULL);
}
