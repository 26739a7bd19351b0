/* Running a tessellation control shader over a batch of patches (shader/fxp_tcs.c), for the drawing
 * pipeline's tessellation stage (draw/fxp_tess.c) and the TGSI runner.
 *
 * Lanes are patches: lane l of a batch is patch l, and the shader runs once per output vertex
 * (TCS_VERTICES_OUT invocations, INVOCATIONID 0..n-1, in that order), every invocation of a patch in the same
 * lane. OUTPUT[v][i] (and the patch outputs, vertex 0's registers) is one register file region that every
 * invocation of the batch reads and writes, so an invocation sees what the others wrote before it:
 *
 * | program        | how the invocations run                                                         |
 * |----------------|---------------------------------------------------------------------------------|
 * | no BARRIER     | one execution state, the invocations one after the other on the same register  |
 * |                | file (restarted between them; outputs kept)                                    |
 * | BARRIER        | one execution state per invocation; each runs up to its next BARRIER (or END)  |
 * |                | in turn, the output region copied from the one that ran before it, until all   |
 * |                | have ended: every write before a barrier is seen after it                     |
 *
 * Inputs and per-patch system values (PRIMID, VERTICESIN, ...) are filled by the caller into the state
 * fxp_tcs_inputs returns, after fxp_tcs_begin; INVOCATIONID is filled here. Unwritten outputs read 0. */
#ifndef FXP_TCS_H
#define FXP_TCS_H

#include "shader/fxp_shader.h"

struct fxp_tcs_exec {
   const struct fxp_program *prog;
   struct fxp_exec *e[FXP_MAX_PATCH_VERTICES];   /* os_malloc_aligned; one, or one per invocation */
   unsigned num_e;
   unsigned count;                                /* patches (lanes) of the current batch */
   uint8_t stopped;                               /* the watchdog's FXP_EXEC_* when a batch was stopped */
};

/* false: out of memory (fxp_tcs_fini still to be called) */
bool fxp_tcs_init(struct fxp_tcs_exec *t, const struct fxp_program *tcs, const struct fxp_bindings *bind,
                  const int *abort);
void fxp_tcs_fini(struct fxp_tcs_exec *t);
/* Starts a batch of `count` patches (1..FXP_W): outputs zeroed. */
void fxp_tcs_begin(struct fxp_tcs_exec *t, unsigned count);
/* Where the caller writes INPUT[v][i] and system values other than INVOCATIONID (fxp_input, fxp_sv). */
static inline struct fxp_exec *
fxp_tcs_inputs(struct fxp_tcs_exec *t)
{
   return t->e[0];
}
/* Runs the batch's invocations; returns the state whose register file holds the outputs (fxp_output with
 * index v * num_outputs + i), or NULL when the watchdog stopped it (t->stopped says how). */
struct fxp_exec *fxp_tcs_run(struct fxp_tcs_exec *t);

#endif
