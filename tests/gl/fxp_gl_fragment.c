/* The per-fragment operations against GL's rules, with values worked out here by hand (GL 3.3, 14.9 and
 * 17.3): every depth function on each depth format fxpipe renders to, with the depth from the rasterizer
 * (early tests) and from gl_FragDepth (late tests), depth writes on and off; and blending (over,
 * premultiplied, additive, subtract, constant colours, SRC_ALPHA_SATURATE, MIN/MAX, a colour mask) at pixels
 * of different colours. The suite runs it with the fast
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
   return fxp_make_fbo_depth(W, H, depth_format);
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

/* One blend state: factors and equations for RGB and alpha, the constant colour, the colour mask. */
struct blend_case {
   const char *name;
   GLenum src_rgb, dst_rgb, src_a, dst_a, eq_rgb, eq_a;
   float constant[4];
   GLboolean mask[4];
};

/* GL 3.3, 4.1.8, on values in [0, 1]: a factor of channel c */
static double
factor(GLenum f, unsigned c, const double s[4], const double d[4], const double k[4])
{
   switch (f) {
   case GL_ZERO: return 0.0;
   case GL_ONE: return 1.0;
   case GL_SRC_COLOR: return s[c];
   case GL_ONE_MINUS_SRC_COLOR: return 1.0 - s[c];
   case GL_DST_COLOR: return d[c];
   case GL_ONE_MINUS_DST_COLOR: return 1.0 - d[c];
   case GL_SRC_ALPHA: return s[3];
   case GL_ONE_MINUS_SRC_ALPHA: return 1.0 - s[3];
   case GL_DST_ALPHA: return d[3];
   case GL_ONE_MINUS_DST_ALPHA: return 1.0 - d[3];
   case GL_CONSTANT_COLOR: return k[c];
   case GL_ONE_MINUS_CONSTANT_COLOR: return 1.0 - k[c];
   case GL_CONSTANT_ALPHA: return k[3];
   case GL_ONE_MINUS_CONSTANT_ALPHA: return 1.0 - k[3];
   case GL_SRC_ALPHA_SATURATE: return c == 3 ? 1.0 : fmin(s[3], 1.0 - d[3]);
   default: abort();
   }
}

static double
equation(GLenum eq, double s, double sf, double d, double df)
{
   switch (eq) {
   case GL_FUNC_ADD: return s * sf + d * df;
   case GL_FUNC_SUBTRACT: return s * sf - d * df;
   case GL_FUNC_REVERSE_SUBTRACT: return d * df - s * sf;
   case GL_MIN: return fmin(s, d);
   case GL_MAX: return fmax(s, d);
   default: abort();
   }
}

/* A blend state over a cleared colour, at pixels whose source red differs (red + x / 256), each result
 * channel worked out by the rules above with d the stored byte / 255 and clamped to [0, 1], stored as the
 * nearest byte (GL allows the conversion to be off by one); channels outside the colour mask keep the
 * cleared bytes. */
static void
blend_test(GLuint early, const struct blend_case *bc)
{
   GLuint fbo = make_fbo(GL_DEPTH_COMPONENT24);
   if (!fbo)
      return;
   glUseProgram(early);
   const float src[4] = {0.3f, 0.4f, 0.2f, 0.25f};
   glUniform4f(glGetUniformLocation(early, "color"), src[0], src[1], src[2], src[3]);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glClearColor(0.2f, 0.6f, 1.0f, 0.4f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   const unsigned dst[4] = {51, 153, 255, 102}; /* 0.2, 0.6, 1.0, 0.4 as bytes */
   glEnable(GL_BLEND);
   glBlendFuncSeparate(bc->src_rgb, bc->dst_rgb, bc->src_a, bc->dst_a);
   glBlendEquationSeparate(bc->eq_rgb, bc->eq_a);
   glBlendColor(bc->constant[0], bc->constant[1], bc->constant[2], bc->constant[3]);
   glColorMask(bc->mask[0], bc->mask[1], bc->mask[2], bc->mask[3]);
   draw_quad(0.0f);
   glDisable(GL_BLEND);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   static GLubyte img[H][W][4];
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         double s[4], d[4], k[4];
         for (unsigned c = 0; c < 4; c++) {
            s[c] = src[c] + (c == 0 ? x / 256.0 : 0.0);
            s[c] = s[c] > 1.0 ? 1.0 : s[c];
            d[c] = dst[c] / 255.0;
            k[c] = bc->constant[c];
         }
         for (unsigned c = 0; c < 4; c++) {
            const int a = c == 3;
            double want = dst[c];
            if (bc->mask[c]) {
               const double sf = factor(a ? bc->src_a : bc->src_rgb, c, s, d, k);
               const double df = factor(a ? bc->dst_a : bc->dst_rgb, c, s, d, k);
               double v = equation(a ? bc->eq_a : bc->eq_rgb, s[c], sf, d[c], df);
               v = v < 0.0 ? 0.0 : v > 1.0 ? 1.0 : v;
               want = 255.0 * v;
            }
            if (fabs(img[y][x][c] - want) > 1.0 && bad++ < 4)
               printf("     at (%d, %d) channel %u: %u, expected %.2f\n", x, y, c, img[y][x][c], want);
         }
      }
   check(!bad, "blending %s at every pixel of %dx%d (%d channels off)", bc->name, W, H, bad);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
}

static const struct blend_case blend_cases[] = {
   {"over (SRC_ALPHA, ONE_MINUS_SRC_ALPHA)", GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA,
    GL_ONE_MINUS_SRC_ALPHA, GL_FUNC_ADD, GL_FUNC_ADD, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"premultiplied (ONE, ONE_MINUS_SRC_ALPHA; alpha ONE, ZERO)", GL_ONE, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO,
    GL_FUNC_ADD, GL_FUNC_ADD, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"additive (ONE, ONE)", GL_ONE, GL_ONE, GL_ONE, GL_ONE, GL_FUNC_ADD, GL_FUNC_ADD, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"reverse subtract (DST_COLOR, SRC_COLOR; alpha subtract)", GL_DST_COLOR, GL_SRC_COLOR, GL_DST_ALPHA,
    GL_ONE_MINUS_DST_ALPHA, GL_FUNC_REVERSE_SUBTRACT, GL_FUNC_SUBTRACT, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"constant colour and alpha", GL_CONSTANT_COLOR, GL_ONE_MINUS_CONSTANT_COLOR, GL_CONSTANT_ALPHA,
    GL_ONE_MINUS_CONSTANT_ALPHA, GL_FUNC_ADD, GL_FUNC_ADD, {0.25f, 0.5f, 0.75f, 0.125f}, {1, 1, 1, 1}},
   {"SRC_ALPHA_SATURATE, ONE", GL_SRC_ALPHA_SATURATE, GL_ONE, GL_SRC_ALPHA_SATURATE, GL_ONE, GL_FUNC_ADD,
    GL_FUNC_ADD, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"MIN and MAX", GL_ONE, GL_ONE, GL_ONE, GL_ONE, GL_MIN, GL_MAX, {0, 0, 0, 0}, {1, 1, 1, 1}},
   {"over with colour mask R and B", GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA,
    GL_FUNC_ADD, GL_FUNC_ADD, {0, 0, 0, 0}, {1, 0, 1, 0}},
};

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
   for (unsigned i = 0; i < sizeof(blend_cases) / sizeof(blend_cases[0]); i++)
      blend_test(early, &blend_cases[i]);
   check(glGetError() == GL_NO_ERROR, "no GL error");
   printf("%d failures\n", failures);
   return failures ? 1 : 0;
}
