/* Tests of transfers: whole-level maps with strides on every level and slice of 2D arrays, cubes and 3D
 * textures, read back pixel by pixel; sub-box maps; refusals outside the resource; buffer and texture
 * subdata. The pattern value of a texel is computed from its coordinates, independently of the layout. */
#include <string.h>

#include "util/u_box.h"
#include "util/u_inlines.h"
#include "tests/fxp_test.h"

static uint32_t
pattern(unsigned level, unsigned z, unsigned x, unsigned y)
{
   return 0x01000000u * (level + 1) + 0x10000u * z + 0x100u * y + x;
}

static void
fill_and_check(struct fxp_t *t, enum pipe_texture_target target, unsigned w, unsigned h, unsigned d,
               unsigned layers, unsigned levels)
{
   struct pipe_resource *r = fxp_t_texture(t, target, PIPE_FORMAT_R8G8B8A8_UINT, w, h, d, layers, levels,
                                           PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, r != NULL, "target %d not created", target))
      return;

   for (unsigned l = 0; l < levels; l++) {
      unsigned lw = u_minify(w, l), lh = u_minify(h, l);
      unsigned ld = target == PIPE_TEXTURE_3D ? u_minify(d, l) : layers;
      struct pipe_box box;
      struct pipe_transfer *xfer;
      u_box_3d(0, 0, 0, lw, lh, ld, &box);
      uint8_t *map = t->pipe->texture_map(t->pipe, r, l, PIPE_MAP_WRITE, &box, &xfer);
      if (!CHECK(t, map != NULL, "level %u map", l))
         continue;
      for (unsigned z = 0; z < ld; z++)
         for (unsigned y = 0; y < lh; y++)
            for (unsigned x = 0; x < lw; x++) {
               uint32_t v = pattern(l, z, x, y);
               memcpy(map + z * xfer->layer_stride + y * xfer->stride + x * 4, &v, 4);
            }
      t->pipe->texture_unmap(t->pipe, xfer);
   }
   for (unsigned l = 0; l < levels; l++) {
      unsigned lw = u_minify(w, l), lh = u_minify(h, l);
      unsigned ld = target == PIPE_TEXTURE_3D ? u_minify(d, l) : layers;
      for (unsigned z = 0; z < ld; z++)
         for (unsigned y = 0; y < lh; y++)
            for (unsigned x = 0; x < lw; x++) {
               uint32_t v;
               fxp_t_read(t, r, l, x, y, z, &v, 4);
               if (!CHECK(t, v == pattern(l, z, x, y), "target %d L%u (%u,%u,%u) = %08x", target, l, x, y,
                          z, v))
                  goto done;
            }
   }
done:
   pipe_resource_reference(&r, NULL);
}

static void
test_every_level_and_slice(struct fxp_t *t)
{
   fill_and_check(t, PIPE_TEXTURE_2D_ARRAY, 13, 6, 1, 3, 4);
   fill_and_check(t, PIPE_TEXTURE_CUBE, 8, 8, 1, 6, 4);
   fill_and_check(t, PIPE_TEXTURE_3D, 5, 4, 6, 1, 3);
   fill_and_check(t, PIPE_TEXTURE_1D_ARRAY, 17, 1, 1, 2, 5);
}

static void
test_sub_box_and_refusals(struct fxp_t *t)
{
   struct pipe_resource *r = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT, 10, 10, 1, 1, 2,
                                           PIPE_BIND_SAMPLER_VIEW);
   struct pipe_transfer *xfer = NULL;
   struct pipe_box box;
   uint32_t v = 0xdeadbeef, got;

   u_box_2d(3, 2, 2, 2, &box);
   uint8_t *map = t->pipe->texture_map(t->pipe, r, 1, PIPE_MAP_WRITE, &box, &xfer);
   if (CHECK(t, map != NULL, "sub-box map")) {
      memcpy(map + xfer->stride + 4, &v, 4); /* texel (4, 3) of level 1 */
      t->pipe->texture_unmap(t->pipe, xfer);
   }
   fxp_t_read(t, r, 1, 4, 3, 0, &got, 4);
   CHECK_EQ_U(t, got, 0xdeadbeef);

   u_box_2d(8, 0, 3, 1, &box); /* past the right edge of level 0 (10 wide) */
   CHECK(t, !t->pipe->texture_map(t->pipe, r, 0, PIPE_MAP_READ, &box, &xfer), "box past the edge");
   u_box_2d(0, 0, 1, 1, &box);
   CHECK(t, !t->pipe->texture_map(t->pipe, r, 2, PIPE_MAP_READ, &box, &xfer), "level past the last");
   u_box_3d(0, 0, 1, 1, 1, 1, &box);
   CHECK(t, !t->pipe->texture_map(t->pipe, r, 0, PIPE_MAP_READ, &box, &xfer), "slice past the last");
   u_box_2d(-1, 0, 1, 1, &box);
   CHECK(t, !t->pipe->texture_map(t->pipe, r, 0, PIPE_MAP_READ, &box, &xfer), "negative x");
   pipe_resource_reference(&r, NULL);
}

static void
test_subdata(struct fxp_t *t)
{
   struct pipe_resource *buf = fxp_t_buffer(t, 64);
   struct pipe_resource *tex = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R16_UINT, 8, 8, 1, 2, 2,
                                             PIPE_BIND_SAMPLER_VIEW);
   const uint8_t bytes[5] = {1, 2, 3, 4, 5};
   struct pipe_transfer *xfer;
   struct pipe_box box;

   t->pipe->buffer_subdata(t->pipe, buf, PIPE_MAP_WRITE, 10, 5, bytes);
   u_box_1d(8, 8, &box);
   uint8_t *m = t->pipe->buffer_map(t->pipe, buf, 0, PIPE_MAP_READ, &box, &xfer);
   if (CHECK(t, m != NULL, "buffer map")) {
      CHECK(t, m[0] == 0 && m[1] == 0 && !memcmp(m + 2, bytes, 5) && m[7] == 0, "buffer bytes");
      t->pipe->buffer_unmap(t->pipe, xfer);
   }
   u_box_1d(60, 8, &box);
   CHECK(t, !t->pipe->buffer_map(t->pipe, buf, 0, PIPE_MAP_READ, &box, &xfer), "map past a buffer's end");

   /* 3x2 texels into level 1, layer 1, at (1, 2), from rows 8 bytes apart */
   const uint16_t src[2][4] = {{11, 12, 13, 99}, {21, 22, 23, 99}};
   u_box_3d(1, 2, 1, 3, 2, 1, &box);
   t->pipe->texture_subdata(t->pipe, tex, 1, PIPE_MAP_WRITE, &box, src, 8, 16);
   uint16_t v;
   fxp_t_read(t, tex, 1, 1, 2, 1, &v, 2);
   CHECK_EQ_U(t, v, 11);
   fxp_t_read(t, tex, 1, 3, 3, 1, &v, 2);
   CHECK_EQ_U(t, v, 23);
   fxp_t_read(t, tex, 1, 0, 2, 1, &v, 2);
   CHECK_EQ_U(t, v, 0);
   fxp_t_read(t, tex, 1, 1, 2, 0, &v, 2);
   CHECK_EQ_U(t, v, 0);
   pipe_resource_reference(&buf, NULL);
   pipe_resource_reference(&tex, NULL);
}

const struct fxp_test fxp_transfer_tests[] = {
   {"transfer.every_level_and_slice", test_every_level_and_slice},
   {"transfer.sub_box_and_refusals", test_sub_box_and_refusals},
   {"transfer.subdata", test_subdata},
   {NULL, NULL},
};
