/* is_format_supported: exactly the formats fxpipe can store, copy, clear, blit and (through the coming
 * stages) render to, sample from and fetch vertices from.
 *
 * | binding                         | formats                                                              |
 * |---------------------------------|----------------------------------------------------------------------|
 * | VERTEX_BUFFER                   | the velems list (spec/velems.rst): 8/16/32-bit (S|U)(NORM|SCALED|INT),|
 * |                                 | 16/32/64-bit FLOAT, 32-bit FIXED, 10_10_10_2 variants, R11G11B10F,    |
 * |                                 | B8G8R8A8_UNORM                                                        |
 * | INDEX_BUFFER                    | R8_UINT, R16_UINT, R32_UINT                                           |
 * | DEPTH_STENCIL                   | Z16, Z24S8 / S8Z24, Z24X8 / X8Z24, Z32F, Z32F_S8X24, S8              |
 * | RENDER_TARGET, BLENDABLE        | plain 1x1-block colour formats that util_format can pack and unpack, |
 * |                                 | plus R11G11B10_FLOAT; not SCALED, FIXED, 64-bit or YUV; BLENDABLE    |
 * |                                 | excludes pure integer formats                                         |
 * | SAMPLER_VIEW                    | every RENDER_TARGET format, the depth/stencil list, R9G9B9E5_FLOAT,   |
 * |                                 | FXT1_RGB and FXT1_RGBA (2D, cube and their array targets: layers of   |
 * |                                 | 2D images, our fxt1/ decoder)                                         |
 * |                                 | and on PIPE_BUFFER (texture buffers) every RENDER_TARGET format       |
 * | SAMPLER_REDUCTION_MINMAX        | the SAMPLER_VIEW formats that are filtered: not pure integer, not     |
 * |                                 | stencil views (MIN/MAX reduction, sampler/fxp_sampler.c)              |
 * | DISPLAY_TARGET, SCANOUT, SHARED | what the winsys can present                                          |
 * | CONSTANT_BUFFER, STREAM_OUTPUT, | PIPE_FORMAT_NONE on PIPE_BUFFER                                       |
 * |   COMMAND_ARGS_BUFFER           |                                                                       |
 *
 * Multisampled (2, 4, 8, 16 samples, raster/fxp_samples.h; not with FXPIPE_MSAA=0, struct fxp_screen.msaa):
 * 2D and 2D-array targets of the RENDER_TARGET and DEPTH_STENCIL formats above, bound as those, as sampler
 * views or both (and R9G9B9E5_FLOAT as a sampler view), with as many storage samples as samples; never shader images or display targets.
 * Compressed formats other than FXT1 are refused. */
#include "util/format/u_format.h"
#include "frontend/sw_winsys.h"

#include "fxp_screen.h"
#include "fxp_formats.h"
#include "raster/fxp_samples.h"

bool
fxp_is_vertex_format(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);

   switch (format) {
   case PIPE_FORMAT_R32_FIXED:
   case PIPE_FORMAT_R32G32_FIXED:
   case PIPE_FORMAT_R32G32B32_FIXED:
   case PIPE_FORMAT_R32G32B32A32_FIXED:
   case PIPE_FORMAT_R10G10B10A2_UNORM:
   case PIPE_FORMAT_R10G10B10A2_SNORM:
   case PIPE_FORMAT_R10G10B10A2_USCALED:
   case PIPE_FORMAT_R10G10B10A2_SSCALED:
   case PIPE_FORMAT_B10G10R10A2_UNORM:
   case PIPE_FORMAT_B10G10R10A2_SNORM:
   case PIPE_FORMAT_B10G10R10A2_USCALED:
   case PIPE_FORMAT_B10G10R10A2_SSCALED:
   case PIPE_FORMAT_R11G11B10_FLOAT:
   case PIPE_FORMAT_B8G8R8A8_UNORM:
      return true;
   default:
      break;
   }

   /* R, RG, RGB, RGBA arrays of one channel type, in R..A order (not aliases such as
    * Z24_UNORM_S8_UINT_AS_R8G8B8A8) */
   if (format == PIPE_FORMAT_NONE || format == PIPE_FORMAT_Z24_UNORM_S8_UINT_AS_R8G8B8A8)
      return false;
   if (!desc || desc->nr_channels == 0 || desc->layout != UTIL_FORMAT_LAYOUT_PLAIN || !desc->is_array ||
       desc->colorspace != UTIL_FORMAT_COLORSPACE_RGB)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      const unsigned want = c < desc->nr_channels ? PIPE_SWIZZLE_X + c
                            : c == 3 ? PIPE_SWIZZLE_1 : PIPE_SWIZZLE_0;
      if (desc->swizzle[c] != want)
         return false; /* L, A, I, LA and reordered formats are not vertex formats */
   }
   const struct util_format_channel_description *ch = &desc->channel[0];
   switch (ch->type) {
   case UTIL_FORMAT_TYPE_UNSIGNED:
   case UTIL_FORMAT_TYPE_SIGNED:
      return ch->size == 8 || ch->size == 16 || ch->size == 32;
   case UTIL_FORMAT_TYPE_FLOAT:
      return ch->size == 16 || ch->size == 32 || ch->size == 64;
   default:
      return false;
   }
}

bool
fxp_is_depth_stencil_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_Z16_UNORM:
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
   case PIPE_FORMAT_Z24X8_UNORM:
   case PIPE_FORMAT_X8Z24_UNORM:
   case PIPE_FORMAT_Z32_FLOAT:
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
   case PIPE_FORMAT_S8_UINT:
      return true;
   default:
      return false;
   }
}

bool
fxp_is_fxt1_format(enum pipe_format format)
{
   return format == PIPE_FORMAT_FXT1_RGB || format == PIPE_FORMAT_FXT1_RGBA;
}

bool
fxp_is_image_format(enum pipe_format format)
{
   return fxp_is_color_format(format) && !util_format_is_srgb(format);
}

bool
fxp_format_is_snorm(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);
   const int ch = util_format_get_first_non_void_channel(format);
   return desc && ch >= 0 && desc->channel[ch].type == UTIL_FORMAT_TYPE_SIGNED && desc->channel[ch].normalized;
}

bool
fxp_is_color_format(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);

   if (!desc || format == PIPE_FORMAT_NONE)
      return false;
   if (format == PIPE_FORMAT_R11G11B10_FLOAT)
      return true;
   if (desc->layout != UTIL_FORMAT_LAYOUT_PLAIN || desc->block.width != 1 || desc->block.height != 1)
      return false;
   if (desc->colorspace == UTIL_FORMAT_COLORSPACE_ZS || desc->colorspace == UTIL_FORMAT_COLORSPACE_YUV)
      return false;
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      const struct util_format_channel_description *ch = &desc->channel[c];
      if (ch->type == UTIL_FORMAT_TYPE_FIXED || ch->size > 32)
         return false;
      if ((ch->type == UTIL_FORMAT_TYPE_UNSIGNED || ch->type == UTIL_FORMAT_TYPE_SIGNED) &&
          !ch->normalized && !ch->pure_integer)
         return false; /* SCALED */
   }
   const struct util_format_pack_description *pack = util_format_pack_description(format);
   const struct util_format_unpack_description *unpack = util_format_unpack_description(format);
   if (!pack || !unpack || !unpack->unpack_rgba)
      return false;
   if (util_format_is_pure_uint(format))
      return pack->pack_rgba_uint != NULL;
   if (util_format_is_pure_sint(format))
      return pack->pack_rgba_sint != NULL;
   return pack->pack_rgba_float != NULL;
}

bool
fxp_is_format_supported(struct pipe_screen *pscreen, enum pipe_format format,
                        enum pipe_texture_target target, unsigned sample_count,
                        unsigned storage_sample_count, unsigned bind)
{
   struct fxp_screen *screen = fxp_screen(pscreen);

   if (target >= PIPE_MAX_TEXTURE_TYPES)
      return false;
   if (sample_count > 1 || storage_sample_count > 1) {
      if (!screen->msaa || !fxp_sample_count_valid(sample_count) ||
          MAX2(storage_sample_count, 1) != sample_count)
         return false;
      if (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY)
         return false;
      if (format == PIPE_FORMAT_NONE) /* a framebuffer with no attachments */
         return bind == PIPE_BIND_RENDER_TARGET;
      if (bind & ~(PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_SAMPLER_VIEW |
                   PIPE_BIND_BLENDABLE | PIPE_BIND_LINEAR | PIPE_BIND_SHADER_IMAGE))
         return false; /* images: sample columns (shader/fxp_image.c), the image formats below */
      /* the formats a multisample resource can be drawn to: renderable colour or depth/stencil; and
       * R9G9B9E5 as a sampler view only (GL lets glTexStorage2DMultisample make one; st/mesa then finds
       * it unsupported as a framebuffer attachment) */
      if (!fxp_is_depth_stencil_format(format) && !fxp_is_color_format(format) &&
          !(format == PIPE_FORMAT_R9G9B9E5_FLOAT && !(bind & ~PIPE_BIND_SAMPLER_VIEW)))
         return false;
   }

   if (target == PIPE_BUFFER) {
      const unsigned buffer_binds = PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
                                    PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_STREAM_OUTPUT |
                                    PIPE_BIND_COMMAND_ARGS_BUFFER | PIPE_BIND_QUERY_BUFFER |
                                    PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_BUFFER |
                                    PIPE_BIND_SHADER_IMAGE;
      if (bind & ~buffer_binds)
         return false;
      if ((bind & (PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHADER_IMAGE)) && !fxp_is_image_format(format))
         return false; /* texture and image buffers: the plain colour formats */
      if ((bind & PIPE_BIND_VERTEX_BUFFER) && !fxp_is_vertex_format(format))
         return false;
      if ((bind & PIPE_BIND_INDEX_BUFFER) && format != PIPE_FORMAT_R8_UINT &&
          format != PIPE_FORMAT_R16_UINT && format != PIPE_FORMAT_R32_UINT)
         return false;
      return true;
   }

   if (bind & (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |
               PIPE_BIND_SHADER_BUFFER | PIPE_BIND_STREAM_OUTPUT))
      return false;
   /* a framebuffer with no attachments (ARB_framebuffer_no_attachments): st/mesa asks with no format */
   if (format == PIPE_FORMAT_NONE)
      return bind == PIPE_BIND_RENDER_TARGET;
   if ((bind & PIPE_BIND_SHADER_IMAGE) && !fxp_is_image_format(format))
      return false; /* images: formats whose texels util_format packs and unpacks one at a time */

   /* MESA_ycbcr_texture: 4:2:2 YUV, two texels in each 32-bit block, sampled only (converted to RGB by
    * util_format's unpack, sampler/fxp_sampler.c); no mipmaps needed by GL, none refused */
   if (format == PIPE_FORMAT_UYVY || format == PIPE_FORMAT_YUYV)
      return (target == PIPE_TEXTURE_2D || target == PIPE_TEXTURE_RECT) &&
             !(bind & ~(PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_LINEAR));

   if (fxp_is_fxt1_format(format))
      return (target == PIPE_TEXTURE_2D || target == PIPE_TEXTURE_2D_ARRAY || target == PIPE_TEXTURE_CUBE ||
              target == PIPE_TEXTURE_CUBE_ARRAY) &&
             !(bind & ~(PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_LINEAR | PIPE_BIND_SAMPLER_REDUCTION_MINMAX));

   /* stencil views of depth/stencil textures (ARB_stencil_texturing): sampled as integers (sampler/) */
   if (format == PIPE_FORMAT_X24S8_UINT || format == PIPE_FORMAT_S8X24_UINT ||
       format == PIPE_FORMAT_X32_S8X24_UINT)
      return target != PIPE_BUFFER && !(bind & ~PIPE_BIND_SAMPLER_VIEW);
   /* MIN/MAX reduction replaces filtering's average: formats that are filtered (integers never are) */
   if ((bind & PIPE_BIND_SAMPLER_REDUCTION_MINMAX) &&
       (util_format_is_pure_integer(format) || format == PIPE_FORMAT_S8_UINT))
      return false;

   /* Textures of 24, 48 and 96-bit texels (R8G8B8, R16G16B16, R32G32B32) are refused, so that st/mesa
    * stores every format of a view class in one texel size (RGB8 and RGB8UI both in 32 bits, RGB16F and
    * RGB16 both in 64): texture views and copies between them need equal sizes. Buffers keep them
    * (vertex formats, RGB32 texture buffers). */
   const unsigned bits = util_format_get_blocksizebits(format);
   if (util_format_get_blockwidth(format) == 1 && (bits == 24 || bits == 48 || bits == 96))
      return false;

   const bool zs = fxp_is_depth_stencil_format(format);
   const bool color = fxp_is_color_format(format);

   if ((bind & PIPE_BIND_DEPTH_STENCIL) && !zs)
      return false;
   if ((bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE)) && !color)
      return false;
   if ((bind & PIPE_BIND_BLENDABLE) && util_format_is_pure_integer(format))
      return false;
   if ((bind & PIPE_BIND_SAMPLER_VIEW) && !zs && !color && format != PIPE_FORMAT_R9G9B9E5_FLOAT)
      return false;
   if (!zs && !color && format != PIPE_FORMAT_R9G9B9E5_FLOAT)
      return false;

   if (bind & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED)) {
      if (!screen->winsys->is_displaytarget_format_supported ||
          !screen->winsys->is_displaytarget_format_supported(screen->winsys, bind, format))
         return false;
   }
   return true;
}

int
fxp_format_depth_channel(enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);
   if (!desc || !util_format_has_depth(desc) || desc->swizzle[0] >= 4)
      return -1;
   return desc->swizzle[0];
}
