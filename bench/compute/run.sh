#!/usr/bin/env bash
# Runs fxpipe-bench-compute on fxpipe (built here), the system's softpipe and the system's llvmpipe, one
# after the other on this machine, and prints each workload's dispatches per second with fxpipe's ratios.
# fxpipe runs with a worker thread a CPU (FXPIPE_THREADS=0) unless FXPIPE_THREADS is set. A measurement,
# not a test: nothing is compared with a threshold.
#   bench/compute/run.sh [SECONDS_PER_WORKLOAD]     (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-2}
bin=build/bench/fxpipe-bench-compute
dri=$PWD/build/mesa/src/gallium/targets/dri
[ -x "$bin" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
LIBGL_DRIVERS_PATH=$dri GALLIUM_DRIVER=fxpipe FXPIPE_THREADS=${FXPIPE_THREADS:-0} "$bin" "$secs" > "$out/fx"
env -u LIBGL_DRIVERS_PATH GALLIUM_DRIVER=softpipe "$bin" "$secs" > "$out/sp"
env -u LIBGL_DRIVERS_PATH GALLIUM_DRIVER=llvmpipe "$bin" "$secs" > "$out/lp"
/usr/bin/python3 - "$out" <<'PY'
import sys
def load(p):
    d = {}
    for line in open(p):
        parts = line.split()
        if len(parts) == 3 and parts[2] == 'dispatches/s':
            d[parts[0]] = float(parts[1])
    return d
fx, sp, lp = (load('%s/%s' % (sys.argv[1], k)) for k in ('fx', 'sp', 'lp'))
print('%-9s %12s %12s %12s %12s %12s' % ('workload', 'fxpipe', 'softpipe', 'llvmpipe', 'fx/softpipe', 'fx/llvmpipe'))
for k in fx:
    print('%-9s %12.2f %12.2f %12.2f %11.2fx %11.2fx' % (k, fx[k], sp.get(k, 0), lp.get(k, 0),
          fx[k] / sp[k] if sp.get(k) else 0, fx[k] / lp[k] if lp.get(k) else 0))
PY
