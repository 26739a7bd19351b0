#!/usr/bin/env bash
# A/B comparison of two fxpipe builds on one command, robust to where each library's pages happen to lie:
# on this project's virtual machines the very same swrast_dri.so, copied twice, ran fxpipe-bench-draw's
# triangles workload at 85-106 frames/s from one copy and 145-152 from the other, run after run (session 23);
# a single copy of each build therefore cannot tell which build is faster. This script copies each build's
# swrast_dri.so into COPIES fresh folders, runs CMD once on every copy, the builds alternating (each pair's
# order too), and prints every figure, each build's median, and each copy's pair as a ratio (B/A, sorted)
# with a verdict: a difference is shown only when a two-sided sign test over the pairs gives p < 0.05 (6
# copies or more, every pair on one side of 1.00x; with 10, at most one on the other).
#   bench/lib/ab.sh DRI_DIR_A DRI_DIR_B COPIES REGEX CMD...
# REGEX's first group is the figure taken from CMD's output (one a run). Example:
#   bench/lib/ab.sh /work/base/build/mesa/src/gallium/targets/dri build/mesa/src/gallium/targets/dri 4 \
#     'triangles +([0-9.]+)' build/bench/fxpipe-bench-draw 2 triangles
set -eu
[ $# -ge 5 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
a=$1 b=$2 copies=$3 regex=$4
shift 4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for k in $(seq "$copies"); do
  mkdir -p "$tmp/a$k" "$tmp/b$k"
  cp "$a/swrast_dri.so" "$tmp/a$k/"
  cp "$b/swrast_dri.so" "$tmp/b$k/"
done
run() {
  env LIBGL_DRIVERS_PATH="$1" GALLIUM_DRIVER=fxpipe FXPIPE_THREADS="${FXPIPE_THREADS:-0}" "${@:2}" 2>&1 |
    /usr/bin/python3 -c 'import re, sys
m = [re.search(sys.argv[1], l) for l in sys.stdin]
m = [x for x in m if x]
print(m[-1].group(1) if m else "-")' "$regex"
}
: > "$tmp/A"
: > "$tmp/B"
# the pair's order alternates (B first on even copies): the second run of a pair tends to read lower (an A/A
# run of drawoverhead -test 16, 8 copies: the second lower in 6 pairs), which a fixed order would credit to A
for k in $(seq "$copies"); do
  if [ $((k % 2)) = 1 ]; then
    fa=$(run "$tmp/a$k" "$@")
    fb=$(run "$tmp/b$k" "$@")
  else
    fb=$(run "$tmp/b$k" "$@")
    fa=$(run "$tmp/a$k" "$@")
  fi
  echo "copy $k: A $fa  B $fb"
  echo "$fa" >> "$tmp/A"
  echo "$fb" >> "$tmp/B"
done
/usr/bin/python3 - "$tmp/A" "$tmp/B" <<'PY'
import statistics, sys
med = []
for p in sys.argv[1:]:
    v = [float(x) for x in open(p).read().split() if x != '-']
    med.append(statistics.median(v) if v else None)
a, b = med
print('median: A %s  B %s  B/A %s' % ('%.2f' % a if a else '-', '%.2f' % b if b else '-', '%.2fx' % (b / a) if a and b else '-'))
# each copy's pair (run back to back): their ratios show whether the builds differ more than the
# machine moves between runs; a spread that holds 1.00x shows no difference
pa = open(sys.argv[1]).read().split()
pb = open(sys.argv[2]).read().split()
r = sorted(float(y) / float(x) for x, y in zip(pa, pb) if x != '-' and y != '-' and float(x) > 0)
if r:
    from math import comb
    n = len(r)
    ahead = sum(1 for x in r if x > 1.0)
    k = min(ahead, n - ahead)
    p = min(1.0, 2 * sum(comb(n, i) for i in range(k + 1)) / 2 ** n)  # two-sided sign test
    verdict = ('B faster' if ahead > n - ahead else 'B slower') if p < 0.05 else 'no difference shown'
    print('pairs: B/A %s; B ahead in %d of %d (sign test p = %.3f): %s' %
          (' '.join('%.2fx' % x for x in r), ahead, n, p, verdict))
PY
