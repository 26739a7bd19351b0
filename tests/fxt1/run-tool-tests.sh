#!/usr/bin/env bash
# Tests of fxpipe-fxt1, the FXT1 asset tool (src/gallium/drivers/fxpipe/tools/fxp_fxt1_tool.c): round trips on
# synthetic PNGs made by the tool's own `synth` command (quality floors, formats, mip chains, raw blocks, edge
# sizes, determinism), and clean rejection of bad input: malformed, truncated and oversized PNG and KTX files
# written here by Debian's python3, and bad command lines. A rejection must exit with status 1 (2 for usage
# errors), print a message naming the problem, and not crash (no signal).
#   run-tool-tests.sh PATH/TO/fxpipe-fxt1
# Prints one line per check and `N passed, N failed`; exits non-zero when a check fails.
set -u
tool=${1:?usage: run-tool-tests.sh PATH/TO/fxpipe-fxt1}
[ -x "$tool" ] || { echo "run-tool-tests.sh: $tool is not executable" >&2; exit 1; }
py=/usr/bin/python3
dir=$(mktemp -d "${TMPDIR:-/tmp}/fxpipe-fxt1-tests.XXXXXX")
trap 'rm -rf "$dir"' EXIT
cd "$dir"

passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok   $1"; }
bad() { failed=$((failed + 1)); echo "FAIL $1${2:+: $2}"; }

# check NAME CMD...: the command succeeds
check() {
  local name=$1; shift
  if "$@" > out.txt 2> err.txt; then ok "$name"; else bad "$name" "exit $?: $(head -c 300 err.txt)"; fi
}

# reject NAME STATUS PATTERN CMD...: the command exits with STATUS and its stderr matches PATTERN
reject() {
  local name=$1 want=$2 pattern=$3; shift 3
  "$@" > out.txt 2> err.txt
  local st=$?
  if [ $st -ge 128 ]; then bad "$name" "crashed (status $st)"
  elif [ $st -ne "$want" ]; then bad "$name" "status $st, want $want: $(head -c 300 err.txt)"
  elif ! grep -qiE -- "$pattern" err.txt; then bad "$name" "message does not match /$pattern/: $(head -c 300 err.txt)"
  else ok "$name"; fi
}

# psnr KIND FILE: the number after "KIND PSNR" in compare's output saved in FILE (inf as 999)
psnr() { sed -n "s/.*$1 PSNR \\([0-9.]*\\|inf\\).*/\\1/p" "$2" | sed 's/inf/999/' | head -n1; }
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 >= b + 0) }'; }

# ---- synthetic images ----
check "synth photo 203x117" "$tool" synth photo 203x117 photo.png
check "synth gradient 64x64" "$tool" synth gradient 64x64 gradient.png
check "synth noise 32x32" "$tool" synth noise 32x32 noise.png
check "synth alpha 96x80" "$tool" synth alpha 96x80 alpha.png
check "synth punch 64x48" "$tool" synth punch 64x48 punch.png
check "synth clear 16x8" "$tool" synth clear 16x8 clear.png

# ---- round trips ----
check "encode photo (fast, default)" "$tool" encode photo.png photo-fast.ktx
check "compare photo fast" "$tool" compare photo.png photo-fast.ktx
cp out.txt cmp-fast.txt
if grep -q "COMPRESSED_RGB_FXT1_3DFX" cmp-fast.txt; then ok "opaque PNG -> RGB format"; else bad "opaque PNG -> RGB format" "$(cat cmp-fast.txt)"; fi
if ge "$(psnr RGB cmp-fast.txt)" 35; then ok "photo fast RGB PSNR >= 35 dB ($(psnr RGB cmp-fast.txt))"
else bad "photo fast RGB PSNR >= 35 dB" "$(cat cmp-fast.txt)"; fi
if grep -qE "blocks: CC_HI [0-9]+ \\([0-9.]+%\\) CC_CHROMA [0-9]+ \\([0-9.]+%\\) CC_MIXED [0-9]+ \\([0-9.]+%\\) CC_ALPHA" cmp-fast.txt
then ok "compare prints the per-mode histogram"; else bad "compare prints the per-mode histogram" "$(cat cmp-fast.txt)"; fi
check "encode photo --thorough" "$tool" encode --thorough photo.png photo-thorough.ktx
check "compare photo thorough" "$tool" compare photo.png photo-thorough.ktx
cp out.txt cmp-thorough.txt
if ge "$(psnr RGB cmp-thorough.txt)" "$(psnr RGB cmp-fast.txt)"; then ok "thorough >= fast ($(psnr RGB cmp-thorough.txt) dB)"
else bad "thorough >= fast" "$(psnr RGB cmp-thorough.txt) < $(psnr RGB cmp-fast.txt)"; fi
check "encode gradient" "$tool" encode gradient.png gradient.ktx
"$tool" compare gradient.png gradient.ktx > cmp.txt 2>&1
# (red along x, green along y: the colours of a block do not lie on one line)
if ge "$(psnr RGB cmp.txt)" 34; then ok "2D gradient RGB PSNR >= 34 dB ($(psnr RGB cmp.txt))"; else bad "2D gradient RGB PSNR >= 34 dB" "$(cat cmp.txt)"; fi

check "encode alpha (RGBA by default)" "$tool" encode alpha.png alpha.ktx
"$tool" compare alpha.png alpha.ktx > cmp.txt 2>&1
if grep -q "COMPRESSED_RGBA_FXT1_3DFX" cmp.txt && ge "$(psnr alpha cmp.txt)" 30 && ge "$(psnr RGB cmp.txt)" 30
then ok "translucent image: RGBA format, RGB and alpha PSNR >= 30 dB"; else bad "translucent image: RGBA format, PSNR >= 30 dB" "$(cat cmp.txt)"; fi
check "encode alpha --rgb" "$tool" encode --rgb alpha.png alpha-rgb.ktx
"$tool" compare alpha.png alpha-rgb.ktx > cmp.txt 2>&1
if grep -q "COMPRESSED_RGB_FXT1_3DFX" cmp.txt; then ok "--rgb forces the RGB format"; else bad "--rgb forces the RGB format" "$(cat cmp.txt)"; fi
for q in fast thorough; do
  check "encode punch --$q" "$tool" encode --$q punch.png punch-$q.ktx
  "$tool" compare punch.png punch-$q.ktx > cmp.txt 2>&1
  if grep -q "alpha PSNR inf (exact)" cmp.txt; then ok "punch-through alpha exact ($q)"; else bad "punch-through alpha exact ($q)" "$(cat cmp.txt)"; fi
done
check "encode clear" "$tool" encode clear.png clear.ktx
"$tool" compare clear.png clear.ktx > cmp.txt 2>&1
if grep -q "alpha PSNR inf (exact)" cmp.txt; then ok "fully transparent image exact"; else bad "fully transparent image exact" "$(cat cmp.txt)"; fi

# decode: PNG of the right size and kind; raw blocks decode the same as the KTX
check "decode photo KTX" "$tool" decode photo-fast.ktx photo-dec.png
if $py - photo-dec.png 203 117 2 <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
w, h, depth, ctype = struct.unpack('>IIBB', d[16:26])
sys.exit(0 if (w, h, ctype) == (int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])) else 1)
PY
then ok "decoded PNG is 203x117 RGB"; else bad "decoded PNG is 203x117 RGB"; fi
tail -c +69 photo-fast.ktx > photo.raw   # 64-byte header, no key/value data, 4-byte imageSize
check "decode raw --size 203x117 --rgb" "$tool" decode --size 203x117 --rgb photo.raw photo-raw.png
if cmp -s photo-dec.png photo-raw.png; then ok "raw blocks decode as the KTX"; else bad "raw blocks decode as the KTX"; fi
check "decode alpha KTX (RGBA PNG)" "$tool" decode alpha.ktx alpha-dec.png
if $py - alpha-dec.png 96 80 6 <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
w, h, depth, ctype = struct.unpack('>IIBB', d[16:26])
sys.exit(0 if (w, h, ctype) == (int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])) else 1)
PY
then ok "decoded PNG is 96x80 RGBA"; else bad "decoded PNG is 96x80 RGBA"; fi

# mip chain: 203x117 has 8 levels (203 101 50 25 12 6 3 1 / 117 58 29 14 7 3 1 1)
check "encode --mips" "$tool" encode --mips photo.png photo-mips.ktx
if $py - photo-mips.ktx <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
f = struct.unpack('<13I', d[12:64])
w, h, levels = f[6], f[7], f[11]
pos, ok = 64 + f[12], levels == 8 and f[4] == 0x86B0 and f[1] == 0 and f[3] == 0
for l in range(levels):
    lw, lh = max(1, w >> l), max(1, h >> l)
    size = ((lw + 7) // 8) * ((lh + 3) // 4) * 16
    ok = ok and struct.unpack('<I', d[pos:pos + 4])[0] == size
    pos += 4 + size
sys.exit(0 if ok and pos == len(d) else 1)
PY
then ok "mip chain: 8 levels with the right sizes"; else bad "mip chain: 8 levels with the right sizes"; fi
check "decode --level 7 (1x1)" "$tool" decode --level 7 photo-mips.ktx l7.png
reject "decode --level 8 of 8 levels" 1 "no level 8" "$tool" decode --level 8 photo-mips.ktx l8.png

# edge sizes, determinism
for s in 1x1 7x3 9x5 17x13; do
  "$tool" synth photo $s e.png 2> err.txt && "$tool" encode e.png e.ktx 2>> err.txt && "$tool" decode e.ktx e-dec.png 2>> err.txt &&
    "$tool" compare e.png e.ktx > cmp.txt 2>> err.txt && grep -q "^$s " cmp.txt && ok "edge size $s round trip" || bad "edge size $s round trip" "$(cat err.txt cmp.txt)"
done
"$tool" encode --thorough alpha.png d1.ktx && "$tool" encode --thorough alpha.png d2.ktx
if cmp -s d1.ktx d2.ktx; then ok "deterministic (thorough, twice)"; else bad "deterministic (thorough, twice)"; fi

# ---- malformed input ----
$py - <<'PY'
import struct, zlib
def chunk(t, d, crc=None):
    c = zlib.crc32(t + d) & 0xffffffff if crc is None else crc
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', c)
def png(w, h, rows=None, ihdr_crc=None, ctype=2):
    if rows is None:
        rows = b''.join(b'\0' + bytes(w * 3) for _ in range(h))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, ctype, 0, 0, 0), ihdr_crc)
            + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
good = png(16, 8)
open('good.png', 'wb').write(good)
open('trunc.png', 'wb').write(good[:60])
open('badcrc.png', 'wb').write(png(16, 8, ihdr_crc=1234))
open('huge.png', 'wb').write(png(20000, 1, rows=b'\0' + bytes(60000)))
open('huge2.png', 'wb').write(png(1, 100000, rows=b''))
open('zerow.png', 'wb').write(png(0, 8, rows=b''))
open('shortdata.png', 'wb').write(png(16, 8, rows=b'\0' + bytes(20)))
open('badctype.png', 'wb').write(png(16, 8, ctype=5))
d = bytearray(good); d[45] ^= 0xff; open('corrupt-idat.png', 'wb').write(bytes(d))
open('empty.png', 'wb').write(b'')
open('text.png', 'w').write('hello, not a png\n')

ident = b'\xabKTX 11\xbb\r\n\x1a\n'
def ktx(w=16, h=8, fmt=0x86B1, gltype=0, glformat=0, depth=0, layers=0, faces=1, levels=1, kv=b'', sizes=None,
        data=True, endian='<', endmark=0x04030201, extra=b''):
    hdr = ident + struct.pack(endian + '13I', endmark, gltype, 1, glformat, fmt, 0x1908, w, h, depth, layers,
                              faces, levels, len(kv)) + kv
    body = b''
    for l in range(max(levels, 1)):
        lw, lh = max(1, w >> l), max(1, h >> l)
        size = ((lw + 7) // 8) * ((lh + 3) // 4) * 16
        if sizes is not None:
            size = sizes[l]
        body += struct.pack(endian + 'I', size) + (bytes([0x55]) * size if data else b'')
    return hdr + body + extra
open('ok.ktx', 'wb').write(ktx())
open('big-endian.ktx', 'wb').write(ktx(endian='>'))
open('kv.ktx', 'wb').write(ktx(kv=b'\x0c\0\0\0abc\0def\0\0\0\0\0'))
open('badid.ktx', 'wb').write(b'\xabKTX 20\xbb\r\n\x1a\n' + ktx()[12:])
open('shorthdr.ktx', 'wb').write(ktx()[:40])
open('badendian.ktx', 'wb').write(ktx(endmark=0x11223344))
open('fmt.ktx', 'wb').write(ktx(fmt=0x83F0))
open('gltype.ktx', 'wb').write(ktx(gltype=0x1401))
open('w0.ktx', 'wb').write(ktx(w=0))
open('wbig.ktx', 'wb').write(ktx(w=20000, sizes=[16], data=False))
open('hbig.ktx', 'wb').write(ktx(h=1 << 31, sizes=[16], data=False))
open('levels.ktx', 'wb').write(ktx(levels=40, sizes=[16] * 40, data=False))
open('size.ktx', 'wb').write(ktx(sizes=[32]))
open('hugesize.ktx', 'wb').write(ktx(sizes=[0xffffffff], data=False))
open('truncdata.ktx', 'wb').write(ktx()[:64 + 4 + 10])
open('nosize.ktx', 'wb').write(ktx()[:64 + 2])
open('kvbig.ktx', 'wb').write(ktx()[:60] + struct.pack('<I', 0xfffffff0) + ktx()[64:])
open('faces.ktx', 'wb').write(ktx(faces=6))
open('depth.ktx', 'wb').write(ktx(depth=2))
open('array.ktx', 'wb').write(ktx(layers=3))
open('trunc-mip.ktx', 'wb').write(ktx(levels=5)[:-8])
open('raw-short.raw', 'wb').write(bytes(100))
PY

check "well-formed KTX written here decodes" "$tool" decode ok.ktx ok.png
check "big-endian KTX decodes" "$tool" decode big-endian.ktx be.png
if cmp -s ok.png be.png; then ok "big-endian KTX decodes as the little-endian one"; else bad "big-endian KTX decodes as the little-endian one"; fi
check "KTX with key/value data decodes" "$tool" decode kv.ktx kv.png
check "minimal valid PNG encodes" "$tool" encode good.png good.ktx

reject "missing input file" 1 "no such file" "$tool" encode nothere.png x.ktx
reject "empty PNG" 1 "not a PNG" "$tool" encode empty.png x.ktx
reject "text file as PNG" 1 "not a PNG" "$tool" encode text.png x.ktx
reject "truncated PNG" 1 "truncated|bad" "$tool" encode trunc.png x.ktx
reject "PNG with a bad IHDR CRC" 1 "crc|bad" "$tool" encode badcrc.png x.ktx
reject "PNG 20000 wide (over the 16384 cap)" 1 "limit|exceed|large|width" "$tool" encode huge.png x.ktx
reject "PNG 100000 tall (over the 16384 cap)" 1 "limit|exceed|large|height" "$tool" encode huge2.png x.ktx
reject "PNG 0 wide" 1 "bad|width|zero|invalid" "$tool" encode zerow.png x.ktx
reject "PNG with too little image data" 1 "truncated|bad|not enough|data" "$tool" encode shortdata.png x.ktx
reject "PNG with an invalid colour type" 1 "bad|color|colour|invalid" "$tool" encode badctype.png x.ktx
reject "PNG with corrupt IDAT" 1 "bad|crc|data" "$tool" encode corrupt-idat.png x.ktx
reject "compare with a bad PNG" 1 "not a PNG" "$tool" compare text.png ok.ktx

reject "KTX: bad identifier" 1 "not a KTX" "$tool" decode badid.ktx x.png
reject "KTX: truncated header" 1 "truncated" "$tool" decode shorthdr.ktx x.png
reject "KTX: bad endianness field" 1 "endianness" "$tool" decode badendian.ktx x.png
reject "KTX: not an FXT1 format" 1 "glInternalFormat" "$tool" decode fmt.ktx x.png
reject "KTX: glType not 0" 1 "glType" "$tool" decode gltype.ktx x.png
reject "KTX: width 0" 1 "size" "$tool" decode w0.ktx x.png
reject "KTX: width 20000" 1 "size" "$tool" decode wbig.ktx x.png
reject "KTX: height 2^31" 1 "size" "$tool" decode hbig.ktx x.png
reject "KTX: 40 mip levels" 1 "mip levels" "$tool" decode levels.ktx x.png
reject "KTX: imageSize does not match" 1 "imageSize" "$tool" decode size.ktx x.png
reject "KTX: imageSize 4 GiB" 1 "imageSize" "$tool" decode hugesize.ktx x.png
reject "KTX: truncated image data" 1 "truncated" "$tool" decode truncdata.ktx x.png
reject "KTX: no imageSize" 1 "truncated" "$tool" decode nosize.ktx x.png
reject "KTX: key/value length past the end" 1 "key/value" "$tool" decode kvbig.ktx x.png
reject "KTX: cube map" 1 "2D" "$tool" decode faces.ktx x.png
reject "KTX: 3D texture" 1 "2D" "$tool" decode depth.ktx x.png
reject "KTX: array texture" 1 "2D" "$tool" decode array.ktx x.png
reject "KTX: truncated mip chain" 1 "truncated" "$tool" decode trunc-mip.ktx x.png
reject "compare: truncated KTX" 1 "truncated" "$tool" compare good.png truncdata.ktx
reject "compare: sizes differ" 1 "is 16x8" "$tool" compare photo.png ok.ktx

reject "raw without --size" 1 "not a KTX.*|--size" "$tool" decode raw-short.raw x.png
reject "raw of the wrong size" 1 "raw blocks" "$tool" decode --size 16x8 raw-short.raw x.png
reject "--size 0x5" 2 "--size" "$tool" decode --size 0x5 raw-short.raw x.png
reject "--size 99999x1" 2 "--size" "$tool" decode --size 99999x1 raw-short.raw x.png
reject "--size garbage" 2 "--size" "$tool" decode --size 12by4 raw-short.raw x.png
reject "unknown command" 2 "unknown command" "$tool" squash a b
reject "unknown option" 2 "unknown option" "$tool" encode --fastest photo.png x.ktx
reject "missing arguments" 2 "usage" "$tool" encode photo.png
reject "unwritable output" 1 "x.ktx" "$tool" encode photo.png /nonexistent-dir/x.ktx

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
