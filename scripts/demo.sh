#!/usr/bin/env bash
# Sets everything up on a fresh Debian 12 machine and shows fxpipe at work:
# installs the dependencies (as root), fetches and builds Mesa 22.3.6 with fxpipe into build/, then runs
# glxinfo -B on Xvfb and a program that clears a window, a pbuffer and an FBO and reads them back, through
# the system's GL loaders (GLX and EGL), with fxpipe as the driver; draws the demo scene (demo/fxp_demo.c:
# lit, textured, depth-tested, an FXT1 cube among the objects) on fxpipe, the system's softpipe and the
# system's llvmpipe for DEMO_SECONDS each (default 5), writes the three pictures to build/demo-*.png and
# prints the frames per second side by side; then installs fxpipe into build/install-root (meson install
# --destdir) and runs fxpipe-run --info and the demo scene from there.
set -eu
cd "$(dirname "$0")/.."
bash scripts/deps.sh
export PATH=/usr/bin:$PATH
export HOME=${HOME:-/root}
[ -f build/build.ninja ] || meson setup build
meson compile -C build

export FXPIPE_DRI_DIR=$PWD/build/mesa/src/gallium/targets/dri
echo
echo "== glxinfo -B (GLX on Xvfb, system libGLX_mesa, GALLIUM_DRIVER unset) =="
tests/run-gl.sh --xvfb --default-driver meson devenv -C build glxinfo -B
echo
echo "== clear and read back through GLX (window, presented image, FBO) =="
tests/run-gl.sh --xvfb build/tests/fxpipe-gl-clear glx --expect-renderer fxpipe
echo
echo "== clear and read back through EGL surfaceless (pbuffer, FBO) =="
tests/run-gl.sh build/tests/fxpipe-gl-clear egl --expect-renderer fxpipe
echo
secs=${DEMO_SECONDS:-5}
echo "== the demo scene, $secs s on each driver (fxpipe built here, the system's softpipe and llvmpipe; 640x480) =="
. bench/lib/drivers.sh
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for drv in fxpipe softpipe llvmpipe; do
  run_driver "$drv" "$out/$drv" build/demo/fxpipe-demo --seconds "$secs" --png "build/demo-$drv.png"
  cat "$out/$drv"
done
/usr/bin/python3 bench/lib/ratios.py '^(scene \S+) on .*: ([0-9.]+) frames/s' 'demo (frames/s)' \
  "$out/fxpipe" "$out/softpipe" "$out/llvmpipe"
build/demo/fxpipe-demo --compare build/demo-fxpipe.png build/demo-llvmpipe.png
echo "look at the picture: build/demo-fxpipe.png"
echo
echo "== installed: meson install --destdir build/install-root, then fxpipe-run --info from there =="
rm -rf build/install-root
meson install -C build --quiet --destdir "$PWD/build/install-root"
run=$(find build/install-root -path '*/bin/fxpipe-run')
tests/run-gl.sh --xvfb "$run" --info
echo
echo "== installed: fxpipe-run fxpipe-demo (the scene through the installed driver) =="
"$run" "$(dirname "$run")/fxpipe-demo" --seconds 2 --png build/demo-installed.png
