# Reference helpers for the float-family TGSI tests: exact rational arithmetic rounded to nearest-even,
# under the D3D10/D3D11 32-bit float rule (what softpipe and llvmpipe do by running shaders with x86 FTZ+DAZ):
# denormal operands of a float operation are read as a zero of the same sign, and results that would be
# denormal are written as a zero of the same sign. Data movement (MOV, swizzles, abs/neg source modifiers,
# bit casts, integer ops, LOAD/STORE) keeps bits and does not go through these helpers.
import math, struct
from fractions import Fraction as Fr

INF = math.inf
NAN = math.nan

def round_fmt(q, p, emin, emax):
    """Round the exact rational q to the binary format with p significand bits (incl. hidden), minimum
    normal exponent emin and maximum exponent emax, ties to even. Returns a Python float (exact)."""
    if q == 0:
        return 0.0
    s = -1 if q < 0 else 1
    a = abs(Fr(q))
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fr(2) ** e > a:
        e -= 1
    while Fr(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    ulp = Fr(2) ** (e - (p - 1))
    m = a / ulp
    n = m.numerator // m.denominator
    r = m - n
    if r > Fr(1, 2) or (r == Fr(1, 2) and n % 2 == 1):
        n += 1
    v = n * ulp
    maxv = (2 - Fr(2) ** (1 - p)) * Fr(2) ** emax
    if v > maxv:
        return s * INF
    return s * float(v)   # exact: fits in a double

def rf32(q):
    return round_fmt(q, 24, -126, 127)

def rf16(q):
    return round_fmt(q, 11, -14, 15)

def f32(x):
    """Python float -> float32 value via the C cast (correctly rounded)."""
    try:
        return struct.unpack('f', struct.pack('f', x))[0]
    except OverflowError:
        return math.copysign(INF, x)

def bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]

def fromb(b):
    return struct.unpack('<f', struct.pack('<I', b & 0xffffffff))[0]

def is_denorm(x):
    return x != 0 and math.isfinite(x) and abs(x) < 2.0 ** -126

def fmt_num(x):
    """Shortest decimal string that strtof reads back as the float32 x (x finite, nonzero)."""
    if x == int(x) and abs(x) < 1e9:
        return str(int(x))
    for n in range(1, 10):
        s = '%.*g' % (n, x)
        if rf32(Fr(s)) == x:
            return s
    raise ValueError(x)

def ftz(x):
    """A float operation's view of an operand: a denormal reads as a zero of its sign (DAZ)."""
    return math.copysign(0.0, x) if is_denorm(x) else x

def rf32z(q):
    """The exact nonzero rational q rounded to float32 nearest-even, a denormal result flushed to a zero of
    q's sign (FTZ). Refuses the values just below 2^-126 that round up to 2^-126 only with denormal-range
    rounding: whether a flushing unit (tininess detected before or after rounding) gives 0 or 2^-126 for
    those is not fixed, and no test case should depend on it."""
    v = rf32(q)
    if abs(Fr(q)) < Fr(2) ** -126 and abs(v) == 2.0 ** -126:
        raise ValueError('result at the denormal/normal boundary is ambiguous under flush: %r' % (q,))
    if v == 0 or is_denorm(v):
        return math.copysign(0.0, q)
    return v

# exact float32 arithmetic (round to nearest even) with denormal inputs and outputs flushed to signed zero
def fadd(a, b):
    a, b = ftz(a), ftz(b)
    if math.isnan(a) or math.isnan(b):
        return NAN
    if math.isinf(a) or math.isinf(b):
        return a + b          # inf - inf = nan in Python too
    if a == 0 and b == 0:
        return a + b          # sign rules of zero sums: Python doubles follow IEEE
    r = Fr(a) + Fr(b)
    return rf32z(r) if r != 0 else 0.0

def fmul(a, b):
    a, b = ftz(a), ftz(b)
    if math.isnan(a) or math.isnan(b):
        return NAN
    if math.isinf(a) or math.isinf(b):
        return a * b
    r = Fr(a) * Fr(b)
    sign = math.copysign(1, a) * math.copysign(1, b)
    return rf32z(r) if r != 0 else math.copysign(0.0, sign)

def fdiv(a, b):
    a, b = ftz(a), ftz(b)
    if math.isnan(a) or math.isnan(b):
        return NAN
    if b == 0:
        if a == 0:
            return NAN
        return math.copysign(INF, a) * math.copysign(1, b)
    if math.isinf(a):
        return NAN if math.isinf(b) else math.copysign(INF, a) * math.copysign(1, b)
    if math.isinf(b):
        return math.copysign(0.0, a) * math.copysign(1, b)
    r = Fr(a) / Fr(b)
    return rf32z(r) if r != 0 else math.copysign(0.0, math.copysign(1, a) * math.copysign(1, b))

def ffma(a, b, c):
    """a*b+c rounded once; the flush applies to the operands and to the final result only."""
    a, b, c = ftz(a), ftz(b), ftz(c)
    if any(math.isnan(v) for v in (a, b, c)):
        return NAN
    if math.isinf(a) or math.isinf(b) or math.isinf(c):
        return a * b + c      # double gives the right inf/nan
    r = Fr(a) * Fr(b) + Fr(c)
    if r == 0:
        # exact zero: the product is an exact zero here (a nonzero product cannot cancel a float c to 0
        # unless it equals -c, which gives +0 as below); IEEE zero-sum sign rules
        p = math.copysign(0.0, math.copysign(1, a) * math.copysign(1, b)) if a == 0 or b == 0 else None
        return p + c if p is not None else 0.0
    return rf32z(r)

def fneg(a):
    return -a
