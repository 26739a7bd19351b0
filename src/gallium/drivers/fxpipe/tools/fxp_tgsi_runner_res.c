/* fxpipe-tgsi-runner, resources: the [texture], [sampler] and [image] sections of a test file, and the
 * textures, sampler views, sampler states and shader images made from them, bound to the test's stage through
 * the context (fxp_gather_bindings prepares them for the engine); [expect image] compares an image's
 * contents after the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/u_box.h"
#include "util/u_inlines.h"
#include "util/u_math.h"

#include "fxp_tgsi_runner.h"
#include "fxp_resource.h"
#include "fxp_screen.h"
#include "raster/fxp_samples.h"

struct name_value {
   const char *name;
   unsigned value;
};

/* A section's data words as a plain array (at least one word), for uploads; NULL when out of memory. The
 * caller frees it. */
static uint32_t *
data_words(const struct data *d)
{
   uint32_t *all = malloc(MAX2(d->n, 1) * 4);
   for (unsigned k = 0; all && k < d->n; k++)
      all[k] = d->w[k].bits;
   return all;
}

static bool
lookup(const struct name_value *table, const char *name, unsigned *out)
{
   for (; table->name; table++) {
      if (!strcmp(table->name, name)) {
         *out = table->value;
         return true;
      }
   }
   return false;
}

static const struct name_value texture_targets[] = {
   {"1d", PIPE_TEXTURE_1D}, {"2d", PIPE_TEXTURE_2D}, {"3d", PIPE_TEXTURE_3D}, {"cube", PIPE_TEXTURE_CUBE},
   {"rect", PIPE_TEXTURE_RECT}, {"1darray", PIPE_TEXTURE_1D_ARRAY}, {"2darray", PIPE_TEXTURE_2D_ARRAY},
   {"cubearray", PIPE_TEXTURE_CUBE_ARRAY}, {"buffer", PIPE_BUFFER}, {NULL, 0},
};

static const struct name_value texture_formats[] = {
   {"rgba8", PIPE_FORMAT_R8G8B8A8_UNORM}, {"rgba32f", PIPE_FORMAT_R32G32B32A32_FLOAT},
   {"rg32f", PIPE_FORMAT_R32G32_FLOAT}, {"r32f", PIPE_FORMAT_R32_FLOAT},
   {"rgba32ui", PIPE_FORMAT_R32G32B32A32_UINT}, {"r32ui", PIPE_FORMAT_R32_UINT},
   {"r32i", PIPE_FORMAT_R32_SINT}, {"z32f", PIPE_FORMAT_Z32_FLOAT},
   {"rgba8ui", PIPE_FORMAT_R8G8B8A8_UINT}, {"rgba8i", PIPE_FORMAT_R8G8B8A8_SINT},
   {"rgba8snorm", PIPE_FORMAT_R8G8B8A8_SNORM}, {"rgba32i", PIPE_FORMAT_R32G32B32A32_SINT},
   {"rg32ui", PIPE_FORMAT_R32G32_UINT}, {"rg16f", PIPE_FORMAT_R16G16_FLOAT},
   {"rgba16f", PIPE_FORMAT_R16G16B16A16_FLOAT}, {"r11g11b10f", PIPE_FORMAT_R11G11B10_FLOAT},
   {"rgb10a2", PIPE_FORMAT_R10G10B10A2_UNORM}, {NULL, 0},
};

static const struct name_value wrap_modes[] = {
   {"repeat", PIPE_TEX_WRAP_REPEAT}, {"clamp_to_edge", PIPE_TEX_WRAP_CLAMP_TO_EDGE},
   {"clamp_to_border", PIPE_TEX_WRAP_CLAMP_TO_BORDER}, {"clamp", PIPE_TEX_WRAP_CLAMP},
   {"mirror_repeat", PIPE_TEX_WRAP_MIRROR_REPEAT}, {"mirror_clamp", PIPE_TEX_WRAP_MIRROR_CLAMP},
   {"mirror_clamp_to_edge", PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE},
   {"mirror_clamp_to_border", PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER}, {NULL, 0},
};

static const struct name_value img_filters[] = {
   {"nearest", PIPE_TEX_FILTER_NEAREST}, {"linear", PIPE_TEX_FILTER_LINEAR}, {NULL, 0},
};

static const struct name_value mip_filters[] = {
   {"none", PIPE_TEX_MIPFILTER_NONE}, {"nearest", PIPE_TEX_MIPFILTER_NEAREST},
   {"linear", PIPE_TEX_MIPFILTER_LINEAR}, {NULL, 0},
};

static const struct name_value compare_funcs[] = {
   {"never", PIPE_FUNC_NEVER}, {"less", PIPE_FUNC_LESS}, {"equal", PIPE_FUNC_EQUAL},
   {"lequal", PIPE_FUNC_LEQUAL}, {"greater", PIPE_FUNC_GREATER}, {"notequal", PIPE_FUNC_NOTEQUAL},
   {"gequal", PIPE_FUNC_GEQUAL}, {"always", PIPE_FUNC_ALWAYS}, {NULL, 0},
};

static bool
is_1d_target(enum pipe_texture_target target)
{
   return target == PIPE_TEXTURE_1D || target == PIPE_TEXTURE_1D_ARRAY || target == PIPE_BUFFER;
}

/* Words of data a texture section must give: every texel of every slice of every level. */
static uint64_t
texture_words(const struct texture_spec *tx)
{
   const unsigned texel_words = util_format_get_blocksize(tx->format) / 4;
   uint64_t n = 0;
   for (unsigned l = 0; l < tx->levels; l++) {
      const unsigned slices = tx->target == PIPE_TEXTURE_3D ? u_minify(tx->depth, l) : tx->layers;
      n += (uint64_t)u_minify(tx->width, l) * u_minify(tx->height, l) * slices * texel_words *
           MAX2(tx->samples, 1);
   }
   return n;
}

/* [texture I TARGET FORMAT W H D LAYERS LEVELS [samples=N]] and its data lines. A multisample texture
 * (samples=N, N of 2, 4, 8, 16; 2d or 2darray, one level) gives every sample of each texel, sample 0 first. */
bool
parse_texture(struct test *t, const char *header, char *body)
{
   unsigned i, target, format, w, h, d, layers, levels, samples = 0;
   char tname[32], fname[32], extra;
   const int got = sscanf(header, "texture %u %31s %31s %u %u %u %u %u samples=%u %c", &i, tname, fname, &w, &h,
                          &d, &layers, &levels, &samples, &extra);
   if (got != 8 && got != 9)
      return fail("[%s]: want [texture I TARGET FORMAT W H D LAYERS LEVELS [samples=N]]", header);
   if (got == 9 && (!fxp_sample_count_valid(samples) || samples < 2))
      return fail("[%s]: samples must be 2, 4, 8 or 16", header);
   if (i >= MAX_TEXTURES || t->textures[i].present)
      return fail("[%s]: texture index out of range or repeated", header);
   if (!lookup(texture_targets, tname, &target))
      return fail("[%s]: unknown texture target '%s'", header, tname);
   if (!lookup(texture_formats, fname, &format))
      return fail("[%s]: unknown texture format '%s'", header, fname);
   if (!w || !h || !d || !layers || !levels || levels > 16 || w > 4096 || h > 4096 || d > 256 || layers > 256)
      return fail("[%s]: sizes must be 1..4096 (D and LAYERS 1..256, LEVELS 1..16)", header);
   if ((is_1d_target(target) && h != 1) || (target != PIPE_TEXTURE_3D && d != 1))
      return fail("[%s]: H must be 1 for 1D targets and D 1 except for 3D", header);
   const bool array = target == PIPE_TEXTURE_1D_ARRAY || target == PIPE_TEXTURE_2D_ARRAY;
   if ((target == PIPE_TEXTURE_CUBE && layers != 6) || (target == PIPE_TEXTURE_CUBE_ARRAY && layers % 6) ||
       (!array && target != PIPE_TEXTURE_CUBE && target != PIPE_TEXTURE_CUBE_ARRAY && layers != 1))
      return fail("[%s]: LAYERS must be 6 for cube, 6 * N for cubearray and 1 for non-array targets", header);
   if (target == PIPE_BUFFER && (levels != 1 || layers != 1))
      return fail("[%s]: a buffer texture has one level and one layer", header);
   if (levels - 1 > util_logbase2(MAX3(w, h, d)))
      return fail("[%s]: more levels than the size allows", header);

   if (samples && ((target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY) || levels != 1))
      return fail("[%s]: a multisample texture is 2d or 2darray with one level", header);
   struct texture_spec *tx = &t->textures[i];
   tx->present = true;
   tx->samples = samples;
   tx->target = target;
   tx->format = format;
   tx->width = w, tx->height = h, tx->depth = d, tx->layers = layers, tx->levels = levels;
   blank_comments(body);
   if (!parse_data(&tx->data, body, false))
      return false;
   const uint64_t want = texture_words(tx);
   if (tx->data.n != want)
      return fail("[%s]: %u words of texel data, the texture has %llu", header, tx->data.n,
                  (unsigned long long)want);
   return true;
}

/* [sampler I WRAP_S WRAP_T WRAP_R MIN MAG MIP options...]; options may continue in the body. */
bool
parse_sampler(struct test *t, const char *header, char *body)
{
   char *save = NULL, *text;
   unsigned i;
   if (sscanf(header, "sampler %u", &i) != 1 || i >= MAX_TEXTURES || t->samplers[i].present)
      return fail("[%s]: sampler index missing, out of range or repeated", header);
   blank_comments(body);
   const size_t len = strlen(header) + strlen(body) + 2;
   if (!(text = malloc(len)))
      return fail("out of memory");
   snprintf(text, len, "%s %s", header, body);

   struct sampler_spec *sp = &t->samplers[i];
   struct pipe_sampler_state *st = &sp->state;
   memset(st, 0, sizeof(*st));
   st->min_lod = -1000.0f;
   st->max_lod = 1000.0f;
   sp->present = true;

   bool ok = true;
   unsigned n = 0, v = 0;
   strtok_r(text, " \t\r\n", &save); /* "sampler" */
   strtok_r(NULL, " \t\r\n", &save); /* I */
   for (char *tok; ok && (tok = strtok_r(NULL, " \t\r\n", &save)); n++) {
      if (n < 3) {
         ok = lookup(wrap_modes, tok, &v) || fail("[%s]: unknown wrap mode '%s'", header, tok);
         if (n == 0) st->wrap_s = v;
         else if (n == 1) st->wrap_t = v;
         else st->wrap_r = v;
         continue;
      }
      if (n < 6) {
         ok = lookup(n == 5 ? mip_filters : img_filters, tok, &v) ||
              fail("[%s]: unknown %s filter '%s'", header, n == 5 ? "mip" : "image", tok);
         if (n == 3) st->min_img_filter = v;
         else if (n == 4) st->mag_img_filter = v;
         else st->min_mip_filter = v;
         continue;
      }
      char *arg[4] = {NULL};
      unsigned nargs = !strcmp(tok, "border") || !strcmp(tok, "border_int") ? 4 :
                       !strcmp(tok, "compare") || !strcmp(tok, "lod_bias") || !strcmp(tok, "min_lod") ||
                       !strcmp(tok, "max_lod") || !strcmp(tok, "anisotropy") || !strcmp(tok, "reduction") ? 1 : 0;
      for (unsigned a = 0; a < nargs; a++)
         if (!(arg[a] = strtok_r(NULL, " \t\r\n", &save)))
            ok = fail("[%s]: %s needs %u values", header, tok, nargs);
      if (!ok)
         break;
      char *end = NULL;
      if (!strcmp(tok, "compare")) {
         ok = lookup(compare_funcs, arg[0], &v) || fail("[%s]: unknown compare function '%s'", header, arg[0]);
         st->compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
         st->compare_func = v;
      } else if (!strcmp(tok, "border")) {
         for (unsigned a = 0; ok && a < 4; a++) {
            st->border_color.f[a] = strtof(arg[a], &end);
            ok = !*end || fail("[%s]: bad border value '%s'", header, arg[a]);
         }
      } else if (!strcmp(tok, "border_int")) {
         for (unsigned a = 0; ok && a < 4; a++) {
            st->border_color.ui[a] = (uint32_t)strtoll(arg[a], &end, 0);
            ok = !*end || fail("[%s]: bad border value '%s'", header, arg[a]);
         }
         st->border_color_is_integer = 1;
      } else if (!strcmp(tok, "reduction")) {
         if (!strcmp(arg[0], "min"))
            st->reduction_mode = PIPE_TEX_REDUCTION_MIN;
         else if (!strcmp(arg[0], "max"))
            st->reduction_mode = PIPE_TEX_REDUCTION_MAX;
         else if (!strcmp(arg[0], "average"))
            st->reduction_mode = PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE;
         else
            ok = fail("[%s]: unknown reduction '%s' (min, max, average)", header, arg[0]);
      } else if (!strcmp(tok, "anisotropy")) {
         const unsigned long n = strtoul(arg[0], &end, 0);
         ok = (!*end && n <= 31) || fail("[%s]: bad anisotropy '%s' (0 to 31)", header, arg[0]);
         st->max_anisotropy = n;
      } else if (nargs == 1) {
         const float f = strtof(arg[0], &end);
         ok = !*end || fail("[%s]: bad %s value '%s'", header, tok, arg[0]);
         if (!strcmp(tok, "lod_bias")) st->lod_bias = f;
         else if (!strcmp(tok, "min_lod")) st->min_lod = f;
         else st->max_lod = f;
      } else if (!strcmp(tok, "unnormalized")) {
         st->unnormalized_coords = 1;
      } else if (!strcmp(tok, "seamless")) {
         st->seamless_cube_map = 1;
      } else {
         ok = fail("[%s]: unknown sampler option '%s'", header, tok);
      }
   }
   if (ok && n < 6)
      ok = fail("[%s]: want [sampler I WRAP_S WRAP_T WRAP_R MIN MAG MIP options...]", header);
   free(text);
   return ok;
}

/* Creates, fills and binds the textures (as sampler views) and sampler states of a test for the compute
 * stage. What was created is left in texs[], views[] and samps[] for release_textures(), even on failure. */
bool
bind_textures(struct pipe_screen *screen, struct pipe_context *pipe, const struct test *t,
              enum pipe_shader_type stage, struct pipe_resource **texs, struct pipe_sampler_view **views,
              void **samps)
{
   for (unsigned i = 0; i < MAX_TEXTURES; i++) {
      const struct texture_spec *tx = &t->textures[i];
      if (!tx->present)
         continue;
      if (tx->target == PIPE_BUFFER) {
         /* a buffer of W texels, viewed whole with the texture's format */
         const unsigned size_B = tx->width * util_format_get_blocksize(tx->format);
         struct pipe_resource btempl = {
            .target = PIPE_BUFFER, .format = PIPE_FORMAT_R8_UNORM, .width0 = size_B, .height0 = 1, .depth0 = 1,
            .array_size = 1, .bind = PIPE_BIND_SAMPLER_VIEW,
         };
         texs[i] = screen->resource_create(screen, &btempl);
         if (!texs[i])
            return fail("texture %u: resource_create refused the buffer", i);
         uint32_t *all = data_words(&tx->data);
         if (!all)
            return fail("out of memory");
         pipe->buffer_subdata(pipe, texs[i], PIPE_MAP_WRITE, 0, size_B, all);
         free(all);
         struct pipe_sampler_view bview;
         memset(&bview, 0, sizeof(bview));
         bview.format = tx->format;
         bview.target = PIPE_BUFFER;
         bview.swizzle_r = PIPE_SWIZZLE_X, bview.swizzle_g = PIPE_SWIZZLE_Y;
         bview.swizzle_b = PIPE_SWIZZLE_Z, bview.swizzle_a = PIPE_SWIZZLE_W;
         bview.u.buf.offset = 0;
         bview.u.buf.size = size_B;
         views[i] = pipe->create_sampler_view(pipe, texs[i], &bview);
         if (!views[i])
            return fail("texture %u: create_sampler_view refused the buffer view", i);
         pipe->set_sampler_views(pipe, stage, i, 1, 0, false, &views[i]);
         continue;
      }
      struct pipe_resource templ = {
         .target = tx->target, .format = tx->format, .width0 = tx->width, .height0 = tx->height,
         .depth0 = tx->depth, .array_size = tx->layers, .last_level = tx->levels - 1,
         .nr_samples = tx->samples, .nr_storage_samples = tx->samples, .bind = PIPE_BIND_SAMPLER_VIEW,
      };
      if (tx->samples) /* even under FXPIPE_MSAA=0 (struct fxp_screen.msaa) */
         fxp_screen(screen)->msaa = true;
      texs[i] = screen->resource_create(screen, &templ);
      if (!texs[i])
         return fail("texture %u: resource_create refused it (FXPIPE_DEBUG=refuse says why)", i);
      const unsigned texel_B = util_format_get_blocksize(tx->format);
      uint32_t *all = data_words(&tx->data);
      if (!all)
         return fail("out of memory");
      const uint32_t *words = all;
      if (tx->samples) {
         /* a map of a multisample texture gives every sample the same value (resource/fxp_transfer.c): the
          * samples are written into the storage, sample s of texel x at column x * samples + s
          * (fxp_resource.h) */
         struct fxp_resource *res = fxp_resource(texs[i]);
         for (unsigned z = 0; z < tx->layers; z++)
            for (unsigned y = 0; y < tx->height; y++) {
               memcpy(fxp_resource_texel(res, res->data, 0, 0, y, z), words,
                      (size_t)tx->width * tx->samples * texel_B);
               words += (size_t)tx->width * tx->samples * texel_B / 4;
            }
      }
      for (unsigned l = 0; !tx->samples && l < tx->levels; l++) {
         const unsigned w = u_minify(tx->width, l), h = u_minify(tx->height, l);
         const unsigned slices = tx->target == PIPE_TEXTURE_3D ? u_minify(tx->depth, l) : tx->layers;
         struct pipe_box box;
         u_box_3d(0, 0, 0, w, h, slices, &box);
         pipe->texture_subdata(pipe, texs[i], l, PIPE_MAP_WRITE, &box, words, w * texel_B,
                               (uintptr_t)w * h * texel_B);
         words += (size_t)w * h * slices * texel_B / 4;
      }
      free(all);

      struct pipe_sampler_view templ_view;
      memset(&templ_view, 0, sizeof(templ_view));
      templ_view.format = tx->format;
      templ_view.target = tx->target;
      templ_view.swizzle_r = PIPE_SWIZZLE_X;
      templ_view.swizzle_g = PIPE_SWIZZLE_Y;
      templ_view.swizzle_b = PIPE_SWIZZLE_Z;
      templ_view.swizzle_a = PIPE_SWIZZLE_W;
      templ_view.u.tex.first_level = 0;
      templ_view.u.tex.last_level = tx->levels - 1;
      templ_view.u.tex.first_layer = 0;
      templ_view.u.tex.last_layer = tx->target == PIPE_TEXTURE_3D ? 0 : tx->layers - 1;
      views[i] = pipe->create_sampler_view(pipe, texs[i], &templ_view);
      if (!views[i])
         return fail("texture %u: create_sampler_view refused it", i);
      pipe->set_sampler_views(pipe, stage, i, 1, 0, false, &views[i]);
   }
   for (unsigned i = 0; i < MAX_TEXTURES; i++) {
      if (!t->samplers[i].present)
         continue;
      samps[i] = pipe->create_sampler_state(pipe, &t->samplers[i].state);
      if (!samps[i])
         return fail("sampler %u: create_sampler_state failed", i);
   }
   pipe->bind_sampler_states(pipe, stage, 0, MAX_TEXTURES, samps);
   return true;
}

void
release_textures(struct pipe_context *pipe, enum pipe_shader_type stage, struct pipe_resource **texs,
                 struct pipe_sampler_view **views, void **samps)
{
   void *none[MAX_TEXTURES] = {NULL};
   pipe->set_sampler_views(pipe, stage, 0, 0, MAX_TEXTURES, false, NULL);
   pipe->bind_sampler_states(pipe, stage, 0, MAX_TEXTURES, none);
   for (unsigned i = 0; i < MAX_TEXTURES; i++) {
      if (samps[i])
         pipe->delete_sampler_state(pipe, samps[i]);
      samps[i] = NULL;
      pipe_sampler_view_reference(&views[i], NULL);
      pipe_resource_reference(&texs[i], NULL);
   }
}

/* Slices of an image's only level: array layers, cube faces (6 a cube) or 3D depth slices. */
static unsigned
image_slices(const struct image_spec *im)
{
   return im->target == PIPE_TEXTURE_3D ? im->depth : im->layers;
}

/* [image I TARGET FORMAT W H D LAYERS options] and its data lines: every texel of the one level. Options:
 * `layers FIRST LAST` (the view covers slices FIRST..LAST; all of them by default) and `view FORMAT` (the
 * view's format, of the resource format's size; the resource format by default). */
bool
parse_image(struct test *t, const char *header, char *body)
{
   unsigned i, target, format, view_format, w, h, d, layers, first = 0, last = ~0u, samples = 0;
   char tname[32], fname[32], opt[32], arg[32];
   int pos = 0;
   if (sscanf(header, "image %u %31s %31s %u %u %u %u%n", &i, tname, fname, &w, &h, &d, &layers, &pos) != 7)
      return fail("[%s]: want [image I TARGET FORMAT W H D LAYERS options]", header);
   if (i >= PIPE_MAX_SHADER_IMAGES || t->images[i].present)
      return fail("[%s]: image index out of range or repeated", header);
   if (!lookup(texture_targets, tname, &target))
      return fail("[%s]: unknown image target '%s'", header, tname);
   if (!lookup(texture_formats, fname, &format) || util_format_get_blocksize(format) % 4)
      return fail("[%s]: unknown image format '%s'", header, fname);
   view_format = format;
   for (const char *o = header + pos; sscanf(o, "%31s%n", opt, &pos) == 1; o += pos) {
      int more = 0;
      if (!strcmp(opt, "layers") && sscanf(o + pos, "%u %u%n", &first, &last, &more) == 2) {
         pos += more;
      } else if (!strcmp(opt, "view") && sscanf(o + pos, "%31s%n", arg, &more) == 1) {
         pos += more;
         if (!lookup(texture_formats, arg, &view_format) ||
             util_format_get_blocksize(view_format) != util_format_get_blocksize(format))
            return fail("[%s]: unknown view format '%s' or not of the image format's size", header, arg);
      } else if (!strcmp(opt, "samples") && sscanf(o + pos, "%u%n", &samples, &more) == 1) {
         pos += more;
         if (!fxp_sample_count_valid(samples) || samples < 2)
            return fail("[%s]: samples must be 2, 4, 8 or 16", header);
      } else {
         return fail("[%s]: unknown image option '%s' (want `layers FIRST LAST`, `view FORMAT` or `samples N`)",
                     header, opt);
      }
   }
   if (samples && target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY)
      return fail("[%s]: multisample images are 2d or 2darray", header);
   if (!w || !h || !d || !layers || w > 4096 || h > 4096 || d > 256 || layers > 256)
      return fail("[%s]: sizes must be 1..4096 (D and LAYERS 1..256)", header);
   if ((is_1d_target(target) && h != 1) || (target != PIPE_TEXTURE_3D && d != 1))
      return fail("[%s]: H must be 1 for 1D targets and D 1 except for 3D", header);
   const bool array = target == PIPE_TEXTURE_1D_ARRAY || target == PIPE_TEXTURE_2D_ARRAY;
   if ((target == PIPE_TEXTURE_CUBE && layers != 6) || (target == PIPE_TEXTURE_CUBE_ARRAY && layers % 6) ||
       (!array && target != PIPE_TEXTURE_CUBE && target != PIPE_TEXTURE_CUBE_ARRAY && layers != 1))
      return fail("[%s]: LAYERS must be 6 for cube, 6 * N for cubearray and 1 for non-array targets", header);

   struct image_spec *im = &t->images[i];
   im->present = true;
   im->target = target;
   im->format = format;
   im->view_format = view_format;
   im->width = w, im->height = h, im->depth = d, im->layers = layers;
   im->samples = samples;
   const bool whole = last == ~0u;
   if (whole)
      last = image_slices(im) - 1;
   if (first > last || last >= image_slices(im) || (target == PIPE_BUFFER && !whole))
      return fail("[%s]: the view's layers must lie in the image (and buffers have none)", header);
   im->first_layer = first, im->last_layer = last;
   blank_comments(body);
   if (!parse_data(&im->data, body, false))
      return false;
   const uint64_t want =
      (uint64_t)w * MAX2(samples, 1) * h * image_slices(im) * (util_format_get_blocksize(format) / 4);
   if (im->data.n != want)
      return fail("[%s]: %u words of texel data, the image has %llu", header, im->data.n, (unsigned long long)want);
   return true;
}

/* Creates and fills the images of a test and binds them to the stage as pipe_image_views (read-write, level
 * 0, the section's layers; a buffer viewed whole), which fxp_gather_bindings turns into the engine's
 * bindings.images[] with fxp_image_binding_prepare. Slots without a section stay unbound. What was created is
 * left in imgs[] for release_images(), even on failure. */
bool
bind_images(struct pipe_screen *screen, struct pipe_context *pipe, const struct test *t,
            enum pipe_shader_type stage, struct pipe_resource **imgs)
{
   for (unsigned i = 0; i < PIPE_MAX_SHADER_IMAGES; i++) {
      const struct image_spec *im = &t->images[i];
      if (!im->present)
         continue;
      const bool buffer = im->target == PIPE_BUFFER;
      const unsigned texel_B = util_format_get_blocksize(im->format), row_B = im->width * texel_B;
      struct pipe_resource templ = {
         .target = im->target, .format = buffer ? PIPE_FORMAT_R8_UNORM : im->format,
         .width0 = buffer ? row_B : im->width, .height0 = im->height, .depth0 = im->depth,
         .array_size = im->layers, .nr_samples = im->samples, .nr_storage_samples = im->samples,
         .bind = PIPE_BIND_SHADER_IMAGE,
      };
      if (im->samples) /* even under FXPIPE_MSAA=0 (struct fxp_screen.msaa) */
         fxp_screen(screen)->msaa = true;
      imgs[i] = screen->resource_create(screen, &templ);
      if (!imgs[i])
         return fail("image %u: resource_create refused it (FXPIPE_DEBUG=refuse says why)", i);
      uint32_t *all = data_words(&im->data);
      if (!all)
         return fail("out of memory");
      if (im->samples) {
         /* the samples straight into the storage, as for a multisample [texture] */
         struct fxp_resource *res = fxp_resource(imgs[i]);
         const uint8_t *src = (const uint8_t *)all;
         for (unsigned z = 0; z < im->layers; z++)
            for (unsigned y = 0; y < im->height; y++, src += (size_t)row_B * im->samples)
               memcpy(fxp_resource_texel(res, res->data, 0, 0, y, z), src, (size_t)row_B * im->samples);
      } else if (buffer) {
         pipe->buffer_subdata(pipe, imgs[i], PIPE_MAP_WRITE, 0, row_B, all);
      } else {
         struct pipe_box box;
         u_box_3d(0, 0, 0, im->width, im->height, image_slices(im), &box);
         pipe->texture_subdata(pipe, imgs[i], 0, PIPE_MAP_WRITE, &box, all, row_B, (uintptr_t)row_B * im->height);
      }
      free(all);

      struct pipe_image_view view;
      memset(&view, 0, sizeof(view));
      view.resource = imgs[i];
      view.format = im->view_format;
      view.access = view.shader_access = PIPE_IMAGE_ACCESS_READ_WRITE;
      if (buffer) {
         view.u.buf.offset = 0;
         view.u.buf.size = row_B;
      } else {
         view.u.tex.first_layer = im->first_layer;
         view.u.tex.last_layer = im->last_layer;
         view.u.tex.level = 0;
      }
      pipe->set_shader_images(pipe, stage, i, 1, 0, &view);
   }
   return true;
}

/* Reads image `img` whole into got[] (rows of row_B bytes, slice by slice): a multisample one from its
 * storage, every sample (a map would give the resolved pixels), the others through a map. */
static bool
read_image(struct pipe_context *pipe, const struct image_spec *im, struct pipe_resource *img, unsigned row_B,
           unsigned slices, uint8_t *got)
{
   if (im->samples) {
      struct fxp_resource *res = fxp_resource(img);
      for (unsigned z = 0; z < slices; z++)
         for (unsigned y = 0; y < im->height; y++)
            memcpy(got + ((size_t)z * im->height + y) * row_B, fxp_resource_texel(res, res->data, 0, 0, y, z),
                   row_B);
      return true;
   }
   const bool buffer = im->target == PIPE_BUFFER;
   struct pipe_transfer *xfer;
   struct pipe_box box;
   const uint8_t *m;
   if (buffer) {
      u_box_1d(0, row_B, &box);
      m = pipe->buffer_map(pipe, img, 0, PIPE_MAP_READ, &box, &xfer);
   } else {
      u_box_3d(0, 0, 0, im->width, im->height, slices, &box);
      m = pipe->texture_map(pipe, img, 0, PIPE_MAP_READ, &box, &xfer);
   }
   if (!m)
      return false;
   for (unsigned z = 0; z < slices; z++)
      for (unsigned y = 0; y < im->height; y++)
         memcpy(got + ((size_t)z * im->height + y) * row_B, m + z * xfer->layer_stride + y * xfer->stride, row_B);
   if (buffer)
      pipe->buffer_unmap(pipe, xfer);
   else
      pipe->texture_unmap(pipe, xfer);
   return true;
}

/* Compares the images that have an [expect image I] section with it: the whole resource, in the layout of
 * the [image] data lines. */
bool
check_images(struct pipe_context *pipe, const struct test *t, struct pipe_resource **imgs)
{
   for (unsigned i = 0; i < PIPE_MAX_SHADER_IMAGES; i++) {
      const struct image_spec *im = &t->images[i];
      if (!im->present || !im->expect.present || !imgs[i])
         continue;
      const unsigned row_B = im->width * MAX2(im->samples, 1) * util_format_get_blocksize(im->format);
      const unsigned slices = image_slices(im), n_words = row_B / 4 * im->height * slices;
      if (im->expect.n != n_words)
         return fail("[expect image %u]: %u words, the image has %u", i, im->expect.n, n_words);
      uint32_t *got = malloc((size_t)n_words * 4);
      if (!got)
         return fail("out of memory");
      if (!read_image(pipe, im, imgs[i], row_B, slices, (uint8_t *)got)) {
         free(got);
         return fail("cannot map image %u", i);
      }
      char what[32];
      snprintf(what, sizeof(what), "image %u", i);
      const bool ok = compare(&im->expect, got, n_words, what);
      free(got);
      if (!ok)
         return false;
   }
   return true;
}

void
release_images(struct pipe_context *pipe, enum pipe_shader_type stage, struct pipe_resource **imgs)
{
   pipe->set_shader_images(pipe, stage, 0, 0, PIPE_MAX_SHADER_IMAGES, NULL);
   for (unsigned i = 0; i < PIPE_MAX_SHADER_IMAGES; i++)
      pipe_resource_reference(&imgs[i], NULL);
}
