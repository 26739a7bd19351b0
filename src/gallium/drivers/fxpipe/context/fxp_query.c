/* Queries: occlusion counts and predicates (the fragment stage adds to ctx->samples_passed), primitives
 * generated and written by stream output, stream-output statistics and overflow predicates per vertex
 * stream (draw/fxp_so.c counts them), timestamps and elapsed time (CPU clock, nanoseconds), GPU_FINISHED and
 * TIMESTAMP_DISJOINT; pipeline statistics (ctx->stats: the draw stages count vertices, primitives and
 * shader invocations, the raster threads fragments shaded); and conditional rendering on a query's
 * result. begin, end and the results are sync points (context/fxp_sync.h), which draw a scene left open first, so
 * results are always available. Query types fxpipe does not implement are refused.
 * Results are also written into buffers (ARB_query_buffer_object: get_query_result_resource), saturated to
 * the type GL asks for.
 *
 * Driver queries (pipe_screen::get_driver_query_info; GALLIUM_HUD shows them by name): fxpipe's own
 * counters of ctx->perf, counted on the drawing thread whether or not a query runs. */
#include "util/os_time.h"
#include "util/u_memory.h"
#include <string.h>

#include "fxp_context.h"
#include "fxp_screen.h"
#include "fxp_debug.h"
#include "fxp_resource.h"
#include "context/fxp_pool.h"

struct fxp_query {
   enum pipe_query_type type;
   uint64_t start, end;          /* counter or clock at begin and end */
   uint64_t start2, end2;        /* SO_STATISTICS: primitives generated (start/end: written) */
   struct pipe_query_data_pipeline_statistics stats_start, stats_end;  /* PIPELINE_STATISTICS* */
   unsigned index;               /* PIPELINE_STATISTICS_SINGLE: enum pipe_statistics_query_index;
                                    stream-output queries: the vertex stream */
   bool active;
   struct list_head link;        /* in ctx->active_queries while active */
};

/* The driver queries, PIPE_QUERY_DRIVER_SPECIFIC + their index. */
enum fxp_driver_query {
   FXP_DQ_PRIMS,            /* primitives set up and rasterized */
   FXP_DQ_FRAGMENTS,        /* fragments shaded */
   FXP_DQ_SCENES_SHARED,    /* scenes whose bins were shared among the threads */
   FXP_DQ_SCENES_SERIAL,    /* scenes drawn on the drawing thread alone (small, or one bin) */
   FXP_DQ_BIN_REFS,         /* bin references written (a primitive counts once per bin) */
   FXP_DQ_EARLY_ZS_DRAWS,   /* draws given early depth-stencil tests the shader did not ask for */
   FXP_DQ_RASTER_COMPILES,  /* draws that compiled the rasterizer's state (the others reused the last) */
   FXP_DQ_RASTER_PREPARES,  /* draws that set the fragment stage up (the others culled every primitive) */
   FXP_DQ_THREADS,          /* threads the context's draws and dispatches use (a level, not a count) */
   FXP_DQ_COUNT,
};

static const char *const driver_query_names[FXP_DQ_COUNT] = {
   [FXP_DQ_PRIMS] = "fxpipe-primitives",
   [FXP_DQ_FRAGMENTS] = "fxpipe-fragments-shaded",
   [FXP_DQ_SCENES_SHARED] = "fxpipe-scenes-shared",
   [FXP_DQ_SCENES_SERIAL] = "fxpipe-scenes-alone",
   [FXP_DQ_BIN_REFS] = "fxpipe-bin-references",
   [FXP_DQ_EARLY_ZS_DRAWS] = "fxpipe-early-z-draws",
   [FXP_DQ_RASTER_COMPILES] = "fxpipe-raster-compiles",
   [FXP_DQ_RASTER_PREPARES] = "fxpipe-raster-prepares",
   [FXP_DQ_THREADS] = "fxpipe-threads",
};

static uint64_t
driver_counter(struct fxp_context *ctx, unsigned dq)
{
   switch (dq) {
   case FXP_DQ_PRIMS: return ctx->perf.prims;
   case FXP_DQ_FRAGMENTS: return ctx->perf.fragments_shaded;
   case FXP_DQ_SCENES_SHARED: return ctx->perf.scenes_shared;
   case FXP_DQ_SCENES_SERIAL: return ctx->perf.scenes_serial;
   case FXP_DQ_BIN_REFS: return ctx->perf.bin_refs;
   case FXP_DQ_EARLY_ZS_DRAWS: return ctx->perf.early_zs_draws;
   case FXP_DQ_RASTER_COMPILES: return ctx->perf.raster_compiles;
   case FXP_DQ_RASTER_PREPARES: return ctx->perf.raster_prepares;
   default: return fxp_pool_threads(fxp_context_pool(ctx));
   }
}

int
fxp_get_driver_query_info(struct pipe_screen *screen, unsigned index, struct pipe_driver_query_info *info)
{
   if (!info)
      return FXP_DQ_COUNT;
   if (index >= FXP_DQ_COUNT)
      return 0;
   memset(info, 0, sizeof(*info));
   info->name = driver_query_names[index];
   info->query_type = PIPE_QUERY_DRIVER_SPECIFIC + index;
   info->type = PIPE_DRIVER_QUERY_TYPE_UINT64;
   info->result_type = index == FXP_DQ_THREADS ? PIPE_DRIVER_QUERY_RESULT_TYPE_AVERAGE
                                               : PIPE_DRIVER_QUERY_RESULT_TYPE_CUMULATIVE;
   return 1;
}

/* The vertex stream a query counts (stream-output and primitive queries; 0 for the others). */
static inline unsigned
query_stream(const struct fxp_query *q)
{
   return q->type == PIPE_QUERY_PIPELINE_STATISTICS_SINGLE ? 0 : q->index & (PIPE_MAX_VERTEX_STREAMS - 1);
}

static uint64_t
fxp_query_counter(struct fxp_context *ctx, enum pipe_query_type type, unsigned stream)
{
   uint64_t any = 0;
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      return ctx->samples_passed;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      return ctx->prims_generated[stream];
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_SO_STATISTICS:
      return ctx->so_prims_written[stream];
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
      return ctx->so_overflows[stream];
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
      for (unsigned s = 0; s < PIPE_MAX_VERTEX_STREAMS; s++)
         any += ctx->so_overflows[s];
      return any;
   default:
      if (type >= PIPE_QUERY_DRIVER_SPECIFIC && type < PIPE_QUERY_DRIVER_SPECIFIC + FXP_DQ_COUNT)
         return driver_counter(ctx, type - PIPE_QUERY_DRIVER_SPECIFIC);
      return os_time_get_nano();
   }
}

static struct pipe_query *
fxp_create_query(struct pipe_context *pipe, unsigned type, unsigned index)
{
   struct fxp_query *q;

   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
   case PIPE_QUERY_GPU_FINISHED:
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
   case PIPE_QUERY_PIPELINE_STATISTICS:
      break;
   case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
      if (index <= PIPE_STAT_QUERY_CS_INVOCATIONS)
         break;
      fxp_ctx_refuse(fxp_context(pipe), "pipeline statistic %u" FXP_GL_NO_QUERY, index);
      return NULL;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
   case PIPE_QUERY_SO_STATISTICS:
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
      if (index < PIPE_MAX_VERTEX_STREAMS)
         break;
      fxp_ctx_refuse(fxp_context(pipe), "stream-output query on vertex stream %u" FXP_GL_NO_QUERY, index);
      return NULL;
   default:
      if (type >= PIPE_QUERY_DRIVER_SPECIFIC && type < PIPE_QUERY_DRIVER_SPECIFIC + FXP_DQ_COUNT)
         break;
      fxp_ctx_refuse(fxp_context(pipe), "query type %u" FXP_GL_NO_QUERY, type);
      return NULL;
   }
   q = CALLOC_STRUCT(fxp_query);
   if (!q)
      return NULL;
   q->type = type;
   q->index = index;
   list_inithead(&q->link);
   return (struct pipe_query *)q;
}

static void
fxp_destroy_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct fxp_query *q = (struct fxp_query *)pq;

   if (q->active)
      list_del(&q->link);
   FREE(q);
}

static bool
fxp_begin_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_query *q = (struct fxp_query *)pq;

   fxp_context_sync(ctx, FXP_SYNC_QUERY); /* the counters hold every earlier draw's work */
   if (q->active)
      list_del(&q->link);
   q->start = q->end = fxp_query_counter(ctx, q->type, query_stream(q));
   q->start2 = q->end2 = ctx->prims_generated[query_stream(q)];
   q->stats_start = q->stats_end = ctx->stats;
   q->active = true;
   list_addtail(&q->link, &ctx->active_queries);
   return true;
}

static bool
fxp_end_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_query *q = (struct fxp_query *)pq;

   fxp_context_sync(ctx, FXP_SYNC_QUERY);
   q->end = fxp_query_counter(ctx, q->type, query_stream(q));
   q->end2 = ctx->prims_generated[query_stream(q)];
   q->stats_end = ctx->stats;
   if (q->type == PIPE_QUERY_TIMESTAMP)
      q->start = q->end;
   if (q->active) {
      list_del(&q->link);
      q->active = false;
   }
   return true;
}

/* The query's result, from what begin_query and end_query took (its caller has synced). */
static bool
query_result(const struct fxp_query *q, union pipe_query_result *result)
{
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_TIME_ELAPSED:
   case PIPE_QUERY_PRIMITIVES_GENERATED:
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      result->u64 = q->end - q->start;
      break;
   case PIPE_QUERY_SO_STATISTICS:
      result->so_statistics.num_primitives_written = q->end - q->start;
      result->so_statistics.primitives_storage_needed = q->end2 - q->start2;
      break;
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
      result->b = q->end != q->start;
      break;
   case PIPE_QUERY_TIMESTAMP:
      result->u64 = q->end;
      break;
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      result->b = q->end != q->start;
      break;
   case PIPE_QUERY_GPU_FINISHED:
      result->b = true;
      break;
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      result->timestamp_disjoint.frequency = 1000000000;
      result->timestamp_disjoint.disjoint = false;
      break;
   case PIPE_QUERY_PIPELINE_STATISTICS:
      for (unsigned i = 0; i < ARRAY_SIZE(q->stats_end.counters); i++)
         result->pipeline_statistics.counters[i] = q->stats_end.counters[i] - q->stats_start.counters[i];
      break;
   case PIPE_QUERY_PIPELINE_STATISTICS_SINGLE:
      result->u64 = q->stats_end.counters[q->index] - q->stats_start.counters[q->index];
      break;
   default:
      if (q->type >= PIPE_QUERY_DRIVER_SPECIFIC && q->type < PIPE_QUERY_DRIVER_SPECIFIC + FXP_DQ_COUNT) {
         /* counts over the query; the thread count is a level: its value at the end */
         result->u64 = q->type == PIPE_QUERY_DRIVER_SPECIFIC + FXP_DQ_THREADS ? q->end : q->end - q->start;
         break;
      }
      return false;
   }
   return true;
}

static bool
fxp_get_query_result(struct pipe_context *pipe, struct pipe_query *pq, bool wait,
                     union pipe_query_result *result)
{
   fxp_context_sync(fxp_context(pipe), FXP_SYNC_QUERY);
   return query_result((const struct fxp_query *)pq, result);
}

/* Query types whose result is union pipe_query_result's b (the predicates). */
static bool
result_is_bool(unsigned type)
{
   switch (type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
   case PIPE_QUERY_GPU_FINISHED:
      return true;
   default:
      return false;
   }
}

/* The one value of a result GL stores (ARB_query_buffer_object): predicates 0 or 1, PIPELINE_STATISTICS its
 * counter `index` (enum pipe_statistics_query_index), SO_STATISTICS primitives written (0) or needed (1).
 * False if the query has no such value. */
static bool
result_value(const struct fxp_query *q, const union pipe_query_result *r, int index, uint64_t *value)
{
   if (result_is_bool(q->type)) {
      *value = r->b ? 1 : 0;
      return true;
   }
   switch (q->type) {
   case PIPE_QUERY_PIPELINE_STATISTICS:
      if (index < 0 || (unsigned)index >= ARRAY_SIZE(r->pipeline_statistics.counters))
         return false;
      *value = r->pipeline_statistics.counters[index];
      return true;
   case PIPE_QUERY_SO_STATISTICS:
      if (index != 0 && index != 1)
         return false;
      *value = index ? r->so_statistics.primitives_storage_needed : r->so_statistics.num_primitives_written;
      return true;
   case PIPE_QUERY_TIMESTAMP_DISJOINT:
      *value = r->timestamp_disjoint.disjoint ? 1 : 0;
      return true;
   default:
      *value = r->u64;
      return true;
   }
}

/* ARB_query_buffer_object: the result (index >= 0) or its availability (index -1: 1 when available) written
 * at byte `offset` of a buffer as an I32, U32, I64 or U64, saturated to the type's largest value (as Mesa's
 * glGetQueryObject does on the CPU: a 32-bit read of a larger count gives the largest 32-bit value). Every
 * command has completed when it returns, so an ended query is available and PIPE_QUERY_WAIT has nothing to
 * wait for; a query still active (GL never asks) is not: its availability is 0, and its result is written
 * only when told to wait, as counted so far. A write that would leave the buffer, into something other than
 * a buffer, or of a value the query does not have, is refused and writes nothing. */
static void
fxp_get_query_result_resource(struct pipe_context *pipe, struct pipe_query *pq, enum pipe_query_flags flags,
                              enum pipe_query_value_type type, int index, struct pipe_resource *resource,
                              unsigned offset)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_query *q = (struct fxp_query *)pq;
   const unsigned size_B = type == PIPE_QUERY_TYPE_I64 || type == PIPE_QUERY_TYPE_U64 ? 8 : 4;

   fxp_context_sync(ctx, FXP_SYNC_QUERY);
   if (!q || !resource || resource->target != PIPE_BUFFER || offset > resource->width0 ||
       resource->width0 - offset < size_B) {
      fxp_ctx_refuse(ctx, "a query result of %u bytes at byte %u of a %u-byte %s" FXP_GL_NO_QUERY_STORE, size_B,
                     offset, resource ? resource->width0 : 0,
                     resource && resource->target == PIPE_BUFFER ? "buffer" : "resource that is not a buffer");
      return;
   }
   uint64_t v;
   if (index < 0) {
      v = !q->active;
   } else {
      if (q->active && !(flags & PIPE_QUERY_WAIT))
         return; /* not available: GL's QUERY_RESULT_NO_WAIT leaves the buffer alone */
      if (q->active) {
         q->end = fxp_query_counter(ctx, q->type, query_stream(q));
         q->end2 = ctx->prims_generated[query_stream(q)];
         q->stats_end = ctx->stats;
      }
      union pipe_query_result r;
      memset(&r, 0, sizeof(r));
      if (!query_result(q, &r) || !result_value(q, &r, index, &v)) {
         fxp_ctx_refuse(ctx, "value %d of a query of type %u into a buffer" FXP_GL_NO_QUERY_STORE, index,
                        q->type);
         return;
      }
   }
   switch (type) {
   case PIPE_QUERY_TYPE_I32: v = MIN2(v, (uint64_t)INT32_MAX); break;
   case PIPE_QUERY_TYPE_U32: v = MIN2(v, (uint64_t)UINT32_MAX); break;
   case PIPE_QUERY_TYPE_I64: v = MIN2(v, (uint64_t)INT64_MAX); break;
   case PIPE_QUERY_TYPE_U64: break;
   }
   struct fxp_resource *res = fxp_resource(resource);
   uint8_t *base = fxp_resource_map(res);
   if (!base) {
      fxp_ctx_refuse(ctx, "a query result into a buffer that cannot be mapped" FXP_GL_NO_QUERY_STORE);
      return;
   }
   if (size_B == 8) {
      memcpy(base + offset, &v, 8); /* little-endian hosts: the buffer holds GL's layout */
   } else {
      const uint32_t v32 = (uint32_t)v;
      memcpy(base + offset, &v32, 4);
   }
   fxp_resource_unmap(res);
}

/* While a query is active its end is the current counter, so that a result read mid-query (conditional
 * rendering on a running query is undefined in GL; this keeps it harmless) is what has been counted. */
bool
fxp_render_condition_passes(struct fxp_context *ctx)
{
   struct fxp_query *q = (struct fxp_query *)ctx->render_cond_query;
   union pipe_query_result result;

   if (!q)
      return true;
   if (q->active) {
      q->end = fxp_query_counter(ctx, q->type, query_stream(q));
      q->end2 = ctx->prims_generated[query_stream(q)];
      q->stats_end = ctx->stats;
   }
   memset(&result, 0, sizeof(result));
   if (!fxp_get_query_result(&ctx->base, (struct pipe_query *)q, true, &result))
      return true;
   bool value;
   if (result_is_bool(q->type))
      value = result.b;
   else if (q->type == PIPE_QUERY_SO_STATISTICS)
      value = result.so_statistics.num_primitives_written != 0;
   else if (q->type == PIPE_QUERY_PIPELINE_STATISTICS)
      value = true; /* not a predicate GL offers */
   else
      value = result.u64 != 0;
   /* render_condition's `condition`: skip when the result equals it */
   return value != ctx->render_cond_condition;
}

static void
fxp_set_active_query_state(struct pipe_context *pipe, bool enable)
{
   fxp_raster_close(fxp_context(pipe)); /* an open scene's samples count as queries were when it was drawn */
   fxp_context(pipe)->queries_enabled = enable;
}

void
fxp_init_query_functions(struct fxp_context *ctx)
{
   ctx->base.create_query = fxp_create_query;
   ctx->base.destroy_query = fxp_destroy_query;
   ctx->base.begin_query = fxp_begin_query;
   ctx->base.end_query = fxp_end_query;
   ctx->base.get_query_result = fxp_get_query_result;
   ctx->base.get_query_result_resource = fxp_get_query_result_resource;
   ctx->base.set_active_query_state = fxp_set_active_query_state;
}
