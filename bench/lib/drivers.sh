# Sourced by the bench/*/ scripts: runs one command on fxpipe (built in build/), on the system's softpipe or on
# the system's llvmpipe. fxpipe runs with a worker thread a CPU (FXPIPE_THREADS=0) unless FXPIPE_THREADS is
# set. Call from the repository's top directory.
#   run_driver fxpipe|base|softpipe|llvmpipe OUTPUT_FILE CMD [ARGS...]   (CMD's stdout and stderr to the file)
# With FXPIPE_BASE_DRI naming the folder of another fxpipe build's swrast_dri.so (an earlier commit's, to
# measure a change against it), run_three runs that build too, first, and ratios.py adds a table of fxpipe
# against it (BENCH_BASE_OUTPUT).
fxp_dri=$PWD/build/mesa/src/gallium/targets/dri
[ -e "$fxp_dri/swrast_dri.so" ] || { echo "build first: meson compile -C build" >&2; exit 1; }

run_driver() {
  local drv=$1 out=$2
  shift 2
  if [ "$drv" = fxpipe ] || [ "$drv" = base ]; then
    local dri=$fxp_dri
    [ "$drv" = base ] && dri=$FXPIPE_BASE_DRI
    env LIBGL_DRIVERS_PATH="$dri" GALLIUM_DRIVER=fxpipe FXPIPE_THREADS="${FXPIPE_THREADS:-0}" "$@" > "$out" 2>&1 || true
  else
    env -u LIBGL_DRIVERS_PATH GALLIUM_DRIVER="$drv" "$@" > "$out" 2>&1 || true
  fi
}

# Runs CMD on the three drivers one after the other, into DIR/fx, DIR/sp and DIR/lp (and the base build
# into DIR/base first, with FXPIPE_BASE_DRI).
run_three() {
  local dir=$1
  shift
  if [ -n "${FXPIPE_BASE_DRI:-}" ]; then
    [ -e "$FXPIPE_BASE_DRI/swrast_dri.so" ] || { echo "no swrast_dri.so in FXPIPE_BASE_DRI" >&2; exit 1; }
    run_driver base "$dir/base" "$@"
    export BENCH_BASE_OUTPUT=$dir/base
  fi
  run_driver fxpipe "$dir/fx" "$@"
  run_driver softpipe "$dir/sp" "$@"
  run_driver llvmpipe "$dir/lp" "$@"
}
