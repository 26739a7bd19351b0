/* Tests of the storage cache (fxp_storage.h): a block freed is taken back by the next allocation of its size,
 * cleared; other sizes are not given it; the slot and byte budgets drop the oldest blocks; blocks too small
 * or too large are not kept; and a resource destroyed and made again reads as zeros. */
#include <string.h>

#include "util/u_inlines.h"
#include "fxp_resource.h"
#include "fxp_screen.h"
#include "resource/fxp_storage.h"
#include "tests/fxp_test.h"

static bool
all_zero(const uint8_t *p, uint64_t n)
{
   for (uint64_t i = 0; i < n; i++)
      if (p[i])
         return false;
   return true;
}

static void
test_reuse(struct fxp_t *t)
{
   struct fxp_storage_cache c;
   bool reused;
   fxp_storage_cache_init(&c);
   const uint64_t size_B = 100000; /* from the heap (under FXP_MMAP_MIN_B), kept (over the minimum) */
   uint8_t *a = fxp_storage_alloc(&c, size_B, &reused);
   if (!CHECK(t, a && !reused, "first block"))
      return;
   CHECK(t, all_zero(a, size_B), "a new block is not zero");
   memset(a, 0xa5, size_B);
   fxp_storage_free(&c, a, size_B);
   if (FXP_STORAGE_CACHE_OFF) { /* an AddressSanitizer build: nothing is kept */
      CHECK_EQ_U(t, c.count, 0);
      fxp_storage_cache_fini(&c);
      return;
   }
   CHECK_EQ_U(t, c.count, 1);
   CHECK_EQ_U(t, c.total_B, size_B);
   uint8_t *b = fxp_storage_alloc(&c, size_B + 64, &reused); /* another size: not given the block */
   CHECK(t, b && !reused && b != a, "a block of another size was reused");
   CHECK_EQ_U(t, c.count, 1);
   uint8_t *a2 = fxp_storage_alloc(&c, size_B, &reused);
   CHECK(t, a2 == a && reused, "the block was not taken back");
   CHECK(t, a2 && all_zero(a2, size_B), "a reused block is not cleared");
   CHECK_EQ_U(t, c.count, 0);
   CHECK_EQ_U(t, c.total_B, 0);
   fxp_storage_free(&c, a2, size_B);
   fxp_storage_free(&c, b, size_B + 64);
   /* too small to keep: freed at once */
   uint8_t *s = fxp_storage_alloc(&c, FXP_STORAGE_CACHE_MIN_B - 1, &reused);
   CHECK(t, s != NULL, "small block");
   fxp_storage_free(&c, s, FXP_STORAGE_CACHE_MIN_B - 1);
   CHECK_EQ_U(t, c.count, 2);
   /* larger than the whole budget: freed at once (mmap: pages never touched are never backed) */
   uint8_t *h = fxp_storage_alloc(&c, FXP_STORAGE_CACHE_MAX_B + 4096, &reused);
   CHECK(t, h != NULL, "huge block");
   fxp_storage_free(&c, h, FXP_STORAGE_CACHE_MAX_B + 4096);
   CHECK_EQ_U(t, c.count, 2);
   fxp_storage_cache_fini(&c);
}

static void
test_budgets(struct fxp_t *t)
{
   struct fxp_storage_cache c;
   bool reused;
   uint8_t *blk[FXP_STORAGE_CACHE_SLOTS + 1];
   fxp_storage_cache_init(&c);
   /* one more block than the slots, each of a size of its own: the first one freed is dropped */
   for (unsigned i = 0; i <= FXP_STORAGE_CACHE_SLOTS; i++)
      blk[i] = fxp_storage_alloc(&c, FXP_STORAGE_CACHE_MIN_B + 4096 * i, &reused);
   for (unsigned i = 0; i <= FXP_STORAGE_CACHE_SLOTS; i++)
      if (blk[i])
         fxp_storage_free(&c, blk[i], FXP_STORAGE_CACHE_MIN_B + 4096 * i);
   if (FXP_STORAGE_CACHE_OFF) { /* an AddressSanitizer build: nothing is kept */
      CHECK_EQ_U(t, c.count, 0);
      fxp_storage_cache_fini(&c);
      return;
   }
   CHECK_EQ_U(t, c.count, FXP_STORAGE_CACHE_SLOTS);
   CHECK(t, c.slot[0].data == blk[1] && c.slot[FXP_STORAGE_CACHE_SLOTS - 1].data == blk[FXP_STORAGE_CACHE_SLOTS],
         "the oldest block was not the one dropped");
   fxp_storage_alloc(&c, FXP_STORAGE_CACHE_MIN_B, &reused); /* blk[0]'s size: it was dropped */
   CHECK(t, !reused, "a dropped block's size was served from the cache");
   fxp_storage_cache_fini(&c);
   CHECK_EQ_U(t, c.count, 0);

   /* bytes: three blocks of 3/8 of the budget each; the third one freed drops the first */
   fxp_storage_cache_init(&c);
   const uint64_t big_B = FXP_STORAGE_CACHE_MAX_B / 8 * 3;
   uint8_t *b[3];
   for (unsigned i = 0; i < 3; i++)
      b[i] = fxp_storage_alloc(&c, big_B + 4096 * i, &reused);
   for (unsigned i = 0; i < 3; i++)
      if (b[i])
         fxp_storage_free(&c, b[i], big_B + 4096 * i);
   CHECK_EQ_U(t, c.count, 2);
   CHECK(t, c.total_B <= FXP_STORAGE_CACHE_MAX_B && c.slot[0].data == b[1], "byte budget: total %llu",
         (unsigned long long)c.total_B);
   fxp_storage_cache_fini(&c);
}

/* Through the screen: a buffer written, destroyed and made again at its size reads as zeros. */
static void
test_resource_again(struct fxp_t *t)
{
   const unsigned size_B = 1920000; /* the size of bench-draw's uploaded client arrays */
   struct pipe_resource *r = fxp_t_buffer(t, size_B);
   if (!CHECK(t, r != NULL, "buffer"))
      return;
   memset(fxp_resource(r)->data, 0x3c, size_B);
   const uint8_t *was = fxp_resource(r)->data;
   pipe_resource_reference(&r, NULL);
   const uint64_t reused_before = fxp_screen(t->screen)->storage.reused;
   r = fxp_t_buffer(t, size_B);
   if (!CHECK(t, r != NULL, "buffer again"))
      return;
   if (FXP_STORAGE_CACHE_OFF) /* an AddressSanitizer build: nothing is kept */
      CHECK_EQ_U(t, fxp_screen(t->screen)->storage.reused, 0);
   else
      CHECK(t, fxp_resource(r)->data == was && fxp_screen(t->screen)->storage.reused == reused_before + 1,
            "the storage was not reused");
   CHECK(t, all_zero(fxp_resource(r)->data, size_B), "the buffer made again does not read as zeros");
   pipe_resource_reference(&r, NULL);
}

const struct fxp_test fxp_storage_tests[] = {
   {"storage.reuse", test_reuse},
   {"storage.budgets", test_budgets},
   {"storage.resource_again", test_resource_again},
   {NULL, NULL},
};
