#!/usr/bin/env bash
# Remakes the seed corpora of the FXT1 harnesses (tests/fuzz/corpus/fxt1, corpus/fxt1-files) from what the
# FXT1 tool's tests use (tests/fxt1/run-tool-tests.sh): the tool's synthetic images at the tests' edge sizes,
# encoded with every setting (RGB and RGBA, fast and thorough, a mip chain), the hand-made KTX and PNG files
# of its malformed-input checks that are well formed (little- and big-endian KTX, key/value data, a minimal
# PNG) and PNGs of the layouts libpng converts (palette with tRNS, grey 1-bit, grey+alpha, 16-bit RGBA,
# interlaced). corpus/fxt1 holds each encoded level's blocks behind the harness's 3-byte header (width - 1,
# height - 1, padding). corpus/fetch and corpus/blit are written by make-format-corpus.c (the cases of
# fetch/fxp_fetch_test.c and ops/fxp_blit_test.c), compiled here against Mesa's headers in MESA_SRC. The TGSI harness's seeds are tests/tgsi/*.test
# themselves (scripts/fuzz.sh).
#   usage: tests/fuzz/make-corpus.sh FXPIPE-FXT1-TOOL MESA_SRC     (e.g. build/mesa/.../fxpipe-fxt1 build/mesa-src)
set -eu
tool=$(readlink -f "$1") mesa_src=$(readlink -f "$2")
here=$(cd "$(dirname "$0")" && pwd)
files=$here/corpus/fxt1-files blocks=$here/corpus/fxt1 fetch=$here/corpus/fetch blit=$here/corpus/blit
rm -rf "$files" "$blocks" "$fetch" "$blit"
mkdir -p "$files" "$blocks" "$fetch" "$blit"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
gcc -O1 -DHAVE_ENDIAN_H -I"$mesa_src/src/gallium/include" -I"$mesa_src/include" -I"$mesa_src/src" -o make-format-corpus \
  "$here/make-format-corpus.c"
./make-format-corpus "$fetch" "$blit"
for kind in gradient noise alpha punch clear photo; do
  for s in 1x1 7x3 9x5 17x13; do
    "$tool" synth $kind $s $kind-$s.png
    cp $kind-$s.png "$files/"
  done
  "$tool" encode --fast $kind-9x5.png "$files/$kind-9x5-fast.ktx"
  "$tool" encode --thorough --rgba $kind-17x13.png "$files/$kind-17x13-rgba.ktx"
  "$tool" encode --rgb $kind-7x3.png "$files/$kind-7x3-rgb.ktx"
done
"$tool" encode --mips photo-17x13.png "$files/photo-17x13-mips.ktx"
/usr/bin/python3 - "$files" "$blocks" <<'PY'
import glob, os, struct, sys, zlib
files, blocks = sys.argv[1], sys.argv[2]
def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
def png(w, h, depth, ctype, rows, extra=b'', interlace=0):
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace))
            + extra + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
open(os.path.join(files, 'good.png'), 'wb').write(png(16, 8, 8, 2, b''.join(b'\0' + bytes(48) for _ in range(8))))
pal = chunk(b'PLTE', bytes(range(12))) + chunk(b'tRNS', b'\x00\x80')
open(os.path.join(files, 'palette-trns.png'), 'wb').write(png(4, 2, 8, 3, b'\0\0\1\2\3\0\3\2\1\0', pal))
open(os.path.join(files, 'grey1.png'), 'wb').write(png(9, 2, 1, 0, b'\0\xa5\x80\0\x5a\x00'))
open(os.path.join(files, 'grey-alpha.png'), 'wb').write(png(3, 1, 8, 4, b'\0\x10\xff\x80\x80\xff\x00'))
open(os.path.join(files, 'rgba16.png'), 'wb').write(png(2, 1, 16, 6, b'\0' + bytes(range(16))))
open(os.path.join(files, 'interlaced.png'), 'wb').write(
    png(3, 3, 8, 0, b'\0\x01' + b'\0\x02' + b'\0\x03' + b'\0\x04\x05' + b'\0\x06\x07' + b'\0\x08\x09', interlace=1))
ident = b'\xabKTX 11\xbb\r\n\x1a\n'
def ktx(w=16, h=8, endian='<', kv=b''):
    hdr = ident + struct.pack(endian + '13I', 0x04030201, 0, 1, 0, 0x86B1, 0x1908, w, h, 0, 0, 1, 1, len(kv)) + kv
    size = ((w + 7) // 8) * ((h + 3) // 4) * 16
    return hdr + struct.pack(endian + 'I', size) + bytes(range(size))
open(os.path.join(files, 'ok.ktx'), 'wb').write(ktx())
open(os.path.join(files, 'big-endian.ktx'), 'wb').write(ktx(endian='>'))
open(os.path.join(files, 'kv.ktx'), 'wb').write(ktx(kv=b'\x0c\0\0\0abc\0def\0\0\0\0\0'))
# the FXT1 harness: every level's blocks of every KTX written by the tool, behind (w - 1, h - 1, padding)
for path in sorted(glob.glob(os.path.join(files, '*.ktx'))):
    d = open(path, 'rb').read()
    f = struct.unpack('<13I', d[12:64])
    if f[0] != 0x04030201:
        continue
    rgba, w, h, levels = f[4] == 0x86B1, f[6], f[7], max(f[11], 1)
    pos = 64 + f[12]
    for l in range(levels):
        lw, lh = max(1, w >> l), max(1, h >> l)
        size = struct.unpack('<I', d[pos:pos + 4])[0]
        body = d[pos + 4:pos + 4 + size]
        pos += 4 + size
        name = '%s-l%d' % (os.path.basename(path)[:-4], l)
        open(os.path.join(blocks, name), 'wb').write(bytes([((lw - 1) & 31) | (0x80 if rgba else 0),
                                                             (lh - 1) & 15, l & 15]) + body)
PY
echo "corpus/fxt1: $(ls "$blocks" | wc -l) files, corpus/fxt1-files: $(ls "$files" | wc -l) files," \
  "corpus/fetch: $(ls "$fetch" | wc -l) files, corpus/blit: $(ls "$blit" | wc -l) files"
