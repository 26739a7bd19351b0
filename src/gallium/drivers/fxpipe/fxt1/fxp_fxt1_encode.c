/* fxpipe's FXT1 encoder, the part around the fits: tables, a block's texels made ready for fitting, the
 * palettes of each mode exactly as the spec decodes them, packing a candidate into the spec's bit layout (with
 * the CC_MIXED colour-swap procedure), choosing among the candidates by the exact decode of fxp_fxt1.c, and
 * whole images with their partial edge blocks. The thorough setting's fits are in fxp_fxt1_encode_fit.c, the
 * fast setting's paths in fxp_fxt1_encode_fast*.c; what the encoder promises is in fxp_fxt1_encode.h.
 * Written from spec/fxt1.txt; shares no code with Mesa's codec. */
#include "fxp_fxt1_encode_priv.h"

#include "fxp_fxt1.h"

/* ---- tables ---- */

/* For every 8-bit value, the n-bit code whose widened value is nearest (ties: the lower code). */
static void
fx_table_nearest(uint8_t *q, unsigned bits)
{
   const int n = 1 << bits;

   for (int v = 0; v < 256; v++) {
      int best = 0, best_d = 1 << 20;

      for (int k = 0; k < n; k++) {
         const int w = bits == 5 ? fx_w5(k) : fx_w6(k);
         const int d = w > v ? w - v : v - w;

         if (d < best_d) {
            best_d = d;
            best = k;
         }
      }
      q[v] = (uint8_t)best;
   }
}

/* For every 8-bit value v, the codes (lo, hi) whose CC_MIXED a0=0 / CC_ALPHA lerp=1 entry 1,
 * (2 * lo + hi + 1) / 3 on widened values, is nearest v; among equals the closest pair, then the lowest.
 * Each of the 2^bits^2 pairs files itself under the value it gives; then each v takes the nearest filed value. */
static void
fx_table_mix4(uint8_t (*t)[2], unsigned bits)
{
   const int n = 1 << bits;
   int pair_at[256][2], spread_at[256];

   for (int v = 0; v < 256; v++)
      spread_at[v] = -1;
   for (int lo = 0; lo < n; lo++) {
      for (int hi = 0; hi < n; hi++) {
         const int wl = bits == 5 ? fx_w5(lo) : fx_w6(lo), wh = bits == 5 ? fx_w5(hi) : fx_w6(hi);
         const int v = (2 * wl + wh + 1) / 3, spread = lo > hi ? lo - hi : hi - lo;

         if (spread_at[v] < 0 || spread < spread_at[v]) {
            spread_at[v] = spread;
            pair_at[v][0] = lo;
            pair_at[v][1] = hi;
         }
      }
   }
   for (int v = 0; v < 256; v++) {
      for (int d = 0; d < 256; d++) {
         const int cand[2] = {v - d, v + d};
         int found = -1;

         for (unsigned i = 0; i < 2 && found < 0; i++) {
            if (cand[i] >= 0 && cand[i] < 256 && spread_at[cand[i]] >= 0)
               found = cand[i];
         }
         if (found >= 0) {
            t[v][0] = (uint8_t)pair_at[found][0];
            t[v][1] = (uint8_t)pair_at[found][1];
            break;
         }
      }
   }
}

void
fxp_fxt1_encoder_init(struct fxp_fxt1_encoder *enc, bool rgba_format, enum fxp_fxt1_quality quality)
{
   memset(enc, 0, sizeof(*enc));
   enc->quality = quality;
   enc->rgba_format = rgba_format;
   fx_table_nearest(enc->q5, 5);
   fx_table_nearest(enc->q6, 6);
   fx_table_mix4(enc->mix4_5, 5);
   fx_table_mix4(enc->mix4_6, 6);
}

/* ---- a block's texels ---- */

/* The texels as they are (header: an alpha-0 texel keeps its colour), block flags, and the texels as float
 * vectors. */
void
fx_prepare(const struct fxp_fxt1_encoder *enc, const uint8_t in[32][4], struct fx_texels *tx)
{
   bool below_255 = false, binary = true;

   memcpy(tx->px, in, sizeof(tx->px));
   tx->transparent = 0;
   tx->n_transparent = 0;
   tx->n_clear = 0;
   if (enc->rgba_format) {
      for (unsigned t = 0; t < 32; t++) {
         const unsigned a = tx->px[t][3];

         if (a == 0) {
            tx->transparent |= 1u << t;
            tx->n_transparent++;
            tx->n_clear += !(tx->px[t][0] | tx->px[t][1] | tx->px[t][2]);
         }
         below_255 |= a != 255;
         binary &= a == 0 || a == 255;
      }
   }
   tx->use_alpha = below_255;
   tx->black_ok = !enc->rgba_format;
   tx->binary_alpha = enc->rgba_format && binary;
   for (unsigned h = 0; h < 2; h++) {
      for (unsigned i = 0; i < 16; i++) {
         const uint8_t *p = tx->px[16 * h + i];

         tx->ch[h][0][i] = p[0];
         tx->ch[h][1][i] = p[1];
         tx->ch[h][2][i] = p[2];
         tx->ch[h][3][i] = p[3];
         tx->wt[h][i] = (tx->transparent >> (16 * h + i)) & 1u ? 0.0f : 1.0f;
      }
   }
}

/* ---- palettes: the colours each index decodes to (spec/fxt1.txt, Appendix 1-4) ---- */

static void
fx_set(float out[4], int r, int g, int b, int a)
{
   out[0] = (float)r;
   out[1] = (float)g;
   out[2] = (float)b;
   out[3] = (float)a;
}

/* Widened colour `col` of a candidate: RGB (and A for CC_ALPHA), with the green width of its mode. */
static void
fx_widen(const struct fx_cand *c, unsigned col, int out[4])
{
   const int *k = c->c[col];

   out[0] = fx_w5(k[0]);
   out[1] = fx_green6(c->mode, col) ? fx_w6(k[1]) : fx_w5(k[1]);
   out[2] = fx_w5(k[2]);
   out[3] = c->mode == FX_ALPHA0 || c->mode == FX_ALPHA1 ? fx_w5(k[3]) : 255;
}

void
fx_palette(const struct fx_texels *tx, const struct fx_cand *c, unsigned half, struct fx_pal *p)
{
   const uint32_t transparent_ok = tx->use_alpha || tx->black_ok;
   int a[4], b[4];

   switch (c->mode) {
   case FX_HI:
      /* Color[i] = ((6-i)*color0 + i*color1 + 3) / 6, i = 0..6; Color[7] transparent black */
      fx_widen(c, 0, a);
      fx_widen(c, 1, b);
      for (int i = 0; i < 7; i++)
         fx_set(p->c[i], ((6 - i) * a[0] + i * b[0] + 3) / 6, ((6 - i) * a[1] + i * b[1] + 3) / 6,
                ((6 - i) * a[2] + i * b[2] + 3) / 6, 255);
      fx_set(p->c[7], 0, 0, 0, 0);
      p->n = 8;
      p->usable = 0x7fu | transparent_ok << 7;
      break;
   case FX_CHROMA:
      for (unsigned i = 0; i < 4; i++) {
         fx_widen(c, i, a);
         fx_set(p->c[i], a[0], a[1], a[2], 255);
      }
      p->n = 4;
      p->usable = 0xfu;
      break;
   case FX_MIXED0:
   case FX_ALPHA1:
      /* Color[i] = ((3-i)*ca + i*cb + 1) / 3 on R, G, B (and A for CC_ALPHA; 255 for CC_MIXED) */
      fx_widen(c, c->mode == FX_ALPHA1 ? (half ? 2 : 0) : 2 * half, a);
      fx_widen(c, c->mode == FX_ALPHA1 ? 1 : 2 * half + 1, b);
      for (int i = 0; i < 4; i++)
         fx_set(p->c[i], ((3 - i) * a[0] + i * b[0] + 1) / 3, ((3 - i) * a[1] + i * b[1] + 1) / 3,
                ((3 - i) * a[2] + i * b[2] + 1) / 3, ((3 - i) * a[3] + i * b[3] + 1) / 3);
      p->n = 4;
      p->usable = 0xfu;
      break;
   case FX_MIXED1:
      /* ca, (ca + cb) / 2, cb, transparent black */
      fx_widen(c, 2 * half, a);
      fx_widen(c, 2 * half + 1, b);
      fx_set(p->c[0], a[0], a[1], a[2], 255);
      fx_set(p->c[1], (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2, 255);
      fx_set(p->c[2], b[0], b[1], b[2], 255);
      fx_set(p->c[3], 0, 0, 0, 0);
      p->n = 4;
      p->usable = 0x7u | transparent_ok << 3;
      break;
   case FX_ALPHA0:
      for (unsigned i = 0; i < 3; i++) {
         fx_widen(c, i, a);
         fx_set(p->c[i], a[0], a[1], a[2], a[3]);
      }
      fx_set(p->c[3], 0, 0, 0, 0);
      p->n = 4;
      p->usable = 0x7u | transparent_ok << 3;
      break;
   case FX_NMODES:
      p->n = 0;
      p->usable = 0;
      break;
   }
   if (!tx->use_alpha && !tx->black_ok) {
      /* an opaque block of the RGBA format: entries that are not opaque cannot be used */
      for (unsigned i = 0; i < p->n; i++) {
         if (p->c[i][3] != 255.0f)
            p->usable &= ~(1u << i);
      }
   }
}

float
fx_eval_half(const struct fx_texels *tx, struct fx_cand *c, unsigned half)
{
   struct fx_pal p;

   fx_palette(tx, c, half, &p);
   c->herr[half] = fx_match(tx, half, &p, &c->idx[half]);
   c->err = c->herr[0] + c->herr[1];
   return c->herr[half];
}

float
fx_eval(const struct fx_texels *tx, struct fx_cand *c)
{
   if (c->mode == FX_HI || c->mode == FX_CHROMA || c->mode == FX_ALPHA0) {
      /* one palette for the whole block */
      struct fx_pal p;

      fx_palette(tx, c, 0, &p);
      c->herr[0] = fx_match(tx, 0, &p, &c->idx[0]);
      c->herr[1] = fx_match(tx, 1, &p, &c->idx[1]);
   } else {
      fx_eval_half(tx, c, 0);
      fx_eval_half(tx, c, 1);
   }
   c->err = c->herr[0] + c->herr[1];
   return c->err;
}

/* ---- packing (spec/fxt1.txt, Appendix; bit n is bit n % 8 of byte n / 8) ---- */

struct fx_bits {
   uint64_t lo, hi; /* bits [63:0], [127:64] */
};

static void
fx_put(struct fx_bits *k, unsigned pos, unsigned n, uint64_t v)
{
   v &= (1ull << n) - 1u;
   if (pos >= 64) {
      k->hi |= v << (pos - 64);
   } else {
      k->lo |= v << pos;
      if (pos + n > 64)
         k->hi |= v >> (64 - pos);
   }
}

/* An RGB555 colour with blue at bit pos, green at pos + 5, red at pos + 10. */
static void
fx_put555(struct fx_bits *k, unsigned pos, int r, int g, int b)
{
   fx_put(k, pos, 5, (unsigned)b);
   fx_put(k, pos + 5, 5, (unsigned)g);
   fx_put(k, pos + 10, 5, (unsigned)r);
}

static unsigned
fx_index(const struct fx_cand *c, unsigned t)
{
   return (unsigned)c->idx[t >> 4][t & 15];
}

/* CC_MIXED, one sub-block (half 0: colours 0/1 at bits 64/79, glsb bit 125, first texel t0; half 1: colours
 * 2/3 at bits 94/109, glsb bit 126, first texel t16). For alpha[0] = 0 this is the spec's cc_mixed_right_half
 * procedure: with RGB565 colours ca, cb and the indices chosen, if t0's upper index bit differs from
 * ca.green[0] ^ cb.green[0], swap ca and cb and invert every index (i -> 3 - i: the same palette reversed);
 * then the decoder's ca.green[0] = bit1 ^ glsb comes out as ca's own. For alpha[0] = 1, ca is RGB555 and keeps
 * its place (index 3 is transparent black, so the palette cannot be reversed). */
static void
fx_pack_mixed_half(const struct fx_cand *c, unsigned half, struct fx_bits *k)
{
   const int *ca = c->c[2 * half], *cb = c->c[2 * half + 1];
   unsigned idx[16];
   bool swap = false;

   for (unsigned i = 0; i < 16; i++)
      idx[i] = fx_index(c, 16 * half + i);
   if (c->mode == FX_MIXED0 && ((idx[0] >> 1) & 1u) != (unsigned)((ca[1] ^ cb[1]) & 1)) {
      const int *tmp = ca;

      ca = cb;
      cb = tmp;
      swap = true;
   }
   for (unsigned i = 0; i < 16; i++)
      fx_put(k, 2 * (16 * half + i), 2, swap ? 3u - idx[i] : idx[i]);
   fx_put(k, half ? 126 : 125, 1, (unsigned)cb[1] & 1u);
   fx_put555(k, 64 + 30 * half, ca[0], c->mode == FX_MIXED0 ? ca[1] >> 1 : ca[1], ca[2]);
   fx_put555(k, 79 + 30 * half, cb[0], cb[1] >> 1, cb[2]);
}

void
fx_pack(const struct fx_cand *c, uint8_t out[16])
{
   struct fx_bits k = {0, 0};

   switch (c->mode) {
   case FX_HI:
      /* [127:126] 00, [125:111] color1, [110:96] color0, [95:0] 3-bit indices */
      fx_put555(&k, 111, c->c[1][0], c->c[1][1], c->c[1][2]);
      fx_put555(&k, 96, c->c[0][0], c->c[0][1], c->c[0][2]);
      for (unsigned t = 0; t < 32; t++)
         fx_put(&k, 3 * t, 3, fx_index(c, t));
      break;
   case FX_CHROMA:
      /* [127:125] 010, [124] unused, colour i at 64 + 15 i, [63:0] 2-bit indices */
      fx_put(&k, 125, 3, 2);
      for (unsigned i = 0; i < 4; i++)
         fx_put555(&k, 64 + 15 * i, c->c[i][0], c->c[i][1], c->c[i][2]);
      for (unsigned t = 0; t < 32; t++)
         fx_put(&k, 2 * t, 2, fx_index(c, t));
      break;
   case FX_MIXED0:
   case FX_MIXED1:
      /* [127] 1, [126:125] glsb, [124] alpha[0], colours i at 64 + 15 i, [63:0] 2-bit indices */
      fx_put(&k, 127, 1, 1);
      fx_put(&k, 124, 1, c->mode == FX_MIXED1);
      fx_pack_mixed_half(c, 0, &k);
      fx_pack_mixed_half(c, 1, &k);
      break;
   case FX_ALPHA0:
   case FX_ALPHA1:
      /* [127:125] 011, [124] lerp, alpha of colour i at 109 + 5 i, colour i at 64 + 15 i, 2-bit indices */
      fx_put(&k, 125, 3, 3);
      fx_put(&k, 124, 1, c->mode == FX_ALPHA1);
      for (unsigned i = 0; i < 3; i++) {
         fx_put(&k, 109 + 5 * i, 5, (unsigned)c->c[i][3]);
         fx_put555(&k, 64 + 15 * i, c->c[i][0], c->c[i][1], c->c[i][2]);
      }
      for (unsigned t = 0; t < 32; t++)
         fx_put(&k, 2 * t, 2, fx_index(c, t));
      break;
   case FX_NMODES:
      break;
   }
   for (unsigned i = 0; i < 8; i++) {
      out[i] = (uint8_t)(k.lo >> (8 * i));
      out[8 + i] = (uint8_t)(k.hi >> (8 * i));
   }
}

/* ---- choosing by the exact decode ---- */

static uint64_t
fx_decoded_error(const uint8_t px[32][4], const uint8_t dec[32][4], bool rgba_format)
{
   uint64_t e = 0;

   for (unsigned t = 0; t < 32; t++) {
      for (unsigned ch = 0; ch < (rgba_format ? 4u : 3u); ch++) {
         const int d = (int)px[t][ch] - (int)dec[t][ch];

         e += (uint64_t)(d * d);
      }
   }
   return e;
}

uint64_t
fxp_fxt1_block_error(const uint8_t texels[32][4], const uint8_t decoded[32][4], bool rgba_format)
{
   return fx_decoded_error(texels, decoded, rgba_format);
}

/* The RGBA format's promise (header): a block whose alphas are all 0 or 255 keeps them exactly. */
static bool
fx_keeps_promises(const struct fx_texels *tx, const uint8_t dec[32][4], bool rgba_format)
{
   if (!rgba_format || !tx->binary_alpha)
      return true;
   for (unsigned t = 0; t < 32; t++) {
      if (dec[t][3] != tx->px[t][3])
         return false;
   }
   return true;
}

/* The RGBA format's blocks whose alphas are all 0 or 255 and that have an alpha-0 texel of another colour than
 * black (fx_fast_kind's FX_FAST_HIDDEN): punch-through (CC_MIXED alpha[0]=1) decodes their alpha-0 texels as
 * transparent black, so the fast setting also tries the modes that can keep those texels' colours: CC_ALPHA
 * lerp=1 (fx_fast_translucent2) and CC_ALPHA lerp=0 (the thorough setting's k-means without its search over
 * neighbouring codes, fx_fit_alpha0_quick; its free colours are opaque or clear in such a block); block by block, the least error by the exact decode
 * among those whose alphas are exact (the punch-through block's always are). */
static void
fx_fast_hidden2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
                uint8_t out0[16], uint8_t out1[16])
{
   const uint8_t(*const px[2])[4] = {px0, px1};
   uint8_t *const out[2] = {out0, out1};
   uint8_t alt[2][2][16];

   fx_fast_punch2(enc, px0, px1, out0, out1);
   fx_fast_translucent2(enc, px0, px1, alt[0][0], alt[1][0]);
   for (unsigned b = 0; b < 2; b++) {
      struct fx_texels tx;
      struct fx_cand c;
      uint8_t dec[32][4];
      uint64_t best;

      fx_prepare(enc, px[b], &tx);
      fx_fit_alpha0_quick(enc, &tx, &c);
      fx_pack(&c, alt[b][1]);
      fxp_fxt1_decode_block(out[b], dec);
      best = fx_decoded_error(px[b], dec, true);
      for (unsigned k = 0; k < 2; k++) {
         uint64_t e;

         fxp_fxt1_decode_block(alt[b][k], dec);
         e = fx_decoded_error(px[b], dec, true);
         if (e < best && fx_keeps_promises(&tx, dec, true)) {
            best = e;
            memcpy(out[b], alt[b][k], 16);
         }
      }
   }
}

/* Packs each candidate, decodes it with fxpipe's exact decoder and writes the one with the least error (the
 * first of equals) that keeps the format's promises; `packed`, when not NULL, is one more (packed) candidate. The last resort, never reached for a block the fits can
 * encode, is CC_ALPHA lerp=0 all transparent. */
static void
fx_choose(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, const struct fx_cand *cands,
          unsigned n, const uint8_t *packed, uint8_t out[16])
{
   uint64_t best = UINT64_MAX;
   bool have = false;

   for (unsigned i = 0; i <= n; i++) {
      uint8_t block[16], dec[32][4];
      uint64_t e;

      if (i == n) {
         /* a block packed already (the fast setting's, which the thorough one must not lose to) */
         if (!packed)
            continue;
         memcpy(block, packed, 16);
      } else if (cands[i].err == FLT_MAX) {
         continue;
      } else {
         fx_pack(&cands[i], block);
      }
      fxp_fxt1_decode_block(block, dec);
      e = fx_decoded_error(tx->px, dec, enc->rgba_format);
      if (e < best && fx_keeps_promises(tx, dec, enc->rgba_format)) {
         best = e;
         memcpy(out, block, 16);
         have = true;
      }
   }
   if (!have) {
      struct fx_cand c;

      memset(&c, 0, sizeof(c));
      c.mode = FX_ALPHA0;
      c.idx[0] = c.idx[1] = (v16i){0} + 3;
      fx_pack(&c, out);
   }
}

/* ---- blocks and images ---- */

/* The fast setting: two blocks of one kind (fx_fast_kind) at a time; out1 may be NULL (then px1 is ignored). */
static void
fx_fast_pair(const struct fxp_fxt1_encoder *enc, enum fx_fast_kind kind, const uint8_t px0[32][4],
             const uint8_t px1[32][4], uint8_t out0[16], uint8_t out1[16])
{
   uint8_t unused[16];

   if (!out1) {
      px1 = px0;
      out1 = unused;
   }
   switch (kind) {
   case FX_FAST_OPAQUE: fx_fast_blocks2(enc, px0, px1, out0, out1); break;
   case FX_FAST_PUNCH: fx_fast_punch2(enc, px0, px1, out0, out1); break;
   case FX_FAST_HIDDEN: fx_fast_hidden2(enc, px0, px1, out0, out1); break;
   case FX_FAST_TRANSLUCENT: fx_fast_translucent2(enc, px0, px1, out0, out1); break;
   case FX_FAST_CLEAR:
   case FX_FAST_KINDS:
      fx_fast_clear(out0);
      fx_fast_clear(out1);
      break;
   }
}

/* One block. The fast setting: the path of the block's kind. The thorough setting: every mode that can hold
 * the block's alpha, each fitted thoroughly, and the fast setting's block; the least error by the exact decode
 * wins. */
void
fxp_fxt1_encode_block(const struct fxp_fxt1_encoder *enc, const uint8_t texels[32][4], uint8_t block[16])
{
   struct fx_texels tx;
   struct fx_cand cands[FX_NMODES];
   uint8_t fast[16];
   unsigned n = 0;

   fx_fast_pair(enc, fx_fast_kind(texels, enc->rgba_format), texels, NULL, fast, NULL);
   if (enc->quality == FXP_FXT1_FAST) {
      memcpy(block, fast, 16);
      return;
   }
   fx_prepare(enc, texels, &tx);
   if (!tx.use_alpha || !tx.n_transparent) {
      /* no transparent texel: the modes without a transparent entry too */
      fx_fit_mixed0(enc, &tx, &cands[n++]);
      fx_fit_chroma(enc, &tx, &cands[n++]);
   }
   fx_fit_hi(enc, &tx, &cands[n++]);
   fx_fit_mixed1(enc, &tx, &cands[n++]);
   fx_fit_alpha0(enc, &tx, &cands[n++]);
   fx_fit_alpha1(enc, &tx, &cands[n++]);
   fx_choose(enc, &tx, cands, n, fast, block);
}

/* The 8x4 block at (x0, y0) in spec texel order; texels past the image's right / bottom edge repeat the used
 * ones (x0 + x % cols, y0 + y % rows). */
static void
fx_gather(const uint8_t *rgba, unsigned stride_B, unsigned x0, unsigned y0, unsigned cols, unsigned rows,
          uint8_t out[32][4])
{
   if (cols == 8 && rows == 4) {
      for (unsigned y = 0; y < 4; y++) {
         const uint8_t *row = rgba + (size_t)(y0 + y) * stride_B + (size_t)x0 * 4;

         memcpy(out[4 * y], row, 16);
         memcpy(out[16 + 4 * y], row + 16, 16);
      }
      return;
   }
   for (unsigned y = 0; y < 4; y++) {
      const uint8_t *row = rgba + (size_t)(y0 + y % rows) * stride_B;

      for (unsigned x = 0; x < 8; x++)
         memcpy(out[(x & 4u) * 4u + y * 4u + (x & 3u)], row + (size_t)(x0 + x % cols) * 4, 4);
   }
}

void
fxp_fxt1_encode_image(const uint8_t *rgba, unsigned src_stride_B, unsigned w_px, unsigned h_px,
                      bool rgba_format, enum fxp_fxt1_quality quality, uint8_t *dst, unsigned dst_stride_B)
{
   struct fxp_fxt1_encoder enc;

   fxp_fxt1_encoder_init(&enc, rgba_format, quality);
   for (unsigned y0 = 0; y0 < h_px; y0 += FXP_FXT1_BLOCK_H_PX) {
      uint8_t *out = dst + (size_t)(y0 / FXP_FXT1_BLOCK_H_PX) * dst_stride_B;
      const unsigned rows = h_px - y0 < 4 ? h_px - y0 : 4;
      /* the fast setting takes blocks two of a kind at a time: one of each kind waits for a partner */
      uint8_t held[FX_FAST_KINDS][32][4], *held_out[FX_FAST_KINDS] = {NULL};

      for (unsigned x0 = 0; x0 < w_px; x0 += FXP_FXT1_BLOCK_W_PX, out += FXP_FXT1_BLOCK_B) {
         const unsigned cols = w_px - x0 < 8 ? w_px - x0 : 8;
         uint8_t texels[32][4];

         fx_gather(rgba, src_stride_B, x0, y0, cols, rows, texels);
         if (quality == FXP_FXT1_THOROUGH) {
            fxp_fxt1_encode_block(&enc, texels, out);
            continue;
         }

         const enum fx_fast_kind kind = fx_fast_kind(texels, rgba_format);

         if (kind == FX_FAST_CLEAR) {
            fx_fast_clear(out);
         } else if (held_out[kind]) {
            fx_fast_pair(&enc, kind, held[kind], texels, held_out[kind], out);
            held_out[kind] = NULL;
         } else {
            memcpy(held[kind], texels, sizeof(held[kind]));
            held_out[kind] = out;
         }
      }
      for (unsigned k = 0; k < FX_FAST_KINDS; k++) {
         if (held_out[k])
            fx_fast_pair(&enc, (enum fx_fast_kind)k, held[k], NULL, held_out[k], NULL);
      }
   }
}
