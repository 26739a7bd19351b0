/* FXPIPE_DEBUG=perf's report of the paths a draw takes, as llvmpipe's LP_PERF does: the engine's
 * instruction-set table, the vertex fetch of each element (fast or general, and why), each shader's decoded
 * form (instructions run a batch, simple forms, fused runs, uniform work), the per-fragment back end (fast
 * or general, and why), early depth-stencil tests (and why not), batches shared between triangles, and each
 * fragment sampler (fast or general, and why). One line, printed when it differs from the context's last
 * one, so once per change of the state that decides it. Called by the rasterizer's setup of a draw
 * (raster/fxp_raster.c) only under FXPIPE_DEBUG=perf. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fetch/fxp_fetch.h"
#include "fragment/fxp_fragment.h"
#include "sampler/fxp_sampler.h"
#include "shader/fxp_shader.h"

#define PATHS_MAX_B 2048 /* the line's size; longer reports are cut there */

struct line {
   char text[PATHS_MAX_B];
   size_t len;
};

static void __attribute__((format(printf, 2, 3)))
add(struct line *l, const char *fmt, ...)
{
   if (l->len >= sizeof(l->text) - 1)
      return;
   va_list ap;
   va_start(ap, fmt);
   const int n = vsnprintf(l->text + l->len, sizeof(l->text) - l->len, fmt, ap);
   va_end(ap);
   if (n > 0)
      l->len = MIN2(l->len + (size_t)n, sizeof(l->text) - 1);
}

static void
add_program(struct line *l, const char *name, const struct fxp_shader *sh)
{
   if (!sh || !sh->prog)
      return;
   const struct fxp_program *p = sh->prog;
   add(l, " | %s %u instructions a batch (%u simple, %u while all lanes run, %u blending inside control flow, "
       "%u in fused runs, %u uniform once a dispatch, %u POW with a uniform exponent, %u uniform branches, "
       "%u 64-bit sources forwarded)", name, p->num_insts, p->num_simple, p->num_simple_when_full,
       p->num_simple_blend, p->num_fused, p->num_pre, p->num_pow_uniform, p->num_uniform_branches, p->num_fwd64);
}

void
fxp_paths_report(struct fxp_context *ctx, const struct fxp_fragment *f, const struct fxp_bindings *fs_bind,
                 const char *early_zs, bool shared_batches, bool fs_copy)
{
   struct line *l = calloc(1, sizeof(*l));
   if (!l)
      return;
   add(l, "paths: engine %s", fxp_isa_name(fxp_isa_chosen()));

   if (ctx->velems) {
      const struct fxp_fetch_plan *plan = &ctx->velems->plan;
      add(l, " | fetch");
      for (unsigned i = 0; i < plan->count; i++) {
         const struct fxp_fetch_elem *el = &plan->elems[i];
         const char *why = (fxp_debug_flags & FXP_DBG_NOFAST) ? "FXPIPE_DEBUG=nofast"
                           : !el->fast ? "format (not R32 to R32G32B32A32_FLOAT)"
                           : el->divisor ? "instanced" : NULL;
         add(l, "%s %u %s %s%s%s", i ? "," : "", i, util_format_short_name(el->format), why ? "general (" : "fast",
             why ? why : "", why ? ")" : "");
      }
   }
   add_program(l, "vs", ctx->vs);
   add_program(l, "gs", ctx->gs);
   add_program(l, "fs", ctx->fs);

   if (f->fast_frag) {
      add(l, " | fragment fast");
      for (unsigned i = 0; i < ctx->framebuffer.nr_cbufs; i++)
         if (ctx->framebuffer.cbufs[i] && f->fs_color[i] >= 0)
            add(l, " cbuf%u %s%s", i, util_format_short_name(ctx->framebuffer.cbufs[i]->format),
                f->fast_color_plain[i] ? " unblended" : f->fast_color_over[i] ? " over" : " blended");
      if (ctx->framebuffer.zsbuf)
         add(l, " depth %s%s", f->fast_depth ? util_format_short_name(ctx->framebuffer.zsbuf->format)
                                             : "general test",
             f->fast_stencil ? " with stencil" : "");
   } else {
      add(l, " | fragment general (%s)", f->fast_refused ? f->fast_refused : "?");
   }
   add(l, " | early depth-stencil %s", early_zs);
   add(l, " | batches shared between small triangles %s", shared_batches ? "on" : "off");
   if (fs_copy)
      add(l, " | fs only copies: its copies run instead of the engine");

   for (unsigned i = 0; fs_bind && i < PIPE_MAX_SAMPLERS; i++) {
      const struct fxp_sampler_binding *b = &fs_bind->samplers[i];
      if (!b->view)
         continue;
      if (b->fast)
         add(l, " | sampler %u %s fast%s%s", i, util_format_short_name(b->view->format),
             b->fast_level >= 0 ? (b->fast_linear ? " (one level, linear)" : " (one level, nearest)") : "",
             fxp_sampler_max_aniso(b) > 1 ? " (anisotropic: a batch a probe)" : "");
      else
         add(l, " | sampler %u %s general (%s)", i, util_format_short_name(b->view->format),
             b->fast_refused ? b->fast_refused : "?");
   }

   for (unsigned i = 0; fs_bind && i < fs_bind->num_images; i++) {
      const struct fxp_image_binding *b = &fs_bind->images[i];
      if (b->base)
         add(l, " | image %u %s %s", i, util_format_short_name(b->format), fxp_image_fast_name(b));
   }

   if (!ctx->paths_last || strcmp(ctx->paths_last, l->text)) {
      fxp_log("%s", l->text);
      free(ctx->paths_last);
      ctx->paths_last = strdup(l->text); /* NULL (out of memory): printed again next time */
   }
   free(l);
}
