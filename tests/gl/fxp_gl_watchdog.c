/* fxpipe-gl-watchdog: a shader that never ends does not hang the application (the watchdog, fxpipe's
 * fxp_context.h "Watchdog"). Through the system's EGL (surfaceless, desktop GL 3.3 core contexts, FBOs of
 * 128x128, big enough that the rasterizer shares the scene among its threads), with FXPIPE_SHADER_BUDGET set
 * small (200000 instructions a batch, unless the environment sets it) so that each stop comes at once:
 *
 *  - EGL offers robust contexts (EGL_EXT_create_context_robustness, which fxpipe's
 *    PIPE_CAP_DEVICE_RESET_STATUS_QUERY gives), and a context asking for LOSE_CONTEXT_ON_RESET reports it
 *    (GL_RESET_NOTIFICATION_STRATEGY_ARB);
 *  - in such a context, with KHR_debug output on, a draw whose fragment shader loops while i != n (i going
 *    0, 2, 4, ... and n a uniform set to 1, so that the GLSL compiler cannot know the loop never ends)
 *    returns; glGetGraphicsResetStatusARB gives GL_GUILTY_CONTEXT_RESET_ARB once and GL_NO_ERROR after it
 *    (the reset is over), the context is lost (glFinish gives GL_CONTEXT_LOST), and fxpipe's message about
 *    it reached the debug callback (API / ERROR / MEDIUM, "watchdog" in its text, ending with what GL shows
 *    of it, fxp_debug.h's FXP_GL_RESET_LOST);
 *  - a second, separate robust context then draws the same program with n = 4 (the loop ends at i = 4):
 *    every pixel is (i / 4, 0, 1, 1) = (255, 0, 255, 255), and its reset status is GL_NO_ERROR;
 *  - a context without reset notification draws the endless shader too: the draw returns, the context is
 *    not lost (no GL error, the status is GL_NO_ERROR as GL says for such contexts), and its next draw
 *    with n = 4 gives (255, 0, 255, 255); its watchdog message says so (FXP_GL_RESET_UNSEEN);
 *  - a robust context whose vertex shader never ends (the same loop) is reset and lost the same way;
 *  - so is one whose compute shader (ARB_compute_shader, the same loop, the result stored in a storage
 *    buffer) never ends; the second context runs that compute shader with n = 4 and reads back 4;
 *  - the second context still draws correctly after all of that.
 * Exits 0 only if every check passes. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxp_gl_check.h"

#define W 128
#define H 128

static unsigned watchdog_messages;
static GLenum msg_source, msg_type, msg_severity;
static char msg_text[512];

static void GLAPIENTRY
on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *text,
           const void *user)
{
   (void)length;
   (void)user;
   printf("     message: source 0x%x type 0x%x id %u severity 0x%x: %s\n", source, type, id, severity, text);
   if (strncmp(text, "fxpipe: ", 8) || !strstr(text, "watchdog"))
      return;
   watchdog_messages++;
   msg_source = source;
   msg_type = type;
   msg_severity = severity;
   snprintf(msg_text, sizeof(msg_text), "%s", text);
}

static const char *vs_plain =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs_loop =
   "#version 330 core\n"
   "uniform int n;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   int i = 0;\n"
   "   while (i != n)\n"
   "      i += 2;\n"
   "   color = vec4(float(i) * 0.25, 0.0, 1.0, 1.0);\n"
   "}\n";

static const char *vs_loop =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "uniform int n;\n"
   "out float k;\n"
   "void main() {\n"
   "   int i = 0;\n"
   "   while (i != n)\n"
   "      i += 2;\n"
   "   k = float(i);\n"
   "   gl_Position = vec4(pos, 0.0, 1.0);\n"
   "}\n";

static const char *fs_plain =
   "#version 330 core\n"
   "in float k;\n"
   "out vec4 color;\n"
   "void main() { color = vec4(k * 0.25, 0.0, 1.0, 1.0); }\n";

static double now(void);

static const char *cs_loop =
   "#version 330 core\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 1) in;\n"
   "layout(std430, binding = 0) buffer out_buf { int v[]; };\n"
   "uniform int n;\n"
   "void main() {\n"
   "   int i = 0;\n"
   "   while (i != n)\n"
   "      i += 2;\n"
   "   v[0] = i;\n"
   "}\n";

/* In the current context: dispatches cs_loop once with uniform n into a new storage buffer holding -1;
 * returns what the buffer holds afterwards, and the dispatch's seconds in *secs. */
static int
dispatch(int n, double *secs)
{
   GLuint cs = glCreateShader(GL_COMPUTE_SHADER), p = glCreateProgram(), buf;
   GLint ok = 0;
   glShaderSource(cs, 1, &cs_loop, NULL);
   glCompileShader(cs);
   glAttachShader(p, cs);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check(ok, "compute program links");
   glUseProgram(p);
   glUniform1i(glGetUniformLocation(p, "n"), n);
   const int init = -1;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, buf);
   glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof(init), &init, GL_DYNAMIC_READ);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buf);
   const double t0 = now();
   glDispatchCompute(1, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   glFinish();
   *secs = now() - t0;
   int v = -2;
   glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(v), &v);
   return v;
}

static double
now(void)
{
   struct timespec t;
   clock_gettime(CLOCK_MONOTONIC, &t);
   return t.tv_sec + t.tv_nsec * 1e-9;
}

static EGLContext
make_context(EGLDisplay dpy, EGLConfig cfg, int robust)
{
   const EGLint robust_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR,
      EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_KHR, EGL_LOSE_CONTEXT_ON_RESET_KHR, EGL_NONE};
   const EGLint plain_attribs[] = {
      EGL_CONTEXT_MAJOR_VERSION_KHR, 3, EGL_CONTEXT_MINOR_VERSION_KHR, 3,
      EGL_CONTEXT_OPENGL_PROFILE_MASK_KHR, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR, EGL_NONE};
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, robust ? robust_attribs : plain_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      fprintf(stderr, "cannot make a %s GL 3.3 core context current (EGL error 0x%x)\n",
              robust ? "robust" : "plain", eglGetError());
      return EGL_NO_CONTEXT;
   }
   return ctx;
}

/* In the current context: an FBO of W x H, a full-window quad in a VAO, and the program; returns it. */
static GLuint
setup(const char *vs_src, const char *fs_src)
{
   GLuint fbo, rb, vao, vbo;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");
   static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(quad), quad, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);

   GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER), p;
   GLint ok = 0;
   glShaderSource(vs, 1, &vs_src, NULL);
   glCompileShader(vs);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(fs);
   p = glCreateProgram();
   glAttachShader(p, vs);
   glAttachShader(p, fs);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check(ok, "program links");
   glUseProgram(p);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   return p;
}

/* Draws the quad with uniform n; returns the seconds it took. */
static double
draw(GLuint prog, int n)
{
   glUniform1i(glGetUniformLocation(prog, "n"), n);
   const double t0 = now();
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   glFinish();
   return now() - t0;
}

/* Every pixel of the FBO is (255, 0, 255, 255). */
static void
check_magenta(const char *what)
{
   static unsigned char px[W * H * 4];
   memset(px, 0x55, sizeof(px));
   glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
   unsigned bad = 0, first = 0;
   for (unsigned i = 0; i < W * H; i++) {
      const unsigned char *p = &px[4 * i];
      if (p[0] != 255 || p[1] != 0 || p[2] != 255 || p[3] != 255) {
         if (!bad++)
            first = i;
      }
   }
   check(!bad, "%s: every pixel is (255, 0, 255, 255) (%u wrong, the first at %u: %u %u %u %u)", what, bad,
         first, px[4 * first], px[4 * first + 1], px[4 * first + 2], px[4 * first + 3]);
}

int
main(void)
{
   setenv("FXPIPE_SHADER_BUDGET", "200000", 0); /* before the driver is loaded */
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                                : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
      fprintf(stderr, "no EGL surfaceless display for desktop GL\n");
      return 2;
   }
   const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
   check(exts && strstr(exts, "EGL_EXT_create_context_robustness"), "EGL offers EGL_EXT_create_context_robustness");
   check(exts && strstr(exts, "EGL_KHR_create_context"), "EGL offers EGL_KHR_create_context");
   const EGLint cfg_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
   EGLConfig cfg;
   EGLint ncfg;
   if (!eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &ncfg) || ncfg < 1) {
      fprintf(stderr, "no EGL config for desktop GL\n");
      return 2;
   }

   /* 1: a robust context, the fragment shader never ends */
   printf("robust context, endless fragment shader:\n");
   EGLContext a = make_context(dpy, cfg, 1);
   if (a == EGL_NO_CONTEXT)
      return 2;
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
   GLint strategy = 0;
   glGetIntegerv(GL_RESET_NOTIFICATION_STRATEGY_ARB, &strategy);
   check(strategy == GL_LOSE_CONTEXT_ON_RESET_ARB, "GL_RESET_NOTIFICATION_STRATEGY_ARB is LOSE_CONTEXT_ON_RESET (0x%x)",
         strategy);
   glDebugMessageCallback(on_message, NULL);
   glEnable(GL_DEBUG_OUTPUT);
   glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   GLuint prog = setup(vs_plain, fs_loop);
   check(glGetError() == GL_NO_ERROR, "no GL error before the draw");
   check(glGetGraphicsResetStatusARB() == GL_NO_ERROR, "no reset before the draw");
   const double t = draw(prog, 1);
   printf("     the endless draw returned after %.3f s\n", t);
   check(t < 60.0, "the draw returned (%.3f s)", t);
   GLenum status = glGetGraphicsResetStatusARB();
   check(status == GL_GUILTY_CONTEXT_RESET_ARB, "glGetGraphicsResetStatusARB: GL_GUILTY_CONTEXT_RESET (0x%x)", status);
   status = glGetGraphicsResetStatusARB();
   check(status == GL_NO_ERROR, "then GL_NO_ERROR: the reset is over (0x%x)", status);
   check(watchdog_messages == 1, "one watchdog message from fxpipe through KHR_debug (got %u)", watchdog_messages);
   check(msg_source == GL_DEBUG_SOURCE_API && msg_type == GL_DEBUG_TYPE_ERROR &&
            msg_severity == GL_DEBUG_SEVERITY_MEDIUM,
         "its source, type and severity are API, ERROR, MEDIUM (0x%x 0x%x 0x%x)", msg_source, msg_type, msg_severity);
   /* fxp_debug.h's FXP_GL_RESET_LOST: what GL shows of it, which the checks around say is so */
   check(strstr(msg_text, "; GL: no error from this call, then glGetGraphicsResetStatus gives "
                          "GL_GUILTY_CONTEXT_RESET and the context is lost (later calls give GL_CONTEXT_LOST)") != NULL,
         "it says what GL shows of it: \"%s\"", msg_text);
   while (glGetError() != GL_NO_ERROR)
      ;
   glFinish();
   GLenum err = glGetError();
   check(err == GL_CONTEXT_LOST, "the context is lost: glFinish gives GL_CONTEXT_LOST (0x%x)", err);

   /* 2: a separate robust context draws the terminating shader */
   printf("second robust context:\n");
   EGLContext b = make_context(dpy, cfg, 1);
   if (b == EGL_NO_CONTEXT)
      return 2;
   GLuint prog_b = setup(vs_plain, fs_loop);
   draw(prog_b, 4);
   check_magenta("the second context draws with n = 4");
   check(glGetGraphicsResetStatusARB() == GL_NO_ERROR, "the second context has no reset");
   check(glGetError() == GL_NO_ERROR, "no GL error in the second context");

   /* 3: a context without reset notification goes on after the endless draw */
   printf("context without reset notification, endless fragment shader:\n");
   EGLContext c = make_context(dpy, cfg, 0);
   if (c == EGL_NO_CONTEXT)
      return 2;
   glDebugMessageCallback(on_message, NULL);
   glEnable(GL_DEBUG_OUTPUT);
   glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   GLuint prog_c = setup(vs_plain, fs_loop);
   const double tc = draw(prog_c, 1);
   check(tc < 60.0, "the endless draw returned (%.3f s)", tc);
   check(watchdog_messages == 2, "a watchdog message through KHR_debug (%u in all)", watchdog_messages);
   /* fxp_debug.h's FXP_GL_RESET_UNSEEN, which the next two checks say is so */
   check(strstr(msg_text, "; GL: no error, and glGetGraphicsResetStatus says GL_NO_ERROR (no reset notification "
                          "was asked for)") != NULL,
         "it says what GL shows of it: \"%s\"", msg_text);
   check(glGetError() == GL_NO_ERROR, "no GL error: the context is not lost");
   check(glGetGraphicsResetStatusARB() == GL_NO_ERROR, "its status is GL_NO_ERROR (no reset notification)");
   draw(prog_c, 4);
   check_magenta("its next draw with n = 4");

   /* 4: a robust context whose vertex shader never ends */
   printf("robust context, endless vertex shader:\n");
   EGLContext d = make_context(dpy, cfg, 1);
   if (d == EGL_NO_CONTEXT)
      return 2;
   GLuint prog_d = setup(vs_loop, fs_plain);
   const double td = draw(prog_d, 1);
   check(td < 60.0, "the endless draw returned (%.3f s)", td);
   status = glGetGraphicsResetStatusARB();
   check(status == GL_GUILTY_CONTEXT_RESET_ARB, "glGetGraphicsResetStatusARB: GL_GUILTY_CONTEXT_RESET (0x%x)", status);

   /* 5: a robust context whose compute shader never ends */
   printf("robust context, endless compute shader:\n");
   EGLContext e = make_context(dpy, cfg, 1);
   if (e == EGL_NO_CONTEXT)
      return 2;
   double te;
   const int ve = dispatch(1, &te);
   check(te < 60.0, "the endless dispatch returned (%.3f s)", te);
   status = glGetGraphicsResetStatusARB();
   check(status == GL_GUILTY_CONTEXT_RESET_ARB, "glGetGraphicsResetStatusARB: GL_GUILTY_CONTEXT_RESET (0x%x)", status);
   printf("     the storage buffer then reads %d (the context is lost: undefined)\n", ve);

   /* 6: the second context again */
   printf("second robust context again:\n");
   if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, b))
      return 2;
   double tb;
   const int vb = dispatch(4, &tb);
   check(vb == 4, "its dispatch with n = 4 stores 4 (%d)", vb);
   glUseProgram(prog_b);
   glClear(GL_COLOR_BUFFER_BIT);
   draw(prog_b, 4);
   check_magenta("the second context still draws");
   check(glGetGraphicsResetStatusARB() == GL_NO_ERROR, "and still has no reset");

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, a);
   eglDestroyContext(dpy, b);
   eglDestroyContext(dpy, c);
   eglDestroyContext(dpy, d);
   eglDestroyContext(dpy, e);
   eglTerminate(dpy);
   printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
