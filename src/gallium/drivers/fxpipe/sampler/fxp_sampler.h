/* fxpipe's sampler core: texel addressing, wrap modes, filtering, mipmapping, cube faces, shadow compare,
 * gather, buffer textures and view swizzles, for one lane at a time (the shader engine's sampling opcodes call it); the fast path
 * for common formats (fxp_sampler_fast.c) is tested against this general path. */
#ifndef FXP_SAMPLER_H
#define FXP_SAMPLER_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_shader_tokens.h"
#include "pipe/p_state.h"

enum fxp_texel_kind {
   FXP_TEXEL_NONE,        /* no readable storage */
   FXP_TEXEL_FLOAT,       /* util_format unpacks to floats */
   FXP_TEXEL_INT,         /* pure integer: unpacks to integers, never filtered */
   FXP_TEXEL_DEPTH,       /* (depth, 0, 0, 1) */
   FXP_TEXEL_STENCIL,     /* (stencil, 0, 0, 1) as integers, never filtered */
};

/* A bound sampler view and sampler state, as a shader sees them, with what sampling needs of the view's
 * format looked up once (fxp_sampler_binding_prepare) instead of per texel. */
struct fxp_sampler_binding {
   const struct pipe_sampler_view *view;
   const struct pipe_sampler_state *state;
   uint8_t kind;          /* enum fxp_texel_kind */
   bool depth_float;      /* a float depth format: shadow references are not clamped to [0, 1] */
   bool snorm;            /* a signed normalized format: the most negative value reads -1.0 (GL's
                           * max(c / (2^(b-1) - 1), -1)), where util_format's unpack gives -128/127 */
   uint8_t bpp;           /* bytes per texel; per 2x1 block of texels when `subsampled` */
   /* 4:2:2 YUV views (UYVY, YUYV: MESA_ycbcr_texture): util_format's fetch of texel i of a 2x1 block
    * (converted to RGB); NULL for other formats */
   void (*subsampled_fetch)(void *dst, const uint8_t *src, unsigned i, unsigned j);
   void (*unpack_rgba)(void *dst, const uint8_t *src, unsigned width);
   /* FXT1 views: decodes texel (x, y) of an 8x4 block (fxt1/fxp_fxt1.h); NULL for other formats */
   void (*fxt1_texel)(const uint8_t block[16], unsigned x, unsigned y, uint8_t rgba[4]);
   uint8_t fast;          /* fxp_sampler_fast.c's texel kind, 0 for the general path only */
   /* with `fast`: the one level every LOD selects (mip filter NONE, one filter for magnification and
    * minification), or -1; fast_linear: that filter is LINEAR (fxp_sampler_fast_prepare) */
   int8_t fast_level;
   bool fast_linear;
   bool fast_srgb;        /* with an 8-bit `fast` kind: the view is sRGB (colour channels decoded) */
   uint8_t fast_nearest8; /* 0, or the wraps of the one-level form's nearest 8-bit case (fxp_sampler_fast.c,
                           * sample_nearest8: FAST_NEAREST8_*) */
   uint8_t small8_bytes, small8_src[4]; /* the one- and two-byte UNORM kinds' layout (fxp_sampler_fast.c) */
   /* without `fast`: why the fast path was refused (FXPIPE_DEBUG=perf prints it), a static string */
   const char *fast_refused;
};

/* Fills the derived fields of a binding whose view and state are set. */
void fxp_sampler_binding_prepare(struct fxp_sampler_binding *b);

/* Decoded compressed blocks kept for the lanes of one sampling instruction (the caller owns it and zeroes
 * it first; the texture cannot change while one instruction samples it). A bilinear footprint straddles up
 * to four blocks, so four entries, replaced in turn. */
#define FXP_SAMPLE_CACHE_BLOCKS 4
struct fxp_sample_cache {
   const uint8_t *block[FXP_SAMPLE_CACHE_BLOCKS];
   uint8_t rgba[FXP_SAMPLE_CACHE_BLOCKS][32][4];
   unsigned next;
};

/* One sampling request. coords: s, t, r (normalized, or texels for RECT / unnormalized), layer (array
 * index, not normalized); ref: shadow reference; lod: level of detail already computed (bias applied). */
struct fxp_sample_req {
   float s, t, r, layer, ref;
   float lod;
   int offset[3];          /* texel offsets */
   unsigned target;        /* TGSI_TEXTURE_* */
   bool shadow;            /* compare with ref when the sampler state's compare mode is on */
   bool force_compare;     /* with shadow: compare whatever the compare mode (SAMPLE_C, SAMPLE_C_LZ) */
   /* anisotropic filtering (fxp_sampler_footprint): probes > 1 filters that many times at `lod`, at (s, t, r)
    * + (i / (probes + 1) - 1/2) * aniso_step for i = 1..probes, and averages them (or takes their min or max
    * under a MIN/MAX reduction); aniso_step is the derivative of (s, t, r) along the footprint's major axis,
    * in the request's coordinate units. 0 or 1: one probe at (s, t, r), the ordinary filtering. */
   unsigned aniso_probes;
   float aniso_step[3];
   struct fxp_sample_cache *cache; /* NULL, or decoded blocks shared by the requests of one instruction */
};

/* The most probes an anisotropic request takes: PIPE_CAPF_MAX_TEXTURE_ANISOTROPY (screen/fxp_caps.c). */
#define FXP_MAX_ANISOTROPY 16

/* The degree of anisotropy a binding filters with: the sampler state's max_anisotropy (at most
 * FXP_MAX_ANISOTROPY) when it is above 1 and the minification filter is linear or mipmaps are mixed linearly,
 * on a filtered (float or depth) view; else 1, isotropic. */
static inline unsigned
fxp_sampler_max_aniso(const struct fxp_sampler_binding *b)
{
   const struct pipe_sampler_state *st = b ? b->state : NULL;
   if (!st || st->max_anisotropy <= 1 || (b->kind != FXP_TEXEL_FLOAT && b->kind != FXP_TEXEL_DEPTH) ||
       (st->min_img_filter != PIPE_TEX_FILTER_LINEAR && st->min_mip_filter != PIPE_TEX_MIPFILTER_LINEAR))
      return 1;
   return st->max_anisotropy < FXP_MAX_ANISOTROPY ? st->max_anisotropy : FXP_MAX_ANISOTROPY;
}

/* How far above an integer Pmax / Pmin may be and still count as that integer: derivatives taken from
 * interpolated coordinates carry rounding, so a square pixel footprint gives a ratio of 1 + a few ulps, which
 * ceil() alone would turn into 2 probes at one level sharper (and the general path's cost). The extension
 * leaves the formula to the implementation ("should"); 1/256 is far below any footprint a draw means. */
#define FXP_ANISO_RATIO_SLACK (1.0f / 256.0f)

/* The probe count N of EXT_texture_filter_anisotropic's footprint from the squared lengths of the two
 * screen-axis derivatives in texels (rx along x, ry along y): Pmax / Pmin rounded up (less
 * FXP_ANISO_RATIO_SLACK), at most max_aniso; 1 when the footprint is isotropic, empty or not a number. */
static inline unsigned
fxp_aniso_probes(float rx, float ry, unsigned max_aniso)
{
   if (max_aniso <= 1)
      return 1;
   const float pmax = sqrtf(rx > ry ? rx : ry), pmin = sqrtf(rx > ry ? ry : rx);
   const float ratio = pmax / pmin - FXP_ANISO_RATIO_SLACK; /* +inf when pmin is 0, NaN when both are */
   if (ratio >= (float)max_aniso)
      return max_aniso;
   return ratio > 1.0f ? (unsigned)ceilf(ratio) : 1;
}

/* The level of detail of a footprint (GL 4.6, 8.14.1, and EXT_texture_filter_anisotropic, whose "Additions to
 * Chapter 3" suggest this footprint: registry.khronos.org/OpenGL/extensions/EXT/EXT_texture_filter_anisotropic.txt,
 * also docs.nvidia.com's GL_EXT_texture_filter_anisotropic.html): dx and dy are the
 * derivatives of the nd coordinates along screen x and y, scaled to texels of the base level by size[]. With
 * max_aniso 1, log2(rho), rho the longer derivative's length (-inf for an empty footprint); otherwise
 * log2(Pmax / N) with N = fxp_aniso_probes, *probes = N and *major_y whether y is the major axis (Py >= Px,
 * as the extension says). The same bits as log2(rho) when N is 1. */
float fxp_sampler_footprint(unsigned nd, const float dx[3], const float dy[3], const float size[3],
                            unsigned max_aniso, unsigned *probes, bool *major_y);

/* Filters and returns four 32-bit values (floats, or integers for integer formats). Unbound or
 * incomplete bindings return (0, 0, 0, 1). */
void fxp_sample(const struct fxp_sampler_binding *b, const struct fxp_sample_req *req, uint32_t out[4]);

/* Texture gather (TG4, GATHER4): the four texels bilinear filtering would read, component `comp` of
 * each (after the view swizzle), or their comparison results for shadow requests. */
void fxp_gather(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, unsigned comp,
                uint32_t out[4]);

/* Texel fetch (TXF): integer coordinates, explicit level, and the sample of a multisample texture (0 for
 * others); out of range (a sample too) returns 0 in all components. */
void fxp_texel_fetch(const struct fxp_sampler_binding *b, unsigned target, int x, int y, int z, int level,
                     int sample, uint32_t out[4]);

/* Size of a level (TXQ): width, height, depth or layers, and the number of levels. */
void fxp_texture_size(const struct fxp_sampler_binding *b, unsigned target, int level, uint32_t out[4]);

/* Cube faces as the sampler numbers them (0 +x, 1 -x, 2 +y, 3 -y, 4 +z, 5 -z): the face of a direction's
 * major axis, and a direction's sc, tc and ma on a given face (out[3]), with the same for a derivative d
 * (dout, when not NULL; 0 when d is NULL). */
unsigned fxp_cube_axis(float x, float y, float z);
void fxp_cube_sc_tc_ma(unsigned face, const float v[3], const float d[3], float out[3], float dout[3]);

/* The view's swizzle applied to a texel (integer formats take 1 as an integer for PIPE_SWIZZLE_1). */
void fxp_sampler_swizzle(const struct pipe_sampler_view *v, const uint32_t in[4], uint32_t out[4], bool integer);

/* Width and height of the base level the LOD is computed against (1 for unbound views). */
void fxp_texture_base_size(const struct fxp_sampler_binding *b, float size[3]);

#endif
