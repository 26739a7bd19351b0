/* The FXT1 texture store of GL applications: what Mesa's _mesa_texstore_fxt1 (src/mesa/main/texcompress_fxt1.c)
 * calls, through mesa-patches/0007, to encode the RGBA8 pixels of glTexImage2D, glTexSubImage2D and
 * glGenerateMipmap into a GL_COMPRESSED_RGB_FXT1_3DFX or GL_COMPRESSED_RGBA_FXT1_3DFX texture with fxpipe's
 * encoder (fxp_fxt1_encode.h) instead of Mesa's.
 *
 * Mesa's file includes this header and declares fxp_fxt1_texstore weak and hidden: the call is made only
 * when fxpipe is linked into the same library (the DRI megadriver, whose link asks for the symbol: see
 * fxpipe's meson.build), and Mesa's encoder runs otherwise, or when this function returns false. So this
 * header must stay plain C that Mesa's sources can include (no Mesa or Gallium header).
 *
 * Setting: FXPIPE_FXT1=fast (the default) or FXPIPE_FXT1=thorough, read once in a process; any other
 * non-empty value is refused under FXPIPE_DEBUG=refuse and the fast setting kept. */
#ifndef FXP_FXT1_TEXSTORE_H
#define FXP_FXT1_TEXSTORE_H

#include <stdbool.h>
#include <stdint.h>

#include "fxp_fxt1_encode.h"

/* Encodes a w_px x h_px RGBA8 image (rows src_stride_B bytes apart) into ceil(w/8) x ceil(h/4) FXT1 blocks,
 * rows of blocks dst_stride_B bytes apart: the RGBA format when rgba_format, else the RGB one (alpha
 * ignored). Any size: partial blocks at the right and bottom edges repeat the used texels
 * (fxp_fxt1_encode.h). Allocates nothing. Returns false, having written nothing, when the arguments
 * describe no image it can read or write (a null pointer, a negative size, a source row shorter than
 * w_px * 4 bytes, a row of blocks shorter than ceil(w/8) * 16 bytes); an empty image (w or h 0) is done. */
bool fxp_fxt1_texstore(bool rgba_format, const uint8_t *rgba, int src_stride_B, int w_px, int h_px,
                       uint8_t *dst, int dst_stride_B);

/* The setting a value of FXPIPE_FXT1 names: NULL or "" -> fast; "fast", "thorough"; false for anything
 * else (*quality is then left as it was). */
bool fxp_fxt1_quality_parse(const char *value, enum fxp_fxt1_quality *quality);

/* The setting GL uploads use: FXPIPE_FXT1, read at the first call. */
enum fxp_fxt1_quality fxp_fxt1_texstore_quality(void);

#endif
