/* fxpipe-gl-clear: shows fxpipe at work through the system's GL loaders, and checks what it did.
 *
 *   fxpipe-gl-clear glx   GLX window on $DISPLAY: clears the window and an FBO to known colours, reads both
 *                         back with glReadPixels, swaps, and reads the window's pixels from the X server
 *                         (XGetImage), so the presented image is checked too; then clears the front buffer
 *                         and reads it back, alpha included (the X drawable keeps no alpha: fxpipe does).
 *   fxpipe-gl-clear egl   EGL surfaceless display, pbuffer surface: the same clears and readbacks.
 *
 * Prints the renderer and each check; exits 0 only if every value read back is the one cleared. With
 * --expect-renderer NAME it also fails unless GL_RENDERER is NAME. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdarg.h>
#include <stdio.h>

#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"
#include <stdlib.h>
#include <string.h>

static int
near(int a, int b)
{
   return abs(a - b) <= 1;
}

/* Reads the pixel at (x, y) of the current read buffer and compares with want (RGBA8). */
static void
check_pixel(const char *what, int x, int y, const unsigned char want[4])
{
   unsigned char px[4] = {0};
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check(near(px[0], want[0]) && near(px[1], want[1]) && near(px[2], want[2]) && near(px[3], want[3]),
         "%s at (%d,%d): %u %u %u %u, want %u %u %u %u", what, x, y, px[0], px[1], px[2], px[3], want[0],
         want[1], want[2], want[3]);
}

/* Clears the current draw buffer, with a scissored second clear, and reads it back. */
static void
clear_and_check(const char *what, int w, int h)
{
   static const unsigned char teal[4] = {0, 128, 128, 255}, orange[4] = {255, 165, 0, 255};

   glDisable(GL_SCISSOR_TEST);
   glClearColor(0.0f, 128 / 255.0f, 128 / 255.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(w / 2, h / 2, w - w / 2, h - h / 2);
   glClearColor(1.0f, 165 / 255.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glFinish();

   char label[128];
   snprintf(label, sizeof(label), "%s, outside the scissor", what);
   check_pixel(label, 1, 1, teal);
   snprintf(label, sizeof(label), "%s, inside the scissor", what);
   check_pixel(label, w - 2, h - 2, orange);
}

/* An RGBA8 texture FBO with a depth renderbuffer: clear colour and depth, read both back. */
static void
fbo_check(void)
{
   static const unsigned char violet[4] = {128, 0, 255, 64};
   GLuint fbo, tex, rb;
   float depth = -1.0f;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 33, 17, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 33, 17);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");

   glClearColor(128 / 255.0f, 0.0f, 1.0f, 64 / 255.0f);
   glClearDepth(0.25);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   check_pixel("FBO colour", 32, 16, violet);
   glReadPixels(5, 5, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
   check(depth > 0.2499f && depth < 0.2501f, "FBO depth: %f, want 0.25", depth);

   /* and the texture's own storage, through glGetTexImage */
   unsigned char *img = malloc(33 * 17 * 4);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
   check(img && near(img[(16 * 33 + 32) * 4 + 2], 255) && near(img[0], 128), "glGetTexImage of the FBO texture");
   free(img);

   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   glDeleteTextures(1, &tex);
}

static const char *expect_renderer;

static void
report_renderer(void)
{
   const char *r = (const char *)glGetString(GL_RENDERER);
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", r ? r : "(none)", (const char *)glGetString(GL_VERSION));
   if (expect_renderer)
      check(r && !strcmp(r, expect_renderer), "renderer is %s", expect_renderer);
}

static int
run_glx(void)
{
   const int w = 64, h = 48;
   Display *dpy = XOpenDisplay(NULL);
   if (!dpy) {
      fprintf(stderr, "cannot open X display (is DISPLAY set?)\n");
      return 2;
   }
   int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8,
                    GLX_ALPHA_SIZE, 8, GLX_DEPTH_SIZE, 16, None};
   XVisualInfo *vi = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
   if (!vi) {
      fprintf(stderr, "no RGBA double-buffered GLX visual\n");
      return 2;
   }
   XSetWindowAttributes swa = {0};
   swa.colormap = XCreateColormap(dpy, RootWindow(dpy, vi->screen), vi->visual, AllocNone);
   swa.event_mask = ExposureMask;
   Window win = XCreateWindow(dpy, RootWindow(dpy, vi->screen), 0, 0, w, h, 0, vi->depth, InputOutput,
                              vi->visual, CWColormap | CWEventMask, &swa);
   XMapWindow(dpy, win);
   XSync(dpy, False);
   GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
   XFree(vi); /* glXChooseVisual's answer is the caller's (LeakSanitizer found it in the sanitizer run) */
   if (!ctx || !glXMakeCurrent(dpy, win, ctx)) {
      fprintf(stderr, "cannot make a GLX context current\n");
      return 2;
   }
   report_renderer();
   clear_and_check("window back buffer", w, h);
   glXSwapBuffers(dpy, win);
   glFinish();
   XSync(dpy, False);

   /* what reached the X server */
   XImage *img = XGetImage(dpy, win, 0, 0, w, h, AllPlanes, ZPixmap);
   if (img) {
      unsigned long lo = XGetPixel(img, 1, h - 2), hi = XGetPixel(img, w - 2, 1);
      /* X's y goes down: GL (1,1) is X (1, h-2); GL (w-2, h-2) is X (w-2, 1) */
      check(((lo >> 16) & 0xff) == 0 && ((lo >> 8) & 0xff) == 128 && (lo & 0xff) == 128,
            "presented window pixel (teal): 0x%06lx", lo & 0xffffff);
      check(((hi >> 16) & 0xff) == 255 && ((hi >> 8) & 0xff) == 165 && (hi & 0xff) == 0,
            "presented window pixel (orange): 0x%06lx", hi & 0xffffff);
      XDestroyImage(img);
   } else {
      check(0, "XGetImage of the window");
   }

   /* The front buffer, alpha included: mapping it reads the window back from the X server, whose depth-24
    * drawable keeps no alpha; GL's alpha must survive (piglit's fcc-front-buffer-distraction read 0). Red
    * and alpha 0.75 (191.25 -> 191), cleared, then flushed so that the window is read back before the read. */
   GLint alpha_bits = 0;
   glGetIntegerv(GL_ALPHA_BITS, &alpha_bits);
   check(alpha_bits == 8, "the visual has 8 alpha bits (%d)", alpha_bits);
   glDrawBuffer(GL_FRONT);
   glReadBuffer(GL_FRONT);
   glClearColor(1.0f, 0.0f, 0.0f, 0.75f);
   glClear(GL_COLOR_BUFFER_BIT);
   glFlush();
   unsigned char px[4] = {0};
   glReadPixels(w / 2, h / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   check(px[0] == 255 && px[1] == 0 && px[2] == 0 && near(px[3], 191), "front buffer red, alpha 191: %d %d %d %d",
         px[0], px[1], px[2], px[3]);
   glDrawBuffer(GL_BACK);
   glReadBuffer(GL_BACK);

   fbo_check();
   glXMakeCurrent(dpy, None, NULL);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
   XCloseDisplay(dpy);
   return 0;
}

static int
run_egl(void)
{
   EGLint major, minor, n;
   EGLDisplay dpy = fxp_egl_display(&major, &minor);
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   const EGLint cfg_attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                 EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                 EGL_NONE};
   EGLConfig cfg;
   if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(dpy, cfg_attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "no EGL pbuffer config for desktop GL\n");
      return 2;
   }
   const EGLint pb_attribs[] = {EGL_WIDTH, 40, EGL_HEIGHT, 30, EGL_NONE};
   EGLSurface surf = eglCreatePbufferSurface(dpy, cfg, pb_attribs);
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
   if (surf == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, surf, surf, ctx)) {
      fprintf(stderr, "cannot make an EGL context current (error 0x%x)\n", eglGetError());
      return 2;
   }
   printf("EGL %d.%d, vendor %s\n", major, minor, eglQueryString(dpy, EGL_VENDOR));
   report_renderer();
   clear_and_check("pbuffer", 40, 30);
   fbo_check();

   /* and a context with no surface at all */
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
   check(eglGetCurrentContext() == ctx, "current with no surface (EGL_KHR_surfaceless_context)");
   fbo_check();
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglDestroySurface(dpy, surf);
   eglTerminate(dpy);
   return 0;
}

int
main(int argc, char **argv)
{
   int rc;

   if (argc >= 4 && !strcmp(argv[2], "--expect-renderer"))
      expect_renderer = argv[3];
   if (argc >= 2 && !strcmp(argv[1], "glx"))
      rc = run_glx();
   else if (argc >= 2 && !strcmp(argv[1], "egl"))
      rc = run_egl();
   else {
      fprintf(stderr, "usage: %s glx|egl [--expect-renderer NAME]\n", argv[0]);
      return 2;
   }
   if (rc)
      return rc;
   printf("%s\n", failures ? "FAILED" : "all values read back as cleared");
   return failures ? 1 : 0;
}
