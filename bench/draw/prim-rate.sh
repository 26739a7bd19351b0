#!/usr/bin/env bash
# Runs piglit's draw-prim-rate (Debian's piglit package: primitives a second for glDrawElements and
# glDrawArrays, with and without culling, 0, 4 and 8 varyings, draws of 1K to 8000K primitives) on fxpipe
# (built here), the system's softpipe and the system's llvmpipe one after the other under a private Xvfb,
# and prints every cell of its table with fxpipe's ratios. draw-prim-rate has no option to bound its sizes
# (its full table takes hours on a software driver), so each driver gets the same time budget and the cells
# it has finished by then are compared; a cell a driver did not reach shows '-'. A measurement, not a test.
#   bench/draw/prim-rate.sh [SECONDS_PER_DRIVER]     (default 120; after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-120}
bin=/usr/lib/x86_64-linux-gnu/piglit/bin/draw-prim-rate
[ -x "$bin" ] || { echo "draw-prim-rate not found: apt-get install piglit" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_three "$out" xvfb-run -a -s "-screen 0 1280x1024x24" timeout -s INT "$secs" stdbuf -o0 "$bin"
# the table as one "draw call, cull method, varyings, size: value" line a cell
for k in fx sp lp base; do
  [ -e "$out/$k" ] || continue
  /usr/bin/python3 - "$out/$k" > "$out/$k.cells" <<'PY'
import re, sys
groups, sizes = [], []
for line in open(sys.argv[1], errors='replace'):
    f = [x.strip() for x in line.split(',')]
    if line.strip().startswith('Measuring'):
        groups = re.findall(r'(\d+) Varyings?', line)
    elif len(f) > 2 and f[0] == 'Draw Call':
        sizes = [x for x in f[2:] if x]
    elif len(f) > 2 and f[0].startswith('gl') and groups and sizes:
        for i, v in enumerate(x for x in f[2:] if x):
            if re.fullmatch(r'[0-9]+\.[0-9]{4}', v) and i < len(groups) * len(sizes):
                print('%s, %s, %s varyings, %s: %s' % (f[0], f[1], groups[i // len(sizes)],
                                                     sizes[i % len(sizes)], v))
PY
done
[ -n "${BENCH_BASE_OUTPUT:-}" ] && BENCH_BASE_OUTPUT=$out/base.cells
echo "draw-prim-rate: $secs s a driver, figures in GPrims/s"
/usr/bin/python3 bench/lib/ratios.py '^(.*): ([0-9.]+)$' 'draw call, cull, varyings, size' \
  "$out/fx.cells" "$out/sp.cells" "$out/lp.cells"
