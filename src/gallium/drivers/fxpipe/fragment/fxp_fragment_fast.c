/* Fast paths of the per-fragment operations for the common cases, chosen once per draw
 * (fxp_fragment_fast_setup) and switched off by FXPIPE_DEBUG=nofast. They compute exactly what the
 * general path (fxp_fragment.c) computes, with the same arithmetic (fxp_fragment_ops.h) and the same
 * float/byte conversions as util_format; fxpipe-gl-draw runs with and without them.
 *
 * | buffer         | formats                                              | conditions               |
 * |----------------|------------------------------------------------------|--------------------------|
 * | colour         | R8G8B8A8, B8G8R8A8, R8G8B8X8, B8G8R8X8 UNORM (not sRGB) | no logic op           |
 * | depth          | Z16, Z24 with S8 or X8 in either order, Z32_FLOAT    | stencil test off, no     |
 * |                |                                                      | depth bounds test        |
 * With early depth and stencil tests (f->early_zs) the colour paths run after any depth-stencil state, and
 * the early tests use the fast depth test when it applies.
 * X formats read alpha 1 and write 0 in the X byte, as util_format does. Unblended full-mask writes and
 * the usual "over" blending (SRC_ALPHA, ONE_MINUS_SRC_ALPHA) have their own loops. */
#include <math.h>

#include "util/format/u_format.h"
#include "util/u_dual_blend.h"
#include "util/u_math.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_resource.h"
#include "fragment/fxp_fragment.h"
#include "fragment/fxp_fragment_ops.h"
#include "fxp_lanes.h"

enum { FC_NONE, FC_RGBA, FC_BGRA };
enum { FZ_NONE, FZ_Z24_LOW, FZ_Z24_HIGH, FZ_Z16, FZ_Z32F };

static unsigned
color_kind(enum pipe_format f, bool *has_alpha)
{
   *has_alpha = true;
   switch (f) {
   case PIPE_FORMAT_R8G8B8A8_UNORM: return FC_RGBA;
   case PIPE_FORMAT_B8G8R8A8_UNORM: return FC_BGRA;
   case PIPE_FORMAT_R8G8B8X8_UNORM: *has_alpha = false; return FC_RGBA;
   case PIPE_FORMAT_B8G8R8X8_UNORM: *has_alpha = false; return FC_BGRA;
   default: return FC_NONE;
   }
}

static unsigned
depth_kind(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_Z24_UNORM_S8_UINT: case PIPE_FORMAT_Z24X8_UNORM: return FZ_Z24_LOW;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM: case PIPE_FORMAT_X8Z24_UNORM: return FZ_Z24_HIGH;
   case PIPE_FORMAT_Z16_UNORM: return FZ_Z16;
   case PIPE_FORMAT_Z32_FLOAT: return FZ_Z32F;
   default: return FZ_NONE;
   }
}

bool
fxp_fragment_fast_setup(struct fxp_fragment *f)
{
   const struct fxp_context *ctx = f->ctx;
   const struct pipe_framebuffer_state *fb = &ctx->framebuffer;

   f->fast_frag = false;
   f->fast_depth = FZ_NONE;
   if ((fxp_debug_flags & FXP_DBG_NOFAST) || f->fs_stencil >= 0)
      return false;
   /* the depth buffer's fast test: also what early tests use (fxp_fragment_early_zs) */
   if (fb->zsbuf) {
      const struct pipe_depth_stencil_alpha_state *dsa = ctx->dsa;
      if (!(dsa && (dsa->stencil[0].enabled || dsa->stencil[1].enabled || dsa->depth_bounds_test)))
         f->fast_depth = depth_kind(fb->zsbuf->format);
      /* early tests done before shading take any depth-stencil state; late ones here need the fast test */
      if (f->fast_depth == FZ_NONE && !f->early_zs)
         return false;
   }
   if (ctx->blend && (ctx->blend->logicop_enable || util_blend_state_is_dual(ctx->blend, 0)))
      return false;
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      f->fast_color[i] = FC_NONE;
      if (!fb->cbufs[i] || f->fs_color[i] < 0)
         continue;
      f->fast_color[i] = color_kind(fb->cbufs[i]->format, &f->fast_color_alpha[i]);
      if (f->fast_color[i] == FC_NONE)
         return false;
      const struct pipe_blend_state *blend = ctx->blend;
      const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? i : 0] : NULL;
      f->fast_color_plain[i] = !rt || (!rt->blend_enable && rt->colormask == PIPE_MASK_RGBA);
      f->fast_color_over[i] = rt && rt->blend_enable && rt->colormask == PIPE_MASK_RGBA &&
                              rt->rgb_func == PIPE_BLEND_ADD && rt->alpha_func == PIPE_BLEND_ADD &&
                              rt->rgb_src_factor == PIPE_BLENDFACTOR_SRC_ALPHA &&
                              rt->alpha_src_factor == PIPE_BLENDFACTOR_SRC_ALPHA &&
                              rt->rgb_dst_factor == PIPE_BLENDFACTOR_INV_SRC_ALPHA &&
                              rt->alpha_dst_factor == PIPE_BLENDFACTOR_INV_SRC_ALPHA;
   }
   f->fast_frag = true;
   return true;
}

static inline bool
depth_test(const struct fxp_fragment *f, uint8_t *p, double z)
{
   const struct pipe_depth_stencil_alpha_state *dsa = f->ctx->dsa;
   if (!dsa || !dsa->depth_enabled)
      return true;
   switch (f->fast_depth) {
   case FZ_Z32F: {
      float stored;
      const float zf = (float)z;
      memcpy(&stored, p, 4);
      if (!fxp_compare(dsa->depth_func, zf, stored))
         return false;
      if (dsa->depth_writemask)
         memcpy(p, &zf, 4);
      return true;
   }
   case FZ_Z16: {
      uint16_t stored;
      memcpy(&stored, p, 2);
      const uint16_t zi = (uint16_t)(z * 65535.0 + 0.5); /* z in [0, 1]: llround */
      if (!fxp_compare(dsa->depth_func, zi, stored))
         return false;
      if (dsa->depth_writemask)
         memcpy(p, &zi, 2);
      return true;
   }
   default: {
      uint32_t word;
      memcpy(&word, p, 4);
      const bool low = f->fast_depth == FZ_Z24_LOW;
      const uint32_t stored = low ? word & 0xffffff : word >> 8;
      const uint32_t zi = (uint32_t)(z * 16777215.0 + 0.5); /* z in [0, 1]: llround */
      if (!fxp_compare(dsa->depth_func, zi, stored))
         return false;
      if (dsa->depth_writemask) {
         word = low ? (word & 0xff000000u) | zi : (word & 0xffu) | (zi << 8);
         memcpy(p, &word, 4);
      }
      return true;
   }
   }
}

static inline void
write_color(const struct fxp_fragment *f, unsigned cb, uint8_t *p, const float src[4])
{
   const struct pipe_blend_state *blend = f->ctx->blend;
   const struct pipe_rt_blend_state *rt = blend ? &blend->rt[blend->independent_blend_enable ? cb : 0] : NULL;
   const unsigned colormask = rt ? rt->colormask : PIPE_MASK_RGBA;
   const bool bgra = f->fast_color[cb] == FC_BGRA, has_alpha = f->fast_color_alpha[cb];
   float s[4], o[4];

   if (!colormask)
      return;
   for (unsigned c = 0; c < 4; c++)
      s[c] = CLAMP(src[c], 0.0f, 1.0f); /* NaN becomes 0, as float_to_ubyte makes it */
   if (rt && rt->blend_enable) {
      float d[4], cc[4];
      d[0] = p[bgra ? 2 : 0] * (1.0f / 255.0f);
      d[1] = p[1] * (1.0f / 255.0f);
      d[2] = p[bgra ? 0 : 2] * (1.0f / 255.0f);
      d[3] = has_alpha ? p[3] * (1.0f / 255.0f) : 1.0f;
      for (unsigned c = 0; c < 4; c++)
         cc[c] = CLAMP(f->ctx->blend_color.color[c], 0.0f, 1.0f);
      fxp_blend_rgba(rt, s, s /* dual-source blending never takes the fast path */, d, cc, o);
   } else {
      memcpy(o, s, sizeof(o));
   }
   const unsigned pos[4] = {bgra ? 2u : 0u, 1u, bgra ? 0u : 2u, 3u};
   for (unsigned c = 0; c < 4; c++) {
      if (!(colormask & (PIPE_MASK_R << c)))
         continue;
      p[pos[c]] = c == 3 && !has_alpha ? 0 : float_to_ubyte(o[c]);
   }
}

/* float_to_ubyte (util/u_math.h) on a lane vector: the same bytes. */
static inline fxp_vu
vec_to_ubyte(fxp_vf f)
{
   const fxp_vf t = f * (255.0f / 256.0f) + 32768.0f;
   fxp_vu b = (fxp_vu)t & 0xff;
   b = fxp_sel_u(fxp_ge_f(f, fxp_splat_f(1.0f)), (fxp_vu){0} + 255u, b);
   return b & (fxp_vu)fxp_gt_f(f, fxp_splat_f(0.0f)); /* NaN and <= 0 give 0 */
}

unsigned
fxp_fragment_fast_early_z(struct fxp_fragment *f, const int *x, const int *y, const double *zin, uint32_t *mask)
{
   unsigned passed = 0;
   for (unsigned l = 0; l < FXP_W; l++) {
      if (fxp_fragment_lane_in(f, x, y, *mask, l) &&
          depth_test(f, fxp_fragment_zs(f, x[l], y[l]), fxp_fragment_clamp_z(f, zin[l])))
         passed++;
      else
         *mask &= ~(1u << l);
   }
   return passed;
}

unsigned
fxp_fragment_fast(struct fxp_fragment *f, struct fxp_exec *e, const int *x, const int *y, const double *zin,
                  uint32_t mask)
{
   const struct pipe_framebuffer_state *fb = &f->ctx->framebuffer;
   unsigned passed = 0;
   uint32_t pass = 0;

   /* depth first (lanes are distinct pixels, so the order of lanes between the tests does not matter),
    * unless the early tests did it before shading */
   const bool depth = f->zs_base && !f->early_zs && f->ctx->dsa && f->ctx->dsa->depth_enabled;
   if (!depth) {
      /* no depth test: the written lanes are the mask's inside the framebuffer (fxp_fragment_lane's rule) */
      for (unsigned l = 0; l < FXP_W; l++)
         if ((unsigned)x[l] < f->fb_width && (unsigned)y[l] < f->fb_height)
            pass |= 1u << l;
      pass &= mask;
      passed = f->early_zs ? 0 : util_bitcount(pass); /* early tests counted their samples already */
   }
   for (unsigned l = 0; depth && l < FXP_W; l++) {
      double z;
      if (!fxp_fragment_lane(f, e, x, y, zin, mask, l, &z))
         continue;
      if (f->zs_base && !depth_test(f, fxp_fragment_zs(f, x[l], y[l]), z))
         continue;
      pass |= 1u << l;
      passed++;
   }
   if (!pass)
      return 0;
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (!f->cbuf_base[i])
         continue;
      const bool bgra = f->fast_color[i] == FC_BGRA, has_alpha = f->fast_color_alpha[i];
      if (f->fast_color_plain[i]) {
         /* the common case: the four channels converted for all lanes, one 32-bit store per pixel */
         const fxp_vu cr = vec_to_ubyte(fxp_output(e, f->fs_color[i], 0)->f);
         const fxp_vu cg = vec_to_ubyte(fxp_output(e, f->fs_color[i], 1)->f);
         const fxp_vu cb = vec_to_ubyte(fxp_output(e, f->fs_color[i], 2)->f);
         const fxp_vu ca = has_alpha ? vec_to_ubyte(fxp_output(e, f->fs_color[i], 3)->f) : (fxp_vu){0};
         const fxp_vu px = (bgra ? cb | cr << 16 : cr | cb << 16) | cg << 8 | ca << 24;
         for (unsigned l = 0; l < FXP_W; l++)
            if (pass & (1u << l)) {
               const uint32_t word = px[l];
               memcpy(fxp_fragment_cbuf(f, i, x[l], y[l]), &word, 4); /* little-endian byte order */
            }
         continue;
      }
      for (unsigned l = 0; l < FXP_W; l++) {
         if (!(pass & (1u << l)))
            continue;
         float src[4];
         for (unsigned c = 0; c < 4; c++)
            src[c] = fxp_output(e, f->fs_color[i], c)->af[l];
         if (f->fast_color_over[i]) {
            /* glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA): s * a + d * (1 - a), computed as
             * fxp_blend_equation computes it */
            uint8_t *p = fxp_fragment_cbuf(f, i, x[l], y[l]);
            const unsigned pos[4] = {bgra ? 2u : 0u, 1u, bgra ? 0u : 2u, 3u};
            const float a = CLAMP(src[3], 0.0f, 1.0f), ia = 1.0f - a;
            for (unsigned c = 0; c < 4; c++) {
               const float sc = CLAMP(src[c], 0.0f, 1.0f);
               const float dc = c == 3 && !has_alpha ? 1.0f : p[pos[c]] * (1.0f / 255.0f);
               p[pos[c]] = c == 3 && !has_alpha ? 0 : float_to_ubyte(sc * a + dc * ia);
            }
            continue;
         }
         write_color(f, i, fxp_fragment_cbuf(f, i, x[l], y[l]), src);
      }
   }
   return passed;
}
