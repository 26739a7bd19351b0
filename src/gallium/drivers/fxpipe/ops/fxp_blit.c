/* pipe->blit: scaled, flipped, format-converting copies between textures with nearest or linear filtering,
 * colour channel masks, depth and stencil, and the scissor.
 *
 * General path: for each destination row, the source rows it samples are unpacked (util_format) into 32-bit
 * RGBA (float, or integer for pure integer formats), filtered, and packed into the destination format.
 * Destination pixel centres map to source coordinates as
 *     u = src.x + (dx - dst.x + 0.5) * src.width / dst.width
 * (a negative src.width flips), and source texels outside the level are clamped to its edge, so a blit never
 * reads outside the source. Linear filtering blends the two nearest texels on each axis (and the two nearest
 * slices when a 3D blit scales depth); it applies to depth when no stencil is written, never to stencil or
 * integer formats.
 * Fast path: equal formats, no scaling, all channels, no scissor, is a raw block copy (ops/fxp_copy.c);
 * FXPIPE_DEBUG=nofast turns it off so tests can compare both. */
#include <math.h>

#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_ops.h"
#include "fxp_debug.h"
#include "fxp_formats.h"
#include "fxt1/fxp_fxt1.h"

struct fxp_blit_axis {
   int *i0, *i1;       /* per destination pixel: the two source texels (equal for nearest) */
   float *frac;        /* weight of i1 */
};

/* Source texel indices for `n` destination pixels starting at destination offset `d0` within a box of
 * `dsize`, sampling source box (s0, ssize) of a level `limit` texels long. */
static void
fxp_blit_axis_setup(struct fxp_blit_axis *a, unsigned n, int d0, int dsize, int s0, int ssize,
                    int limit, bool linear)
{
   const double scale = (double)ssize / dsize;

   /* (clamped as doubles: a box near the int limits puts u outside int) */
   for (unsigned i = 0; i < n; i++) {
      double u = s0 + (d0 + i + 0.5) * scale;
      if (linear) {
         double f = u - 0.5, fl = floor(f);
         a->i0[i] = (int)CLAMP(fl, 0.0, limit - 1.0);
         a->i1[i] = (int)CLAMP(fl + 1.0, 0.0, limit - 1.0);
         a->frac[i] = (float)(f - fl);
      } else {
         a->i0[i] = a->i1[i] = (int)CLAMP(floor(u), 0.0, limit - 1.0);
         a->frac[i] = 0.0f;
      }
   }
}

static bool
fxp_blit_axis_alloc(struct fxp_blit_axis *a, unsigned n)
{
   a->i0 = MALLOC(n * sizeof(int));
   a->i1 = MALLOC(n * sizeof(int));
   a->frac = MALLOC(n * sizeof(float));
   return a->i0 && a->i1 && a->frac;
}

static void
fxp_blit_axis_free(struct fxp_blit_axis *a)
{
   FREE(a->i0);
   FREE(a->i1);
   FREE(a->frac);
}

/* The destination rectangle after clipping to the level and the scissor; false if empty. */
static bool
fxp_blit_clip(const struct pipe_blit_info *info, int *x0, int *y0, int *x1, int *y1)
{
   const struct pipe_resource *dst = info->dst.resource;

   *x0 = MAX2(info->dst.box.x, 0);
   *y0 = MAX2(info->dst.box.y, 0);
   /* (the box's end in 64 bits: x + width may pass INT_MAX) */
   *x1 = (int)MIN2((int64_t)info->dst.box.x + info->dst.box.width, (int64_t)u_minify(dst->width0, info->dst.level));
   *y1 = (int)MIN2((int64_t)info->dst.box.y + info->dst.box.height, (int64_t)u_minify(dst->height0, info->dst.level));
   if (info->scissor_enable) {
      *x0 = MAX2(*x0, (int)info->scissor.minx);
      *y0 = MAX2(*y0, (int)info->scissor.miny);
      *x1 = MIN2(*x1, (int)info->scissor.maxx);
      *y1 = MIN2(*y1, (int)info->scissor.maxy);
   }
   return *x0 < *x1 && *y0 < *y1;
}

unsigned
fxp_blit_format_mask(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);
   unsigned mask = 0;

   if (util_format_has_depth(desc))
      mask |= PIPE_MASK_Z;
   if (util_format_has_stencil(desc))
      mask |= PIPE_MASK_S;
   if (!mask)
      mask = PIPE_MASK_RGBA;
   return mask;
}

static bool
fxp_blit_is_copy(const struct pipe_blit_info *info)
{
   const unsigned fmask = fxp_blit_format_mask(info->dst.format);

   return !(fxp_debug_flags & FXP_DBG_NOFAST) && info->src.format == info->dst.format &&
          info->src.resource->format == info->dst.resource->format &&
          util_format_get_blockwidth(info->src.format) == 1 &&
          util_format_get_blockheight(info->src.format) == 1 &&
          info->src.box.width == info->dst.box.width &&
          info->src.box.height == info->dst.box.height &&
          info->src.box.depth == info->dst.box.depth && !info->scissor_enable &&
          (info->mask & fmask) == fmask && info->src.box.x >= 0 && info->src.box.y >= 0 &&
          info->src.box.z >= 0 &&
          fxp_box_in_level(info->src.resource, info->src.level, &info->src.box) &&
          fxp_box_in_level(info->dst.resource, info->dst.level, &info->dst.box);
}

/* Unpacks texel row y of a source slice to RGBA (floats, or integers for integer formats). FXT1 rows are
 * decoded by fxpipe's own decoder (fxt1/), other formats by util_format. */
static void
unpack_src_row(struct fxp_resource *src, uint8_t *sbase, enum pipe_format sf, unsigned level, int y, unsigned z,
               int width, uint32_t *row)
{
   if (sf == PIPE_FORMAT_FXT1_RGB || sf == PIPE_FORMAT_FXT1_RGBA) {
      const fxp_fxt1_texel_fn texel = fxp_fxt1_texel_func(sf == PIPE_FORMAT_FXT1_RGBA);
      const uint8_t *blocks = fxp_resource_texel(src, sbase, level, 0, y / FXP_FXT1_BLOCK_H_PX, z);
      float *f = (float *)row;
      for (int x = 0; x < width; x++) {
         uint8_t rgba[4];
         texel(blocks + (x / FXP_FXT1_BLOCK_W_PX) * FXP_FXT1_BLOCK_B, x % FXP_FXT1_BLOCK_W_PX,
               y % FXP_FXT1_BLOCK_H_PX, rgba);
         for (unsigned c = 0; c < 4; c++)
            f[x * 4 + c] = rgba[c] * (1.0f / 255.0f); /* as util_format unpacks UNORM8 */
      }
      return;
   }
   util_format_unpack_rgba(sf, row, fxp_resource_texel(src, sbase, level, 0, y, z), width);
}

/* One source row, bilinear between rows y0 and y1 (weight fy of y1) at the x positions of ax: RGBA floats
 * (linear colour) into out[4 n], or depths into out[n] when `depth`. row0 and row1 are scratch of the
 * level's width in RGBA. */
static void
bilinear_row(struct fxp_resource *src, uint8_t *sbase, enum pipe_format sf, unsigned level, int sw, unsigned z,
             int y0, int y1, float fy, const struct fxp_blit_axis *ax, unsigned n, bool depth, uint32_t *row0,
             uint32_t *row1, float *out)
{
   const float *r0 = (const float *)row0, *r1 = (const float *)row1;
   const unsigned nc = depth ? 1 : 4;
   if (depth) {
      util_format_unpack_z_float(sf, (float *)row0, fxp_resource_texel(src, sbase, level, 0, y0, z), sw);
      util_format_unpack_z_float(sf, (float *)row1, fxp_resource_texel(src, sbase, level, 0, y1, z), sw);
   } else {
      unpack_src_row(src, sbase, sf, level, y0, z, sw, row0);
      unpack_src_row(src, sbase, sf, level, y1, z, sw, row1);
   }
   for (unsigned i = 0; i < n; i++) {
      const float fx = ax->frac[i];
      for (unsigned c = 0; c < nc; c++) {
         const float top = r0[ax->i0[i] * nc + c] * (1 - fx) + r0[ax->i1[i] * nc + c] * fx;
         const float bot = r1[ax->i0[i] * nc + c] * (1 - fx) + r1[ax->i1[i] * nc + c] * fx;
         out[i * nc + c] = top * (1 - fy) + bot * fy;
      }
   }
}

/* Destination slice dz from source slice sz: with linear filtering of a 3D source whose depth is scaled,
 * blended with slice sz1 by weight fz (trilinear). Depth is filtered when the blit asks for linear
 * filtering and writes no stencil (util_gen_mipmap does for depth mipmaps); stencil and integers never are. */
static void
fxp_blit_slice(const struct pipe_blit_info *info, uint8_t *sbase, uint8_t *dbase, unsigned sz, unsigned sz1,
               float fz, unsigned dz, int x0, int y0, int x1, int y1)
{
   struct fxp_resource *src = fxp_resource(info->src.resource), *dst = fxp_resource(info->dst.resource);
   const enum pipe_format sf = info->src.format, df = info->dst.format;
   const unsigned sl = info->src.level, dl = info->dst.level;
   const int sw = u_minify(src->base.width0, sl), sh = u_minify(src->base.height0, sl);
   const unsigned n = x1 - x0;
   const unsigned fmask = fxp_blit_format_mask(df) & info->mask;
   const bool zs = fmask & (PIPE_MASK_Z | PIPE_MASK_S);
   const bool integer = util_format_is_pure_integer(sf);
   const bool linear = info->filter == PIPE_TEX_FILTER_LINEAR && !integer && !(fmask & PIPE_MASK_S);
   struct fxp_blit_axis ax = {0}, ay = {0};
   /* row0 and row1: a source row (sw texels, the bilinear rows' scratch) or, for row1, the destination span
    * read back under a channel mask (n texels) */
   const size_t row_px = MAX2(sw, (int)n);
   uint32_t *row0 = MALLOC(row_px * 16), *row1 = MALLOC(row_px * 16), *out = MALLOC(n * 16), *out2 = MALLOC(n * 16);
   float *zrow = MALLOC(MAX2(sw, (int)n) * sizeof(float));
   uint8_t *srow = MALLOC(MAX2(sw, (int)n));

   if (!row0 || !row1 || !out || !out2 || !zrow || !srow || !fxp_blit_axis_alloc(&ax, n) ||
       !fxp_blit_axis_alloc(&ay, y1 - y0)) {
      fxp_refuse("out of memory for a blit" FXP_GL_SKIPPED_BLIT);
      goto done;
   }
   fxp_blit_axis_setup(&ax, n, x0 - info->dst.box.x, info->dst.box.width, info->src.box.x,
                       info->src.box.width, sw, linear);
   fxp_blit_axis_setup(&ay, y1 - y0, y0 - info->dst.box.y, info->dst.box.height, info->src.box.y,
                       info->src.box.height, sh, linear);

   for (int y = y0; y < y1; y++) {
      const int j = y - y0;
      uint8_t *drow = fxp_resource_texel(dst, dbase, dl, x0, y, dz);
      const uint8_t *s0 = fxp_resource_texel(src, sbase, sl, 0, ay.i0[j], sz);

      if ((fmask & PIPE_MASK_Z) && linear) {
         bilinear_row(src, sbase, sf, sl, sw, sz, ay.i0[j], ay.i1[j], ay.frac[j], &ax, n, true, row0, row1,
                      zrow);
         if (fz > 0.0f) {
            float *z2 = (float *)out2;
            bilinear_row(src, sbase, sf, sl, sw, sz1, ay.i0[j], ay.i1[j], ay.frac[j], &ax, n, true, row0,
                         row1, z2);
            for (unsigned i = 0; i < n; i++)
               zrow[i] = zrow[i] * (1 - fz) + z2[i] * fz;
         }
         util_format_pack_z_float(df, drow, zrow, n);
      } else if (fmask & PIPE_MASK_Z) {
         util_format_unpack_z_float(sf, (float *)row0, s0, sw);
         for (unsigned i = 0; i < n; i++)
            zrow[i] = ((float *)row0)[ax.i0[i]];
         util_format_pack_z_float(df, drow, zrow, n);
      }
      if (fmask & PIPE_MASK_S) {
         util_format_unpack_s_8uint(sf, (uint8_t *)row0, s0, sw);
         for (unsigned i = 0; i < n; i++)
            srow[i] = ((uint8_t *)row0)[ax.i0[i]];
         util_format_pack_s_8uint(df, drow, srow, n);
      }
      if (zs)
         continue;

      if (linear) {
         float *o = (float *)out, *o2 = (float *)out2;
         bilinear_row(src, sbase, sf, sl, sw, sz, ay.i0[j], ay.i1[j], ay.frac[j], &ax, n, false, row0, row1, o);
         if (fz > 0.0f) {
            bilinear_row(src, sbase, sf, sl, sw, sz1, ay.i0[j], ay.i1[j], ay.frac[j], &ax, n, false, row0,
                         row1, o2);
            for (unsigned i = 0; i < 4 * n; i++)
               o[i] = o[i] * (1 - fz) + o2[i] * fz;
         }
      } else {
         unpack_src_row(src, sbase, sf, sl, ay.i0[j], sz, sw, row0);
         for (unsigned i = 0; i < n; i++)
            memcpy(&out[i * 4], &row0[ax.i0[i] * 4], 16);
      }
      if ((fmask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
         /* Keep the channels outside the mask: merge with the destination's current values. */
         util_format_unpack_rgba(df, row1, drow, n);
         for (unsigned i = 0; i < n; i++) {
            for (unsigned c = 0; c < 4; c++) {
               if (!(fmask & (PIPE_MASK_R << c)))
                  out[i * 4 + c] = row1[i * 4 + c];
            }
         }
      }
      util_format_pack_rgba(df, drow, out, n);
   }

done:
   fxp_blit_axis_free(&ax);
   fxp_blit_axis_free(&ay);
   FREE(row0);
   FREE(row1);
   FREE(out);
   FREE(out2);
   FREE(zrow);
   FREE(srow);
}

static bool
fxp_blit_valid(const struct pipe_blit_info *info)
{
   const struct pipe_resource *src = info->src.resource, *dst = info->dst.resource;
   const enum pipe_format sf = info->src.format, df = info->dst.format;

   if (!src || !dst || src->target == PIPE_BUFFER || dst->target == PIPE_BUFFER)
      return fxp_refuse("blit with a buffer" FXP_GL_SKIPPED_BLIT);
   if (info->src.level > src->last_level || info->dst.level > dst->last_level)
      return fxp_refuse("blit of a level the resource does not have" FXP_GL_SKIPPED_BLIT);
   /* a view reinterprets the resource's blocks: the same bytes and the same texels a block, or a row of
    * the view would not be a row of the resource (a 16-byte RGBA32 view of a 16-byte compressed block of 4x4
    * or 8x4 texels reads 4 or 8 times the row) */
   if (util_format_get_blocksize(sf) != util_format_get_blocksize(src->format) ||
       util_format_get_blocksize(df) != util_format_get_blocksize(dst->format) ||
       util_format_get_blockwidth(sf) != util_format_get_blockwidth(src->format) ||
       util_format_get_blockheight(sf) != util_format_get_blockheight(src->format) ||
       util_format_get_blockwidth(df) != util_format_get_blockwidth(dst->format) ||
       util_format_get_blockheight(df) != util_format_get_blockheight(dst->format))
      return fxp_refuse("blit through a view format of another size" FXP_GL_SKIPPED_BLIT);
   if ((util_format_is_compressed(sf) && !fxp_is_fxt1_format(sf)) || util_format_is_compressed(df))
      return fxp_refuse("blit of compressed formats (FXT1 sources only)" FXP_GL_SKIPPED_BLIT);
   if ((!fxp_is_fxt1_format(sf) && !util_format_unpack_description(sf)) || !util_format_pack_description(df))
      return fxp_refuse("blit from %s to %s" FXP_GL_SKIPPED_BLIT, util_format_name(sf), util_format_name(df));
   if ((info->mask & PIPE_MASK_RGBA) && !util_format_is_depth_or_stencil(df) &&
       util_format_is_pure_integer(sf) != util_format_is_pure_integer(df))
      return fxp_refuse("blit between integer and non-integer formats" FXP_GL_SKIPPED_BLIT);
   if ((info->mask & PIPE_MASK_ZS) && util_format_is_depth_or_stencil(df) &&
       !util_format_is_depth_or_stencil(sf))
      return fxp_refuse("depth/stencil blit from a colour format" FXP_GL_SKIPPED_BLIT);
   /* Each part written needs util_format's functions for it: unpacking from the source, packing into the
    * destination, and unpacking the destination too for a colour blit that keeps some channels. Depth and
    * stencil formats have no RGBA functions, a depth-only format no stencil ones, a stencil-only one no depth
    * ones, and some colour formats (YUV views such as Y410) no RGBA packing. A mask that selects nothing the
    * destination has writes nothing. */
   const unsigned fmask = fxp_blit_format_mask(df) & info->mask;
   const struct util_format_unpack_description *su = util_format_unpack_description(sf);
   const struct util_format_unpack_description *du = util_format_unpack_description(df);
   const struct util_format_pack_description *dp = util_format_pack_description(df);
   if (!fmask)
      return false;
   if (((fmask & PIPE_MASK_Z) && (!su || !su->unpack_z_float || !dp->pack_z_float)) ||
       ((fmask & PIPE_MASK_S) && (!su || !su->unpack_s_8uint || !dp->pack_s_8uint)))
      return fxp_refuse("blit of depth or stencil from %s to %s: one of them has none"
                        FXP_GL_SKIPPED_BLIT, util_format_name(sf),
                        util_format_name(df));
   if ((fmask & PIPE_MASK_RGBA) && !fxp_is_fxt1_format(sf) && !su->unpack_rgba)
      return fxp_refuse("colour blit from %s, which has no colour to read" FXP_GL_SKIPPED_BLIT, util_format_name(sf));
   if ((fmask & PIPE_MASK_RGBA) &&
       !(util_format_is_pure_uint(df) ? dp->pack_rgba_uint != NULL
         : util_format_is_pure_sint(df) ? dp->pack_rgba_sint != NULL : dp->pack_rgba_float != NULL))
      return fxp_refuse("colour blit into %s, which util_format cannot write"
                        FXP_GL_SKIPPED_BLIT, util_format_name(df));
   if ((fmask & PIPE_MASK_RGBA) && (fmask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA && (!du || !du->unpack_rgba))
      return fxp_refuse("colour blit with a channel mask into %s, which cannot be read back"
                        FXP_GL_SKIPPED_BLIT, util_format_name(df));
   if (info->dst.box.width <= 0 || info->dst.box.height <= 0 || info->dst.box.depth <= 0 ||
       info->src.box.width == 0 || info->src.box.height == 0 || info->src.box.depth == 0)
      return false;
   if (info->dst.box.z < 0 ||
       info->dst.box.z + info->dst.box.depth > (int)fxp_resource_slices(dst, info->dst.level))
      return fxp_refuse("blit to slices the destination does not have" FXP_GL_SKIPPED_BLIT);
   return true;
}

static void
fxp_blit(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_COPY);
   if (info->render_condition_enable && !fxp_render_condition_passes(fxp_context(pipe)))
      return;
   if (info->src.resource && info->dst.resource &&
       (info->src.resource->nr_samples > 1 || info->dst.resource->nr_samples > 1))
      fxp_blit_ms(pipe, info); /* ops/fxp_blit_ms.c */
   else
      fxp_blit_single(pipe, info);
}

void
fxp_blit_single(struct pipe_context *pipe, const struct pipe_blit_info *info)
{
   struct fxp_resource *src = fxp_resource(info->src.resource), *dst = fxp_resource(info->dst.resource);
   int x0, y0, x1, y1;

   if (info->render_condition_enable && !fxp_render_condition_passes(fxp_context(pipe)))
      return;
   if (!fxp_blit_valid(info) || !fxp_blit_clip(info, &x0, &y0, &x1, &y1))
      return;
   if (info->alpha_blend)
      fxp_ctx_todo(fxp_context(pipe), "blit with alpha blending: copied without blending");

   if (fxp_blit_is_copy(info)) {
      struct fxp_region s = {
         .level = info->src.level, .x = info->src.box.x, .y = info->src.box.y, .z = info->src.box.z,
         .width = info->src.box.width, .height = info->src.box.height, .depth = info->src.box.depth,
      };
      fxp_copy_blocks(dst, info->dst.level, info->dst.box.x, info->dst.box.y, info->dst.box.z, src, &s);
      return;
   }

   uint8_t *sbase = fxp_resource_map(src), *dbase = fxp_resource_map(dst);
   if (sbase && dbase) {
      const int slices = fxp_resource_slices(&src->base, info->src.level);
      /* slices map like pixels: nearest for array layers, and linear between the two nearest slices when a
       * 3D blit with linear filtering scales depth (mipmaps of 3D textures) */
      const bool lin_z = info->filter == PIPE_TEX_FILTER_LINEAR && src->base.target == PIPE_TEXTURE_3D &&
                         info->src.box.depth != info->dst.box.depth;
      for (int k = 0; k < info->dst.box.depth; k++) {
         const double w = info->src.box.z + (k + 0.5) * info->src.box.depth / info->dst.box.depth;
         int sz = CLAMP((int)floor(w), 0, slices - 1), sz1 = sz;
         float fz = 0.0f;
         if (lin_z) {
            const double f = w - 0.5, fl = floor(f);
            sz = CLAMP((int)fl, 0, slices - 1);
            sz1 = CLAMP((int)fl + 1, 0, slices - 1);
            fz = sz1 != sz ? (float)(f - fl) : 0.0f;
         }
         fxp_blit_slice(info, sbase, dbase, sz, sz1, fz, info->dst.box.z + k, x0, y0, x1, y1);
      }
   }
   if (dbase)
      fxp_resource_unmap(dst);
   if (sbase)
      fxp_resource_unmap(src);
}

void
fxp_init_blit_functions(struct fxp_context *ctx)
{
   ctx->base.blit = fxp_blit;
}
