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

#endif
