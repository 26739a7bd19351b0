# Generates tests/tgsi/{float-mov-modifiers, float-sat, float-denorm, float-add-mul, float-mad-fma, float-div,
#   float-minmax, float-compare}.test
# (expected values from an exact reference, independent of the engine).
# Run from the repository root: /usr/bin/python3 tests/tgsi/gen/gen1.py  (writes into tests/tgsi/)
import os, sys
sys.dont_write_bytecode = True   # leave no __pycache__ in tests/tgsi/gen
import math, random
from lib import *
from emit import *
D = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..') + os.sep
FLT_MAX = fromb(0x7f7fffff)
FLT_MIN = fromb(0x00800000)
DMIN = fromb(1)

def chunk(v, n=4):
    return [v[i:i + n] for i in range(0, len(v), n)]

# ---------------------------------------------------------------- MOV with modifiers
def is_snan(b):
    return (b & 0x7f800000) == 0x7f800000 and (b & 0x7fffff) and not (b & 0x400000)
def mods(b):
    """Exact bits of MOV x, -x, |x|, -|x| (IEEE negate/abs act on the sign bit only). For signalling NaN
    patterns only NaN-ness is required of the modified results (an implementation may quiet them)."""
    r = [b, b ^ 0x80000000, b & 0x7fffffff, b | 0x80000000]
    out = [H(r[0])]
    for x in r[1:]:
        out.append(F(NAN) if is_snan(b) else H(x))
    return out
lanes = [
    ('normals and signed zeros', [0x3fc00000, 0xc0100000, 0x00000000, 0x80000000]),
    ('infinities and quiet NaNs of both signs (payload kept)', [0x7f800000, 0xff800000, 0x7fc00000, 0xffc12345]),
    ('denormals: smallest, largest negative, middle, smallest negative', [0x00000001, 0x807fffff, 0x00400000, 0x80000001]),
    ('FLT_MAX, -FLT_MIN, 1+ulp, -(1-ulp/2)', [0x7f7fffff, 0x80800000, 0x3f800001, 0xbf7fffff]),
    ('signalling-NaN patterns (MOV must copy them bit-exactly: MOV also moves integers)', [0x7f800001, 0xff800001, 0x7fa00000, 0xffbfffff]),
    ('integer patterns: MOV copies bits; modifiers act as float sign operations', [0x12345678, 0xdeadbeef, 0x00000007, 0x4b800000]),
    ('more normals', [0x42f6e979, 0xbdcccccd, 0x477fe000, 0xf149f2ca]),
    ('2^-126, -2^-149, 2^127, 1.0', [0x00800000, 0x80000001, 0x7f000000, 0x3f800000]),
    ('all-ones pattern (a NaN) and patterns near the sign bit', [0xffffffff, 0x7fffffff, 0x80000001, 0x7f7fffff]),
    ('0.5, -0.5, 65504, -1e30', [bits(0.5), bits(-0.5), bits(65504.0), bits(f32(-1e30))]),
]
cases = []
for c, ws in lanes:
    m = [mods(b) for b in ws]
    cases.append((c, [[H(b) for b in ws]], [[m[ch][k] for ch in range(4)] for k in range(4)]))
compute_test(D + 'float-mov-modifiers.test', '''
MOV with the source modifiers -x, |x| and -|x| (tgsi.rst: MOV's modifiers are float modifiers, negate applied
after absolute value). Per lane one vec4 x; out: MOV x, MOV -x, MOV |x|, MOV -|x|, all compared bit-exactly:
plain MOV must copy any 32-bit pattern (it moves integers too, signalling-NaN patterns and denormals included);
-x flips the sign bit, |x| clears it, -|x| sets it (IEEE 754 negate/abs are sign-bit operations, so -0.0,
denormals and quiet-NaN payloads come out exact). Only the modified signalling-NaN patterns are checked as
"some NaN". 10 lanes: two batches.''', 1,
    ['MOV TEMP[10], TEMP[1]', 'MOV TEMP[11], -TEMP[1]', 'MOV TEMP[12], |TEMP[1]|', 'MOV TEMP[13], -|TEMP[1]|'],
    cases)

# ---------------------------------------------------------------- _SAT
def sat(x):
    """_SAT of an operation's float result x; a denormal x (as from MOV, which moves bits) is flushed first."""
    x = ftz(x)
    return 0.0 if math.isnan(x) else min(max(x, 0.0), 1.0)
def S(x):
    """Expectation for sat(x). sat(+0) = +0 is compared bit-exactly: the runner compares float words under
    the flush rule too, so a float 0 would also accept an unflushed positive denormal (sat(-0) may be
    either zero and stays a float compare)."""
    x = ftz(x)
    return FZ(0.0) if x == 0 and math.copysign(1, x) > 0 else F(sat(x))
pairs = [
    ('in range, above, below, NaN', [0.5, 1.5, -0.5, NAN], [0.25, -1.0, 0.25, 1.0]),
    ('+-inf, exactly 1 and 0', [INF, -INF, 1.0, 0.0], [-INF, 0.0, 0.0, 1.0]),
    ('-0, denormal (flushed: 0), just below 1, just above 1', [-0.0, DMIN, fromb(0x3f7fffff), fromb(0x3f800001)], [0.0, DMIN, 1.0, 0.5]),
    ('NaN made by the operation (inf-inf, 0*inf, 0/0)', [INF, 0.0, 0.0, NAN], [-INF, INF, 0.0, NAN]),
    ('large values and negative denormal (flushed: -0)', [FLT_MAX, -FLT_MAX, -DMIN, 1e-30], [FLT_MAX, 2.0, 0.0, -1e-30]),
    ('sums crossing 1 and 0', [0.75, 0.75, -0.25, 0.125], [0.25, 0.5, 0.25, -0.5]),
    ('NaN patterns of both signs', [fromb(0xffc00000), fromb(0x7fc00001), 2.0, -2.0], [1.0, 1.0, 0.25, -0.25]),
    ('quarter steps', [0.25, 0.5, 0.75, 1.0], [2.0, 2.0, 2.0, 2.0]),
    ('tiny (1e-38 is a denormal: flushed) and huge', [1e-38, 1e38, -1e38, 3.0], [1e-38, 1e38, 1e38, 0.3]),
]
cases = []
for c, a, b in pairs:
    a = [f32(x) if not math.isnan(x) else x for x in a]
    b = [f32(x) if not math.isnan(x) else x for x in b]
    ins = [[H(bits(x)) if math.isnan(x) else F(x) for x in a], [F(x) for x in b]]
    outs = [[S(x) for x in a],
            [S(fadd(x, y)) for x, y in zip(a, b)],
            [S(fmul(x, y)) for x, y in zip(a, b)],
            [S(-x) for x in a],
            [S(fdiv(x, y)) for x, y in zip(a, b)]]
    cases.append((c, ins, outs))
compute_test(D + 'float-sat.test', '''
The _SAT modifier (tgsi.rst: clamps 32-bit float stores to [0.0, 1.0]) on MOV, ADD, MUL and DIV, including
NaN results, which saturate to 0.0 (as Mesa's reference interpreter, fminf(fmaxf(x, 0), 1), NIR's fsat and
D3D10 define it), infinities (to 0 and 1) and values just outside the range. Per lane vec4s a and b; out:
MOV_SAT a, ADD_SAT a+b, MUL_SAT a*b, MOV_SAT -a (the modifier applies before the saturation), DIV_SAT a/b.
Expected values: sat(x) = NaN ? 0 : min(max(x, 0), 1) of the exactly rounded float result. Denormal operands
and results are flushed to a zero of their sign (D3D10 rule): MOV_SAT 2^-149 = 0, 1e-38 (a denormal) + 1e-38
= 0, 2^-149 / 2^-149 = 0/0 = NaN -> 0. sat(+0) is compared bit-exactly as +0 (so that a denormal left
unflushed cannot pass for it); other zero results compare as floats (either sign).''', 2,
    ['MOV_SAT TEMP[10], TEMP[1]', 'ADD_SAT TEMP[11], TEMP[1], TEMP[2]', 'MUL_SAT TEMP[12], TEMP[1], TEMP[2]',
     'MOV_SAT TEMP[13], -TEMP[1]', 'DIV_SAT TEMP[14], TEMP[1], TEMP[2]'],
    cases)

# ---------------------------------------------------------------- denormals
pairs = [
    ('smallest denormals (read as +-0)', [DMIN, fromb(0x007fffff), -DMIN, fromb(3)], [DMIN, DMIN, DMIN, 1.0]),
    ('normal - normal would be denormal: flushed to +0', [1.5 * FLT_MIN, FLT_MIN, fromb(0x00800001), 2.0 ** -125], [FLT_MIN, fromb(0x00000001), FLT_MIN, 1.5 * 2.0 ** -125]),
    ('denormal * 2^k: the operand reads as 0; normal * 2^-k would be denormal: +0', [DMIN, fromb(0x00400000), FLT_MIN, 2.0 ** -100], [2.0 ** 23, 2.0, 0.5, 2.0 ** -40]),
    ('former ties in the denormal range: the denormal operand reads as 0', [fromb(3), DMIN, DMIN, fromb(5)], [0.5, 0.5, 0.75, 0.5]),
    ('denormal plus normal: the denormal reads as 0', [fromb(0x00000100), -fromb(0x00400000), fromb(0x007fffff), DMIN], [FLT_MIN, FLT_MIN, DMIN, -DMIN]),
    ('denormal sums of opposite signs: +-0 + -+0', [fromb(0x00012345), fromb(0x80054321), fromb(0x00200000), fromb(0x80200000)], [fromb(0x80002345), fromb(0x00004321), fromb(0x00200000), fromb(0x80100000)]),
    ('products of tiny normals: denormal products flushed to +-0', [1e-20, -3e-20, 1e-30, 2e-23], [1e-20, 3e-20, 1e-10, 1e-23]),
    ('denormal times -1 and 1: +-0', [fromb(0x00000abc), fromb(0x80000abc), fromb(0x007ffffe), fromb(0x8000ffff)], [-1.0, 1.0, 1.0, -1.0]),
    ('denormal operands with zeros', [DMIN, 0.0, -DMIN, fromb(0x00654321)], [0.0, -DMIN, 0.0, -0.0]),
]
cases = []
for c, a, b in pairs:
    a = [f32(x) for x in a]; b = [f32(x) for x in b]
    ins = [[F(x) for x in a], [F(x) for x in b]]
    outs = [[FZ(x) for x in a],
            [FZ(fadd(x, y)) for x, y in zip(a, b)],
            [FZ(fmul(x, y)) for x, y in zip(a, b)],
            [FZ(fadd(x, -y)) for x, y in zip(a, b)],
            [H(0xffffffff if ftz(x) != 0 else 0) for x in a],
            [H(bits(x) ^ 0x80000000) for x in a],
            [H(bits(y) & 0x7fffffff) for y in b]]
    cases.append((c, ins, outs))
compute_test(D + 'float-denorm.test', '''
The D3D10/D3D11 32-bit float rule (as softpipe and llvmpipe, which run shaders with FTZ+DAZ): denormals are
flushed to a zero of the same sign on input and on output of float arithmetic, while data movement keeps
bits. Inputs flushed: ADD, MUL and ADD with a negated source read a denormal operand as +-0 (2^-149 + 2^-149
= +0, -2^-149 * 2^-149 = -0, 2^-149 * 2^23 = +0, 2^-149 + FLT_MIN = FLT_MIN), and FSNE x, 0 is 0 for a
denormal x (it compares equal to zero). Outputs flushed: a result that would be denormal is a zero of its
sign (1.5*FLT_MIN - FLT_MIN = +0, FLT_MIN * 0.5 = +0, -3e-20 * 3e-20 = -0), while an exact zero sum
is +0 as IEEE specifies for round to nearest. Bits kept: MOV a, MOV -a and MOV |b| copy denormals exactly
(negate and absolute value only touch the sign bit). Per lane vec4s a and b; out (bit-exact): MOV a,
ADD a+b, MUL a*b, ADD a-b, FSNE a, 0, MOV -a, MOV |b|. References: exact rational arithmetic on the flushed
operands rounded to float32 nearest-even, a denormal result flushed.''', 2,
    ['MOV TEMP[10], TEMP[1]', 'ADD TEMP[11], TEMP[1], TEMP[2]', 'MUL TEMP[12], TEMP[1], TEMP[2]',
     'ADD TEMP[13], TEMP[1], -TEMP[2]', 'FSNE TEMP[14], TEMP[1], IMM[1].xxxx', 'MOV TEMP[15], -TEMP[1]',
     'MOV TEMP[16], |TEMP[2]|'],
    cases, imms=['IMM[1] FLT32 {0.0, 0.0, 0.0, 0.0}'])

# ---------------------------------------------------------------- ADD / MUL
pairs = [
    ('small integers and a rounding sum', [1.0, 0.1, -1.5, 3.0], [2.0, 0.2, 2.5, -7.25]),
    ('inf-inf, inf*-inf; signed zeros', [INF, -0.0, 0.0, -0.0], [-INF, -0.0, -0.0, 0.0]),
    ('overflow and 0*inf', [FLT_MAX, -FLT_MAX, 0.0, INF], [FLT_MAX, FLT_MAX, INF, 2.0]),
    ('NaN operands', [NAN, 1.0, NAN, -INF], [1.0, NAN, NAN, NAN]),
    ('ties to even at 2^24', [16777216.0, 16777216.0, 1.0, fromb(0x3f800001)], [1.0, 3.0, 2.0 ** -24, 2.0 ** -24]),
    ('products: exact, rounded, underflow into the denormal range (flushed: +0), underflow to 0', [3.0, 0.1, 1e-20, 1e-30], [-4.0, 0.1, 1e-20, 1e-30]),
    ('cancellation and x + (-x) = +0', [1.0000001, 123.456, -7.5, 1e30], [-1.0, -123.456, 7.5, -1e30]),
    ('mixed magnitudes', [1e10, 1e-10, -3.3e3, 65504.0], [1e-10, 1e10, 2.2e-3, 65504.0]),
    ('odd-digit products that round', [fromb(0x3f7fffff), fromb(0x3fffffff), 1.1, 3.3333333], [fromb(0x3f7fffff), fromb(0x3fffffff), 1.1, 3.0]),
]
cases = []
for c, a, b in pairs:
    a = [x if math.isnan(x) else f32(x) for x in a]; b = [x if math.isnan(x) else f32(x) for x in b]
    ins = [[F(x) for x in a], [F(x) for x in b]]
    outs = [[FZ(r) if r == 0 else F(r) for r in (fadd(x, y) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fmul(x, y) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fadd(x, -y) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fmul(abs(x), -y) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fadd(a[(k + 1) % 4], a[k]) for k in range(4))]]
    cases.append((c, ins, outs))
compute_test(D + 'float-add-mul.test', '''
ADD and MUL as IEEE single-precision operations rounding to nearest-even: inf - inf and 0 * inf give NaN,
NaN operands propagate, overflow gives inf, ties at 2^24 round to even, signed zeros follow IEEE
(-0 + -0 = -0, 0 + -0 = +0, x + (-x) = +0, 0 * -0 = -0; zeros are compared bit-exactly); a result that
would be denormal is flushed to a zero of its sign (D3D10 rule: 1e-20 * 1e-20 = +0, 1e-20 * -1e-20 = -0).
Per lane vec4s a and b; out: ADD a+b, MUL a*b, ADD a + -b, MUL |a| * -b, and t = a; ADD t, t.yzwx, t (the
destination is also both sources, read swizzled: every channel must see the old t). References: exact
rational arithmetic rounded to float32, denormal results flushed.''', 2,
    ['ADD TEMP[10], TEMP[1], TEMP[2]', 'MUL TEMP[11], TEMP[1], TEMP[2]', 'ADD TEMP[12], TEMP[1], -TEMP[2]',
     'MUL TEMP[13], |TEMP[1]|, -TEMP[2]', 'MOV TEMP[14], TEMP[1]', 'ADD TEMP[14], TEMP[14].yzwx, TEMP[14]'],
    cases)

# ---------------------------------------------------------------- MAD / FMA
e23 = 2.0 ** -23
trip = [
    ('exact small values', [1.0, 2.0, -1.5, 0.5], [2.0, 3.0, 4.0, 0.5], [3.0, -1.0, 0.5, 0.75]),
    ('fused differs: (1+2^-23)^2 - (1+2^-22) = 2^-46; 0.1f*10 - 1 = 2^-26', [1 + e23, 0.1, 1 + e23, 3.0], [1 + e23, 10.0, -(1 + e23), 1.0 / 3], [-(1 + 2 * e23), -1.0, 1 + 2 * e23, -1.0]),
    ('inf*0 + 1, 1*inf - inf, NaN addend, inf*2 + 1', [INF, 1.0, 2.0, INF], [0.0, INF, 3.0, 2.0], [1.0, -INF, NAN, 1.0]),
    ('FLT_MAX*2 - FLT_MAX: FMA gives FLT_MAX (no intermediate overflow)', [FLT_MAX, 2.0 ** 100, 1e-30, -1e-30], [2.0, 2.0 ** 100, 1e-30, 1e-30], [-FLT_MAX, -(2.0 ** 200 if False else FLT_MAX), 0.0, 1e-45]),
    ('products below the denormal range plus a denormal (operand and results flushed: +0)', [2.0 ** -80, 2.0 ** -75, 3.0, 1.5], [2.0 ** -80, 2.0 ** -75, DMIN, DMIN], [DMIN, 0.0, 0.0, DMIN]),
    ('generic values', [1.1, -2.2, 3.3, 4.4], [5.5, 6.6, -7.7, 8.8], [9.9, 10.1, 11.11, -12.12]),
    ('cancellation to zero and to a tiny value', [3.0, 0.1, 7.0, 1.0 / 3], [5.0, 0.1, 0.1, 3.0], [-15.0, -0.010000001, -0.7, -1.0]),
    ('negated operands through modifiers', [2.0, -3.0, 0.25, 10.0], [4.0, 5.0, 8.0, 0.1], [1.0, 1.0, 1.0, 1.0]),
    ('large magnitudes; 1e-20*1e-20 + 1e-40 (a denormal addend, flushed) = +0', [1e20, 1e19, -3e38, 1e-20], [1e18, -1e19, 1.0, 1e-20], [1e38, 1e38, 3e38, 1e-40]),
]
cases = []
for c, a, b, d in trip:
    a = [x if math.isnan(x) else f32(x) for x in a]
    b = [x if math.isnan(x) else f32(x) for x in b]
    d = [x if math.isnan(x) else f32(x) for x in d]
    ins = [[F(x) for x in a], [F(x) for x in b], [F(x) for x in d]]
    def mad(x, y, z):
        fused, unf = ffma(x, y, z), fadd(fmul(x, y), z)
        if math.isnan(fused) and math.isnan(unf):
            return F(NAN)
        if fused == unf:
            if fused == 0 and math.copysign(1, fused) == math.copysign(1, unf):
                return FZ(fused)   # a float word would also accept an unflushed denormal
            return F(fused)
        if math.isinf(fused) or math.isinf(unf) or math.isnan(fused) or math.isnan(unf):
            return ANY
        return F(fused, tol=abs(fused - unf))   # either rounding is allowed
    outs = [[mad(x, y, z) for x, y, z in zip(a, b, d)],
            [FZ(r) if r == 0 else F(r) for r in (ffma(x, y, z) for x, y, z in zip(a, b, d))],
            [mad(x, y, -z) for x, y, z in zip(a, b, d)],
            [FZ(r) if r == 0 else F(r) for r in (ffma(-x, y, z) for x, y, z in zip(a, b, d))]]
    cases.append((c, ins, outs))
compute_test(D + 'float-mad-fma.test', '''
MAD and FMA. FMA is a*b+c with a single rounding (tgsi.rst): the second lane's cases (1+2^-23)^2 - (1+2^-22)
= 2^-46 and 0.1f*10 - 1 = 2^-26 come out 0 when the product is rounded first, and FLT_MAX*2 - FLT_MAX is
FLT_MAX fused (inf unfused). MAD may or may not round the product (tgsi.rst): where the two roundings differ
the expectation is the fused value with an absolute tolerance equal to the difference (so both pass), or `any`
when one of them overflows. Denormal operands and results are flushed to a zero of their sign (D3D10 rule;
for FMA only the final result, not the exact product inside it): 2^-80*2^-80 + 2^-149 = +0, 3*2^-149 + 0 = +0.
Zero results are compared bit-exactly where fused and unfused agree on the sign. Per lane vec4s a, b, c; out:
MAD a*b+c, FMA a*b+c, MAD a*b + -c, FMA -a*b + c. References: exact rational a*b+c of the flushed operands
rounded once to float32 (fused); the unfused value rounds (and flushes) twice.''', 3,
    ['MAD TEMP[10], TEMP[1], TEMP[2], TEMP[3]', 'FMA TEMP[11], TEMP[1], TEMP[2], TEMP[3]',
     'MAD TEMP[12], TEMP[1], TEMP[2], -TEMP[3]', 'FMA TEMP[13], -TEMP[1], TEMP[2], TEMP[3]'],
    cases)

# ---------------------------------------------------------------- DIV
pairs = [
    ('x/0 and 0/0', [1.0, -1.0, 1.0, 0.0], [0.0, 0.0, -0.0, 0.0]),
    ('inf/inf, inf/0, 0/inf, NaN', [INF, INF, 0.0, NAN], [INF, 0.0, -INF, 1.0]),
    ('rounded quotients', [1.0, 2.0, 10.0, -1.0], [3.0, 3.0, 7.0, 7.0]),
    ('results in the denormal range (flushed: +0) and overflow', [1.0, 2.0 ** -126, FLT_MAX, 1e-30], [FLT_MAX, 4.0, 0.5, 1e10]),
    ('denormal dividends (flushed: +-0 / x = +-0, x / denormal = +-inf)', [DMIN, fromb(3), fromb(0x007fffff), -DMIN], [2.0, 2.0, 2.0 ** -23, 1.5]),
    ('exact quotients', [7.0, -6.0, 1.0, 1024.0], [7.0, 3.0, 0.125, -0.001953125]),
    ('denormal divisors (flushed: x / +0 = inf, 1e-40 / 1e-40 = 0/0 = NaN)', [1.0, 1e-40, 2.0 ** -140, 1.0], [DMIN, 1e-40, fromb(0x00000200), fromb(0x00400000)]),
    ('generic', [3.14159, 2.71828, 1e38, 123456.0], [2.71828, -3.14159, 1e-5, 0.001]),
    ('NaN divisor and signs', [NAN, -5.0, -0.0, 5.0], [NAN, -0.5, 3.0, -INF]),
]
cases = []
for c, a, b in pairs:
    a = [x if math.isnan(x) else f32(x) for x in a]; b = [x if math.isnan(x) else f32(x) for x in b]
    ins = [[F(x) for x in a], [F(x) for x in b]]
    outs = [[FZ(r) if r == 0 else F(r) for r in (fdiv(x, y) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fdiv(y, x) for x, y in zip(a, b))],
            [FZ(r) if r == 0 else F(r) for r in (fdiv(-x, abs(y)) for x, y in zip(a, b))]]
    cases.append((c, ins, outs))
compute_test(D + 'float-div.test', '''
DIV as single-precision division rounding to nearest-even: x/0 = +-inf with the sign of the zero, 0/0 and
inf/inf = NaN, 0/inf = 0, quotients that overflow. Denormal operands and results are flushed to a zero of
their sign (D3D10 rule): a denormal dividend reads as +-0, division by a denormal is division by +-0
(1 / 2^-149 = inf), quotients in the denormal range are +-0. Signed zero results are compared bit-exactly.
Per lane vec4s a and b; out: DIV a/b, DIV b/a, DIV -a/|b|. References: exact rational quotient of the
flushed operands rounded to float32, a denormal quotient flushed.''', 2,
    ['DIV TEMP[10], TEMP[1], TEMP[2]', 'DIV TEMP[11], TEMP[2], TEMP[1]', 'DIV TEMP[12], -TEMP[1], |TEMP[2]|'],
    cases)

# ---------------------------------------------------------------- MIN / MAX
def minmax_word(a, b, is_max):
    """minNum/maxNum under the flush rule: denormals are flushed for the comparison, and the result may or
    may not be flushed. The allowed results are the chosen operand's value or its flushed zero, or either
    operand's when the two compare equal. One outcome (or zeros only, which compare as floats anyway): F of
    it; several because of a denormal: a float 0 with an absolute tolerance of the largest denormal among
    them (that accepts +-0 and the denormal(s), and nothing nonzero outside the denormal range)."""
    if math.isnan(a) and math.isnan(b):
        return F(NAN)
    if math.isnan(a) or math.isnan(b):
        pick = [b if math.isnan(a) else a]
    else:
        fa, fb = ftz(a), ftz(b)
        if fa == fb:
            pick = [a, b]
        else:
            pick = [a if (fa > fb) == is_max else b]
    outs = set(pick) | set(ftz(v) for v in pick)       # (+0 == -0 in a set: zeros compare as floats)
    if len(outs) == 1:
        return F(outs.pop())
    assert all(v == 0 or is_denorm(v) for v in outs), (a, b, outs)
    return F(0.0, tol=max(abs(v) for v in outs))
pairs = [
    ('ordinary', [1.0, -1.0, 3.5, -2.0], [2.0, -2.0, 3.5, 7.0]),
    ('one NaN operand: the other operand', [NAN, 1.0, NAN, -INF], [1.0, NAN, -3.0, NAN]),
    ('both NaN; infinities', [NAN, INF, -INF, INF], [NAN, -INF, 5.0, 5.0]),
    ('denormals and zero (all compare equal once flushed)', [DMIN, -DMIN, 0.0, fromb(0x00400000)], [0.0, 0.0, fromb(0x007fffff), fromb(0x00400001)]),
    ('NaN against infinities and denormals', [INF, NAN, NAN, -DMIN], [NAN, -INF, DMIN, NAN]),
    ('+0 against -0 (either zero is accepted)', [0.0, -0.0, 1e-30, -1e30], [-0.0, 0.0, 1e-31, -1e31]),
    ('large', [FLT_MAX, -FLT_MAX, 1e38, -1e38], [INF, -INF, 2e38, -2e38]),
    ('negative NaN pattern', [fromb(0xffc00000), fromb(0xffffffff), 4.0, -4.0], [0.5, -0.5, fromb(0xffc00000), fromb(0x7fffffff)]),
    ('close values', [1.0, fromb(0x3f800001), -1.0, fromb(0xbf800001)], [fromb(0x3f800001), 1.0, fromb(0xbf800001), -1.0]),
]
cases = []
for c, a, b in pairs:
    a = [x if math.isnan(x) else f32(x) for x in a]; b = [x if math.isnan(x) else f32(x) for x in b]
    ins = [[H(bits(x)) if math.isnan(x) else F(x) for x in a], [H(bits(x)) if math.isnan(x) else F(x) for x in b]]
    outs = [[minmax_word(x, y, False) for x, y in zip(a, b)], [minmax_word(x, y, True) for x, y in zip(a, b)],
            [minmax_word(y, x, False) for x, y in zip(a, b)], [minmax_word(y, x, True) for x, y in zip(a, b)]]
    cases.append((c, ins, outs))
compute_test(D + 'float-minmax.test', '''
MIN and MAX as IEEE 754-2008 minNum/maxNum (fxpipe's documented convention, as GLSL/NIR fmin/fmax on most
hardware): a NaN operand, in either position, yields the other operand; two NaNs give NaN. D3D10 rule for
denormals: they are flushed to zero for the comparison, and the result may or may not be flushed. So
min(2^-149, 0) compares equal operands and may be 0 or 2^-149, and min(NaN, 2^-149) may be 2^-149 or 0:
such words are a float 0 with an absolute tolerance of the largest denormal involved (both outcomes pass).
+0 vs -0: either zero is accepted (compared as floats).
Per lane vec4s a and b; out: MIN a,b; MAX a,b; MIN b,a; MAX b,a.''', 2,
    ['MIN TEMP[10], TEMP[1], TEMP[2]', 'MAX TEMP[11], TEMP[1], TEMP[2]', 'MIN TEMP[12], TEMP[2], TEMP[1]',
     'MAX TEMP[13], TEMP[2], TEMP[1]'],
    cases)

# ---------------------------------------------------------------- comparisons
random.seed(7)
pairs = [
    ('ordered pairs', [1.0, 2.0, 1.0, -1.0], [2.0, 1.0, 1.0, -2.0]),
    ('NaN on either side or both', [NAN, 1.0, NAN, NAN], [1.0, NAN, NAN, INF]),
    ('signed zeros, infinities', [-0.0, INF, -INF, -INF], [0.0, INF, INF, -INF]),
    ('denormals are flushed: equal to zero', [DMIN, -DMIN, DMIN, 0.0], [0.0, 0.0, DMIN, -DMIN]),
    ('FLT_MAX vs inf, close values', [FLT_MAX, fromb(0x3f800001), -FLT_MAX, 1.0], [INF, 1.0, -INF, fromb(0x3f800001)]),
    ('NaN against zero and infinities', [NAN, 0.0, -INF, NAN], [0.0, fromb(0xffc00000), NAN, -0.0]),
]
for i in range(4):
    a = [f32(random.choice([random.uniform(-10, 10), float(random.randint(-3, 3))])) for _ in range(4)]
    b = [f32(random.choice([random.uniform(-10, 10), float(random.randint(-3, 3)), a[j]])) for j in range(4)]
    pairs.append(('pseudo-random values (some equal)', a, b))
cases = []
for c, a, b in pairs:
    a = [x if math.isnan(x) else f32(x) for x in a]; b = [x if math.isnan(x) else f32(x) for x in b]
    ins = [[H(bits(x)) if math.isnan(x) else F(x) for x in a], [H(bits(x)) if math.isnan(x) else F(x) for x in b]]
    fl = lambda p: [F(1.0 if p(ftz(x), ftz(y)) else 0.0) for x, y in zip(a, b)]
    it = lambda p: [H(0xffffffff if p(ftz(x), ftz(y)) else 0) for x, y in zip(a, b)]
    lt, ge, gt, le = (lambda x, y: x < y), (lambda x, y: x >= y), (lambda x, y: x > y), (lambda x, y: x <= y)
    eq, ne = (lambda x, y: x == y), (lambda x, y: x != y)
    outs = [fl(lt), fl(ge), fl(gt), fl(le), fl(eq), fl(ne), it(lt), it(ge), it(eq), it(ne)]
    cases.append((c, ins, outs))
compute_test(D + 'float-compare.test', '''
Float comparisons: SLT, SGE, SGT, SLE, SEQ, SNE give 1.0/0.0; FSLT, FSGE, FSEQ, FSNE give ~0/0 (tgsi.rst).
Every comparison with a NaN operand is false except the not-equal ones (SNE, FSNE: "unordered"), so
SGE(NaN, x) = 0 while SLT(NaN, x) = 0 too; -0 == +0; denormal operands are flushed to zero (D3D10 rule),
so 2^-149 == 0 == -2^-149 and -2^-149 < 0 is false. 10 lanes (two batches), the last four pseudo-random
with fixed seed (Python comparisons of the flushed operands give the references).
Per lane vec4s a and b; out: SLT SGE SGT SLE SEQ SNE (floats), FSLT FSGE FSEQ FSNE (hex).''', 2,
    ['SLT TEMP[10], TEMP[1], TEMP[2]', 'SGE TEMP[11], TEMP[1], TEMP[2]', 'SGT TEMP[12], TEMP[1], TEMP[2]',
     'SLE TEMP[13], TEMP[1], TEMP[2]', 'SEQ TEMP[14], TEMP[1], TEMP[2]', 'SNE TEMP[15], TEMP[1], TEMP[2]',
     'FSLT TEMP[16], TEMP[1], TEMP[2]', 'FSGE TEMP[17], TEMP[1], TEMP[2]', 'FSEQ TEMP[18], TEMP[1], TEMP[2]',
     'FSNE TEMP[19], TEMP[1], TEMP[2]'],
    cases)
