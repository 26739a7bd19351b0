/* fxpipe's resources: buffers and textures in CPU memory, and their layout.
 *
 * Layout of a texture (all targets: 1D, 2D, 3D, CUBE, RECT, 1D/2D/CUBE arrays), linear, level-major:
 *
 * | unit          | where it starts                                     | size                                 |
 * |---------------|-----------------------------------------------------|--------------------------------------|
 * | level L       | level_offset_B[L], a multiple of FXP_ALIGN_B        | slices(L) * slice_stride_B[L]        |
 * | slice s of L  | level_offset_B[L] + s * slice_stride_B[L]           | slice_stride_B[L] (multiple of 64)   |
 * | block row y   | slice start + y * row_stride_B[L]                   | row_stride_B[L] (multiple of 16)     |
 * | block x       | row start + x * blocksize                           | util_format_get_blocksize(format)    |
 *
 * slices(L) is array_size for 1D/2D arrays and cube maps (layer = 6 * cube + face), and the level's depth
 * u_minify(depth0, L) for 3D textures. Rows and slices count blocks (compressed formats), not pixels.
 * A multisample texture (nr_samples S of 2, 4, 8 or 16: 2D or 2D array, one level) is laid out as the
 * single-sample texture S times as wide: sample s of pixel x of a row is texel column x * S + s (the samples
 * of a pixel side by side, so the per-fragment stage writes sample s of pixel x as pixel x * S + s, and a
 * resolve reads each pixel's samples together). fxp_resource_samples gives S (1 for every other resource).
 * A buffer is width0 bytes at data, padded to FXP_ALIGN_B. A display target (window back buffer) has one
 * level and one slice whose storage and row stride belong to the winsys. Storage that fxpipe does not own
 * (AMD_pinned_memory's user memory, EXT_memory_object's imported memory: resource/fxp_memobj.c) has this
 * layout with no padding after a buffer; imported storage starts at a multiple of FXP_ALIGN_B.
 *
 * Guard mode (FXPIPE_DEBUG=guard, for tests of out-of-range accesses): each resource's own storage is a
 * mapping of its own, laid out as below, so that any access outside it faults at once:
 * | pages                      | what                                                             |
 * |----------------------------|------------------------------------------------------------------|
 * | 1                          | PROT_NONE                                                        |
 * | ceil(size_B / page)        | the storage, placed so that it ends where the next page starts   |
 * | 1                          | PROT_NONE                                                        |
 * (size_B is a multiple of FXP_ALIGN_B, so the storage keeps its alignment.) */
#ifndef FXP_RESOURCE_H
#define FXP_RESOURCE_H

#include "pipe/p_state.h"
#include "util/u_math.h"
#include "util/format/u_format.h"

struct fxp_screen;
struct sw_displaytarget;

#define FXP_ALIGN_B 64                       /* start of storage, levels, slices */
#define FXP_ROW_ALIGN_B 16                   /* rows */
#define FXP_MAX_TEXTURE_2D_SIZE 16384        /* texels, 1D/2D/RECT and array layers' width/height */
#define FXP_MAX_TEXTURE_3D_LEVELS 12         /* 2048^3 */
#define FXP_MAX_TEXTURE_CUBE_LEVELS 15       /* 16384^2 faces */
#define FXP_MAX_TEXTURE_ARRAY_LAYERS 2048
#define FXP_MAX_RESOURCE_SIZE_B (1ull << 30) /* one resource's storage; larger ones are refused (GL reports
                                               * GL_OUT_OF_MEMORY, proxies say no) */
#define FXP_MMAP_MIN_B (2u << 20)            /* storage this large comes zeroed from mmap, paged in lazily */

struct fxp_resource {
   struct pipe_resource base;

   uint8_t *data;                 /* owned storage; NULL for display targets */
   struct sw_displaytarget *dt;   /* winsys storage of a display target */
   uint8_t *dt_map;               /* mapping of dt while map_count > 0 */
   unsigned dt_map_count;
   /* A window's front buffer (resource_create_front): mapping it reads the window back from the X server,
    * whose drawable keeps no alpha (depth 24), so the alpha bytes GL wrote are saved here at the last unmap
    * and put back after the next map (fxp_resource_map). front_alpha_byte: the alpha byte's offset in a
    * 4-byte texel; front_alpha NULL for formats without an 8-bit alpha channel and other targets. */
   uint8_t *front_alpha;
   uint8_t front_alpha_byte;
   bool front_alpha_saved;
   bool user_memory;              /* data belongs to the application (resource_from_user_memory) */
   struct fxp_memobj *memobj;     /* data lies in this memory object (resource/fxp_memobj.c), referenced */
   bool storage;                  /* data comes from fxp_storage_alloc (resource/fxp_storage.h) */
   uint8_t *guard_map;            /* guard mode: the whole mapping holding data and its guard pages */
   size_t guard_map_B;

   uint64_t size_B;
   uint64_t level_offset_B[PIPE_MAX_TEXTURE_LEVELS];
   uint64_t slice_stride_B[PIPE_MAX_TEXTURE_LEVELS];
   unsigned row_stride_B[PIPE_MAX_TEXTURE_LEVELS];
};

static inline struct fxp_resource *
fxp_resource(struct pipe_resource *p)
{
   return (struct fxp_resource *)p;
}

struct fxp_transfer {
   struct pipe_transfer base;
   /* a multisample resource's map (resource/fxp_transfer.c): the box resolved into a single-sample copy,
    * written back to every sample at unmap if mapped for writing; NULL for every other map */
   uint8_t *staging;
};

/* Number of slices (array layers, cube faces or depth slices) of a level. */
static inline unsigned
fxp_resource_slices(const struct pipe_resource *res, unsigned level)
{
   return res->target == PIPE_TEXTURE_3D ? u_minify(res->depth0, level) : res->array_size;
}

/* The texel column of sample s of pixel x in a multisample layout of `samples` samples a pixel (the layout
 * above; x itself when samples is 1). */
static inline int
fxp_sample_column(int x, unsigned samples, unsigned s)
{
   return x * (int)samples + (int)s;
}

/* Samples a pixel: nr_samples, 1 for a single-sample resource (nr_samples 0 or 1). */
static inline unsigned
fxp_resource_samples(const struct pipe_resource *res)
{
   return res->nr_samples > 1 ? res->nr_samples : 1;
}

/* Computes the layout of a texture or buffer template into res; false if it is too large or invalid. */
bool fxp_resource_layout(struct fxp_resource *res);

/* Pointer to the start of the storage, mapping a display target if needed; pair with fxp_resource_unmap. */
uint8_t *fxp_resource_map(struct fxp_resource *res);
void fxp_resource_unmap(struct fxp_resource *res);

/* Where block (x, y) of slice z at a level is, in bytes from the start of the resource's storage. */
static inline uint64_t
fxp_resource_offset_B(const struct fxp_resource *res, unsigned level, unsigned x_blk, unsigned y_blk, unsigned z)
{
   return res->level_offset_B[level] + z * res->slice_stride_B[level] + (uint64_t)y_blk * res->row_stride_B[level] +
          (uint64_t)x_blk * util_format_get_blocksize(res->base.format);
}

/* Address of block (x, y) of slice z at a level, within a mapped resource. */
static inline uint8_t *
fxp_resource_texel(struct fxp_resource *res, uint8_t *base, unsigned level,
                   unsigned x_blk, unsigned y_blk, unsigned z)
{
   return base + fxp_resource_offset_B(res, level, x_blk, y_blk, z);
}

/* Whether a box (in pixels) lies inside a level of the resource. */
bool fxp_box_in_level(const struct pipe_resource *res, unsigned level, const struct pipe_box *box);

void fxp_init_screen_resource_functions(struct fxp_screen *screen);

/* A resource of templat with its layout worked out and no storage (the caller points data at memory it does
 * not own); a buffer's size is its width, with no padding. NULL (refused) for an invalid template. */
struct fxp_resource *fxp_resource_over_memory(struct pipe_screen *pscreen, const struct pipe_resource *templat);

/* resource/fxp_memobj.c: EXT_memory_object's screen functions, and a resource's release of its memory. */
struct fxp_memobj;
void fxp_memobj_release(struct fxp_memobj *m);
void fxp_init_screen_memobj_functions(struct fxp_screen *screen);
void fxp_init_context_transfer_functions(struct pipe_context *pipe);

#endif
