/* Format conversions on lane vectors (fxp_lanes.h) shared by the sampler's fast path (sampler/) and the
 * per-fragment fast paths (fragment/), each giving the bits of the Mesa conversion util_format calls:
 *
 * | function                 | Mesa's                        | how                                          |
 * |--------------------------|-------------------------------|----------------------------------------------|
 * | fxp_vuf_to_float         | uf11_to_f32, uf10_to_f32      | exponent and mantissa moved; denormals as    |
 * |                          | (util/format_r11g11b10f.h)    | m * 2^-(14 + mbits), exact; exponent 31 as   |
 * |                          |                               | 0x7f800000 | m                               |
 * | fxp_vfloat_to_uf         | f32_to_uf11, f32_to_uf10      | the same cases in the same priority, as      |
 * |                          |                               | selects: NaN, infinities, negatives, past    |
 * |                          |                               | the largest value, too small, the rest       |
 *                                                                                                  truncated */
#ifndef FXP_LANE_FORMATS_H
#define FXP_LANE_FORMATS_H

#include "fxp_lanes.h"

/* The unsigned 11- or 10-bit floats of R11G11B10F (the low bits of each lane, mbits = 6 or 5 mantissa bits)
 * to floats, giving the bits Mesa's uf11_to_f32 and uf10_to_f32 give: normal numbers by moving the exponent
 * and mantissa (their scale * (1 + m / 2^mbits) is exact), denormals as m * 2^-(14 + mbits) (exact), and
 * exponent 31 as 0x7f800000 | m (infinity, or a NaN with the mantissa in its low bits, as Mesa makes it). */
static inline fxp_vf
fxp_vuf_to_float(fxp_vu v, unsigned mbits)
{
   const fxp_vu e = v >> mbits, m = v & ((1u << mbits) - 1);
   const fxp_vu normal = ((e + 112u) << 23) | (m << (23 - mbits));
   const fxp_vu special = 0x7f800000u | m;
   const float scale = mbits == 6 ? 0x1p-20f : 0x1p-19f;
   const fxp_vu denorm = (fxp_vu)(__builtin_convertvector((fxp_vi)m, fxp_vf) * scale);
   const fxp_vi is_special = fxp_eq_i((fxp_vi)e, fxp_splat_i(31)), is_denorm = fxp_eq_i((fxp_vi)e, fxp_splat_i(0));
   return (fxp_vf)fxp_sel_u(is_special, special, fxp_sel_u(is_denorm, denorm, normal));
}

/* Floats to unsigned 11- or 10-bit floats (mbits = 6 or 5), in each lane's low bits, as Mesa's f32_to_uf11
 * and f32_to_uf10 make them: NaN (either sign) gives exponent 31 with mantissa 1, +inf exponent 31, -inf
 * and every negative number (and -0) 0, finite values past the largest (65024, 64512) the largest, values
 * whose exponent is below -14 0, and the rest their exponent rebiased and mantissa truncated. */
static inline fxp_vu
fxp_vfloat_to_uf(fxp_vf v, unsigned mbits)
{
   const fxp_vu u = (fxp_vu)v;
   const fxp_vu e = (u >> 23) & 0xffu, m = u & 0x007fffffu;
   const fxp_vu max_exp = (fxp_vu){0} + (0x1fu << mbits);
   const float largest = mbits == 6 ? 65024.0f : 64512.0f;
   /* exponent - 127 > -15: rebiased by 15, the mantissa truncated */
   fxp_vu r = fxp_sel_u(fxp_gt_u(e, (fxp_vu){0} + 112u), ((e - 112u) << mbits) | (m >> (23 - mbits)), (fxp_vu){0});
   r = fxp_sel_u(fxp_gt_f(v, fxp_splat_f(largest)), (fxp_vu){0} + ((30u << mbits) | ((1u << mbits) - 1)), r);
   const fxp_vi negative = fxp_lt_i((fxp_vi)u, fxp_splat_i(0));
   r = fxp_sel_u(negative, (fxp_vu){0}, r);
   /* exponent 255: NaN, or an infinity (+inf the largest exponent, -inf 0) */
   const fxp_vu special = fxp_sel_u(fxp_eq_i((fxp_vi)m, fxp_splat_i(0)), fxp_sel_u(negative, (fxp_vu){0}, max_exp),
                                    max_exp | 1u);
   return fxp_sel_u(fxp_eq_i((fxp_vi)e, fxp_splat_i(0xff)), special, r);
}

#endif
