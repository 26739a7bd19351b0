#!/usr/bin/env bash
# Checks that only the shader engine's AVX2 and AVX-512 copies (libfxpipe_engine_avx2/avx512, entered after
# the CPU check: shader/fxp_shader.h, "Instruction sets") hold AVX instructions: every other object fxpipe
# builds into libfxpipe.a, the sse2 copy included, is baseline x86-64. The one exception is Mesa's
# util/half_float.h, whose inline conversions use F16C's vcvtph2ps/vcvtps2ph on xmm registers after Mesa's
# own check of the CPU. Prints the offending objects and `N passed, N failed`.
#   check-isa.sh LIBFXPIPE.a
set -u
lib=$1
[ -f "$lib" ] || { echo "check-isa: no $lib"; echo "0 passed, 1 failed"; exit 1; }
[ "$(uname -m)" = x86_64 ] || { echo "not x86-64: nothing to check"; echo "1 passed, 0 failed"; exit 0; }
# instructions with a VEX or EVEX mnemonic (v...) or a ymm, zmm or mask register, per object
counts=$(objdump -d "$lib" | awk '
  / file format /  { obj = $1 }
  /^ +[0-9a-f]+:\t/ {
    if (obj !~ /libfxpipe(_engine_sse2)?\.a\.p\//) next
    n = split($0, f, "\t"); ins = f[n]
    if (ins ~ /^v/ && ins !~ /^vcvt(ph2ps|ps2ph) .*%xmm/ || ins ~ /%[yz]mm|%k[0-7]/) bad[obj]++
    seen[obj] = 1
  }
  END { for (o in seen) print (o in bad ? bad[o] : 0), o }')
objects=$(echo "$counts" | grep -c .)
offending=$(echo "$counts" | awk '$1 > 0')
if [ -n "$offending" ]; then
  echo "AVX instructions outside the engine's AVX copies (count, object):"
  echo "$offending"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "libfxpipe.a: $objects baseline objects, no AVX instruction outside the engine's avx2 and avx512 copies"
echo "1 passed, 0 failed"
