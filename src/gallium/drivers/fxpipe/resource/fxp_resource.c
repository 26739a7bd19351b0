/* Resource creation, layout (see fxp_resource.h), destruction and sharing of display targets. */
#include "util/u_inlines.h"
#include "util/u_memory.h"
#include "util/os_memory.h"
#include "frontend/sw_winsys.h"

#include <sys/mman.h>
#include <unistd.h>

#include "fxp_screen.h"
#include "fxp_resource.h"
#include "fxp_storage.h"
#include "fxp_debug.h"
#include "raster/fxp_samples.h"

static bool
fxp_template_valid(const struct pipe_resource *t)
{
   if (t->width0 == 0 || t->height0 == 0 || t->depth0 == 0 || t->array_size == 0)
      return fxp_refuse("resource with a zero dimension" FXP_GL_NO_RESOURCE);
   if (t->last_level >= PIPE_MAX_TEXTURE_LEVELS)
      return fxp_refuse("resource with %u levels" FXP_GL_NO_RESOURCE, t->last_level + 1);
   if (t->nr_samples > 1 || t->nr_storage_samples > 1) {
      /* resource/fxp_resource.h: 2D or 2D array, one level, storage samples as many as samples */
      if (!fxp_sample_count_valid(t->nr_samples) || MAX2(t->nr_storage_samples, 1) != t->nr_samples)
         return fxp_refuse("resource with %u samples and %u storage samples" FXP_GL_NO_RESOURCE, t->nr_samples,
                           t->nr_storage_samples);
      if ((t->target != PIPE_TEXTURE_2D && t->target != PIPE_TEXTURE_2D_ARRAY) || t->last_level)
         return fxp_refuse("multisample resource that is not a 2D image or array of one level (target %d, %u "
                           "levels)" FXP_GL_NO_RESOURCE, t->target, t->last_level + 1);
   }

   switch (t->target) {
   case PIPE_BUFFER:
      return t->height0 == 1 && t->depth0 == 1 && t->array_size == 1 && t->last_level == 0;
   case PIPE_TEXTURE_1D:
   case PIPE_TEXTURE_1D_ARRAY:
      if (t->height0 != 1 || t->depth0 != 1)
         return fxp_refuse("1D texture with height or depth" FXP_GL_NO_RESOURCE);
      break;
   case PIPE_TEXTURE_2D:
   case PIPE_TEXTURE_RECT:
   case PIPE_TEXTURE_2D_ARRAY:
      if (t->depth0 != 1)
         return fxp_refuse("2D texture with depth" FXP_GL_NO_RESOURCE);
      break;
   case PIPE_TEXTURE_CUBE:
   case PIPE_TEXTURE_CUBE_ARRAY:
      if (t->width0 != t->height0 || t->depth0 != 1 || t->array_size % 6)
         return fxp_refuse("cube map that is not square or not a multiple of 6 faces" FXP_GL_NO_RESOURCE);
      break;
   case PIPE_TEXTURE_3D:
      if (t->array_size != 1)
         return fxp_refuse("3D texture array" FXP_GL_NO_RESOURCE);
      if (t->width0 > 2048 || t->height0 > 2048 || t->depth0 > 2048)
         return fxp_refuse("3D texture larger than 2048" FXP_GL_NO_RESOURCE);
      break;
   default:
      return fxp_refuse("unknown texture target %d" FXP_GL_NO_RESOURCE, t->target);
   }
   if (t->target != PIPE_TEXTURE_3D &&
       (t->width0 > FXP_MAX_TEXTURE_2D_SIZE || t->height0 > FXP_MAX_TEXTURE_2D_SIZE))
      return fxp_refuse("texture larger than %u" FXP_GL_NO_RESOURCE, FXP_MAX_TEXTURE_2D_SIZE);
   if (t->array_size > FXP_MAX_TEXTURE_ARRAY_LAYERS * (t->target == PIPE_TEXTURE_CUBE_ARRAY ? 6 : 1))
      return fxp_refuse("texture with %u layers" FXP_GL_NO_RESOURCE, t->array_size);
   if (t->target == PIPE_TEXTURE_RECT && t->last_level)
      return fxp_refuse("rectangle texture with mip levels" FXP_GL_NO_RESOURCE);
   return true;
}

bool
fxp_resource_layout(struct fxp_resource *res)
{
   const struct pipe_resource *t = &res->base;
   uint64_t offset = 0;

   if (!fxp_template_valid(t))
      return false;

   if (t->target == PIPE_BUFFER) {
      res->size_B = align64(t->width0, FXP_ALIGN_B);
      res->row_stride_B[0] = t->width0;
      res->slice_stride_B[0] = t->width0;
      return true;
   }

   for (unsigned l = 0; l <= t->last_level; l++) {
      /* a multisample texture: fxp_resource_samples(t) texels a pixel (fxp_resource.h) */
      const uint64_t w_blk = (uint64_t)util_format_get_nblocksx(t->format, u_minify(t->width0, l)) *
                             fxp_resource_samples(t);
      const unsigned h_blk = util_format_get_nblocksy(t->format, u_minify(t->height0, l));
      const uint64_t row_B = align64(w_blk * util_format_get_blocksize(t->format),
                                     FXP_ROW_ALIGN_B);

      res->level_offset_B[l] = offset;
      res->row_stride_B[l] = (unsigned)row_B;
      res->slice_stride_B[l] = align64(row_B * h_blk, FXP_ALIGN_B);
      offset += res->slice_stride_B[l] * fxp_resource_slices(t, l);
      if (offset > FXP_MAX_RESOURCE_SIZE_B)
         return fxp_refuse("texture of more than %llu bytes" FXP_GL_NO_RESOURCE,
                           (unsigned long long)FXP_MAX_RESOURCE_SIZE_B);
   }
   res->size_B = offset;
   return true;
}

bool
fxp_box_in_level(const struct pipe_resource *res, unsigned level, const struct pipe_box *box)
{
   if (level > res->last_level || box->width < 0 || box->height < 0 || box->depth < 0 ||
       box->x < 0 || box->y < 0 || box->z < 0)
      return false;
   const unsigned w = u_minify(res->width0, level);
   const unsigned h = res->target == PIPE_BUFFER ? 1 : u_minify(res->height0, level);
   const unsigned d = res->target == PIPE_BUFFER ? 1 : fxp_resource_slices(res, level);
   return (uint64_t)box->x + box->width <= w && (uint64_t)box->y + box->height <= h &&
          (uint64_t)box->z + box->depth <= d;
}

/* A new resource object for a template, with no storage yet. */
static struct fxp_resource *
fxp_resource_new(struct pipe_screen *pscreen, const struct pipe_resource *templat)
{
   struct fxp_resource *res = CALLOC_STRUCT(fxp_resource);

   if (!res)
      return NULL;
   res->base = *templat;
   res->base.screen = pscreen;
   pipe_reference_init(&res->base.reference, 1);
   return res;
}

/* The one-level, one-slice layout of winsys storage with the given row stride. */
static void
fxp_displaytarget_layout(struct fxp_resource *res, unsigned stride)
{
   res->row_stride_B[0] = stride;
   res->slice_stride_B[0] = (uint64_t)stride * util_format_get_nblocksy(res->base.format, res->base.height0);
   res->size_B = res->slice_stride_B[0];
}

static bool
fxp_create_displaytarget(struct fxp_screen *screen, struct fxp_resource *res, const void *map_front_private)
{
   struct sw_winsys *ws = screen->winsys;
   unsigned stride;

   if (res->base.target == PIPE_BUFFER || res->base.last_level || res->base.array_size > 1 ||
       res->base.depth0 > 1)
      return fxp_refuse("display target that is not a single 2D image" FXP_GL_NO_WINDOW_BUFFER);
   res->dt = ws->displaytarget_create(ws, res->base.bind, res->base.format, res->base.width0,
                                      res->base.height0, FXP_ALIGN_B, map_front_private, &stride);
   if (!res->dt)
      return fxp_refuse("the winsys could not create a %ux%u display target" FXP_GL_NO_WINDOW_BUFFER, res->base.width0,
                        res->base.height0);
   fxp_displaytarget_layout(res, stride);
   const struct util_format_description *desc = util_format_description(res->base.format);
   if (map_front_private && desc && desc->block.bits == 32 && desc->swizzle[3] <= PIPE_SWIZZLE_W) {
      const struct util_format_channel_description *a = &desc->channel[desc->swizzle[3]];
      if (a->size == 8 && a->shift % 8 == 0) {
         res->front_alpha = CALLOC((size_t)res->base.width0 * res->base.height0, 1);
         res->front_alpha_byte = a->shift / 8; /* little-endian: channel shift in bits / 8 */
      }
   }
   return true;
}

/* Copies a front buffer's alpha bytes from the mapping into front_alpha (save) or back (restore). */
static void
front_alpha_copy(struct fxp_resource *res, bool save)
{
   const unsigned w = res->base.width0, h = res->base.height0;
   for (unsigned y = 0; y < h; y++) {
      uint8_t *row = res->dt_map + (size_t)y * res->row_stride_B[0] + res->front_alpha_byte;
      uint8_t *a = res->front_alpha + (size_t)y * w;
      if (save)
         for (unsigned x = 0; x < w; x++)
            a[x] = row[4 * x];
      else
         for (unsigned x = 0; x < w; x++)
            row[4 * x] = a[x];
   }
}

/* Guard mode's storage (see fxp_resource.h): a zeroed mapping whose first page and the page right after the
 * storage's end are inaccessible. */
static void
guarded_alloc(struct fxp_resource *res)
{
   const size_t page_B = sysconf(_SC_PAGESIZE);
   const size_t size_B = align64(MAX2(res->size_B, FXP_ALIGN_B), FXP_ALIGN_B);
   const size_t body_B = align64(size_B, page_B);
   const size_t map_B = body_B + 2 * page_B;
   uint8_t *map = mmap(NULL, map_B, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   if (map == MAP_FAILED)
      return;
   if (mprotect(map, page_B, PROT_NONE) || mprotect(map + page_B + body_B, page_B, PROT_NONE)) {
      munmap(map, map_B);
      return;
   }
   res->guard_map = map;
   res->guard_map_B = map_B;
   res->data = map + page_B + (body_B - size_B);
}

static struct pipe_resource *
fxp_resource_create_front(struct pipe_screen *pscreen, const struct pipe_resource *templat,
                          const void *map_front_private)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   struct fxp_resource *res = fxp_resource_new(pscreen, templat);
   bool reused = false;

   if (!res)
      return NULL;
   if (templat->target != PIPE_BUFFER) {
      const unsigned format_binds = PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL |
                                    PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_DISPLAY_TARGET |
                                    PIPE_BIND_SCANOUT | PIPE_BIND_SHARED;
      if (!fxp_is_format_supported(pscreen, templat->format, templat->target, templat->nr_samples,
                                   templat->nr_storage_samples, templat->bind & format_binds)) {
         fxp_refuse("texture of format %s with bind 0x%x" FXP_GL_NO_RESOURCE, util_format_name(templat->format),
                    templat->bind);
         goto fail;
      }
   }

   if (templat->bind & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT | PIPE_BIND_SHARED)) {
      if (!fxp_template_valid(templat) || !fxp_create_displaytarget(screen, res, map_front_private))
         goto fail;
   } else {
      if (!fxp_resource_layout(res))
         goto fail;
      /* New storage reads as zeros, never as stale heap contents (resource/fxp_storage.h). */
      if (unlikely(fxp_debug_flags & FXP_DBG_GUARD)) {
         guarded_alloc(res);
      } else {
         res->data = fxp_storage_alloc(&screen->storage, res->size_B, &reused);
         res->storage = res->data != NULL;
      }
      if (!res->data) {
         fxp_refuse("out of memory for a resource of %llu bytes" FXP_GL_NO_RESOURCE, (unsigned long long)res->size_B);
         goto fail;
      }
   }

   FXP_DBG(FXP_DBG_RESOURCE, "resource %p: target %d %s %ux%ux%u layers %u levels %u: %llu bytes%s",
           (void *)res, templat->target, util_format_short_name(templat->format), templat->width0,
           templat->height0, templat->depth0, templat->array_size, templat->last_level + 1,
           (unsigned long long)res->size_B, res->dt ? " (display target)" : reused ? " (storage reused)" : "");
   return &res->base;

fail:
   FREE(res);
   return NULL;
}

static struct pipe_resource *
fxp_resource_create(struct pipe_screen *pscreen, const struct pipe_resource *templat)
{
   return fxp_resource_create_front(pscreen, templat, NULL);
}

static bool
fxp_can_create_resource(struct pipe_screen *pscreen, const struct pipe_resource *templat)
{
   struct fxp_resource tmp;

   memset(&tmp, 0, sizeof(tmp));
   tmp.base = *templat;
   /* st/mesa's size test (glTexImage2DMultisample's proxy) asks with the application's sample count, then
    * creates the texture with the supported count at or above it: test that one; and it asks for a whole
    * mipmap chain, which a multisample texture never has (one level) */
   if (tmp.base.nr_samples > 2 && tmp.base.nr_samples <= FXP_MAX_SAMPLES &&
       !fxp_sample_count_valid(tmp.base.nr_samples)) {
      tmp.base.nr_samples = util_next_power_of_two(tmp.base.nr_samples);
      if (tmp.base.nr_storage_samples > 1)
         tmp.base.nr_storage_samples = util_next_power_of_two(tmp.base.nr_storage_samples);
   }
   if (tmp.base.nr_samples > 1)
      tmp.base.last_level = 0;
   return fxp_resource_layout(&tmp);
}

static void
fxp_resource_destroy(struct pipe_screen *pscreen, struct pipe_resource *pres)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   struct fxp_resource *res = fxp_resource(pres);

   fxp_screen_sync(screen, pres, FXP_SYNC_RESOURCE_DESTROY);
   if (res->dt) {
      if (res->dt_map_count)
         screen->winsys->displaytarget_unmap(screen->winsys, res->dt);
      screen->winsys->displaytarget_destroy(screen->winsys, res->dt);
      FREE(res->front_alpha);
   } else if (res->guard_map) {
      munmap(res->guard_map, res->guard_map_B);
   } else if (res->storage) {
      fxp_storage_free(&screen->storage, res->data, res->size_B);
   } else if (res->memobj) {
      fxp_memobj_release(res->memobj);
   }
   /* the only other storage is user memory (resource_from_user_memory), the application's to free: owned
    * storage comes from fxp_storage_alloc (res->storage) or guard mode alone */
   assert(res->storage || res->guard_map || res->memobj || res->dt || res->user_memory || !res->data);
   FREE(res);
}

static struct pipe_resource *
fxp_resource_from_handle(struct pipe_screen *pscreen, const struct pipe_resource *templat,
                         struct winsys_handle *whandle, unsigned usage)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   struct fxp_resource *res;
   unsigned stride;

   if (!screen->winsys->displaytarget_from_handle)
      return NULL;
   res = fxp_resource_new(pscreen, templat);
   if (!res)
      return NULL;
   if (!fxp_template_valid(templat) || templat->target == PIPE_BUFFER || templat->last_level) {
      FREE(res);
      return NULL;
   }
   res->dt = screen->winsys->displaytarget_from_handle(screen->winsys, templat, whandle, &stride);
   if (!res->dt) {
      FREE(res);
      return NULL;
   }
   fxp_displaytarget_layout(res, stride);
   return &res->base;
}

static bool
fxp_resource_get_handle(struct pipe_screen *pscreen, struct pipe_context *ctx,
                        struct pipe_resource *pres, struct winsys_handle *whandle, unsigned usage)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   struct fxp_resource *res = fxp_resource(pres);

   if (!res->dt || !screen->winsys->displaytarget_get_handle)
      return false;
   fxp_screen_sync(screen, pres, FXP_SYNC_HANDLE);
   return screen->winsys->displaytarget_get_handle(screen->winsys, res->dt, whandle);
}

struct fxp_resource *
fxp_resource_over_memory(struct pipe_screen *pscreen, const struct pipe_resource *templat)
{
   if (!fxp_template_valid(templat))
      return NULL;
   struct fxp_resource *res = fxp_resource_new(pscreen, templat);
   if (!res)
      return NULL;
   if (!fxp_resource_layout(res)) {
      FREE(res);
      return NULL;
   }
   if (templat->target == PIPE_BUFFER)
      res->size_B = templat->width0; /* memory given from outside has no padding */
   return res;
}

static struct pipe_resource *
fxp_resource_from_user_memory(struct pipe_screen *pscreen, const struct pipe_resource *templat,
                              void *user_memory)
{
   if (templat->target != PIPE_BUFFER)
      return NULL;
   struct fxp_resource *res = fxp_resource_over_memory(pscreen, templat);
   if (!res)
      return NULL;
   res->data = user_memory;
   res->user_memory = true;
   return &res->base;
}

uint8_t *
fxp_resource_map(struct fxp_resource *res)
{
   if (!res->dt)
      return res->data;
   if (res->dt_map_count++ == 0) {
      struct sw_winsys *ws = fxp_screen(res->base.screen)->winsys;
      res->dt_map = ws->displaytarget_map(ws, res->dt, PIPE_MAP_READ_WRITE);
      if (!res->dt_map) {
         res->dt_map_count = 0;
         fxp_refuse("the winsys could not map a display target" FXP_GL_NO_WINDOW_MAP);
         return NULL;
      }
      if (res->front_alpha && res->front_alpha_saved)
         front_alpha_copy(res, false);
   }
   return res->dt_map;
}

void
fxp_resource_unmap(struct fxp_resource *res)
{
   if (!res->dt || !res->dt_map_count)
      return;
   if (--res->dt_map_count == 0) {
      struct sw_winsys *ws = fxp_screen(res->base.screen)->winsys;
      if (res->front_alpha) {
         front_alpha_copy(res, true);
         res->front_alpha_saved = true;
      }
      ws->displaytarget_unmap(ws, res->dt);
      res->dt_map = NULL;
   }
}

void
fxp_init_screen_resource_functions(struct fxp_screen *screen)
{
   screen->base.resource_create = fxp_resource_create;
   screen->base.resource_create_front = fxp_resource_create_front;
   screen->base.can_create_resource = fxp_can_create_resource;
   screen->base.resource_destroy = fxp_resource_destroy;
   screen->base.resource_from_handle = fxp_resource_from_handle;
   screen->base.resource_get_handle = fxp_resource_get_handle;
   screen->base.resource_from_user_memory = fxp_resource_from_user_memory;
   fxp_init_screen_memobj_functions(screen);
}
