/* Tests of the screen and context basics: identity and IR caps, fences, queries, the draw stub (renders
 * nothing, changes nothing), presenting a display target through the headless winsys, FXPIPE_DEBUG=help's
 * list and a refusal's message naming its GL consequence (fxp_debug.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/u_inlines.h"
#include "frontend/sw_winsys.h"
#include "fxp_headless.h"
#include "fxp_screen.h"
#include "fxp_debug.h"
#include "tests/fxp_test.h"

static void
test_identity(struct fxp_t *t)
{
   CHECK(t, !strcmp(t->screen->get_name(t->screen), "fxpipe"), "name is %s",
         t->screen->get_name(t->screen));
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_VERTEX, PIPE_SHADER_CAP_PREFERRED_IR),
              PIPE_SHADER_IR_NIR);
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_VERTEX, PIPE_SHADER_CAP_SUPPORTED_IRS),
              (1u << PIPE_SHADER_IR_NIR) | (1u << PIPE_SHADER_IR_TGSI));
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_FRAGMENT, PIPE_SHADER_CAP_PREFERRED_IR),
              PIPE_SHADER_IR_NIR);
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_FRAGMENT, PIPE_SHADER_CAP_SUPPORTED_IRS),
              (1u << PIPE_SHADER_IR_NIR) | (1u << PIPE_SHADER_IR_TGSI));
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_PREFERRED_IR),
              PIPE_SHADER_IR_NIR);
   CHECK_EQ_U(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_SUPPORTED_IRS),
              (1u << PIPE_SHADER_IR_NIR) | (1u << PIPE_SHADER_IR_TGSI));
   /* tessellation (draw/fxp_tess.c): both stages, GL's 30 patch varyings, the TES's layer and viewport */
   CHECK(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_TESS_CTRL, PIPE_SHADER_CAP_MAX_INSTRUCTIONS) > 0,
         "tess: TCS not claimed");
   CHECK(t, t->screen->get_shader_param(t->screen, PIPE_SHADER_TESS_EVAL, PIPE_SHADER_CAP_MAX_INSTRUCTIONS) > 0,
         "tess: TES not claimed");
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_MAX_SHADER_PATCH_VARYINGS), 32);
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_TES_LAYER_VIEWPORT), 1);
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_GLSL_FEATURE_LEVEL), 460);
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_COMPUTE), 1);
   uint64_t threads = 0;
   CHECK_EQ_U(t, t->screen->get_compute_param(t->screen, PIPE_SHADER_IR_TGSI, PIPE_COMPUTE_CAP_MAX_THREADS_PER_BLOCK,
                                              &threads), sizeof(threads));
   CHECK_EQ_U(t, threads, 1024);
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS), 4);
   CHECK_EQ_U(t, t->screen->get_param(t->screen, PIPE_CAP_MAX_TEXTURE_2D_SIZE), 16384);
}

static void
test_fence(struct fxp_t *t)
{
   struct pipe_fence_handle *fence = NULL, *copy = NULL;

   t->pipe->flush(t->pipe, &fence, 0);
   if (!CHECK(t, fence != NULL, "flush gave no fence"))
      return;
   t->screen->fence_reference(t->screen, &copy, fence);
   CHECK(t, copy == fence, "fence reference");
   CHECK(t, t->screen->fence_finish(t->screen, t->pipe, fence, 0), "fence not signalled");
   t->screen->fence_reference(t->screen, &fence, NULL);
   t->screen->fence_reference(t->screen, &copy, NULL);
   CHECK(t, fence == NULL && copy == NULL, "fence release");
}

static void
test_queries(struct fxp_t *t)
{
   struct pipe_context *p = t->pipe;
   union pipe_query_result r;
   struct pipe_query *occ = p->create_query(p, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   struct pipe_query *pred = p->create_query(p, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
   struct pipe_query *ts0 = p->create_query(p, PIPE_QUERY_TIMESTAMP, 0);
   struct pipe_query *ts1 = p->create_query(p, PIPE_QUERY_TIMESTAMP, 0);

   if (!CHECK(t, occ && pred && ts0 && ts1, "query creation"))
      return;
   CHECK(t, p->create_query(p, PIPE_QUERY_PIPELINE_STATISTICS_SINGLE, PIPE_STAT_QUERY_CS_INVOCATIONS + 1) == NULL,
         "a pipeline statistic that does not exist must be refused");
   CHECK(t, p->create_query(p, PIPE_QUERY_PRIMITIVES_GENERATED, PIPE_MAX_VERTEX_STREAMS) == NULL,
         "a stream-output query on vertex stream %u (there are %u) must be refused", PIPE_MAX_VERTEX_STREAMS,
         PIPE_MAX_VERTEX_STREAMS);
   struct pipe_query *gen3 = p->create_query(p, PIPE_QUERY_PRIMITIVES_GENERATED, 3);
   if (CHECK(t, gen3 != NULL, "primitives generated on vertex stream 3")) {
      p->begin_query(p, gen3);
      p->end_query(p, gen3);
      memset(&r, 0xff, sizeof(r));
      CHECK(t, p->get_query_result(p, gen3, true, &r) && r.u64 == 0, "nothing generated on stream 3");
      p->destroy_query(p, gen3);
   }
   p->begin_query(p, occ);
   p->begin_query(p, pred);
   p->end_query(p, ts0);
   p->end_query(p, ts1);
   p->end_query(p, occ);
   p->end_query(p, pred);
   memset(&r, 0xff, sizeof(r));
   CHECK(t, p->get_query_result(p, occ, true, &r), "occlusion result");
   CHECK_EQ_U(t, r.u64, 0); /* nothing was drawn */
   CHECK(t, p->get_query_result(p, pred, true, &r) && r.b == false, "occlusion predicate");
   uint64_t a = 0, b = 0;
   p->get_query_result(p, ts0, true, &r);
   a = r.u64;
   p->get_query_result(p, ts1, true, &r);
   b = r.u64;
   CHECK(t, a > 0 && b >= a, "timestamps %llu then %llu", (unsigned long long)a, (unsigned long long)b);
   p->destroy_query(p, occ);
   p->destroy_query(p, pred);
   p->destroy_query(p, ts0);
   p->destroy_query(p, ts1);
}

/* A draw must not render anything (drawing is not implemented) and must not crash with no state bound. */
static void
test_draw_renders_nothing(struct fxp_t *t)
{
   struct pipe_resource *rt = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1,
                                            PIPE_BIND_RENDER_TARGET);
   struct pipe_surface tmpl = {.format = PIPE_FORMAT_R8G8B8A8_UNORM}, *surf;
   struct pipe_framebuffer_state fb = {.width = 4, .height = 4, .nr_cbufs = 1};
   union pipe_color_union c = {.f = {0, 1, 0, 1}};
   struct pipe_draw_info info = {.mode = PIPE_PRIM_TRIANGLES, .instance_count = 1};
   struct pipe_draw_start_count_bias draw = {.start = 0, .count = 3};
   uint8_t px[4];

   surf = t->pipe->create_surface(t->pipe, rt, &tmpl);
   fb.cbufs[0] = surf;
   t->pipe->set_framebuffer_state(t->pipe, &fb);
   t->pipe->clear(t->pipe, PIPE_CLEAR_COLOR0, NULL, &c, 0, 0);
   t->pipe->draw_vbo(t->pipe, &info, 0, NULL, &draw, 1);
   fxp_t_read(t, rt, 0, 2, 2, 0, px, 4);
   CHECK(t, px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255, "pixel %u %u %u %u", px[0], px[1],
         px[2], px[3]);
   struct pipe_framebuffer_state empty = {0};
   t->pipe->set_framebuffer_state(t->pipe, &empty);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&rt, NULL);
}

/* A display target cleared and presented reaches the winsys with the cleared value. */
static void
test_present(struct fxp_t *t)
{
   struct pipe_resource *rt = fxp_t_texture(t, PIPE_TEXTURE_2D, PIPE_FORMAT_B8G8R8A8_UNORM, 7, 5, 1, 1, 1,
                                            PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET);
   struct pipe_surface tmpl = {.format = PIPE_FORMAT_B8G8R8A8_UNORM}, *surf;
   union pipe_color_union c = {.f = {1.0f, 0.0f, 0.2f, 1.0f}};
   struct fxp_headless_frame frame;

   if (!CHECK(t, rt != NULL, "display target creation"))
      return;
   surf = t->pipe->create_surface(t->pipe, rt, &tmpl);
   t->pipe->clear_render_target(t->pipe, surf, &c, 0, 0, 7, 5, false);
   t->pipe->flush(t->pipe, NULL, 0);
   CHECK(t, !fxp_headless_last_frame(fxp_screen(t->screen)->winsys, &frame), "presented too early");
   t->screen->flush_frontbuffer(t->screen, t->pipe, rt, 0, 0, NULL, NULL);
   if (CHECK(t, fxp_headless_last_frame(fxp_screen(t->screen)->winsys, &frame), "nothing presented")) {
      CHECK_EQ_U(t, frame.width, 7);
      CHECK_EQ_U(t, frame.height, 5);
      CHECK_EQ_U(t, frame.present_count, 1);
      const uint8_t *px = frame.data + 4 * frame.stride_B + 6 * 4; /* last pixel: B, G, R, A */
      CHECK(t, px[0] == 51 && px[1] == 0 && px[2] == 255 && px[3] == 255, "presented %u %u %u %u", px[0],
            px[1], px[2], px[3]);
   }
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&rt, NULL);
}

/* Reads the whole of f (rewound) into a NUL-terminated buffer the caller frees. */
static char *
slurp(FILE *f)
{
   fflush(f);
   const long n = ftell(f);
   char *s = calloc(1, n > 0 ? n + 1 : 1);
   rewind(f);
   if (s && n > 0 && fread(s, 1, n, f) != (size_t)n)
      s[0] = 0;
   return s;
}

static void
test_debug_help(struct fxp_t *t)
{
   static const char *const flags[] = {"todo", "refuse", "resource", "nofast", "guard", "perf",
                                       "nouniform", "nosimple", "nofuse", "noruns", "nofwd", "notexfast", "checkstate", "checksync", "sync",
                                       "slowraster", "tgsi", "all", "help"};
   FILE *f = tmpfile();
   if (!CHECK(t, f != NULL, "tmpfile"))
      return;
   fxp_debug_help(f);
   char *s = slurp(f);
   fclose(f);
   if (!CHECK(t, s != NULL, "help text read"))
      return;
   /* every flag of fxp_debug.h's table, one line each: "fxpipe:   NAME  description" */
   for (unsigned i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
      char line[32];
      snprintf(line, sizeof(line), "\nfxpipe:   %-10s ", flags[i]);
      CHECK(t, strstr(s, line) != NULL, "FXPIPE_DEBUG=help lists %s", flags[i]);
   }
   unsigned lines = 0;
   for (const char *p = s; *p; p++)
      lines += *p == '\n';
   CHECK_EQ_U(t, lines, 2 + sizeof(flags) / sizeof(flags[0])); /* a heading, the flags, the FXPIPE_DEBUG=1 rule */
   free(s);
}

/* FXPIPE_DEBUG=refuse's line for a texture fxpipe refuses says what was refused and what GL shows of it. */
static void
test_refusal_names_gl_consequence(struct fxp_t *t)
{
   FILE *f = tmpfile();
   if (!CHECK(t, f != NULL, "tmpfile"))
      return;
   const unsigned flags = fxp_debug_flags;
   fflush(stderr);
   const int saved = dup(2);
   dup2(fileno(f), 2);
   fxp_debug_flags |= FXP_DBG_REFUSE;
   struct pipe_resource tmpl = {
      .target = PIPE_TEXTURE_3D, .format = PIPE_FORMAT_R8G8B8A8_UNORM, .width0 = 4096, .height0 = 4,
      .depth0 = 4, .array_size = 1, .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *r = t->screen->resource_create(t->screen, &tmpl);
   fxp_debug_flags = flags;
   fflush(stderr);
   dup2(saved, 2);
   close(saved);
   char *s = slurp(f);
   fclose(f);
   CHECK(t, r == NULL, "a 3D texture 4096 wide is refused");
   pipe_resource_reference(&r, NULL);
   CHECK(t, s && strstr(s, "fxpipe: refused: 3D texture larger than 2048" FXP_GL_NO_RESOURCE "\n") != NULL,
         "the refusal says what GL shows of it: \"%s\"", s ? s : "");
   CHECK(t, s && strstr(s, "; GL: GL_OUT_OF_MEMORY from the glTexImage*") != NULL, "the GL consequence's text");
   free(s);
}

const struct fxp_test fxp_screen_tests[] = {
   {"screen.identity", test_identity},
   {"screen.fence", test_fence},
   {"context.queries", test_queries},
   {"context.draw_renders_nothing", test_draw_renders_nothing},
   {"screen.present_headless", test_present},
   {"debug.help_lists_every_flag", test_debug_help},
   {"debug.refusal_names_gl_consequence", test_refusal_names_gl_consequence},
   {NULL, NULL},
};
