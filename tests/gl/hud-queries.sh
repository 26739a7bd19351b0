#!/usr/bin/env bash
# fxpipe's driver queries through Mesa's own HUD: glxgears runs with GALLIUM_HUD naming every fxpipe-*
# query (and fps), GALLIUM_HUD_DUMP_DIR makes the HUD write each graph's values to a file, and the values
# are checked: the HUD found every query (a file each), primitives, fragments and draws that set the
# fragment stage up were counted (> 0), some scenes were shared among the threads, and fxpipe-threads
# reads the FXPIPE_THREADS given (3).
# Needs a display (run by tests/run-gl.sh --xvfb) and glxgears (mesa-utils).
set -u
command -v glxgears > /dev/null || { echo "glxgears not found: apt-get install mesa-utils"; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
queries="fxpipe-primitives fxpipe-fragments-shaded fxpipe-scenes-shared fxpipe-scenes-alone fxpipe-bin-references fxpipe-early-z-draws fxpipe-raster-compiles fxpipe-raster-prepares fxpipe-threads"
hud=fps
for q in $queries; do hud=$hud,$q; done
GALLIUM_DRIVER=fxpipe FXPIPE_THREADS=3 GALLIUM_HUD=$hud GALLIUM_HUD_DUMP_DIR=$dir GALLIUM_HUD_PERIOD=0.2 \
  timeout 4 glxgears > "$dir/log" 2>&1
fail=0
for q in fps $queries; do
  f=$dir/$(echo "$q" | tr - _)
  if [ ! -s "$f" ]; then
    echo "FAIL: the HUD wrote no values for $q"; fail=1; continue
  fi
  echo "$q: $(head -n 5 "$f" | tr '\n' ' ')"
done
[ $fail = 0 ] || { cat "$dir/log"; exit 1; }
max() { sort -g "$1" | tail -n 1; }
for q in fxpipe_primitives fxpipe_fragments_shaded fxpipe_scenes_shared fxpipe_bin_references fxpipe_raster_prepares; do
  awk -v m="$(max "$dir/$q")" -v q="$q" 'BEGIN { if (m + 0 <= 0) { print "FAIL: " q " never above 0"; exit 1 } }' || fail=1
done
[ "$(max "$dir/fxpipe_threads")" = 3 ] || { echo "FAIL: fxpipe-threads is not the 3 of FXPIPE_THREADS"; fail=1; }
[ $fail = 0 ] && echo "every fxpipe driver query reads through the HUD"
exit $fail
