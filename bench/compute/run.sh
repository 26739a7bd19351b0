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
[ -x "$bin" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_three "$out" "$bin" "$secs"
/usr/bin/python3 bench/lib/ratios.py '^(\S+) +([0-9.]+) dispatches/s' 'workload (dispatches/s)' \
  "$out/fx" "$out/sp" "$out/lp"
