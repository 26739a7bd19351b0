#!/usr/bin/env bash
# Runs fxpipe-bench-fxt1 (fxp_bench_fxt1.c: fxpipe's FXT1 encoder, fast and thorough, against Mesa's) on a
# fixed set of natural photographs and game textures taken from Debian packages (images.sh, which says
# which and fetches them into a cache once).
#   bench/fxt1/run.sh [--min-time SECONDS] [PATH/TO/fxpipe-bench-fxt1]     (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
min_time=0.5
if [ "${1:-}" = "--min-time" ]; then min_time=$2; shift 2; fi
bin=${1:-build/mesa/src/gallium/drivers/fxpipe/fxpipe-bench-fxt1}
[ -x "$bin" ] || { echo "build first: meson compile -C build (no $bin)" >&2; exit 1; }

list=$(bench/fxt1/images.sh)
mapfile -t images <<< "$list"
"$bin" --min-time "$min_time" "${images[@]}"
