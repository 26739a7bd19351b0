/* GL 4.x extensions fxpipe claims without tessellation, each checked through GL on an EGL surfaceless
 * context (compatibility profile): the extension must be offered, and drawing with it must give the values
 * its specification asks for (worked out below from the specification, not from a run).
 *
 *   fxpipe-gl-ext4 [SECTION...]     sections: barrier offset-clamp draw-params vote qbo clock ycbcr memobj
 *                                   limits (default: all)
 *
 * Prints "ok"/"FAIL" per check (fxp_gl_check.h) and exits 1 on any failure. */
#define _GNU_SOURCE /* memfd_create */
#define GL_GLEXT_PROTOTYPES
#include <sys/mman.h>
#include <unistd.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"
#include "fxp_gl_shader.h"

static GLuint
program(const char *vs, const char *fs)
{
   GLuint p = glCreateProgram();
   GLint ok = 0;
   glAttachShader(p, fxp_gl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, fxp_gl_shader(GL_FRAGMENT_SHADER, fs));
   glBindAttribLocation(p, 0, "pos");
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048];
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      printf("link error: %s\n", log);
      return 0;
   }
   return p;
}

static const char *quad_vs =
   "#version 330\n"
   "layout(location = 0) in vec2 pos;\n"
   "uniform float z;\n"
   "void main() { gl_Position = vec4(pos, z, 1.0); }\n";

/* A VAO whose attribute 0 holds a full-viewport quad as a triangle strip (4 vertices). */
static void
bind_quad(void)
{
   static const float v[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
}

/* ARB_texture_barrier: a texture that is both the render target and sampled. After glTextureBarrier, texels
 * written by earlier draws are what later draws sample. 40 full-target passes each read texel (x, y) and
 * write it back plus 1/255 in red; after pass k red is k/255 exactly (the read of pass k + 1 sees pass k's
 * write, for every pixel, including pixels of bins drawn by other threads). Then the halves ping-pong: 10
 * passes alternately copy the left half to the right (adding 1 in green) and the right to the left. */
static void
test_barrier(void)
{
   enum { W = 300, H = 200, PASSES = 40 };
   check(fxp_gl_has_ext("GL_ARB_texture_barrier"), "GL_ARB_texture_barrier offered");
   check(fxp_gl_has_ext("GL_NV_texture_barrier"), "GL_NV_texture_barrier offered");
   PFNGLTEXTUREBARRIERPROC barrier = (PFNGLTEXTUREBARRIERPROC)eglGetProcAddress("glTextureBarrier");
   if (!check(barrier != NULL, "glTextureBarrier resolves"))
      return;
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glViewport(0, 0, W, H);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint p = program(quad_vs,
                      "#version 330\n"
                      "uniform sampler2D t; uniform ivec2 shift; uniform vec4 add; out vec4 o;\n"
                      "void main() { o = texelFetch(t, ivec2(gl_FragCoord.xy) + shift, 0) + add; }\n");
   if (!check(p != 0, "barrier program links"))
      return;
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   glUniform4f(glGetUniformLocation(p, "add"), 1.0f / 255.0f, 0, 0, 0);
   glUniform2i(glGetUniformLocation(p, "shift"), 0, 0);
   bind_quad();
   for (int k = 0; k < PASSES; k++) {
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      barrier();
   }
   /* halves: pass j writes the right half from the left one (shift -W/2) when j is even, the left from the
    * right (shift +W/2) when odd, adding 1/255 in green; each half of the target is written only by its pass */
   glEnable(GL_SCISSOR_TEST);
   glUniform4f(glGetUniformLocation(p, "add"), 0, 1.0f / 255.0f, 0, 0);
   for (int j = 0; j < 10; j++) {
      glScissor(j % 2 ? 0 : W / 2, 0, W / 2, H);
      glUniform2i(glGetUniformLocation(p, "shift"), j % 2 ? W / 2 : -W / 2, 0);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      barrier();
   }
   glDisable(GL_SCISSOR_TEST);
   uint8_t *px = malloc(W * H * 4);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   /* the left half was last written by pass 9 (green 10: it copies the right half, green 9, plus 1), the
    * right half by pass 8 (green 9) */
   unsigned bad = 0, first = ~0u;
   for (int i = 0; i < W * H; i++) {
      const int x = i % W;
      const unsigned g = x < W / 2 ? 10 : 9;
      if (px[4 * i] != PASSES || px[4 * i + 1] != g || px[4 * i + 2] != 0 || px[4 * i + 3] != 0) {
         if (!bad)
            first = i;
         bad++;
      }
   }
   check(!bad, "barrier: every pixel red %d, green 10 (left) / 9 (right): %u wrong%s", PASSES, bad,
         bad ? " (first below)" : "");
   if (bad)
      printf("     pixel (%u, %u): %u %u %u %u\n", first % W, first / W, px[4 * first], px[4 * first + 1],
             px[4 * first + 2], px[4 * first + 3]);
   free(px);
   check(glGetError() == GL_NO_ERROR, "barrier: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ARB_polygon_offset_clamp: glPolygonOffsetClamp(factor, units, clamp) offsets by o = m * factor + r * units,
 * then clamp > 0 gives min(o, clamp), clamp < 0 gives max(o, clamp), clamp 0 gives o (GL 4.6, 14.6.5). A
 * quad at window depth 0.5 (z = 0) with units +-1e6 has |o| >= 1e6 * 2^-24 > 0.059 for any r of a 24-bit
 * buffer, far beyond the clamps used, so clamped results are exactly 0.5 + clamp. */
static void
test_offset_clamp(void)
{
   check(fxp_gl_has_ext("GL_ARB_polygon_offset_clamp"), "GL_ARB_polygon_offset_clamp offered");
   check(fxp_gl_has_ext("GL_EXT_polygon_offset_clamp"), "GL_EXT_polygon_offset_clamp offered");
   PFNGLPOLYGONOFFSETCLAMPPROC clampfn = (PFNGLPOLYGONOFFSETCLAMPPROC)eglGetProcAddress("glPolygonOffsetClamp");
   if (!check(clampfn != NULL, "glPolygonOffsetClamp resolves"))
      return;
   if (!check(fxp_make_fbo(64, 64), "offset-clamp FBO complete"))
      return;
   GLuint p = program(quad_vs, "#version 330\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n");
   if (!check(p != 0, "offset-clamp program links"))
      return;
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   bind_quad();
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_POLYGON_OFFSET_FILL);
   static const struct {
      float units, clamp;
      float lo, hi; /* the depth read back must lie in [lo, hi] */
      const char *what;
   } cases[] = {
      {1e6f, 0.01f, 0.51f - 1e-4f, 0.51f + 1e-4f, "units +1e6, clamp +0.01: min(o, 0.01)"},
      {-1e6f, -0.02f, 0.48f - 1e-4f, 0.48f + 1e-4f, "units -1e6, clamp -0.02: max(o, -0.02)"},
      {1e6f, 0.0f, 0.559f, 1.0f, "units +1e6, clamp 0: not clamped"},
      {-1e6f, 0.01f, 0.0f, 0.441f, "units -1e6, clamp +0.01: negative o kept (min)"},
      {1e6f, -0.01f, 0.559f, 1.0f, "units +1e6, clamp -0.01: positive o kept (max)"},
      {10.0f, 0.25f, 0.5f + 1e-7f, 0.5f + 1e-4f, "units 10, clamp 0.25: small o not clamped"},
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      glClearDepth(1.0);
      glClear(GL_DEPTH_BUFFER_BIT);
      clampfn(0.0f, cases[i].units, cases[i].clamp);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      float d[3] = {-1, -1, -1};
      glReadPixels(3, 5, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d[0]);
      glReadPixels(40, 60, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d[1]);
      glReadPixels(63, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d[2]);
      int ok = 1;
      for (int k = 0; k < 3; k++)
         ok &= d[k] >= cases[i].lo && d[k] <= cases[i].hi;
      check(ok, "offset clamp, %s: depth %.6f %.6f %.6f in [%.6f, %.6f]", cases[i].what, d[0], d[1], d[2],
            cases[i].lo, cases[i].hi);
   }
   GLfloat got = -1;
   glGetFloatv(GL_POLYGON_OFFSET_CLAMP, &got);
   check(got == 0.25f, "GL_POLYGON_OFFSET_CLAMP query gives the last clamp, 0.25 (%g)", got);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glDisable(GL_DEPTH_TEST);
   check(glGetError() == GL_NO_ERROR, "offset clamp: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ARB_shader_draw_parameters: gl_BaseVertexARB is the draw's baseVertex parameter (0 for commands without
 * one), gl_BaseInstanceARB its baseInstance (0 without), gl_DrawIDARB the index of the draw within a
 * multi-draw command (0 for single draws). Each vertex is a point on pixel gl_VertexID of a 16x16 RGBA32I
 * target (x = id % 16, y = id / 16; gl_VertexID includes baseVertex for indexed draws) and writes
 * (gl_BaseVertexARB, gl_BaseInstanceARB, gl_DrawIDARB, gl_InstanceID); the expectations are the parameters
 * of the commands below, and every other pixel keeps the clear value -1. */
struct dp_expect {
   int vid, bv, bi, drawid;
};

static void
test_draw_params(void)
{
   enum { S = 16 };
   check(fxp_gl_has_ext("GL_ARB_shader_draw_parameters"), "GL_ARB_shader_draw_parameters offered");
   GLuint tex, fbo;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I, S, S, 0, GL_RGBA_INTEGER, GL_INT, NULL);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   if (!check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "draw-params FBO complete"))
      return;
   glViewport(0, 0, S, S);
   const GLint clear[4] = {-1, -1, -1, -1};
   glClearBufferiv(GL_COLOR, 0, clear);
   GLuint p = program("#version 330\n"
                      "#extension GL_ARB_shader_draw_parameters : require\n"
                      "layout(location = 0) in vec2 pos;\n"
                      "flat out ivec4 v;\n"
                      "void main() {\n"
                      "   vec2 px = vec2(gl_VertexID % 16, gl_VertexID / 16) + 0.5 + pos;\n"
                      "   gl_Position = vec4(px / 8.0 - 1.0, 0.0, 1.0);\n"
                      "   v = ivec4(gl_BaseVertexARB, gl_BaseInstanceARB, gl_DrawIDARB, gl_InstanceID);\n"
                      "}\n",
                      "#version 330\nflat in ivec4 v; out ivec4 o;\nvoid main() { o = v; }\n");
   if (!check(p != 0, "draw-params program links"))
      return;
   glUseProgram(p);
   /* attribute 0: 256 zero offsets, so every vertex index the draws reach is inside the array */
   static float zero[2 * 256];
   GLuint vao, vbo, ibo, ind;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(zero), zero, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   static const GLuint idx[4] = {0, 1, 2, 3};
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);

   /* 1: glDrawArrays first 3, count 2: vertices 3, 4, no base vertex, instance or draw index */
   glDrawArrays(GL_POINTS, 3, 2);
   /* 2: glDrawElementsBaseVertex indices {0, 1}, baseVertex 20: vertices 20, 21 */
   glDrawElementsBaseVertex(GL_POINTS, 2, GL_UNSIGNED_INT, (void *)0, 20);
   /* 3: indices {2, 3}, one instance, baseVertex 40, baseInstance 5: vertices 42, 43 */
   glDrawElementsInstancedBaseVertexBaseInstance(GL_POINTS, 2, GL_UNSIGNED_INT, (void *)8, 1, 40, 5);
   /* 4: glDrawArraysInstancedBaseInstance first 50, count 1, baseInstance 9: vertex 50 */
   glDrawArraysInstancedBaseInstance(GL_POINTS, 50, 1, 1, 9);
   /* 5: glMultiDrawArrays firsts {60, 70}, counts {1, 2}: draw IDs 0, 1 */
   const GLint firsts[2] = {60, 70};
   const GLsizei counts[2] = {1, 2};
   glMultiDrawArrays(GL_POINTS, firsts, counts, 2);
   /* 6: glMultiDrawElementsBaseVertex, indices {0} and {1, 2}, baseVertex 80 and 90: vertices 80; 91, 92 */
   const GLsizei ecounts[2] = {1, 2};
   const void *eoffs[2] = {(void *)0, (void *)4};
   const GLint bvs[2] = {80, 90};
   glMultiDrawElementsBaseVertex(GL_POINTS, ecounts, GL_UNSIGNED_INT, eoffs, 2, bvs);
   /* 7: glMultiDrawElementsIndirect, three commands (count, instanceCount, firstIndex, baseVertex,
    *    baseInstance): {1, 1, 0, 100, 2}, {2, 1, 1, 110, 3}, {1, 1, 3, 120, 4}: vertices 100; 111, 112; 123 */
   /* 8: glMultiDrawArraysIndirect, two commands (count, instanceCount, first, baseInstance): {1, 1, 130, 6},
    *    {1, 1, 140, 7}: vertices 130, 140, gl_BaseVertexARB 0 */
   static const GLuint cmds[] = {1, 1, 0, 100, 2, 2, 1, 1, 110, 3, 1, 1, 3, 120, 4, /* arrays: */ 1, 1, 130, 6,
                                 1, 1, 140, 7};
   glGenBuffers(1, &ind);
   glBindBuffer(GL_DRAW_INDIRECT_BUFFER, ind);
   glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof(cmds), cmds, GL_STATIC_DRAW);
   glMultiDrawElementsIndirect(GL_POINTS, GL_UNSIGNED_INT, (void *)0, 3, 0);
   glMultiDrawArraysIndirect(GL_POINTS, (void *)(15 * 4), 2, 0);
   /* 9: glDrawElementsInstancedBaseVertex with 2 instances, indices {0}, baseVertex 150: vertex 150 drawn
    *    twice on one pixel; the second instance (gl_InstanceID 1) is drawn last */
   glDrawElementsInstancedBaseVertex(GL_POINTS, 1, GL_UNSIGNED_INT, (void *)0, 2, 150);

   static const struct dp_expect e[] = {
      {3, 0, 0, 0},     {4, 0, 0, 0},     {20, 20, 0, 0},   {21, 20, 0, 0},   {42, 40, 5, 0},
      {43, 40, 5, 0},   {50, 0, 9, 0},    {60, 0, 0, 0},    {70, 0, 0, 1},    {71, 0, 0, 1},
      {80, 80, 0, 0},   {91, 90, 0, 1},   {92, 90, 0, 1},   {100, 100, 2, 0}, {111, 110, 3, 1},
      {112, 110, 3, 1}, {123, 120, 4, 2}, {130, 0, 6, 0},   {140, 0, 7, 1},   {150, 150, 0, 0},
   };
   GLint px[S * S][4];
   glReadPixels(0, 0, S, S, GL_RGBA_INTEGER, GL_INT, px);
   unsigned bad = 0;
   for (int i = 0; i < S * S; i++) {
      GLint want[4] = {-1, -1, -1, -1};
      for (unsigned k = 0; k < sizeof(e) / sizeof(e[0]); k++)
         if (e[k].vid == i) {
            want[0] = e[k].bv, want[1] = e[k].bi, want[2] = e[k].drawid;
            want[3] = i == 150 ? 1 : 0;
         }
      if (memcmp(px[i], want, sizeof(want))) {
         if (bad++ < 8)
            printf("     vertex %d: (%d, %d, %d, %d), expected (%d, %d, %d, %d)\n", i, px[i][0], px[i][1], px[i][2],
                   px[i][3], want[0], want[1], want[2], want[3]);
      }
   }
   check(!bad, "draw parameters of 9 commands (direct, indexed, instanced, multi, indirect): %u pixels wrong",
         bad);
   check(glGetError() == GL_NO_ERROR, "draw parameters: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* Votes in a geometry shader: 100 one-pixel-high strips, one triangle each; c = gl_PrimitiveIDIn is odd.
 * The invariants of test_vote, the vote inside `if (c)`, and votes on constants, written as green by every
 * strip's fragments (flat); every row of the target must be green. */
static void
test_vote_gs(void)
{
   enum { S = 100 };
   const char *vs = "#version 330\n"
                    "layout(location = 0) in vec2 pos;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   const char *gs = "#version 330\n"
                    "#extension GL_ARB_shader_group_vote : require\n"
                    "layout(triangles) in; layout(triangle_strip, max_vertices = 3) out;\n"
                    "flat out int ok;\n"
                    "void main() {\n"
                    "   bool c = (gl_PrimitiveIDIn & 1) == 1;\n"
                    "   bool a = anyInvocationARB(c), l = allInvocationsARB(c), e = allInvocationsEqualARB(c);\n"
                    "   bool branch = true;\n"
                    "   if (c)\n"
                    "      branch = allInvocationsARB(c);\n"
                    "   int r = int((!c || a) && (!l || c) && (e == (l || !a)) && branch &&\n"
                    "               anyInvocationARB(true) && !allInvocationsARB(false));\n"
                    "   for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; ok = r; EmitVertex(); }\n"
                    "}\n";
   const char *fs = "#version 330\nflat in int ok; out vec4 o;\nvoid main() { o = vec4(0.0, ok, 0.0, 1.0); }\n";
   GLuint p = glCreateProgram();
   GLint linked = 0;
   glAttachShader(p, fxp_gl_shader(GL_VERTEX_SHADER, vs));
   glAttachShader(p, fxp_gl_shader(GL_GEOMETRY_SHADER, gs));
   glAttachShader(p, fxp_gl_shader(GL_FRAGMENT_SHADER, fs));
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &linked);
   if (!check(linked, "vote: geometry-shader program links"))
      return;
   glUseProgram(p);
   /* strip k covers row k: a triangle from (-1, y0) to (3, y0) to (-1, y1), more than the row's width */
   float *v = malloc(S * 6 * sizeof(float));
   for (int k = 0; k < S; k++) {
      const float y0 = k * 2.0f / S - 1.0f, y1 = (k + 1) * 2.0f / S - 1.0f;
      const float t[6] = {-1.0f, y0, 3.0f, y0, -1.0f, y1 + (y1 - y0)};
      memcpy(v + 6 * k, t, sizeof(t));
   }
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, S * 6 * sizeof(float), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   free(v);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3 * S);
   uint8_t px[S * 4];
   unsigned bad = 0;
   for (int y = 0; y < S; y++) {
      glReadPixels(0, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      bad += px[1] != 255;
   }
   check(!bad, "vote: geometry-shader votes keep the invariants (%u of %d rows not)", bad, S);
   check(glGetError() == GL_NO_ERROR, "vote: geometry shader, no GL error");
}

/* ARB_shader_group_vote: anyInvocationARB(v) is true iff v is true in some active invocation of the group
 * executing together, allInvocationsARB(v) iff in all, allInvocationsEqualARB(v) iff all agree. Whatever the
 * group, these hold for every invocation (the invariants): v => any(v), all(v) => v, and equal(v) ==
 * (all(v) || !any(v)); and only the invocations active at the vote count, so inside `if (c)` all(c) is
 * true. Which invocations form a group is the implementation's: fxpipe's fragment groups are batches of whole
 * 2x2 quads (shader/fxp_ops_lane.c; llvmpipe's are not always: it gives all(c) true at 25 pixels of column 0
 * of this test, which GL allows), and one triangle larger than the target covers
 * every pixel (no helper invocation), so with the checkerboard c = (x ^ y) & 1 every group holds both
 * values: any(c) true, all(c) and equal(c) false at every pixel (a vote that only looked at its own
 * invocation would give c, !c instead). The fragment shader writes any(c), !all(c), !equal(c), and the
 * invariants of d = x < 20 (bins and quads straddle it), the vote inside the branch, the vertex shader's
 * own votes (passed flat) and votes on constants and uniforms; all four must be 255. Then the geometry
 * stage's votes (test_vote_gs). */
static void
test_vote(void)
{
   enum { S = 100 };
   check(fxp_gl_has_ext("GL_ARB_shader_group_vote"), "GL_ARB_shader_group_vote offered");
   if (!check(fxp_make_fbo(S, S), "vote FBO complete"))
      return;
   GLuint p = program("#version 330\n"
                      "#extension GL_ARB_shader_group_vote : require\n"
                      "layout(location = 0) in vec2 pos;\n"
                      "flat out int vs_ok;\n"
                      "void main() {\n"
                      "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                      "   bool c = gl_VertexID == 2;\n"
                      "   bool a = anyInvocationARB(c), l = allInvocationsARB(c), e = allInvocationsEqualARB(c);\n"
                      "   vs_ok = int((!c || a) && (!l || c) && (e == (l || !a)) && anyInvocationARB(true) &&\n"
                      "               !allInvocationsARB(false));\n"
                      "}\n",
                      "#version 330\n"
                      "#extension GL_ARB_shader_group_vote : require\n"
                      "flat in int vs_ok; uniform int one; out vec4 o;\n"
                      "void main() {\n"
                      "   ivec2 p = ivec2(gl_FragCoord.xy);\n"
                      "   bool c = ((p.x ^ p.y) & 1) == 1, d = p.x < 20;\n"
                      "   bool a = anyInvocationARB(d), l = allInvocationsARB(d), e = allInvocationsEqualARB(d);\n"
                      "   bool inv = (!d || a) && (!l || d) && (e == (l || !a));\n"
                      "   bool uni = allInvocationsARB(one == 1) && !anyInvocationARB(one == 2) &&\n"
                      "              allInvocationsEqualARB(one == 1) && allInvocationsEqualARB(false);\n"
                      "   bool branch = true;\n"
                      "   if (c)\n"
                      "      branch = allInvocationsARB(c) && allInvocationsEqualARB(c);\n"
                      "   o = vec4(anyInvocationARB(c), !allInvocationsARB(c), !allInvocationsEqualARB(c),\n"
                      "            inv && uni && branch && vs_ok == 1);\n"
                      "}\n");
   if (!check(p != 0, "vote program links"))
      return;
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "one"), 1);
   static const float tri[] = {-1, -1, 3, -1, -1, 3};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   uint8_t *px = malloc(S * S * 4);
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad[4] = {0, 0, 0, 0};
   for (int i = 0; i < S * S; i++)
      for (int k = 0; k < 4; k++)
         if (px[4 * i + k] != 255 && !bad[k]++)
            printf("     first wrong pixel of channel %d: (%d, %d)\n", k, i % S, i / S);
   free(px);
   check(!bad[0], "vote: anyInvocationARB(checkerboard) true everywhere (%u pixels not)", bad[0]);
   check(!bad[1], "vote: allInvocationsARB(checkerboard) false everywhere (%u pixels not)", bad[1]);
   check(!bad[2], "vote: allInvocationsEqualARB(checkerboard) false everywhere (%u pixels not)", bad[2]);
   check(!bad[3], "vote: invariants of x < 20, the vote in a branch, uniform and constant votes, "
                  "the vertex shader's votes (%u pixels not)",
         bad[3]);
   check(glGetError() == GL_NO_ERROR, "vote: no GL error");
   test_vote_gs();
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ARB_query_buffer_object: with a buffer bound to GL_QUERY_BUFFER, glGetQueryObject* writes the result at
 * the byte offset given as the pointer, as a GLint, GLuint, GLint64 or GLuint64 (the call's type), and
 * GL_QUERY_RESULT_AVAILABLE writes 1 once the result is available; 32-bit reads of larger values give the
 * largest value of the type (as glGetQueryObject* into memory does). A 64x64 quad passes 4096 samples,
 * any-samples-passed is 1, the strip generates 2 primitives; a GL_TIMESTAMP is the monotonic clock in
 * nanoseconds (more than 2^32 once the machine has run 4.3 s), so its 32-bit reads saturate. Bytes not
 * written keep their fill (0xab). */
static void
test_qbo(void)
{
   check(fxp_gl_has_ext("GL_ARB_query_buffer_object"), "GL_ARB_query_buffer_object offered");
   if (!check(fxp_make_fbo(64, 64), "qbo FBO complete"))
      return;
   GLuint p = program(quad_vs, "#version 330\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n");
   if (!check(p != 0, "qbo program links"))
      return;
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   bind_quad();
   GLuint q[4];
   glGenQueries(4, q);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   glEndQuery(GL_SAMPLES_PASSED);
   /* the occlusion targets share one active query: any-samples-passed around a second draw */
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glQueryCounter(q[3], GL_TIMESTAMP);

   enum { SIZE_B = 128 };
   uint8_t fill[SIZE_B];
   memset(fill, 0xab, sizeof(fill));
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_QUERY_BUFFER, buf);
   glBufferData(GL_QUERY_BUFFER, SIZE_B, fill, GL_STREAM_READ);
#define AT(off) ((void *)(uintptr_t)(off))
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, AT(4));             /* u32 4096 at 4 */
   glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, AT(8));           /* u64 4096 at 8 */
   glGetQueryObjectiv(q[0], GL_QUERY_RESULT_NO_WAIT, AT(16));     /* i32 4096 at 16 (available) */
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, AT(20));  /* 1 at 20 */
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, AT(24));            /* 1 at 24 */
   glGetQueryObjecti64v(q[2], GL_QUERY_RESULT, AT(32));           /* i64 2 at 32 */
   glGetQueryObjectuiv(q[3], GL_QUERY_RESULT, AT(44));            /* u32 saturated at 44 */
   glGetQueryObjectiv(q[3], GL_QUERY_RESULT, AT(48));             /* i32 saturated at 48 */
   glGetQueryObjectui64v(q[3], GL_QUERY_RESULT, AT(56));          /* u64 > 2^32 at 56 */
   glGetQueryObjectui64v(q[3], GL_QUERY_RESULT_AVAILABLE, AT(64)); /* u64 1 at 64 */
   glGetQueryObjectuiv(q[0], GL_QUERY_TARGET, AT(72));            /* GL_SAMPLES_PASSED at 72 */
#undef AT
   check(glGetError() == GL_NO_ERROR, "qbo: no GL error from the stores");
   uint8_t got[SIZE_B];
   glGetBufferSubData(GL_QUERY_BUFFER, 0, SIZE_B, got);
   glBindBuffer(GL_QUERY_BUFFER, 0);
   uint32_t u32;
   uint64_t u64;
   int32_t i32;
   int64_t i64;
   memcpy(&u32, got + 4, 4);
   check(u32 == 4096, "qbo: GL_SAMPLES_PASSED as GLuint: %u (4096)", u32);
   memcpy(&u64, got + 8, 8);
   check(u64 == 4096, "qbo: GL_SAMPLES_PASSED as GLuint64: %llu (4096)", (unsigned long long)u64);
   memcpy(&i32, got + 16, 4);
   check(i32 == 4096, "qbo: GL_SAMPLES_PASSED, no wait, as GLint: %d (4096)", i32);
   memcpy(&u32, got + 20, 4);
   check(u32 == 1, "qbo: GL_QUERY_RESULT_AVAILABLE: %u (1)", u32);
   memcpy(&u32, got + 24, 4);
   check(u32 == 1, "qbo: GL_ANY_SAMPLES_PASSED: %u (1)", u32);
   memcpy(&i64, got + 32, 8);
   check(i64 == 2, "qbo: GL_PRIMITIVES_GENERATED as GLint64: %lld (2)", (long long)i64);
   memcpy(&u64, got + 56, 8);
   const int big = u64 > 0xffffffffull;
   check(big, "qbo: GL_TIMESTAMP as GLuint64 past 2^32: %llu", (unsigned long long)u64);
   memcpy(&u32, got + 44, 4);
   check(!big || u32 == 0xffffffffu, "qbo: GL_TIMESTAMP as GLuint saturates: 0x%x (0xffffffff)", u32);
   memcpy(&i32, got + 48, 4);
   check(!big || i32 == 0x7fffffff, "qbo: GL_TIMESTAMP as GLint saturates: 0x%x (0x7fffffff)", (unsigned)i32);
   memcpy(&u64, got + 64, 8);
   check(u64 == 1, "qbo: GL_QUERY_RESULT_AVAILABLE as GLuint64: %llu (1)", (unsigned long long)u64);
   memcpy(&u32, got + 72, 4);
   check(u32 == GL_SAMPLES_PASSED, "qbo: GL_QUERY_TARGET: 0x%x (GL_SAMPLES_PASSED)", u32);
   /* bytes no store covers */
   static const struct { int at, n; } untouched[] = {{0, 4}, {28, 4}, {40, 4}, {52, 4}, {76, SIZE_B - 76}};
   int kept = 1;
   for (unsigned k = 0; k < sizeof(untouched) / sizeof(untouched[0]); k++)
      for (int b = 0; b < untouched[k].n; b++)
         kept &= got[untouched[k].at + b] == 0xab;
   check(kept, "qbo: bytes outside the stores keep their contents");
   /* a store past the buffer's end is GL's error, and writes nothing */
   glBindBuffer(GL_QUERY_BUFFER, buf);
   while (glGetError() != GL_NO_ERROR)
      ;
   glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, (void *)(uintptr_t)(SIZE_B - 4));
   check(glGetError() == GL_INVALID_OPERATION, "qbo: a store past the end is GL_INVALID_OPERATION");
   glGetBufferSubData(GL_QUERY_BUFFER, SIZE_B - 8, 8, got);
   check(!memcmp(got, fill, 8), "qbo: ... and writes nothing");
   glBindBuffer(GL_QUERY_BUFFER, 0);
   glDeleteQueries(4, q);
   check(glGetError() == GL_NO_ERROR, "qbo: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* ARB_shader_clock: clock2x32ARB() (low word in x, high in y) reads a counter that only moves forward within
 * an invocation (clockARB() needs ARB_gpu_shader_int64, which GLSL 3.30 cannot enable; TGSI's CLOCK is the
 * same instruction for both, tests/tgsi/misc-clock.test). A fragment shader reads it three times around a
 * loop: each read, compared as (high, low), is at least the one before, and the counter is not 0. Every
 * pixel writes 1 in red when that holds, and in green whether the last read was later than the first
 * (counters may be coarse, so green is only required somewhere). */
static void
test_clock(void)
{
   enum { S = 32 };
   check(fxp_gl_has_ext("GL_ARB_shader_clock"), "GL_ARB_shader_clock offered");
   if (!check(fxp_make_fbo(S, S), "clock FBO complete"))
      return;
   GLuint p = program(quad_vs,
                      "#version 330\n"
                      "#extension GL_ARB_shader_clock : require\n"
                      "uniform int n; out vec4 o;\n"
                      "bool le(uvec2 a, uvec2 b) { return a.y < b.y || (a.y == b.y && a.x <= b.x); }\n"
                      "void main() {\n"
                      "   uvec2 a = clock2x32ARB();\n"
                      "   uvec2 b = clock2x32ARB();\n"
                      "   float x = gl_FragCoord.x;\n"
                      "   for (int i = 0; i < n; i++) x = sin(x) + 1.0;\n"
                      "   uvec2 c = clock2x32ARB();\n"
                      "   bool ok = a != uvec2(0u) && le(a, b) && le(b, c) && x > -10.0;\n"
                      "   o = vec4(ok, c != a, 0.0, 1.0);\n"
                      "}\n");
   if (!check(p != 0, "clock program links"))
      return;
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   glUniform1i(glGetUniformLocation(p, "n"), 2000);
   bind_quad();
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[S * S * 4];
   glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned not_ok = 0, later = 0;
   for (int i = 0; i < S * S; i++) {
      not_ok += px[4 * i] != 255;
      later += px[4 * i + 1] == 255;
   }
   check(!not_ok, "clock: reads never go back and are not 0 (%u pixels wrong)", not_ok);
   check(later > 0, "clock: the counter moved across 2000 iterations somewhere (%u of %u pixels)", later, S * S);
   check(glGetError() == GL_NO_ERROR, "clock: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* MESA_ycbcr_texture: a 4 x 2 GL_YCBCR_MESA texture. Its specification: each texel is a 16-bit value of two
 * components, the first luminance Y, the second Cb in even columns and Cr in odd ones; with
 * UNSIGNED_SHORT_8_8_MESA the first component is the upper byte (GL's packed types), with _REV the lower.
 * Each pair of columns (N, N + 1) shares the Cb of column N and the Cr of column N + 1. The specification
 * leaves the colour conversion to the implementation; the expected colours use ITU-R BT.601's for 8-bit
 * studio range (R = 1.164 (Y - 16) + 1.596 (Cr - 128), G = 1.164 (Y - 16) - 0.391 (Cb - 128) - 0.813
 * (Cr - 128), B = 1.164 (Y - 16) + 2.018 (Cb - 128)), within 2 of 255. Every texel is read twice, by
 * texelFetch and by texture() with nearest filtering, into a 4 x 2 RGBA8 target. */
static void
test_ycbcr(void)
{
   enum { W = 4, H = 2 };
   /* (Y, Cb or Cr) per texel, chosen so that every colour stays inside [0, 1] */
   static const uint8_t yc[H][W][2] = {
      {{100, 120}, {110, 140}, {60, 100}, {200, 150}},
      {{235, 128}, {16, 128}, {150, 90}, {90, 170}},
   };
   check(fxp_gl_has_ext("GL_MESA_ycbcr_texture"), "GL_MESA_ycbcr_texture offered");
   GLuint fbo = fxp_make_fbo_depth(W, H, GL_DEPTH_COMPONENT24);
   if (!check(fbo != 0, "ycbcr FBO complete"))
      return;
   GLuint p = program(quad_vs, "#version 330\n"
                               "uniform sampler2D t; uniform bool fetch; out vec4 o;\n"
                               "void main() {\n"
                               "   o = fetch ? texelFetch(t, ivec2(gl_FragCoord.xy), 0)\n"
                               "             : texture(t, gl_FragCoord.xy / vec2(4.0, 2.0));\n"
                               "}\n");
   if (!check(p != 0, "ycbcr program links"))
      return;
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   bind_quad();
   for (int rev = 0; rev < 2; rev++) {
      uint16_t texels[H][W];
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++)
            texels[y][x] = rev ? (uint16_t)(yc[y][x][1] << 8 | yc[y][x][0]) : (uint16_t)(yc[y][x][0] << 8 | yc[y][x][1]);
      GLuint tex;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_YCBCR_MESA, W, H, 0, GL_YCBCR_MESA,
                   rev ? GL_UNSIGNED_SHORT_8_8_REV_MESA : GL_UNSIGNED_SHORT_8_8_MESA, texels);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      check(glGetError() == GL_NO_ERROR, "ycbcr %s: texture made", rev ? "8_8_REV" : "8_8");
      for (int fetch = 0; fetch < 2; fetch++) {
         glUniform1i(glGetUniformLocation(p, "fetch"), fetch);
         glClearColor(0, 0, 0, 0);
         glClear(GL_COLOR_BUFFER_BIT);
         glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
         uint8_t px[H][W][4];
         glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
         unsigned bad = 0;
         for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
               const int even = x & ~1;
               const float yy = yc[y][x][0] - 16.0f, cb = yc[y][even][1] - 128.0f, cr = yc[y][even + 1][1] - 128.0f;
               const float want[3] = {1.164f * yy + 1.596f * cr, 1.164f * yy - 0.391f * cb - 0.813f * cr,
                                      1.164f * yy + 2.018f * cb};
               int ok = px[y][x][3] == 255;
               for (int c = 0; c < 3; c++)
                  ok &= fabsf(px[y][x][c] - fminf(fmaxf(want[c], 0.0f), 255.0f)) <= 2.0f;
               if (!ok && bad++ < 3)
                  printf("  texel (%d, %d): %d %d %d %d, want %.1f %.1f %.1f 255\n", x, y, px[y][x][0],
                         px[y][x][1], px[y][x][2], px[y][x][3], want[0], want[1], want[2]);
            }
         check(!bad, "ycbcr %s, %s: every texel's RGB (%u of %d wrong)", rev ? "8_8_REV" : "8_8",
               fetch ? "texelFetch" : "texture()", bad, W * H);
      }
      glDeleteTextures(1, &tex);
   }
   check(glGetError() == GL_NO_ERROR, "ycbcr: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* EXT_memory_object and EXT_memory_object_fd: memory made here (a memfd of 64 KiB, byte i = i * 7 mod 256),
 * imported into GL (which owns the descriptor it is given: a dup), then a buffer at offset 8192 and an RGBA8
 * texture at offset 0 made in it. The specification: the objects' contents are the memory's, and what GL
 * writes lands in the memory. A buffer reads back the bytes written here; glBufferSubData's bytes appear in
 * this process's mapping. The texture's layout is the implementation's; fxpipe's (resource/fxp_resource.h)
 * is rows of 16-byte-aligned strides from the offset, so a 16 x 16 RGBA8 texture is 16 rows of 64 bytes,
 * and glGetTexImage returns the memory's first 1024 bytes. A buffer running past the end of the memory, and
 * memory from a descriptor that cannot be mapped (a pipe), give a GL error, never a crash; so does an offset
 * that is not a multiple of 64 (fxpipe's alignment of every resource's storage, a limit the specification
 * lets an implementation have: the object then cannot be made, GL_OUT_OF_MEMORY). The driver and
 * device UUIDs are not all zero. */
static void
test_memobj(void)
{
   enum { SIZE = 65536, BUF_OFFSET = 8192, BUF_SIZE = 4096, S = 16 };
   check(fxp_gl_has_ext("GL_EXT_memory_object"), "GL_EXT_memory_object offered");
   check(fxp_gl_has_ext("GL_EXT_memory_object_fd"), "GL_EXT_memory_object_fd offered");
   PFNGLCREATEMEMORYOBJECTSEXTPROC create = (PFNGLCREATEMEMORYOBJECTSEXTPROC)eglGetProcAddress("glCreateMemoryObjectsEXT");
   PFNGLDELETEMEMORYOBJECTSEXTPROC del = (PFNGLDELETEMEMORYOBJECTSEXTPROC)eglGetProcAddress("glDeleteMemoryObjectsEXT");
   PFNGLIMPORTMEMORYFDEXTPROC import = (PFNGLIMPORTMEMORYFDEXTPROC)eglGetProcAddress("glImportMemoryFdEXT");
   PFNGLBUFFERSTORAGEMEMEXTPROC buf_storage = (PFNGLBUFFERSTORAGEMEMEXTPROC)eglGetProcAddress("glBufferStorageMemEXT");
   PFNGLTEXSTORAGEMEM2DEXTPROC tex_storage = (PFNGLTEXSTORAGEMEM2DEXTPROC)eglGetProcAddress("glTexStorageMem2DEXT");
   PFNGLGETUNSIGNEDBYTEVEXTPROC get_ub = (PFNGLGETUNSIGNEDBYTEVEXTPROC)eglGetProcAddress("glGetUnsignedBytevEXT");
   PFNGLGETUNSIGNEDBYTEI_VEXTPROC get_ubi = (PFNGLGETUNSIGNEDBYTEI_VEXTPROC)eglGetProcAddress("glGetUnsignedBytei_vEXT");
   if (!check(create && del && import && buf_storage && tex_storage && get_ub && get_ubi,
              "memory object entry points resolve"))
      return;
   GLubyte uuid[GL_UUID_SIZE_EXT] = {0}, zero[GL_UUID_SIZE_EXT] = {0};
   get_ub(GL_DRIVER_UUID_EXT, uuid);
   check(memcmp(uuid, zero, sizeof(uuid)) != 0, "driver UUID is not zero");
   memset(uuid, 0, sizeof(uuid));
   get_ubi(GL_DEVICE_UUID_EXT, 0, uuid);
   check(memcmp(uuid, zero, sizeof(uuid)) != 0, "device UUID is not zero");

   const int fd = memfd_create("fxpipe-gl-ext4", 0);
   if (!check(fd >= 0 && ftruncate(fd, SIZE) == 0, "memfd of %d bytes", SIZE))
      return;
   uint8_t *map = mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (!check(map != MAP_FAILED, "memfd mapped"))
      return;
   for (unsigned i = 0; i < SIZE; i++)
      map[i] = (uint8_t)(i * 7);
   GLuint mo = 0;
   create(1, &mo);
   import(mo, SIZE, GL_HANDLE_TYPE_OPAQUE_FD_EXT, dup(fd));
   check(glGetError() == GL_NO_ERROR, "memfd imported");

   GLuint bufs[2];
   glGenBuffers(2, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   buf_storage(GL_ARRAY_BUFFER, BUF_SIZE, mo, BUF_OFFSET);
   check(glGetError() == GL_NO_ERROR, "buffer of %d bytes at %d in the memory", BUF_SIZE, BUF_OFFSET);
   static uint8_t got[BUF_SIZE];
   glGetBufferSubData(GL_ARRAY_BUFFER, 0, BUF_SIZE, got);
   check(!memcmp(got, map + BUF_OFFSET, BUF_SIZE), "the buffer holds the memory's bytes");
   static const uint8_t mark[4] = {0x11, 0x22, 0x33, 0x44};
   glBufferSubData(GL_ARRAY_BUFFER, 16, 4, mark);
   glFinish();
   check(!memcmp(map + BUF_OFFSET + 16, mark, 4), "glBufferSubData's bytes are in the memory (%02x %02x %02x %02x)",
         map[BUF_OFFSET + 16], map[BUF_OFFSET + 17], map[BUF_OFFSET + 18], map[BUF_OFFSET + 19]);

   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   buf_storage(GL_ARRAY_BUFFER, BUF_SIZE, mo, SIZE - BUF_SIZE / 2);
   check(glGetError() != GL_NO_ERROR, "a buffer running past the memory's end is an error");

   GLuint unaligned;
   glGenBuffers(1, &unaligned);
   glBindBuffer(GL_ARRAY_BUFFER, unaligned);
   buf_storage(GL_ARRAY_BUFFER, 256, mo, BUF_OFFSET + 8);
   GLenum err = glGetError();
   check(err == GL_OUT_OF_MEMORY, "a buffer at an offset that is not a multiple of 64: GL_OUT_OF_MEMORY (0x%x)", err);

   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   tex_storage(GL_TEXTURE_2D, 1, GL_RGBA8, S, S, mo, 0);
   check(glGetError() == GL_NO_ERROR, "texture in the memory");
   static uint8_t texels[S * S * 4];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   check(!memcmp(texels, map, sizeof(texels)), "the texture's texels are the memory's first %zu bytes",
         sizeof(texels));

   /* a descriptor that cannot be mapped: GL keeps a memory object without memory */
   int p[2];
   if (check(pipe(p) == 0, "pipe")) {
      GLuint bad = 0, b;
      create(1, &bad);
      import(bad, SIZE, GL_HANDLE_TYPE_OPAQUE_FD_EXT, p[0]);
      glGetError();
      glGenBuffers(1, &b);
      glBindBuffer(GL_ARRAY_BUFFER, b);
      buf_storage(GL_ARRAY_BUFFER, 256, bad, 0);
      err = glGetError();
      check(err == GL_OUT_OF_MEMORY, "a buffer in memory from a pipe: GL_OUT_OF_MEMORY (0x%x)", err);
      glDeleteBuffers(1, &b);
      del(1, &bad);
      close(p[1]);
   }
   glDeleteTextures(1, &tex);
   glDeleteBuffers(1, &unaligned);
   glDeleteBuffers(2, bufs);
   del(1, &mo);
   glGetError();
   munmap(map, SIZE);
   close(fd);
}

/* Per-stage limits as llvmpipe 22.3 reports them (issue 18's parity): 32 texture units, 32 image units, 16
 * storage blocks, 16 atomic counter buffers, 128 patch components. Each is used at its last binding from a
 * fragment shader drawn once per pixel of a 32 x 1 target (scissored to pixel k, uniform `which` = k):
 * texture unit k holds the 1 x 1 texel (8k, 255 - 8k, k, 255), which pixel k shows; every fragment also
 * stores its red into image unit 31 at (k, 0), adds 1 to word k of the storage block at binding 15 and
 * increments the atomic counter at binding 15. So image texel k is 8k, word k is 1, the counter is 32. */
static void
test_limits(void)
{
   enum { N = 32 };
   GLint v = 0;
   static const struct {
      GLenum e;
      GLint min;
      const char *name;
   } limits[] = {
      {GL_MAX_TEXTURE_IMAGE_UNITS, 32, "GL_MAX_TEXTURE_IMAGE_UNITS"},
      {GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 32, "GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS"},
      {GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 32, "GL_MAX_FRAGMENT_IMAGE_UNIFORMS"},
      {GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 16, "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS"},
      {GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, 16, "GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS"},
      {GL_MAX_TESS_PATCH_COMPONENTS, 128, "GL_MAX_TESS_PATCH_COMPONENTS"},
   };
   for (unsigned i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
      glGetIntegerv(limits[i].e, &v);
      check(v >= limits[i].min, "%s %d >= %d", limits[i].name, v, limits[i].min);
   }
   GLuint fbo = fxp_make_fbo_depth(N, 1, GL_DEPTH_COMPONENT24);
   if (!check(fbo != 0, "limits FBO complete"))
      return;
   GLuint p = program(quad_vs, "#version 430\n"
                               "uniform sampler2D t[32];\n"
                               "layout(binding = 31, r32ui) uniform writeonly uimage2D img;\n"
                               "layout(std430, binding = 15) buffer B { uint words[32]; };\n"
                               "layout(binding = 15, offset = 0) uniform atomic_uint counter;\n"
                               "uniform int which; out vec4 o;\n"
                               "void main() {\n"
                               "   o = texture(t[which], vec2(0.5));\n"
                               "   imageStore(img, ivec2(which, 0), uvec4(uint(o.r * 255.0 + 0.5)));\n"
                               "   atomicAdd(words[which], 1u);\n"
                               "   atomicCounterIncrement(counter);\n"
                               "}\n");
   if (!check(p != 0, "limits program links"))
      return;
   glUseProgram(p);
   glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
   GLuint tex[N], img, bufs[2];
   glGenTextures(N, tex);
   for (int k = 0; k < N; k++) {
      const uint8_t texel[4] = {(uint8_t)(8 * k), (uint8_t)(255 - 8 * k), (uint8_t)k, 255};
      glActiveTexture(GL_TEXTURE0 + k);
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      char name[16];
      snprintf(name, sizeof(name), "t[%d]", k);
      glUniform1i(glGetUniformLocation(p, name), k);
   }
   glActiveTexture(GL_TEXTURE0);
   glGenTextures(1, &img);
   glBindTexture(GL_TEXTURE_2D, img);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, N, 1);
   glBindImageTexture(31, img, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
   glBindTexture(GL_TEXTURE_2D, tex[0]); /* unit 0 is t[0]'s again */
   static const uint32_t zeros[N] = {0};
   glGenBuffers(2, bufs);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 15, bufs[0]);
   glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof(zeros), zeros, GL_DYNAMIC_READ);
   glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 15, bufs[1]);
   glBufferData(GL_ATOMIC_COUNTER_BUFFER, 4, zeros, GL_DYNAMIC_READ);
   check(glGetError() == GL_NO_ERROR, "limits: 32 textures, image unit 31, buffers at binding 15 bound");
   bind_quad();
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   for (int k = 0; k < N; k++) {
      glScissor(k, 0, 1, 1);
      glUniform1i(glGetUniformLocation(p, "which"), k);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   }
   glDisable(GL_SCISSOR_TEST);
   glMemoryBarrier(GL_ALL_BARRIER_BITS);
   uint8_t px[N][4];
   glReadPixels(0, 0, N, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   uint32_t texels[N], words[N], counter = 0;
   glBindTexture(GL_TEXTURE_2D, img);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[0]);
   glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(words), words);
   glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, bufs[1]);
   glGetBufferSubData(GL_ATOMIC_COUNTER_BUFFER, 0, 4, &counter);
   unsigned bad_px = 0, bad_img = 0, bad_words = 0;
   for (int k = 0; k < N; k++) {
      bad_px += px[k][0] != 8 * k || px[k][1] != 255 - 8 * k || px[k][2] != k || px[k][3] != 255;
      bad_img += texels[k] != (uint32_t)(8 * k);
      bad_words += words[k] != 1;
   }
   for (int k = 0; k < N; k++)
      if (px[k][0] != 8 * k || px[k][1] != 255 - 8 * k || px[k][2] != k || px[k][3] != 255)
         printf("  pixel %d: %d %d %d %d\n", k, px[k][0], px[k][1], px[k][2], px[k][3]);
   check(!bad_px, "texture unit k seen by pixel k, for all 32 units (%u wrong)", bad_px);
   check(!bad_img, "image unit 31 written (%u of 32 texels wrong)", bad_img);
   check(!bad_words, "storage block at binding 15 counted one fragment a word (%u of 32 wrong)", bad_words);
   check(counter == N, "atomic counter at binding 15: %u (want 32)", counter);
   check(glGetError() == GL_NO_ERROR, "limits: no GL error");
   glDeleteTextures(N, tex);
   glDeleteTextures(1, &img);
   glDeleteBuffers(2, bufs);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

int
main(int argc, char **argv)
{
   static const struct fxp_gl_section sections[] = {
      {"barrier", test_barrier},
      {"offset-clamp", test_offset_clamp},
      {"draw-params", test_draw_params},
      {"vote", test_vote},
      {"qbo", test_qbo},
      {"clock", test_clock},
      {"ycbcr", test_ycbcr},
      {"memobj", test_memobj},
      {"limits", test_limits},
   };
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 1;
   printf("GL %s, renderer %s\n", glGetString(GL_VERSION), glGetString(GL_RENDERER));
   const int status = fxp_gl_run_sections(sections, sizeof(sections) / sizeof(sections[0]), argc, argv);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   return status;
}
