/* fxpipe's FXT1 encoder, fast path for opaque blocks (FXP_FXT1_FAST): CC_MIXED alpha[0]=0 straight from the
 * texels, without the candidate machinery of fxp_fxt1_encode.c. It works on four 4x4 halves at once (two
 * blocks), one half per lane of 4-wide float vectors, so that every step, per-texel or per-half, is one
 * vector operation for four halves. Per half:
 *   1. mean and covariance; principal axis by three power iterations;
 *   2. indices 0..3 from the texels' projections, cut into thirds of their range;
 *   3. least-squares endpoints for those indices (the extremes of the axis when the system is singular);
 *   4. quantise to RGB565 and build the exact palette (spec section 3: ((3-i)*c0 + i*c1 + 1) / 3 of the
 *      widened codes);
 *   5. final indices by projection onto the palette's own line, cut at the midpoints of its projected entries;
 *   6. pack, with the spec's colour swap for colour 0 / 2's green LSB.
 * A half of one colour instead takes the codes whose entry 1 is nearest that colour (single-colour table).
 * Channel values are integers held exactly in floats; the sums of squares and products stay below 2^24, so
 * the covariance is exact. */
#include "fxp_fxt1_encode_priv.h"

/* Four halves: half[l] points at the 16 texels (spec order, RGBA8) of lane l. Writes each lane's codes
 * (colour 0 and 1: R5 G6 B5) and its 16 indices, 2 bits each from bit 0. */
static void
fx_fast_4halves(const struct fxp_fxt1_encoder *enc, const uint8_t *const half[4], int codes[4][2][3],
                uint32_t bits_out[4])
{
   v4f x[3][16], s[3] = {{0}}, q[6] = {{0}};

   /* 1. the texels, channel by channel, one lane per half; sums for the mean and the covariance */
   for (unsigned g = 0; g < 4; g++) {
      v4u t[4];

      fx_load_group(half, g, t);
      for (unsigned i = 0; i < 4; i++) {
         const unsigned n = 4 * g + i;
         const v4u w = t[i];

         x[0][n] = __builtin_convertvector((v4i)(w & 0xff), v4f);
         x[1][n] = __builtin_convertvector((v4i)((w >> 8) & 0xff), v4f);
         x[2][n] = __builtin_convertvector((v4i)((w >> 16) & 0xff), v4f);
         s[0] += x[0][n];
         s[1] += x[1][n];
         s[2] += x[2][n];
         q[0] += x[0][n] * x[0][n];
         q[1] += x[1][n] * x[1][n];
         q[2] += x[2][n] * x[2][n];
         q[3] += x[0][n] * x[1][n];
         q[4] += x[0][n] * x[2][n];
         q[5] += x[1][n] * x[2][n];
      }
   }
   const v4f m[3] = {s[0] * (1.0f / 16), s[1] * (1.0f / 16), s[2] * (1.0f / 16)};
   v4f c00 = q[0] - s[0] * m[0], c11 = q[1] - s[1] * m[1], c22 = q[2] - s[2] * m[2];
   v4f c01 = q[3] - s[0] * m[1], c02 = q[4] - s[0] * m[2], c12 = q[5] - s[1] * m[2];
   const v4f trace = c00 + c11 + c22;
   const v4i flat = trace == 0.0f;

   /* scaled by 1 / trace (entries at most 1: the power iterations cannot overflow) */
   const v4f inv_tr = 1.0f / fx_vsel(flat, (v4f){0} + 1.0f, trace);
   c00 *= inv_tr;
   c11 *= inv_tr;
   c22 *= inv_tr;
   c01 *= inv_tr;
   c02 *= inv_tr;
   c12 *= inv_tr;

   /* principal axis: from the covariance column of largest variance, three power iterations */
   const v4i g_big = c11 >= c00, b_big = c22 > fx_vmax(c00, c11);
   v4f a0 = fx_vsel(b_big, c02, fx_vsel(g_big, c01, c00));
   v4f a1 = fx_vsel(b_big, c12, fx_vsel(g_big, c11, c01));
   v4f a2 = fx_vsel(b_big, c22, fx_vsel(g_big, c12, c02));

   for (unsigned it = 0; it < 3; it++) {
      const v4f w0 = c00 * a0 + c01 * a1 + c02 * a2;
      const v4f w1 = c01 * a0 + c11 * a1 + c12 * a2;
      const v4f w2 = c02 * a0 + c12 * a1 + c22 * a2;

      a0 = w0;
      a1 = w1;
      a2 = w2;
   }
   const v4f len2 = a0 * a0 + a1 * a1 + a2 * a2;
   const v4i no_axis = len2 == 0.0f;
   const v4f inv_len = 1.0f / fx_vsqrt(fx_vsel(no_axis, (v4f){0} + 1.0f, len2));

   a0 = fx_vsel(no_axis, (v4f){0} + 1.0f, a0 * inv_len);
   a1 = fx_vsel(no_axis, (v4f){0}, a1 * inv_len);
   a2 = fx_vsel(no_axis, (v4f){0}, a2 * inv_len);

   /* 2. projections and their range; indices 0..3 by thirds of the range; sums for least squares */
   v4f t[16], tmin = (v4f){0} + FLT_MAX, tmax = (v4f){0} - FLT_MAX;

   for (unsigned n = 0; n < 16; n++) {
      t[n] = x[0][n] * a0 + x[1][n] * a1 + x[2][n] * a2;
      tmin = fx_vmin(tmin, t[n]);
      tmax = fx_vmax(tmax, t[n]);
   }
   const v4f range = tmax - tmin;
   const v4f scale = 3.0f / fx_vsel(range == 0.0f, (v4f){0} + 1.0f, range);
   v4f sf = {0}, sff = {0}, sfx[3] = {{0}};

   for (unsigned n = 0; n < 16; n++) {
      /* f = round((t - tmin) * 3 / range) / 3 */
      const v4f f = __builtin_convertvector(__builtin_convertvector((t[n] - tmin) * scale + 0.5f, v4i), v4f) *
                    (1.0f / 3);

      sf += f;
      sff += f * f;
      sfx[0] += f * x[0][n];
      sfx[1] += f * x[1][n];
      sfx[2] += f * x[2][n];
   }

   /* 3. least squares: entry (1 - f) ea + f eb; with sum x = 16 m the normal equations need only sum f,
    * sum f^2 and sum f x. Singular (every texel on one index): the extremes of the axis. */
   const v4f saa = 16.0f - 2.0f * sf + sff, sab = sf - sff, sbb = sff;
   const v4f det = saa * sbb - sab * sab;
   const v4i singular = det < 1e-3f;
   const v4f idet = 1.0f / fx_vsel(singular, (v4f){0} + 1.0f, det);
   const v4f ma = m[0] * a0 + m[1] * a1 + m[2] * a2;
   const v4f axis[3] = {a0, a1, a2};
   v4i ca[3], cb[3];

   for (unsigned c = 0; c < 3; c++) {
      const v4f xa = s[c] - sfx[c];
      v4f ea = (sbb * xa - sab * sfx[c]) * idet, eb = (saa * sfx[c] - sab * xa) * idet;

      ea = fx_vsel(singular, m[c] + axis[c] * (tmin - ma), ea);
      eb = fx_vsel(singular, m[c] + axis[c] * (tmax - ma), eb);
      /* 4. quantise */
      ca[c] = fx_vquant(c == 1 ? enc->q6 : enc->q5, ea);
      cb[c] = fx_vquant(c == 1 ? enc->q6 : enc->q5, eb);
   }

   /* the exact palette: widened codes and the thirds between them (division by 3 of integers below 2^10 as a
    * multiplication by the float 1/3, which rounds up: truncation then gives the integer quotient) */
   v4f p[4][3], d[3];

   for (unsigned c = 0; c < 3; c++) {
      const v4i wa = c == 1 ? (ca[c] << 2) | (ca[c] >> 4) : (ca[c] << 3) | (ca[c] >> 2);
      const v4i wb = c == 1 ? (cb[c] << 2) | (cb[c] >> 4) : (cb[c] << 3) | (cb[c] >> 2);

      p[0][c] = __builtin_convertvector(wa, v4f);
      p[3][c] = __builtin_convertvector(wb, v4f);
      p[1][c] = __builtin_convertvector(
         __builtin_convertvector(__builtin_convertvector(2 * wa + wb + 1, v4f) * (1.0f / 3), v4i), v4f);
      p[2][c] = __builtin_convertvector(
         __builtin_convertvector(__builtin_convertvector(wa + 2 * wb + 1, v4f) * (1.0f / 3), v4i), v4f);
      d[c] = p[3][c] - p[0][c];
   }
   v4f pt[4];

   for (unsigned i = 0; i < 4; i++)
      pt[i] = p[i][0] * d[0] + p[i][1] * d[1] + p[i][2] * d[2];

   /* 5. final indices: the number of projected midpoints below the texel's projection */
   const v4f m01 = (pt[0] + pt[1]) * 0.5f, m12 = (pt[1] + pt[2]) * 0.5f, m23 = (pt[2] + pt[3]) * 0.5f;
   v4u bits = {0};

   for (unsigned n = 0; n < 16; n++) {
      const v4f u = x[0][n] * d[0] + x[1][n] * d[1] + x[2][n] * d[2];
      const v4i k = -((u > m01) + (u > m12) + (u > m23)); /* comparisons give -1 for true */

      bits |= (v4u)k << (2 * n);
   }

   for (unsigned l = 0; l < 4; l++) {
      if (flat[l]) {
         /* one colour: entry 1 of the pair nearest it, every texel on index 1 */
         for (unsigned c = 0; c < 3; c++) {
            const uint8_t *pair = (c == 1 ? enc->mix4_6 : enc->mix4_5)[fx_clampi((int)(m[c][l] + 0.5f), 0, 255)];

            codes[l][0][c] = pair[0];
            codes[l][1][c] = pair[1];
         }
         bits_out[l] = 0x55555555u;
         continue;
      }
      for (unsigned c = 0; c < 3; c++) {
         codes[l][0][c] = ca[c][l];
         codes[l][1][c] = cb[c][l];
      }
      bits_out[l] = bits[l];
   }
}

/* Writes half h of a CC_MIXED alpha[0]=0 block: the colour swap of spec section 3 (if texel 0's upper index
 * bit differs from c0.green[0] ^ c1.green[0], swap the colours and invert the indices), then colours, glsb
 * and indices; *lo collects bits [63:0], *hi bits [127:64]. */
static inline void
fx_fast_pack_half(const int c[2][3], uint32_t bits, unsigned h, uint64_t *lo, uint64_t *hi)
{
   const int *ca = c[0], *cb = c[1];

   if (((bits >> 1) & 1u) != (unsigned)((ca[1] ^ cb[1]) & 1)) {
      ca = c[1];
      cb = c[0];
      bits = ~bits; /* i -> 3 - i for every index */
   }
   *lo |= (uint64_t)bits << (32 * h);
   /* colours at 64 + 30 h (ca) and 79 + 30 h (cb), each b5 | g5 << 5 | r5 << 10; glsb at 125 + h */
   const uint64_t pair = (uint64_t)(ca[2] | (ca[1] >> 1) << 5 | ca[0] << 10) |
                         (uint64_t)(cb[2] | (cb[1] >> 1) << 5 | cb[0] << 10) << 15;
   *hi |= pair << (30 * h) | (uint64_t)(cb[1] & 1) << (61 + h);
}

void
fx_fast_pack_mixed0(const int codes[2][2][3], const uint32_t bits[2], uint8_t out[16])
{
   uint64_t lo = 0, hi = (uint64_t)1 << 63; /* bit 127: CC_MIXED; bit 124 alpha[0] = 0 */

   fx_fast_pack_half(codes[0], bits[0], 0, &lo, &hi);
   fx_fast_pack_half(codes[1], bits[1], 1, &lo, &hi);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
   memcpy(out, &lo, 8);
   memcpy(out + 8, &hi, 8);
#else
   for (unsigned i = 0; i < 8; i++) {
      out[i] = (uint8_t)(lo >> (8 * i));
      out[8 + i] = (uint8_t)(hi >> (8 * i));
   }
#endif
}

void
fx_fast_blocks2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
                uint8_t out0[16], uint8_t out1[16])
{
   const uint8_t *const half[4] = {px0[0], px0[16], px1[0], px1[16]};
   int codes[4][2][3];
   uint32_t bits[4];

   fx_fast_4halves(enc, half, codes, bits);
   fx_fast_pack_mixed0((const int(*)[2][3])codes, bits, out0);
   fx_fast_pack_mixed0((const int(*)[2][3])codes + 2, bits + 2, out1);
}
