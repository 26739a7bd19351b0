# Generates tests/tgsi/{float-arl-arr, float-pk2h-up2h}.test
# (expected values from an exact reference, independent of the engine).
# Run from the repository root: /usr/bin/python3 tests/tgsi/gen/gen3.py  (writes into tests/tgsi/)
import os, sys
sys.dont_write_bytecode = True   # leave no __pycache__ in tests/tgsi/gen
import math
from lib import *
from emit import *
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..') + os.sep
DMIN = fromb(1)
def fl(v):
    return [x if math.isnan(x) else f32(x) for x in v]

# ---------------------------------------------------------------- ARL / ARR through indirect constants
# CONST[0][i].x = 100 + i for i in 0..31; reads outside the declared range 0..31 give 0 (fxpipe convention).
def cval(idx):
    return 100.0 + idx if 0 <= idx <= 31 else 0.0
def arl(x):
    return math.floor(ftz(x))     # a float conversion: a denormal reads as a zero of its sign
def arr(x):
    x = ftz(x)
    r = math.floor(x + 0.5)
    assert abs(x - math.floor(x) - 0.5) > 1e-3   # no ties: ARR's tie rule is not specified
    return r
rows = [
    ('ARL 2.7 -> 2, ARL -0.5 -> -1, ARR 2.4 -> 2, ARR 2.6 -> 3', [2.7, -0.5, 2.4, 2.6], [0.0, 1.0, 2.0, 3.0]),
    ('ARL -3.0 -> -3, ARL 0.9999 -> 0, ARR -2.6 -> -3, ARR -2.4 -> -2', [-3.0, 0.9999, -2.6, -2.4], [-1.0, -2.0, -3.0, -4.0]),
    ('ARL -15.2 -> -16 (index 0), ARL 15.99 -> 15 (index 31), ARR 0.49 -> 0, ARR -0.51 -> -1', [-15.2, 15.99, 0.49, -0.51], [-16.0, 15.0, -16.0, 15.0]),
    ('out of the declared range: ARL 20.5 -> index 36, ARL -16.5 -> index -1, ARR -17.6 -> -2, ARR 16.2 -> 32', [20.5, -16.5, -17.6, 16.2], [0.25, -0.25, 1.75, -1.75]),
    ('ARL -0.0 -> 0, ARL 1e-30 -> 0, ARL -1e-30 -> -1, ARR 1.1 -> 1', [-0.0, 1e-30, -1e-30, 1.1], [5.25, -5.25, 6.6, -6.6]),
    ('denormals (flushed): ARL 2^-149 -> 0, ARL -2^-149 -> floor(-0) = 0, ARR 7.7 -> 8, ARR -7.7 -> -8', [DMIN, -DMIN, 7.7, -7.7], [9.9, -9.9, 10.4, -10.4]),
    ('ARL 8, -8, ARR 12.3, -12.3', [8.0, -8.0, 12.3, -12.3], [14.99, -14.99, 13.52, -13.52]),
    ('ARL 3.5 -> 3, -3.5 -> -4, ARR 4.7 -> 5, -4.7 -> -5', [3.5, -3.5, 4.7, -4.7], [11.0, -11.0, 0.3, -0.3]),
    ('ARL 1.0, -1.0, ARR 0.2, -0.2', [1.0, -1.0, 0.2, -0.2], [2.2, -2.2, 3.3, -3.3]),
]
cases = []
for c, a, b in rows:
    a, b = fl(a), fl(b)
    o0 = [cval(arl(a[0]) + 16), cval(arl(a[1]) + 16), cval(arr(a[2]) + 16), cval(arr(a[3]) + 16)]
    o1 = [cval(arl(x) + 16) for x in b]
    o2 = [cval(arr(x) + 16) for x in b]
    cases.append((c, [[F(x) for x in a], [F(x) for x in b]], [[F(x) for x in o0], [F(x) for x in o1], [F(x) for x in o2]]))
ops = ['ARL ADDR[0].x, TEMP[1].xxxx', 'MOV TEMP[10].x, CONST[0][ADDR[0].x+16].xxxx',
       'ARL ADDR[0].x, TEMP[1].yyyy', 'MOV TEMP[10].y, CONST[0][ADDR[0].x+16].xxxx',
       'ARR ADDR[0].x, TEMP[1].zzzz', 'MOV TEMP[10].z, CONST[0][ADDR[0].x+16].xxxx',
       'ARR ADDR[0].x, TEMP[1].wwww', 'MOV TEMP[10].w, CONST[0][ADDR[0].x+16].xxxx',
       'ARL ADDR[0], TEMP[2]',
       'MOV TEMP[11].x, CONST[0][ADDR[0].x+16].xxxx', 'MOV TEMP[11].y, CONST[0][ADDR[0].y+16].xxxx',
       'MOV TEMP[11].z, CONST[0][ADDR[0].z+16].xxxx', 'MOV TEMP[11].w, CONST[0][ADDR[0].w+16].xxxx',
       'ARR ADDR[0], TEMP[2]',
       'MOV TEMP[12].x, CONST[0][ADDR[0].x+16].xxxx', 'MOV TEMP[12].y, CONST[0][ADDR[0].y+16].xxxx',
       'MOV TEMP[12].z, CONST[0][ADDR[0].z+16].xxxx', 'MOV TEMP[12].w, CONST[0][ADDR[0].w+16].xxxx']
consts = ['# CONST[0][i] = (100 + i, 0, 0, 0) for i = 0..31']
for i in range(0, 32, 4):
    consts.append('float ' + '  '.join('%d 0 0 0' % (100 + j) for j in range(i, i + 4)))
compute_test(D + 'float-arl-arr.test', '''
ARL (dst = (int) floor(src)) and ARR (dst = (int) round(src)) into the address register, observed through
indirect constant reads CONST[0][ADDR[0].c + 16], where CONST[0][i].x = 100 + i: a result k reads 116 + k.
Per-lane (divergent) addresses over two batches; floor of negative values (-0.5 -> -1, -1e-30 -> -1);
a denormal source is flushed to a zero of its sign (D3D10 rule: ARL -2^-149 -> floor(-0) = 0); ARR only
on values away from .5 (tgsi.rst does not say how ARR breaks ties); indices outside the declared range
0..31 read 0 (fxpipe's convention). ARL/ARR on all four channels at once use each channel's own address.
Per lane vec4s a, b; out: (ARL a.x, ARL a.y, ARR a.z, ARR a.w) lookups, ARL b lookups per channel, ARR b
lookups per channel.''', 2, ops, cases,
    decls=['DCL CONST[0][0..31]', 'DCL ADDR[0]'], constants=consts)

# ---------------------------------------------------------------- PK2H / UP2H
def h_bits(x):
    """float32 value -> IEEE half bits, round to nearest even (NaN -> None)."""
    if math.isnan(x):
        return None
    s = 0x8000 if math.copysign(1, x) < 0 else 0
    if math.isinf(x):
        return s | 0x7c00
    v = rf16(Fr(abs(x)))
    if math.isinf(v):
        return s | 0x7c00
    if v == 0:
        return s
    if v < 2.0 ** -14:
        return s | int(Fr(v) / Fr(2) ** -24)
    m, e = math.frexp(v)          # v = m * 2^e, m in [0.5, 1)
    E = e - 1 + 15
    M = int((Fr(v) / Fr(2) ** (e - 1) - 1) * 1024)
    return s | (E << 10) | M
def h_val(h):
    s = -1.0 if h & 0x8000 else 1.0
    E, M = (h >> 10) & 31, h & 1023
    if E == 31:
        return NAN if M else s * INF
    if E == 0:
        return s * M * 2.0 ** -24
    return s * (1 + M / 1024) * 2.0 ** (E - 15)
# self-checks of the helpers on known encodings
assert h_bits(1.0) == 0x3c00 and h_bits(-2.0) == 0xc000 and h_bits(65504.0) == 0x7bff and h_bits(2.0 ** -24) == 1
assert h_bits(0.333251953125) == 0x3555 and h_val(0x3555) == 0.333251953125 and h_val(0x03ff) == 2.0 ** -14 - 2.0 ** -24
e11 = 2.0 ** -11
rows = [
    ('1, -2', 1.0, -2.0, 0x3c00c000),
    ('65504 (max half), 65520 (tie between 65504 and 65536 = overflow: even -> inf)', 65504.0, 65520.0, 0x7c00fc00),
    ('65519.99 -> 65504, -65520 -> -inf', 65519.99, -65520.0, 0x7e000001),
    ('ties to even: 1+2^-11 -> 1, 1+3*2^-11 -> 1+2^-9', 1 + e11, 1 + 3 * e11, 0x83ff8000),
    ('inf, -inf', INF, -INF, 0x7bff0400),
    ('NaN (packs to some half NaN), 0.5', NAN, 0.5, 0x35553555),
    ('smallest half denormal 2^-24 -> 0x0001, 2^-25 (tie) -> 0', 2.0 ** -24, 2.0 ** -25, 0x00000000),
    ('1.5*2^-24 (tie) -> 0x0002, 0.75*2^-24 -> 0x0001', 1.5 * 2.0 ** -24, 0.75 * 2.0 ** -24, 0xffffffff),
    ('-2^-24 -> 0x8001, 2^-14 (smallest normal half) -> 0x0400', -(2.0 ** -24), 2.0 ** -14, 0x7c017c00),
    ('2^-14 - 2^-24 (largest half denormal) -> 0x03ff, float denormal 2^-149 -> 0', 2.0 ** -14 - 2.0 ** -24, DMIN, 0x3c00bc00),
    ('-0 -> 0x8000, 0 -> 0', -0.0, 0.0, 0x00018001),
    ('0.1 -> 0x2e66, 1000.1 -> 1000 (0x63d0)', 0.1, 1000.1, 0x63d02e66),
    ('2.5*2^-24 (tie) -> 0x0002, 1e10 -> inf', 2.5 * 2.0 ** -24, 1e10, 0x7bfffbff),
    ('-65504, 3.14159', -65504.0, 3.14159, 0x44484248),
]
cases = []
for c, x, y, raw in rows:
    x = x if math.isnan(x) else f32(x)
    y = f32(y)
    hx, hy = h_bits(ftz(x)), h_bits(ftz(y))
    packed = ANY if hx is None else H(hx | hy << 16)
    rt_lo = F(NAN) if hx is None else F(h_val(hx))
    rt_hi = F(h_val(hy))
    ulo, uhi = F(h_val(raw & 0xffff)), F(h_val(raw >> 16))
    comment = 'PK2H(%s); UP2H 0x%08x' % (c, raw)
    cases.append((comment, [[H(bits(x)) if math.isnan(x) else F(x), F(y), H(raw), F(0.0)]],
                  [[packed] * 4, [rt_lo, rt_hi, rt_lo, rt_hi], [ulo, uhi, ulo, uhi]]))
compute_test(D + 'float-pk2h-up2h.test', '''
PK2H (dst = f32_to_f16(src.x) | f32_to_f16(src.y) << 16, replicated) and UP2H (dst = (f16 lo, f16 hi, f16 lo,
f16 hi) of src.x), tgsi.rst. Conversion to half rounds to nearest even (as Mesa's _mesa_float_to_half and
IEEE's default): ties at 1+2^-11 and in the half-denormal range (2^-25 -> 0, 1.5*2^-24 -> 2*2^-24), overflow
at 65520 (tie with 65536 -> inf), values below 2^-25 (and float denormals) -> 0, signed zeros, +-inf, NaN.
The NaN's packed word is not compared (its payload is free) but unpacking it must give NaN, and its other
half must be exact. UP2H decodes half denormals, infinities and NaNs exactly (half values are all exact
floats). Per lane (x, y, raw, 0); out: PK2H (x, y), UP2H of that packed word, UP2H raw.
References: exact rational rounding to the half format (11-bit significand, emin -14, max 65504).''', 1,
    ['PK2H TEMP[10], TEMP[1]', 'UP2H TEMP[11], TEMP[10].xxxx', 'UP2H TEMP[12], TEMP[1].zzzz'],
    cases)
