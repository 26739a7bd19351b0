/* Vertex fetch: the vertex-elements state (spec/velems.rst) compiled once into a fetch plan, then run on
 * batches of vertices to fill the vertex shader's inputs.
 *
 * | element field       | in the plan                                                              |
 * |---------------------|--------------------------------------------------------------------------|
 * | src_format          | a converter (fxp_fetch.c) chosen once; size_B bytes read per vertex      |
 * | src_offset          | added to the vertex's address in its buffer                              |
 * | vertex_buffer_index | which bound buffer; several elements may share one                       |
 * | instance_divisor    | 0: indexed by vertex; n: by start_instance + instance / n                |
 * | (position k)        | VS input k (64-bit integer elements are lowered to 32-bit pairs first)   |
 *
 * Address of an element for index i: buffer offset + i * stride + src_offset. An element whose bytes do
 * not lie entirely inside the bound buffer (or whose buffer is unbound) reads as (0, 0, 0, 0); nothing is
 * ever read outside a buffer. Missing components are padded with (0, 0, 0, 1), the 1 being an integer for
 * pure-integer formats. SNORM values are clamped to -1 (the most negative value of each size). */
#ifndef FXP_FETCH_H
#define FXP_FETCH_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "shader/fxp_shader.h"

struct fxp_fetch_elem;

/* Converts one element at src into four 32-bit values (floats, or integers for pure-integer formats). */
typedef void (*fxp_fetch_fn)(const struct fxp_fetch_elem *el, const uint8_t *src, uint32_t out[4]);

struct fxp_fetch_elem {
   fxp_fetch_fn convert;
   uint16_t src_offset_B;
   uint8_t size_B;             /* bytes of one element */
   uint8_t vb;                 /* vertex buffer index */
   uint8_t nr;                 /* components stored */
   uint8_t swizzle_bgra;       /* stored in B, G, R, A order */
   uint32_t divisor;           /* 0: per vertex */
   enum pipe_format format;
   uint8_t fast;               /* fxp_fetch_fast.c's kind, 0 for the general path only */
};
#define FXP_FETCH_FAST_F32 1   /* R32 to R32G32B32A32_FLOAT */

struct fxp_fetch_plan {
   unsigned count;             /* elements = VS inputs filled */
   unsigned num_buffers;       /* the highest vertex buffer index read, plus one */
   struct fxp_fetch_elem elems[PIPE_MAX_ATTRIBS];
};

/* A bound vertex buffer as the fetch sees it: the bytes it may read. */
struct fxp_fetch_buffer {
   const uint8_t *data;        /* NULL: unbound */
   uint64_t size_B;            /* bytes from data on */
   uint32_t stride_B;
};

/* Compiles elements into a plan; false (with the reason in error) for an element fxpipe refuses. */
bool fxp_fetch_plan_compile(struct fxp_fetch_plan *plan, unsigned count,
                            const struct pipe_vertex_element *elements, char *error, unsigned error_size);

/* Fills inputs[4 * k + c] (a VS program's input slots) for `count` vertices, lane l from vertex index
 * index[l], for instance `instance` of a draw starting at `start_instance`. Lanes past count are zeroed. */
void fxp_fetch_batch(const struct fxp_fetch_plan *plan, const struct fxp_fetch_buffer *buffers,
                     const uint32_t *index, unsigned count, uint32_t instance, uint32_t start_instance,
                     fxp_vec *inputs);

/* fetch/fxp_fetch_fast.c: chooses an element's fast kind at plan compilation; fills in[0..3] for a batch
 * (lanes past count zeroed) and returns true when the element and the batch qualify, else writes nothing. */
void fxp_fetch_fast_choose(struct fxp_fetch_elem *el);
bool fxp_fetch_fast_elem(const struct fxp_fetch_elem *el, const struct fxp_fetch_buffer *b, const uint32_t *index,
                         unsigned count, uint32_t max_index, fxp_vec in[4]);

/* One vertex, converted element by element into out[k][c]: the reference the fast paths are tested
 * against. */
void fxp_fetch_vertex(const struct fxp_fetch_plan *plan, const struct fxp_fetch_buffer *buffers,
                      uint32_t index, uint32_t instance, uint32_t start_instance, uint32_t out[][4]);

#endif
