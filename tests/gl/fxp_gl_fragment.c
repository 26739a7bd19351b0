/* The per-fragment operations against GL's rules, with values worked out here by hand (GL 3.3, 14.9 and
 * 17.3): every depth function on each depth format fxpipe renders to, with the depth from the rasterizer
 * (early tests) and from gl_FragDepth (late tests), depth writes on and off; and "over" blending
 * (SRC_ALPHA, ONE_MINUS_SRC_ALPHA) at pixels of different colours. The suite runs it with the fast
 * per-fragment paths and without them (FXPIPE_DEBUG=nofast), so both must give GL's answers. */
#define GL_GLEXT_PROTOTYPES
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"

#define W 64
#define H 64

static const char *vs_src =
   "#version 330\n"
   "layout(location = 0) in vec4 pos;\n"
   "void main() { gl_Position = pos; }\n";
/* the colour depends on the pixel, so that the lanes of one batch differ */
static const char *fs_early_src =
   "#version 330\n"
   "uniform vec4 color;\n"
   "out vec4 o;\n"
   "void main() { o = color + vec4(floor(gl_FragCoord.x) / 256.0, 0.0, 0.0, 0.0); }\n";
static const char *fs_late_src =
   "#version 330\n"
   "uniform vec4 color;\n"
   "out vec4 o;\n"
   "void main() { o = color + vec4(floor(gl_FragCoord.x) / 256.0, 0.0, 0.0, 0.0);\n"
   "              gl_FragDepth = gl_FragCoord.z; }\n";

static GLuint
make_fbo(GLenum depth_format)
{
   GLuint fbo, tex, rb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, depth_format, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, depth_format == GL_DEPTH24_STENCIL8 ? GL_DEPTH_STENCIL_ATTACHMENT
                                                                                 : GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? fbo : 0;
}

/* A quad over the whole framebuffer at NDC depth z. */
static void
draw_quad(float z)
{
   const float v[] = {-1, -1, z, 1, 1, -1, z, 1, -1, 1, z, 1, 1, 1, z, 1};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, v);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static int
func_passes(GLenum func, double a, double b)
{
   switch (func) {
   case GL_NEVER: return 0;
   case GL_LESS: return a < b;
   case GL_EQUAL: return a == b;
   case GL_LEQUAL: return a <= b;
   case GL_GREATER: return a > b;
   case GL_NOTEQUAL: return a != b;
   case GL_GEQUAL: return a >= b;
   default: return 1;
   }
}

static void
depth_tests(GLenum depth_format, const char *fname, GLuint early, GLuint late)
{
   static const GLenum funcs[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL,
                                  GL_ALWAYS};
   static const char *func_names[] = {"NEVER", "LESS", "EQUAL", "LEQUAL", "GREATER", "NOTEQUAL", "GEQUAL",
                                      "ALWAYS"};
   /* NDC -0.5, 0, 0.5 are window depths 0.25, 0.5, 0.75 (depth range [0, 1]); the buffer is cleared to 0.5.
    * All three are exact in every format: 0.5 is 32768 of 65535 (0.5 * 65535 rounded) and 8388608 of
    * 16777215, the same values a clear to 0.5 stores. */
   static const float ndc[] = {-0.5f, 0.0f, 0.5f};
   GLuint fbo = make_fbo(depth_format);
   check(fbo != 0, "%s: framebuffer complete", fname);
   if (!fbo)
      return;
   glEnable(GL_DEPTH_TEST);
   for (unsigned prog = 0; prog < 2; prog++) {
      const GLuint p = prog ? late : early;
      glUseProgram(p);
      glUniform4f(glGetUniformLocation(p, "color"), 0.0f, 1.0f, 0.0f, 1.0f);
      for (unsigned fi = 0; fi < 8; fi++) {
         for (unsigned zi = 0; zi < 3; zi++) {
            for (unsigned wr = 0; wr < 2; wr++) {
               glDepthMask(GL_TRUE);
               glClearColor(0, 0, 0, 0);
               glClearDepth(0.5);
               glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
               glDepthFunc(funcs[fi]);
               glDepthMask(wr ? GL_TRUE : GL_FALSE);
               draw_quad(ndc[zi]);
               const double zw = ndc[zi] * 0.5 + 0.5;
               const int pass = func_passes(funcs[fi], zw, 0.5);
               /* three pixels: a corner, the middle, the last one */
               static const int px[3][2] = {{0, 0}, {W / 2 + 1, H / 2}, {W - 1, H - 1}};
               int ok = 1;
               for (unsigned k = 0; k < 3; k++) {
                  GLubyte c[4];
                  GLfloat d;
                  glReadPixels(px[k][0], px[k][1], 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c);
                  glReadPixels(px[k][0], px[k][1], 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
                  const int green = c[1] == 255 && c[3] == 255;
                  const double want_d = pass && wr ? zw : 0.5;
                  ok &= green == pass && fabs(d - want_d) < 1e-4;
                  if (!(green == pass && fabs(d - want_d) < 1e-4))
                     printf("     at (%d, %d): colour %u %u %u %u, depth %f (expected %s, depth %f)\n", px[k][0],
                            px[k][1], c[0], c[1], c[2], c[3], d, pass ? "drawn" : "not drawn", want_d);
               }
               check(ok, "%s, %s depth, %s, fragment at %.2f against 0.5, depth writes %s", fname,
                     prog ? "shader" : "interpolated", func_names[fi], zw, wr ? "on" : "off");
            }
         }
      }
   }
   glDisable(GL_DEPTH_TEST);
   glDepthMask(GL_TRUE);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
}

/* glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA) over a cleared colour, at pixels whose source red
 * differs (red + x / 256), each result channel s * a + d * (1 - a) with d the stored byte / 255, stored as
 * the nearest byte (GL allows the conversion to be off by one). */
static void
blend_tests(GLuint early)
{
   GLuint fbo = make_fbo(GL_DEPTH_COMPONENT24);
   if (!fbo)
      return;
   glUseProgram(early);
   const float src[4] = {0.3f, 0.4f, 0.2f, 0.25f};
   glUniform4f(glGetUniformLocation(early, "color"), src[0], src[1], src[2], src[3]);
   glClearColor(0.2f, 0.6f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   const unsigned dst[4] = {51, 153, 255, 255}; /* 0.2, 0.6, 1.0, 1.0 as bytes */
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   draw_quad(0.0f);
   glDisable(GL_BLEND);
   GLubyte img[H][W][4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         for (unsigned c = 0; c < 4; c++) {
            double s = src[c] + (c == 0 ? x / 256.0 : 0.0);
            s = s > 1.0 ? 1.0 : s;
            const double a = src[3];
            const double want = 255.0 * (s * a + dst[c] / 255.0 * (1.0 - a));
            if (fabs(img[y][x][c] - want) > 1.0 && bad++ < 4)
               printf("     at (%d, %d) channel %u: %u, expected %.2f\n", x, y, c, img[y][x][c], want);
         }
   check(!bad, "over blending at every pixel of %dx%d (%d channels off)", W, H, bad);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
}

int
main(void)
{
   if (fxp_egl_make_current() == EGL_NO_DISPLAY)
      return 1;
   int linked_early = 0, linked_late = 0;
   const GLuint early = fxp_program(vs_src, fs_early_src, "unused", &linked_early);
   const GLuint late = fxp_program(vs_src, fs_late_src, "unused", &linked_late);
   check(linked_early && linked_late, "programs link");
   if (!linked_early || !linked_late)
      return 1;
   depth_tests(GL_DEPTH_COMPONENT16, "DEPTH_COMPONENT16", early, late);
   depth_tests(GL_DEPTH_COMPONENT24, "DEPTH_COMPONENT24", early, late);
   depth_tests(GL_DEPTH24_STENCIL8, "DEPTH24_STENCIL8", early, late);
   depth_tests(GL_DEPTH_COMPONENT32F, "DEPTH_COMPONENT32F", early, late);
   blend_tests(early);
   check(glGetError() == GL_NO_ERROR, "no GL error");
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
