/* Runs every table of unit tests (or those whose name contains argv[1]) on the headless winsys, each test
 * on a new screen and context, and prints one line per test and `N passed, N failed`. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_box.h"
#include "util/u_inlines.h"
#include "fxp_headless.h"
#include "tests/fxp_test.h"

extern const struct fxp_test fxp_formats_tests[], fxp_screen_tests[], fxp_resource_tests[],
   fxp_transfer_tests[], fxp_clear_tests[], fxp_blit_tests[], fxp_state_tests[],
   fxp_fetch_tests[], fxp_fxt1_tests[], fxp_sampler_tests[], fxp_so_tests[], fxp_draw_sv_tests[],
   fxp_fxt1_encode_tests[], fxp_gs_tests[], fxp_pool_tests[], fxp_setup_tests[], fxp_scene_tests[],
   fxp_watchdog_tests[], fxp_vmath_tests[], fxp_fxt1_texstore_tests[], fxp_decompose_tests[],
   fxp_query_tests[], fxp_tess_tests[];

static const struct fxp_test *const tables[] = {
   fxp_formats_tests, fxp_screen_tests, fxp_resource_tests, fxp_transfer_tests, fxp_clear_tests,
   fxp_blit_tests, fxp_state_tests, fxp_fetch_tests, fxp_fxt1_tests, fxp_sampler_tests, fxp_so_tests,
   fxp_draw_sv_tests, fxp_fxt1_encode_tests, fxp_gs_tests, fxp_pool_tests, fxp_setup_tests, fxp_scene_tests,
   fxp_watchdog_tests, fxp_vmath_tests, fxp_fxt1_texstore_tests, fxp_decompose_tests, fxp_query_tests,
   fxp_tess_tests,
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
