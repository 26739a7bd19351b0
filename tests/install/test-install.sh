#!/usr/bin/env bash
# meson test `install` (suite install): installs fxpipe with `meson install --destdir` into a temporary root,
# as a user would, then checks that tree and uses fxpipe from it (tests/install/check-tree.sh: exactly the
# files of install/installed-files.txt, none of Mesa's; fxpipe-run glxinfo -B, --info and the readback program
# on GLX and EGL from the moved root; fxpipe-run's refusals when something is missing).
#   test-install.sh BUILD_DIR PREFIX ALLOWED_FILES GL_CLEAR
set -u
build=$1; prefix=$2; allowed=$3; gl_clear=$4
export PATH=/usr/bin:$PATH
unset DESTDIR

tmp=$(mktemp -d /tmp/fxpipe-install-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if ! meson install -C "$build" --no-rebuild --quiet --destdir "$tmp/root" > "$tmp/install.log" 2>&1; then
  cat "$tmp/install.log"
  echo "FAIL meson install --destdir $tmp/root"
  exit 1
fi
echo "ok   meson install --destdir $tmp/root"
"$(dirname "$0")/check-tree.sh" "install test" "$tmp/root" "$prefix" "$gl_clear" "$allowed"
