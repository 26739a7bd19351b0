/* fxpipe's FXT1 encoder: the endpoint fits of each block mode (fxp_fxt1_encode_priv.h lists them). Each fit
 * starts from the texels' principal axis, refines by least squares on the indices that the exact palette
 * gives (endpoints -> quantise -> exact indices -> endpoints ...); the free-colour modes (CC_CHROMA, CC_ALPHA
 * lerp=0) use k-means instead; and every fit ends with a greedy search over neighbouring quantised codes
 * scored with the exact error. (A cluster fit of CC_MIXED, every split of the texels sorted along the axis,
 * * was tried: +0.03 dB on photographs for a quarter more time, so it is not done.) Every score is the exact
 * squared error of the spec's palettes (fx_eval), so a refinement step is kept only when it really decodes
 * closer. These fits serve the thorough setting; the fast one has its own paths (fxp_fxt1_encode_fast*.c).
 * Iteration counts are fixed numbers, so the result is deterministic. */
#include "fxp_fxt1_encode_priv.h"

#include <math.h>

/* ---- principal axis ---- */

struct fx_line {
   float n;       /* weight (number of texels taking part) */
   float var;     /* total variance (trace of the covariance) */
   float mean[4];
   float axis[4]; /* unit length; (1,0,0,0) when there is no spread */
   float tmin, tmax;
};

/* The principal axis of halves [h0, h1) over nch channels, texels weighted by wt (0 or 1), by power
 * iteration from the covariance column of largest variance; tmin / tmax are the extreme projections. */
static void
fx_line_fit(const struct fx_texels *tx, const v16f wt[2], unsigned h0, unsigned h1, unsigned nch,
            unsigned iters, struct fx_line *l)
{
   float s[4] = {0}, cov[4][4] = {{0}};
   v16f d[2][4];

   memset(l, 0, sizeof(*l));
   l->axis[0] = 1.0f;
   for (unsigned h = h0; h < h1; h++) {
      l->n += fx_hsum(wt[h]);
      for (unsigned c = 0; c < nch; c++)
         s[c] += fx_hsum(tx->ch[h][c] * wt[h]);
   }
   if (l->n == 0.0f)
      return;
   for (unsigned c = 0; c < nch; c++)
      l->mean[c] = s[c] / l->n;
   for (unsigned h = h0; h < h1; h++) {
      for (unsigned c = 0; c < nch; c++)
         d[h][c] = (tx->ch[h][c] - l->mean[c]) * wt[h];
   }
   for (unsigned i = 0; i < nch; i++) {
      for (unsigned j = 0; j <= i; j++) {
         float v = 0;

         for (unsigned h = h0; h < h1; h++)
            v += fx_hsum(d[h][i] * d[h][j]);
         cov[i][j] = cov[j][i] = v;
      }
      l->var += cov[i][i];
   }
   if (l->var <= 0.0f)
      return;

   unsigned jmax = 0;
   float v[4] = {0};

   for (unsigned j = 1; j < nch; j++)
      jmax = cov[j][j] > cov[jmax][jmax] ? j : jmax;
   for (unsigned i = 0; i < nch; i++)
      v[i] = cov[i][jmax];
   for (unsigned it = 0; it < iters; it++) {
      float w[4] = {0}, m = 0;

      for (unsigned i = 0; i < nch; i++) {
         for (unsigned j = 0; j < nch; j++)
            w[i] += cov[i][j] * v[j];
         m = fabsf(w[i]) > m ? fabsf(w[i]) : m;
      }
      if (m == 0.0f)
         break;
      for (unsigned i = 0; i < nch; i++)
         v[i] = w[i] / m;
   }

   float len = 0;

   for (unsigned i = 0; i < nch; i++)
      len += v[i] * v[i];
   if (len == 0.0f)
      return;
   len = 1.0f / sqrtf(len);
   for (unsigned i = 0; i < 4; i++)
      l->axis[i] = i < nch ? v[i] * len : 0.0f;

   l->tmin = FLT_MAX;
   l->tmax = -FLT_MAX;
   for (unsigned h = h0; h < h1; h++) {
      v16f t = d[h][0] * l->axis[0];
      const v16i in = fx_gt(wt[h], fx_splat(0.0f));

      for (unsigned c = 1; c < nch; c++)
         t += d[h][c] * l->axis[c];
      const float lo = fx_hmin(fx_sel(in, t, (v16f){0} + FLT_MAX));
      const float hi = fx_hmax(fx_sel(in, t, (v16f){0} - FLT_MAX));
      l->tmin = lo < l->tmin ? lo : l->tmin;
      l->tmax = hi > l->tmax ? hi : l->tmax;
   }
}

static void
fx_line_point(const struct fx_line *l, float t, float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = l->mean[c] + l->axis[c] * t;
}

/* ---- quantisation and least squares ---- */

/* Colour col of c from float RGBA, with the mode's code widths; alpha only when `alpha` (else 31: 255). */
static void
fx_quant(const struct fxp_fxt1_encoder *enc, struct fx_cand *c, unsigned col, const float v[4], bool alpha)
{
   c->c[col][0] = fx_q5(enc, v[0]);
   c->c[col][1] = fx_green6(c->mode, col) ? fx_q6(enc, v[1]) : fx_q5(enc, v[1]);
   c->c[col][2] = fx_q5(enc, v[2]);
   c->c[col][3] = alpha ? fx_q5(enc, v[3]) : 31;
}

static float
fx_clampf(float v)
{
   return v < 0.0f ? 0.0f : v > 255.0f ? 255.0f : v;
}

/* Least-squares endpoints a, b for halves [h0, h1), when the entry of index i is (1 - f) * a + f * b with
 * f = i * scale; texels of index `skip` (a transparent entry) and of weight 0 take no part. False when the
 * system is singular (every texel on one index). */
static bool
fx_ls_pair(const struct fx_texels *tx, const v16f wt[2], unsigned h0, unsigned h1, const v16i idx[2],
           float scale, int skip, unsigned nch, float a[4], float b[4])
{
   float saa = 0, sab = 0, sbb = 0, xa[4] = {0}, xb[4] = {0};

   for (unsigned h = h0; h < h1; h++) {
      const v16i in = fx_ine(idx[h], fx_isplat(skip)) & fx_gt(wt[h], fx_splat(0.0f));
      const v16f f = __builtin_convertvector(idx[h], v16f) * scale;
      const v16f be = fx_sel(in, f, (v16f){0}), al = fx_sel(in, 1.0f - f, (v16f){0});

      saa += fx_hsum(al * al);
      sab += fx_hsum(al * be);
      sbb += fx_hsum(be * be);
      for (unsigned c = 0; c < nch; c++) {
         xa[c] += fx_hsum(al * tx->ch[h][c]);
         xb[c] += fx_hsum(be * tx->ch[h][c]);
      }
   }
   const float det = saa * sbb - sab * sab;
   if (!(det > 1e-4f * (saa * sbb)) || det <= 0.0f)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      a[c] = c < nch ? fx_clampf((sbb * xa[c] - sab * xb[c]) / det) : 255.0f;
      b[c] = c < nch ? fx_clampf((saa * xb[c] - sab * xa[c]) / det) : 255.0f;
   }
   return true;
}

/* ---- greedy neighbourhood search ---- */

struct fx_comp {
   uint8_t col, ch, max;
};

/* Moves one listed code by -1 or +1 at a time while the exact error of the scope (half 0 or 1, or the whole
 * block for half = 2) drops; at most `passes` rounds over the list. */
static void
fx_refine(const struct fx_texels *tx, struct fx_cand *c, unsigned half, const struct fx_comp *comp, unsigned n,
          unsigned passes)
{
   for (unsigned p = 0; p < passes; p++) {
      bool improved = false;

      for (unsigned i = 0; i < n; i++) {
         for (int d = -1; d <= 1; d += 2) {
            const float before = half == 2 ? c->err : c->herr[half];
            const int v = c->c[comp[i].col][comp[i].ch] + d;
            struct fx_cand t;

            if (before == 0.0f)
               return;
            if (v < 0 || v > comp[i].max)
               continue;
            t = *c;
            t.c[comp[i].col][comp[i].ch] = v;
            if ((half == 2 ? fx_eval(tx, &t) : fx_eval_half(tx, &t, half)) < before) {
               *c = t;
               improved = true;
               break;
            }
         }
      }
      if (!improved)
         return;
   }
}

/* The list of codes of colours [col0, col0 + ncol) of mode m, alpha included when `alpha`. */
static unsigned
fx_comps(enum fx_mode m, unsigned col0, unsigned ncol, bool alpha, struct fx_comp *out)
{
   unsigned n = 0;

   for (unsigned col = col0; col < col0 + ncol; col++) {
      for (unsigned ch = 0; ch < (alpha ? 4u : 3u); ch++)
         out[n++] = (struct fx_comp){col, ch, ch == 1 && fx_green6(m, col) ? 63 : 31};
   }
   return n;
}

/* Keeps t in *c when it scores less in the scope (half 0, 1, or 2 for the block). */
static void
fx_keep(struct fx_cand *c, const struct fx_cand *t, unsigned half)
{
   if ((half == 2 ? t->err : t->herr[half]) < (half == 2 ? c->err : c->herr[half]))
      *c = *t;
}

static const v16f fx_ones[2] = {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1},
                                {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}};

/* ---- CC_MIXED alpha[0] = 0: a RGB565 pair per half, 4 levels (thirds) ---- */

/* One colour through entry 1 of a thirds pair: codes (lo, hi) per channel from the tables, every texel on 1. */
static void
fx_single_mix4(const struct fxp_fxt1_encoder *enc, struct fx_cand *c, unsigned ca, unsigned cb,
               const float mean[4], bool alpha)
{
   for (unsigned ch = 0; ch < 4; ch++) {
      const int v = fx_clampi((int)(mean[ch] + 0.5f), 0, 255);
      const bool six = ch == 1 && fx_green6(c->mode, ca);

      if (ch == 3 && !alpha) {
         c->c[ca][3] = c->c[cb][3] = 31;
         continue;
      }
      c->c[ca][ch] = six ? enc->mix4_6[v][0] : enc->mix4_5[v][0];
      c->c[cb][ch] = six ? enc->mix4_6[v][1] : enc->mix4_5[v][1];
   }
}

/* Least-squares rounds on half h of a pair mode: refit, quantise, exact indices; stop when no better. */
static void
fx_ls_rounds(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, const v16f wt[2], struct fx_cand *c,
             unsigned h, float scale, int skip, unsigned rounds)
{
   for (unsigned r = 0; r < rounds; r++) {
      struct fx_cand t = *c;
      float a[4], b[4];

      if (!fx_ls_pair(tx, wt, h, h + 1, c->idx, scale, skip, 3, a, b))
         return;
      fx_quant(enc, &t, 2 * h, a, false);
      fx_quant(enc, &t, 2 * h + 1, b, false);
      fx_eval_half(tx, &t, h);
      if (!(t.herr[h] < c->herr[h]))
         return;
      *c = t;
   }
}

static void
fx_mixed0_half(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, unsigned h,
               struct fx_cand *c)
{
   struct fx_line l;
   struct fx_cand t = *c;
   float e0[4], e1[4];

   fx_line_fit(tx, fx_ones, h, h + 1, 3, 8, &l);
   /* one colour through entry 1 (best for a flat half) */
   fx_single_mix4(enc, &t, 2 * h, 2 * h + 1, l.mean, false);
   fx_eval_half(tx, &t, h);
   fx_keep(c, &t, h);
   if (c->herr[h] == 0.0f)
      return;
   fx_line_point(&l, l.tmin, e0);
   fx_line_point(&l, l.tmax, e1);
   fx_quant(enc, &t, 2 * h, e0, false);
   fx_quant(enc, &t, 2 * h + 1, e1, false);
   fx_eval_half(tx, &t, h);
   fx_keep(c, &t, h);
   fx_ls_rounds(enc, tx, fx_ones, c, h, 1.0f / 3, -1, 4);

   struct fx_comp comp[6];
   const unsigned n = fx_comps(FX_MIXED0, 2 * h, 2, false, comp);

   fx_refine(tx, c, h, comp, n, 8);
   fx_ls_rounds(enc, tx, fx_ones, c, h, 1.0f / 3, -1, 2);
   fx_refine(tx, c, h, comp, n, 4);
}

void
fx_fit_mixed0(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   memset(c, 0, sizeof(*c));
   c->mode = FX_MIXED0;
   c->err = FLT_MAX;
   if (tx->n_transparent)
      return; /* no transparent entry */
   c->herr[0] = c->herr[1] = FLT_MAX;
   for (unsigned h = 0; h < 2; h++)
      fx_mixed0_half(enc, tx, h, c);
   c->err = c->herr[0] + c->herr[1];
}

/* ---- CC_MIXED alpha[0] = 1: RGB555 + RGB565 per half, 3 levels (halves) + transparent black ---- */

static void
fx_mixed1_half(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, unsigned h,
               struct fx_cand *c)
{
   struct fx_line l;
   struct fx_comp comp[6];
   struct fx_cand t = *c;
   float e[2][4];

   fx_line_fit(tx, tx->wt, h, h + 1, 3, 8, &l);
   if (l.n == 0.0f) {
      /* every texel transparent: index 3 */
      memset(t.c[2 * h], 0, sizeof(t.c[0]));
      memset(t.c[2 * h + 1], 0, sizeof(t.c[0]));
      fx_eval_half(tx, &t, h);
      fx_keep(c, &t, h);
      return;
   }
   /* one colour on both ends (entry 0, 1 and 2 alike) */
   fx_quant(enc, &t, 2 * h, l.mean, false);
   fx_quant(enc, &t, 2 * h + 1, l.mean, false);
   fx_eval_half(tx, &t, h);
   fx_keep(c, &t, h);
   /* the ends of the axis, both ways round (colour 0 / 2 has a 5-bit green, 1 / 3 a 6-bit one) */
   fx_line_point(&l, l.tmin, e[0]);
   fx_line_point(&l, l.tmax, e[1]);
   for (unsigned o = 0; o < 2; o++) {
      fx_quant(enc, &t, 2 * h, e[o], false);
      fx_quant(enc, &t, 2 * h + 1, e[1 - o], false);
      fx_eval_half(tx, &t, h);
      fx_keep(c, &t, h);
   }
   fx_ls_rounds(enc, tx, tx->wt, c, h, 0.5f, 3, 4);
   fx_refine(tx, c, h, comp, fx_comps(FX_MIXED1, 2 * h, 2, false, comp), 8);
   fx_ls_rounds(enc, tx, tx->wt, c, h, 0.5f, 3, 2);
}

void
fx_fit_mixed1(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   memset(c, 0, sizeof(*c));
   c->mode = FX_MIXED1;
   c->herr[0] = c->herr[1] = FLT_MAX;
   for (unsigned h = 0; h < 2; h++)
      fx_mixed1_half(enc, tx, h, c);
   c->err = c->herr[0] + c->herr[1];
}

/* ---- CC_HI: one RGB555 pair for the block, 7 levels (sixths) + transparent black ---- */

void
fx_fit_hi(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   struct fx_line l;
   struct fx_comp comp[6];
   struct fx_cand t;
   float e0[4], e1[4];

   memset(c, 0, sizeof(*c));
   c->mode = FX_HI;
   fx_line_fit(tx, tx->wt, 0, 2, 3, 8, &l);
   fx_line_point(&l, l.tmin, e0);
   fx_line_point(&l, l.tmax, e1);
   fx_quant(enc, c, 0, e0, false);
   fx_quant(enc, c, 1, e1, false);
   fx_eval(tx, c);
   if (l.n == 0.0f)
      return;
   for (unsigned r = 0; r < (6u); r++) {
      float a[4], b[4];

      if (!fx_ls_pair(tx, tx->wt, 0, 2, c->idx, 1.0f / 6, 7, 3, a, b))
         break;
      t = *c;
      fx_quant(enc, &t, 0, a, false);
      fx_quant(enc, &t, 1, b, false);
      if (!(fx_eval(tx, &t) < c->err))
         break;
      *c = t;
   }
   fx_refine(tx, c, 2, comp, fx_comps(FX_HI, 0, 2, false, comp), 8);
}

/* ---- k-means for the modes with free colours: CC_CHROMA (4 RGB555), CC_ALPHA lerp=0 (3 ARGB5555) ---- */

/* Mean colour of the texels on each index below k (weight wt); an index with no texel keeps its colour. */
static void
fx_centroids(const struct fx_texels *tx, const v16f wt[2], const v16i idx[2], unsigned k, float cent[4][4])
{
   for (unsigned i = 0; i < k; i++) {
      float n = 0, s[4] = {0};

      for (unsigned h = 0; h < 2; h++) {
         const v16f w = fx_sel(fx_ieq(idx[h], fx_isplat((int)i)), wt[h], (v16f){0});

         n += fx_hsum(w);
         for (unsigned ch = 0; ch < 4; ch++)
            s[ch] += fx_hsum(w * tx->ch[h][ch]);
      }
      if (n > 0.0f) {
         for (unsigned ch = 0; ch < 4; ch++)
            cent[i][ch] = s[ch] / n;
      }
   }
}

/* A block whose alphas are all 0 or 255 keeps them exactly, so its texels take only entries of their own alpha
 * (fx_match): CC_ALPHA's free colours of such a block are made opaque or clear. */
static void
fx_snap_alpha(const struct fx_texels *tx, bool alpha, unsigned k, float cent[4][4])
{
   for (unsigned i = 0; alpha && tx->binary_alpha && i < k; i++)
      cent[i][3] = cent[i][3] < 127.5f ? 0.0f : 255.0f;
}

/* Lloyd's k-means on the block with k free colours (plus, for CC_ALPHA lerp=0, the fixed transparent black of
 * index 3), seeded by the means of k runs of texels sorted along the principal axis; then the same rounds on
 * quantised colours with exact indices, and the neighbourhood search. Every texel takes part: CC_CHROMA is
 * fitted only to blocks without a transparent texel, and CC_ALPHA's free colours can hold an alpha-0 texel's
 * colour (a texel on index 3, transparent black, drops out of the means). */
static void
fx_fit_free(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, unsigned k, unsigned refine_passes,
            struct fx_cand *c)
{
   const bool alpha = c->mode == FX_ALPHA0 && tx->use_alpha;
   const v16f *const wt = fx_ones;
   const unsigned nch = alpha ? 4 : 3;
   struct fx_line l;
   struct fx_comp comp[16];
   float t[32], cent[4][4];
   unsigned order[32], n = 0;

   fx_line_fit(tx, wt, 0, 2, nch, 8, &l);
   for (unsigned i = 0; i < 32; i++) {
      if (wt[i >> 4][i & 15] == 0.0f)
         continue;
      t[i] = 0;
      for (unsigned ch = 0; ch < nch; ch++)
         t[i] += (tx->ch[i >> 4][ch][i & 15] - l.mean[ch]) * l.axis[ch];
      unsigned j = n++;
      while (j > 0 && t[order[j - 1]] > t[i]) {
         order[j] = order[j - 1];
         j--;
      }
      order[j] = i;
   }
   for (unsigned g = 0; g < k; g++) {
      const unsigned lo = g * n / k, hi = (g + 1) * n / k;
      float s[4] = {0};

      for (unsigned j = lo; j < hi; j++) {
         for (unsigned ch = 0; ch < 4; ch++)
            s[ch] += tx->ch[order[j] >> 4][ch][order[j] & 15];
      }
      for (unsigned ch = 0; ch < 4; ch++)
         cent[g][ch] = hi > lo ? s[ch] / (float)(hi - lo) : l.mean[ch];
   }
   fx_snap_alpha(tx, alpha, k, cent);

   /* float rounds: the palette is the centroids themselves */
   struct fx_pal p;

   fx_palette(tx, c, 0, &p); /* for n, usable and the fixed entries */
   for (unsigned r = 0; r < (refine_passes ? 8u : 3u); r++) {
      for (unsigned i = 0; i < k; i++) {
         memcpy(p.c[i], cent[i], sizeof(cent[i]));
         if (!alpha)
            p.c[i][3] = 255.0f;
      }
      fx_match(tx, 0, &p, &c->idx[0]);
      fx_match(tx, 1, &p, &c->idx[1]);
      fx_centroids(tx, wt, c->idx, k, cent);
      fx_snap_alpha(tx, alpha, k, cent);
   }
   /* quantised rounds */
   for (unsigned i = 0; i < k; i++)
      fx_quant(enc, c, i, cent[i], alpha);
   fx_eval(tx, c);
   for (unsigned r = 0; r < (refine_passes ? 4u : 1u); r++) {
      struct fx_cand q = *c;

      fx_centroids(tx, wt, c->idx, k, cent);
      fx_snap_alpha(tx, alpha, k, cent);
      for (unsigned i = 0; i < k; i++)
         fx_quant(enc, &q, i, cent[i], alpha);
      if (!(fx_eval(tx, &q) < c->err))
         break;
      *c = q;
   }
   if (refine_passes)
      fx_refine(tx, c, 2, comp, fx_comps(c->mode, 0, k, alpha, comp), refine_passes);
}

void
fx_fit_chroma(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   memset(c, 0, sizeof(*c));
   c->mode = FX_CHROMA;
   c->err = FLT_MAX;
   if (tx->n_transparent)
      return; /* no transparent entry */
   fx_fit_free(enc, tx, 4, 8, c);
}

static void
fx_fit_alpha0_passes(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, unsigned refine_passes,
                     struct fx_cand *c)
{
   memset(c, 0, sizeof(*c));
   c->mode = FX_ALPHA0;
   if (tx->n_clear == 32) {
      fx_eval(tx, c); /* all on index 3: transparent black */
      return;
   }
   fx_fit_free(enc, tx, 3, refine_passes, c);
}

void
fx_fit_alpha0(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   fx_fit_alpha0_passes(enc, tx, 8, c);
}

void
fx_fit_alpha0_quick(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   fx_fit_alpha0_passes(enc, tx, 0, c);
}

/* ---- CC_ALPHA lerp=1: ARGB5555 pairs (0, 1) left and (2, 1) right sharing colour 1, thirds ---- */

/* Least squares for the three colours from the indices: a left texel on index i is (1 - f) c0 + f c1, a right
 * one (1 - f) c2 + f c1, f = i / 3. Every texel takes part (a transparent one with its colour). The normal
 * equations are one symmetric tridiagonal 3x3 system shared by the channels. */
static bool
fx_ls_alpha1(const struct fx_texels *tx, const v16i idx[2], unsigned nch, float col[3][4])
{
   float aa[2] = {0}, ab[2] = {0}, bb = 0, xa[2][4] = {{0}}, xb[4] = {0};

   for (unsigned h = 0; h < 2; h++) {
      const v16f f = __builtin_convertvector(idx[h], v16f) * (1.0f / 3), g = 1.0f - f;

      aa[h] = fx_hsum(g * g);
      ab[h] = fx_hsum(g * f);
      bb += fx_hsum(f * f);
      for (unsigned c = 0; c < nch; c++) {
         xa[h][c] = fx_hsum(g * tx->ch[h][c]);
         xb[c] += fx_hsum(f * tx->ch[h][c]);
      }
   }
   /* | aa0 ab0  0  | |c0|   |xa0|
    * | ab0 bb  ab1 | |c1| = |xb |
    * |  0  ab1 aa1 | |c2|   |xa1| */
   const float det = aa[0] * (bb * aa[1] - ab[1] * ab[1]) - ab[0] * ab[0] * aa[1];

   if (!(fabsf(det) > 1e-4f * aa[0] * bb * aa[1]) || det == 0.0f)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      if (c >= nch) {
         col[0][c] = col[1][c] = col[2][c] = 255.0f;
         continue;
      }
      const float r0 = xa[0][c], r1 = xb[c], r2 = xa[1][c];
      const float d0 = r0 * (bb * aa[1] - ab[1] * ab[1]) - ab[0] * (r1 * aa[1] - ab[1] * r2);
      const float d1 = aa[0] * (r1 * aa[1] - ab[1] * r2) - r0 * ab[0] * aa[1];
      const float d2 = aa[0] * (bb * r2 - ab[1] * r1) - ab[0] * ab[0] * r2 + ab[0] * ab[1] * r0;

      col[0][c] = fx_clampf(d0 / det);
      col[1][c] = fx_clampf(d1 / det);
      col[2][c] = fx_clampf(d2 / det);
   }
   return true;
}

void
fx_fit_alpha1(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c)
{
   const bool alpha = tx->use_alpha;
   const unsigned nch = alpha ? 4 : 3;
   struct fx_line l[2];
   struct fx_comp comp[12];
   float e[2][2][4], col[3][4];
   struct fx_cand t;

   memset(c, 0, sizeof(*c));
   c->mode = FX_ALPHA1;
   c->err = FLT_MAX;
   for (unsigned h = 0; h < 2; h++) {
      fx_line_fit(tx, fx_ones, h, h + 1, nch, 8, &l[h]);
      fx_line_point(&l[h], l[h].tmin, e[h][0]);
      fx_line_point(&l[h], l[h].tmax, e[h][1]);
   }
   /* the left and right ends nearest each other become the shared colour 1 */
   float best = FLT_MAX;
   unsigned bi = 0, bj = 0;

   for (unsigned i = 0; i < 2; i++) {
      for (unsigned j = 0; j < 2; j++) {
         float d = 0;

         for (unsigned ch = 0; ch < nch; ch++)
            d += (e[0][i][ch] - e[1][j][ch]) * (e[0][i][ch] - e[1][j][ch]);
         if (d < best) {
            best = d;
            bi = i;
            bj = j;
         }
      }
   }
   for (unsigned ch = 0; ch < 4; ch++) {
      col[0][ch] = e[0][1 - bi][ch];
      col[1][ch] = (e[0][bi][ch] + e[1][bj][ch]) * 0.5f;
      col[2][ch] = e[1][1 - bj][ch];
   }
   for (unsigned i = 0; i < 3; i++)
      fx_quant(enc, c, i, col[i], alpha);
   fx_eval(tx, c);

   {
      /* one colour through entry 1 of both halves (colour 0 = colour 2 = lo, colour 1 = hi) */
      float mean[4];

      t = *c;
      for (unsigned ch = 0; ch < 4; ch++)
         mean[ch] = (l[0].mean[ch] + l[1].mean[ch]) * 0.5f;
      fx_single_mix4(enc, &t, 0, 1, mean, alpha);
      memcpy(t.c[2], t.c[0], sizeof(t.c[0]));
      fx_eval(tx, &t);
      fx_keep(c, &t, 2);
   }
   for (unsigned r = 0; r < (6u); r++) {
      if (!fx_ls_alpha1(tx, c->idx, nch, col))
         break;
      t = *c;
      for (unsigned i = 0; i < 3; i++)
         fx_quant(enc, &t, i, col[i], alpha);
      if (!(fx_eval(tx, &t) < c->err))
         break;
      *c = t;
   }
   fx_refine(tx, c, 2, comp, fx_comps(FX_ALPHA1, 0, 3, alpha, comp), 8);
}
