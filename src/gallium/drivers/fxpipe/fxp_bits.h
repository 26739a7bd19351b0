/* Bit-exact conversions between 32-bit floats and their encodings, shared by the stages that move values
 * through 32-bit words (vertex fetch, sampling, the shader engine). */
#ifndef FXP_BITS_H
#define FXP_BITS_H

#include <stdint.h>
#include <string.h>

static inline uint32_t
fxp_f2u(float f)
{
   uint32_t v;
   memcpy(&v, &f, 4);
   return v;
}

static inline float
fxp_u2f(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

/* GL reads a signed normalized channel as max(c / (2^(b-1) - 1), -1): the most negative code is -1.0, where
 * util_format's unpack gives -128/127 (8 bits). Clamps four unpacked channels, as float bits, to -1.0. */
static inline void
fxp_snorm_floor_bits(uint32_t v[4])
{
   for (unsigned c = 0; c < 4; c++)
      if (fxp_u2f(v[c]) < -1.0f)
         v[c] = fxp_f2u(-1.0f);
}

#endif
