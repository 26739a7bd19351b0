#!/usr/bin/env bash
# FXPIPE_DEBUG=perf's report of the paths each draw takes (context/fxp_paths.c), on fxpipe-gl-draw (EGL): the
# line names the engine's table, each vertex element's fetch (fast for 32-bit floats, general with the reason
# for its RGBA8 colours), the fragment back end, early depth-stencil tests and the sampler, and is printed
# when it changed, never twice in a row; under FXPIPE_DEBUG=nofast,perf every path says it is general because
# of nofast.
#   perf-paths.sh FXPIPE-GL-DRAW
set -u
prog=$1
fail=0
check() { # NAME OUTPUT PATTERN
  if printf '%s\n' "$2" | grep -q -- "$3"; then echo "ok $1"; else echo "FAIL $1: no line matching: $3"; fail=1; fi
}
out=$(FXPIPE_DEBUG=perf "$prog" 2>&1 >/dev/null | grep 'fxpipe: paths: ')
check engine "$out" 'paths: engine \(sse2\|avx2\|avx512\) | fetch 0 '
check fetch-fast "$out" 'r32g32b32a32_float fast'
check fetch-general "$out" 'r8g8b8a8_unorm general (format (not R32 to R32G32B32A32_FLOAT))'
check fragment-fast "$out" '| fragment fast cbuf0 r8g8b8a8_unorm'
check early-zs "$out" '| early depth-stencil on (the shader cannot change the outcome)'
check sampler "$out" '| sampler 0 [a-z0-9_]* fast'
if [ -n "$(printf '%s\n' "$out" | uniq -d)" ]; then
  echo "FAIL once-per-change: a line printed twice in a row"; fail=1
else
  echo "ok once-per-change ($(printf '%s\n' "$out" | wc -l) lines)"
fi
out=$(FXPIPE_DEBUG=nofast,perf "$prog" 2>&1 >/dev/null | grep 'fxpipe: paths: ')
check nofast-fetch "$out" 'r32g32b32a32_float general (FXPIPE_DEBUG=nofast)'
check nofast-fragment "$out" '| fragment general (FXPIPE_DEBUG=nofast)'
check nofast-shaders "$out" 'fs [0-9]* instructions a batch (0 simple, 0 while all lanes run, 0 blending inside control flow, 0 in fused runs, 0 uniform once a dispatch, 0 POW'
check nofast-sampler "$out" '| sampler 0 [a-z0-9_]* general (FXPIPE_DEBUG=nofast)'
exit $fail
