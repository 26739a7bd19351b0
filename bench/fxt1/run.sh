#!/usr/bin/env bash
# Runs fxpipe-bench-fxt1 (fxp_bench_fxt1.c: fxpipe's FXT1 encoder, fast and thorough, against Mesa's) on a
# fixed set of natural photographs and game textures taken from Debian packages:
#   mate-backgrounds      five photographs (JPEG, 1280x1024 to 1920x1280)
#   extremetuxracer-data  two terrain textures (RGB PNG) and three sprites with real alpha (RGBA PNG: a
#                         translucent shrub, trees with punch-through and soft edges; one 239x245, so partial
#                         edge blocks are measured too)
# The packages are fetched with `apt-get download` (no root needed) and unpacked with dpkg-deb into a cache
# (default ~/.cache/fxpipe/fxt1-images; FXPIPE_FXT1_IMAGES overrides it), once.
#   bench/fxt1/run.sh [--min-time SECONDS] [PATH/TO/fxpipe-bench-fxt1]     (after meson compile -C build)
set -eu
cd "$(dirname "$0")/../.."
min_time=0.5
if [ "${1:-}" = "--min-time" ]; then min_time=$2; shift 2; fi
bin=${1:-build/mesa/src/gallium/drivers/fxpipe/fxpipe-bench-fxt1}
[ -x "$bin" ] || { echo "build first: meson compile -C build (no $bin)" >&2; exit 1; }

cache=${FXPIPE_FXT1_IMAGES:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/fxpipe/fxt1-images}
declare -A files=(
  [mate-backgrounds]="usr/share/backgrounds/mate/nature/Blinds.jpg usr/share/backgrounds/mate/nature/Dune.jpg
    usr/share/backgrounds/mate/nature/FreshFlower.jpg usr/share/backgrounds/mate/nature/GreenMeadow.jpg
    usr/share/backgrounds/mate/nature/Storm.jpg"
  [extremetuxracer-data]="usr/share/games/etr/terrains/grass01.png usr/share/games/etr/terrains/rock07.png
    usr/share/games/etr/objects/shrub.png usr/share/games/etr/objects/snowy_tree1.png
    usr/share/games/etr/objects/tree_barren2.png"
)
images=()
for pkg in mate-backgrounds extremetuxracer-data; do
  missing=0
  for f in ${files[$pkg]}; do [ -f "$cache/$pkg/$f" ] || missing=1; done
  if [ $missing = 1 ]; then
    mkdir -p "$cache/$pkg"
    tmp=$(mktemp -d)
    echo "fetching $pkg into $cache/$pkg" >&2
    (cd "$tmp" && apt-get download -q "$pkg" >/dev/null) ||
      { rm -rf "$tmp"; echo "apt-get download $pkg failed (apt-get update first?)" >&2; exit 1; }
    dpkg-deb -x "$tmp"/"$pkg"_*.deb "$cache/$pkg"
    rm -rf "$tmp"
  fi
  for f in ${files[$pkg]}; do
    [ -f "$cache/$pkg/$f" ] || { echo "$pkg has no $f" >&2; exit 1; }
    images+=("$cache/$pkg/$f")
  done
done
"$bin" --min-time "$min_time" "${images[@]}"
