/* Writes the fetch harness's seed corpus (tests/fuzz/corpus/fetch, in fxp_fuzz_fetch.c's input layout) from
 * the cases of fetch/fxp_fetch_test.c: its batch test's five elements over three buffers (one unbound),
 * 64-bit integer lowering with a dual slot, per-instance divisors, an element straddling its buffer's end,
 * and every format class the tests name. Built and run by tests/fuzz/make-corpus.sh.
 *   usage: make-fetch-corpus OUT_DIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int
main(int argc, char **argv)
{
   if (argc != 2)
      return 2;
   const char *dir = argv[1];
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
