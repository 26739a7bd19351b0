/* The scene: the contract between primitive setup, which writes set-up primitives into it on the drawing
 * thread, and the rasterizing threads, which read it when it is flushed (raster/fxp_rasterize.c). Used when a
 * rasterizer has more than one thread; with one, primitives are rasterized as they are set up.
 *
 * Layout
 *
 *   bins        the framebuffer is cut into bins of FXP_BIN_PX x FXP_BIN_PX pixels: bin (bx, by) holds the
 *               pixels bx * FXP_BIN_PX <= x < (bx + 1) * FXP_BIN_PX, likewise y; bins_x * bins_y of them,
 *               row-major (index by * bins_x + bx).
 *   primitive   a struct fxp_prim copied once into the scene's arena, whatever number of bins it touches,
 *               followed there by its planes (4 * num_fs_in struct fxp_plane) and the provoking vertex's
 *               outputs (the rasterizer's stride floats, or none); the copy's attr and prov_attr point at them, its
 *               v[] and prov (setup's temporaries) are NULL.
 *
 *                 arena chunk:  | fxp_prim | planes ... | provoking outputs ... | fxp_prim | ...
 *                               (each entry 16-byte aligned; chunks of FXP_SCENE_CHUNK_B, kept for reuse)
 *               the provoking outputs only for points and when an FS input is flat (else prov_attr is NULL)
 *
 *   bin list    each bin's references to the primitives that may cover one of its pixels (bounding box meets
 *               the bin, and no edge has the whole bin outside it), in the order setup wrote them: blocks of
 *               FXP_BIN_BLOCK_REFS pointers chained from the bin's head, filled in order.
 *   work list   the bins with at least one reference, in the order they got their first; when the flush also
 *               does a pending clear (fxp_ops.h, struct fxp_clear_pending: each bin cleared before its
 *               primitives are drawn), every other bin after them (fxp_scene_work_all).
 *
 * Scenes appended (fxp_scene_append): a large draw's primitives may be set up and binned on several threads
 *               at once (draw/fxp_prim.c, fxp_prim_run_shared), each thread a contiguous range of them into a
 *               scene of its own; the drawing thread then appends those scenes, in the ranges' order, to the
 *               draw's scene: each bin's chain of blocks goes on with the appended scene's blocks for that bin,
 *               so a bin still lists its primitives in the draw's order. The appended scene's arena keeps
 *               the primitives and blocks (it is "attached" to the scene appended to, which resets it with
 *               itself), while its bins start empty again for its next range.
 *
 * Threads and order: setup alone writes the scene (and each range's scene its own thread); while it is
 * flushed the threads only read it. A thread
 * takes a whole bin at a time from the work list (an atomic counter) and draws that bin's primitives in
 * order, each clipped to the bin, so every pixel is drawn by one thread in primitive order: the result does
 * not depend on the number of threads or on which thread takes which bin.
 *
 * Lifetime: a scene holds the primitives of one draw, or of several draws in a row with one fragment state
 * (an open scene: fxp_raster.h), all with the rasterizer's current state (fragment shader, buffers,
 * viewport, layer); anything that changes that state flushes it first (fxp_raster.c, fxp_raster_close), as
 * does FXP_SCENE_LIMIT_B of primitives, or submits it to the threads and goes on with another scene while
 * they draw it (a scene in flight: fxp_raster.h; a rasterizer has two scenes, which change places at each
 * submit, and setup writes the other while the threads read this one). */
#ifndef FXP_SCENE_H
#define FXP_SCENE_H

#include <stddef.h>
#include <stdint.h>

#include "raster/fxp_setup.h"

#define FXP_BIN_PX 64                 /* a multiple of the coverage's 8x8 tiles (fxp_rasterize.c) */
#define FXP_BIN_SHIFT 6
_Static_assert(FXP_BIN_PX == 1 << FXP_BIN_SHIFT, "FXP_BIN_SHIFT is log2(FXP_BIN_PX)");
_Static_assert(FXP_BIN_PX % 8 == 0, "bins hold whole 8x8 coverage tiles");
#define FXP_MAX_FB_PX 16384           /* the largest framebuffer side (PIPE_CAP_MAX_TEXTURE_2D_SIZE) */
#define FXP_MAX_BINS_SIDE (FXP_MAX_FB_PX / FXP_BIN_PX)   /* 256 */
#define FXP_BIN_BLOCK_REFS 30         /* references of a bin block: a block is 256 bytes */
#define FXP_SCENE_CHUNK_B (1u << 20)  /* arena chunk size */
#define FXP_SCENE_LIMIT_B (2u << 20)  /* a scene with more arena is flushed before it takes more */
#define FXP_SCENE_KEEP_B (4u << 20)   /* arena kept after a draw at least (fxp_scene_trim) */
/* The first primitives of a draw, while their bounding boxes add up to at most this many pixels, are
 * rasterized at once without the scene (fxp_rasterize.c); a flush whose primitives' boxes add up to fewer,
 * or that touches one bin, is rasterized on the drawing thread alone: waking the workers would cost more
 * than it saves. */
#define FXP_SCENE_SERIAL_PX 4096
/* ... and so are they, however many, while their bounding boxes' pixels times the fragment shader's work
 * (its decoded instructions plus FXP_SCENE_PX_COST for interpolation and the per-fragment operations)
 * average at most FXP_SCENE_SERIAL_AVG_WORK a primitive (fxp_raster.serial_avg_px): setting up and binning
 * such primitives on the drawing thread costs more than rasterizing them there, so the scene's threads would
 * mostly wait for it. Measured on glmark2 at 256x256 (about six pixels a triangle) on two CPUs, two threads
 * against one in interleaved runs: gouraud (a fragment shader of 2 instructions, work about 60) 0.70x
 * binned, 0.95x rasterized at once; phong (22 instructions, about 180) stays binned, 1.3x. The threads'
 * shared setup (draw/fxp_prim.c, fxp_prim_run_shared) applies the same rule to a sample of a draw's
 * triangles before it starts, in draws of fewer than FXP_PRIM_SHARE_ALWAYS_PRIMS primitives or whose
 * sampled triangles are all culled or of no area (session 43). */
#define FXP_SCENE_PX_COST 8
#define FXP_SCENE_SERIAL_AVG_WORK 140
/* ... except while a clear of the whole framebuffer is pending (fxp_raster.clear) and the framebuffer has at
 * most FXP_SCENE_CLEAR_BIN_MAX_PX pixels: the first FXP_SCENE_CLEAR_BIN_PRIMS such primitives of a draw are
 * binned, so that the scene's threads do the clear bin by bin as they draw; then, if the draw goes on with
 * such primitives, its scene is drawn (the clear with it) and the rest are rasterized at once. Drawing at
 * once meant doing the clear whole first, a pass over the framebuffer: glmark2 bump normals and height at
 * 256x256, about 180 triangles a frame, read 1.17x and 1.22x binned (session 44, ab.sh, 2 CPUs). A large
 * draw of tiny triangles bins only these, and pays one scene's flush where the whole clear was. At 1280x720
 * (windowed) the same read 0.88x: a clear of rows 64 pixels long, bin by bin, writes megabytes more slowly
 * than the whole clear's long rows; at 640x480 (307,200 pixels) no difference showed. */
#define FXP_SCENE_CLEAR_BIN_PRIMS 256
#define FXP_SCENE_CLEAR_BIN_MAX_PX (512u * 512u)

struct fxp_bin_block {
   struct fxp_bin_block *next;
   uint32_t count;
   const struct fxp_prim *prim[FXP_BIN_BLOCK_REFS];
};

struct fxp_bin {
   struct fxp_bin_block *head, *tail;
};

struct fxp_scene_chunk {
   struct fxp_scene_chunk *next;
   size_t used_B, size_B;
   _Alignas(16) uint8_t data[];
};

struct fxp_scene {
   /* the arena: chunks in use from first to cur; the rest (after cur) kept empty for reuse */
   struct fxp_scene_chunk *first, *cur;
   size_t used_B;                     /* arena bytes taken since the last reset */
   size_t peak_B;                     /* the most used_B since the last trim */

   unsigned bins_x, bins_y;           /* bins of the framebuffer being drawn (fxp_scene_begin) */
   unsigned bins_cap;                 /* entries of bins[] and work[] */
   struct fxp_bin *bins;
   uint32_t *work;                    /* the work list: bin indices */
   unsigned num_work;
   unsigned num_prims;
   uint64_t area_px;                  /* the primitives' bounding boxes, added up */

   unsigned next_work;                /* the next work-list entry a thread takes (atomic during a flush) */

   /* appended scenes (fxp_scene_append) */
   struct fxp_scene *attached;        /* the scenes attached to this one, a list, reset with it */
   struct fxp_scene *attached_next;   /* (an attached scene) the next on that list */
   struct fxp_scene *attached_to;     /* (an attached scene) the scene it is attached to, or NULL */
   size_t attached_B;                 /* arena bytes of the attached scenes this one references */
   size_t appended_B;                 /* (an attached scene) its used_B already counted in attached_B */

   /* counters (FXPIPE_DEBUG=perf) */
   uint64_t bin_refs;                 /* references written */
};

/* An empty scene; NULL out of memory. */
struct fxp_scene *fxp_scene_create(void);
void fxp_scene_destroy(struct fxp_scene *sc);

/* Sets the framebuffer size (in pixels, at most FXP_MAX_FB_PX each) of the primitives to come; the scene must
 * be empty. False out of memory. */
bool fxp_scene_begin(struct fxp_scene *sc, unsigned width_px, unsigned height_px);

/* Copies a set-up primitive (num_planes planes, stride floats of provoking outputs; its bounding box inside
 * the framebuffer) into the scene and references it from the bins it may cover; a pixel's points (its sample
 * point, or with per-sample coverage its samples) lie from lo to hi subpixels from its corner on each axis
 * (fxp_setup_sample_offset, plus fxp_raster.sample_lo and sample_hi). False out of memory: then the bins of the
 * bounding box, taken row by row, before the *done-th are binned and the others are not. */
bool fxp_scene_bin(struct fxp_scene *sc, const struct fxp_prim *p, unsigned num_planes, unsigned stride,
                   int64_t lo, int64_t hi, unsigned *done);

/* Appends src's primitives (binned for the same framebuffer size) after dst's, bin by bin, and attaches src
 * to dst: src's bins are empty afterwards and may take more primitives (to be appended again), while its
 * arena keeps what dst now references until dst is reset. src must not be attached to another scene. */
void fxp_scene_append(struct fxp_scene *dst, struct fxp_scene *src);

/* Drops the primitives binned into src since it was last appended: its bins are emptied, and its arena too
 * unless it is attached (then the scene it is attached to still references the arena). */
void fxp_scene_discard(struct fxp_scene *sc);

/* The arena bytes the scene's primitives take, its attached scenes' included (FXP_SCENE_LIMIT_B). */
static inline size_t
fxp_scene_size_B(const struct fxp_scene *sc)
{
   return sc->used_B + sc->attached_B;
}

/* Puts every bin not in the work list at its end (for a flush that clears every bin). */
void fxp_scene_work_all(struct fxp_scene *sc);

/* Empties the scene, and the scenes attached to it, keeping their memory for the next. */
void fxp_scene_reset(struct fxp_scene *sc);
/* At a draw's end (the scene empty): frees the arena beyond what the largest scene since the last trim
 * used (at least FXP_SCENE_KEEP_B), so that a run of large draws reuses its memory and a huge one does not
 * hold it for ever. */
void fxp_scene_trim(struct fxp_scene *sc);

/* Bin bin's pixel rectangle, inclusive. */
static inline void
fxp_scene_bin_rect(const struct fxp_scene *sc, unsigned bin, int *x0, int *y0, int *x1, int *y1)
{
   *x0 = (int)(bin % sc->bins_x) << FXP_BIN_SHIFT;
   *y0 = (int)(bin / sc->bins_x) << FXP_BIN_SHIFT;
   *x1 = *x0 + FXP_BIN_PX - 1;
   *y1 = *y0 + FXP_BIN_PX - 1;
}

/* Whether, for some edge of p, every sample point of the pixel rectangle [xa, xb] x [ya, yb] is outside it
 * (the edge functions are linear: the rectangle's corners decide). */
static inline bool
fxp_prim_rect_outside(const struct fxp_prim *p, int xa, int ya, int xb, int yb, int64_t lo, int64_t hi)
{
   const int64_t x0 = ((int64_t)xa << FXP_SUBPIXEL_BITS) + lo, x1 = ((int64_t)xb << FXP_SUBPIXEL_BITS) + hi;
   const int64_t y0 = ((int64_t)ya << FXP_SUBPIXEL_BITS) + lo, y1 = ((int64_t)yb << FXP_SUBPIXEL_BITS) + hi;
   for (unsigned k = 0; k < p->num_edges; k++) {
      /* the corner where the edge function is largest */
      const int64_t x = p->A[k] >= 0 ? x1 : x0, y = p->B[k] >= 0 ? y1 : y0;
      if (p->A[k] * x + p->B[k] * y + p->C[k] + p->bias[k] < 0)
         return true;
   }
   return false;
}

#endif
