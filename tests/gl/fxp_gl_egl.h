/* Shared by the GL programs that draw off-screen (tests/gl/fxp_gl_draw.c, bench/draw): a desktop-GL context
 * on an EGL surfaceless display, an RGBA8 + depth FBO, and a GLSL program with attributes 0 ("pos") and
 * 1 (the second name). */
#ifndef FXP_GL_EGL_H
#define FXP_GL_EGL_H

#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <stdio.h>

/* The EGL surfaceless display, initialized (major/minor may be NULL); EGL_NO_DISPLAY if there is none. */
static inline EGLDisplay
fxp_egl_display(EGLint *major, EGLint *minor)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                                : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, major, minor)) {
      fprintf(stderr, "cannot initialize an EGL surfaceless display\n");
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

/* Makes a desktop GL context current with no surface; returns the display, or EGL_NO_DISPLAY. */
static inline EGLDisplay
fxp_egl_make_current(void)
{
   EGLDisplay dpy = fxp_egl_display(NULL, NULL);
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
   EGLint n;
   EGLConfig cfg;
   if (dpy == EGL_NO_DISPLAY || !eglBindAPI(EGL_OPENGL_API) ||
       !eglChooseConfig(dpy, attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "no EGL surfaceless display for desktop GL\n");
      return EGL_NO_DISPLAY;
   }
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      fprintf(stderr, "cannot make a context current\n");
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

/* Binds a new w x h FBO with an RGBA8 texture and a depth renderbuffer of depth_format (a depth-stencil
 * format is attached to both points); its name if complete, else 0. */
static inline GLuint
fxp_make_fbo_depth(int w, int h, GLenum depth_format)
{
   GLuint fbo, tex, rb;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, depth_format, w, h);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   const int zs = depth_format == GL_DEPTH24_STENCIL8 || depth_format == GL_DEPTH32F_STENCIL8;
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, zs ? GL_DEPTH_STENCIL_ATTACHMENT : GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb);
   glViewport(0, 0, w, h);
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE ? fbo : 0;
}

/* Binds a new w x h FBO with an RGBA8 texture and a 24-bit depth renderbuffer; true if complete. */
static inline int
fxp_make_fbo(int w, int h)
{
   return fxp_make_fbo_depth(w, h, GL_DEPTH_COMPONENT24) != 0;
}

/* Compiles and links a program binding "pos" to attribute 0 and attr1 to 1; *linked tells success. */
static inline GLuint
fxp_program(const char *vs_src, const char *fs_src, const char *attr1, int *linked)
{
   GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER), p;
   GLint ok = 0;
   glShaderSource(vs, 1, &vs_src, NULL);
   glCompileShader(vs);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(fs);
   p = glCreateProgram();
   glAttachShader(p, vs);
   glAttachShader(p, fs);
   glBindAttribLocation(p, 0, "pos");
   glBindAttribLocation(p, 1, attr1);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   if (linked)
      *linked = ok;
   return p;
}

#endif
