#!/usr/bin/env bash
# Sets everything up (as scripts/demo.sh does) and runs every test: `meson test -C build`, i.e. the unit tests,
# the GLX/EGL/MDWE readback programs and the piglit expectation lists. Ends with one line
# `N passed, N failed` counting each unit test, each piglit test and each other test program.
set -u
cd "$(dirname "$0")/.."
bash scripts/deps.sh || exit 1
export PATH=/usr/bin:$PATH
export HOME=${HOME:-/root}
if [ ! -f build/build.ninja ]; then meson setup build || exit 1; fi
meson compile -C build || { echo "0 passed, 1 failed"; exit 1; }
meson test -C build --print-errorlogs --timeout-multiplier 1
rc=$?
/usr/bin/python3 scripts/count-tests.py build/meson-logs/testlog.json
exit $rc
