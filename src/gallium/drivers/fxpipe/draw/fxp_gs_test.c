/* The geometry-shader stage through the real pipe_context path (draw_vbo -> fetch -> VS -> GS -> stream output
 * and rasterizer), TGSI text shaders. Most tests discard rasterization and capture what the GS emits with
 * stream output: vertex buffer entry v holds v, the VS passes (v, INSTANCEID) in GENERIC[0], and the order
 * GS emits a POINT per input vertex k with GENERIC[0] = (vertex, PRIMID, INVOCATIONID, k), GENERIC[1].x = the
 * vertex's instance. Expected values were worked out here by hand (draw/fxp_gs.c was not read), from:
 *  - GS input vertices, GL 3.2 2.6.1 / 2.12.4, GL 4.6 10.1 / 11.3.4.1: points (i); lines (2i, 2i+1), an odd
 *    last vertex dropped; line strips (i, i+1); loops the same plus the closing (n-1, 0); lines adjacency
 *    (4i .. 4i+3); line strips adjacency (i .. i+3); triangles (3i .. 3i+2); strips: even i (i, i+1, i+2), odd
 *    i (i+1, i, i+2) with the last-vertex convention, (i, i+2, i+1) with the first-vertex one (provoking
 *    vertex kept last / first, winding kept, as Mesa's draw module does); fans (0, i+1, i+2) - with
 *    flatshade_first Mesa's draw module rotates this to (i+1, i+2, 0), GL names no order, so any rotation
 *    that keeps the winding passes there; triangles adjacency (6i .. 6i+5) = v0 a01 v1 a12 v2 a20.
 *  - Triangle strips with adjacency, GL 3.2 table 2.4 / GL 4.6 table 10.1, numbered from 0 here (from 1
 *    there); triangle i = (1st 2nd 3rd | adjacent to 1-2, 2-3, 3-1), given to the GS as 1st, adj 1-2, 2nd,
 *    adj 2-3, 3rd, adj 3-1:    only (n = 6, 7)  0 2 4 | 1 5 3          first  0 2 4 | 1 6 3
 *      middle, i odd   2i+2 2i 2i+4 | 2i-2 2i+3 2i+6      middle, i even  2i 2i+2 2i+4 | 2i-2 2i+6 2i+3
 *      last, i odd     2i+2 2i 2i+4 | 2i-2 2i+3 2i+5      last, i even    2i 2i+2 2i+4 | 2i-2 2i+5 2i+3
 *  - gl_PrimitiveIDIn (TGSI: a GS input named PRIM_ID, as nir_to_tgsi declares it): "the number of primitives
 *    processed by the shader since the current set of rendering primitives was started ... Restarting a
 *    primitive topology using the primitive restart index has no effect on the primitive ID counter" (GLSL
 *    1.50+, GL 4.6 11.3.4.5); an instanced draw is DrawArraysOneInstance repeated, so it counts from 0 in
 *    every instance (Vulkan says so outright).
 *  - Primitive restart (GL 4.6 10.3.6): as if the draw ended before the restart index and a new one began
 *    after it (strips start over "even", loops close per piece), compared before index_bias is added.
 *  - GS_INVOCATIONS n: INVOCATIONID 0..n-1 (tgsi.rst), a primitive's invocations in order, then the next
 *    primitive (ARB_gpu_shader5 / D3D11 GS instancing).
 *  - Output strips: ENDPRIM and the end of the shader end a strip; transform feedback records strips as
 *    independent primitives in the orders above (GL 4.6 13.3), an incomplete one not at all; EMITs past
 *    GS_MAX_OUTPUT_VERTICES "may have no effect" (GL 3.2 2.12.4): checked as dropped, as Mesa's draw module
 *    does; PRIMITIVES_GENERATED counts the primitives the GS emits (GL 4.6 13.3.1, 4.2.2).
 *  - Layered rendering (GL 4.6 9.8, tgsi.rst LAYER): the GS's LAYER output (integer .x) picks the layer of a
 *    layered framebuffer, layer 0 without one. Out of range is undefined in GL; fxpipe clamps it as an
 *    unsigned value to the last layer, like softpipe and llvmpipe: that is checked (7 and -1), and that
 *    nothing else is written. */
#include <stdio.h>
#include <string.h>

#include "tgsi/tgsi_text.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "tests/fxp_test.h"

#define NUM_VB 64
#define SO_STRIDE 5 /* dwords a captured vertex: GENERIC[0].xyzw, GENERIC[1].x */
#define SO_VERTS 4096
#define SENTINEL -7777.0f

struct rec {
   float v[SO_STRIDE];
};

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

/* Vertex buffer entry v = v (R32_FLOAT), the VS and FS above, a rasterizer, a stream-output target. */
/* Binds the GS, capturing OUT[1] (GENERIC[0].xyzw) and OUT[2].x (GENERIC[1].x), runs one draw into a buffer
 * filled with SENTINEL and reads it back into out[SO_VERTS]. Returns PRIMITIVES_GENERATED. */
static uint64_t
run_so(struct fxp_t *t, struct fxp_so_env *e, const char *gs_text, const struct pipe_draw_info *info,
       const struct pipe_draw_start_count_bias *draw, struct rec *out)
{
   static const struct pipe_stream_output_info so = {
      .num_outputs = 2, .stride = {SO_STRIDE},
      .output = {{.register_index = 1, .num_components = 4},
                 {.register_index = 2, .num_components = 1, .dst_offset = 4}},
   };
   static struct rec fill[SO_VERTS];
   struct pipe_context *p = t->pipe;
   union pipe_query_result res;
   uint64_t generated = ~0ull;
   unsigned zero = 0;

   for (unsigned i = 0; i < SO_VERTS * SO_STRIDE; i++)
      fill[i / SO_STRIDE].v[i % SO_STRIDE] = SENTINEL;
   memcpy(out, fill, sizeof(fill));
   void *gs = fxp_t_shader(t, gs_text, PIPE_SHADER_GEOMETRY, &so);
   if (!gs || !e->so)
      return generated;
   p->buffer_subdata(p, e->sob, PIPE_MAP_WRITE, 0, sizeof(fill), fill);
   p->bind_gs_state(p, gs);
   p->set_stream_output_targets(p, 1, &e->so, &zero);
   struct pipe_query *q = p->create_query(p, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   if (CHECK(t, q != NULL, "PRIMITIVES_GENERATED query not created"))
      p->begin_query(p, q);
   p->draw_vbo(p, info, 0, NULL, draw, 1);
   if (q) {
      p->end_query(p, q);
      if (CHECK(t, p->get_query_result(p, q, true, &res), "no PRIMITIVES_GENERATED result"))
         generated = res.u64;
      p->destroy_query(p, q);
   }
   p->set_stream_output_targets(p, 0, NULL, NULL);
   p->bind_gs_state(p, NULL);
   p->delete_gs_state(p, gs);
   pipe_buffer_read(p, e->sob, 0, sizeof(fill), out);
   return generated;
}

/* The captured vertices against the expected ones (the first difference reported), and the vertex after the
 * last expected one untouched; PRIMITIVES_GENERATED against want_prims. */
static void
compare_recs(struct fxp_t *t, const char *what, const struct rec *got, const struct rec *want, unsigned n,
             uint64_t generated, unsigned want_prims)
{
   CHECK(t, generated == want_prims, "%s: PRIMITIVES_GENERATED %llu, want %u", what, (unsigned long long)generated,
         want_prims);
   for (unsigned i = 0; i < n; i++) {
      const float *g = got[i].v, *w = want[i].v;
      if (!CHECK(t, !memcmp(g, w, sizeof(want[i])), "%s: captured vertex %u is (%g %g %g %g %g), want (%g %g %g %g %g)",
                 what, i, g[0], g[1], g[2], g[3], g[4], w[0], w[1], w[2], w[3], w[4]))
         break;
   }
   CHECK(t, got[n].v[0] == SENTINEL, "%s: more than the %u expected vertices captured (next: %g %g)", what, n,
         got[n].v[0], got[n].v[1]);
}

/* What every GS here starts with: inputs POSITION, GENERIC[0] (the VS's vertex and instance) and PRIMID
 * (declared as nir_to_tgsi declares gl_PrimitiveIDIn: a one-dimensional input), INVOCATIONID; outputs
 * POSITION, GENERIC[0], GENERIC[1] (the captured ones); IMM[0] = integer 0 (stream 0), IMM[1..3] = the floats
 * 0..11; then `extra` (more declarations and immediates). */
static unsigned
gs_header(char *buf, size_t size, const char *in, const char *out, unsigned max_verts, unsigned invocations,
          const char *extra)
{
   return snprintf(buf, size,
                   "GEOM\n"
                   "PROPERTY GS_INPUT_PRIMITIVE %s\n"
                   "PROPERTY GS_OUTPUT_PRIMITIVE %s\n"
                   "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n"
                   "PROPERTY GS_INVOCATIONS %u\n"
                   "DCL IN[][0], POSITION\n"
                   "DCL IN[][1], GENERIC[0]\n"
                   "DCL IN[2], PRIM_ID\n"
                   "DCL SV[0], INVOCATIONID\n"
                   "DCL OUT[0], POSITION\n"
                   "DCL OUT[1], GENERIC[0]\n"
                   "DCL OUT[2], GENERIC[1]\n"
                   "DCL TEMP[0]\n"
                   "IMM[0] INT32 {0, 0, 0, 0}\n"
                   "IMM[1] FLT32 {0.0, 1.0, 2.0, 3.0}\n"
                   "IMM[2] FLT32 {4.0, 5.0, 6.0, 7.0}\n"
                   "IMM[3] FLT32 {8.0, 9.0, 10.0, 11.0}\n%s",
                   in, out, max_verts, invocations, extra);
}

/* ---- input primitives: which vertices the GS gets, in which order ---- */

#define GS_N(mode)                                                                                                 \
   ((mode) == PIPE_PRIM_POINTS                                                                    ? 1              \
    : (mode) <= PIPE_PRIM_LINE_STRIP                                                              ? 2              \
    : (mode) == PIPE_PRIM_LINES_ADJACENCY || (mode) == PIPE_PRIM_LINE_STRIP_ADJACENCY            ? 4              \
    : (mode) == PIPE_PRIM_TRIANGLES_ADJACENCY || (mode) == PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY    ? 6              \
                                                                                                  : 3)

/* A GS emitting one point per input vertex k: GENERIC[0] = (vertex, PRIMID, INVOCATIONID, k), GENERIC[1].x =
 * the vertex's instance. */
static void
gs_order_text(char *buf, size_t size, enum pipe_prim_type mode, unsigned invocations)
{
   static const char *const names[] = {"", "POINTS", "LINES", "TRIANGLES", "LINES_ADJACENCY", "",
                                       "TRIANGLES_ADJACENCY"};
   const unsigned n = GS_N(mode);
   unsigned len = gs_header(buf, size, names[n], "POINTS", n, invocations, "");

   for (unsigned k = 0; k < n; k++) {
      const char c = "xyzw"[k % 4];
      len += snprintf(buf + len, size - len,
                      "  MOV OUT[0], IN[%u][0]\n"
                      "  MOV OUT[1].x, IN[%u][1].xxxx\n"
                      "  I2F OUT[1].y, IN[2].xxxx\n"
                      "  I2F OUT[1].z, SV[0].xxxx\n"
                      "  MOV OUT[1].w, IMM[%u].%c%c%c%c\n"
                      "  MOV OUT[2], IN[%u][1].yyyy\n"
                      "  EMIT IMM[0].xxxx\n",
                      k, k, 1 + k / 4, c, c, c, c, k);
   }
   snprintf(buf + len, size - len, "  END\n");
}

struct order_case {
   const char *what;
   enum pipe_prim_type mode;
   unsigned start, count;
   bool first;        /* flatshade_first */
   bool any_rotation; /* a triangle may come in any rotation that keeps its winding */
   unsigned nprims;
   const uint8_t *v;  /* nprims x GS_N(mode) vertex numbers */
};

#define CASE(what, mode, start, count, first, rot, ...)                                                            \
   {what, mode, start, count, first, rot, sizeof((const uint8_t[]){__VA_ARGS__}) / GS_N(mode),                  \
    (const uint8_t[]){__VA_ARGS__}}

/* Instance i, primitive p, invocation j, slot k is captured as (v[p][k], p, j, k, i), in that nesting. */
static void
run_order(struct fxp_t *t, struct fxp_so_env *e, const struct order_case *c, unsigned instances, unsigned invocations,
          const struct pipe_draw_info *indexed, int index_bias)
{
   static char text[16384];
   static struct rec got[SO_VERTS], want[SO_VERTS];
   const struct pipe_draw_start_count_bias draw = {.start = c->start, .count = c->count, .index_bias = index_bias};
   const unsigned n = GS_N(c->mode);
   const struct pipe_draw_info info = indexed ? *indexed : (struct pipe_draw_info){.mode = c->mode,
                                                                                     .instance_count = instances};
   unsigned w = 0;

   fxp_so_env_rasterizer(t, e, true, c->first);
   gs_order_text(text, sizeof(text), c->mode, invocations);
   const uint64_t generated = run_so(t, e, text, &info, &draw, got);
   for (unsigned i = 0; i < instances; i++)
      for (unsigned p = 0; p < c->nprims; p++)
         for (unsigned j = 0; j < invocations; j++)
            for (unsigned k = 0; k < n && w < SO_VERTS - 1; k++, w++)
               want[w] = (struct rec){{c->v[p * n + k], p, j, k, i}};
   for (unsigned b = 0; c->any_rotation && b + 3 <= w; b += 3) {
      /* take the rotation the captured triangle has, when it is one */
      const float v[3] = {want[b].v[0], want[b + 1].v[0], want[b + 2].v[0]};
      for (unsigned r = 1; r < 3; r++)
         if (got[b].v[0] == v[r] && got[b + 1].v[0] == v[(r + 1) % 3] && got[b + 2].v[0] == v[(r + 2) % 3])
            for (unsigned k = 0; k < 3; k++)
               want[b + k].v[0] = v[(k + r) % 3];
   }
   compare_recs(t, c->what, got, want, w, generated, w);
}

static const struct order_case order_cases[] = {
   CASE("points", PIPE_PRIM_POINTS, 0, 3, false, false, 0, 1, 2),
   CASE("lines, odd vertex dropped", PIPE_PRIM_LINES, 0, 5, false, false, 0, 1, 2, 3),
   CASE("line strip from 3", PIPE_PRIM_LINE_STRIP, 3, 4, false, false, 3, 4, 4, 5, 5, 6),
   CASE("line loop", PIPE_PRIM_LINE_LOOP, 0, 4, false, false, 0, 1, 1, 2, 2, 3, 3, 0),
   CASE("line loop from 5", PIPE_PRIM_LINE_LOOP, 5, 3, false, false, 5, 6, 6, 7, 7, 5),
   CASE("lines adjacency", PIPE_PRIM_LINES_ADJACENCY, 0, 9, false, false, 0, 1, 2, 3, 4, 5, 6, 7),
   CASE("line strip adjacency", PIPE_PRIM_LINE_STRIP_ADJACENCY, 0, 6, false, false,
        0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 5),
   CASE("triangles", PIPE_PRIM_TRIANGLES, 0, 7, false, false, 0, 1, 2, 3, 4, 5),
   CASE("triangle strip, last vertex", PIPE_PRIM_TRIANGLE_STRIP, 0, 6, false, false,
        0, 1, 2, 2, 1, 3, 2, 3, 4, 4, 3, 5),
   CASE("triangle strip, first vertex", PIPE_PRIM_TRIANGLE_STRIP, 0, 6, true, false,
        0, 1, 2, 1, 3, 2, 2, 3, 4, 3, 5, 4),
   CASE("triangle strip from 10", PIPE_PRIM_TRIANGLE_STRIP, 10, 4, false, false, 10, 11, 12, 12, 11, 13),
   CASE("triangle fan, last vertex", PIPE_PRIM_TRIANGLE_FAN, 0, 5, false, false, 0, 1, 2, 0, 2, 3, 0, 3, 4),
   CASE("triangle fan, first vertex", PIPE_PRIM_TRIANGLE_FAN, 0, 5, true, true, 0, 1, 2, 0, 2, 3, 0, 3, 4),
   CASE("triangles adjacency", PIPE_PRIM_TRIANGLES_ADJACENCY, 0, 12, false, false,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
   CASE("triangles adjacency, first vertex", PIPE_PRIM_TRIANGLES_ADJACENCY, 0, 13, true, false,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
   CASE("triangle strip adjacency, 6", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 6, false, false, 0, 1, 2, 5, 4, 3),
   CASE("triangle strip adjacency, 7", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 7, false, false, 0, 1, 2, 5, 4, 3),
   CASE("triangle strip adjacency, 8", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 8, false, false,
        0, 1, 2, 6, 4, 3, /* first */ 4, 0, 2, 5, 6, 7 /* last, i = 1 odd */),
   CASE("triangle strip adjacency, 10", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 10, false, false,
        0, 1, 2, 6, 4, 3, /* first */ 4, 0, 2, 5, 6, 8, /* middle, i = 1 odd */
        4, 2, 6, 9, 8, 7 /* last, i = 2 even */),
   CASE("triangle strip adjacency, 12", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 12, false, false,
        0, 1, 2, 6, 4, 3, /* first */ 4, 0, 2, 5, 6, 8, /* middle, i = 1 odd */
        4, 2, 6, 10, 8, 7, /* middle, i = 2 even */ 8, 4, 6, 9, 10, 11 /* last, i = 3 odd */),
   /* too few vertices for one primitive: the GS never runs */
   {"triangle strip of 2", PIPE_PRIM_TRIANGLE_STRIP, 0, 2, false, false, 0, NULL},
   {"triangle strip adjacency of 5", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, 0, 5, false, false, 0, NULL},
   {"line strip adjacency of 3", PIPE_PRIM_LINE_STRIP_ADJACENCY, 0, 3, false, false, 0, NULL},
};

static void
test_input_order(struct fxp_t *t)
{
   struct fxp_so_env e;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   for (unsigned i = 0; i < ARRAY_SIZE(order_cases); i++)
      run_order(t, &e, &order_cases[i], 1, 1, NULL, 0);
   fxp_so_env_end(t, &e);
}

/* PRIMID counts the primitives of the draw and starts again at 0 in each instance (INSTANCEID from the VS
 * tells the instances apart); a long strip checks it across whatever batches the stage runs in. With
 * GS_INVOCATIONS n every input primitive is shaded n times with INVOCATIONID 0..n-1, its outputs in
 * invocation order, one primitive after the other. */
static void
run_counted(struct fxp_t *t, bool invocations)
{
   const struct order_case cases[] = {
      CASE("triangles", PIPE_PRIM_TRIANGLES, 0, 6, false, false, 0, 1, 2, 3, 4, 5),
      CASE("points from 7", PIPE_PRIM_POINTS, 7, 4, false, false, 7, 8, 9, 10),
      CASE("line strip", PIPE_PRIM_LINE_STRIP, 0, 4, false, false, 0, 1, 1, 2, 2, 3),
   };
   static const unsigned instances[2][3] = {{3, 2, 1}, {1, 1, 2}}, inv[2][3] = {{1, 1, 1}, {3, 32, 5}};
   uint8_t strip[2 * 47];
   struct fxp_so_env e;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   for (unsigned i = 0; i < 3; i++)
      run_order(t, &e, &cases[i], instances[invocations][i], inv[invocations][i], NULL, 0);
   for (unsigned i = 0; i < 2 * 47; i++)
      strip[i] = i / 2 + i % 2;
   const struct order_case ls = {"line strip of 48", PIPE_PRIM_LINE_STRIP, 0, 48, false, false, 47, strip};
   run_order(t, &e, &ls, 1, invocations ? 4 : 1, NULL, 0);
   fxp_so_env_end(t, &e);
}

static void test_primid(struct fxp_t *t) { run_counted(t, false); }
static void test_invocations(struct fxp_t *t) { run_counted(t, true); }

/* Indexed draws with primitive restart: the strips start over after each restart index (the first triangle
 * of each piece is "even" again, a loop closes on its own first vertex, a piece too short makes nothing),
 * index_bias is added after the comparison, and PRIMID goes on counting across restarts. */
static void
restart_draw(struct fxp_t *t, struct fxp_so_env *e, const struct order_case *c, const void *indices,
             unsigned index_size, uint32_t restart_index, int bias)
{
   const unsigned size = c->count * index_size;
   struct pipe_resource *ib = fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, size, 1, 1, 1, 1,
                                            PIPE_BIND_INDEX_BUFFER);

   if (!CHECK(t, ib != NULL, "index buffer not created"))
      return;
   t->pipe->buffer_subdata(t->pipe, ib, PIPE_MAP_WRITE, 0, size, indices);
   const struct pipe_draw_info info = {.mode = c->mode, .index_size = index_size, .instance_count = 1,
                                       .primitive_restart = true, .restart_index = restart_index, .index.resource = ib};
   run_order(t, e, c, 1, 1, &info, bias);
   pipe_resource_reference(&ib, NULL);
}

static void
test_restart(struct fxp_t *t)
{
   static const uint16_t idx16[] = {20, 21, 0xffff, 0, 1, 2, 3, 0xffff, 4, 5, 6, 7, 0xffff, 8, 9, 10};
   static const uint32_t idx32[] = {0, 1, 2, 0xffffffff, 3, 4, 5, 0xffffffff, 6};
   static const uint8_t idx8[] = {0, 1, 2, 3, 4, 0xff, 5, 6, 7, 8};
   struct fxp_so_env e;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   /* bias 2: [22 23] nothing; [2 3 4 5] -> (2 3 4) (4 3 5); [6 7 8 9] -> (6 7 8) (8 7 9); [10 11 12] */
   const struct order_case strip = CASE("restarted triangle strip, bias 2", PIPE_PRIM_TRIANGLE_STRIP, 0, 16, false,
                                        false, 2, 3, 4, 4, 3, 5, 6, 7, 8, 8, 7, 9, 10, 11, 12);
   restart_draw(t, &e, &strip, idx16, 2, 0xffff, 2);
   const struct order_case loop = CASE("restarted line loop", PIPE_PRIM_LINE_LOOP, 0, 9, false, false,
                                       0, 1, 1, 2, 2, 0, 3, 4, 4, 5, 5, 3);
   restart_draw(t, &e, &loop, idx32, 4, 0xffffffff, 0);
   const struct order_case adj = CASE("restarted line strip adjacency", PIPE_PRIM_LINE_STRIP_ADJACENCY, 0, 10,
                                      false, false, 0, 1, 2, 3, 1, 2, 3, 4, 5, 6, 7, 8);
   restart_draw(t, &e, &adj, idx8, 1, 0xff, 0);
   fxp_so_env_end(t, &e);
}

/* ---- output primitives ---- */

/* Draws `points` points from vertex 10 through a GS that follows a script: 'E' emits the next vertex j with
 * GENERIC[0] = (j, PRIMID, 0, 0) and GENERIC[1].x = the input vertex, '|' is ENDPRIM. want_j: per input point
 * the j of the captured primitives' vertices, nverts each. */
static void
run_script(struct fxp_t *t, struct fxp_so_env *e, const char *what, bool first, const char *out_prim,
           unsigned max_verts, const char *script, unsigned points, const uint8_t *want_j, unsigned nprims,
           unsigned nverts)
{
   static char text[8192];
   static struct rec got[SO_VERTS], want[SO_VERTS];
   const struct pipe_draw_start_count_bias draw = {.start = 10, .count = points};
   const struct pipe_draw_info info = {.mode = PIPE_PRIM_POINTS, .instance_count = 1};
   unsigned len = gs_header(text, sizeof(text), "POINTS", out_prim, max_verts, 1, ""), j = 0, w = 0;

   for (const char *s = script; *s; s++) {
      const char c = "xyzw"[j % 4];
      if (*s == '|') {
         len += snprintf(text + len, sizeof(text) - len, "  ENDPRIM IMM[0].xxxx\n");
         continue;
      }
      len += snprintf(text + len, sizeof(text) - len,
                      "  MOV OUT[0], IN[0][0]\n"
                      "  MOV OUT[1].x, IMM[%u].%c%c%c%c\n"
                      "  I2F OUT[1].y, IN[2].xxxx\n"
                      "  MOV OUT[1].zw, IMM[1].xxxx\n"
                      "  MOV OUT[2], IN[0][1].xxxx\n"
                      "  EMIT IMM[0].xxxx\n",
                      1 + j / 4, c, c, c, c);
      j++;
   }
   snprintf(text + len, sizeof(text) - len, "  END\n");
   fxp_so_env_rasterizer(t, e, true, first);
   const uint64_t generated = run_so(t, e, text, &info, &draw, got);
   for (unsigned p = 0; p < points; p++)
      for (unsigned k = 0; k < nprims * nverts; k++)
         want[w++] = (struct rec){{want_j[k], p, 0, 0, 10 + p}};
   compare_recs(t, what, got, want, w, generated, points * nprims);
}

static void
test_output_strips(struct fxp_t *t)
{
   struct fxp_so_env e;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   /* a strip of 4, one of 2 (no triangle), one of 3 ended by the end of the shader */
   static const uint8_t tri_last[] = {0, 1, 2, 2, 1, 3, 6, 7, 8}, tri_first[] = {0, 1, 2, 1, 3, 2, 6, 7, 8};
   run_script(t, &e, "triangle strips, last", false, "TRIANGLE_STRIP", 9, "EEEE|EE|EEE", 2, tri_last, 3, 3);
   run_script(t, &e, "triangle strips, first", true, "TRIANGLE_STRIP", 9, "EEEE|EE|EEE", 2, tri_first, 3, 3);
   /* line strips: (0 1) (1 2); a lone vertex makes nothing; (4 5) */
   static const uint8_t lines[] = {0, 1, 1, 2, 4, 5};
   run_script(t, &e, "line strips", false, "LINE_STRIP", 6, "EEE|E|EE|", 3, lines, 3, 2);
   /* EMITs past GS_MAX_OUTPUT_VERTICES are dropped */
   static const uint8_t pts[] = {0, 1, 2}, tri4[] = {0, 1, 2, 2, 1, 3};
   run_script(t, &e, "points past the maximum", false, "POINTS", 3, "EEEEE", 2, pts, 3, 1);
   run_script(t, &e, "triangle strip past the maximum", false, "TRIANGLE_STRIP", 4, "EEEEEE", 1, tri4, 2, 3);
   /* a GS that emits nothing: nothing captured, nothing generated */
   run_script(t, &e, "no EMIT", false, "TRIANGLE_STRIP", 3, "", 3, NULL, 0, 3);
   run_script(t, &e, "ENDPRIM only", false, "POINTS", 1, "||", 3, NULL, 0, 1);
   fxp_so_env_end(t, &e);
}

/* Long strips whose lengths differ between the primitives shaded together: a loop emits n = 200 + 37 PRIMID
 * vertices (j = 0..n-1) as one triangle strip from each of 4 points, n - 2 triangles each (1014 in all). */
static void
test_long_strips(struct fxp_t *t)
{
   static char text[8192];
   static struct rec got[SO_VERTS], want[SO_VERTS];
   const struct pipe_draw_start_count_bias draw = {.start = 10, .count = 4};
   const struct pipe_draw_info info = {.mode = PIPE_PRIM_POINTS, .instance_count = 1};
   struct fxp_so_env e;
   const unsigned len = gs_header(text, sizeof(text), "POINTS", "TRIANGLE_STRIP", 320, 1,
                                  "IMM[4] INT32 {200, 37, 1, 0}\n");

   snprintf(text + len, sizeof(text) - len,
            "  UMUL TEMP[0].y, IN[2].xxxx, IMM[4].yyyy\n"
            "  UADD TEMP[0].y, TEMP[0].yyyy, IMM[4].xxxx\n"
            "  MOV TEMP[0].x, IMM[0].xxxx\n"
            "  BGNLOOP\n"
            "    USGE TEMP[0].z, TEMP[0].xxxx, TEMP[0].yyyy\n"
            "    UIF TEMP[0].zzzz\n"
            "      BRK\n"
            "    ENDIF\n"
            "    MOV OUT[0], IN[0][0]\n"
            "    U2F OUT[1].x, TEMP[0].xxxx\n"
            "    I2F OUT[1].y, IN[2].xxxx\n"
            "    MOV OUT[1].zw, IMM[1].xxxx\n"
            "    MOV OUT[2], IN[0][1].xxxx\n"
            "    EMIT IMM[0].xxxx\n"
            "    UADD TEMP[0].x, TEMP[0].xxxx, IMM[4].zzzz\n"
            "  ENDLOOP\n"
            "  END\n");
   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   for (unsigned first = 0; first < 2; first++) {
      unsigned w = 0;
      fxp_so_env_rasterizer(t, &e, true, first);
      const uint64_t generated = run_so(t, &e, text, &info, &draw, got);
      for (unsigned p = 0; p < 4; p++) {
         for (unsigned i = 0; i + 2 < 200 + 37 * p; i++) {
            /* even (i, i+1, i+2); odd (i+1, i, i+2) with the last-vertex convention, (i, i+2, i+1) first */
            const unsigned odd = i & 1, v[3] = {i + (odd && !first), i + (odd ? (first ? 2 : 0) : 1),
                                                i + (odd && first ? 1 : 2)};
            for (unsigned k = 0; k < 3; k++)
               want[w++] = (struct rec){{v[k], p, 0, 0, 10 + p}};
         }
      }
      CHECK(t, w == 3 * 1014, "test bug: %u vertices expected", w);
      compare_recs(t, first ? "long strips, first vertex" : "long strips, last vertex", got, want, w, generated,
                   1014);
   }
   fxp_so_env_end(t, &e);
}

/* ---- layered rendering ---- */

#define LW 8
#define LH 8
#define LAYERS 3

/* Fills the layers with SENTINEL, draws `points` points through the GS and compares every layer with want. */
static void
layered_pass(struct fxp_t *t, struct pipe_resource *tex, const char *what, const char *gs_text, unsigned points,
             const float want[LAYERS][LH][LW][4])
{
   static float fill[LAYERS][LH][LW][4];
   struct pipe_context *p = t->pipe;
   const struct pipe_draw_start_count_bias draw = {.start = 0, .count = points};
   const struct pipe_draw_info info = {.mode = PIPE_PRIM_POINTS, .instance_count = 1};
   struct pipe_box box;

   for (unsigned i = 0; i < LAYERS * LH * LW * 4; i++)
      (&fill[0][0][0][0])[i] = SENTINEL;
   u_box_3d(0, 0, 0, LW, LH, LAYERS, &box);
   p->texture_subdata(p, tex, 0, PIPE_MAP_WRITE, &box, fill, LW * 16, LW * LH * 16);
   void *gs = fxp_t_shader(t, gs_text, PIPE_SHADER_GEOMETRY, NULL);
   if (!gs)
      return;
   p->bind_gs_state(p, gs);
   p->draw_vbo(p, &info, 0, NULL, &draw, 1);
   p->bind_gs_state(p, NULL);
   p->delete_gs_state(p, gs);
   for (unsigned z = 0; z < LAYERS; z++) {
      struct pipe_transfer *xfer;
      unsigned bad = 0, bx = 0, by = 0;
      float g[4] = {0};

      u_box_3d(0, 0, z, LW, LH, 1, &box);
      const uint8_t *map = p->texture_map(p, tex, 0, PIPE_MAP_READ, &box, &xfer);
      if (!CHECK(t, map != NULL, "%s: map of layer %u failed", what, z))
         continue;
      for (unsigned y = 0; y < LH; y++)
         for (unsigned x = 0; x < LW; x++)
            if (memcmp(map + (size_t)y * xfer->stride + 16 * x, want[z][y][x], 16) && !bad++)
               memcpy(g, map + (size_t)y * xfer->stride + 16 * x, 16), bx = x, by = y;
      p->texture_unmap(p, xfer);
      const float *w = want[z][by][bx];
      CHECK(t, bad == 0, "%s: layer %u: %u of %u pixels wrong, first (%u,%u) = (%g %g %g %g), want (%g %g %g %g)",
            what, z, bad, LW * LH, bx, by, g[0], g[1], g[2], g[3], w[0], w[1], w[2], w[3]);
   }
}

/* LAYER is OUT[3]. pixel: from each input point p, a small triangle covering just the centre of pixel
 * (p % 8, p / 8) (corners (-0.6, -0.6), (1.2, -0.6), (-0.6, 1.2) pixels from it), colour (p, 1, 1, 1), LAYER as
 * the instruction `layer` computes it (no LAYER output when NULL). Otherwise: full-viewport triangles ((-1,-1)
 * (3,-1) (-1,3), so clipped) to layers 2, 0, 1 in colours (c, 10 c, 0.25, 1), c = 1, 2, 3. */
static void
gs_layer_text(char *buf, size_t size, bool pixel, const char *layer)
{
   static const char *const corner[2][3] = {{"xxzw", "yxzw", "xyzw"}, {"xxxx", "yxxx", "xyxx"}};
   unsigned len = gs_header(buf, size, "POINTS", "TRIANGLE_STRIP", 9, 1, pixel && !layer ? "" : "DCL OUT[3], LAYER\n");
   len += snprintf(buf + len, size - len,
                   "IMM[4] INT32 {8, 3, 7, -1}\n"
                   "IMM[5] FLT32 {0.25, -0.875, 0.0, 1.0}\n"
                   "IMM[6] FLT32 {-0.15, 0.3, 0.0, 0.0}\n"
                   "IMM[7] FLT32 {-1.0, 3.0, 0.0, 1.0}\n"
                   "IMM[8] INT32 {2, 0, 1, 0}\n"
                   "IMM[9] FLT32 {1.0, 10.0, 0.25, 1.0}\n"
                   "IMM[10] FLT32 {2.0, 20.0, 0.25, 1.0}\n"
                   "IMM[11] FLT32 {3.0, 30.0, 0.25, 1.0}\n"
                   "  UMOD TEMP[0].x, IN[2].xxxx, IMM[4].xxxx\n"
                   "  UDIV TEMP[0].y, IN[2].xxxx, IMM[4].xxxx\n"
                   "  U2F TEMP[0].xy, TEMP[0].xyyy\n"
                   "  MAD TEMP[0].xy, TEMP[0].xyyy, IMM[5].xxxx, IMM[5].yyyy\n");
   for (unsigned i = 0; i < (pixel ? 1 : 3); i++) {
      for (unsigned k = 0; k < 3; k++) {
         if (pixel)
            len += snprintf(buf + len, size - len,
                            "  ADD OUT[0].xy, TEMP[0].xyyy, IMM[6].%s\n  MOV OUT[0].zw, IMM[5].zzzw\n"
                            "  U2F OUT[1].x, IN[2].xxxx\n  MOV OUT[1].yzw, IMM[5].wwww\n  %s\n",
                            corner[1][k], layer ? layer : "");
         else
            len += snprintf(buf + len, size - len,
                            "  MOV OUT[0], IMM[7].%s\n  MOV OUT[1], IMM[%u]\n  MOV OUT[3], IMM[8].%c%c%c%c\n",
                            corner[0][k], 9 + i, "xyzw"[i], "xyzw"[i], "xyzw"[i], "xyzw"[i]);
         len += snprintf(buf + len, size - len, "  EMIT IMM[0].xxxx\n");
      }
      len += snprintf(buf + len, size - len, "  ENDPRIM IMM[0].xxxx\n");
   }
   snprintf(buf + len, size - len, "  END\n");
}

static void
test_layered(struct fxp_t *t)
{
   static float want[LAYERS][LH][LW][4];
   static char text[8192];
   struct pipe_context *p = t->pipe;
   const struct pipe_surface tmpl = {.format = PIPE_FORMAT_R32G32B32A32_FLOAT, .u.tex.last_layer = LAYERS - 1};
   const struct pipe_viewport_state vp = {
      .scale = {LW / 2.0f, LH / 2.0f, 0.5f}, .translate = {LW / 2.0f, LH / 2.0f, 0.5f},
      .swizzle_x = PIPE_VIEWPORT_SWIZZLE_POSITIVE_X, .swizzle_y = PIPE_VIEWPORT_SWIZZLE_POSITIVE_Y,
      .swizzle_z = PIPE_VIEWPORT_SWIZZLE_POSITIVE_Z, .swizzle_w = PIPE_VIEWPORT_SWIZZLE_POSITIVE_W,
   };
   const struct pipe_blend_state blend = {.rt[0].colormask = PIPE_MASK_RGBA};
   const struct pipe_depth_stencil_alpha_state dsa = {0};
   struct pipe_surface *surf = NULL;
   struct fxp_so_env e;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), false);
   struct pipe_resource *tex = fxp_t_texture(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT, LW, LH, 1,
                                             LAYERS, 1, PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW);
   if (CHECK(t, tex != NULL, "array texture not created"))
      surf = p->create_surface(p, tex, &tmpl);
   if (!CHECK(t, surf != NULL, "layered surface not created")) {
      pipe_resource_reference(&tex, NULL);
      fxp_so_env_end(t, &e);
      return;
   }
   struct pipe_framebuffer_state fb = {.width = LW, .height = LH, .layers = LAYERS, .nr_cbufs = 1, .cbufs = {surf}};
   p->set_framebuffer_state(p, &fb);
   p->set_viewport_states(p, 0, 1, &vp);
   void *blend_cso = p->create_blend_state(p, &blend);
   p->bind_blend_state(p, blend_cso);
   void *dsa_cso = p->create_depth_stencil_alpha_state(p, &dsa);
   p->bind_depth_stencil_alpha_state(p, dsa_cso);

   /* full-viewport triangles: layer 0 gets the second colour, 1 the third, 2 the first */
   for (unsigned i = 0; i < LAYERS * LH * LW; i++) {
      const unsigned z = i / (LH * LW), c = (z + 1) % 3 + 1;
      const float v[4] = {c, 10 * c, 0.25f, 1.0f};
      memcpy(want[z][i / LW % LH][i % LW], v, sizeof(v));
   }
   gs_layer_text(text, sizeof(text), false, NULL);
   layered_pass(t, tex, "full-viewport triangles to layers 2 0 1", text, 1, want);
   /* a triangle a pixel: layer 0 without a LAYER output; PRIMID % 3; 7 and -1 (0xffffffff), out of range,
    * clamped to the last layer */
   static const struct {
      const char *what, *layer;
      unsigned mod, fixed;
   } passes[] = {
      {"no LAYER output", NULL, 1, 0},
      {"LAYER = PRIMID % 3", "UMOD OUT[3].x, IN[2].xxxx, IMM[4].yyyy", 3, 0},
      {"LAYER 7 of 3", "MOV OUT[3].x, IMM[4].zzzz", 1, 2},
      {"LAYER -1", "MOV OUT[3].x, IMM[4].wwww", 1, 2},
   };
   for (unsigned k = 0; k < ARRAY_SIZE(passes); k++) {
      for (unsigned i = 0; i < LAYERS * LH * LW; i++) {
         const unsigned z = i / (LH * LW), pix = i % (LH * LW);
         const float v[4] = {pix, 1, 1, 1}, s[4] = {SENTINEL, SENTINEL, SENTINEL, SENTINEL};
         memcpy(want[z][pix / LW][pix % LW], pix % passes[k].mod + passes[k].fixed == z ? v : s, sizeof(v));
      }
      gs_layer_text(text, sizeof(text), true, passes[k].layer);
      layered_pass(t, tex, passes[k].what, text, LH * LW, want);
   }

   memset(&fb, 0, sizeof(fb));
   p->set_framebuffer_state(p, &fb);
   p->bind_blend_state(p, NULL);
   p->bind_depth_stencil_alpha_state(p, NULL);
   p->delete_blend_state(p, blend_cso);
   p->delete_depth_stencil_alpha_state(p, dsa_cso);
   pipe_surface_reference(&surf, NULL);
   pipe_resource_reference(&tex, NULL);
   fxp_so_env_end(t, &e);
}

/* ---- stream output without a geometry shader: the vertex shader's vertex numbers as captured ---- */

/* Strips with adjacency and strips captured straight from the VS (no GS), both provoking conventions, arrays
 * and indexed with a restart. Expected by hand from GL 4.6 Table 10.1 and the provoking-vertex table: a
 * captured triangle has the provoking vertex (strip with adjacency: 2k first, 2k+4 last; strip: k first, k+2
 * last) first or last as the convention says, and the strip's winding; see draw/fxp_decompose.c. */
static void
test_so_without_gs(struct fxp_t *t)
{
   static const struct pipe_stream_output_info so = {
      .num_outputs = 1, .stride = {1}, .output = {{.register_index = 1, .num_components = 1}},
   };
   static const struct {
      const char *what;
      enum pipe_prim_type mode;
      bool first, indexed;
      unsigned count, n;
      float v[12];
   } cases[] = {
      {"strip adjacency, last", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, false, false, 10, 9, {0, 2, 4, 4, 2, 6, 4, 6, 8}},
      {"strip adjacency, first", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, true, false, 10, 9, {0, 2, 4, 2, 6, 4, 4, 6, 8}},
      /* indices 20..27, restart, 30..35: two strips of two and one triangles */
      {"strip adjacency, first, restart", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, true, true, 15, 9,
       {20, 22, 24, 22, 26, 24, 30, 32, 34}},
      {"strip adjacency, last, restart", PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, false, true, 15, 9,
       {20, 22, 24, 24, 22, 26, 30, 32, 34}},
      {"strip, first", PIPE_PRIM_TRIANGLE_STRIP, true, false, 5, 9, {0, 1, 2, 1, 3, 2, 2, 3, 4}},
      {"strip, last", PIPE_PRIM_TRIANGLE_STRIP, false, false, 5, 9, {0, 1, 2, 2, 1, 3, 2, 3, 4}},
   };
   static const uint16_t indices[] = {20, 21, 22, 23, 24, 25, 26, 27, 0xffff, 30, 31, 32, 33, 34, 35};
   struct pipe_context *p = t->pipe;
   struct fxp_so_env e;
   float got[16];
   unsigned zero = 0;

   fxp_so_env_begin(t, &e, vs_text, fs_text, NUM_VB, sizeof(struct rec[SO_VERTS]), true);
   void *vs = fxp_t_shader(t, vs_text, PIPE_SHADER_VERTEX, &so);
   struct pipe_resource *ib = fxp_t_texture(t, PIPE_BUFFER, PIPE_FORMAT_R8_UNORM, sizeof(indices), 1, 1, 1, 1,
                                            PIPE_BIND_INDEX_BUFFER);
   if (!vs || !ib || !e.so) {
      CHECK(t, false, "set-up failed");
   } else {
      p->buffer_subdata(p, ib, PIPE_MAP_WRITE, 0, sizeof(indices), indices);
      p->bind_vs_state(p, vs);
      for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
         float fill[16];
         for (unsigned i = 0; i < ARRAY_SIZE(fill); i++)
            fill[i] = SENTINEL;
         p->buffer_subdata(p, e.sob, PIPE_MAP_WRITE, 0, sizeof(fill), fill);
         fxp_so_env_rasterizer(t, &e, true, cases[c].first);
         p->set_stream_output_targets(p, 1, &e.so, &zero);
         const struct pipe_draw_info info = {
            .mode = cases[c].mode, .instance_count = 1, .index_size = cases[c].indexed ? 2 : 0,
            .primitive_restart = cases[c].indexed, .restart_index = 0xffff, .index.resource = ib,
         };
         const struct pipe_draw_start_count_bias draw = {.count = cases[c].count};
         p->draw_vbo(p, &info, 0, NULL, &draw, 1);
         p->set_stream_output_targets(p, 0, NULL, NULL);
         pipe_buffer_read(p, e.sob, 0, sizeof(got), got);
         for (unsigned i = 0; i < cases[c].n; i++)
            if (!CHECK(t, got[i] == cases[c].v[i], "%s: captured vertex %u is %g, want %g", cases[c].what, i, got[i],
                       cases[c].v[i]))
               break;
         CHECK(t, got[cases[c].n] == SENTINEL, "%s: more than %u vertices captured", cases[c].what, cases[c].n);
      }
      p->bind_vs_state(p, e.vs);
   }
   if (vs)
      p->delete_vs_state(p, vs);
   pipe_resource_reference(&ib, NULL);
   fxp_so_env_end(t, &e);
}

const struct fxp_test fxp_gs_tests[] = {
   {"gs.input_order", test_input_order},
   {"gs.primid", test_primid},
   {"gs.restart", test_restart},
   {"gs.invocations", test_invocations},
   {"gs.output_strips", test_output_strips},
   {"gs.long_strips", test_long_strips},
   {"gs.layered", test_layered},
   {"gs.so_without_gs", test_so_without_gs},
   {NULL, NULL},
};
