#!/usr/bin/env bash
# Runs glmark2's scenes (Debian's glmark2-x11; the list is glmark2's default benchmark set, in
# glmark2-scenes.txt) off-screen at a fixed size under a private Xvfb, on fxpipe (built here), the system's
# softpipe and the system's llvmpipe one after the other, and prints each scene's frames per second with
# fxpipe's ratios. A measurement, not a test: nothing is compared with a threshold.
#   bench/draw/glmark2.sh [SECONDS_PER_SCENE [WIDTHxHEIGHT]]     (defaults 3 and 256x256)
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-3}
size=${2:-256x256}
command -v glmark2 > /dev/null || { echo "glmark2 not found: apt-get install glmark2-x11" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sed "s/\$/:duration=$secs/" bench/draw/glmark2-scenes.txt > "$out/scenes"
run_three "$out" xvfb-run -a -s "-screen 0 1280x1024x24" glmark2 --off-screen -s "$size" -f "$out/scenes"
# glmark2 prints a scene's options sorted, duration among them: take it out of the names
sed -i -E 's/duration=[0-9.]+:?//; s/:: FPS/: FPS/' "$out/fx" "$out/sp" "$out/lp"
echo "glmark2, $size off-screen, $secs s a scene"
/usr/bin/python3 bench/lib/ratios.py '^(\[.*?):? FPS: ([0-9.]+)' 'scene (frames/s)' "$out/fx" "$out/sp" "$out/lp"
