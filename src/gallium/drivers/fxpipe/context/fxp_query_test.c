/* Unit tests of query results written into buffers (context/fxp_query.c, get_query_result_resource:
 * ARB_query_buffer_object). Expected values from pipe_context's contract and GL's query object queries:
 * index -1 writes 1 when the result is available, else 0; 32-bit results saturate to the type's largest
 * value; a write that does not fit wholly inside a buffer writes nothing (and does not crash). Buffers are
 * filled with 0xab first so that bytes written, and bytes not, can be told apart. */
#include <string.h>

#include "util/u_inlines.h"

#include "tests/fxp_test.h"

enum { BUF_B = 16 };

static struct pipe_resource *
filled_buffer(struct fxp_t *t)
{
   struct pipe_resource *b = fxp_t_buffer(t, BUF_B);
   uint8_t fill[BUF_B];
   memset(fill, 0xab, sizeof(fill));
   if (b)
      pipe_buffer_write(t->pipe, b, 0, BUF_B, fill);
   return b;
}

static void
read_buffer(struct fxp_t *t, struct pipe_resource *b, uint8_t out[BUF_B])
{
   pipe_buffer_read(t->pipe, b, 0, BUF_B, out);
}

static bool
untouched(const uint8_t *p, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      if (p[i] != 0xab)
         return false;
   return true;
}

/* A timestamp is the monotonic clock in nanoseconds: past 2^32 once the machine has been up 4.3 s, so its
 * 32-bit stores saturate, and its 64-bit store is the value itself. */
static void
test_types(struct fxp_t *t)
{
   struct pipe_context *pipe = t->pipe;
   struct pipe_query *q = pipe->create_query(pipe, PIPE_QUERY_TIMESTAMP, 0);
   struct pipe_resource *b = filled_buffer(t);
   if (!CHECK(t, q && b, "query and buffer made"))
      return;
   pipe->end_query(pipe, q);
   union pipe_query_result r;
   CHECK(t, pipe->get_query_result(pipe, q, true, &r), "result available");
   pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U64, 0, b, 8);
   pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U32, 0, b, 0);
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_I32, 0, b, 4);
   uint8_t got[BUF_B];
   read_buffer(t, b, got);
   uint64_t u64;
   uint32_t u32;
   int32_t i32;
   memcpy(&u64, got + 8, 8);
   CHECK_EQ_U(t, u64, r.u64);
   if (CHECK(t, r.u64 > UINT32_MAX, "the monotonic clock is past 2^32 ns (%llu)", (unsigned long long)r.u64)) {
      memcpy(&u32, got, 4);
      CHECK_EQ_U(t, u32, UINT32_MAX);
      memcpy(&i32, got + 4, 4);
      CHECK_EQ_U(t, i32, INT32_MAX);
   }
   /* availability as I64 at 8: 1 */
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_I64, -1, b, 8);
   read_buffer(t, b, got);
   memcpy(&u64, got + 8, 8);
   CHECK_EQ_U(t, u64, 1);
   pipe->destroy_query(pipe, q);
   pipe_resource_reference(&b, NULL);
}

/* Writes that would leave the buffer, into a texture, or of a value the query has not, write nothing. */
static void
test_bounds(struct fxp_t *t)
{
   struct pipe_context *pipe = t->pipe;
   struct pipe_query *q = pipe->create_query(pipe, PIPE_QUERY_PIPELINE_STATISTICS, 0);
   struct pipe_resource *b = filled_buffer(t);
   struct pipe_resource *tex = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1,
                                             PIPE_BIND_SAMPLER_VIEW);
   if (!CHECK(t, q && b && tex, "query, buffer and texture made"))
      return;
   pipe->begin_query(pipe, q);
   pipe->end_query(pipe, q);
   static const struct {
      enum pipe_query_value_type type;
      int index;
      unsigned offset;
   } bad[] = {
      {PIPE_QUERY_TYPE_U64, 0, BUF_B - 4},   /* 8 bytes from 12: past the end */
      {PIPE_QUERY_TYPE_U32, 0, BUF_B},       /* at the end */
      {PIPE_QUERY_TYPE_U32, 0, BUF_B - 3},
      {PIPE_QUERY_TYPE_U32, 0, 0xfffffffcu}, /* offset + size wraps around 32 bits */
      {PIPE_QUERY_TYPE_U64, 0, 0xfffffff8u},
      {PIPE_QUERY_TYPE_U32, 11, 0},          /* PIPELINE_STATISTICS has 11 counters: 0 .. 10 */
      {PIPE_QUERY_TYPE_U32, 1000, 0},
   };
   uint8_t got[BUF_B];
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, bad[i].type, bad[i].index, b, bad[i].offset);
      read_buffer(t, b, got);
      CHECK(t, untouched(got, BUF_B), "case %u (type %d, index %d, offset %u) wrote nothing", i, bad[i].type,
            bad[i].index, bad[i].offset);
   }
   pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U32, 0, tex, 0);
   pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U32, 0, NULL, 0);
   /* the last 4 bytes fit: counter 10 (compute invocations, none) is 0 */
   pipe->get_query_result_resource(pipe, q, PIPE_QUERY_WAIT, PIPE_QUERY_TYPE_U32, 10, b, BUF_B - 4);
   read_buffer(t, b, got);
   uint32_t u32;
   memcpy(&u32, got + BUF_B - 4, 4);
   CHECK_EQ_U(t, u32, 0);
   CHECK(t, untouched(got, BUF_B - 4), "the 12 bytes before it kept");
   pipe->destroy_query(pipe, q);
   pipe_resource_reference(&b, NULL);
   pipe_resource_reference(&tex, NULL);
}

/* A query still active (GL never asks for it): not available (0), and without PIPE_QUERY_WAIT its result is
 * not written. An occlusion predicate gives 0 or 1, whatever the count. */
static void
test_active(struct fxp_t *t)
{
   struct pipe_context *pipe = t->pipe;
   struct pipe_query *q = pipe->create_query(pipe, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
   struct pipe_resource *b = filled_buffer(t);
   if (!CHECK(t, q && b, "query and buffer made"))
      return;
   pipe->begin_query(pipe, q);
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_U32, 0, b, 0);
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_U32, -1, b, 4);
   uint8_t got[BUF_B];
   read_buffer(t, b, got);
   CHECK(t, untouched(got, 4), "an active query's result without wait is not written");
   uint32_t u32;
   memcpy(&u32, got + 4, 4);
   CHECK_EQ_U(t, u32, 0);
   pipe->end_query(pipe, q);
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_U32, 0, b, 0);
   pipe->get_query_result_resource(pipe, q, 0, PIPE_QUERY_TYPE_U32, -1, b, 4);
   read_buffer(t, b, got);
   memcpy(&u32, got, 4);
   CHECK_EQ_U(t, u32, 0); /* nothing drawn: no sample passed */
   memcpy(&u32, got + 4, 4);
   CHECK_EQ_U(t, u32, 1);
   CHECK(t, untouched(got + 8, BUF_B - 8), "the rest kept");
   pipe->destroy_query(pipe, q);
   pipe_resource_reference(&b, NULL);
}

const struct fxp_test fxp_query_tests[] = {
   {"query.buffer_types", test_types},
   {"query.buffer_bounds", test_bounds},
   {"query.buffer_active", test_active},
   {NULL, NULL},
};
