/* A context destroyed while transform feedback is still active (the program leaves without
 * glEndTransformFeedback, as piglit's ext_transform_feedback api-errors tests do): Mesa's transform feedback
 * object kept its program's reference then, and the program with fxpipe's shader CSOs leaked
 * (mesa-patches/0010). The program draws once with feedback active and destroys its context and display;
 * tests/gl/shader-leak.sh reads FXPIPE_DEBUG=perf's count of shader CSOs alive at the context's end.
 *
 *   fxpipe-gl-xfb-exit [end]      (end: call glEndTransformFeedback first, the ordinary case) */
#define GL_GLEXT_PROTOTYPES
#include <string.h>

#include "fxp_gl_egl.h"
#include "fxp_gl_check.h"
#include "fxp_gl_shader.h"

int
main(int argc, char **argv)
{
   const int end = argc > 1 && !strcmp(argv[1], "end");
   EGLDisplay dpy = fxp_egl_make_current();
   if (dpy == EGL_NO_DISPLAY)
      return 1;
   check(fxp_make_fbo(4, 4), "4x4 FBO complete (a surfaceless context has no default framebuffer)");
   static const char *vs_src = "#version 330\nin vec4 pos;\nout vec4 cap;\n"
                               "void main() { cap = pos * 2.0; gl_Position = pos; }\n";
   static const char *fs_src = "#version 330\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
   static const char *varyings[] = {"cap"};
   GLuint p = glCreateProgram();
   glAttachShader(p, fxp_gl_shader(GL_VERTEX_SHADER, vs_src));
   glAttachShader(p, fxp_gl_shader(GL_FRAGMENT_SHADER, fs_src));
   glBindAttribLocation(p, 0, "pos");
   glTransformFeedbackVaryings(p, 1, varyings, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(p);
   GLint linked = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &linked);
   check(linked, "program with a captured varying links");
   glUseProgram(p);

   static const float pts[] = {0.5f, 0.25f, 0.0f, 1.0f};
   GLuint vao, vbo, xfb;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(pts), pts, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glGenBuffers(1, &xfb);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 64, NULL, GL_STREAM_READ);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 1);
   if (end) {
      glEndTransformFeedback();
      float got[4] = {0, 0, 0, 0};
      glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
      check(got[0] == 1.0f && got[1] == 0.5f && got[2] == 0.0f && got[3] == 2.0f,
            "captured pos * 2 = (1, 0.5, 0, 2): got (%g, %g, %g, %g)", got[0], got[1], got[2], got[3]);
   }
   const GLenum err = glGetError();
   check(err == GL_NO_ERROR, "no GL error (0x%x)", err);

   /* the context goes with feedback still active unless `end` */
   EGLContext ctx = eglGetCurrentContext();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   return failures ? 1 : 0;
}
