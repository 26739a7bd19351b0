/* fxpipe-bench-tgsi: lanes per second of fxpipe's shader engine against Mesa's tgsi_exec (the yardstick
 * only: it is linked into this benchmark, never into the driver), single-threaded, on the same shaders.
 *
 *   fxpipe-bench-tgsi [SECONDS_PER_RUN]
 *
 * The shaders are vertex shaders so that both engines take their inputs as given (tgsi_exec would
 * interpolate fragment inputs): ALU-heavy, branchy (per-lane loop counts and branches), integer, double,
 * and a mix resembling a real vertex shader (transform and lighting) and a real fragment shader (normal
 * mapping-style math without textures). Inputs differ per lane. Each engine runs the shader on batches
 * (fxpipe: FXP_W lanes, tgsi_exec: 4) for the given time, timed in slices of 20 ms (its figure is the
 * fastest slice's, bench_slice_ns); the program prints lanes/s of fxpipe on each
 * instruction-set table this CPU supports (shader/fxp_shader.h, "Instruction sets"), of tgsi_exec, and each
 * table's ratio to tgsi_exec (FXPIPE_ISA=NAME: that table only, and FXPIPE_BENCH_SHADERS=NAME,...: those
 * shaders only, for profiling). It also runs 64 batches of
 * each shader on every table and checks that their outputs are the same bits as the first table's (exit
 * status 1 if not).
 * Branch labels (`:N`, the TGSI index of the ELSE or ENDIF) are written out because tgsi_exec needs them;
 * fxpipe computes its own jump targets. Timings vary with the machine and its load; they are measurements,
 * not test assertions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_exec.h"
#include "tgsi/tgsi_text.h"
#include "util/macros.h"
#include "util/os_time.h"
#include "util/u_memory.h"

#include "fxp_debug.h"
#include "shader/fxp_shader.h"

struct bench_shader {
   const char *name;
   const char *text;
};

static const struct bench_shader shaders[] = {
   {"alu",
    "VERT\n"
    "DCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL CONST[0][0..3]\nDCL TEMP[0..3]\n"
    "IMM[0] FLT32 {0.5, 2.0, 0.25, 1.0}\n"
    "  MUL TEMP[0], IN[0], CONST[0][0]\n"
    "  MAD TEMP[0], IN[1], CONST[0][1], TEMP[0]\n"
    "  DP4 TEMP[1].x, TEMP[0], CONST[0][2]\n"
    "  RSQ TEMP[1].y, |TEMP[1].xxxx|\n"
    "  MUL TEMP[2], TEMP[0], TEMP[1].yyyy\n"
    "  ADD TEMP[2], TEMP[2], -IMM[0].xxxx\n"
    "  MAX TEMP[2], TEMP[2], IMM[0].zzzz\n"
    "  MIN TEMP[2], TEMP[2], IMM[0].yyyy\n"
    "  FRC TEMP[3], TEMP[2]\n"
    "  LRP TEMP[3], TEMP[3], TEMP[2], TEMP[0]\n"
    "  MAD TEMP[3], TEMP[3], CONST[0][3], TEMP[1].xxxx\n"
    "  EX2 TEMP[1].z, TEMP[3].xxxx\n"
    "  LG2 TEMP[1].w, |TEMP[3].yyyy|\n"
    "  MUL TEMP[0], TEMP[3], TEMP[1].zzzz\n"
    "  MAD TEMP[0], TEMP[0], TEMP[1].wwww, TEMP[2]\n"
    "  DP3 TEMP[1].x, TEMP[0], TEMP[3]\n"
    "  MUL_SAT TEMP[0], TEMP[0], TEMP[1].xxxx\n"
    "  ADD TEMP[0], TEMP[0], TEMP[3]\n"
    "  MOV OUT[0], TEMP[0]\n"
    "  END\n"},
   {"branchy",
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3]\n"
    "IMM[0] FLT32 {0.0, 1.0, 0.5, 3.0}\n"
    "IMM[1] INT32 {1, 0, 7, 16}\n"
    "  F2I TEMP[0].x, IN[0].xxxx\n"
    "  AND TEMP[0].x, TEMP[0].xxxx, IMM[1].zzzz\n"
    "  MOV TEMP[1], IMM[0].xxxx\n"
    "  MOV TEMP[0].y, IMM[1].yyyy\n"
    "  BGNLOOP\n"
    "    ISGE TEMP[0].z, TEMP[0].yyyy, TEMP[0].xxxx\n"
    "    UIF TEMP[0].zzzz :8\n"
    "      BRK\n"
    "    ENDIF\n"
    "    I2F TEMP[2].x, TEMP[0].yyyy\n"
    "    SLT TEMP[2].y, TEMP[2].xxxx, IN[0].yyyy\n"
    "    IF TEMP[2].yyyy :13\n"
    "      MAD TEMP[1], TEMP[1], IMM[0].zzzz, IN[0]\n"
    "    ELSE :16\n"
    "      ADD TEMP[1], TEMP[1], IMM[0].wwww\n"
    "      MUL TEMP[1], TEMP[1], IMM[0].zzzz\n"
    "    ENDIF\n"
    "    UADD TEMP[0].y, TEMP[0].yyyy, IMM[1].xxxx\n"
    "  ENDLOOP\n"
    "  MOV OUT[0], TEMP[1]\n"
    "  END\n"},
   {"integer",
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
    "IMM[0] UINT32 {2654435761, 13, 17, 5}\n"
    "IMM[1] UINT32 {2246822519, 3266489917, 668265263, 374761393}\n"
    "  F2U TEMP[0], |IN[0]|\n"
    "  UMUL TEMP[1], TEMP[0], IMM[0].xxxx\n"
    "  SHL TEMP[2], TEMP[1], IMM[0].yyyy\n"
    "  XOR TEMP[1], TEMP[1], TEMP[2]\n"
    "  USHR TEMP[2], TEMP[1], IMM[0].zzzz\n"
    "  XOR TEMP[1], TEMP[1], TEMP[2]\n"
    "  SHL TEMP[2], TEMP[1], IMM[0].wwww\n"
    "  XOR TEMP[1], TEMP[1], TEMP[2]\n"
    "  UMAD TEMP[1], TEMP[1], IMM[1], IMM[1].wzyx\n"
    "  UMUL_HI TEMP[2], TEMP[1], IMM[1].yyyy\n"
    "  UADD TEMP[1], TEMP[1], TEMP[2]\n"
    "  IMAX TEMP[2], TEMP[1], -TEMP[1]\n"
    "  AND TEMP[1], TEMP[1], TEMP[2]\n"
    "  USHR TEMP[2], TEMP[1], IMM[0].zzzz\n"
    "  OR TEMP[1], TEMP[1], TEMP[2]\n"
    "  UMUL TEMP[1], TEMP[1], IMM[1].zzzz\n"
    "  U2F TEMP[1], TEMP[1]\n"
    "  MOV OUT[0], TEMP[1]\n"
    "  END\n"},
   {"double",
    "VERT\n"
    "DCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..3]\n"
    "IMM[0] FLT64 {1.0000001, 0.5}\n"
    "IMM[1] FLT64 {3.0, -0.25}\n"
    "  F2D TEMP[0], IN[0].xyxy\n"
    "  F2D TEMP[1], IN[0].zwzw\n"
    "  DMUL TEMP[2], TEMP[0], IMM[0]\n"
    "  DFMA TEMP[2], TEMP[2], TEMP[1], IMM[1]\n"
    "  DADD TEMP[3], TEMP[2], TEMP[0]\n"
    "  DMUL TEMP[3], TEMP[3], TEMP[3]\n"
    "  DMAX TEMP[3], TEMP[3], IMM[1]\n"
    "  DSQRT TEMP[3], TEMP[3]\n"
    "  DADD TEMP[2], TEMP[2], TEMP[3]\n"
    "  DMUL TEMP[2], TEMP[2], IMM[0]\n"
    "  DFMA TEMP[2], TEMP[2], TEMP[1], TEMP[0]\n"
    "  D2F TEMP[0].xy, TEMP[2]\n"
    "  MOV OUT[0], TEMP[0]\n"
    "  END\n"},
   {"vertex",
    "VERT\n"
    "DCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], POSITION\nDCL OUT[1], COLOR\nDCL OUT[2], GENERIC[0]\n"
    "DCL CONST[0][0..11]\nDCL TEMP[0..4]\n"
    "IMM[0] FLT32 {0.0, 1.0, 16.0, 0.2}\n"
    "  MUL TEMP[0], CONST[0][0], IN[0].xxxx\n"
    "  MAD TEMP[0], CONST[0][1], IN[0].yyyy, TEMP[0]\n"
    "  MAD TEMP[0], CONST[0][2], IN[0].zzzz, TEMP[0]\n"
    "  MAD OUT[0], CONST[0][3], IN[0].wwww, TEMP[0]\n"
    "  DP3 TEMP[1].x, CONST[0][4], IN[1]\n"
    "  DP3 TEMP[1].y, CONST[0][5], IN[1]\n"
    "  DP3 TEMP[1].z, CONST[0][6], IN[1]\n"
    "  DP3 TEMP[2].x, TEMP[1], TEMP[1]\n"
    "  RSQ TEMP[2].x, TEMP[2].xxxx\n"
    "  MUL TEMP[1], TEMP[1], TEMP[2].xxxx\n"
    "  DP3 TEMP[3].x, TEMP[1], CONST[0][7]\n"
    "  MAX TEMP[3].x, TEMP[3].xxxx, IMM[0].xxxx\n"
    "  DP3 TEMP[3].y, TEMP[1], CONST[0][8]\n"
    "  MAX TEMP[3].y, TEMP[3].yyyy, IMM[0].xxxx\n"
    "  POW TEMP[3].y, TEMP[3].yyyy, IMM[0].zzzz\n"
    "  MUL TEMP[4], CONST[0][9], TEMP[3].xxxx\n"
    "  MAD TEMP[4], CONST[0][10], TEMP[3].yyyy, TEMP[4]\n"
    "  MAD_SAT OUT[1], IN[2], CONST[0][11], TEMP[4]\n"
    "  MOV OUT[2], IN[2]\n"
    "  END\n"},
   {"fragment",
    "VERT\n"
    "DCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\nDCL CONST[0][0..3]\nDCL TEMP[0..4]\n"
    "IMM[0] FLT32 {2.0, -1.0, 32.0, 0.04}\n"
    "  MAD TEMP[0], IN[0], IMM[0].xxxx, IMM[0].yyyy\n"
    "  DP3 TEMP[1].x, TEMP[0], TEMP[0]\n"
    "  RSQ TEMP[1].x, TEMP[1].xxxx\n"
    "  MUL TEMP[0], TEMP[0], TEMP[1].xxxx\n"
    "  DP3 TEMP[2].x, IN[1], IN[1]\n"
    "  RSQ TEMP[2].x, TEMP[2].xxxx\n"
    "  MUL TEMP[2], IN[1], TEMP[2].xxxx\n"
    "  DP3_SAT TEMP[3].x, TEMP[0], TEMP[2]\n"
    "  ADD TEMP[4], TEMP[2], CONST[0][0]\n"
    "  DP3 TEMP[1].y, TEMP[4], TEMP[4]\n"
    "  RSQ TEMP[1].y, TEMP[1].yyyy\n"
    "  MUL TEMP[4], TEMP[4], TEMP[1].yyyy\n"
    "  DP3_SAT TEMP[3].y, TEMP[0], TEMP[4]\n"
    "  POW TEMP[3].y, TEMP[3].yyyy, IMM[0].zzzz\n"
    "  ADD TEMP[3].z, IMM[0].yyyy, -TEMP[3].xxxx\n"
    "  MUL TEMP[3].z, TEMP[3].zzzz, TEMP[3].zzzz\n"
    "  MAD TEMP[3].z, TEMP[3].zzzz, IMM[0].wwww, IMM[0].wwww\n"
    "  MUL TEMP[1], IN[2], CONST[0][1]\n"
    "  MUL TEMP[1], TEMP[1], TEMP[3].xxxx\n"
    "  MAD TEMP[1], CONST[0][2], TEMP[3].yyyy, TEMP[1]\n"
    "  LRP TEMP[1], TEMP[3].zzzz, CONST[0][3], TEMP[1]\n"
    "  MOV_SAT OUT[0], TEMP[1]\n"
    "  END\n"},
};

static float constants[16][4];

/* Each run is timed in slices of this many nanoseconds, and its figure is its fastest slice's: other work
 * on the machine only slows a slice down, so the best slice is the steadiest figure (whole-run means of one
 * build moved by up to 30% between runs on the project's 2-core virtual machines, session 24). */
static const int64_t bench_slice_ns = 20000000;

static float
input_value(unsigned lane, unsigned attr, unsigned chan)
{
   return 0.25f + 0.37f * ((lane * 7 + attr * 3 + chan * 5) % 23);
}

/* Decodes the shader for table `isa`; NULL (and a message) if fxpipe refuses it. */
static struct fxp_program *
program(const struct tgsi_token *tokens, enum fxp_isa isa)
{
   char error[256];
   struct fxp_program *prog = fxp_program_create_isa(tokens, PIPE_SHADER_VERTEX, isa, error, sizeof(error));
   if (!prog)
      fprintf(stderr, "fxpipe refused the shader: %s\n", error);
   return prog;
}

/* input_value's lane term, (lane * 7) % 23 with lane = batch * width + l, repeats every 23 batches whatever
 * the width (23 is prime), so batch b's inputs are batch (b % 23)'s: both engines copy them from a table
 * made once (inputs_table). Computed in the timed loop, 16 modulos a vector, they took 32% of fxpipe's time
 * in perf on the vertex and fragment shaders (session 25); the values are the same. */
#define INPUT_PERIOD 23

/* The inputs of INPUT_PERIOD batches of `width` lanes: float [INPUT_PERIOD][num_inputs][4][width]. */
static float *
inputs_table(unsigned num_inputs, unsigned width)
{
   float *t = malloc(sizeof(float) * INPUT_PERIOD * num_inputs * 4 * width);
   for (unsigned b = 0; t && b < INPUT_PERIOD; b++)
      for (unsigned i = 0; i < num_inputs; i++)
         for (unsigned c = 0; c < 4; c++)
            for (unsigned l = 0; l < width; l++)
               t[((b * num_inputs + i) * 4 + c) * width + l] = input_value(b * width + l, i, c);
   return t;
}

/* Batch `batch`'s values of input i, channel c, in a table of inputs_table(num_inputs, width). */
static const float *
table_inputs(const float *table, unsigned num_inputs, unsigned width, unsigned batch, unsigned i, unsigned c)
{
   return &table[(((batch % INPUT_PERIOD) * num_inputs + i) * 4 + c) * width];
}

static void
fill_inputs(struct fxp_exec *e, const float *table, unsigned batch)
{
   const unsigned n = e->prog->num_inputs;
   for (unsigned i = 0; i < n; i++)
      for (unsigned c = 0; c < 4; c++)
         memcpy(fxp_input(e, i, c)->af, table_inputs(table, n, FXP_W, batch, i, c), FXP_W * sizeof(float));
}

/* Bindings with the benchmark's constants in buffer 0 and nothing else. */
static void
bind_constants(struct fxp_bindings *bind)
{
   memset(bind, 0, sizeof(*bind));
   bind->constbufs[0].data = (uint8_t *)constants;
   bind->constbufs[0].size_B = sizeof(constants);
}

/* The outputs of 64 batches on table `isa`, as bits (outputs_words(prog) words). */
#define CHECK_BATCHES 64
static uint32_t *
outputs(const struct tgsi_token *tokens, enum fxp_isa isa, unsigned *words)
{
   struct fxp_program *prog = program(tokens, isa);
   if (!prog)
      return NULL;
   struct fxp_bindings bind;
   bind_constants(&bind);
   struct fxp_exec e;
   fxp_exec_init(&e, prog, &bind, FXP_W);
   const unsigned per_batch = prog->num_outputs * 4 * FXP_W;
   uint32_t *out = calloc(CHECK_BATCHES * per_batch, sizeof(uint32_t));
   float *table = inputs_table(prog->num_inputs, FXP_W);
   const unsigned fp = fxp_fp_enter();
   for (unsigned b = 0; b < CHECK_BATCHES && out && table; b++) {
      fxp_exec_reset(&e, FXP_W);
      fill_inputs(&e, table, b);
      fxp_exec_run(&e);
      for (unsigned o = 0; o < prog->num_outputs; o++)
         for (unsigned c = 0; c < 4; c++)
            memcpy(&out[b * per_batch + (o * 4 + c) * FXP_W], fxp_output(&e, o, c)->au, FXP_W * 4);
   }
   fxp_fp_leave(fp);
   free(table);
   *words = CHECK_BATCHES * per_batch;
   fxp_exec_fini(&e);
   fxp_program_destroy(prog);
   return out;
}

static double
bench_fxpipe(const struct tgsi_token *tokens, enum fxp_isa isa, double seconds)
{
   struct fxp_program *prog = program(tokens, isa);
   if (!prog)
      return 0;
   struct fxp_bindings bind;
   bind_constants(&bind);
   struct fxp_exec e;
   fxp_exec_init(&e, prog, &bind, FXP_W);
   float *table = inputs_table(prog->num_inputs, FXP_W);

   double best = 0.0; /* lanes a second in the fastest slice (bench_slice_ns) */
   const int64_t start = os_time_get_nano(), end = start + (int64_t)(seconds * 1e9);
   int64_t now = start;
   unsigned batch = 0;
   while (table && now < end) {
      const int64_t slice = now;
      uint64_t lanes = 0;
      while (now - slice < bench_slice_ns) {
         for (unsigned rep = 0; rep < 256; rep++, batch++) {
            fxp_exec_reset(&e, FXP_W);
            fill_inputs(&e, table, batch);
            fxp_exec_run(&e);
         }
         lanes += 256 * FXP_W;
         now = os_time_get_nano();
      }
      best = MAX2(best, lanes / ((now - slice) / 1e9));
   }
   free(table);
   fxp_exec_fini(&e);
   fxp_program_destroy(prog);
   return best;
}

static double
bench_tgsi_exec(const struct tgsi_token *tokens, unsigned num_inputs, double seconds)
{
   struct tgsi_exec_machine *mach = tgsi_exec_machine_create(PIPE_SHADER_VERTEX);
   const void *bufs[1] = {constants};
   const unsigned sizes[1] = {sizeof(constants)};

   tgsi_exec_machine_bind_shader(mach, tokens, NULL, NULL, NULL);
   tgsi_exec_set_constant_buffers(mach, 1, bufs, sizes);
   float *table = inputs_table(num_inputs, TGSI_QUAD_SIZE);
   double best = 0.0; /* lanes a second in the fastest slice (bench_slice_ns) */
   const int64_t start = os_time_get_nano(), end = start + (int64_t)(seconds * 1e9);
   int64_t now = start;
   unsigned batch = 0;
   while (table && now < end) {
      const int64_t slice = now;
      uint64_t lanes = 0;
      while (now - slice < bench_slice_ns) {
         for (unsigned rep = 0; rep < 256; rep++, batch++) {
            for (unsigned i = 0; i < num_inputs; i++)
               for (unsigned c = 0; c < 4; c++)
                  memcpy(mach->Inputs[i].xyzw[c].f, table_inputs(table, num_inputs, TGSI_QUAD_SIZE, batch, i, c),
                         TGSI_QUAD_SIZE * sizeof(float));
            mach->NonHelperMask = (1 << TGSI_QUAD_SIZE) - 1;
            tgsi_exec_machine_run(mach, 0);
         }
         lanes += 256 * TGSI_QUAD_SIZE;
         now = os_time_get_nano();
      }
      best = MAX2(best, lanes / ((now - slice) / 1e9));
   }
   free(table);
   tgsi_exec_machine_destroy(mach);
   return best;
}

/* Whether name is one of the comma-separated names of list. */
static bool
name_listed(const char *list, const char *name)
{
   const size_t n = strlen(name);
   for (const char *p = list; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
      if (!strncmp(p, name, n) && (p[n] == ',' || p[n] == 0))
         return true;
   return false;
}

int
main(int argc, char **argv)
{
   const double seconds = argc > 1 ? atof(argv[1]) : 1.0;
   struct tgsi_token tokens[4096];
   /* FXPIPE_DEBUG's switches (nofast, nosimple, ...: bench/tgsi/techniques.sh); the engine reads them only
    * when it chooses its table, which this program, asking for each table, never makes it do */
   fxp_debug_init();

   for (unsigned i = 0; i < 16; i++)
      for (unsigned c = 0; c < 4; c++)
         constants[i][c] = 0.1f * (i + 1) + 0.05f * c;

   enum fxp_isa isas[FXP_ISA_COUNT];
   unsigned n = 0;
   const char *want = getenv("FXPIPE_ISA");
   for (unsigned i = 0; i < FXP_ISA_COUNT; i++)
      if (fxp_isa_supported(i) && (!want || !*want || !strcmp(want, fxp_isa_name(i))))
         isas[n++] = i;
   if (!n) {
      fprintf(stderr, "FXPIPE_ISA=%s: not a table this CPU supports\n", want);
      return 1;
   }

   printf("%-10s", "shader");
   for (unsigned k = 0; k < n; k++)
      printf(" %8s lanes/s", fxp_isa_name(isas[k]));
   printf(" %17s", "tgsi_exec lanes/s");
   for (unsigned k = 0; k < n; k++)
      printf(" %7s", fxp_isa_name(isas[k]));
   printf("\n");
   bool same = true;
   const char *only = getenv("FXPIPE_BENCH_SHADERS"); /* a comma-separated list of names, for profiling */
   for (unsigned s = 0; s < sizeof(shaders) / sizeof(shaders[0]); s++) {
      if (only && *only && !name_listed(only, shaders[s].name))
         continue;
      if (!tgsi_text_translate(shaders[s].text, tokens, ARRAY_SIZE(tokens))) {
         fprintf(stderr, "%s: the TGSI text does not parse\n", shaders[s].name);
         return 1;
      }
      struct tgsi_shader_info info;
      tgsi_scan_shader(tokens, &info);

      unsigned ref_words = 0;
      uint32_t *ref = outputs(tokens, isas[0], &ref_words);
      for (unsigned k = 1; k < n; k++) {
         unsigned words = 0;
         uint32_t *out = outputs(tokens, isas[k], &words);
         if (!ref || !out || words != ref_words || memcmp(ref, out, words * 4)) {
            fprintf(stderr, "%s: the outputs on %s differ from %s's\n", shaders[s].name,
                    fxp_isa_name(isas[k]), fxp_isa_name(isas[0]));
            same = false;
         }
         free(out);
      }
      free(ref);

      double fx[FXP_ISA_COUNT];
      /* the engine's flush modes, as the driver's entries set them (fxp_fp_enter) */
      const unsigned fp = fxp_fp_enter();
      for (unsigned k = 0; k < n; k++)
         fx[k] = bench_fxpipe(tokens, isas[k], seconds);
      fxp_fp_leave(fp);
      const double te = bench_tgsi_exec(tokens, info.file_max[TGSI_FILE_INPUT] + 1, seconds);
      printf("%-10s", shaders[s].name);
      for (unsigned k = 0; k < n; k++)
         printf(" %16.0f", fx[k]);
      printf(" %17.0f", te);
      for (unsigned k = 0; k < n; k++)
         printf(" %6.2fx", te > 0 ? fx[k] / te : 0.0);
      printf("\n");
   }
   printf(same ? "outputs: the same bits on every table\n" : "outputs: the tables differ\n");
   return same ? 0 : 1;
}
