/* The GL test programs' shader compile and extension lookup: include after the GL or GLES headers. */
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
