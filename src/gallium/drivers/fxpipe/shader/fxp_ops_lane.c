/* Opcodes that look across lanes or at the fragment around a lane: helper status (DEMOTE, READ_HELPER),
 * interpolation at an offset (INTERP_CENTROID, INTERP_SAMPLE, INTERP_OFFSET), framebuffer fetch (FBFETCH)
 * and the subgroup operations (VOTE_ANY, VOTE_ALL, VOTE_EQ, BALLOT, READ_FIRST, READ_INVOC). The
 * lane-constant subgroup system values are fxp_exec.c's fxp_sv_lane_constant.
 *
 * | rule            | fxpipe's choice                                                                      |
 * |-----------------|--------------------------------------------------------------------------------------|
 * | subgroup        | one batch: FXP_W invocations, lane l is invocation l; the active invocations are the |
 * |                 | lanes of the execution mask (helper lanes included, as tgsi.rst allows for BALLOT)    |
 * | BALLOT          | 64-bit mask of the active lanes whose src.x is non-zero: low word x, high word y (0)  |
 * | READ_FIRST      | the value of the lowest active lane; READ_INVOC: of lane src1.x (mod FXP_W)           |
 * | helpers         | e->helper: lanes outside the primitive (set by the rasterizer) or demoted; they keep |
 * |                 | running for derivatives, never write memory, and their outputs are discarded          |
 * | sample, centroid| with one sample a pixel, centroid and sample interpolation read the centre; with     |
 * |                 | several (raster/fxp_samples.h), INTERP_SAMPLE reads sample src1.x's position and      |
 * |                 | INTERP_CENTROID a partly covered pixel's first covered sample. INTERP_OFFSET evaluates the input's plane at   |
 * |                 | centre + offset through the rasterizer, or, without one (the TGSI runner), from the   |
 * |                 | quad's fine derivatives, which is exact for inputs linear in screen space             | */
#include "fxp_exec_inline.h"
#include "raster/fxp_samples.h"

static void
op_demote(struct fxp_exec *e, const struct fxp_inst *in)
{
   e->helper |= e->mask;
}

static void
op_read_helper(struct fxp_exec *e, const struct fxp_inst *in)
{
   FOREACH_CHAN(in, c) dst_store_i(e, in, 0, c, fxp_ne_i(e->helper, fxp_splat_i(0)));
}

/* The input register and swizzle an INTERP_* source names (decoded as slots of the input file). */
static bool
interp_source(const struct fxp_exec *e, const struct fxp_inst *in, unsigned *input, unsigned swz[4])
{
   const struct fxp_program *p = e->prog;
   const uint32_t s0 = in->src[0].slot[0];
   if (s0 < p->input_base || s0 >= p->input_base + 4 * p->num_inputs)
      return false;
   *input = (s0 - p->input_base) / 4;
   for (unsigned c = 0; c < 4; c++)
      swz[c] = in->src[0].slot[c] & 3; /* bases are multiples of 4 */
   return true;
}

static void
interp_at(struct fxp_exec *e, const struct fxp_inst *in, fxp_vf offx, fxp_vf offy)
{
   unsigned input, swz[4];
   fxp_vec v[4];
   if (!interp_source(e, in, &input, swz)) {
      /* not an input (the decoder passes any register): the value as it is */
      FOREACH_CHAN(in, c) dst_store_f(e, in, 0, c, src_f(e, in, 0, c));
      return;
   }
   if (e->frag && e->frag->interp_at) {
      float ox[FXP_W], oy[FXP_W];
      memcpy(ox, &offx, sizeof(ox));
      memcpy(oy, &offy, sizeof(oy));
      e->frag->interp_at(e->frag->data, input, ox, oy, v);
   } else {
      for (unsigned c = 0; c < 4; c++) {
         const fxp_vec *x = fxp_input(e, input, c);
         for (unsigned l = 0; l < FXP_W; l++) {
            const unsigned q = l & ~3u, col = l & 1, row = (l >> 1) & 1;
            const float dx = x->af[q + 2 * row + 1] - x->af[q + 2 * row];
            const float dy = x->af[q + 2 + col] - x->af[q + col];
            v[c].af[l] = e->quad_layout ? x->af[l] + dx * offx[l] + dy * offy[l] : x->af[l];
         }
         if (e->quad_layout)
            v[c].f = nan_canon_f(v[c].f);
      }
   }
   FOREACH_CHAN(in, c) {
      fxp_vec r = v[swz[c]];
      if (in->src[0].mod & FXP_MOD_ABS)
         r.u &= 0x7fffffffu;
      if (in->src[0].mod & FXP_MOD_NEG)
         r.u ^= 0x80000000u;
      dst_store_f(e, in, 0, c, r.f);
   }
}

static void
op_interp_centre(struct fxp_exec *e, const struct fxp_inst *in)
{
   interp_at(e, in, fxp_splat_f(0.0f), fxp_splat_f(0.0f));
}

/* INTERP_SAMPLE: at sample src1.x's position (raster/fxp_samples.h) when the framebuffer has several samples
 * (a sample number past them reads the centre), else at the centre. */
static void
op_interp_sample(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned samples = e->frag && e->frag->samples > 1 ? e->frag->samples : 1;
   if (samples == 1) {
      op_interp_centre(e, in);
      return;
   }
   const fxp_vi id = src_i(e, in, 1, 0);
   fxp_vf ox = fxp_splat_f(0.0f), oy = fxp_splat_f(0.0f);
   for (unsigned l = 0; l < FXP_W; l++) {
      if ((unsigned)id[l] >= samples)
         continue;
      unsigned x_32nd, y_32nd;
      fxp_sample_pos(samples, (unsigned)id[l], &x_32nd, &y_32nd);
      ox[l] = (float)x_32nd / FXP_SAMPLE_POS_UNIT - 0.5f;
      oy[l] = (float)y_32nd / FXP_SAMPLE_POS_UNIT - 0.5f;
   }
   interp_at(e, in, ox, oy);
}

/* INTERP_CENTROID: with several samples, a partly covered pixel's first covered sample (as the rasterizer
 * interpolates centroid inputs), else the centre. */
static void
op_interp_centroid(struct fxp_exec *e, const struct fxp_inst *in)
{
   const unsigned samples = e->frag && e->frag->samples > 1 && e->frag->smask ? e->frag->samples : 1;
   fxp_vf ox = fxp_splat_f(0.0f), oy = fxp_splat_f(0.0f);
   for (unsigned l = 0; samples > 1 && l < FXP_W; l++) {
      const unsigned m = e->frag->smask[l];
      if (!m || m == (1u << samples) - 1)
         continue;
      unsigned x_32nd, y_32nd;
      fxp_sample_pos(samples, (unsigned)__builtin_ctz(m), &x_32nd, &y_32nd);
      ox[l] = (float)x_32nd / FXP_SAMPLE_POS_UNIT - 0.5f;
      oy[l] = (float)y_32nd / FXP_SAMPLE_POS_UNIT - 0.5f;
   }
   interp_at(e, in, ox, oy);
}

static void
op_interp_offset(struct fxp_exec *e, const struct fxp_inst *in)
{
   interp_at(e, in, src_f(e, in, 1, 0), src_f(e, in, 1, 1));
}

/* FBFETCH dst, OUT[n]: the colour buffer bound for OUT[n]'s COLOR semantic index, before this fragment. */
static void
op_fbfetch(struct fxp_exec *e, const struct fxp_inst *in)
{
   const struct fxp_program *p = e->prog;
   fxp_vec v[4];
   memset(v, 0, sizeof(v));
   const uint32_t s0 = in->src[0].slot[0];
   if (e->frag && e->frag->fb_fetch && s0 >= p->output_base && s0 < p->output_base + 4 * p->num_outputs) {
      const unsigned out = (s0 - p->output_base) / 4;
      e->frag->fb_fetch(e->frag->data, p->info.output_semantic_index[out], v);
   }
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, v[in->src[0].slot[c] & 3].u);
}

static void
op_vote(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu x = (fxp_vu)src_f(e, in, 0, 0);
   bool any = false, all = true, eq = true, seen = false;
   uint32_t first = 0;
   for (unsigned l = 0; l < FXP_W; l++) {
      if (!e->mask[l])
         continue;
      any |= x[l] != 0;
      all &= x[l] != 0;
      if (seen && x[l] != first)
         eq = false;
      if (!seen)
         first = x[l], seen = true;
   }
   const bool r = in->opcode == TGSI_OPCODE_VOTE_ANY ? any : in->opcode == TGSI_OPCODE_VOTE_ALL ? all : eq;
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, (fxp_vu){0} + (r ? ~0u : 0u));
}

static void
op_ballot(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu x = (fxp_vu)src_f(e, in, 0, 0);
   uint32_t bits = 0;
   for (unsigned l = 0; l < FXP_W; l++)
      if (e->mask[l] && x[l])
         bits |= 1u << l;
   FOREACH_CHAN(in, c) dst_store_u(e, in, 0, c, (fxp_vu){0} + ((c & 1) ? 0u : bits));
}

static void
read_lane(struct fxp_exec *e, const struct fxp_inst *in, const unsigned lane[FXP_W])
{
   FOREACH_CHAN(in, c) {
      const fxp_vu v = (fxp_vu)src_f(e, in, 0, c); /* float-typed source: modifiers act on the sign bit */
      fxp_vu r;
      for (unsigned l = 0; l < FXP_W; l++)
         r[l] = v[lane[l]];
      dst_store_u(e, in, 0, c, r);
   }
}

static void
op_read_first(struct fxp_exec *e, const struct fxp_inst *in)
{
   unsigned lane[FXP_W], first = 0;
   while (first < FXP_W - 1 && !e->mask[first])
      first++;
   for (unsigned l = 0; l < FXP_W; l++)
      lane[l] = first;
   read_lane(e, in, lane);
}

static void
op_read_invoc(struct fxp_exec *e, const struct fxp_inst *in)
{
   const fxp_vu idx = src_u(e, in, 1, 0);
   unsigned lane[FXP_W];
   for (unsigned l = 0; l < FXP_W; l++)
      lane[l] = idx[l] % FXP_W;
   read_lane(e, in, lane);
}

void
FXP_ISA_FN(fxp_ops_lane_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_DEMOTE] = op_demote;
   t[TGSI_OPCODE_READ_HELPER] = op_read_helper;
   t[TGSI_OPCODE_INTERP_CENTROID] = op_interp_centroid;
   t[TGSI_OPCODE_INTERP_SAMPLE] = op_interp_sample;
   t[TGSI_OPCODE_INTERP_OFFSET] = op_interp_offset;
   t[TGSI_OPCODE_FBFETCH] = op_fbfetch;
   t[TGSI_OPCODE_VOTE_ANY] = op_vote;
   t[TGSI_OPCODE_VOTE_ALL] = op_vote;
   t[TGSI_OPCODE_VOTE_EQ] = op_vote;
   t[TGSI_OPCODE_BALLOT] = op_ballot;
   t[TGSI_OPCODE_READ_FIRST] = op_read_first;
   t[TGSI_OPCODE_READ_INVOC] = op_read_invoc;
}
