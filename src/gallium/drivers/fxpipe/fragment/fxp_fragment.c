/* Per-fragment operations on a shaded batch: depth clamp, stencil test and operations (front and back),
 * depth test and write, blending (every factor and equation, constant colour, per render target or shared),
 * logic ops, colour masks, and the writes to every bound colour buffer, in the surface's format (sRGB
 * surfaces encode, as util_format packs them).
 *
 * This is the general path: each pixel is unpacked and packed with util_format, in 32-bit floats (or
 * integers for pure-integer buffers, which are never blended). Colours are clamped to [0, 1] before
 * blending into UNORM buffers and to [-1, 1] for SNORM ones; float buffers blend unclamped. */
#include <math.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_math.h"

#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "fxp_formats.h"
#include "fragment/fxp_fragment.h"

#include "fragment/fxp_fragment_ops.h"

/* Depth and stencil test of one pixel at p (the surface's format); updates the buffer. Depth is compared at
 * the buffer's precision: UNORM depth as integers (the fragment's depth rounded to nearest), float depth
 * as floats. */
static bool
depth_stencil(struct fxp_fragment *f, enum pipe_format format, uint8_t *p, double z, bool front, int fs_ref)
{
   const struct pipe_depth_stencil_alpha_state *dsa = f->bound->dsa;
   const struct util_format_description *desc = util_format_description(format);
   const bool has_z = util_format_has_depth(desc), has_s = util_format_has_stencil(desc);
   bool pass = true;

   const struct pipe_stencil_state *st = &dsa->stencil[0];
   unsigned face = 0;
   if (!front && dsa->stencil[1].enabled) {
      st = &dsa->stencil[1];
      face = 1;
   }
   if (has_z && dsa->depth_bounds_test) {
      /* EXT_depth_bounds_test: the value already stored must lie in [min, max] (the bounds converted to the
       * buffer's representation, like the depth range), else the fragment is discarded before the stencil
       * test touches anything */
      const int c = fxp_format_depth_channel(format); /* has_z: a channel */
      bool in;
      if (c >= 0 && desc->channel[c].type == UTIL_FORMAT_TYPE_FLOAT) {
         float stored;
         util_format_unpack_z_float(format, &stored, p, 1);
         in = stored >= (float)dsa->depth_bounds_min && stored <= (float)dsa->depth_bounds_max;
      } else {
         const unsigned bits = desc->channel[c].size;
         const double one = (double)((1ull << bits) - 1);
         uint32_t stored32;
         util_format_unpack_z_32unorm(format, &stored32, p, 1);
         const uint64_t stored = stored32 >> (32 - bits);
         in = stored >= (uint64_t)llround(CLAMP(dsa->depth_bounds_min, 0.0, 1.0) * one) &&
              stored <= (uint64_t)llround(CLAMP(dsa->depth_bounds_max, 0.0, 1.0) * one);
      }
      if (!in)
         return false;
   }
   const bool stencil = has_s && st->enabled;
   uint8_t s = 0;
   /* the reference: the fragment shader's (ARB_shader_stencil_export), else the state's */
   const uint8_t ref = fs_ref >= 0 ? (uint8_t)fs_ref : f->stencil_ref.ref_value[face];
   if (stencil) {
      util_format_unpack_s_8uint(format, &s, p, 1);
      if (!fxp_compare(st->func, (float)(ref & st->valuemask), (float)(s & st->valuemask))) {
         const uint8_t ns = (s & ~st->writemask) | (fxp_stencil_op(st->fail_op, s, ref) & st->writemask);
         util_format_pack_s_8uint(format, p, &ns, 1);
         return false;
      }
   }
   if (has_z && dsa->depth_enabled) {
      const int c = fxp_format_depth_channel(format); /* has_z: a channel */
      const bool is_float = c >= 0 && desc->channel[c].type == UTIL_FORMAT_TYPE_FLOAT;
      if (is_float) {
         const float zf = (float)z;
         float stored;
         util_format_unpack_z_float(format, &stored, p, 1);
         pass = fxp_compare(dsa->depth_func, zf, stored);
         if (pass && dsa->depth_writemask)
            util_format_pack_z_float(format, p, &zf, 1);
      } else {
         /* n-bit UNORM depth, through 32-bit UNORM values whose low bits the format drops */
         const unsigned bits = desc->channel[c].size;
         const uint32_t zi = (uint32_t)llround(z * (double)((1ull << bits) - 1));
         uint32_t stored32;
         util_format_unpack_z_32unorm(format, &stored32, p, 1);
         const uint32_t stored = stored32 >> (32 - bits);
         pass = fxp_compare(dsa->depth_func, (double)zi, (double)stored);
         if (pass && dsa->depth_writemask) {
            const uint32_t z32 = bits == 32 ? zi : zi << (32 - bits);
            util_format_pack_z_32unorm(format, p, &z32, 1);
         }
      }
   }
   if (stencil) {
      const unsigned op = pass ? st->zpass_op : st->zfail_op;
      const uint8_t ns = (s & ~st->writemask) | (fxp_stencil_op(op, s, ref) & st->writemask);
      util_format_pack_s_8uint(format, p, &ns, 1);
   }
   return pass;
}

static void
write_color(struct fxp_fragment *f, unsigned cb, uint8_t *p, enum pipe_format format, const uint32_t src_bits[4],
            const float src1[4])
{
   const struct pipe_blend_state *blend = fxp_fragment_blend(f);
   const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? cb : 0] : NULL;
   const unsigned colormask = rt ? rt->colormask : PIPE_MASK_RGBA;
   uint32_t out[4], dst[4];

   if (!colormask)
      return;
   if (util_format_is_pure_integer(format)) {
      memcpy(out, src_bits, sizeof(out));
   } else {
      const struct util_format_description *desc = util_format_description(format);
      const int ch = util_format_get_first_non_void_channel(format);
      const bool unorm = ch >= 0 && desc->channel[ch].normalized && desc->channel[ch].type == UTIL_FORMAT_TYPE_UNSIGNED;
      const bool snorm = fxp_format_is_snorm(format);
      float s[4], d[4], cc[4], o[4];
      memcpy(s, src_bits, sizeof(s));
      if (f->rast->clamp_fragment_color)
         for (unsigned c = 0; c < 4; c++)
            s[c] = CLAMP(s[c], 0.0f, 1.0f);
      for (unsigned c = 0; c < 4; c++) {
         cc[c] = f->blend_color.color[c];
         if (unorm) {
            s[c] = CLAMP(s[c], 0.0f, 1.0f);
            cc[c] = CLAMP(cc[c], 0.0f, 1.0f);
         } else if (snorm) {
            s[c] = CLAMP(s[c], -1.0f, 1.0f);
            cc[c] = CLAMP(cc[c], -1.0f, 1.0f);
         }
      }
      util_format_unpack_rgba(format, d, p, 1);
      if (snorm) /* as fxp_snorm_floor_bits (fxp_bits.h), on floats */
         for (unsigned c = 0; c < 4; c++)
            d[c] = MAX2(d[c], -1.0f);
      if (blend && blend->logicop_enable) {
         uint8_t sp[16] = {0}, dp[16] = {0}, rp[16];
         const unsigned bs = util_format_get_blocksize(format);
         util_format_pack_rgba(format, sp, s, 1);
         memcpy(dp, p, bs);
         for (unsigned i = 0; i < bs; i++)
            rp[i] = (uint8_t)fxp_logic_op(blend->logicop_func, sp[i], dp[i]);
         util_format_unpack_rgba(format, o, rp, 1);
      } else if (rt && rt->blend_enable) {
         float s1[4];
         for (unsigned c = 0; c < 4; c++) /* clamped like the first source */
            s1[c] = unorm ? CLAMP(src1[c], 0.0f, 1.0f) : snorm ? CLAMP(src1[c], -1.0f, 1.0f) : src1[c];
         fxp_blend_rgba(rt, s, s1, d, cc, o);
      } else {
         memcpy(o, s, sizeof(o));
      }
      memcpy(out, o, sizeof(out));
      memcpy(dst, d, sizeof(dst));
      if ((colormask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA)
         for (unsigned c = 0; c < 4; c++)
            if (!(colormask & (PIPE_MASK_R << c)))
               out[c] = dst[c];
      util_format_pack_rgba(format, p, out, 1);
      return;
   }
   if ((colormask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
      util_format_unpack_rgba(format, dst, p, 1);
      for (unsigned c = 0; c < 4; c++)
         if (!(colormask & (PIPE_MASK_R << c)))
            out[c] = dst[c];
   }
   util_format_pack_rgba(format, p, out, 1);
}

void
fxp_fragment_take_bound_state(struct fxp_fragment_bound *b, const struct pipe_blend_state *blend,
                              const struct pipe_depth_stencil_alpha_state *dsa, const struct fxp_context *ctx)
{
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;
   memset(b, 0, sizeof(*b));
   b->blend = blend;
   b->dsa = dsa;
   b->nr_cbufs = MIN2(fb->nr_cbufs, PIPE_MAX_COLOR_BUFS);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      b->cbuf_format[i] = i < b->nr_cbufs && fb->cbufs[i] ? fb->cbufs[i]->format : PIPE_FORMAT_NONE;
   b->zs_format = fb->zsbuf ? fb->zsbuf->format : PIPE_FORMAT_NONE;
}

unsigned
fxp_fragment_early_zs(struct fxp_fragment *f, const int *x, const int *y, const double *zin, uint32_t *mask,
                      bool front)
{
   unsigned passed = 0;
   if (f->fast_depth)
      return f->fast_early_z(f, x, y, zin, mask, front);
   for (unsigned l = 0; l < FXP_W; l++) {
      if (fxp_fragment_lane_in(f, x, y, *mask, l) &&
          depth_stencil(f, f->bound->zs_format, fxp_fragment_zs(f, x[l], y[l]), fxp_fragment_clamp_z(f, zin[l]), front,
                        -1))
         passed++;
      else
         *mask &= ~(1u << l);
   }
   return passed;
}

unsigned
fxp_fragment_ops(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y, const double *zin,
                 uint32_t mask, bool front)
{
   uint8_t *zbase = f->zs_base;
   uint8_t *const *cbase = f->cbuf_base;
   unsigned passed = 0;

   if (f->fast_frag)
      return f->fast_ops(f, e, x, y, zin, mask, front);

   for (unsigned l = 0; l < FXP_W; l++) {
      double z;
      if (!fxp_fragment_lane(f, e, x, y, zin, mask, l, &z))
         continue;

      if (zbase && !f->early_zs) {
         const int ref = f->fs_stencil >= 0 ? (int)(fxp_output(e, f->fs_stencil, 1)->au[l] & 0xff) : -1;
         if (!depth_stencil(f, f->bound->zs_format, fxp_fragment_zs(f, x[l], y[l]), z, front, ref))
            continue;
      }
      passed += !f->early_zs; /* early tests counted their samples already */
      for (unsigned i = 0; i < f->bound->nr_cbufs; i++) {
         if (!cbase[i])
            continue;
         uint8_t *p = fxp_fragment_cbuf(f, i, x[l], y[l]);
         uint32_t src[4];
         float src1[4] = {0, 0, 0, 0};
         for (unsigned c = 0; c < 4; c++) {
            src[c] = fxp_output(e, f->fs_color[i], c)->au[l];
            if (i == 0 && f->fs_color1 >= 0) /* dual-source blending's second colour */
               src1[c] = fxp_output(e, f->fs_color1, c)->af[l];
         }
         write_color(f, i, p, f->bound->cbuf_format[i], src, src1);
      }
   }

   return passed;
}
