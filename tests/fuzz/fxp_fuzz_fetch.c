/* libFuzzer harness: vertex fetch plans (fetch/fxp_fetch.c, fetch/fxp_fetch_fast.c; spec/velems.rst) with
 * arbitrary formats, offsets, buffer indices, divisors, dual slots, strides, buffer sizes and indices
 * (scripts/fuzz.sh builds and runs it; README "Fuzzing").
 *
 * Input: byte 0 the element count (1..PIPE_MAX_ATTRIBS), then 8 bytes an element (src_format, src_offset,
 * vertex_buffer_index and dual_slot, instance_divisor), 8 bytes a vertex buffer (size, stride, unbound
 * when the size's top bit is set) for as many buffers as the plan reads, 9 bytes of batch (count,
 * instance, start_instance), FXP_W 32-bit indices; the rest fills the buffers' bytes. Each buffer is
 * allocated to its exact size, so AddressSanitizer sees any read outside it (the header promises none).
 * A plan the compiler accepts is run on the batch, and every lane must equal the one-vertex reference
 * fxp_fetch_vertex (the fast paths against the general path), lanes past the count zero. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fetch/fxp_fetch.h"

#define CHECK(cond, ...)                                                                                      \
   do {                                                                                                       \
      if (!(cond)) {                                                                                          \
         fprintf(stderr, "fxp_fuzz_fetch: " __VA_ARGS__);                                                     \
         fprintf(stderr, "\n");                                                                               \
         abort();                                                                                             \
      }                                                                                                       \
   } while (0)

struct reader {
   const uint8_t *p;
   size_t left;
};

static uint32_t
take(struct reader *r, unsigned n)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < n; i++) {
      v |= (uint32_t)(r->left ? *r->p : 0) << (8 * i);
      if (r->left)
         r->p++, r->left--;
   }
   return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   struct reader r = {data, size};
   struct pipe_vertex_element ve[PIPE_MAX_ATTRIBS];
   struct fxp_fetch_plan plan;
   char err[256];

   if (size < 1)
      return 0;
   const unsigned n = take(&r, 1) % PIPE_MAX_ATTRIBS + 1;
   memset(ve, 0, sizeof(ve));
   for (unsigned i = 0; i < n; i++) {
      ve[i].src_format = take(&r, 1);
      ve[i].src_offset = take(&r, 2);
      const uint32_t vb = take(&r, 1);
      ve[i].vertex_buffer_index = vb & 0x7f;
      ve[i].dual_slot = vb >> 7;
      ve[i].instance_divisor = take(&r, 4);
   }
   memset(&plan, 0xa5, sizeof(plan));
   if (!fxp_fetch_plan_compile(&plan, n, ve, err, sizeof(err)))
      return 0;
   CHECK(plan.count <= PIPE_MAX_ATTRIBS && plan.num_buffers <= PIPE_MAX_ATTRIBS, "plan of %u elements, %u buffers",
         plan.count, plan.num_buffers);
   for (unsigned k = 0; k < plan.count; k++)
      CHECK(plan.elems[k].vb < plan.num_buffers, "element %u reads buffer %u of %u", k, plan.elems[k].vb,
            plan.num_buffers);

   struct fxp_fetch_buffer bufs[PIPE_MAX_ATTRIBS];
   uint8_t *storage[PIPE_MAX_ATTRIBS] = {0};
   memset(bufs, 0, sizeof(bufs));
   for (unsigned b = 0; b < plan.num_buffers; b++) {
      const uint32_t sz = take(&r, 4), stride = take(&r, 4);
      bufs[b].stride_B = stride % 4096 == 4095 ? stride : stride % 4096; /* mostly small, sometimes huge */
      if (sz & 0x80000000u)
         continue; /* unbound */
      bufs[b].size_B = sz % 65536;
      storage[b] = malloc(bufs[b].size_B ? bufs[b].size_B : 1);
      CHECK(storage[b], "out of memory");
      bufs[b].data = storage[b];
   }
   unsigned count = take(&r, 1) % FXP_W + 1;
   const uint32_t instance = take(&r, 4), start_instance = take(&r, 4);
   uint32_t index[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++) {
      index[l] = take(&r, 4);
      if (!(index[l] & 0x80000000u))
         index[l] %= 256; /* mostly inside small buffers */
   }
   for (unsigned b = 0; b < plan.num_buffers; b++)
      for (uint64_t i = 0; storage[b] && i < bufs[b].size_B; i++)
         storage[b][i] = r.left ? r.p[i % r.left] : (uint8_t)i;

   fxp_vec *in = aligned_alloc(64, sizeof(fxp_vec) * 4 * plan.count);
   uint32_t (*want)[4] = malloc(sizeof(*want) * plan.count);
   CHECK(in && want, "out of memory");
   memset(in, 0xcd, sizeof(fxp_vec) * 4 * plan.count);
   fxp_fetch_batch(&plan, bufs, index, count, instance, start_instance, in);
   for (unsigned l = 0; l < FXP_W; l++) {
      memset(want, 0, sizeof(*want) * plan.count);
      if (l < count)
         fxp_fetch_vertex(&plan, bufs, index[l], instance, start_instance, want);
      for (unsigned k = 0; k < plan.count; k++)
         for (unsigned c = 0; c < 4; c++)
            CHECK(in[4 * k + c].au[l] == want[k][c],
                  "lane %u (index %u) element %u (format %u, fast %u) channel %u: batch 0x%08x, vertex 0x%08x", l,
                  index[l], k, plan.elems[k].format, plan.elems[k].fast, c, in[4 * k + c].au[l], want[k][c]);
   }
   free(in);
   free(want);
   for (unsigned b = 0; b < plan.num_buffers; b++)
      free(storage[b]);
   return 0;
}
