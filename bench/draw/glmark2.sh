#!/usr/bin/env bash
# Runs glmark2's scenes (Debian's glmark2-x11; the list is glmark2's default benchmark set, in
# glmark2-scenes.txt) off-screen at a fixed size under a private Xvfb, on fxpipe (built here), the system's
# softpipe and the system's llvmpipe one after the other, and prints each scene's frames per second with
# fxpipe's ratios. A measurement, not a test: nothing is compared with a threshold.
# With "windowed" as a third argument the frames go to an X window instead (glmark2 without --off-screen,
# on an Xvfb screen of 1920x1080), so that presenting them to the X server is timed too.
#   bench/draw/glmark2.sh [SECONDS_PER_SCENE [WIDTHxHEIGHT [windowed]]]     (defaults 3, 256x256, off-screen)
#   bench/draw/glmark2.sh 3 1280x720 windowed
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-3}
size=${2:-256x256}
mode=${3:-off-screen}
case $mode in
  off-screen) where=--off-screen ;;
  windowed) where= ;;
  *) echo "the third argument is windowed or off-screen" >&2; exit 2 ;;
esac
command -v glmark2 > /dev/null || { echo "glmark2 not found: apt-get install glmark2-x11" >&2; exit 1; }
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sed "s/\$/:duration=$secs/" bench/draw/glmark2-scenes.txt > "$out/scenes"
run_three "$out" xvfb-run -a -s "-screen 0 1920x1080x24" glmark2 $where -s "$size" -f "$out/scenes"
# glmark2 prints a scene's options sorted, duration among them: take it out of the names
for f in "$out"/fx "$out"/sp "$out"/lp "$out"/base; do
  [ -e "$f" ] && sed -i -E 's/duration=[0-9.]+:?//; s/:: FPS/: FPS/' "$f"
done
echo "glmark2, $size $mode, $secs s a scene"
/usr/bin/python3 bench/lib/ratios.py '^(\[.*?):? FPS: ([0-9.]+)' 'scene (frames/s)' "$out/fx" "$out/sp" "$out/lp"
