/* Writes the seed corpora of the harnesses whose inputs name Gallium formats: fetch (tests/fuzz/corpus/fetch,
 * fxp_fuzz_fetch.c's layout) from the cases of fetch/fxp_fetch_test.c: its batch test's five elements over
 * three buffers (one unbound), 64-bit integer lowering with a dual slot, per-instance divisors, an element
 * straddling its buffer's end, and every format class the tests name; and blit (corpus/blit,
 * fxp_fuzz_blit.c's layout) from the cases of ops/fxp_blit_test.c: scaling and flips, format conversion,
 * depth and stencil, masks and scissor, source boxes outside the level, FXT1 sources, raw copies between
 * and within resources (overlapping), buffer copies. Built and run by tests/fuzz/make-corpus.sh.
 *   usage: make-format-corpus FETCH_DIR BLIT_DIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"

struct seed {
   uint8_t b[1024];
   unsigned n;
};

static void
put(struct seed *s, uint32_t v, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++)
      s->b[s->n++] = (uint8_t)(v >> (8 * i));
}

struct el {
   enum pipe_format f;
   unsigned offset, vb, dual, divisor;
};

static void
write_seed(const char *dir, const char *name, unsigned n, const struct el *e, unsigned nbufs, const uint32_t *sizes,
           const uint32_t *strides, unsigned count, uint32_t instance, uint32_t start)
{
   struct seed s = {{0}, 0};
   char path[512];

   put(&s, n - 1, 1);
   for (unsigned i = 0; i < n; i++) {
      put(&s, e[i].f & 0xff, 1);
      put(&s, e[i].offset, 2);
      put(&s, e[i].vb | e[i].dual << 7, 1);
      put(&s, e[i].divisor, 4);
   }
   for (unsigned b = 0; b < nbufs; b++) {
      put(&s, sizes[b], 4);
      put(&s, strides[b], 4);
   }
   put(&s, count - 1, 1);
   put(&s, instance, 4);
   put(&s, start, 4);
   static const uint32_t idx[16] = {0, 15, 3, 3, 16, 7, 0xffffffff, 1, 2, 14, 9, 8, 5, 4, 6, 13};
   for (unsigned l = 0; l < 16; l++)
      put(&s, idx[l], 4);
   for (unsigned i = 0; i < 64; i++)
      put(&s, (i * 2654435761u) >> 13, 1);
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(s.b, 1, s.n, f) != s.n) {
      perror(path);
      exit(1);
   }
   fclose(f);
}

/* fxp_fuzz_blit.c's targets[] */
enum { T_BUFFER, T_1D, T_2D, T_3D, T_CUBE, T_RECT, T_1D_ARRAY, T_2D_ARRAY, T_CUBE_ARRAY };

struct res {
   unsigned target;
   enum pipe_format f;
   unsigned w, h, dl, levels;
};

/* a small coordinate as the harness reads it back: x % 160 - 32 */
static uint32_t
small(int v)
{
   return (uint32_t)(v + 32);
}

static void
write_blit(const char *dir, const char *name, struct res src, struct res dst, unsigned op, unsigned src_level,
           unsigned dst_level, const int box[9], const int dbox[6], unsigned mask)
{
   struct seed s = {{0}, 0};
   char path[512];
   const struct res *r[2] = {&src, &dst};

   for (unsigned i = 0; i < 2; i++) {
      put(&s, r[i]->target, 1);
      put(&s, r[i]->f, 2);
      put(&s, r[i]->w - 1, 1);
      put(&s, r[i]->h - 1, 1);
      put(&s, r[i]->dl - 1, 1);
      put(&s, r[i]->levels - 1, 1);
   }
   put(&s, op, 1);
   put(&s, src_level, 1);
   put(&s, dst_level, 1);
   for (unsigned i = 0; i < 9; i++)
      put(&s, small(box[i]), 4);
   if (op & 1) {
      for (unsigned i = 0; i < 6; i++)
         put(&s, small(dbox[i]), 4);
      put(&s, 0, 4);
      put(&s, mask, 1);
   }
   for (unsigned i = 0; i < 96; i++)
      put(&s, (i * 2654435761u) >> 11, 1);
   snprintf(path, sizeof(path), "%s/%s", dir, name);
   FILE *f = fopen(path, "wb");
   if (!f || fwrite(s.b, 1, s.n, f) != s.n) {
      perror(path);
      exit(1);
   }
   fclose(f);
}

static void
blit_seeds(const char *dir)
{
   const struct res r32_4 = {T_2D, PIPE_FORMAT_R32_FLOAT, 4, 4, 1, 1}, r32_8 = {T_2D, PIPE_FORMAT_R32_FLOAT, 8, 8, 1, 1};
   const struct res rgba = {T_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 13, 7, 1, 3};
   const struct res bgra = {T_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 9, 9, 1, 2};
   const struct res z32 = {T_2D, PIPE_FORMAT_Z32_FLOAT, 8, 8, 1, 1};
   const struct res zs = {T_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 8, 8, 1, 1};
   const struct res fxt1 = {T_2D, PIPE_FORMAT_FXT1_RGBA, 16, 8, 1, 2};
   const struct res arr = {T_2D_ARRAY, PIPE_FORMAT_R16G16_UNORM, 8, 4, 3, 2};
   const struct res cube = {T_CUBE, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 2};
   const struct res vol = {T_3D, PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 4, 4, 3};
   const struct res ui = {T_2D, PIPE_FORMAT_R32_UINT, 6, 6, 1, 1};
   const struct res buf = {T_BUFFER, PIPE_FORMAT_R8_UNORM, 4, 1, 1, 1};
   const struct res l1d = {T_1D_ARRAY, PIPE_FORMAT_R8_UNORM, 32, 1, 4, 2};
   /* box: src x y z w h d, then dst x y z; dbox: dst w h d, scissor words */
   const int scale[9] = {0, 0, 0, 4, 4, 1, 0, 0, 0}, scale_d[6] = {8, 8, 1, 0, 0, 0};
   const int flip[9] = {4, 4, 0, -4, -4, 1, 0, 0, 0}, flip_d[6] = {8, 8, 1, 0, 0, 0};
   const int outside[9] = {-3, -2, 0, 10, 9, 1, 1, 1, 0}, outside_d[6] = {6, 5, 1, 0, 0, 0};
   const int same[9] = {0, 0, 0, 8, 4, 2, 0, 0, 0}, same_d[6] = {8, 4, 2, 0, 0, 0};
   const int layer[9] = {0, 0, 1, 8, 4, 2, 0, 0, 0}, layer_d[6] = {4, 4, 1, 0, 0, 0};
   const int vol_b[9] = {0, 0, 0, 4, 4, 4, 0, 0, 0}, vol_d[6] = {2, 2, 2, 0, 0, 0};
   const int copy[9] = {1, 1, 0, 3, 2, 1, 0, 2, 0}, ov[9] = {0, 0, 0, 6, 3, 1, 1, 1, 0};
   const int bcopy[9] = {3, 0, 0, 40, 1, 1, 10, 0, 0}, fx[9] = {0, 0, 0, 16, 8, 1, 0, 0, 0};
   const int fx_d[6] = {13, 7, 1, 0, 0, 0}, arr_c[9] = {0, 0, 1, 8, 4, 2, 0, 0, 0};
   write_blit(dir, "scale-nearest", r32_4, r32_8, 1, 0, 0, scale, scale_d, PIPE_MASK_RGBA);
   write_blit(dir, "scale-linear", r32_4, r32_8, 1, 0, 0, scale, scale_d, PIPE_MASK_RGBA | 0x40);
   write_blit(dir, "flip", r32_4, r32_8, 1, 0, 0, flip, flip_d, PIPE_MASK_RGBA);
   write_blit(dir, "convert-scissor", rgba, bgra, 1, 1, 0, outside, outside_d, PIPE_MASK_RGBA | 0x80);
   write_blit(dir, "mask-rb", rgba, bgra, 1, 0, 1, scale, scale_d, PIPE_MASK_R | PIPE_MASK_B);
   write_blit(dir, "depth", z32, z32, 1, 0, 0, scale, scale_d, PIPE_MASK_Z);
   write_blit(dir, "depth-stencil", zs, zs, 1, 0, 0, flip, flip_d, PIPE_MASK_ZS);
   write_blit(dir, "fxt1-source", fxt1, rgba, 1, 0, 0, fx, fx_d, PIPE_MASK_RGBA | 0x40);
   write_blit(dir, "array-layers", arr, arr, 1, 0, 1, layer, layer_d, PIPE_MASK_RGBA);
   write_blit(dir, "array-same", arr, arr, 3, 0, 0, same, same_d, PIPE_MASK_RGBA);
   write_blit(dir, "cube-faces", cube, rgba, 1, 1, 0, layer, layer_d, PIPE_MASK_RGBA);
   write_blit(dir, "3d-linear", vol, vol, 1, 0, 1, vol_b, vol_d, PIPE_MASK_RGBA | 0x40);
   write_blit(dir, "integer", ui, ui, 1, 0, 0, copy, scale_d, PIPE_MASK_RGBA);
   write_blit(dir, "copy", rgba, bgra, 0, 0, 0, copy, NULL, 0);
   write_blit(dir, "copy-overlap", rgba, rgba, 2, 0, 0, ov, NULL, 0);
   write_blit(dir, "copy-array", arr, arr, 0, 1, 0, arr_c, NULL, 0);
   write_blit(dir, "copy-fxt1", fxt1, fxt1, 2, 0, 1, fx, NULL, 0);
   write_blit(dir, "copy-buffer", buf, buf, 0, 0, 0, bcopy, NULL, 0);
   write_blit(dir, "copy-1d-array", l1d, l1d, 2, 1, 0, copy, NULL, 0);
}

int
main(int argc, char **argv)
{
   if (argc != 3)
      return 2;
   const char *dir = argv[1];
   blit_seeds(argv[2]);
   const struct el batch[5] = {
      {PIPE_FORMAT_R32G32B32_FLOAT, 0, 0, 0, 0},     {PIPE_FORMAT_R8G8B8A8_SNORM, 12, 0, 0, 0},
      {PIPE_FORMAT_R16G16_SINT, 16, 0, 0, 0},        {PIPE_FORMAT_R10G10B10A2_SNORM, 3, 1, 0, 3},
      {PIPE_FORMAT_R16G16B16A16_FLOAT, 0, 2, 0, 0},
   };
   const uint32_t bsizes[3] = {16 * 20, 8 * 6 + 3, 0x80000000u}, bstrides[3] = {20, 6, 8};
   write_seed(dir, "batch", 5, batch, 3, bsizes, bstrides, 16, 1, 2);
   write_seed(dir, "batch-5", 5, batch, 3, bsizes, bstrides, 5, 3, 2);
   const struct el u64[2] = {{PIPE_FORMAT_R64_UINT, 40, 0, 0, 0}, {PIPE_FORMAT_R64G64B64A64_UINT, 0, 0, 1, 0}};
   const uint32_t usize[1] = {48}, ustride[1] = {0};
   write_seed(dir, "uint64-dual-slot", 2, u64, 1, usize, ustride, 3, 0, 0);
   const struct el fast[1] = {{PIPE_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0}};
   const uint32_t fsize[1] = {16 * 16}, fstride[1] = {16};
   write_seed(dir, "fast-f32", 1, fast, 1, fsize, fstride, 16, 0, 0);
   const uint32_t esize[1] = {16 * 16 - 2};
   write_seed(dir, "straddles-end", 1, fast, 1, esize, fstride, 16, 0, 0);
   static const enum pipe_format formats[] = {
      PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8G8_SNORM, PIPE_FORMAT_R8G8B8_USCALED, PIPE_FORMAT_B8G8R8A8_UNORM,
      PIPE_FORMAT_R16_SSCALED, PIPE_FORMAT_R16G16B16_UNORM, PIPE_FORMAT_R32_FIXED, PIPE_FORMAT_R32G32_SNORM,
      PIPE_FORMAT_R32G32B32A32_UINT, PIPE_FORMAT_R32_SINT, PIPE_FORMAT_R64G64_FLOAT, PIPE_FORMAT_R64_SINT,
      PIPE_FORMAT_R10G10B10A2_USCALED, PIPE_FORMAT_B10G10R10A2_SNORM, PIPE_FORMAT_R11G11B10_FLOAT,
      PIPE_FORMAT_R16G16_FLOAT, PIPE_FORMAT_R8G8B8A8_SINT, PIPE_FORMAT_A8R8G8B8_UNORM,
   };
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      const struct el one[2] = {{formats[i], 4, 0, 0, 0}, {formats[i], 0, 1, 0, i + 1}};
      const uint32_t sizes[2] = {33 * 12, 7 * 16}, strides[2] = {12, 16};
      char name[64];
      snprintf(name, sizeof(name), "format-%u", (unsigned)formats[i]);
      write_seed(dir, name, 2, one, 2, sizes, strides, 7 + i % 10, i, 1);
   }
   return 0;
}
