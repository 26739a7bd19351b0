/* fxpipe-gl-open-scene: a draw's rasterization may be left open after the draw returns (fxpipe gathers
 * consecutive draws of the same fragment state into one scene and draws it when something needs it: a flush,
 * a readback, a state change). Should a change between two draws go unnoticed, the earlier draw would be drawn
 * with the later draw's state, or a later write (an upload, a copy, transform feedback, a render into a texture)
 * would overtake an earlier draw's read of the same data. Every case here draws, changes ONE piece of state or
 * data, draws again and reads back; the values it expects are worked out by hand from the GL 4.6 specification
 * in the comments, not from a run.
 *
 *   fxpipe-gl-open-scene [CASE...]      (default: every case; the names are those of the sections below)
 *
 * The framebuffer is 128x96 (RGBA8 texture, DEPTH24_STENCIL8 renderbuffer; fxpipe's bins are 64 pixels, so
 * 2x2 bins), drawn with large quads (thousands of pixels) given in pixel corners. Viewport (0, 0, 128, 96):
 * NDC x = 2 * x_w / 128 - 1, y = 2 * y_w / 96 - 1; a quad with corners on whole pixel coordinates x0..x1,
 * y0..y1 covers the pixels x0 <= x < x1, y0 <= y < y1 exactly (pixel centres are at .5, never on an edge).
 * "Halves" split at x = 40 (not the bin edge x = 64, so that both draws reach the first bins). Window depth of
 * NDC z with glDepthRange(n, f) is n + (f - n) * (z + 1) / 2. Colour bytes are compared within 1 (the
 * alternatives a bug would give differ by 50 or more); colours given as bytes c reach the shader as c / 255 and
 * are written back as round(c / 255 * 255) = c.
 * Prints "ok"/"FAIL" per check (fxp_gl_check.h), exits 1 on any failure. Run by tests/meson.build by default,
 * serially (FXPIPE_THREADS=1), with five threads, under nofast, checkstate and sync (FXPIPE_DEBUG). */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"
#include "fxp_gl_shader.h"

#define W 128
#define H 96
#define SPLIT 40

typedef unsigned char rgba[4];
static const rgba RED = {255, 0, 0, 255}, GREEN = {0, 255, 0, 255}, BLUE = {0, 0, 255, 255},
                  WHITE = {255, 255, 255, 255}, NONE = {0, 0, 0, 0};

static GLuint fbo_main, tex_main;
static GLuint prog_uni, prog_col, prog_vsu, prog_tex, prog_texlod, prog_ubo, prog_tbo, prog_xfb, prog_face,
   prog_flat, prog_vstex, prog_vsubo, prog_fb;
static GLint loc_uni, loc_vsu, loc_xfb;

/* ---- expected pictures and their comparison ---- */

static unsigned char px[W * H * 4], ex[W * H * 4];
static int ew = W, eh = H;
static float pd[W * H], exd[W * H];
static unsigned char ps[W * H], exs[W * H];

/* An expected picture of w x h, all c; then rectangles painted over it in draw order. */
static void
ex_begin(int w, int h, const rgba c)
{
   ew = w;
   eh = h;
   for (int i = 0; i < w * h; i++)
      memcpy(ex + 4 * i, c, 4);
}

static void
ex_rect(int x0, int y0, int x1, int y1, const rgba c)
{
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         memcpy(ex + 4 * (y * ew + x), c, 4);
}

static void
gl_error(const char *what)
{
   const GLenum err = glGetError();
   if (err != GL_NO_ERROR)
      check(0, "%s: GL error 0x%x", what, err);
}

/* got (ew x eh RGBA bytes) against ex, every pixel, each channel within 1 */
static void
compare_image(const char *what, const unsigned char *got)
{
   int bad = 0, first = -1;
   for (int i = 0; i < ew * eh; i++) {
      int off = 0;
      for (int k = 0; k < 4; k++)
         off |= abs(got[4 * i + k] - ex[4 * i + k]) > 1;
      if (off && !bad++)
         first = i;
   }
   if (bad) {
      const unsigned char *g = got + 4 * first, *e = ex + 4 * first;
      check(0, "%s: %d pixels wrong, the first (%d,%d) %u %u %u %u, want %u %u %u %u", what, bad, first % ew,
            first / ew, g[0], g[1], g[2], g[3], e[0], e[1], e[2], e[3]);
   } else
      check(1, "%s: every pixel", what);
}

/* the read framebuffer's ew x eh colour read back with glReadPixels, against ex */
static void
expect_image(const char *what)
{
   gl_error(what);
   glReadPixels(0, 0, ew, eh, GL_RGBA, GL_UNSIGNED_BYTE, px);
   compare_image(what, px);
}

/* the expected picture: x < split is l, the rest r, all rows */
static void
expect_halves(const char *what, const rgba l, const rgba r)
{
   ex_begin(W, H, r);
   ex_rect(0, 0, SPLIT, H, l);
   expect_image(what);
}

static void
exd_begin(float v)
{
   for (int i = 0; i < W * H; i++)
      exd[i] = v;
}

static void
exd_rect(int x0, int y0, int x1, int y1, float v)
{
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         exd[y * W + x] = v;
}

/* every depth value of the main framebuffer within 1e-5 of exd (24-bit depth: steps of 6e-8) */
static void
expect_depth(const char *what)
{
   gl_error(what);
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, pd);
   int bad = 0, first = -1;
   for (int i = 0; i < W * H; i++)
      if (fabsf(pd[i] - exd[i]) > 1e-5f && !bad++)
         first = i;
   if (bad)
      check(0, "%s: %d depth values wrong, the first (%d,%d) %f, want %f", what, bad, first % W, first / W,
            pd[first], exd[first]);
   else
      check(1, "%s: every depth value", what);
}

static void
exs_rect(int x0, int y0, int x1, int y1, unsigned char v)
{
   for (int y = y0; y < y1; y++)
      for (int x = x0; x < x1; x++)
         exs[y * W + x] = v;
}

static void
expect_stencil(const char *what)
{
   gl_error(what);
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ps);
   int bad = 0, first = -1;
   for (int i = 0; i < W * H; i++)
      if (ps[i] != exs[i] && !bad++)
         first = i;
   if (bad)
      check(0, "%s: %d stencil values wrong, the first (%d,%d) %u, want %u", what, bad, first % W, first / W,
            ps[first], exs[first]);
   else
      check(1, "%s: every stencil value", what);
}

/* ---- drawing ---- */

/* A quad of NDC corners (x0, y0), (x1, y1) at NDC depth z, counter-clockwise; c: its vertex colour
 * (attribute 1) or NULL (attribute 1 not read). Client arrays: no buffer bound to GL_ARRAY_BUFFER. */
static void
quad_ndc(float x0, float y0, float x1, float y1, float z, const unsigned char *c)
{
   const float pos[] = {x0, y0, z, 1, x1, y0, z, 1, x1, y1, z, 1, x0, y1, z, 1};
   float col[16];
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   if (c) {
      for (int i = 0; i < 16; i++)
         col[i] = c[i % 4] / 255.0f;
      glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
      glEnableVertexAttribArray(1);
   } else
      glDisableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

/* the quad of pixels x0 <= x < x1, y0 <= y < y1 in the 128x96 viewport */
static void
rect(int x0, int y0, int x1, int y1, float z, const unsigned char *c)
{
   quad_ndc(x0 * (2.0f / W) - 1, y0 * (2.0f / H) - 1, x1 * (2.0f / W) - 1, y1 * (2.0f / H) - 1, z, c);
}

static void
set_color(GLint loc, const rgba c)
{
   glUniform4f(loc, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
}

/* Every case starts here: the main framebuffer bound, GL's default per-fragment state, everything cleared
 * (colour 0 0 0 0, depth 1, stencil 0), `prog` in use. */
static void
begin(GLuint prog)
{
   glBindFramebuffer(GL_FRAMEBUFFER, fbo_main);
   glViewport(0, 0, W, H);
   glDisable(GL_BLEND);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_CULL_FACE);
   glDisable(GL_RASTERIZER_DISCARD);
   glDisable(GL_POLYGON_OFFSET_FILL);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDepthMask(GL_TRUE);
   glStencilMask(0xff);
   glDepthRange(0, 1);
   glDepthFunc(GL_LESS);
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glBlendFunc(GL_ONE, GL_ZERO);
   glBlendColor(0, 0, 0, 0);
   glFrontFace(GL_CCW);
   glCullFace(GL_BACK);
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   glPolygonOffset(0, 0);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glActiveTexture(GL_TEXTURE0);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glUseProgram(prog);
}

/* a w x h RGBA8 texture all c, nearest filtering, one level */
static GLuint
solid_tex(int w, int h, const rgba c)
{
   static unsigned char texels[W * H * 4];
   for (int i = 0; i < w * h; i++)
      memcpy(texels + 4 * i, c, 4);
   GLuint t;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   return t;
}

/* a w x h FBO of one RGBA8 texture (*tex), no depth; left bound */
static GLuint
color_fbo(int w, int h, GLuint *tex)
{
   GLuint fbo;
   *tex = solid_tex(w, h, NONE);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "colour FBO %dx%d complete", w, h);
   return fbo;
}

/* a buffer of one vec4 (std140 block or RGBA32F texel) */
static GLuint
vec4_buffer(GLenum target, const float v[4])
{
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(target, b);
   glBufferData(target, 16, v, GL_DYNAMIC_DRAW);
   return b;
}

static const float F_RED[4] = {1, 0, 0, 1}, F_GREEN[4] = {0, 1, 0, 1}, F_BLUE[4] = {0, 0, 1, 1};

/* ---- the cases ---- */

/* The fragment shader's uniform: red over x < 40, then green over the rest. */
static void
case_fs_uniform(void)
{
   begin(prog_uni);
   set_color(loc_uni, RED);
   rect(0, 0, SPLIT, H, 0, NULL);
   set_color(loc_uni, GREEN);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("fs-uniform: left red, right green", RED, GREEN);
}

/* A vertex shader uniform passed on as the colour (the fragment state is the same for both draws): red
 * left, green right. */
static void
case_vs_uniform(void)
{
   begin(prog_vsu);
   set_color(loc_vsu, RED);
   rect(0, 0, SPLIT, H, 0, NULL);
   set_color(loc_vsu, GREEN);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("vs-uniform: left red, right green", RED, GREEN);
}

/* The program: a uniform red one, then the vertex-colour one with green vertices. */
static void
case_program(void)
{
   begin(prog_uni);
   set_color(loc_uni, RED);
   rect(0, 0, SPLIT, H, 0, NULL);
   glUseProgram(prog_col);
   rect(SPLIT, 0, W, H, 0, GREEN);
   expect_halves("program: left red, right green", RED, GREEN);
}

/* The texture bound to unit 0: a 2x2 red one, then a 2x2 blue one (nearest; every coordinate gives the one
 * colour). */
static void
case_tex_binding(void)
{
   GLuint t1 = solid_tex(2, 2, RED), t2 = solid_tex(2, 2, BLUE);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t1);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBindTexture(GL_TEXTURE_2D, t2);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-binding: left red (first texture), right blue", RED, BLUE);
   glDeleteTextures(1, &t1);
   glDeleteTextures(1, &t2);
}

/* The same texture sampled by both draws, its texels replaced between them (a write after the first draw's
 * read): left the old red, right the new blue. */
static void
case_tex_subimage(void)
{
   GLuint t = solid_tex(2, 2, RED);
   static const unsigned char blue4[16] = {0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255};
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, blue4);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-subimage: left the old red, right the new blue", RED, BLUE);
   glDeleteTextures(1, &t);
}

/* The same, the texture's image specified again with glTexImage2D (new storage of the same size). */
static void
case_tex_image(void)
{
   GLuint t = solid_tex(2, 2, RED);
   static const unsigned char blue4[16] = {0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255};
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue4);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-image: left the old red, right the new blue", RED, BLUE);
   glDeleteTextures(1, &t);
}

/* The sampled texture written by glCopyImageSubData from a green texture: left red, right green. */
static void
case_tex_copy_image(void)
{
   GLuint t = solid_tex(2, 2, RED), src = solid_tex(2, 2, GREEN);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-copy-image: left the old red, right the copied green", RED, GREEN);
   glDeleteTextures(1, &t);
   glDeleteTextures(1, &src);
}

/* The sampled texture cleared green with glClearTexImage: left red, right green. */
static void
case_tex_clear(void)
{
   GLuint t = solid_tex(2, 2, RED);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glClearTexImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GREEN);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-clear: left the old red, right the cleared green", RED, GREEN);
   glDeleteTextures(1, &t);
}

/* The sampled texture written by glCopyTexSubImage2D from another framebuffer (cleared green) bound for
 * reading only: left red, right green. */
static void
case_tex_copy_into(void)
{
   GLuint t = solid_tex(2, 2, RED), src_tex, src = color_fbo(2, 2, &src_tex);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_main);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-copy-into: left the old red, right the copied green", RED, GREEN);
   glDeleteFramebuffers(1, &src);
   glDeleteTextures(1, &src_tex);
   glDeleteTextures(1, &t);
}

/* The texture's swizzle (view state): red texels, then R <- 0, G <- red: (0, 255, 0, 255). */
static void
case_tex_swizzle(void)
{
   GLuint t = solid_tex(2, 2, RED);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_ZERO);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_RED);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("tex-swizzle: left red, right swizzled to green", RED, GREEN);
   glDeleteTextures(1, &t);
}

/* Sampler state: level 0 (2x2) red, level 1 (1x1) green, MIN NEAREST_MIPMAP_NEAREST, MAG NEAREST; the shader
 * asks for LOD 0. GL 4.6 8.14: lambda = clamp(0, min_lod, max_lod). With MIN_LOD 0, lambda = 0 <= c = 0:
 * magnification, level 0, red. With MIN_LOD 1, lambda = 1 > c: minification, NEAREST_MIPMAP_NEAREST takes
 * level base + ceil(1 + 1/2) - 1 = 1, green. */
static void
case_sampler_lod(void)
{
   GLuint t = solid_tex(2, 2, RED);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, GREEN);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   begin(prog_texlod);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 1.0f);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("sampler-lod: left level 0 red, right (MIN_LOD 1) level 1 green", RED, GREEN);
   glDeleteTextures(1, &t);
}

/* A uniform block read by both draws, its vec4 replaced with glBufferSubData between them: left the old red,
 * right the new green. */
static void
case_ubo_subdata(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBufferSubData(GL_UNIFORM_BUFFER, 0, 16, F_GREEN);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("ubo-subdata: left the old red, right the new green", RED, GREEN);
   glDeleteBuffers(1, &b);
}

/* The same with glBufferData (new storage). */
static void
case_ubo_data(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBufferData(GL_UNIFORM_BUFFER, 16, F_GREEN, GL_DYNAMIC_DRAW);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("ubo-data: left the old red, right the new green", RED, GREEN);
   glDeleteBuffers(1, &b);
}

/* The same with glCopyBufferSubData from a buffer holding green. */
static void
case_ubo_copy(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED), src = vec4_buffer(GL_COPY_READ_BUFFER, F_GREEN);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBindBuffer(GL_COPY_READ_BUFFER, src);
   glBindBuffer(GL_COPY_WRITE_BUFFER, b);
   glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 16);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("ubo-copy: left the old red, right the copied green", RED, GREEN);
   glDeleteBuffers(1, &b);
   glDeleteBuffers(1, &src);
}

/* The same with glClearBufferSubData (RGBA32F green). */
static void
case_ubo_clear(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   glClearBufferSubData(GL_UNIFORM_BUFFER, GL_RGBA32F, 0, 16, GL_RGBA, GL_FLOAT, F_GREEN);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("ubo-clear: left the old red, right the cleared green", RED, GREEN);
   glDeleteBuffers(1, &b);
}

/* The same through a write mapping: synchronized (GL_MAP_WRITE_BIT alone), then invalidating the buffer. */
static void
ubo_map(const char *what, GLbitfield access)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   float *m = glMapBufferRange(GL_UNIFORM_BUFFER, 0, 16, access);
   if (check(m != NULL, "%s: mapped", what)) {
      memcpy(m, F_GREEN, 16);
      glUnmapBuffer(GL_UNIFORM_BUFFER);
   }
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves(what, RED, GREEN);
   glDeleteBuffers(1, &b);
}

static void
case_ubo_map(void)
{
   ubo_map("ubo-map: left the old red, right the mapped green", GL_MAP_WRITE_BIT);
}

static void
case_ubo_map_invalidate(void)
{
   ubo_map("ubo-map-invalidate: left the old red, right the mapped green",
           GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
}

/* One point through transform feedback (rasterizer discard) writing `v` at offset 0 of `b`. */
static void
xfb_write(GLuint b, const float v[4])
{
   static const float pos[4] = {0, 0, 0, 1};
   glUseProgram(prog_xfb);
   glUniform4fv(loc_xfb, 1, v);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginTransformFeedback(GL_POINTS);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   glDisableVertexAttribArray(1);
   glDrawArrays(GL_POINTS, 0, 1);
   glEndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
}

static void
expect_buffer(const char *what, GLuint b, const float want[4])
{
   float got[4];
   glBindBuffer(GL_COPY_READ_BUFFER, b);
   glGetBufferSubData(GL_COPY_READ_BUFFER, 0, 16, got);
   check(!memcmp(got, want, 16), "%s: the buffer holds %g %g %g %g (want %g %g %g %g)", what, got[0], got[1],
         got[2], got[3], want[0], want[1], want[2], want[3]);
}

/* A texture buffer (RGBA32F, one texel red) read by the first draw's fragment shader over x < 40; transform
 * feedback writes blue over that texel; then the same shader over the rest: left the old red, right blue. */
static void
case_xfb_tbo(void)
{
   GLuint b = vec4_buffer(GL_TEXTURE_BUFFER, F_RED), t;
   glGenTextures(1, &t);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_BUFFER, t);
   glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, b);
   begin(prog_tbo);
   rect(0, 0, SPLIT, H, 0, NULL);
   xfb_write(b, F_BLUE);
   glUseProgram(prog_tbo);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("xfb-tbo: left the old red, right blue written by transform feedback", RED, BLUE);
   expect_buffer("xfb-tbo", b, F_BLUE);
   glActiveTexture(GL_TEXTURE1);
   glBindTexture(GL_TEXTURE_BUFFER, 0);
   glActiveTexture(GL_TEXTURE0);
   glDeleteTextures(1, &t);
   glDeleteBuffers(1, &b);
}

/* The same with the buffer a uniform block. */
static void
case_xfb_ubo(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   xfb_write(b, F_BLUE);
   glUseProgram(prog_ubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("xfb-ubo: left the old red, right blue written by transform feedback", RED, BLUE);
   expect_buffer("xfb-ubo", b, F_BLUE);
   glDeleteBuffers(1, &b);
}

/* Render to a texture the main framebuffer sampled: texture A (128x96, the colour of framebuffer A) cleared
 * red; the main framebuffer's left part drawn sampling it (pixel (x, y) reads texel (x, y)); framebuffer A
 * drawn green (write = 1) or cleared green (write = 0); the main framebuffer's right part drawn sampling it
 * again. Main: left red, right green; A: all green. */
static void
render_to_texture(const char *what, int draw)
{
   GLuint ta, fa = color_fbo(W, H, &ta);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   begin(prog_tex);
   glBindTexture(GL_TEXTURE_2D, ta);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBindFramebuffer(GL_FRAMEBUFFER, fa);
   if (draw) {
      glUseProgram(prog_col);
      rect(0, 0, W, H, 0, GREEN);
      glUseProgram(prog_tex);
   } else {
      glClearColor(0, 1, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glClearColor(0, 0, 0, 0);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, fbo_main);
   rect(SPLIT, 0, W, H, 0, NULL);
   char msg[160];
   snprintf(msg, sizeof(msg), "%s: main left the old red, right the new green", what);
   expect_halves(msg, RED, GREEN);
   glBindFramebuffer(GL_FRAMEBUFFER, fa);
   snprintf(msg, sizeof(msg), "%s: the texture all green", what);
   ex_begin(W, H, GREEN);
   expect_image(msg);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo_main);
   glDeleteFramebuffers(1, &fa);
   glDeleteTextures(1, &ta);
}

static void
case_rtt_draw(void)
{
   render_to_texture("rtt-draw", 1);
}

static void
case_rtt_clear(void)
{
   render_to_texture("rtt-clear", 0);
}

/* Stencil reference: ALWAYS, op REPLACE on depth pass (no depth test: GL 4.6 17.3.5, as if it passed), ref 1
 * over x < 96, then ref 2 over x >= 32 (same red colour): stencil 1 at x < 32, 2 from 32; colour red
 * everywhere. */
static void
case_stencil_ref(void)
{
   begin(prog_col);
   glEnable(GL_STENCIL_TEST);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   rect(0, 0, 96, H, 0, RED);
   glStencilFunc(GL_ALWAYS, 2, 0xff);
   rect(32, 0, W, H, 0, RED);
   exs_rect(0, 0, 32, H, 1);
   exs_rect(32, 0, W, H, 2);
   expect_stencil("stencil-ref: 1 at x < 32, 2 from 32");
   ex_begin(W, H, RED);
   expect_image("stencil-ref: colour red");
   /* and a second pass with stencil EQUAL 1, blue: only x < 32 */
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   glStencilFunc(GL_EQUAL, 1, 0xff);
   rect(0, 0, W, H, 0, BLUE);
   ex_rect(0, 0, 32, H, BLUE);
   expect_image("stencil-ref: EQUAL 1 passes at x < 32 only");
}

/* Blend constant: source white, glBlendFunc(CONSTANT_COLOR, ZERO): result = constant. (1, 0, 0, 1) over
 * x < 40, then (0, 1, 0, 1): left red, right green (alpha 1 * 1). */
static void
case_blend_color(void)
{
   begin(prog_col);
   glEnable(GL_BLEND);
   glBlendFunc(GL_CONSTANT_COLOR, GL_ZERO);
   glBlendColor(1, 0, 0, 1);
   rect(0, 0, SPLIT, H, 0, WHITE);
   glBlendColor(0, 1, 0, 1);
   rect(SPLIT, 0, W, H, 0, WHITE);
   expect_halves("blend-color: left red, right green", RED, GREEN);
}

/* Depth range with depth func ALWAYS, writes on, both quads at NDC z = 0: glDepthRange(0, 0.5) over x < 96
 * gives 0 + 0.5 * (0 + 1) / 2 = 0.25; glDepthRange(0.5, 1) over x >= 32 gives 0.5 + 0.5 * 0.5 = 0.75 (drawn
 * over the first). Depth 0.25 at x < 32, 0.75 from 32. */
static void
case_depth_range(void)
{
   begin(prog_col);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glDepthRangef(0.0f, 0.5f);
   rect(0, 0, 96, H, 0, RED);
   glDepthRangef(0.5f, 1.0f);
   rect(32, 0, W, H, 0, RED);
   exd_begin(0.75f);
   exd_rect(0, 0, 32, H, 0.25f);
   expect_depth("depth-range: 0.25 at x < 32, 0.75 from 32");
   /* a later pass with LESS at window depth 0.5 (range (0, 1), NDC 0): passes where 0.5 < 0.75 only */
   glDepthRangef(0.0f, 1.0f);
   glDepthFunc(GL_LESS);
   rect(0, 0, W, H, 0, BLUE);
   ex_begin(W, H, BLUE);
   ex_rect(0, 0, 32, H, RED);
   expect_image("depth-range: a LESS pass at 0.5 draws over the 0.75 only");
}

/* The viewport: the same full-screen quad (NDC -1..1) in viewport (0, 0, 40, 96) red, then in (40, 0, 88, 96)
 * green (the colours are vertex data): it covers each viewport exactly. */
static void
case_viewport(void)
{
   begin(prog_col);
   glViewport(0, 0, SPLIT, H);
   quad_ndc(-1, -1, 1, 1, 0, RED);
   glViewport(SPLIT, 0, W - SPLIT, H);
   quad_ndc(-1, -1, 1, 1, 0, GREEN);
   glViewport(0, 0, W, H);
   expect_halves("viewport: left red, right green", RED, GREEN);
}

/* The scissor box (test on): a full-screen red quad cut to (0, 0, 40, 96), a full-screen green one to
 * (40, 0, 88, 96). */
static void
case_scissor(void)
{
   begin(prog_col);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, SPLIT, H);
   rect(0, 0, W, H, 0, RED);
   glScissor(SPLIT, 0, W - SPLIT, H);
   rect(0, 0, W, H, 0, GREEN);
   glDisable(GL_SCISSOR_TEST);
   expect_halves("scissor: left red, right green", RED, GREEN);
}

/* The framebuffer: main (A) cleared, B (80x60, colour only) cleared; red drawn over x < 40 of A; B bound
 * (nothing else changes: the viewport stays 128x96, B's pixels are the first 80x60 of it); green drawn over
 * x >= 40 of B, i.e. B's pixels 40..79, all 60 rows. A: red at x < 40, 0 0 0 0 elsewhere; B: green at x >= 40,
 * 0 0 0 0 at x < 40. */
static void
case_framebuffer(void)
{
   GLuint tb, fb = color_fbo(80, 60, &tb);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glBindFramebuffer(GL_FRAMEBUFFER, fb);
   rect(SPLIT, 0, W, H, 0, GREEN);
   ex_begin(80, 60, NONE);
   ex_rect(SPLIT, 0, 80, 60, GREEN);
   expect_image("framebuffer: B has green at x >= 40 only");
   glBindFramebuffer(GL_FRAMEBUFFER, fbo_main);
   expect_halves("framebuffer: A has its red draw only", RED, NONE);
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &tb);
}

/* Blending turned on between two overlapping quads, glBlendFunc(ONE, ONE) set from the start; cleared to
 * 0.2 (51) grey, alpha 1. First (102, 51, 0, 255) over x < 96, unblended; then blending on and (51, 102, 0,
 * 255) over x >= 32: x < 32: (102, 51, 0, 255); 32..95: (153, 153, 0, 255); 96..127: (51 + 51, 51 + 102, 51,
 * 255) = (102, 153, 51, 255). (Had the first been blended: (153, 102, 51, 255) at x < 32.) */
static void
case_blend_enable(void)
{
   static const rgba c1 = {102, 51, 0, 255}, c2 = {51, 102, 0, 255};
   static const rgba e_mid = {153, 153, 0, 255}, e_right = {102, 153, 51, 255};
   begin(prog_col);
   glClearColor(0.2f, 0.2f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glBlendFunc(GL_ONE, GL_ONE);
   rect(0, 0, 96, H, 0, c1);
   glEnable(GL_BLEND);
   rect(32, 0, W, H, 0, c2);
   ex_begin(W, H, e_right);
   ex_rect(0, 0, 32, H, c1);
   ex_rect(32, 0, 96, H, e_mid);
   expect_image("blend-enable: unblended, then additive over it");
}

/* The other way: blending (ONE, ONE) on for the first, off for the second. x < 32: 51 + (102, 51, 0, 255) =
 * (153, 102, 51, 255); from 32: (51, 102, 0, 255) replaced. */
static void
case_blend_disable(void)
{
   static const rgba c1 = {102, 51, 0, 255}, c2 = {51, 102, 0, 255}, e_left = {153, 102, 51, 255};
   begin(prog_col);
   glClearColor(0.2f, 0.2f, 0.2f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glBlendFunc(GL_ONE, GL_ONE);
   glEnable(GL_BLEND);
   rect(0, 0, 96, H, 0, c1);
   glDisable(GL_BLEND);
   rect(32, 0, W, H, 0, c2);
   ex_begin(W, H, c2);
   ex_rect(0, 0, 32, H, e_left);
   expect_image("blend-disable: additive, then replaced over it");
}

/* The depth function between overlapping quads (depth test on, cleared to 1): red at NDC z = -0.2 (window
 * 0.4) over x < 96 with LESS: 0.4 < 1 passes. Then GREATER, green at NDC 0.2 (0.6) over x >= 32: passes where
 * the stored depth is < 0.6, i.e. 32..95 (0.4), fails at 96..127 (1.0). Colour: red x < 32, green 32..95,
 * 0 0 0 0 from 96; depth 0.4, 0.6, 1. (Both LESS: green at 96..127 and red at 32..95.) */
static void
case_depth_func(void)
{
   begin(prog_col);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   rect(0, 0, 96, H, -0.2f, RED);
   glDepthFunc(GL_GREATER);
   rect(32, 0, W, H, 0.2f, GREEN);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, 32, H, RED);
   ex_rect(32, 0, 96, H, GREEN);
   expect_image("depth-func: red, green where GREATER passed, nothing where it failed");
   exd_begin(1.0f);
   exd_rect(0, 0, 32, H, 0.4f);
   exd_rect(32, 0, 96, H, 0.6f);
   expect_depth("depth-func: depth 0.4, 0.6, 1");
}

/* The colour mask: (255, 51, 102, 255) over x < 96 all channels; then mask (F, T, F, T) and (153, 204, 0,
 * 255) over x >= 32. x < 32: (255, 51, 102, 255); 32..95: (255, 204, 102, 255); 96..127 (cleared 0 0 0 0):
 * (0, 204, 0, 255). */
static void
case_color_mask(void)
{
   static const rgba c1 = {255, 51, 102, 255}, c2 = {153, 204, 0, 255};
   static const rgba e_mid = {255, 204, 102, 255}, e_right = {0, 204, 0, 255};
   begin(prog_col);
   rect(0, 0, 96, H, 0, c1);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   rect(32, 0, W, H, 0, c2);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   ex_begin(W, H, e_right);
   ex_rect(0, 0, 32, H, c1);
   ex_rect(32, 0, 96, H, e_mid);
   expect_image("color-mask: green and alpha only on the second");
}

/* Face culling on, counter-clockwise quads (front): cull BACK, red over x < 40 drawn; cull FRONT, green over
 * the rest culled. Left red, right 0 0 0 0. */
static void
case_cull_face(void)
{
   begin(prog_col);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   rect(0, 0, SPLIT, H, 0, RED);
   glCullFace(GL_FRONT);
   rect(SPLIT, 0, W, H, 0, GREEN);
   expect_halves("cull-face: left drawn, right culled", RED, NONE);
}

/* The front face: the shader writes red if gl_FrontFacing, green otherwise; counter-clockwise quads. Front
 * CCW over x < 40: red; front CW over the rest: back facing, green. */
static void
case_front_face(void)
{
   begin(prog_face);
   glFrontFace(GL_CCW);
   rect(0, 0, SPLIT, H, 0, NULL);
   glFrontFace(GL_CW);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("front-face: left front (red), right back (green)", RED, GREEN);
}

/* The provoking vertex of a flat colour: two GL_TRIANGLES, each first vertex red, second blue, third green.
 * GL 4.6 table 13.2: the first-vertex convention takes vertex 3i - 2 (red), the last 3i (green). First over
 * x < 40, last over the rest. */
static void
case_provoking_vertex(void)
{
   begin(prog_flat);
   for (int k = 0; k < 2; k++) {
      const float x0 = k ? SPLIT * (2.0f / W) - 1 : -1, x1 = k ? 1 : SPLIT * (2.0f / W) - 1;
      const float pos[] = {x0, -1, 0, 1, x1, -1, 0, 1, x1, 1, 0, 1, x0, -1, 0, 1, x1, 1, 0, 1, x0, 1, 0, 1};
      static const float col[] = {1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1};
      glProvokingVertex(k ? GL_LAST_VERTEX_CONVENTION : GL_FIRST_VERTEX_CONVENTION);
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
      glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
      glEnableVertexAttribArray(1);
      glDrawArrays(GL_TRIANGLES, 0, 6);
   }
   glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
   expect_halves("provoking-vertex: left first (red), right last (green)", RED, GREEN);
}

/* Polygon offset (fill, on): depth ALWAYS with writes, flat quads at NDC 0 (window 0.5, slope m = 0).
 * glPolygonOffset(0, -1000) over x < 40: 0.5 - 1000 r with r >= 2^-24 (GL 4.6 14.6.5: the smallest resolvable
 * difference of the 24-bit buffer), so at most 0.5 - 5.9e-5; then (0, 0) over the rest: 0.5. */
static void
case_polygon_offset(void)
{
   begin(prog_col);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_POLYGON_OFFSET_FILL);
   glPolygonOffset(0, -1000);
   rect(0, 0, SPLIT, H, 0, RED);
   glPolygonOffset(0, 0);
   rect(SPLIT, 0, W, H, 0, GREEN);
   glDisable(GL_POLYGON_OFFSET_FILL);
   gl_error("polygon-offset");
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, pd);
   int bad = 0, first = -1;
   const float left = pd[0];
   for (int i = 0; i < W * H; i++) {
      const int x = i % W;
      const int off = x < SPLIT ? !(pd[i] < 0.5f - 5e-5f && pd[i] > 0.4f && pd[i] == left)
                                : fabsf(pd[i] - 0.5f) > 1e-6f;
      if (off && !bad++)
         first = i;
   }
   check(!bad, "polygon-offset: left one depth below 0.5 - 5e-5 (%f), right 0.5: %d wrong (first %d,%d: %f)",
         left, bad, bad ? first % W : 0, bad ? first / W : 0, bad ? pd[first] : 0.0f);
   expect_halves("polygon-offset: colour", RED, GREEN);
}

/* A vertex buffer holding a quad's positions and colours, replaced with glBufferSubData between two draws of
 * it: first the left part in red, then the right part in green. */
static void
case_vbo_subdata(void)
{
   const float l = SPLIT * (2.0f / W) - 1;
   const float v1[] = {-1, -1, 0, 1, 1, 0, 0, 1, l, -1, 0, 1, 1, 0, 0, 1,
                       l,  1,  0, 1, 1, 0, 0, 1, -1, 1, 0, 1, 1, 0, 0, 1};
   const float v2[] = {l, -1, 0, 1, 0, 1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1,
                       1, 1,  0, 1, 0, 1, 0, 1, l, 1,  0, 1, 0, 1, 0, 1};
   GLuint b;
   begin(prog_col);
   glGenBuffers(1, &b);
   glBindBuffer(GL_ARRAY_BUFFER, b);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v1), v1, GL_DYNAMIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, (void *)0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, (void *)16);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(v2), v2);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   expect_halves("vbo-subdata: left the old red quad, right the new green one", RED, GREEN);
   glDeleteBuffers(1, &b);
}

/* An occlusion query around the second of three draws (depth test LESS, cleared to 1): first x < 64 at
 * window depth 0.4 (NDC -0.2); the query around the second, x 16..79, y 12..59 at 0.5 (NDC 0): it passes
 * where the depth is 1, x 64..79, 16 x 48 = 768 samples (single-sampled: one a pixel); third x 96..127 at
 * 0.1 (NDC -0.8), outside the query. The query's GL_SAMPLES_PASSED is 768 (3072 had the first draw not been
 * done before it, more had the third been counted). */
static void
case_query_samples(void)
{
   static const rgba c3 = {0, 255, 255, 255};
   GLuint q;
   GLuint n = 0;
   glGenQueries(1, &q);
   begin(prog_uni);
   glEnable(GL_DEPTH_TEST);
   set_color(loc_uni, RED);
   rect(0, 0, 64, H, -0.2f, NULL);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   set_color(loc_uni, GREEN);
   rect(16, 12, 80, 60, 0.0f, NULL);
   glEndQuery(GL_SAMPLES_PASSED);
   set_color(loc_uni, c3);
   rect(96, 0, W, H, -0.8f, NULL);
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   check(n == 768, "query-samples: %u samples passed (want 16 x 48 = 768)", n);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, 64, H, RED);
   ex_rect(64, 12, 80, 60, GREEN);
   ex_rect(96, 0, W, H, c3);
   expect_image("query-samples: picture");
   glDeleteQueries(1, &q);
}

/* GL_ANY_SAMPLES_PASSED: red over x < 64 at 0.4; a query around a quad x 8..56, y 8..88 at 0.5 (all behind
 * it): FALSE; another around a quad x 56..72, y 8..88 at 0.5 (x 64..71 pass): TRUE; then a full-screen quad
 * at 0.1 (outside both queries). */
static void
case_query_any(void)
{
   GLuint q[2], r0 = 7, r1 = 7;
   glGenQueries(2, q);
   begin(prog_uni);
   glEnable(GL_DEPTH_TEST);
   set_color(loc_uni, RED);
   rect(0, 0, 64, H, -0.2f, NULL);
   set_color(loc_uni, GREEN);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   rect(8, 8, 56, 88, 0.0f, NULL);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   rect(56, 8, 72, 88, 0.0f, NULL);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   set_color(loc_uni, BLUE);
   rect(0, 0, W, H, -0.8f, NULL);
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &r0);
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT, &r1);
   check(r0 == GL_FALSE, "query-any: the hidden quad: %u (want 0)", r0);
   check(r1 == GL_TRUE, "query-any: the partly visible quad: %u (want 1)", r1);
   ex_begin(W, H, BLUE);
   expect_image("query-any: picture (the last quad over all)");
   glDeleteQueries(2, q);
}

/* Conditional rendering on queries of draws just made (depth LESS): red x < 64 at 0.4; Q1 around a quad
 * x 0..32 at 0.5 (hidden: 0 samples), Q2 around a quad x 64..96 at 0.5 (32 x 96 samples pass), both green;
 * then, GL_QUERY_WAIT, on Q1 a blue quad x 96..128 at 0.1 (not drawn), on Q2 a white quad x 112..128 at 0.1
 * (drawn). Colour: red x < 64, green 64..95, 0 0 0 0 96..111, white 112..127. */
static void
case_conditional(void)
{
   GLuint q[2];
   glGenQueries(2, q);
   begin(prog_uni);
   glEnable(GL_DEPTH_TEST);
   set_color(loc_uni, RED);
   rect(0, 0, 64, H, -0.2f, NULL);
   set_color(loc_uni, GREEN);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   rect(0, 0, 32, H, 0.0f, NULL);
   glEndQuery(GL_SAMPLES_PASSED);
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   rect(64, 0, 96, H, 0.0f, NULL);
   glEndQuery(GL_SAMPLES_PASSED);
   set_color(loc_uni, BLUE);
   glBeginConditionalRender(q[0], GL_QUERY_WAIT);
   rect(96, 0, W, H, -0.8f, NULL);
   glEndConditionalRender();
   set_color(loc_uni, WHITE);
   glBeginConditionalRender(q[1], GL_QUERY_WAIT);
   rect(112, 0, W, H, -0.8f, NULL);
   glEndConditionalRender();
   ex_begin(W, H, NONE);
   ex_rect(0, 0, 64, H, RED);
   ex_rect(64, 0, 96, H, GREEN);
   ex_rect(112, 0, W, H, WHITE);
   expect_image("conditional: the draw on the hidden quad's query discarded, the other drawn");
   glDeleteQueries(2, q);
}

/* Vertex-stage reads with the fragment state the same for both draws: the vertex shader takes its colour
 * from texel (0, 0) of a texture (vs_texture) or from a uniform block (vs_ubo), replaced between the draws.
 * Left the old red, right the new blue. */
static void
case_vs_texture(void)
{
   GLuint t = solid_tex(2, 2, RED);
   static const unsigned char blue4[16] = {0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255};
   begin(prog_vstex);
   glBindTexture(GL_TEXTURE_2D, t);
   rect(0, 0, SPLIT, H, 0, NULL);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, blue4);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("vs-texture: left the old red, right the new blue", RED, BLUE);
   glDeleteTextures(1, &t);
}

static void
case_vs_ubo(void)
{
   GLuint b = vec4_buffer(GL_UNIFORM_BUFFER, F_RED);
   begin(prog_vsubo);
   glBindBufferBase(GL_UNIFORM_BUFFER, 0, b);
   rect(0, 0, SPLIT, H, 0, NULL);
   glBufferSubData(GL_UNIFORM_BUFFER, 0, 16, F_BLUE);
   rect(SPLIT, 0, W, H, 0, NULL);
   expect_halves("vs-ubo: left the old red, right the new blue", RED, BLUE);
   glDeleteBuffers(1, &b);
}

/* A scissored colour clear between two draws of the same state: red over x < 96; the scissor box (0, 0, 64,
 * 96) on, cleared blue, the scissor test off again; green over x >= 80. x < 64 blue, 64..79 red, 80..127
 * green. */
static void
case_clear_between(void)
{
   begin(prog_col);
   rect(0, 0, 96, H, 0, RED);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 64, H);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   rect(80, 0, W, H, 0, GREEN);
   ex_begin(W, H, GREEN);
   ex_rect(0, 0, 64, H, BLUE);
   ex_rect(64, 0, 80, H, RED);
   expect_image("clear-between: blue, the red left of it, green");
}

/* A depth clear between two depth-tested draws of the same state (LESS): red at 0.4 (NDC -0.2) over
 * x < 96; depth cleared to 1; green at 0.6 (NDC 0.2) over x >= 32: passes everywhere (0.6 < 1). Colour red
 * x < 32, green from 32; depth 1 (the clear) at x < 32, 0.6 from 32. (Had the clear come after the second
 * draw: depth 1 everywhere; had it come before the first: green only at 96..127.) */
static void
case_clear_depth_between(void)
{
   begin(prog_col);
   glEnable(GL_DEPTH_TEST);
   rect(0, 0, 96, H, -0.2f, RED);
   glClear(GL_DEPTH_BUFFER_BIT);
   rect(32, 0, W, H, 0.2f, GREEN);
   ex_begin(W, H, GREEN);
   ex_rect(0, 0, 32, H, RED);
   expect_image("clear-depth-between: red, then green over the cleared depth");
   exd_begin(0.6f);
   exd_rect(0, 0, 32, H, 1.0f);
   expect_depth("clear-depth-between: depth 1 (cleared), 0.6");
}

/* ARB_texture_barrier (core in 4.5): the framebuffer's own colour texture sampled at the fragment's own texel
 * (the one read and write a texel GL 4.6 9.3.1 allows), the vertex colour (51, 0, 0, 255) added, the same
 * state for both draws: over x < 96, then glTextureBarrier, then over x >= 32 (reading the first draw's
 * writes). Cleared 0 0 0 0: x < 32 (51, 0, 0, 255); 32..95 (102, 0, 0, 255); 96..127 (51, 0, 0, 255). */
static void
case_texture_barrier(void)
{
   static const rgba add = {51, 0, 0, 255}, twice = {102, 0, 0, 255};
   begin(prog_fb);
   glBindTexture(GL_TEXTURE_2D, tex_main);
   rect(0, 0, 96, H, 0, add);
   glTextureBarrier();
   rect(32, 0, W, H, 0, add);
   glBindTexture(GL_TEXTURE_2D, 0);
   ex_begin(W, H, add);
   ex_rect(32, 0, 96, H, twice);
   expect_image("texture-barrier: the second draw reads the first's writes");
}

/* An occlusion query around the second of three draws with nothing else changing between them (one
 * colour): as query-samples, depth test LESS: x < 64 at 0.4; the query around x 16..79, y 12..59 at 0.5,
 * 768 samples passing (x 64..79); x 96..127 at 0.1 after it. */
static void
case_query_same_state(void)
{
   GLuint q, n = 0;
   glGenQueries(1, &q);
   begin(prog_uni);
   glEnable(GL_DEPTH_TEST);
   set_color(loc_uni, RED);
   rect(0, 0, 64, H, -0.2f, NULL);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   rect(16, 12, 80, 60, 0.0f, NULL);
   glEndQuery(GL_SAMPLES_PASSED);
   rect(96, 0, W, H, -0.8f, NULL);
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
   check(n == 768, "query-same-state: %u samples passed (want 16 x 48 = 768)", n);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, 64, H, RED);
   ex_rect(64, 12, 80, 60, RED);
   ex_rect(96, 0, W, H, RED);
   expect_image("query-same-state: picture");
   glDeleteQueries(1, &q);
}

static void
grid_color(int k, rgba c)
{
   c[0] = (unsigned char)(k * 53 + 17);
   c[1] = (unsigned char)(k * 101 + 90);
   c[2] = (unsigned char)(k * 29 + 200);
   c[3] = 255;
}

/* 200 draws of 4x4 pixels in a 20 x 10 grid (quad (i, j) at x 2 + 6i, y 2 + 6j), the program's uniform colour
 * changed every third draw (vs = 0: the fragment shader's; vs = 1: a vertex shader uniform, every draw). */
static void
many_draws(const char *what, int vs)
{
   begin(vs ? prog_vsu : prog_uni);
   ex_begin(W, H, NONE);
   for (int n = 0; n < 200; n++) {
      const int i = n % 20, j = n / 20, x = 2 + 6 * i, y = 2 + 6 * j;
      rgba c;
      grid_color(vs ? n : n / 3, c);
      if (vs || n % 3 == 0)
         set_color(vs ? loc_vsu : loc_uni, c);
      rect(x, y, x + 4, y + 4, 0, NULL);
      ex_rect(x, y, x + 4, y + 4, c);
   }
   expect_image(what);
}

static void
case_many_fs(void)
{
   many_draws("many-fs: 200 small quads, fragment uniform every third", 0);
}

static void
case_many_vs(void)
{
   many_draws("many-vs: 200 small quads, vertex uniform every draw", 1);
}

/* 48 overlapping 24x24 tiles at a 16-pixel pitch (tile (i, j) at x 16i, y 16j, cut at the edges), drawn row by
 * row, each its own colour through a vertex shader uniform: a tile over its left and lower neighbours. */
static void
case_tiles(void)
{
   begin(prog_vsu);
   ex_begin(W, H, NONE);
   for (int n = 0; n < 48; n++) {
      const int x = 16 * (n % 8), y = 16 * (n / 8);
      const int x1 = x + 24 > W ? W : x + 24, y1 = y + 24 > H ? H : y + 24;
      rgba c;
      grid_color(n, c);
      set_color(loc_vsu, c);
      rect(x, y, x1, y1, 0, NULL);
      ex_rect(x, y, x1, y1, c);
   }
   expect_image("tiles: 48 overlapping tiles in draw order");
}

/* Reads straight after draws, no glFinish: a pixel inside the first draw, then after a second draw a pixel
 * of it and a region across both, then the whole picture. */
static void
case_readback(void)
{
   unsigned char p[4], region[8 * 8 * 4];
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glReadPixels(10, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   check(!memcmp(p, RED, 4), "readback: pixel (10,10) after the first draw %u %u %u %u (red)", p[0], p[1], p[2],
         p[3]);
   rect(SPLIT, 0, W, H, 0, GREEN);
   glReadPixels(100, 50, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   check(!memcmp(p, GREEN, 4), "readback: pixel (100,50) after the second %u %u %u %u (green)", p[0], p[1], p[2],
         p[3]);
   glReadPixels(SPLIT - 4, 40, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, region);
   int bad = 0;
   for (int i = 0; i < 64; i++)
      bad += memcmp(region + 4 * i, i % 8 < 4 ? RED : GREEN, 4) != 0;
   check(!bad, "readback: 8x8 region across the split: %d pixels wrong", bad);
   expect_halves("readback: the whole picture", RED, GREEN);
}

/* glReadPixels into a pixel pack buffer, then a draw over everything, then the buffer mapped: it holds the
 * picture before that draw (red x < 40, 0 0 0 0 elsewhere); the framebuffer is all green. */
static void
case_readback_pbo(void)
{
   GLuint pbo;
   glGenBuffers(1, &pbo);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glBufferData(GL_PIXEL_PACK_BUFFER, W * H * 4, NULL, GL_STREAM_READ);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   rect(0, 0, W, H, 0, GREEN);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   const unsigned char *m = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, W * H * 4, GL_MAP_READ_BIT);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, SPLIT, H, RED);
   if (check(m != NULL, "readback-pbo: mapped")) {
      compare_image("readback-pbo: the buffer holds the picture before the last draw", m);
      glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
   }
   glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   ex_begin(W, H, GREEN);
   expect_image("readback-pbo: the framebuffer all green");
   glDeleteBuffers(1, &pbo);
}

/* glGetTexImage of the main framebuffer's colour texture after a draw, and after another. */
static void
case_gettex(void)
{
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glBindTexture(GL_TEXTURE_2D, tex_main);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, SPLIT, H, RED);
   compare_image("gettex: red x < 40", px);
   rect(SPLIT, 0, W, H, 0, GREEN);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ex_rect(SPLIT, 0, W, H, GREEN);
   compare_image("gettex: then green over the rest", px);
   glBindTexture(GL_TEXTURE_2D, 0);
}

/* glBlitFramebuffer of the main framebuffer (red x < 40, rest 0 0 0 0) into B (128x96, cleared blue), then a
 * green draw over the whole main framebuffer: B holds the picture before it. */
static void
case_blit(void)
{
   GLuint tb, fb = color_fbo(W, H, &tb);
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo_main);
   rect(0, 0, W, H, 0, GREEN);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
   expect_halves("blit: B holds the picture before the last draw", RED, NONE);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo_main);
   ex_begin(W, H, GREEN);
   expect_image("blit: main all green");
   glDeleteFramebuffers(1, &fb);
   glDeleteTextures(1, &tb);
}

/* A draw copied into a texture with glCopyTexSubImage2D, then sampled: red over x < 40; T (128x96) takes the
 * whole framebuffer (red x < 40, 0 0 0 0 elsewhere); green over the lower half (y < 48); T drawn over the
 * upper half, pixel (x, y) reading texel (x, y): upper half red x < 40, 0 0 0 0 elsewhere. T read back: the
 * copy, without the green. */
static void
case_copytex(void)
{
   GLuint t = solid_tex(W, H, BLUE);
   begin(prog_col);
   rect(0, 0, SPLIT, H, 0, RED);
   glBindTexture(GL_TEXTURE_2D, t);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, W, H);
   rect(0, 0, W, H / 2, 0, GREEN);
   glUseProgram(prog_tex);
   rect(0, H / 2, W, H, 0, NULL);
   ex_begin(W, H, NONE);
   ex_rect(0, H / 2, SPLIT, H, RED);
   ex_rect(0, 0, W, H / 2, GREEN);
   expect_image("copytex: lower half green, upper half the copied picture");
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   ex_begin(W, H, NONE);
   ex_rect(0, 0, SPLIT, H, RED);
   compare_image("copytex: the texture holds the copy", px);
   glDeleteTextures(1, &t);
}

/* ---- programs ---- */

static GLuint
program(const char *name, const char *vs, const char *fs, const char *xfb)
{
   GLuint p = glCreateProgram();
   GLuint s1 = fxp_gl_shader(GL_VERTEX_SHADER, vs), s2 = fxp_gl_shader(GL_FRAGMENT_SHADER, fs);
   glAttachShader(p, s1);
   glAttachShader(p, s2);
   if (xfb)
      glTransformFeedbackVaryings(p, 1, &xfb, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(p);
   glDeleteShader(s1);
   glDeleteShader(s2);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048];
      glGetProgramInfoLog(p, sizeof(log), NULL, log);
      fprintf(stderr, "%s: link error: %s\n", name, log);
   }
   check(ok, "program %s links", name);
   return p;
}

#define VS_POS                                                                                               \
   "#version 430\nlayout(location = 0) in vec4 pos;\nvoid main() { gl_Position = pos; }\n"
#define VS_COL                                                                                               \
   "#version 430\nlayout(location = 0) in vec4 pos; layout(location = 1) in vec4 col; out vec4 c;\n"         \
   "void main() { gl_Position = pos; c = col; }\n"
#define FS_COL "#version 430\nin vec4 c; out vec4 o;\nvoid main() { o = c; }\n"

static void
make_programs(void)
{
   prog_uni = program("uniform", VS_POS, "#version 430\nuniform vec4 u_color; out vec4 o;\n"
                                         "void main() { o = u_color; }\n", NULL);
   loc_uni = glGetUniformLocation(prog_uni, "u_color");
   prog_col = program("vertex colour", VS_COL, FS_COL, NULL);
   prog_vsu = program("vertex uniform",
                      "#version 430\nlayout(location = 0) in vec4 pos; uniform vec4 u_vcolor; out vec4 c;\n"
                      "void main() { gl_Position = pos; c = u_vcolor; }\n",
                      FS_COL, NULL);
   loc_vsu = glGetUniformLocation(prog_vsu, "u_vcolor");
   prog_tex = program("texture", VS_POS,
                      "#version 430\nlayout(binding = 0) uniform sampler2D u_tex; out vec4 o;\n"
                      "void main() { o = texture(u_tex, gl_FragCoord.xy / vec2(128.0, 96.0)); }\n",
                      NULL);
   prog_texlod = program("texture lod", VS_POS,
                         "#version 430\nlayout(binding = 0) uniform sampler2D u_tex; out vec4 o;\n"
                         "void main() { o = textureLod(u_tex, gl_FragCoord.xy / vec2(128.0, 96.0), 0.0); }\n",
                         NULL);
   prog_ubo = program("uniform block", VS_POS,
                      "#version 430\nlayout(std140, binding = 0) uniform B { vec4 u_block; }; out vec4 o;\n"
                      "void main() { o = u_block; }\n",
                      NULL);
   prog_tbo = program("texture buffer", VS_POS,
                      "#version 430\nlayout(binding = 1) uniform samplerBuffer u_buf; out vec4 o;\n"
                      "void main() { o = texelFetch(u_buf, 0); }\n",
                      NULL);
   prog_xfb = program("transform feedback",
                      "#version 430\nlayout(location = 0) in vec4 pos; uniform vec4 u_xfb; out vec4 xo;\n"
                      "void main() { gl_Position = pos; xo = u_xfb; }\n",
                      "#version 430\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n", "xo");
   loc_xfb = glGetUniformLocation(prog_xfb, "u_xfb");
   prog_face = program("front facing", VS_POS,
                       "#version 430\nout vec4 o;\n"
                       "void main() { o = gl_FrontFacing ? vec4(1, 0, 0, 1) : vec4(0, 1, 0, 1); }\n",
                       NULL);
   prog_flat = program("flat colour",
                       "#version 430\nlayout(location = 0) in vec4 pos; layout(location = 1) in vec4 col;\n"
                       "flat out vec4 c;\nvoid main() { gl_Position = pos; c = col; }\n",
                       "#version 430\nflat in vec4 c; out vec4 o;\nvoid main() { o = c; }\n", NULL);
   prog_vstex = program("vertex texture",
                        "#version 430\nlayout(location = 0) in vec4 pos; layout(binding = 0) uniform sampler2D u_vtex;\n"
                        "out vec4 c;\nvoid main() { gl_Position = pos; c = texelFetch(u_vtex, ivec2(0), 0); }\n",
                        FS_COL, NULL);
   prog_vsubo = program("vertex uniform block",
                        "#version 430\nlayout(location = 0) in vec4 pos;\n"
                        "layout(std140, binding = 0) uniform B { vec4 u_block; }; out vec4 c;\n"
                        "void main() { gl_Position = pos; c = u_block; }\n",
                        FS_COL, NULL);
   prog_fb = program("framebuffer read", VS_COL,
                     "#version 430\nlayout(binding = 0) uniform sampler2D u_tex; in vec4 c; out vec4 o;\n"
                     "void main() { o = texelFetch(u_tex, ivec2(gl_FragCoord.xy), 0) + c; }\n",
                     NULL);
}

int
main(int argc, char **argv)
{
   static const struct fxp_gl_section sections[] = {
      {"fs-uniform", case_fs_uniform},
      {"vs-uniform", case_vs_uniform},
      {"program", case_program},
      {"tex-binding", case_tex_binding},
      {"tex-subimage", case_tex_subimage},
      {"tex-image", case_tex_image},
      {"tex-copy-image", case_tex_copy_image},
      {"tex-clear", case_tex_clear},
      {"tex-copy-into", case_tex_copy_into},
      {"tex-swizzle", case_tex_swizzle},
      {"sampler-lod", case_sampler_lod},
      {"ubo-subdata", case_ubo_subdata},
      {"ubo-data", case_ubo_data},
      {"ubo-copy", case_ubo_copy},
      {"ubo-clear", case_ubo_clear},
      {"ubo-map", case_ubo_map},
      {"ubo-map-invalidate", case_ubo_map_invalidate},
      {"xfb-tbo", case_xfb_tbo},
      {"xfb-ubo", case_xfb_ubo},
      {"rtt-draw", case_rtt_draw},
      {"rtt-clear", case_rtt_clear},
      {"stencil-ref", case_stencil_ref},
      {"blend-color", case_blend_color},
      {"depth-range", case_depth_range},
      {"viewport", case_viewport},
      {"scissor", case_scissor},
      {"framebuffer", case_framebuffer},
      {"blend-enable", case_blend_enable},
      {"blend-disable", case_blend_disable},
      {"depth-func", case_depth_func},
      {"color-mask", case_color_mask},
      {"cull-face", case_cull_face},
      {"front-face", case_front_face},
      {"provoking-vertex", case_provoking_vertex},
      {"polygon-offset", case_polygon_offset},
      {"vbo-subdata", case_vbo_subdata},
      {"vs-texture", case_vs_texture},
      {"vs-ubo", case_vs_ubo},
      {"clear-between", case_clear_between},
      {"clear-depth-between", case_clear_depth_between},
      {"texture-barrier", case_texture_barrier},
      {"query-samples", case_query_samples},
      {"query-same-state", case_query_same_state},
      {"query-any", case_query_any},
      {"conditional", case_conditional},
      {"many-fs", case_many_fs},
      {"many-vs", case_many_vs},
      {"tiles", case_tiles},
      {"readback", case_readback},
      {"readback-pbo", case_readback_pbo},
      {"gettex", case_gettex},
      {"blit", case_blit},
      {"copytex", case_copytex},
   };
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL %s, renderer %s\n", (const char *)glGetString(GL_VERSION), (const char *)glGetString(GL_RENDERER));
   GLint major = 0, minor = 0;
   glGetIntegerv(GL_MAJOR_VERSION, &major);
   glGetIntegerv(GL_MINOR_VERSION, &minor);
   /* GLSL 4.30 (binding layouts), glClearTexImage (4.4), glCopyImageSubData (4.3), glDepthRangef (4.1) */
   if (major * 10 + minor < 44) {
      printf("skip: GL %d.%d, the cases need 4.4\n", major, minor);
      return 77;
   }
   make_programs();
   fbo_main = fxp_make_fbo_depth(W, H, GL_DEPTH24_STENCIL8);
   if (!check(fbo_main != 0, "main FBO (RGBA8, DEPTH24_STENCIL8) complete") || failures)
      return 1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, (GLint *)&tex_main);
   /* one level: complete with nearest filtering (texture-barrier samples it) */
   glBindTexture(GL_TEXTURE_2D, tex_main);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   glBindTexture(GL_TEXTURE_2D, 0);
   glEnableVertexAttribArray(0);
   const int status = fxp_gl_run_sections(sections, sizeof(sections) / sizeof(sections[0]), argc, argv);
   /* the context's end (FXPIPE_DEBUG=perf prints its counts then) */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   return status;
}
