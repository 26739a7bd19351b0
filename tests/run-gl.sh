#!/usr/bin/env bash
# Runs a GL program on the fxpipe built here, through the system's GL loaders.
#   run-gl.sh [--xvfb] [--default-driver] CMD [ARGS...]
# FXPIPE_DRI_DIR (set by meson test) is where swrast_dri.so is. --xvfb starts a private Xvfb for the command
# and stops it afterwards. --default-driver unsets GALLIUM_DRIVER so that the megadriver's default is used;
# otherwise GALLIUM_DRIVER=fxpipe.
set -u
xvfb=0; default=0
while [ $# -gt 0 ]; do
  case $1 in
    --xvfb) xvfb=1; shift ;;
    --default-driver) default=1; shift ;;
    *) break ;;
  esac
done
: "${FXPIPE_DRI_DIR:?FXPIPE_DRI_DIR must name the folder holding swrast_dri.so}"
export LIBGL_DRIVERS_PATH=$FXPIPE_DRI_DIR
# st/mesa's disk shader cache (screen/fxp_screen.c) in the build tree, not in $HOME: a build's tests start
# from its own cache, and a fresh clone's from an empty one
export MESA_SHADER_CACHE_DIR=${MESA_SHADER_CACHE_DIR:-${FXPIPE_DRI_DIR%/mesa/src/gallium/targets/dri}/shader-cache}
if [ $default = 1 ]; then unset GALLIUM_DRIVER; else export GALLIUM_DRIVER=fxpipe; fi
unset LIBGL_ALWAYS_SOFTWARE MESA_LOADER_DRIVER_OVERRIDE

if [ $xvfb = 1 ]; then
  tmp=$(mktemp)
  Xvfb -displayfd 5 -screen 0 1280x1024x24 -nolisten tcp 5>"$tmp" >/dev/null 2>&1 &
  xpid=$!
  trap 'kill $xpid 2>/dev/null; wait $xpid 2>/dev/null; rm -f "$tmp"' EXIT
  for _ in $(seq 100); do [ -s "$tmp" ] && break; sleep 0.1; done
  [ -s "$tmp" ] || { echo "run-gl: Xvfb did not start" >&2; exit 1; }
  export DISPLAY=:$(head -n1 "$tmp")
fi
"$@"
