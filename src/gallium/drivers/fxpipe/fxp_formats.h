/* Format classes that fxpipe supports (see screen/fxp_formats.c for the table). */
#ifndef FXP_FORMATS_H
#define FXP_FORMATS_H

#include <stdbool.h>
#include "pipe/p_format.h"

bool fxp_is_vertex_format(enum pipe_format format);
bool fxp_is_depth_stencil_format(enum pipe_format format);
bool fxp_is_fxt1_format(enum pipe_format format);
bool fxp_is_color_format(enum pipe_format format);
/* A colour format shader images may use: a plain one that is not sRGB. */
bool fxp_is_image_format(enum pipe_format format);
/* Whether the format's channels are signed normalized (its first non-void channel is). */
bool fxp_format_is_snorm(enum pipe_format format);
/* The depth channel of a depth (or depth-stencil) format's description, -1 if it has none: the channel its
 * swizzle's first component reads, which is not always its first non-void channel (S8_UINT_Z24_UNORM's
 * channel 0 is the stencil). */
int fxp_format_depth_channel(enum pipe_format format);

#endif
