/* FXPIPE_DEBUG: fxpipe's debug output. Messages go to stderr prefixed "fxpipe:".
 *
 * | flag     | what it prints                                                            |
 * |----------|---------------------------------------------------------------------------|
 * | todo     | once per site: a feature that is not implemented yet was asked for        |
 * | refuse   | every request fxpipe refuses (bad box, unsupported format, size, ...),   |
 * |          | why, and what the GL application sees of it (FXP_GL_* below)              |
 * | resource | resource creation and destruction with their layout                      |
 * | nofast   | turns every fast path off (the general paths run instead)                |
 * | guard    | not a message: each resource's storage gets inaccessible guard pages      |
 * |          | before it and right after its end (a test mode, fxp_resource.h)           |
 * | perf     | the paths each draw takes when they change (context/fxp_paths.c), and    |
 * |          | each context's counters at its end (scenes, binning)                      |
 * | nouniform| turns off one fast path only: uniform work once per dispatch              |
 * |          | (shader/fxp_uniform.c), to measure what it gives                          |
 * | nosimple | turns off the engine's simple instruction forms (and so fused runs)     |
 * | nofuse   | turns off the engine's fused runs of instructions                         |
 * | notexfast| turns off the sampler's fast path                                         |
 * | checkstate| for tests: the rasterizer's state compiled when bound is compiled again  |
 * |          | at every draw and compared with the copy draws reuse; a stale copy is     |
 * |          | said and aborts the process (raster/fxp_raster.c)                         |
 * | checksync| for tests: after each sync point (context/fxp_sync.h), that the context   |
 * |          | has no binned primitive left; one left is said and aborts the process     |
 * | tgsi     | each shader's TGSI as it is decoded, and what decoding made of it         |
 * |          | (instructions, uniform work hoisted, simple forms; scripts/count-tgsi.py) |
 * | all      | everything above                                                          |
 * | help     | not a message: lists these flags to stderr, one line each, once a process |
 * |          | (fxp_debug_help); alone it turns nothing on                               |
 *
 * Any other non-empty value (FXPIPE_DEBUG=1) means "todo,refuse".
 *
 * Messages that concern a context's work also reach the application, through the callback st/mesa sets
 * with set_debug_callback while GL_DEBUG_OUTPUT is enabled (KHR_debug), whatever FXPIPE_DEBUG says: see
 * fxp_ctx_message below and the table of kinds there. */
#ifndef FXP_DEBUG_H
#define FXP_DEBUG_H

#include <stdbool.h>
#include <stdio.h>
#include "util/macros.h"
#include "util/u_debug.h"

enum fxp_debug_flag {
   FXP_DBG_TODO     = 1 << 0,
   FXP_DBG_REFUSE   = 1 << 1,
   FXP_DBG_RESOURCE = 1 << 2,
   FXP_DBG_NOFAST   = 1 << 3,
   FXP_DBG_GUARD    = 1 << 4,
   FXP_DBG_PERF     = 1 << 5,
   FXP_DBG_TGSI     = 1 << 6,
   FXP_DBG_NOUNIFORM = 1 << 7,
   FXP_DBG_NOSIMPLE = 1 << 8,
   FXP_DBG_NOFUSE   = 1 << 9,
   FXP_DBG_NOTEXFAST = 1 << 10,
   FXP_DBG_CHECKSTATE = 1 << 11,
   FXP_DBG_NORUNS   = 1 << 12,
   FXP_DBG_NOFWD    = 1 << 13,
   FXP_DBG_CHECKSYNC = 1 << 14,
   FXP_DBG_SYNC     = 1 << 15,
   FXP_DBG_SLOWRASTER = 1 << 16,
};

extern unsigned fxp_debug_flags;

void fxp_debug_init(void);
/* FXPIPE_DEBUG=help's list: every flag of the table above, one line each. */
void fxp_debug_help(FILE *f);
void fxp_log(const char *fmt, ...) PRINTFLIKE(1, 2);

#define FXP_DBG(flag, ...)                                   \
   do {                                                      \
      if (unlikely(fxp_debug_flags & (flag)))                \
         fxp_log(__VA_ARGS__);                               \
   } while (0)

/* Refuses a request: logs why (FXPIPE_DEBUG=refuse) and returns false. */
bool fxp_refuse(const char *fmt, ...) PRINTFLIKE(1, 2);

/* What the GL application sees of a refusal. Every message of fxp_refuse, fxp_ctx_refuse and
 * fxp_ctx_out_of_memory says what was refused and why, then ends with one of these suffixes (string
 * literals, pasted after the format: fxp_refuse("blit with a buffer" FXP_GL_SKIPPED_BLIT)), which say how
 * Mesa 22.3's GL front end (st/mesa, src/mesa/main and state_tracker) reacts to the Gallium call failing, in
 * the common case (where a caller reacts otherwise, the last column says so):
 *
 * | suffix                   | refused                        | what st/mesa does, and where                         |
 * |--------------------------|--------------------------------|------------------------------------------------------|
 * | FXP_GL_NO_RESOURCE       | resource_create; also          | GL_OUT_OF_MEMORY from glTexImage*, glCopyTexImage*,  |
 * |                          | can_create_resource, st/mesa's | glCompressedTexImage* (st_AllocTextureImageBuffer,   |
 * |                          | size test for glTexImage* and  | teximage.c's size test), glTexStorage*               |
 * |                          | glTexStorage* (the same        | (texstorage.c), glBufferData and glBufferStorage     |
 * |                          | checks)                        | (bufferobj.c); a texture whose storage               |
 * |                          |                                | st_finalize_texture makes at a draw: from that draw. |
 * |                          |                                | glRenderbufferStorage: no error but a 0x0            |
 * |                          |                                | renderbuffer (fbobject.c), so its framebuffer is     |
 * |                          |                                | incomplete. st/mesa's own staging textures fall back |
 * |                          |                                | to another path                                      |
 * | FXP_GL_NO_WINDOW_BUFFER  | a display target (a window's   | the DRI frontend gets NULL (drisw.c) and             |
 * |                          | buffer)                        | st_framebuffer_validate skips it: what is drawn for  |
 * |                          |                                | the window does not reach it                         |
 * | FXP_GL_NO_MAP            | a map (transfer)               | GL_OUT_OF_MEMORY from glMapBuffer*, glReadPixels,    |
 * |                          |                                | glGetTexImage, glTexSubImage* through texstore; but  |
 * |                          |                                | u_default_buffer_subdata and                         |
 * |                          |                                | u_default_texture_subdata return quietly, so         |
 * |                          |                                | glBufferSubData and memcpy-able glTexSubImage* lose  |
 * |                          |                                | their data with no error                             |
 * | FXP_GL_NO_WINDOW_MAP     | mapping a display target       | each user skips the window's buffer: draws, clears,  |
 * |                          |                                | blits, copies; a map of it as FXP_GL_NO_MAP          |
 * | FXP_GL_NOT_SHOWN         | flush_frontbuffer              | no error; the frame does not reach the window        |
 * | FXP_GL_SKIPPED_DRAW      | draw_vbo (it returns nothing)  | no error; nothing drawn, nothing captured by         |
 * |                          |                                | transform feedback                                   |
 * | FXP_GL_PART_DRAW         | part of a draw: a chunk, a     | no error; those primitives are not drawn             |
 * |                          | clipping batch,                |                                                      |
 * |                          | geometry-shader output, the    |                                                      |
 * |                          | rest of an indirect multi-draw |                                                      |
 * | FXP_GL_SHADER_DRAWS      | create_vs_state,               | no error at link or draw: st/mesa binds the NULL CSO |
 * |                          | create_fs_state,               | (st_atom_shader.c) and fxpipe refuses draws with no  |
 * |                          | create_gs_state (NULL)         | VS or FS; a NULL GS is no GS                         |
 * | FXP_GL_VELEMS_DRAWS      | create_vertex_elements_state   | cso_context caches and binds the NULL: draws with    |
 * |                          | (NULL)                         | that layout are refused                              |
 * | FXP_GL_NO_SURFACE        | create_surface (NULL)          | st_atom_framebuffer.c leaves the attachment out:     |
 * |                          |                                | draws and clears skip it; a renderbuffer's storage   |
 * |                          |                                | fails as for FXP_GL_NO_RESOURCE (renderbuffer.c)     |
 * | FXP_GL_VIEW_ZERO         | a sampler view's format        | the view is made (st/mesa cannot take NULL) and      |
 * |                          |                                | samples (0, 0, 0, 1); no error                       |
 * | FXP_GL_NO_SO_TARGET      | create_stream_output_target    | transformfeedback.c binds the NULL target: no error, |
 * |                          | (NULL)                         | nothing captured into that binding                   |
 * | FXP_GL_ZERO_CONSTANTS    | set_constant_buffer's copy of  | no error; the slot is left empty and reads 0 until   |
 * |                          | user constants                 | st/mesa sets it again                                |
 * | FXP_GL_NO_QUERY          | create_query (NULL)            | GL_OUT_OF_MEMORY from glBeginQuery*, glEndQuery,     |
 * |                          |                                | glQueryCounter (queryobj.c)                          |
 * | FXP_GL_NO_QUERY_STORE    | get_query_result_resource (it  | no error; the query buffer keeps its contents        |
 * |                          | returns nothing)               | (glGetQueryObject* with a GL_QUERY_BUFFER bound)     |
 * | FXP_GL_SKIPPED_DISPATCH  | launch_grid (it returns        | no error; the dispatch does not run                  |
 * |                          | nothing)                       |                                                      |
 * | FXP_GL_PART_DISPATCH     | a dispatch's work groups       | no error; some or all of them do not run             |
 * | FXP_GL_SHADER_DISPATCHES | create_compute_state (NULL)    | st/mesa binds the NULL CSO: launch_grid refuses each |
 * |                          |                                | dispatch with that program                           |
 * | FXP_GL_SKIPPED_BLIT      | blit (it returns nothing)      | no error, the destination keeps its contents:        |
 * |                          |                                | glBlitFramebuffer, glCopyTexSubImage*, glCopyPixels, |
 * |                          |                                | glGenerateMipmap (util_gen_mipmap),                  |
 * |                          |                                | glCopyImageSubData between formats                   |
 * | FXP_GL_SKIPPED_COPY      | resource_copy_region           | the same: glCopyBufferSubData, glCopyImageSubData,   |
 * |                          |                                | st/mesa's moves of images into a texture's storage   |
 * |                          |                                | (st_texture_image_copy)                              |
 * | FXP_GL_SKIPPED_CLEAR     | clear_texture, clear_buffer,   | no error, the region keeps its contents:             |
 * |                          | the depth/stencil rows of a    | glClearTex*Image, glClearBuffer*Data, glClear        |
 * |                          | clear                          |                                                      |
 * | FXP_GL_RESET_LOST        | the watchdog, in a context     | st/mesa's reset callback (st_cb_flush.c):            |
 * |                          | with reset notification        | glGetGraphicsResetStatus gives                       |
 * |                          | (LOSE_CONTEXT_ON_RESET)        | GL_GUILTY_CONTEXT_RESET, the context is lost         |
 * |                          |                                | (robustness.c: later calls do nothing and give       |
 * |                          |                                | GL_CONTEXT_LOST)                                     |
 * | FXP_GL_RESET_UNSEEN      | the watchdog, in any other     | no error; glGetGraphicsResetStatus always gives      |
 * |                          | context                        | GL_NO_ERROR without reset notification               |
 * |                          |                                | (robustness.c)                                       |
 * | FXP_GL_SETTING_IGNORED   | an environment variable's      | nothing; fxpipe runs with its default                |
 * |                          | value                          |                                                      |
 */
#define FXP_GL_NO_RESOURCE \
   "; GL: GL_OUT_OF_MEMORY from the glTexImage*, glTexStorage* or glBufferData that asked (glRenderbufferStorage: " \
   "no error, a 0x0 renderbuffer)"
#define FXP_GL_NO_WINDOW_BUFFER "; GL: no error, but what is drawn for the window does not reach it"
#define FXP_GL_NO_MAP \
   "; GL: GL_OUT_OF_MEMORY from the glMapBuffer*, glReadPixels or glGetTexImage that maps it (glBufferSubData and " \
   "plain-copy glTexSubImage* lose their data with no error)"
#define FXP_GL_NO_WINDOW_MAP \
   "; GL: no error, draws, clears, blits and copies skip the window's buffer (glReadPixels of it: " \
   "GL_OUT_OF_MEMORY)"
#define FXP_GL_NOT_SHOWN "; GL: no error, but the frame does not reach the window"
#define FXP_GL_SKIPPED_DRAW "; GL: no error, this draw draws nothing"
#define FXP_GL_PART_DRAW "; GL: no error, part of this draw is not drawn"
#define FXP_GL_SHADER_DRAWS \
   "; GL: no error, draws with this program draw nothing (a geometry shader is left out instead)"
#define FXP_GL_VELEMS_DRAWS "; GL: no error, draws with this vertex layout draw nothing"
#define FXP_GL_NO_SURFACE \
   "; GL: no error, draws and clears leave this attachment out (glRenderbufferStorage: a 0x0 renderbuffer)"
#define FXP_GL_VIEW_ZERO "; GL: no error, shaders sampling it read (0, 0, 0, 1)"
#define FXP_GL_NO_SO_TARGET "; GL: no error, transform feedback writes nothing into this binding"
#define FXP_GL_ZERO_CONSTANTS \
   "; GL: no error, shaders read this constant buffer (the uniforms) as 0 until it is set again"
#define FXP_GL_NO_QUERY "; GL: GL_OUT_OF_MEMORY from the glBeginQuery*, glEndQuery or glQueryCounter that asked"
#define FXP_GL_NO_QUERY_STORE "; GL: no error, the query buffer keeps its contents"
#define FXP_GL_SKIPPED_DISPATCH "; GL: no error, the dispatch does not run"
#define FXP_GL_PART_DISPATCH "; GL: no error, some or all of the dispatch's work groups do not run"
#define FXP_GL_SHADER_DISPATCHES "; GL: no error, dispatches with this program do not run"
#define FXP_GL_SKIPPED_BLIT \
   "; GL: no error, the destination keeps its contents (glBlitFramebuffer, glCopyTexSubImage*, glCopyPixels, " \
   "glGenerateMipmap)"
#define FXP_GL_SKIPPED_COPY \
   "; GL: no error, the destination keeps its contents (glCopyBufferSubData, glCopyImageSubData)"
#define FXP_GL_SKIPPED_CLEAR "; GL: no error, the region keeps its contents"
#define FXP_GL_RESET_LOST \
   "; GL: no error from this call, then glGetGraphicsResetStatus gives GL_GUILTY_CONTEXT_RESET and the context is " \
   "lost (later calls give GL_CONTEXT_LOST)"
#define FXP_GL_RESET_UNSEEN \
   "; GL: no error, and glGetGraphicsResetStatus says GL_NO_ERROR (no reset notification was asked for)"
#define FXP_GL_SETTING_IGNORED "; GL: nothing changes for the application"

/* A context's messages: logged as the FXPIPE_DEBUG flag says, and sent to the application's KHR_debug
 * callback when it has one (st/mesa turns util_debug_type into GL's source, type and severity):
 *
 * | kind                 | logged under | util_debug_type              | GL source / type / severity        |
 * |----------------------|--------------|------------------------------|------------------------------------|
 * | fxp_ctx_refuse       | refuse       | UTIL_DEBUG_TYPE_ERROR        | API / ERROR / MEDIUM               |
 * | fxp_ctx_out_of_memory| refuse       | UTIL_DEBUG_TYPE_OUT_OF_MEMORY| API / ERROR / MEDIUM               |
 * | fxp_ctx_todo         | todo         | UTIL_DEBUG_TYPE_CONFORMANCE  | API / OTHER / NOTIFICATION         |
 * | fxp_ctx_perf         | perf         | UTIL_DEBUG_TYPE_PERF_INFO    | API / PERFORMANCE / NOTIFICATION   |
 *
 * Each call site has its own message ID (GL's glDebugMessageControl can silence one). Called on the thread
 * that called into the context (never from the worker threads), so the callback is the one last set there.
 * The message text starts "fxpipe: ". fxp_ctx_todo logs once per site but tells the application every time
 * (each CSO or draw that meets it). The refusals return false. */
struct fxp_context;
bool fxp_ctx_message(struct fxp_context *ctx, unsigned *id, unsigned flag, enum util_debug_type type, const char *fmt, ...)
   PRINTFLIKE(5, 6);

#define FXP_CTX_MESSAGE_(ctx, flag, type, ...)                                  \
   ({                                                                         \
      static unsigned fxp_msg_id_;                                            \
      fxp_ctx_message((ctx), &fxp_msg_id_, (flag), (type), __VA_ARGS__);      \
   })
#define fxp_ctx_refuse(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_REFUSE, UTIL_DEBUG_TYPE_ERROR, __VA_ARGS__)
#define fxp_ctx_out_of_memory(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_REFUSE, UTIL_DEBUG_TYPE_OUT_OF_MEMORY, __VA_ARGS__)
#define fxp_ctx_perf(ctx, ...) FXP_CTX_MESSAGE_(ctx, FXP_DBG_PERF, UTIL_DEBUG_TYPE_PERF_INFO, __VA_ARGS__)
#define fxp_ctx_todo(ctx, ...)                                                  \
   do {                                                                       \
      static bool fxp_said_;                                                  \
      static unsigned fxp_msg_id_;                                            \
      unsigned fxp_flag_ = fxp_said_ ? 0 : FXP_DBG_TODO;                      \
      fxp_said_ = fxp_said_ || (fxp_debug_flags & FXP_DBG_TODO);              \
      fxp_ctx_message((ctx), &fxp_msg_id_, fxp_flag_, UTIL_DEBUG_TYPE_CONFORMANCE,    \
                      "not implemented yet: " __VA_ARGS__);                   \
   } while (0)

#endif
