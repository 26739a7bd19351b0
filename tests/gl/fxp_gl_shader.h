/* The GL test programs' shader compile, program link and extension lookup: include after the GL or GLES
 * headers. */
#ifndef FXP_GL_SHADER_H
#define FXP_GL_SHADER_H

#include <stdio.h>
#include <string.h>

/* Compiles one shader of `type`; a compile error prints the source and the info log on stderr (the returned
 * shader then fails to link, which the caller checks). */
static inline GLuint
fxp_gl_shader(GLenum type, const char *src)
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

#ifdef GL_TESS_EVALUATION_SHADER
/* A program of the stages given (gs, tes: NULL for none), binding "pos" to attribute 0 and `attr1` to 1; 0 when
 * the driver cannot compile or link it (a GL without geometry or tessellation shaders). */
static inline GLuint
fxp_gl_program(const char *vs, const char *gs, const char *tes, const char *fs, const char *attr1)
{
   const struct { GLenum type; const char *src; } st[] = {
      {GL_VERTEX_SHADER, vs}, {GL_GEOMETRY_SHADER, gs}, {GL_TESS_EVALUATION_SHADER, tes},
      {GL_FRAGMENT_SHADER, fs}};
   GLuint p = glCreateProgram();
   for (unsigned i = 0; i < 4; i++) {
      if (!st[i].src)
         continue;
      GLuint sh = fxp_gl_shader(st[i].type, st[i].src);
      glAttachShader(p, sh);
      glDeleteShader(sh);
   }
   glBindAttribLocation(p, 0, "pos");
   glBindAttribLocation(p, 1, attr1);
   glLinkProgram(p);
   GLint ok = 0;
   glGetProgramiv(p, GL_LINK_STATUS, &ok);
   return ok ? p : 0;
}
#endif

/* Whether the current context offers the extension `name` (GL 3 / ES 3 indexed list, exact names). */
static inline int
fxp_gl_has_ext(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++)
      if (!strcmp((const char *)glGetStringi(GL_EXTENSIONS, i), name))
         return 1;
   return 0;
}

#endif
