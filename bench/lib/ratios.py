#!/usr/bin/python3
"""Prints a benchmark's figures on fxpipe, softpipe and llvmpipe side by side, with fxpipe's ratio to each and
the geometric mean of the ratios. A workload one of the other drivers has no figure for shows '-'. The figures are read from the three drivers' outputs with a regular
expression whose groups are the workload's name and its figure (higher is better).
  ratios.py REGEX 'what the figure is' FXPIPE_OUTPUT SOFTPIPE_OUTPUT LLVMPIPE_OUTPUT"""
import math
import re
import sys


def load(path, regex):
    rows = {}
    for line in open(path, errors='replace'):
        line = re.sub(r'\x1b\[[0-9;]*m', '', line)
        m = re.search(regex, line)
        if m:
            rows[m.group(1).strip()] = float(m.group(2))
    return rows


def main():
    regex, unit = sys.argv[1], sys.argv[2]
    fx, sp, lp = (load(p, regex) for p in sys.argv[3:6])
    width = max([len(k) for k in fx] + [len(unit), 8])
    print('%-*s %10s %10s %10s %8s %8s' % (width, unit, 'fxpipe', 'softpipe', 'llvmpipe', 'fx/sp', 'fx/lp'))
    logs_sp, logs_lp = [], []
    fig = lambda v: '%10.*f' % (4 if v < 1 else 1, v) if v is not None else '%10s' % '-'
    rat = lambda v: '%7.2fx' % v if v is not None else '%8s' % '-'
    for name, f in fx.items():
        s, l = sp.get(name), lp.get(name)
        rs = f / s if s else None
        rl = f / l if l else None
        if rs:
            logs_sp.append(math.log(rs))
        if rl:
            logs_lp.append(math.log(rl))
        print('%-*s %s %s %s %s %s' % (width, name, fig(f), fig(s), fig(l), rat(rs), rat(rl)))
    if not fx:
        print('no figures found in the fxpipe output (%s)' % sys.argv[3])
        sys.exit(1)
    gm = lambda v: math.exp(sum(v) / len(v)) if v else 0.0
    print('geometric mean of the ratios: fx/softpipe %.2fx, fx/llvmpipe %.2fx' % (gm(logs_sp), gm(logs_lp)))
    behind = [n for n in fx if sp.get(n) and fx[n] < sp[n]]
    print('fxpipe behind softpipe on: %s' % (', '.join(behind) if behind else 'none'))


main()
