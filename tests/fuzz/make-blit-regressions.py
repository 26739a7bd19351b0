#!/usr/bin/python3
"""Writes the hand-made regression inputs of the blit harness (fxp_fuzz_blit.c's layout) into regressions/blit/; the
fuzzer's own finds (blit-zs-mask-none) are kept as it saved them. Format numbers are Mesa 22.3's
enum pipe_format. Each input, and what fxpipe did with it before its fix:
  blit-colour-from-zs           colour blit from Z24_UNORM_S8_UINT: called its NULL unpack_rgba
  blit-depth-from-stencil-only  depth blit from S8_UINT: called its NULL unpack_z_float
  blit-stencil-from-depth-only  stencil blit from Z32_FLOAT: called its NULL unpack_s_8uint
  copy-dst{x,y,z}-wraps         resource_copy_region to x, y or z = 2^32 - 2 with 2 texels: the destination
                                check wrapped around 2^32 and passed, and the copy wrote far outside
  blit-dst-box-end-overflows    dst box x = 2^31 - 16, width 100: x + width overflowed int (UBSan)
  blit-src-beyond-int{,-linear} src box x near -2^31, width -2^31: source coordinates beyond int converted
                                to int (UBSan: float-cast-overflow)"""
import os
import struct

Z24S8, RGBA8, S8, Z32F = 144, 53, 148, 143
T2D, T2DARRAY = 2, 7
here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regressions", "blit")


def res(target, fmt, w, h, dl=1, levels=1):
    return bytes([target]) + struct.pack('<H', fmt) + bytes([w - 1, h - 1, dl - 1, levels - 1])


def c(v):
    """A coordinate word: small values directly, others through the top-bit form (any even value)."""
    if -32 <= v < 128:
        return struct.pack('<I', v + 32)
    assert v % 2 == 0
    return struct.pack('<I', 0x80000000 | ((v & 0xffffffff) >> 1))


def blit(src, dst, sbox, dpos, dsize, mask, filt=0):
    return (src + dst + bytes([1, 0, 0]) + b''.join(c(v) for v in sbox + dpos + dsize + [0, 0, 0]) +
            struct.pack('<I', 0) + bytes([mask | filt << 6]) + bytes(range(64)))


def copy(src, dst, sbox, dpos):
    return src + dst + bytes([0, 0, 0]) + b''.join(c(v) for v in sbox + dpos) + bytes(range(64))


inputs = {
    'blit-colour-from-zs': blit(res(T2D, Z24S8, 8, 8), res(T2D, RGBA8, 8, 8), [0, 0, 0, 8, 8, 1], [0, 0, 0],
                                [8, 8, 1], 0xf),
    'blit-depth-from-stencil-only': blit(res(T2D, S8, 8, 8), res(T2D, Z24S8, 8, 8), [0, 0, 0, 8, 8, 1], [0, 0, 0],
                                         [8, 8, 1], 0x10),
    'blit-stencil-from-depth-only': blit(res(T2D, Z32F, 8, 8), res(T2D, Z24S8, 8, 8), [0, 0, 0, 8, 8, 1],
                                         [0, 0, 0], [8, 8, 1], 0x20),
    'copy-dstx-wraps': copy(res(T2D, RGBA8, 8, 8), res(T2D, RGBA8, 8, 8), [0, 0, 0, 2, 1, 1], [-2, 0, 0]),
    'copy-dsty-wraps': copy(res(T2D, RGBA8, 8, 8), res(T2D, RGBA8, 8, 8), [0, 0, 0, 1, 2, 1], [0, -2, 0]),
    'copy-dstz-wraps': copy(res(T2DARRAY, RGBA8, 8, 8, 4), res(T2DARRAY, RGBA8, 8, 8, 4), [0, 0, 0, 1, 1, 2],
                            [0, 0, -2]),
    'blit-dst-box-end-overflows': blit(res(T2D, RGBA8, 8, 8), res(T2D, RGBA8, 8, 8), [0, 0, 0, 4, 4, 1],
                                       [2**31 - 16, 0, 0], [100, 4, 1], 0xf),
    'blit-src-beyond-int': blit(res(T2D, RGBA8, 8, 8), res(T2D, RGBA8, 8, 8), [-2**31 + 2, 0, 0, -2**31, 4, 1],
                                [0, 0, 0], [8, 4, 1], 0xf),
    'blit-src-beyond-int-linear': blit(res(T2D, RGBA8, 8, 8), res(T2D, RGBA8, 8, 8),
                                       [-2**31 + 2, 0, 0, -2**31, 4, 1], [0, 0, 0], [8, 4, 1], 0xf, 1),
}
for name, data in inputs.items():
    open(os.path.join(here, name), 'wb').write(data)
