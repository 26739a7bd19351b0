# Generates tests/tgsi/{float-round, float-cmp-lrp-ssg, float-transcendental, float-dot, float-dst-exp-log-lit,
#   float-ldexp, float-f2i-f2u, float-i2f-u2f}.test
# (expected values from an exact reference, independent of the engine).
# Run from the repository root: /usr/bin/python3 tests/tgsi/gen/gen2.py  (writes into tests/tgsi/)
import os, sys
sys.dont_write_bytecode = True   # leave no __pycache__ in tests/tgsi/gen
import math, random
from lib import *
from emit import *
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..') + os.sep
FLT_MAX = fromb(0x7f7fffff)
FLT_MIN = fromb(0x00800000)
DMIN = fromb(1)
def fl(v):
    return [x if math.isnan(x) else f32(x) for x in v]
def inw(v):
    return [H(bits(x)) if math.isnan(x) else F(x) for x in v]

# ---------------------------------------------------------------- FLR CEIL TRUNC ROUND FRC
def spec1(fn, x):
    x = ftz(x)
    if math.isnan(x): return NAN
    if math.isinf(x): return x
    r = float(fn(x))
    return math.copysign(r, x) if r == 0 else r
def frc(x):
    x = ftz(x)
    if not math.isfinite(x): return NAN
    return fadd(x, -float(math.floor(x)))
def frc_word(x):
    """FRC(+0) = +0 - +0 = +0 exactly: bit-exact, as a float 0 would also accept an unflushed denormal."""
    r = frc(x)
    return FZ(r) if r == 0 and ftz(x) == 0 and math.copysign(1, x) > 0 else F(r)
vals = [
    ('ties: ROUND goes to even', [0.5, 1.5, 2.5, 3.5]),
    ('negative ties', [-0.5, -1.5, -2.5, -3.5]),
    ('just below/above a half', [fromb(0x3effffff), fromb(0x3f000001), -fromb(0x3effffff), 2.4999998]),
    ('ordinary fractions', [1.2, -1.2, 0.75, -0.75]),
    ('signed zeros, infinities', [0.0, -0.0, INF, -INF]),
    ('NaN; 2^22 + 0.5 (tie, even below); 2^23 - 0.5 (tie, even above); 2^23 + 1 (integer)', [NAN, 4194304.5, 8388607.5, 8388609.0]),
    ('tiny magnitudes: FRC(-1e-30) = 1 - 1e-30 rounds to 1.0 (x - floor(x), tgsi.rst); +-2^-149 read as +-0', [1e-30, -1e-30, DMIN, -DMIN]),
    ('large values (already integers)', [1e30, -1e30, FLT_MAX, -16777216.0]),
    ('more', [2.7, -2.7, 100.5, -100.5]),
    ('near integers', [fromb(0x3f7fffff), fromb(0xbf7fffff), fromb(0x3f800001), fromb(0xbf800001)]),
]
cases = []
for c, v in vals:
    v = fl(v)
    outs = [[F(spec1(math.floor, x)) for x in v], [F(spec1(math.ceil, x)) for x in v],
            [F(spec1(math.trunc, x)) for x in v], [F(spec1(round, x)) for x in v],
            [frc_word(x) for x in v]]
    cases.append((c, [inw(v)], outs))
compute_test(D + 'float-round.test', '''
FLR, CEIL, TRUNC, ROUND, FRC. ROUND rounds half to even (0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -2.5 -> -2; fxpipe's
documented convention, as GLSL roundEven / nir fround_even); values just beside a half are not ties;
2^22+0.5 and 2^23-0.5 are ties at the precision limit; FRC is x - floor(x) rounded (tgsi.rst), so FRC of a
tiny negative value is 1.0 after rounding, FRC(+-inf) = inf - inf = NaN. NaN stays NaN, infinities stay
(FLR/CEIL/TRUNC/ROUND). Denormal inputs are flushed to a zero of their sign (D3D10 rule): FLR(-2^-149) = -0
(not -1), CEIL(2^-149) = 0 (not 1), FRC(2^-149) = +0 (not 2^-149). Zero results compare as floats (either
sign), except FRC of +0 and +2^-149, which is +0 and compared bit-exactly. Per lane one vec4 x; out: FLR,
CEIL, TRUNC, ROUND, FRC.''', 1,
    ['FLR TEMP[10], TEMP[1]', 'CEIL TEMP[11], TEMP[1]', 'TRUNC TEMP[12], TEMP[1]', 'ROUND TEMP[13], TEMP[1]',
     'FRC TEMP[14], TEMP[1]'],
    cases)

# ---------------------------------------------------------------- CMP LRP SSG
def ssg(x):
    x = ftz(x)
    return 1.0 if x > 0 else -1.0 if x < 0 else 0.0
def cmp_word(x, y, z):
    """CMP x, y, z: x (flushed) < 0 picks y, else z. The picked operand is passed on unchanged or, as for
    MIN/MAX, possibly flushed: a denormal pick is a float 0 with a tolerance of its magnitude (both pass)."""
    v = y if ftz(x) < 0 else z
    return F(0.0, tol=abs(v)) if is_denorm(v) else F(v)
def lrp(a, b, c):
    forms = set()
    vals = (fadd(fmul(a, b), fmul(fadd(1.0, -a), c)),                # tgsi.rst's formula, rounded per step
            fadd(fmul(a, fadd(b, -c)), c),                            # a*(b-c) + c
            ffma(a, fadd(b, -c), c))
    for v in vals:
        forms.add('nan' if math.isnan(v) else v)
    assert len(forms) == 1, (a, b, c, forms)   # cases are chosen so that every evaluation order agrees
    v = forms.pop()
    if v == 0 and (is_denorm(b) or is_denorm(c)):
        # flushed ends: bit-exact (a float 0 would also accept an unflushed denormal), all orders give one sign
        assert len(set(bits(x) for x in vals)) == 1, (a, b, c, vals)
        return FZ(v)
    return F(NAN if v == 'nan' else v)
trip = [
    ('CMP: negative, -0 (not < 0), +0, NaN (not < 0)', [-1.0, -0.0, 0.0, NAN], [10.0, 11.0, 12.0, 13.0], [20.0, 21.0, 22.0, 23.0]),
    ('CMP: -inf, negative denormal (flushed to -0: not < 0), inf, positive denormal', [-INF, -DMIN, INF, DMIN], [1.5, 2.5, 3.5, 4.5], [-1.5, -2.5, -3.5, -4.5]),
    ('LRP: 0.5 of 4..2, 0.25 of 8..0, 0 picks c, 1 picks b', [0.5, 0.25, 0.0, 1.0], [4.0, 8.0, 3.0, 3.0], [2.0, 0.0, 5.0, 5.0]),
    ('LRP: extrapolation (2, -1), NaN weight, inf with weight 0 (0*inf = NaN)', [2.0, -1.0, NAN, 0.0], [1.0, 1.0, 1.0, INF], [0.0, 0.0, 1.0, 1.0]),
    ('SSG of NaN is 0 (neither > 0 nor < 0)', [NAN, -NAN, 7.0, -7.0], [0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]),
    ('CMP passes NaN and inf operands through; LRP with equal ends', [-2.0, 2.0, -3.0, 0.75], [NAN, NAN, INF, 6.0], [NAN, -INF, 0.0, 6.0]),
    ('dyadic weights', [0.125, 0.875, 0.375, 0.5], [16.0, 16.0, -8.0, -2.0], [-16.0, 0.0, 8.0, 2.0]),
    ('CMP with tiny values; LRP with large weights and equal ends', [-1024.0, 1024.0, -1e-30, 1e-30], [0.5, 0.25, 2.0, 4.0], [0.5, 0.25, 2.0, 4.0]),
    ('denormal weights and ends (flushed: LRP gives +0; CMP passes a denormal end on, maybe flushed)', [DMIN, -DMIN, 0.5, 0.5], [0.0, 0.0, fromb(2), fromb(0x00400000)], [0.0, 0.0, fromb(2), fromb(0x00400000)]),
]
cases = []
for c, a, b, d in trip:
    a, b, d = fl(a), fl(b), fl(d)
    outs = [[cmp_word(x, y, z) for x, y, z in zip(a, b, d)],
            [cmp_word(-x, y, z) for x, y, z in zip(a, b, d)],
            [lrp(x, y, z) for x, y, z in zip(a, b, d)],
            [F(ssg(x)) for x in a],
            [F(ssg(-x)) for x in a]]
    cases.append((c, [inw(a), inw(b), inw(d)], outs))
compute_test(D + 'float-cmp-lrp-ssg.test', '''
CMP (src0 < 0 ? src1 : src2), LRP (src0*src1 + (1-src0)*src2) and SSG (1, 0 or -1), per tgsi.rst's formulas:
CMP takes src2 for -0 and for NaN (both not < 0); SSG(NaN) = 0 and SSG(-0) = 0; LRP is checked only on values
for which every evaluation order (rounded per step, a*(b-c)+c, fused) gives the same float, including NaN
weights and 0*inf. Denormal operands are flushed to a zero of their sign (D3D10 rule): CMP takes src2 for a
negative denormal src0 (-0 is not < 0), SSG(+-2^-149) = 0, LRP with denormal weights or ends works on zeros
(LRP(0.5, 2*2^-149, 2*2^-149) = +0, compared bit-exactly). A denormal src1/src2 that CMP selects may come out
as is or flushed (as for MIN/MAX): a float 0 with an absolute tolerance of that denormal accepts both.
Per lane vec4s a, b, c; out: CMP a,b,c; CMP -a,b,c; LRP a,b,c; SSG a; SSG -a.''', 3,
    ['CMP TEMP[10], TEMP[1], TEMP[2], TEMP[3]', 'CMP TEMP[11], -TEMP[1], TEMP[2], TEMP[3]',
     'LRP TEMP[12], TEMP[1], TEMP[2], TEMP[3]', 'SSG TEMP[13], TEMP[1]', 'SSG TEMP[14], -TEMP[1]'],
    cases)

# ---------------------------------------------------------------- transcendentals
U2 = 2
def t_rcp(x):
    return fdiv(1.0, x)
def t_rsq(x):
    if math.isnan(x) or x < 0: return NAN
    if x == 0: return math.copysign(INF, x)
    if math.isinf(x): return 0.0
    return f32(1 / math.sqrt(x))
def t_sqrt(x):
    if math.isnan(x) or x < 0: return NAN
    if x == 0 or math.isinf(x): return x
    return f32(math.sqrt(x))
def t_ex2(x):
    if math.isnan(x): return NAN
    if x == -INF: return 0.0
    if x == INF or x >= 128: return INF
    return f32(2.0 ** x)
def t_lg2(x):
    if math.isnan(x) or x < 0: return NAN
    if x == 0: return -INF
    if math.isinf(x): return INF
    return f32(math.log2(x))
def t_pow(x, y):
    try:
        return f32(math.pow(x, y))
    except (OverflowError, ValueError):
        if x == 0 and y < 0: return INF
        return NAN
def t_sin(x):
    return NAN if not math.isfinite(x) else f32(math.sin(x))
def t_cos(x):
    return NAN if not math.isfinite(x) else f32(math.cos(x))
xy = [
    ('x = 4, y = 0.5: exact results 0.25 0.5 2 16 2 2', 4.0, 0.5),
    ('x = 0: RCP inf, RSQ inf, LG2 -inf, POW(0, 2) = 0', 0.0, 2.0),
    ('x = -0: RCP -inf, RSQ -inf (IEEE rSqrt(-0)), SQRT -0, LG2 -inf', -0.0, 2.0),
    ('x = -1: RSQ, SQRT, LG2 NaN; POW(-1, 3) = -1 (C powf, integer exponent)', -1.0, 3.0),
    ('x = inf: RCP 0, RSQ 0, EX2 inf, LG2 inf, POW(inf, -1) = 0, SIN/COS NaN', INF, -1.0),
    ('x = -inf: RCP -0, EX2 0, POW(-inf, 2) = inf', -INF, 2.0),
    ('x = NaN: everything NaN (POW(NaN, 1) too)', NAN, 1.0),
    ('x = 0.5, y = -2.5', 0.5, -2.5),
    ('x = 10, y = 1.5', 10.0, 1.5),
    ('x = pi (float): SIN(pi_f) = -8.742278e-8', f32(math.pi), 2.0),
    ('x = 1e-3, y = 3', 1e-3, 3.0),
    ('x = 128: EX2 overflows to inf, LG2 = 7', 128.0, 0.25),
    ('x = -149: EX2 = 2^-149 would be denormal: flushed to +0 (bit-exact)', -149.0, -1.0),
    ('x = 2^-149 (denormal: read as +0): RCP inf, RSQ inf, SQRT +0, LG2 -inf, POW(+0, 0.5) +0, SIN +0, COS 1', DMIN, 0.5),
    ('x = -126.5: EX2 = 2^-126.5 would be denormal: flushed to +0 (bit-exact)', -126.5, 10.0),
    ('x = 100 (SIN/COS range reduction), POW(100, 0.5) = 10', 100.0, 0.5),
]
cases = []
for c, x, y in xy:
    x, y = (x if math.isnan(x) else f32(x)), f32(y)
    fx, fy = ftz(x), ftz(y)     # denormal operands read as zeros of their sign
    raw = [t_rcp(fx), t_rsq(fx), t_sqrt(fx), t_ex2(fx), t_lg2(fx), t_pow(fx, fy), t_sin(fx), t_cos(fx)]
    outs = []
    for r in raw:
        z = ftz(r)              # a result that would be denormal is a zero of its sign
        # a zero that stands for a flushed input or result is bit-exact: a float 0 would accept a denormal
        outs.append([FZ(z) if z == 0 and (is_denorm(x) or is_denorm(r)) else F(z, ulp=U2)] * 4)
    cases.append((c, [[F(x), F(y), F(0.0), F(0.0)]], outs))
compute_test(D + 'float-transcendental.test', '''
RCP, RSQ, SQRT, EX2, LG2, POW, SIN, COS: scalar, read src.x (POW: src0.x, src1.y here via a swizzle) and
replicate to all four channels. Finite nonzero results are checked within 2 ulp of the correctly rounded
value (reference: Python's double-precision math rounded to float32): fxpipe documents glibc's float
functions, which are within 1 ulp (glibc libm-test-ulps for sinf, cosf, exp2f, log2f, powf), and rounding the
double reference may itself be 1 ulp off the true value in a hard case, hence 2. Zeros, infinities and NaNs
are exact (IEEE behaviour, fxpipe's documented convention for 0, negative and infinite inputs: RCP(0) = inf,
RSQ(-1) = NaN, LG2(0) = -inf). Denormals are flushed to a zero of their sign (D3D10 rule): the input 2^-149
is read as +0 (RCP inf, LG2 -inf, SIN +0, COS 1) and the results EX2(-149) and EX2(-126.5), which would be
denormal, are +0; these zeros are compared bit-exactly.
Per lane (x, y, 0, 0); out: RCP, RSQ, SQRT, EX2, LG2 of x, POW x^y, SIN, COS of x.''', 1,
    ['RCP TEMP[10], TEMP[1].xxxx', 'RSQ TEMP[11], TEMP[1].xxxx', 'SQRT TEMP[12], TEMP[1].xxxx',
     'EX2 TEMP[13], TEMP[1].xxxx', 'LG2 TEMP[14], TEMP[1].xxxx', 'POW TEMP[15], TEMP[1].xxxx, TEMP[1].yyyy',
     'SIN TEMP[16], TEMP[1].xxxx', 'COS TEMP[17], TEMP[1].xxxx'],
    cases)

# ---------------------------------------------------------------- DP2 DP3 DP4
def dot(a, b, n):
    r = fmul(a[0], b[0])
    fused = r
    for i in range(1, n):
        r = fadd(r, fmul(a[i], b[i]))
        fused = ffma(a[i], b[i], fused)
    ex = None
    if all(math.isfinite(v) for v in a[:n] + b[:n]):
        q = sum(Fr(ftz(a[i])) * Fr(ftz(b[i])) for i in range(n))
        ex = rf32z(q) if q != 0 else 0.0
        # exact-value cases only: any order agrees, fused or not, products flushed or not
        assert ex == r == fused or (ex == 0 and r == 0 and fused == 0), (a, b, n)
    tiny = any(is_denorm(v) for v in a[:n] + b[:n]) or any(
        math.isfinite(x) and math.isfinite(y) and 0 < abs(Fr(x) * Fr(y)) < Fr(2) ** -126 for x, y in zip(a[:n], b[:n]))
    if r == 0 and tiny:
        # a zero that stands for flushed operands or products: bit-exact (a float 0 would accept a denormal)
        assert bits(r) == bits(fused), (a, b, n)
        return FZ(r)
    return F(r)
pairs = [
    ('small integers: 17, 38, 70', [1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]),
    ('inf*0 in x: NaN for all', [INF, 1.0, 1.0, NAN], [0.0, 1.0, 1.0, 1.0]),
    ('NaN in w: DP2 and DP3 ignore it', [1.0, 2.0, 3.0, NAN], [1.0, 1.0, 1.0, 1.0]),
    ('NaN in z: DP2 ignores it', [1.0, 2.0, NAN, 4.0], [1.0, 1.0, 1.0, 1.0]),
    ('inf terms: inf, then inf + -inf = NaN', [INF, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0]),
    ('inf + -inf in DP2', [INF, INF, 1.0, 1.0], [1.0, -1.0, 1.0, 1.0]),
    ('dyadic: 2, 3, 4', [0.5, 0.25, 0.125, 0.0625], [2.0, 4.0, 8.0, 16.0]),
    ('signs and cancellation to 0', [-1.0, -2.0, 3.0, 4.0], [-1.0, 2.0, 1.0, -0.5]),
    ('a denormal operand is flushed: +0', [DMIN, 0.0, 0.0, 0.0], [1.0, 5.0, 6.0, 7.0]),
    ('a denormal operand and denormal products, all flushed', [fromb(0x00400000), 2.0 ** -100, 0.0, 2.0 ** -70], [2.0, 2.0 ** -30, 9.0, 2.0 ** -60]),
]
cases = []
for c, a, b in pairs:
    a, b = fl(a), fl(b)
    d2, d3, d4 = dot(a, b, 2), dot(a, b, 3), dot(a, b, 4)
    sa = [a[3], a[2], a[1], a[0]]
    sb = [-abs(v) for v in b]
    ds = dot(sa, sb, 3)
    outs = [[d2] * 4, [d3] * 4, [d4] * 4, [ds] * 4, [F(b[0]), d4, F(b[2]), d4]]
    cases.append((c, [inw(a), inw(b)], outs))
compute_test(D + 'float-dot.test', '''
DP2, DP3, DP4 (tgsi.rst: replicated sums of products of the first 2, 3, 4 channels). Channels beyond the
opcode's width are ignored even when NaN; inf*0 gives NaN; inf + -inf gives NaN. Denormal operands and
products are flushed to zeros of their sign (D3D10 rule): 2^-149 * 1 contributes +0, 2^-100 * 2^-30 too;
zero results of such lanes are compared bit-exactly.
All cases use values whose dot products are exact whatever the evaluation order or fusion (checked by the
generator against the exact rational sum of the flushed operands). Per lane vec4s a and b; out: DP2 a,b;
DP3 a,b; DP4 a,b; DP3 a.wzyx, -|b|; and DP4 into .yw of a register holding b (x and z keep b.x, b.z).''', 2,
    ['DP2 TEMP[10], TEMP[1], TEMP[2]', 'DP3 TEMP[11], TEMP[1], TEMP[2]', 'DP4 TEMP[12], TEMP[1], TEMP[2]',
     'DP3 TEMP[13], TEMP[1].wzyx, -|TEMP[2]|', 'MOV TEMP[14], TEMP[2]', 'DP4 TEMP[14].yw, TEMP[1], TEMP[2]'],
    cases)

# ---------------------------------------------------------------- DST EXP LOG LIT
def flushed(r, ulp=0):
    """Expectation for a result r that is flushed if denormal; the +0 that stands for a flushed denormal is
    compared bit-exactly (a float 0 would also accept the unflushed denormal)."""
    return FZ(ftz(r)) if is_denorm(r) else F(r, ulp=ulp)
def exp_(x):
    x = ftz(x)
    fx = float(math.floor(x))
    return [flushed(rf32(Fr(2) ** int(fx))), F(fadd(x, -fx)), flushed(t_ex2(x), ulp=U2), F(1.0)]
def log_(x):
    a = abs(ftz(x))
    if a == 0:   # tgsi.rst's formulas at 0: floor(log2 0) = -inf, 0 / 2^-inf = 0/0 = NaN, log2 0 = -inf
        return [F(-INF), F(NAN), F(-INF), F(1.0)]
    e = math.frexp(a)[1] - 1          # floor(log2|x|), exact
    return [F(float(e)), F(float(Fr(a) / Fr(2) ** e)), F(t_lg2(a), ulp=U2), F(1.0)]
def lit(v):
    assert not any(is_denorm(c) for c in v)   # max(v.x, 0) of a denormal would be a MIN/MAX-style choice
    x, y, _, w = v
    z = F(0.0)
    if x > 0:
        p = min(max(w, -128.0), 128.0)
        z = flushed(t_pow(max(y, 0.0), p), ulp=U2)
    return [F(1.0), F(max(x, 0.0)), z, F(1.0)]
rows = [
    ('EXP(3.5) = (8, 0.5, 2^3.5, 1); LOG(10) = (3, 1.25, log2 10, 1)', [3.5, 2.0, 3.0, NAN], [NAN, 4.0, NAN, 5.0], 10.0, [0.5, 2.0, 0.0, 3.0]),
    ('EXP(-1.25) = (0.25, 0.75, ..); LOG(-0.75) = (-1, 1.5, ..); LIT x <= 0 -> z = 0', [-1.25, 0.5, -2.0, 1.0], [1.0, -3.0, 7.0, -8.0], -0.75, [-1.0, 2.0, 0.0, 3.0]),
    ('EXP(0) = (1, 0, 1, 1); LOG(1) = (0, 1, 0, 1); LIT y < 0 -> 0^2 = 0', [0.0, 1.0, 1.0, 1.0], [2.0, 2.0, 2.0, 2.0], 1.0, [0.5, -2.0, 0.0, 2.0]),
    ('EXP(10.75); LOG(8) = (3, 1, 3, 1); LIT w = 200 clamps to 128: 0.5^128 = 2^-128 would be denormal: +0', [10.75, INF, -INF, 0.0], [1.0, 0.0, 0.0, INF], 8.0, [2.0, 0.5, 0.0, 200.0]),
    ('EXP(-140.5) = (+0, 0.5, +0, 1) (2^-141, 2^-140.5 flushed); LOG(0.1); LIT w = -200 clamps to -128: 0.5^-128 = inf', [-140.5, 1e-3, 1e3, 2.0], [0.0, 1e3, 0.0, -2.0], 0.1, [2.0, 0.5, 0.0, -200.0]),
    ('LOG(2^-149) = LOG(0) = (-inf, NaN, -inf, 1): the denormal is flushed to 0; LIT 4^0.5 = 2', [5.0, -7.0, 9.0, -11.0], [-6.0, 8.0, -10.0, 12.0], DMIN, [0.25, 4.0, 0.0, 0.5]),
    ('EXP(-0.5); LOG(-8); LIT 3^2', [-0.5, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0], -8.0, [1.0, 3.0, 9.0, 2.0]),
    ('EXP(20.25); LOG(1e30); LIT with y = 0', [20.25, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], 1e30, [3.0, 0.0, 0.0, 2.0]),
    ('EXP(-3); LOG(0.375) = (-2, 1.5, ..)', [-3.0, 1.5, 2.5, 3.5], [4.5, 5.5, 6.5, 7.5], 0.375, [0.25, 16.0, 0.0, 0.25]),
]
cases = []
for c, a, b, lx, lv in rows:
    a, b, lv = fl(a), fl(b), fl(lv)
    lx = f32(lx)
    dst = [F(1.0), F(fmul(a[1], b[1])), F(a[2]), F(b[3])]
    ex = exp_(a[0])
    lg = log_(lx)
    li = lit(lv)
    cases.append((c, [inw(a), inw(b), [F(lx), F(0.0), F(0.0), F(0.0)], inw(lv)], [dst, ex, lg, li]))
compute_test(D + 'float-dst-exp-log-lit.test', '''
DST, EXP, LOG, LIT (tgsi.rst formulas):
  DST a, b = (1, a.y*b.y, a.z, b.w)          (a.x, b.x, b.z, a.w unused: NaN there must not leak)
  EXP x    = (2^floor(x), x - floor(x), 2^x, 1)
  LOG x    = (floor(log2|x|), |x| / 2^floor(log2|x|), log2|x|, 1)
  LIT v    = (1, max(v.x, 0), v.x > 0 ? max(v.y, 0)^clamp(v.w, -128, 128) : 0, 1)
EXP.z, LOG.z and LIT.z are within 2 ulp (the same reasoning as float-transcendental.test: correctly rounded
reference from Python's double math, C library's exp2f/log2f/powf within 1 ulp); everything else is exact
(powers of two, exact fractions). Denormals are flushed to zeros of their sign (D3D10 rule): EXP(-140.5) =
(+0, 0.5, +0, 1) and LIT 0.5^128 = +0 (results that would be denormal, compared bit-exactly), LOG(2^-149) is
LOG(0) = (-inf, 0/2^-inf = NaN, -inf, 1). Per lane vec4s a, b (DST and EXP of a.x), (x, 0, 0, 0) for LOG,
v for LIT; out: DST, EXP, LOG, LIT.''', 4,
    ['DST TEMP[10], TEMP[1], TEMP[2]', 'EXP TEMP[11], TEMP[1].xxxx', 'LOG TEMP[12], TEMP[3].xxxx',
     'LIT TEMP[13], TEMP[4]'],
    cases)

# ---------------------------------------------------------------- LDEXP
IMAX, IMIN = 2 ** 31 - 1, -2 ** 31
def ldexp_(x, n):
    x = ftz(x)              # a denormal operand reads as a zero of its sign
    if math.isnan(x): return NAN
    if math.isinf(x) or x == 0: return x
    # rf32z: a result that would be denormal is a zero of its sign
    return rf32z(Fr(x) * Fr(2) ** n) if abs(n) < 2000 else (math.copysign(INF, x) if n > 0 else math.copysign(0.0, x))
rows = [
    ('1.5*2^3; 1*2^-149, 1*2^-150, 3*2^-150 are (or round to) denormals or 0: +0', [1.5, 1.0, 1.0, 3.0], [3, -149, -150, -150]),
    ('overflow to inf, 2^127, FLT_MAX/2, denormal * 2^149 = +0 (flushed operand)', [1.0, 1.0, FLT_MAX, DMIN], [128, 127, -1, 149]),
    ('exponent extremes INT_MAX / INT_MIN, a huge exponent on a denormal (flushed: +0)', [-1.0, 1.0, DMIN, -3.0], [IMAX, IMIN, 300, IMIN]),
    ('NaN, inf, -0, 0 are unchanged', [NAN, INF, -0.0, 0.0], [1, -1000, 5, 100]),
    ('0.75*2^-126, 5*2^-1, (1+2^-23)*2^-127, (1+3*2^-23)*2^-127: results in the denormal range flush to +0', [0.75, 5.0, fromb(0x3f800001), fromb(0x3f800003)], [-126, -1, -127, -127]),
    ('big steps that stay in range; the denormal 1e-40 is flushed first: +0', [2.0 ** 100, 2.0 ** -100, -1.25, 1e-40], [-200, 200, 10, 100]),
    ('exponent 0 keeps a normal x; the denormals 0x00012345 and 1e-38 are flushed: +0', [fromb(0x00012345), -7.5, 1e38, 1e-38], [0, 0, 0, 0]),
    ('negative values; -1*2^-149, -FLT_MIN*2^-1 and -0.5*2^-148 would be denormal: -0', [-1.0, -FLT_MIN, -FLT_MAX, -0.5], [-149, -1, 1, -148]),
    ('larger negative exponents that flush to a signed zero', [1.0, -1.0, FLT_MAX, -FLT_MAX], [-151, -151, -278, -278]),
]
cases = []
for c, a, n in rows:
    a = fl(a)
    out = [FZ(r) if r == 0 else F(r) for r in (ldexp_(x, k) for x, k in zip(a, n))]
    cases.append((c, [inw(a), [I(k) for k in n]], [out]))
compute_test(D + 'float-ldexp.test', '''
LDEXP a, n = a * 2^n with n a 32-bit integer (tgsi.rst), rounded to nearest-even once: results that overflow
are inf, exponents INT_MAX / INT_MIN saturate rather than wrap, NaN/inf/zero pass through, zeros keep their
sign (bit-exact). Denormals are flushed to zeros of their sign (D3D10 rule): a denormal a reads as +-0
(LDEXP(2^-149, 149) = +0, LDEXP(2^-149, 300) = +0, even with n = 0), and a result that would be denormal is
+-0 (LDEXP(1, -149) = +0, LDEXP(-0.5, -148) = -0, LDEXP(0.75, -126) = +0). Per lane vec4 a (float) and
vec4 n (int); out: LDEXP a, n.
References: exact rational a*2^n of the flushed a rounded to float32, a denormal result flushed.''', 2,
    ['LDEXP TEMP[10], TEMP[1], TEMP[2]'],
    cases)

# ---------------------------------------------------------------- F2I F2U
def f2i(x):
    x = ftz(x)
    if math.isnan(x): return 0
    if x >= 2.0 ** 31: return IMAX
    if x <= -2.0 ** 31: return IMIN
    return int(x)
def f2u(x):
    x = ftz(x)
    if math.isnan(x) or x <= 0: return 0
    if x >= 2.0 ** 32: return 0xffffffff
    return int(x)
vals = [
    ('truncation toward zero', [1.9, -1.9, 0.5, -0.5]),
    ('NaN -> 0, +-inf saturate, -0 -> 0', [NAN, INF, -INF, -0.0]),
    ('edges of int32: 2^31-128, 2^31 (saturates), -2^31 (exact), -2^31-256 (saturates)', [2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0]),
    ('beyond int32; edges of uint32: 2^32-256, 2^32 (saturates)', [3e9, -3e9, 4294967040.0, 4294967296.0]),
    ('huge values and denormals', [1e30, -1e30, DMIN, -DMIN]),
    ('fractions near integers', [8388607.5, -8388607.5, 123456.789, fromb(0xbf7fffff)]),
    ('NaN patterns (negative, signalling) -> 0', [fromb(0xffc00000), fromb(0x7f800001), 65535.99, fromb(0xffffffff)]),
    ('negative values for F2U -> 0', [-1.0, -2.0 ** 31, -1e-30, -4294967296.0]),
    ('ordinary', [42.0, -42.75, 16777216.0, 1e9]),
]
cases = []
for c, v in vals:
    v = fl(v)
    cases.append((c, [inw(v)], [[I(f2i(x)) for x in v], [U(f2u(x)) for x in v],
                                [I(f2i(-abs(x))) for x in v], [U(f2u(abs(x))) for x in v]]))
compute_test(D + 'float-f2i-f2u.test', '''
F2I and F2U truncate toward zero (tgsi.rst) and, where tgsi.rst leaves the result undefined, follow fxpipe's
documented convention: saturate to the integer range (F2I: INT_MIN..INT_MAX, F2U: 0..UINT_MAX, so F2U of a
negative value is 0) and give 0 for NaN (any NaN pattern). Includes the exact float neighbours of 2^31 and 2^32.
F2I and F2U read floats, so their source modifiers are float -x / |x| (tgsi_opcode_infer_src_type).
Per lane one vec4 x; out: F2I x (int), F2U x (uint), F2I -|x|, F2U |x|.''', 1,
    ['F2I TEMP[10], TEMP[1]', 'F2U TEMP[11], TEMP[1]', 'F2I TEMP[12], -|TEMP[1]|', 'F2U TEMP[13], |TEMP[1]|'],
    cases)

# ---------------------------------------------------------------- I2F U2F
vals = [
    [0, 1, -1, 16777216],
    [16777217, 16777218, 16777219, -16777217],
    [0x7fffffff, 0x80000000, 0x80000001, 0xffffffff],
    [0xffffff80, 0xffffff7f, 0x7fffffc0, 0x7fffffbf],
    [33554435, 33554434, 123456789, -123456789],
    [0xff000001, 0x00ffffff, 0x01000001, 0x7ffffff0],
    [0x80000040, 0x800000c0, 0xc0000000, 0x12345678],
    [2, -2, 100, -100],
    [0x87654321, 0x00000080, 0x7f7fffff, 0x3f800000],
]
cases = []
def s32(u):
    u &= 0xffffffff
    return u - 2 ** 32 if u >= 2 ** 31 else u
for v in vals:
    v = [x & 0xffffffff for x in v]
    cases.append(('ties round to even: 16777217 -> 16777216, 0xffffff80 -> 2^32, 0x7fffffc0 -> 2^31',
                  [[H(x) for x in v]], [[F(rf32(Fr(s32(x)))) for x in v], [F(rf32(Fr(x))) for x in v],
                   [F(rf32(Fr(s32(-x)))) for x in v], [F(rf32(Fr(-x & 0xffffffff))) for x in v]]))
for i, v in enumerate(vals):
    cases[i] = ('inputs ' + ' '.join('0x%08x' % (x & 0xffffffff) for x in v), cases[i][1], cases[i][2])
compute_test(D + 'float-i2f-u2f.test', '''
I2F (signed) and U2F (unsigned) conversions round to nearest, ties to even (tgsi.rst suggests it; fxpipe
converts with C casts): 16777217 -> 16777216, 16777219 -> 16777220, 33554434 -> 33554432 (tie, even below),
33554435 -> 33554436, U2F 0xffffffff -> 2^32, U2F 0xffffff80 -> 2^32 (tie: 2^32 has the even significand),
U2F 0xffffff7f -> 4294967040, I2F 0x7fffffc0 -> 2^31 (tie), I2F 0x80000000 -> -2^31, U2F 0x80000000 -> 2^31.
I2F and U2F read integers, so a negate modifier on their source is a 32-bit integer negation (tgsi.rst
"32-bit integer negates"; tgsi_opcode_infer_src_type gives SIGNED / UNSIGNED; wraps: -INT_MIN = INT_MIN).
Per lane one vec4 of 32-bit words; out: I2F (words read as int32), U2F (as uint32), I2F -x, U2F -x.
References: exact integers rounded to float32 nearest-even.''', 1,
    ['I2F TEMP[10], TEMP[1]', 'U2F TEMP[11], TEMP[1]', 'I2F TEMP[12], -TEMP[1]', 'U2F TEMP[13], -TEMP[1]'],
    cases)
