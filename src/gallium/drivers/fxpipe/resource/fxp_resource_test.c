/* Tests of the resource layout documented in fxp_resource.h (offsets and strides worked out by hand in the
 * comments), of the limits, and that new storage reads as zeros. */
#include <string.h>

#include "util/u_inlines.h"
#include "fxp_resource.h"
#include "fxp_screen.h"
#include "tests/fxp_test.h"

struct layout_case {
   const char *what;
   enum pipe_texture_target target;
   enum pipe_format format;
   unsigned w, h, d, layers, levels;
   uint64_t offset[3], slice[3];
   unsigned row[3];
   uint64_t size;
};

static const struct layout_case layouts[] = {
   /* 37x19 RGBA8: L0 row 148->160, slice 160*19=3040->3072; L1 18x9 row 72->80, slice 720->768 at 3072;
    * L2 9x4 row 36->48, slice 192 at 3840; total 4032 */
   {"2d", PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 37, 19, 1, 1, 3,
    {0, 3072, 3840}, {3072, 768, 192}, {160, 80, 48}, 4032},
   /* 8x8x3 layers RGBA8: L0 row 32, slice 256, 3 slices = 768; L1 4x4 row 16, slice 64 at 768; 960 */
   {"2d array", PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 3, 2,
    {0, 768}, {256, 64}, {32, 16}, 960},
   /* cube 16x16 R8: row 16, slice 256, 6 faces = 1536 */
   {"cube", PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8_UNORM, 16, 16, 1, 6, 1, {0}, {256}, {16}, 1536},
   /* 3D 4x4x4 RGBA8: L0 row 16 slice 64 x4 = 256; L1 2x2x2 row 8->16 slice 32->64 x2 = 128 at 256;
    * L2 1x1x1 row 4->16 slice 16->64 at 384; 448 */
   {"3d", PIPE_TEXTURE_3D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 4, 1, 3,
    {0, 256, 384}, {64, 64, 64}, {16, 16, 16}, 448},
   /* 1D array 100 RGBA16F x4 layers: row 800, slice 800->832, 4 slices = 3328 */
   {"1d array", PIPE_TEXTURE_1D_ARRAY, PIPE_FORMAT_R16G16B16A16_FLOAT, 100, 1, 1, 4, 1,
    {0}, {832}, {800}, 3328},
   /* rect 3x2 Z24S8: row 12->16, slice 32->64 */
   {"rect", PIPE_TEXTURE_RECT, PIPE_FORMAT_Z24_UNORM_S8_UINT, 3, 2, 1, 1, 1, {0}, {64}, {16}, 64},
};

static void
test_layouts(struct fxp_t *t)
{
   for (unsigned i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++) {
      const struct layout_case *c = &layouts[i];
      struct pipe_resource *r = fxp_t_texture(t, c->target, c->format, c->w, c->h, c->d, c->layers,
                                              c->levels, PIPE_BIND_SAMPLER_VIEW);
      if (!CHECK(t, r != NULL, "%s: not created", c->what))
         continue;
      struct fxp_resource *res = fxp_resource(r);
      for (unsigned l = 0; l < c->levels; l++) {
         CHECK(t, res->level_offset_B[l] == c->offset[l], "%s L%u offset %llu want %llu", c->what, l,
               (unsigned long long)res->level_offset_B[l], (unsigned long long)c->offset[l]);
         CHECK(t, res->slice_stride_B[l] == c->slice[l], "%s L%u slice %llu want %llu", c->what, l,
               (unsigned long long)res->slice_stride_B[l], (unsigned long long)c->slice[l]);
         CHECK(t, res->row_stride_B[l] == c->row[l], "%s L%u row %u want %u", c->what, l,
               res->row_stride_B[l], c->row[l]);
      }
      CHECK(t, res->size_B == c->size, "%s size %llu want %llu", c->what,
            (unsigned long long)res->size_B, (unsigned long long)c->size);
      pipe_resource_reference(&r, NULL);
   }
}

static void
test_buffer_layout(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_buffer(t, 100);

   if (!CHECK(t, r != NULL, "buffer not created"))
      return;
   CHECK_EQ_U(t, fxp_resource(r)->size_B, 128);
   pipe_resource_reference(&r, NULL);
}

static void
test_refusals(struct fxp_t *t)
{
   const unsigned sv = PIPE_BIND_SAMPLER_VIEW;

   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 16385, 4, 1, 1, 1, sv),
         "2D wider than 16384");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 8, 1, 6, 1, sv),
         "cube that is not square");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM, 16, 16, 1, 5, 1, sv),
         "cube with 5 faces");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_3D, PIPE_FORMAT_R8_UNORM, 4096, 4, 4, 1, 1, sv),
         "3D wider than 2048");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 0, 4, 1, 1, 1, sv),
         "zero width");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGB, 16, 16, 1, 1, 1, sv),
         "unsupported format");
   CHECK(t, !fxp_t_texture(t, PIPE_TEXTURE_RECT, PIPE_FORMAT_R8_UNORM, 16, 16, 1, 1, 2, sv),
         "rect with levels");

   struct pipe_resource huge;
   memset(&huge, 0, sizeof(huge));
   huge.target = PIPE_TEXTURE_2D_ARRAY;
   huge.format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   huge.width0 = huge.height0 = 16384;
   huge.depth0 = 1;
   huge.array_size = 2048;
   huge.bind = sv;
   CHECK(t, !t->screen->can_create_resource(t->screen, &huge), "a 8 TiB texture");
   huge.array_size = 5; /* 16384^2 * 16 B * 5 = 20 GiB */
   CHECK(t, !t->screen->can_create_resource(t->screen, &huge), "a 20 GiB texture");
   huge.target = PIPE_TEXTURE_2D;
   huge.array_size = 1;
   huge.format = PIPE_FORMAT_R8G8B8A8_UNORM; /* 16384^2 * 4 B = 1 GiB exactly: the limit */
   CHECK(t, t->screen->can_create_resource(t->screen, &huge), "a 1 GiB texture");
   huge.format = PIPE_FORMAT_R16G16B16A16_FLOAT; /* 2 GiB */
   CHECK(t, !t->screen->can_create_resource(t->screen, &huge), "a 2 GiB texture");
   huge.target = PIPE_TEXTURE_2D_ARRAY;
   huge.array_size = 1;
   huge.width0 = huge.height0 = 64;
   CHECK(t, t->screen->can_create_resource(t->screen, &huge), "a small texture");
}

static void
test_new_storage_is_zero(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT, 9, 7,
                                           1, 2, 3, PIPE_BIND_SAMPLER_VIEW);
   uint8_t px[16], zero[16] = {0};

   if (!CHECK(t, r != NULL, "not created"))
      return;
   fxp_t_read(t, r, 0, 8, 6, 1, px, 16);
   CHECK(t, !memcmp(px, zero, 16), "level 0 layer 1 not zero");
   fxp_t_read(t, r, 2, 1, 0, 0, px, 16);
   CHECK(t, !memcmp(px, zero, 16), "level 2 not zero");
   pipe_resource_reference(&r, NULL);
}

/* A buffer over the application's memory (AMD_pinned_memory, resource_from_user_memory): its map is that
 * memory, a write through the context lands there, a texture template is refused, and destroying the buffer
 * leaves the memory to its owner (the bytes after it, guard bytes here, are never touched). */
static void
test_user_memory(struct fxp_t *t)
{
   static uint8_t mem[4096 + 64] __attribute__((aligned(4096)));
   memset(mem, 0x5a, sizeof(mem));
   const struct pipe_resource buf = {.target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM, .width0 = 4096,
                                     .height0 = 1, .depth0 = 1, .array_size = 1, .bind = PIPE_BIND_VERTEX_BUFFER};
   struct pipe_resource *r = t->screen->resource_from_user_memory(t->screen, &buf, mem);
   if (!CHECK(t, r != NULL, "buffer over user memory not created"))
      return;
   struct pipe_transfer *tr;
   uint8_t *map = t->pipe->buffer_map(t->pipe, r, 0, PIPE_MAP_READ_WRITE, &(struct pipe_box){0, 0, 0, 4096, 1, 1},
                                      &tr);
   CHECK(t, map == mem, "map %p is not the user memory %p", (void *)map, (void *)mem);
   if (map) {
      CHECK_EQ_U(t, map[4095], 0x5a);
      t->pipe->buffer_unmap(t->pipe, tr);
   }
   const uint32_t word = 0x01020304;
   t->pipe->buffer_subdata(t->pipe, r, PIPE_MAP_WRITE, 100, 4, &word);
   uint32_t got;
   memcpy(&got, mem + 100, 4);
   CHECK_EQ_U(t, got, word);
   pipe_resource_reference(&r, NULL);
   CHECK_EQ_U(t, mem[4096], 0x5a); /* after its end: untouched */
   CHECK_EQ_U(t, mem[99], 0x5a);

   const struct pipe_resource tex = {.target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM, .width0 = 16,
                                     .height0 = 16, .depth0 = 1, .array_size = 1, .bind = PIPE_BIND_SAMPLER_VIEW};
   r = t->screen->resource_from_user_memory(t->screen, &tex, mem);
   CHECK(t, r == NULL, "a texture over user memory was created");
   pipe_resource_reference(&r, NULL);
}

/* Multisample textures (fxp_resource.h): the single-sample layout samples times as wide, 2D and 2D arrays of
 * one level only, counts 2, 4, 8 and 16 only, and the size limit. */
static void
test_multisample(struct fxp_t *t)
{
   struct fxp_screen *screen = fxp_screen(t->screen);
   const bool was = screen->msaa;
   screen->msaa = true;
   struct pipe_resource tmpl = {
      .target = PIPE_TEXTURE_2D, .format = PIPE_FORMAT_R8G8B8A8_UNORM, .width0 = 37, .height0 = 19,
      .depth0 = 1, .array_size = 1, .nr_samples = 4, .nr_storage_samples = 4, .bind = PIPE_BIND_RENDER_TARGET,
   };
   /* 37 pixels * 4 samples * 4 bytes = 592 bytes a row (a multiple of 16), 592 * 19 = 11248 -> 11264 */
   struct pipe_resource *r = t->screen->resource_create(t->screen, &tmpl);
   if (CHECK(t, r != NULL, "4-sample 37x19 RGBA8")) {
      const struct fxp_resource *res = fxp_resource(r);
      CHECK(t, res->row_stride_B[0] == 592 && res->slice_stride_B[0] == 11264 && res->size_B == 11264,
            "4-sample layout: row %u slice %llu size %llu (want 592, 11264, 11264)", res->row_stride_B[0],
            (unsigned long long)res->slice_stride_B[0], (unsigned long long)res->size_B);
      pipe_resource_reference(&r, NULL);
   }
   /* 2D array of 3 layers, 16 samples of R32F 5x2: row 5 * 16 * 4 = 320, slice 640, 3 slices 1920 */
   tmpl.target = PIPE_TEXTURE_2D_ARRAY;
   tmpl.format = PIPE_FORMAT_R32_FLOAT;
   tmpl.width0 = 5;
   tmpl.height0 = 2;
   tmpl.array_size = 3;
   tmpl.nr_samples = tmpl.nr_storage_samples = 16;
   r = t->screen->resource_create(t->screen, &tmpl);
   if (CHECK(t, r != NULL, "16-sample 5x2x3 R32F array")) {
      const struct fxp_resource *res = fxp_resource(r);
      CHECK(t, res->row_stride_B[0] == 320 && res->slice_stride_B[0] == 640 && res->size_B == 1920,
            "16-sample array layout: row %u slice %llu size %llu (want 320, 640, 1920)", res->row_stride_B[0],
            (unsigned long long)res->slice_stride_B[0], (unsigned long long)res->size_B);
      pipe_resource_reference(&r, NULL);
   }
   /* refused: 6 samples, storage samples differing, a 3D target, two levels, and 16 samples of a
    * 16384x16384 RGBA8 target (16 GiB, past FXP_MAX_RESOURCE_SIZE_B: GL_OUT_OF_MEMORY) */
   const struct {
      const char *what;
      enum pipe_texture_target target;
      unsigned samples, storage, levels, size;
   } bad[] = {
      {"6 samples", PIPE_TEXTURE_2D, 6, 6, 1, 8},
      {"4 samples, 2 storage samples", PIPE_TEXTURE_2D, 4, 2, 1, 8},
      {"a 3D target", PIPE_TEXTURE_3D, 4, 4, 1, 8},
      {"two levels", PIPE_TEXTURE_2D, 4, 4, 2, 8},
      {"16 samples of 16384x16384", PIPE_TEXTURE_2D, 16, 16, 1, 16384},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      struct pipe_resource b = {
         .target = bad[i].target, .format = PIPE_FORMAT_R8G8B8A8_UNORM, .width0 = bad[i].size,
         .height0 = bad[i].size, .depth0 = 1, .array_size = 1, .last_level = bad[i].levels - 1,
         .nr_samples = bad[i].samples, .nr_storage_samples = bad[i].storage, .bind = PIPE_BIND_RENDER_TARGET,
      };
      r = t->screen->resource_create(t->screen, &b);
      CHECK(t, r == NULL, "multisample resource with %s refused", bad[i].what);
      pipe_resource_reference(&r, NULL);
   }
   /* with FXPIPE_MSAA=0 no count above 1 is offered */
   screen->msaa = false;
   CHECK(t, !t->screen->is_format_supported(t->screen, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D, 4, 4,
                                            PIPE_BIND_RENDER_TARGET), "no 4 samples with FXPIPE_MSAA=0");
   screen->msaa = was;
}

const struct fxp_test fxp_resource_tests[] = {
   {"resource.multisample", test_multisample},
   {"resource.user_memory", test_user_memory},
   {"resource.layouts", test_layouts},
   {"resource.buffer_layout", test_buffer_layout},
   {"resource.refusals", test_refusals},
   {"resource.new_storage_is_zero", test_new_storage_is_zero},
   {NULL, NULL},
};
