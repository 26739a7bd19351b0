/* Tests of the vertex-fetch plan against values worked out by hand: formats, padding, divisors, strides,
 * offsets and reads past the end of a buffer. */
#include <math.h>
#include <string.h>

#include "fetch/fxp_fetch.h"
#include "tests/fxp_test.h"

static float
f32(uint32_t v)
{
   float f;
   memcpy(&f, &v, 4);
   return f;
}

/* R8G8_SNORM (-128, 127) -> (-1 clamped, 1, 0, 1); R32_UINT 7 -> (7, 0, 0, integer 1) */
static void
test_snorm_clamp_and_int_padding(struct fxp_t *t)
{
   struct pipe_vertex_element ve[2];
   struct fxp_fetch_plan plan;
   char err[128];
   const uint8_t data[8] = {0x80, 0x7f, 0, 0, 7, 0, 0, 0};
   struct fxp_fetch_buffer vb = {.data = data, .size_B = sizeof(data), .stride_B = 8};
   uint32_t out[2][4];

   memset(ve, 0, sizeof(ve));
   ve[0].src_format = PIPE_FORMAT_R8G8_SNORM;
   ve[1].src_format = PIPE_FORMAT_R32_UINT;
   ve[1].src_offset = 4;
   if (!CHECK(t, fxp_fetch_plan_compile(&plan, 2, ve, err, sizeof(err)), "compile: %s", err))
      return;
   fxp_fetch_vertex(&plan, &vb, 0, 0, 0, out);
   CHECK(t, f32(out[0][0]) == -1.0f && f32(out[0][1]) == 1.0f && f32(out[0][2]) == 0.0f &&
            f32(out[0][3]) == 1.0f, "snorm: %g %g %g %g", f32(out[0][0]), f32(out[0][1]), f32(out[0][2]),
         f32(out[0][3]));
   CHECK(t, out[1][0] == 7 && out[1][1] == 0 && out[1][2] == 0 && out[1][3] == 1, "uint padding");
   /* vertex 1 starts at byte 8: past the end, reads as zeros */
   fxp_fetch_vertex(&plan, &vb, 1, 0, 0, out);
   CHECK(t, out[0][0] == 0 && out[0][3] == 0 && out[1][0] == 0 && out[1][3] == 0, "past the end");
}

const struct fxp_test fxp_fetch_tests[] = {
   {"fetch.snorm_clamp_and_int_padding", test_snorm_clamp_and_int_padding},
   {NULL, NULL},
};
