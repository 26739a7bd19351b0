/* fxpipe-fxt1: fxpipe's FXT1 asset tool (part of the product). Encodes PNG images to FXT1 in KTX 1.1 files
 * with fxpipe's encoder, decodes KTX files or raw blocks to PNG with fxpipe's exact decoder, and compares an
 * encoded file with its source.
 *
 *   fxpipe-fxt1 encode [--fast|--thorough] [--rgb|--rgba] [--mips] in.png out.ktx
 *   fxpipe-fxt1 decode [--level N] in.ktx out.png
 *   fxpipe-fxt1 decode --size WxH [--rgb|--rgba] in.raw out.png
 *   fxpipe-fxt1 compare ref.png file.ktx
 *   fxpipe-fxt1 synth KIND WxH out.png      (test images: gradient, noise, alpha, punch, clear, photo)
 *
 * encode: --rgba (COMPRESSED_RGBA_FXT1_3DFX) is the default when the PNG has an alpha below 255, --rgb
 * (COMPRESSED_RGB_FXT1_3DFX, alpha dropped) otherwise; --fast is the default setting. --mips adds every level
 * down to 1x1, each the 2x2 box average of the one above (colours weighted by alpha for the RGBA format).
 * decode: the RGB format gives an RGB PNG, the RGBA format an RGBA PNG. compare: RGB and alpha PSNR as
 * fxp_fxt1_image.h defines them, and how many blocks use each mode.
 *
 * KTX 1.1 as written here: the 12-byte identifier, endianness 0x04030201, glType 0, glTypeSize 1, glFormat 0,
 * glInternalFormat 0x86B0 / 0x86B1, glBaseInternalFormat GL_RGB / GL_RGBA, width, height, depth 0, 0 array
 * elements, 1 face, the number of levels, no key/value data; then per level a 32-bit imageSize and the blocks
 * (ceil(w/8) * ceil(h/4) * 16 bytes, a multiple of 4, so no padding). The reader also takes the other
 * endianness and skips key/value data; it refuses anything else (arrays, cube maps, 3D, other formats, sizes
 * that do not match, images wider or taller than 16384) with a message and exit status 1. Usage errors exit
 * with 2. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fxt1/fxp_fxt1.h"
#include "fxt1/fxp_fxt1_encode.h"
#include "fxt1/fxp_fxt1_image.h"
#include "fxt1/fxp_fxt1_ktx.h"

#define GL_RGB_       0x1907u
#define GL_RGBA_      0x1908u
#define FILE_MAX_B    (512u << 20) /* larger files are refused before reading */

static const char *prog = "fxpipe-fxt1";

static int
fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int
fail(const char *fmt, ...)
{
   va_list ap;

   fprintf(stderr, "%s: ", prog);
   va_start(ap, fmt);
   vfprintf(stderr, fmt, ap);
   va_end(ap);
   fputc('\n', stderr);
   return 1;
}

static int
usage(void)
{
   fprintf(stderr,
           "usage: %s encode [--fast|--thorough] [--rgb|--rgba] [--mips] in.png out.ktx\n"
           "       %s decode [--level N] in.ktx out.png\n"
           "       %s decode --size WxH [--rgb|--rgba] in.raw out.png\n"
           "       %s compare ref.png file.ktx\n"
           "       %s synth gradient|noise|alpha|punch|clear|photo WxH out.png\n",
           prog, prog, prog, prog, prog);
   return 2;
}

/* ---- files ---- */

/* The whole file, at most FILE_MAX_B bytes. */
static uint8_t *
read_file(const char *path, size_t *size_B)
{
   FILE *f = fopen(path, "rb");
   uint8_t *data;
   long n;

   if (!f) {
      fail("%s: %s", path, strerror(errno));
      return NULL;
   }
   if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
      fail("%s: cannot determine the file's size", path);
      fclose(f);
      return NULL;
   }
   if ((unsigned long)n > FILE_MAX_B) {
      fail("%s: %ld bytes, more than the %u MiB this tool reads", path, n, FILE_MAX_B >> 20);
      fclose(f);
      return NULL;
   }
   data = malloc(n ? (size_t)n : 1);
   if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) {
      fail("%s: %s", path, data ? "read error" : "out of memory");
      free(data);
      fclose(f);
      return NULL;
   }
   fclose(f);
   *size_B = (size_t)n;
   return data;
}

static void
put32(uint8_t *p, uint32_t v)
{
   p[0] = (uint8_t)v;
   p[1] = (uint8_t)(v >> 8);
   p[2] = (uint8_t)(v >> 16);
   p[3] = (uint8_t)(v >> 24);
}


/* ---- KTX (the reader is fxt1/fxp_fxt1_ktx.c) ---- */

static bool
ktx_write(const char *path, bool rgba_format, unsigned w, unsigned h, unsigned levels,
          uint8_t *const *level_blocks)
{
   uint8_t hdr[FXP_KTX_HEADER_B];
   FILE *f = fopen(path, "wb");
   bool ok;

   if (!f) {
      fail("%s: %s", path, strerror(errno));
      return false;
   }
   memcpy(hdr, fxp_ktx_id, sizeof(fxp_ktx_id));
   put32(hdr + 12, 0x04030201u);
   put32(hdr + 16, 0);  /* glType */
   put32(hdr + 20, 1);  /* glTypeSize */
   put32(hdr + 24, 0);  /* glFormat */
   put32(hdr + 28, rgba_format ? FXP_KTX_RGBA_FXT1 : FXP_KTX_RGB_FXT1);
   put32(hdr + 32, rgba_format ? GL_RGBA_ : GL_RGB_);
   put32(hdr + 36, w);
   put32(hdr + 40, h);
   put32(hdr + 44, 0);  /* pixelDepth */
   put32(hdr + 48, 0);  /* numberOfArrayElements */
   put32(hdr + 52, 1);  /* numberOfFaces */
   put32(hdr + 56, levels);
   put32(hdr + 60, 0);  /* bytesOfKeyValueData */
   ok = fwrite(hdr, 1, sizeof(hdr), f) == sizeof(hdr);
   for (unsigned l = 0; ok && l < levels; l++) {
      const uint64_t size_B = fxp_fxt1_image_size_B(fxp_ktx_level_dim(w, l), fxp_ktx_level_dim(h, l));
      uint8_t sz[4];

      put32(sz, (uint32_t)size_B);
      ok = fwrite(sz, 1, 4, f) == 4 && fwrite(level_blocks[l], 1, size_B, f) == size_B;
   }
   if (fclose(f) != 0)
      ok = false;
   if (!ok)
      fail("%s: write error", path);
   return ok;
}

/* ---- commands ---- */

/* The next mip level: 2x2 box average (odd sizes repeat the last row / column); colours weighted by alpha
 * for the RGBA format, so that transparent texels do not bleed their colour. */
static uint8_t *
downsample(const uint8_t *src, unsigned w, unsigned h, bool weight_alpha)
{
   const unsigned nw = fxp_ktx_level_dim(w, 1), nh = fxp_ktx_level_dim(h, 1);
   uint8_t *dst = malloc((size_t)nw * nh * 4);

   if (!dst)
      return NULL;
   for (unsigned y = 0; y < nh; y++) {
      for (unsigned x = 0; x < nw; x++) {
         const unsigned xs[2] = {2 * x < w ? 2 * x : w - 1, 2 * x + 1 < w ? 2 * x + 1 : w - 1};
         const unsigned ys[2] = {2 * y < h ? 2 * y : h - 1, 2 * y + 1 < h ? 2 * y + 1 : h - 1};
         unsigned sum[4] = {0}, wsum = 0;

         for (unsigned j = 0; j < 2; j++) {
            for (unsigned i = 0; i < 2; i++) {
               const uint8_t *p = src + 4 * ((size_t)ys[j] * w + xs[i]);
               const unsigned wt = weight_alpha ? p[3] : 1;

               for (unsigned c = 0; c < 3; c++)
                  sum[c] += p[c] * wt;
               sum[3] += p[3];
               wsum += wt;
            }
         }
         uint8_t *o = dst + 4 * ((size_t)y * nw + x);
         for (unsigned c = 0; c < 3; c++)
            o[c] = (uint8_t)(wsum ? (sum[c] + wsum / 2) / wsum : 0);
         o[3] = (uint8_t)((sum[3] + 2) / 4);
      }
   }
   return dst;
}

static int
cmd_encode(int argc, char **argv)
{
   enum fxp_fxt1_quality q = FXP_FXT1_FAST;
   int format = -1; /* -1: from the image */
   bool mips = false;
   const char *in = NULL, *out = NULL;
   struct fxp_image img;
   char err[512];

   for (int i = 0; i < argc; i++) {
      if (!strcmp(argv[i], "--fast"))
         q = FXP_FXT1_FAST;
      else if (!strcmp(argv[i], "--thorough"))
         q = FXP_FXT1_THOROUGH;
      else if (!strcmp(argv[i], "--rgb"))
         format = 0;
      else if (!strcmp(argv[i], "--rgba"))
         format = 1;
      else if (!strcmp(argv[i], "--mips"))
         mips = true;
      else if (argv[i][0] == '-' && argv[i][1])
         return fail("encode: unknown option %s", argv[i]) + 1;
      else if (!in)
         in = argv[i];
      else if (!out)
         out = argv[i];
      else
         return usage();
   }
   if (!in || !out)
      return usage();
   if (!fxp_png_read(in, &img, err, sizeof(err)))
      return fail("%s", err);

   bool rgba_format = format == 1;

   if (format < 0) {
      for (size_t t = 0; img.has_alpha && t < (size_t)img.w_px * img.h_px; t++)
         rgba_format |= img.rgba[4 * t + 3] != 255;
   }

   unsigned levels = 1;
   while (mips && ((img.w_px >> levels) || (img.h_px >> levels)))
      levels++;

   uint8_t *blocks[FXP_KTX_MAX_LEVELS] = {NULL}, *level = img.rgba;
   unsigned w = img.w_px, h = img.h_px;
   int rc = 0;

   for (unsigned l = 0; l < levels && !rc; l++) {
      const unsigned stride_B = (w + 7) / 8 * 16;

      blocks[l] = malloc(fxp_fxt1_image_size_B(w, h));
      if (!blocks[l]) {
         rc = fail("out of memory");
         break;
      }
      fxp_fxt1_encode_image(level, w * 4, w, h, rgba_format, q, blocks[l], stride_B);
      if (l + 1 < levels) {
         uint8_t *next = downsample(level, w, h, rgba_format);

         if (level != img.rgba)
            free(level);
         level = next;
         if (!level) {
            rc = fail("out of memory");
            break;
         }
         w = fxp_ktx_level_dim(w, 1);
         h = fxp_ktx_level_dim(h, 1);
      }
   }
   if (level != img.rgba)
      free(level);
   if (!rc && !ktx_write(out, rgba_format, img.w_px, img.h_px, levels, blocks))
      rc = 1;
   for (unsigned l = 0; l < levels; l++)
      free(blocks[l]);
   fxp_image_free(&img);
   return rc;
}

/* Decodes level `level` of a KTX file, or raw blocks of w x h; *rgba_format says which format it was. */
static uint8_t *
load_blocks_decoded(const char *path, int level, unsigned raw_w, unsigned raw_h, int raw_format,
                    unsigned *w_out, unsigned *h_out, bool *rgba_format, uint8_t **blocks_copy, size_t *blocks_B)
{
   size_t size_B;
   uint8_t *data = read_file(path, &size_B);
   const uint8_t *blocks;
   unsigned w, h;
   uint8_t *rgba;

   if (!data)
      return NULL;
   if (raw_w) {
      const uint64_t want = fxp_fxt1_image_size_B(raw_w, raw_h);

      if (size_B != want) {
         fail("%s: %zu bytes of raw blocks, a %ux%u FXT1 image takes %" PRIu64, path, size_B, raw_w, raw_h, want);
         free(data);
         return NULL;
      }
      blocks = data;
      w = raw_w;
      h = raw_h;
      *rgba_format = raw_format != 0;
   } else {
      struct fxp_ktx k;
      char err[256];

      if (!fxp_ktx_parse(data, size_B, &k, err, sizeof(err))) {
         fail("%s: %s", path, err);
         if (size_B >= sizeof(fxp_ktx_id) && memcmp(data, fxp_ktx_id, sizeof(fxp_ktx_id)))
            fprintf(stderr, "%s: (raw blocks need --size WxH)\n", prog);
         free(data);
         return NULL;
      }
      if (level < 0 || (unsigned)level >= k.levels) {
         fail("%s: no level %d (the file has %u)", path, level, k.levels);
         free(data);
         return NULL;
      }
      blocks = k.level_data[level];
      w = fxp_ktx_level_dim(k.w_px, (unsigned)level);
      h = fxp_ktx_level_dim(k.h_px, (unsigned)level);
      *rgba_format = k.internal_format == FXP_KTX_RGBA_FXT1;
   }
   rgba = malloc((size_t)w * h * 4);
   if (!rgba) {
      fail("out of memory");
      free(data);
      return NULL;
   }
   if (*rgba_format)
      fxp_fxt1_decode_image(blocks, (w + 7) / 8 * 16, w, h, rgba, w * 4);
   else
      fxp_fxt1_decode_image_rgb(blocks, (w + 7) / 8 * 16, w, h, rgba, w * 4);
   if (blocks_copy) {
      *blocks_B = fxp_fxt1_image_size_B(w, h);
      *blocks_copy = malloc(*blocks_B);
      if (*blocks_copy)
         memcpy(*blocks_copy, blocks, *blocks_B);
   }
   free(data);
   *w_out = w;
   *h_out = h;
   return rgba;
}

static bool
parse_size(const char *s, unsigned *w, unsigned *h)
{
   char *end;
   unsigned long a, b;

   errno = 0;
   a = strtoul(s, &end, 10);
   if (end == s || *end != 'x' || errno)
      return false;
   s = end + 1;
   b = strtoul(s, &end, 10);
   if (end == s || *end || errno)
      return false;
   if (a == 0 || b == 0 || a > FXP_IMAGE_MAX_DIM_PX || b > FXP_IMAGE_MAX_DIM_PX)
      return false;
   *w = (unsigned)a;
   *h = (unsigned)b;
   return true;
}

static int
cmd_decode(int argc, char **argv)
{
   unsigned raw_w = 0, raw_h = 0, w, h;
   int format = 1, level = 0;
   const char *in = NULL, *out = NULL;
   bool rgba_format;
   char err[512];

   for (int i = 0; i < argc; i++) {
      if (!strcmp(argv[i], "--size") && i + 1 < argc) {
         if (!parse_size(argv[++i], &raw_w, &raw_h))
            return fail("decode: --size wants WxH with each side 1..%u, not '%s'", FXP_IMAGE_MAX_DIM_PX, argv[i]) + 1;
      } else if (!strcmp(argv[i], "--level") && i + 1 < argc) {
         char *end;
         const long v = strtol(argv[++i], &end, 10);

         if (*end || end == argv[i] || v < 0 || v >= (long)FXP_KTX_MAX_LEVELS)
            return fail("decode: bad --level '%s'", argv[i]) + 1;
         level = (int)v;
      } else if (!strcmp(argv[i], "--rgb")) {
         format = 0;
      } else if (!strcmp(argv[i], "--rgba")) {
         format = 1;
      } else if (argv[i][0] == '-' && argv[i][1]) {
         return fail("decode: unknown option %s", argv[i]) + 1;
      } else if (!in) {
         in = argv[i];
      } else if (!out) {
         out = argv[i];
      } else {
         return usage();
      }
   }
   if (!in || !out)
      return usage();

   uint8_t *rgba = load_blocks_decoded(in, level, raw_w, raw_h, format, &w, &h, &rgba_format, NULL, NULL);

   if (!rgba)
      return 1;

   const bool ok = fxp_png_write(out, rgba, w, h, rgba_format, err, sizeof(err));

   free(rgba);
   return ok ? 0 : fail("%s", err);
}

static void
print_psnr(const char *what, double v)
{
   if (isinf(v))
      printf("%s inf (exact)", what);
   else
      printf("%s %.2f dB", what, v);
}

static int
cmd_compare(int argc, char **argv)
{
   struct fxp_image ref;
   char err[512];
   unsigned w, h;
   bool rgba_format;
   uint8_t *blocks = NULL;
   size_t blocks_B = 0;

   if (argc != 2)
      return usage();
   if (!fxp_png_read(argv[0], &ref, err, sizeof(err)))
      return fail("%s", err);

   uint8_t *dec = load_blocks_decoded(argv[1], 0, 0, 0, 1, &w, &h, &rgba_format, &blocks, &blocks_B);

   if (!dec || !blocks) {
      free(dec);
      fxp_image_free(&ref);
      return dec ? fail("out of memory") : 1;
   }
   if (w != ref.w_px || h != ref.h_px) {
      free(dec);
      free(blocks);
      fxp_image_free(&ref);
      return fail("%s is %ux%u, %s is %ux%u", argv[0], ref.w_px, ref.h_px, argv[1], w, h);
   }

   struct fxp_quality q;
   unsigned long modes[4] = {0};
   const size_t n_blocks = blocks_B / 16;

   fxp_image_quality(ref.rgba, dec, w, h, rgba_format, &q);
   for (size_t b = 0; b < n_blocks; b++)
      modes[fxp_fxt1_block_mode(blocks + 16 * b)]++;
   printf("%ux%u %s, %zu blocks\n", w, h, rgba_format ? "COMPRESSED_RGBA_FXT1_3DFX" : "COMPRESSED_RGB_FXT1_3DFX",
          n_blocks);
   print_psnr("RGB PSNR", q.rgb_psnr);
   printf(" (%" PRIu64 " texels)", q.rgb_texels);
   if (rgba_format)
      print_psnr(", alpha PSNR", q.alpha_psnr);
   printf("\nblocks:");
   for (unsigned m = 0; m < 4; m++)
      printf(" %s %lu (%.1f%%)", fxp_fxt1_mode_name((enum fxp_fxt1_mode)m), modes[m],
             n_blocks ? 100.0 * (double)modes[m] / (double)n_blocks : 0.0);
   printf("\n");
   free(dec);
   free(blocks);
   fxp_image_free(&ref);
   return 0;
}

/* Test images, deterministic: gradient (RGB), noise (RGB), photo-like (smooth shapes plus noise, RGB),
 * alpha (translucent RGBA), punch (alpha 0 / 255), clear (every alpha 0). */
static int
cmd_synth(int argc, char **argv)
{
   unsigned w, h;
   uint32_t s = 1;
   char err[512];
   bool alpha = false;

   if (argc != 3)
      return usage();
   if (!parse_size(argv[1], &w, &h))
      return fail("synth: size wants WxH with each side 1..%u", FXP_IMAGE_MAX_DIM_PX) + 1;

   uint8_t *img = malloc((size_t)w * h * 4);

   if (!img)
      return fail("out of memory");
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         uint8_t *p = img + 4 * ((size_t)y * w + x);
         const double fx = w > 1 ? (double)x / (w - 1) : 0, fy = h > 1 ? (double)y / (h - 1) : 0;

         s ^= s << 13;
         s ^= s >> 17;
         s ^= s << 5;
         p[3] = 255;
         if (!strcmp(argv[0], "gradient")) {
            p[0] = (uint8_t)(255 * fx);
            p[1] = (uint8_t)(255 * fy);
            p[2] = (uint8_t)(255 * (1 - fx));
         } else if (!strcmp(argv[0], "noise")) {
            memcpy(p, &s, 3);
         } else if (!strcmp(argv[0], "photo") || !strcmp(argv[0], "alpha") || !strcmp(argv[0], "punch") ||
                    !strcmp(argv[0], "clear")) {
            const double r = sqrt((fx - 0.4) * (fx - 0.4) + (fy - 0.5) * (fy - 0.5));

            p[0] = (uint8_t)fmin(255, 128 + 100 * sin(9 * fx) + (s & 7));
            p[1] = (uint8_t)fmin(255, 60 + 150 * fy + ((s >> 3) & 7));
            p[2] = (uint8_t)fmin(255, 200 * r + ((s >> 6) & 7));
            if (!strcmp(argv[0], "alpha")) {
               p[3] = (uint8_t)fmax(0, fmin(255, 300 - 600 * r));
               alpha = true;
            } else if (!strcmp(argv[0], "punch")) {
               p[3] = r < 0.35 ? 255 : 0;
               alpha = true;
            } else if (!strcmp(argv[0], "clear")) {
               p[3] = 0;
               alpha = true;
            }
         } else {
            free(img);
            return fail("synth: unknown kind '%s'", argv[0]) + 1;
         }
      }
   }

   const bool ok = fxp_png_write(argv[2], img, w, h, alpha, err, sizeof(err));

   free(img);
   return ok ? 0 : fail("%s", err);
}

int
main(int argc, char **argv)
{
   if (argc < 2)
      return usage();
   if (!strcmp(argv[1], "encode"))
      return cmd_encode(argc - 2, argv + 2);
   if (!strcmp(argv[1], "decode"))
      return cmd_decode(argc - 2, argv + 2);
   if (!strcmp(argv[1], "compare"))
      return cmd_compare(argc - 2, argv + 2);
   if (!strcmp(argv[1], "synth"))
      return cmd_synth(argc - 2, argv + 2);
   if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
      usage();
      return 0;
   }
   fail("unknown command '%s'", argv[1]);
   return usage();
}
