/* The sampler core's fast path (fxp_sampler_fast.c): chosen per binding, tested against the general path. */
#ifndef FXP_SAMPLER_FAST_H
#define FXP_SAMPLER_FAST_H

#include "sampler/fxp_sampler.h"
#include "fxp_lanes.h"

/* Sets b->fast (0: the general path) from the binding's view and state. */
void fxp_sampler_fast_prepare(struct fxp_sampler_binding *b);
/* Samples like fxp_sample when b->fast is set; false if this request needs the general path. */
bool fxp_sample_fast(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t out[4]);

/* The batch form is also compiled into each of the engine's instruction-set tables (meson.build: the
 * engine's files; fxp_shader.h, "Instruction sets"), which call their own copy, named with the table's
 * suffix; the baseline copy serves the rest of the driver and the unit tests. */
#ifdef FXP_ISA_SUFFIX
#define FXP_SAMPLER_CAT_(a, b) a##_##b
#define FXP_SAMPLER_CAT(a, b) FXP_SAMPLER_CAT_(a, b)
#define fxp_sample_fast_batch FXP_SAMPLER_CAT(fxp_sample_fast_batch, FXP_ISA_SUFFIX)
#define fxp_sample_fast_one_level FXP_SAMPLER_CAT(fxp_sample_fast_one_level, FXP_ISA_SUFFIX)
#endif

/* All FXP_W lanes of one instruction (2D and RECT targets, no shadow, one binding for every lane): s and t
 * as the request's coordinates, lod with the biases applied, immediate offsets; lanes outside `active` give
 * 0. The same values as fxp_sample lane by lane; false when the binding has no fast path. */
bool fxp_sample_fast_batch(const struct fxp_sampler_binding *b, unsigned target, const float s[FXP_W],
                           const float t[FXP_W], const float lod[FXP_W], const int off[2], uint32_t active,
                           struct fxp_sample_cache *cache, uint32_t out[4][FXP_W]);
/* fxp_sample_fast_batch's values when the binding has one level for every LOD (no mipmaps, one filter:
 * b->fast_level) in a lane-vector format, without the LOD, the cache or the arrays; false (nothing done)
 * otherwise. */
bool fxp_sample_fast_one_level(const struct fxp_sampler_binding *b, unsigned target, const fxp_vf *s,
                               const fxp_vf *t, const int off[2], uint32_t active, fxp_vu out[4]);

#endif
