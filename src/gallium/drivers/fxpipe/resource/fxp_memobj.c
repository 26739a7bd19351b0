/* Memory objects (EXT_memory_object, EXT_memory_object_fd): memory another process or API exported as a
 * file descriptor (GL_HANDLE_TYPE_OPAQUE_FD_EXT), imported by mapping it shared, and resources whose storage
 * lies in it at an offset, so that what one side writes the other reads.
 *
 * The descriptor must be mappable (a memfd, a shared-memory or a regular file: what a CPU driver exports);
 * one that is not (a pipe, a socket) or is empty is refused, and GL then has a memory object without
 * memory: textures and buffers made from it fail with GL_OUT_OF_MEMORY. A resource must fit between its
 * offset and the end of the memory, start at a multiple of FXP_ALIGN_B (64) bytes as fxpipe's own storage does
 * (so that no access to it is less aligned than to any other resource's), in fxpipe's own layout (resource/fxp_resource.h; "opaque" handles mean
 * both sides are this driver: the driver UUID, screen/fxp_screen.c, tells applications so). The mapping
 * lives as long as the memory object or any resource made from it, whichever is last. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "frontend/winsys_handle.h"
#include "util/u_inlines.h"
#include "util/u_memory.h"

#include "fxp_debug.h"
#include "fxp_resource.h"
#include "fxp_screen.h"

struct fxp_memobj {
   struct pipe_memory_object base;
   struct pipe_reference reference; /* the GL object and each resource made from it */
   uint8_t *map;
   uint64_t size_B;
};

static void
memobj_unref(struct fxp_memobj *m)
{
   if (m && pipe_reference(&m->reference, NULL)) {
      munmap(m->map, m->size_B);
      FREE(m);
   }
}

void
fxp_memobj_release(struct fxp_memobj *m)
{
   memobj_unref(m);
}

static struct pipe_memory_object *
fxp_memobj_create_from_handle(struct pipe_screen *screen, struct winsys_handle *handle, bool dedicated)
{
   struct stat st;
   const int fd = (int)handle->handle;

   if (handle->type != WINSYS_HANDLE_TYPE_FD) {
      fxp_refuse("memory object of handle type %u: only file descriptors are imported" FXP_GL_NO_RESOURCE,
                 handle->type);
      return NULL;
   }
   if (fstat(fd, &st) != 0 || st.st_size <= 0) {
      fxp_refuse("memory object from fd %d: not a file with a size (%s)" FXP_GL_NO_RESOURCE, fd,
                 strerror(errno));
      return NULL;
   }
   struct fxp_memobj *m = CALLOC_STRUCT(fxp_memobj);
   if (!m)
      return NULL;
   m->size_B = (uint64_t)st.st_size;
   void *p = mmap(NULL, m->size_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (p == MAP_FAILED) {
      fxp_refuse("memory object from fd %d: cannot be mapped shared (%s)" FXP_GL_NO_RESOURCE, fd,
                 strerror(errno));
      FREE(m);
      return NULL;
   }
   m->map = p;
   m->base.dedicated = dedicated;
   pipe_reference_init(&m->reference, 1);
   return &m->base;
}

static void
fxp_memobj_destroy(struct pipe_screen *screen, struct pipe_memory_object *memobj)
{
   memobj_unref((struct fxp_memobj *)memobj);
}

static struct pipe_resource *
fxp_resource_from_memobj(struct pipe_screen *screen, const struct pipe_resource *templat,
                         struct pipe_memory_object *memobj, uint64_t offset)
{
   struct fxp_memobj *m = (struct fxp_memobj *)memobj;

   if (!m)
      return NULL; /* the import failed (refused above) */
   if (offset % FXP_ALIGN_B) {
      fxp_refuse("resource at offset %llu of a memory object: not a multiple of %u bytes" FXP_GL_NO_RESOURCE,
                 (unsigned long long)offset, FXP_ALIGN_B);
      return NULL;
   }
   if (templat->nr_samples > 1) {
      fxp_refuse("multisample resource in a memory object" FXP_GL_NO_RESOURCE);
      return NULL;
   }
   struct fxp_resource *res = fxp_resource_over_memory(screen, templat);
   if (!res)
      return NULL;
   if (offset > m->size_B || res->size_B > m->size_B - offset) {
      fxp_refuse("resource of %llu bytes at offset %llu of a memory object of %llu bytes" FXP_GL_NO_RESOURCE,
                 (unsigned long long)res->size_B, (unsigned long long)offset, (unsigned long long)m->size_B);
      FREE(res);
      return NULL;
   }
   res->data = m->map + offset;
   res->memobj = m;
   pipe_reference(NULL, &m->reference);
   return &res->base;
}

void
fxp_init_screen_memobj_functions(struct fxp_screen *screen)
{
   screen->base.memobj_create_from_handle = fxp_memobj_create_from_handle;
   screen->base.memobj_destroy = fxp_memobj_destroy;
   screen->base.resource_from_memobj = fxp_resource_from_memobj;
}
