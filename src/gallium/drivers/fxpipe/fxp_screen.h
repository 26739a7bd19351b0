/* fxpipe's pipe_screen: the object behind every context, resource and format question. */
#ifndef FXP_SCREEN_H
#define FXP_SCREEN_H

#include "context/fxp_sync.h"
#include "resource/fxp_storage.h"
#include "pipe/p_screen.h"
#include "pipe/p_defines.h"
#include "util/simple_mtx.h"

struct sw_winsys;

struct fxp_pool;

struct fxp_screen {
   struct pipe_screen base;
   struct sw_winsys *winsys;
   /* worker threads shared by the screen's contexts (context/fxp_pool.h), made at the first draw or
    * dispatch that wants them (fxp_screen_pool) */
   simple_mtx_t pool_lock;
   struct fxp_pool *pool;
   bool pool_made;
   /* st/mesa's programs on disk (fxp_screen.c, fxp_disk_cache_create), made at the first
    * get_disk_shader_cache; NULL when disabled */
   simple_mtx_t cache_lock;
   struct disk_cache *disk_cache;
   bool disk_cache_made;
   /* multisampling (2, 4, 8 and 16 samples) offered at is_format_supported and the caps (README,
    * "Multisampling"); on unless FXPIPE_MSAA=0, which renders GL's sample counts with one sample */
   bool msaa;
   /* freed resource storage kept for the next resource of its size (resource/fxp_storage.h) */
   struct fxp_storage_cache storage;
   /* the screen's sync points reached, by reason (context/fxp_sync.h: from FXP_SYNC_FIRST_SCREEN on);
    * atomic: any thread reaches them */
   uint64_t syncs[FXP_SYNC_COUNT];
};

static inline struct fxp_screen *
fxp_screen(struct pipe_screen *s)
{
   return (struct fxp_screen *)s;
}

/* The screen's pool (NULL with one thread, or out of memory): made on the first call. */
struct fxp_pool *fxp_screen_pool(struct fxp_screen *screen);

/* context/fxp_query.c: the driver queries (GALLIUM_HUD's fxpipe-* names) */
struct pipe_driver_query_info;
int fxp_get_driver_query_info(struct pipe_screen *screen, unsigned index, struct pipe_driver_query_info *info);

/* screen/fxp_caps.c */
void fxp_init_screen_caps(struct fxp_screen *screen);

/* screen/fxp_formats.c */
bool fxp_is_format_supported(struct pipe_screen *screen, enum pipe_format format,
                             enum pipe_texture_target target, unsigned sample_count,
                             unsigned storage_sample_count, unsigned bind);

/* screen/fxp_fence.c */
struct pipe_fence_handle *fxp_fence_create(void);
void fxp_init_screen_fence_functions(struct fxp_screen *screen);

#endif
