/* Choosing the engine's instruction-set table (fxp_shader.h, "Instruction sets"): which tables the CPU and
 * the OS support, FXPIPE_ISA, and filling a table the first time it is asked for. Baseline code: it runs
 * before any check, and enters a table's copy (its fill function) only for a supported ISA. */
#include <stdlib.h>
#include <string.h>

#include "c11/threads.h"
#include "util/u_cpu_detect.h"

#include "fxp_debug.h"
#include "fxp_shader.h"

void fxp_engine_fill_sse2(struct fxp_engine *eng);
#if defined(__x86_64__)
void fxp_engine_fill_avx2(struct fxp_engine *eng);
void fxp_engine_fill_avx512(struct fxp_engine *eng);
#endif

static const struct {
   const char *name;
   void (*fill)(struct fxp_engine *eng);
} isas[FXP_ISA_COUNT] = {
   [FXP_ISA_SSE2] = {"sse2", fxp_engine_fill_sse2},
#if defined(__x86_64__)
   [FXP_ISA_AVX2] = {"avx2", fxp_engine_fill_avx2},
   [FXP_ISA_AVX512] = {"avx512", fxp_engine_fill_avx512},
#else
   [FXP_ISA_AVX2] = {"avx2", NULL},
   [FXP_ISA_AVX512] = {"avx512", NULL},
#endif
};

const char *
fxp_isa_name(enum fxp_isa isa)
{
   return isa < FXP_ISA_COUNT ? isas[isa].name : "none";
}

enum fxp_isa
fxp_isa_from_name(const char *name)
{
   for (unsigned i = 0; i < FXP_ISA_COUNT; i++)
      if (name && !strcmp(name, isas[i].name))
         return i;
   return FXP_ISA_COUNT;
}

#if defined(__x86_64__)
/* XCR0, the state components the OS saves; only read when CPUID says OSXSAVE (util's has_avx includes it) */
static uint64_t
xcr0(void)
{
   uint32_t lo, hi;
   __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
   return lo | (uint64_t)hi << 32;
}
#endif

static bool
isa_supported_check(enum fxp_isa isa)
{
#if defined(__x86_64__)
   const struct util_cpu_caps_t *caps = util_get_cpu_caps();
   switch (isa) {
   case FXP_ISA_SSE2:
      return true;
   case FXP_ISA_AVX2: /* util's has_avx checks XCR0's SSE and AVX state; F16C: half-float render targets */
      return caps->has_avx && caps->has_avx2 && caps->has_fma && caps->has_f16c;
   case FXP_ISA_AVX512:
      /* XCR0 bits 1, 2 (SSE, AVX) and 5, 6, 7 (opmask, ZMM0-15 upper halves, ZMM16-31) all enabled: util's
       * check of bits 5-7 accepts any one of them */
      return caps->has_avx && caps->has_avx2 && caps->has_fma && caps->has_f16c && caps->has_avx512f && caps->has_avx512bw &&
             caps->has_avx512vl && caps->has_avx512dq && (xcr0() & 0xe6) == 0xe6;
   default:
      return false;
   }
#else
   return isa == FXP_ISA_SSE2;
#endif
}

/* The checks above, made once a process: fxp_engine_get calls this at every draw, and reading XCR0 there
 * was 11% of piglit's drawoverhead (perf, DrawElements with no state change: xgetbv is slow in this
 * project's virtual machines). */
static bool supported[FXP_ISA_COUNT];
static once_flag supported_once = ONCE_FLAG_INIT;

static void
check_isas(void)
{
   for (unsigned i = 0; i < FXP_ISA_COUNT; i++)
      supported[i] = isa_supported_check(i);
}

bool
fxp_isa_supported(enum fxp_isa isa)
{
   call_once(&supported_once, check_isas);
   return isa < FXP_ISA_COUNT && supported[isa];
}

static enum fxp_isa chosen;
static once_flag chosen_once = ONCE_FLAG_INIT;

static void
choose(void)
{
   fxp_debug_init(); /* the benchmark and a program decoded before any screen */
   enum fxp_isa best = FXP_ISA_SSE2;
   for (unsigned i = 0; i < FXP_ISA_COUNT; i++)
      if (fxp_isa_supported(i))
         best = i;
   chosen = best;
   const char *want = getenv("FXPIPE_ISA");
   if (want && *want) {
      const enum fxp_isa w = fxp_isa_from_name(want);
      if (w == FXP_ISA_COUNT)
         fxp_refuse("FXPIPE_ISA=%s is no table (sse2, avx2 or avx512): using %s"
                    FXP_GL_SETTING_IGNORED, want, isas[best].name);
      else if (!fxp_isa_supported(w))
         fxp_refuse("FXPIPE_ISA=%s: this CPU does not support it: using %s"
                    FXP_GL_SETTING_IGNORED, want, isas[best].name);
      else
         chosen = w;
   }
}

enum fxp_isa
fxp_isa_chosen(void)
{
   call_once(&chosen_once, choose);
   return chosen;
}

static struct fxp_engine engines[FXP_ISA_COUNT];
static once_flag engine_once[FXP_ISA_COUNT] = {ONCE_FLAG_INIT, ONCE_FLAG_INIT, ONCE_FLAG_INIT};

static void
fill_one(enum fxp_isa isa)
{
   engines[isa].isa = isa;
   isas[isa].fill(&engines[isa]);
}
static void fill_sse2(void) { fill_one(FXP_ISA_SSE2); }
static void fill_avx2(void) { fill_one(FXP_ISA_AVX2); }
static void fill_avx512(void) { fill_one(FXP_ISA_AVX512); }

const struct fxp_engine *
fxp_engine_get(enum fxp_isa isa)
{
   static void (*const fill[FXP_ISA_COUNT])(void) = {fill_sse2, fill_avx2, fill_avx512};
   if (isa >= FXP_ISA_COUNT || !isas[isa].fill || !fxp_isa_supported(isa))
      return NULL;
   call_once(&engine_once[isa], fill[isa]);
   return &engines[isa];
}
