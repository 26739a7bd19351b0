#!/usr/bin/env bash
# Checks an installed fxpipe tree and uses it, as a user would; shared by the `install` test (a
# `meson install --destdir` root, tests/install/test-install.sh) and the `package` test (the .deb unpacked with
# dpkg -x, tests/install/test-package.sh).
#   check-tree.sh NAME ROOT PREFIX GL_CLEAR ALLOWED_FILES [EXTRA_FILE...]
# ROOT is a temporary root holding PREFIX (it is moved and then removed); NAME labels the summary line.
# 1. The files under ROOT must be exactly those of ALLOWED_FILES (install/installed-files.txt, relative to
#    PREFIX) and the EXTRA_FILEs (relative to ROOT): anything else (Mesa's libGLX_mesa, libEGL_mesa,
#    libglapi, glvnd JSON, headers, pkg-config, drirc) fails the test, and so does a missing one.
# 2. The installed driver: one file under both names, no RUNPATH into the build tree, and only libraries of
#    Debian's packages needed.
# 3. The root is moved elsewhere (fxpipe-run must find the driver relative to itself), then on a private Xvfb
#    `fxpipe-run glxinfo -B` must report `OpenGL renderer string: fxpipe` with the driver loaded from the
#    moved root (LIBGL_DEBUG=verbose), `fxpipe-run --info` must show fxpipe through EGL and GLX from there,
#    and the GL readback program (tests/gl/fxp_gl_clear.c, as scripts/demo.sh runs it) must pass through
#    fxpipe-run on GLX and EGL, and the installed fxpipe-demo must draw its scene on fxpipe and write its PNG. The client's LIBGL_DRIVERS_PATH is set to a wrong folder beforehand, so that
#    only fxpipe-run's own setting can make these pass.
# 4. Negative checks: with the dri folder renamed, with a driver file that cannot be loaded, and with a
#    system loader that cannot be loaded, fxpipe-run must exit non-zero without running the program and say
#    which file is the problem (and, for the loader, which package to install).
# Prints `ok`/`FAIL` a check and exits 1 if any failed.
set -u
name=$1; root0=$2; prefix=$3; gl_clear=$4; allowed=$5; shift 5
export PATH=/usr/bin:$PATH
unset LIBGL_DRIVERS_PATH GALLIUM_DRIVER LIBGL_ALWAYS_SOFTWARE MESA_LOADER_DRIVER_OVERRIDE

fails=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
check() { local what=$1; shift; if "$@"; then ok "$what"; else fail "$what"; fi; }

tmp=$(mktemp -d /tmp/fxpipe-tree-test.XXXXXX)
xpid=
cleanup() { [ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
mv "$root0" "$tmp/root"

# 1. the list of files
(cd "$tmp/root" && find . -type f -o -type l | sed 's|^\./||' | sort) > "$tmp/got.txt"
{ grep -v -e '^#' -e '^$' "$allowed" | sed "s|^|${prefix#/}/|"; for f in "$@"; do echo "$f"; done; } |
  sort > "$tmp/want.txt"
extra=$(comm -13 "$tmp/want.txt" "$tmp/got.txt")
missing=$(comm -23 "$tmp/want.txt" "$tmp/got.txt")
if [ -n "$extra" ]; then
  echo "$extra" | sed 's/^/     installed but not allowed: /'
  fail "installed files: $(echo "$extra" | wc -l) not in $(basename "$allowed") (Mesa's own files must not be installed)"
else
  ok "installed files: nothing outside $(basename "$allowed") ($(wc -l < "$tmp/got.txt") files)"
fi
if [ -n "$missing" ]; then
  echo "$missing" | sed 's/^/     missing: /'
  fail "installed files: $(echo "$missing" | wc -l) of $(basename "$allowed") missing"
else
  ok "installed files: every file of $(basename "$allowed") is there"
fi

# 2. the driver files
dri=$tmp/root$prefix/lib/fxpipe/dri
if [ -f "$dri/swrast_dri.so" ] && [ -f "$dri/kms_swrast_dri.so" ]; then
  check "swrast_dri.so and kms_swrast_dri.so are one file (hard link)" \
    test "$(stat -c %i "$dri/swrast_dri.so")" = "$(stat -c %i "$dri/kms_swrast_dri.so")"
  dyn=$(objdump -p "$dri/swrast_dri.so")
  rpath=$(echo "$dyn" | awk '$1 == "RUNPATH" || $1 == "RPATH" {print $2}')
  check "the installed driver has no RUNPATH/RPATH${rpath:+ (has $rpath)}" test -z "$rpath"
  needed=$(echo "$dyn" | awk '$1 == "NEEDED" {print $2}' | sort | xargs)
  unknown=$(for lib in $needed; do
              case $lib in
                libglapi.so.0|libdrm.so.2|libexpat.so.1|libz.so.1|libzstd.so.1|libstdc++.so.6|libm.so.6|\
                libgcc_s.so.1|libc.so.6) ;;
                *) echo "$lib" ;;
              esac
            done)
  check "the driver needs only system libraries ($needed)" test -z "$unknown"
else
  fail "driver files in $dri"
fi

# 3. from a moved root
mv "$tmp/root" "$tmp/moved"
root=$tmp/moved
run=$root$prefix/bin/fxpipe-run
drimoved=$root$prefix/lib/fxpipe/dri

# a private X server with the system's own GL (the client's variables are not the server's)
env -u LIBGL_DRIVERS_PATH -u GALLIUM_DRIVER Xvfb -displayfd 5 -screen 0 1280x1024x24 -nolisten tcp \
  5> "$tmp/display" > /dev/null 2>&1 &
xpid=$!
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
[ -s "$tmp/display" ] || { fail "Xvfb did not start"; exit 1; }
export DISPLAY=:$(head -n1 "$tmp/display")

out=$(LIBGL_DRIVERS_PATH=$tmp/nowhere LIBGL_DEBUG=verbose "$run" glxinfo -B 2>&1); rc=$?
echo "$out" | grep -E "OpenGL renderer string|MESA-LOADER: dlopen" | sed 's/^/     /'
check "fxpipe-run glxinfo -B exits 0 (exit $rc)" test $rc = 0
check "fxpipe-run glxinfo -B: OpenGL renderer string: fxpipe" grep -qx "OpenGL renderer string: fxpipe" <<< "$out"
check "fxpipe-run glxinfo -B: driver loaded from the moved root" \
  grep -qF "MESA-LOADER: dlopen($drimoved/swrast_dri.so)" <<< "$out"

out=$(LIBGL_DRIVERS_PATH=$tmp/nowhere "$run" --info 2>&1); rc=$?
echo "$out" | sed 's/^/     /'
check "fxpipe-run --info exits 0 (exit $rc)" test $rc = 0
check "fxpipe-run --info: EGL renderer fxpipe" grep -qE "^OpenGL renderer: +fxpipe$" <<< "$out"
check "fxpipe-run --info: GL core profile version" grep -qE "^OpenGL core profile: +[34]\.[0-9] \(Core Profile\)" <<< "$out"
check "fxpipe-run --info: OpenGL ES version" grep -qE "^OpenGL ES: +OpenGL ES 3\.[0-9]" <<< "$out"
check "fxpipe-run --info: EGL driver loaded from the moved root" \
  grep -qE "^driver loaded from: +$drimoved/(kms_)?swrast_dri\.so$" <<< "$out"
check "fxpipe-run --info: GLX renderer fxpipe" grep -qE "^  OpenGL renderer string: fxpipe$" <<< "$out"
check "fxpipe-run --info: GLX driver loaded from the moved root" \
  grep -qE "^  driver loaded from: $drimoved/swrast_dri\.so$" <<< "$out"

out=$(LIBGL_DRIVERS_PATH=$tmp/nowhere LIBGL_DEBUG=verbose "$run" "$gl_clear" glx --expect-renderer fxpipe 2>&1); rc=$?
echo "$out" | grep -E "^(ok|FAIL|not ok)|MESA-LOADER: dlopen" | sed 's/^/     /'
check "fxpipe-run fxpipe-gl-clear glx passes (exit $rc)" test $rc = 0
check "fxpipe-gl-clear glx: driver loaded from the moved root" \
  grep -qF "MESA-LOADER: dlopen($drimoved/swrast_dri.so)" <<< "$out"
out=$(LIBGL_DRIVERS_PATH=$tmp/nowhere EGL_LOG_LEVEL=debug "$run" "$gl_clear" egl --expect-renderer fxpipe 2>&1)
rc=$?
echo "$out" | grep -E "^(ok|FAIL|not ok)|MESA-LOADER: dlopen" | sed 's/^/     /'
check "fxpipe-run fxpipe-gl-clear egl passes (exit $rc)" test $rc = 0
check "fxpipe-gl-clear egl: driver loaded from the moved root" \
  grep -qE "MESA-LOADER: dlopen\($drimoved/(kms_)?swrast_dri\.so\)" <<< "$out"

# the installed demo scene (lit, textured, an FXT1 cube) through fxpipe-run, written as a PNG
out=$(LIBGL_DRIVERS_PATH=$tmp/nowhere "$run" "$root$prefix/bin/fxpipe-demo" --frames 1 --png "$tmp/demo.png" 2>&1)
rc=$?
echo "$out" | sed 's/^/     /'
check "fxpipe-run fxpipe-demo exits 0 (exit $rc)" test $rc = 0
check "fxpipe-run fxpipe-demo: drawn on fxpipe" grep -qE "^scene [0-9]+x[0-9]+ on fxpipe: " <<< "$out"
check "fxpipe-run fxpipe-demo: the picture was written" test -s "$tmp/demo.png"

# 4. what fxpipe-run says when something is missing; the program must not run
expect_refusal() { # what, pattern the message must match, then the fxpipe-run command line
  local what=$1 pattern=$2; shift 2
  out=$("$@" 2>&1); rc=$?
  echo "$out" | sed 's/^/     /'
  check "$what: exits non-zero (exit $rc)" test $rc != 0
  check "$what: says why" grep -qE "$pattern" <<< "$out"
  check "$what: the program did not run" eval '! grep -q "OpenGL renderer string" <<< "$out"'
}
mv "$drimoved" "$drimoved.off"
expect_refusal "dri folder renamed, fxpipe-run glxinfo -B" "driver folder $drimoved does not exist" \
  "$run" glxinfo -B
expect_refusal "dri folder renamed, fxpipe-run --info" "driver folder $drimoved does not exist" "$run" --info
mv "$drimoved.off" "$drimoved"

# a driver file the dynamic linker cannot load (a truncated copy, in a tree of its own)
cp -a "$root" "$tmp/broken"
brokendri=$tmp/broken$prefix/lib/fxpipe/dri
rm "$brokendri/kms_swrast_dri.so"
head -c 4096 "$drimoved/kms_swrast_dri.so" > "$brokendri/kms_swrast_dri.so"
expect_refusal "truncated kms_swrast_dri.so, fxpipe-run glxinfo -B" \
  "driver file $brokendri/kms_swrast_dri.so cannot be loaded" "$tmp/broken$prefix/bin/fxpipe-run" glxinfo -B
rm -rf "$tmp/broken"

# a system loader that cannot be loaded: a bogus libEGL_mesa.so.0 found first by the dynamic linker
mkdir "$tmp/badlib"
echo "not a library" > "$tmp/badlib/libEGL_mesa.so.0"
expect_refusal "unloadable libEGL_mesa.so.0, fxpipe-run glxinfo -B" \
  "libEGL_mesa.so.0 .*cannot be loaded" \
  env LD_LIBRARY_PATH="$tmp/badlib" "$run" glxinfo -B
check "unloadable libEGL_mesa.so.0: names the package" grep -q "apt install libegl-mesa0" <<< "$out"

mkdir "$tmp/elsewhere"
ln -s "$run" "$tmp/elsewhere/fxpipe-run"
out=$("$tmp/elsewhere/fxpipe-run" --check 2>&1); rc=$?
echo "$out" | sed 's/^/     /'
check "fxpipe-run through a symbolic link elsewhere finds the tree (exit $rc)" \
  eval 'test $rc = 0 && grep -qF "driver in $drimoved;" <<< "$out"'

out=$("$run" --help 2>&1); rc=$?
check "fxpipe-run --help exits 0 and shows the usage" eval 'test $rc = 0 && grep -q "^usage: fxpipe-run CMD" <<< "$out"'
"$run" > /dev/null 2>&1; rc=$?
check "fxpipe-run without a command exits 2 (exit $rc)" test $rc = 2

echo "$name: $fails failed"
[ $fails = 0 ]
