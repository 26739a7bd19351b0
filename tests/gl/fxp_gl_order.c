/* Draws a picture whose every pixel depends on the order primitives reach it (thousands of overlapping
 * triangles, lines and points blended with a non-commutative equation, depth-tested with LEQUAL against
 * equal depths, in one large draw and in many small ones, tiny triangles crowded together, strips, quads,
 * strips, fans, quad strips, line strips and line loops with restarts, strips drawn as outlines and as
 * corners (glPolygonMode), a geometry shader's strips and
 * tessellated patches, across
 * viewport, scissor and state changes) into
 * a 700x500 FBO (not a whole number of 64-pixel bins) and prints a hash of the pixels read back after
 * each part.
 * tests/gl/same-image.sh runs it with different rasterizer thread counts: the hashes must all be equal,
 * since primitive order within each pixel may not depend on how the bins are shared out. It also fails by
 * itself if the picture is empty or a GL error is raised. */
#define GL_GLEXT_PROTOTYPES
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_egl.h"
#include "fxp_gl_shader.h"

#define W 700
#define H 500

static uint32_t rng = 12345;
static float
rnd(void)
{
   rng = rng * 1664525u + 1013904223u;
   return (rng >> 8) * (1.0f / 16777216.0f);
}

struct vtx {
   float pos[4];
   float col[4];
};

static const char *vs_src =
   "#version 130\n"
   "in vec4 pos; in vec4 col; out vec4 c;\n"
   "void main() { gl_Position = pos; gl_PointSize = 2.0 + 14.0 * col.a; c = col; }\n";
static const char *fs_src =
   "#version 130\n"
   "in vec4 c; out vec4 o;\n"
   "void main() { o = vec4(c.rgb * (0.75 + 0.25 * fract(gl_FragCoord.x * 0.37)), c.a); }\n";

/* the same colour, scaled by the primitive ID */
static const char *prim_fs_src =
   "#version 150\n"
   "in vec4 c; out vec4 o;\n"
   "void main() { o = vec4(c.rgb * (0.5 + 0.5 * fract(float(gl_PrimitiveID) * 0.618)), c.a); }\n";

/* n random triangles centred within `spread` of the middle: a few large, most small; depths from a few
 * levels so that LEQUAL ties happen. */
static int
fill(struct vtx *v, int n_vtx, float size, float spread)
{
   for (int i = 0; i < n_vtx; i += 3) {
      const float cx = (rnd() * 2.0f - 1.0f) * spread, cy = (rnd() * 2.0f - 1.0f) * spread;
      const float s = (i % 97 == 0) ? 1.5f : size * (0.2f + rnd());
      const float z = (float)((int)(rnd() * 4)) * 0.25f - 0.4f;
      const float col[4] = {rnd(), rnd(), rnd(), 0.3f + 0.6f * rnd()};
      for (int k = 0; k < 3; k++) {
         v[i + k].pos[0] = cx + s * (rnd() - 0.5f);
         v[i + k].pos[1] = cy + s * (rnd() - 0.5f);
         v[i + k].pos[2] = z;
         v[i + k].pos[3] = 1.0f;
         memcpy(v[i + k].col, col, sizeof(col));
      }
   }
   return n_vtx;
}

/* A geometry shader that makes two strips of two triangles of each triangle (restarts between them), and
 * a tessellation evaluation shader (no control shader: the default levels) of triangles, its fragment
 * shader coloured by the patch (gl_PrimitiveID) */
static const char *gs_src =
   "#version 150\n"
   "layout(triangles) in; layout(triangle_strip, max_vertices = 8) out;\n"
   "in vec4 c[]; out vec4 gc;\n"
   "void main() {\n"
   "   for (int k = 0; k < 2; k++) {\n"
   "      for (int i = 0; i < 4; i++) {\n"
   "         gl_Position = gl_in[i % 3].gl_Position + vec4(0.02 * k, 0.01 * (i / 3) - 0.015 * k, 0.0, 0.0);\n"
   "         gc = c[i % 3] * (0.6 + 0.1 * float(i + k));\n"
   "         EmitVertex();\n"
   "      }\n"
   "      EndPrimitive();\n"
   "   }\n"
   "}\n";
static const char *gs_fs_src =
   "#version 150\n"
   "in vec4 gc; out vec4 o;\n"
   "void main() { o = vec4(gc.rgb * (0.75 + 0.25 * fract(gl_FragCoord.y * 0.29)), gc.a); }\n";
static const char *tes_src =
   "#version 400\n"
   "layout(triangles, equal_spacing, ccw) in;\n"
   "in vec4 c[]; out vec4 tc;\n"
   "void main() {\n"
   "   vec3 b = gl_TessCoord;\n"
   "   gl_Position = b.x * gl_in[0].gl_Position + b.y * gl_in[1].gl_Position + b.z * gl_in[2].gl_Position;\n"
   "   tc = (b.x * c[0] + b.y * c[1] + b.z * c[2]) * (0.8 + 0.2 * b.x);\n"
   "}\n";
static const char *tes_fs_src =
   "#version 400\n"
   "in vec4 tc; out vec4 o;\n"
   "void main() { o = vec4(tc.rgb * (0.5 + 0.5 * fract(float(gl_PrimitiveID) * 0.618)), tc.a); }\n";

/* Vertices along a path that snakes through a grid of PATH_W x PATH_H cells over the target, row by row,
 * jittered within their cell, each a colour of its own: primitives of nearby vertices are small, so that a
 * pixel is drawn over a few times only and every primitive stays visible in the picture. */
enum { PATH_W = 60, PATH_H = 50 };
static int
fill_path(struct vtx *v, int n_vtx)
{
   for (int i = 0; i < n_vtx; i++) {
      const int row = i / PATH_W, col = row % 2 ? PATH_W - 1 - i % PATH_W : i % PATH_W;
      v[i].pos[0] = -1.0f + (col + 0.2f + 0.6f * rnd()) * (2.0f / PATH_W);
      v[i].pos[1] = -1.0f + (row + 0.2f + 0.6f * rnd()) * (2.0f / PATH_H);
      v[i].pos[2] = 0.0f;
      v[i].pos[3] = 1.0f;
      const float col4[4] = {rnd(), rnd(), rnd(), 0.3f + 0.6f * rnd()};
      memcpy(v[i].col, col4, sizeof(col4));
   }
   return n_vtx;
}

/* The picture so far, folded into *hash: read after each part of the test, so that a later part drawing
 * over the picture cannot hide a difference in an earlier one (blending layer upon layer converges). */
static uint8_t *px;
static uint64_t hash = 14695981039346656037ull;
static void
checkpoint(void)
{
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (int i = 0; i < W * H * 4; i++)
      hash = (hash ^ px[i]) * 1099511628211ull;
}

int
main(void)
{
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 1;
   if (!fxp_make_fbo(W, H)) {
      fprintf(stderr, "FBO incomplete\n");
      return 1;
   }
   int linked;
   GLuint prog = fxp_program(vs_src, fs_src, "col", &linked);
   if (!linked)
      return 1;
   glUseProgram(prog);
   GLuint prim_prog = fxp_program(vs_src, prim_fs_src, "col", &linked);
   if (!linked)
      return 1;

   px = malloc(W * H * 4);
   if (!px)
      return 1;
   enum { N = 3 * 4000 };
   struct vtx *v = malloc(N * sizeof(*v));
   if (!v)
      return 1;
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(struct vtx), (void *)16);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   glClearColor(0.1f, 0.2f, 0.3f, 1.0f);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LEQUAL);
   glEnable(GL_PROGRAM_POINT_SIZE);

   /* one large draw of triangles of every size */
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.15f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, N);
   checkpoint();
   /* many small draws, each a few small triangles */
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.05f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   for (int i = 0; i < N; i += 30)
      glDrawArrays(GL_TRIANGLES, i, 30);
   checkpoint();
   /* tiny triangles (a few pixels) crowded into a small area: in a scene they share shader batches
    * (raster/fxp_shade.h), and the picture must not change with the thread count (one thread shares none) */
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.012f, 0.03f) * sizeof(*v), v, GL_STATIC_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, N);
   checkpoint();
   /* lines and points, blended differently, under a scissor and a viewport smaller than the FBO */
   glBlendFunc(GL_ONE_MINUS_DST_COLOR, GL_SRC_COLOR);
   glEnable(GL_SCISSOR_TEST);
   glScissor(37, 21, 611, 433);
   glViewport(-50, 30, 760, 420);
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.6f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   glDrawArrays(GL_LINES, 0, N / 2);
   checkpoint();
   glDrawArrays(GL_POINTS, N / 2, N / 2);
   checkpoint();
   /* a strip of triangles without depth test across the whole target, back faces culled: with several
    * threads its triangles are set up in ranges (draw/fxp_prim.c, fxp_prim_run_shared), and a range that
    * started at an odd triangle would wind its triangles the other way and cull the wrong ones */
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_DEPTH_TEST);
   glViewport(0, 0, W, H);
   glBlendFunc(GL_DST_COLOR, GL_ONE_MINUS_SRC_ALPHA);
   glBufferData(GL_ARRAY_BUFFER, fill(v, 3 * 300, 2.5f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   glEnable(GL_CULL_FACE);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 3 * 300);
   checkpoint();
   /* 3,000 quads (this is a compatibility context), also set up in ranges with several threads, back faces
    * culled */
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.3f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   glDrawArrays(GL_QUADS, 0, N);
   checkpoint();
   /* the same quads as outlines (glPolygonMode): set up in ranges too, each quad's four edges drawn and its
    * diagonal (the inner edge of its two triangles) not */
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glBlendFunc(GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA);
   glDrawArrays(GL_QUADS, 0, N);
   checkpoint();
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   /* strips with primitive restarts, in one indexed draw: runs of 1 to 16 elements (some too short to
    * make a triangle) of vertices along a path, back faces culled, coloured by primitive ID. With several threads the ranges take
    * pieces of the runs they meet (fxp_prim_run_shared): a range that started at an odd triangle of its run
    * would cull the wrong triangles, one that numbered its primitives from the wrong one would colour them
    * wrongly (restarts do not reset the primitive ID) */
   glUseProgram(prim_prog);
   glBlendFunc(GL_ONE_MINUS_DST_ALPHA, GL_SRC_COLOR);
   glBufferData(GL_ARRAY_BUFFER, fill_path(v, PATH_W * PATH_H) * sizeof(*v), v, GL_STATIC_DRAW);
   enum { NI = 2000 };
   GLuint *idx = malloc(NI * sizeof(*idx)), ibo;
   if (!idx)
      return 1;
   for (int i = 0, run = 0, len = 1, w = 0; i < NI; i++) {
      if (run == len) {
         idx[i] = 0xffffffffu;
         run = 0;
         len = 1 + (int)(rnd() * 16);
      } else {
         /* a vertex near the walk along the path: triangles of a few cells, either winding */
         const int k = w + (int)(rnd() * 5) - 2;
         idx[i] = (GLuint)(k < 0 ? 0 : k >= PATH_W * PATH_H ? PATH_W * PATH_H - 1 : k);
         w += 1 + (rnd() < 0.5f);
         run++;
      }
   }
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, NI * sizeof(*idx), idx, GL_STATIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART);
   glPrimitiveRestartIndex(0xffffffffu);
   glDrawElements(GL_TRIANGLE_STRIP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   /* the same elements as fans (each run a fan about its first vertex), then as quad strips (a range that
    * split a quad's two triangles would number the second as the next quad), these with the first vertex
    * provoking (draw/fxp_decompose.c orders the triangles' vertices by it) */
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_COLOR);
   glDrawElements(GL_TRIANGLE_FAN, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   glCullFace(GL_FRONT);
   glBlendFunc(GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA);
   glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   glDrawElements(GL_QUAD_STRIP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   /* the same elements as line strips, then line loops, over vertices spread across the target: long lines,
    * set up in ranges with several threads, each segment a primitive ID of its own (a range numbering its
    * segments from the wrong one would colour them wrongly, one that lost a loop's closing segment would
    * leave it out); then the path again for the parts below */
   glBufferData(GL_ARRAY_BUFFER, fill(v, N, 0.6f, 1.1f) * sizeof(*v), v, GL_STATIC_DRAW);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glDrawElements(GL_LINE_STRIP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   glBlendFunc(GL_ONE_MINUS_DST_COLOR, GL_SRC_ALPHA);
   glDrawElements(GL_LINE_LOOP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   /* the same elements as triangle strips drawn as outlines, then as corners (glPolygonMode), front faces
    * culled: set up in ranges with several threads, each triangle's edges or corners by one thread in
    * order, coloured by the triangle's primitive ID, the edges an inner restart leaves out drawn by none */
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_COLOR);
   glDrawElements(GL_TRIANGLE_STRIP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   glBlendFunc(GL_ONE_MINUS_DST_ALPHA, GL_SRC_ALPHA);
   glDrawElements(GL_TRIANGLE_STRIP, NI, GL_UNSIGNED_INT, NULL);
   checkpoint();
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glBufferData(GL_ARRAY_BUFFER, fill_path(v, PATH_W * PATH_H) * sizeof(*v), v, GL_STATIC_DRAW);
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   glDisable(GL_PRIMITIVE_RESTART);
   glCullFace(GL_BACK);
   free(idx);
   /* a geometry shader's output strips (their restarts between), culled: a batch of its output is set up
    * in ranges as a draw's strips are */
   GLuint gs_prog = fxp_gl_program(vs_src, gs_src, NULL, gs_fs_src, "col");
   if (!gs_prog)
      return 1;
   glUseProgram(gs_prog);
   glBlendFunc(GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA);
   glDrawArrays(GL_TRIANGLES, 0, 3 * 1000);
   checkpoint();
   /* tessellated patches of many triangles each, culled, coloured by patch: a patch's triangles are set
    * up in ranges, each taking the patch's primitive ID */
   GLuint tes_prog = fxp_gl_program(vs_src, NULL, tes_src, tes_fs_src, "col");
   if (!tes_prog)
      return 1;
   glUseProgram(tes_prog);
   static const float levels[4] = {24.0f, 23.0f, 22.0f, 24.0f};
   glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
   glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, levels);
   glPatchParameteri(GL_PATCH_VERTICES, 3);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   glBufferData(GL_ARRAY_BUFFER, fill(v, 3 * 12, 0.9f, 0.6f) * sizeof(*v), v, GL_STATIC_DRAW);
   glDrawArrays(GL_PATCHES, 0, 3 * 12);
   checkpoint();
   glDisable(GL_CULL_FACE);

   checkpoint(); /* (px holds the final picture) */
   const GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      printf("FAIL: GL error 0x%x\n", err);
      return 1;
   }
   unsigned changed = 0;
   for (int i = 0; i < W * H * 4; i += 4)
      changed += px[i] != 26 || px[i + 1] != 51 || px[i + 2] != 77;
   printf("pixels drawn over: %u of %u\n", changed, W * H);
   printf("image hash: %016llx\n", (unsigned long long)hash);
   if (changed < W * H / 2) {
      printf("FAIL: the picture is mostly empty\n");
      return 1;
   }
   free(px);
   free(v);
   /* the context's end prints its counters under FXPIPE_DEBUG=perf (same-image.sh reads them) */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   return 0;
}
