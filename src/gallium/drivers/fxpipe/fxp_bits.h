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

#endif
