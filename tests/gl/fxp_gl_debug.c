/* fxpipe-gl-debug: fxpipe's messages reach the application through KHR_debug. Through the system's EGL
 * (surfaceless, desktop GL context, FBO), with GL_DEBUG_OUTPUT and GL_DEBUG_OUTPUT_SYNCHRONOUS enabled and a
 * callback installed, a triangle drawn with GL_POLYGON_SMOOTH (which fxpipe draws aliased, not implemented
 * yet) must give one message from fxpipe ("fxpipe: not implemented yet: smooth (antialiased) polygons ...")
 * with source GL_DEBUG_SOURCE_API, type GL_DEBUG_TYPE_OTHER and severity GL_DEBUG_SEVERITY_NOTIFICATION, the
 * mapping st/mesa gives UTIL_DEBUG_TYPE_CONFORMANCE (fxp_debug.h's table). With GL_DEBUG_OUTPUT disabled,
 * the same in a new rasterizer state (another line width, part of the state) must give none; enabled again
 * with that message ID silenced by glDebugMessageControl, none either. Then a refusal: with
 * FXPIPE_SHADER_BUDGET small (200000 instructions a batch, unless the environment sets it), a draw whose fragment shader never ends (it loops
 * while i != n, i going 0, 2, 4, ... and the uniform n = 1) is stopped by the watchdog; its message must
 * come through with source GL_DEBUG_SOURCE_API, type GL_DEBUG_TYPE_ERROR and severity
 * GL_DEBUG_SEVERITY_MEDIUM, and end with what the application sees of it, fxp_debug.h's FXP_GL_RESET_UNSEEN
 * for a context without reset notification ("; GL: no error, and glGetGraphicsResetStatus says
 * GL_NO_ERROR ..."), which the test then checks is so. Exits 0 only if every check passes. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"

static unsigned fxp_messages;
static GLenum last_source, last_type, last_severity;
static GLuint last_id;
static char last_text[512];

static void GLAPIENTRY
on_message(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length, const GLchar *text,
           const void *user)
{
   (void)length;
   (void)user;
   printf("     message: source 0x%x type 0x%x id %u severity 0x%x: %s\n", source, type, id, severity, text);
   if (strncmp(text, "fxpipe: ", 8))
      return;   /* st/mesa's own messages are not what this test is about */
   fxp_messages++;
   last_source = source;
   last_type = type;
   last_severity = severity;
   last_id = id;
   snprintf(last_text, sizeof(last_text), "%s", text);
}

static void
draw_smooth_polygon(float line_width)
{
   glLineWidth(line_width);
   glBegin(GL_TRIANGLES);
   glVertex2f(-0.5f, -0.5f);
   glVertex2f(0.5f, -0.5f);
   glVertex2f(0.5f, 0.5f);
   glEnd();
   glFinish();
}

int
main(void)
{
   setenv("FXPIPE_SHADER_BUDGET", "200000", 0); /* before the driver is loaded: the watchdog stops at once */
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL_RENDERER: %s\n", (const char *)glGetString(GL_RENDERER));
   check(fxp_make_fbo(16, 16), "FBO complete");

   glDebugMessageCallback(on_message, NULL);
   glEnable(GL_DEBUG_OUTPUT);
   glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
   glEnable(GL_POLYGON_SMOOTH);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   draw_smooth_polygon(1.0f);
   check(fxp_messages == 1, "one message from fxpipe for a smooth polygon (got %u)", fxp_messages);
   check(strstr(last_text, "not implemented yet: smooth (antialiased) polygons") != NULL,
         "it says smooth polygons are not implemented yet: \"%s\"", last_text);
   check(last_source == GL_DEBUG_SOURCE_API, "source GL_DEBUG_SOURCE_API (0x%x)", last_source);
   check(last_type == GL_DEBUG_TYPE_OTHER, "type GL_DEBUG_TYPE_OTHER (0x%x)", last_type);
   check(last_severity == GL_DEBUG_SEVERITY_NOTIFICATION, "severity GL_DEBUG_SEVERITY_NOTIFICATION (0x%x)",
         last_severity);

   glDisable(GL_DEBUG_OUTPUT);
   draw_smooth_polygon(2.0f);
   check(fxp_messages == 1, "no message with GL_DEBUG_OUTPUT disabled (got %u in all)", fxp_messages);

   glEnable(GL_DEBUG_OUTPUT);
   glDebugMessageControl(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, GL_DONT_CARE, 1, &last_id, GL_FALSE);
   draw_smooth_polygon(3.0f);
   check(fxp_messages == 1, "no message once its ID %u is silenced (got %u in all)", last_id, fxp_messages);

   check(glGetError() == GL_NO_ERROR, "no GL error");

   /* a refusal: the watchdog stops an endless fragment shader; its message says what GL shows of it */
   int linked = 0;
   GLuint prog = fxp_program("#version 130\nin vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
                             "#version 130\nuniform int n;\nout vec4 color;\nvoid main() {\n"
                             "   int i = 0;\n   while (i != n)\n      i += 2;\n"
                             "   color = vec4(float(i) * 0.25, 0.0, 1.0, 1.0);\n}\n",
                             "unused", &linked);
   check(linked, "the endless program links");
   glDisable(GL_POLYGON_SMOOTH);
   glDisable(GL_BLEND);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "n"), 1);
   const unsigned before = fxp_messages;
   glBegin(GL_TRIANGLES);
   glVertex2f(-1.0f, -1.0f);
   glVertex2f(3.0f, -1.0f);
   glVertex2f(-1.0f, 3.0f);
   glEnd();
   glFinish();
   glUseProgram(0);
   check(fxp_messages == before + 1, "one message from fxpipe for the endless draw (got %u)", fxp_messages - before);
   check(strstr(last_text, "watchdog") != NULL, "it is the watchdog's: \"%s\"", last_text);
   check(last_source == GL_DEBUG_SOURCE_API && last_type == GL_DEBUG_TYPE_ERROR &&
            last_severity == GL_DEBUG_SEVERITY_MEDIUM,
         "its source, type and severity are API, ERROR, MEDIUM (0x%x 0x%x 0x%x)", last_source, last_type,
         last_severity);
   /* fxp_debug.h's FXP_GL_RESET_UNSEEN: the consequence for a context without reset notification */
   check(strstr(last_text, "; GL: no error, and glGetGraphicsResetStatus says GL_NO_ERROR (no reset notification "
                           "was asked for)") != NULL,
         "it ends with what GL shows of it: \"%s\"", last_text);
   check(glGetError() == GL_NO_ERROR, "as it says: no GL error");
   const GLenum status = glGetGraphicsResetStatusARB();
   check(status == GL_NO_ERROR, "as it says: glGetGraphicsResetStatus gives GL_NO_ERROR (0x%x)", status);
   eglTerminate(dpy);
   printf("%s: %d failures\n", failures ? "FAIL" : "PASS", failures);
   return failures ? 1 : 0;
}
