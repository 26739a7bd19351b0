/* Tests of the image fast path (shader/fxp_image.c): LOAD and STORE of every fast kind against the general
 * path (util_format's unpack and pack), on random texels, random coordinates inside and outside the image,
 * random active, inactive and helper lanes, and random values to store (floats in and around [0, 1] near the
 * rounding points of 8-bit UNORM, infinities, NaNs, denormals, and random bits). */
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_inlines.h"

#include "fxp_bits.h"
#include "fxp_resource.h"
#include "shader/fxp_shader.h"
#include "tests/fxp_test.h"

static uint64_t rng_state = 0x2545f4914f6cdd1dull;

static uint32_t
rng(void)
{
   rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

/* A value to store: mostly floats around [0, 1] (k / 255 and halfway points, give or take an ulp), some
 * special ones, some random bits. */
static uint32_t
rand_value(void)
{
   switch (rng() % 6) {
   case 0: {
      const float k = (float)(rng() % 256) + ((rng() % 3) - 1) * 0.5f;
      return fxp_f2u(k / 255.0f) + (rng() % 3) - 1;
   }
   case 1: {
      static const uint32_t special[] = {0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000,
                                         0x7fc00000, 0x7f800001, 0x00000001, 0x807fffff, 0x3f7fffff, 0x3f800001};
      return special[rng() % ARRAY_SIZE(special)];
   }
   case 2: return fxp_f2u((float)(rng() % 20001) / 10000.0f - 0.5f);
   default: return rng();
   }
}

static void
compare_kind(struct fxp_t *t, enum pipe_format format, unsigned w, unsigned h)
{
   struct pipe_resource *res = fxp_t_texture(t, PIPE_TEXTURE_2D, format, w, h, 1, 1, 1, PIPE_BIND_SHADER_IMAGE);
   if (!CHECK(t, res != NULL, "image of %s", util_format_name(format)))
      return;
   struct fxp_resource *r = fxp_resource(res);
   const size_t size_B = r->row_stride_B[0] * h;
   struct pipe_image_view view;
   memset(&view, 0, sizeof(view));
   view.resource = res;
   view.format = format;
   view.access = view.shader_access = PIPE_IMAGE_ACCESS_READ_WRITE;
   struct fxp_bindings *bind = calloc(1, sizeof(*bind));
   fxp_vec *rf = aligned_alloc(64, 8 * sizeof(fxp_vec));
   struct fxp_exec *e = aligned_alloc(64, sizeof(*e));
   uint8_t *before = malloc(size_B), *general_B = malloc(size_B);
   if (!bind || !rf || !e || !before || !general_B)
      goto out;
   bind->num_images = 1;
   fxp_image_binding_prepare(&bind->images[0], &view);
   CHECK(t, bind->images[0].fast != 0, "%s: no fast path", util_format_name(format));
   struct fxp_bindings *general = calloc(1, sizeof(*general));
   if (!general)
      goto out;
   *general = *bind;
   general->images[0].fast = 0;

   struct fxp_inst in;
   memset(&in, 0, sizeof(in));
   in.tex_target = TGSI_TEXTURE_2D;
   in.mem_file = TGSI_FILE_IMAGE;
   in.res_addr_slot = UINT32_MAX;
   in.num_dst = 1;
   in.dst[0].mask = TGSI_WRITEMASK_XYZW;
   unsigned bad = 0;
   for (unsigned n = 0; n < 3000; n++) {
      memset(e, 0, sizeof(*e));
      e->rf = rf;
      for (unsigned i = 0; i < size_B; i++)
         r->data[i] = (uint8_t)rng();
      memcpy(before, r->data, size_B);
      /* coordinates (slots 0-3): inside mostly, some a little outside, some negative */
      for (unsigned l = 0; l < FXP_W; l++) {
         rf[0].ai[l] = (int32_t)(rng() % (w + 3)) - (rng() % 8 == 0 ? 2 : 0);
         rf[1].ai[l] = (int32_t)(rng() % (h + 3)) - (rng() % 8 == 0 ? 2 : 0);
         rf[2].ai[l] = rf[3].ai[l] = (int32_t)(rng() % 2);
         for (unsigned c = 0; c < 4; c++)
            rf[4 + c].au[l] = rand_value();
         e->mask[l] = rng() % 4 ? -1 : 0;
         e->helper[l] = rng() % 6 == 0 ? -1 : 0;
      }
      /* LOAD: coordinates are source 1 */
      for (unsigned c = 0; c < 4; c++)
         in.src[1].slot[c] = c;
      fxp_vu a[4], b[4];
      e->bind = bind;
      fxp_image_load(e, &in, a);
      e->bind = general;
      fxp_image_load(e, &in, b);
      for (unsigned c = 0; c < 4; c++)
         for (unsigned l = 0; l < FXP_W; l++)
            if (a[c][l] != b[c][l] && bad++ < 3)
               CHECK(t, false, "%s LOAD lane %u (%d, %d) channel %u: fast %08x, general %08x", util_format_name(format),
                     l, rf[0].ai[l], rf[1].ai[l], c, a[c][l], b[c][l]);
      /* STORE: coordinates source 0, values source 1 (slots 4-7) */
      for (unsigned c = 0; c < 4; c++)
         in.src[0].slot[c] = c, in.src[1].slot[c] = 4 + c;
      e->bind = general;
      fxp_image_store(e, &in);
      memcpy(general_B, r->data, size_B);
      memcpy(r->data, before, size_B);
      e->bind = bind;
      fxp_image_store(e, &in);
      if (memcmp(general_B, r->data, size_B) && bad++ < 3) {
         size_t i = 0;
         while (general_B[i] == r->data[i])
            i++;
         CHECK(t, false, "%s STORE: byte %zu fast %02x, general %02x", util_format_name(format), i, r->data[i],
               general_B[i]);
      }
   }
   CHECK(t, bad == 0, "%s: %u mismatches", util_format_name(format), bad);
   free(general);
out:
   free(bind), free(rf), free(e), free(before), free(general_B);
   pipe_resource_reference(&res, NULL);
}

static void
test_fast_matches(struct fxp_t *t)
{
   compare_kind(t, PIPE_FORMAT_R8G8B8A8_UNORM, 13, 7);
   compare_kind(t, PIPE_FORMAT_R32G32B32A32_FLOAT, 5, 9);
   compare_kind(t, PIPE_FORMAT_R32G32B32A32_UINT, 8, 8);
   compare_kind(t, PIPE_FORMAT_R32G32B32A32_SINT, 3, 4);
   compare_kind(t, PIPE_FORMAT_R32_FLOAT, 17, 5);
   compare_kind(t, PIPE_FORMAT_R32_UINT, 9, 9);
   compare_kind(t, PIPE_FORMAT_R32_SINT, 6, 11);
}

const struct fxp_test fxp_image_tests[] = {
   {"image.fast_matches", test_fast_matches},
   {NULL, NULL},
};
