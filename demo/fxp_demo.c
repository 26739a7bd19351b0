/* fxpipe-demo: a lit, textured, depth-tested scene drawn through the system's GL loader (EGL surfaceless,
 * desktop GL, GLSL 1.20, so every driver here runs it: fxpipe, softpipe, llvmpipe), timed, and written as
 * a PNG a person can look at. scripts/demo.sh (the README's first command) runs it on the three drivers and
 * prints the frames per second side by side; tests/gl/demo.sh checks fxpipe's picture against softpipe's.
 *
 *   fxpipe-demo [--seconds S | --frames N] [--png FILE] [--size WxH]
 *       draws frames for S seconds (default 3) or N frames, glFinish after each, prints
 *       "scene WxH on RENDERER: N frames in T s: F frames/s", then draws the picture of frame 40 (the same on every driver
 *       and every run) and writes it to FILE (default fxpipe-demo.png). Exit 1 on any GL error or failure.
 *   fxpipe-demo --compare A.png B.png [--max-bad-permille P]
 *       compares two pictures: the PSNR over RGB and the share of pixels whose largest channel difference is
 *       above 48; fails (exit 1) when that share is above P per mille (default 5).
 *
 * The scene: a floor with a mipmapped RGBA8 checker texture (trilinear, repeated), a cube whose bricks are an
 * FXT1 texture (GL_COMPRESSED_RGB_FXT1_3DFX, compressed at upload by the GL implementation, with mipmaps), a
 * torus with a striped RGBA8 texture and an untextured sphere; per-pixel Blinn-Phong lighting from a
 * directional light, back faces culled, 24-bit depth. Textures are made here from a fixed hash, so the
 * picture depends on nothing outside this file. */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <math.h>
#include <png.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fxp_gl_egl.h"

#ifndef GL_COMPRESSED_RGB_FXT1_3DFX
#define GL_COMPRESSED_RGB_FXT1_3DFX 0x86B0
#endif

#define PICTURE_FRAME 40   /* the frame written to the PNG */
#define BAD_DIFF 48        /* --compare: a pixel is "bad" when a channel differs by more than this */

/* ---- matrices (column-major, as GL takes them) ---- */
typedef struct { float m[16]; } mat4;

static mat4
mat_mul(mat4 a, mat4 b)
{
   mat4 r;
   for (int c = 0; c < 4; c++)
      for (int row = 0; row < 4; row++) {
         float s = 0;
         for (int k = 0; k < 4; k++)
            s += a.m[k * 4 + row] * b.m[c * 4 + k];
         r.m[c * 4 + row] = s;
      }
   return r;
}

static mat4
mat_identity(void)
{
   mat4 r = {{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}};
   return r;
}

static mat4
mat_translate(float x, float y, float z)
{
   mat4 r = mat_identity();
   r.m[12] = x, r.m[13] = y, r.m[14] = z;
   return r;
}

static mat4
mat_scale(float s)
{
   mat4 r = mat_identity();
   r.m[0] = r.m[5] = r.m[10] = s;
   return r;
}

/* rotation by angle_rad about the unit axis (x, y, z) */
static mat4
mat_rotate(float angle_rad, float x, float y, float z)
{
   float c = cosf(angle_rad), s = sinf(angle_rad), t = 1 - c;
   mat4 r = {{t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0,
              t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0,
              t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0,
              0, 0, 0, 1}};
   return r;
}

static mat4
mat_perspective(float fovy_rad, float aspect, float n, float f)
{
   float t = 1.0f / tanf(fovy_rad / 2);
   mat4 r = {{t / aspect, 0, 0, 0, 0, t, 0, 0, 0, 0, (f + n) / (n - f), -1, 0, 0, 2 * f * n / (n - f), 0}};
   return r;
}

static mat4
mat_look_at(const float eye[3], const float at[3])
{
   float f[3] = {at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]}, up[3] = {0, 1, 0}, s[3], u[3];
   float fl = sqrtf(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
   for (int i = 0; i < 3; i++)
      f[i] /= fl;
   s[0] = f[1] * up[2] - f[2] * up[1], s[1] = f[2] * up[0] - f[0] * up[2], s[2] = f[0] * up[1] - f[1] * up[0];
   float sl = sqrtf(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
   for (int i = 0; i < 3; i++)
      s[i] /= sl;
   u[0] = s[1] * f[2] - s[2] * f[1], u[1] = s[2] * f[0] - s[0] * f[2], u[2] = s[0] * f[1] - s[1] * f[0];
   mat4 r = {{s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0, 0, 0, 0, 1}};
   return mat_mul(r, mat_translate(-eye[0], -eye[1], -eye[2]));
}

/* ---- meshes: position, normal, texture coordinate; 16-bit indices ---- */
struct vertex { float pos[3], normal[3], uv[2]; };

struct mesh {
   GLuint vbo, ibo;
   GLsizei index_count;
};

static struct mesh
mesh_upload(const struct vertex *v, int vertex_count, const uint16_t *idx, int index_count)
{
   struct mesh m = {0, 0, index_count};
   glGenBuffers(1, &m.vbo);
   glBindBuffer(GL_ARRAY_BUFFER, m.vbo);
   glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(vertex_count * sizeof(*v)), v, GL_STATIC_DRAW);
   glGenBuffers(1, &m.ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m.ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, (GLsizeiptr)(index_count * sizeof(*idx)), idx, GL_STATIC_DRAW);
   return m;
}

/* a surface of (u, v) in [0,1]^2, sampled on a (nu+1) x (nv+1) grid by fn */
typedef void (*surface_fn)(float u, float v, struct vertex *out);

static struct mesh
mesh_surface(surface_fn fn, int nu, int nv)
{
   int vcount = (nu + 1) * (nv + 1), icount = nu * nv * 6;
   struct vertex *v = malloc(sizeof(*v) * vcount);
   uint16_t *idx = malloc(sizeof(*idx) * icount);
   if (!v || !idx) {
      fprintf(stderr, "out of memory\n");
      exit(1);
   }
   for (int j = 0; j <= nv; j++)
      for (int i = 0; i <= nu; i++)
         fn((float)i / nu, (float)j / nv, &v[j * (nu + 1) + i]);
   int k = 0;
   for (int j = 0; j < nv; j++)
      for (int i = 0; i < nu; i++) {
         uint16_t a = j * (nu + 1) + i, b = a + 1, c = a + nu + 1, d = c + 1;
         idx[k++] = a, idx[k++] = b, idx[k++] = d;
         idx[k++] = a, idx[k++] = d, idx[k++] = c;
      }
   struct mesh m = mesh_upload(v, vcount, idx, icount);
   free(v);
   free(idx);
   return m;
}

static void
torus_point(float u, float v, struct vertex *out)
{
   const float R = 0.75f, r = 0.3f, pi2 = 6.2831853f;
   float a = u * pi2, b = v * pi2;
   float n[3] = {cosf(a) * cosf(b), sinf(b), sinf(a) * cosf(b)};
   out->pos[0] = cosf(a) * R + r * n[0], out->pos[1] = r * n[1], out->pos[2] = sinf(a) * R + r * n[2];
   memcpy(out->normal, n, sizeof(n));
   out->uv[0] = u * 4, out->uv[1] = v;
}

static void
sphere_point(float u, float v, struct vertex *out)
{
   const float pi = 3.14159265f;
   float a = u * 2 * pi, b = (1 - v) * pi;
   float n[3] = {sinf(b) * cosf(a), cosf(b), -sinf(b) * sinf(a)};
   for (int i = 0; i < 3; i++)
      out->pos[i] = 0.8f * n[i], out->normal[i] = n[i];
   out->uv[0] = u, out->uv[1] = v;
}

static struct mesh
mesh_cube(void)
{
   /* each face: its normal and two axes spanning it */
   static const float face[6][3][3] = {
      {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
      {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
      {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}}, {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
   };
   struct vertex v[24];
   uint16_t idx[36];
   for (int f = 0; f < 6; f++) {
      for (int c = 0; c < 4; c++) {
         float su = (c & 1) ? 1 : -1, sv = (c & 2) ? 1 : -1;
         struct vertex *o = &v[f * 4 + c];
         for (int i = 0; i < 3; i++) {
            o->pos[i] = 0.7f * (face[f][0][i] + su * face[f][1][i] + sv * face[f][2][i]);
            o->normal[i] = face[f][0][i];
         }
         o->uv[0] = (su + 1) / 2, o->uv[1] = (sv + 1) / 2;
      }
      uint16_t b = f * 4;
      uint16_t q[6] = {b, b + 1, b + 3, b, b + 3, b + 2};
      memcpy(&idx[f * 6], q, sizeof(q));
   }
   return mesh_upload(v, 24, idx, 36);
}

static struct mesh
mesh_floor(void)
{
   const float s = 9;
   struct vertex v[4] = {
      {{-s, 0, s}, {0, 1, 0}, {0, 0}}, {{s, 0, s}, {0, 1, 0}, {1, 0}},
      {{-s, 0, -s}, {0, 1, 0}, {0, 1}}, {{s, 0, -s}, {0, 1, 0}, {1, 1}},
   };
   uint16_t idx[6] = {0, 1, 3, 0, 3, 2};
   return mesh_upload(v, 4, idx, 6);
}

/* ---- textures, made from a fixed hash ---- */
static uint32_t
hash2(uint32_t x, uint32_t y)
{
   uint32_t h = x * 0x8da6b343u ^ y * 0xd8163841u;
   h ^= h >> 13;
   h *= 0x85ebca6bu;
   return h ^ (h >> 16);
}

static void
tex_params(bool mipmapped)
{
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, mipmapped ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
}

/* bricks, 256x256 RGB, uploaded as FXT1 (the GL compresses it); false if the texture is not FXT1 */
static bool
texture_bricks_fxt1(GLuint *tex)
{
   enum { N = 256 };
   static uint8_t pix[N * N * 3];
   for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++) {
         int row = y / 32, bx = (x + (row & 1) * 32) % 64, by = y % 32;
         bool mortar = bx < 3 || by < 3;
         uint32_t brick = hash2((x + (row & 1) * 32) / 64, row), grain = hash2(x, y);
         int shade = (int)(brick % 40) + (int)(grain % 24);
         uint8_t *p = &pix[(y * N + x) * 3];
         if (mortar)
            p[0] = 170 + grain % 16, p[1] = 165 + grain % 16, p[2] = 150 + grain % 16;
         else
            p[0] = 140 + shade, p[1] = 52 + shade / 2, p[2] = 36 + shade / 3;
      }
   glGenTextures(1, tex);
   glBindTexture(GL_TEXTURE_2D, *tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_FXT1_3DFX, N, N, 0, GL_RGB, GL_UNSIGNED_BYTE, pix);
   glGenerateMipmap(GL_TEXTURE_2D);
   tex_params(true);
   GLint compressed = 0, format = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
   return compressed && format == GL_COMPRESSED_RGB_FXT1_3DFX;
}

/* checker with fine lines (floor) or diagonal stripes (torus), RGBA8, mipmapped */
static GLuint
texture_rgba8(bool stripes)
{
   enum { N = 256 };
   static uint8_t pix[N * N * 4];
   for (int y = 0; y < N; y++)
      for (int x = 0; x < N; x++) {
         uint8_t *p = &pix[(y * N + x) * 4];
         uint32_t g = hash2(x, y) % 12;
         if (stripes) {
            bool s = ((x + y) / 32) & 1;
            p[0] = s ? 40 + g : 230 - g, p[1] = s ? 110 + g : 200 - g, p[2] = s ? 200 - g : 90 + g;
         } else {
            bool c = ((x / 128) ^ (y / 128)) & 1, line = x % 128 < 2 || y % 128 < 2;
            uint8_t v = line ? 30 : c ? 200 - g : 120 + g;
            p[0] = v, p[1] = v, p[2] = line ? 30 : v + (c ? 10 : 0);
         }
         p[3] = 255;
      }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, N, N, 0, GL_RGBA, GL_UNSIGNED_BYTE, pix);
   glGenerateMipmap(GL_TEXTURE_2D);
   tex_params(true);
   return tex;
}

/* ---- the program ---- */
static const char *vs_src =
   "#version 120\n"
   "attribute vec3 pos;\n"
   "attribute vec3 normal;\n"
   "attribute vec2 uv;\n"
   "uniform mat4 mvp, model;\n"
   "uniform vec2 uv_scale;\n"
   "varying vec3 w_pos, w_normal;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   w_pos = (model * vec4(pos, 1.0)).xyz;\n"
   "   w_normal = mat3(model[0].xyz, model[1].xyz, model[2].xyz) * normal;\n"
   "   v_uv = uv * uv_scale;\n"
   "   gl_Position = mvp * vec4(pos, 1.0);\n"
   "}\n";

static const char *fs_src =
   "#version 120\n"
   "uniform sampler2D tex;\n"
   "uniform float textured, shininess;\n"
   "uniform vec3 color, light_dir, eye;\n"
   "varying vec3 w_pos, w_normal;\n"
   "varying vec2 v_uv;\n"
   "void main() {\n"
   "   vec3 n = normalize(w_normal), l = normalize(-light_dir), v = normalize(eye - w_pos);\n"
   "   vec3 h = normalize(l + v);\n"
   "   vec3 base = color * mix(vec3(1.0), texture2D(tex, v_uv).rgb, textured);\n"
   "   float diffuse = max(dot(n, l), 0.0);\n"
   "   float spec = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), shininess) : 0.0;\n"
   "   float fog = clamp((length(eye - w_pos) - 6.0) / 14.0, 0.0, 1.0);\n"
   "   vec3 lit = base * (0.18 + 0.82 * diffuse) + vec3(0.6) * spec;\n"
   "   gl_FragColor = vec4(mix(lit, vec3(0.55, 0.62, 0.72), fog), 1.0);\n"
   "}\n";

struct scene {
   GLuint prog, tex_floor, tex_bricks, tex_stripes;
   GLint u_mvp, u_model, u_uv_scale, u_textured, u_shininess, u_color, u_light_dir, u_eye;
   struct mesh floor, cube, torus, sphere;
   int w_px, h_px;
};

static void
draw_mesh(const struct scene *s, const struct mesh *m, mat4 view_proj, mat4 model, GLuint tex, float uv_scale,
          const float color[3], float shininess)
{
   mat4 mvp = mat_mul(view_proj, model);
   glUniformMatrix4fv(s->u_mvp, 1, GL_FALSE, mvp.m);
   glUniformMatrix4fv(s->u_model, 1, GL_FALSE, model.m);
   glUniform2f(s->u_uv_scale, uv_scale, uv_scale);
   glUniform1f(s->u_textured, tex ? 1.0f : 0.0f);
   glUniform1f(s->u_shininess, shininess);
   glUniform3fv(s->u_color, 1, color);
   glBindTexture(GL_TEXTURE_2D, tex ? tex : s->tex_floor);
   glBindBuffer(GL_ARRAY_BUFFER, m->vbo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, m->ibo);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)offsetof(struct vertex, pos));
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)offsetof(struct vertex, normal));
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(struct vertex), (void *)offsetof(struct vertex, uv));
   glDrawElements(GL_TRIANGLES, m->index_count, GL_UNSIGNED_SHORT, NULL);
}

static void
draw_frame(const struct scene *s, int frame)
{
   const float eye[3] = {0, 3.0f, 7.0f}, at[3] = {0, 0.8f, 0};
   const float light[3] = {-0.45f, -0.8f, -0.4f};
   const float white[3] = {1, 1, 1}, gold[3] = {0.95f, 0.7f, 0.25f};
   float t = frame * 0.03f;
   mat4 vp = mat_mul(mat_perspective(0.87f, (float)s->w_px / s->h_px, 0.5f, 40.0f), mat_look_at(eye, at));

   glClearColor(0.55f, 0.62f, 0.72f, 1);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glUniform3fv(s->u_light_dir, 1, light);
   glUniform3fv(s->u_eye, 1, eye);
   draw_mesh(s, &s->floor, vp, mat_identity(), s->tex_floor, 6, white, 16);
   draw_mesh(s, &s->cube, vp,
             mat_mul(mat_translate(-2.3f, 1.0f, 0.3f), mat_mul(mat_rotate(t, 0, 1, 0), mat_rotate(0.5f, 1, 0, 0))),
             s->tex_bricks, 1, white, 24);
   draw_mesh(s, &s->torus, vp,
             mat_mul(mat_translate(0, 1.1f, -0.4f), mat_mul(mat_rotate(1.1f * t, 0, 1, 0), mat_rotate(1.0f, 1, 0, 0))),
             s->tex_stripes, 1, white, 48);
   draw_mesh(s, &s->sphere, vp, mat_mul(mat_translate(2.3f, 0.9f, 0.3f), mat_scale(1.0f + 0.1f * sinf(t))), 0, 1,
             gold, 64);
}

static bool
scene_init(struct scene *s, int w_px, int h_px)
{
   int linked = 0;
   GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(vs, 1, &vs_src, NULL);
   glCompileShader(vs);
   glShaderSource(fs, 1, &fs_src, NULL);
   glCompileShader(fs);
   s->prog = glCreateProgram();
   glAttachShader(s->prog, vs);
   glAttachShader(s->prog, fs);
   glBindAttribLocation(s->prog, 0, "pos");
   glBindAttribLocation(s->prog, 1, "normal");
   glBindAttribLocation(s->prog, 2, "uv");
   glLinkProgram(s->prog);
   glGetProgramiv(s->prog, GL_LINK_STATUS, &linked);
   if (!linked) {
      char log[2048] = "";
      glGetProgramInfoLog(s->prog, sizeof(log), NULL, log);
      fprintf(stderr, "the program does not link: %s\n", log);
      return false;
   }
   glUseProgram(s->prog);
   s->u_mvp = glGetUniformLocation(s->prog, "mvp");
   s->u_model = glGetUniformLocation(s->prog, "model");
   s->u_uv_scale = glGetUniformLocation(s->prog, "uv_scale");
   s->u_textured = glGetUniformLocation(s->prog, "textured");
   s->u_shininess = glGetUniformLocation(s->prog, "shininess");
   s->u_color = glGetUniformLocation(s->prog, "color");
   s->u_light_dir = glGetUniformLocation(s->prog, "light_dir");
   s->u_eye = glGetUniformLocation(s->prog, "eye");
   glUniform1i(glGetUniformLocation(s->prog, "tex"), 0);

   s->w_px = w_px, s->h_px = h_px;
   s->tex_floor = texture_rgba8(false);
   s->tex_stripes = texture_rgba8(true);
   if (!texture_bricks_fxt1(&s->tex_bricks)) {
      fprintf(stderr, "the GL did not store the brick texture as FXT1 (GL_3DFX_texture_compression_FXT1)\n");
      return false;
   }
   s->floor = mesh_floor();
   s->cube = mesh_cube();
   s->torus = mesh_surface(torus_point, 48, 24);
   s->sphere = mesh_surface(sphere_point, 40, 24);
   for (GLuint a = 0; a < 3; a++)
      glEnableVertexAttribArray(a);
   glEnable(GL_DEPTH_TEST);
   glEnable(GL_CULL_FACE);
   return glGetError() == GL_NO_ERROR;
}

/* ---- PNG through libpng's simplified interface ---- */
static bool
png_write_rgba(const char *path, const uint8_t *rgba_bottom_up, int w_px, int h_px)
{
   png_image img;
   memset(&img, 0, sizeof(img));
   img.version = PNG_IMAGE_VERSION;
   img.width = w_px, img.height = h_px, img.format = PNG_FORMAT_RGB;
   uint8_t *rgb = malloc((size_t)w_px * h_px * 3);
   if (!rgb)
      return false;
   for (int y = 0; y < h_px; y++)   /* GL's rows go up, PNG's go down */
      for (int x = 0; x < w_px; x++)
         memcpy(&rgb[((size_t)y * w_px + x) * 3], &rgba_bottom_up[((size_t)(h_px - 1 - y) * w_px + x) * 4], 3);
   bool ok = png_image_write_to_file(&img, path, 0, rgb, w_px * 3, NULL);
   if (!ok)
      fprintf(stderr, "%s: %s\n", path, img.message);
   free(rgb);
   return ok;
}

static uint8_t *
png_read_rgb(const char *path, int *w_px, int *h_px)
{
   png_image img;
   memset(&img, 0, sizeof(img));
   img.version = PNG_IMAGE_VERSION;
   if (!png_image_begin_read_from_file(&img, path)) {
      fprintf(stderr, "%s: %s\n", path, img.message);
      return NULL;
   }
   img.format = PNG_FORMAT_RGB;
   uint8_t *rgb = malloc(PNG_IMAGE_SIZE(img));
   if (!rgb || !png_image_finish_read(&img, NULL, rgb, 0, NULL)) {
      fprintf(stderr, "%s: %s\n", path, rgb ? img.message : "out of memory");
      free(rgb);
      png_image_free(&img);
      return NULL;
   }
   *w_px = img.width, *h_px = img.height;
   return rgb;
}

static int
compare(const char *a_path, const char *b_path, double max_bad_permille)
{
   int aw, ah, bw, bh;
   uint8_t *a = png_read_rgb(a_path, &aw, &ah), *b = png_read_rgb(b_path, &bw, &bh);
   if (!a || !b)
      return 1;
   if (aw != bw || ah != bh) {
      fprintf(stderr, "the pictures differ in size: %dx%d and %dx%d\n", aw, ah, bw, bh);
      return 1;
   }
   double sq = 0;
   long bad = 0, n = (long)aw * ah;
   for (long i = 0; i < n; i++) {
      int worst = 0;
      for (int c = 0; c < 3; c++) {
         int d = abs(a[i * 3 + c] - b[i * 3 + c]);
         sq += (double)d * d;
         worst = d > worst ? d : worst;
      }
      bad += worst > BAD_DIFF;
   }
   double mse = sq / (n * 3.0), psnr = mse > 0 ? 10 * log10(255.0 * 255.0 / mse) : INFINITY;
   double bad_permille = 1000.0 * bad / n;
   printf("%s against %s: PSNR %.2f dB, %ld of %ld pixels (%.2f per mille) differ by more than %d\n",
          a_path, b_path, psnr, bad, n, bad_permille, BAD_DIFF);
   free(a);
   free(b);
   if (bad_permille > max_bad_permille) {
      printf("FAIL: more than %.2f per mille of the pixels differ\n", max_bad_permille);
      return 1;
   }
   return 0;
}

static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main(int argc, char **argv)
{
   double seconds = 3, max_bad = 5;
   int frames = 0, w_px = 640, h_px = 480;
   const char *png = "fxpipe-demo.png";
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--compare") && i + 2 < argc) {
         for (int j = i + 3; j + 1 < argc; j++)
            if (!strcmp(argv[j], "--max-bad-permille"))
               max_bad = atof(argv[j + 1]);
         return compare(argv[i + 1], argv[i + 2], max_bad);
      } else if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
         seconds = atof(argv[++i]);
      } else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
         frames = atoi(argv[++i]);
      } else if (!strcmp(argv[i], "--png") && i + 1 < argc) {
         png = argv[++i];
      } else if (!strcmp(argv[i], "--size") && i + 1 < argc &&
                 sscanf(argv[i + 1], "%dx%d", &w_px, &h_px) == 2 && w_px > 0 && h_px > 0 && w_px <= 4096 &&
                 h_px <= 4096) {
         i++;
      } else {
         fprintf(stderr, "usage: fxpipe-demo [--seconds S | --frames N] [--png FILE] [--size WxH]\n"
                         "       fxpipe-demo --compare A.png B.png [--max-bad-permille P]\n");
         return 2;
      }
   }

   if (fxp_egl_make_current() == EGL_NO_DISPLAY || !fxp_make_fbo(w_px, h_px))
      return 1;
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   struct scene s;
   if (!scene_init(&s, w_px, h_px))
      return 1;

   /* the first frame outside the timing (it compiles the shader variants) */
   draw_frame(&s, 0);
   glFinish();
   int n = 0;
   double start = now_s(), elapsed = 0;
   while (frames ? n < frames : elapsed < seconds) {
      draw_frame(&s, ++n);
      glFinish();
      elapsed = now_s() - start;
   }
   printf("scene %dx%d on %s: %d frames in %.2f s: %.1f frames/s\n", w_px, h_px, renderer, n, elapsed,
          elapsed > 0 ? n / elapsed : 0.0);

   draw_frame(&s, PICTURE_FRAME);
   uint8_t *rgba = malloc((size_t)w_px * h_px * 4);
   if (!rgba)
      return 1;
   glReadPixels(0, 0, w_px, h_px, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   GLenum err = glGetError();
   if (err != GL_NO_ERROR) {
      fprintf(stderr, "GL error 0x%x\n", err);
      return 1;
   }
   if (!png_write_rgba(png, rgba, w_px, h_px))
      return 1;
   printf("the picture of frame %d: %s\n", PICTURE_FRAME, png);
   free(rgba);
   return 0;
}
