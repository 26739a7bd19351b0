/* Queries: occlusion counts and predicates (the fragment stage adds to ctx->samples_passed), timestamps and
 * elapsed time (CPU clock, nanoseconds), GPU_FINISHED and TIMESTAMP_DISJOINT. Every command has completed when
 * it returns, so results are always available. Query types fxpipe does not implement are refused. */
#include "util/os_time.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"

struct fxp_query {
   enum pipe_query_type type;
   uint64_t start, end;          /* counter or clock at begin and end */
   bool active;
   struct list_head link;        /* in ctx->active_queries while active */
};

static uint64_t
fxp_query_counter(struct fxp_context *ctx, enum pipe_query_type type)
{
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      return ctx->samples_passed;
   default:
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
      break;
   default:
      fxp_refuse("query type %u", type);
      return NULL;
   }
   q = CALLOC_STRUCT(fxp_query);
   if (!q)
      return NULL;
   q->type = type;
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

   if (q->active)
      list_del(&q->link);
   q->start = q->end = fxp_query_counter(ctx, q->type);
   q->active = true;
   list_addtail(&q->link, &ctx->active_queries);
   return true;
}

static bool
fxp_end_query(struct pipe_context *pipe, struct pipe_query *pq)
{
   struct fxp_context *ctx = fxp_context(pipe);
   struct fxp_query *q = (struct fxp_query *)pq;

   q->end = fxp_query_counter(ctx, q->type);
   if (q->type == PIPE_QUERY_TIMESTAMP)
      q->start = q->end;
   if (q->active) {
      list_del(&q->link);
      q->active = false;
   }
   return true;
}

static bool
fxp_get_query_result(struct pipe_context *pipe, struct pipe_query *pq, bool wait,
                     union pipe_query_result *result)
{
   struct fxp_query *q = (struct fxp_query *)pq;

   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_TIME_ELAPSED:
      result->u64 = q->end - q->start;
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
   default:
      return false;
   }
   return true;
}

static void
fxp_set_active_query_state(struct pipe_context *pipe, bool enable)
{
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
   ctx->base.set_active_query_state = fxp_set_active_query_state;
}
