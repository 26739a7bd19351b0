/* The sampler core's fast path (fxp_sampler_fast.c): chosen per binding, tested against the general path. */
#ifndef FXP_SAMPLER_FAST_H
#define FXP_SAMPLER_FAST_H

#include "sampler/fxp_sampler.h"

/* Sets b->fast (0: the general path) from the binding's view and state. */
void fxp_sampler_fast_prepare(struct fxp_sampler_binding *b);
/* Samples like fxp_sample when b->fast is set; false if this request needs the general path. */
bool fxp_sample_fast(const struct fxp_sampler_binding *b, const struct fxp_sample_req *q, uint32_t out[4]);

#endif
