/* fxpipe-tgsi-runner: runs TGSI test files on the headless fxpipe screen and checks their results.
 *
 *   fxpipe-tgsi-runner FILE|DIR...     (a directory: every *.test file in it, sorted)
 *
 * Prints the shader engine's instruction-set table first (`table: avx512`), then one line per file and
 * `N passed, N failed`. With FXPIPE_ISA naming a table this CPU lacks it runs nothing and exits with 77
 * (meson's "skipped"), so that a test asking for a table never passes on another one; a name that is no
 * table exits with 2. FXP_TGSI_RUNNER_DUMP=PATH writes every word compared to PATH, as bits (to compare two
 * tables' runs with diff). A test file is made of sections:
 *
 *   # comment lines anywhere
 *   [compute]            TGSI text of a compute shader up to the next section
 *   [fragment W H]       TGSI text of a fragment shader, run on a W x H grid of 2x2 quads (W, H even)
 *   [input I]            fragment only: four channel values of INPUT[I]; each is a number, x, y (the
 *                        pixel's coordinates) or x*K / y*K
 *   [geometry P]         TGSI text of a geometry shader, run on P input primitives (times GS_INVOCATIONS):
 *                        INPUT[v][i] is [input I] with x = the primitive's number, y = the vertex v; an input
 *                        declared PRIM_ID holds the primitive's number (integer)
 *   [expect emit O]      geometry only: every emitted vertex of every lane in order, as 5 words: flags (the
 *                        stream, plus 128 when it starts a primitive) and OUTPUT[O].xyzw
 *   [expect emit_count]  geometry only: vertices emitted per lane
 *   [tess_ctrl P V]      TGSI text of a tessellation control shader, run on P patches of V vertices (lane =
 *                        patch, TCS_VERTICES_OUT invocations each, shader/fxp_tcs.h): INPUT[v][i] is [input I]
 *                        with x = the patch's number, y = the vertex v; SV PRIMID = the patch, VERTICESIN = V
 *   [tess_eval P V]      TGSI text of a tessellation evaluation shader, run for P patches of V vertices on
 *                        every point of [tesscoord] (patch-major lanes): INPUT[v][i] as for tess_ctrl (a patch
 *                        input: v = 0), SV TESSCOORD = (u, v, 1-u-v for the triangle domain, else 0, 0),
 *                        TESSOUTER and TESSINNER from [levels] (default all 1), PRIMID, VERTICESIN = V
 *   [tesscoord]          tess_eval only: the domain points, two floats (u, v) each
 *   [levels]             tess_eval only: outer levels 0-3 and inner levels 0-1 (six floats)
 *   [expect output O]    also tess_ctrl: each patch's OUTPUT[v][O] for v < TCS_VERTICES_OUT (4 words each), or
 *                        its OUTPUT[O] when O is a patch output (PATCH, TESSOUTER, TESSINNER); tess_eval:
 *                        OUTPUT[O] of every lane (4 words each)
 *   [block X Y Z]        work-group size (default 1 1 1)
 *   [grid X Y Z]         number of work groups (default 1 1 1)
 *   [shared N]           bytes of shared memory per group
 *   [buffer I]           initial contents of BUFFER[I] (data lines, below)
 *   [constants I]        contents of constant buffer I
 *   [expect buffer I]    expected contents of BUFFER[I] after the dispatch
 *   [expect output I]    fragment only: expected OUTPUT[I], 4 values per pixel, rows from y = 0; pixels
 *                        whose lane was killed or is a helper read as NaN (match them with `nan` or `any`)
 *   [buffer I], [constants I] and [expect buffer I] work for fragment tests too (bound to that stage).
 *   [helpers]            fragment only: "X Y" pairs of pixels that run as helper invocations (outside the
 *                        primitive: they shade for derivatives only). INTERP_* evaluates the [input]
 *                        expressions at pixel + offset; FBFETCH of colour buffer n reads (x, y, n, 1).
 *   [expect refused]     the shader must be refused when created (the runner checks the refusal)
 *   [budget N]           the watchdog's budget of instructions a batch for this test (shader/fxp_shader.h,
 *                        "Shader budget"; instead of FXPIPE_SHADER_BUDGET's or the default)
 *   [expect uniform N]   N instructions of the shader are computed once per dispatch as uniform work
 *                        (shader/fxp_uniform.c); 0 under FXPIPE_DEBUG=nofast, which turns that off
 *   [expect fused N]     N instructions of the shader run as members of fused runs (shader/fxp_decode.c,
 *                        fuse); 0 under FXPIPE_DEBUG=nofast
 *   [expect 64-bit runs N] N instructions of the shader run in runs of 64-bit instructions that switch the
 *                        float rule once (shader/fxp_decode.c, fp_runs); 0 under FXPIPE_DEBUG=nofast or noruns
 *   [expect uniform pow N] N POW instructions take the form for a uniform exponent (shader/fxp_decode.c,
 *                        pow_uniform); 0 under FXPIPE_DEBUG=nofast
 *   [expect uniform branches N] N IF/UIF instructions have a uniform condition and run as jumps, without
 *                        execution-mask work (shader/fxp_decode.c, uniform_branches); 0 under nofast
 *   [expect 64-bit forwards N dead M] N 64-bit sources read the instruction before's result without the
 *                        register file, and M 64-bit instructions skip their stores (shader/fxp_decode.c,
 *                        fwd64_pairs); 0 and 0 under nofast, noruns, nosimple or nofwd
 *   [expect watchdog]    the shader must be stopped by the watchdog (without it, it must not be): a compute
 *                        dispatch must then report a guilty context reset (get_device_reset_status) and
 *                        drop the rest of its work groups; a fragment or geometry batch stopped so, and
 *                        the batches after it, are not run on, as the driver drops the rest of the draw:
 *                        their pixels read as NaN and their lanes emit nothing
 *   [texture I TARGET FORMAT W H D LAYERS LEVELS]
 *                        a texture bound as sampler view I (SVIEW[I] / SAMP[I]) of the test's stage, a view of all its levels and layers with the identity swizzle.
 *                        TARGET: 1d 2d 3d cube rect 1darray 2darray cubearray buffer (W texels). FORMAT: rgba8
 *                        (R8G8B8A8_UNORM, one `hex 0xAABBGGRR` word a texel), rgba32f, rg32f, r32f,
 *                        rgba32ui, r32ui, r32i, z32f (Z32_FLOAT), rgba8ui, rgba8i, rgba8snorm, rgba32i,
 *                        rg32ui, rg16f (R16G16_FLOAT: one word, R in the low half), rgba16f (two words),
 *                        r11g11b10f (R11G11B10_FLOAT: R in bits 0-10, G 11-21, B 22-31), rgb10a2
 *                        (R10G10B10A2_UNORM); texels are little-endian words as they lie in memory. H is 1
 *                        for 1D targets, D is 1 except for 3D, LAYERS is the array size (6 for cube, 6 * N
 *                        for cubearray, otherwise 1).
 *                        The data lines give every texel of every level in order: level 0 first; in a
 *                        level, slice by slice (array layer, cube face +x -x +y -y +z -z, or 3D depth
 *                        slice), row by row from y = 0, each texel as its 4-byte words (rgba32f: 4 floats).
 *                        The number of words must match the texture exactly.
 *   [texture I TARGET FORMAT W H 1 LAYERS 1 samples=N]
 *                        a multisample texture of N samples (2, 4, 8, 16; TARGET 2d or 2darray, one level;
 *                        the runner's screen offers multisampling even under FXPIPE_MSAA=0): each texel
 *                        gives its N samples' words in order, sample 0 first
 *   [sampler I WRAP_S WRAP_T WRAP_R MIN MAG MIP options...]
 *                        sampler state I. WRAP_*: repeat clamp_to_edge clamp_to_border clamp
 *                        mirror_repeat mirror_clamp mirror_clamp_to_edge mirror_clamp_to_border; MIN, MAG:
 *                        nearest linear; MIP: none nearest linear. Options, in the header or in the body:
 *                        `compare FUNC` (never less equal lequal greater notequal gequal always; turns on
 *                        the compare mode), `border R G B A` (floats), `border_int R G B A` (32-bit
 *                        integers, for integer formats), `lod_bias X`, `min_lod X`, `max_lod X` (defaults
 *                        0, -1000, 1000), `unnormalized`, `seamless`, `anisotropy N` (max_anisotropy, 0 to
 *                        31), `reduction min|max|average` (reduction_mode). A texture without a sampler section
 *                        has no sampler state bound (TXF and TXQ need none).
 *   [image I TARGET FORMAT W H D LAYERS options...]
 *                        a one-level image bound as IMAGE[I] of the test's stage (compute or fragment): a
 *                        read-write pipe_image_view of level 0. Options: `layers FIRST LAST` (the view covers
 *                        slices FIRST..LAST - array layers, cube faces of all cubes, or 3D depth slices; all of
 *                        them by default), `view FORMAT` (the view's format, of FORMAT's size; FORMAT by
 *                        default), `samples N` (a multisample image of N samples, 2d or 2darray: each texel
 *                        gives its N samples' words, sample 0 first, in the data and expect lines; the
 *                        runner's screen offers multisampling even under FXPIPE_MSAA=0). A buffer (H = D =
 *                        LAYERS = 1) is viewed whole, W texels. TARGET, FORMAT, the sizes and the data lines
 *                        (every texel of every slice, row by row, in FORMAT) are as for [texture]. Image
 *                        slots without a section are unbound.
 *   [expect image I]     expected contents of the whole image I after the run, laid out as its data lines
 *                        (every word of it).
 *
 * Data lines hold values; a type word switches how the following values are read: `uint`, `int`, `float`,
 * `hex` (32-bit patterns), `double` (two words each), `u64`/`i64` (two words each). `fill N V` repeats V
 * N times. In expectations, `any` skips a word, `nan` matches any NaN, `tol T` sets an absolute tolerance
 * for the following floats and doubles, and `ulp N` a tolerance in units in the last place.
 *
 * With FXP_TGSI_RUNNER_ALL=1 in the environment, every mismatching word is listed on stderr (the line of a
 * failing file still names the first).
 *
 * The texture, sampler and image sections and their resources live in fxp_tgsi_runner_res.c. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "tgsi/tgsi_text.h"
#include "util/format/u_format.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "fxp_context.h"
#include "fxp_debug.h"
#include "fxp_headless.h"
#include "shader/fxp_shader.h"
#include "util/u_math.h"

#include "fxp_tgsi_runner.h"

#define MAX_TOKENS 65536

static char failure[1024];

bool
fail(const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(failure, sizeof(failure), fmt, ap);
   va_end(ap);
   return false;
}

static bool
push(struct data *d, struct word w)
{
   if (d->n == d->cap) {
      unsigned cap = d->cap ? d->cap * 2 : 64;
      if (cap > MAX_WORDS)
         return fail("more than %u words of data", MAX_WORDS);
      struct word *n = realloc(d->w, cap * sizeof(*n));
      if (!n)
         return fail("out of memory");
      d->w = n;
      d->cap = cap;
   }
   d->w[d->n++] = w;
   return true;
}

/* Parses data lines into words. */
bool
parse_data(struct data *d, char *text, bool expect)
{
   char type = 'f';
   double tol = 0;
   unsigned ulp = 0;
   char *save = NULL;

   d->present = true;
   for (char *tok = strtok_r(text, " \t\r\n,", &save); tok; tok = strtok_r(NULL, " \t\r\n,", &save)) {
      struct word w = {.type = type, .tol = tol, .ulp = ulp};
      char *end;

      if (!strcmp(tok, "uint")) { type = 'u'; continue; }
      if (!strcmp(tok, "int")) { type = 'i'; continue; }
      if (!strcmp(tok, "float")) { type = 'f'; continue; }
      if (!strcmp(tok, "hex")) { type = 'h'; continue; }
      if (!strcmp(tok, "double")) { type = 'd'; continue; }
      if (!strcmp(tok, "u64") || !strcmp(tok, "i64")) { type = tok[0] == 'u' ? 'q' : 'Q'; continue; }
      if (!strcmp(tok, "tol") || !strcmp(tok, "ulp")) {
         char *v = strtok_r(NULL, " \t\r\n,", &save);
         if (!v)
            return fail("%s without a value", tok);
         if (tok[0] == 't')
            tol = strtod(v, NULL);
         else
            ulp = strtoul(v, NULL, 0);
         continue;
      }
      if (!strcmp(tok, "fill")) {
         char *n = strtok_r(NULL, " \t\r\n,", &save), *v = strtok_r(NULL, " \t\r\n,", &save);
         if (!n || !v)
            return fail("fill needs a count and a value");
         unsigned count = strtoul(n, NULL, 0);
         uint32_t bits = (uint32_t)strtoul(v, NULL, 0);
         if (type == 'f') {
            float f = strtof(v, NULL);
            memcpy(&bits, &f, 4);
         }
         for (unsigned i = 0; i < count; i++) {
            w.bits = bits;
            if (!push(d, w))
               return false;
         }
         continue;
      }
      if (expect && !strcmp(tok, "any")) {
         w.kind = W_ANY;
         if (!push(d, w))
            return false;
         if (type == 'd' || type == 'q' || type == 'Q') {
            w.high = true;
            if (!push(d, w))
               return false;
         }
         continue;
      }
      if (expect && !strcmp(tok, "nan") && (type == 'f' || type == 'd')) {
         w.kind = W_NAN;
         if (!push(d, w))
            return false;
         if (type == 'd') {
            w.high = true;
            if (!push(d, w))
               return false;
         }
         continue;
      }
      errno = 0;
      switch (type) {
      case 'u':
      case 'h':
         w.bits = (uint32_t)strtoul(tok, &end, 0);
         break;
      case 'i':
         w.bits = (uint32_t)(int32_t)strtol(tok, &end, 0);
         break;
      case 'f': {
         float f = strtof(tok, &end);
         memcpy(&w.bits, &f, 4);
         break;
      }
      case 'd': {
         double v = strtod(tok, &end);
         uint64_t b;
         memcpy(&b, &v, 8);
         w.bits = (uint32_t)b;
         if (*end || !push(d, w))
            return *end ? fail("bad value '%s'", tok) : false;
         w.bits = (uint32_t)(b >> 32);
         w.high = true;
         break;
      }
      default: { /* 64-bit integers */
         uint64_t b = type == 'q' ? strtoull(tok, &end, 0) : (uint64_t)strtoll(tok, &end, 0);
         w.bits = (uint32_t)b;
         if (*end || !push(d, w))
            return *end ? fail("bad value '%s'", tok) : false;
         w.bits = (uint32_t)(b >> 32);
         w.high = true;
         break;
      }
      }
      if (*end)
         return fail("bad value '%s'", tok);
      if (!push(d, w))
         return false;
   }
   return true;
}

void
blank_comments(char *body)
{
   for (char *q = body; (q = strchr(q, '#'));)
      while (*q && *q != '\n')
         *q++ = ' ';
}

static char *
read_file(const char *path)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *s = size >= 0 && size < (64 << 20) ? malloc(size + 1) : NULL;
   if (s && fread(s, 1, size, f) != (size_t)size) {
      free(s);
      s = NULL;
   }
   if (s)
      s[size] = 0;
   fclose(f);
   return s;
}


static bool
parse_test(struct test *t, char *text)
{
   char *p = text;

   for (unsigned i = 0; i < 3; i++)
      t->block[i] = t->grid[i] = 1;
   /* sections start with '[' in column 0 */
   while (*p) {
      char *line_end = strchr(p, '\n');
      if (*p != '[') {
         if (*p != '#' && *p != '\n' && *p != '\r' && strspn(p, " \t\r") != (size_t)(line_end ? line_end - p : strlen(p)))
            return fail("text outside a section: %.40s", p);
         p = line_end ? line_end + 1 : p + strlen(p);
         continue;
      }
      char *close = strchr(p, ']');
      if (!close || (line_end && close > line_end))
         return fail("unterminated section header");
      *close = 0;
      char *header = p + 1;
      char *body = close + 1;
      /* the body ends at the next line that starts with '[' */
      char *next = body;
      for (;;) {
         char *nl = strchr(next, '\n');
         if (!nl) {
            next += strlen(next);
            break;
         }
         if (nl[1] == '[') {
            *nl = 0;
            next = nl + 1;
            break;
         }
         next = nl + 1;
      }
      /* strip comment lines from data bodies (shader text keeps its own) */
      unsigned a, b, c;
      char what[32];
      if (!strcmp(header, "compute")) {
         t->shader = body;
      } else if (sscanf(header, "fragment %u %u", &a, &b) == 2) {
         if (!a || !b || a % 2 || b % 2 || a > 256 || b > 256)
            return fail("fragment grid must be even and at most 256x256");
         t->shader = body;
         t->fragment = true;
         t->width = a;
         t->height = b;
      } else if (sscanf(header, "geometry %u", &a) == 1) {
         if (!a || a > 4096)
            return fail("[geometry P]: P must be 1..4096");
         t->shader = body;
         t->geometry = true;
         t->primitives = a;
      } else if (sscanf(header, "tess_ctrl %u %u", &a, &b) == 2 || sscanf(header, "tess_eval %u %u", &a, &b) == 2) {
         if (!a || a > 4096 || !b || b > 32)
            return fail("[%s]: P must be 1..4096 and V 1..32", header);
         t->shader = body;
         t->tess_ctrl = header[5] == 'c';
         t->tess_eval = !t->tess_ctrl;
         t->patches = a;
         t->patch_vertices = b;
      } else if (!strcmp(header, "tesscoord") || !strcmp(header, "levels")) {
         blank_comments(body);
         if (!parse_data(header[0] == 't' ? &t->tesscoord : &t->levels, body, false))
            return false;
      } else if (!strcmp(header, "expect emit_count")) {
         blank_comments(body);
         if (!parse_data(&t->expect_emit_count, body, true))
            return false;
      } else if (sscanf(header, "input %u", &a) == 1 && a < PIPE_MAX_SHADER_INPUTS) {
         t->inputs[a] = body;
      } else if (sscanf(header, "block %u %u %u", &a, &b, &c) == 3) {
         t->block[0] = a, t->block[1] = b, t->block[2] = c;
      } else if (sscanf(header, "grid %u %u %u", &a, &b, &c) == 3) {
         t->grid[0] = a, t->grid[1] = b, t->grid[2] = c;
      } else if (sscanf(header, "shared %u", &a) == 1) {
         t->shared_B = a;
      } else if (!strcmp(header, "helpers")) {
         t->helpers = body;
      } else if (!strcmp(header, "expect refused")) {
         t->expect_refused = true;
      } else if (sscanf(header, "expect uniform %u", &a) == 1) {
         t->expect_uniform = (int)a;
      } else if (sscanf(header, "expect fused %u", &a) == 1) {
         t->expect_fused = (int)a;
      } else if (sscanf(header, "expect 64-bit runs %u", &a) == 1) {
         t->expect_fp_runs = (int)a;
      } else if (sscanf(header, "expect uniform pow %u", &a) == 1) {
         t->expect_pow_uniform = (int)a;
      } else if (sscanf(header, "expect uniform branches %u", &a) == 1) {
         t->expect_uniform_branches = (int)a;
      } else if (sscanf(header, "expect 64-bit forwards %u dead %u", &a, &b) == 2) {
         t->expect_fwd64 = (int)a;
         t->expect_dead64 = (int)b;
      } else if (!strcmp(header, "expect watchdog")) {
         t->expect_watchdog = true;
      } else if (sscanf(header, "budget %llu", &t->budget) == 1) {
         if (!t->budget)
            return fail("[budget N]: N must be at least 1");
      } else if (!strncmp(header, "texture ", 8)) {
         if (!parse_texture(t, header, body))
            return false;
      } else if (!strncmp(header, "sampler ", 8)) {
         if (!parse_sampler(t, header, body))
            return false;
      } else if (!strncmp(header, "image ", 6)) {
         if (!parse_image(t, header, body))
            return false;
      } else {
         bool expect = false;
         struct data *d = NULL;
         if (sscanf(header, "expect %31s %u", what, &a) == 2)
            expect = true;
         else if (sscanf(header, "%31s %u", what, &a) != 2)
            return fail("unknown section [%s]", header);
         if (!strcmp(what, "buffer") && a < PIPE_MAX_SHADER_BUFFERS)
            d = expect ? &t->expect_buffers[a] : &t->buffers[a];
         else if (!strcmp(what, "constants") && !expect && a < PIPE_MAX_CONSTANT_BUFFERS)
            d = &t->constants[a];
         else if (!strcmp(what, "output") && expect && a < PIPE_MAX_SHADER_OUTPUTS)
            d = &t->expect_outputs[a];
         else if (!strcmp(what, "emit") && expect && a < PIPE_MAX_SHADER_OUTPUTS)
            d = &t->expect_emit[a];
         else if (!strcmp(what, "image") && expect && a < PIPE_MAX_SHADER_IMAGES && t->images[a].present)
            d = &t->images[a].expect;
         else if (!strcmp(what, "image") && expect)
            return fail("[%s] needs an [image %u ...] section before it", header, a);
         else
            return fail("unknown section [%s]", header);
         blank_comments(body);
         if (!parse_data(d, body, expect))
            return false;
      }
      p = next;
   }
   if (!t->shader)
      return fail("no [compute], [fragment], [geometry], [tess_ctrl] or [tess_eval] section");
   if (t->helpers && !t->fragment)
      return fail("[helpers] is for fragment tests only");
   for (unsigned i = 0; (t->geometry || t->tess_ctrl || t->tess_eval) && i < PIPE_MAX_SHADER_IMAGES; i++)
      if (t->images[i].present)
         return fail("[image] is for compute and fragment tests only");
   return true;
}

static int64_t
float_ulps(float a, float b)
{
   int32_t ia, ib;
   memcpy(&ia, &a, 4);
   memcpy(&ib, &b, 4);
   if (ia < 0)
      ia = INT32_MIN - ia;
   if (ib < 0)
      ib = INT32_MIN - ib;
   return llabs((int64_t)ia - ib);
}

/* Set from FXP_TGSI_RUNNER_ALL: list every mismatching word on stderr, not only the first. */
static bool all_mismatches;
/* Opened from FXP_TGSI_RUNNER_DUMP=PATH: every word compared, as bits, so that runs on two instruction-set
 * tables (FXPIPE_ISA) can be compared bit for bit with diff. */
static FILE *dump;

/* Records a mismatch: the first one is the test's failure; the others only go to stderr, if asked for. */
#define MISMATCH(...)                                                                                       \
   do {                                                                                                   \
      char m_[256];                                                                                       \
      snprintf(m_, sizeof(m_), __VA_ARGS__);                                                              \
      if (result)                                                                                         \
         fail("%s", m_);                                                                                  \
      result = false;                                                                                     \
      if (!all_mismatches)                                                                                \
         return false;                                                                                    \
      fprintf(stderr, "  mismatch: %s\n", m_);                                                           \
   } while (0)

/* Compares got[] with the expectation; describes the first mismatch. */
bool
compare(const struct data *want, const uint32_t *got, unsigned n_got, const char *what)
{
   if (want->n > n_got)
      return fail("%s: %u words expected, only %u exist", what, want->n, n_got);
   bool result = true;
   for (unsigned i = 0; i < want->n; i++) {
      const struct word *w = &want->w[i];
      if (w->kind == W_ANY || w->high)
         continue;
      if (dump)
         fprintf(dump, "%s word %u: 0x%08x\n", what, i, got[i]);
      bool is64 = w->type == 'd' || w->type == 'q' || w->type == 'Q';
      uint64_t g = got[i], e = w->bits;
      if (is64) {
         g |= (uint64_t)got[i + 1] << 32;
         e |= (uint64_t)want->w[i + 1].bits << 32;
      }
      bool ok;
      if (w->type == 'f') {
         float gf, ef;
         memcpy(&gf, &got[i], 4);
         memcpy(&ef, &w->bits, 4);
         if (w->kind == W_NAN)
            ok = isnan(gf);
         else if (isnan(ef) || isnan(gf))
            ok = isnan(ef) && isnan(gf);
         else
            ok = got[i] == w->bits || fabs((double)gf - ef) <= w->tol ||
                 (w->ulp && float_ulps(gf, ef) <= w->ulp) || (gf == ef);
         if (!ok)
            MISMATCH("%s word %u: got %.9g (0x%08x), want %.9g (0x%08x)", what, i, gf, got[i], ef, w->bits);
      } else if (w->type == 'd') {
         double gd, ed;
         memcpy(&gd, &g, 8);
         memcpy(&ed, &e, 8);
         if (w->kind == W_NAN)
            ok = isnan(gd);
         else if (isnan(ed) || isnan(gd))
            ok = isnan(ed) && isnan(gd);
         else
            ok = g == e || fabs(gd - ed) <= w->tol || gd == ed;
         if (!ok)
            MISMATCH("%s words %u-%u: got %.17g, want %.17g", what, i, i + 1, gd, ed);
      } else {
         ok = g == e;
         if (!ok)
            MISMATCH("%s word %u: got 0x%llx (%lld), want 0x%llx (%lld)", what, i,
                        (unsigned long long)g, (long long)(is64 ? (int64_t)g : (int32_t)g),
                        (unsigned long long)e, (long long)(is64 ? (int64_t)e : (int32_t)e));
      }
   }
   return result;
}

static struct pipe_resource *
make_buffer(struct pipe_screen *screen, struct pipe_context *pipe, const struct data *d, unsigned min_words)
{
   const unsigned n = MAX2(d->n, min_words);
   struct pipe_resource templ = {
      .target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM, .width0 = MAX2(n, 1) * 4, .height0 = 1,
      .depth0 = 1, .array_size = 1, .bind = PIPE_BIND_SHADER_BUFFER | PIPE_BIND_CONSTANT_BUFFER,
   };
   struct pipe_resource *r = screen->resource_create(screen, &templ);
   if (!r)
      return NULL;
   uint32_t *tmp = calloc(MAX2(n, 1), 4);
   for (unsigned i = 0; tmp && i < d->n; i++)
      tmp[i] = d->w[i].bits;
   if (tmp)
      pipe->buffer_subdata(pipe, r, PIPE_MAP_WRITE, 0, MAX2(n, 1) * 4, tmp);
   free(tmp);
   return r;
}

/* Creates and binds a test's shader buffers and constant buffers to a stage. */
static void
bind_buffers(struct pipe_screen *screen, struct pipe_context *pipe, const struct test *t,
             enum pipe_shader_type stage, struct pipe_resource **bufs, struct pipe_resource **cbufs)
{
   for (unsigned i = 0; i < PIPE_MAX_SHADER_BUFFERS; i++) {
      if (!t->buffers[i].present && !t->expect_buffers[i].present)
         continue;
      bufs[i] = make_buffer(screen, pipe, &t->buffers[i], t->expect_buffers[i].n);
      struct pipe_shader_buffer sb = {.buffer = bufs[i], .buffer_offset = 0,
                                      .buffer_size = bufs[i] ? bufs[i]->width0 : 0};
      pipe->set_shader_buffers(pipe, stage, i, 1, &sb, 1);
   }
   for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      if (!t->constants[i].present)
         continue;
      cbufs[i] = make_buffer(screen, pipe, &t->constants[i], 0);
      struct pipe_constant_buffer cb = {.buffer = cbufs[i], .buffer_size = t->constants[i].n * 4};
      pipe->set_constant_buffer(pipe, stage, i, false, &cb);
   }
}

/* Compares the shader buffers with the test's expectations. */
static bool
check_buffers(struct pipe_context *pipe, const struct test *t, struct pipe_resource **bufs)
{
   bool ok = true;
   for (unsigned i = 0; ok && i < PIPE_MAX_SHADER_BUFFERS; i++) {
      if (!t->expect_buffers[i].present || !bufs[i])
         continue;
      struct pipe_transfer *xfer;
      struct pipe_box box;
      u_box_1d(0, bufs[i]->width0, &box);
      const uint32_t *m = pipe->buffer_map(pipe, bufs[i], 0, PIPE_MAP_READ, &box, &xfer);
      char what[32];
      snprintf(what, sizeof(what), "buffer %u", i);
      ok = m ? compare(&t->expect_buffers[i], m, bufs[i]->width0 / 4, what) : fail("cannot map buffer %u", i);
      if (m)
         pipe->buffer_unmap(pipe, xfer);
   }
   return ok;
}

static void
release_buffers(struct pipe_context *pipe, enum pipe_shader_type stage, struct pipe_resource **bufs,
                struct pipe_resource **cbufs)
{
   pipe->set_shader_buffers(pipe, stage, 0, PIPE_MAX_SHADER_BUFFERS, NULL, 0);
   for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      pipe->set_constant_buffer(pipe, stage, i, false, NULL);
      pipe_resource_reference(&cbufs[i], NULL);
   }
   for (unsigned i = 0; i < PIPE_MAX_SHADER_BUFFERS; i++)
      pipe_resource_reference(&bufs[i], NULL);
}

static bool
run_compute(struct test *t, const struct tgsi_token *tokens)
{
   struct pipe_screen *screen = fxp_headless_screen_create();
   struct pipe_context *pipe = screen ? screen->context_create(screen, NULL, 0) : NULL;
   struct pipe_resource *bufs[PIPE_MAX_SHADER_BUFFERS] = {0}, *cbufs[PIPE_MAX_CONSTANT_BUFFERS] = {0};
   struct pipe_resource *texs[MAX_TEXTURES] = {0};
   struct pipe_sampler_view *views[MAX_TEXTURES] = {0};
   void *samps[MAX_TEXTURES] = {0};
   struct pipe_resource *imgs[PIPE_MAX_SHADER_IMAGES] = {0};
   bool ok = true;

   if (!pipe) {
      if (screen)
         screen->destroy(screen);
      return fail("no headless context");
   }
   struct pipe_compute_state cso = {.ir_type = PIPE_SHADER_IR_TGSI, .prog = tokens, .req_local_mem = t->shared_B};
   void *cs = pipe->create_compute_state(pipe, &cso);
   if (t->expect_refused) {
      ok = cs == NULL || fail("the shader was accepted, but the test expects it refused");
      if (cs)
         pipe->delete_compute_state(pipe, cs);
      goto out;
   }
   if (!cs) {
      ok = fail("compute shader refused (FXPIPE_DEBUG=refuse says why)");
      goto out;
   }
   pipe->bind_compute_state(pipe, cs);

   bind_buffers(screen, pipe, t, PIPE_SHADER_COMPUTE, bufs, cbufs);
   if (!bind_textures(screen, pipe, t, PIPE_SHADER_COMPUTE, texs, views, samps) ||
       !bind_images(screen, pipe, t, PIPE_SHADER_COMPUTE, imgs)) {
      ok = false;
      pipe->bind_compute_state(pipe, NULL);
      pipe->delete_compute_state(pipe, cs);
      goto out;
   }

   struct pipe_grid_info info = {.work_dim = 3};
   memcpy(info.block, t->block, sizeof(info.block));
   memcpy(info.grid, t->grid, sizeof(info.grid));
   pipe->launch_grid(pipe, &info);

   const enum pipe_reset_status reset = pipe->get_device_reset_status(pipe);
   if (t->expect_watchdog && reset != PIPE_GUILTY_CONTEXT_RESET)
      ok = fail("the watchdog did not stop the dispatch (reset status %d)", reset);
   else if (!t->expect_watchdog && reset != PIPE_NO_RESET)
      ok = fail("the watchdog stopped the dispatch (reset status %d)", reset);
   else if (pipe->get_device_reset_status(pipe) != PIPE_NO_RESET)
      ok = fail("a guilty reset is reported twice");
   ok = ok && check_buffers(pipe, t, bufs) && check_images(pipe, t, imgs);
   pipe->bind_compute_state(pipe, NULL);
   pipe->delete_compute_state(pipe, cs);
out:
   release_textures(pipe, PIPE_SHADER_COMPUTE, texs, views, samps);
   release_images(pipe, PIPE_SHADER_COMPUTE, imgs);
   release_buffers(pipe, PIPE_SHADER_COMPUTE, bufs, cbufs);
   pipe->destroy(pipe);
   screen->destroy(screen);
   return ok;
}

/* One channel value of a fragment input at pixel (x, y): "x", "y", "x*K", "y*K" or a number. */
bool
input_value(const char *tok, float x, float y, float *out)
{
   if (tok[0] == 'x' || tok[0] == 'y') {
      float base = tok[0] == 'x' ? x : y;
      *out = tok[1] == '*' ? base * strtof(tok + 2, NULL) : base;
      return tok[1] == 0 || tok[1] == '*';
   }
   char *end;
   *out = strtof(tok, &end);
   return !*end;
}

/* The fragment services the engine calls back for, as the runner provides them: inputs are the [input]
 * expressions, so INTERP_OFFSET evaluates them at pixel + offset; FBFETCH of colour buffer n reads
 * (x, y, n, 1) as floats, x and y being the pixel's coordinates. */
struct runner_frag {
   char *(*tokens)[4];
   unsigned px[FXP_W], py[FXP_W];
};

static void
runner_interp_at(void *data, unsigned input, const float offx[FXP_W], const float offy[FXP_W], fxp_vec out[4])
{
   const struct runner_frag *f = data;
   for (unsigned l = 0; l < FXP_W; l++)
      for (unsigned c = 0; c < 4; c++) {
         float v = 0;
         if (input < PIPE_MAX_SHADER_INPUTS && f->tokens[input][c])
            input_value(f->tokens[input][c], f->px[l] + offx[l], f->py[l] + offy[l], &v);
         out[c].af[l] = v;
      }
}

static void
runner_fb_fetch(void *data, unsigned cbuf, fxp_vec out[4])
{
   const struct runner_frag *f = data;
   for (unsigned l = 0; l < FXP_W; l++) {
      out[0].af[l] = f->px[l];
      out[1].af[l] = f->py[l];
      out[2].af[l] = cbuf;
      out[3].af[l] = 1.0f;
   }
}

/* Decodes the test's shader for a stage run straight on the engine (nothing left in *prog when the test
 * expects a refusal and gets one) and splits the [input I] sections into their four channel expressions. */
bool
create_program(struct test *t, const struct tgsi_token *tokens, enum pipe_shader_type stage, const char *name,
               struct fxp_program **prog, char *tokens_in[PIPE_MAX_SHADER_INPUTS][4])
{
   char error[256];
   *prog = fxp_program_create(tokens, stage, error, sizeof(error));
   if (t->expect_refused) {
      if (!*prog)
         return true;
      fxp_program_destroy(*prog);
      *prog = NULL;
      return fail("the shader was accepted, but the test expects it refused");
   }
   if (!*prog)
      return fail("%s shader refused: %s", name, error);
   for (unsigned i = 0; i < PIPE_MAX_SHADER_INPUTS; i++) {
      char *save = NULL;
      if (!t->inputs[i])
         continue;
      for (unsigned c = 0; c < 4; c++)
         tokens_in[i][c] = strtok_r(c ? NULL : t->inputs[i], " \t\r\n", &save);
   }
   return true;
}

/* Fragment shaders run straight on the engine: quads in row-major order, FXP_W / 4 quads a batch. Textures
 * and samplers are bound to the fragment stage of a headless context. */
static bool
run_fragment(struct test *t, const struct tgsi_token *tokens)
{
   char *tokens_in[PIPE_MAX_SHADER_INPUTS][4] = {{0}};
   struct fxp_program *prog = NULL;
   if (!create_program(t, tokens, PIPE_SHADER_FRAGMENT, "fragment", &prog, tokens_in))
      return false;
   if (!prog)
      return true; /* refused, as the test expects */
   const unsigned n_px = t->width * t->height;
   bool *helper = calloc(n_px, sizeof(bool));
   if (t->helpers) {
      char *save = NULL, *tx, *ty;
      for (char *b = t->helpers; helper && (tx = strtok_r(b, " \t\r\n", &save)); b = NULL) {
         unsigned x, y;
         ty = strtok_r(NULL, " \t\r\n", &save);
         if (!ty || sscanf(tx, "%u", &x) != 1 || sscanf(ty, "%u", &y) != 1 || x >= t->width || y >= t->height) {
            free(helper);
            fxp_program_destroy(prog);
            return fail("[helpers] wants X Y pairs inside the grid");
         }
         helper[y * t->width + x] = true;
      }
   }

   struct pipe_screen *screen = fxp_headless_screen_create();
   struct pipe_context *pipe = screen ? screen->context_create(screen, NULL, 0) : NULL;
   struct pipe_resource *texs[MAX_TEXTURES] = {0};
   struct pipe_sampler_view *views[MAX_TEXTURES] = {0};
   void *samps[MAX_TEXTURES] = {0};
   struct pipe_resource *bufs[PIPE_MAX_SHADER_BUFFERS] = {0}, *cbufs[PIPE_MAX_CONSTANT_BUFFERS] = {0};
   struct pipe_resource *imgs[PIPE_MAX_SHADER_IMAGES] = {0};
   struct fxp_exec e;
   float *out[PIPE_MAX_SHADER_OUTPUTS] = {0};
   bool ok = pipe && helper;
   bool exec_ready = false;

   if (!ok) {
      fail("no headless context");
      goto out;
   }
   ok = bind_textures(screen, pipe, t, PIPE_SHADER_FRAGMENT, texs, views, samps) &&
        bind_images(screen, pipe, t, PIPE_SHADER_FRAGMENT, imgs);
   if (!ok)
      goto out;
   bind_buffers(screen, pipe, t, PIPE_SHADER_FRAGMENT, bufs, cbufs);
   if (!fxp_exec_init(&e, prog, fxp_gather_bindings(fxp_context(pipe), PIPE_SHADER_FRAGMENT), FXP_W)) {
      ok = fail("out of memory");
      goto out;
   }
   exec_ready = true;
   e.quad_layout = true;
   for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
      out[o] = malloc(n_px * 4 * sizeof(float));
      for (unsigned k = 0; out[o] && k < n_px * 4; k++)
         out[o][k] = NAN; /* pixels not shaded (after a watchdog stop) */
   }
   bool stopped = false;

   struct runner_frag rf = {.tokens = tokens_in};
   const struct fxp_frag_iface iface = {runner_interp_at, runner_fb_fetch, &rf};
   const unsigned quads_x = t->width / 2, n_quads = quads_x * (t->height / 2);
   for (unsigned q0 = 0; ok && q0 < n_quads; q0 += FXP_W / 4) {
      const unsigned nq = MIN2(FXP_W / 4, n_quads - q0);
      fxp_exec_reset(&e, nq * 4);
      e.frag = &iface;
      for (unsigned l = 0; l < FXP_W; l++) {
         const unsigned q = q0 + l / 4, px = (q % quads_x) * 2 + (l & 1), py = (q / quads_x) * 2 + ((l >> 1) & 1);
         rf.px[l] = px;
         rf.py[l] = py;
         e.helper[l] = l < nq * 4 && helper[py * t->width + px] ? -1 : 0;
         for (unsigned i = 0; i < prog->num_inputs && i < PIPE_MAX_SHADER_INPUTS; i++)
            for (unsigned c = 0; c < 4; c++) {
               float v = 0;
               if (tokens_in[i][c] && !input_value(tokens_in[i][c], px, py, &v))
                  ok = fail("bad input value '%s'", tokens_in[i][c]);
               fxp_input(&e, i, c)->af[l] = v;
            }
         for (unsigned i = 0; i < prog->num_svs; i++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t v = 0;
               switch (prog->sv_semantic[i]) {
               case TGSI_SEMANTIC_POSITION:
                  v = fui(c == 0 ? px + 0.5f : c == 1 ? py + 0.5f : c == 2 ? 0.0f : 1.0f);
                  break;
               case TGSI_SEMANTIC_HELPER_INVOCATION:
                  v = c == 0 && e.helper[l] ? ~0u : 0u;
                  break;
               default:
                  fxp_sv_lane_constant(prog->sv_semantic[i], c, l, &v);
                  break;
               }
               fxp_sv(&e, i, c)->au[l] = v;
            }
      }
      const unsigned fp = fxp_fp_enter(); /* the driver's float rule for the engine, not for the checks */
      fxp_exec_run(&e);
      fxp_fp_leave(fp);
      if (e.stopped) {
         stopped = true; /* the rest of the draw is dropped, as the driver does */
         break;
      }
      for (unsigned l = 0; l < nq * 4; l++) {
         const unsigned q = q0 + l / 4, px = (q % quads_x) * 2 + (l & 1), py = (q / quads_x) * 2 + ((l >> 1) & 1);
         for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++)
            for (unsigned c = 0; c < 4; c++)
               if (out[o])
                  out[o][(py * t->width + px) * 4 + c] =
                     e.live[l] && !e.helper[l] ? fxp_output(&e, o, c)->af[l] : NAN;
      }
   }
   if (ok && stopped != t->expect_watchdog)
      ok = fail(stopped ? "the watchdog stopped the shader" : "the watchdog did not stop the shader");
   const bool ok_run = ok;
   for (unsigned o = 0; ok_run && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
      if (!t->expect_outputs[o].present)
         continue;
      char what[32];
      snprintf(what, sizeof(what), "output %u", o);
      /* every output is compared, so that FXP_TGSI_RUNNER_ALL lists all mismatches */
      ok &= out[o] ? compare(&t->expect_outputs[o], (const uint32_t *)out[o], n_px * 4, what)
                   : fail("the shader has no OUTPUT[%u]", o);
   }
   if (ok)
      ok = check_buffers(pipe, t, bufs);
   if (ok)
      ok = check_images(pipe, t, imgs);
out:
   for (unsigned o = 0; o < PIPE_MAX_SHADER_OUTPUTS; o++)
      free(out[o]);
   if (exec_ready)
      fxp_exec_fini(&e);
   if (pipe) {
      release_textures(pipe, PIPE_SHADER_FRAGMENT, texs, views, samps);
      release_images(pipe, PIPE_SHADER_FRAGMENT, imgs);
      release_buffers(pipe, PIPE_SHADER_FRAGMENT, bufs, cbufs);
      pipe->destroy(pipe);
   }
   if (screen)
      screen->destroy(screen);
   free(helper);
   fxp_program_destroy(prog);
   return ok;
}

/* Geometry shaders run straight on the engine: lane l is invocation l % GS_INVOCATIONS of primitive
 * l / GS_INVOCATIONS. INPUT[v][i] is the [input I] expression with x = the primitive's number and y = v; an
 * input declared with the PRIM_ID semantic holds the primitive's number as an integer. */
static bool
run_geometry(struct test *t, const struct tgsi_token *tokens)
{
   char *tokens_in[PIPE_MAX_SHADER_INPUTS][4] = {{0}};
   struct fxp_program *prog = NULL;
   if (!create_program(t, tokens, PIPE_SHADER_GEOMETRY, "geometry", &prog, tokens_in))
      return false;
   if (!prog)
      return true; /* refused, as the test expects */
   struct fxp_bindings bind;
   memset(&bind, 0, sizeof(bind));
   struct fxp_exec e;
   if (!fxp_exec_init(&e, prog, &bind, FXP_W)) {
      fxp_program_destroy(prog);
      return fail("out of memory");
   }
   const unsigned inv = prog->gs_invocations, lanes = t->primitives * inv;
   const unsigned vw = e.gs->vertex_words, maxv = e.gs->max_vertices;
   uint32_t *counts = calloc(lanes, 4);
   /* per output: every lane's emitted vertices as (flags, x, y, z, w) */
   uint32_t *emitted[PIPE_MAX_SHADER_OUTPUTS] = {0};
   unsigned n_emitted = 0;
   bool ok = counts != NULL, stopped = false;
   for (unsigned o = 0; ok && o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++)
      ok = (emitted[o] = calloc((size_t)lanes * MAX2(maxv, 1) * 5, 4)) != NULL;
   if (!ok)
      fail("out of memory");

   for (unsigned first = 0; ok && first < lanes; first += FXP_W) {
      const unsigned n = MIN2(FXP_W, lanes - first);
      fxp_exec_reset(&e, n);
      for (unsigned l = 0; l < FXP_W; l++) {
         const unsigned lane = first + l, prim = lane / inv;
         for (unsigned v = 0; v < prog->gs_vertices_in; v++)
            for (unsigned i = 0; i < prog->num_inputs && i < PIPE_MAX_SHADER_INPUTS; i++)
               for (unsigned c = 0; c < 4; c++) {
                  float f = 0;
                  fxp_vec *dst = fxp_input(&e, v * prog->num_inputs + i, c);
                  if (prog->info.input_semantic_name[i] == TGSI_SEMANTIC_PRIMID) {
                     dst->au[l] = prim;
                     continue;
                  }
                  if (tokens_in[i][c] && !input_value(tokens_in[i][c], prim, v, &f))
                     ok = fail("bad input value '%s'", tokens_in[i][c]);
                  dst->af[l] = f;
               }
         for (unsigned i = 0; i < prog->num_svs; i++)
            for (unsigned c = 0; c < 4; c++) {
               uint32_t x = 0;
               if (prog->sv_semantic[i] == TGSI_SEMANTIC_INVOCATIONID)
                  x = c == 0 ? lane % inv : 0;
               else
                  fxp_sv_lane_constant(prog->sv_semantic[i], c, l, &x);
               fxp_sv(&e, i, c)->au[l] = x;
            }
      }
      const unsigned fp = fxp_fp_enter(); /* the driver's float rule for the engine, not for the checks */
      fxp_exec_run(&e);
      fxp_fp_leave(fp);
      if (e.stopped) {
         stopped = true; /* what the batch emitted and the rest of the draw are dropped */
         break;
      }
      for (unsigned l = 0; l < n; l++) {
         counts[first + l] = e.gs->count[l];
         for (unsigned k = 0; k < e.gs->count[l]; k++, n_emitted++) {
            const uint32_t *v = &e.gs->data[((size_t)l * maxv + k) * vw];
            for (unsigned o = 0; o < prog->num_outputs && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
               uint32_t *w = &emitted[o][n_emitted * 5];
               w[0] = e.gs->flags[l * maxv + k];
               memcpy(&w[1], &v[4 * o], 16);
            }
         }
      }
   }
   if (ok && stopped != t->expect_watchdog)
      ok = fail(stopped ? "the watchdog stopped the shader" : "the watchdog did not stop the shader");
   if (ok && t->expect_emit_count.present)
      ok = compare(&t->expect_emit_count, counts, lanes, "emit counts");
   for (unsigned o = 0; ok && o < PIPE_MAX_SHADER_OUTPUTS; o++) {
      if (!t->expect_emit[o].present)
         continue;
      char what[32];
      snprintf(what, sizeof(what), "emitted OUTPUT[%u]", o);
      ok = emitted[o] ? compare(&t->expect_emit[o], emitted[o], n_emitted * 5, what)
                      : fail("the shader has no OUTPUT[%u]", o);
   }
   for (unsigned o = 0; o < PIPE_MAX_SHADER_OUTPUTS; o++)
      free(emitted[o]);
   free(counts);
   fxp_exec_fini(&e);
   fxp_program_destroy(prog);
   return ok;
}

bool
runner_parse(struct test *t, char *text)
{
   memset(t, 0, sizeof(*t));
   t->expect_uniform = -1;
   t->expect_fused = -1;
   t->expect_fp_runs = -1;
   t->expect_pow_uniform = -1;
   t->expect_uniform_branches = -1;
   t->expect_fwd64 = t->expect_dead64 = -1;
   failure[0] = 0;
   return parse_test(t, text);
}

/* [expect uniform N] and [expect fused N]: the decoder's analyses, checked on a program of the test's stage
 * of its own. */
static bool
check_uniform(const struct test *t, const struct tgsi_token *tokens)
{
   if ((t->expect_uniform < 0 && t->expect_fused < 0 && t->expect_fp_runs < 0 && t->expect_pow_uniform < 0 &&
        t->expect_uniform_branches < 0 && t->expect_fwd64 < 0) ||
       t->expect_refused)
      return true;
   char error[256];
   struct fxp_program *prog = fxp_program_create(
      tokens, t->fragment ? PIPE_SHADER_FRAGMENT : t->geometry ? PIPE_SHADER_GEOMETRY
              : t->tess_ctrl ? PIPE_SHADER_TESS_CTRL : t->tess_eval ? PIPE_SHADER_TESS_EVAL : PIPE_SHADER_COMPUTE,
      error, sizeof(error));
   if (!prog)
      return fail("shader refused: %s", error);
   const unsigned want = (fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NOUNIFORM)) ? 0 : (unsigned)t->expect_uniform;
   const unsigned got = prog->num_pre;
   const unsigned want_fused =
      (fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NOSIMPLE | FXP_DBG_NOFUSE)) ? 0 : (unsigned)t->expect_fused;
   const bool check_fused = t->expect_fused >= 0 && !(fxp_debug_flags & FXP_DBG_NOUNIFORM); /* more to fuse */
   const unsigned got_fused = prog->num_fused;
   const unsigned want_runs =
      (fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NORUNS)) ? 0 : (unsigned)t->expect_fp_runs;
   const unsigned got_runs = prog->num_fp_run;
   const unsigned want_pow = (fxp_debug_flags & FXP_DBG_NOFAST) ? 0 : (unsigned)t->expect_pow_uniform;
   const unsigned got_pow = prog->num_pow_uniform;
   const unsigned want_branches = (fxp_debug_flags & FXP_DBG_NOFAST) ? 0 : (unsigned)t->expect_uniform_branches;
   const unsigned got_branches = prog->num_uniform_branches;
   const bool no_fwd = fxp_debug_flags & (FXP_DBG_NOFAST | FXP_DBG_NORUNS | FXP_DBG_NOSIMPLE | FXP_DBG_NOFWD);
   const unsigned want_fwd = no_fwd ? 0 : (unsigned)t->expect_fwd64, want_dead = no_fwd ? 0 : (unsigned)t->expect_dead64;
   const unsigned got_fwd = prog->num_fwd64, got_dead = prog->num_dead64;
   fxp_program_destroy(prog);
   if (t->expect_fwd64 >= 0 && (got_fwd != want_fwd || got_dead != want_dead))
      return fail("%u 64-bit sources forwarded and %u stores skipped, %u and %u expected", got_fwd, got_dead,
                  want_fwd, want_dead);
   if (t->expect_uniform_branches >= 0 && got_branches != want_branches)
      return fail("%u uniform branches, %u expected", got_branches, want_branches);
   if (t->expect_pow_uniform >= 0 && got_pow != want_pow)
      return fail("%u POW instructions with the uniform-exponent form, %u expected", got_pow, want_pow);
   if (t->expect_uniform >= 0 && got != want)
      return fail("%u instructions hoisted as uniform work, %u expected", got, want);
   if (t->expect_fp_runs >= 0 && got_runs != want_runs)
      return fail("%u instructions in 64-bit runs, %u expected", got_runs, want_runs);
   return !check_fused || got_fused == want_fused ||
          fail("%u instructions in fused runs, %u expected", got_fused, want_fused);
}

bool
runner_run(struct test *t, const struct tgsi_token *tokens)
{
   if (!check_uniform(t, tokens))
      return false;
   fxp_shader_budget_override(t->budget); /* 0: the driver's own */
   const bool ok =
      t->fragment ? run_fragment(t, tokens) : t->geometry ? run_geometry(t, tokens)
      : t->tess_ctrl ? run_tess_ctrl(t, tokens) : t->tess_eval ? run_tess_eval(t, tokens) : run_compute(t, tokens);
   fxp_shader_budget_override(0);
   return ok;
}

void
runner_free(struct test *t)
{
   for (unsigned i = 0; i < PIPE_MAX_SHADER_BUFFERS; i++) {
      free(t->buffers[i].w);
      free(t->expect_buffers[i].w);
   }
   for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
      free(t->constants[i].w);
   for (unsigned i = 0; i < PIPE_MAX_SHADER_OUTPUTS; i++) {
      free(t->expect_outputs[i].w);
      free(t->expect_emit[i].w);
   }
   free(t->expect_emit_count.w);
   free(t->tesscoord.w);
   free(t->levels.w);
   for (unsigned i = 0; i < MAX_TEXTURES; i++)
      free(t->textures[i].data.w);
   for (unsigned i = 0; i < PIPE_MAX_SHADER_IMAGES; i++) {
      free(t->images[i].data.w);
      free(t->images[i].expect.w);
   }
}

const char *
runner_failure(void)
{
   return failure;
}

#ifndef FXP_TGSI_RUNNER_NO_MAIN
static bool
run_file(const char *path)
{
   struct test t;
   char *text = read_file(path);
   bool ok;

   if (!text) {
      failure[0] = 0;
      return fail("cannot read: %s", strerror(errno));
   }
   ok = runner_parse(&t, text);
   if (ok) {
      struct tgsi_token *tokens = calloc(MAX_TOKENS, sizeof(*tokens));
      if (!tokens)
         ok = fail("out of memory");
      else if (!tgsi_text_translate(t.shader, tokens, MAX_TOKENS))
         ok = fail("the TGSI text does not parse");
      else
         ok = runner_run(&t, tokens);
      free(tokens);
   }
   runner_free(&t);
   free(text);
   return ok;
}

static int
cmp_str(const void *a, const void *b)
{
   return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
   unsigned passed = 0, failed = 0;
   const char *all = getenv("FXP_TGSI_RUNNER_ALL");
   all_mismatches = all && *all && strcmp(all, "0");
   const char *dump_path = getenv("FXP_TGSI_RUNNER_DUMP");
   if (dump_path && *dump_path && !(dump = fopen(dump_path, "w"))) {
      fprintf(stderr, "%s: cannot write\n", dump_path);
      return 2;
   }

   if (argc < 2) {
      fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
      return 2;
   }
   const char *want = getenv("FXPIPE_ISA");
   const enum fxp_isa isa = fxp_isa_chosen();
   if (want && *want && fxp_isa_from_name(want) == FXP_ISA_COUNT) {
      fprintf(stderr, "FXPIPE_ISA=%s: no such table (sse2, avx2, avx512)\n", want);
      return 2;
   }
   if (want && *want && fxp_isa_from_name(want) != isa) {
      printf("FXPIPE_ISA=%s: this CPU lacks that table (it would run on %s): skipped\n", want, fxp_isa_name(isa));
      return 77;
   }
   printf("table: %s\n", fxp_isa_name(isa));
   for (int a = 1; a < argc; a++) {
      struct stat st;
      char **files = NULL;
      unsigned n = 0;
      if (stat(argv[a], &st) == 0 && S_ISDIR(st.st_mode)) {
         DIR *dir = opendir(argv[a]);
         struct dirent *de;
         while (dir && (de = readdir(dir))) {
            size_t len = strlen(de->d_name);
            if (len > 5 && !strcmp(de->d_name + len - 5, ".test")) {
               files = realloc(files, (n + 1) * sizeof(*files));
               files[n] = malloc(strlen(argv[a]) + len + 2);
               sprintf(files[n++], "%s/%s", argv[a], de->d_name);
            }
         }
         if (dir)
            closedir(dir);
         qsort(files, n, sizeof(*files), cmp_str);
      } else {
         files = malloc(sizeof(*files));
         files[n++] = strdup(argv[a]);
      }
      for (unsigned i = 0; i < n; i++) {
         if (dump)
            fprintf(dump, "# %s\n", files[i]);
         if (run_file(files[i])) {
            printf("ok   %s\n", files[i]);
            passed++;
         } else {
            printf("FAIL %s: %s\n", files[i], failure);
            failed++;
         }
         free(files[i]);
      }
      free(files);
   }
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
#endif
