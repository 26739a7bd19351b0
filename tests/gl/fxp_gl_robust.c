/* fxpipe-gl-robust: a GL application that reads and writes outside its buffers, images and textures, through
 * the system's EGL (surfaceless, an OpenGL ES 3.1 context), and checks that fxpipe stays inside every
 * resource: vertex fetch past the end of a vertex buffer (non-indexed, indexed with huge indices, from an
 * indirect command), index fetch past the end of an index buffer, a uniform block read past its bound range,
 * storage-buffer writes and reads far out of range, image stores and loads outside the image, texel fetches
 * outside the texture and its levels, and transform feedback into a buffer too small for the draw.
 *
 * Run it under FXPIPE_DEBUG=guard (meson's gl-robust-egl-guard): every resource's storage then has
 * inaccessible pages right after its end and before its start, so an access outside it faults and the
 * program dies. Where GL (robust buffer access) defines the result it is checked: out-of-range writes are
 * dropped, so memory around the target keeps its values; out-of-range reads give zero or values from inside
 * the resource; texel fetches outside return 0. After each case the context must still draw correctly.
 * Exits 0 only if every check passes. */
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxp_gl_check.h"
#include "fxp_gl_shader.h"

#define W 16
#define H 16

static GLuint main_fbo; /* the framebuffer every draw goes to */

static EGLDisplay
make_current_es31(void)
{
   PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
      (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
   EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL)
                                : EGL_NO_DISPLAY;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API)) {
      fprintf(stderr, "no EGL surfaceless display for OpenGL ES\n");
      return EGL_NO_DISPLAY;
   }
   const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT_KHR,
                             EGL_NONE};
   /* a robust-access context (EGL_EXT_create_context_robustness), as applications that rely on
    * KHR_robust_buffer_access_behavior create it; fxpipe checks bounds in every context alike */
   const EGLint ctx_attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1,
                                 EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE, EGL_NONE};
   EGLint n;
   EGLConfig cfg;
   if (!eglChooseConfig(dpy, attribs, &cfg, 1, &n) || n < 1) {
      fprintf(stderr, "no EGL config for OpenGL ES 3\n");
      return EGL_NO_DISPLAY;
   }
   EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      fprintf(stderr, "cannot make a robust-access OpenGL ES 3.1 context current\n");
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

static GLuint
link(GLuint a, GLuint b, const char *const *varyings, int n_varyings)
{
   GLuint p = glCreateProgram();
   GLint ok = 0;
   glAttachShader(p, a);
   if (b)
      glAttachShader(p, b);
   if (varyings)
      glTransformFeedbackVaryings(p, n_varyings, varyings, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(p);
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   check(ok, "program links");
   return p;
}

static GLuint
draw_program(const char *vs, const char *fs)
{
   return link(fxp_gl_shader(GL_VERTEX_SHADER, vs), fxp_gl_shader(GL_FRAGMENT_SHADER, fs), NULL, 0);
}

static GLuint
compute_program(const char *cs)
{
   return link(fxp_gl_shader(GL_COMPUTE_SHADER, cs), 0, NULL, 0);
}

static GLuint
buffer(GLenum target, GLsizeiptr size_B, const void *data)
{
   GLuint b;
   glGenBuffers(1, &b);
   glBindBuffer(target, b);
   glBufferData(target, size_B, data, GL_DYNAMIC_DRAW);
   return b;
}

static void
pixel(int x, int y, unsigned char out[4])
{
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

/* The context still draws: a full-screen green triangle pair through a fresh buffer. */
static void
still_draws(const char *after)
{
   static GLuint prog, vbo;
   if (!prog) {
      prog = draw_program("#version 310 es\nlayout(location = 0) in vec2 pos;\n"
                          "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
                          "#version 310 es\nprecision mediump float; out vec4 c;\n"
                          "void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n");
      static const float quad[] = {-1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1};
      vbo = buffer(GL_ARRAY_BUFFER, sizeof(quad), quad);
   }
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glUseProgram(prog);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   glDisableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   unsigned char px[4];
   pixel(W / 2, H / 2, px);
   check(px[0] == 0 && px[1] == 255 && px[2] == 0 && px[3] == 255, "after %s the context draws (%u %u %u %u)",
         after, px[0], px[1], px[2], px[3]);
   check(glGetError() == GL_NO_ERROR, "after %s no GL error", after);
}

/* A program drawing points whose colour is its attribute 1. */
static GLuint
points_program(void)
{
   return draw_program("#version 310 es\nlayout(location = 0) in vec2 pos; layout(location = 1) in vec4 col;\n"
                       "out vec4 c;\n"
                       "void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 1.0; c = col; }\n",
                       "#version 310 es\nprecision mediump float; in vec4 c; out vec4 o;\n"
                       "void main() { o = c; }\n");
}

static void
vertex_fetch(void)
{
   /* three vertices of (pos.xy, col.rgba) = 24 bytes each, in a buffer of exactly 72 bytes */
   static const float v[3][6] = {{-0.5f, -0.5f, 1, 0, 0, 1}, {0, 0, 1, 0, 0, 1}, {0.5f, 0.5f, 1, 0, 0, 1}};
   GLuint vbo = buffer(GL_ARRAY_BUFFER, sizeof(v), v);
   GLuint prog = points_program();
   glUseProgram(prog);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);

   /* 100000 vertices from a buffer of 3 */
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_POINTS, 0, 100000);
   check(glGetError() == GL_NO_ERROR, "vertex fetch past the end: no error");
   still_draws("vertex fetch past the end");

   /* indices far past the buffer, and the largest ones */
   static const GLuint idx[] = {0, 1, 2, 3, 1000, 1000000, 0x7fffffffu, 0xfffffff0u, 0xffffffffu};
   GLuint ibo = buffer(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx);
   glUseProgram(prog);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(1);
   glDrawElements(GL_POINTS, 9, GL_UNSIGNED_INT, 0);
   check(glGetError() == GL_NO_ERROR, "indices past the vertex buffer: no error");

   /* an index count past the end of the index buffer (36 bytes: 9 indices; asked for 100000) */
   glDrawElements(GL_POINTS, 100000, GL_UNSIGNED_INT, 0);
   glDrawElements(GL_POINTS, 100000, GL_UNSIGNED_SHORT, (void *)30);
   GLenum err = glGetError();
   check(err == GL_NO_ERROR || err == GL_INVALID_OPERATION, "index fetch past the end: no error or "
         "INVALID_OPERATION (0x%x)", err);
   still_draws("index fetch past the end");

   /* an indirect draw whose first vertex is far past the buffer: {count, instances, first, base instance} */
   glUseProgram(prog);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(1);
   const GLuint cmd[4] = {3, 1, 0x7ffffff0u, 0};
   GLuint vao;
   glGenVertexArrays(1, &vao); /* indirect draws in ES 3.1 need a vertex array object and buffers */
   glBindVertexArray(vao);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   GLuint ind = buffer(GL_DRAW_INDIRECT_BUFFER, sizeof(cmd), cmd);
   glDrawArraysIndirect(GL_POINTS, 0);
   err = glGetError();
   check(err == GL_NO_ERROR || err == GL_INVALID_OPERATION, "indirect draw past the vertex buffer (0x%x)", err);
   glBindVertexArray(0);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &ind);
   still_draws("an indirect draw past the vertex buffer");
   glDeleteBuffers(1, &ibo);
   glDeleteBuffers(1, &vbo);
}

static void
uniform_block(void)
{
   /* a block of 1024 vec4 (16 KiB) bound to the whole of a 256-byte buffer; the vertex shader reads element
    * gl_VertexID * 1000, past the buffer and past the block */
   GLuint prog = draw_program("#version 310 es\nlayout(std140) uniform B { vec4 a[1024]; };\nout vec4 c;\n"
                              "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); gl_PointSize = 1.0;\n"
                              "  c = a[gl_VertexID * 1000]; }\n",
                              "#version 310 es\nprecision mediump float; in vec4 c; out vec4 o;\n"
                              "void main() { o = c; }\n");
   float data[64];
   for (int i = 0; i < 64; i++)
      data[i] = 0.5f;
   GLuint ubo = buffer(GL_UNIFORM_BUFFER, sizeof(data), data);
   glUniformBlockBinding(prog, glGetUniformBlockIndex(prog, "B"), 0);
   glBindBufferRange(GL_UNIFORM_BUFFER, 0, ubo, 0, 256);
   glUseProgram(prog);
   glDisableVertexAttribArray(0);
   glDisableVertexAttribArray(1);
   glDrawArrays(GL_POINTS, 0, 64);
   GLenum err = glGetError();
   check(err == GL_NO_ERROR, "uniform block read past its buffer: no error (0x%x)", err);
   glDeleteBuffers(1, &ubo);
   still_draws("uniform block reads past the buffer");
}

static void
storage_buffers(void)
{
   /* three adjacent buffers; the compute shader writes the middle one at index id * 1000003 and reads it at
    * index -id: every write but invocation 0's is out of range, so the other two buffers keep their bytes
    * and the middle one changes in element 0 only */
   GLuint prog = compute_program("#version 310 es\nlayout(local_size_x = 64) in;\n"
                                 "layout(std430, binding = 0) buffer S { uint d[]; };\n"
                                 "void main() { uint id = gl_GlobalInvocationID.x;\n"
                                 "  uint r = d[uint(-int(id))];\n"
                                 "  d[id * 1000003u] = 7u + r; }\n");
   uint32_t init[16];
   for (int i = 0; i < 16; i++)
      init[i] = 100 + i;
   GLuint before = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(init), init);
   GLuint ssbo = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(init), init);
   GLuint after = buffer(GL_SHADER_STORAGE_BUFFER, sizeof(init), init);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, ssbo);
   glUseProgram(prog);
   glDispatchCompute(64, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   check(glGetError() == GL_NO_ERROR, "storage buffer accesses out of range: no error");
   const GLuint bufs[3] = {before, ssbo, after};
   for (int b = 0; b < 3; b++) {
      glBindBuffer(GL_SHADER_STORAGE_BUFFER, bufs[b]);
      const uint32_t *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, sizeof(init), GL_MAP_READ_BIT);
      if (!m) {
         check(0, "map buffer %d", b);
         continue;
      }
      for (int i = 0; i < 16; i++) {
         /* invocation 0 reads d[0] = 100 and writes 107 there */
         const uint32_t want = b == 1 && i == 0 ? 107 : 100 + i;
         check(m[i] == want, "buffer %d element %d: %u, want %u", b, i, m[i], want);
      }
      glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   }
   glDeleteBuffers(3, bufs);
   still_draws("storage buffer accesses out of range");
}

static void
images_and_texels(void)
{
   /* a 4x4 R32UI image: stores at coordinates outside it are dropped, loads outside give 0; then
    * texelFetch outside the texture and past its last level gives 0 */
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4);
   uint32_t texels[16];
   for (int i = 0; i < 16; i++)
      texels[i] = 50 + i;
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
   GLuint out = buffer(GL_SHADER_STORAGE_BUFFER, 64 * 4, NULL);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, out);
   GLuint prog = compute_program("#version 310 es\nlayout(local_size_x = 64) in;\n"
                                 "layout(r32ui, binding = 0) uniform highp uimage2D img;\n"
                                 "uniform highp usampler2D s;\n"
                                 "layout(std430, binding = 1) buffer O { uint o[]; };\n"
                                 "void main() { int i = int(gl_LocalInvocationID.x);\n"
                                 "  ivec2 far = ivec2(4 + i * 977, -1 - i * 31);\n"
                                 "  imageStore(img, far, uvec4(9u));\n"
                                 "  imageStore(img, ivec2(-100000 * (i + 1), 100000 * (i + 1)), uvec4(9u));\n"
                                 "  uint a = imageLoad(img, far).x;\n"
                                 "  uint b = texelFetch(s, ivec2(100000 + i, 4), 0).x;\n"
                                 "  uint c = texelFetch(s, ivec2(0, 0), 7 + i).x;\n"
                                 "  o[i] = a + b + c; }\n");
   glUseProgram(prog);
   glActiveTexture(GL_TEXTURE1);
   GLuint tex2;
   glGenTextures(1, &tex2);
   glBindTexture(GL_TEXTURE_2D, tex2);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 4, 4);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glUniform1i(glGetUniformLocation(prog, "s"), 1);
   glActiveTexture(GL_TEXTURE0);
   glDispatchCompute(1, 1, 1);
   glMemoryBarrier(GL_ALL_BARRIER_BITS);
   check(glGetError() == GL_NO_ERROR, "image and texel accesses out of range: no error");
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, out);
   const uint32_t *m = glMapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 64 * 4, GL_MAP_READ_BIT);
   if (m) {
      int bad = 0;
      for (int i = 0; i < 64; i++)
         bad += m[i] != 0;
      check(!bad, "out-of-range image loads and texel fetches give 0 (%d of 64 did not)", bad);
      glUnmapBuffer(GL_SHADER_STORAGE_BUFFER);
   }
   /* the image itself is unchanged: read it through a framebuffer */
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   uint32_t back[16 * 4];
   glReadPixels(0, 0, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back);
   int changed = 0;
   for (int i = 0; i < 16; i++)
      changed += back[4 * i] != texels[i];
   check(!changed, "out-of-range image stores changed nothing (%d texels did)", changed);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, main_fbo);
   glDeleteFramebuffers(1, &fbo);
   GLuint texs[2] = {tex, tex2};
   glDeleteTextures(2, texs);
   glDeleteBuffers(1, &out);
   still_draws("image and texel accesses out of range");
}

static void
transform_feedback(void)
{
   /* room for 2 points of one float each; 1000 points drawn: 2 are written, the bytes after them stay */
   static const char *const varyings[] = {"v"};
   GLuint prog = link(fxp_gl_shader(GL_VERTEX_SHADER, "#version 310 es\nout float v;\n"
                                               "void main() { v = float(gl_VertexID) + 1.0; "
                                               "gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n"),
                      fxp_gl_shader(GL_FRAGMENT_SHADER, "#version 310 es\nprecision mediump float; out vec4 o;\n"
                                                 "void main() { o = vec4(1.0); }\n"),
                      varyings, 1);
   float init[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
   GLuint tfb = buffer(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(init), init);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, tfb, 0, 8);
   GLuint q;
   glGenQueries(1, &q);
   glUseProgram(prog);
   glDisableVertexAttribArray(0);
   glDisableVertexAttribArray(1);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 1000);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glDisable(GL_RASTERIZER_DISCARD);
   /* OpenGL ES 3 refuses a draw that does not fit (INVALID_OPERATION, nothing written) where desktop GL
    * writes what fits */
   const GLenum err = glGetError();
   check(err == GL_NO_ERROR || err == GL_INVALID_OPERATION, "transform feedback past its buffer (0x%x)", err);
   const GLuint want = err == GL_NO_ERROR ? 2 : 0;
   GLuint written = 0;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &written);
   check(written == want, "transform feedback wrote %u points, want %u", written, want);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, tfb);
   const float *m = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(init), GL_MAP_READ_BIT);
   if (m) {
      if (want)
         check(m[0] == 1 && m[1] == 2, "the two points written: %g %g, want 1 2", m[0], m[1]);
      int kept = 1;
      for (int i = 2; i < 8; i++)
         kept &= m[i] == -1;
      check(kept, "the bytes after the bound range are untouched");
      glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
   }
   glDeleteQueries(1, &q);
   glDeleteBuffers(1, &tfb);
   still_draws("transform feedback past its buffer");
}

int
main(void)
{
   EGLDisplay dpy = make_current_es31();
   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL_RENDERER: %s\nGL_VERSION: %s\n", (const char *)glGetString(GL_RENDERER),
          (const char *)glGetString(GL_VERSION));
   /* what the application is told: robust buffer access in this context (GL_CONTEXT_ROBUST_ACCESS), and
    * the extensions that define the results checked below (PIPE_CAP_ROBUST_BUFFER_ACCESS_BEHAVIOR gives
    * the first two; EXT_robustness comes with KHR_robustness) */
   GLint robust = 0;
   glGetIntegerv(GL_CONTEXT_ROBUST_ACCESS_EXT, &robust);
   check(robust == GL_TRUE, "GL_CONTEXT_ROBUST_ACCESS is GL_TRUE");
   static const char *const want_ext[] = {"GL_KHR_robust_buffer_access_behavior", "GL_KHR_robustness",
                                          "GL_EXT_robustness"};
   for (unsigned i = 0; i < sizeof(want_ext) / sizeof(want_ext[0]); i++) {
      char what[96];
      snprintf(what, sizeof(what), "%s is offered", want_ext[i]);
      check(fxp_gl_has_ext(want_ext[i]), what);
   }
   const char *guard = getenv("FXPIPE_DEBUG");
   printf("guard pages: %s\n", guard && strstr(guard, "guard") ? "on" : "off");

   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
   glGenFramebuffers(1, &main_fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, main_fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, W, H);
   check(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");

   vertex_fetch();
   uniform_block();
   storage_buffers();
   images_and_texels();
   transform_feedback();

   printf("%d failure(s)\n", failures);
   return failures ? 1 : 0;
}
