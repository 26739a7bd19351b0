/* Vertex fetch fast path: per-vertex 32-bit float elements (R32 to R32G32B32A32_FLOAT), the formats GL
 * applications use most, for a batch whose vertices all lie inside their buffer. One bounds check for the
 * batch (its highest index) replaces a check per vertex, and the components are copied without a call per
 * vertex (three and four components four vertices at a time, with SSE's 4x4 transpose). Anything else
 * (instanced elements, other formats, a batch reaching past the buffer's end) is left to the general path in
 * fxp_fetch.c, which the results must equal: fetch/fxp_fetch_test.c compares the two, and
 * FXPIPE_DEBUG=nofast turns this path off. */
#include <string.h>
#if defined(__SSE__)
#include <xmmintrin.h>
#endif

#include "fxp_debug.h"
#include "fetch/fxp_fetch.h"

void
fxp_fetch_fast_choose(struct fxp_fetch_elem *el)
{
   el->fast = 0;
   switch (el->format) {
   case PIPE_FORMAT_R32_FLOAT:
   case PIPE_FORMAT_R32G32_FLOAT:
   case PIPE_FORMAT_R32G32B32_FLOAT:
   case PIPE_FORMAT_R32G32B32A32_FLOAT:
      el->fast = FXP_FETCH_FAST_F32;
      break;
   default:
      break;
   }
}

bool
fxp_fetch_fast_elem(const struct fxp_fetch_elem *el, const struct fxp_fetch_buffer *b, const uint32_t *index,
                    unsigned count, uint32_t max_index, fxp_vec in[4])
{
   if (el->fast != FXP_FETCH_FAST_F32 || el->divisor || !b->data || (fxp_debug_flags & FXP_DBG_NOFAST))
      return false;
   /* the last byte the batch reads, in 64 bits: 32-bit index times 32-bit stride cannot overflow */
   const uint64_t end = (uint64_t)max_index * b->stride_B + el->src_offset_B + el->size_B;
   if (end > b->size_B)
      return false;
   const uint8_t *base = b->data + el->src_offset_B;
   const unsigned nr = el->nr;
   static const uint32_t pad[4] = {0, 0, 0, 0x3f800000}; /* missing components: (0, 0, 0, 1.0) */
   for (unsigned c = 0; c < 4; c++)
      in[c].u = (fxp_vu){0};
   /* one loop a component count, so that each copy is of a constant size */
#define FETCH_F32(NR)                                                  \
   for (unsigned l = l0; l < count; l++) {                             \
      const uint8_t *s = base + (uint64_t)index[l] * b->stride_B;      \
      uint32_t v[4];                                                   \
      memcpy(v, pad, sizeof(v));                                       \
      memcpy(v, s, 4 * (NR));                                          \
      for (unsigned c = 0; c < 4; c++)                                 \
         in[c].au[l] = v[c];                                           \
   }
   unsigned l0 = 0; /* lanes before l0 are done */
#if defined(__SSE__)
   /* three or four components, four vertices at a time: four 16-byte rows transposed into the lane vectors,
    * where the batch's 16-byte reads stay inside the buffer (a fourth component read and replaced by 1.0) */
   if (nr >= 3 && end - el->size_B + 16 <= b->size_B) {
      for (; l0 + 4 <= count; l0 += 4) {
         __m128 x = _mm_loadu_ps((const float *)(base + (uint64_t)index[l0 + 0] * b->stride_B));
         __m128 y = _mm_loadu_ps((const float *)(base + (uint64_t)index[l0 + 1] * b->stride_B));
         __m128 z = _mm_loadu_ps((const float *)(base + (uint64_t)index[l0 + 2] * b->stride_B));
         __m128 w = _mm_loadu_ps((const float *)(base + (uint64_t)index[l0 + 3] * b->stride_B));
         _MM_TRANSPOSE4_PS(x, y, z, w);
         _mm_storeu_ps(&in[0].af[l0], x);
         _mm_storeu_ps(&in[1].af[l0], y);
         _mm_storeu_ps(&in[2].af[l0], z);
         _mm_storeu_ps(&in[3].af[l0], nr == 3 ? _mm_set1_ps(1.0f) : w);
      }
   }
#endif
   switch (nr) {
   case 1: FETCH_F32(1); break;
   case 2: FETCH_F32(2); break;
   case 3: FETCH_F32(3); break;
   default: FETCH_F32(4); break;
   }
#undef FETCH_F32
   return true;
}
