/* Fragment shaders that only copy (a fast path, found when a program is decoded, run by the rasterizer
 * instead of the engine, off under FXPIPE_DEBUG=nofast): every instruction a MOV into an OUTPUT register from
 * an INPUT register, an immediate or a constant (no indirect addressing, saturation, source modifiers or
 * two-dimensional inputs), then END. They are what the fixed-function pipeline makes of vertex colours, what
 * 2D and UI fills and gouraud shading (colours lit per vertex) run, and a colour from a uniform.
 *
 * Such a program's run is its copies (struct fxp_program.fs_copies): each written channel of each MOV, in
 * program order, one register-file slot copied to another, all lanes, which is what the engine's MOV does to
 * a batch's bits (no arithmetic: -0, denormals and NaNs stay; immediates and constants are in the register
 * file, shader/fxp_exec.c). Lanes past the batch's live ones are written too: nothing reads them.
 * shader/fxp_fs_copy_test.c checks the copies against the engine's run of the same program on random
 * registers, and refuses what is not a copy. */
#include "tgsi/tgsi_parse.h"

#include "fxp_shader.h"

/* The slot of channel `chan` of a source register, or -1 if the source is not one a copy takes. */
static int
copy_src_slot(const struct fxp_program *p, const struct tgsi_full_src_register *r, unsigned chan)
{
   if (r->Register.Indirect || r->Register.Absolute || r->Register.Negate || r->Register.Index < 0)
      return -1;
   const unsigned swz[4] = {r->Register.SwizzleX, r->Register.SwizzleY, r->Register.SwizzleZ,
                            r->Register.SwizzleW};
   const unsigned idx = (unsigned)r->Register.Index, c = swz[chan];
   switch (r->Register.File) {
   case TGSI_FILE_INPUT:
      if (r->Register.Dimension || idx >= p->num_inputs)
         return -1;
      return (int)(p->input_base + 4 * idx + c);
   case TGSI_FILE_IMMEDIATE:
      if (r->Register.Dimension || idx >= p->num_imms)
         return -1;
      return (int)(p->imm_base + 4 * idx + c);
   case TGSI_FILE_CONSTANT: {
      if (r->Register.Dimension && (r->Dimension.Indirect || r->Dimension.Dimension))
         return -1;
      const int slot = fxp_program_const_slot(p, r->Register.Dimension ? r->Dimension.Index : 0, (int)idx);
      return slot < 0 ? -1 : slot + (int)c; /* (decoding lists every constant read) */
   }
   default:
      return -1;
   }
}

bool
fxp_fs_copy_analyze(struct fxp_program *p, const struct tgsi_token *tokens)
{
   struct tgsi_parse_context parse;
   bool ok = p->stage == PIPE_SHADER_FRAGMENT && tgsi_parse_init(&parse, tokens) == TGSI_PARSE_OK;
   bool ended = false;
   p->num_fs_copies = 0;
   if (!ok)
      return false;
   while (ok && !tgsi_parse_end_of_tokens(&parse)) {
      tgsi_parse_token(&parse);
      if (parse.FullToken.Token.Type != TGSI_TOKEN_TYPE_INSTRUCTION)
         continue;
      const struct tgsi_full_instruction *in = &parse.FullToken.FullInstruction;
      if (ended) {
         ok = false; /* code after END (subroutines): not a copy */
         break;
      }
      if (in->Instruction.Opcode == TGSI_OPCODE_END) {
         ended = true;
         continue;
      }
      const struct tgsi_full_dst_register *dst = &in->Dst[0];
      /* (a precise MOV is the same copy) */
      if (in->Instruction.Opcode != TGSI_OPCODE_MOV || in->Instruction.Saturate || in->Instruction.Texture ||
          in->Instruction.Memory || in->Instruction.NumDstRegs != 1 ||
          in->Instruction.NumSrcRegs != 1 || dst->Register.File != TGSI_FILE_OUTPUT || dst->Register.Indirect ||
          dst->Register.Dimension || dst->Register.Index < 0 || (unsigned)dst->Register.Index >= p->num_outputs) {
         ok = false;
         break;
      }
      for (unsigned c = 0; c < 4 && ok; c++) {
         if (!(dst->Register.WriteMask & (1u << c)))
            continue;
         const int src = copy_src_slot(p, &in->Src[0], c);
         if (src < 0 || p->num_fs_copies == FXP_FS_COPY_MAX) {
            ok = false;
            break;
         }
         p->fs_copies[p->num_fs_copies].dst = (uint16_t)(p->output_base + 4 * (unsigned)dst->Register.Index + c);
         p->fs_copies[p->num_fs_copies].src = (uint16_t)src;
         p->num_fs_copies++;
      }
   }
   tgsi_parse_free(&parse);
   ok &= ended && p->num_fs_copies > 0 && p->num_slots <= UINT16_MAX;
   if (!ok)
      p->num_fs_copies = 0;
   return ok;
}
