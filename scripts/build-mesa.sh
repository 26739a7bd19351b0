#!/usr/bin/env bash
# Runs Mesa's ninja build (which compiles fxpipe into the DRI megadriver and builds fxpipe's test programs).
# The full output goes to MESA_BUILD/../mesa-build.log; the console shows warnings and errors of fxpipe's own
# files, and the tail of the log when the build fails.
#   usage: build-mesa.sh MESA_BUILD STAMP
set -u
export PATH=/usr/bin:$PATH
# ccache: Mesa's compile lines name their files relative to the build folder, so a fresh clone in another
# folder hits the cache of an earlier one, once the build folder itself is left out of the hash (with -g,
# ccache hashes it by default; the debug information then names the folder of the clone that filled the
# cache, which matters to no test).
export CCACHE_BASEDIR=$(cd "$1/../.." && pwd) CCACHE_NOHASHDIR=true
log=$1/../mesa-build.log
if ninja -C "$1" > "$log" 2>&1; then
  grep -E "fxpipe.*(warning|error):" "$log" || true
  touch "$2"
  exit 0
fi
grep -E "(error|warning):|^FAILED:" "$log" | grep -v "^FAILED: .*ccache" | cut -c1-300 | head -n 60
echo "build-mesa: Mesa's build failed; full log in $log" >&2
exit 1
