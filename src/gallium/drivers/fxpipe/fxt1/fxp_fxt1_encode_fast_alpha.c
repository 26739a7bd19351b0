/* fxpipe's FXT1 encoder, fast paths for the RGBA format's blocks with alpha (FXP_FXT1_FAST), in the style of
 * fxp_fxt1_encode_fast.c: four 4x4 halves (two blocks) at once, one half per lane of 4-wide float vectors.
 *   clear (every texel (0,0,0,0)): a constant block, every texel transparent black;
 *   punch-through (alphas 0, 255,  CC_MIXED alpha[0]=1, per half a RGB555/RGB565 pair fitted to the opaque
 *   alpha-0 texels black):         texels (3 levels), the transparent ones on index 3 (transparent black);
 *   translucent (any other):       CC_ALPHA lerp=1, per half an ARGB line; the two halves' lines are turned
 *                                  so that their nearest ends meet in the shared colour 1, and the three
 *                                  colours come from one least-squares system for the whole block.
 * Each fit: weighted mean and covariance, principal axis by power iteration, indices from the projections,
 * least-squares endpoints, quantisation, exact palette, final indices by projection on the palette's line.
 * Alpha-0 texels keep their colour, as everywhere in the encoder (fxp_fxt1_encode.h): the translucent fit
 * takes them as they are. Blocks of alphas 0 and 255 with an alpha-0 texel of another colour than black get
 * both the punch-through and the translucent block (fx_fast_hidden2 in fxp_fxt1_encode.c). */
#include "fxp_fxt1_encode_priv.h"

/* Four halves, channel by channel: lane l is half[l]'s 16 texels. */
struct fx_lanes {
   v4f x[4][16]; /* [R, G, B, A][texel] */
   v4f w[16];    /* 1 for a texel that takes part in the fit, 0 for one that does not */
};

static void
fx_lanes_load(const uint8_t *const half[4], bool opaque_only, struct fx_lanes *L)
{
   for (unsigned g = 0; g < 4; g++) {
      v4u t[4];

      fx_load_group(half, g, t);
      for (unsigned i = 0; i < 4; i++) {
         const unsigned n = 4 * g + i;
         const v4u w = t[i];

         const v4i clear = (v4i)(w >> 24) == 0;

         for (unsigned c = 0; c < 4; c++)
            L->x[c][n] = __builtin_convertvector((v4i)((w >> (8 * c)) & 0xff), v4f);
         L->w[n] = opaque_only ? fx_vsel(clear, (v4f){0}, (v4f){0} + 1.0f) : (v4f){0} + 1.0f;
      }
   }
}

/* Per lane: weight n, mean, unit principal axis (nch channels), projections t and their extremes over the
 * texels of weight 1. */
struct fx_axis {
   v4f n, m[4], a[4], t[16], tmin, tmax;
};

static void
fx_lanes_axis(const struct fx_lanes *L, unsigned nch, struct fx_axis *A)
{
   v4f s[4] = {{0}}, q[4][4] = {{{0}}}, cov[4][4];

   A->n = (v4f){0};
   for (unsigned n = 0; n < 16; n++) {
      A->n += L->w[n];
      for (unsigned i = 0; i < nch; i++) {
         const v4f xw = L->x[i][n] * L->w[n];

         s[i] += xw;
         for (unsigned j = i; j < nch; j++)
            q[i][j] += xw * L->x[j][n];
      }
   }
   const v4i empty = A->n == 0.0f;
   const v4f inv_n = 1.0f / fx_vsel(empty, (v4f){0} + 1.0f, A->n);
   v4f trace = {0};

   for (unsigned i = 0; i < 4; i++)
      A->m[i] = i < nch ? s[i] * inv_n : (v4f){0};
   for (unsigned i = 0; i < nch; i++) {
      for (unsigned j = i; j < nch; j++)
         cov[i][j] = cov[j][i] = q[i][j] - s[i] * A->m[j];
      trace += cov[i][i];
   }
   /* scaled by 1 / trace so that power iterations cannot overflow */
   const v4i flat = trace <= 0.0f;
   const v4f inv_tr = 1.0f / fx_vsel(flat, (v4f){0} + 1.0f, trace);
   v4f a[4], best;

   for (unsigned i = 0; i < nch; i++)
      for (unsigned j = 0; j < nch; j++)
         cov[i][j] *= inv_tr;
   /* start from the column of largest variance */
   best = cov[0][0];
   for (unsigned i = 0; i < nch; i++)
      a[i] = cov[i][0];
   for (unsigned j = 1; j < nch; j++) {
      const v4i bigger = cov[j][j] > best;

      best = fx_vsel(bigger, cov[j][j], best);
      for (unsigned i = 0; i < nch; i++)
         a[i] = fx_vsel(bigger, cov[i][j], a[i]);
   }
   for (unsigned it = 0; it < 3; it++) {
      v4f w[4];

      for (unsigned i = 0; i < nch; i++) {
         w[i] = (v4f){0};
         for (unsigned j = 0; j < nch; j++)
            w[i] += cov[i][j] * a[j];
      }
      for (unsigned i = 0; i < nch; i++)
         a[i] = w[i];
   }
   v4f len2 = {0};

   for (unsigned i = 0; i < nch; i++)
      len2 += a[i] * a[i];
   const v4i no_axis = len2 == 0.0f;
   const v4f inv_len = 1.0f / fx_vsqrt(fx_vsel(no_axis, (v4f){0} + 1.0f, len2));

   for (unsigned i = 0; i < 4; i++)
      A->a[i] = i >= nch ? (v4f){0} : fx_vsel(no_axis, (v4f){0} + (i == 0 ? 1.0f : 0.0f), a[i] * inv_len);

   A->tmin = (v4f){0} + FLT_MAX;
   A->tmax = (v4f){0} - FLT_MAX;
   for (unsigned n = 0; n < 16; n++) {
      const v4i in = L->w[n] > 0.0f;
      v4f t = L->x[0][n] * A->a[0];

      for (unsigned c = 1; c < nch; c++)
         t += L->x[c][n] * A->a[c];
      A->t[n] = t;
      A->tmin = fx_vmin(A->tmin, fx_vsel(in, t, (v4f){0} + FLT_MAX));
      A->tmax = fx_vmax(A->tmax, fx_vsel(in, t, (v4f){0} - FLT_MAX));
   }
   A->tmin = fx_vsel(empty, (v4f){0}, A->tmin);
   A->tmax = fx_vsel(empty, (v4f){0}, A->tmax);
}

static inline v4f
fx_vabs(v4f v)
{
   return fx_vmax(v, -v);
}

static inline v4i
fx_vw5(v4i c)
{
   return (c << 3) | (c >> 2);
}

static inline v4i
fx_vw6(v4i c)
{
   return (c << 2) | (c >> 4);
}

static inline v4f
fx_vfloor_third(v4i v)
{
   /* integer v / 3 for 0 <= v < 2^10, exactly (see fxp_fxt1_encode_fast.c) */
   return __builtin_convertvector(__builtin_convertvector(__builtin_convertvector(v, v4f) * (1.0f / 3), v4i), v4f);
}

/* ---- punch-through: CC_MIXED alpha[0]=1 ---- */

static void
fx_fast_mixed1_4(const struct fxp_fxt1_encoder *enc, const uint8_t *const half[4], int codes[4][2][3],
                 uint32_t bits_out[4])
{
   struct fx_lanes L;
   struct fx_axis A;

   fx_lanes_load(half, true, &L);
   fx_lanes_axis(&L, 3, &A);

   /* indices 0..2 by halves of the range; least squares with f = index / 2 over the opaque texels */
   const v4f range = A.tmax - A.tmin, scale = 2.0f / fx_vsel(range == 0.0f, (v4f){0} + 1.0f, range);
   v4f sf = {0}, sff = {0}, sfx[3] = {{0}};

   for (unsigned n = 0; n < 16; n++) {
      const v4f i = __builtin_convertvector(__builtin_convertvector((A.t[n] - A.tmin) * scale + 0.5f, v4i), v4f);
      const v4f f = fx_vmax(fx_vmin(i, (v4f){0} + 2.0f), (v4f){0}) * 0.5f * L.w[n];

      sf += f;
      sff += f * f;
      for (unsigned c = 0; c < 3; c++)
         sfx[c] += f * L.x[c][n];
   }
   const v4f saa = A.n - 2.0f * sf + sff, sab = sf - sff, sbb = sff;
   const v4f det = saa * sbb - sab * sab;
   const v4i singular = det < 1e-3f;
   const v4f idet = 1.0f / fx_vsel(singular, (v4f){0} + 1.0f, det);
   const v4f ma = A.m[0] * A.a[0] + A.m[1] * A.a[1] + A.m[2] * A.a[2];
   v4i ca[3], cb[3];
   v4f p[3][3], d[3];

   v4f ea[3], eb[3];

   for (unsigned c = 0; c < 3; c++) {
      const v4f sx = A.m[c] * A.n, xa = sx - sfx[c];

      ea[c] = fx_vsel(singular, A.m[c] + A.a[c] * (A.tmin - ma), (sbb * xa - sab * sfx[c]) * idet);
      eb[c] = fx_vsel(singular, A.m[c] + A.a[c] * (A.tmax - ma), (saa * sfx[c] - sab * xa) * idet);
   }
   /* colour 0 / 2 is RGB555, colour 1 / 3 RGB565: the end whose green the 6-bit code holds better goes there */
   {
      const v4i ga5 = fx_vquant(enc->q5, ea[1]), gb6 = fx_vquant(enc->q6, eb[1]);
      const v4i gb5 = fx_vquant(enc->q5, eb[1]), ga6 = fx_vquant(enc->q6, ea[1]);
      const v4f keep = fx_vabs(__builtin_convertvector(fx_vw5(ga5), v4f) - ea[1]) +
                       fx_vabs(__builtin_convertvector(fx_vw6(gb6), v4f) - eb[1]);
      const v4f swap = fx_vabs(__builtin_convertvector(fx_vw5(gb5), v4f) - eb[1]) +
                       fx_vabs(__builtin_convertvector(fx_vw6(ga6), v4f) - ea[1]);
      const v4i sw = swap < keep;

      for (unsigned c = 0; c < 3; c++) {
         const v4f a = ea[c];

         ea[c] = fx_vsel(sw, eb[c], a);
         eb[c] = fx_vsel(sw, a, eb[c]);
      }
   }
   for (unsigned c = 0; c < 3; c++) {
      ca[c] = fx_vquant(enc->q5, ea[c]);
      cb[c] = fx_vquant(c == 1 ? enc->q6 : enc->q5, eb[c]);

      const v4i wa = fx_vw5(ca[c]), wb = c == 1 ? fx_vw6(cb[c]) : fx_vw5(cb[c]);

      /* entries ca, (ca + cb) / 2, cb */
      p[0][c] = __builtin_convertvector(wa, v4f);
      p[1][c] = __builtin_convertvector((wa + wb) >> 1, v4f);
      p[2][c] = __builtin_convertvector(wb, v4f);
      d[c] = p[2][c] - p[0][c];
   }
   v4f pt[3];

   for (unsigned i = 0; i < 3; i++)
      pt[i] = p[i][0] * d[0] + p[i][1] * d[1] + p[i][2] * d[2];

   const v4f m01 = (pt[0] + pt[1]) * 0.5f, m12 = (pt[1] + pt[2]) * 0.5f;
   v4u bits = {0};

   for (unsigned n = 0; n < 16; n++) {
      const v4f u = L.x[0][n] * d[0] + L.x[1][n] * d[1] + L.x[2][n] * d[2];
      const v4i k = -((u > m01) + (u > m12)), in = L.w[n] > 0.0f;

      bits |= (v4u)((in & k) | (~in & 3)) << (2 * n); /* transparent texels: index 3 */
   }
   for (unsigned l = 0; l < 4; l++) {
      for (unsigned c = 0; c < 3; c++) {
         codes[l][0][c] = A.n[l] == 0.0f ? 0 : ca[c][l];
         codes[l][1][c] = A.n[l] == 0.0f ? 0 : cb[c][l];
      }
      bits_out[l] = bits[l];
   }
}

/* ---- translucent: CC_ALPHA lerp=1 ---- */

/* Lanes (0, 1) are the left and right halves of one block, (2, 3) of the other. Writes per block the codes of
 * colours 0, 1, 2 (A, R, G, B 5-bit each, as [colour][R, G, B, A]) and per half the indices. */
static void
fx_fast_alpha1_4(const struct fxp_fxt1_encoder *enc, const uint8_t *const half[4], int codes[2][3][4],
                 uint32_t bits_out[4])
{
   struct fx_lanes L;
   struct fx_axis A;
   v4f e[2][4], pe[2][4];

   fx_lanes_load(half, false, &L);
   fx_lanes_axis(&L, 4, &A);

   /* the ends of each half's line, and its partner's */
   const v4f ma = A.m[0] * A.a[0] + A.m[1] * A.a[1] + A.m[2] * A.a[2] + A.m[3] * A.a[3];

   for (unsigned c = 0; c < 4; c++) {
      e[0][c] = A.m[c] + A.a[c] * (A.tmin - ma);
      e[1][c] = A.m[c] + A.a[c] * (A.tmax - ma);
      pe[0][c] = FX_SHUF(e[0][c], 1, 0, 3, 2);
      pe[1][c] = FX_SHUF(e[1][c], 1, 0, 3, 2);
   }
   v4f dist[2][2] = {{{0}}};

   for (unsigned i = 0; i < 2; i++)
      for (unsigned j = 0; j < 2; j++)
         for (unsigned c = 0; c < 4; c++)
            dist[i][j] += (e[i][c] - pe[j][c]) * (e[i][c] - pe[j][c]);

   /* the end nearest the partner's line is shared (index 3, colour 1): turn the line when that is tmin's end */
   const v4i flip = fx_vmin(dist[0][0], dist[0][1]) < fx_vmin(dist[1][0], dist[1][1]);
   const v4f tlo = fx_vsel(flip, -A.tmax, A.tmin), range = A.tmax - A.tmin;
   const v4f scale = 3.0f / fx_vsel(range == 0.0f, (v4f){0} + 1.0f, range);
   v4f sf = {0}, sff = {0}, sfx[4] = {{0}}, s[4] = {{0}};

   for (unsigned n = 0; n < 16; n++) {
      const v4f t = fx_vsel(flip, -A.t[n], A.t[n]);
      const v4f f = __builtin_convertvector(__builtin_convertvector((t - tlo) * scale + 0.5f, v4i), v4f) *
                    (1.0f / 3);

      sf += f;
      sff += f * f;
      for (unsigned c = 0; c < 4; c++) {
         sfx[c] += f * L.x[c][n];
         s[c] += L.x[c][n];
      }
   }
   /* least squares for the block: a left texel is (1 - f) c0 + f c1, a right one (1 - f) c2 + f c1; each
    * lane solves for (its own colour, colour 1, its partner's colour):
    *   | aa  ab   0  | |own|   |xa |
    *   | ab  bbt abP | |c1 | = |xbt|
    *   | 0   abP aaP | |oth|   |xaP| */
   const v4f aa = 16.0f - 2.0f * sf + sff, ab = sf - sff, bb = sff;
   const v4f aaP = FX_SHUF(aa, 1, 0, 3, 2), abP = FX_SHUF(ab, 1, 0, 3, 2);
   const v4f bbt = bb + FX_SHUF(bb, 1, 0, 3, 2);
   const v4f minor = bbt * aaP - abP * abP;
   const v4f det = aa * minor - ab * ab * aaP;
   /* one decision per block, the left lane's */
   const v4i singular = FX_SHUF(~(det > 1e-4f * aa * bbt * aaP), 0, 0, 2, 2);
   const v4f idet = 1.0f / fx_vsel(singular, (v4f){0} + 1.0f, det);
   v4i own[4], c1[4];

   for (unsigned c = 0; c < 4; c++) {
      const v4f xa = s[c] - sfx[c], xaP = FX_SHUF(xa, 1, 0, 3, 2);
      const v4f xbt = sfx[c] + FX_SHUF(sfx[c], 1, 0, 3, 2);
      v4f o = (xa * minor - ab * (xbt * aaP - abP * xaP)) * idet;
      v4f m = FX_SHUF((aa * (xbt * aaP - abP * xaP) - xa * ab * aaP) * idet, 0, 0, 2, 2);
      /* singular: the far ends, and the mean of the shared ends */
      const v4f far = fx_vsel(flip, e[1][c], e[0][c]), near = fx_vsel(flip, e[0][c], e[1][c]);

      o = fx_vsel(singular, far, o);
      m = fx_vsel(singular, (near + FX_SHUF(near, 1, 0, 3, 2)) * 0.5f, m);
      own[c] = fx_vquant(enc->q5, o);
      c1[c] = fx_vquant(enc->q5, m);
   }

   /* exact palette of each half: thirds between its own colour and colour 1, on A, R, G, B */
   v4f p[4][4], d[4], pt[4];

   for (unsigned c = 0; c < 4; c++) {
      const v4i wa = fx_vw5(own[c]), wb = fx_vw5(c1[c]);

      p[0][c] = __builtin_convertvector(wa, v4f);
      p[1][c] = fx_vfloor_third(2 * wa + wb + 1);
      p[2][c] = fx_vfloor_third(wa + 2 * wb + 1);
      p[3][c] = __builtin_convertvector(wb, v4f);
      d[c] = p[3][c] - p[0][c];
   }
   for (unsigned i = 0; i < 4; i++)
      pt[i] = p[i][0] * d[0] + p[i][1] * d[1] + p[i][2] * d[2] + p[i][3] * d[3];

   const v4f m01 = (pt[0] + pt[1]) * 0.5f, m12 = (pt[1] + pt[2]) * 0.5f, m23 = (pt[2] + pt[3]) * 0.5f;
   v4u bits = {0};

   for (unsigned n = 0; n < 16; n++) {
      const v4f u = L.x[0][n] * d[0] + L.x[1][n] * d[1] + L.x[2][n] * d[2] + L.x[3][n] * d[3];
      const v4i k = -((u > m01) + (u > m12) + (u > m23));

      bits |= (v4u)k << (2 * n);
   }
   for (unsigned b = 0; b < 2; b++) {
      for (unsigned c = 0; c < 4; c++) {
         codes[b][0][c] = own[c][2 * b];
         codes[b][1][c] = c1[c][2 * b];
         codes[b][2][c] = own[c][2 * b + 1];
      }
   }
   for (unsigned l = 0; l < 4; l++)
      bits_out[l] = bits[l];
}

/* ---- blocks ---- */

static void
fx_store(uint64_t lo, uint64_t hi, uint8_t out[16])
{
   for (unsigned i = 0; i < 8; i++) {
      out[i] = (uint8_t)(lo >> (8 * i));
      out[8 + i] = (uint8_t)(hi >> (8 * i));
   }
}

enum fx_fast_kind
fx_fast_kind(const uint8_t px[32][4], bool rgba_format)
{
   unsigned all = 255, any = 0, binary = 1, hidden = 0;

   if (!rgba_format)
      return FX_FAST_OPAQUE;
   for (unsigned t = 0; t < 32; t++) {
      const unsigned a = px[t][3];

      all &= a;
      any |= a;
      binary &= a == 0 || a == 255;
      hidden |= a == 0 ? px[t][0] | px[t][1] | px[t][2] : 0;
   }
   if (all == 255)
      return FX_FAST_OPAQUE;
   if (!binary)
      return FX_FAST_TRANSLUCENT;
   if (hidden)
      return FX_FAST_HIDDEN;
   return any == 0 ? FX_FAST_CLEAR : FX_FAST_PUNCH;
}

void
fx_fast_clear(uint8_t out[16])
{
   /* CC_ALPHA lerp=0 ([127:125] = 011b), colours 0, every index 3: transparent black */
   fx_store(~(uint64_t)0, (uint64_t)3 << 61, out);
}

void
fx_fast_punch2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
               uint8_t out0[16], uint8_t out1[16])
{
   const uint8_t *const half[4] = {px0[0], px0[16], px1[0], px1[16]};
   uint8_t *const out[2] = {out0, out1};
   int codes[4][2][3];
   uint32_t bits[4];

   fx_fast_mixed1_4(enc, half, codes, bits);
   for (unsigned b = 0; b < 2; b++) {
      /* [127] 1, [124] alpha[0] = 1, glsb [125 + h] = colour 1 / 3 green[0]; colour 0 / 2 (RGB555) at 64 + 30 h,
       * colour 1 / 3 (green's upper 5 bits) at 79 + 30 h */
      uint64_t lo = bits[2 * b] | (uint64_t)bits[2 * b + 1] << 32, hi = (uint64_t)1 << 63 | (uint64_t)1 << 60;

      for (unsigned h = 0; h < 2; h++) {
         const int *ca = codes[2 * b + h][0], *cb = codes[2 * b + h][1];
         const uint64_t pair = (uint64_t)(ca[2] | ca[1] << 5 | ca[0] << 10) |
                               (uint64_t)(cb[2] | (cb[1] >> 1) << 5 | cb[0] << 10) << 15;

         hi |= pair << (30 * h) | (uint64_t)(cb[1] & 1) << (61 + h);
      }
      fx_store(lo, hi, out[b]);
   }
}

void
fx_fast_translucent2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
                     uint8_t out0[16], uint8_t out1[16])
{
   const uint8_t *const half[4] = {px0[0], px0[16], px1[0], px1[16]};
   uint8_t *const out[2] = {out0, out1};
   int codes[2][3][4];
   uint32_t bits[4];

   fx_fast_alpha1_4(enc, half, codes, bits);
   for (unsigned b = 0; b < 2; b++) {
      /* [127:125] 011b, [124] lerp = 1, alpha of colour i at 109 + 5 i, colour i (RGB555) at 64 + 15 i */
      uint64_t lo = bits[2 * b] | (uint64_t)bits[2 * b + 1] << 32, hi = (uint64_t)3 << 61 | (uint64_t)1 << 60;

      for (unsigned i = 0; i < 3; i++) {
         const int *c = codes[b][i];

         hi |= (uint64_t)(c[2] | c[1] << 5 | c[0] << 10) << (15 * i) | (uint64_t)c[3] << (45 + 5 * i);
      }
      fx_store(lo, hi, out[b]);
   }
}
