/* Uniform work once per draw: instructions whose every input is a constant or an immediate, hoisted out of
 * the per-batch program when it is decoded and run once each time the execution state is set up for a draw
 * (fxp_exec_setup), instead of once for every batch of FXP_W lanes. A fast path: FXPIPE_DEBUG=nofast (or
 * nouniform, this one alone) keeps every instruction in the program, and the TGSI tests run both ways
 * against the same expected values; fxp_program.num_pre counts the instructions hoisted (FXPIPE_DEBUG=tgsi
 * prints it for each shader).
 *
 * The analysis (fxp_uniform_hoist), one pass over the decoded program in order, with a map from each TEMP
 * slot (one channel of one register) to the uniform slot that holds its value at that point, if any:
 *  - an instruction is hoisted when it is outside all control flow, is a pure 32-bit per-lane opcode
 *    (is_pure below: no derivative, memory, sampling, lane exchange or control flow), has one destination
 *    in TEMP outside any declared array, and reads in every channel of every source an immediate, a
 *    directly addressed constant or a slot the map says is uniform;
 *  - its result goes to new uniform slots (fxp_program.uniform_base on), and every later read of its
 *    destination slot is redirected there, up to and including the next instruction that writes that slot;
 *  - that next write must be outside control flow too (or there is none), so every redirected read happens
 *    where the original would have seen the hoisted value: between the two writes no loop can carry
 *    another value round to an earlier read, and after the second write nothing reads the old value.
 *    Otherwise the instruction is not hoisted;
 *  - programs with subroutines (CAL, BGNSUB, RET) or indirectly addressed TEMPs are left whole, since there
 *    the rule cannot see every read. KILL, KILL_IF and DEMOTE only take lanes out of the live ones, whose
 *    results nothing reads, so they do not stop it.
 * The hoisted instructions keep their decoded functions (general forms: the mask is all ones while they
 * run) and move, in order, to fxp_program.pre_insts; the rest are compacted and their jump targets mapped.
 *
 * Outside control flow an instruction writes every live lane, and lanes that are not live are never read
 * for a result, so computing the value for all lanes once gives every batch the same bits it computed for
 * itself: the same functions run on the same operands. */
#include <string.h>

#include "util/u_memory.h"

#include "fxp_debug.h"
#include "fxp_shader.h"

/* Opcodes whose result, lane by lane, depends on nothing but their 32-bit sources. */
static bool
is_pure(unsigned opcode)
{
   switch (opcode) {
   case TGSI_OPCODE_MOV: case TGSI_OPCODE_RCP: case TGSI_OPCODE_RSQ: case TGSI_OPCODE_MUL:
   case TGSI_OPCODE_ADD: case TGSI_OPCODE_DP2: case TGSI_OPCODE_DP3: case TGSI_OPCODE_DP4:
   case TGSI_OPCODE_MIN: case TGSI_OPCODE_MAX: case TGSI_OPCODE_SLT: case TGSI_OPCODE_SGE:
   case TGSI_OPCODE_MAD: case TGSI_OPCODE_LRP: case TGSI_OPCODE_FMA: case TGSI_OPCODE_SQRT:
   case TGSI_OPCODE_FRC: case TGSI_OPCODE_FLR: case TGSI_OPCODE_ROUND: case TGSI_OPCODE_EX2:
   case TGSI_OPCODE_LG2: case TGSI_OPCODE_POW: case TGSI_OPCODE_COS: case TGSI_OPCODE_SIN:
   case TGSI_OPCODE_SEQ: case TGSI_OPCODE_SGT: case TGSI_OPCODE_SLE: case TGSI_OPCODE_SNE:
   case TGSI_OPCODE_SSG: case TGSI_OPCODE_CMP: case TGSI_OPCODE_DIV: case TGSI_OPCODE_CEIL:
   case TGSI_OPCODE_TRUNC: case TGSI_OPCODE_I2F: case TGSI_OPCODE_U2F: case TGSI_OPCODE_F2I:
   case TGSI_OPCODE_F2U: case TGSI_OPCODE_NOT: case TGSI_OPCODE_SHL: case TGSI_OPCODE_AND:
   case TGSI_OPCODE_OR: case TGSI_OPCODE_XOR: case TGSI_OPCODE_MOD: case TGSI_OPCODE_FSEQ:
   case TGSI_OPCODE_FSGE: case TGSI_OPCODE_FSLT: case TGSI_OPCODE_FSNE: case TGSI_OPCODE_IDIV:
   case TGSI_OPCODE_IMAX: case TGSI_OPCODE_IMIN: case TGSI_OPCODE_INEG: case TGSI_OPCODE_ISGE:
   case TGSI_OPCODE_ISHR: case TGSI_OPCODE_ISLT: case TGSI_OPCODE_UADD: case TGSI_OPCODE_UDIV:
   case TGSI_OPCODE_UMAD: case TGSI_OPCODE_UMAX: case TGSI_OPCODE_UMIN: case TGSI_OPCODE_UMOD:
   case TGSI_OPCODE_UMUL: case TGSI_OPCODE_USEQ: case TGSI_OPCODE_USGE: case TGSI_OPCODE_USHR:
   case TGSI_OPCODE_USLT: case TGSI_OPCODE_USNE: case TGSI_OPCODE_UCMP: case TGSI_OPCODE_IABS:
   case TGSI_OPCODE_ISSG: case TGSI_OPCODE_IMUL_HI: case TGSI_OPCODE_UMUL_HI: case TGSI_OPCODE_IBFE:
   case TGSI_OPCODE_UBFE: case TGSI_OPCODE_BFI: case TGSI_OPCODE_BREV: case TGSI_OPCODE_POPC:
   case TGSI_OPCODE_LSB: case TGSI_OPCODE_IMSB: case TGSI_OPCODE_UMSB:
      return true;
   default:
      return false;
   }
}

#define NONE UINT32_MAX

static bool
is_temp(const struct fxp_program *p, uint32_t slot)
{
   return slot >= p->temp_base && slot < p->temp_base + 4 * p->num_temps;
}

static bool
in_temp_array(const struct fxp_program *p, uint32_t slot)
{
   const int32_t reg = (int32_t)((slot - p->temp_base) / 4);
   for (unsigned a = 0; a < ARRAY_SIZE(p->temp_arrays); a++)
      if (p->temp_arrays[a].first <= reg && reg <= p->temp_arrays[a].last)
         return true;
   return false;
}

/* Whether instruction `in` writes `slot` (a direct destination; SCATTER targets are excluded earlier). */
static bool
writes(const struct fxp_inst *in, uint32_t slot)
{
   for (unsigned k = 0; k < in->num_dst; k++)
      for (unsigned c = 0; c < 4; c++)
         if ((in->dst[k].mask & (1u << c)) && in->dst[k].slot[c] == slot)
            return true;
   return false;
}

/* The hoisting rule's last condition for destination slot `slot` of instruction i: the next instruction
 * that writes it is outside control flow, or there is none. */
static bool
next_write_top_level(const struct fxp_program *p, unsigned i, uint32_t slot)
{
   for (unsigned j = i + 1; j < p->num_insts; j++)
      if (writes(&p->insts[j], slot))
         return p->insts[j].top_level;
   return true;
}

static void
redirect(const uint32_t *map, struct fxp_src *s)
{
   for (unsigned c = 0; c < 4; c++)
      if (map[s->slot[c]] != NONE)
         s->slot[c] = map[s->slot[c]];
}

static bool
hoistable(const struct fxp_program *p, const uint32_t *map, const struct fxp_inst *in, unsigned i)
{
   if (!in->top_level || in->opcode >= TGSI_OPCODE_LAST || !is_pure(in->opcode) || in->num_dst != 1 ||
       !in->dst[0].mask || in->mem_file || in->res_addr_slot != UINT32_MAX)
      return false;
   for (unsigned k = 0; k < in->num_src; k++)
      for (unsigned c = 0; c < 4; c++) {
         const uint32_t s = in->src[k].slot[c];
         const bool uniform = (s >= p->imm_base && s < p->const_base + 4 * p->num_consts) || map[s] != NONE;
         if (!uniform)
            return false;
      }
   for (unsigned c = 0; c < 4; c++) {
      if (!(in->dst[0].mask & (1u << c)))
         continue;
      const uint32_t d = in->dst[0].slot[c];
      if (!is_temp(p, d) || in_temp_array(p, d) || !next_write_top_level(p, i, d))
         return false;
   }
   return true;
}

bool
fxp_uniform_hoist(struct fxp_program *p)
{
   const unsigned *n = p->info.opcode_count;
   if ((fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NOUNIFORM)) || n[TGSI_OPCODE_CAL] ||
       n[TGSI_OPCODE_BGNSUB] || n[TGSI_OPCODE_RET] || !p->num_insts)
      return true;
   for (unsigned i = 0; i < p->num_insts; i++) {
      const struct fxp_inst *in = &p->insts[i];
      if ((in->opcode == FXP_MOP_GATHER || in->opcode == FXP_MOP_SCATTER) &&
          p->inds[in->ind].file == TGSI_FILE_TEMPORARY)
         return true;
   }

   const unsigned base = p->const_base + 4 * p->num_consts;
   uint32_t *map = MALLOC(base * sizeof(uint32_t));
   int32_t *new_pc = MALLOC((p->num_insts + 1) * sizeof(int32_t));
   struct fxp_inst *pre = NULL;
   unsigned num_pre = 0, num_uniform_slots = 0, kept = 0;
   if (!map || !new_pc) {
      FREE(map);
      FREE(new_pc);
      return false;
   }
   for (unsigned s = 0; s < base; s++)
      map[s] = NONE;

   for (unsigned i = 0; i < p->num_insts; i++) {
      struct fxp_inst in = p->insts[i];
      const bool hoist = hoistable(p, map, &in, i);
      for (unsigned k = 0; k < in.num_src; k++)
         redirect(map, &in.src[k]);
      if (in.tex_offset_reg)
         redirect(map, &in.off_src);
      /* this instruction's writes end the redirections of the slots it writes */
      for (unsigned k = 0; k < in.num_dst; k++)
         for (unsigned c = 0; c < 4; c++)
            if ((in.dst[k].mask & (1u << c)) && in.dst[k].slot[c] < base)
               map[in.dst[k].slot[c]] = NONE;
      if (hoist) {
         if (num_pre % 16 == 0) {
            struct fxp_inst *grown = REALLOC(pre, num_pre * sizeof(*pre), (num_pre + 16) * sizeof(*pre));
            if (!grown) {
               FREE(pre);
               FREE(map);
               FREE(new_pc);
               return false;
            }
            pre = grown;
         }
         for (unsigned c = 0; c < 4; c++) {
            if (!(in.dst[0].mask & (1u << c)))
               continue;
            const uint32_t u = base + num_uniform_slots++;
            map[in.dst[0].slot[c]] = u;
            in.dst[0].slot[c] = u;
         }
         pre[num_pre++] = in;
         new_pc[i] = -1;
      } else {
         new_pc[i] = kept;
         p->insts[kept++] = in;
      }
   }
   new_pc[p->num_insts] = kept;

   if (num_pre) {
      /* jump targets point at control-flow instructions, which are never hoisted */
      for (unsigned i = 0; i < kept; i++) {
         struct fxp_inst *in = &p->insts[i];
         if (in->target >= 0 && (unsigned)in->target <= p->num_insts)
            in->target = new_pc[in->target];
      }
      p->num_insts = kept;
   }
   p->pre_insts = pre;
   p->num_pre = num_pre;
   p->uniform_base = base;
   p->num_slots = base + num_uniform_slots;
   FREE(map);
   FREE(new_pc);
   return true;
}

void
fxp_uniform_run(struct fxp_exec *e)
{
   const struct fxp_program *p = e->prog;
   if (!p->num_pre)
      return;
   const unsigned fp = fxp_fp_enter(); /* the shaders' float rule, whoever sets the state up */
   e->live = e->mask = e->cond = e->loop = e->cont = e->func = fxp_splat_i(-1);
   e->helper = fxp_splat_i(0);
   e->full = true;
   for (unsigned i = 0; i < p->num_pre; i++)
      p->pre_insts[i].fn(e, &p->pre_insts[i]);
   fxp_fp_leave(fp);
}
