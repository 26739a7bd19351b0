#!/usr/bin/env bash
# fxpipe's libFuzzer harnesses (tests/fuzz/, README "Fuzzing"): builds them and runs each for SECONDS.
#
#   scripts/fuzz.sh [--no-build] [--replay-only] [--replay-corpus] [--seed N] [--fixed-runs] [-j N] [SECONDS] [HARNESS...]
#
# SECONDS defaults to 60; `scripts/fuzz.sh 3600` is the hour a harness. --fixed-runs runs each harness for
# the fixed number of executions of the table `runs` below instead (about 40 s each on an idle 2-core
# machine of this project); that, with --seed 1, is what CI runs (meson's `fuzz` test). HARNESS names pick some of: fxt1 (FXT1 decoding of arbitrary blocks, and the encoder),
# fxt1-files (the FXT1 tool's KTX and PNG readers), tgsi (TGSI text through the decoder and engine, compute,
# fragment and geometry, with buffers, textures, samplers and images bound), fetch (vertex fetch plans with
# arbitrary formats, offsets, strides, divisors, buffer sizes and indices), blit (blits and copies with
# arbitrary targets, formats, levels, boxes, masks, filters and scissors).
#
# Build: scripts/fuzz-build.py writes $BUILD/fuzz/build.ninja from the configured and built tree $BUILD
# (FXPIPE_BUILD, default build/; `meson compile -C build` first): fxpipe's own sources compiled again with
# clang-14 and -fsanitize=fuzzer-no-link,address,undefined, linked with the harnesses against the static
# libraries Mesa's gcc build already made. ninja rebuilds only what changed.
#
# Each harness first replays its regression inputs (tests/fuzz/regressions/HARNESS/*, every input that
# ever failed, kept once fixed), then fuzzes for SECONDS from its seed corpus (tests/fuzz/corpus/HARNESS,
# plus tests/tgsi/*.test for tgsi) and the inputs its earlier runs kept ($BUILD/fuzz/corpus/HARNESS). A
# crash, an out-of-bounds access, a leak, a UBSan report, an input slower than the -timeout below (a hang)
# or more memory than -rss_limit_mb fails the harness; the input is saved in the logs folder
# ($BUILD/fuzz/logs/HARNESS/crash-*, timeout-*, leak-*, oom-*): fix the cause, then copy the input to
# tests/fuzz/regressions/HARNESS/ with a name saying what it found. -j N runs N harnesses at once (default:
# 2, or 1 on a one-CPU machine). --seed N gives libFuzzer a fixed seed. A fixed seed alone does not make a run repeatable when the run
# is bounded by time: a faster or idler machine executes more inputs and may reach a finding a slower one
# does not (a CI run failed that way, on a leak its machine reached after 47,081 executions). Nor does a
# fixed count: a harness's coverage depends on heap addresses (Mesa's pointer-keyed hash tables), so two
# runs of one binary from one seed part ways, and one of two such blit runs here met an ASan report that the
# other did not. So CI replays (--replay-corpus: the same inputs on every machine, one commit cannot pass
# once and fail once), and the search, timed or counted, runs by script (README "Fuzzing"). Prints a line a step and ends with `N passed, N failed` (each replay and
# each run counts one).
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
export PATH=/usr/bin:$PATH
unset MALLOC_PERTURB_
bdir=${FXPIPE_BUILD:-$repo/build}
build=1 replay_only=0 replay_corpus=0 seed= fixed=0 jobs=$( [ "$(nproc)" -gt 1 ] && echo 2 || echo 1 ) secs=60 picked=()
all=(fxt1 fxt1-files tgsi fetch blit)
while [ $# -gt 0 ]; do
  case $1 in
    --no-build) build=0 ;;
    --replay-only) replay_only=1 ;;
    --replay-corpus) replay_corpus=1 ;;
    -j) jobs=$2; shift ;;
    --seed) seed=$2; shift ;;
    --fixed-runs) fixed=1 ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    [0-9]*) secs=$1 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) picked+=("$1") ;;
  esac
  shift
done
[ ${#picked[@]} -gt 0 ] || picked=("${all[@]}")
for h in "${picked[@]}"; do
  case " ${all[*]} " in *" $h "*) ;; *) echo "fuzz.sh: no harness $h (harnesses: ${all[*]})" >&2; exit 2 ;; esac
done
out=$bdir/fuzz
logs=$out/logs
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }

# per harness: the longest an input may take (seconds), and the longest input libFuzzer makes
declare -A timeout=([fxt1]=10 [fxt1-files]=30 [tgsi]=20 [fetch]=10 [blit]=20)
# executions a harness under --fixed-runs (about 40 s each at the rates seen on an idle machine)
declare -A runs=([fxt1]=50000 [fxt1-files]=3000000 [tgsi]=250000 [fetch]=350000 [blit]=300000)
declare -A max_len=([fxt1]=4096 [fxt1-files]=16384 [tgsi]=65536 [fetch]=4096 [blit]=4096)
declare -A seeds=([fxt1]="$repo/tests/fuzz/corpus/fxt1" [fxt1-files]="$repo/tests/fuzz/corpus/fxt1-files"
                  [tgsi]="$repo/tests/fuzz/corpus/tgsi $repo/tests/tgsi" [fetch]="$repo/tests/fuzz/corpus/fetch"
                  [blit]="$repo/tests/fuzz/corpus/blit")

mkdir -p "$logs"
if [ $build = 1 ]; then
  t0=$(now)
  if [ ! -f "$bdir/mesa/compile_commands.json" ]; then
    echo "fuzz.sh: $bdir/mesa is not configured (meson setup $bdir; meson compile -C $bdir)" >&2
    echo "0 passed, 1 failed"; exit 1
  fi
  { /usr/bin/python3 "$repo/scripts/fuzz-build.py" "$bdir/mesa" "$repo" "$out" &&
    ninja -C "$out" -j "$(nproc)"; } > "$logs/build.log" 2>&1
  rc=$?
  printf 'build         %-8s %5ss\n' "$([ $rc = 0 ] && echo ok || echo FAILED)" "$(elapsed "$t0")"
  if [ $rc != 0 ]; then tail -n 30 "$logs/build.log"; echo "0 passed, 1 failed"; exit 1; fi
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=0:detect_odr_violation=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# run_one HARNESS: its replay and its run; writes one status line a step to $logs/HARNESS/status
run_one() {
  local h=$1 bin=$out/fxp-fuzz-$1 d=$logs/$1
  rm -rf "$d"; mkdir -p "$d" "$out/corpus/$h"; : > "$d/status"
  local opts=(-timeout=${timeout[$h]} -rss_limit_mb=2560 -max_len=${max_len[$h]} -artifact_prefix="$d/")
  [ -n "$seed" ] && opts+=(-seed="$seed")
  local t0 rc inputs=()
  shopt -s nullglob
  inputs=("$repo/tests/fuzz/regressions/$h"/*)
  shopt -u nullglob
  if [ ${#inputs[@]} -gt 0 ]; then
    t0=$(now)
    "$bin" "${opts[@]}" "${inputs[@]}" > "$d/replay.txt" 2>&1
    rc=$?
    printf 'replay %-12s %-8s %5ss  %s inputs\n' "$h" "$([ $rc = 0 ] && echo ok || echo FAILED)" "$(elapsed "$t0")" \
      ${#inputs[@]} >> "$d/status"
  fi
  [ $replay_only = 1 ] && return
  local seed_dirs=()
  for s in ${seeds[$h]}; do [ -d "$s" ] && seed_dirs+=("$s"); done
  if [ $replay_corpus = 1 ]; then
    inputs=()
    while IFS= read -r f; do inputs+=("$f"); done < <(find "${seed_dirs[@]}" -maxdepth 1 -type f | sort)
    t0=$(now)
    "$bin" "${opts[@]}" "${inputs[@]}" > "$d/run.txt" 2>&1
    rc=$?
    printf 'corpus %-12s %-8s %5ss  %s inputs\n' "$h" "$([ $rc = 0 ] && echo ok || echo FAILED)" "$(elapsed "$t0")" \
      ${#inputs[@]} >> "$d/status"
    return
  fi
  t0=$(now)
  local bound=(-max_total_time="$secs")
  [ $fixed = 1 ] && bound=(-runs="${runs[$h]}")
  "$bin" "${opts[@]}" "${bound[@]}" -print_final_stats=1 "$out/corpus/$h" "${seed_dirs[@]}" \
    > "$d/run.txt" 2>&1
  rc=$?
  local stats
  stats=$(awk '/^#[0-9]+.*(DONE|INITED|NEW|REDUCE|pulse)/ { last = $0 } END { print last }' "$d/run.txt" |
          grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' | head -n1)
  local execs=$(grep -Eo '^stat::number_of_executed_units: *[0-9]+' "$d/run.txt" | grep -Eo '[0-9]+$')
  local rate=$(grep -Eo '^stat::average_exec_per_sec: *[0-9]+' "$d/run.txt" | grep -Eo '[0-9]+$')
  printf 'fuzz   %-12s %-8s %5ss  %s executions (%s/s), %s\n' "$h" "$([ $rc = 0 ] && echo ok || echo FAILED)" \
    "$(elapsed "$t0")" "${execs:-?}" "${rate:-?}" "${stats:-no stats}" >> "$d/status"
}

for h in "${picked[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  run_one "$h" &
done
wait

passed=0 failed=0
for h in "${picked[@]}"; do
  d=$logs/$h
  while read -r line; do
    echo "$line"
    case $line in
      *" ok "*) passed=$((passed + 1)) ;;
      *) failed=$((failed + 1))
         f=$d/run.txt
         case $line in replay*) f=$d/replay.txt ;; esac
         if [ -f "$f" ]; then
           echo "== $f"
           grep -E -A 14 'ERROR: |runtime error|fxp_fuzz_[a-z_0-9]*: ' "$f" | head -n 30
           grep -E 'Test unit written|^SUMMARY' "$f"
         fi ;;
    esac
  done < "$d/status"
done
echo "$passed passed, $failed failed"
exit $((failed > 0))
