/* fxpipe's pipe_screen: creation, identity, timestamps, the disk shader cache and presentation through the
 * software winsys. */
#include <string.h>

#include "util/disk_cache.h"
#include "util/mesa-sha1.h"
#include "util/os_time.h"
#include "util/u_debug.h"
#include "util/u_memory.h"
#include "util/u_screen.h"
#include "frontend/sw_winsys.h"

#include "fxp_public.h"
#include "fxp_screen.h"
#include "fxp_context.h"
#include "fxp_resource.h"
#include "fxp_debug.h"
#include "context/fxp_pool.h"

static const char *
fxp_get_name(struct pipe_screen *screen)
{
   return "fxpipe";
}

static const char *
fxp_get_vendor(struct pipe_screen *screen)
{
   return "fxpipe";
}

static const char *
fxp_get_device_vendor(struct pipe_screen *screen)
{
   return "CPU";
}

static uint64_t
fxp_get_timestamp(struct pipe_screen *screen)
{
   return os_time_get_nano();
}

static void
fxp_destroy_screen(struct pipe_screen *pscreen)
{
   struct fxp_screen *screen = fxp_screen(pscreen);

   fxp_screen_sync(screen, NULL, FXP_SYNC_SCREEN_DESTROY);
   fxp_pool_destroy(screen->pool);
   disk_cache_destroy(screen->disk_cache);
   simple_mtx_destroy(&screen->cache_lock);
   simple_mtx_destroy(&screen->pool_lock);
   fxp_storage_cache_fini(&screen->storage);
   if (screen->winsys && screen->winsys->destroy)
      screen->winsys->destroy(screen->winsys);
   FREE(screen);
}

/* Presents a display-target resource through the winsys (XPutImage for GLX, the EGL surface, or the headless
 * winsys's copy). The front ends flush before they present (drisw: flush and fence_finish; a front-buffer flush
 * flushes the context first), and a flush draws any scene left open, so the resource holds the final pixels. */
static void
fxp_flush_frontbuffer(struct pipe_screen *pscreen, struct pipe_context *pctx,
                      struct pipe_resource *pres, unsigned level, unsigned layer,
                      void *context_private, struct pipe_box *sub_box)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   struct fxp_resource *res = fxp_resource(pres);

   if (!res->dt) {
      fxp_refuse("flush_frontbuffer on a resource that is not a display target" FXP_GL_NOT_SHOWN);
      return;
   }
   fxp_screen_sync(screen, pres, FXP_SYNC_PRESENT);
   if (screen->winsys->displaytarget_display)
      screen->winsys->displaytarget_display(screen->winsys, res->dt, context_private, sub_box);
}

/* The disk shader cache that st/mesa keeps its programs in (NIR after the GL front end's compile and link),
 * so that a program compiled once is not compiled again by the next process; it also gives GL its program
 * binary format (ARB_get_program_binary). Keyed by this driver's build (the build ID of the library holding
 * this function), so that another build of fxpipe never reads it. No driver flags: no environment variable
 * changes the caps or compiler options the stored programs depend on (FXPIPE_DEBUG, FXPIPE_ISA and
 * FXPIPE_THREADS act after the program reaches fxpipe). Mesa's own variables apply: MESA_SHADER_CACHE_DIR
 * (default $XDG_CACHE_HOME/mesa_shader_cache), MESA_SHADER_CACHE_DISABLE=true, MESA_SHADER_CACHE_MAX_SIZE. */
static void
fxp_disk_cache_create(struct fxp_screen *screen)
{
   struct mesa_sha1 ctx;
   uint8_t sha1[20];
   char id[20 * 2 + 1];

   _mesa_sha1_init(&ctx);
   if (!disk_cache_get_function_identifier(fxp_disk_cache_create, &ctx)) {
      FXP_DBG(FXP_DBG_TODO, "no build ID found: no disk shader cache");
      return;
   }
   _mesa_sha1_final(&ctx, sha1);
   disk_cache_format_hex_id(id, sha1, sizeof(sha1) * 2);
   screen->disk_cache = disk_cache_create("fxpipe", id, 0); /* NULL when disabled: st/mesa then has none */
}

/* EXT_memory_object's UUIDs. The driver UUID names this build (its build ID, as the disk cache does):
 * resources in imported memory are in fxpipe's own layout, so an exporter must be the same build to share
 * them. The device is the CPU, the same for every fxpipe screen: a fixed UUID made from its name. */
static void
fxp_uuid(const char *what, const void *fn, char *uuid)
{
   struct mesa_sha1 ctx;
   uint8_t sha1[20];

   _mesa_sha1_init(&ctx);
   _mesa_sha1_update(&ctx, what, strlen(what));
   if (fn)
      disk_cache_get_function_identifier((void *)fn, &ctx); /* no build ID: the name alone */
   _mesa_sha1_final(&ctx, sha1);
   memcpy(uuid, sha1, PIPE_UUID_SIZE);
}

static void
fxp_get_driver_uuid(struct pipe_screen *screen, char *uuid)
{
   fxp_uuid("fxpipe driver", (const void *)fxp_get_driver_uuid, uuid);
}

static void
fxp_get_device_uuid(struct pipe_screen *screen, char *uuid)
{
   fxp_uuid("fxpipe device: the CPU", NULL, uuid);
}

/* Made on the first call (st/mesa's, when it makes a GL context), so that screens without GL (the tools,
 * the unit tests, the allocation-failure walk) never open the cache: Mesa's disk_cache_create does not
 * survive a failed allocation (ralloc's NULL dereferenced in disk_cache_generate_cache_dir). */
static struct disk_cache *
fxp_get_disk_shader_cache(struct pipe_screen *pscreen)
{
   struct fxp_screen *screen = fxp_screen(pscreen);
   simple_mtx_lock(&screen->cache_lock);
   if (!screen->disk_cache_made) {
      fxp_disk_cache_create(screen);
      screen->disk_cache_made = true;
   }
   simple_mtx_unlock(&screen->cache_lock);
   return screen->disk_cache;
}

struct fxp_pool *
fxp_screen_pool(struct fxp_screen *screen)
{
   simple_mtx_lock(&screen->pool_lock);
   if (!screen->pool_made) {
      screen->pool = fxp_pool_create(fxp_pool_default_threads());
      screen->pool_made = true;
   }
   simple_mtx_unlock(&screen->pool_lock);
   return screen->pool;
}

struct pipe_screen *
fxpipe_create_screen(struct sw_winsys *winsys)
{
   struct fxp_screen *screen;

   if (!winsys)
      return NULL;
   screen = CALLOC_STRUCT(fxp_screen);
   if (!screen)
      return NULL;

   fxp_debug_init();
   screen->winsys = winsys;
   screen->msaa = debug_get_bool_option("FXPIPE_MSAA", true);
   simple_mtx_init(&screen->pool_lock, mtx_plain);
   simple_mtx_init(&screen->cache_lock, mtx_plain);
   fxp_storage_cache_init(&screen->storage);

   screen->base.destroy = fxp_destroy_screen;
   screen->base.get_name = fxp_get_name;
   screen->base.get_vendor = fxp_get_vendor;
   screen->base.get_device_vendor = fxp_get_device_vendor;
   screen->base.get_timestamp = fxp_get_timestamp;
   screen->base.is_format_supported = fxp_is_format_supported;
   screen->base.context_create = fxp_context_create;
   screen->base.flush_frontbuffer = fxp_flush_frontbuffer;
   screen->base.get_driver_query_info = fxp_get_driver_query_info;
   screen->base.get_disk_shader_cache = fxp_get_disk_shader_cache;
   screen->base.get_driver_uuid = fxp_get_driver_uuid;
   screen->base.get_device_uuid = fxp_get_device_uuid;

   fxp_init_screen_caps(screen);
   fxp_init_screen_resource_functions(screen);
   fxp_init_screen_fence_functions(screen);

   FXP_DBG(FXP_DBG_TODO, "screen created; not implemented yet: smooth polygons, 64-bit atomics "
           "(Mesa 22.3 has no ARB_shader_atomic_int64 and TGSI no 64-bit atomic opcodes)");
   return &screen->base;
}
