/* Internals shared by the FXT1 encoder's files, not an API:
 *   fxp_fxt1_encode.c             block preparation, palettes, exact error, packing, choosing, images
 *   fxp_fxt1_encode_fit.c         the thorough setting's fit of each mode
 *   fxp_fxt1_encode_fast.c        the fast setting's opaque blocks (CC_MIXED alpha[0]=0)
 *   fxp_fxt1_encode_fast_alpha.c  the fast setting's blocks with alpha (clear, punch-through, translucent)
 *
 * The thorough setting holds a block as 2 halves (the spec's 4x4 sub-blocks, t0..t15 and t16..t31) of 16
 * texels, each channel one 16-wide float vector (GCC vector extensions; 4 SSE registers). The fast setting
 * holds four halves at once, one per lane of 4-wide vectors. Channel values are integers 0..255 held exactly
 * in floats, so squared errors of palettes with integer entries are exact integers as long as they stay
 * below 2^24: at most 4 * 255^2 * 32 = 8323200 for a block. */
#ifndef FXP_FXT1_ENCODE_PRIV_H
#define FXP_FXT1_ENCODE_PRIV_H

#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "fxp_fxt1_encode.h"

/* 16-wide vectors passed by value to the static inline helpers below change no ABI that matters (nothing here
 * is exported with them), but GCC notes it for every includer without AVX-512. */
#pragma GCC diagnostic ignored "-Wpsabi"

typedef float v16f __attribute__((vector_size(64)));
typedef int32_t v16i __attribute__((vector_size(64)));
typedef float v4f __attribute__((vector_size(16)));

/* The block modes the encoder fits (CC_MIXED and CC_ALPHA each in both variants). */
enum fx_mode {
   FX_HI,     /* CC_HI: colours 0, 1 RGB555; 3-bit indices, 7 = transparent black */
   FX_CHROMA, /* CC_CHROMA: colours 0..3 RGB555 */
   FX_MIXED0, /* CC_MIXED alpha[0]=0: pairs (0,1) left, (2,3) right, RGB565 each, thirds */
   FX_MIXED1, /* CC_MIXED alpha[0]=1: same pairs, colours 0, 2 RGB555 and 1, 3 RGB565, halves + transparent */
   FX_ALPHA0, /* CC_ALPHA lerp=0: colours 0..2 ARGB5555, index 3 transparent black */
   FX_ALPHA1, /* CC_ALPHA lerp=1: pairs (0,1) left and (2,1) right, ARGB5555, thirds */
   FX_NMODES,
};

/* A block's texels, ready for fitting (see fx_prepare). */
struct fx_texels {
   v16f ch[2][4];         /* [half][R, G, B, A], texel i of half h is spec texel 16*h + i */
   v16f wt[2];            /* 1 for a texel that takes part in the colour fits of the modes whose only alpha-0
                           * entry is transparent black (CC_HI, CC_MIXED), 0 for a transparent one */
   uint8_t px[32][4];     /* the texels as given (an alpha-0 texel keeps its colour: the error counts it) */
   uint32_t transparent;  /* bit t: texel t is transparent (RGBA format, alpha 0) */
   unsigned n_transparent;
   unsigned n_clear;      /* transparent texels that are transparent black, (0,0,0,0) */
   bool use_alpha;        /* errors count alpha: RGBA format and some texel's alpha below 255 */
   bool black_ok;         /* RGB format: transparent-black entries decode as opaque black, a usable colour */
   bool binary_alpha;     /* RGBA format: every alpha is 0 or 255 (then decoded alphas must be exact) */
};

/* A candidate encoding: the mode, its colour codes and every texel's index. */
struct fx_cand {
   enum fx_mode mode;
   /* codes [colour][R, G, B, A]: 5-bit, except green of CC_MIXED colours 1 and 3 (always) and 0 and 2 (alpha[0]
    * = 0), which are 6-bit; A is used by CC_ALPHA only. */
   int c[4][4];
   v16i idx[2];           /* [half] index of each texel */
   float herr[2];         /* exact squared error of each half (fx_eval, fx_eval_half) */
   float err;             /* exact squared error of the block: herr[0] + herr[1] */
};

/* The colours a texel's index selects, for one half. Entries not in `usable` are never chosen. */
struct fx_pal {
   float c[8][4];
   unsigned n;
   uint32_t usable;
};

/* ---- vector helpers ----
 * Arithmetic on the 16-wide types compiles to four SSE operations each; comparisons are written through the
 * 4-wide types (fx_lt and co.), which GCC would otherwise lower to scalar code for 64-byte vectors. */

typedef int32_t v4i __attribute__((vector_size(16)));
/* Lane shuffles with constant indices, as GCC's __builtin_shuffle and clang's __builtin_shufflevector spell
 * them (clang builds these files for the fuzzers, scripts/fuzz-build.py): FX_SHUF picks lanes of one vector,
 * FX_SHUF2 of two (indices 4..7 are the second's). */
#if defined(__clang__)
#define FX_SHUF(v, i0, i1, i2, i3)     __builtin_shufflevector((v), (v), i0, i1, i2, i3)
#define FX_SHUF2(a, b, i0, i1, i2, i3) __builtin_shufflevector((a), (b), i0, i1, i2, i3)
#else
#define FX_SHUF(v, i0, i1, i2, i3)     __builtin_shuffle((v), (v4i){i0, i1, i2, i3})
#define FX_SHUF2(a, b, i0, i1, i2, i3) __builtin_shuffle((a), (b), (v4i){i0, i1, i2, i3})
#endif

#define FX_SPLIT_CMP(name, T, T4, op)                                                                   \
   static inline v16i name(T a, T b)                                                                    \
   {                                                                                                    \
      T4 pa[4], pb[4];                                                                                  \
      v4i r[4];                                                                                         \
      v16i out;                                                                                         \
                                                                                                        \
      memcpy(pa, &a, sizeof(pa));                                                                       \
      memcpy(pb, &b, sizeof(pb));                                                                       \
      for (unsigned i = 0; i < 4; i++)                                                                  \
         r[i] = pa[i] op pb[i];                                                                         \
      memcpy(&out, r, sizeof(out));                                                                     \
      return out;                                                                                       \
   }

FX_SPLIT_CMP(fx_lt, v16f, v4f, <)  /* a < b: -1 or 0 per lane */
FX_SPLIT_CMP(fx_gt, v16f, v4f, >)
FX_SPLIT_CMP(fx_ieq, v16i, v4i, ==)
FX_SPLIT_CMP(fx_ine, v16i, v4i, !=)

static inline v16f
fx_splat(float s)
{
   return (v16f){0} + s;
}

static inline v16i
fx_isplat(int s)
{
   return (v16i){0} + s;
}

static inline float
fx_hsum(v16f v)
{
   v4f p[4];

   memcpy(p, &v, sizeof(p));
   const v4f s = (p[0] + p[1]) + (p[2] + p[3]);
   return (s[0] + s[1]) + (s[2] + s[3]);
}

static inline v16f
fx_sel(v16i mask, v16f a, v16f b)
{
   return (v16f)((mask & (v16i)a) | (~mask & (v16i)b));
}

static inline v4f
fx_min4(v4f a, v4f b)
{
   const v4i m = a < b;

   return (v4f)((m & (v4i)a) | (~m & (v4i)b));
}

static inline float
fx_hmin(v16f v)
{
   v4f p[4];

   memcpy(p, &v, sizeof(p));
   v4f m = fx_min4(fx_min4(p[0], p[1]), fx_min4(p[2], p[3]));
   m = fx_min4(m, FX_SHUF(m, 2, 3, 0, 1));
   m = fx_min4(m, FX_SHUF(m, 1, 0, 3, 2));
   return m[0];
}

static inline float
fx_hmax(v16f v)
{
   return -fx_hmin(-v);
}

static inline int
fx_clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Bit replication of the spec: 5-bit v -> {v, v[4:2]}, 6-bit v -> {v, v[5:4]}. */
static inline int
fx_w5(int v)
{
   return (v << 3) | (v >> 2);
}

static inline int
fx_w6(int v)
{
   return (v << 2) | (v >> 4);
}

/* Whether colour col of a candidate of the given mode has a 6-bit green (else 5-bit). */
static inline bool
fx_green6(enum fx_mode mode, unsigned col)
{
   return mode == FX_MIXED0 || (mode == FX_MIXED1 && (col & 1u));
}

/* Nearest code of a float channel value. */
static inline int
fx_q5(const struct fxp_fxt1_encoder *enc, float v)
{
   return enc->q5[fx_clampi((int)(v + 0.5f), 0, 255)];
}

static inline int
fx_q6(const struct fxp_fxt1_encoder *enc, float v)
{
   return enc->q6[fx_clampi((int)(v + 0.5f), 0, 255)];
}

/* Exact squared error of the best usable palette entry for each texel of half h; the chosen indices go to
 * *idx (ties keep the lower index). */
static inline float
fx_match(const struct fx_texels *tx, unsigned h, const struct fx_pal *p, v16i *idx)
{
   const v16f r = tx->ch[h][0], g = tx->ch[h][1], b = tx->ch[h][2], a = tx->ch[h][3];
   v16f best = fx_splat(FLT_MAX);
   v16i bi = (v16i){0};

   for (unsigned k = 0; k < p->n; k++) {
      if (!((p->usable >> k) & 1u))
         continue;
      const v16f dr = r - p->c[k][0], dg = g - p->c[k][1], db = b - p->c[k][2];
      v16f d = dr * dr + dg * dg + db * db;
      if (tx->use_alpha) {
         const v16f da = a - p->c[k][3];
         d += da * da;
         /* a block whose alphas are all 0 or 255 keeps them exactly (fxp_fxt1_encode.h): a texel takes only
          * the entries of its own alpha */
         if (tx->binary_alpha)
            d = fx_sel(fx_lt(da * da, fx_splat(0.5f)), d, fx_splat(FLT_MAX));
      }
      const v16i lt = fx_lt(d, best);
      best = fx_sel(lt, d, best);
      bi = (lt & (int)k) | (~lt & bi);
   }
   *idx = bi;
   return fx_hsum(best);
}

/* ---- 4-wide helpers of the fast paths (fxp_fxt1_encode_fast*.c): one lane per 4x4 half ---- */

typedef uint32_t v4u __attribute__((vector_size(16)));


static inline v4f
fx_vmin(v4f a, v4f b)
{
#ifdef __SSE__
   return __builtin_ia32_minps(a, b);
#else
   return fx_min4(a, b);
#endif
}

static inline v4f
fx_vmax(v4f a, v4f b)
{
#ifdef __SSE__
   return __builtin_ia32_maxps(a, b);
#else
   return -fx_min4(-a, -b);
#endif
}

static inline v4f
fx_vsqrt(v4f a)
{
#ifdef __SSE__
   return __builtin_ia32_sqrtps(a);
#else
   return (v4f){sqrtf(a[0]), sqrtf(a[1]), sqrtf(a[2]), sqrtf(a[3])};
#endif
}

static inline v4f
fx_vsel(v4i mask, v4f a, v4f b)
{
   return (v4f)((mask & (v4i)a) | (~mask & (v4i)b));
}

/* Transposes four rows of 4 texels (one row per half) into four vectors of one texel each (one lane per half). */
static inline void
fx_transpose(const v4u r[4], v4u t[4])
{
   const v4u a = FX_SHUF2(r[0], r[1], 0, 4, 1, 5), b = FX_SHUF2(r[0], r[1], 2, 6, 3, 7);
   const v4u c = FX_SHUF2(r[2], r[3], 0, 4, 1, 5), d = FX_SHUF2(r[2], r[3], 2, 6, 3, 7);

   t[0] = FX_SHUF2(a, c, 0, 1, 4, 5);
   t[1] = FX_SHUF2(a, c, 2, 3, 6, 7);
   t[2] = FX_SHUF2(b, d, 0, 1, 4, 5);
   t[3] = FX_SHUF2(b, d, 2, 3, 6, 7);
}

/* Group g (texels 4g .. 4g + 3) of four 4x4 halves, transposed to one vector a texel with the halves in its
 * lanes, as 0xAABBGGRR words whatever the host's byte order. */
static inline void
fx_load_group(const uint8_t *const half[4], unsigned g, v4u t[4])
{
   v4u r[4];
   for (unsigned l = 0; l < 4; l++)
      memcpy(&r[l], half[l] + 16 * g, sizeof(r[l]));
   fx_transpose(r, t);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
   for (unsigned i = 0; i < 4; i++)
      t[i] = (t[i] >> 24) | ((t[i] >> 8) & 0xff00) | ((t[i] << 8) & 0xff0000) | (t[i] << 24);
#endif
}

/* Per lane, the code of table q for the value v (rounded, clamped to 0..255). */
static inline v4i
fx_vquant(const uint8_t *q, v4f v)
{
   const v4i i = __builtin_convertvector(fx_vmin(fx_vmax(v + 0.5f, (v4f){0}), (v4f){0} + 255.0f), v4i);

   return (v4i){q[i[0]], q[i[1]], q[i[2]], q[i[3]]};
}

/* fxp_fxt1_encode.c */
void fx_prepare(const struct fxp_fxt1_encoder *enc, const uint8_t in[32][4], struct fx_texels *tx);
void fx_palette(const struct fx_texels *tx, const struct fx_cand *c, unsigned half, struct fx_pal *p);
float fx_eval(const struct fx_texels *tx, struct fx_cand *c);
float fx_eval_half(const struct fx_texels *tx, struct fx_cand *c, unsigned half);
/* Packs a candidate in its mode's bit layout (CC_MIXED alpha[0]=0 with the colour swap). For the tests too. */
void fx_pack(const struct fx_cand *c, uint8_t out[16]);

/* fxp_fxt1_encode_fast.c: the fast setting's path for opaque blocks (CC_MIXED alpha[0]=0 only), two blocks
 * at a time (the same block twice is fine). */
void fx_fast_blocks2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
                     uint8_t out0[16], uint8_t out1[16]);
/* The fast path's CC_MIXED alpha[0]=0 packer (with the colour swap): codes[h][0 / 1] = colour 0 / 1 of half h
 * as R5 G6 B5, bits[h] = the half's 16 indices. Exported for the tests. */
void fx_fast_pack_mixed0(const int codes[2][2][3], const uint32_t bits[2], uint8_t out[16]);

/* fxp_fxt1_encode_fast_alpha.c: the fast setting's paths for the RGBA format's blocks with alpha, chosen by
 * fx_fast_kind; the *2 functions take two blocks of their kind at a time (the same block twice is fine). */
enum fx_fast_kind {
   FX_FAST_OPAQUE,      /* every alpha 255, or the RGB format: fx_fast_blocks2 */
   FX_FAST_CLEAR,       /* every texel transparent black (0,0,0,0): fx_fast_clear */
   FX_FAST_PUNCH,       /* alphas 0 and 255, every alpha-0 texel black: fx_fast_punch2 (CC_MIXED alpha[0]=1) */
   FX_FAST_HIDDEN,      /* alphas 0 (or 0 and 255), some alpha-0 texel of another colour than black:
                         * fx_fast_punch2 and fx_fast_translucent2, the better block with exact alphas */
   FX_FAST_TRANSLUCENT, /* any other: fx_fast_translucent2 (CC_ALPHA lerp=1) */
   FX_FAST_KINDS,
};
enum fx_fast_kind fx_fast_kind(const uint8_t px[32][4], bool rgba_format);
void fx_fast_clear(uint8_t out[16]);
void fx_fast_punch2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4], const uint8_t px1[32][4],
                    uint8_t out0[16], uint8_t out1[16]);
void fx_fast_translucent2(const struct fxp_fxt1_encoder *enc, const uint8_t px0[32][4],
                          const uint8_t px1[32][4], uint8_t out0[16], uint8_t out1[16]);

/* fxp_fxt1_encode_fit.c (the thorough setting): each fills *c with its best candidate of the mode
 * (c->err = FLT_MAX when the mode cannot encode the block). */
void fx_fit_mixed0(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
void fx_fit_mixed1(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
void fx_fit_hi(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
void fx_fit_chroma(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
void fx_fit_alpha0(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
/* fx_fit_alpha0 without the neighbourhood search over the quantised codes (k-means only): the fast setting's
 * CC_ALPHA lerp=0 try for punch-through blocks whose alpha-0 texels have colours (fx_fast_kind's
 * FX_FAST_HIDDEN). */
void fx_fit_alpha0_quick(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);
void fx_fit_alpha1(const struct fxp_fxt1_encoder *enc, const struct fx_texels *tx, struct fx_cand *c);

#endif
