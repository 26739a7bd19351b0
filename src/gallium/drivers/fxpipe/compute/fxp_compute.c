/* Compute: the compute-shader CSO (decoded once into an fxp_program) and launch_grid.
 *
 * A work group's invocations are split into batches of FXP_W lanes in x-fastest order. Without BARRIER,
 * the batches run one after the other on one register file. With BARRIER, every batch of the group keeps
 * its own execution state and they advance in rounds: each runs until it reaches the barrier (or ends),
 * and the next round starts only when all have, so no invocation passes a barrier before every other
 * invocation of its group has reached it. Shared memory (MEMORY[], shared) is one zeroed allocation per
 * group of req_local_mem bytes. Work groups are shared out among the context's compute threads
 * (context/fxp_pool.c: one a CPU, or FXPIPE_THREADS when it is set), each with its own states and shared
 * memory. When a batch runs past the watchdog's budget (fxp_context.h, "Watchdog"), every thread drops the
 * rest of the dispatch (the other batches of its group, and the groups not run yet); a lost context
 * dispatches nothing. */
#include "util/u_inlines.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "tgsi/tgsi_parse.h"
#include "nir/nir_to_tgsi.h"

#include "fxp_context.h"
#include "context/fxp_pool.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "shader/fxp_shader.h"

struct fxp_compute_shader {
   struct fxp_program *prog;
   unsigned shared_size_B;
};

static void *
fxp_create_compute_state(struct pipe_context *pipe, const struct pipe_compute_state *cso)
{
   struct fxp_compute_shader *cs;
   const struct tgsi_token *tokens;
   char error[256];

   /* NIR (owned by the CSO) is translated, and nir_to_tgsi frees it; the program keeps no pointer into the
    * tokens, so translated tokens go once decoded. */
   if (cso->ir_type == PIPE_SHADER_IR_NIR && cso->prog)
      tokens = nir_to_tgsi((struct nir_shader *)cso->prog, pipe->screen);
   else if (cso->ir_type == PIPE_SHADER_IR_TGSI && cso->prog)
      tokens = cso->prog;
   else {
      fxp_ctx_refuse(fxp_context(pipe), "compute shader that is neither NIR nor TGSI" FXP_GL_SHADER_DISPATCHES);
      return NULL;
   }
   if (!tokens)
      return NULL;
   cs = CALLOC_STRUCT(fxp_compute_shader);
   if (cs)
      cs->prog = fxp_program_create(tokens, PIPE_SHADER_COMPUTE, error, sizeof(error));
   if (tokens != cso->prog)
      FREE((void *)tokens);
   if (!cs)
      return NULL;
   if (!cs->prog) {
      fxp_ctx_refuse(fxp_context(pipe), "compute shader: %s" FXP_GL_SHADER_DISPATCHES, error);
      FREE(cs);
      return NULL;
   }
   cs->shared_size_B = cso->req_local_mem;
   fxp_context(pipe)->perf.shaders_alive++;
   return cs;
}

static void
fxp_bind_compute_state(struct pipe_context *pipe, void *cs)
{
   fxp_context(pipe)->cs = cs;
}

static void
fxp_delete_compute_state(struct pipe_context *pipe, void *p)
{
   struct fxp_compute_shader *cs = p;

   fxp_context(pipe)->perf.shaders_alive--;
   fxp_program_destroy(cs->prog);
   FREE(cs);
}

/* Thread IDs (gl_LocalInvocationID) of batch b's lanes, worked out once a dispatch (launch_grid): lane l of
 * batch b is invocation b * FXP_W + l of its work group, x fastest. Lanes past the group's invocations get the
 * same formula's values, which nothing reads. */
#define FXP_CS_MAX_BATCHES (1024 / FXP_W) /* PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK (1024) in batches */
struct cs_thread_ids {
   fxp_vu tid[FXP_CS_MAX_BATCHES][3];
};

static void
thread_ids(struct cs_thread_ids *t, const unsigned block[3], unsigned n_batches)
{
   for (unsigned b = 0; b < n_batches; b++)
      for (unsigned l = 0; l < FXP_W; l++) {
         const unsigned id = b * FXP_W + l;
         t->tid[b][0][l] = id % block[0];
         t->tid[b][1][l] = (id / block[0]) % block[1];
         t->tid[b][2][l] = id / (block[0] * block[1]);
      }
}

/* The system values the program reads (its SV[] declarations), for batch b of work group `group`: whole
 * vectors, the thread IDs from t. */
static void
fill_system_values(struct fxp_exec *e, const unsigned block[3], const unsigned grid[3],
                   const unsigned group[3], const struct cs_thread_ids *t, unsigned b)
{
   const struct fxp_program *p = e->prog;

   for (unsigned i = 0; i < p->num_svs; i++) {
      for (unsigned c = 0; c < 4; c++) {
         fxp_vec *v = fxp_sv(e, i, c);
         switch (p->sv_semantic[i]) {
         case TGSI_SEMANTIC_THREAD_ID: v->u = c < 3 ? t->tid[b][c] : (fxp_vu){0}; break;
         case TGSI_SEMANTIC_BLOCK_ID: v->u = (fxp_vu){0} + (c < 3 ? group[c] : 0); break;
         case TGSI_SEMANTIC_BLOCK_SIZE: v->u = (fxp_vu){0} + (c < 3 ? block[c] : 0); break;
         case TGSI_SEMANTIC_GRID_SIZE: v->u = (fxp_vu){0} + (c < 3 ? grid[c] : 0); break;
         default:
            for (unsigned l = 0; l < FXP_W; l++) {
               uint32_t x = 0;
               fxp_sv_lane_constant(p->sv_semantic[i], c, l, &x);
               v->au[l] = x;
            }
            break;
         }
      }
   }
}

/* A batch stopped by the watchdog: true (and the context told) if e was. */
static inline bool
stopped(struct fxp_context *ctx, const struct fxp_exec *e)
{
   if (likely(!e->stopped))
      return false;
   fxp_watchdog_stopped(ctx, e->stopped, PIPE_SHADER_COMPUTE);
   return true;
}

/* Runs one work group. execs[] holds n_batches states (one when there is no barrier). */
static void
run_group(struct fxp_context *ctx, struct fxp_exec *execs, unsigned n_batches, bool barrier, unsigned threads,
          const unsigned block[3], const unsigned grid[3], const unsigned group[3], const struct cs_thread_ids *t)
{
   if (!barrier) {
      for (unsigned b = 0; b < n_batches; b++) {
         fxp_exec_reset(&execs[0], MIN2(FXP_W, threads - b * FXP_W));
         fill_system_values(&execs[0], block, grid, group, t, b);
         /* a barrier in a group of one batch has nobody to wait for: go on */
         do
            fxp_exec_run(&execs[0]);
         while (!execs[0].done);
         if (stopped(ctx, &execs[0]))
            return;
      }
      return;
   }
   for (unsigned b = 0; b < n_batches; b++) {
      fxp_exec_reset(&execs[b], MIN2(FXP_W, threads - b * FXP_W));
      fill_system_values(&execs[b], block, grid, group, t, b);
   }
   for (bool running = true; running;) {
      running = false;
      for (unsigned b = 0; b < n_batches; b++) {
         if (!execs[b].done)
            fxp_exec_run(&execs[b]);
         if (stopped(ctx, &execs[b]))
            return; /* the group's other batches are dropped with it */
         running |= !execs[b].done;
      }
   }
}

/* One dispatch, shared by the threads that run its work groups. */
struct grid_job {
   struct fxp_context *ctx;
   const struct fxp_compute_shader *cs;
   struct fxp_bindings bind;          /* each worker copies it and points `shared` at its own memory */
   unsigned block[3], grid[3];
   unsigned n_batches, n_execs, threads, shared_B;
   const struct cs_thread_ids *tids;
   uint64_t n_groups;
   bool barrier;
   bool failed;
};

/* Worker i of n runs work groups i, i + n, i + 2n, ... (x fastest), each with its own execution states and
 * shared memory; atomics stay atomic across workers (shader/fxp_ops_mem.c). */
static void
grid_worker(void *data, unsigned i, unsigned n)
{
   struct grid_job *job = data;
   struct fxp_bindings bind = job->bind;
   uint8_t *shared = job->shared_B ? os_malloc_aligned(job->shared_B, 64) : NULL;
   /* execution states hold 64-byte lane vectors: aligned for them (the AVX tables rely on it) */
   struct fxp_exec *execs = os_malloc_aligned(job->n_execs * sizeof(*execs), 64);
   unsigned ready = 0;

   if ((job->shared_B && !shared) || !execs)
      goto fail;
   memset(execs, 0, job->n_execs * sizeof(*execs));
   bind.shared.data = shared;
   bind.shared.size_B = job->cs->shared_size_B;
   for (; ready < job->n_execs; ready++) {
      if (!fxp_exec_init(&execs[ready], job->cs->prog, &bind, FXP_W))
         goto fail;
      execs[ready].abort = &job->ctx->wd.tripped;
   }
   for (uint64_t g = i; g < job->n_groups && likely(!fxp_watchdog_tripped(job->ctx)); g += n) {
      const unsigned group[3] = {(unsigned)(g % job->grid[0]), (unsigned)(g / job->grid[0] % job->grid[1]),
                                 (unsigned)(g / job->grid[0] / job->grid[1])};
      if (shared)
         memset(shared, 0, job->shared_B);
      run_group(job->ctx, execs, job->n_batches, job->barrier, job->threads, job->block, job->grid, group,
                job->tids);
   }
   goto done;
fail:
   __atomic_store_n(&job->failed, true, __ATOMIC_RELAXED); /* read after all workers have finished */
done:
   for (unsigned k = 0; k < ready; k++)
      fxp_exec_fini(&execs[k]);
   os_free_aligned(execs);
   os_free_aligned(shared);
}

static void
launch_grid(struct pipe_context *pipe, const struct pipe_grid_info *info)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_compute_shader *cs = ctx->cs;
   unsigned grid[3] = {info->grid[0], info->grid[1], info->grid[2]};
   const unsigned *block = info->block;

   if (ctx->wd.lost)
      return; /* after a guilty reset (fxp_context.h, "Watchdog") */
   if (!cs) {
      fxp_ctx_refuse(ctx, "launch_grid with no compute shader bound" FXP_GL_SKIPPED_DISPATCH);
      return;
   }
   if (info->indirect) {
      struct pipe_resource *r = info->indirect;
      if (r->target != PIPE_BUFFER || (uint64_t)info->indirect_offset + 12 > r->width0) {
         fxp_ctx_refuse(ctx, "indirect dispatch parameters outside their buffer" FXP_GL_SKIPPED_DISPATCH);
         return;
      }
      memcpy(grid, fxp_resource(r)->data + info->indirect_offset, 12);
   }
   const uint64_t threads64 = (uint64_t)block[0] * block[1] * block[2];
   if (!threads64 || !grid[0] || !grid[1] || !grid[2])
      return;
   if (threads64 > 1024) {
      fxp_ctx_refuse(ctx, "work group of %llu invocations (the limit is 1024)"
                          FXP_GL_SKIPPED_DISPATCH, (unsigned long long)threads64);
      return;
   }
   const unsigned threads = threads64;
   const unsigned n_batches = DIV_ROUND_UP(threads, FXP_W);
   const bool barrier = cs->prog->uses_barrier && n_batches > 1;
   const uint64_t n_groups = (uint64_t)grid[0] * grid[1] * grid[2];

   struct fxp_pool *pool = fxp_context_pool(ctx);
   struct grid_job job = {
      .ctx = ctx, .cs = cs, .n_batches = n_batches, .n_execs = barrier ? n_batches : 1, .barrier = barrier,
      .threads = threads, .n_groups = n_groups, .shared_B = align(cs->shared_size_B, 16),
   };
   memcpy(job.block, block, sizeof(job.block));
   _Static_assert(1024 <= FXP_CS_MAX_BATCHES * FXP_W, "thread IDs for the largest work group");
   struct cs_thread_ids *tids = os_malloc_aligned(sizeof(*tids), 64);
   if (!tids) {
      fxp_ctx_out_of_memory(ctx, "out of memory for a dispatch" FXP_GL_SKIPPED_DISPATCH);
      return;
   }
   thread_ids(tids, block, n_batches);
   job.tids = tids;
   memcpy(job.grid, grid, sizeof(job.grid));
   job.bind = *fxp_gather_bindings(ctx, PIPE_SHADER_COMPUTE);
   const unsigned n_workers = MIN2(fxp_pool_threads(pool), n_groups);
   if (n_workers > 1)
      fxp_pool_run(pool, grid_worker, &job);
   else
      grid_worker(&job, 0, 1);
   os_free_aligned(tids);
   if (job.failed)
      fxp_ctx_out_of_memory(ctx, "out of memory for a dispatch" FXP_GL_PART_DISPATCH);
   else if (ctx->queries_enabled)
      ctx->stats.cs_invocations += n_groups * threads; /* pipeline statistics */
}

/* launch_grid under the shaders' float rule (shader/fxp_shader.h, fxp_fp_enter). */
static void
fxp_launch_grid(struct pipe_context *pipe, const struct pipe_grid_info *info)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_COMPUTE); /* it shares the pool and the resources */
   const unsigned fp = fxp_fp_enter();
   launch_grid(pipe, info);
   fxp_fp_leave(fp);
   fxp_watchdog_report(fxp_context(pipe), "dispatch");
}

void
fxp_init_compute_functions(struct fxp_context *ctx)
{
   ctx->base.create_compute_state = fxp_create_compute_state;
   ctx->base.bind_compute_state = fxp_bind_compute_state;
   ctx->base.delete_compute_state = fxp_delete_compute_state;
   ctx->base.launch_grid = fxp_launch_grid;
}
