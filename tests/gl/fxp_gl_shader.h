/* The GL test programs' shader compile: include after the GL or GLES headers. */
#ifndef FXP_GL_SHADER_H
#define FXP_GL_SHADER_H

#include <stdio.h>

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

#endif
