#!/usr/bin/env bash
# Runs a program that prints "image hash: H" (tests/gl/fxp_gl_order.c) once for each rasterizer thread count
# given and fails unless every run passes and prints the same hash; with more than one thread, the run must
# also have shared at least one scene among its threads (FXPIPE_DEBUG=perf's count), so that the binned path
# was really taken. A count written N:FLAGS also sets FXPIPE_DEBUG flags for that run (2:nofast: the
# general paths, no fast path and no implicit early depth test, against which the others are compared).
#   usage: same-image.sh "1 2 5 2:nofast" PROGRAM [ARGS...]
set -u
counts=$1
shift
first=
for run in $counts; do
  n=${run%%:*}
  flags=perf
  [ "$run" = "$n" ] || flags=perf,${run#*:}
  out=$(FXPIPE_THREADS=$n FXPIPE_DEBUG=$flags "$@" 2>&1) || { echo "$out"; echo "FAIL: the run $run failed"; exit 1; }
  hash=$(printf '%s\n' "$out" | sed -n 's/^image hash: //p')
  shared=$(printf '%s\n' "$out" | sed -n 's/.*scenes \([0-9]*\) shared.*/\1/p' | awk '{s += $1} END {print s + 0}')
  echo "FXPIPE_THREADS=$n FXPIPE_DEBUG=$flags: image hash $hash, scenes shared among threads: $shared"
  [ -n "$hash" ] || { echo "$out"; echo "FAIL: no hash printed"; exit 1; }
  if [ "$n" -gt 1 ] && [ "$shared" -eq 0 ]; then
    echo "FAIL: with $n threads no scene was shared out"; exit 1
  fi
  if [ -z "$first" ]; then first=$hash; elif [ "$hash" != "$first" ]; then
    echo "FAIL: the run $run gives another picture than the first run"; exit 1
  fi
done
echo "every thread count gives the same picture"
