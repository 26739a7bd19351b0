/* Shader images (IMAGE[]): a bound pipe_image_view prepared once per dispatch into a flat description
 * (struct fxp_image_binding), and the texel access LOAD, STORE, the atomics and RESQ make through it.
 *
 * | target      | coordinates (integers)     | z selects                                             |
 * |-------------|----------------------------|-------------------------------------------------------|
 * | BUFFER, 1D  | x                          | -                                                     |
 * | 1D_ARRAY    | x, layer (y)               | layer                                                 |
 * | 2D, RECT    | x, y                       | -                                                     |
 * | 2D_ARRAY    | x, y, layer                | layer                                                 |
 * | 3D          | x, y, z                    | the slice of the view's level (from its first layer)  |
 * | CUBE        | x, y, face                 | face (layer 0-5 of the view)                          |
 * | CUBE_ARRAY  | x, y, 6 * cube + face      | layer                                                 |
 * | 2D_MSAA     | x, y, -, sample (w)        | -                                                     |
 * | 2D_ARRAY_MSAA | x, y, layer, sample (w)  | layer                                                 |
 *
 * A coordinate outside the view (x >= width, y >= height, layer outside first..last layer, or any
 * negative one, unsigned compare): LOAD returns a zero texel of the view's format (so missing channels
 * still read (0, 0, 0, 1)), STORE and atomics do nothing and atomics return 0. An unbound or unusable view
 * reads 0 in every channel. Conversion uses the view's format: LOAD unpacks to floats
 * (normalized and float formats; SNORM's most negative value reads -1.0, as GL says) or to 32-bit
 * integers (pure integer formats), missing channels read (0, 0, 0, 1); STORE packs the same way. Atomics work on the 32-bit texel of an R32 format.
 *
 * Multisample images (2D and 2D array resources of 2-16 samples, README "Multisampling"): sample s of pixel x
 * is texel column fxp_sample_column(x, samples, s) of the storage (fxp_resource.h); the MSAA targets take
 * the sample from the coordinate's w (nir_to_tgsi puts it there), a sample >= the image's count is outside
 * the image like any other coordinate, and the other targets address sample 0. RESQ's w is the sample count
 * of a multisample image (GLSL imageSamples), 0 for the others.
 *
 * Fast path (FXPIPE_DEBUG=nofast turns it off; FXPIPE_DEBUG=perf names it for each image): LOAD, and STORE
 * with a full write mask, of a 2D or RECT view of one of the formats below, when the instruction names one
 * image (no indirect IMAGE[] index) and the level's bytes fit in 31 bits, run as lane vectors: bounds and
 * offsets for all lanes at once, one 32-bit word a channel per lane, and the format's conversion as vectors,
 * the same bits util_format's unpack and pack give (unit test image.fast_matches):
 *
 * | kind        | formats                         | LOAD                        | STORE                       |
 * |-------------|---------------------------------|-----------------------------|-----------------------------|
 * | RGBA8       | R8G8B8A8_UNORM                  | c * (1.0f / 255.0f)          | float_to_ubyte's rounding   |
 * | RGBA32      | R32G32B32A32_FLOAT, _UINT, _SINT| the words                    | the words                   |
 * | R32         | R32_FLOAT                       | (x, 0, 0, 1.0f)              | x                           |
 * | R32_INT     | R32_UINT, R32_SINT              | (x, 0, 0, 1)                 | x                           | */
#include "util/format/u_format.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "fxp_debug.h"
#include "fxp_resource.h"
#include "fxp_bits.h"
#include "fxp_formats.h"
#include "fxp_exec_inline.h"

enum image_fast { IMAGE_FAST_NONE, IMAGE_FAST_RGBA8, IMAGE_FAST_RGBA32, IMAGE_FAST_R32, IMAGE_FAST_R32_INT };

/* The fast path's kind for a prepared 2D or RECT binding (the table at the top), or IMAGE_FAST_NONE. */
static uint8_t
image_fast_kind(const struct fxp_image_binding *b)
{
   if ((fxp_debug_flags & FXP_DBG_NOFAST) || !b->base || b->samples != 1 ||
       (b->target != PIPE_TEXTURE_2D && b->target != PIPE_TEXTURE_RECT) ||
       (uint64_t)b->row_B * b->height > INT32_MAX)
      return IMAGE_FAST_NONE;
   switch (b->format) {
   case PIPE_FORMAT_R8G8B8A8_UNORM: return IMAGE_FAST_RGBA8;
   case PIPE_FORMAT_R32G32B32A32_FLOAT: case PIPE_FORMAT_R32G32B32A32_UINT: case PIPE_FORMAT_R32G32B32A32_SINT:
      return IMAGE_FAST_RGBA32;
   case PIPE_FORMAT_R32_FLOAT: return IMAGE_FAST_R32;
   case PIPE_FORMAT_R32_UINT: case PIPE_FORMAT_R32_SINT: return IMAGE_FAST_R32_INT;
   default: return IMAGE_FAST_NONE;
   }
}

const char *
fxp_image_fast_name(const struct fxp_image_binding *b)
{
   static const char *const names[] = {"general", "fast (rgba8)", "fast (rgba32)", "fast (r32 float)",
                                       "fast (r32 integer)"};
   return names[b->fast < ARRAY_SIZE(names) ? b->fast : 0];
}

void
fxp_image_binding_prepare(struct fxp_image_binding *b, const struct pipe_image_view *v)
{
   if (!v || !v->resource || v->format == PIPE_FORMAT_NONE) {
      /* unbound (most slots of most draws): what the accessors look at */
      b->base = NULL;
      b->bpp = 0;
      b->samples = 1;
      b->width = b->height = b->depth = 0;
      b->format = PIPE_FORMAT_NONE;
      return;
   }
   memset(b, 0, sizeof(*b));
   struct fxp_resource *res = fxp_resource(v->resource);
   const struct util_format_description *desc = util_format_description(v->format);
   if (!res->data || !desc || desc->block.width != 1 || desc->block.height != 1 ||
       util_format_is_depth_or_stencil(v->format) ||
       (v->resource->target != PIPE_BUFFER &&
        desc->block.bits != util_format_get_blocksizebits(v->resource->format)))
      return; /* display targets, compressed and depth formats, and texture views of another texel size */
   b->format = v->format;
   b->bpp = desc->block.bits / 8;
   b->samples = fxp_resource_samples(v->resource);
   b->snorm = fxp_format_is_snorm(v->format);
   b->target = v->resource->target;
   if (v->resource->target == PIPE_BUFFER) {
      const uint64_t offset = v->u.buf.offset, size = v->u.buf.size;
      if (offset >= v->resource->width0)
         return;
      b->base = res->data + offset;
      b->width = (uint32_t)(MIN2(size, v->resource->width0 - offset) / b->bpp);
      b->height = b->depth = 1;
      return;
   }
   const unsigned level = v->u.tex.level;
   if (level > v->resource->last_level)
      return;
   b->width = u_minify(v->resource->width0, level);
   b->height = u_minify(v->resource->height0, level);
   b->row_B = res->row_stride_B[level];
   b->layer_B = res->slice_stride_B[level];
   /* layers, cube faces or (3D) slices of the level: all of them for a layered binding, one else */
   const unsigned first = v->u.tex.first_layer;
   const unsigned last = MIN2(v->u.tex.last_layer, v->resource->target == PIPE_TEXTURE_3D
                                                      ? u_minify(v->resource->depth0, level) - 1
                                                      : v->resource->array_size - 1);
   if (first > last)
      return;
   b->depth = last - first + 1;
   b->base = fxp_resource_texel(res, res->data, level, 0, 0, first);
   b->fast = image_fast_kind(b);
}

/* The fast path's binding for an instruction (one image, a fast kind, a 2D or RECT target), or NULL. */
static inline const struct fxp_image_binding *
image_fast(const struct fxp_exec *e, const struct fxp_inst *in)
{
   if (!e->bind || in->res_addr_slot != UINT32_MAX || in->mem_index >= e->bind->num_images ||
       (in->tex_target != TGSI_TEXTURE_2D && in->tex_target != TGSI_TEXTURE_RECT))
      return NULL;
   const struct fxp_image_binding *b = &e->bind->images[in->mem_index];
   return b->fast ? b : NULL;
}

/* The lanes of `lanes` whose (x, y) is inside the image, and each lane's byte offset (0 outside). */
static inline fxp_vi
image_fast_offsets(const struct fxp_image_binding *b, fxp_vu x, fxp_vu y, fxp_vi lanes, fxp_vu *off)
{
   const fxp_vi in = lanes & fxp_lt_u(x, (fxp_vu){0} + b->width) & fxp_lt_u(y, (fxp_vu){0} + b->height);
   /* inside: y * row_B + x * bpp < row_B * height <= INT32_MAX (image_fast_kind) */
   *off = (y * (uint32_t)b->row_B + x * b->bpp) & (fxp_vu)in;
   return in;
}

/* LOAD through the fast path; false (nothing done) where it does not apply. */
static bool
image_load_fast(struct fxp_exec *e, const struct fxp_inst *in, fxp_vu r[4])
{
   const struct fxp_image_binding *b = image_fast(e, in);
   if (!b)
      return false;
   fxp_vu off;
   const fxp_vi lanes = image_fast_offsets(b, src_u(e, in, 1, 0), src_u(e, in, 1, 1), e->mask, &off);
   const unsigned words = b->fast == IMAGE_FAST_RGBA32 ? 4 : 1;
   fxp_vu w[4];
   for (unsigned c = 0; c < words; c++) {
      for (unsigned l = 0; l < FXP_W; l++) {
         uint32_t v;
         memcpy(&v, b->base + off[l] + 4 * c, 4); /* outside: the first texel's, masked off below */
         w[c][l] = v;
      }
      w[c] &= (fxp_vu)lanes; /* outside: a zero texel */
   }
   const fxp_vu active = (fxp_vu)e->mask; /* inactive lanes read 0 in every channel, as the general path */
   switch (b->fast) {
   case IMAGE_FAST_RGBA8:
      for (unsigned c = 0; c < 4; c++) {
         const fxp_vf f = __builtin_convertvector((fxp_vi)((w[0] >> (8 * c)) & 0xffu), fxp_vf) * (1.0f / 255.0f);
         r[c] = (fxp_vu)f & active;
      }
      break;
   case IMAGE_FAST_RGBA32:
      for (unsigned c = 0; c < 4; c++)
         r[c] = w[c] & active;
      break;
   default: /* R32, R32_INT: (x, 0, 0, 1) */
      r[0] = w[0] & active;
      r[1] = r[2] = (fxp_vu){0};
      r[3] = ((fxp_vu){0} + (b->fast == IMAGE_FAST_R32 ? fxp_f2u(1.0f) : 1u)) & active;
      break;
   }
   return true;
}

/* util_format's float_to_ubyte for each lane: 0 for NaN and x <= 0, 255 for x >= 1, else the low byte of
 * the bits of x * (255 / 256) + 32768 (the same multiply and add, in float). */
static inline fxp_vu
vfloat_to_ubyte(fxp_vf x)
{
   const fxp_vu mid = (fxp_vu)(x * (255.0f / 256.0f) + 32768.0f) & 0xffu;
   const fxp_vi pos = fxp_gt_f(x, fxp_splat_f(0.0f)), one = fxp_ge_f(x, fxp_splat_f(1.0f));
   return ((fxp_vu)one & 255u) | (mid & (fxp_vu)(pos & ~one));
}

/* STORE through the fast path; false (nothing done) where it does not apply. */
static bool
image_store_fast(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_image_binding *b = image_fast(e, in);
   if (!b || in->dst[0].mask != TGSI_WRITEMASK_XYZW)
      return false;
   fxp_vu off;
   const fxp_vi lanes = image_fast_offsets(b, src_u(e, in, 0, 0), src_u(e, in, 0, 1), e->mask & ~e->helper, &off);
   const uint32_t bits = fxp_lane_bits(lanes); /* helper lanes never write memory */
   if (!bits)
      return true;
   fxp_vu w[4];
   unsigned words = 1;
   switch (b->fast) {
   case IMAGE_FAST_RGBA8:
      w[0] = vfloat_to_ubyte((fxp_vf)src_raw(e, in, 1, 0)) | vfloat_to_ubyte((fxp_vf)src_raw(e, in, 1, 1)) << 8 |
             vfloat_to_ubyte((fxp_vf)src_raw(e, in, 1, 2)) << 16 | vfloat_to_ubyte((fxp_vf)src_raw(e, in, 1, 3)) << 24;
      break;
   case IMAGE_FAST_RGBA32:
      words = 4;
      for (unsigned c = 0; c < 4; c++)
         w[c] = src_raw(e, in, 1, c);
      break;
   default:
      w[0] = src_raw(e, in, 1, 0);
      break;
   }
   for (uint32_t rest = bits; rest; rest &= rest - 1) {
      const unsigned l = __builtin_ctz(rest);
      for (unsigned c = 0; c < words; c++) {
         const uint32_t v = w[c][l]; /* not the vector's lane by address: clang (the fuzzers' build) refuses that */
         memcpy(b->base + off[l] + 4 * c, &v, 4);
      }
   }
   return true;
}

/* The texel lane l addresses (sample w of a multisample image), or NULL if outside the view. */
static uint8_t *
texel(const struct fxp_image_binding *b, unsigned tex_target, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
   if (!b->base)
      return NULL;
   uint32_t sample = 0;
   switch (tex_target) {
   case TGSI_TEXTURE_BUFFER:
   case TGSI_TEXTURE_1D:
      y = z = 0;
      break;
   case TGSI_TEXTURE_1D_ARRAY:
      z = y, y = 0;
      break;
   case TGSI_TEXTURE_2D:
   case TGSI_TEXTURE_RECT:
      z = 0;
      break;
   case TGSI_TEXTURE_2D_MSAA:
      z = 0, sample = w;
      break;
   case TGSI_TEXTURE_2D_ARRAY_MSAA:
      sample = w;
      break;
   default: /* 2D_ARRAY, 3D, CUBE, CUBE_ARRAY: z is the slice or layer */
      break;
   }
   if (x >= b->width || y >= b->height || z >= b->depth || sample >= b->samples)
      return NULL;
   return b->base + (size_t)z * b->layer_B + (size_t)y * b->row_B +
          (size_t)fxp_sample_column((int)x, b->samples, sample) * b->bpp;
}

static const struct fxp_image_binding *
image(const struct fxp_exec *e, const struct fxp_inst *in, unsigned l)
{
   static const struct fxp_image_binding none;
   if (!e->bind)
      return &none;
   uint32_t index = in->mem_index;
   if (in->res_addr_slot != UINT32_MAX)
      index += e->rf[in->res_addr_slot].au[l];
   return index < e->bind->num_images ? &e->bind->images[index] : &none;
}

void
fxp_image_load(struct fxp_exec *e, const struct fxp_inst *in, fxp_vu r[4])
{
   if (image_load_fast(e, in, r))
      return;
   const fxp_vu x = src_u(e, in, 1, 0), y = src_u(e, in, 1, 1), z = src_u(e, in, 1, 2), w = src_u(e, in, 1, 3);
   for (unsigned l = 0; l < FXP_W; l++) {
      uint32_t v[4] = {0, 0, 0, 0};
      const struct fxp_image_binding *b = image(e, in, l);
      const uint8_t *p = e->mask[l] ? texel(b, in->tex_target, x[l], y[l], z[l], w[l]) : NULL;
      static const uint8_t zero[16];
      if (b->base && e->mask[l]) {
         util_format_unpack_rgba(b->format, v, p ? p : zero, 1); /* outside: a zero texel, (0, 0, 0, 1)
                                                                    for formats without alpha */
         if (b->snorm)
            fxp_snorm_floor_bits(v);
      }
      for (unsigned c = 0; c < 4; c++)
         r[c][l] = v[c];
   }
}

void
fxp_image_store(struct fxp_exec *e, const struct fxp_inst *in)
{
   if (image_store_fast(e, in))
      return;
   const fxp_vu x = src_u(e, in, 0, 0), y = src_u(e, in, 0, 1), z = src_u(e, in, 0, 2), w = src_u(e, in, 0, 3);
   fxp_vu v[4];
   for (unsigned c = 0; c < 4; c++)
      v[c] = src_raw(e, in, 1, c);
   for (unsigned l = 0; l < FXP_W; l++) {
      if (!e->mask[l] || e->helper[l])
         continue; /* helper lanes never write memory */
      const struct fxp_image_binding *b = image(e, in, l);
      uint8_t *p = texel(b, in->tex_target, x[l], y[l], z[l], w[l]);
      if (!p)
         continue;
      const uint32_t value[4] = {v[0][l], v[1][l], v[2][l], v[3][l]};
      if (in->dst[0].mask == TGSI_WRITEMASK_XYZW) {
         util_format_pack_rgba(b->format, p, value, 1);
      } else {
         /* a partial write mask keeps the texel's other channels */
         uint32_t old[4];
         util_format_unpack_rgba(b->format, old, p, 1);
         for (unsigned c = 0; c < 4; c++)
            if (in->dst[0].mask & (1 << c))
               old[c] = value[c];
         util_format_pack_rgba(b->format, p, old, 1);
      }
   }
}

uint32_t *
fxp_image_word(const struct fxp_exec *e, const struct fxp_inst *in, unsigned l, uint32_t x, uint32_t y, uint32_t z,
               uint32_t w)
{
   const struct fxp_image_binding *b = image(e, in, l);
   if (b->bpp != 4 || util_format_get_nr_components(b->format) != 1)
      return NULL; /* atomics need a 32-bit single-channel format */
   return (uint32_t *)texel(b, in->tex_target, x, y, z, w);
}

void
fxp_image_size(const struct fxp_exec *e, const struct fxp_inst *in, fxp_vu r[4])
{
   for (unsigned l = 0; l < FXP_W; l++) {
      const struct fxp_image_binding *b = image(e, in, l);
      uint32_t s[4] = {b->width, b->height, b->depth, b->samples > 1 ? b->samples : 0};
      if (!b->base)
         s[0] = s[1] = s[2] = s[3] = 0;
      else if (in->tex_target == TGSI_TEXTURE_1D_ARRAY)
         s[1] = b->depth;
      else if (in->tex_target == TGSI_TEXTURE_CUBE_ARRAY)
         s[2] = b->depth / 6;
      for (unsigned c = 0; c < 4; c++)
         r[c][l] = s[c];
   }
}
