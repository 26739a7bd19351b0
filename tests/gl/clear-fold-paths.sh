#!/usr/bin/env bash
# The paths gl-clear-fold's pictures take, counted: fxpipe-gl-clear-fold (tests/gl/fxp_gl_clear_fold.c) runs
# with two rasterizer threads and FXPIPE_DEBUG=perf, and its context's counts at its end are compared with
# those worked out from the program by hand:
# - clears kept pending, 33: each of the four depth formats clears once in cases 1, 3, 3b, 4 and 4b and twice
#   in case 5 (7), DEPTH24_STENCIL8 three more times in cases 2 and 2b (10 for it, 31 in all), two_buffers
#   once and large_framebuffer once;
# - clears done bin by bin by a draw's scene, 18: cases 1, 3b, 4 and 4b of every format, case 2 and
#   large_framebuffer
#   (two_buffers' is not: its second colour buffer is not written by the shader, so not mapped, and the clear
#   is done whole). Case 4's quad and case 4b's first 256 quads are small enough to be drawn without the
#   scene, but are binned while a clear is pending (raster/fxp_scene.h, FXP_SCENE_CLEAR_BIN_PRIMS);
# - draws that set the fragment stage up, 19: cases 1 (its first draw), 3b (one: the culled draw sets up
#   nothing, nor does case 3's), 4 and 4b of every format (16), case 2, two_buffers and large_framebuffer;
# - draws that went on with the scene the draw before left open (raster/fxp_raster.h, "Open scenes"), 4: case
#   1's second draw of every format (nothing but vertex arrays changes between its two draws).
# A draw that bins its first primitive without the scene, or sets the fragment stage up for culled
# primitives, moves these counts (the pictures alone cannot tell: every path draws the same pixels).
#   clear-fold-paths.sh PATH_TO_fxpipe-gl-clear-fold     (run by tests/run-gl.sh)
set -u
out=$(FXPIPE_THREADS=2 FXPIPE_DEBUG=perf "$1" 2>&1)
rc=$?
[ $rc = 0 ] || { echo "$out"; echo "FAIL: fxpipe-gl-clear-fold exited $rc"; exit 1; }
fail=0
count() { # the number before $1 in the perf line
  echo "$out" | grep -oE "[0-9]+ $1" | head -n 1 | grep -oE '^[0-9]+'
}
expect() {
  local got
  got=$(count "$1")
  if [ "$got" = "$2" ]; then
    echo "ok   $1: $got"
  else
    echo "FAIL $1: ${got:-none} (want $2)"
    fail=1
  fi
}
expect "clears kept pending" 33
expect "done bin by bin" 18
expect "draws set the fragment stage up" 19
expect "draws went on with the scene" 4
exit $fail
