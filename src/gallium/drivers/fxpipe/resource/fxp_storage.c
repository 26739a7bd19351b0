/* Resources' zeroed storage and the cache of freed blocks (see fxp_storage.h). */
#include <string.h>
#include <sys/mman.h>

#include "util/u_memory.h"
#include "util/os_memory.h"

#include "fxp_resource.h"
#include "fxp_storage.h"

static uint8_t *
block_new(uint64_t size_B)
{
   if (size_B >= FXP_MMAP_MIN_B) {
      void *p = mmap(NULL, size_B, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      return p == MAP_FAILED ? NULL : p;
   }
   uint8_t *p = os_malloc_aligned(size_B ? size_B : FXP_ALIGN_B, FXP_ALIGN_B);
   if (p)
      memset(p, 0, size_B);
   return p;
}

static void
block_free(uint8_t *data, uint64_t size_B)
{
   if (size_B >= FXP_MMAP_MIN_B)
      munmap(data, size_B);
   else
      os_free_aligned(data);
}

void
fxp_storage_cache_init(struct fxp_storage_cache *c)
{
   memset(c, 0, sizeof(*c));
   simple_mtx_init(&c->lock, mtx_plain);
}

/* Takes every block out of the cache (under the lock) and frees them (outside it). */
static void
cache_empty(struct fxp_storage_cache *c)
{
   struct fxp_storage out[FXP_STORAGE_CACHE_SLOTS];
   simple_mtx_lock(&c->lock);
   const unsigned n = c->count;
   memcpy(out, c->slot, sizeof(out[0]) * n);
   c->count = 0;
   c->total_B = 0;
   simple_mtx_unlock(&c->lock);
   for (unsigned i = 0; i < n; i++)
      block_free(out[i].data, out[i].size_B);
}

void
fxp_storage_cache_fini(struct fxp_storage_cache *c)
{
   cache_empty(c);
   simple_mtx_destroy(&c->lock);
}

uint8_t *
fxp_storage_alloc(struct fxp_storage_cache *c, uint64_t size_B, bool *reused)
{
   uint8_t *data = NULL;
   *reused = false;
   if (size_B >= FXP_STORAGE_CACHE_MIN_B) {
      simple_mtx_lock(&c->lock);
      for (unsigned i = c->count; i-- > 0;) { /* the newest first: its pages are likeliest in the cache */
         if (c->slot[i].size_B != size_B)
            continue;
         data = c->slot[i].data;
         memmove(&c->slot[i], &c->slot[i + 1], sizeof(c->slot[0]) * (c->count - i - 1));
         c->count--;
         c->total_B -= size_B;
         c->reused++;
         break;
      }
      simple_mtx_unlock(&c->lock);
      if (data) {
         memset(data, 0, size_B);
         *reused = true;
         return data;
      }
   }
   data = block_new(size_B);
   if (!data) {
      cache_empty(c);
      data = block_new(size_B);
   }
   return data;
}

void
fxp_storage_free(struct fxp_storage_cache *c, uint8_t *data, uint64_t size_B)
{
   struct fxp_storage out[FXP_STORAGE_CACHE_SLOTS];
   unsigned n_out = 0;
   if (size_B < FXP_STORAGE_CACHE_MIN_B || size_B > FXP_STORAGE_CACHE_MAX_B || FXP_STORAGE_CACHE_OFF) {
      block_free(data, size_B);
      return;
   }
   simple_mtx_lock(&c->lock);
   /* the oldest blocks make room: a slot, and bytes within the budget */
   unsigned drop = 0;
   uint64_t total_B = c->total_B;
   while (drop < c->count && (c->count - drop == FXP_STORAGE_CACHE_SLOTS ||
                              total_B + size_B > FXP_STORAGE_CACHE_MAX_B))
      total_B -= c->slot[drop++].size_B;
   memcpy(out, c->slot, sizeof(out[0]) * drop);
   n_out = drop;
   memmove(&c->slot[0], &c->slot[drop], sizeof(c->slot[0]) * (c->count - drop));
   c->count -= drop;
   c->slot[c->count++] = (struct fxp_storage){data, size_B};
   c->total_B = total_B + size_B;
   c->kept++;
   simple_mtx_unlock(&c->lock);
   for (unsigned i = 0; i < n_out; i++)
      block_free(out[i].data, out[i].size_B);
}
