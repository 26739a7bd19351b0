# Generates tests/tgsi/{frag-derivatives, frag-kill-if}.test
# (expected values from an exact reference, independent of the engine).
# Run from the repository root: /usr/bin/python3 tests/tgsi/gen/gen4.py  (writes into tests/tgsi/)
import os, sys
sys.dont_write_bytecode = True   # leave no __pycache__ in tests/tgsi/gen
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..') + os.sep
W, Hh = 6, 4
def f(x, y):
    return [x * x, x * y, y * y, x * x * y]
def fmt(v):
    return ' '.join('%g' % a for a in v)
outs = {k: [] for k in ('ddx', 'ddy', 'ddx_fine', 'ddy_fine')}
for y in range(Hh):
    rows = {k: [] for k in outs}
    for x in range(W):
        x0, y0 = x & ~1, y & ~1
        rows['ddx'].append([a - b for a, b in zip(f(x0 + 1, y0), f(x0, y0))])
        rows['ddy'].append([a - b for a, b in zip(f(x0, y0 + 1), f(x0, y0))])
        rows['ddx_fine'].append([a - b for a, b in zip(f(x0 + 1, y), f(x0, y))])
        rows['ddy_fine'].append([a - b for a, b in zip(f(x, y0 + 1), f(x, y0))])
    for k in outs:
        outs[k].append('  '.join(fmt(v) for v in rows[k]))
txt = '''# DDX, DDY (coarse) and DDX_FINE, DDY_FINE on t = (x*x, x*y, y*y, x*x*y) computed in the shader from the
# pixel coordinates, on a 6x4 grid (six 2x2 quads, three batches). None of these is linear in the quad, so
# coarse and fine differ: with (x0, y0) the quad's top-left pixel,
#   DDX      = t(x0+1, y0) - t(x0, y0)      for all four pixels (the quad's top row)
#   DDY      = t(x0, y0+1) - t(x0, y0)      for all four pixels (the quad's left column)
#   DDX_FINE = t(x0+1, y)  - t(x0, y)       each pixel's own row
#   DDY_FINE = t(x, y0+1)  - t(x, y0)       each pixel's own column
# (tgsi.rst: fine gives one derivative per row / column, coarse may give one per quad; fxpipe documents
# coarse as the top-left pixel's row and column). E.g. x*y: DDX = y0 but DDX_FINE = y; x*x*y: DDX = (2*x0+1)*y0,
# DDX_FINE = (2*x0+1)*y, DDY = x0*x0, DDY_FINE = x*x. All values are small integers (exact).
[fragment 6 4]
FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL OUT[0], COLOR
DCL OUT[1], COLOR[1]
DCL OUT[2], COLOR[2]
DCL OUT[3], COLOR[3]
DCL TEMP[0]
  MUL TEMP[0].x, IN[0].xxxx, IN[0].xxxx
  MUL TEMP[0].y, IN[0].xxxx, IN[0].yyyy
  MUL TEMP[0].z, IN[0].yyyy, IN[0].yyyy
  MUL TEMP[0].w, TEMP[0].xxxx, IN[0].yyyy
  DDX OUT[0], TEMP[0]
  DDY OUT[1], TEMP[0]
  DDX_FINE OUT[2], TEMP[0]
  DDY_FINE OUT[3], TEMP[0]
  END
[input 0]
x y 0 0
'''
for i, k in enumerate(('ddx', 'ddy', 'ddx_fine', 'ddy_fine')):
    txt += '[expect output %d]\n# %s: one line per row y = 0..3, 4 values per pixel x = 0..5\n' % (i, k.upper())
    txt += '\n'.join(outs[k]) + '\n'
open(D + 'frag-derivatives.test', 'w').write(txt)

# ---------------------------------------------------------------- KILL_IF
lines = []
for y in range(Hh):
    px = []
    for x in range(W):
        killed = (y - 1 < 0) or (y >= 2 and x - 3 < 0)
        px.append('nan nan nan nan' if killed else '%g %g %g 1' % (x, y, x * y))
    lines.append('  '.join(px))
txt = '''# KILL_IF: a pixel is discarded when any of the four source channels is < 0 (tgsi.rst); the runner reports
# a killed pixel's outputs as NaN. On a 6x4 grid (three batches):
#   KILL_IF IN[1] with IN[1] = (NaN, -0, 0, +inf) everywhere: kills nothing (NaN < 0 and -0 < 0 are false);
#   KILL_IF (y - 1, 1, 1, 1): kills row 0, the top half of every top quad (partial quads);
#   inside IF (y >= 2), taken only by rows 2 and 3: KILL_IF (x - 3).xxxx kills x = 0..2 there, which splits
#   the quads at x = 2..3 (x = 2 killed, x = 3 alive) and leaves the lanes outside the IF untouched.
# Live pixels output (x, y, x*y, 1), computed after the kills.
[fragment 6 4]
FRAG
DCL IN[0], GENERIC[0], PERSPECTIVE
DCL IN[1], GENERIC[1], PERSPECTIVE
DCL OUT[0], COLOR
DCL TEMP[0..1]
IMM[0] FLT32 {-1.0, 2.0, -3.0, 1.0}
  KILL_IF IN[1]
  ADD TEMP[0].x, IN[0].yyyy, IMM[0].xxxx
  MOV TEMP[0].yzw, IMM[0].wwww
  KILL_IF TEMP[0]
  SGE TEMP[1].x, IN[0].yyyy, IMM[0].yyyy
  IF TEMP[1].xxxx
    ADD TEMP[0].x, IN[0].xxxx, IMM[0].zzzz
    KILL_IF TEMP[0].xxxx
  ENDIF
  MOV OUT[0].xy, IN[0].xyxy
  MUL OUT[0].z, IN[0].xxxx, IN[0].yyyy
  MOV OUT[0].w, IMM[0].wwww
  END
[input 0]
x y 0 0
[input 1]
nan -0 0 inf
[expect output 0]
# one line per row y = 0..3, 4 values per pixel x = 0..5
'''
txt += '\n'.join(lines) + '\n'
open(D + 'frag-kill-if.test', 'w').write(txt)
