/* Resources' zeroed storage, and the screen's cache of recently freed blocks.
 *
 * New storage reads as zeros. Small blocks come from the heap and are cleared; blocks of FXP_MMAP_MIN_B and
 * more come from mmap, whose zero pages are backed only once written. Either way, buffers created and
 * destroyed over and over would fault their pages in again each time. Mesa's uploader, which carries
 * client-memory vertex arrays, takes a new stream buffer whenever the last is full: 1 MiB, or the draw's
 * size when that is larger, so every draw of more than 1 MiB makes one. On a virtual machine that was a fifth
 * of a draw of 30,000 lines (1.9 MB of vertices; perf: memset and page faults). So freed blocks of at least
 * FXP_STORAGE_CACHE_MIN_B are kept, up to FXP_STORAGE_CACHE_SLOTS blocks and FXP_STORAGE_CACHE_MAX_B
 * bytes in all, and a new resource of the same size takes one back, cleared: clearing resident memory costs
 * a fraction of faulting it in. The oldest block goes first when the cache is full; an allocation that
 * fails empties the cache and tries once more before it reports out of memory. */
#ifndef FXP_STORAGE_H
#define FXP_STORAGE_H

#include <stdbool.h>
#include <stdint.h>
#include "util/simple_mtx.h"

#define FXP_STORAGE_CACHE_MIN_B (64u << 10)  /* smaller blocks are freed at once */
#define FXP_STORAGE_CACHE_MAX_B (64u << 20)  /* bytes kept in all; a larger block is freed at once */
#define FXP_STORAGE_CACHE_SLOTS 16           /* blocks kept */

/* AddressSanitizer builds keep nothing, so that a use of storage after its resource is gone still faults
 * (scripts/sanitize.sh); FXPIPE_DEBUG=guard's storage never comes here either. */
#if defined(__SANITIZE_ADDRESS__)
#define FXP_STORAGE_CACHE_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FXP_STORAGE_CACHE_OFF 1
#endif
#endif
#ifndef FXP_STORAGE_CACHE_OFF
#define FXP_STORAGE_CACHE_OFF 0
#endif

/* One block: from mmap when size_B >= FXP_MMAP_MIN_B (fxp_resource.h), else from the aligned heap. */
struct fxp_storage {
   uint8_t *data;
   uint64_t size_B;
};

struct fxp_storage_cache {
   simple_mtx_t lock;
   struct fxp_storage slot[FXP_STORAGE_CACHE_SLOTS]; /* slot[0 .. count-1], oldest first */
   unsigned count;
   uint64_t total_B;
   uint64_t reused, kept; /* blocks taken back, blocks kept (the unit tests read them; FXPIPE_DEBUG=resource
                           * says "storage reused" of each resource that takes one back) */
};

void fxp_storage_cache_init(struct fxp_storage_cache *c);
/* Frees every block kept. */
void fxp_storage_cache_fini(struct fxp_storage_cache *c);

/* size_B zeroed bytes aligned to FXP_ALIGN_B (at least one byte is allocated); NULL when out of memory.
 * *reused tells whether the block came from the cache. */
uint8_t *fxp_storage_alloc(struct fxp_storage_cache *c, uint64_t size_B, bool *reused);
/* Gives back a block of fxp_storage_alloc(c, size_B): kept in the cache or freed. */
void fxp_storage_free(struct fxp_storage_cache *c, uint8_t *data, uint64_t size_B);

#endif
