/* Headless sw_winsys (see fxp_headless.h). Display targets are aligned heap memory; presenting copies the
 * target's pixels (the whole image, whatever the damage box) into the winsys's frame buffer. */
#include <stdlib.h>
#include <string.h>

#include "util/format/u_format.h"
#include "util/os_memory.h"
#include "util/u_math.h"
#include "util/u_memory.h"
#include "frontend/sw_winsys.h"
#include "pipe/p_state.h"

#include "fxp_headless.h"
#include "fxpipe/fxp_public.h"

struct fxp_headless_dt {
   enum pipe_format format;
   unsigned width, height, stride_B;
   uint8_t *data;
};

struct fxp_headless_winsys {
   struct sw_winsys base;
   struct fxp_headless_frame frame;
   uint8_t *frame_data;
   size_t frame_size_B;
};

static struct fxp_headless_winsys *
headless(struct sw_winsys *ws)
{
   return (struct fxp_headless_winsys *)ws;
}

static bool
hl_is_displaytarget_format_supported(struct sw_winsys *ws, unsigned usage, enum pipe_format format)
{
   const struct util_format_description *desc = util_format_description(format);

   return desc && desc->layout == UTIL_FORMAT_LAYOUT_PLAIN && desc->block.width == 1 &&
          desc->block.height == 1 && desc->block.bits >= 8;
}

static struct sw_displaytarget *
hl_displaytarget_create(struct sw_winsys *ws, unsigned usage, enum pipe_format format, unsigned width,
                        unsigned height, unsigned alignment, const void *front_private, unsigned *stride)
{
   struct fxp_headless_dt *dt;
   uint64_t size;

   if (!hl_is_displaytarget_format_supported(ws, usage, format) || !width || !height ||
       width > 16384 || height > 16384)
      return NULL;
   dt = CALLOC_STRUCT(fxp_headless_dt);
   if (!dt)
      return NULL;
   dt->format = format;
   dt->width = width;
   dt->height = height;
   dt->stride_B = align(width * util_format_get_blocksize(format), MAX2(alignment, 16));
   size = (uint64_t)dt->stride_B * height;
   dt->data = os_malloc_aligned(size, 64);
   if (!dt->data) {
      FREE(dt);
      return NULL;
   }
   memset(dt->data, 0, size);
   *stride = dt->stride_B;
   return (struct sw_displaytarget *)dt;
}

static struct sw_displaytarget *
hl_displaytarget_from_handle(struct sw_winsys *ws, const struct pipe_resource *templat,
                             struct winsys_handle *whandle, unsigned *stride)
{
   return NULL; /* nothing to share with when there is no window system */
}

static bool
hl_displaytarget_get_handle(struct sw_winsys *ws, struct sw_displaytarget *dt,
                            struct winsys_handle *whandle)
{
   return false;
}

static void *
hl_displaytarget_map(struct sw_winsys *ws, struct sw_displaytarget *sdt, unsigned flags)
{
   return ((struct fxp_headless_dt *)sdt)->data;
}

static void
hl_displaytarget_unmap(struct sw_winsys *ws, struct sw_displaytarget *dt)
{
}

static void
hl_displaytarget_display(struct sw_winsys *ws, struct sw_displaytarget *sdt, void *context_private,
                         struct pipe_box *box)
{
   struct fxp_headless_winsys *hw = headless(ws);
   struct fxp_headless_dt *dt = (struct fxp_headless_dt *)sdt;
   const size_t size = (size_t)dt->stride_B * dt->height;

   if (size > hw->frame_size_B) {
      uint8_t *p = realloc(hw->frame_data, size);
      if (!p)
         return;
      hw->frame_data = p;
      hw->frame_size_B = size;
   }
   memcpy(hw->frame_data, dt->data, size);
   hw->frame.format = dt->format;
   hw->frame.width = dt->width;
   hw->frame.height = dt->height;
   hw->frame.stride_B = dt->stride_B;
   hw->frame.data = hw->frame_data;
   hw->frame.present_count++;
}

static void
hl_displaytarget_destroy(struct sw_winsys *ws, struct sw_displaytarget *sdt)
{
   struct fxp_headless_dt *dt = (struct fxp_headless_dt *)sdt;

   os_free_aligned(dt->data);
   FREE(dt);
}

static void
hl_destroy(struct sw_winsys *ws)
{
   free(headless(ws)->frame_data);
   FREE(ws);
}

struct sw_winsys *
fxp_headless_winsys_create(void)
{
   struct fxp_headless_winsys *hw = CALLOC_STRUCT(fxp_headless_winsys);

   if (!hw)
      return NULL;
   hw->base.destroy = hl_destroy;
   hw->base.is_displaytarget_format_supported = hl_is_displaytarget_format_supported;
   hw->base.displaytarget_create = hl_displaytarget_create;
   hw->base.displaytarget_from_handle = hl_displaytarget_from_handle;
   hw->base.displaytarget_get_handle = hl_displaytarget_get_handle;
   hw->base.displaytarget_map = hl_displaytarget_map;
   hw->base.displaytarget_unmap = hl_displaytarget_unmap;
   hw->base.displaytarget_display = hl_displaytarget_display;
   hw->base.displaytarget_destroy = hl_displaytarget_destroy;
   return &hw->base;
}

struct pipe_screen *
fxp_headless_screen_create(void)
{
   struct sw_winsys *ws = fxp_headless_winsys_create();
   struct pipe_screen *screen;

   if (!ws)
      return NULL;
   screen = fxpipe_create_screen(ws);
   if (!screen)
      ws->destroy(ws);
   return screen;
}

bool
fxp_headless_last_frame(struct sw_winsys *ws, struct fxp_headless_frame *frame)
{
   struct fxp_headless_winsys *hw = headless(ws);

   if (!hw->frame.present_count)
      return false;
   *frame = hw->frame;
   return true;
}
