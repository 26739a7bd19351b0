/* Tests of is_format_supported against the table in fxp_formats.c, one row per question. */
#include "util/u_inlines.h"
#include "tests/fxp_test.h"

struct fmt_case {
   enum pipe_format format;
   enum pipe_texture_target target;
   unsigned samples;
   unsigned bind;
   bool want;
};

static const struct fmt_case cases[] = {
   /* colour */
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET | PIPE_BIND_BLENDABLE, true},
   {PIPE_FORMAT_B8G8R8X8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, true},
   {PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, true},
   {PIPE_FORMAT_R11G11B10_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, true},
   {PIPE_FORMAT_R9G9B9E5_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_R9G9B9E5_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, false},
   {PIPE_FORMAT_R32G32B32A32_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, true},
   {PIPE_FORMAT_R32G32B32A32_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_BLENDABLE, false},
   {PIPE_FORMAT_R8G8B8A8_USCALED, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, false},
   {PIPE_FORMAT_R64_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4, PIPE_BIND_RENDER_TARGET, false},
   /* images: plain colour formats that are not sRGB (shader/fxp_image.c), not compressed nor depth */
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_SHADER_IMAGE, true},
   {PIPE_FORMAT_R11G11B10_FLOAT, PIPE_TEXTURE_2D_ARRAY, 0, PIPE_BIND_SHADER_IMAGE, true},
   {PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_TEXTURE_2D, 0, PIPE_BIND_SHADER_IMAGE, false},
   {PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SHADER_IMAGE, false},
   {PIPE_FORMAT_FXT1_RGB, PIPE_TEXTURE_2D, 0, PIPE_BIND_SHADER_IMAGE, false},
   /* compressed (FXT1 only) and YUV */
   {PIPE_FORMAT_DXT1_RGB, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_FXT1_RGB, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_FXT1_RGBA, PIPE_TEXTURE_2D_ARRAY, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_FXT1_RGBA, PIPE_TEXTURE_3D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_FXT1_RGBA, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, false},
   {PIPE_FORMAT_NV12, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   /* depth and stencil */
   {PIPE_FORMAT_Z16_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_S8_UINT_Z24_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_X8Z24_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_Z32_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_S8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, true},
   {PIPE_FORMAT_Z32_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, false},
   {PIPE_FORMAT_Z24_UNORM_S8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, false},
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_DEPTH_STENCIL, false},
   /* 24, 48 and 96-bit texels: buffers only (one texel size per view class) */
   {PIPE_FORMAT_R8G8B8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_R8G8B8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_R16G16B16_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_R32G32B32_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET, false},
   {PIPE_FORMAT_R32G32B32_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_R8G8B8X8_UINT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_R16G16B16X16_FLOAT, PIPE_TEXTURE_2D, 0, PIPE_BIND_SAMPLER_VIEW, true},
   /* vertex buffers: the velems list */
   {PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R32_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R64G64B64A64_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R16G16B16_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R8G8B8_SNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R16G16_USCALED, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R32G32B32_SINT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R32G32_FIXED, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R10G10B10A2_SNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_B10G10R10A2_SSCALED, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_R11G11B10_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_B8G8R8A8_UNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, true},
   {PIPE_FORMAT_B8G8R8A8_SNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, false},
   {PIPE_FORMAT_B5G6R5_UNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, false},
   {PIPE_FORMAT_L8_UNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, false},
   {PIPE_FORMAT_A8R8G8B8_UNORM, PIPE_BUFFER, 0, PIPE_BIND_VERTEX_BUFFER, false},
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 0, PIPE_BIND_VERTEX_BUFFER, false},
   /* index buffers */
   {PIPE_FORMAT_R16_UINT, PIPE_BUFFER, 0, PIPE_BIND_INDEX_BUFFER, true},
   {PIPE_FORMAT_R32_UINT, PIPE_BUFFER, 0, PIPE_BIND_INDEX_BUFFER, true},
   {PIPE_FORMAT_R16_UNORM, PIPE_BUFFER, 0, PIPE_BIND_INDEX_BUFFER, false},
   /* buffers as textures (colour formats) and as images (not yet) */
   {PIPE_FORMAT_R32_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_BUFFER, 0, PIPE_BIND_SAMPLER_VIEW, true},
   {PIPE_FORMAT_Z32_FLOAT, PIPE_BUFFER, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_FXT1_RGB, PIPE_BUFFER, 0, PIPE_BIND_SAMPLER_VIEW, false},
   {PIPE_FORMAT_R32_UINT, PIPE_BUFFER, 0, PIPE_BIND_SHADER_IMAGE, true},
   {PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_BUFFER, 0, PIPE_BIND_SHADER_IMAGE, false},
};

static void
test_format_table(struct fxp_t *t)
{
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct fmt_case *c = &cases[i];
      bool got = t->screen->is_format_supported(t->screen, c->format, c->target, c->samples,
                                                c->samples, c->bind);
      CHECK(t, got == c->want, "row %u: format %d target %d bind 0x%x: got %d want %d", i, c->format,
            c->target, c->bind, got, c->want);
   }
}

/* Every format the table accepts for rendering must also be creatable as a render target and clearable. */
static void
test_render_formats_create(struct fxp_t *t)
{
   unsigned n = 0;

   for (enum pipe_format f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (!t->screen->is_format_supported(t->screen, f, PIPE_TEXTURE_2D, 0, 0, PIPE_BIND_RENDER_TARGET))
         continue;
      struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D, f, 5, 3, 1, 1, 1,
                                              PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
      CHECK(t, r != NULL, "format %d accepted but not creatable", f);
      pipe_resource_reference(&r, NULL);
      n++;
   }
   CHECK(t, n > 60, "only %u render-target formats", n);
}

const struct fxp_test fxp_formats_tests[] = {
   {"formats.table", test_format_table},
   {"formats.render_targets_create", test_render_formats_create},
   {NULL, NULL},
};
