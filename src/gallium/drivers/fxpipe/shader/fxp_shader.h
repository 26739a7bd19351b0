/* fxpipe's shader engine: TGSI decoded once (fxp_decode.c) into a program of pre-resolved instructions, then
 * executed structure-of-arrays over batches of FXP_W lanes with execution masks (fxp_exec.c, fxp_ops_*.c).
 *
 * Register file of one batch (struct fxp_exec.rf), in fxp_vec units (one channel of FXP_W lanes):
 *
 * | slots                      | what                                                                   |
 * |----------------------------|------------------------------------------------------------------------|
 * | [0, FXP_SCRATCH)           | scratch for operands materialized per instruction (indirect, constant)|
 * | temp_base + 4*i + c        | TEMP[i].c                                                              |
 * | input_base + 4*i + c       | INPUT[i].c; geometry shaders: INPUT[v][i].c at 4*(v*num_inputs + i) + c |
 * | output_base + 4*i + c      | OUTPUT[i].c                                                            |
 * | sv_base + 4*i + c          | SV[i].c, filled by the stage before a batch runs                       |
 * | addr_base + 4*i + c        | ADDR[i].c (integers)                                                   |
 * | imm_base + 4*i + c         | IMM[i].c splatted across lanes (filled once, at decode)                |
 * | const_base + 4*k + c       | directly addressed constants, splatted once per dispatch (fxp_bind)    |
 *
 * Operands name slots directly (swizzle folded into one slot per destination channel), so an instruction
 * reads `rf[src.slot[c]]`, applies abs/neg, computes, saturates and writes `rf[dst.slot[c]]` under the mask.
 * Indirectly addressed operands and destinations go through scratch slots filled and drained by the decoded
 * micro-operations FXP_MOP_GATHER and FXP_MOP_SCATTER. */
#ifndef FXP_SHADER_H
#define FXP_SHADER_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_shader_tokens.h"
#include "tgsi/tgsi_scan.h"
#include "sampler/fxp_sampler.h"

#define FXP_W 16 /* lanes per batch: four 2x2 quads (8, 16 and 32 were measured with bench/tgsi: 16 is fastest overall) */

typedef float fxp_vf __attribute__((vector_size(FXP_W * 4)));
typedef int32_t fxp_vi __attribute__((vector_size(FXP_W * 4)));
typedef uint32_t fxp_vu __attribute__((vector_size(FXP_W * 4)));

/* Lane comparisons, giving ~0 where true and 0 where false. Without 64-byte vector registers (AVX-512) GCC
 * turns a comparison of two 16-lane vectors into 16 scalar comparisons and branches; these compare four
 * lanes at a time, which SSE2 (every x86-64) and NEON do in one instruction. Use them, not the operators,
 * wherever lanes are compared. NaN compares as C says: unordered is false, except for "not equal". */
typedef float fxp_v4f __attribute__((vector_size(16)));
typedef int32_t fxp_v4i __attribute__((vector_size(16)));
typedef uint32_t fxp_v4u __attribute__((vector_size(16)));
#define FXP_CMP_FN(name, T, T4, op)                                                                   \
   static inline fxp_vi name(T a, T b)                                                               \
   {                                                                                                  \
      union { T v; T4 q[FXP_W / 4]; } x = {a}, y = {b};                                               \
      union { fxp_vi v; fxp_v4i q[FXP_W / 4]; } r;                                                    \
      for (unsigned i = 0; i < FXP_W / 4; i++)                                                        \
         r.q[i] = (fxp_v4i)(x.q[i] op y.q[i]);                                                        \
      return r.v;                                                                                     \
   }
FXP_CMP_FN(fxp_lt_f, fxp_vf, fxp_v4f, <)
FXP_CMP_FN(fxp_le_f, fxp_vf, fxp_v4f, <=)
FXP_CMP_FN(fxp_gt_f, fxp_vf, fxp_v4f, >)
FXP_CMP_FN(fxp_ge_f, fxp_vf, fxp_v4f, >=)
FXP_CMP_FN(fxp_eq_f, fxp_vf, fxp_v4f, ==)
FXP_CMP_FN(fxp_ne_f, fxp_vf, fxp_v4f, !=)
FXP_CMP_FN(fxp_lt_i, fxp_vi, fxp_v4i, <)
FXP_CMP_FN(fxp_le_i, fxp_vi, fxp_v4i, <=)
FXP_CMP_FN(fxp_gt_i, fxp_vi, fxp_v4i, >)
FXP_CMP_FN(fxp_ge_i, fxp_vi, fxp_v4i, >=)
FXP_CMP_FN(fxp_eq_i, fxp_vi, fxp_v4i, ==)
FXP_CMP_FN(fxp_ne_i, fxp_vi, fxp_v4i, !=)
FXP_CMP_FN(fxp_lt_u, fxp_vu, fxp_v4u, <)
FXP_CMP_FN(fxp_le_u, fxp_vu, fxp_v4u, <=)
FXP_CMP_FN(fxp_gt_u, fxp_vu, fxp_v4u, >)
FXP_CMP_FN(fxp_ge_u, fxp_vu, fxp_v4u, >=)
#undef FXP_CMP_FN

typedef union fxp_vec {
   fxp_vf f;
   fxp_vi i;
   fxp_vu u;
   float af[FXP_W];
   int32_t ai[FXP_W];
   uint32_t au[FXP_W];
} fxp_vec;

#define FXP_SCRATCH 24          /* 6 operands x 4 channels (5 sources, then an indirect destination) */
#define FXP_MAX_SRC 5
#define FXP_MAX_TEX_OFFSETS 4   /* texel offsets of one instruction: gather takes four */
#define FXP_MAX_NEST 64         /* IF, LOOP and CAL nesting */

struct fxp_exec;
struct fxp_inst;
typedef void (*fxp_op_fn)(struct fxp_exec *e, const struct fxp_inst *in);

enum fxp_src_mod {
   FXP_MOD_ABS = 1 << 0,
   FXP_MOD_NEG = 1 << 1,
};

struct fxp_src {
   uint32_t slot[4];   /* register-file slot read for destination channel c (swizzle applied) */
   uint8_t mod;        /* FXP_MOD_* */
};

struct fxp_dst {
   uint32_t slot[4];
   uint8_t mask;       /* TGSI write mask */
};

/* Indirect access, the operand of a GATHER/SCATTER micro-operation. */
struct fxp_indirect {
   uint8_t file;                /* TGSI_FILE_* */
   uint8_t swizzle[4];
   uint16_t dim;                /* constant buffer index (2D), when not indirect */
   int32_t base;                /* register index before the address is added */
   uint32_t addr_slot;          /* slot of the address channel (int) */
   int32_t first, last;         /* valid register range (a TEMP array's, or the file's) */
   bool dim_indirect;
   bool input_2d;               /* INPUT[vertex][i] of a geometry shader */
   uint32_t dim_addr_slot;
   int32_t dim_base;
   uint32_t scratch;            /* first scratch slot (4 channels) */
};

struct fxp_inst {
   fxp_op_fn fn;
   uint16_t opcode;             /* TGSI_OPCODE_* or FXP_MOP_* */
   uint8_t num_src, num_dst;
   uint8_t sat;
   uint8_t tex_target;          /* TGSI_TEXTURE_* */
   uint8_t mem_file;            /* BUFFER, MEMORY, IMAGE for LOAD/STORE/ATOM */
   uint8_t mem_index;
   uint8_t res2_index;          /* second resource operand: SAMP[] of the DX10 SAMPLE family */
   uint8_t res_swizzle;         /* swizzle of the first resource operand, 2 bits a channel (x in bits 0-1) */
   uint8_t num_tex_offsets;
   bool tex_offset_reg;         /* the offset is read per lane from off_src (not immediate) */
   uint32_t res_addr_slot;      /* per-lane index added to mem_index (indirect SAMP[]/BUFFER[]), or ~0 */
   int8_t tex_offset[FXP_MAX_TEX_OFFSETS][3]; /* immediate texel offsets of sampling opcodes */
   struct fxp_src off_src;      /* register texel offset (TG4 with a non-constant offset) */
   int32_t target;              /* jump target of control flow */
   struct fxp_dst dst[2];
   struct fxp_src src[FXP_MAX_SRC];
   struct fxp_indirect ind;     /* for micro-operations */
};

/* Micro-operations the decoder inserts; numbered after TGSI's opcodes. */
enum fxp_micro_op {
   FXP_MOP_GATHER = TGSI_OPCODE_LAST,
   FXP_MOP_SCATTER,
   FXP_MOP_COUNT,
};

/* A directly addressed constant: CONST[dim][index], splatted into const_base + 4*k. */
struct fxp_const_ref {
   uint16_t dim;
   int32_t index;
};

struct fxp_program {
   enum pipe_shader_type stage;
   uint32_t serial;             /* unique among the programs created (execution states reuse by it) */
   struct tgsi_shader_info info;
   struct fxp_inst *insts;
   unsigned num_insts;

   unsigned num_slots;
   unsigned temp_base, input_base, output_base, sv_base, addr_base, imm_base, const_base;
   unsigned num_temps, num_inputs, num_outputs, num_svs, num_addrs, num_imms;

   struct fxp_const_ref *consts;
   unsigned num_consts;

   /* Outputs split by component (ARB_enhanced_layouts: several registers for one semantic, each with some
    * of its channels): output src's channels in mask are copied into output dst, the first register of that
    * semantic, whenever the stage's outputs are taken (fxp_exec_merge_outputs), so that the next stage and
    * the fragment operations find the whole varying in one register. */
   struct { uint8_t src, dst, mask; } out_merge[PIPE_MAX_SHADER_OUTPUTS];
   unsigned num_out_merges;

   fxp_vec *imm_splat;          /* num_imms * 4 slots, copied into every batch's register file */

   /* SV[i] semantic, to let the stage fill system values */
   uint8_t sv_semantic[PIPE_MAX_SHADER_INPUTS];
   /* SVIEW[i] declarations (DX10 SAMPLE family): TGSI_TEXTURE_* and TGSI_RETURN_TYPE_* of x */
   uint8_t sview_target[PIPE_MAX_SHADER_SAMPLER_VIEWS];
   uint8_t sview_return[PIPE_MAX_SHADER_SAMPLER_VIEWS];
   /* declared temp arrays: [first, last] per ArrayID */
   struct { int32_t first, last; } temp_arrays[64];

   /* geometry */
   unsigned gs_vertices_in;     /* vertices of the input primitive (INPUT is [vertex][i]); 0 elsewhere */
   unsigned gs_max_vertices;    /* GS_MAX_OUTPUT_VERTICES: EMITs past it are dropped */
   unsigned gs_invocations;     /* GS_INVOCATIONS, at least 1 */

   /* compute */
   unsigned block_size[3];      /* fixed block size from PROPERTY, 0 if variable */
   unsigned shared_size_B;      /* from DCL MEMORY ... SHARED, 0 if none declared */
   bool uses_barrier;
   bool uses_helper;            /* READ_HELPER, DEMOTE or SV HELPER_INVOCATION: the stage must set e->helper */
};

struct fxp_program *fxp_program_create(const struct tgsi_token *tokens, enum pipe_shader_type stage,
                                       char *error, unsigned error_size);
void fxp_program_destroy(struct fxp_program *prog);

/* The resources a running shader reads and writes. Sizes are in bytes; accesses outside read 0 and are
 * dropped on write. */
struct fxp_buffer_binding {
   uint8_t *data;
   uint32_t size_B;
};

/* A shader image view, flattened (shader/fxp_image.c): texel (x, y, z) of the view is at
 * base + z * layer_B + y * row_B + x * bpp for x < width, y < height, z < depth; base NULL if unusable. */
struct fxp_image_binding {
   uint8_t *base;
   enum pipe_format format;
   enum pipe_texture_target target;
   uint32_t width, height, depth;   /* depth: the view's layers, faces or slices */
   size_t row_B, layer_B;
   unsigned bpp;
   bool snorm;                      /* loads clamp to -1 */
};

struct fxp_bindings {
   struct fxp_buffer_binding constbufs[PIPE_MAX_CONSTANT_BUFFERS];
   struct fxp_buffer_binding buffers[PIPE_MAX_SHADER_BUFFERS];
   struct fxp_image_binding images[PIPE_MAX_SHADER_IMAGES];
   unsigned num_images;                 /* images[] past it are unbound (and not filled in) */
   struct fxp_buffer_binding shared;    /* MEMORY[] shared, one work group's */
   /* view i with sampler state i; the DX10 SAMPLE family pairs SVIEW[i] with SAMP[j] from these */
   struct fxp_sampler_binding samplers[PIPE_MAX_SAMPLERS];
};

/* Fragment-stage services the engine calls back for (the rasterizer provides them; NULL elsewhere). */
struct fxp_frag_iface {
   /* INTERP_*: INPUT[input] of every lane at (pixel centre + off[lane]); out[c] filled for all lanes */
   void (*interp_at)(void *data, unsigned input, const float offx[FXP_W], const float offy[FXP_W],
                     fxp_vec out[4]);
   /* FBFETCH: colour buffer `cbuf` at each lane's pixel, as 32-bit values (floats or integers) */
   void (*fb_fetch)(void *data, unsigned cbuf, fxp_vec out[4]);
   void *data;
};

/* What a geometry shader emitted, per lane (fxp_ops_gs.c). Vertex k of lane l holds the outputs at
 * data[(l * max_vertices + k) * vertex_words ...] (OUTPUT[i].c at 4 i + c) and its flags at
 * flags[l * max_vertices + k]: the stream in bits 0-1, FXP_GS_PRIM_START when it begins a new primitive
 * (the first EMIT on that stream, or the first after an ENDPRIM). */
#define FXP_GS_PRIM_START 0x80
struct fxp_gs_out {
   unsigned max_vertices, vertex_words;
   uint32_t count[FXP_W];
   bool prim_open[FXP_W][4];
   uint32_t *data;
   uint8_t *flags;
};

bool fxp_gs_out_init(struct fxp_exec *e);
void fxp_gs_out_reset(struct fxp_gs_out *g);
void fxp_gs_out_fini(struct fxp_exec *e);

/* One batch's execution state. */
struct fxp_exec {
   const struct fxp_program *prog;
   const struct fxp_bindings *bind;
   fxp_vec *rf;                 /* prog->num_slots slots, 64-byte aligned */
   unsigned rf_slots;           /* slots allocated at rf (fxp_exec_setup reuses them) */
   uint32_t rf_serial;          /* the program whose immediates rf holds, 0 for none */

   fxp_vi live;                 /* lanes that exist and have not been killed */
   fxp_vi helper;               /* fragment: lanes that run only for derivatives (outside, or demoted);
                                   they never write memory and their results are discarded */
   fxp_vi cond, loop, cont, func;
   fxp_vi mask;                 /* live & cond & loop & cont & func */

   fxp_vi cond_stack[FXP_MAX_NEST];
   struct { fxp_vi loop, cont, cond; unsigned cond_sp; } loop_stack[FXP_MAX_NEST];
   struct { fxp_vi func, cond, loop, cont; unsigned cond_sp, loop_sp; int32_t ret_pc; } call_stack[FXP_MAX_NEST];
   unsigned cond_sp, loop_sp, call_sp;

   int32_t pc;
   bool at_barrier;             /* stopped at a BARRIER; run again to continue */
   bool done;
   bool quad_layout;            /* lanes are 2x2 quads (fragment): derivatives are defined */
   const struct fxp_frag_iface *frag;
   struct fxp_gs_out *gs;       /* geometry shaders: the emitted vertices */
};

/* Prepares a batch: register file with immediates, constants splatted from bindings, `count` live lanes. */
bool fxp_exec_init(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
                   unsigned count);
/* The same for a state that lives across draws (zeroed before its first use, fxp_exec_fini at the end): its
 * register file is kept when it is large enough for prog. Geometry programs need fxp_exec_init. */
bool fxp_exec_setup(struct fxp_exec *e, const struct fxp_program *prog, const struct fxp_bindings *bind,
                    unsigned count);
/* Starts the program over for a new batch of `count` lanes, keeping immediates and constants. */
void fxp_exec_reset(struct fxp_exec *e, unsigned count);
void fxp_exec_fini(struct fxp_exec *e);
/* Copies component-split outputs into the first register of their semantic (fxp_program.out_merge). */
static inline void
fxp_exec_merge_outputs(struct fxp_exec *e)
{
   const struct fxp_program *p = e->prog;
   for (unsigned k = 0; k < p->num_out_merges; k++)
      for (unsigned c = 0; c < 4; c++)
         if (p->out_merge[k].mask & (1u << c))
            e->rf[p->output_base + 4 * p->out_merge[k].dst + c] = e->rf[p->output_base + 4 * p->out_merge[k].src + c];
}

/* Runs until END, or until a BARRIER (e->at_barrier set; call again to go on). */
void fxp_exec_run(struct fxp_exec *e);

static inline fxp_vec *
fxp_sv(struct fxp_exec *e, unsigned index, unsigned chan)
{
   return &e->rf[e->prog->sv_base + 4 * index + chan];
}

static inline fxp_vec *
fxp_input(struct fxp_exec *e, unsigned index, unsigned chan)
{
   return &e->rf[e->prog->input_base + 4 * index + chan];
}

static inline fxp_vec *
fxp_output(struct fxp_exec *e, unsigned index, unsigned chan)
{
   return &e->rf[e->prog->output_base + 4 * index + chan];
}

/* The function executing each opcode; NULL for opcodes fxpipe does not execute. Filled once from the family
 * files: fxp_ops_cf.c (control flow, micro-operations), fxp_ops_float.c, fxp_ops_int.c, fxp_ops_64.c
 * (doubles and 64-bit integers), fxp_ops_mem.c (buffers and shared memory), fxp_ops_tex.c (sampling),
 * fxp_ops_lane.c (helpers, interpolation, framebuffer fetch, subgroups), fxp_ops_gs.c (EMIT, ENDPRIM). */
fxp_op_fn fxp_op_lookup(unsigned opcode);
void fxp_ops_cf_register(fxp_op_fn *table);
void fxp_ops_float_register(fxp_op_fn *table);
void fxp_ops_int_register(fxp_op_fn *table);
void fxp_ops_64_register(fxp_op_fn *table);
void fxp_ops_mem_register(fxp_op_fn *table);
void fxp_ops_tex_register(fxp_op_fn *table);
void fxp_ops_lane_register(fxp_op_fn *table);
void fxp_ops_gs_register(fxp_op_fn *table);

/* fxp_image.c: IMAGE[] access for the memory opcodes (fxp_ops_mem.c) */
struct pipe_image_view;
void fxp_image_binding_prepare(struct fxp_image_binding *b, const struct pipe_image_view *v);
void fxp_image_load(struct fxp_exec *e, const struct fxp_inst *in, fxp_vu r[4]);
void fxp_image_store(struct fxp_exec *e, const struct fxp_inst *in);
uint32_t *fxp_image_word(const struct fxp_exec *e, const struct fxp_inst *in, unsigned lane, uint32_t x,
                         uint32_t y, uint32_t z);
void fxp_image_size(const struct fxp_exec *e, const struct fxp_inst *in, fxp_vu r[4]);

/* Values of the system values that depend only on the lane (subgroup size, invocation and masks): true
 * and *value set for those semantics, false for the others. Stages call it for SVs they do not fill. */
bool fxp_sv_lane_constant(unsigned semantic, unsigned chan, unsigned lane, uint32_t *value);

#endif
