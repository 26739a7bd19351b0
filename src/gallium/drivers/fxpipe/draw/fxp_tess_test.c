/* The tessellation stage through the real pipe_context path (draw_vbo of PIPE_PRIM_PATCHES -> fetch -> VS ->
 * TCS -> tessellator -> TES -> stream output), TGSI text shaders, rasterization discarded. Vertex buffer entry
 * v holds v; the VS passes (v, INSTANCEID, 0, 1) in GENERIC[0]; the TES's GENERIC[0] is captured by stream
 * output and PRIMITIVES_GENERATED counts what the tessellator made. Expected values worked out by hand from:
 *  - GL 4.6 10.1.15 / 11.2: a draw of patches takes patch_vertices vertices a patch; "If count is not a
 *    multiple of the patch size, the remaining vertices are ignored"; fewer than one patch draws nothing.
 *  - GL 4.6 11.2.2: a patch whose relevant outer levels (triangles 0-2, quads 0-3, isolines 0-1) include one
 *    <= 0 or NaN is discarded; levels are clamped to MAX_TESS_GEN_LEVEL (64 here: PIPE_CAP_MAX_TESS_FACTOR's
 *    reference tessellator). Without a TCS the levels are the defaults (glPatchParameterfv: set_tess_state).
 *  - Equal spacing, point mode (GL 4.6 11.2.2.1-2): the quad domain with every level n makes (n + 1)^2 points;
 *    the triangle domain with every level 1 makes its three corners, TESSCOORD (1, 0, 0), (0, 1, 0), (0, 0, 1)
 *    (in an order GL does not name: compared as a set).
 *  - gl_PrimitiveID in TCS and TES: the patch's number in the draw, from 0 in every instance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_inlines.h"
#include "tests/fxp_test.h"

#define NUM_VB 64
#define SO_VERTS 8192

static const char vs_text[] =
   "VERT\n"
   "DCL IN[0]\n"
   "DCL SV[0], INSTANCEID\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
   "  MOV OUT[0], IMM[0]\n"
   "  MOV OUT[1].x, IN[0].xxxx\n"
   "  I2F OUT[1].y, SV[0].xxxx\n"
   "  MOV OUT[1].zw, IMM[0].xxxw\n"
   "  END\n";

static const char fs_text[] =
   "FRAG\n"
   "DCL IN[0], GENERIC[0], CONSTANT\n"
   "DCL OUT[0], COLOR[0]\n"
   "  MOV OUT[0], IN[0]\n"
   "  END\n";

/* Triangle-domain point-mode TES: GENERIC[0] = (sum of TESSCOORD[k] * vertex k's value, PRIMID, vertex 0's
 * instance, 1) */
static const char tes_tri_text[] =
   "TESS_EVAL\n"
   "PROPERTY TES_PRIM_MODE 4\n"
   "PROPERTY TES_SPACING 2\n"
   "PROPERTY TES_VERTEX_ORDER_CW 0\n"
   "PROPERTY TES_POINT_MODE 1\n"
   "DCL IN[][0], POSITION\n"
   "DCL IN[][1], GENERIC[0]\n"
   "DCL SV[0], TESSCOORD\n"
   "DCL SV[1], PRIM_ID\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "DCL TEMP[0]\n"
   "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
   "  MOV OUT[0], IMM[0]\n"
   "  MUL TEMP[0].x, IN[0][1].xxxx, SV[0].xxxx\n"
   "  MAD TEMP[0].x, IN[1][1].xxxx, SV[0].yyyy, TEMP[0].xxxx\n"
   "  MAD OUT[1].x, IN[2][1].xxxx, SV[0].zzzz, TEMP[0].xxxx\n"
   "  U2F OUT[1].y, SV[1].xxxx\n"
   "  MOV OUT[1].z, IN[0][1].yyyy\n"
   "  MOV OUT[1].w, IMM[0].wwww\n"
   "  END\n";

/* Quad-domain point-mode TES: GENERIC[0] = (PATCH[0].x from the TCS, PRIMID, TESSCOORD.x, TESSCOORD.y) */
static const char tes_quad_text[] =
   "TESS_EVAL\n"
   "PROPERTY TES_PRIM_MODE 7\n"
   "PROPERTY TES_SPACING 2\n"
   "PROPERTY TES_VERTEX_ORDER_CW 0\n"
   "PROPERTY TES_POINT_MODE 1\n"
   "DCL IN[0], PATCH[0]\n"
   "DCL SV[0], TESSCOORD\n"
   "DCL SV[1], PRIM_ID\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
   "  MOV OUT[0], IMM[0]\n"
   "  MOV OUT[1].x, IN[0].xxxx\n"
   "  U2F OUT[1].y, SV[1].xxxx\n"
   "  MOV OUT[1].zw, SV[0].xxxy\n"
   "  END\n";

/* TCS of one output vertex: levels from CONST[0][0] (outer) and CONST[0][1] (inner), PATCH[0] = (input
 * vertex 1's value + 100 * PRIMID, ...) */
static const char tcs_text[] =
   "TESS_CTRL\n"
   "PROPERTY TCS_VERTICES_OUT 1\n"
   "DCL IN[][0], POSITION\n"
   "DCL IN[][1], GENERIC[0]\n"
   "DCL SV[0], PRIM_ID\n"
   "DCL OUT[0], TESSOUTER\n"
   "DCL OUT[1], TESSINNER\n"
   "DCL OUT[2], PATCH[0]\n"
   "DCL CONST[0][0..1]\n"
   "DCL TEMP[0]\n"
   "IMM[0] FLT32 {100.0, 0.0, 0.0, 1.0}\n"
   "  MOV OUT[0], CONST[0][0]\n"
   "  MOV OUT[1], CONST[0][1]\n"
   "  U2F TEMP[0].x, SV[0].xxxx\n"
   "  MAD OUT[2].x, TEMP[0].xxxx, IMM[0].xxxx, IN[1][1].xxxx\n"
   "  MOV OUT[2].yzw, IMM[0].yyyw\n"
   "  END\n";

/* One draw of patches (info/draw/indirect as given) with the TES (and TCS when not NULL) bound and its
 * GENERIC[0] captured into out[] (SO_VERTS x 4 floats, -1 where nothing was written). Returns
 * PRIMITIVES_GENERATED. */
static uint64_t
run_tess(struct fxp_t *t, struct fxp_so_env *e, const char *tcs_text_, const char *tes_text, unsigned patch_vertices,
         const float outer[4], const float inner[2], const struct pipe_draw_info *info,
         const struct pipe_draw_start_count_bias *draw, const struct pipe_draw_indirect_info *indirect, float *out)
{
   static const struct pipe_stream_output_info so = {
      .num_outputs = 1, .stride = {4}, .output = {{.register_index = 1, .num_components = 4}},
   };
   struct pipe_context *p = t->pipe;
   union pipe_query_result res;
   uint64_t generated = ~0ull;
   unsigned zero = 0;

   for (unsigned i = 0; i < SO_VERTS * 4; i++)
      out[i] = -1.0f;
   void *tcs = tcs_text_ ? fxp_t_shader(t, tcs_text_, PIPE_SHADER_TESS_CTRL, NULL) : NULL;
   void *tes = fxp_t_shader(t, tes_text, PIPE_SHADER_TESS_EVAL, &so);
   if (!tes || !e->so || (tcs_text_ && !tcs))
      return generated;
   p->buffer_subdata(p, e->sob, PIPE_MAP_WRITE, 0, SO_VERTS * 16, out);
   p->bind_tcs_state(p, tcs);
   p->bind_tes_state(p, tes);
   p->set_patch_vertices(p, patch_vertices);
   p->set_tess_state(p, outer, inner);
   p->set_stream_output_targets(p, 1, &e->so, &zero);
   struct pipe_query *q = p->create_query(p, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   if (CHECK(t, q != NULL, "PRIMITIVES_GENERATED query not created"))
      p->begin_query(p, q);
   p->draw_vbo(p, info, 0, indirect, draw, 1);
   if (q) {
      p->end_query(p, q);
      if (CHECK(t, p->get_query_result(p, q, true, &res), "no PRIMITIVES_GENERATED result"))
         generated = res.u64;
      p->destroy_query(p, q);
   }
   p->set_stream_output_targets(p, 0, NULL, NULL);
   p->bind_tes_state(p, NULL);
   p->bind_tcs_state(p, NULL);
   p->delete_tes_state(p, tes);
   if (tcs)
      p->delete_tcs_state(p, tcs);
   pipe_buffer_read(p, e->sob, 0, SO_VERTS * 16, out);
   return generated;
}

static int
cmp_float(const void *a, const void *b)
{
   const float x = *(const float *)a, y = *(const float *)b;
   return x < y ? -1 : x > y;
}

static const float ones4[4] = {1, 1, 1, 1}, ones2[2] = {1, 1};

/* No TCS, default levels 1: every patch's three corners, each the value of one of its vertices; a draw of 7
 * vertices in patches of 3 makes 2 patches (vertex 6 ignored); instanced, the same again per instance with
 * PRIMID from 0. */
static void
test_no_tcs_corners(struct fxp_t *t)
{
   struct fxp_so_env e;
   static float got[SO_VERTS * 4];
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, SO_VERTS * 16, true);
   for (unsigned instances = 1; instances <= 2; instances++) {
      const struct pipe_draw_info info = {.mode = PIPE_PRIM_PATCHES, .instance_count = instances};
      const struct pipe_draw_start_count_bias draw = {.start = 0, .count = 7};
      const uint64_t n = run_tess(t, &e, NULL, tes_tri_text, 3, ones4, ones2, &info, &draw, NULL, got);
      CHECK(t, n == 6 * instances, "%u instances: PRIMITIVES_GENERATED %llu, want %u", instances,
            (unsigned long long)n, 6 * instances);
      for (unsigned i = 0; i < instances; i++)
         for (unsigned patch = 0; patch < 2; patch++) {
            float xs[3];
            for (unsigned k = 0; k < 3; k++) {
               const float *r = &got[4 * ((i * 2 + patch) * 3 + k)];
               xs[k] = r[0];
               CHECK(t, r[1] == patch && r[2] == i && r[3] == 1.0f,
                     "instance %u patch %u point %u: (%g %g %g %g), want (vertex, %u, %u, 1)", i, patch, k, r[0],
                     r[1], r[2], r[3], patch, i);
            }
            qsort(xs, 3, sizeof(float), cmp_float);
            for (unsigned k = 0; k < 3; k++)
               CHECK(t, xs[k] == 3 * patch + k, "instance %u patch %u: corner values %g %g %g, want %u %u %u", i,
                     patch, xs[0], xs[1], xs[2], 3 * patch, 3 * patch + 1, 3 * patch + 2);
         }
   }
   fxp_so_env_end(t, &e);
}

/* Bad input: a draw shorter than a patch, outer levels 0, negative or NaN (culled), levels past 64 (clamped:
 * the quad domain at 64 makes 65 x 65 points), and patch sizes the draw refuses. */
static void
test_bad_levels(struct fxp_t *t)
{
   struct fxp_so_env e;
   static float got[SO_VERTS * 4];
   const struct pipe_draw_info info = {.mode = PIPE_PRIM_PATCHES, .instance_count = 1};
   const struct pipe_draw_start_count_bias short_draw = {.start = 0, .count = 2}, one = {.start = 0, .count = 3};
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, SO_VERTS * 16, true);
   uint64_t n = run_tess(t, &e, NULL, tes_tri_text, 3, ones4, ones2, &info, &short_draw, NULL, got);
   CHECK(t, n == 0, "2 vertices in patches of 3: %llu primitives, want 0", (unsigned long long)n);
   const float bad[] = {0.0f, -1.0f, NAN};
   for (unsigned b = 0; b < ARRAY_SIZE(bad); b++) {
      for (unsigned k = 0; k < 3; k++) {
         float outer[4] = {1, 1, 1, 1};
         outer[k] = bad[b];
         n = run_tess(t, &e, NULL, tes_tri_text, 3, outer, ones2, &info, &one, NULL, got);
         CHECK(t, n == 0, "outer level %u = %g: %llu primitives, want 0 (culled)", k, bad[b], (unsigned long long)n);
      }
   }
   /* the fourth outer level is not a triangle's: a bad value there culls nothing */
   const float outer3[4] = {1, 1, 1, NAN};
   n = run_tess(t, &e, NULL, tes_tri_text, 3, outer3, ones2, &info, &one, NULL, got);
   CHECK(t, n == 3, "outer level 3 NaN on triangles: %llu primitives, want 3", (unsigned long long)n);
   /* quads through a TCS: levels from its constants */
   const struct {
      float level;
      unsigned points;
   } quads[] = {{3.0f, 16}, {64.0f, 65 * 65}, {1000.0f, 65 * 65}, {INFINITY, 65 * 65}};
   for (unsigned k = 0; k < ARRAY_SIZE(quads); k++) {
      const float c[8] = {quads[k].level, quads[k].level, quads[k].level, quads[k].level, quads[k].level,
                          quads[k].level, 0, 0};
      const struct pipe_constant_buffer cb = {.buffer_size = sizeof(c), .user_buffer = c};
      t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_TESS_CTRL, 0, false, &cb);
      n = run_tess(t, &e, tcs_text, tes_quad_text, 4, ones4, ones2, &info, &one, NULL, got);
      CHECK(t, n == 0, "quads need 4 vertices, the draw has 3: %llu primitives, want 0", (unsigned long long)n);
      const struct pipe_draw_start_count_bias four = {.start = 0, .count = 4};
      n = run_tess(t, &e, tcs_text, tes_quad_text, 4, ones4, ones2, &info, &four, NULL, got);
      CHECK(t, n == quads[k].points, "quad levels %g: %llu points, want %u", quads[k].level, (unsigned long long)n,
            quads[k].points);
   }
   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_TESS_CTRL, 0, false, NULL);
   /* patch sizes outside 1..32 draw nothing */
   n = run_tess(t, &e, NULL, tes_tri_text, 0, ones4, ones2, &info, &one, NULL, got);
   CHECK(t, n == 0, "patch size 0: %llu primitives, want 0", (unsigned long long)n);
   n = run_tess(t, &e, NULL, tes_tri_text, 33, ones4, ones2, &info, &one, NULL, got);
   CHECK(t, n == 0, "patch size 33: %llu primitives, want 0", (unsigned long long)n);
   fxp_so_env_end(t, &e);
}

/* A TCS's patch output reaches the TES: quads at level 1 (4 corners), PATCH[0].x = vertex 1's value + 100 *
 * PRIMID; indexed (indices 9 8 7 6 | 5 4 3 2: vertex 1 of the patches is 8 and 4) and indirect (the same
 * parameters read from a buffer). */
static void
test_tcs_patch_output(struct fxp_t *t)
{
   struct fxp_so_env e;
   static float got[SO_VERTS * 4];
   const uint32_t indices[8] = {9, 8, 7, 6, 5, 4, 3, 2};
   const float c[8] = {1, 1, 1, 1, 1, 1, 0, 0};
   const struct pipe_constant_buffer cb = {.buffer_size = sizeof(c), .user_buffer = c};
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, SO_VERTS * 16, true);
   struct pipe_resource *ib = fxp_t_buffer(t, sizeof(indices));
   struct pipe_resource *ind = fxp_t_buffer(t, 5 * 4);
   const uint32_t params[5] = {8, 1, 0, 0, 0}; /* count, instances, first index, base vertex, base instance */
   if (!CHECK(t, ib && ind, "buffers not created"))
      goto out;
   t->pipe->buffer_subdata(t->pipe, ib, PIPE_MAP_WRITE, 0, sizeof(indices), indices);
   t->pipe->buffer_subdata(t->pipe, ind, PIPE_MAP_WRITE, 0, sizeof(params), params);
   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_TESS_CTRL, 0, false, &cb);
   for (unsigned indirect = 0; indirect < 2; indirect++) {
      const struct pipe_draw_info info = {.mode = PIPE_PRIM_PATCHES, .instance_count = 1, .index_size = 4,
                                          .index.resource = ib};
      const struct pipe_draw_start_count_bias draw = {.start = 0, .count = 8};
      const struct pipe_draw_indirect_info ii = {.buffer = ind, .draw_count = 1, .stride = 20};
      const uint64_t n = run_tess(t, &e, tcs_text, tes_quad_text, 4, ones4, ones2, &info, &draw,
                                  indirect ? &ii : NULL, got);
      CHECK(t, n == 8, "%s: %llu points, want 8", indirect ? "indirect" : "indexed", (unsigned long long)n);
      for (unsigned patch = 0; patch < 2; patch++) {
         float corners[4];
         for (unsigned k = 0; k < 4; k++) {
            const float *r = &got[4 * (patch * 4 + k)];
            CHECK(t, r[0] == (patch ? 104.0f : 8.0f) && r[1] == patch,
                  "%s patch %u point %u: (%g %g), want (%g %u)", indirect ? "indirect" : "indexed", patch, k, r[0],
                  r[1], patch ? 104.0f : 8.0f, patch);
            corners[k] = r[2] * 2 + r[3]; /* (u, v) in {0, 1}^2 -> 0..3, each once */
         }
         qsort(corners, 4, sizeof(float), cmp_float);
         for (unsigned k = 0; k < 4; k++)
            CHECK(t, corners[k] == k, "patch %u: the corners (u, v) are not the four of the quad", patch);
      }
   }
   t->pipe->set_constant_buffer(t->pipe, PIPE_SHADER_TESS_CTRL, 0, false, NULL);
out:
   pipe_resource_reference(&ib, NULL);
   pipe_resource_reference(&ind, NULL);
   fxp_so_env_end(t, &e);
}

/* A geometry shader after the TES: quads at level 1 in triangles (two a patch); the GS emits a point per
 * triangle with GENERIC[0].x = its PRIMID, which after tessellation is the patch's number for both (as in
 * the TES; piglit's gs-primitiveid-instanced), from 0 again in the second instance. */
/* A per-vertex TCS output and a real patch output of the same name, PATCH[0] (nir_to_tgsi names generic
 * varyings past GENERIC[31] so, fxp_shader.h's fxp_varying_matches): the TCS writes 7 to the patch one and 3 to
 * the per-vertex one (OUT[0][3], written with a vertex index); the TES reads the patch one as IN[0] (no vertex
 * index) and the per-vertex one as IN[0][1]. Each TES input takes its own varying: every point (7, 3). */
static const char tcs_clash_text[] =
   "TESS_CTRL\n"
   "PROPERTY TCS_VERTICES_OUT 1\n"
   "DCL IN[][0], POSITION\n"
   "DCL OUT[0], TESSOUTER\n"
   "DCL OUT[1], TESSINNER\n"
   "DCL OUT[2], PATCH[0]\n"
   "DCL OUT[][3], PATCH[0]\n"
   "IMM[0] FLT32 {1.0, 7.0, 3.0, 0.0}\n"
   "  MOV OUT[0], IMM[0].xxxx\n"
   "  MOV OUT[1], IMM[0].xxxx\n"
   "  MOV OUT[2], IMM[0].yyyy\n"
   "  MOV OUT[0][3], IMM[0].zzzz\n"
   "  END\n";

static const char tes_clash_text[] =
   "TESS_EVAL\n"
   "PROPERTY TES_PRIM_MODE 7\n"
   "PROPERTY TES_SPACING 2\n"
   "PROPERTY TES_VERTEX_ORDER_CW 0\n"
   "PROPERTY TES_POINT_MODE 1\n"
   "DCL IN[0], PATCH[0]\n"
   "DCL IN[][1], PATCH[0]\n"
   "DCL OUT[0], POSITION\n"
   "DCL OUT[1], GENERIC[0]\n"
   "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
   "  MOV OUT[0], IMM[0]\n"
   "  MOV OUT[1].x, IN[0].xxxx\n"
   "  MOV OUT[1].y, IN[0][1].xxxx\n"
   "  MOV OUT[1].zw, IMM[0].xxxw\n"
   "  END\n";

static void
test_patch_name_clash(struct fxp_t *t)
{
   struct fxp_so_env e;
   static float got[SO_VERTS * 4];
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, SO_VERTS * 16, true);
   const struct pipe_draw_info info = {.mode = PIPE_PRIM_PATCHES, .instance_count = 1};
   const struct pipe_draw_start_count_bias draw = {.start = 0, .count = 4};
   const uint64_t n = run_tess(t, &e, tcs_clash_text, tes_clash_text, 4, ones4, ones2, &info, &draw, NULL, got);
   CHECK(t, n == 4, "%llu points, want 4", (unsigned long long)n);
   for (unsigned k = 0; k < 4; k++)
      CHECK(t, got[4 * k] == 7.0f && got[4 * k + 1] == 3.0f,
            "point %u: patch PATCH[0] %g (want 7), per-vertex PATCH[0] %g (want 3)", k, got[4 * k], got[4 * k + 1]);
   fxp_so_env_end(t, &e);
}

static void
test_gs_primid(struct fxp_t *t)
{
   static const char tes_text[] =
      "TESS_EVAL\n"
      "PROPERTY TES_PRIM_MODE 7\n"
      "PROPERTY TES_SPACING 2\n"
      "PROPERTY TES_VERTEX_ORDER_CW 0\n"
      "PROPERTY TES_POINT_MODE 0\n"
      "DCL OUT[0], POSITION\n"
      "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
      "  MOV OUT[0], IMM[0]\n"
      "  END\n";
   static const char gs_text[] =
      "GEOM\n"
      "PROPERTY GS_INPUT_PRIMITIVE TRIANGLES\n"
      "PROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
      "PROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
      "PROPERTY GS_INVOCATIONS 1\n"
      "DCL IN[][0], POSITION\n"
      "DCL IN[1], PRIM_ID\n"
      "DCL OUT[0], POSITION\n"
      "DCL OUT[1], GENERIC[0]\n"
      "IMM[0] FLT32 {0.0, 0.0, 0.0, 1.0}\n"
      "IMM[1] INT32 {0, 0, 0, 0}\n"
      "  MOV OUT[0], IMM[0]\n"
      "  I2F OUT[1].x, IN[1].xxxx\n"
      "  MOV OUT[1].yzw, IMM[0].xxxw\n"
      "  EMIT IMM[1].xxxx\n"
      "  END\n";
   static const struct pipe_stream_output_info so = {
      .num_outputs = 1, .stride = {4}, .output = {{.register_index = 1, .num_components = 4}},
   };
   static float got[16 * 4];
   struct pipe_context *p = t->pipe;
   struct fxp_so_env e;
   unsigned zero = 0;
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, SO_VERTS * 16, true);
   void *tes = fxp_t_shader(t, tes_text, PIPE_SHADER_TESS_EVAL, NULL);
   void *gs = fxp_t_shader(t, gs_text, PIPE_SHADER_GEOMETRY, &so);
   if (tes && gs && e.so) {
      for (unsigned i = 0; i < ARRAY_SIZE(got); i++)
         got[i] = -1.0f;
      p->buffer_subdata(p, e.sob, PIPE_MAP_WRITE, 0, sizeof(got), got);
      p->bind_tes_state(p, tes);
      p->bind_gs_state(p, gs);
      p->set_patch_vertices(p, 1);
      p->set_tess_state(p, ones4, ones2);
      p->set_stream_output_targets(p, 1, &e.so, &zero);
      const struct pipe_draw_info info = {.mode = PIPE_PRIM_PATCHES, .instance_count = 2};
      const struct pipe_draw_start_count_bias draw = {.start = 0, .count = 2};
      p->draw_vbo(p, &info, 0, NULL, &draw, 1);
      p->set_stream_output_targets(p, 0, NULL, NULL);
      p->bind_gs_state(p, NULL);
      p->bind_tes_state(p, NULL);
      pipe_buffer_read(p, e.sob, 0, sizeof(got), got);
      /* instance 0: patch 0's two triangles, patch 1's; then instance 1 the same */
      const float want[8] = {0, 0, 1, 1, 0, 0, 1, 1};
      for (unsigned k = 0; k < 8; k++)
         CHECK(t, got[4 * k] == want[k] && got[4 * k + 3] == 1.0f, "point %u: PRIMID %g, want %g", k, got[4 * k],
               want[k]);
      CHECK(t, got[4 * 8] == -1.0f, "more than 8 points captured");
   }
   if (gs)
      p->delete_gs_state(p, gs);
   if (tes)
      p->delete_tes_state(p, tes);
   fxp_so_env_end(t, &e);
}

const struct fxp_test fxp_tess_tests[] = {
   {"tess.gs_primid", test_gs_primid},
   {"tess.no_tcs_corners", test_no_tcs_corners},
   {"tess.bad_levels", test_bad_levels},
   {"tess.tcs_patch_output", test_tcs_patch_output},
   {"tess.patch_name_clash", test_patch_name_clash},
   {NULL, NULL},
};
