/* fxpipe-bench-draw: GL drawing workloads, timed, on whatever driver the system's EGL loads (the script
 * bench/draw/run.sh runs it on fxpipe, softpipe and llvmpipe and prints the ratios).
 *
 *   fxpipe-bench-draw [SECONDS_PER_WORKLOAD [WORKLOAD...]]   (default: 2 seconds, every workload)
 *
 * A 512x512 RGBA8 + depth FBO through EGL surfaceless, desktop GL 2.1 (what every driver here offers):
 *   triangles   20000 small triangles per frame, vertex colours, depth test (vertex and setup bound)
 *   strip       one triangle strip per frame over the whole target, 64 rows of 64 quads of 8x8 pixels joined
 *               by degenerate triangles (8,446 vertices), vertex colours, depth test: a large strip, which
 *               a threaded driver may set up on several threads
 *   strip-restart  the same grid as 64 strips, one a row, in one glDrawElements of 32-bit indices into a
 *               65x65 grid of vertices, the rows separated by the restart index (GL 3.1's primitive restart:
 *               how meshes are drawn as strips)
 *   fan         one triangle fan per frame: a disc over the target in 2,048 slivers about its centre
 *               (how applications draw circles and discs)
 *   gs          triangles' 20000 triangles through a geometry shader that makes two strips of two triangles
 *               of each (80000 triangles, restarts between the strips)
 *   tess        32 patches over the target (a 4x4 grid of cells, two triangles each), tessellated at level 24
 *               by an evaluation shader (about 860 triangles a patch, 10 pixels each)
 *   points      triangles' first 20000 vertices as one draw of 8-pixel points
 *   lines       triangles' 60000 vertices as one draw of 30000 one-pixel lines (3 to 11 pixels long)
 *   lines-long  one draw of 4000 one-pixel lines between random points of the target (about 200 pixels
 *               long: wireframes and plots)
 *   quads       one GL_QUADS draw of 64 x 64 quads of 8x8 pixels over the target (the compatibility
 *               profile's quads, which legacy applications draw in bulk)
 *   wireframe   the same drawn as outlines (glPolygonMode GL_LINE: CAD and modelling tools' wireframes)
 *   msaa4       the same into a 4-sample colour and depth framebuffer, resolved (glBlitFramebuffer) into the
 *               single-sample one every frame: per-sample coverage, depth and writes, and the resolve
 *               (a driver without real multisampling prints how many samples it gave)
 *   fill        8 full-screen quads per frame, one colour (fragment bound)
 *   blend       8 full-screen quads per frame, alpha blending
 *   blend-rgba16f, blend-r11g11b10f, blend-rgb565  blend into a 512x512 renderbuffer of that format (what
 *               applications render to: half floats and packed floats for HDR, 16-bit colour)
 *   stencil     8 full-screen quads per frame into RGBA8 and D24S8, the stencil test on (GEQUAL 4,
 *               incrementing on pass: the first five quads pass, the rest fail), stencil cleared each frame
 *   tex-rgba8   8 full-screen quads per frame, a 512x512 RGBA8 texture drawn 1:1, bilinear
 *   tex-fxt1    the same with the image compressed to FXT1 (GL_3DFX_texture_compression_FXT1) at upload
 *   tex-rgba16f the same image as a GL_RGBA16F texture (ARB_texture_float: what applications render to and
 *               sample back for post-processing)
 *   tex-trilinear  a 1024x1024 mipmapped RGBA8 texture minified about 5x, trilinear
 *   tex-trilinear-aniso16  the same with GL_TEXTURE_MAX_ANISOTROPY 16: the footprint is isotropic (one probe),
 *               so the cost should be tex-trilinear's
 *   tex-aniso16 the same texture stretched 3.5x more along x (footprint 18.2 x 5.2 texels): 4 probes a pixel
 *               at LOD log2(18.2 / 4), 16x anisotropic filtering
 *   objects     16 draws a frame of 1,250 triangles each (about 100 pixels a triangle, the target covered
 *               eight times over), depth test, each draw with its own transform and colour set by glUniform
 *               before it, as applications draw their objects: a uniform of the fragment shader changes
 *               between draws, so that a driver that rasterizes behind the drawing thread can overlap one
 *               draw's rasterization with the next draw's vertex work
 *   mesh-8m     one glDrawElements of a 2000x2000-quad mesh from buffer objects: 8M triangles of a quarter
 *               pixel, 8M vertices, 24M 32-bit indices laid out as piglit's draw-prim-rate lays out its
 *               8000K cell (two new vertices a quad, rows not shared): memory and primitive bound
 * Prints frames per second for each; glFinish ends every frame. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxp_gl_egl.h"
#include "fxp_gl_shader.h"
#include "../lib/fxp_bench_time.h"

#define W 512
#define H 512

static GLuint
program(const char *vs_src, const char *fs_src)
{
   return fxp_program(vs_src, fs_src, "attr", NULL);
}

typedef void (*frame_fn)(void);

static GLsizei tri_count;

static void
frame_triangles(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, tri_count * 3);
}

static GLsizei strip_verts;

static void
frame_points(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_POINTS, 0, tri_count);
}

enum { QUAD_GRID = 64 };

static void
frame_quads_grid(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_QUADS, 0, 4 * QUAD_GRID * QUAD_GRID);
}

static void
frame_lines(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_LINES, 0, tri_count * 3);
}

enum { LONG_LINES = 4000 };
static void
frame_lines_long(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_LINES, 0, 2 * LONG_LINES);
}

static void
frame_strip(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, strip_verts);
}

/* fxp_gl_program, with the errors of a GL that lacks a stage drained, so that they do not surface later. */
static GLuint
stage_program(const char *vs, const char *gs, const char *tes, const char *fs)
{
   GLuint p = fxp_gl_program(vs, gs, tes, fs, "attr");
   while (glGetError() != GL_NO_ERROR)
      ;
   return p;
}

static void
frame_patches(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_PATCHES, 0, 3 * 32);
}

/* fan: the disc's vertices (its centre, then 2,049 on its rim) */
enum { FAN_SLIVERS = 2048 };

static void
frame_fan(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLE_FAN, 0, FAN_SLIVERS + 2);
}

/* strip-restart: its indices (restart index UINT32_MAX between rows) and their count */
static GLuint *restart_idx;
static GLsizei restart_count;

static void
frame_strip_restart(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawElements(GL_TRIANGLE_STRIP, restart_count, GL_UNSIGNED_INT, restart_idx);
}

/* The strip-restart workload: gv gets an (n + 1) x (n + 1) grid of vertices (8 floats each, coloured as the
 * strip's), restart_idx row y's strip along its lower and upper edges, then the restart index. */
static bool
fill_strip_restart(float *gv, unsigned n)
{
   for (unsigned y = 0; y <= n; y++)
      for (unsigned x = 0; x <= n; x++) {
         float *o = &gv[(y * (n + 1) + x) * 8];
         o[0] = -1.0f + 2.0f * x / n, o[1] = -1.0f + 2.0f * y / n;
         o[2] = ((x + y) % 5) * 0.1f - 0.2f, o[3] = 1;
         o[4] = (float)x / n, o[5] = (float)y / n, o[6] = (float)(y & 1), o[7] = 1;
      }
   restart_idx = malloc(sizeof(GLuint) * n * (2 * (n + 1) + 1));
   if (!restart_idx)
      return false;
   restart_count = 0;
   for (unsigned y = 0; y < n; y++) {
      for (unsigned x = 0; x <= n; x++) {
         restart_idx[restart_count++] = y * (n + 1) + x;
         restart_idx[restart_count++] = (y + 1) * (n + 1) + x;
      }
      restart_idx[restart_count++] = 0xffffffffu;
   }
   return true;
}

/* The strip workload's vertices (pos then colour, 8 floats each) into sv, their count returned: row y of
 * n x n quads is the strip's zig-zag from left to right along its lower and upper edges, and rows are joined
 * by repeating the last vertex of one and the first of the next (two triangles of no area each way). */
static GLsizei
fill_strip(float *sv, unsigned n)
{
   GLsizei k = 0;
   for (unsigned y = 0; y < n; y++) {
      if (y) { /* the join: the previous vertex again, then this row's first twice */
         memcpy(&sv[k * 8], &sv[(k - 1) * 8], 32), k++;
      }
      for (unsigned x = 0; x <= n; x++) {
         for (unsigned up = 0; up < 2; up++) {
            float *o = &sv[k * 8];
            o[0] = -1.0f + 2.0f * x / n, o[1] = -1.0f + 2.0f * (y + up) / n;
            o[2] = ((x + y) % 5) * 0.1f - 0.2f, o[3] = 1;
            o[4] = (float)x / n, o[5] = (float)y / n, o[6] = (float)up, o[7] = 1;
            k++;
            if (y && x == 0 && up == 0)
               memcpy(&sv[k * 8], &sv[(k - 1) * 8], 32), k++;
         }
      }
   }
   return k;
}

static void
frame_quads(void)
{
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < 8; i++)
      glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

static void
frame_stencil(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   for (int i = 0; i < 8; i++)
      glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
}

/* msaa4: the multisample framebuffer drawn into and the single-sample one it is resolved to */
static GLuint ms_fbo, ss_fbo;

static void
frame_msaa(void)
{
   glBindFramebuffer(GL_FRAMEBUFFER, ms_fbo);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, tri_count * 3);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms_fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ss_fbo);
   glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}

/* A W x H framebuffer of 4-sample RGBA8 and depth renderbuffers; its name, 0 if incomplete. */
static GLuint
make_ms_fbo(GLint *samples)
{
   GLuint fbo, rb[2];
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, W, H);
   glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, samples);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? fbo : 0;
}

/* objects: the program's uniforms' locations */
enum { OBJECTS = 16 };
static GLint obj_xform_loc, obj_color_loc;

static void
frame_objects(void)
{
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   for (int k = 0; k < OBJECTS; k++) {
      const float a = 0.3f * k, c = cosf(a), sn = sinf(a);
      const GLfloat m[16] = {c, sn, 0, 0, -sn, c, 0, 0, 0, 0, 1, 0, 0.02f * k, -0.01f * k, 0.05f * k - 0.4f, 1};
      glUniformMatrix4fv(obj_xform_loc, 1, GL_FALSE, m);
      glUniform4f(obj_color_loc, (k & 1) ? 1.0f : 0.25f, (k & 2) ? 1.0f : 0.25f, (k & 4) ? 1.0f : 0.25f, 1.0f);
      glDrawArrays(GL_TRIANGLES, k * (tri_count / OBJECTS) * 3, (tri_count / OBJECTS) * 3);
   }
}

/* mesh-8m: the index count of the bound element buffer */
static GLsizei mesh_indices;

static void
frame_mesh(void)
{
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawElements(GL_TRIANGLES, mesh_indices, GL_UNSIGNED_INT, NULL);
}

/* Fills buffer objects with an n x n quad mesh over the whole target, as draw-prim-rate's indexed
 * triangles: each row starts with two vertices (its left edge) and adds two a quad (the quad's right edge),
 * counter-clockwise triangles (a, b, c) and (c, b, d) over the quad's corners a b / c d seen from below. */
static bool
make_mesh(unsigned n, GLuint bufs[2])
{
   const size_t nv = (size_t)n * (2 + 2 * n), ni = (size_t)n * n * 6;
   float *v = malloc(nv * 12);
   GLuint *idx = malloc(ni * 4);
   if (!v || !idx) {
      free(v);
      free(idx);
      return false;
   }
   const double d = 2.0 / n;
   size_t k = 0, e = 0;
   for (unsigned y = 0; y < n; y++) {
      for (unsigned x = 0; x <= n; x++) {
         const size_t base = k / 3;
         v[k++] = (float)(-1 + d * x), v[k++] = (float)(-1 + d * y), v[k++] = 0;
         v[k++] = (float)(-1 + d * x), v[k++] = (float)(-1 + d * (y + 1)), v[k++] = 0;
         if (x) {
            const GLuint a = base - 2, c = base - 1, b = base, dd = base + 1;
            idx[e++] = a, idx[e++] = b, idx[e++] = c;
            idx[e++] = c, idx[e++] = b, idx[e++] = dd;
         }
      }
   }
   glGenBuffers(2, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, nv * 12, v, GL_STATIC_DRAW);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, ni * 4, idx, GL_STATIC_DRAW);
   mesh_indices = (GLsizei)ni;
   free(v);
   free(idx);
   return glGetError() == GL_NO_ERROR;
}

static char **only;  /* workload names given on the command line, NULL for all */

/* Whether the workload `name` runs (no names given, or it is one of them). */
static bool
wanted(const char *name)
{
   bool yes = !only;
   for (char **n = only; n && *n; n++)
      yes |= !strcmp(*n, name);
   return yes;
}

static double
run(const char *name, frame_fn frame, double seconds)
{
   unsigned frames = 0;
   if (!wanted(name))
      return 0.0;
   frame();
   glFinish();
   const double start = fxp_bench_now();
   double t = start;
   while (t - start < seconds) {
      frame();
      glFinish();
      frames++;
      t = fxp_bench_now();
   }
   const double fps = frames / (t - start);
   printf("%-13s %10.2f frames/s\n", name, fps);
   fflush(stdout);
   return fps;
}

/* Runs a workload with attributes 0 and 1 (position, then colour or texture coordinates: 8 floats a
 * vertex) taken from verts, then points them back at back (the triangles' array, which the others use). */
static void
run_on_array(const char *name, frame_fn frame, const float *verts, const float *back, double seconds)
{
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, verts);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, verts + 4);
   run(name, frame, seconds);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, back);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, back + 4);
}

/* Points attributes 0 and 1 at a full-screen quad whose texture coordinates run from 0 to reach_x along x
 * and 0 to reach_y along y. */
static void
textured_quad_xy(float reach_x, float reach_y)
{
   static float q[32];
   const float v[4][4] = {{-1, -1, 0, 0}, {1, -1, 1, 0}, {1, 1, 1, 1}, {-1, 1, 0, 1}};
   for (int k = 0; k < 4; k++) {
      float *o = &q[k * 8];
      o[0] = v[k][0], o[1] = v[k][1], o[2] = 0, o[3] = 1;
      o[4] = v[k][2] * reach_x, o[5] = v[k][3] * reach_y, o[6] = 0, o[7] = 1;
   }
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, q);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, q + 4);
}

static void
textured_quad(float reach)
{
   textured_quad_xy(reach, reach);
}

/* A 512x512 texture of the image in internal_format, bilinear, drawn by the textured quads (set up by the
 * caller); "unsupported" if the driver refuses the format. Errors left by earlier workloads (msaa4 on a
 * driver without multisampling) are cleared first, so that they are not taken for this one's. */
static void
image_workload(const char *name, GLuint tex, GLenum internal_format, const unsigned char *img, double seconds)
{
   for (unsigned i = 0; i < 16 && glGetError() != GL_NO_ERROR; i++)
      ;
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, internal_format, 512, 512, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   if (glGetError() == GL_NO_ERROR)
      run(name, frame_quads, seconds);
   else
      printf("%s   unsupported\n", name);
}

/* The current workload (frame_quads) into a W x H renderbuffer of internal_format instead of the FBO;
 * "unsupported" if the driver cannot render to that format. */
static void
format_workload(const char *name, GLenum internal_format, double seconds)
{
   for (unsigned i = 0; i < 16 && glGetError() != GL_NO_ERROR; i++)
      ;
   GLint prev = 0;
   glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev);
   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, internal_format, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   if (glGetError() == GL_NO_ERROR && glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE)
      run(name, frame_quads, seconds);
   else
      printf("%s   unsupported\n", name);
   glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)prev);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
}

int
main(int argc, char **argv)
{
   const double seconds = argc > 1 ? atof(argv[1]) : 2.0;
   only = argc > 2 ? argv + 2 : NULL;
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));

   if (!fxp_make_fbo(W, H)) {
      fprintf(stderr, "FBO incomplete\n");
      return 2;
   }
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   unsigned char *img;

   /* triangles: a grid of small triangles, ~5 pixels each */
   tri_count = 20000;
   float *tv = malloc(sizeof(float) * tri_count * 3 * 8);
   for (int i = 0; i < tri_count; i++) {
      const float x = -1.0f + 2.0f * (i % 200) / 200.0f, y = -1.0f + 2.0f * (i / 200) / 100.0f;
      const float v[3][2] = {{x, y}, {x + 0.01f, y}, {x, y + 0.02f}};
      for (int k = 0; k < 3; k++) {
         float *o = &tv[(i * 3 + k) * 8];
         o[0] = v[k][0], o[1] = v[k][1], o[2] = (i % 7) * 0.1f - 0.3f, o[3] = 1;
         o[4] = (k == 0), o[5] = (k == 1), o[6] = (k == 2), o[7] = 1;
      }
   }
   GLuint color_prog = program("#version 120\nattribute vec4 pos; attribute vec4 attr; varying vec4 c;\n"
                               "void main() { gl_Position = pos; c = attr; }\n",
                               "#version 120\nvarying vec4 c;\nvoid main() { gl_FragColor = c; }\n");
   glUseProgram(color_prog);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, tv);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, tv + 4);
   glEnable(GL_DEPTH_TEST);
   run("triangles", frame_triangles, seconds);
   int gl_major = 0, gl_minor = 0; /* primitive restart: GL 3.1; geometry shaders: 3.2; tessellation: 4.0 */
   sscanf((const char *)glGetString(GL_VERSION), "%d.%d", &gl_major, &gl_minor);
   const int gl_version = gl_major * 10 + gl_minor;
   if (wanted("strip")) {
      enum { STRIP_QUADS = 64 };
      float *sv = malloc(sizeof(float) * 8 * (STRIP_QUADS * (2 * STRIP_QUADS + 2 + 2)));
      if (sv) {
         strip_verts = fill_strip(sv, STRIP_QUADS);
         run_on_array("strip", frame_strip, sv, tv, seconds);
         free(sv);
      }
   }
   if (wanted("strip-restart") && gl_version < 31) {
      printf("strip-restart unsupported (GL %d.%d, primitive restart is 3.1)\n", gl_major, gl_minor);
   } else if (wanted("strip-restart")) {
      enum { GRID = 64 };
      float *gv = malloc(sizeof(float) * 8 * (GRID + 1) * (GRID + 1));
      if (gv && fill_strip_restart(gv, GRID)) {
         glEnable(GL_PRIMITIVE_RESTART);
         glPrimitiveRestartIndex(0xffffffffu);
         run_on_array("strip-restart", frame_strip_restart, gv, tv, seconds);
         glDisable(GL_PRIMITIVE_RESTART);
      }
      free(gv);
      free(restart_idx);
   }
   if (wanted("fan")) {
      float *fv = malloc(sizeof(float) * 8 * (FAN_SLIVERS + 2));
      if (fv) {
         for (unsigned k = 0; k < FAN_SLIVERS + 2; k++) {
            const float a = 6.2831853f * (float)(k - 1) / FAN_SLIVERS, rim = k ? 1.0f : 0.0f;
            float *o = &fv[k * 8];
            o[0] = rim * cosf(a), o[1] = rim * sinf(a), o[2] = 0.1f * rim, o[3] = 1;
            o[4] = rim, o[5] = (float)(k % 3) * 0.5f, o[6] = 1.0f - rim, o[7] = 1;
         }
         run_on_array("fan", frame_fan, fv, tv, seconds);
         free(fv);
      }
   }
   if (wanted("gs") && gl_version < 32)
      printf("gs            unsupported (GL %d.%d)\n", gl_major, gl_minor);
   if (wanted("tess") && gl_version < 40)
      printf("tess          unsupported (GL %d.%d)\n", gl_major, gl_minor);
   if (wanted("gs") && gl_version >= 32) {
      GLuint gs_prog = stage_program(
         "#version 150\nin vec4 pos; in vec4 attr; out vec4 c;\nvoid main() { gl_Position = pos; c = attr; }\n",
         "#version 150\nlayout(triangles) in; layout(triangle_strip, max_vertices = 8) out;\n"
         "in vec4 c[]; out vec4 gc;\n"
         "void main() {\n"
         "   for (int k = 0; k < 2; k++) {\n"
         "      for (int i = 0; i < 4; i++) {\n"
         "         gl_Position = gl_in[i % 3].gl_Position + vec4(0.004 * k, 0.002 * (i / 3), 0.0, 0.0);\n"
         "         gc = c[i % 3];\n"
         "         EmitVertex();\n"
         "      }\n"
         "      EndPrimitive();\n"
         "   }\n"
         "}\n",
         NULL, "#version 150\nin vec4 gc; out vec4 o;\nvoid main() { o = gc; }\n");
      if (gs_prog) {
         glUseProgram(gs_prog);
         run("gs", frame_triangles, seconds);
         glDeleteProgram(gs_prog);
      } else {
         printf("gs            unsupported\n");
      }
      glUseProgram(color_prog);
   }
   if (wanted("tess") && gl_version >= 40) {
      GLuint tes_prog = stage_program(
         "#version 400\nin vec4 pos; in vec4 attr; out vec4 c;\nvoid main() { gl_Position = pos; c = attr; }\n",
         NULL,
         "#version 400\nlayout(triangles, equal_spacing, ccw) in;\nin vec4 c[]; out vec4 tc;\n"
         "void main() {\n"
         "   vec3 b = gl_TessCoord;\n"
         "   gl_Position = b.x * gl_in[0].gl_Position + b.y * gl_in[1].gl_Position + b.z * gl_in[2].gl_Position;\n"
         "   tc = b.x * c[0] + b.y * c[1] + b.z * c[2];\n"
         "}\n",
         "#version 400\nin vec4 tc; out vec4 o;\nvoid main() { o = tc; }\n");
      if (tes_prog) {
         /* a 4x4 grid of cells, each two triangles, counter-clockwise */
         static float pv[32 * 3 * 8];
         static const unsigned corner[2][3][2] = {{{0, 0}, {1, 0}, {1, 1}}, {{0, 0}, {1, 1}, {0, 1}}};
         for (unsigned p = 0; p < 32; p++)
            for (unsigned k = 0; k < 3; k++) {
               float *o = &pv[(p * 3 + k) * 8];
               const unsigned cell = p / 2, x = cell % 4 + corner[p % 2][k][0], y = cell / 4 + corner[p % 2][k][1];
               o[0] = -1.0f + 0.5f * x, o[1] = -1.0f + 0.5f * y, o[2] = 0.0f, o[3] = 1.0f;
               o[4] = 0.25f * x, o[5] = 0.25f * y, o[6] = (float)k * 0.5f, o[7] = 1.0f;
            }
         static const float levels[4] = {24.0f, 24.0f, 24.0f, 24.0f};
         glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
         glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, levels);
         glPatchParameteri(GL_PATCH_VERTICES, 3);
         glUseProgram(tes_prog);
         run_on_array("tess", frame_patches, pv, tv, seconds);
         glDeleteProgram(tes_prog);
      } else {
         printf("tess          unsupported\n");
      }
      glUseProgram(color_prog);
   }
   glPointSize(8.0f);
   run("points", frame_points, seconds);
   glPointSize(1.0f);
   run("lines", frame_lines, seconds);
   if (wanted("lines-long")) {
      float *lv = malloc(sizeof(float) * 8 * 2 * LONG_LINES);
      if (lv) {
         uint32_t seed = 2024;
         for (unsigned k = 0; k < 2 * LONG_LINES; k++) {
            float r[7];
            for (unsigned i = 0; i < 7; i++) {
               seed = seed * 1664525u + 1013904223u;
               r[i] = (float)(seed >> 8) / 16777216.0f;
            }
            float *o = &lv[k * 8];
            o[0] = 2 * r[0] - 1, o[1] = 2 * r[1] - 1, o[2] = 2 * r[2] - 1, o[3] = 1;
            o[4] = r[3], o[5] = r[4], o[6] = r[5], o[7] = 0.5f + 0.5f * r[6];
         }
         run_on_array("lines-long", frame_lines_long, lv, tv, seconds);
         free(lv);
      }
   }
   {
      float *qv = malloc(sizeof(float) * 8 * 4 * QUAD_GRID * QUAD_GRID);
      if (qv) {
         static const unsigned corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
         for (unsigned q = 0; q < QUAD_GRID * QUAD_GRID; q++)
            for (unsigned k = 0; k < 4; k++) {
               float *o = &qv[(q * 4 + k) * 8];
               const unsigned x = q % QUAD_GRID + corner[k][0], y = q / QUAD_GRID + corner[k][1];
               o[0] = -1.0f + 2.0f * x / QUAD_GRID, o[1] = -1.0f + 2.0f * y / QUAD_GRID;
               o[2] = (q % 5) * 0.1f - 0.2f, o[3] = 1;
               o[4] = (float)x / QUAD_GRID, o[5] = (float)y / QUAD_GRID, o[6] = (float)(k & 1), o[7] = 1;
            }
         run_on_array("quads", frame_quads_grid, qv, tv, seconds);
         if (wanted("wireframe")) {
            glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
            run_on_array("wireframe", frame_quads_grid, qv, tv, seconds);
            glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
         }
         free(qv);
      }
   }
   {
      GLint fb = 0, samples = 0;
      glGetIntegerv(GL_FRAMEBUFFER_BINDING, &fb);
      ss_fbo = (GLuint)fb;
      ms_fbo = make_ms_fbo(&samples);
      printf("msaa4: the renderbuffers have %d samples\n", samples);
      if (ms_fbo)
         run("msaa4", frame_msaa, seconds);
      else
         printf("msaa4         unsupported\n");
      glBindFramebuffer(GL_FRAMEBUFFER, ss_fbo);
   }
   glDisable(GL_DEPTH_TEST);

   static const float quad[] = {-1, -1, 0, 1, 0.2f, 0.4f, 0.6f, 0.5f, 1, -1, 0, 1, 0.2f, 0.4f, 0.6f, 0.5f,
                                1, 1, 0, 1, 0.2f, 0.4f, 0.6f, 0.5f, -1, 1, 0, 1, 0.2f, 0.4f, 0.6f, 0.5f};
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 32, quad);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 32, quad + 4);
   run("fill", frame_quads, seconds);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   run("blend", frame_quads, seconds);
   format_workload("blend-rgba16f", GL_RGBA16F_ARB, seconds);
   format_workload("blend-r11g11b10f", GL_R11F_G11F_B10F_EXT, seconds);
   format_workload("blend-rgb565", GL_RGB565, seconds);
   glDisable(GL_BLEND);
   {
      GLint prev = 0;
      glGetIntegerv(GL_FRAMEBUFFER_BINDING, &prev);
      const GLuint fbo = fxp_make_fbo_depth(W, H, GL_DEPTH24_STENCIL8);
      if (fbo) {
         glEnable(GL_STENCIL_TEST);
         glStencilFunc(GL_GEQUAL, 4, 0xff);
         glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
         run("stencil", frame_stencil, seconds);
         glDisable(GL_STENCIL_TEST);
      } else {
         printf("stencil       unsupported\n");
      }
      glBindFramebuffer(GL_FRAMEBUFFER, (GLuint)prev);
   }

   /* textured quads: coordinates 0..1 over the 512x512 target, scaled by `reach` */
   GLuint tprog = program("#version 120\nattribute vec4 pos; attribute vec4 attr; varying vec2 tc;\n"
                          "void main() { gl_Position = pos; tc = attr.xy; }\n",
                          "#version 120\nvarying vec2 tc; uniform sampler2D tex;\n"
                          "void main() { gl_FragColor = texture2D(tex, tc); }\n");
   glUseProgram(tprog);
   img = malloc(1024 * 1024 * 4);
   for (int i = 0; i < 1024 * 1024 * 4; i++)
      img[i] = (unsigned char)(i * 7 + (i >> 10));
   GLuint tex[4];
   glGenTextures(4, tex);
   /* tex-rgba8: 512x512 RGBA8 drawn 1:1, bilinear; tex-fxt1: the same image compressed to FXT1 at upload;
    * tex-rgba16f: stored as half floats */
   textured_quad(1.0f);
   image_workload("tex-rgba8", tex[0], GL_RGBA8, img, seconds);
   image_workload("tex-fxt1", tex[1], GL_COMPRESSED_RGBA_FXT1_3DFX, img, seconds);
   image_workload("tex-rgba16f", tex[3], GL_RGBA16F_ARB, img, seconds);
   /* tex-trilinear: 1024x1024 RGBA8 with mipmaps, minified about 5x (LOD ~2.4), trilinear */
   glBindTexture(GL_TEXTURE_2D, tex[2]);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1024, 1024, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   textured_quad(2.6f);
   run("tex-trilinear", frame_quads, seconds);
   /* EXT_texture_filter_anisotropic: an isotropic footprint at 16x, then an anisotropic one */
   GLfloat max_aniso = 0.0f;
   glGetFloatv(GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max_aniso);
   if (glGetError() == GL_NO_ERROR && max_aniso >= 16.0f) {
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 16.0f);
      run("tex-trilinear-aniso16", frame_quads, seconds);
      textured_quad_xy(3.5f * 2.6f, 2.6f);
      run("tex-aniso16", frame_quads, seconds);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY_EXT, 1.0f);
   } else {
      printf("tex-trilinear-aniso16  unsupported\ntex-aniso16  unsupported\n");
   }
   glDeleteTextures(4, tex);

   if (wanted("objects")) {
      /* the triangles' grid with each triangle four times as wide and tall (about 100 pixels) */
      float *ov = malloc(sizeof(float) * tri_count * 3 * 8);
      GLuint p = program("#version 120\nattribute vec4 pos; attribute vec4 attr; uniform mat4 xform;\n"
                         "varying vec4 c;\nvoid main() { gl_Position = xform * pos; c = attr; }\n",
                         "#version 120\nvarying vec4 c; uniform vec4 color;\n"
                         "void main() { gl_FragColor = c * color; }\n");
      if (ov && p) {
         for (int i = 0; i < tri_count; i++) {
            const float x = -1.0f + 2.0f * (i % 200) / 200.0f, y = -1.0f + 2.0f * (i / 200) / 100.0f;
            const float v[3][2] = {{x, y}, {x + 0.04f, y}, {x, y + 0.08f}};
            for (int k = 0; k < 3; k++) {
               float *o = &ov[(i * 3 + k) * 8];
               o[0] = v[k][0], o[1] = v[k][1], o[2] = (i % 7) * 0.1f - 0.3f, o[3] = 1;
               o[4] = (k == 0), o[5] = (k == 1), o[6] = (k == 2), o[7] = 1;
            }
         }
         glUseProgram(p);
         obj_xform_loc = glGetUniformLocation(p, "xform");
         obj_color_loc = glGetUniformLocation(p, "color");
         glEnable(GL_DEPTH_TEST);
         run_on_array("objects", frame_objects, ov, tv, seconds);
         glDisable(GL_DEPTH_TEST);
         glUseProgram(color_prog);
      }
      free(ov);
   }
   /* mesh-8m: positions only, one colour */
   GLuint mesh_prog = program("#version 120\nattribute vec4 pos;\nvoid main() { gl_Position = pos; }\n",
                              "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n");
   GLuint mesh_bufs[2];
   if (wanted("mesh-8m") && make_mesh(2000, mesh_bufs)) {
      glUseProgram(mesh_prog);
      glDisableVertexAttribArray(1);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 12, NULL);
      run("mesh-8m", frame_mesh, seconds);
      glBindBuffer(GL_ARRAY_BUFFER, 0);
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
      glDeleteBuffers(2, mesh_bufs);
   } else if (wanted("mesh-8m")) {
      printf("mesh-8m       no memory for the mesh\n");
   }

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   free(tv);
   free(img);
   return 0;
}
