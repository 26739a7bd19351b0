#!/usr/bin/python3
"""The table of bench/tgsi/techniques.sh: for each workload, its figure with everything on, then each
technique's ratio (everything on / that technique off), and the geometric mean of each column.
  techniques.py DIR on NAME...      (DIR/tgsi-NAME: fxpipe-bench-tgsi's output, DIR/glmark2-NAME: glmark2's)"""
import math
import re
import sys


def tgsi(path):
    """lanes/s of each shader on the one table the run used (the first figure of each row)."""
    rows = {}
    for line in open(path, errors='replace'):
        f = line.split()
        if len(f) >= 3 and f[0] != 'shader' and re.fullmatch(r'[0-9]+', f[1]):
            rows['tgsi ' + f[0]] = float(f[1])
    return rows


def glmark2(path):
    rows = {}
    for line in open(path, errors='replace'):
        m = re.search(r'^\[(.*?)\]\s*(.*?):? FPS: ([0-9.]+)', line)
        if m:
            rows[('%s %s' % (m.group(1), m.group(2))).strip(': ')] = float(m.group(3))
    return rows


def main():
    d, names = sys.argv[1], sys.argv[2:]
    fig = {n: {**tgsi('%s/tgsi-%s' % (d, n)), **glmark2('%s/glmark2-%s' % (d, n))} for n in names}
    on, offs = fig[names[0]], names[1:]
    width = max([len(k) for k in on] + [20])
    print('%-*s %12s' % (width, 'workload', 'all on') + ''.join(' %10s' % n for n in offs))
    logs = {n: [] for n in offs}
    for w, v in on.items():
        cells = []
        for n in offs:
            o = fig[n].get(w)
            if o:
                logs[n].append(math.log(v / o))
                cells.append(' %9.2fx' % (v / o))
            else:
                cells.append(' %10s' % '-')
        print('%-*s %12.1f' % (width, w, v) + ''.join(cells))
    print('%-*s %12s' % (width, 'geometric mean', '') +
          ''.join(' %9.2fx' % math.exp(sum(l) / len(l)) if l else ' %10s' % '-' for l in logs.values()))
    print('(each column: the figure with everything on divided by the figure with that technique off)')


main()
