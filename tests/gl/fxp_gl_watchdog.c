/* fxpipe-gl-watchdog: OpenGL ES 3.1 programs whose shaders never end, through the system's EGL (surfaceless),
 * and what fxpipe's shader watchdog must make of them (shader/fxp_shader.h, "Watchdog"; context/fxp_reset.c):
 *
 *  - in robust contexts (EGL_EXT_create_context_robustness, reset notification LOSE_CONTEXT_ON_RESET), a
 *    draw whose fragment shader loops for ever, one whose vertex shader does, one whose geometry shader does
 *    (EXT_geometry_shader) and a dispatch whose compute shader does each come back within a bounded time, and the context then reports
 *    GL_GUILTY_CONTEXT_RESET once (then GL_NO_ERROR: the reset is over), is lost (GL_CONTEXT_LOST), and drops
 *    further work without hanging;
 *  - in a plain (non-robust) context the same draw comes back too, GetGraphicsResetStatus says GL_NO_ERROR
 *    (no notification was asked for), and the process goes on;
 *  - after each, a separate context of the same process, created first, still draws and reads back the
 *    right pixels (a different colour every time, so that a stale picture does not pass).
 *
 * The loops end on a uniform that never lets them (their step is 0), so the compiler cannot see it. Run with a
 * small FXPIPE_SHADER_BUDGET (meson's gl-watchdog-egl sets 100000; the program sets it when it is unset),
 * so that each stop comes within milliseconds. Exits 0 only if every check passes. */
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxp_gl_check.h"

#define W 32
#define H 32
#define MAX_SECONDS 30.0 /* a stop must come well before this (it takes milliseconds at the test's budget) */

#ifndef GL_GUILTY_CONTEXT_RESET
#define GL_GUILTY_CONTEXT_RESET 0x8253
#endif
#ifndef GL_CONTEXT_LOST
#define GL_CONTEXT_LOST 0x0507
#endif

static EGLDisplay dpy;
static EGLConfig cfg;
static PFNGLGETGRAPHICSRESETSTATUSEXTPROC get_reset_status;

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int
init_egl(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
      fprintf(stderr, "no EGL surfaceless display for OpenGL ES\n");
      return 0;
   }
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT_KHR,
                             EGL_NONE};
   EGLint n;
   if (!eglChooseConfig(dpy, attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "no EGL config for OpenGL ES 3\n");
      return 0;
   }
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   check(exts && strstr(exts, "EGL_EXT_create_context_robustness") != NULL,
         "EGL offers EGL_EXT_create_context_robustness");
   get_reset_status = (PFNGLGETGRAPHICSRESETSTATUSEXTPROC)eglGetProcAddress("glGetGraphicsResetStatusEXT");
   check(get_reset_status != NULL, "glGetGraphicsResetStatusEXT is there");
   return exts && get_reset_status;
}

/* An OpenGL ES 3.1 context, robust (reset notification LOSE_CONTEXT_ON_RESET) or not, made current with its
 * own W x H RGBA8 framebuffer. */
static EGLContext
make_context(int robust)
{
   const EGLint plain[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
   const EGLint lose[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1,
                          EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT, EGL_LOSE_CONTEXT_ON_RESET_EXT,
                          EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, robust ? lose : plain);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      check(0, "create and make current a%s OpenGL ES 3.1 context (EGL error 0x%x)", robust ? " robust" : "",
            eglGetError());
      return EGL_NO_CONTEXT;
   }
   GLuint rb, fbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "framebuffer complete");
   const char *exts = (const char *)glGetString(GL_EXTENSIONS);
   if (robust && exts && (strstr(exts, "GL_EXT_robustness") || strstr(exts, "GL_KHR_robustness"))) {
      GLint strategy = 0;
      glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_EXT, &strategy);
      check(strategy == GL_LOSE_CONTEXT_ON_RESET_EXT, "the context loses itself on a reset (0x%x)", strategy);
   } else if (robust) {
      /* OpenGL ES has the query with EXT_robustness or KHR_robustness only, which Mesa 22.3 offers with
       * robust buffer access behaviour (a cap fxpipe does not claim yet); the entry point is there */
      printf("(no GL_EXT_robustness or GL_KHR_robustness: the reset strategy is not queried)\n");
   }
   check(glGetError() == GL_NO_ERROR, "no GL error while setting up");
   return ctx;
}

static GLuint
shader(GLenum type, const char *src)
{
   GLuint s = glCreateShader(type);
   GLint ok = 0;
   glShaderSource(s, 1, &src, NULL);
   glCompileShader(s);
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048];
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "compile error:\n%s\n%s\n", src, log);
   }
   return s;
}

static GLuint
program_gs(const char *vs, const char *gs, const char *fs, const char *cs)
{
   GLuint p = glCreateProgram();
   GLint ok = 0;
   if (cs) {
      glAttachShader(p, shader(GL_COMPUTE_SHADER, cs));
   } else {
      glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
      if (gs)
         glAttachShader(p, shader(GL_GEOMETRY_SHADER_EXT, gs));
      glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
   }
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check(ok, "program links");
   return p;
}

static GLuint
program(const char *vs, const char *fs, const char *cs)
{
   return program_gs(vs, NULL, fs, cs);
}

static const char *vs_plain =
   "#version 310 es\nlayout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_colour =
   "#version 310 es\nprecision highp float;\nuniform vec4 u_colour;\nout vec4 c;\n"
   "void main() { c = u_colour; }\n";
/* i never reaches 10: u_step is 0 */
static const char *vs_forever =
   "#version 310 es\nlayout(location = 0) in vec2 pos;\nuniform int u_step;\n"
   "void main() {\n"
   "   int acc = 0;\n"
   "   for (int i = 0; i != 10; i += u_step) acc += gl_VertexID + 1;\n"
   "   gl_Position = vec4(pos.x + float(acc) * 1e-30, pos.y, 0.0, 1.0);\n"
   "}\n";
static const char *fs_forever =
   "#version 310 es\nprecision highp float;\nprecision highp int;\nuniform int u_step;\nout vec4 c;\n"
   "void main() {\n"
   "   float acc = 0.0;\n"
   "   for (int i = 0; i != 10; i += u_step) acc += gl_FragCoord.x;\n"
   "   c = vec4(acc, 0.0, 0.0, 1.0);\n"
   "}\n";
static const char *gs_forever =
   "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"
   "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\nuniform int u_step;\n"
   "void main() {\n"
   "   int acc = 0;\n"
   "   for (int i = 0; i != 10; i += u_step) acc += gl_PrimitiveIDIn + 1;\n"
   "   for (int k = 0; k < 3; k++) {\n"
   "      gl_Position = gl_in[k].gl_Position + vec4(float(acc) * 1e-30, 0.0, 0.0, 0.0);\n"
   "      EmitVertex();\n"
   "   }\n"
   "   EndPrimitive();\n"
   "}\n";
static const char *cs_forever =
   "#version 310 es\nlayout(local_size_x = 64) in;\n"
   "layout(std430, binding = 0) buffer B { uint v[]; };\nuniform uint u_end;\nuniform uint u_step;\n"
   "void main() {\n"
   "   uint i = 0u;\n"
   "   while (i != u_end) { i += u_step; v[gl_GlobalInvocationID.x] = i + 1u; }\n"
   "   v[gl_GlobalInvocationID.x] = 0xdeadu;\n"
   "}\n";

/* A full-window quad with the bound program (attribute 0). */
static void
draw_quad(void)
{
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1};
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 6);
}

/* The innocent context draws a quad of `colour` and reads back every pixel. */
static void
innocent_draws(EGLContext innocent, const unsigned char colour[4], const char *after)
{
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, innocent)) {
      check(0, "the other context is made current again after %s", after);
      return;
   }
   static GLuint prog;
   if (!prog)
      prog = program(vs_plain, fs_colour, NULL);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glUniform4f(glGetUniformLocation(prog, "u_colour"), colour[0] / 255.0f, colour[1] / 255.0f,
               colour[2] / 255.0f, colour[3] / 255.0f);
   draw_quad();
   static unsigned char px[W * H * 4];
   memset(px, 0x55, sizeof(px));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   int bad = 0;
   for (int i = 0; i < W * H; i++)
      bad += memcmp(&px[4 * i], colour, 4) != 0;
   check(bad == 0 && glGetError() == GL_NO_ERROR,
         "after %s, the other context draws (%d of %d pixels wrong; (0,0) = %u %u %u %u, want %u %u %u %u)",
         after, bad, W * H, px[0], px[1], px[2], px[3], colour[0], colour[1], colour[2], colour[3]);
   GLenum status = get_reset_status();
   check(status == GL_NO_ERROR, "the other context saw no reset (0x%x)", status);
}

/* In the current robust context, after the hostile command issued at t0: the reset comes back in time and
 * is reported once, and the lost context drops further work. */
static void
guilty(const char *what, double t0)
{
   glFinish();
   const double dt = now_s() - t0;
   check(dt < MAX_SECONDS, "%s comes back (%.3f s)", what, dt);
   const GLenum status = get_reset_status();
   check(status == GL_GUILTY_CONTEXT_RESET, "%s: glGetGraphicsResetStatus is GL_GUILTY_CONTEXT_RESET (0x%x)",
         what, status);
   const GLenum again = get_reset_status();
   check(again == GL_NO_ERROR, "%s: the reset is reported once, then over (0x%x)", what, again);
   /* lost: commands do nothing and say GL_CONTEXT_LOST; one that would draw again does not hang */
   const double t1 = now_s();
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glDispatchCompute(4, 1, 1);
   glFinish();
   const GLenum err = glGetError();
   check(err == GL_CONTEXT_LOST, "%s: the context is lost (glGetError 0x%x)", what, err);
   check(now_s() - t1 < MAX_SECONDS, "%s: later commands come back", what);
}

int
main(void)
{
   setenv("FXPIPE_SHADER_BUDGET", "100000", 0); /* before the driver reads it (once, at the first context) */
   if (!init_egl())
      return failures ? 1 : 2;
   printf("FXPIPE_SHADER_BUDGET=%s\n", getenv("FXPIPE_SHADER_BUDGET"));

   /* the innocent context, created first and used between the others' resets */
   EGLContext innocent = make_context(0);
   if (innocent == EGL_NO_CONTEXT)
      return 1;
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));
   innocent_draws(innocent, (const unsigned char[4]){0, 255, 0, 255}, "nothing");

   /* 1. a fragment shader that never ends, in a robust context */
   EGLContext c = make_context(1);
   if (c != EGL_NO_CONTEXT) {
      GLuint p = program(vs_plain, fs_forever, NULL);
      glUseProgram(p);
      glUniform1i(glGetUniformLocation(p, "u_step"), 0);
      const double t0 = now_s();
      draw_quad();
      guilty("a fragment shader that never ends", t0);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, c);
   }
   innocent_draws(innocent, (const unsigned char[4]){255, 0, 0, 255}, "a fragment shader's reset");

   /* 2. a compute shader that never ends */
   c = make_context(1);
   if (c != EGL_NO_CONTEXT) {
      GLuint p = program(NULL, NULL, cs_forever);
      GLuint ssbo;
      glGenBuffers(1, &ssbo);
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, ssbo);
      glBufferData(GL_SHADER_STORAGE_BUFFER, 64 * 16 * 4, NULL, GL_DYNAMIC_DRAW);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
      glUseProgram(p);
      glUniform1ui(glGetUniformLocation(p, "u_end"), 7u);
      glUniform1ui(glGetUniformLocation(p, "u_step"), 0u);
      const double t0 = now_s();
      glDispatchCompute(16, 1, 1);
      glMemoryBarrier(GL_ALL_BARRIER_BITS);
      guilty("a compute shader that never ends", t0);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, c);
   }
   innocent_draws(innocent, (const unsigned char[4]){0, 0, 255, 255}, "a compute shader's reset");

   /* 3. a vertex shader that never ends */
   c = make_context(1);
   if (c != EGL_NO_CONTEXT) {
      GLuint p = program(vs_forever, fs_colour, NULL);
      glUseProgram(p);
      glUniform1i(glGetUniformLocation(p, "u_step"), 0);
      glUniform4f(glGetUniformLocation(p, "u_colour"), 1, 1, 1, 1);
      const double t0 = now_s();
      draw_quad();
      guilty("a vertex shader that never ends", t0);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, c);
   }
   innocent_draws(innocent, (const unsigned char[4]){255, 255, 0, 255}, "a vertex shader's reset");

   /* 3b. a geometry shader that never ends (EXT_geometry_shader, which fxpipe offers on OpenGL ES 3.1) */
   c = make_context(1);
   const char *gl_exts = c != EGL_NO_CONTEXT ? (const char *)glGetString(GL_EXTENSIONS) : NULL;
   if (gl_exts && strstr(gl_exts, "GL_EXT_geometry_shader")) {
      GLuint p = program_gs(vs_plain, gs_forever, fs_colour, NULL);
      glUseProgram(p);
      glUniform1i(glGetUniformLocation(p, "u_step"), 0);
      glUniform4f(glGetUniformLocation(p, "u_colour"), 1, 1, 1, 1);
      const double t0 = now_s();
      draw_quad();
      guilty("a geometry shader that never ends", t0);
   } else if (c != EGL_NO_CONTEXT) {
      printf("(no GL_EXT_geometry_shader: the geometry case is not run)\n");
   }
   if (c != EGL_NO_CONTEXT) {
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, c);
   }
   innocent_draws(innocent, (const unsigned char[4]){255, 0, 255, 255}, "a geometry shader's reset");

   /* 4. the fragment shader in a plain context: no notification, but no hang and the process goes on */
   c = make_context(0);
   if (c != EGL_NO_CONTEXT) {
      GLuint p = program(vs_plain, fs_forever, NULL);
      glUseProgram(p);
      glUniform1i(glGetUniformLocation(p, "u_step"), 0);
      const double t0 = now_s();
      draw_quad();
      draw_quad(); /* dropped: the context is lost for fxpipe, though GL was not asked to say so */
      unsigned char px[4];
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      const double dt = now_s() - t0;
      check(dt < MAX_SECONDS, "a plain context's shader that never ends comes back (%.3f s)", dt);
      const GLenum status = get_reset_status();
      check(status == GL_NO_ERROR, "a plain context is not told of the reset (0x%x)", status);
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(dpy, c);
   }
   innocent_draws(innocent, (const unsigned char[4]){0, 255, 255, 255}, "a plain context's stop");

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, innocent);
   eglTerminate(dpy);
   printf("%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
