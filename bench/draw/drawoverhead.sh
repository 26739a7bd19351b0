#!/usr/bin/env bash
# Runs piglit's drawoverhead (Debian's piglit package: thousands of draw calls a second for 30-odd kinds of
# state change between draws) on fxpipe (built here), the system's softpipe and the system's llvmpipe, one
# after the other under a private Xvfb, and prints each test's figure with fxpipe's ratios. Nothing is
# timed against a threshold: this is a measurement, not a test.
#   bench/draw/drawoverhead.sh          (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
bin=/usr/lib/x86_64-linux-gnu/piglit/bin/drawoverhead
[ -x "$bin" ] || { echo "drawoverhead not found: apt-get install piglit" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run_three "$out" xvfb-run -a -s "-screen 0 1280x1024x24" "$bin"
/usr/bin/python3 bench/lib/ratios.py '^\s*(\d+, .*?)\s*, +([0-9.]+),' 'drawoverhead test (thousand draws/s)' \
  "$out/fx" "$out/sp" "$out/lp"
