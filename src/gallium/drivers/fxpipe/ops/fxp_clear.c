/* Clears: pipe->clear of the bound framebuffer (with its optional scissor), clear_render_target,
 * clear_depth_stencil, clear_texture and clear_buffer. All reduce to filling a region with a packed value;
 * depth-only or stencil-only clears of combined formats rewrite just their part of each pixel. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_ops.h"
#include "fxp_debug.h"
#include "context/fxp_pool.h"
#include "fragment/fxp_fragment.h"

/* Writes `value` (bs bytes) into `count` consecutive blocks at dst, doubling the filled span each step. */
static void
fxp_fill_row(uint8_t *dst, const void *value, unsigned bs, unsigned count)
{
   uint64_t filled, total = (uint64_t)bs * count;

   if (!count)
      return;
   memcpy(dst, value, bs);
   for (filled = bs; filled < total; filled *= 2)
      memcpy(dst + filled, dst, MIN2(filled, total - filled));
}

/* Fills `rows` rows (stride_B bytes apart) of `count` blocks of bs bytes from first with value. */
static void
fill_block_rows(uint8_t *first, size_t stride_B, unsigned bs, const void *value, unsigned count, unsigned rows)
{
   if (!rows)
      return;
   fxp_fill_row(first, value, bs, count);
   for (unsigned y = 1; y < rows; y++)
      memcpy(first + (size_t)y * stride_B, first, (size_t)bs * count);
}

/* The same for 4-byte words of which only the bits of mask are written: (w & ~mask) | value (one part of a
 * combined depth-stencil format, the other part kept). */
static void
fill_words_masked(uint8_t *first, size_t stride_B, uint32_t value, uint32_t mask, unsigned count, unsigned rows)
{
   for (unsigned y = 0; y < rows; y++) {
      uint32_t *row = (uint32_t *)(first + (size_t)y * stride_B);
      for (unsigned x = 0; x < count; x++)
         row[x] = (row[x] & ~mask) | value;
   }
}

/* Fills with at least this many bytes are shared out among the pool's threads, a band of rows each: below it
 * the job's hand-over costs more than the threads gain (a 256x256 RGBA8 buffer is 256 KiB). */
#define FXP_FILL_SHARED_MIN_B (256u * 1024u)

/* A fill shared out: share i of n fills rows [height i / n, height (i + 1) / n) of every slice. */
struct fill_job {
   struct fxp_resource *res;
   uint8_t *base;
   const struct fxp_region *r;
   const void *value;
   unsigned bs;
};

static void
fill_rows(const struct fill_job *j, unsigned y0, unsigned y1)
{
   const struct fxp_region *r = j->r;
   for (unsigned z = 0; z < r->depth && y0 < y1; z++)
      fill_block_rows(fxp_resource_texel(j->res, j->base, r->level, r->x, r->y + y0, r->z + z),
                      j->res->row_stride_B[r->level], j->bs, j->value, r->width, y1 - y0);
}

static void
fill_share(void *data, unsigned i, unsigned n)
{
   const struct fill_job *j = data;
   const uint64_t h = j->r->height;
   fill_rows(j, (unsigned)(h * i / n), (unsigned)(h * (i + 1) / n));
}

void
fxp_fill_packed(struct fxp_resource *res, const struct fxp_region *r, const void *value, struct fxp_pool *pool)
{
   const unsigned bs = util_format_get_blocksize(res->base.format);
   uint8_t *base = fxp_resource_map(res);

   if (!base)
      return;
   const struct fill_job j = {res, base, r, value, bs};
   const uint64_t size_B = (uint64_t)bs * r->width * r->height * r->depth;
   if (pool && size_B >= FXP_FILL_SHARED_MIN_B && r->height >= fxp_pool_threads(pool) &&
       fxp_pool_threads(pool) > 1)
      fxp_pool_run(pool, fill_share, (void *)&j);
   else
      fill_rows(&j, 0, r->height);
   fxp_resource_unmap(res);
}

void
fxp_fill_color(struct fxp_resource *res, enum pipe_format format, const struct fxp_region *r,
               const union pipe_color_union *color, struct fxp_pool *pool)
{
   uint8_t packed[16] = {0};

   if (util_format_get_blocksize(format) > sizeof(packed) || !util_format_pack_description(format))
      return;
   util_format_pack_rgba(format, packed, color->ui, 1);
   fxp_fill_packed(res, r, packed, pool);
}

/* Z24 formats: where the 24 depth bits are (0: bits 0-23, 8: bits 8-31), -1 for other formats. */
static int
z24_shift(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z24_UNORM_S8_UINT: case PIPE_FORMAT_Z24X8_UNORM: return 0;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM: case PIPE_FORMAT_X8Z24_UNORM: return 8;
   default: return -1;
   }
}

/* Depth z as the 24-bit value fragments store (fragment/fxp_fragment.c: z * (2^24 - 1) rounded to the
 * nearest integer, as GL's conversion to fixed point says); util_format's Z24 packing truncates instead, so
 * a fragment at the cleared depth would not compare equal to it. */
static void
pack_z24(enum pipe_format format, uint8_t *p, float z)
{
   const int shift = z24_shift(format);
   const uint32_t zi = (uint32_t)((double)z * 16777215.0 + 0.5);
   uint32_t word;
   memcpy(&word, p, 4);
   word = (word & ~(0xffffffu << shift)) | (zi << shift);
   memcpy(p, &word, 4);
}

void
fxp_fill_zs(struct fxp_resource *res, enum pipe_format format, const struct fxp_region *r,
            unsigned clear_flags, double depth, unsigned stencil, struct fxp_pool *pool)
{
   const struct util_format_description *desc = util_format_description(format);
   const bool has_z = util_format_has_depth(desc), has_s = util_format_has_stencil(desc);
   const bool do_z = has_z && (clear_flags & PIPE_CLEAR_DEPTH);
   const bool do_s = has_s && (clear_flags & PIPE_CLEAR_STENCIL);
   const float z = CLAMP((float)depth, 0.0f, 1.0f);
   const uint8_t s = stencil & 0xff;

   if (!do_z && !do_s)
      return;

   if ((do_z || !has_z) && (do_s || !has_s)) {
      /* Every part of the pixel is written: fill with one packed value. */
      uint8_t packed[8] = {0};
      if (do_z && z24_shift(format) >= 0)
         pack_z24(format, packed, z);
      else if (do_z)
         util_format_pack_z_float(format, packed, &z, 1);
      if (do_s)
         util_format_pack_s_8uint(format, packed, &s, 1);
      fxp_fill_packed(res, r, packed, pool);
      return;
   }

   /* One part of a combined format: the pack functions keep the other part of each pixel. */
   float *zrow = NULL;
   uint8_t *srow = NULL;
   uint8_t *base = fxp_resource_map(res);
   if (!base)
      return;
   if (do_z) {
      zrow = MALLOC(r->width * sizeof(float));
      for (unsigned i = 0; zrow && i < r->width; i++)
         zrow[i] = z;
   } else {
      srow = MALLOC(r->width);
      if (srow)
         memset(srow, s, r->width);
   }
   if (zrow || srow) {
      for (unsigned k = 0; k < r->depth; k++) {
         for (unsigned y = 0; y < r->height; y++) {
            uint8_t *dst = fxp_resource_texel(res, base, r->level, r->x, r->y + y, r->z + k);
            if (zrow && z24_shift(format) >= 0) {
               for (unsigned i = 0; i < r->width; i++)
                  pack_z24(format, dst + 4 * i, z);
            } else if (zrow) {
               util_format_pack_z_float(format, dst, zrow, r->width);
            }
            else
               util_format_pack_s_8uint(format, dst, srow, r->width);
         }
      }
   } else {
      fxp_refuse("out of memory for a clear row" FXP_GL_SKIPPED_CLEAR);
   }
   FREE(zrow);
   FREE(srow);
   fxp_resource_unmap(res);
}

/* The region of a surface covered by (x, y, w, h), clipped to the surface. False if empty. */
static bool
fxp_surface_region(const struct pipe_surface *surf, unsigned x, unsigned y, unsigned w, unsigned h,
                   struct fxp_region *r)
{
   const unsigned sw = u_minify(surf->texture->width0, surf->u.tex.level);
   const unsigned sh = u_minify(surf->texture->height0, surf->u.tex.level);

   if (x >= sw || y >= sh || !w || !h)
      return false;
   /* a multisample surface: every sample of each pixel, samples texel columns a pixel (fxp_resource.h) */
   const unsigned samples = fxp_resource_samples(surf->texture);
   r->level = surf->u.tex.level;
   r->x = x * samples;
   r->y = y;
   r->width = MIN2(w, sw - x) * samples;
   r->height = MIN2(h, sh - y);
   r->z = surf->u.tex.first_layer;
   r->depth = surf->u.tex.last_layer - surf->u.tex.first_layer + 1;
   return true;
}

/* Pending clears (fxp_ops.h, struct fxp_clear_pending). */

/* Whether surface cs of the framebuffer fb can have a pending clear: the framebuffer's size, one sample, one
 * layer of a texture, of a format whose packed value fits. */
static bool
pending_surface_ok(const struct pipe_framebuffer_state *fb, const struct pipe_surface *cs)
{
   return cs->texture->target != PIPE_BUFFER && fxp_resource_samples(cs->texture) == 1 &&
          cs->u.tex.first_layer == cs->u.tex.last_layer &&
          u_minify(cs->texture->width0, cs->u.tex.level) == fb->width &&
          u_minify(cs->texture->height0, cs->u.tex.level) == fb->height &&
          util_format_get_blocksize(cs->format) <= 16 && util_format_get_blockwidth(cs->format) == 1 &&
          util_format_get_blockheight(cs->format) == 1;
}

/* The clear as a pending one, merged into what is pending (later values win, part by part); false, with
 * nothing changed, if some buffer it clears cannot have one. */
static bool
clear_defer(struct fxp_context *ctx, unsigned buffers, const union pipe_color_union *color, double depth,
            unsigned stencil)
{
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   struct fxp_clear_pending pc = ctx->clear_pending;

   if (fxp_debug_flags & FXP_DBG_NOFAST)
      return false;
   for (unsigned i = 0; i < fb->nr_cbufs && i < PIPE_MAX_COLOR_BUFS; i++) {
      const struct pipe_surface *cb = fb->cbufs[i];
      if (!cb || !(buffers & (PIPE_CLEAR_COLOR0 << i)))
         continue;
      if (!pending_surface_ok(fb, cb) || !util_format_pack_description(cb->format))
         return false;
      memset(pc.color[i], 0, sizeof(pc.color[i]));
      util_format_pack_rgba(cb->format, pc.color[i], color->ui, 1);
      pc.cbufs |= 1u << i;
   }
   if (fb->zsbuf && (buffers & PIPE_CLEAR_DEPTHSTENCIL)) {
      const struct pipe_surface *zs = fb->zsbuf;
      const enum pipe_format format = zs->format;
      const struct util_format_description *desc = util_format_description(format);
      const unsigned bs = util_format_get_blocksize(format);
      const bool has_z = util_format_has_depth(desc), has_s = util_format_has_stencil(desc);
      const bool do_z = has_z && (buffers & PIPE_CLEAR_DEPTH), do_s = has_s && (buffers & PIPE_CLEAR_STENCIL);
      if (do_z || do_s) {
         if (!pending_surface_ok(fb, zs) || (bs != 4 && bs != 2) || (bs == 2 && (!do_z || has_s)))
            return false;
         /* the parts cleared: one packed pixel with every bit of them set gives their mask */
         uint8_t value[4] = {0}, ones[4] = {0};
         const float z = CLAMP((float)depth, 0.0f, 1.0f), z_one = 1.0f;
         const uint8_t s = stencil & 0xff, s_one = 0xff;
         if (do_z && z24_shift(format) >= 0) {
            pack_z24(format, value, z);
            pack_z24(format, ones, z_one);
         } else if (do_z) {
            if (format != PIPE_FORMAT_Z32_FLOAT && format != PIPE_FORMAT_Z16_UNORM)
               return false;
            util_format_pack_z_float(format, value, &z, 1);
            memset(ones, 0xff, bs);
         }
         if (do_s) {
            if (z24_shift(format) < 0)
               return false; /* (a 4-byte format with stencil and no Z24 depth: X24S8) */
            util_format_pack_s_8uint(format, value, &s, 1);
            util_format_pack_s_8uint(format, ones, &s_one, 1);
         }
         uint32_t v = 0, m = 0;
         memcpy(&v, value, bs);
         memcpy(&m, ones, bs);
         /* every part of the pixel written (as fxp_fill_zs packs it: bits of no part 0), and 2-byte pixels,
          * which fxp_clear_pending_fill writes whole: the whole word */
         if (bs == 2 || ((do_z || !has_z) && (do_s || !has_s)))
            m = 0xffffffffu;
         pc.zs_value = (pc.zs ? pc.zs_value & ~m : 0) | (v & m);
         pc.zs_mask = (pc.zs ? pc.zs_mask : 0) | m;
         pc.zs = true;
      }
   }
   ctx->clear_pending = pc;
   ctx->perf.clears_deferred++;
   return true;
}

void
fxp_clear_pending_fill(const struct fxp_clear_pending *pc, const struct fxp_fragment *f, int x0, int y0, int x1,
                       int y1)
{
   /* [x0, x1) x [y0, y1) inside the framebuffer */
   x1 = MIN2(x1 + 1, (int)f->fb_width);
   y1 = MIN2(y1 + 1, (int)f->fb_height);
   if (x0 >= x1 || y0 >= y1)
      return;
   const unsigned w = (unsigned)(x1 - x0), h = (unsigned)(y1 - y0);
   for (uint32_t m = pc->cbufs; m; m &= m - 1) {
      const unsigned i = (unsigned)__builtin_ctz(m);
      fill_block_rows(f->cbuf_origin[i] + (size_t)y0 * f->cbuf_stride[i] + (size_t)x0 * f->cbuf_bpp[i],
                      f->cbuf_stride[i], f->cbuf_bpp[i], pc->color[i], w, h);
   }
   if (!pc->zs)
      return;
   uint8_t *zs_first = f->zs_origin + (size_t)y0 * f->zs_stride + (size_t)x0 * f->zs_bpp;
   if (pc->zs_mask == 0xffffffffu)
      fill_block_rows(zs_first, f->zs_stride, f->zs_bpp, &pc->zs_value, w, h);
   else
      fill_words_masked(zs_first, f->zs_stride, pc->zs_value, pc->zs_mask, w, h);
}

bool
fxp_clear_pending_foldable(const struct fxp_context *ctx, const struct fxp_fragment *f)
{
   const struct fxp_clear_pending *pc = &ctx->clear_pending;
   for (uint32_t m = pc->cbufs; m; m &= m - 1)
      if (!f->cbuf_base[__builtin_ctz(m)])
         return false; /* not written by this draw's shader, so not mapped */
   return !pc->zs || f->zs_base;
}

void
fxp_clear_pending_apply(struct fxp_context *ctx)
{
   struct fxp_clear_pending *pc = &ctx->clear_pending;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   if (!pc->cbufs && !pc->zs)
      return;
   struct fxp_region r = {0};
   for (uint32_t m = pc->cbufs; m; m &= m - 1) {
      const unsigned i = (unsigned)__builtin_ctz(m);
      const struct pipe_surface *cb = fb->cbufs[i];
      if (cb && fxp_surface_region(cb, 0, 0, ~0u, ~0u, &r))
         fxp_fill_packed(fxp_resource(cb->texture), &r, pc->color[i], fxp_context_pool(ctx));
   }
   if (pc->zs && fb->zsbuf && fxp_surface_region(fb->zsbuf, 0, 0, ~0u, ~0u, &r)) {
      struct fxp_resource *res = fxp_resource(fb->zsbuf->texture);
      if (pc->zs_mask == 0xffffffffu) { /* (2-byte formats always: clear_defer) */
         fxp_fill_packed(res, &r, &pc->zs_value, fxp_context_pool(ctx));
      } else {
         uint8_t *base = fxp_resource_map(res);
         if (base) {
            fill_words_masked(fxp_resource_texel(res, base, r.level, r.x, r.y, r.z), res->row_stride_B[r.level],
                              pc->zs_value, pc->zs_mask, r.width, r.height);
            fxp_resource_unmap(res);
         }
      }
   }
   pc->cbufs = 0;
   pc->zs = false;
}

static void
fxp_clear(struct pipe_context *pipe, unsigned buffers, const struct pipe_scissor_state *scissor,
          const union pipe_color_union *color, double depth, unsigned stencil)
{
   struct fxp_context *ctx = fxp_context(pipe);
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   unsigned x = 0, y = 0, w = ~0u, h = ~0u;
   struct fxp_region r;

   fxp_context_sync(ctx, FXP_SYNC_CLEAR); /* (a pending clear stays pending) */
   if (!fxp_render_condition_passes(ctx))
      return; /* clears obey conditional rendering */
   if (scissor) {
      if (scissor->maxx <= scissor->minx || scissor->maxy <= scissor->miny)
         return;
      x = scissor->minx;
      y = scissor->miny;
      w = scissor->maxx - scissor->minx;
      h = scissor->maxy - scissor->miny;
   }
   /* the whole framebuffer (a pending clear's buffers are its size): kept pending if it can be */
   if (!x && !y && w >= fb->width && h >= fb->height && clear_defer(ctx, buffers, color, depth, stencil))
      return;
   fxp_clear_pending_apply(ctx);

   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      struct pipe_surface *cb = fb->cbufs[i];
      if (cb && (buffers & (PIPE_CLEAR_COLOR0 << i)) && fxp_surface_region(cb, x, y, w, h, &r))
         fxp_fill_color(fxp_resource(cb->texture), cb->format, &r, color, fxp_context_pool(ctx));
   }
   if (fb->zsbuf && (buffers & PIPE_CLEAR_DEPTHSTENCIL) &&
       fxp_surface_region(fb->zsbuf, x, y, w, h, &r))
      fxp_fill_zs(fxp_resource(fb->zsbuf->texture), fb->zsbuf->format, &r,
                  buffers & PIPE_CLEAR_DEPTHSTENCIL, depth, stencil, fxp_context_pool(ctx));
}

static void
fxp_clear_render_target(struct pipe_context *pipe, struct pipe_surface *dst,
                        const union pipe_color_union *color, unsigned x, unsigned y,
                        unsigned w, unsigned h, bool render_condition_enabled)
{
   struct fxp_region r;

   fxp_context_sync(fxp_context(pipe), FXP_SYNC_CLEAR);
   fxp_clear_pending_apply(fxp_context(pipe));
   if (render_condition_enabled && !fxp_render_condition_passes(fxp_context(pipe)))
      return;
   if (fxp_surface_region(dst, x, y, w, h, &r))
      fxp_fill_color(fxp_resource(dst->texture), dst->format, &r, color, fxp_context_pool(fxp_context(pipe)));
}

static void
fxp_clear_depth_stencil(struct pipe_context *pipe, struct pipe_surface *dst, unsigned clear_flags,
                        double depth, unsigned stencil, unsigned x, unsigned y, unsigned w,
                        unsigned h, bool render_condition_enabled)
{
   struct fxp_region r;

   fxp_context_sync(fxp_context(pipe), FXP_SYNC_CLEAR);
   fxp_clear_pending_apply(fxp_context(pipe));
   if (render_condition_enabled && !fxp_render_condition_passes(fxp_context(pipe)))
      return;
   if (fxp_surface_region(dst, x, y, w, h, &r))
      fxp_fill_zs(fxp_resource(dst->texture), dst->format, &r, clear_flags, depth, stencil,
                  fxp_context_pool(fxp_context(pipe)));
}

static void
fxp_clear_texture(struct pipe_context *pipe, struct pipe_resource *res, unsigned level,
                  const struct pipe_box *box, const void *data)
{
   const unsigned bw = util_format_get_blockwidth(res->format);
   const unsigned bh = util_format_get_blockheight(res->format);
   struct fxp_region r;

   if (res->target == PIPE_BUFFER || !fxp_box_in_level(res, level, box) || box->x % bw ||
       box->y % bh) {
      fxp_ctx_refuse(fxp_context(pipe), "clear_texture of a box outside level %u" FXP_GL_SKIPPED_CLEAR, level);
      return;
   }
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_CLEAR);
   fxp_clear_pending_apply(fxp_context(pipe));
   r.level = level;
   r.x = box->x / bw * fxp_resource_samples(res); /* every sample of a multisample texture */
   r.y = box->y / bh;
   r.z = box->z;
   r.width = DIV_ROUND_UP(box->width, bw) * fxp_resource_samples(res);
   r.height = DIV_ROUND_UP(box->height, bh);
   r.depth = box->depth;
   fxp_fill_packed(fxp_resource(res), &r, data, fxp_context_pool(fxp_context(pipe)));
}

static void
fxp_clear_buffer(struct pipe_context *pipe, struct pipe_resource *pres, unsigned offset,
                 unsigned size, const void *value, int value_size)
{
   struct fxp_resource *res = fxp_resource(pres);
   uint8_t *base;

   if (pres->target != PIPE_BUFFER || value_size <= 0 || size % value_size ||
       (uint64_t)offset + size > pres->width0) {
      fxp_ctx_refuse(fxp_context(pipe), "clear_buffer of %u bytes at %u in a %u-byte buffer"
                                        FXP_GL_SKIPPED_CLEAR, size, offset, pres->width0);
      return;
   }
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_CLEAR);
   base = fxp_resource_map(res);
   if (!base)
      return;
   fxp_fill_row(base + offset, value, value_size, size / value_size);
   fxp_resource_unmap(res);
}

void
fxp_init_clear_functions(struct fxp_context *ctx)
{
   ctx->base.clear = fxp_clear;
   ctx->base.clear_render_target = fxp_clear_render_target;
   ctx->base.clear_depth_stencil = fxp_clear_depth_stencil;
   ctx->base.clear_texture = fxp_clear_texture;
   ctx->base.clear_buffer = fxp_clear_buffer;
}
