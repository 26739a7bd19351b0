/* Tests of the engine's lane-vector functions (fxp_vmath.h, the baseline copy) against references worked out
 * apart from them: the C library's double-precision exp2, log2 and pow rounded to float (within a fraction
 * of a float ulp of the exact value), and sqrtf for the square roots. EX2, LG2 and POW must be within 1 ulp
 * of the reference on random operands over their ranges and exact where the result is representable
 * (powers of two, integer powers, x = 1, y = 0); the special values must be those the header's table gives;
 * SQRT and RSQ must be the same bits as sqrtf and 1.0f / sqrtf. The share of correctly rounded results is
 * printed, not asserted. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fxp_vmath.h"
#include "tests/fxp_test.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rng(void)
{
   rng_state ^= rng_state << 13;
   rng_state ^= rng_state >> 7;
   rng_state ^= rng_state << 17;
   return (uint32_t)(rng_state >> 16);
}

static float
rngf(float lo, float hi)
{
   return lo + (hi - lo) * (float)((rng() & 0xffffff) / 16777215.0);
}

static uint32_t
bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

/* distance in ulps between two finite floats of one sign (or both zero) */
static uint32_t
ulps(float a, float b)
{
   const int64_t ia = (int64_t)(bits(a) & 0x7fffffffu) * ((bits(a) >> 31) ? -1 : 1);
   const int64_t ib = (int64_t)(bits(b) & 0x7fffffffu) * ((bits(b) >> 31) ? -1 : 1);
   return (uint32_t)(ia > ib ? ia - ib : ib - ia);
}

struct tally {
   unsigned n, exact, worst;
};

/* checks lane l of got against ref; true when within 1 ulp */
static bool
near(struct fxp_t *t, struct tally *ty, const char *what, float x, float y, float got, float ref)
{
   ty->n++;
   if (isnan(ref))
      return CHECK(t, isnan(got), "%s(%a, %a) = %a, want NaN", what, x, y, got);
   if (isinf(ref) || ref == 0.0f) {
      ty->exact += bits(got) == bits(ref);
      return CHECK(t, bits(got) == bits(ref), "%s(%a, %a) = %a, want %a", what, x, y, got, ref);
   }
   const uint32_t d = ulps(got, ref);
   ty->exact += d == 0;
   ty->worst = d > ty->worst ? d : ty->worst;
   return CHECK(t, d <= 1, "%s(%a, %a) = %a, want %a (%u ulp)", what, x, y, got, ref, d);
}

static void
report(const char *what, const struct tally *ty)
{
   printf("   %s: %u operands, %.4f%% correctly rounded, worst %u ulp\n", what, ty->n,
          ty->n ? 100.0 * ty->exact / ty->n : 0.0, ty->worst);
}

#define ROUNDS 20000 /* vectors of FXP_W lanes a range */

static void
test_exp2(struct fxp_t *t)
{
   struct tally ty = {0};
   static const float ranges[][2] = {{-0.5f, 0.5f}, {-10.0f, 10.0f}, {-125.9f, 127.9f}, {-1e-6f, 1e-6f}};
   for (unsigned r = 0; r < 4; r++) {
      for (unsigned k = 0; k < ROUNDS / 4; k++) {
         fxp_vf x;
         for (unsigned l = 0; l < FXP_W; l++)
            x[l] = rngf(ranges[r][0], ranges[r][1]);
         const fxp_vf got = fxp_vexp2(x);
         for (unsigned l = 0; l < FXP_W; l++)
            if (!near(t, &ty, "exp2", x[l], 0, got[l], (float)exp2((double)x[l])))
               return;
      }
   }
   /* exact: integers; special values */
   fxp_vf x = {-126, -100, -1, 0, 1, 2, 10, 64, 127, -0.0f, INFINITY, -INFINITY, NAN, 128, 300, -300};
   const fxp_vf got = fxp_vexp2(x);
   const float want[FXP_W] = {0x1p-126f, 0x1p-100f, 0.5f, 1, 2, 4, 1024, 0x1p64f, 0x1p127f, 1, INFINITY, 0,
                              NAN, INFINITY, INFINITY, 0};
   for (unsigned l = 0; l < FXP_W; l++) {
      if (isnan(want[l]))
         CHECK(t, isnan(got[l]), "exp2(%a) = %a, want NaN", x[l], got[l]);
      else
         CHECK(t, bits(got[l]) == bits(want[l]), "exp2(%a) = %a, want %a", x[l], got[l], want[l]);
   }
   report("exp2", &ty);
}

static void
test_log2(struct fxp_t *t)
{
   struct tally ty = {0};
   for (unsigned k = 0; k < ROUNDS; k++) {
      fxp_vf x;
      for (unsigned l = 0; l < FXP_W; l++) {
         /* half the lanes: any positive normal float; the others near 1, where log2 is small */
         uint32_t u = (l & 1) ? 0x00800000u + rng() % (0x7f800000u - 0x00800000u)
                              : 0x3f800000u + (uint32_t)((int32_t)(rng() % 0x40000u) - 0x20000);
         memcpy(&x[l], &u, 4);
      }
      const fxp_vf got = fxp_vlog2(x);
      for (unsigned l = 0; l < FXP_W; l++) {
         if (!near(t, &ty, "log2", x[l], 0, got[l], (float)log2((double)x[l])))
            return;
         /* the one-lane form (the sampler's LOD) gives the lane's bits */
         const float one = fxp_log2_1(x[l]);
         if (!CHECK(t, bits(one) == bits(got[l]), "fxp_log2_1(%a) = %a, the lane %a", x[l], one, got[l]))
            return;
      }
   }
   CHECK(t, fxp_log2_1(INFINITY) == INFINITY && fxp_log2_1(0x1p-126f) == -126.0f && fxp_log2_1(1.0f) == 0.0f,
         "fxp_log2_1 at +inf, FLT_MIN and 1");
   fxp_vf x = {1, 2, 0.5f, 0x1p-126f, 0x1p127f, 1024, 0, -0.0f, -1, -INFINITY, INFINITY, NAN, 8, 0.25f, 4, 1};
   const fxp_vf got = fxp_vlog2(x);
   const float want[FXP_W] = {0, 1, -1, -126, 127, 10, -INFINITY, -INFINITY, NAN, NAN, INFINITY, NAN, 3, -2,
                              2, 0};
   for (unsigned l = 0; l < FXP_W; l++) {
      if (isnan(want[l]))
         CHECK(t, isnan(got[l]), "log2(%a) = %a, want NaN", x[l], got[l]);
      else
         CHECK(t, bits(got[l]) == bits(want[l]), "log2(%a) = %a, want %a", x[l], got[l], want[l]);
   }
   report("log2", &ty);
}

static void
test_pow(struct fxp_t *t)
{
   struct tally ty = {0};
   for (unsigned k = 0; k < ROUNDS; k++) {
      fxp_vf x, y;
      for (unsigned l = 0; l < FXP_W; l++) {
         switch (l & 3) {
         case 0: x[l] = rngf(0.0f, 1.0f), y[l] = rngf(0.0f, 128.0f); break;   /* specular powers */
         case 1: x[l] = rngf(0.0f, 100.0f), y[l] = rngf(-20.0f, 20.0f); break;
         case 2: x[l] = rngf(0.99f, 1.01f), y[l] = rngf(-5000.0f, 5000.0f); break;
         default: x[l] = rngf(1e-3f, 1e3f), y[l] = rngf(-2.2f, 2.2f); break;  /* gamma */
         }
      }
      const fxp_vf got = fxp_vpow(x, y);
      for (unsigned l = 0; l < FXP_W; l++) {
         const double r = pow((double)x[l], (double)y[l]);
         /* results below the float range's normals are the callers' to flush; skip them */
         if (r != 0.0 && fabs(r) < 0x1p-126)
            continue;
         if (!near(t, &ty, "pow", x[l], y[l], got[l], (float)r))
            return;
      }
   }
   /* exact values, the x = +0 lanes, and lanes for the C library (negative x, -0, infinities, NaN) */
   const fxp_vf x = {2, 4, 1, 1, 10, 0, 0, 0, -2, -2, -0.0f, INFINITY, 0.5f, NAN, 3, 2};
   const fxp_vf y = {10, 0.5f, NAN, 1e30f, 0, 2, -1, 0, 3, 0.5f, -3, -1, INFINITY, 0, 2, 200};
   const fxp_vf got = fxp_vpow(x, y);
   for (unsigned l = 0; l < FXP_W; l++) {
      const float want = powf(x[l], y[l]);
      if (isnan(want))
         CHECK(t, isnan(got[l]), "pow(%a, %a) = %a, want NaN", x[l], y[l], got[l]);
      else
         CHECK(t, bits(got[l]) == bits(want), "pow(%a, %a) = %a, want %a", x[l], y[l], got[l], want);
   }
   report("pow", &ty);
}

/* fxp_vpow_int: every n in [-FXP_POW_INT_MAX, FXP_POW_INT_MAX] on random x of either sign whose power stays
 * in the float range, within 1 ulp of the C library's double pow rounded to float; exact where the power is
 * representable; the special lanes (zeros, infinities, NaN) the same bits as powf. */
static void
test_pow_int(struct fxp_t *t)
{
   struct tally ty = {0};
   for (int n = -FXP_POW_INT_MAX; n <= FXP_POW_INT_MAX; n++) {
      /* |x| in [2^-lim, 2^lim], lim = 120 / |n|, keeps |x^n| within [2^-120, 2^120] */
      const float lim = n ? 120.0f / (float)abs(n) : 120.0f;
      for (unsigned k = 0; k < 24; k++) {
         fxp_vf x;
         for (unsigned l = 0; l < FXP_W; l++)
            x[l] = exp2f(rngf(-lim, lim)) * ((rng() & 1) ? -1.0f : 1.0f);
         const fxp_vf got = fxp_vpow_int(x, n);
         for (unsigned l = 0; l < FXP_W; l++)
            if (!near(t, &ty, "pow_int", x[l], (float)n, got[l], (float)pow((double)x[l], (double)n)))
               return;
      }
   }
   static const struct { float x; int n; float want; } exact[] = {
      {3, 5, 243}, {-2, 3, -8}, {0.5f, -3, 8}, {2, 127, 0x1p127f}, {2, -126, 0x1p-126f}, {10, 7, 1e7f},
      {-1, 255, -1}, {-1, 256, 1}, {1.5f, 2, 2.25f}, {-0.5f, -1, -2}, {7, 0, 1}, {5, 1, 5},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(exact); i++) {
      const float got = fxp_vpow_int(fxp_splat_f(exact[i].x), exact[i].n)[0];
      CHECK(t, bits(got) == bits(exact[i].want), "pow_int(%a, %d) = %a, want %a", exact[i].x, exact[i].n, got,
            exact[i].want);
   }
   const fxp_vf specials = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 0.0f, -0.0f, INFINITY,
                            -INFINITY, NAN, 0.0f, -0.0f, INFINITY, -INFINITY, 0.0f, -0.0f};
   static const int ns[] = {0, 1, 2, 3, -1, -2, -3, 256, -255};
   for (unsigned i = 0; i < ARRAY_SIZE(ns); i++) {
      const fxp_vf got = fxp_vpow_int(specials, ns[i]);
      for (unsigned l = 0; l < FXP_W; l++) {
         const float want = powf(specials[l], (float)ns[i]);
         if (isnan(want))
            CHECK(t, isnan(got[l]), "pow_int(%a, %d) = %a, want NaN", specials[l], ns[i], got[l]);
         else
            CHECK(t, bits(got[l]) == bits(want), "pow_int(%a, %d) = %a, want %a", specials[l], ns[i], got[l],
                  want);
      }
   }
   report("pow_int", &ty);
}

static void
test_sqrt(struct fxp_t *t)
{
   for (unsigned k = 0; k < ROUNDS; k++) {
      fxp_vf x;
      for (unsigned l = 0; l < FXP_W; l++) {
         const uint32_t u = rng() ^ (rng() << 16);
         memcpy(&x[l], &u, 4);
      }
      const fxp_vf s = fxp_vsqrt(x), r = fxp_vrsq(x);
      for (unsigned l = 0; l < FXP_W; l++) {
         const float ws = sqrtf(x[l]), wr = 1.0f / sqrtf(x[l]);
         if (!CHECK(t, bits(s[l]) == bits(ws) || (isnan(s[l]) && isnan(ws)), "sqrt(%a) = %a, want %a", x[l],
                    s[l], ws) ||
             !CHECK(t, bits(r[l]) == bits(wr) || (isnan(r[l]) && isnan(wr)), "rsq(%a) = %a, want %a", x[l],
                    r[l], wr))
            return;
      }
   }
}

const struct fxp_test fxp_vmath_tests[] = {
   {"vmath.exp2", test_exp2},
   {"vmath.log2", test_log2},
   {"vmath.pow", test_pow},
   {"vmath.pow_int", test_pow_int},
   {"vmath.sqrt_rsq", test_sqrt},
   {NULL},
};
