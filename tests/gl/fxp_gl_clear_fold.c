/* fxpipe-gl-clear-fold: clears followed by draws, reads and more clears, every pixel read back and compared
 * with values worked out by hand. fxpipe keeps a full clear pending and lets the next draw's scene do it bin by
 * bin (src/gallium/drivers/fxpipe/fxp_ops.h, struct fxp_clear_pending); this program checks that the picture
 * is the one GL asks for whichever way the clear was done: a draw after it (the clear folded into the scene's
 * bins, those the draw does not touch included), a stencil-only then a depth-only clear merged into one
 * pending clear of a combined format, a draw whose triangles are all culled (read at once, or followed by a
 * draw that does the clear), small draws (binned for the clear, and drawn without the scene once more than
 * FXP_SCENE_CLEAR_BIN_PRIMS primitives), a read with no draw, a
 * framebuffer change, a second colour buffer the fragment shader does not write, and a large framebuffer.
 * The framebuffer is 200x150 (4x3 bins of 64 pixels, the last ones partial) but in that last case. Depth
 * formats: DEPTH24_STENCIL8, DEPTH_COMPONENT24, DEPTH_COMPONENT16, DEPTH_COMPONENT32F.
 * Run with several thread counts and FXPIPE_DEBUG=nofast (tests/meson.build); exits 0 only if every check
 * passes. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"

#define W 200
#define H 150

static unsigned char px[H][W][4];

/* Every pixel of the colour buffer read: rows y < split are want_lo, the others want_hi (RGBA bytes). */
static void
expect_rows(const char *what, int split, const unsigned char want_lo[4], const unsigned char want_hi[4])
{
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int bad = 0, bx = -1, by = -1;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const unsigned char *want = y < split ? want_lo : want_hi;
         if (memcmp(px[y][x], want, 4) && !bad++) {
            bx = x;
            by = y;
         }
      }
   if (bad)
      check(0, "%s: %d pixels wrong, the first (%d,%d) %u %u %u %u", what, bad, bx, by, px[by][bx][0],
            px[by][bx][1], px[by][bx][2], px[by][bx][3]);
   else
      check(1, "%s: every pixel", what);
}

/* Every depth value within 1e-3 of want_lo (rows below split) or want_hi. */
static void
expect_depth(const char *what, int split, float want_lo, float want_hi)
{
   static float d[H][W];
   glReadPixels(0, 0, W, H, GL_DEPTH_COMPONENT, GL_FLOAT, d);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         bad += fabsf(d[y][x] - (y < split ? want_lo : want_hi)) > 1e-3f;
   check(!bad, "%s: %d depth values wrong (corner %f)", what, bad, d[0][0]);
}

static void
expect_stencil(const char *what, unsigned char want)
{
   static unsigned char s[H][W];
   glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++)
         bad += s[y][x] != want;
   check(!bad, "%s: %d stencil values wrong (corner %u, want %u)", what, bad, s[0][0], want);
}

/* A quad of NDC x in [x0, x1], y in [y0, y1] at NDC depth z, in colour c, counter-clockwise. */
static void
quad(float x0, float y0, float x1, float y1, float z, const float c[4])
{
   const float pos[] = {x0, y0, z, 1, x1, y0, z, 1, x1, y1, z, 1, x0, y1, z, 1};
   float col[16];
   for (int i = 0; i < 16; i++)
      col[i] = c[i % 4];
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
   glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static const float red[4] = {1, 0, 0, 1}, blue[4] = {0, 0, 1, 1}, green[4] = {0, 1, 0, 1};
static const unsigned char u_blue[4] = {0, 0, 255, 255}, u_green[4] = {0, 255, 0, 255};
/* glClearColor(0.2, 0.4, 0.6, 0.8): 51, 102, 153, 204 (exact: 0.2 * 255 = 51) */
static const unsigned char u_clear[4] = {51, 102, 153, 204};

static void
one_format(GLenum depth_format, const char *name)
{
   const int stencil = depth_format == GL_DEPTH24_STENCIL8;
   char what[160];
   GLuint fbo = fxp_make_fbo_depth(W, H, depth_format);
   if (!check(fbo != 0, "%s: FBO complete", name))
      return;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);

   /* 1. Cleared, then a red quad over the left half behind the cleared depth (window depth (0.2 + 1) / 2 =
    * 0.6 > 0.5: fails) and a blue one over the bottom half in front (0.4: passes). Rows 0-74 have their centres
    * at NDC y < 0: blue there, the clear colour above; the bins the blue quad does not reach (the top row of
    * bins) hold only the clear. */
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClearDepth(0.5);
   glClearStencil(0x33);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   quad(-1, -1, 0, 1, 0.2f, red);
   quad(-1, -1, 1, 0, -0.2f, blue);
   snprintf(what, sizeof(what), "%s: clear then draw", name);
   expect_rows(what, 75, u_blue, u_clear);
   snprintf(what, sizeof(what), "%s: clear then draw, depth", name);
   expect_depth(what, 75, 0.4f, 0.5f);
   if (stencil) {
      snprintf(what, sizeof(what), "%s: clear then draw, stencil", name);
      expect_stencil(what, 0x33);

      /* 2. A stencil-only clear, then a depth-only clear (both pending, merged), then a green quad over
       * everything at depth 0.5 < 1 where the stencil is 0x5a: green everywhere, stencil 0x5a. */
      glClearStencil(0x5a);
      glClear(GL_STENCIL_BUFFER_BIT);
      glClearDepth(1.0);
      glClear(GL_DEPTH_BUFFER_BIT);
      glEnable(GL_STENCIL_TEST);
      glStencilFunc(GL_EQUAL, 0x5a, 0xff);
      quad(-1, -1, 1, 1, 0, green);
      glDisable(GL_STENCIL_TEST);
      snprintf(what, sizeof(what), "%s: stencil-only and depth-only clears merged, then draw", name);
      expect_rows(what, 0, u_green, u_green);
      snprintf(what, sizeof(what), "%s: merged clears, stencil", name);
      expect_stencil(what, 0x5a);
      snprintf(what, sizeof(what), "%s: merged clears, depth", name);
      expect_depth(what, 0, 0.5f, 0.5f);

      /* 2b. A depth-only clear read back at once: the stencil kept */
      glClearDepth(0.25);
      glClear(GL_DEPTH_BUFFER_BIT);
      snprintf(what, sizeof(what), "%s: depth-only clear read at once, depth", name);
      expect_depth(what, 0, 0.25f, 0.25f);
      snprintf(what, sizeof(what), "%s: depth-only clear read at once, stencil", name);
      expect_stencil(what, 0x5a);
   }

   /* 3. Cleared, then a quad whose triangles are all culled (front faces culled, the quad is
    * counter-clockwise): the clear alone. */
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT);
   quad(-1, -1, 1, 1, -0.5f, red);
   glDisable(GL_CULL_FACE);
   snprintf(what, sizeof(what), "%s: clear then a culled draw", name);
   expect_rows(what, 0, u_clear, u_clear);

   /* 3b. Cleared, a culled draw, then the blue quad over the bottom half in front: the culled draw sets no
    * fragment stage up and leaves the clear pending (raster/fxp_raster.h, fxp_raster_prepare), which the
    * blue quad's draw then does; blue below, the clear above, depth 0.4 below and 1 above. */
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT);
   quad(-1, -1, 1, 1, -0.5f, red);
   glDisable(GL_CULL_FACE);
   quad(-1, -1, 1, 0, -0.2f, blue);
   snprintf(what, sizeof(what), "%s: clear, a culled draw, then draw", name);
   expect_rows(what, 75, u_blue, u_clear);
   snprintf(what, sizeof(what), "%s: clear, a culled draw, then draw, depth", name);
   expect_depth(what, 75, 0.4f, 1.0f);

   /* 4. Cleared, then a quad of 2x2 pixels (small: binned for the pending clear, FXP_SCENE_CLEAR_BIN_PRIMS,
    * where without one it would be drawn without the scene) at pixels x 100-101, y 74-75
    * (NDC x in [0, 0.02], y in [-1/75, 1/75]), then the whole picture: the clear around it. */
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(0, -1.0f / 75, 0.02f, 1.0f / 75, 0, blue);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int bad = 0;
   for (int y = 0; y < H; y++)
      for (int x = 0; x < W; x++) {
         const int in = x >= 100 && x < 102 && y >= 74 && y < 76;
         const unsigned char want[4] = {0, 0, in ? 255 : 0, in ? 255 : 0};
         bad += memcmp(px[y][x], want, 4) != 0;
      }
   check(!bad, "%s: clear then a small draw: %d pixels wrong", name, bad);

   /* 4b. Cleared, then one draw of 300 quads of one pixel each (600 triangles), at pixels x = 2 (i % 100),
    * y = 10 + 2 (i / 100): more small primitives than are binned for a pending clear
    * (FXP_SCENE_CLEAR_BIN_PRIMS, 256), so the first are binned and drawn with the clear by a flush, the rest
    * drawn at once. Each quad spans its pixel's x and y + 0.1 to + 0.9, so covers its centre only. */
   {
      enum { QUADS = 300 };
      static float pos[QUADS * 6 * 4], col[QUADS * 6 * 4];
      for (int i = 0; i < QUADS; i++) {
         const int x = 2 * (i % 100), y = 10 + 2 * (i / 100);
         const float x0 = (x + 0.1f) / W * 2 - 1, x1 = (x + 0.9f) / W * 2 - 1;
         const float y0 = (y + 0.1f) / H * 2 - 1, y1 = (y + 0.9f) / H * 2 - 1;
         const float v[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
         for (int k = 0; k < 6; k++) {
            float *p = &pos[(i * 6 + k) * 4], *c = &col[(i * 6 + k) * 4];
            p[0] = v[k][0], p[1] = v[k][1], p[2] = 0, p[3] = 1;
            memcpy(c, blue, sizeof(blue));
         }
      }
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, pos);
      glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, col);
      glDrawArrays(GL_TRIANGLES, 0, QUADS * 6);
      glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
      bad = 0;
      for (int y = 0; y < H; y++)
         for (int x = 0; x < W; x++) {
            const int in = x % 2 == 0 && y >= 10 && y < 16 && y % 2 == 0;
            const unsigned char want[4] = {0, 0, in ? 255 : 0, in ? 255 : 0};
            bad += memcmp(px[y][x], want, 4) != 0;
         }
      check(!bad, "%s: clear then a draw of 300 one-pixel quads: %d pixels wrong", name, bad);
   }

   /* 5. Cleared, read with no draw; then cleared again and the framebuffer unbound and bound again */
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   snprintf(what, sizeof(what), "%s: clear then read", name);
   expect_rows(what, 0, u_clear, u_clear);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   snprintf(what, sizeof(what), "%s: clear, framebuffer unbound and bound again", name);
   expect_rows(what, 0, u_green, u_green);

   glDisable(GL_DEPTH_TEST);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
}

/* A framebuffer of 1024x768 pixels (16x12 bins; over 512x512 pixels, so small primitives are not binned for
 * the clear, raster/fxp_scene.h): the clear is folded into the draw's scene as in case 1, the bins of the top
 * half holding nothing but the clear. Cleared, then a blue quad over the bottom half in front: rows 0-383
 * blue, the rest the clear colour; depth 0.4 and 0.5 as in case 1. (Session 45 cleared framebuffers this large
 * whole for a while, then not: draw-prim-rate's 1024x1024 window read 0.88x to 0.95x with 4 varyings.) */
#define LW 1024
#define LH 768
static void
large_framebuffer(void)
{
   GLuint fbo = fxp_make_fbo_depth(LW, LH, GL_DEPTH24_STENCIL8);
   if (!check(fbo != 0, "large: FBO complete"))
      return;
   glViewport(0, 0, LW, LH);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClearDepth(0.5);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(-1, -1, 1, 0, -0.2f, blue);
   static unsigned char lpx[LH][LW][4];
   static float ld[LH][LW];
   glReadPixels(0, 0, LW, LH, GL_RGBA, GL_UNSIGNED_BYTE, lpx);
   glReadPixels(0, 0, LW, LH, GL_DEPTH_COMPONENT, GL_FLOAT, ld);
   int bad = 0, bad_depth = 0;
   for (int y = 0; y < LH; y++)
      for (int x = 0; x < LW; x++) {
         bad += memcmp(lpx[y][x], y < LH / 2 ? u_blue : u_clear, 4) != 0;
         bad_depth += fabsf(ld[y][x] - (y < LH / 2 ? 0.4f : 0.5f)) > 1e-3f;
      }
   check(!bad, "large: clear then draw: %d pixels wrong", bad);
   check(!bad_depth, "large: clear then draw, depth: %d values wrong", bad_depth);
   glDisable(GL_DEPTH_TEST);
   glViewport(0, 0, W, H);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
}

/* Two colour buffers cleared; the shader writes the first only, over the bottom half. The second keeps its
 * clear where nothing is drawn (GL leaves it undefined where the shader draws without writing it). */
static void
two_buffers(void)
{
   GLuint fbo = fxp_make_fbo_depth(W, H, GL_DEPTH24_STENCIL8), tex;
   if (!check(fbo != 0, "two buffers: FBO complete"))
      return;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex, 0);
   static const GLenum bufs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   glDrawBuffers(2, bufs);
   if (!check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "two buffers: complete"))
      return;
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   quad(-1, -1, 1, 0, 0, blue);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   expect_rows("two buffers: the first", 75, u_blue, u_clear);
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int bad = 0;
   for (int y = 75; y < H; y++)
      for (int x = 0; x < W; x++)
         bad += memcmp(px[y][x], u_clear, 4) != 0;
   check(!bad, "two buffers: the second keeps its clear where nothing is drawn: %d pixels wrong", bad);
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   glDrawBuffers(1, bufs);
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteTextures(1, &tex);
}

int
main(void)
{
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
   int linked;
   GLuint prog = fxp_program("#version 120\nattribute vec4 pos; attribute vec4 color; varying vec4 c;\n"
                             "void main() { gl_Position = pos; c = color; }\n",
                             "#version 120\nvarying vec4 c;\nvoid main() { gl_FragData[0] = c; }\n", "color",
                             &linked);
   if (!check(linked, "program links"))
      return 1;
   glUseProgram(prog);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   one_format(GL_DEPTH24_STENCIL8, "DEPTH24_STENCIL8");
   one_format(GL_DEPTH_COMPONENT24, "DEPTH_COMPONENT24");
   one_format(GL_DEPTH_COMPONENT16, "DEPTH_COMPONENT16");
   one_format(GL_DEPTH_COMPONENT32F, "DEPTH_COMPONENT32F");
   two_buffers();
   large_framebuffer();
   check(glGetError() == GL_NO_ERROR, "no GL error");
   printf("%d failures\n", failures);
   /* the context's end (FXPIPE_DEBUG=perf prints its counts then) */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   return failures ? 1 : 0;
}
