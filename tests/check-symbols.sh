#!/usr/bin/env bash
# Checks that fxpipe's own library (what src/gallium/drivers/fxpipe builds, before it is linked into the DRI
# megadriver) references none of the Mesa code fxpipe replaces: tgsi_exec, gallivm / llvmpipe builders, the
# draw module, translate. Prints the offending symbols and `N passed, N failed`.
#   check-symbols.sh LIBFXPIPE.a
set -u
lib=$1
[ -f "$lib" ] || { echo "check-symbols: no $lib"; echo "0 passed, 1 failed"; exit 1; }
bad=$(nm -u --format=just-symbols "$lib" | grep -E '^(tgsi_exec|gallivm|lp_build|lp_bld|draw_|translate_)' | sort -u)
total=$(nm -u --format=just-symbols "$lib" | sort -u | wc -l)
if [ -n "$bad" ]; then
  echo "fxpipe references code it must not use:"
  echo "$bad"
  echo "0 passed, 1 failed"
  exit 1
fi
echo "libfxpipe.a: $total undefined symbols, none from tgsi_exec, gallivm, draw or translate"
echo "1 passed, 0 failed"
