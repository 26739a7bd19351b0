/* The scene's memory and binning (the layout is in raster/fxp_scene.h): primitives copied into an arena of
 * chunks kept from one scene to the next, bin lists of reference blocks taken from the same arena, and the
 * work list of bins that hold something. */
#include <assert.h>
#include <string.h>

#include "util/u_math.h"
#include "util/u_memory.h"

#include "raster/fxp_scene.h"

struct fxp_scene *
fxp_scene_create(void)
{
   return CALLOC_STRUCT(fxp_scene);
}

void
fxp_scene_destroy(struct fxp_scene *sc)
{
   if (!sc)
      return;
   for (struct fxp_scene_chunk *c = sc->first, *next; c; c = next) {
      next = c->next;
      FREE(c);
   }
   FREE(sc->bins);
   FREE(sc->work);
   FREE(sc);
}

/* size_B bytes of the arena, 16-byte aligned; NULL out of memory. */
static void *
scene_alloc(struct fxp_scene *sc, size_t size_B)
{
   size_B = align64(size_B, 16);
   struct fxp_scene_chunk *c = sc->cur;
   if (!c || c->used_B + size_B > c->size_B) {
      /* the next kept chunk if it is large enough, else a new one in its place */
      struct fxp_scene_chunk *next = c ? c->next : sc->first;
      if (!next || next->size_B < size_B) {
         const size_t chunk_B = MAX2(FXP_SCENE_CHUNK_B, size_B);
         struct fxp_scene_chunk *n = MALLOC(sizeof(*n) + chunk_B);
         if (!n)
            return NULL;
         n->size_B = chunk_B;
         n->next = next;
         if (c)
            c->next = n;
         else
            sc->first = n;
         next = n;
      }
      next->used_B = 0;
      sc->cur = c = next;
   }
   void *ptr = c->data + c->used_B;
   c->used_B += size_B;
   sc->used_B += size_B;
   return ptr;
}

bool
fxp_scene_begin(struct fxp_scene *sc, unsigned width_px, unsigned height_px)
{
   width_px = CLAMP(width_px, 1, FXP_MAX_FB_PX);
   height_px = CLAMP(height_px, 1, FXP_MAX_FB_PX);
   const unsigned bx = DIV_ROUND_UP(width_px, FXP_BIN_PX), by = DIV_ROUND_UP(height_px, FXP_BIN_PX);
   if (bx * by > sc->bins_cap) {
      struct fxp_bin *bins = CALLOC(bx * by, sizeof(*bins));
      uint32_t *work = MALLOC(bx * by * sizeof(*work));
      if (!bins || !work) {
         FREE(bins);
         FREE(work);
         return false;
      }
      FREE(sc->bins);
      FREE(sc->work);
      sc->bins = bins;
      sc->work = work;
      sc->bins_cap = bx * by;
   }
   sc->bins_x = bx;
   sc->bins_y = by;
   return true;
}

/* Appends a reference to bin i; false out of memory. */
static inline bool
bin_add(struct fxp_scene *sc, unsigned i, const struct fxp_prim *p)
{
   struct fxp_bin *b = &sc->bins[i];
   struct fxp_bin_block *blk = b->tail;
   if (!blk || blk->count == FXP_BIN_BLOCK_REFS) {
      struct fxp_bin_block *n = scene_alloc(sc, sizeof(*n));
      if (!n)
         return false;
      n->next = NULL;
      n->count = 0;
      if (blk)
         blk->next = n;
      else {
         b->head = n;
         sc->work[sc->num_work++] = i;
      }
      b->tail = blk = n;
   }
   blk->prim[blk->count++] = p;
   sc->bin_refs++;
   return true;
}

bool
fxp_scene_bin(struct fxp_scene *sc, const struct fxp_prim *p, unsigned num_planes, unsigned stride,
              int64_t lo, int64_t hi, unsigned *done)
{
   *done = 0;
   const size_t planes_B = num_planes * sizeof(struct fxp_plane), attr_B = stride * sizeof(float);
   uint8_t *mem = scene_alloc(sc, align64(sizeof(struct fxp_prim), 16) + align64(planes_B, 16) + attr_B);
   if (!mem)
      return false;
   struct fxp_prim *q = (struct fxp_prim *)mem;
   *q = *p;
   q->attr = (struct fxp_plane *)(mem + align64(sizeof(struct fxp_prim), 16));
   memcpy(q->attr, p->attr, planes_B);
   float *attr = (float *)((uint8_t *)q->attr + align64(planes_B, 16));
   memcpy(attr, p->prov_attr, attr_B);
   q->prov_attr = attr;
   q->v[0] = q->v[1] = q->v[2] = q->prov = NULL; /* setup's temporaries */
   sc->num_prims++;

   /* the bounding box is inside the framebuffer (setup clips it to the scissor within it) */
   assert(p->x0 >= 0 && p->y0 >= 0 && p->x1 >> FXP_BIN_SHIFT < (int)sc->bins_x &&
          p->y1 >> FXP_BIN_SHIFT < (int)sc->bins_y);
   const int bx0 = p->x0 >> FXP_BIN_SHIFT, by0 = p->y0 >> FXP_BIN_SHIFT;
   const int bx1 = p->x1 >> FXP_BIN_SHIFT, by1 = p->y1 >> FXP_BIN_SHIFT;
   sc->area_px += (uint64_t)(p->x1 - p->x0 + 1) * (uint64_t)(p->y1 - p->y0 + 1);
   const bool one_bin = bx0 == bx1 && by0 == by1;
   for (int by = by0; by <= by1; by++) {
      for (int bx = bx0; bx <= bx1; bx++) {
         const int xa = MAX2(bx << FXP_BIN_SHIFT, p->x0), xb = MIN2(((bx + 1) << FXP_BIN_SHIFT) - 1, p->x1);
         const int ya = MAX2(by << FXP_BIN_SHIFT, p->y0), yb = MIN2(((by + 1) << FXP_BIN_SHIFT) - 1, p->y1);
         if ((one_bin || !fxp_prim_rect_outside(q, xa, ya, xb, yb, lo, hi)) &&
             !bin_add(sc, (unsigned)by * sc->bins_x + (unsigned)bx, q))
            return false;
         ++*done;
      }
   }
   return true;
}

void
fxp_scene_append(struct fxp_scene *dst, struct fxp_scene *src)
{
   assert(src->bins_x == dst->bins_x && src->bins_y == dst->bins_y);
   assert(!src->attached_to || src->attached_to == dst);
   for (unsigned w = 0; w < src->num_work; w++) {
      const unsigned i = src->work[w];
      struct fxp_bin *s = &src->bins[i], *d = &dst->bins[i];
      if (d->tail) {
         d->tail->next = s->head; /* a block not full may now sit inside the chain: readers go by count */
      } else {
         d->head = s->head;
         dst->work[dst->num_work++] = i;
      }
      d->tail = s->tail;
      s->head = s->tail = NULL;
   }
   src->num_work = 0;
   dst->num_prims += src->num_prims;
   dst->area_px += src->area_px;
   dst->bin_refs += src->bin_refs;
   src->num_prims = 0;
   src->area_px = 0;
   src->bin_refs = 0;
   dst->attached_B += src->used_B - src->appended_B;
   src->appended_B = src->used_B;
   if (!src->attached_to) {
      src->attached_to = dst;
      src->attached_next = dst->attached;
      dst->attached = src;
   }
}

void
fxp_scene_discard(struct fxp_scene *sc)
{
   if (!sc->attached_to) {
      fxp_scene_reset(sc);
      return;
   }
   for (unsigned i = 0; i < sc->num_work; i++)
      sc->bins[sc->work[i]].head = sc->bins[sc->work[i]].tail = NULL;
   sc->num_work = 0;
   sc->num_prims = 0;
   sc->area_px = 0;
   sc->bin_refs = 0;
}

void
fxp_scene_work_all(struct fxp_scene *sc)
{
   const unsigned n = sc->bins_x * sc->bins_y;
   assert(n <= sc->bins_cap);
   for (unsigned i = 0; i < n; i++)
      if (!sc->bins[i].head)
         sc->work[sc->num_work++] = i;
}

void
fxp_scene_reset(struct fxp_scene *sc)
{
   for (struct fxp_scene *a = sc->attached, *next; a; a = next) {
      next = a->attached_next;
      a->attached_to = a->attached_next = NULL;
      a->appended_B = 0;
      fxp_scene_reset(a);
   }
   sc->attached = NULL;
   sc->attached_B = 0;
   for (unsigned i = 0; i < sc->num_work; i++)
      sc->bins[sc->work[i]].head = sc->bins[sc->work[i]].tail = NULL;
   sc->num_work = 0;
   sc->num_prims = 0;
   sc->area_px = 0;
   sc->peak_B = MAX2(sc->peak_B, sc->used_B);
   sc->used_B = 0;
   sc->cur = NULL; /* the chunks stay, for the next scene (freeing and taking them again costs page faults) */
}

void
fxp_scene_trim(struct fxp_scene *sc)
{
   const size_t keep_B = MAX2(sc->peak_B, (size_t)FXP_SCENE_KEEP_B);
   size_t kept_B = 0;
   sc->peak_B = 0;
   if (sc->used_B)
      return; /* not empty: nothing to trim */
   for (struct fxp_scene_chunk **c = &sc->first; *c;) {
      if (kept_B >= keep_B) {
         struct fxp_scene_chunk *dead = *c;
         *c = dead->next;
         FREE(dead);
      } else {
         kept_B += (*c)->size_B;
         c = &(*c)->next;
      }
   }
}
