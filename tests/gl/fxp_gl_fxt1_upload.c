/* fxpipe-gl-fxt1-upload: GL uploads to FXT1 textures are encoded by fxpipe's encoder (issue 20), checked
 * through the system's EGL (surfaceless, desktop GL) on natural images.
 *
 *   fxpipe-gl-fxt1-upload TOOL IMAGE...     (tests/gl/fxt1-upload.sh: TOOL is fxpipe-fxt1, the IMAGEs those
 *                                             of bench/fxt1/images.sh, photographs and game textures)
 *
 * Each case uploads RGB or RGBA pixels to a texture of internal format GL_COMPRESSED_RGB_FXT1_3DFX or
 * GL_COMPRESSED_RGBA_FXT1_3DFX, reads the blocks back with glGetCompressedTexImage, decodes them with
 * fxpipe's exact decoder (fxt1/fxp_fxt1.c, linked here) and measures PSNR against the source as
 * `fxpipe-fxt1 compare` does (fxp_image_quality). The same source, written as a PNG, is encoded by
 * `TOOL encode --fast` (`--thorough` when FXPIPE_FXT1=thorough, the setting GL uploads then use). Checked:
 *   - the texture's internal format and compressed size; no GL error
 *   - the blocks are those of the tool, byte for byte
 *   - the PSNR equals (within 0.01 dB) what `TOOL compare` prints for the tool's file, RGB and alpha
 *   - the PSNR is higher than Mesa's own encoder gave through GL before (the table below)
 * The cases: every image in its own format (RGBA when its alphas are not all 255) through glTexImage2D,
 * photographs cropped to 384x256 at their centre and read out of the whole image with GL_UNPACK_ROW_LENGTH
 * and GL_UNPACK_SKIP_*, as GL_RGB pixels (the game textures as GL_RGBA); a photograph in the RGBA format and
 * a sprite in the RGB format; a 203x117 crop (partial edge blocks) from GL_RGB rows padded to
 * GL_UNPACK_ALIGNMENT 4; the same size and the 239x245 sprite in four glTexSubImage2D pieces (split at
 * x = 96, y = 60; the right and bottom pieces are odd sizes reaching the edge); and glGenerateMipmap on a
 * 256x256 terrain (RGB) and sprite (RGBA). Mesa makes each level from the level above decoded
 * (glGetTexImage's bytes) and box-filtered ((a + b + c + d) / 4, truncated: Mesa's mipmap.c), and each
 * level's blocks must be the tool's encoding of that image.
 *
 * Mesa's encoder (util_format_fxt1_*_pack_rgba_8unorm, which _mesa_texstore_fxt1 called before
 * mesa-patches/0007) was first measured with this program on 2026-12-03, on commit 3dc10d8 with fxpipe's
 * fxp_fxt1_texstore built but the patch not yet in the series; fxpipe's fast and thorough settings the same
 * day through the same GL path with the patch (FXPIPE_FXT1 unset and =thorough; the tool's figures were the
 * same to the last digit). The RGB PSNR of the RGBA format's images then left out the texels whose alpha is 0,
 * as the encoder took them for transparent black; since fxpipe's encoder keeps their colours
 * (fxp_fxt1_encode.h), it counts every texel (fxp_image_quality), and the three sprites' figures, Mesa's
 * included, were measured again the same day through GL, Mesa's with a build whose fxp_fxt1_texstore
 * declined every upload (so that _mesa_texstore_fxt1 fell back to Mesa's encoder; the photographs' and
 * terrains' figures came out as before to the last digit). PSNR in dB, RGB and (RGBA format) alpha; the
 * photographs are 384x256 crops:
 *
 *   case                          format    Mesa            fxpipe fast     fxpipe thorough
 *   Blinds.jpg                    RGB       36.30           39.41           40.13
 *   Dune.jpg                      RGB       32.86           35.63           36.23
 *   FreshFlower.jpg               RGB       40.28           43.81           45.77
 *   GreenMeadow.jpg               RGB       37.04           39.90           40.96
 *   Storm.jpg                     RGB       40.70           43.81           46.09
 *   grass01.png                   RGB       30.14           32.03           33.42
 *   rock07.png                    RGB       32.39           34.01           36.38
 *   shrub.png                     RGBA      29.39 / 24.41   30.81 / 28.12   32.16 / 29.23
 *   snowy_tree1.png               RGBA      26.04 / 21.47   26.38 / 24.83   29.14 / 27.36
 *   tree_barren2.png (239x245)    RGBA      23.49 / 12.28   23.76 / 16.62   27.62 / 21.09
 *   mean of the ten               RGB       32.86           34.96           36.79
 *   mean of the three sprites     alpha     19.39           23.19           25.89
 *   Blinds.jpg-rgba               RGBA      36.30 / inf     39.41 / inf     40.13 / inf
 *   Dune.jpg-203x117              RGB       33.30           36.32           36.93
 *   FreshFlower.jpg-203x117-sub   RGB       40.72           44.20           46.87
 *   shrub.png-rgb                 RGB       29.98           32.21           34.14
 *   tree_barren2.png-sub          RGBA      23.45 / 12.25   23.76 / 16.62   27.62 / 21.09
 *
 * (Mesa's encoder gave the sub-image upload of tree_barren2 other figures than the whole one; fxpipe's
 * encodes each block from its own texels alone, so both give the same blocks.) The run took 3.6 s with the
 * fast setting and 7.8 s with the thorough one, on a 2-core machine at load average 6 to 9.
 *
 * Before the images, piglit's rgbw image (rgbw_case: alpha-0 texels keep their colour) through 2D, 2D array
 * and cube map uploads, read back with glGetTexImage within 8.
 *
 * Exits 0 only if every check passes. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, clock_gettime */
#define GL_GLEXT_PROTOTYPES
#include <GL/gl.h>
#include <GL/glext.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_image.h"
#include "fxt1/fxp_fxt1_ktx.h"
#include "fxp_bench_jpeg.h"
#include "fxp_gl_check.h"
#include "fxp_gl_egl.h"

#ifndef GL_COMPRESSED_RGB_FXT1_3DFX
#define GL_COMPRESSED_RGB_FXT1_3DFX  0x86B0
#define GL_COMPRESSED_RGBA_FXT1_3DFX 0x86B1
#endif

/* Mesa's encoder through GL, before mesa-patches/0007 (2026-12-03; RGB over every texel, the header says
 * how): RGB and alpha PSNR in dB (alpha 0 for the RGB format). A case with no figure (0, 0) is checked against the tool only. */
struct mesa_figure {
   const char *case_name;
   double rgb_dB, alpha_dB;
};

static const struct mesa_figure mesa_figures[] = {
   {"Blinds.jpg", 36.30, 0},
   {"Blinds.jpg-rgba", 36.30, INFINITY},
   {"Dune.jpg", 32.86, 0},
   {"Dune.jpg-203x117", 33.30, 0},
   {"FreshFlower.jpg", 40.28, 0},
   {"FreshFlower.jpg-203x117-sub", 40.72, 0},
   {"GreenMeadow.jpg", 37.04, 0},
   {"Storm.jpg", 40.70, 0},
   {"grass01.png", 30.14, 0},
   {"rock07.png", 32.39, 0},
   {"shrub.png", 29.39, 24.41},
   {"shrub.png-rgb", 29.98, 0},
   {"snowy_tree1.png", 26.04, 21.47},
   {"tree_barren2.png", 23.49, 12.28},
   {"tree_barren2.png-sub", 23.45, 12.25},
   {NULL, 0, 0},
};

static const char *tool;
static char tmp_dir[256];
static bool thorough;

static const struct mesa_figure *
mesa_figure(const char *case_name)
{
   for (unsigned i = 0; mesa_figures[i].case_name; i++) {
      if (!strcmp(mesa_figures[i].case_name, case_name))
         return &mesa_figures[i];
   }
   return NULL;
}

/* ---- the tool ---- */

/* Runs TOOL with args (NULL-terminated), its standard output into out (at most out_size - 1 bytes); true if
 * it exited with 0. */
static bool
run_tool(const char *const *args, char *out, size_t out_size)
{
   const char *argv[16];
   int fds[2];
   unsigned n = 0;

   argv[n++] = tool;
   for (unsigned i = 0; args[i] && n < 15; i++)
      argv[n++] = args[i];
   argv[n] = NULL;
   fflush(stdout);
   if (pipe(fds) != 0)
      return false;

   const pid_t pid = fork();

   if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
   }
   if (pid == 0) {
      dup2(fds[1], 1);
      close(fds[0]);
      close(fds[1]);
      execv(tool, (char *const *)argv);
      _exit(127);
   }
   close(fds[1]);

   size_t got = 0;
   ssize_t r;
   char rest[256];

   while (got < out_size - 1 && (r = read(fds[0], out + got, out_size - 1 - got)) > 0)
      got += (size_t)r;
   while (read(fds[0], rest, sizeof(rest)) > 0) /* more than out holds: the child must not block */
      ;
   out[got] = 0;
   close(fds[0]);

   int status;

   return waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* The number after `what` in compare's output ("RGB PSNR 34.81 dB"; inf as INFINITY), or NAN. */
static double
parse_psnr(const char *out, const char *what)
{
   const char *p = strstr(out, what);

   if (!p)
      return NAN;
   p += strlen(what);
   if (!strncmp(p, " inf", 4))
      return INFINITY;
   return strtod(p, NULL);
}

static uint8_t *
read_all(const char *path, size_t *size_B)
{
   FILE *f = fopen(path, "rb");
   uint8_t *data = NULL;
   long n;

   if (!f)
      return NULL;
   if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
       (data = malloc((size_t)n)) && fread(data, 1, (size_t)n, f) == (size_t)n) {
      *size_B = (size_t)n;
   } else {
      free(data);
      data = NULL;
   }
   fclose(f);
   return data;
}

/* What the tool makes of a w x h RGBA8 image: its blocks (malloc'ed, size_B bytes) and the PSNR its compare
 * prints. */
struct tool_result {
   uint8_t *blocks;
   size_t size_B;
   double rgb_dB, alpha_dB;
};

/* Writes the image as a PNG, runs TOOL encode and compare on it and reads the KTX file back; false (said)
 * when a step fails. The files are removed either way. */
static bool
tool_encode(const char *name, const uint8_t *rgba, unsigned w, unsigned h, bool rgba_format, struct tool_result *r)
{
   char png[400], ktx[400], err[512] = "", out[2048];
   const char *enc[] = {"encode", thorough ? "--thorough" : "--fast", rgba_format ? "--rgba" : "--rgb", png, ktx,
                        NULL};
   const char *cmp[] = {"compare", png, ktx, NULL};
   uint8_t *file = NULL;
   size_t file_B = 0;
   struct fxp_ktx k;
   bool ok = false;

   memset(r, 0, sizeof(*r));
   snprintf(png, sizeof(png), "%s/%s.png", tmp_dir, name);
   snprintf(ktx, sizeof(ktx), "%s/%s.ktx", tmp_dir, name);
   if (!fxp_png_write(png, rgba, w, h, true, err, sizeof(err))) {
      check(0, "%s: writing %s: %s", name, png, err);
   } else if (!run_tool(enc, out, sizeof(out)) || !run_tool(cmp, out, sizeof(out))) {
      check(0, "%s: %s encode or compare failed", name, tool);
   } else if (!(file = read_all(ktx, &file_B)) || !fxp_ktx_parse(file, file_B, &k, err, sizeof(err)) ||
              k.w_px != w || k.h_px != h) {
      check(0, "%s: reading %s: %s", name, ktx, !file ? "cannot read it" : err[0] ? err : "another size");
   } else if (!(r->blocks = malloc(k.level_B[0]))) {
      check(0, "%s: out of memory", name);
   } else {
      r->size_B = k.level_B[0];
      memcpy(r->blocks, k.level_data[0], r->size_B);
      r->rgb_dB = parse_psnr(out, "RGB PSNR");
      r->alpha_dB = rgba_format ? parse_psnr(out, "alpha PSNR") : 0;
      ok = true;
   }
   free(file);
   unlink(png);
   unlink(ktx);
   return ok;
}

/* ---- images ---- */

static const char *
base_name(const char *path)
{
   const char *s = strrchr(path, '/');

   return s ? s + 1 : path;
}

static bool
load_image(const char *path, struct fxp_image *img)
{
   const size_t n = strlen(path);
   char err[512];

   if (n > 4 && !strcmp(path + n - 4, ".jpg"))
      return fxp_bench_read_jpeg(path, img);
   if (!fxp_png_read(path, img, err, sizeof(err))) {
      fprintf(stderr, "%s\n", err);
      return false;
   }
   return true;
}

static bool
has_translucency(const struct fxp_image *img)
{
   for (size_t t = 0; img->has_alpha && t < (size_t)img->w_px * img->h_px; t++) {
      if (img->rgba[4 * t + 3] != 255)
         return true;
   }
   return false;
}

/* The w x h RGBA8 region at (x0, y0), packed. */
static uint8_t *
crop(const struct fxp_image *img, unsigned x0, unsigned y0, unsigned w, unsigned h)
{
   uint8_t *out = malloc((size_t)w * h * 4);

   for (unsigned y = 0; out && y < h; y++)
      memcpy(out + (size_t)y * w * 4, img->rgba + ((size_t)(y0 + y) * img->w_px + x0) * 4, (size_t)w * 4);
   return out;
}

/* The whole image as RGB8, rows packed (w * 3 bytes). */
static uint8_t *
to_rgb(const uint8_t *rgba, size_t texels)
{
   uint8_t *out = malloc(texels * 3);

   for (size_t t = 0; out && t < texels; t++)
      memcpy(out + 3 * t, rgba + 4 * t, 3);
   return out;
}

/* ---- GL ---- */

/* How the pixels reach GL: from the whole image (row length, skips) or from a buffer of the region alone. */
struct upload {
   const void *pixels;  /* the first texel of the buffer the unpack state addresses */
   GLenum format;       /* GL_RGB or GL_RGBA, GL_UNSIGNED_BYTE */
   int row_length, skip_x, skip_y, alignment;
};

static void
set_unpack(const struct upload *u)
{
   glPixelStorei(GL_UNPACK_ROW_LENGTH, u->row_length);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, u->skip_x);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, u->skip_y);
   glPixelStorei(GL_UNPACK_ALIGNMENT, u->alignment);
}

/* Level `level` of the bound texture: checks its format and size, returns its blocks (malloc'ed). */
static uint8_t *
read_blocks(const char *name, int level, GLenum internal_format, unsigned w, unsigned h)
{
   GLint fmt = 0, compressed = 0, size_B = 0, tw = 0, th = 0;
   const uint64_t want_B = fxp_fxt1_image_size_B(w, h);

   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_INTERNAL_FORMAT, &fmt);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED, &compressed);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size_B);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &tw);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_HEIGHT, &th);
   if (!check(fmt == (GLint)internal_format && compressed && (uint64_t)size_B == want_B && tw == (GLint)w &&
              th == (GLint)h,
              "%s level %d: internal format 0x%x, compressed %d, %d bytes, %dx%d (want 0x%x, %llu bytes, %ux%u)",
              name, level, fmt, compressed, size_B, tw, th, internal_format, (unsigned long long)want_B, w, h))
      return NULL;

   uint8_t *blocks = malloc(want_B);

   if (blocks) {
      glPixelStorei(GL_PACK_ALIGNMENT, 1);
      glGetCompressedTexImage(GL_TEXTURE_2D, level, blocks);
   }
   return blocks;
}

static double
elapsed_s(const struct timespec *t0)
{
   struct timespec t1;

   clock_gettime(CLOCK_MONOTONIC, &t1);
   return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) * 1e-9;
}

/* Compares level `level` of the bound texture with the tool's encoding of src (w x h RGBA8, packed); prints
 * the PSNR line; checks Mesa's figure when the case has one. */
static void
compare_level(const char *name, int level, const uint8_t *src, unsigned w, unsigned h, bool rgba_format)
{
   const GLenum internal_format = rgba_format ? GL_COMPRESSED_RGBA_FXT1_3DFX : GL_COMPRESSED_RGB_FXT1_3DFX;
   uint8_t *blocks = read_blocks(name, level, internal_format, w, h);
   struct tool_result ref;

   if (!blocks || !tool_encode(name, src, w, h, rgba_format, &ref)) {
      free(blocks);
      return;
   }

   size_t differ = 0;
   const size_t n_blocks = ref.size_B / FXP_FXT1_BLOCK_B;

   for (size_t b = 0; b < n_blocks; b++)
      differ += memcmp(blocks + b * FXP_FXT1_BLOCK_B, ref.blocks + b * FXP_FXT1_BLOCK_B, FXP_FXT1_BLOCK_B) != 0;
   check(!differ, "%s: %zu of %zu blocks differ from %s encode %s's", name, differ, n_blocks, base_name(tool),
         thorough ? "--thorough" : "--fast");

   uint8_t *dec = malloc((size_t)w * h * 4);
   struct fxp_quality q;

   memset(&q, 0, sizeof(q));

   if (!dec) {
      check(0, "%s: out of memory", name);
      free(blocks);
      free(ref.blocks);
      return;
   }
   if (rgba_format)
      fxp_fxt1_decode_image(blocks, (w + 7) / 8 * FXP_FXT1_BLOCK_B, w, h, dec, w * 4);
   else
      fxp_fxt1_decode_image_rgb(blocks, (w + 7) / 8 * FXP_FXT1_BLOCK_B, w, h, dec, w * 4);
   fxp_image_quality(src, dec, w, h, rgba_format, &q);
   printf("     %-28s %ux%u %s: GL RGB %.2f dB", name, w, h, rgba_format ? "RGBA" : "RGB ", q.rgb_psnr);
   if (rgba_format)
      printf(", alpha %.2f dB", q.alpha_psnr);
   printf("; tool RGB %.2f dB", ref.rgb_dB);
   if (rgba_format)
      printf(", alpha %.2f dB", ref.alpha_dB);
   printf("\n");

   /* compare prints two decimals: equal within 0.01 dB (both infinite counts as equal) */
   const bool rgb_same = q.rgb_psnr == ref.rgb_dB || fabs(q.rgb_psnr - ref.rgb_dB) <= 0.01;
   const bool alpha_same = q.alpha_psnr == ref.alpha_dB || fabs(q.alpha_psnr - ref.alpha_dB) <= 0.01;

   if (rgba_format)
      check(rgb_same && alpha_same,
            "%s: PSNR through GL equals the tool's (RGB %.3f / %.2f, alpha %.3f / %.2f dB)", name, q.rgb_psnr,
            ref.rgb_dB, q.alpha_psnr, ref.alpha_dB);
   else
      check(rgb_same, "%s: PSNR through GL equals the tool's (RGB %.3f / %.2f dB)", name, q.rgb_psnr, ref.rgb_dB);

   const struct mesa_figure *m = level == 0 ? mesa_figure(name) : NULL;

   if (m && rgba_format) {
      /* alpha: higher, or exact (infinite) as Mesa's was */
      check(q.rgb_psnr > m->rgb_dB && (q.alpha_psnr > m->alpha_dB || (isinf(q.alpha_psnr) && isinf(m->alpha_dB))),
            "%s: better than Mesa's encoder (RGB %.2f > %.2f dB, alpha %.2f > %.2f dB)", name, q.rgb_psnr,
            m->rgb_dB, q.alpha_psnr, m->alpha_dB);
   } else if (m) {
      check(q.rgb_psnr > m->rgb_dB, "%s: better than Mesa's encoder (RGB %.2f > %.2f dB)", name, q.rgb_psnr,
            m->rgb_dB);
   }
   free(dec);
   free(blocks);
   free(ref.blocks);
}

/* glTexImage2D of a w x h region, or (pieces) glTexImage2D with no data and four glTexSubImage2D split at
 * (96, 60); then the level's checks. src: the region as packed RGBA8, what the PSNR is measured against. */
static void
upload_case(const char *name, const struct upload *u, const uint8_t *src, unsigned w, unsigned h, bool rgba_format,
            bool pieces)
{
   const GLenum internal_format = rgba_format ? GL_COMPRESSED_RGBA_FXT1_3DFX : GL_COMPRESSED_RGB_FXT1_3DFX;
   GLuint tex;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   set_unpack(u);
   if (!pieces) {
      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal_format, (GLsizei)w, (GLsizei)h, 0, u->format,
                   GL_UNSIGNED_BYTE, u->pixels);
   } else {
      const unsigned sx = 96, sy = 60; /* multiples of the 8x4 block */
      const unsigned xs[3] = {0, sx, w}, ys[3] = {0, sy, h};

      glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal_format, (GLsizei)w, (GLsizei)h, 0, u->format,
                   GL_UNSIGNED_BYTE, NULL);
      for (unsigned j = 0; j < 2; j++) {
         for (unsigned i = 0; i < 2; i++) {
            struct upload piece = *u;

            piece.skip_x += (int)xs[i];
            piece.skip_y += (int)ys[j];
            set_unpack(&piece);
            glTexSubImage2D(GL_TEXTURE_2D, 0, (GLint)xs[i], (GLint)ys[j], (GLsizei)(xs[i + 1] - xs[i]),
                            (GLsizei)(ys[j + 1] - ys[j]), u->format, GL_UNSIGNED_BYTE, u->pixels);
         }
      }
   }
   const GLenum err = glGetError();
   check(err == GL_NO_ERROR, "%s: upload gives no GL error (0x%x)", name, err);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   compare_level(name, 0, src, w, h, rgba_format);
   glDeleteTextures(1, &tex);
}

/* glGenerateMipmap on a w x h (even sizes down to 1) texture uploaded from src; each level against the tool's
 * encoding of the level above decoded (glGetTexImage) and box-filtered as Mesa's mipmap.c does. */
static void
mipmap_case(const char *name, const uint8_t *src, unsigned w, unsigned h, bool rgba_format)
{
   const GLenum internal_format = rgba_format ? GL_COMPRESSED_RGBA_FXT1_3DFX : GL_COMPRESSED_RGB_FXT1_3DFX;
   const unsigned comps = rgba_format ? 4 : 3;
   GLuint tex;

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, (GLint)internal_format, (GLsizei)w, (GLsizei)h, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                src);
   glGenerateMipmap(GL_TEXTURE_2D);
   GLenum err = glGetError();
   check(err == GL_NO_ERROR, "%s: glGenerateMipmap gives no GL error (0x%x)", name, err);

   /* level 0 decoded as Mesa's mipmap generation reads it: GL_RGB or GL_RGBA bytes */
   uint8_t *cur = malloc((size_t)w * h * comps), *rgba = malloc((size_t)w * h * 4);

   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, rgba_format ? GL_RGBA : GL_RGB, GL_UNSIGNED_BYTE, cur);
   for (int level = 1; cur && rgba && (w > 1 || h > 1); level++) {
      const unsigned nw = w > 1 ? w / 2 : 1, nh = h > 1 ? h / 2 : 1;
      uint8_t *next = malloc((size_t)nw * nh * comps);
      char level_name[96];

      if (!next)
         break;
      for (unsigned y = 0; y < nh; y++) {
         const uint8_t *ra = cur + (size_t)(h > 1 ? 2 * y : y) * w * comps;
         const uint8_t *rb = cur + (size_t)(h > 1 ? 2 * y + 1 : y) * w * comps;

         for (unsigned x = 0; x < nw; x++) {
            const unsigned j = w > 1 ? 2 * x : x, k = w > 1 ? 2 * x + 1 : x;

            for (unsigned c = 0; c < comps; c++)
               next[((size_t)y * nw + x) * comps + c] =
                  (uint8_t)((ra[j * comps + c] + ra[k * comps + c] + rb[j * comps + c] + rb[k * comps + c]) / 4);
         }
      }
      for (size_t t = 0; t < (size_t)nw * nh; t++) {
         memcpy(rgba + 4 * t, next + comps * t, comps);
         if (comps == 3)
            rgba[4 * t + 3] = 255;
      }
      snprintf(level_name, sizeof(level_name), "%s-level%d", name, level);
      compare_level(level_name, level, rgba, nw, nh, rgba_format);
      free(cur);
      cur = next;
      w = nw;
      h = nh;
   }
   free(cur);
   free(rgba);
   glDeleteTextures(1, &tex);
}

/* ---- the cases ---- */

static void
run_image(const char *path)
{
   const char *base = base_name(path);
   struct fxp_image img;
   char name[96];

   if (!check(load_image(path, &img), "%s: read", path))
      return;

   const bool photo = strstr(base, ".jpg") != NULL, rgba_format = has_translucency(&img);
   const size_t texels = (size_t)img.w_px * img.h_px;
   const unsigned w = photo ? 384 : img.w_px, h = photo ? 256 : img.h_px;
   const unsigned x0 = (img.w_px - w) / 2 / 8 * 8, y0 = (img.h_px - h) / 2 / 4 * 4;
   uint8_t *src = crop(&img, x0, y0, w, h), *rgb = photo ? to_rgb(img.rgba, texels) : NULL;

   if (!check(src && (!photo || rgb), "%s: out of memory", base))
      goto out;

   /* the image in its own format: photographs as GL_RGB pixels out of the whole image, the game textures
    * as GL_RGBA pixels */
   const struct upload whole = {photo ? (const void *)rgb : (const void *)img.rgba, photo ? GL_RGB : GL_RGBA,
                                (int)img.w_px, (int)x0, (int)y0, photo ? 1 : 4};

   snprintf(name, sizeof(name), "%s", base);
   upload_case(name, &whole, src, w, h, rgba_format, false);

   if (!strcmp(base, "Blinds.jpg")) {
      /* a photograph in the RGBA format, from GL_RGBA pixels */
      const struct upload u = {img.rgba, GL_RGBA, (int)img.w_px, (int)x0, (int)y0, 4};

      upload_case("Blinds.jpg-rgba", &u, src, w, h, true, false);
   }
   if (!strcmp(base, "shrub.png")) {
      /* a sprite in the RGB format: its alpha is dropped */
      upload_case("shrub.png-rgb", &whole, src, w, h, false, false);
   }
   if (!strcmp(base, "Dune.jpg") || !strcmp(base, "FreshFlower.jpg")) {
      /* 203x117: partial blocks at both edges; Dune from its own rows padded to 4 bytes (609 -> 612),
       * FreshFlower in four glTexSubImage2D pieces out of the whole image */
      const unsigned ow = 203, oh = 117, ox = x0 + 8, oy = y0 + 4;
      const unsigned pad_row = (ow * 3 + 3) / 4 * 4;
      uint8_t *osrc = crop(&img, ox, oy, ow, oh), *padded = calloc((size_t)pad_row * oh, 1);

      if (check(osrc && padded, "%s: out of memory", base)) {
         for (unsigned y = 0; y < oh; y++) {
            for (unsigned x = 0; x < ow; x++)
               memcpy(padded + (size_t)y * pad_row + 3 * x, osrc + ((size_t)y * ow + x) * 4, 3);
         }
         const bool pieces = !strcmp(base, "FreshFlower.jpg");
         const struct upload pad = {padded, GL_RGB, 0, 0, 0, 4};
         const struct upload from_whole = {rgb, GL_RGB, (int)img.w_px, (int)ox, (int)oy, 1};

         snprintf(name, sizeof(name), "%s-%ux%u%s", base, ow, oh, pieces ? "-sub" : "");
         upload_case(name, pieces ? &from_whole : &pad, osrc, ow, oh, false, pieces);
      }
      free(osrc);
      free(padded);
   }
   if (!strcmp(base, "tree_barren2.png")) {
      /* 239x245 in four glTexSubImage2D pieces */
      upload_case("tree_barren2.png-sub", &whole, src, w, h, true, true);
   }
   if (!strcmp(base, "grass01.png") || !strcmp(base, "shrub.png")) {
      snprintf(name, sizeof(name), "%s-mip", base);
      mipmap_case(name, src, w, h, rgba_format);
   }
out:
   free(src);
   free(rgb);
   fxp_image_free(&img);
}

/* ---- piglit's rgbw image: alpha-0 texels keep their colour ---- */

/* piglit_rgbw_image_ubyte(32, 32, alpha = true): quadrants red (255,0,0,0), green (0,255,0,64), blue
 * (0,0,255,128), white (255,255,255,255). spec@arb_direct_state_access@getcompressedtextureimage uploads it to
 * GL_COMPRESSED_RGBA_FXT1_3DFX textures (2D, cube map, arrays) with glTexSubImage and compares glGetTexImage's
 * bytes within 8; the red quadrant came back (0,0,0,0) when fxpipe's encoder took alpha-0 texels for
 * transparent black. The same uploads here, without fetched images: a 2D texture (glTexStorage2D,
 * glTexSubImage2D), a 2D array of 3 layers (glTexStorage3D, one glTexSubImage3D) and a cube map (glTexStorage2D,
 * glTexSubImage2D per face); every texel of every layer and face within 8 of the source on every channel. */
static void
rgbw_case(void)
{
   enum { W = 32, H = 32, LAYERS = 3 };
   static const uint8_t col[4][4] = {{255, 0, 0, 0}, {0, 255, 0, 64}, {0, 0, 255, 128}, {255, 255, 255, 255}};
   static uint8_t img[LAYERS][W * H * 4], got[6 * W * H * 4]; /* 6: the cube map's faces */
   static const GLenum targets[3] = {GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP};
   static const char *const names[3] = {"2D", "2D array", "cube map"};

   for (unsigned l = 0; l < LAYERS; l++)
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++)
            memcpy(img[l] + 4 * (y * W + x), col[(y < H / 2 ? 0 : 2) + (x < W / 2 ? 0 : 1)], 4);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   for (unsigned i = 0; i < 3; i++) {
      const GLenum target = targets[i];
      const unsigned images = target == GL_TEXTURE_2D ? 1 : target == GL_TEXTURE_2D_ARRAY ? LAYERS : 6;
      GLuint tex;

      glGenTextures(1, &tex);
      glBindTexture(target, tex);
      if (target == GL_TEXTURE_2D_ARRAY) {
         glTexStorage3D(target, 1, GL_COMPRESSED_RGBA_FXT1_3DFX, W, H, LAYERS);
         glTexSubImage3D(target, 0, 0, 0, 0, W, H, LAYERS, GL_RGBA, GL_UNSIGNED_BYTE, img);
      } else {
         glTexStorage2D(target, 1, GL_COMPRESSED_RGBA_FXT1_3DFX, W, H);
         for (unsigned f = 0; f < images; f++)
            glTexSubImage2D(target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + f : target, 0, 0, 0, W,
                            H, GL_RGBA, GL_UNSIGNED_BYTE, img[0]);
      }
      GLenum err = glGetError();
      check(err == GL_NO_ERROR, "rgbw %s: upload gives no GL error (0x%x)", names[i], err);

      int worst = 0;
      unsigned wi = 0, wx = 0, wy = 0, wc = 0, want = 0, was = 0;

      memset(got, 123, sizeof(got));
      for (unsigned f = 0; f < images; f++) {
         if (target == GL_TEXTURE_CUBE_MAP)
            glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, got + f * W * H * 4);
         else if (f == 0)
            glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
      }
      for (unsigned f = 0; f < images; f++) {
         const uint8_t *src = img[f % LAYERS], *dec = got + f * W * H * 4;

         for (unsigned k = 0; k < W * H * 4; k++) {
            const int d = abs((int)dec[k] - (int)src[k]);

            if (d > worst) {
               worst = d;
               wi = f;
               wx = k / 4 % W;
               wy = k / 4 / W;
               wc = k % 4;
               want = src[k];
               was = dec[k];
            }
         }
      }
      err = glGetError();
      check(err == GL_NO_ERROR && worst <= 8,
            "rgbw %s: glGetTexImage within 8 of the upload (worst %d: image %u (%u,%u) channel %u, %u for %u; "
            "GL error 0x%x)",
            names[i], worst, wi, wx, wy, wc, was, want, err);
      glDeleteTextures(1, &tex);
   }
}

int
main(int argc, char **argv)
{
   struct timespec t0;

   clock_gettime(CLOCK_MONOTONIC, &t0);
   if (argc < 3) {
      fprintf(stderr, "usage: %s PATH/TO/fxpipe-fxt1 IMAGE...\n", argv[0]);
      return 2;
   }
   tool = argv[1];
   thorough = getenv("FXPIPE_FXT1") && !strcmp(getenv("FXPIPE_FXT1"), "thorough");

   EGLDisplay dpy = fxp_egl_make_current();

   if (dpy == EGL_NO_DISPLAY)
      return 2;
   printf("GL_RENDERER: %s; FXPIPE_FXT1=%s\n", (const char *)glGetString(GL_RENDERER),
          thorough ? "thorough" : "(fast)");
   snprintf(tmp_dir, sizeof(tmp_dir), "%s/fxpipe-gl-fxt1.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
   if (!mkdtemp(tmp_dir)) {
      fprintf(stderr, "mkdtemp %s: %s\n", tmp_dir, strerror(errno));
      return 2;
   }
   rgbw_case();
   for (int i = 2; i < argc; i++)
      run_image(argv[i]);
   rmdir(tmp_dir);
   printf("%.1f s; %s\n", elapsed_s(&t0), failures ? "FAILED" : "all passed");
   eglTerminate(dpy);
   return failures ? 1 : 0;
}
