#!/usr/bin/env bash
# Runs piglit's drawoverhead (Debian's piglit package: thousands of draw calls a second for 30-odd kinds of
# state change between draws) on fxpipe (built here), the system's softpipe and the system's llvmpipe, one
# after the other under a private Xvfb, and prints each test's figure with fxpipe's ratios. Nothing is
# timed against a threshold: this is a measurement, not a test.
#   bench/draw/drawoverhead.sh          (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
bin=/usr/lib/x86_64-linux-gnu/piglit/bin/drawoverhead
dri=$PWD/build/mesa/src/gallium/targets/dri
[ -x "$bin" ] || { echo "drawoverhead not found: apt-get install piglit" >&2; exit 1; }
[ -e "$dri/swrast_dri.so" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { # driver, output file, extra env
  env "${@:3}" GALLIUM_DRIVER="$1" xvfb-run -a -s "-screen 0 1280x1024x24" "$bin" > "$2" 2>&1 || true
}
run fxpipe "$out/fx" LIBGL_DRIVERS_PATH="$dri" FXPIPE_THREADS="${FXPIPE_THREADS:-0}"
run softpipe "$out/sp" -u LIBGL_DRIVERS_PATH
run llvmpipe "$out/lp" -u LIBGL_DRIVERS_PATH
/usr/bin/python3 - "$out" <<'PY'
import re, sys
def load(path):
    rows = {}
    for line in open(path, errors='replace'):
        line = re.sub(r'\x1b\[[0-9;]*m', '', line)
        m = re.match(r'\s*(\d+), (.*?)\s*,\s*([\d.]+),', line)
        if m:
            rows[int(m.group(1))] = (m.group(2), float(m.group(3)))
    return rows
fx, sp, lp = (load('%s/%s' % (sys.argv[1], k)) for k in ('fx', 'sp', 'lp'))
print('%-3s %-58s %9s %9s %9s %8s %8s' % ('#', 'drawoverhead test (thousand draws/s)', 'fxpipe', 'softpipe',
                                        'llvmpipe', 'fx/sp', 'fx/lp'))
ratios_sp, ratios_lp = [], []
for k in sorted(fx):
    name, f = fx[k]
    s = sp.get(k, (None, 0))[1]
    l = lp.get(k, (None, 0))[1]
    rs = f / s if s else 0
    rl = f / l if l else 0
    if s: ratios_sp.append(rs)
    if l: ratios_lp.append(rl)
    print('%-3d %-58s %9.0f %9.0f %9.0f %7.2fx %7.2fx' % (k, name[:58], f, s, l, rs, rl))
def gmean(v):
    p = 1.0
    for x in v: p *= x
    return p ** (1.0 / len(v)) if v else 0
print('geometric mean of the ratios: fx/softpipe %.2fx, fx/llvmpipe %.2fx' % (gmean(ratios_sp), gmean(ratios_lp)))
PY
