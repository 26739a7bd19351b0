#!/usr/bin/python3
"""Prints a benchmark's figures on fxpipe, softpipe and llvmpipe side by side, with fxpipe's ratio to each and
the geometric mean of the ratios. A workload one of the other drivers has no figure for shows '-'. The figures are read from the three drivers' outputs with a regular
expression whose groups are the workload's name and its figure (higher is better).
  ratios.py REGEX 'what the figure is' FXPIPE_OUTPUT SOFTPIPE_OUTPUT LLVMPIPE_OUTPUT
With BENCH_BASE_OUTPUT naming another fxpipe build's output of the same benchmark (bench/lib/drivers.sh,
FXPIPE_BASE_DRI), a second table follows: each figure of that build beside fxpipe's, their ratio, the
geometric mean of the ratios and the workloads where fxpipe is slower."""
import math
import os
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
    # no common workload (a driver that finished none in its time): '-', not a ratio of 0
    gm = lambda v: '%.2fx' % math.exp(sum(v) / len(v)) if v else '- (no common workload)'
    print('geometric mean of the ratios: fx/softpipe %s, fx/llvmpipe %s' % (gm(logs_sp), gm(logs_lp)))
    behind = [n for n in fx if sp.get(n) and fx[n] < sp[n]]
    print('fxpipe behind softpipe on: %s' % (', '.join(behind) if behind else 'none'))
    base_path = os.environ.get('BENCH_BASE_OUTPUT')
    if base_path and os.path.exists(base_path):
        base = load(base_path, regex)
        print()
        print('against the base build (%s):' % base_path)
        print('%-*s %10s %10s %8s' % (width, unit, 'base', 'fxpipe', 'fx/base'))
        logs_b = []
        for name, f in fx.items():
            b = base.get(name)
            rb = f / b if b else None
            if rb:
                logs_b.append(math.log(rb))
            print('%-*s %s %s %s' % (width, name, fig(b), fig(f), rat(rb)))
        print('geometric mean of the ratios: fx/base %s' % gm(logs_b))
        slower = [n for n in fx if base.get(n) and fx[n] < base[n]]
        print('fxpipe slower than the base build on: %s' % (', '.join(slower) if slower else 'none'))


main()
