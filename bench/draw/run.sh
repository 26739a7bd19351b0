#!/usr/bin/env bash
# Runs fxpipe-bench-draw on fxpipe (built here), the system's softpipe and the system's llvmpipe, one
# after the other on this machine, and prints each workload's frames per second with fxpipe's ratios.
# fxpipe runs with FXPIPE_THREADS=0 (a rasterizer thread a CPU) unless FXPIPE_THREADS is set.
#   bench/draw/run.sh [SECONDS_PER_WORKLOAD]     (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-2}
bin=build/bench/fxpipe-bench-draw
[ -x "$bin" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_three "$out" "$bin" "$secs"
/usr/bin/python3 bench/lib/ratios.py '^(\S+) +([0-9.]+) frames/s' 'workload (frames/s)' "$out/fx" "$out/sp" "$out/lp"
