/* Multisampling against values worked out here by hand from the standard sample positions
 * (the D3D10.1 / Vulkan table, written out below, not read from fxpipe; for 16 samples the two standard
 * samples on the pixel's edges are 1/32 pixel inside it, as fxpipe documents in raster/fxp_samples.h):
 *   coverage   an edge at x = 2 + k/16 + 1/64 through 8x8 renderbuffers of 2, 4, 8 and 16 samples: after a resolve
 *              (glBlitFramebuffer), pixel 2 is white in the proportion of its samples left of the edge; the
 *              same through the last pixel column of a rasterizer tile otherwise inside one triangle;
 *   positions  gl_SamplePosition written by every sample into an RG32F multisample texture, read back with
 *              texelFetch(sampler2DMS, p, s): the table's positions, in order;
 *   sample id  gl_SampleID (per-sample shading) into an RGBA8 multisample texture and texelFetch: 16 * id;
 *   masks      glSampleMaski(0, 0x5) and alpha to coverage with alpha 0.5 leave 2 of 4 samples: 50% grey;
 *   depth      per-sample depth: two triangles crossing inside pixels, resolved to the proportion the
 *              sample depths give;
 *   centroid   a centroid varying of a partly covered pixel is taken inside the primitive, a plain one at
 *              the centre;
 *   mask in    gl_SampleMaskIn is the covered samples, and 1 with GL_MULTISAMPLE disabled; where the depth
 *              test removes samples, the coverage before it, or after it with post_depth_coverage;
 *   blits      a single-sample texture blitted into a 4x renderbuffer gives every sample its value;
 *   fetch      framebuffer fetch reads each sample's own value (EXT_shader_framebuffer_fetch: the value at
 *              (x, y, sample)): a quad of two triangles drawn twice with "red < 0.25 ? red + 0.5 : discard"
 *              leaves every sample at 0.5, the pixels on the shared edge too (shaded per pixel, a pixel there
 *              took the second triangle's decision from a sample the first had written).
 * The suite runs it with the fast per-fragment paths and without them (FXPIPE_DEBUG=nofast). */
#define GL_GLEXT_PROTOTYPES
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"

#define W 8
#define H 8

/* sample i of count n at (x, y) / 32 from the pixel's top-left corner (y down in window space): the
 * standard table's sixteenths doubled, but for 16 samples (0, 16) and (2, 0) are (1, 16) and (2, 1). Samples
 * sit on thirty-seconds; the edges below never do (they are 1/64 past a sixteenth). */
static const int pos2[2][2] = {{24, 24}, {8, 8}};
static const int pos4[4][2] = {{12, 4}, {28, 12}, {4, 20}, {20, 28}};
static const int pos8[8][2] = {{18, 10}, {14, 22}, {26, 18}, {10, 6}, {6, 26}, {2, 14}, {22, 30}, {30, 2}};
static const int pos16[16][2] = {{18, 18}, {14, 10}, {10, 20}, {24, 14}, {6, 12}, {20, 26}, {26, 22},
                                 {22, 6},  {12, 28}, {16, 2}, {8, 4},   {4, 24}, {1, 16},  {30, 8},
                                 {28, 30}, {2, 1}};

static const int (*
positions(int n))[2]
{
   return n == 2 ? pos2 : n == 4 ? pos4 : n == 8 ? pos8 : pos16;
}

static const char *vs_src =
   "#version 330\n"
   "layout(location = 0) in vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";
static const char *fs_white_src =
   "#version 330\n"
   "uniform vec4 color;\n"
   "out vec4 o;\n"
   "void main() { o = color; }\n";
static const char *fs_pos_src =
   "#version 330\n"
   "#extension GL_ARB_sample_shading : require\n"
   "out vec4 o;\n"
   "void main() { o = vec4(gl_SamplePosition, 0.0, 1.0); }\n";
static const char *fs_id_src =
   "#version 330\n"
   "#extension GL_ARB_sample_shading : require\n"
   "out vec4 o;\n"
   "void main() { o = vec4(float(gl_SampleID) * 16.0 / 255.0, 0.0, 0.0, 1.0); }\n";
/* reads sample `s` of every pixel of a multisample texture */
static const char *fs_fetch_src =
   "#version 330\n"
   "uniform sampler2DMS tex;\n"
   "uniform int s;\n"
   "out vec4 o;\n"
   "void main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), s); }\n";

/* A quad of window x in [x0, x1), full height, at NDC depth z (W x H viewport). */
static void
draw_rect(double x0, double x1, float z)
{
   const float a = (float)(x0 / W * 2.0 - 1.0), b = (float)(x1 / W * 2.0 - 1.0);
   const float v[] = {a, -1, z, 1, b, -1, z, 1, a, 1, z, 1, b, 1, z, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* A framebuffer with a multisample colour renderbuffer (and a depth one if depth) of n samples. */
static GLuint
ms_fbo(int n, GLenum format, int depth)
{
   GLuint fbo, rb, zb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, n, format, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (depth) {
      glGenRenderbuffers(1, &zb);
      glBindRenderbuffer(GL_RENDERBUFFER, zb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, n, GL_DEPTH_COMPONENT24, W, H);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, zb);
   }
   glViewport(0, 0, W, H);
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? fbo : 0;
}

/* Resolves the bound multisample framebuffer into a single-sample RGBA8 one and reads it back. */
static void
resolve_read(GLuint ms, unsigned char *px)
{
   static GLuint ss;
   if (!ss)
      ss = fxp_make_fbo_depth(W, H, GL_DEPTH_COMPONENT24);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   glBindFramebuffer(GL_FRAMEBUFFER, ms);
}

/* 255 * k / n as the resolve gives it: the average of the samples, rounded (within 1 of it) */
static int
near(int got, double want)
{
   return fabs(got - want) <= 1.0;
}

static void
coverage_tests(GLuint white)
{
   static const int counts[] = {2, 4, 8, 16};
   unsigned char px[W * H * 4];
   glUseProgram(white);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 1, 1, 1);
   for (unsigned c = 0; c < 4; c++) {
      const int n = counts[c];
      const GLuint fbo = ms_fbo(n, GL_RGBA8, 0);
      if (!check(fbo != 0, "%d samples: framebuffer complete", n))
         continue;
      GLint got_samples = 0;
      glGetIntegerv(GL_SAMPLES, &got_samples);
      check(got_samples == n, "%d samples: GL_SAMPLES %d", n, got_samples);
      for (int k = 1; k < 16; k += 3) {
         glClearColor(0, 0, 0, 0);
         glClear(GL_COLOR_BUFFER_BIT);
         const double edge = 2.0 + (2 * k + 0.5) / 32.0; /* never on a sample: they sit on 32nds */
         draw_rect(0.0, edge, 0.0f);
         resolve_read(fbo, px);
         int inside = 0;
         for (int s = 0; s < n; s++)
            inside += positions(n)[s][0] + 0.0 < (2 * k + 0.5);
         /* row 0 of the readback is window row 0: every row alike */
         int ok = 1;
         for (int y = 0; y < H; y++)
            ok &= px[(y * W + 0) * 4] == 255 && px[(y * W + 1) * 4] == 255 &&
                  near(px[(y * W + 2) * 4], 255.0 * inside / n) && px[(y * W + 3) * 4] == 0;
         check(ok, "%d samples, edge at x = 2 + %.4f: pixel 2 is %d (want %.1f: %d of %d samples), 0/1 %d %d, "
               "3 %d", n, (2 * k + 0.5) / 32.0, px[8], 255.0 * inside / n, inside, n, px[0], px[4], px[12]);
      }
      glDeleteFramebuffers(1, &fbo);
   }
}

/* An 8x8 tile of the rasterizer inside one triangle but for an edge through its last pixel column: 64x64
 * pixels, 4 samples, the triangle (0, 0), (63 + f, 0), (63 + f, 64) in window coordinates. In the tile at
 * x = 56..63, y = 0..7 its diagonal is at x <= 8, so every pixel there has a sample covered: 56..62 all of
 * them, 63 those left of 63 + f. The rasterizer must keep each pixel's own samples there too. */
static void
whole_tile_test(GLuint white)
{
   enum { TW = 64, TH = 64 };
   GLuint fbo, rb, ss, sst;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, TW, TH);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glGenTextures(1, &sst);
   glBindTexture(GL_TEXTURE_2D, sst);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TW, TH, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenFramebuffers(1, &ss);
   glBindFramebuffer(GL_FRAMEBUFFER, ss);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, sst, 0);
   glUseProgram(white);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 1, 1, 1);
   for (int k = 1; k < 16; k += 3) {
      unsigned char px[TW * TH * 4];
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glViewport(0, 0, TW, TH);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      const float b = (float)((63.0 + (2 * k + 0.5) / 32.0) / TW * 2.0 - 1.0);
      const float v[] = {-1, -1, 0, 1, b, -1, 0, 1, b, 1, 0, 1};
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, v);
      glEnableVertexAttribArray(0);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss);
      glBlitFramebuffer(0, 0, TW, TH, 0, 0, TW, TH, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, ss);
      glReadPixels(0, 0, TW, TH, GL_RGBA, GL_UNSIGNED_BYTE, px);
      int inside = 0;
      for (int s = 0; s < 4; s++)
         inside += pos4[s][0] + 0.0 < (2 * k + 0.5);
      int ok = 1;
      for (int y = 0; y < 8; y++)
         ok &= near(px[(y * TW + 63) * 4], 255.0 * inside / 4) && px[(y * TW + 62) * 4] == 255;
      check(ok, "4 samples, a tile inside one triangle but for x = 63 + %.4f: pixel 63 is %d (want %.1f), 62 %d",
            (2 * k + 0.5) / 32.0, px[63 * 4], 255.0 * inside / 4, px[62 * 4]);
   }
   glDeleteFramebuffers(1, &fbo);
   glDeleteFramebuffers(1, &ss);
}

/* A multisample texture of n samples as the colour buffer of a new framebuffer. */
static GLuint
ms_tex_fbo(int n, GLenum format, GLuint *tex)
{
   GLuint fbo;
   glGenTextures(1, tex);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, *tex);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, n, format, W, H, GL_TRUE);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, *tex, 0);
   glViewport(0, 0, W, H);
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? fbo : 0;
}

/* Sample s of pixel (x, y) of a multisample texture, through texelFetch into a float framebuffer. */
static void
fetch_sample_at(GLuint fetch, GLuint tex, int s, int x, int y, float out[4])
{
   static GLuint fbo;
   if (!fbo) {
      GLuint t;
      glGenTextures(1, &t);
      glBindTexture(GL_TEXTURE_2D, t);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   }
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glViewport(0, 0, W, H);
   glUseProgram(fetch);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
   glUniform1i(glGetUniformLocation(fetch, "tex"), 0);
   glUniform1i(glGetUniformLocation(fetch, "s"), s);
   draw_rect(0, W, 0.0f);
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, out);
}

/* Sample s of pixel (1, 1). */
static void
fetch_sample(GLuint fetch, GLuint tex, int s, float out[4])
{
   fetch_sample_at(fetch, tex, s, 1, 1, out);
}

static void
sample_value_tests(GLuint posp, GLuint idp, GLuint fetch)
{
   static const int counts[] = {2, 4, 8, 16};
   for (unsigned c = 0; c < 4; c++) {
      const int n = counts[c];
      GLuint tex;
      GLuint fbo = ms_tex_fbo(n, GL_RG32F, &tex);
      if (!check(fbo != 0, "%d samples: RG32F multisample texture framebuffer complete", n))
         continue;
      glUseProgram(posp);
      draw_rect(0, W, 0.0f);
      int ok = 1;
      float v[4];
      for (int s = 0; s < n; s++) {
         fetch_sample(fetch, tex, s, v);
         ok &= v[0] == positions(n)[s][0] / 32.0f && v[1] == positions(n)[s][1] / 32.0f;
         if (!ok) {
            printf("     sample %d: (%g, %g), want (%g, %g)\n", s, v[0], v[1], positions(n)[s][0] / 32.0,
                   positions(n)[s][1] / 32.0);
            break;
         }
      }
      check(ok, "%d samples: gl_SamplePosition of every sample, read with texelFetch", n);
      fetch_sample(fetch, tex, n, v);
      check(v[0] == 0 && v[1] == 0 && v[2] == 0 && v[3] == 0, "%d samples: texelFetch of sample %d reads 0", n,
            n);

      fbo = ms_tex_fbo(n, GL_RGBA8, &tex);
      glUseProgram(idp);
      draw_rect(0, W, 0.0f);
      ok = 1;
      for (int s = 0; s < n && ok; s++) {
         fetch_sample(fetch, tex, s, v);
         ok &= fabsf(v[0] * 255.0f - (float)(16 * s)) < 0.01f;
         if (!ok)
            printf("     sample %d: red %g, want %d\n", s, v[0] * 255.0, 16 * s);
      }
      check(ok, "%d samples: gl_SampleID (per-sample shading) of every sample, read with texelFetch", n);
   }
}

static void
mask_tests(GLuint white)
{
   unsigned char px[W * H * 4];
   const GLuint fbo = ms_fbo(4, GL_RGBA8, 0);
   if (!check(fbo != 0, "4 samples: framebuffer complete"))
      return;
   glUseProgram(white);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 1, 1, 1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SAMPLE_MASK);
   glSampleMaski(0, 0x5);
   draw_rect(0, W, 0.0f);
   glDisable(GL_SAMPLE_MASK);
   resolve_read(fbo, px);
   check(near(px[0], 127.5) && near(px[4 * (W * H - 1)], 127.5), "sample mask 0x5 of 4: %d %d (want 127.5)", px[0],
         px[4 * (W * H - 1)]);

   glClear(GL_COLOR_BUFFER_BIT);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 1, 1, 0.5f);
   glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   draw_rect(0, W, 0.0f);
   glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
   resolve_read(fbo, px);
   check(near(px[0], 127.5) && near(px[3], 63.75), "alpha to coverage, alpha 0.5 of 4 samples: red %d alpha %d "
         "(want 127.5, 63.75)", px[0], px[3]);

   /* GL_MULTISAMPLE off: coverage by pixel centres, every sample of a covered pixel written */
   glClear(GL_COLOR_BUFFER_BIT);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 1, 1, 1);
   glDisable(GL_MULTISAMPLE);
   draw_rect(0.0, 2.4, 0.0f); /* pixel 2's centre (2.5) outside */
   draw_rect(5.0, 5.6, 0.0f); /* pixel 5's centre inside */
   glEnable(GL_MULTISAMPLE);
   resolve_read(fbo, px);
   check(px[4 * 1] == 255 && px[4 * 2] == 0 && px[4 * 5] == 255 && px[4 * 6] == 0,
         "GL_MULTISAMPLE disabled: pixels 1, 2, 5, 6 are %d %d %d %d (want 255 0 255 0)", px[4], px[8], px[20],
         px[24]);
   glDeleteFramebuffers(1, &fbo);
}

/* Per-sample depth: a quad at depth 0 over the left part of each pixel row... then a sloped quad whose depth
 * crosses 0 inside pixel 4: samples where it is nearer than 0 take its colour. The sloped quad goes from NDC
 * depth -1 at x = 0 to +1 at x = 8, so its window depth at x is x / 8; the flat one is at window depth 0.5,
 * so the slope is in front (LESS) where x < 4: in pixel 3 every sample, in pixel 4 none (x >= 4). With the
 * flat one at window depth 0.53125 (x = 4.25): pixel 4's samples with x < 0.25 in the pixel. */
static void
depth_tests(GLuint white)
{
   unsigned char px[W * H * 4];
   const GLuint fbo = ms_fbo(4, GL_RGBA8, 1);
   if (!check(fbo != 0, "4 samples with depth: framebuffer complete"))
      return;
   glUseProgram(white);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glUniform4f(glGetUniformLocation(white, "color"), 0, 0, 1, 1); /* blue, flat at window depth 0.53125 */
   draw_rect(0, W, 0.0625f);
   glUniform4f(glGetUniformLocation(white, "color"), 1, 0, 0, 1); /* red, sloped */
   const float v[] = {-1, -1, -1, 1, 1, -1, 1, 1, -1, 1, -1, 1, 1, 1, 1, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, v);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glDisable(GL_DEPTH_TEST);
   resolve_read(fbo, px);
   /* sample at x = 4 + p/16 has window depth (4 + p/16) / 8 < 0.53125 = 4.25 / 8 iff p < 4: in 4x, sample 2
    * (p = 2) only */
   check(px[4 * 3] == 255 && px[4 * 3 + 2] == 0 && near(px[4 * 4], 63.75) && near(px[4 * 4 + 2], 191.25) &&
            px[4 * 5] == 0 && px[4 * 5 + 2] == 255,
         "per-sample depth: pixels 3, 4, 5 red/blue %d/%d %d/%d %d/%d (want 255/0 63.75/191.25 0/255)", px[12],
         px[14], px[16], px[18], px[20], px[22]);
   glDeleteFramebuffers(1, &fbo);
}

/* Centroid interpolation (GLSL 4.40 4.5: a centroid input is taken at a point inside both the pixel and the
 * primitive): a varying equal to window x, drawn left of x = 2.3 into a 4-sample R32F texture. Pixel 2's only
 * covered sample is sample 2 at x = 2 + 2/16; there the centroid varying must be below 2.3 (fxpipe takes the
 * first covered sample: 2.125) while the plain one is the pixel centre's 2.5. Read back with texelFetch. */
static void
centroid_test(GLuint fetch_prog)
{
   static const char *vs =
      "#version 330\n"
      "layout(location = 0) in vec4 pos;\n"
      "out float xc;\n"
      "centroid out float xz;\n"
      "void main() { gl_Position = pos; xc = (pos.x + 1.0) * 4.0; xz = xc; }\n";
   static const char *fs =
      "#version 330\n"
      "in float xc;\n"
      "centroid in float xz;\n"
      "out vec4 o;\n"
      "void main() { o = vec4(xz, xc, 0.0, 1.0); }\n";
   int linked = 0;
   const GLuint prog = fxp_program(vs, fs, "unused", &linked);
   GLuint tex;
   const GLuint fbo = ms_tex_fbo(4, GL_RG32F, &tex);
   if (!check(linked && fbo, "centroid: program and 4-sample RG32F framebuffer"))
      return;
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   draw_rect(0.0, 2.3, 0.0f);
   float v[4];
   fetch_sample(fetch_prog, tex, 2, v); /* pixel (1, 1): inside, every sample covered */
   /* (within 0.01: the vertex at x = 2.3 is snapped to 1/256 pixel, which scales the varying by 2.3/2.30078) */
   check(fabsf(v[0] - 1.5f) < 0.01f && fabsf(v[1] - 1.5f) < 0.01f,
         "centroid: a wholly covered pixel takes its centre: %g %g (want 1.5 1.5)", v[0], v[1]);
   /* pixel 2 of row 1, sample 2 (the only one covered) */
   float px[4];
   fetch_sample_at(fetch_prog, tex, 2, 2, 1, px);
   check(px[0] < 2.3f && px[0] >= 2.0f && fabsf(px[1] - 2.5f) < 0.01f,
         "centroid: pixel 2's covered sample has centroid x %g (want in [2, 2.3)), plain x %g (want 2.5)", px[0],
         px[1]);
   glDeleteFramebuffers(1, &fbo);
}

/* gl_SampleMaskIn: the pixel's covered samples (4 of 4 inside a quad), and 1 with GL_MULTISAMPLE disabled
 * (ARB_sample_shading: as with one sample), written as mask / 16 into a 4-sample R32F texture. */
static void
mask_in_test(GLuint fetch_prog)
{
   static const char *fs =
      "#version 330\n"
      "#extension GL_ARB_gpu_shader5 : require\n"
      "out vec4 o;\n"
      "void main() { o = vec4(float(gl_SampleMaskIn[0]) / 16.0, 0.0, 0.0, 1.0); }\n";
   int linked = 0;
   const GLuint prog = fxp_program(vs_src, fs, "unused", &linked);
   GLuint tex;
   const GLuint fbo = ms_tex_fbo(4, GL_R32F, &tex);
   if (!check(linked && fbo, "gl_SampleMaskIn: program and 4-sample R32F framebuffer"))
      return;
   float v[4];
   for (int ms = 1; ms >= 0; ms--) {
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glViewport(0, 0, W, H);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glUseProgram(prog);
      if (!ms)
         glDisable(GL_MULTISAMPLE);
      draw_rect(0, W, 0.0f);
      glEnable(GL_MULTISAMPLE);
      fetch_sample(fetch_prog, tex, 3, v);
      check(v[0] == (ms ? 15.0f : 1.0f) / 16.0f, "gl_SampleMaskIn with GL_MULTISAMPLE %s: %g (want %d/16)",
            ms ? "on" : "off", v[0] * 16.0f, ms ? 15 : 1);
   }
   glDeleteFramebuffers(1, &fbo);
}

/* gl_SampleMaskIn where depth testing removes samples: 4 samples, depth 0.25 written where x < 2.5 (pixel 2's
 * samples 0 and 2, at x 6/16 and 2/16; samples 1 and 3 are at 14/16 and 10/16), then a full quad at depth 0.5
 * (GL_LESS) writing gl_SampleMaskIn / 16 into the samples that pass, 1 and 3 of pixel 2. The mask in is the
 * coverage before the depth test, 15 (with early tests implied by fxpipe for a shader that cannot change their
 * outcome, or declared by layout(early_fragment_tests)), unless the shader declares post_depth_coverage
 * (ARB_post_depth_coverage): then the samples that passed, 2 + 8 = 10. Sample 0 keeps the first quad's 0.75. */
static void
mask_in_depth_test(GLuint fetch_prog)
{
   static const struct {
      const char *what, *layout;
      float want;
   } cases[] = {
      {"no layout", "", 15.0f},
      {"early_fragment_tests", "layout(early_fragment_tests) in;\n", 15.0f},
      {"post_depth_coverage", "#extension GL_ARB_post_depth_coverage : require\n"
                              "layout(early_fragment_tests, post_depth_coverage) in;\n", 10.0f},
   };
   int l1 = 0;
   const GLuint first = fxp_program(vs_src, fs_white_src, "unused", &l1);
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      char fs[512];
      snprintf(fs, sizeof(fs),
               "#version 330\n"
               "#extension GL_ARB_gpu_shader5 : require\n"
               "#extension GL_ARB_shader_image_load_store : require\n"
               "%s"
               "out vec4 o;\n"
               "void main() { o = vec4(float(gl_SampleMaskIn[0]) / 16.0, 0.0, 0.0, 1.0); }\n",
               cases[i].layout);
      int linked = 0;
      const GLuint prog = fxp_program(vs_src, fs, "unused", &linked);
      GLuint tex, zb;
      const GLuint fbo = ms_tex_fbo(4, GL_R32F, &tex);
      glGenRenderbuffers(1, &zb);
      glBindRenderbuffer(GL_RENDERBUFFER, zb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, W, H);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, zb);
      if (!check(l1 && linked && fbo && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
                 "gl_SampleMaskIn after depth, %s: programs and 4-sample R32F + depth framebuffer", cases[i].what))
         return;
      glClearColor(0, 0, 0, 0);
      glClearDepth(1.0);
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
      glUseProgram(first);
      glUniform4f(glGetUniformLocation(first, "color"), 0.75f, 0, 0, 1);
      draw_rect(0, 2.5, -0.5f);
      glUseProgram(prog);
      draw_rect(0, W, 0.0f);
      glDisable(GL_DEPTH_TEST);
      float v3[4], v1[4], v0[4], p3[4];
      fetch_sample_at(fetch_prog, tex, 3, 2, 1, v3);
      fetch_sample_at(fetch_prog, tex, 1, 2, 1, v1);
      fetch_sample_at(fetch_prog, tex, 0, 2, 1, v0);
      fetch_sample_at(fetch_prog, tex, 3, 4, 1, p3);
      check(v3[0] * 16.0f == cases[i].want && v1[0] * 16.0f == cases[i].want && v0[0] == 0.75f &&
               p3[0] * 16.0f == 15.0f,
            "gl_SampleMaskIn after depth, %s: pixel 2 samples 3, 1: %g, %g (want %g); sample 0 %g (want 0.75); "
            "pixel 4: %g (want 15)", cases[i].what, v3[0] * 16.0f, v1[0] * 16.0f, cases[i].want, v0[0],
            p3[0] * 16.0f);
      glDeleteFramebuffers(1, &fbo);
      glDeleteRenderbuffers(1, &zb);
      glDeleteTextures(1, &tex);
   }
}

/* A single-sample texture blitted into a 4x renderbuffer, then resolved: the same picture. */
static void
blit_tests(void)
{
   unsigned char src[W * H * 4], px[W * H * 4];
   for (int i = 0; i < W * H * 4; i++)
      src[i] = (unsigned char)(i * 7 + 3);
   GLuint t, sfbo;
   glGenTextures(1, &t);
   glBindTexture(GL_TEXTURE_2D, t);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, src);
   glGenFramebuffers(1, &sfbo);
   glBindFramebuffer(GL_FRAMEBUFFER, sfbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
   const GLuint fbo = ms_fbo(4, GL_RGBA8, 0);
   if (!check(fbo != 0, "4 samples: framebuffer complete"))
      return;
   glBindFramebuffer(GL_READ_FRAMEBUFFER, sfbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   resolve_read(fbo, px);
   check(!memcmp(px, src, sizeof(px)), "single-sample to 4 samples and resolved back: the same bytes");
   glDeleteFramebuffers(1, &fbo);
}

static void
fetch_test(void)
{
   static const char *fs =
      "#version 330\n"
      "#extension GL_EXT_shader_framebuffer_fetch : require\n"
      "inout vec4 o;\n"
      "void main() { if (o.r < 0.25) o = o + vec4(0.5, 0.0, 0.0, 0.0); else discard; }\n";
   int linked = 0;
   const GLuint prog = fxp_program(vs_src, fs, "unused", &linked);
   if (!check(linked, "framebuffer fetch program links"))
      return;
   for (int n = 4; n <= 8; n *= 2) {
      unsigned char px[W * H * 4];
      const GLuint fbo = ms_fbo(n, GL_RGBA8, 0);
      if (!check(fbo != 0, "%d samples: framebuffer complete", n))
         return;
      glClearColor(0, 0, 0, 1);
      glClear(GL_COLOR_BUFFER_BIT);
      glUseProgram(prog);
      draw_rect(0, W, 0.0f);
      draw_rect(0, W, 0.0f);
      resolve_read(fbo, px);
      int bad = -1;
      for (int i = 0; i < W * H && bad < 0; i++)
         if (!near(px[4 * i], 127.5))
            bad = i;
      check(bad < 0, "fetch, %d samples: every pixel red 0.5 after two draws (pixel %d: %d)", n, bad,
            bad < 0 ? 0 : px[4 * bad]);
      glDeleteFramebuffers(1, &fbo);
   }
}

int
main(void)
{
   if (fxp_egl_make_current() == EGL_NO_DISPLAY)
      return 1;
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (!check(max_samples == 16, "GL_MAX_SAMPLES is 16 (%d)", max_samples))
      return 1;
   int l1 = 0, l2 = 0, l3 = 0, l4 = 0;
   const GLuint white = fxp_program(vs_src, fs_white_src, "unused", &l1);
   const GLuint posp = fxp_program(vs_src, fs_pos_src, "unused", &l2);
   const GLuint idp = fxp_program(vs_src, fs_id_src, "unused", &l3);
   const GLuint fetch = fxp_program(vs_src, fs_fetch_src, "unused", &l4);
   if (!check(l1 && l2 && l3 && l4, "programs link"))
      return 1;
   coverage_tests(white);
   whole_tile_test(white);
   sample_value_tests(posp, idp, fetch);
   mask_tests(white);
   depth_tests(white);
   centroid_test(fetch);
   mask_in_test(fetch);
   mask_in_depth_test(fetch);
   blit_tests();
   fetch_test();
   check(glGetError() == GL_NO_ERROR, "no GL error");
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
