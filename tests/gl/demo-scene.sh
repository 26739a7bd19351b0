#!/usr/bin/env bash
# gl-demo-egl: the README demo's scene (demo/fxp_demo.c: lighting, a mipmapped RGBA8 floor, an FXT1 cube,
# depth, culling) drawn on fxpipe must be the picture the system's softpipe and llvmpipe draw: at most
# MAX_BAD per mille of the pixels may differ by more than 48 in a channel (fxpipe against llvmpipe and
# softpipe: 0 and 4 of 307,200 pixels on 2026-12-03; a face of the cube decoded wrongly is about 30 per
# mille). Also checks that the fxpipe run really ran on fxpipe. Run under run-gl.sh (fxpipe's driver path).
#   demo-scene.sh FXPIPE_DEMO [MAX_BAD_PERMILLE]
set -u
demo=$1 max_bad=${2:-1}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
out=$("$demo" --frames 2 --png "$dir/fxpipe.png" 2>&1) || { echo "$out"; echo "FAIL: fxpipe-demo on fxpipe"; exit 1; }
echo "$out"
case $out in *" on fxpipe:"*) ;; *) echo "FAIL: the renderer is not fxpipe"; exit 1 ;; esac
for ref in llvmpipe softpipe; do
  ref_out=$(env -u LIBGL_DRIVERS_PATH GALLIUM_DRIVER=$ref "$demo" --frames 0 --png "$dir/$ref.png" 2>&1) ||
    { echo "$ref_out"; echo "FAIL: fxpipe-demo on the system's $ref"; exit 1; }
  case $ref_out in *" on $ref"*) ;; *) echo "$ref_out"; echo "FAIL: the reference run is not on $ref"; exit 1 ;; esac
  "$demo" --compare "$dir/fxpipe.png" "$dir/$ref.png" --max-bad-permille "$max_bad" || exit 1
done
echo "fxpipe's picture matches llvmpipe's and softpipe's"
