import math
from lib import *

# expectation / data words
def F(x, ulp=0, tol=0.0):      # float, +-0 compared leniently, denormals as exact bits
    return ('f', x, tol, ulp)
def FZ(x):                      # float whose bits (sign of zero, NaN payload) are compared exactly
    return ('h', bits(x), 0, 0)
def H(b):
    return ('h', b & 0xffffffff, 0, 0)
def I(v):
    return ('i', v, 0, 0)
def U(v):
    return ('u', v & 0xffffffff, 0, 0)
ANY = ('any', None, 0, 0)

class Emitter:
    def __init__(self):
        self.type = 'float'
        self.tol = 0.0
        self.ulp = 0
    def word(self, w):
        kind, v, tol, ulp = w
        out = []
        def settype(t):
            if self.type != t:
                out.append(t)
                self.type = t
        if kind == 'f':
            if math.isnan(v):
                settype('float'); out.append('nan')
                return out
            if is_denorm(v) and not tol and not ulp:
                kind, v = 'h', bits(v)
            else:
                settype('float')
                if self.tol != tol:
                    out += ['tol', repr(tol)]; self.tol = tol
                # infinities and zeros are compared exactly (an ulp tolerance would accept FLT_MAX for inf)
                u = ulp if math.isfinite(v) and v != 0 else 0
                if self.ulp != u:
                    out += ['ulp', str(u)]; self.ulp = u
                if math.isinf(v):
                    out.append('inf' if v > 0 else '-inf')
                elif v == 0:
                    out.append('-0' if math.copysign(1, v) < 0 else '0')
                else:
                    out.append(fmt_num(v))
                return out
        if kind == 'h':
            settype('hex'); out.append('0x%08x' % v)
        elif kind == 'i':
            settype('int'); out.append(str(v))
        elif kind == 'u':
            settype('uint'); out.append(str(v))
        elif kind == 'any':
            out.append('any')
        return out
    def line(self, words):
        toks = []
        for w in words:
            toks += self.word(w)
        return ' '.join(toks)

def compute_test(path, comment, nin, ops, cases, imms=(), decls=(), constants=None, block=None):
    """cases: list of (comment, [nin vec4 input words], [nout vec4 expect words])."""
    nout = len(cases[0][2])
    lines = ['# ' + l if l else '#' for l in comment.strip('\n').split('\n')]
    sh = ['COMP', 'DCL SV[0], THREAD_ID', 'DCL BUFFER[0]', 'DCL BUFFER[1]']
    sh += list(decls)
    sh += ['DCL TEMP[0..31]', 'IMM[0] UINT32 {%d, %d, 16, 0}' % (nin * 16, nout * 16)]
    sh += list(imms)
    body = ['UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx', 'LOAD TEMP[1], BUFFER[0], TEMP[0].xxxx']
    for i in range(1, nin):
        body += ['UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz', 'LOAD TEMP[%d], BUFFER[0], TEMP[0].xxxx' % (1 + i)]
    body += list(ops)
    body += ['UMUL TEMP[0].y, SV[0].xxxx, IMM[0].yyyy', 'STORE BUFFER[1].xyzw, TEMP[0].yyyy, TEMP[10]']
    for j in range(1, nout):
        body += ['UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].zzzz', 'STORE BUFFER[1].xyzw, TEMP[0].yyyy, TEMP[%d]' % (10 + j)]
    body += ['END']
    lines.append('[compute]')
    lines += sh + ['  ' + b for b in body]
    lines.append('[block %d 1 1]' % (block or len(cases)))
    if constants:
        lines.append('[constants 0]')
        lines += constants
    lines.append('[buffer 0]')
    e = Emitter()
    for i, (c, ins, outs) in enumerate(cases):
        assert len(ins) == nin and all(len(v) == 4 for v in ins), c
        lines.append('# lane %d: %s' % (i, c))
        lines.append(e.line([w for v in ins for w in v]))
    lines.append('[expect buffer 1]')
    e = Emitter()
    for i, (c, ins, outs) in enumerate(cases):
        assert len(outs) == nout and all(len(v) == 4 for v in outs), c
        lines.append('# lane %d: %s' % (i, c))
        for v in outs:
            lines.append(e.line(v))
    open(path, 'w').write('\n'.join(lines) + '\n')
