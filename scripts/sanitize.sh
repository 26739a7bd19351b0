#!/usr/bin/env bash
# fxpipe's sanitizer build and runs (README, "Sanitizer build").
#
#   scripts/sanitize.sh [--tsan] [--no-build] [STEP...]
#
# Without --tsan: configures build-asan with `-Dsanitize=address,undefined` (AddressSanitizer, LeakSanitizer
# and UndefinedBehaviorSanitizer in Mesa, fxpipe and fxpipe's test programs) if it is not configured yet,
# builds it, and runs on it, in this order (STEP names pick some):
#   unit           build-asan/.../fxpipe-unit-test
#   tgsi-1 tgsi-2  fxpipe-tgsi-runner tests/tgsi with FXPIPE_THREADS=1 and 2
#   fxt1           tests/fxt1/run-tool-tests.sh on fxpipe-fxt1
#   gl-clear-egl gl-clear-glx gl-draw-egl gl-tess-egl gl-ext4-egl gl-msaa-egl gl-open-scene-egl
#                  tests/gl's programs through tests/run-gl.sh (the GLX one on Xvfb, fxpipe the default driver;
#                  tessellation, and the GL 4.x extensions' sections: memory objects, YCbCr, ...; multisampling:
#                  partly filled batches of sample columns, where UBSan once found x * samples overflowing on
#                  the unset x of lanes past the batch's quads; open scenes: draws gathered into one scene)
#   glxinfo        Debian's glxinfo -B on Xvfb: the renderer is fxpipe
#   piglit-egl     tests/piglit/piglit-check.py --platform egl sanitize-egl (2,094 tests: foundation-egl's
#                  lines less each third, so that the run fits about 70 minutes at the sanitized build's
#                  30 tests a minute; the list's header says how it is made), after piglit's glinfo has
#                  shown that the renderer is fxpipe. FXPIPE_SANITIZE_PIGLIT_LIST=foundation-egl runs the
#                  whole list (3,141 tests, about 105 minutes)
# With --tsan: build-tsan with `-Dsanitize=thread` (ThreadSanitizer), and the threaded runs:
#   unit-pool      the thread pool's unit tests (jobs run and started, fork, jobs in flight, several submitting threads)
#   tgsi-2         the TGSI runner with FXPIPE_THREADS=2
#   gl-draw-egl-threads         tests/gl's gl-draw with FXPIPE_THREADS=2
#   gl-tess-egl-threads         tests/gl's gl-tess (tessellated patches binned and rasterized) with 2 threads
#   gl-texfilter-egl-threads    tests/gl's gl-texfilter (anisotropic and min/max filtering) with 2 threads
#   gl-msaa-egl-threads         tests/gl's gl-msaa (multisample coverage, resolves, sample shading) with 2
#   gl-clear-fold-egl-threads   tests/gl's gl-clear-fold (clears done bin by bin by a draw's scene, large clears
#                               shared among the threads) with FXPIPE_THREADS=2
#   gl-open-scene-egl-threads   tests/gl's gl-open-scene (draws gathered into open scenes, one change of state or
#                               data between draws each) with FXPIPE_THREADS=2
#   gl-open-scene-egl-slowraster  the same under FXPIPE_DEBUG=slowraster: every scene shared out and started late,
#                               so that each state change finds the scene before it in flight
#   gl-order-egl-threads        tests/gl's gl-order (12,000 blended triangles in binned scenes, batches
#                               shared by triangles) with FXPIPE_THREADS=2 and 3
#   gl-multithread-glx-threads  piglit's glx-multithread 20 times (tests/gl/repeat.sh), FXPIPE_THREADS=2
# Extra steps, not in the default run: piglit-glx (foundation-glx under GLX, about 3,400 tests).
# --no-build runs the steps on the tree as it is.
# --ci (what CI runs, as meson's sanitize-asan test): builds only the unit-test program, the TGSI runner and
# the FXT1 tool and what they link (not the DRI driver, not the GL programs), then runs unit, tgsi-1,
# tgsi-2 and fxt1: fxpipe's own code under ASan, LSan and UBSan in a fraction of the full build's time.
# FXPIPE_SANITIZE_PIGLIT_LIST names another list (a name in tests/piglit/lists or a file; default
# sanitize-egl) for piglit-egl; FXPIPE_SANITIZE_UBSAN_HALT=0 lets UBSan go on after a report
# (to collect many in one run; not for CI).
#
# Every sanitizer report fails its step, whatever the program's exit status: reports go to files
# (log_path) in the step's folder under $FXPIPE_SANITIZE_LOGS (default build-asan/sanitize-logs or build-tsan/...,
# emptied first), and a step passes only if its command succeeds and that folder holds no report. The
# first report is halting (halt_on_error=1), leaks are looked for at exit (detect_leaks=1). Reports inside
# Mesa's, piglit's or the system's own code (never fxpipe's, src/gallium/drivers/fxpipe and
# src/gallium/winsys/fxpipe) are suppressed in tests/sanitize/*.supp, each entry with its reason.
#
# Programs that are not instrumented (piglit's test programs, glxinfo) get the sanitizer runtime preloaded
# (LD_PRELOAD); so do the instrumented ones, together with tests/sanitize/fxp_nodlclose.c, which keeps the
# driver mapped until exit so that leak stacks in it can be read (the file says why). piglit's own Python
# runner and the X server are not preloaded: a wrapper named piglit, first in PATH, sets LD_PRELOAD for the
# test programs only; another named Xvfb gives the X server's own GLX the system's driver (the sanitized one
# does not load into a program without the runtime). MALLOC_PERTURB_ is unset.
#
# Prints one line a step (status, tests run, wall time) and exits non-zero if any step failed. Build and
# step logs are in the logs folder (build.log, STEP/out.txt, STEP/asan.PID and the like).
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/usr/bin:$PATH
unset MALLOC_PERTURB_

mode=asan build=1 steps=() ci=0
while [ $# -gt 0 ]; do
  case $1 in
    --tsan) mode=tsan ;;
    --ci) ci=1 ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "sanitize.sh: unknown option $1" >&2; exit 2 ;;
    *) steps+=("$1") ;;
  esac
  shift
done

if [ $mode = asan ]; then
  bdir=$repo/build-asan sanitize=address,undefined
  all_steps=(unit tgsi-1 tgsi-2 fxt1 gl-clear-egl gl-clear-glx gl-draw-egl gl-tess-egl gl-ext4-egl gl-msaa-egl gl-open-scene-egl
             glxinfo piglit-egl)
  runtime=("$(gcc -print-file-name=libasan.so)" "$(gcc -print-file-name=libubsan.so)")
else
  bdir=$repo/build-tsan sanitize=thread
  all_steps=(unit-pool tgsi-2 gl-draw-egl-threads gl-clear-fold-egl-threads gl-tess-egl-threads gl-texfilter-egl-threads gl-msaa-egl-threads
             gl-open-scene-egl-threads gl-open-scene-egl-slowraster gl-order-egl-threads gl-multithread-glx-threads)
  runtime=("$(gcc -print-file-name=libtsan.so)")
fi
[ $ci = 1 ] && [ ${#steps[@]} = 0 ] && steps=(unit tgsi-1 tgsi-2 fxt1)
[ ${#steps[@]} -gt 0 ] || steps=("${all_steps[@]}")
logs=${FXPIPE_SANITIZE_LOGS:-$bdir/sanitize-logs}
rm -rf "$logs"; mkdir -p "$logs/bin"
supp=$repo/tests/sanitize
mesa=$bdir/mesa
fxp=$mesa/src/gallium/drivers/fxpipe
export FXPIPE_DRI_DIR=$mesa/src/gallium/targets/dri

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", b - a }'; }

summary=() failed=0

# ---- build ----
if [ $build = 1 ]; then
  t0=$(now)
  {
    if [ ! -f "$bdir/build.ninja" ]; then
      (cd "$repo" && meson setup "$bdir" -Dsanitize=$sanitize)
    elif [ "$(meson introspect --buildoptions "$bdir" | /usr/bin/python3 -c \
        'import json,sys; print([o["value"] for o in json.load(sys.stdin) if o["name"]=="sanitize"][0])')" != $sanitize ]; then
      echo "sanitize.sh: $bdir is not configured with -Dsanitize=$sanitize" >&2; false
    fi
  } > "$logs/build.log" 2>&1 &&
  if [ $ci = 1 ]; then
    CCACHE_NOHASHDIR=true ninja -C "$mesa" src/gallium/drivers/fxpipe/fxpipe-unit-test \
      src/gallium/drivers/fxpipe/fxpipe-tgsi-runner src/gallium/drivers/fxpipe/fxpipe-fxt1 >> "$logs/build.log" 2>&1
  else
    meson compile -C "$bdir" >> "$logs/build.log" 2>&1
  fi
  rc=$?
  line=$(printf 'build     %-28s %4ss' "$([ $rc = 0 ] && echo ok || echo FAILED)" "$(secs "$t0" "$(now)")")
  echo "$line"; summary+=("$line")
  if [ $rc != 0 ]; then tail -n 30 "$logs/build.log"; echo "sanitize.sh: build failed (log: $logs/build.log)" >&2; exit 1; fi
fi

# ---- the runtime's preload, the no-dlclose shim, piglit's wrapper ----
gcc -shared -fPIC -O2 -o "$logs/bin/fxp_nodlclose.so" "$supp/fxp_nodlclose.c" || exit 1
preload=$(IFS=:; echo "${runtime[*]}")
# (under TSan too: TSan runs the atexit handlers a driver registered even after the driver was unloaded,
# and the program then jumps into unmapped memory as it exits; so TSan's gl-multithread-glx-threads checks
# the threads' accesses, not the driver's unloading while its workers wait, which the plain run checks)
preload=$preload:$logs/bin/fxp_nodlclose.so
cat > "$logs/bin/piglit" <<EOF
#!/bin/sh
# piglit's runner without the sanitizer runtime; the test programs it starts with it (scripts/sanitize.sh)
exec /usr/bin/python3 -c 'import os, runpy, sys
os.environ["LD_PRELOAD"] = "$preload"
sys.argv = ["/usr/bin/piglit"] + sys.argv[1:]
runpy.run_path("/usr/bin/piglit", run_name="__main__")' "\$@"
EOF
chmod +x "$logs/bin/piglit"
# The X server's own GLX (indirect rendering, which no test uses) loads swrast_dri.so from
# LIBGL_DRIVERS_PATH too, and the sanitized one refuses to run in an X server without the runtime: the
# Xvfb of run-gl.sh and piglit-check.py gets the system's driver.
printf '#!/bin/sh\nunset LIBGL_DRIVERS_PATH\nexec /usr/bin/Xvfb "$@"\n' > "$logs/bin/Xvfb"
chmod +x "$logs/bin/Xvfb"
export PATH=$logs/bin:$PATH

# ---- steps ----
# step NAME CMD...: runs CMD with the sanitizers' options, reports into $logs/NAME
step() {
  local name=$1; shift
  local d=$logs/$name
  mkdir -p "$d"
  local common="log_path=$d/$mode:log_exe_name=1"
  export ASAN_OPTIONS="$common:halt_on_error=1:detect_leaks=1:abort_on_error=0:detect_odr_violation=0:suppressions=$supp/asan.supp"
  export LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0"
  export UBSAN_OPTIONS="$common:print_stacktrace=1:halt_on_error=${FXPIPE_SANITIZE_UBSAN_HALT:-1}:suppressions=$supp/ubsan.supp"
  export TSAN_OPTIONS="$common:halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp"
  local t0 rc
  t0=$(now)
  "$@" > "$d/out.txt" 2>&1
  rc=$?
  local t=$(secs "$t0" "$(now)")
  # ASan, LSan and TSan write their reports to files; UBSan, beside ASan, writes them to stderr whatever
  # log_path says: they are found in the step's output and, for piglit, in its results
  grep -h -A 12 'runtime error:' "$d/out.txt" > "$d/ubsan.report" 2>/dev/null
  [ -d "$d/results" ] && piglit_errors "$d/results" 'runtime error:' >> "$d/ubsan.report"
  [ -s "$d/ubsan.report" ] && mv "$d/ubsan.report" "$d/$mode.ubsan-from-stderr" || rm -f "$d/ubsan.report"
  # A leak whose allocation stack has no frame in the tree built here (Mesa's and fxpipe's code, compiled
  # from mesa-src/) is piglit's or the system's own: piglit's tests calloc and asprintf without freeing, in
  # code built without frame pointers, so their stacks end in the test program and no suppression can name
  # them without also naming every stack that passes through it (tests/sanitize/lsan.supp). Such reports are
  # kept as foreign.* and listed, not counted. fxpipe's allocations are made in its own instrumented code, so
  # their stacks always name it.
  local f foreign=0
  for f in $(find "$d" -name "$mode.*" -type f); do
    if grep -q 'ERROR: LeakSanitizer' "$f" && ! grep -q 'ERROR: AddressSanitizer' "$f" &&
       ! grep -q 'mesa-src/' "$f"; then
      mv "$f" "$d/foreign.${f##*/}"; foreign=$((foreign + 1))
    fi
  done
  [ $foreign = 0 ] || echo "$name: $foreign leak report(s) with no frame in Mesa or fxpipe (piglit's or the system's own), in $d/foreign.*" >&2
  local reports=$(find "$d" -name "$mode.*" -type f | wc -l)
  local count=$(grep -Eo '^[0-9]+ passed, [0-9]+ failed' "$d/out.txt" | tail -n1 | awk '{ print $1 + $3 }')
  local status=ok
  if [ "$reports" != 0 ]; then status="FAILED ($reports reports)"
  elif [ $rc != 0 ]; then status="FAILED (exit $rc)"; fi
  local line=$(printf '%-9s %-28s %4ss  %s' "$name" "$status" "$t" "${count:-1} tests")
  echo "$line"; summary+=("$line")
  if [ "$status" != ok ]; then
    failed=$((failed + 1))
    grep -E 'FAIL|REGRESSION|MISSING|^[0-9]+ passed' "$d/out.txt" | head -n 20
    for f in $(find "$d" -name "$mode.*" -type f | head -n 3); do echo "== $f"; head -n 60 "$f"; done
  fi
  unset ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS
}

# gl [--xvfb] [--default-driver] PROGRAM ARGS...: PROGRAM through run-gl.sh, preloaded (run-gl.sh and Xvfb not)
# piglit_errors RESULTS PATTERN: the stderr of every piglit test in RESULTS that matches PATTERN
piglit_errors() {
  /usr/bin/python3 - "$@" <<'PY'
import bz2, glob, gzip, json, lzma, os, sys
res, pattern = sys.argv[1], sys.argv[2]
tests = {}
for path in glob.glob(os.path.join(res, 'results.json*')) or glob.glob(os.path.join(res, 'tests', '*.json')):
    opener = {'.bz2': bz2.open, '.gz': gzip.open, '.xz': lzma.open}.get(os.path.splitext(path)[1], open)
    with opener(path, 'rt') as f:
        data = json.load(f)
    tests.update(data.get('tests', data) if isinstance(data, dict) else {})
for name, t in sorted(tests.items()):
    err = (t.get('err') or '') if isinstance(t, dict) else ''
    if pattern in err:
        print('== piglit test %s\n%s' % (name, err))
PY
}

gl() {
  local opts=()
  while [ "${1#--}" != "$1" ]; do opts+=("$1"); shift; done
  "$repo/tests/run-gl.sh" "${opts[@]}" env LD_PRELOAD="$preload" "$@"
}
expect_renderer() {   # expect_renderer KEY OUTPUT-FILE: the renderer line names fxpipe
  grep -E "$1" "$2" | grep -q fxpipe || { echo "renderer is not fxpipe" >&2; return 1; }
}
glxinfo_check() {
  "$repo/tests/run-gl.sh" --xvfb --default-driver env LD_PRELOAD="$preload" glxinfo -B > "$logs/glxinfo/glxinfo.txt" 2>&1
  local rc=$?; cat "$logs/glxinfo/glxinfo.txt"
  [ $rc = 0 ] && expect_renderer 'OpenGL renderer string' "$logs/glxinfo/glxinfo.txt"
}
piglit_run() {   # piglit_run PLATFORM LIST...
  local platform=$1; shift
  if [ "$platform" = egl ]; then
    # piglit-check.py's --driver-env-check would run glinfo without the runtime: the same check, preloaded
    PIGLIT_PLATFORM=surfaceless_egl GALLIUM_DRIVER=fxpipe LIBGL_DRIVERS_PATH=$FXPIPE_DRI_DIR \
      LD_PRELOAD="$preload" /usr/lib/x86_64-linux-gnu/piglit/bin/glinfo > "$logs/piglit-$platform/glinfo.txt" 2>&1
    expect_renderer 'GL_RENDERER' "$logs/piglit-$platform/glinfo.txt" || return 1
    grep GL_RENDERER "$logs/piglit-$platform/glinfo.txt"
  fi
  # piglit's tests leak what they allocate themselves (see step(): such reports are set aside), and LSan's
  # exit status 23 would turn their pass into warn. Exit status 0 after a report (LSan's exitcode is the
  # runtime's, so ASan's too) leaves the results to the tests; every report still fails this step.
  LSAN_OPTIONS="$LSAN_OPTIONS:exitcode=0" "$repo/tests/run-gl.sh" "$repo/tests/piglit/piglit-check.py" --platform "$platform" \
    --timeout 600 --results "$logs/piglit-$platform/results" "$@"
}

for s in "${steps[@]}"; do
  mkdir -p "$logs/$s"
  case $mode:$s in
    # (programs that load no driver: instrumented, nothing to preload)
    asan:unit)   step unit "$fxp/fxpipe-unit-test" ;;
    asan:tgsi-1) step tgsi-1 env FXPIPE_THREADS=1 "$fxp/fxpipe-tgsi-runner" "$repo/tests/tgsi" ;;
    *:tgsi-2)    step tgsi-2 env FXPIPE_THREADS=2 "$fxp/fxpipe-tgsi-runner" "$repo/tests/tgsi" ;;
    asan:fxt1)   step fxt1 "$repo/tests/fxt1/run-tool-tests.sh" "$fxp/fxpipe-fxt1" ;;
    asan:gl-clear-egl) step gl-clear-egl gl "$bdir/tests/fxpipe-gl-clear" egl --expect-renderer fxpipe ;;
    asan:gl-clear-glx) step gl-clear-glx gl --xvfb --default-driver "$bdir/tests/fxpipe-gl-clear" glx --expect-renderer fxpipe ;;
    asan:gl-draw-egl)  step gl-draw-egl gl "$bdir/tests/fxpipe-gl-draw" ;;
    asan:gl-tess-egl)  step gl-tess-egl gl "$bdir/tests/fxpipe-gl-tess" ;;
    asan:gl-ext4-egl)  step gl-ext4-egl gl "$bdir/tests/fxpipe-gl-ext4" ;;
    asan:gl-msaa-egl)  step gl-msaa-egl gl "$bdir/tests/fxpipe-gl-msaa" ;;
    asan:gl-open-scene-egl) step gl-open-scene-egl gl "$bdir/tests/fxpipe-gl-open-scene" ;;
    asan:glxinfo)      step glxinfo glxinfo_check ;;
    asan:piglit-egl)   step piglit-egl piglit_run egl ${FXPIPE_SANITIZE_PIGLIT_LIST:-sanitize-egl} ;;
    asan:piglit-glx)   step piglit-glx piglit_run glx foundation-glx ;;
    tsan:gl-draw-egl-threads) step gl-draw-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-draw" ;;
    tsan:gl-clear-fold-egl-threads) step gl-clear-fold-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-clear-fold" ;;
    tsan:gl-open-scene-egl-threads) step gl-open-scene-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-open-scene" ;;
    tsan:gl-open-scene-egl-slowraster) step gl-open-scene-egl-slowraster env FXPIPE_THREADS=2 \
        FXPIPE_DEBUG=slowraster "$repo/tests/run-gl.sh" env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-open-scene" ;;
    tsan:gl-tess-egl-threads) step gl-tess-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-tess" ;;
    tsan:gl-texfilter-egl-threads) step gl-texfilter-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-texfilter" ;;
    tsan:gl-msaa-egl-threads) step gl-msaa-egl-threads env FXPIPE_THREADS=2 "$repo/tests/run-gl.sh" \
        env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-msaa" ;;
    # (the fork case of pool.shares is left out under TSan, which does not support it: fxp_pool_test.c)
    tsan:unit-pool) step unit-pool "$fxp/fxpipe-unit-test" pool. ;;
    tsan:gl-order-egl-threads) step gl-order-egl-threads "$repo/tests/run-gl.sh" "$repo/tests/gl/same-image.sh" \
        "2 3" env LD_PRELOAD="$preload" "$bdir/tests/fxpipe-gl-order" ;;
    tsan:gl-multithread-glx-threads) step gl-multithread-glx-threads env FXPIPE_THREADS=2 \
        "$repo/tests/run-gl.sh" --xvfb --default-driver "$repo/tests/gl/repeat.sh" 20 \
        env LD_PRELOAD="$preload" /usr/lib/x86_64-linux-gnu/piglit/bin/glx-multithread -auto ;;
    *) echo "sanitize.sh: no step $s in the $mode run (steps: ${all_steps[*]} piglit-glx)" >&2; exit 2 ;;
  esac
done

echo "---- $mode summary (logs in $logs)"
printf '%s\n' "${summary[@]}"
[ $failed = 0 ] && echo "all steps passed with no sanitizer report" || echo "$failed step(s) failed"
echo "$((${#steps[@]} - failed)) passed, $failed failed"
exit $((failed > 0))
