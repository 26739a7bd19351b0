#!/usr/bin/env bash
# Instructions executed per fragment shaded, for glmark2 scenes on fxpipe: each scene runs under valgrind's
# callgrind (Debian's valgrind) with one thread and one instruction-set table, counting only inside
# fxp_shade_batch and its instruction-set copies fxp_shade_batch_<isa> (interpolation, the fragment shader, sampling and the per-fragment operations of a batch),
# divided by the fragments the context shaded (FXPIPE_DEBUG=perf). Nearly deterministic for a given build and
# scene (glmark2 animates by the clock, so the frames drawn under valgrind move with the machine's load; two
# runs back to back gave the same figure), so it compares two builds or two settings run back to back on a
# machine that is busy with other work, where frames a second do not. A measurement, not a test. Extra FXPIPE_DEBUG words (nouniform, nofast) come from FXPIPE_DEBUG.
#   bench/draw/callgrind.sh [SCENE...]        (default: a few of glmark2's scenes; SIZE=256x256, ISA=avx2)
#   FXPIPE_DEBUG=nouniform bench/draw/callgrind.sh shading:shading=phong
set -eu
cd "$(dirname "$0")/../.."
command -v valgrind > /dev/null || { echo "valgrind not found: apt-get install valgrind" >&2; exit 1; }
command -v glmark2 > /dev/null || { echo "glmark2 not found: apt-get install glmark2-x11" >&2; exit 1; }
fxp_dri=${FXPIPE_DRI_DIR:-$PWD/build/mesa/src/gallium/targets/dri}  # FXPIPE_DRI_DIR: another build's, to compare
[ -e "$fxp_dri/swrast_dri.so" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
size=${SIZE:-256x256}
isa=${ISA:-avx2}
[ $# -gt 0 ] || set -- texture:texture-filter=nearest shading:shading=phong bump:bump-render=height \
  effect2d:kernel=1,1,1,1,1\;1,1,1,1,1\;1,1,1,1,1\; conditionals:fragment-steps=5:vertex-steps=0 \
  loop:fragment-steps=5:fragment-uniform=false:vertex-steps=5 terrain
dbg=perf${FXPIPE_DEBUG:+,$FXPIPE_DEBUG}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-60s %14s %12s %10s\n' scene "Ir (shade)" fragments "Ir/frag"
for scene in "$@"; do
  env LIBGL_DRIVERS_PATH="$fxp_dri" GALLIUM_DRIVER=fxpipe FXPIPE_THREADS=1 FXPIPE_ISA="$isa" FXPIPE_DEBUG="$dbg" \
    xvfb-run -a -s "-screen 0 640x480x24" valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    --toggle-collect='fxp_shade_batch*' glmark2 --off-screen -s "$size" -b "$scene:duration=1" > "$out/log" 2>&1 || true
  ir=$(callgrind_annotate "$out/cg" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
  frags=$(sed -n 's/.* \([0-9]*\) fragments shaded.*/\1/p' "$out/log" | sort -n | tail -1)
  if [ -n "$ir" ] && [ -n "$frags" ] && [ "$frags" -gt 0 ]; then
    printf '%-60s %14s %12s %10d\n' "$scene" "$ir" "$frags" $((ir / frags))
  else
    printf '%-60s %s\n' "$scene" "no result (see glmark2's output: valgrind, glmark2 or the scene failed)"
  fi
done
