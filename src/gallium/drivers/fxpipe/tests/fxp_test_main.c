/* Runs every table of unit tests (or those whose name contains argv[1]) on the headless winsys, each test
 * on a new screen and context, and prints one line per test and `N passed, N failed`. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "fxp_headless.h"
#include "tests/fxp_test.h"

extern const struct fxp_test fxp_formats_tests[], fxp_screen_tests[], fxp_resource_tests[],
   fxp_transfer_tests[], fxp_clear_tests[], fxp_blit_tests[], fxp_state_tests[],
   fxp_fetch_tests[], fxp_fxt1_tests[], fxp_sampler_tests[], fxp_so_tests[], fxp_draw_sv_tests[],
   fxp_fxt1_encode_tests[], fxp_gs_tests[], fxp_pool_tests[], fxp_setup_tests[], fxp_coverage_tests[], fxp_image_tests[], fxp_scene_tests[],
   fxp_fragment_fast_tests[],
   fxp_watchdog_tests[], fxp_vmath_tests[], fxp_fxt1_texstore_tests[], fxp_decompose_tests[],
   fxp_query_tests[], fxp_tess_tests[], fxp_clip_vertex_tests[], fxp_storage_tests[], fxp_fs_copy_tests[],
   fxp_sync_tests[];

static const struct fxp_test *const tables[] = {
   fxp_formats_tests, fxp_screen_tests, fxp_resource_tests, fxp_transfer_tests, fxp_clear_tests,
   fxp_blit_tests, fxp_state_tests, fxp_fetch_tests, fxp_fxt1_tests, fxp_sampler_tests, fxp_so_tests,
   fxp_draw_sv_tests, fxp_fxt1_encode_tests, fxp_gs_tests, fxp_pool_tests, fxp_setup_tests, fxp_coverage_tests, fxp_image_tests, fxp_scene_tests,
   fxp_fragment_fast_tests,
   fxp_watchdog_tests, fxp_vmath_tests, fxp_fxt1_texstore_tests, fxp_decompose_tests, fxp_query_tests,
   fxp_tess_tests, fxp_clip_vertex_tests, fxp_storage_tests, fxp_fs_copy_tests, fxp_sync_tests,
};

bool
fxp_check_impl(struct fxp_t *t, bool ok, const char *file, int line, const char *fmt, ...)
{
   t->checks++;
   if (ok)
      return true;
   if (t->failures++ < 20) {
      va_list ap;
      va_start(ap, fmt);
      fprintf(stdout, "   %s:%d: ", file, line);
      vfprintf(stdout, fmt, ap);
      fputc('\n', stdout);
      va_end(ap);
   }
   return false;
}

struct pipe_resource *
fxp_t_texture(struct fxp_t *t, enum pipe_texture_target target, enum pipe_format format, unsigned w,
              unsigned h, unsigned d, unsigned layers, unsigned levels, unsigned bind)
{
   struct pipe_resource templ;

   memset(&templ, 0, sizeof(templ));
   templ.target = target;
   templ.format = format;
   templ.width0 = w;
   templ.height0 = h;
   templ.depth0 = d;
   templ.array_size = layers;
   templ.last_level = levels - 1;
   templ.bind = bind;
   return t->screen->resource_create(t->screen, &templ);
}

void *
fxp_t_shader(struct fxp_t *t, const char *text, enum pipe_shader_type stage,
             const struct pipe_stream_output_info *so)
{
   static struct tgsi_token tokens[8192];
   struct pipe_shader_state state;
   struct pipe_context *p = t->pipe;

   if (!CHECK(t, tgsi_text_translate(text, tokens, ARRAY_SIZE(tokens)), "TGSI text does not parse:\n%s", text))
      return NULL;
   memset(&state, 0, sizeof(state));
   state.type = PIPE_SHADER_IR_TGSI;
   state.tokens = tokens;
   if (so)
      state.stream_output = *so;
   void *cso = NULL;
   switch (stage) {
   case PIPE_SHADER_VERTEX: cso = p->create_vs_state(p, &state); break;
   case PIPE_SHADER_TESS_CTRL: cso = p->create_tcs_state(p, &state); break;
   case PIPE_SHADER_TESS_EVAL: cso = p->create_tes_state(p, &state); break;
   case PIPE_SHADER_GEOMETRY: cso = p->create_gs_state(p, &state); break;
   case PIPE_SHADER_FRAGMENT: cso = p->create_fs_state(p, &state); break;
   default: CHECK(t, false, "fxp_t_shader: stage %u is not a graphics stage", stage); return NULL;
   }
   CHECK(t, cso != NULL, "shader CSO not created");
   return cso;
}

void
fxp_so_env_rasterizer(struct fxp_t *t, struct fxp_so_env *e, bool discard, bool first)
{
   const struct pipe_rasterizer_state rs = {
      .rasterizer_discard = discard, .flatshade_first = first, .cull_face = PIPE_FACE_NONE,
      .fill_front = PIPE_POLYGON_MODE_FILL, .fill_back = PIPE_POLYGON_MODE_FILL, .half_pixel_center = 1,
      .depth_clip_near = 1, .depth_clip_far = 1, .point_size = 1.0f, .line_width = 1.0f,
   };

   if (e->rast) {
      t->pipe->bind_rasterizer_state(t->pipe, NULL);
      t->pipe->delete_rasterizer_state(t->pipe, e->rast);
   }
   e->rast = t->pipe->create_rasterizer_state(t->pipe, &rs);
   t->pipe->bind_rasterizer_state(t->pipe, e->rast);
}

void
fxp_so_env_begin(struct fxp_t *t, struct fxp_so_env *e, const char *vs_text, const char *fs_text,
                 unsigned num_vb, unsigned so_size_B, bool discard)
{
   struct pipe_context *p = t->pipe;
   const struct pipe_vertex_element ve = {.src_format = PIPE_FORMAT_R32_FLOAT};
   float *data = calloc(num_vb ? num_vb : 1, sizeof(float));

   memset(e, 0, sizeof(*e));
   for (unsigned v = 0; data && v < num_vb; v++)
      data[v] = (float)v;
   e->vb = fxp_t_buffer(t, num_vb * sizeof(float));
   if (CHECK(t, e->vb != NULL && data != NULL, "vertex buffer not created"))
      p->buffer_subdata(p, e->vb, PIPE_MAP_WRITE, 0, num_vb * sizeof(float), data);
   free(data);
   e->velems = p->create_vertex_elements_state(p, 1, &ve);
   p->bind_vertex_elements_state(p, e->velems);
   const struct pipe_vertex_buffer vb = {.stride = 4, .buffer.resource = e->vb};
   p->set_vertex_buffers(p, 0, 1, 0, false, &vb);
   e->vs = fxp_t_shader(t, vs_text, PIPE_SHADER_VERTEX, NULL);
   e->fs = fxp_t_shader(t, fs_text, PIPE_SHADER_FRAGMENT, NULL);
   p->bind_vs_state(p, e->vs);
   p->bind_fs_state(p, e->fs);
   fxp_so_env_rasterizer(t, e, discard, false);
   e->sob = fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, so_size_B, 1, 1, 1, 1, PIPE_BIND_STREAM_OUTPUT);
   if (CHECK(t, e->sob != NULL, "stream-output buffer not created"))
      e->so = p->create_stream_output_target(p, e->sob, 0, so_size_B);
   CHECK(t, e->so != NULL, "stream-output target not created");
}

void
fxp_so_env_end(struct fxp_t *t, struct fxp_so_env *e)
{
   struct pipe_context *p = t->pipe;

   p->set_stream_output_targets(p, 0, NULL, NULL);
   p->set_vertex_buffers(p, 0, 0, 1, false, NULL);
   p->bind_vs_state(p, NULL);
   p->bind_fs_state(p, NULL);
   p->bind_tcs_state(p, NULL);
   p->bind_tes_state(p, NULL);
   p->bind_gs_state(p, NULL);
   p->bind_vertex_elements_state(p, NULL);
   p->bind_rasterizer_state(p, NULL);
   if (e->vs)
      p->delete_vs_state(p, e->vs);
   if (e->fs)
      p->delete_fs_state(p, e->fs);
   p->delete_vertex_elements_state(p, e->velems);
   p->delete_rasterizer_state(p, e->rast);
   if (e->so)
      p->stream_output_target_destroy(p, e->so);
   pipe_resource_reference(&e->sob, NULL);
   pipe_resource_reference(&e->vb, NULL);
}

struct pipe_resource *
fxp_t_buffer(struct fxp_t *t, unsigned size_B)
{
   return fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, size_B, 1, 1, 1, 1,
                        PIPE_BIND_VERTEX_BUFFER);
}

static uint8_t *
fxp_t_map(struct fxp_t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
          unsigned z, unsigned usage, struct pipe_transfer **xfer)
{
   struct pipe_box box;

   u_box_3d(x, y, z, 1, 1, 1, &box);
   return t->pipe->texture_map(t->pipe, res, level, usage, &box, xfer);
}

void
fxp_t_read(struct fxp_t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
           unsigned z, void *out, unsigned size_B)
{
   struct pipe_transfer *xfer;
   uint8_t *p = fxp_t_map(t, res, level, x, y, z, PIPE_MAP_READ, &xfer);

   if (!CHECK(t, p != NULL, "map of (%u,%u,%u) level %u failed", x, y, z, level)) {
      memset(out, 0xcd, size_B);
      return;
   }
   memcpy(out, p, size_B);
   t->pipe->texture_unmap(t->pipe, xfer);
}

void
fxp_t_write(struct fxp_t *t, struct pipe_resource *res, unsigned level, unsigned x, unsigned y,
            unsigned z, const void *in, unsigned size_B)
{
   struct pipe_transfer *xfer;
   uint8_t *p = fxp_t_map(t, res, level, x, y, z, PIPE_MAP_WRITE, &xfer);

   if (!CHECK(t, p != NULL, "map of (%u,%u,%u) level %u failed", x, y, z, level))
      return;
   memcpy(p, in, size_B);
   t->pipe->texture_unmap(t->pipe, xfer);
}

int
main(int argc, char **argv)
{
   const char *filter = argc > 1 ? argv[1] : NULL;
   unsigned passed = 0, failed = 0;

   for (unsigned i = 0; i < sizeof(tables) / sizeof(tables[0]); i++) {
      for (const struct fxp_test *test = tables[i]; test->name; test++) {
         struct fxp_t t = {.name = test->name};

         if (filter && !strstr(test->name, filter))
            continue;
         t.screen = fxp_headless_screen_create();
         t.pipe = t.screen ? t.screen->context_create(t.screen, NULL, 0) : NULL;
         if (!t.pipe) {
            printf("FAIL %s: no headless screen or context\n", test->name);
            failed++;
            continue;
         }
         test->run(&t);
         t.pipe->destroy(t.pipe);
         t.screen->destroy(t.screen);
         if (t.failures || !t.checks) {
            printf("FAIL %s (%u of %u checks failed)\n", test->name, t.failures, t.checks);
            failed++;
         } else {
            printf("ok   %s (%u checks)\n", test->name, t.checks);
            passed++;
         }
      }
   }
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
