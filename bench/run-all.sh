#!/usr/bin/env bash
# Runs every benchmark in one go by calling the existing scripts and binaries, one after the other:
#   draw          bench/draw/run.sh SECONDS           fxpipe-bench-draw on fxpipe, softpipe and llvmpipe
#   glmark2       bench/draw/glmark2.sh SECONDS       glmark2's default scenes, off-screen 256x256, same three
#   drawoverhead  bench/draw/drawoverhead.sh          piglit's drawoverhead, same three (no duration option)
#   compute       bench/compute/run.sh SECONDS        fxpipe-bench-compute, same three
#   tgsi          fxpipe-bench-tgsi SECONDS           the shader engine against Mesa's tgsi_exec
#   fxt1          bench/fxt1/run.sh --min-time S      the FXT1 encoder against Mesa's
# then reads their printed tables (bench/lib/chart.py) and writes DIR/bench-latest.md (one table a
# benchmark: figures and ratios, under a header with the date, commit, CPU count and load average) and
# DIR/bench-latest.png (fxpipe's ratio to softpipe and llvmpipe for each workload; needs gnuplot), and ends
# by printing every cell where fxpipe is behind softpipe or llvmpipe. Measurements, not tests: nothing is
# compared with a threshold, and on a busy machine single figures move by tens of percent between runs.
# bench/draw/prim-rate.sh is left out (minutes a driver for a few cells); run it on its own.
#   bench/run-all.sh [--quick] [-o DIR] [--skip NAME,...] [--only NAME,...]   (after meson compile -C build)
#     --quick   short durations: 0.5 s a workload or scene, 0.2 s a shader, one FXT1 encode an image
#               (9 minutes on the busy 2-CPU machine, 7 of them drawoverhead's, which has no duration
#               option: --quick --skip drawoverhead takes under 3; the full run took 13)
#     -o DIR    where the Markdown and the chart go (default docs)
set -u
cd "$(dirname "$0")/.." || exit 1

usage() { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
quick=0 outdir=docs skip='' only=''
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1 ;;
    -o) [ $# -ge 2 ] || usage 2; outdir=$2; shift ;;
    --skip) [ $# -ge 2 ] || usage 2; skip=$2; shift ;;
    --only) [ $# -ge 2 ] || usage 2; only=$2; shift ;;
    -h|--help) usage 0 ;;
    *) echo "unknown argument: $1" >&2; usage 2 ;;
  esac
  shift
done
all=draw,glmark2,drawoverhead,compute,tgsi,fxt1
for n in ${skip//,/ } ${only//,/ }; do
  case ,$all, in *,$n,*) ;; *) echo "no benchmark named $n (they are $all)" >&2; exit 2 ;; esac
done
wanted() { case ,$skip, in *,$1,*) return 1 ;; esac; [ -z "$only" ] || case ,$only, in *,$1,*) ;; *) return 1 ;; esac; }

if [ $quick = 1 ]; then
  draw_s=0.5 glmark2_s=0.5 compute_s=0.5 tgsi_s=0.2 fxt1_s=0 mode=quick
else
  draw_s=2 glmark2_s=3 compute_s=2 tgsi_s=1 fxt1_s=0.5 mode=full
fi
dri=build/mesa/src/gallium/targets/dri/swrast_dri.so
[ -e "$dri" ] || { echo "build first: meson compile -C build (no $dri)" >&2; exit 1; }
mkdir -p "$outdir" || exit 1
png=$outdir/bench-latest.png
if ! command -v gnuplot > /dev/null; then
  echo "run-all.sh: gnuplot not found, so no chart (the Markdown is still written):" \
    "apt-get install gnuplot-nox (or scripts/deps.sh as root)" >&2
  png=
fi

raw=$(mktemp -d)
trap 'rm -rf "$raw"' EXIT
dirty=
[ -z "$(git --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null)" ] || dirty=" (with uncommitted changes)"
{
  echo "mode=$mode"
  echo "date=$(date '+%Y-%m-%d %H:%M:%S %Z')"
  echo "commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$dirty"
  echo "nproc=$(nproc)"
  echo "cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  echo "load_start=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "system_mesa=$(dpkg-query -W -f='${Version}' libgl1-mesa-dri 2>/dev/null || echo unknown)"
  echo "threads=${FXPIPE_THREADS:-0}"
  echo "driver_mtime_start=$(stat -c %y "$dri")"
} > "$raw/header"

# run NAME COMMAND...: runs it with its output to the terminal and to $raw/NAME.out
run() {
  local name=$1 t0 rc
  shift
  wanted "$name" || return 0
  echo "=== $name: $*"
  t0=$(date +%s)
  "$@" 2>&1 | tee "$raw/$name.out"
  rc=${PIPESTATUS[0]}
  printf 'rc=%s\nseconds=%s\ncommand=%s\n' "$rc" $(($(date +%s) - t0)) "$*" > "$raw/$name.meta"
  [ "$rc" = 0 ] || echo "=== $name exited with $rc" >&2
}
start=$(date +%s)
run draw bench/draw/run.sh "$draw_s"
run glmark2 bench/draw/glmark2.sh "$glmark2_s"
run drawoverhead bench/draw/drawoverhead.sh
run compute bench/compute/run.sh "$compute_s"
run tgsi build/mesa/src/gallium/drivers/fxpipe/fxpipe-bench-tgsi "$tgsi_s"
run fxt1 bench/fxt1/run.sh --min-time "$fxt1_s"
{
  echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "driver_mtime_end=$(stat -c %y "$dri")"
  echo "seconds=$(($(date +%s) - start))"
} >> "$raw/header"

echo "=== report"
/usr/bin/python3 bench/lib/chart.py "$raw" "$outdir/bench-latest.md" "$png"
