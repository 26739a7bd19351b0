#!/usr/bin/env bash
# The natural images that the FXT1 benchmark (run.sh) and the GL upload test (tests/gl/fxp_gl_fxt1_upload.c)
# encode, taken from Debian packages:
#   mate-backgrounds      five photographs (JPEG, 1280x1024 to 1920x1280)
#   extremetuxracer-data  two terrain textures (RGB PNG) and three sprites with real alpha (RGBA PNG: a
#                         translucent shrub, trees with punch-through and soft edges; one 239x245, so partial
#                         edge blocks are measured too)
# The packages are fetched with `apt-get download` (no root needed) and unpacked with dpkg-deb into a cache
# (default ~/.cache/fxpipe/fxt1-images; FXPIPE_FXT1_IMAGES overrides it), once. Prints the images' paths, one
# a line; exits 1, saying why, when a package cannot be fetched.
#   bench/fxt1/images.sh
set -eu
cache=${FXPIPE_FXT1_IMAGES:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/fxpipe/fxt1-images}
declare -A files=(
  [mate-backgrounds]="usr/share/backgrounds/mate/nature/Blinds.jpg usr/share/backgrounds/mate/nature/Dune.jpg
    usr/share/backgrounds/mate/nature/FreshFlower.jpg usr/share/backgrounds/mate/nature/GreenMeadow.jpg
    usr/share/backgrounds/mate/nature/Storm.jpg"
  [extremetuxracer-data]="usr/share/games/etr/terrains/grass01.png usr/share/games/etr/terrains/rock07.png
    usr/share/games/etr/objects/shrub.png usr/share/games/etr/objects/snowy_tree1.png
    usr/share/games/etr/objects/tree_barren2.png"
)
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
    echo "$cache/$pkg/$f"
  done
done
