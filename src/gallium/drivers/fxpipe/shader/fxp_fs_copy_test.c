/* Fragment shaders that only copy (shader/fxp_fs_copy.c). Which programs are copies: plain MOVs into outputs
 * from inputs, immediates and constants (swizzled, write-masked, an output written twice) are, and the count
 * of copies is each MOV's written channels; saturation, negation, absolute values, temporaries, other
 * opcodes, system values and other stages are not. What a copy does: on random register contents (NaNs,
 * -0 and denormals among them) the copies leave every output slot with the bits the engine's run of the same
 * program leaves, and the values the program text says (written out by hand below). */
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/os_memory.h"

#include "shader/fxp_shader.h"
#include "tests/fxp_test.h"

static struct fxp_program *
program(struct fxp_t *t, const char *text, enum pipe_shader_type stage)
{
   struct tgsi_token tokens[1024];
   if (!CHECK(t, tgsi_text_translate(text, tokens, ARRAY_SIZE(tokens)), "parses: %s", text))
      return NULL;
   char error[256];
   struct fxp_program *p = fxp_program_create(tokens, stage, error, sizeof(error));
   CHECK(t, p != NULL, "decodes: %s (%s)", text, error);
   return p;
}

static uint32_t seed = 0x2468ace1u;
static uint32_t
rnd(void)
{
   return fxp_t_xorshift(&seed);
}

/* A random 32-bit pattern, often a special float. */
static uint32_t
rnd_bits(void)
{
   static const uint32_t special[] = {0x80000000u, 0x7fc00000u, 0x7f800001u, 0xffffffffu, 0x00000001u,
                                      0x007fffffu, 0xff800000u, 0x3f800000u};
   const uint32_t r = rnd();
   return r % 4 == 0 ? special[(r >> 8) % ARRAY_SIZE(special)] : rnd();
}

static const char accepted_text[] =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
   "DCL IN[1], COLOR, LINEAR\n"
   "DCL OUT[0], COLOR\n"
   "DCL OUT[1], COLOR[1]\n"
   "DCL CONST[0][0..3]\n"
   "DCL CONST[1][0..1]\n"
   "IMM[0] UINT32 {1056964608, 2147483648, 1065353216, 2143289344}\n" /* 0.5, -0.0, 1.0, NaN */
   "  0: MOV OUT[0].xy, IN[1].wzyx\n"
   "  1: MOV OUT[0].zw, IMM[0].xxyw\n"
   "  2: MOV OUT[1], CONST[0][2].zxyw\n"
   "  3: MOV OUT[1].y, IN[0].xxxx\n"
   "  4: MOV OUT[1].w, CONST[1][1].yyyy\n"
   "  5: END\n";

static void
test_accepted(struct fxp_t *t)
{
   struct fxp_program *p = program(t, accepted_text, PIPE_SHADER_FRAGMENT);
   if (!p)
      return;
   /* 2 + 2 + 4 + 1 + 1 written channels */
   CHECK(t, p->num_fs_copies == 10, "%u copies (want 10)", p->num_fs_copies);
   uint32_t cb0[16], cb1[8];
   for (unsigned i = 0; i < 16; i++)
      cb0[i] = rnd_bits();
   for (unsigned i = 0; i < 8; i++)
      cb1[i] = rnd_bits();
   struct fxp_bindings *bind = os_malloc_aligned(sizeof(*bind), 64);
   struct fxp_exec *e = os_malloc_aligned(sizeof(*e), 64);
   if (!CHECK(t, bind && e, "memory")) {
      os_free_aligned(bind);
      os_free_aligned(e);
      fxp_program_destroy(p);
      return;
   }
   memset(bind, 0, sizeof(*bind));
   memset(e, 0, sizeof(*e));
   bind->constbufs[0] = (struct fxp_buffer_binding){(uint8_t *)cb0, sizeof(cb0)};
   bind->constbufs[1] = (struct fxp_buffer_binding){(uint8_t *)cb1, sizeof(cb1)};
   if (CHECK(t, fxp_exec_init(e, p, bind, FXP_W), "execution state")) {
      for (unsigned round = 0; round < 50; round++) {
         /* random inputs and stale outputs; the same outputs before each run */
         fxp_vec in[2][4], stale[2][4], engine[2][4];
         for (unsigned i = 0; i < 2; i++)
            for (unsigned c = 0; c < 4; c++)
               for (unsigned l = 0; l < FXP_W; l++) {
                  in[i][c].au[l] = rnd_bits();
                  stale[i][c].au[l] = rnd_bits();
               }
         const unsigned count = 1 + rnd() % FXP_W;
         for (unsigned pass = 0; pass < 2; pass++) {
            fxp_exec_reset(e, count);
            for (unsigned i = 0; i < 2; i++)
               for (unsigned c = 0; c < 4; c++) {
                  *fxp_input(e, i, c) = in[i][c];
                  *fxp_output(e, i, c) = stale[i][c];
               }
            if (pass == 0) {
               fxp_exec_run(e);
               for (unsigned o = 0; o < 2; o++)
                  for (unsigned c = 0; c < 4; c++)
                     engine[o][c] = *fxp_output(e, o, c);
               continue;
            }
            fxp_fs_copy_run(e);
            bool same = true;
            for (unsigned o = 0; o < 2; o++)
               for (unsigned c = 0; c < 4; c++)
                  for (unsigned l = 0; l < count; l++)
                     same &= fxp_output(e, o, c)->au[l] == engine[o][c].au[l];
            CHECK(t, same, "round %u: the copies leave the engine's outputs in the %u live lanes", round, count);
            /* the text's values, lane 0 */
            const uint32_t want[2][4] = {
               {in[1][3].au[0], in[1][2].au[0], 0x80000000u, 0x7fc00000u},
               {cb0[2 * 4 + 2], in[0][0].au[0], cb0[2 * 4 + 1], cb1[1 * 4 + 1]},
            };
            bool text = true;
            for (unsigned o = 0; o < 2; o++)
               for (unsigned c = 0; c < 4; c++)
                  text &= fxp_output(e, o, c)->au[0] == want[o][c];
            CHECK(t, text, "round %u: the outputs the program text gives", round);
         }
      }
      fxp_exec_fini(e);
   }
   os_free_aligned(bind);
   os_free_aligned(e);
   fxp_program_destroy(p);
}

static void
test_refused(struct fxp_t *t)
{
   static const struct {
      const char *text;
      enum pipe_shader_type stage;
   } cases[] = {
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n 0: MOV_SAT OUT[0], IN[0]\n 1: END\n",
       PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n 0: MOV OUT[0], -IN[0]\n 1: END\n",
       PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n 0: MOV OUT[0], |IN[0]|\n 1: END\n",
       PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0]\n 0: MOV TEMP[0], IN[0]\n"
       " 1: MOV OUT[0], TEMP[0]\n 2: END\n",
       PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n 0: ADD OUT[0], IN[0], IN[0]\n 1: END\n",
       PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL SV[0], POSITION\nDCL OUT[0], COLOR\n 0: MOV OUT[0], SV[0]\n 1: END\n", PIPE_SHADER_FRAGMENT},
      {"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n 0: MOV OUT[0], IN[0]\n 1: KILL\n 2: END\n",
       PIPE_SHADER_FRAGMENT},
      {"VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n 0: MOV OUT[0], IN[0]\n 1: END\n", PIPE_SHADER_VERTEX},
   };
   for (unsigned k = 0; k < ARRAY_SIZE(cases); k++) {
      struct fxp_program *p = program(t, cases[k].text, cases[k].stage);
      if (!p)
         continue;
      CHECK(t, p->num_fs_copies == 0, "not a copy (%u copies): %s", p->num_fs_copies, cases[k].text);
      fxp_program_destroy(p);
   }
   /* the plainest copy, for contrast */
   struct fxp_program *p = program(t, "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                                      " 0: MOV OUT[0], IN[0]\n 1: END\n", PIPE_SHADER_FRAGMENT);
   if (p) {
      CHECK(t, p->num_fs_copies == 4, "MOV OUT[0], IN[0]: %u copies (want 4)", p->num_fs_copies);
      fxp_program_destroy(p);
   }
}

const struct fxp_test fxp_fs_copy_tests[] = {
   {"fs_copy.accepted_matches_engine", test_accepted},
   {"fs_copy.refused", test_refused},
   {NULL, NULL},
};
