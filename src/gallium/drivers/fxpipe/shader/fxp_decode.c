/* TGSI to fxpipe's program form, once per shader CSO (see fxp_shader.h for the register file).
 *
 * What decoding resolves, so that nothing is parsed while running:
 *  - register files to slot offsets, swizzles folded per destination channel, abs/neg as flags, _SAT;
 *  - immediates splatted across lanes once; directly addressed constants given slots splatted per dispatch;
 *  - indirect sources and destinations into GATHER / SCATTER micro-operations around the instruction,
 *    with the valid range (the TEMP array's, or the whole file) checked per lane at run time;
 *  - control flow to jump targets (IF/UIF -> ELSE or ENDIF, ELSE -> ENDIF, BGNLOOP <-> ENDLOOP,
 *    BRK/CONT -> ENDLOOP, CAL -> BGNSUB), and what the watchdog counts for ENDLOOP's next iterations and
 *    for CAL (fxp_inst.cost: the loop's or the subroutine's instructions as decoded, fxp_shader.h "Shader
 *    budget");
 *  - each opcode to the function that executes it, from the program's instruction-set table (fxp_shader.h);
 *    an opcode fxpipe does not execute fails the decode with a message naming it. */
#include <stdio.h>
#include <string.h>

#include "tgsi/tgsi_dump.h"
#include "tgsi/tgsi_info.h"
#include "tgsi/tgsi_parse.h"
#include "tgsi/tgsi_strings.h"
#include "util/u_math.h"
#include "util/u_prim.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "util/u_atomic.h"

#include "fxp_debug.h"

#include "fxp_shader.h"

struct decoder {
   struct fxp_program *p;
   char *error;
   unsigned error_size;
   unsigned max_insts;
   unsigned max_inds;           /* fxp_program.inds' room */
   int32_t *tgsi_to_pc;         /* first program instruction of each TGSI instruction */
   unsigned num_tgsi;
   unsigned consts_cap;
   /* open control flow: pc of IF/ELSE/BGNLOOP/BGNSUB */
   int32_t cf_stack[FXP_MAX_NEST];
   unsigned cf_sp;
   /* BRK/CONT pcs waiting for their ENDLOOP, per loop level */
   int32_t *pending;
   unsigned num_pending;
   unsigned pending_cap;
};

static bool
fail(struct decoder *d, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   if (d->error && d->error_size)
      vsnprintf(d->error, d->error_size, fmt, ap);
   va_end(ap);
   return false;
}

/* One more zeroed element at the end of array (num elements, room for *cap): the array, moved if it had to
 * grow (to min_cap elements, then twice as many each time), or NULL out of memory (array left as it was). */
static void *
append_zeroed(void *array, unsigned *num, unsigned *cap, size_t size_B, unsigned min_cap)
{
   if (*num == *cap) {
      const unsigned grown = MAX2(min_cap, *cap * 2);
      void *n = REALLOC(array, (size_t)*cap * size_B, (size_t)grown * size_B);
      if (!n)
         return NULL;
      array = n;
      *cap = grown;
   }
   memset((char *)array + (size_t)(*num)++ * size_B, 0, size_B);
   return array;
}

static struct fxp_inst *
emit(struct decoder *d)
{
   struct fxp_program *p = d->p;
   struct fxp_inst *insts = append_zeroed(p->insts, &p->num_insts, &d->max_insts, sizeof(*insts), 64);
   if (!insts)
      return NULL;
   p->insts = insts;
   struct fxp_inst *in = &insts[p->num_insts - 1];
   in->target = -1;
   return in;
}

/* A new micro-operation operand, fxp_program.inds[*index]; NULL out of memory. The pointer holds until the
 * next one is made. */
static struct fxp_indirect *
new_indirect(struct decoder *d, uint32_t *index)
{
   struct fxp_program *p = d->p;
   struct fxp_indirect *inds = append_zeroed(p->inds, &p->num_inds, &d->max_inds, sizeof(*inds), 8);
   if (!inds)
      return NULL;
   p->inds = inds;
   *index = p->num_inds - 1;
   return &inds[*index];
}

/* Whether a register index taken from the tokens is in [0, count): the indirect address's index is a signed
 * 16-bit field, so a text index past 32767 reads as negative (the tgsi fuzzing harness's ADDR[2444...4], whose
 * address slot fell below the register file) */
static inline bool
index_in(int index, int32_t count)
{
   return index >= 0 && index < count;
}

/* Base slot and valid register range of a file that lives in the register file. */
static bool
file_layout(const struct fxp_program *p, unsigned file, uint32_t *base, int32_t *count)
{
   switch (file) {
   case TGSI_FILE_TEMPORARY: *base = p->temp_base; *count = p->num_temps; return true;
   case TGSI_FILE_INPUT: *base = p->input_base; *count = p->num_inputs; return true; /* per vertex (GS) */
   case TGSI_FILE_OUTPUT: *base = p->output_base; *count = p->num_outputs; return true;
   case TGSI_FILE_SYSTEM_VALUE: *base = p->sv_base; *count = p->num_svs; return true;
   case TGSI_FILE_ADDRESS: *base = p->addr_base; *count = p->num_addrs; return true;
   case TGSI_FILE_IMMEDIATE: *base = p->imm_base; *count = p->num_imms; return true;
   default: return false;
   }
}

int
fxp_program_const_slot(const struct fxp_program *p, unsigned dim, int index)
{
   for (unsigned k = 0; k < p->num_consts; k++) {
      if (p->consts[k].dim == dim && p->consts[k].index == index)
         return (int)(p->const_base + 4 * k);
   }
   return -1;
}

/* The slot of constant (dim, index), a new one (appended to the program's list) the first time; -1 out of
 * memory. */
static int
const_slot(struct decoder *d, unsigned dim, int index)
{
   struct fxp_program *p = d->p;

   const int found = fxp_program_const_slot(p, dim, index);
   if (found >= 0)
      return found;
   struct fxp_const_ref *consts = append_zeroed(p->consts, &p->num_consts, &d->consts_cap, sizeof(*consts), 16);
   if (!consts)
      return -1;
   p->consts = consts;
   consts[p->num_consts - 1].dim = dim;
   consts[p->num_consts - 1].index = index;
   return p->const_base + 4 * (p->num_consts - 1);
}

/* Fills the indirect descriptor for a register reference with Indirect and/or 2D indirect. */
static bool
setup_indirect(struct decoder *d, struct fxp_indirect *ind, unsigned file, int index,
               const struct tgsi_ind_register *ir, bool indirect, bool has_dim,
               const struct tgsi_dimension *dim, const struct tgsi_ind_register *dim_ir)
{
   struct fxp_program *p = d->p;
   uint32_t base;
   int32_t count;

   memset(ind, 0, sizeof(*ind));
   ind->file = file;
   ind->base = index;
   ind->first = 0;
   if (file == TGSI_FILE_CONSTANT) {
      ind->last = INT32_MAX;  /* checked against the bound buffer's size at run time */
   } else if (file_layout(p, file, &base, &count)) {
      ind->last = count - 1;
      if (file == TGSI_FILE_TEMPORARY && indirect && ir->ArrayID && ir->ArrayID < 64 &&
          p->temp_arrays[ir->ArrayID].last >= p->temp_arrays[ir->ArrayID].first) {
         ind->first = p->temp_arrays[ir->ArrayID].first;
         ind->last = p->temp_arrays[ir->ArrayID].last;
      }
   } else {
      return fail(d, "indirect access to register file %s", tgsi_file_name(file));
   }
   if (indirect) {
      if (ir->File != TGSI_FILE_ADDRESS && ir->File != TGSI_FILE_TEMPORARY)
         return fail(d, "indirect address in file %s", tgsi_file_name(ir->File));
      if (!file_layout(p, ir->File, &base, &count) || !index_in(ir->Index, count))
         return fail(d, "address register out of range");
      ind->addr_slot = base + 4 * ir->Index + ir->Swizzle;
   } else {
      ind->addr_slot = UINT32_MAX;
   }
   if (has_dim && file == TGSI_FILE_INPUT && !indirect && index >= 0 && index < PIPE_MAX_SHADER_INPUTS)
      p->in_2d[index / 32] |= 1u << (index % 32);
   if (has_dim && file == TGSI_FILE_OUTPUT && !indirect && index >= 0 && index < PIPE_MAX_SHADER_OUTPUTS)
      p->out_2d[index / 32] |= 1u << (index % 32);
   if (has_dim) {
      ind->vertex_2d = (file == TGSI_FILE_INPUT && p->in_vertices) || (file == TGSI_FILE_OUTPUT && p->out_vertices);
      ind->dim = dim->Index;
      ind->dim_base = dim->Index;
      if (dim->Indirect) {
         if (!file_layout(p, dim_ir->File, &base, &count) || !index_in(dim_ir->Index, count))
            return fail(d, "dimension address register out of range");
         ind->dim_indirect = true;
         ind->dim_addr_slot = base + 4 * dim_ir->Index + dim_ir->Swizzle;
      }
   }
   return true;
}

/* A directly addressed FILE[v][i] of a two-dimensional file (fxp_program.in_vertices, out_vertices): *reg
 * (i) becomes the register of vertex v. Other files and one-dimensional accesses are left as they are. */
static bool
vertex_reg(struct decoder *d, unsigned file, bool has_dim, int v, unsigned *reg)
{
   const struct fxp_program *p = d->p;
   const unsigned verts = file == TGSI_FILE_INPUT ? p->in_vertices : file == TGSI_FILE_OUTPUT ? p->out_vertices : 0;
   if (!verts || !has_dim)
      return true;
   if (v < 0 || (unsigned)v >= verts)
      return fail(d, "%s[%d][%u]: the stage's vertices are %u", tgsi_file_name(file), v, *reg, verts);
   if (file == TGSI_FILE_INPUT && *reg < PIPE_MAX_SHADER_INPUTS)
      d->p->in_2d[*reg / 32] |= 1u << (*reg % 32);
   if (file == TGSI_FILE_OUTPUT && *reg < PIPE_MAX_SHADER_OUTPUTS)
      d->p->out_2d[*reg / 32] |= 1u << (*reg % 32);
   *reg += v * (file == TGSI_FILE_INPUT ? p->num_inputs : p->num_outputs);
   return true;
}

/* Resolves one source operand; may emit a GATHER before the instruction. */
static bool
decode_src(struct decoder *d, struct fxp_src *s, const struct tgsi_full_src_register *r, unsigned n)
{
   struct fxp_program *p = d->p;
   const unsigned swz[4] = {r->Register.SwizzleX, r->Register.SwizzleY, r->Register.SwizzleZ,
                            r->Register.SwizzleW};
   const unsigned file = r->Register.File;
   const bool dim_ind = r->Register.Dimension && r->Dimension.Indirect;
   uint32_t base;
   int32_t count;

   s->mod = (r->Register.Absolute ? FXP_MOD_ABS : 0) | (r->Register.Negate ? FXP_MOD_NEG : 0);

   if (r->Register.Indirect || dim_ind) {
      struct fxp_inst *g = emit(d);
      if (!g)
         return fail(d, "out of memory");
      g->opcode = FXP_MOP_GATHER;
      g->fn = p->engine->ops[FXP_MOP_GATHER];
      struct fxp_indirect *ind = new_indirect(d, &g->ind);
      if (!ind)
         return fail(d, "out of memory");
      if (!setup_indirect(d, ind, file, r->Register.Index, &r->Indirect, r->Register.Indirect,
                          r->Register.Dimension, &r->Dimension, &r->DimIndirect))
         return false;
      ind->scratch = 4 * n;
      for (unsigned c = 0; c < 4; c++)
         s->slot[c] = 4 * n + swz[c];
      return true;
   }
   if (file == TGSI_FILE_CONSTANT) {
      int slot = const_slot(d, r->Register.Dimension ? r->Dimension.Index : 0, r->Register.Index);
      if (slot < 0)
         return fail(d, "out of memory");
      for (unsigned c = 0; c < 4; c++)
         s->slot[c] = slot + swz[c];
      return true;
   }
   if (!file_layout(p, file, &base, &count))
      return fail(d, "source in register file %s", tgsi_file_name(file));
   if (r->Register.Index < 0 || r->Register.Index >= count)
      return fail(d, "%s[%d] out of the declared range", tgsi_file_name(file), r->Register.Index);
   unsigned reg = r->Register.Index;
   if (!vertex_reg(d, file, r->Register.Dimension, r->Dimension.Index, &reg))
      return false;
   for (unsigned c = 0; c < 4; c++)
      s->slot[c] = base + 4 * reg + swz[c];
   return true;
}

static bool
is_resource_file(unsigned file)
{
   return file == TGSI_FILE_BUFFER || file == TGSI_FILE_MEMORY || file == TGSI_FILE_IMAGE ||
          file == TGSI_FILE_SAMPLER || file == TGSI_FILE_SAMPLER_VIEW || file == TGSI_FILE_HW_ATOMIC;
}

static bool
push_cf(struct decoder *d, int32_t pc)
{
   if (d->cf_sp == FXP_MAX_NEST)
      return fail(d, "control flow nested deeper than %u", FXP_MAX_NEST);
   d->cf_stack[d->cf_sp++] = pc;
   return true;
}

static bool
add_pending(struct decoder *d, int32_t pc)
{
   if (d->num_pending == d->pending_cap) {
      unsigned cap = MAX2(16, d->pending_cap * 2);
      int32_t *n = REALLOC(d->pending, d->pending_cap * sizeof(*n), cap * sizeof(*n));
      if (!n)
         return fail(d, "out of memory");
      d->pending = n;
      d->pending_cap = cap;
   }
   d->pending[d->num_pending++] = pc;
   return true;
}

/* Control-flow bookkeeping of the instruction just emitted at pc. */
static bool
link_cf(struct decoder *d, unsigned opcode, int32_t pc)
{
   struct fxp_inst *insts = d->p->insts;

   switch (opcode) {
   case TGSI_OPCODE_IF:
   case TGSI_OPCODE_UIF:
   case TGSI_OPCODE_BGNSUB:
      return push_cf(d, pc);
   case TGSI_OPCODE_BGNLOOP:
      if (!push_cf(d, pc))
         return false;
      return add_pending(d, -1); /* marks the start of this loop's BRK/CONT list */
   case TGSI_OPCODE_ELSE:
      if (!d->cf_sp || (insts[d->cf_stack[d->cf_sp - 1]].opcode != TGSI_OPCODE_IF &&
                        insts[d->cf_stack[d->cf_sp - 1]].opcode != TGSI_OPCODE_UIF))
         return fail(d, "ELSE without IF");
      insts[d->cf_stack[d->cf_sp - 1]].target = pc;
      d->cf_stack[d->cf_sp - 1] = pc;
      return true;
   case TGSI_OPCODE_ENDIF: {
      if (!d->cf_sp)
         return fail(d, "ENDIF without IF");
      struct fxp_inst *open = &insts[d->cf_stack[--d->cf_sp]];
      if (open->opcode != TGSI_OPCODE_IF && open->opcode != TGSI_OPCODE_UIF &&
          open->opcode != TGSI_OPCODE_ELSE)
         return fail(d, "ENDIF without IF");
      open->target = pc;
      return true;
   }
   case TGSI_OPCODE_BRK:
   case TGSI_OPCODE_CONT:
      return add_pending(d, pc);
   case TGSI_OPCODE_ENDLOOP: {
      if (!d->cf_sp || insts[d->cf_stack[d->cf_sp - 1]].opcode != TGSI_OPCODE_BGNLOOP)
         return fail(d, "ENDLOOP without BGNLOOP");
      int32_t begin = d->cf_stack[--d->cf_sp];
      insts[begin].target = pc;
      insts[pc].target = begin;
      insts[pc].cost = pc - begin + 1; /* BGNLOOP to ENDLOOP */
      while (d->num_pending) {
         int32_t b = d->pending[--d->num_pending];
         if (b < 0)
            break;
         insts[b].target = pc;
      }
      return true;
   }
   case TGSI_OPCODE_ENDSUB:
      if (!d->cf_sp || insts[d->cf_stack[d->cf_sp - 1]].opcode != TGSI_OPCODE_BGNSUB)
         return fail(d, "ENDSUB without BGNSUB");
      insts[d->cf_stack[--d->cf_sp]].target = pc;
      return true;
   default:
      return true;
   }
}

static bool
decode_instruction(struct decoder *d, const struct tgsi_full_instruction *fi, unsigned tgsi_index)
{
   struct fxp_program *p = d->p;
   const unsigned opcode = fi->Instruction.Opcode;
   const struct tgsi_opcode_info *info = tgsi_get_opcode_info(opcode);
   struct fxp_inst tmp;
   unsigned n_res = 0;

   memset(&tmp, 0, sizeof(tmp));
   tmp.target = -1;
   tmp.opcode = opcode;
   tmp.fn = opcode < TGSI_OPCODE_LAST ? p->engine->ops[opcode] : NULL;
   if (!tmp.fn)
      return fail(d, "opcode %s is not executed by fxpipe yet", tgsi_get_opcode_name(opcode));
   tmp.sat = fi->Instruction.Saturate;
   tmp.top_level = d->cf_sp == 0;
   tmp.num_src = fi->Instruction.NumSrcRegs;
   tmp.num_dst = fi->Instruction.NumDstRegs;
   tmp.tex_target = fi->Texture.Texture;

   d->tgsi_to_pc[tgsi_index] = p->num_insts;
   tmp.res_addr_slot = UINT32_MAX;
   if (fi->Instruction.Texture && fi->Texture.NumOffsets) {
      if (fi->Texture.NumOffsets > FXP_MAX_TEX_OFFSETS)
         return fail(d, "%u texel offsets", fi->Texture.NumOffsets);
      tmp.num_tex_offsets = fi->Texture.NumOffsets;
      for (unsigned k = 0; k < fi->Texture.NumOffsets; k++) {
         const struct tgsi_texture_offset *o = &fi->TexOffsets[k];
         const unsigned swz[3] = {o->SwizzleX, o->SwizzleY, o->SwizzleZ};
         if (o->File == TGSI_FILE_IMMEDIATE && o->Index >= 0 && (unsigned)o->Index < p->num_imms) {
            for (unsigned c = 0; c < 3; c++)
               tmp.tex_offset[k][c] = (int8_t)CLAMP(p->imm_splat[o->Index * 4 + swz[c]].ai[0], -128, 127);
         } else if (o->File == TGSI_FILE_TEMPORARY && k == 0 && fi->Texture.NumOffsets == 1 &&
                    o->Index >= 0 && (unsigned)o->Index < p->num_temps) {
            tmp.tex_offset_reg = true;
            for (unsigned c = 0; c < 3; c++)
               tmp.off_src.slot[c] = p->temp_base + 4 * o->Index + swz[c];
            tmp.off_src.slot[3] = tmp.off_src.slot[0];
         } else {
            return fail(d, "texel offsets in %s[%d]", tgsi_file_name(o->File), o->Index);
         }
      }
   }

   if (tmp.num_src > FXP_MAX_SRC)
      return fail(d, "%s with %u sources", tgsi_get_opcode_name(opcode), tmp.num_src);
   for (unsigned s = 0; s < tmp.num_src; s++) {
      const struct tgsi_full_src_register *r = &fi->Src[s];
      if (is_resource_file(r->Register.File)) {
         if (!n_res++) {
            tmp.mem_file = r->Register.File;
            tmp.mem_index = r->Register.Index;
            if (tmp.mem_file == TGSI_FILE_IMAGE)
               tmp.tex_target = fi->Memory.Texture;
            tmp.res_swizzle = r->Register.SwizzleX | r->Register.SwizzleY << 2 | r->Register.SwizzleZ << 4 |
                              r->Register.SwizzleW << 6;
            if (r->Register.Indirect) {
               /* SAMP[ADDR[2].x + n], BUFFER[ADDR[2].x + n]: the index is read per lane */
               uint32_t base;
               int32_t count;
               if (!file_layout(p, r->Indirect.File, &base, &count) || !index_in(r->Indirect.Index, count))
                  return fail(d, "indirectly indexed %s without an address", tgsi_file_name(r->Register.File));
               tmp.res_addr_slot = base + 4 * r->Indirect.Index + r->Indirect.Swizzle;
            }
         } else {
            if (r->Register.Indirect)
               return fail(d, "second resource operand indirectly indexed");
            tmp.res2_index = r->Register.Index;
         }
         continue;
      }
      if (!decode_src(d, &tmp.src[s], r, s))
         return false;
   }

   bool scatter = false;
   struct fxp_indirect dst_ind;
   if (tmp.num_dst > 2)
      return fail(d, "%s with %u destinations", tgsi_get_opcode_name(opcode), tmp.num_dst);
   for (unsigned k = 0; k < tmp.num_dst; k++) {
      const struct tgsi_full_dst_register *r = &fi->Dst[k];
      uint32_t base;
      int32_t count;

      tmp.dst[k].mask = r->Register.WriteMask;
      if (is_resource_file(r->Register.File)) {
         tmp.mem_file = r->Register.File;
         tmp.mem_index = r->Register.Index;
         if (tmp.mem_file == TGSI_FILE_IMAGE)
            tmp.tex_target = fi->Memory.Texture;
         if (r->Register.Indirect) { /* STORE BUFFER[ADDR[2].x + n]: the index is read per lane */
            uint32_t base;
            int32_t count;
            if (!file_layout(p, r->Indirect.File, &base, &count) || !index_in(r->Indirect.Index, count))
               return fail(d, "indirectly indexed %s without an address", tgsi_file_name(r->Register.File));
            tmp.res_addr_slot = base + 4 * r->Indirect.Index + r->Indirect.Swizzle;
         }
         continue;
      }
      if (r->Register.Indirect || (r->Register.Dimension && r->Dimension.Indirect)) {
         if (k || scatter)
            return fail(d, "second indirect destination");
         if (!setup_indirect(d, &dst_ind, r->Register.File, r->Register.Index, &r->Indirect, r->Register.Indirect,
                             r->Register.Dimension, &r->Dimension, &r->DimIndirect))
            return false;
         dst_ind.scratch = 20;
         for (unsigned c = 0; c < 4; c++)
            tmp.dst[k].slot[c] = 20 + c;
         scatter = true;
         continue;
      }
      if (!file_layout(p, r->Register.File, &base, &count) || r->Register.File == TGSI_FILE_IMMEDIATE)
         return fail(d, "destination in register file %s", tgsi_file_name(r->Register.File));
      if (r->Register.Index < 0 || r->Register.Index >= count)
         return fail(d, "%s[%d] out of the declared range", tgsi_file_name(r->Register.File),
                     r->Register.Index);
      unsigned reg = r->Register.Index;
      if (!vertex_reg(d, r->Register.File, r->Register.Dimension, r->Dimension.Index, &reg))
         return false;
      for (unsigned c = 0; c < 4; c++)
         tmp.dst[k].slot[c] = base + 4 * reg + c;
   }

   struct fxp_inst *in = emit(d);
   if (!in)
      return fail(d, "out of memory");
   *in = tmp;
   if (opcode == TGSI_OPCODE_CAL)
      in->target = fi->Label.Label; /* TGSI index; mapped to a pc once all are known */
   if (!link_cf(d, opcode, p->num_insts - 1))
      return false;

   if (scatter) {
      struct fxp_inst *sc = emit(d);
      if (!sc)
         return fail(d, "out of memory");
      sc->opcode = FXP_MOP_SCATTER;
      sc->fn = p->engine->ops[FXP_MOP_SCATTER];
      struct fxp_indirect *ind = new_indirect(d, &sc->ind);
      if (!ind)
         return fail(d, "out of memory");
      *ind = dst_ind;
      sc->dst[0].mask = p->insts[p->num_insts - 2].dst[0].mask;
   }
   return true;
}

static bool
decode_declaration(struct decoder *d, const struct tgsi_full_declaration *decl)
{
   struct fxp_program *p = d->p;

   switch (decl->Declaration.File) {
   case TGSI_FILE_TEMPORARY:
      if (decl->Declaration.Array && decl->Array.ArrayID < 64) {
         p->temp_arrays[decl->Array.ArrayID].first = decl->Range.First;
         p->temp_arrays[decl->Array.ArrayID].last = decl->Range.Last;
      }
      break;
   case TGSI_FILE_SYSTEM_VALUE:
      for (unsigned i = decl->Range.First; i <= decl->Range.Last && i < PIPE_MAX_SHADER_INPUTS; i++)
         p->sv_semantic[i] = decl->Semantic.Name;
      break;
   case TGSI_FILE_SAMPLER_VIEW:
      for (unsigned i = decl->Range.First; i <= decl->Range.Last && i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++) {
         p->sview_target[i] = decl->SamplerView.Resource;
         p->sview_return[i] = decl->SamplerView.ReturnTypeX;
      }
      break;
   case TGSI_FILE_MEMORY:
      if (decl->Declaration.MemType != TGSI_MEMORY_TYPE_SHARED)
         return fail(d, "memory of type %u (only shared memory is supported)", decl->Declaration.MemType);
      break;
   default:
      break;
   }
   return true;
}

/* Simple forms (fxp_ops_float.c, SF): an instruction outside all control flow writes its destination without
 * the execution-mask blend; one with source modifiers or saturation takes the simple form that applies them
 * (engine->simple_mod: the float opcodes of fxp_ops_float.c; since session 21, when bench-tgsi's shaders
 * showed that their MAD_SAT, DP3_SAT and ADD with a negated source kept the general forms). Outside control flow the mask is the
 * batch's live lanes, unless KILL, KILL_IF, DEMOTE or RET took lanes out of it: programs with any of those
 * keep the general forms. The lanes beyond a batch's count are written too, and nothing reads them. Inside
 * control flow (IF, loops, subroutines) such an instruction gets fxp_op_when_full: the simple form while
 * every lane that exists is active (uniform branches and loops: no lane keeps an old value, so the store
 * needs no blend), the general one while some lane waits (e->full, kept by fxp_update_mask). The simple
 * forms store channel by channel, so an instruction whose channels overlap keeps the general form. A plain
 * instruction (no modifier, no saturation) inside control flow whose opcode has a blend form
 * (engine->simple_blend: the simple form storing with the execution-mask blend) takes that instead, one call
 * whether or not every lane is active (p->num_simple_blend). A fast path:
 * FXPIPE_DEBUG=nofast (or nosimple) keeps the general forms (the TGSI tests run both ways); p->num_simple and
 * p->num_simple_when_full count. */
static void
fxp_op_when_full(struct fxp_exec *e, const struct fxp_inst *in)
{
   (e->full ? in->simple_fn : in->general_fn)(e, in);
}

/* Whether a channel's destination is a source of a later channel of the same instruction (MOV TEMP[0].xy,
 * TEMP[0].yx): the simple forms store each channel as soon as it is computed, so such an instruction keeps
 * the general form, which reads every channel before it stores any. The dot products' and TEX's simple forms
 * read all their sources first. */
static bool
channels_overlap(const struct fxp_inst *in)
{
   if (in->opcode == TGSI_OPCODE_DP2 || in->opcode == TGSI_OPCODE_DP3 || in->opcode == TGSI_OPCODE_DP4 ||
       in->opcode == TGSI_OPCODE_TEX)
      return false;
   const unsigned mask = in->dst[0].mask;
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned later = c + 1; later < 4 && (mask & (1u << c)); later++) {
         for (unsigned k = 0; k < in->num_src && (mask & (1u << later)); k++)
            if (in->src[k].slot[later] == in->dst[0].slot[c])
               return true;
      }
   }
   return false;
}

static void
specialize(struct fxp_program *p)
{
   const unsigned *n = p->info.opcode_count;
   if ((fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NOSIMPLE)) || n[TGSI_OPCODE_KILL] || n[TGSI_OPCODE_KILL_IF] ||
       n[TGSI_OPCODE_DEMOTE] || n[TGSI_OPCODE_RET])
      return;
   for (unsigned i = 0; i < p->num_insts; i++) {
      struct fxp_inst *in = &p->insts[i];
      if (in->num_dst != 1 || in->opcode >= TGSI_OPCODE_LAST || in->fn != p->engine->ops[in->opcode])
         continue;
      bool plain = !in->sat;
      for (unsigned k = 0; k < in->num_src; k++)
         plain &= in->src[k].mod == 0;
      /* the plain simple form, or the one that applies modifiers and saturation */
      const fxp_op_fn simple = plain ? p->engine->simple[in->opcode] : p->engine->simple_mod[in->opcode];
      if (!simple || channels_overlap(in))
         continue;
      if (in->top_level) {
         in->fn = simple;
         p->num_simple++;
      } else if (plain && p->engine->simple_blend[in->opcode]) {
         /* one call that blends its stores (a no-op while every lane is active), where fxp_op_when_full
          * took two calls and the general form while some lane waits: perf put the general MUL, ADD and
          * MAD plus the dispatch at a third of bench-tgsi's branchy shader (session 25) */
         in->fn = p->engine->simple_blend[in->opcode];
         p->num_simple_blend++;
      } else {
         in->general_fn = in->fn;
         in->simple_fn = simple;
         in->fn = fxp_op_when_full;
         p->num_simple_when_full++;
      }
   }
}

/* Whether a register-file slot holds the same value in every lane for the whole dispatch: an immediate, a
 * directly addressed constant or a uniform result (fxp_shader.h's table of slots). */
static bool
slot_uniform(const struct fxp_program *p, uint32_t slot)
{
   return (slot >= p->imm_base && slot < p->imm_base + 4 * p->num_imms) ||
          (slot >= p->const_base && slot < p->const_base + 4 * p->num_consts) ||
          (p->num_pre && slot >= p->uniform_base && slot < p->num_slots);
}

/* Uniform branches: an IF or UIF whose condition (src0.x) is the same in every lane (slot_uniform: an
 * immediate, a directly addressed constant or a uniform result) sends every lane that reaches it the same
 * way, so it needs no execution-mask work: it takes fxp_engine.uniform_if or uniform_uif, its ELSE
 * uniform_else and its ENDIF a NOP, which jump (fxp_ops_cf.c). Inside such branches the lanes are those
 * before them, so an instruction whose every enclosing construct is a uniform branch is top-level for the
 * passes after this one (the simple forms, the 64-bit stores of every lane): uniform_branches sets its
 * top_level (never clears one). A fast path: FXPIPE_DEBUG=nofast turns it off; counted in
 * p->num_uniform_branches (FXPIPE_DEBUG=tgsi, the TGSI runner's [expect uniform branches N]). Runs after
 * fxp_uniform_hoist, whose results it reads, and before specialize. */
static void
uniform_branches(struct fxp_program *p)
{
   if (fxp_debug_flags & FXP_DBG_NOFAST)
      return;
   const struct fxp_engine *eng = p->engine;
   bool uniform[FXP_MAX_NEST]; /* the open constructs, innermost last: whether each is a uniform branch */
   unsigned sp = 0, divergent = 0; /* open constructs, and those that are not uniform branches */
   for (unsigned i = 0; i < p->num_insts; i++) {
      struct fxp_inst *in = &p->insts[i];
      switch (in->opcode) {
      case TGSI_OPCODE_IF:
      case TGSI_OPCODE_UIF:
      case TGSI_OPCODE_BGNLOOP:
      case TGSI_OPCODE_BGNSUB: {
         if (sp == FXP_MAX_NEST)
            return; /* (link_cf refuses deeper nesting) */
         const bool u = (in->opcode == TGSI_OPCODE_IF || in->opcode == TGSI_OPCODE_UIF) &&
                        in->fn == eng->ops[in->opcode] && in->target > (int32_t)i &&
                        (unsigned)in->target < p->num_insts && slot_uniform(p, in->src[0].slot[0]);
         if (u) {
            struct fxp_inst *mid = &p->insts[in->target]; /* its ELSE, or its ENDIF */
            in->fn = in->opcode == TGSI_OPCODE_IF ? eng->uniform_if : eng->uniform_uif;
            if (mid->opcode == TGSI_OPCODE_ELSE) {
               assert(mid->target > in->target && (unsigned)mid->target < p->num_insts);
               mid->fn = eng->uniform_else;
               p->insts[mid->target].fn = eng->ops[TGSI_OPCODE_NOP];
            } else {
               mid->fn = eng->ops[TGSI_OPCODE_NOP];
            }
            p->num_uniform_branches++;
         }
         uniform[sp++] = u;
         divergent += !u;
         continue;
      }
      case TGSI_OPCODE_ENDIF:
      case TGSI_OPCODE_ENDLOOP:
      case TGSI_OPCODE_ENDSUB:
         if (sp)
            divergent -= !uniform[--sp];
         continue;
      case TGSI_OPCODE_ELSE:
         continue;
      default:
         if (sp && !divergent)
            in->top_level = true;
         continue;
      }
   }
}

/* POW whose exponent (src1.x) is uniform takes fxp_engine.pow_uniform, which raises to integer exponents
 * by squaring (fxp_vmath.h, fxp_vpow_int) and to others as POW does. A fast path: FXPIPE_DEBUG=nofast turns
 * it off, counted in p->num_pow_uniform (the TGSI runner's [expect uniform pow N]). */
static void
pow_uniform(struct fxp_program *p)
{
   if (fxp_debug_flags & FXP_DBG_NOFAST)
      return;
   for (unsigned i = 0; i < p->num_insts; i++) {
      struct fxp_inst *in = &p->insts[i];
      if (in->opcode == TGSI_OPCODE_POW && in->fn == p->engine->ops[TGSI_OPCODE_POW] &&
          slot_uniform(p, in->src[1].slot[0])) {
         in->fn = p->engine->pow_uniform;
         p->num_pow_uniform++;
      }
   }
}

/* Fused instructions (fxp_shader.h, enum fxp_fuse_op): runs of two or three consecutive instructions that
 * took the simple forms of MOV, ADD, MUL or MAD (so outside control flow) become one call: the first member's
 * function is the run's, and the others stay in place, skipped by it. No member after the first may be
 * where execution can enter (a jump target, or the instruction after one, which ELSE, ENDLOOP and the skip
 * of a loop reach; the return point of a CAL or a BARRIER follows an instruction that is never a member).
 * Greedy from the start: a triple where fused3 has one, else a pair. A fast path with the simple forms
 * (FXPIPE_DEBUG=nofast turns both off, nofuse this one), counted in p->num_fused. */
static int
fuse_op(const struct fxp_program *p, const struct fxp_inst *in)
{
   static const uint16_t opcodes[FXP_FUSE_COUNT] = {
      [FXP_FUSE_MOV] = TGSI_OPCODE_MOV, [FXP_FUSE_ADD] = TGSI_OPCODE_ADD,
      [FXP_FUSE_MUL] = TGSI_OPCODE_MUL, [FXP_FUSE_MAD] = TGSI_OPCODE_MAD,
   };
   for (int k = 0; k < FXP_FUSE_COUNT; k++)
      if (in->opcode == opcodes[k] && in->fn == p->engine->simple[in->opcode])
         return k;
   return -1;
}

/* Where execution can enter the program other than from the instruction before: each jump target and the
 * instruction after it (n + 2 entries; NULL when out of memory; the caller frees it). */
static bool *
entry_points(const struct fxp_program *p)
{
   const unsigned n = p->num_insts;
   bool *entry = calloc(n + 2, sizeof(bool));
   if (!entry)
      return NULL;
   for (unsigned i = 0; i < n; i++) {
      const int32_t t = p->insts[i].target;
      if (t >= 0 && (unsigned)t < n) {
         entry[t] = true;
         entry[t + 1] = true;
      }
   }
   return entry;
}

static bool
fuse(struct fxp_program *p)
{
   const unsigned n = p->num_insts;
   if (n < 2 || !p->num_simple || (fxp_debug_flags & FXP_DBG_NOFUSE))
      return true;
   bool *entry = entry_points(p);
   if (!entry)
      return false;
   for (unsigned i = 0; i + 1 < n;) {
      struct fxp_inst *in = &p->insts[i];
      const int a = fuse_op(p, in), b = fuse_op(p, in + 1);
      if (a < 0 || b < 0 || entry[i + 1]) {
         i++;
         continue;
      }
      const int c = i + 2 < n && !entry[i + 2] ? fuse_op(p, in + 2) : -1;
      if (c >= 0 && p->engine->fused3[a][b][c]) {
         in->fn = p->engine->fused3[a][b][c];
         p->num_fused += 3;
         i += 3;
      } else {
         in->fn = p->engine->fused2[a][b];
         p->num_fused += 2;
         i += 2;
      }
   }
   free(entry);
   return true;
}

/* Whether an instruction is a 64-bit one (its opcode runs with IEEE denormals) still on its op table's
 * function: neither fused nor given a specialized form, so that fp_runs may mark it. */
static bool
fp_plain_64bit(const struct fxp_program *p, const struct fxp_inst *in)
{
   return in->opcode < TGSI_OPCODE_LAST && p->engine->ieee[in->opcode] && in->fn == p->engine->ops[in->opcode];
}

/* Forwarding between consecutive 64-bit instructions that store every lane (fxp_shader.h, FXP_FP_FWD_*): b
 * = a + 1, not a place execution jumps to (entry), takes source s from a's results (fxp_exec.fwd64) where,
 * in every group b computes, that source's pair of slots is the pair a wrote whole in that group; a's stores
 * are skipped where b overwrites every channel a writes and reads none of them but through forwarded
 * sources. Runs that fp_runs makes are not needed for it. Off under nofwd (and, with STORE_ALL, nosimple);
 * counted in p->num_fwd64 and p->num_dead64 (FXPIPE_DEBUG=tgsi, the TGSI runner's
 * [expect 64-bit forwards N dead M]). */
static void
fwd64_pairs(struct fxp_program *p, const bool *entry)
{
   if (fxp_debug_flags & FXP_DBG_NOFWD)
      return;
   const uint8_t *kind = p->engine->fwd64;
   for (unsigned i = 0; i + 1 < p->num_insts; i++) {
      struct fxp_inst *a = &p->insts[i], *b = a + 1;
      /* (STORE_ALL: both are 64-bit opcodes on their tables' functions, at the top level) */
      if (!(a->fp_run & FXP_FP_STORE_ALL) || !(b->fp_run & FXP_FP_STORE_ALL) || entry[i + 1] ||
          !(kind[a->opcode] & FXP_FWD64_PRODUCES) || a->num_dst != 1 || b->num_dst != 1)
         continue;
      const unsigned kb = kind[b->opcode], am = a->dst[0].mask & 15u, bm = b->dst[0].mask & 15u;
      /* the groups b computes: its mask's (OP64, OPCMP64), or the first popcount(mask) (OP64TO32) */
      const unsigned nb = (unsigned)__builtin_popcount(bm);
      const unsigned groups = (kb & FXP_FWD64_GROUPS) ? ((bm & 3u) ? 1u : 0u) | ((bm & 12u) ? 2u : 0u)
                                                      : nb >= 2 ? 3u : nb;
      if (!groups)
         continue;
      for (unsigned s = 0; s < b->num_src && s < 3; s++) {
         if (!(kb & FXP_FWD64_SRC(s)))
            continue;
         bool same = true;
         for (unsigned g = 0; g < 2; g++)
            if (groups & (1u << g))
               same &= ((am >> (2 * g)) & 3u) == 3u && b->src[s].slot[2 * g] == a->dst[0].slot[2 * g] &&
                       b->src[s].slot[2 * g + 1] == a->dst[0].slot[2 * g + 1];
         if (same) {
            b->fp_run |= FXP_FP_FWD_SRC(s);
            a->fp_run |= FXP_FP_FWD_OUT;
            p->num_fwd64++;
         }
      }
      if (!(kb & FXP_FWD64_STORES))
         continue;
      bool dead = true;
      for (unsigned c = 0; c < 4; c++)
         if (am & (1u << c))
            dead &= (bm & (1u << c)) && b->dst[0].slot[c] == a->dst[0].slot[c];
      for (unsigned s = 0; dead && s < b->num_src; s++) {
         if (s < 3 && (b->fp_run & FXP_FP_FWD_SRC(s)))
            continue;
         for (unsigned c = 0; c < 4; c++)
            for (unsigned k = 0; k < 4; k++)
               if ((am & (1u << k)) && b->src[s].slot[c] == a->dst[0].slot[k])
                  dead = false;
      }
      if (dead) {
         a->fp_run |= FXP_FP_DEAD;
         p->num_dead64++;
      }
   }
}

/* Runs of 64-bit instructions (fxp_shader.h, "Runs of 64-bit instructions"): consecutive instructions whose
 * opcodes run with IEEE denormals (fxp_engine.ieee) switch the float rule once for the run. A run member
 * after the first is never an entry point (entry_points); a fast path (FXPIPE_DEBUG=nofast or noruns turn it
 * off), counted in p->num_fp_run. Also marks the 64-bit instructions that store every lane
 * (FXP_FP_STORE_ALL; nofast or nosimple turn it off), counted with the simple forms in p->num_simple. */
static bool
fp_runs(struct fxp_program *p)
{
   const unsigned n = p->num_insts;
   if (fxp_debug_flags & FXP_DBG_NOFAST)
      return true;
   /* stores of every lane: specialize's rule for the simple forms (and its switch, nosimple) */
   const unsigned *count = p->info.opcode_count;
   const bool store_all = !(fxp_debug_flags & FXP_DBG_NOSIMPLE) && !count[TGSI_OPCODE_KILL] &&
                          !count[TGSI_OPCODE_KILL_IF] && !count[TGSI_OPCODE_DEMOTE] && !count[TGSI_OPCODE_RET];
   for (unsigned i = 0; i < n && store_all; i++) {
      struct fxp_inst *in = &p->insts[i];
      if (in->top_level && fp_plain_64bit(p, in)) {
         in->fp_run |= FXP_FP_STORE_ALL;
         p->num_simple++;
      }
   }
   if (n < 2 || (fxp_debug_flags & FXP_DBG_NORUNS))
      return true;
   bool *entry = entry_points(p);
   if (!entry)
      return false;
   if (store_all)
      fwd64_pairs(p, entry);
   for (unsigned i = 0; i + 1 < n; i++) {
      struct fxp_inst *a = &p->insts[i], *b = a + 1;
      if (fp_plain_64bit(p, a) && fp_plain_64bit(p, b) && !entry[i + 1]) {
         p->num_fp_run += (a->fp_run & FXP_FP_RUN_IN) ? 1 : 2; /* a counted already when it is in a run */
         a->fp_run |= FXP_FP_RUN_OUT;
         b->fp_run |= FXP_FP_RUN_IN;
      }
   }
   free(entry);
   return true;
}

/* The limit of a register file's indices where Mesa's tgsi_scan_shader keeps a table by index (struct
 * tgsi_shader_info), or 0 where it keeps none. */
static unsigned
scan_table_size(unsigned file)
{
   switch (file) {
   case TGSI_FILE_INPUT: case TGSI_FILE_SYSTEM_VALUE: return PIPE_MAX_SHADER_INPUTS;
   case TGSI_FILE_OUTPUT: return PIPE_MAX_SHADER_OUTPUTS;
   case TGSI_FILE_SAMPLER: return PIPE_MAX_SAMPLERS;
   case TGSI_FILE_SAMPLER_VIEW: return PIPE_MAX_SHADER_SAMPLER_VIEWS;
   case TGSI_FILE_IMAGE: return PIPE_MAX_SHADER_IMAGES;
   case TGSI_FILE_BUFFER: return PIPE_MAX_SHADER_BUFFERS;
   case TGSI_FILE_HW_ATOMIC: return 32; /* a bit mask */
   default: return 0;
   }
}

/* array IDs index tgsi_scan's input_array_first and output_array_first only (other files' arrays are kept
 * by fxpipe where it can, fxp_decode's temp_arrays) */
static bool
array_id_in_scan_range(unsigned file, unsigned array_id)
{
   return (file != TGSI_FILE_INPUT && file != TGSI_FILE_OUTPUT) || array_id < PIPE_MAX_SHADER_INPUTS;
}

static bool
operand_in_scan_range(unsigned file, int index, bool indirect, unsigned array_id)
{
   const unsigned n = scan_table_size(file);
   if (indirect && !array_id_in_scan_range(file, array_id))
      return false;
   return !n || indirect || (index >= 0 && (unsigned)index < n);
}

/* Whether Mesa's tgsi_scan_shader can read the tokens without indexing past its tables: it trusts the
 * shader's register indices, array IDs, constant buffer dimensions, opcodes and property names (a
 * declaration of SV[133] wrote past system_value_semantic_name[80]; found by the tgsi fuzzer,
 * tests/fuzz/regressions/tgsi/). GL's shaders (nir_to_tgsi) stay far inside; a shader outside is refused. */
static bool
scan_guard(struct decoder *d, const struct tgsi_token *tokens)
{
   struct tgsi_parse_context parse;
   if (tgsi_parse_init(&parse, tokens) != TGSI_PARSE_OK)
      return fail(d, "tokens that do not parse");
   bool ok = true;
   while (ok && !tgsi_parse_end_of_tokens(&parse)) {
      tgsi_parse_token(&parse);
      const union tgsi_full_token *t = &parse.FullToken;
      switch (t->Token.Type) {
      case TGSI_TOKEN_TYPE_DECLARATION: {
         const struct tgsi_full_declaration *decl = &t->FullDeclaration;
         const unsigned n = scan_table_size(decl->Declaration.File);
         if (decl->Declaration.File >= TGSI_FILE_COUNT)
            ok = fail(d, "a declaration of an unknown register file");
         else if (n && decl->Range.Last >= n)
            ok = fail(d, "%s[%u] declared: at most %u of that file", tgsi_file_name(decl->Declaration.File),
                      decl->Range.Last, n);
         else if (decl->Declaration.Array && !array_id_in_scan_range(decl->Declaration.File, decl->Array.ArrayID))
            ok = fail(d, "array ID %u (at most %u)", decl->Array.ArrayID, PIPE_MAX_SHADER_INPUTS - 1);
         else if (decl->Declaration.File == TGSI_FILE_CONSTANT && decl->Declaration.Dimension &&
                  decl->Dim.Index2D >= PIPE_MAX_CONSTANT_BUFFERS)
            ok = fail(d, "constant buffer %u declared (at most %u)", decl->Dim.Index2D,
                      PIPE_MAX_CONSTANT_BUFFERS - 1);
         break;
      }
      case TGSI_TOKEN_TYPE_PROPERTY:
         if (t->FullProperty.Property.PropertyName >= TGSI_PROPERTY_COUNT)
            ok = fail(d, "property %u unknown", t->FullProperty.Property.PropertyName);
         break;
      case TGSI_TOKEN_TYPE_INSTRUCTION: {
         const struct tgsi_full_instruction *fi = &t->FullInstruction;
         if (fi->Instruction.Opcode >= TGSI_OPCODE_LAST) {
            ok = fail(d, "opcode %u unknown", fi->Instruction.Opcode);
            break;
         }
         for (unsigned k = 0; ok && k < fi->Instruction.NumSrcRegs; k++) {
            const struct tgsi_full_src_register *src = &fi->Src[k];
            if (src->Register.File >= TGSI_FILE_COUNT ||
                !operand_in_scan_range(src->Register.File, src->Register.Index, src->Register.Indirect,
                                       src->Register.Indirect ? src->Indirect.ArrayID : 0))
               ok = fail(d, "source %u of an instruction outside its register file", k);
         }
         for (unsigned k = 0; ok && k < fi->Instruction.NumDstRegs; k++) {
            const struct tgsi_full_dst_register *dst = &fi->Dst[k];
            if (dst->Register.File >= TGSI_FILE_COUNT ||
                !operand_in_scan_range(dst->Register.File, dst->Register.Index, dst->Register.Indirect,
                                       dst->Register.Indirect ? dst->Indirect.ArrayID : 0))
               ok = fail(d, "destination %u of an instruction outside its register file", k);
         }
         break;
      }
      default:
         break;
      }
   }
   tgsi_parse_free(&parse);
   return ok;
}

bool
fxp_tokens_scannable(const struct tgsi_token *tokens, char *error, unsigned error_size)
{
   struct decoder d; /* scan_guard reports through d alone */
   memset(&d, 0, sizeof(d));
   d.error = error;
   d.error_size = error_size;
   if (error && error_size)
      error[0] = 0;
   return scan_guard(&d, tokens);
}

struct fxp_program *
fxp_program_create(const struct tgsi_token *tokens, enum pipe_shader_type stage, char *error,
                   unsigned error_size)
{
   return fxp_program_create_isa(tokens, stage, fxp_isa_chosen(), error, error_size);
}

struct fxp_program *
fxp_program_create_isa(const struct tgsi_token *tokens, enum pipe_shader_type stage, enum fxp_isa isa,
                       char *error, unsigned error_size)
{
   const struct fxp_engine *engine = fxp_engine_get(isa);
   struct decoder d;
   struct tgsi_parse_context parse;
   struct fxp_program *p = CALLOC_STRUCT(fxp_program);
   unsigned tgsi_index = 0, imm = 0;
   bool ok = true;

   memset(&d, 0, sizeof(d));
   d.p = p;
   d.error = error;
   d.error_size = error_size;
   if (error && error_size)
      error[0] = 0;
   if (!p)
      return NULL;
   if (!engine) {
      fail(&d, "instruction set %s is not supported by this CPU", fxp_isa_name(isa));
      FREE(p);
      return NULL;
   }
   p->engine = engine;
   p->stage = stage;
   static uint32_t serials;
   do
      p->serial = p_atomic_inc_return(&serials);
   while (!p->serial); /* 0 means "no program" to an execution state */
   for (unsigned i = 0; i < 64; i++) {
      p->temp_arrays[i].first = 0;
      p->temp_arrays[i].last = -1;
   }
   if (!scan_guard(&d, tokens)) {
      FREE(p);
      return NULL;
   }
   tgsi_scan_shader(tokens, &p->info);
   for (unsigned o = 0; o < p->info.num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
      for (unsigned q = 0; q < o; q++) {
         if (p->info.output_semantic_name[q] == p->info.output_semantic_name[o] &&
             p->info.output_semantic_index[q] == p->info.output_semantic_index[o]) {
            p->out_merge[p->num_out_merges].src = o;
            p->out_merge[p->num_out_merges].dst = q;
            p->out_merge[p->num_out_merges].mask = p->info.output_usagemask[o];
            p->num_out_merges++;
            break;
         }
      }
   }

   p->num_temps = p->info.file_max[TGSI_FILE_TEMPORARY] + 1;
   p->num_inputs = p->info.file_max[TGSI_FILE_INPUT] + 1;
   p->num_outputs = p->info.file_max[TGSI_FILE_OUTPUT] + 1;
   p->num_svs = p->info.file_max[TGSI_FILE_SYSTEM_VALUE] + 1;
   p->num_addrs = p->info.file_max[TGSI_FILE_ADDRESS] + 1;
   p->num_imms = p->info.immediate_count;
   p->temp_base = FXP_SCRATCH;
   p->input_base = p->temp_base + 4 * p->num_temps;
   if (stage == PIPE_SHADER_GEOMETRY) {
      p->gs_vertices_in = u_vertices_per_prim(p->info.properties[TGSI_PROPERTY_GS_INPUT_PRIM]);
      p->gs_max_vertices = p->info.properties[TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES];
      p->gs_invocations = MAX2(p->info.properties[TGSI_PROPERTY_GS_INVOCATIONS], 1);
      if (!p->gs_vertices_in) {
         fail(&d, "geometry shader without an input primitive");
         fxp_program_destroy(p);
         return NULL;
      }
      /* the caps' limits (the tgsi fuzzer asked for terabytes of output store) */
      if (p->gs_max_vertices > FXP_MAX_GS_OUTPUT_VERTICES || p->gs_invocations > FXP_MAX_GS_INVOCATIONS) {
         fail(&d, "geometry shader of %u output vertices and %u invocations (at most %u and %u)",
              p->gs_max_vertices, p->gs_invocations, FXP_MAX_GS_OUTPUT_VERTICES, FXP_MAX_GS_INVOCATIONS);
         fxp_program_destroy(p);
         return NULL;
      }
   }
   p->in_vertices = p->gs_vertices_in;
   if (stage == PIPE_SHADER_TESS_CTRL || stage == PIPE_SHADER_TESS_EVAL)
      p->in_vertices = FXP_MAX_PATCH_VERTICES;
   if (stage == PIPE_SHADER_TESS_CTRL) {
      p->out_vertices = p->info.properties[TGSI_PROPERTY_TCS_VERTICES_OUT];
      if (p->out_vertices < 1 || p->out_vertices > FXP_MAX_PATCH_VERTICES) {
         fail(&d, "tessellation control shader of %u output vertices (1 to %u)", p->out_vertices,
              FXP_MAX_PATCH_VERTICES);
         fxp_program_destroy(p);
         return NULL;
      }
   }
   if (stage == PIPE_SHADER_TESS_EVAL) {
      p->tes_prim_mode = p->info.properties[TGSI_PROPERTY_TES_PRIM_MODE];
      p->tes_spacing = p->info.properties[TGSI_PROPERTY_TES_SPACING];
      p->tes_cw = p->info.properties[TGSI_PROPERTY_TES_VERTEX_ORDER_CW] != 0;
      p->tes_point_mode = p->info.properties[TGSI_PROPERTY_TES_POINT_MODE] != 0;
      if ((p->tes_prim_mode != PIPE_PRIM_TRIANGLES && p->tes_prim_mode != PIPE_PRIM_QUADS &&
           p->tes_prim_mode != PIPE_PRIM_LINES) || p->tes_spacing > PIPE_TESS_SPACING_EQUAL) {
         fail(&d, "tessellation evaluation shader of domain %u and spacing %u", p->tes_prim_mode, p->tes_spacing);
         fxp_program_destroy(p);
         return NULL;
      }
   }
   p->output_base = p->input_base + 4 * p->num_inputs * MAX2(p->in_vertices, 1);
   p->sv_base = p->output_base + 4 * p->num_outputs * MAX2(p->out_vertices, 1);
   p->addr_base = p->sv_base + 4 * p->num_svs;
   p->imm_base = p->addr_base + 4 * p->num_addrs;
   p->const_base = p->imm_base + 4 * p->num_imms;
   p->block_size[0] = p->info.properties[TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH];
   p->block_size[1] = p->info.properties[TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT];
   p->block_size[2] = p->info.properties[TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH];
   p->uses_barrier = p->info.opcode_count[TGSI_OPCODE_BARRIER] > 0;
   p->uses_helper = p->info.opcode_count[TGSI_OPCODE_READ_HELPER] > 0 ||
                    p->info.opcode_count[TGSI_OPCODE_DEMOTE] > 0 ||
                    p->info.reads_samplemask;
   for (unsigned i = 0; i < p->info.num_system_values; i++)
      if (p->info.system_value_semantic_name[i] == TGSI_SEMANTIC_HELPER_INVOCATION)
         p->uses_helper = true;

   d.num_tgsi = p->info.num_instructions;
   d.tgsi_to_pc = CALLOC(d.num_tgsi + 1, sizeof(int32_t));
   p->imm_splat = os_malloc_aligned(MAX2(p->num_imms, 1) * 4 * sizeof(fxp_vec), 64);
   if (!d.tgsi_to_pc || !p->imm_splat) {
      ok = fail(&d, "out of memory");
      goto done;
   }

   tgsi_parse_init(&parse, tokens);
   while (ok && !tgsi_parse_end_of_tokens(&parse)) {
      tgsi_parse_token(&parse);
      switch (parse.FullToken.Token.Type) {
      case TGSI_TOKEN_TYPE_DECLARATION:
         ok = decode_declaration(&d, &parse.FullToken.FullDeclaration);
         break;
      case TGSI_TOKEN_TYPE_IMMEDIATE: {
         const struct tgsi_full_immediate *fi = &parse.FullToken.FullImmediate;
         const unsigned n = fi->Immediate.NrTokens - 1;
         for (unsigned c = 0; c < 4; c++) {
            uint32_t bits = c < n ? fi->u[c].Uint : 0;
            for (unsigned l = 0; l < FXP_W; l++)
               p->imm_splat[imm * 4 + c].au[l] = bits;
         }
         imm++;
         break;
      }
      case TGSI_TOKEN_TYPE_INSTRUCTION:
         if (tgsi_index >= d.num_tgsi) {
            ok = fail(&d, "more instructions than scanned");
            break;
         }
         ok = decode_instruction(&d, &parse.FullToken.FullInstruction, tgsi_index++);
         break;
      default:
         break;
      }
   }
   tgsi_parse_free(&parse);

   if (ok && d.cf_sp)
      ok = fail(&d, "unterminated control flow");
   for (unsigned i = 0; ok && i < p->num_insts; i++) {
      struct fxp_inst *in = &p->insts[i];
      if (in->opcode == TGSI_OPCODE_CAL) {
         if (in->target < 0 || (unsigned)in->target >= tgsi_index)
            ok = fail(&d, "CAL to a label outside the shader");
         else
            in->target = d.tgsi_to_pc[in->target];
         /* BGNSUB to ENDSUB; at least 1, so that calls without end are counted too */
         const struct fxp_inst *sub =
            ok && in->target >= 0 && (unsigned)in->target < p->num_insts ? &p->insts[in->target] : NULL;
         in->cost = sub && sub->opcode == TGSI_OPCODE_BGNSUB && sub->target > in->target
                       ? sub->target - in->target + 1 : 1;
      }
   }
   p->num_slots = p->const_base + 4 * p->num_consts;
   /* A tessellation control shader's per-vertex output and patch output of one name (PATCH[j]: nir_to_tgsi
    * names generic varyings past GENERIC[31] so, fxp_varying_matches) are two varyings, not one split into
    * components: the merges between them are dropped, now that the accesses tell which is which (out_2d) */
   if (p->out_vertices) {
      unsigned kept = 0;
      for (unsigned k = 0; k < p->num_out_merges; k++) {
         const unsigned a = p->out_merge[k].src, b = p->out_merge[k].dst;
         if (!(p->out_2d[a / 32] & (1u << (a % 32))) == !(p->out_2d[b / 32] & (1u << (b % 32))))
            p->out_merge[kept++] = p->out_merge[k];
      }
      p->num_out_merges = kept;
   }
   if (ok)
      ok = fxp_uniform_hoist(p) || fail(&d, "out of memory");
   if (ok)
      uniform_branches(p);
   if (ok)
      specialize(p);
   if (ok)
      pow_uniform(p);
   if (ok)
      ok = fuse(p) || fail(&d, "out of memory");
   if (ok)
      ok = fp_runs(p) || fail(&d, "out of memory");
   if (ok)
      fxp_fs_copy_analyze(p, tokens);
   if (ok && (fxp_debug_flags & FXP_DBG_TGSI)) {
      fxp_log("shader %u, %s: %u instructions run per batch, %u once per dispatch (uniform), %u simple, "
              "%u simple inside control flow, %u in fused runs, %u in 64-bit runs, %u POW with a uniform "
              "exponent, %u uniform branches, %u 64-bit sources forwarded, %u 64-bit stores skipped, %u copies "
              "(a fragment shader that only copies: shader/fxp_fs_copy.c)",
              p->serial, fxp_isa_name(isa), p->num_insts, p->num_pre, p->num_simple,
              p->num_simple_when_full + p->num_simple_blend, p->num_fused, p->num_fp_run, p->num_pow_uniform,
              p->num_uniform_branches, p->num_fwd64, p->num_dead64, p->num_fs_copies);
      tgsi_dump(tokens, 0);
   }

done:
   FREE(d.tgsi_to_pc);
   FREE(d.pending);
   if (!ok) {
      fxp_program_destroy(p);
      return NULL;
   }
   return p;
}

void
fxp_program_destroy(struct fxp_program *p)
{
   if (!p)
      return;
   FREE(p->insts);
   FREE(p->inds);
   FREE(p->pre_insts);
   FREE(p->consts);
   os_free_aligned(p->imm_splat);
   FREE(p);
}
