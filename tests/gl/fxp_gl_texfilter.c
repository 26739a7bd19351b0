/* Texture filtering extensions through GL on an EGL surfaceless context (compatibility profile):
 * EXT/ARB_texture_filter_anisotropic, ARB/EXT_texture_filter_minmax and EXT_texture_shadow_lod. Each extension must be offered, and
 * a textured full-viewport quad must give the values worked out below from the specifications (not from a
 * run): EXT_texture_filter_anisotropic's suggested footprint (N = min(ceil(Pmax / Pmin), maxAniso) probes
 * at LOD log2(Pmax / N), spaced i / (N + 1) - 1/2 of a pixel along the major axis, averaged), and
 * ARB_texture_filter_minmax's MIN and MAX of the texels a filter covers with non-zero weight.
 *
 *   fxpipe-gl-texfilter [SECTION...]     sections: aniso minmax shadow-lod (default: all)
 *
 * Prints "ok"/"FAIL" per check (fxp_gl_check.h) and exits 1 on any failure. */
#define GL_GLEXT_PROTOTYPES
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"
#include "fxp_gl_shader.h"

#ifndef GL_TEXTURE_MAX_ANISOTROPY
#define GL_TEXTURE_MAX_ANISOTROPY 0x84FE
#define GL_MAX_TEXTURE_MAX_ANISOTROPY 0x84FF
#endif
#ifndef GL_TEXTURE_REDUCTION_MODE_ARB
#define GL_TEXTURE_REDUCTION_MODE_ARB 0x9366
#define GL_WEIGHTED_AVERAGE_ARB 0x9367
#endif

enum { S = 16 }; /* the framebuffer: S x S pixels */

/* A program drawing texture unit 0 at tc = ((pos + 1) / 2) * scale over a full-viewport quad (attribute 0). */
static GLuint
quad_program(void)
{
   GLuint p = glCreateProgram();
   GLint ok = 0;
   glAttachShader(p, fxp_gl_shader(GL_VERTEX_SHADER,
                                   "#version 330\n"
                                   "layout(location = 0) in vec2 pos;\n"
                                   "uniform vec2 scale; out vec2 tc;\n"
                                   "void main() { tc = (pos * 0.5 + 0.5) * scale; gl_Position = vec4(pos, 0.0, 1.0); }\n"));
   glAttachShader(p, fxp_gl_shader(GL_FRAGMENT_SHADER,
                                   "#version 330\n"
                                   "uniform sampler2D t; in vec2 tc; out vec4 o;\n"
                                   "void main() { o = texture(t, tc); }\n"));
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!ok)
      return 0;
   static const float v[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "t"), 0);
   return p;
}

static int
near(int got, int want)
{
   return abs(got - want) <= 1;
}

/* Anisotropic filtering. A 64x16 texture of 3 levels: level 0 has red 255 in columns 4k + 1 and 0 elsewhere,
 * level 1 (32x8) is green (0, 255, 0), level 2 (16x4) blue (0, 0, 255), so the colour tells the level. The
 * quad maps s in [0, 1] over 16 pixels (4 texels a pixel along x: Px = 4) and t in [0, 1.1] (1.1 texels a
 * pixel along y: Py = 1.1; not 1, so that Pmax / Pmin = 3.64 is far from an integer), trilinear filtering:
 *   TEXTURE_MAX_ANISOTROPY 1:  isotropic, LOD log2(4) = 2: level 2, blue (0, 0, 255) everywhere
 *   2:                         N = min(ceil(3.64), 2) = 2, LOD log2(4 / 2) = 1: level 1, green (0, 255, 0)
 *   16 (and 4):                N = 4, LOD log2(4 / 4) = 0: level 0, probes along x at u = 4x + 2 (the pixel
 *                              centre) + 4 (i / 5 - 1/2), i = 1..4: u - 0.5 = 4x + 0.3, 1.1, 1.9, 2.7, bilinear
 *                              red 0.3 * 255, 0.9 * 255, 0.1 * 255 and 0 (texels 4x+2, 4x+3): 76.5, 229.5,
 *                              25.5, 0, averaged 82.875: red 83 in every pixel. (One bilinear sample at LOD 0
 *                              would give 127.5 at u - 0.5 = 4x + 1.5: the probes are really taken.)
 * Values within 1 (UNORM rounding, and a LOD a rounding off its integer mixes in a tiny part of the next level). */
static void
test_aniso(void)
{
   check(fxp_gl_has_ext("GL_EXT_texture_filter_anisotropic"), "GL_EXT_texture_filter_anisotropic offered");
   check(fxp_gl_has_ext("GL_ARB_texture_filter_anisotropic"), "GL_ARB_texture_filter_anisotropic offered");
   GLfloat max_aniso = 0;
   glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY, &max_aniso);
   check(max_aniso == 16.0f, "GL_MAX_TEXTURE_MAX_ANISOTROPY is 16 (%g)", max_aniso);
   if (!check(fxp_make_fbo(S, S), "aniso FBO complete"))
      return;
   GLuint p = quad_program();
   if (!check(p != 0, "aniso program links"))
      return;
   glUniform2f(glGetUniformLocation(p, "scale"), 1.0f, 1.1f);

   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   static uint8_t level[64 * 16 * 4];
   for (int l = 0; l < 3; l++) {
      const int w = 64 >> l, h = 16 >> l;
      for (int i = 0; i < w * h; i++) {
         const int x = i % w;
         level[4 * i] = l == 0 && x % 4 == 1 ? 255 : 0;
         level[4 * i + 1] = l == 1 ? 255 : 0;
         level[4 * i + 2] = l == 2 ? 255 : 0;
         level[4 * i + 3] = 255;
      }
      glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, level);
   }
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 2);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

   static const struct {
      float aniso;
      uint8_t rgb[3];
   } cases[] = {
      {1.0f, {0, 0, 255}}, {2.0f, {0, 255, 0}}, {4.0f, {83, 0, 0}}, {16.0f, {83, 0, 0}},
   };
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, cases[c].aniso);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      uint8_t px[S * S * 4];
      glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
      unsigned bad = 0, first = 0;
      for (int i = 0; i < S * S; i++) {
         int ok = px[4 * i + 3] == 255;
         for (int k = 0; k < 3; k++)
            ok &= near(px[4 * i + k], cases[c].rgb[k]);
         if (!ok && !bad++)
            first = i;
      }
      check(!bad, "max anisotropy %g: every pixel (%d, %d, %d, 255): %u wrong (first wrong or pixel 0: %u, %d %d %d %d)",
            cases[c].aniso, cases[c].rgb[0], cases[c].rgb[1], cases[c].rgb[2], bad, first, px[4 * first],
            px[4 * first + 1], px[4 * first + 2], px[4 * first + 3]);
   }
   check(glGetError() == GL_NO_ERROR, "aniso: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* MIN/MAX reduction. A 2x1 texture, red 0 then 255 (green, blue 0, alpha 255), LINEAR, CLAMP_TO_EDGE, drawn
 * over 16 pixels: at pixel x, u - 0.5 = (x + 0.5) / 8 - 0.5 = (x - 3.5) / 8.
 *   x = 0:  -0.4375: texel -1 (clamped to 0) and 0, both red 0: average, MIN, MAX 0
 *   x = 4:   0.0625: texels 0 (weight 0.9375) and 1 (0.0625): average 15.94 -> 16, MIN 0, MAX 255
 *   x = 7:   0.4375: texels 0 (0.5625) and 1 (0.4375): average 111.56 -> 112, MIN 0, MAX 255
 *   x = 15:  1.4375: texel 1 and 2 (clamped to 1), both 255: every mode 255
 * GL_TEXTURE_REDUCTION_MODE_ARB through glGetInternalformativ (ARB_internalformat_query2): true for RGBA8 (with
 * EXT_texture_filter_minmax offered, Mesa answers true for every format without asking the driver:
 * src/mesa/main/formatquery.c). */
static void
test_minmax(void)
{
   check(fxp_gl_has_ext("GL_ARB_texture_filter_minmax"), "GL_ARB_texture_filter_minmax offered");
   check(fxp_gl_has_ext("GL_EXT_texture_filter_minmax"), "GL_EXT_texture_filter_minmax offered");
   if (fxp_gl_has_ext("GL_ARB_internalformat_query2")) {
      GLint v8 = -1;
      glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_REDUCTION_MODE_ARB, 1, &v8);
      check(v8 == GL_TRUE, "reduction mode query: RGBA8 %d (want 1)", v8);
   }
   if (!check(fxp_make_fbo(S, S), "minmax FBO complete"))
      return;
   GLuint p = quad_program();
   if (!check(p != 0, "minmax program links"))
      return;
   glUniform2f(glGetUniformLocation(p, "scale"), 1.0f, 1.0f);
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   static const uint8_t texels[8] = {0, 0, 0, 255, 255, 0, 0, 255};
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

   static const int xs[4] = {0, 4, 7, 15};
   static const struct {
      GLenum mode;
      const char *name;
      int red[4];
   } modes[] = {
      {GL_WEIGHTED_AVERAGE_ARB, "WEIGHTED_AVERAGE", {0, 16, 112, 255}},
      {GL_MIN, "MIN", {0, 0, 0, 255}},
      {GL_MAX, "MAX", {0, 255, 255, 255}},
   };
   for (unsigned m = 0; m < 3; m++) {
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_REDUCTION_MODE_ARB, modes[m].mode);
      GLint got = 0;
      glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_REDUCTION_MODE_ARB, &got);
      check(got == (GLint)modes[m].mode, "%s: the reduction mode reads back (0x%x)", modes[m].name, got);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      for (int k = 0; k < 4; k++) {
         uint8_t px[4];
         glReadPixels(xs[k], S / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         check(near(px[0], modes[m].red[k]) && px[1] == 0 && px[2] == 0 && px[3] == 255,
               "%s: pixel %d is (%d, 0, 0, 255): (%d, %d, %d, %d)", modes[m].name, xs[k], modes[m].red[k], px[0],
               px[1], px[2], px[3]);
      }
   }
   check(glGetError() == GL_NO_ERROR, "minmax: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

/* A depth texture of 2 levels for the shadow-LOD section: level 0 (2x2) depth 0.25, level 1 (1x1) 0.75,
 * compare LEQUAL, nearest filtering with nearest mipmaps. `layers` images a level (faces for cube maps, bound
 * per face when target is GL_TEXTURE_CUBE_MAP). */
static GLuint
shadow_texture(GLenum target, int layers)
{
   float l0[2 * 2 * 12], l1[12];
   for (int i = 0; i < 2 * 2 * 12; i++)
      l0[i] = 0.25f;
   for (int i = 0; i < 12; i++)
      l1[i] = 0.75f;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   for (int l = 0; l < 2; l++) {
      const int w = 2 >> l;
      if (target == GL_TEXTURE_CUBE_MAP) {
         for (int f = 0; f < 6; f++)
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, GL_DEPTH_COMPONENT32F, w, w, 0, GL_DEPTH_COMPONENT,
                         GL_FLOAT, l ? l1 : l0);
      } else {
         glTexImage3D(target, l, GL_DEPTH_COMPONENT32F, w, w, layers, 0, GL_DEPTH_COMPONENT, GL_FLOAT, l ? l1 : l0);
      }
   }
   glTexParameteri(target, GL_TEXTURE_MAX_LEVEL, 1);
   glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexParameteri(target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(target, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   return tex;
}

/* EXT_texture_shadow_lod: textureLod on sampler2DArrayShadow, samplerCubeShadow and samplerCubeArrayShadow,
 * and textureLodOffset on sampler2DArrayShadow, with the reference 0.5 against depth 0.25 (level 0) and 0.75
 * (level 1), LEQUAL (1 when ref <= D), mip NEAREST (level ceil(lod + 0.5) - 1, 0 for lod <= 0):
 *   lod 0 -> level 0: (0, 0, 0, 0); lod 1 -> level 1: (1, 1, 1, 1); lod 0.4 -> level 0: 0; lod 0.6 -> level 1: 1.
 * Written as 0 or 255 in each channel (red: 2D array, green: cube, blue: cube array, alpha: 2D array with
 * an offset of (1, 0), clamped to the edge, same depth). */
static void
test_shadow_lod(void)
{
   if (!check(fxp_gl_has_ext("GL_EXT_texture_shadow_lod"), "GL_EXT_texture_shadow_lod offered"))
      return;
   if (!check(fxp_make_fbo(S, S), "shadow-lod FBO complete"))
      return;
   GLuint p = glCreateProgram();
   GLint ok = 0;
   glAttachShader(p, fxp_gl_shader(GL_VERTEX_SHADER,
                                   "#version 330\n"
                                   "layout(location = 0) in vec2 pos;\n"
                                   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"));
   glAttachShader(p, fxp_gl_shader(GL_FRAGMENT_SHADER,
                                   "#version 330\n"
                                   "#extension GL_ARB_texture_cube_map_array : require\n"
                                   "#extension GL_EXT_texture_shadow_lod : require\n"
                                   "uniform sampler2DArrayShadow a; uniform samplerCubeShadow c;\n"
                                   "uniform samplerCubeArrayShadow ca; uniform float lod; out vec4 o;\n"
                                   "void main() {\n"
                                   "   o = vec4(textureLod(a, vec4(0.5, 0.5, 1.0, 0.5), lod),\n"
                                   "            textureLod(c, vec4(1.0, 0.25, 0.5, 0.5), lod),\n"
                                   "            textureLod(ca, vec4(-0.25, 1.0, 0.5, 0.0), 0.5, lod),\n"
                                   "            textureLodOffset(a, vec4(0.25, 0.25, 0.0, 0.5), lod, ivec2(1, 0)));\n"
                                   "}\n"));
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!check(ok, "shadow-lod program links"))
      return;
   glUseProgram(p);
   static const float v[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glActiveTexture(GL_TEXTURE0);
   shadow_texture(GL_TEXTURE_2D_ARRAY, 2);
   glActiveTexture(GL_TEXTURE1);
   shadow_texture(GL_TEXTURE_CUBE_MAP, 6);
   glActiveTexture(GL_TEXTURE2);
   shadow_texture(GL_TEXTURE_CUBE_MAP_ARRAY, 12);
   glUniform1i(glGetUniformLocation(p, "a"), 0);
   glUniform1i(glGetUniformLocation(p, "c"), 1);
   glUniform1i(glGetUniformLocation(p, "ca"), 2);
   static const struct {
      float lod;
      int v;
   } cases[] = {{0.0f, 0}, {1.0f, 255}, {0.4f, 0}, {0.6f, 255}};
   for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
      glUniform1f(glGetUniformLocation(p, "lod"), cases[c].lod);
      glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      uint8_t px[4];
      glReadPixels(S / 2, S / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      check(px[0] == cases[c].v && px[1] == cases[c].v && px[2] == cases[c].v && px[3] == cases[c].v,
            "shadow lod %g: (%d, %d, %d, %d), want %d in every channel", cases[c].lod, px[0], px[1], px[2], px[3],
            cases[c].v);
   }
   check(glGetError() == GL_NO_ERROR, "shadow-lod: no GL error");
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

int
main(int argc, char **argv)
{
   static const struct fxp_gl_section sections[] = {
      {"aniso", test_aniso},
      {"minmax", test_minmax},
      {"shadow-lod", test_shadow_lod},
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
