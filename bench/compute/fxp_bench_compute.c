/* fxpipe-bench-compute: GL compute workloads, timed, on whatever driver the system's EGL loads (the script
 * bench/compute/run.sh runs it on fxpipe, softpipe and llvmpipe and prints the ratios).
 *
 *   fxpipe-bench-compute [SECONDS_PER_WORKLOAD]   (default: 2 seconds)
 *
 * A desktop GL context through EGL surfaceless, with GL_ARB_compute_shader, shader storage buffers and
 * image load/store (as extensions where the GL version is below 4.3):
 *   reduce   sums 2^20 integers: each work group of 256 adds its values in shared memory in a tree with
 *            barriers, then one invocation adds the group's sum to a buffer with atomicAdd
 *   blur     a 3x3 box blur of a 512x512 RGBA8 image: work groups of 16x16 load their tile and its border
 *            into shared memory, wait at a barrier, and store the blurred texels to a second image
 * Each dispatch's result is checked once against values computed here (the sum; a constant image blurs to
 * itself); prints dispatches per second for each. glFinish ends every dispatch. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxp_gl_egl.h"
#include "../lib/fxp_bench_time.h"

#define N (1u << 20)
#define IMG 512

static GLuint
compute_program(const char *src)
{
   GLuint sh = glCreateShader(GL_COMPUTE_SHADER), prog = glCreateProgram();
   GLint ok = 0;
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048];
      glGetShaderInfoLog(sh, sizeof(log), NULL, log);
      fprintf(stderr, "compute shader: %s\n", log);
      return 0;
   }
   glAttachShader(prog, sh);
   glLinkProgram(prog);
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   return ok ? prog : 0;
}

static const char *reduce_src =
   "#version 150\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_storage_buffer_object : require\n"
   "layout(local_size_x = 256) in;\n"
   "layout(std430, binding = 0) readonly buffer In { uint v[]; };\n"
   "layout(std430, binding = 1) buffer Out { uint sum; };\n"
   "shared uint part[256];\n"
   "void main() {\n"
   "   uint i = gl_LocalInvocationID.x;\n"
   "   part[i] = v[gl_GlobalInvocationID.x];\n"
   "   for (uint s = 128u; s > 0u; s >>= 1) {\n"
   "      barrier();\n"
   "      if (i < s) part[i] += part[i + s];\n"
   "   }\n"
   "   if (i == 0u) atomicAdd(sum, part[0]);\n"
   "}\n";

static const char *blur_src =
   "#version 150\n"
   "#extension GL_ARB_compute_shader : require\n"
   "#extension GL_ARB_shader_image_load_store : require\n"
   "#extension GL_ARB_shader_image_size : require\n"
   "layout(local_size_x = 16, local_size_y = 16) in;\n"
   "layout(rgba8) readonly uniform image2D src;\n"
   "layout(rgba8) writeonly uniform image2D dst;\n"
   "shared vec4 tile[324];\n"
   "void main() {\n"
   "   ivec2 base = ivec2(gl_WorkGroupID.xy) * 16 - 1;\n"
   "   ivec2 size = imageSize(src);\n"
   "   for (uint k = gl_LocalInvocationIndex; k < 324u; k += 256u) {\n"
   "      ivec2 t = ivec2(int(k % 18u), int(k / 18u));\n"
   "      tile[k] = imageLoad(src, clamp(base + t, ivec2(0), size - 1));\n"
   "   }\n"
   "   barrier();\n"
   "   ivec2 l = ivec2(gl_LocalInvocationID.xy) + 1;\n"
   "   vec4 s = vec4(0.0);\n"
   "   for (int y = -1; y <= 1; y++)\n"
   "      for (int x = -1; x <= 1; x++)\n"
   "         s += tile[(l.y + y) * 18 + l.x + x];\n"
   "   imageStore(dst, ivec2(gl_GlobalInvocationID.xy), s / 9.0);\n"
   "}\n";

typedef bool (*dispatch_fn)(bool check);

static GLuint reduce_prog, blur_prog, sum_buf;

static bool
dispatch_reduce(bool check)
{
   const GLuint zero = 0;
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, sum_buf);
   glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &zero);
   glUseProgram(reduce_prog);
   glDispatchCompute(N / 256, 1, 1);
   glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   if (!check)
      return true;
   GLuint sum = 0;
   glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &sum);
   const GLuint want = (GLuint)(((unsigned long long)N * (N - 1) / 2) & 0xffffffffu); /* v[i] = i */
   if (sum != want)
      fprintf(stderr, "reduce: sum %u, want %u\n", sum, want);
   return sum == want;
}

static GLuint blur_dst;

static bool
dispatch_blur(bool check)
{
   glUseProgram(blur_prog);
   glDispatchCompute(IMG / 16, IMG / 16, 1);
   glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
   if (!check)
      return true;
   static unsigned char px[IMG * IMG * 4];
   glBindTexture(GL_TEXTURE_2D, blur_dst);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   for (unsigned i = 0; i < IMG * IMG; i++) /* the source is (60, 120, 180, 240) everywhere */
      if (px[4 * i] != 60 || px[4 * i + 1] != 120 || px[4 * i + 2] != 180 || px[4 * i + 3] != 240) {
         fprintf(stderr, "blur: texel %u is (%u, %u, %u, %u)\n", i, px[4 * i], px[4 * i + 1], px[4 * i + 2],
                 px[4 * i + 3]);
         return false;
      }
   return true;
}

static bool
run(const char *name, dispatch_fn fn, double seconds)
{
   if (!fn(true)) {
      printf("%-8s wrong result\n", name);
      return false;
   }
   glFinish();
   unsigned n = 0;
   const double start = fxp_bench_now();
   double t = start;
   while (t - start < seconds) {
      fn(false);
      glFinish();
      n++;
      t = fxp_bench_now();
   }
   printf("%-8s %10.2f dispatches/s\n", name, n / (t - start));
   fflush(stdout);
   return true;
}

int
main(int argc, char **argv)
{
   const double seconds = argc > 1 ? atof(argv[1]) : 2.0;
   if (fxp_egl_make_current() == EGL_NO_DISPLAY)
      return 1;
   printf("renderer: %s, GL %s\n", (const char *)glGetString(GL_RENDERER), (const char *)glGetString(GL_VERSION));

   reduce_prog = compute_program(reduce_src);
   blur_prog = compute_program(blur_src);
   if (!reduce_prog || !blur_prog)
      return 1;

   GLuint *v = malloc(N * sizeof(*v));
   if (!v)
      return 1;
   for (unsigned i = 0; i < N; i++)
      v[i] = i;
   GLuint in_buf;
   glGenBuffers(1, &in_buf);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, in_buf);
   glBufferData(GL_SHADER_STORAGE_BUFFER, N * sizeof(*v), v, GL_STATIC_DRAW);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, in_buf);
   free(v);
   glGenBuffers(1, &sum_buf);
   glBindBuffer(GL_SHADER_STORAGE_BUFFER, sum_buf);
   glBufferData(GL_SHADER_STORAGE_BUFFER, 4, NULL, GL_DYNAMIC_COPY);
   glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sum_buf);

   static unsigned char img[IMG * IMG * 4];
   for (unsigned i = 0; i < IMG * IMG; i++)
      img[4 * i] = 60, img[4 * i + 1] = 120, img[4 * i + 2] = 180, img[4 * i + 3] = 240;
   GLuint tex[2];
   glGenTextures(2, tex);
   for (int k = 0; k < 2; k++) {
      glBindTexture(GL_TEXTURE_2D, tex[k]);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, IMG, IMG, 0, GL_RGBA, GL_UNSIGNED_BYTE, k ? NULL : img);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   }
   blur_dst = tex[1];
   glBindImageTexture(0, tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
   glBindImageTexture(1, tex[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
   glUseProgram(blur_prog);
   glUniform1i(glGetUniformLocation(blur_prog, "src"), 0);
   glUniform1i(glGetUniformLocation(blur_prog, "dst"), 1);

   bool ok = run("reduce", dispatch_reduce, seconds);
   ok &= run("blur", dispatch_blur, seconds);
   if (glGetError() != GL_NO_ERROR)
      fprintf(stderr, "GL error\n");
   return ok ? 0 : 1;
}
