/* Geometry-shader output: EMIT and ENDPRIM, per lane, into the batch's emit store (struct fxp_gs_out in
 * fxp_shader.h, allocated by fxp_exec.c), which the geometry stage reads back to assemble points, line
 * strips or triangle strips.
 *
 * | opcode        | for each active lane                                                                 |
 * |---------------|--------------------------------------------------------------------------------------|
 * | EMIT src      | stream s = src.x (0..3, an immediate): if fewer than GS_MAX_OUTPUT_VERTICES vertices |
 * |               | were emitted, the current OUTPUT registers become a new vertex of stream s; it       |
 * |               | starts a primitive if none is open on s. Past the limit the vertex is dropped (GL     |
 * |               | leaves it undefined). The outputs keep their values (GL makes them undefined)        |
 * | ENDPRIM src   | closes the primitive open on stream src.x: the next EMIT on it starts a new one      | */
#include "fxp_exec_inline.h"

static void
op_emit(struct fxp_exec *e, const struct fxp_inst *in)
{
   struct fxp_gs_out *g = e->gs;
   if (!g)
      return;
   const fxp_vu stream = src_u(e, in, 0, 0);
   const struct fxp_program *p = e->prog;
   fxp_exec_merge_outputs(e);
   for (unsigned l = 0; l < FXP_W; l++) {
      if (!e->mask[l] || g->count[l] >= g->max_vertices)
         continue;
      const unsigned s = stream[l] & 3, k = g->count[l]++;
      uint32_t *v = &g->data[((size_t)l * g->max_vertices + k) * g->vertex_words];
      for (unsigned w = 0; w < g->vertex_words; w++)
         v[w] = e->rf[p->output_base + w].au[l];
      g->flags[l * g->max_vertices + k] = s | (g->prim_open[l][s] ? 0 : FXP_GS_PRIM_START);
      g->prim_open[l][s] = true;
   }
}

static void
op_endprim(struct fxp_exec *e, const struct fxp_inst *in)
{
   struct fxp_gs_out *g = e->gs;
   if (!g)
      return;
   const fxp_vu stream = src_u(e, in, 0, 0);
   for (unsigned l = 0; l < FXP_W; l++)
      if (e->mask[l])
         g->prim_open[l][stream[l] & 3] = false;
}

void
FXP_ISA_FN(fxp_ops_gs_register)(fxp_op_fn *t)
{
   t[TGSI_OPCODE_EMIT] = op_emit;
   t[TGSI_OPCODE_ENDPRIM] = op_endprim;
}
