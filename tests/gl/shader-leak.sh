#!/usr/bin/env bash
# Shader CSOs left at a context's end (FXPIPE_DEBUG=perf's "N shader CSOs alive at its end"): none after
# fxpipe-gl-xfb-exit, which destroys its context with transform feedback ended and with it still active (the
# case mesa-patches/0010 fixes: the program kept by the active feedback object leaked with its CSOs).
#   shader-leak.sh FXPIPE-GL-XFB-EXIT
set -u
prog=$1
fail=0
for mode in end active; do
  arg=; [ "$mode" = end ] && arg=end
  out=$(FXPIPE_DEBUG=perf "$prog" $arg 2>&1)
  rc=$?
  lines=$(printf '%s\n' "$out" | grep 'shader CSOs alive at its end')
  if [ $rc -ne 0 ]; then
    printf '%s\n' "$out"; echo "FAIL $mode: the program failed ($rc)"; fail=1
  elif [ -z "$lines" ]; then
    echo "FAIL $mode: no FXPIPE_DEBUG=perf line at a context's end"; fail=1
  elif printf '%s\n' "$lines" | grep -vq '; 0 shader CSOs alive at its end'; then
    echo "FAIL $mode: $(printf '%s\n' "$lines" | grep -v '; 0 shader CSOs' | sed 's/.*; //' | head -1)"; fail=1
  else
    echo "ok $mode: 0 shader CSOs alive at the end of each of $(printf '%s\n' "$lines" | wc -l) context(s)"
  fi
done
exit $fail
