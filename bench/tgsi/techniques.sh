#!/usr/bin/env bash
# What each technique of the shader engine and the sampler gives on its own (issue 17's table): the same
# workloads on fxpipe (built here) with everything on, then with one technique switched off at a time, in one
# run, and each technique's ratio (everything on / that one off; above 1 means it helps):
#   - fxpipe-bench-tgsi, one thread, lanes per second of each of its six shaders;
#   - glmark2's shader-bound scenes (shading, conditionals, function, loop, terrain) and the sampler's
#     (texture, effect2d, shadow), 256x256 off-screen on a private Xvfb, a thread per CPU, frames per second.
# The switches: FXPIPE_ISA=sse2 and avx2 (the best table against the baseline one; FXPIPE_ISA), and
# FXPIPE_DEBUG=nosimple, nofuse, noruns, nofwd, nouniform, notexfast and nofast (README, "FXPIPE_DEBUG"). A measurement,
# not a test: nothing is compared with a threshold, and single figures move by some percent between runs.
#   bench/tgsi/techniques.sh [SECONDS_PER_SCENE [SECONDS_PER_SHADER]]     (defaults 2 and 1)
set -eu
cd "$(dirname "$0")/../.."
secs=${1:-2}
tgsi_secs=${2:-1}
bin=build/mesa/src/gallium/drivers/fxpipe/fxpipe-bench-tgsi
dri=$PWD/build/mesa/src/gallium/targets/dri
[ -x "$bin" ] && [ -e "$dri/swrast_dri.so" ] || { echo "build first: meson compile -C build" >&2; exit 1; }
command -v glmark2 > /dev/null || { echo "glmark2 not found: apt-get install glmark2-x11" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
grep -E '^(shading|conditionals|function|loop|terrain|texture|effect2d|shadow)' bench/draw/glmark2-scenes.txt |
  sed "s/\$/:duration=$secs/" > "$out/scenes"
# the best table this CPU has: the last name fxpipe-bench-tgsi's header lists before tgsi_exec
best=$(FXPIPE_ISA= "$bin" 0.01 | awk '/^shader/ { for (i = 2; i <= NF; i++) if ($(i + 1) == "lanes/s" && $i != "tgsi_exec") b = $i; print b; exit }')
configs="on:FXPIPE_ISA=$best isa-sse2:FXPIPE_ISA=sse2 isa-avx2:FXPIPE_ISA=avx2 nosimple:FXPIPE_DEBUG=nosimple
nofuse:FXPIPE_DEBUG=nofuse noruns:FXPIPE_DEBUG=noruns nofwd:FXPIPE_DEBUG=nofwd nouniform:FXPIPE_DEBUG=nouniform notexfast:FXPIPE_DEBUG=notexfast nofast:FXPIPE_DEBUG=nofast"
for c in $configs; do
  name=${c%%:*} setting=${c#*:}
  # a table this CPU lacks is not measured (FXPIPE_ISA would fall back to the best one)
  if [ "${setting%%=*}" = FXPIPE_ISA ] && ! "$bin" 0.01 | head -1 | grep -qw "${setting#*=}"; then continue; fi
  isa=$best
  [ "${setting%%=*}" = FXPIPE_ISA ] && isa=${setting#*=}
  env FXPIPE_ISA="$isa" ${setting%%=*}="${setting#*=}" "$bin" "$tgsi_secs" > "$out/tgsi-$name" 2>&1 || true
  env LIBGL_DRIVERS_PATH="$dri" GALLIUM_DRIVER=fxpipe FXPIPE_THREADS=0 FXPIPE_ISA="$isa" \
    ${setting%%=*}="${setting#*=}" MESA_SHADER_CACHE_DISABLE=true \
    xvfb-run -a -s "-screen 0 1920x1080x24" glmark2 --off-screen -s 256x256 -f "$out/scenes" \
    > "$out/glmark2-$name" 2>&1 || true
  sed -i -E 's/duration=[0-9.]+:?//; s/:: FPS/: FPS/' "$out/glmark2-$name"
  echo "$name" >> "$out/names"
done
echo "best table: $best; glmark2 256x256 off-screen, $secs s a scene; fxpipe-bench-tgsi $tgsi_secs s a shader"
/usr/bin/python3 bench/tgsi/techniques.py "$out" $(cat "$out/names")
