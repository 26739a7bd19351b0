/* libFuzzer harness: TGSI text through fxpipe's shader decoder (shader/fxp_decode.c) and engine, with
 * arbitrary buffers, constants, textures, samplers and images bound (scripts/fuzz.sh builds and runs it;
 * README "Fuzzing").
 *
 * An input is a test file of fxpipe-tgsi-runner (tools/fxp_tgsi_runner.c's header says the format): a
 * [compute], [fragment W H] or [geometry P] shader and its resources; the seed corpus is tests/tgsi/*.test.
 * The runner parses it, Mesa's tgsi_text_translate turns the text into tokens, and the runner creates the
 * shader on a headless fxpipe context, binds the resources and runs it, exactly as `fxpipe-tgsi-runner`
 * does; whether the test's expectations hold does not matter here, only that nothing crashes, reads or
 * writes out of bounds, leaks or trips UBSan.
 *
 * Work is bounded so that an input is a fraction of a second: at most 2048 compute invocations (block and
 * grid within the driver's caps, shared memory within its cap), fragment grids of at most 32x32, at most
 * 64 geometry primitives; and every loop and subroutine is given an iteration budget: the tokens are
 * rewritten (tgsi_transform) so that each BGNLOOP and BGNSUB first counts, in a temporary of its own, how
 * often the lane came there, and leaves the loop (BRK) or subroutine (RET) once it has been there
 * FUZZ_ITERATIONS times. A shader whose loops never end is legal TGSI, and not what this harness looks for. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_parse.h"
#include "tgsi/tgsi_scan.h"
#include "tgsi/tgsi_text.h"
#include "tgsi/tgsi_transform.h"

#include "tools/fxp_tgsi_runner.h"

#define MAX_TOKENS          65536
#define FUZZ_ITERATIONS     64u
#define FUZZ_INVOCATIONS    2048u
#define FUZZ_FRAGMENT_PX    (32u * 32u)
#define FUZZ_PRIMITIVES     64u
#define FUZZ_MAX_INPUT_B    (256u << 10)

struct bound_ctx {
   struct tgsi_transform_context base;
   unsigned counter; /* TEMP index: .x counts, .y is the test's result */
   unsigned imm;     /* IMM index: (1, FUZZ_ITERATIONS, 0, 0) */
};

static void
bound_prolog(struct tgsi_transform_context *tctx)
{
   struct bound_ctx *ctx = (struct bound_ctx *)tctx;

   tgsi_transform_temp_decl(tctx, ctx->counter);
   tgsi_transform_immediate_int_decl(tctx, 1, FUZZ_ITERATIONS, 0, 0);
   /* MOV counter.x, imm.z (0) */
   struct tgsi_full_instruction mov = tgsi_default_full_instruction();
   mov.Instruction.Opcode = TGSI_OPCODE_MOV;
   mov.Instruction.NumDstRegs = 1;
   mov.Instruction.NumSrcRegs = 1;
   tgsi_transform_dst_reg(&mov.Dst[0], TGSI_FILE_TEMPORARY, ctx->counter, TGSI_WRITEMASK_X);
   tgsi_transform_src_reg(&mov.Src[0], TGSI_FILE_IMMEDIATE, ctx->imm, TGSI_SWIZZLE_Z, TGSI_SWIZZLE_Z,
                          TGSI_SWIZZLE_Z, TGSI_SWIZZLE_Z);
   tctx->emit_instruction(tctx, &mov);
}

static void
emit_count_and_leave(struct bound_ctx *ctx, enum tgsi_opcode leave)
{
   struct tgsi_transform_context *tctx = &ctx->base;
   struct tgsi_full_instruction in;

   /* UADD counter.x, counter.x, imm.x */
   in = tgsi_default_full_instruction();
   in.Instruction.Opcode = TGSI_OPCODE_UADD;
   in.Instruction.NumDstRegs = 1;
   in.Instruction.NumSrcRegs = 2;
   tgsi_transform_dst_reg(&in.Dst[0], TGSI_FILE_TEMPORARY, ctx->counter, TGSI_WRITEMASK_X);
   tgsi_transform_src_reg(&in.Src[0], TGSI_FILE_TEMPORARY, ctx->counter, 0, 0, 0, 0);
   tgsi_transform_src_reg(&in.Src[1], TGSI_FILE_IMMEDIATE, ctx->imm, 0, 0, 0, 0);
   tctx->emit_instruction(tctx, &in);
   /* USGE counter.y, counter.x, imm.y */
   in = tgsi_default_full_instruction();
   in.Instruction.Opcode = TGSI_OPCODE_USGE;
   in.Instruction.NumDstRegs = 1;
   in.Instruction.NumSrcRegs = 2;
   tgsi_transform_dst_reg(&in.Dst[0], TGSI_FILE_TEMPORARY, ctx->counter, TGSI_WRITEMASK_Y);
   tgsi_transform_src_reg(&in.Src[0], TGSI_FILE_TEMPORARY, ctx->counter, 0, 0, 0, 0);
   tgsi_transform_src_reg(&in.Src[1], TGSI_FILE_IMMEDIATE, ctx->imm, 1, 1, 1, 1);
   tctx->emit_instruction(tctx, &in);
   /* UIF counter.y; BRK or RET; ENDIF */
   in = tgsi_default_full_instruction();
   in.Instruction.Opcode = TGSI_OPCODE_UIF;
   in.Instruction.NumSrcRegs = 1;
   tgsi_transform_src_reg(&in.Src[0], TGSI_FILE_TEMPORARY, ctx->counter, 1, 1, 1, 1);
   tctx->emit_instruction(tctx, &in);
   in = tgsi_default_full_instruction();
   in.Instruction.Opcode = leave;
   tctx->emit_instruction(tctx, &in);
   in = tgsi_default_full_instruction();
   in.Instruction.Opcode = TGSI_OPCODE_ENDIF;
   tctx->emit_instruction(tctx, &in);
}

static void
bound_instruction(struct tgsi_transform_context *tctx, struct tgsi_full_instruction *inst)
{
   tctx->emit_instruction(tctx, inst);
   if (inst->Instruction.Opcode == TGSI_OPCODE_BGNLOOP)
      emit_count_and_leave((struct bound_ctx *)tctx, TGSI_OPCODE_BRK);
   else if (inst->Instruction.Opcode == TGSI_OPCODE_BGNSUB)
      emit_count_and_leave((struct bound_ctx *)tctx, TGSI_OPCODE_RET);
}

/* The shader with every loop and subroutine bounded, or NULL (free() it). */
static struct tgsi_token *
bound_loops(const struct tgsi_token *tokens)
{
   struct tgsi_shader_info info;
   struct bound_ctx ctx;

   /* Mesa's scan trusts the tokens' indices (fxp_tokens_scannable): such a shader is left as it is, and
    * fxpipe refuses it */
   if (!fxp_tokens_scannable(tokens, NULL, 0))
      return NULL;
   tgsi_scan_shader(tokens, &info);
   if (!info.opcode_count[TGSI_OPCODE_BGNLOOP] && !info.opcode_count[TGSI_OPCODE_BGNSUB])
      return NULL;
   memset(&ctx, 0, sizeof(ctx));
   ctx.counter = info.file_max[TGSI_FILE_TEMPORARY] + 1;
   ctx.imm = info.immediate_count;
   ctx.base.prolog = bound_prolog;
   ctx.base.transform_instruction = bound_instruction;
   return tgsi_transform_shader(tokens, tgsi_num_tokens(tokens) + 256, &ctx.base);
}

static bool
within_bounds(const struct test *t)
{
   if (t->fragment)
      return t->width * t->height <= FUZZ_FRAGMENT_PX;
   if (t->geometry)
      return t->primitives <= FUZZ_PRIMITIVES;
   uint64_t threads = 1, groups = 1;
   for (unsigned i = 0; i < 3; i++) {
      if (t->block[i] > 1024)
         return false;
      threads *= t->block[i];
      groups *= t->grid[i];
   }
   return threads <= 1024 && threads * groups <= FUZZ_INVOCATIONS && groups <= FUZZ_INVOCATIONS &&
          t->shared_B <= 32768;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
   (void)argc;
   (void)argv;
   /* one compute thread: a run does not depend on scheduling, and libFuzzer's timer sees the work */
   setenv("FXPIPE_THREADS", "1", 0);
   return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   static struct tgsi_token tokens[MAX_TOKENS];
   struct test t;

   if (size > FUZZ_MAX_INPUT_B || memchr(data, 0, size))
      return 0;
   char *text = malloc(size + 1);
   if (!text)
      return 0;
   memcpy(text, data, size);
   text[size] = 0;
   if (runner_parse(&t, text) && within_bounds(&t) && tgsi_text_translate(t.shader, tokens, MAX_TOKENS)) {
      struct tgsi_token *bounded = bound_loops(tokens);
      (void)runner_run(&t, bounded ? bounded : tokens);
      free(bounded);
   }
   runner_free(&t);
   free(text);
   return 0;
}
