#!/usr/bin/env bash
# The disk shader cache (screen/fxp_screen.c, fxp_disk_cache_create) through a GL program: piglit's
# shader_runner draws with a GLSL program three times (under run-gl.sh's Xvfb) in an empty cache folder.
# The first run must compile and put the program in the cache, the second must take it from there, and both
# must pass (the probes see the same pixels from the cached program); with MESA_SHADER_CACHE_DISABLE=true
# nothing is read from the cache and the test still passes. Mesa's MESA_GLSL=cache_info says what happens.
#   shader-cache.sh [SHADER_TEST]
set -u
piglit=/usr/lib/x86_64-linux-gnu/piglit
test=${1:-$piglit/generated_tests/spec/glsl-1.10/execution/built-in-functions/fs-smoothstep-float-float-float.shader_test}
[ -e "$test" ] || { echo "shader-cache: $test not found (apt-get install piglit)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export MESA_SHADER_CACHE_DIR=$dir MESA_GLSL=cache_info
fail=0
run() { # NAME MUST_MATCH MUST_NOT_MATCH [ENV...]
  local name=$1 want=$2 not=$3; shift 3
  local out
  out=$(env "$@" "$piglit/bin/shader_runner" "$test" -auto 2>&1)
  if ! printf '%s\n' "$out" | grep -q '"result": "pass"'; then
    printf 'FAIL %s: the test did not pass\n%s\n' "$name" "$out"; fail=1; return
  fi
  if ! printf '%s\n' "$out" | grep -q "$want"; then
    printf 'FAIL %s: no line matching "%s"\n%s\n' "$name" "$want" "$out"; fail=1; return
  fi
  if [ -n "$not" ] && printf '%s\n' "$out" | grep -q "$not"; then
    printf 'FAIL %s: a line matching "%s"\n%s\n' "$name" "$not" "$out"; fail=1; return
  fi
  echo "ok $name"
}
run cold 'fragment state tracker IR in cache' 'retrieved from cache'
run warm 'fragment state tracker IR retrieved from cache' 'putting fragment'
run disabled '"result": "pass"' 'retrieved from cache' MESA_SHADER_CACHE_DISABLE=true
exit $fail
