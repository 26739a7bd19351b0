#!/usr/bin/env bash
# Runs a piglit program N times (under run-gl.sh's Xvfb) and fails if any run does not print a piglit pass
# or crashes: for intermittent failures such as threads outliving the driver.
#   repeat.sh N PROGRAM [ARGS...]
set -u
n=$1; shift
for i in $(seq "$n"); do
  out=$("$@" 2>&1); rc=$?
  if [ $rc -ne 0 ] || ! printf '%s\n' "$out" | grep -q '"result": "pass"'; then
    printf 'run %d of %d: exit %d\n%s\n' "$i" "$n" "$rc" "$out" >&2
    exit 1
  fi
done
echo "$n of $n runs passed"
