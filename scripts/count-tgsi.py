#!/usr/bin/env python3
"""Counts opcodes, pairs and triples in the shaders fxpipe decodes, to choose what to fuse in the engine.

Input: the stderr of GL programs run with FXPIPE_DEBUG=tgsi (each shader's "fxpipe: shader N, ISA: ..."
line, then its TGSI as tgsi_dump prints it). Each distinct shader text counts once, whatever the number of
times it was compiled. A pair is two instructions in a row where the second reads a register the first
writes (a data dependency, the kind fusion can keep in registers); a triple is three such in a row. Also
prints how much of the instructions run per batch the decoder moved to once per dispatch (uniform work,
shader/fxp_uniform.c).

    FXPIPE_DEBUG=tgsi glmark2 ... 2> log.txt
    scripts/count-tgsi.py log.txt [more logs] > docs/tgsi-pairs.md
"""
import collections
import re
import sys

NO_DST = {'STORE', 'IF', 'UIF', 'ELSE', 'ENDIF', 'BGNLOOP', 'ENDLOOP', 'BRK', 'CONT', 'END', 'KILL',
          'KILL_IF', 'DEMOTE', 'EMIT', 'ENDPRIM', 'BARRIER', 'MEMBAR', 'RET', 'CAL', 'BGNSUB', 'ENDSUB',
          'NOP', 'SWITCH', 'CASE', 'DEFAULT', 'ENDSWITCH'}
INST = re.compile(r'^\s*\d+: (\w+)(.*)$')
HEAD = re.compile(r'fxpipe: shader \d+, \w+: (\d+) instructions run per batch, (\d+) once per dispatch')
REG = re.compile(r'(TEMP|OUT|OUTPUT|ADDR)\[(\d+)\]')


def shaders(paths):
    """Yields (header match, [lines]) for each shader dump in the logs."""
    for path in paths:
        cur, head = None, None
        with open(path, errors='replace') as f:
            for line in f:
                m = HEAD.search(line)
                if m:
                    if cur:
                        yield head, cur
                    cur, head = [], m
                    continue
                if cur is not None:
                    cur.append(line.rstrip('\n'))
                    if INST.match(line) and INST.match(line).group(1) == 'END':
                        yield head, cur
                        cur, head = None, None
        if cur:
            yield head, cur


def parse(lines):
    insts = []
    for line in lines:
        m = INST.match(line)
        if not m:
            continue
        op = m.group(1)
        ops = [o.strip() for o in m.group(2).split(',')] if m.group(2).strip() else []
        base = op[:-4] if op.endswith('_SAT') else op
        dst = set(REG.findall(ops[0])) if ops and base not in NO_DST else set()
        src = set()
        for o in (ops[1:] if dst else ops):
            src |= set(REG.findall(o))
        insts.append((base, dst, src))
    return insts


def main(paths):
    seen = set()
    ops, pairs, triples = collections.Counter(), collections.Counter(), collections.Counter()
    n_shaders = per_batch = once = 0
    for head, lines in shaders(paths):
        text = '\n'.join(l for l in lines if INST.match(l) or l.startswith(('DCL', 'IMM', 'PROPERTY')))
        if text in seen:
            continue
        seen.add(text)
        n_shaders += 1
        per_batch += int(head.group(1))
        once += int(head.group(2))
        insts = parse(lines)
        for op, _, _ in insts:
            ops[op] += 1
        for i in range(len(insts) - 1):
            a, b = insts[i], insts[i + 1]
            if a[1] & b[2]:
                pairs[(a[0], b[0])] += 1
                if i + 2 < len(insts) and b[1] & insts[i + 2][2]:
                    triples[(a[0], b[0], insts[i + 2][0])] += 1
    total = sum(ops.values())
    print('# TGSI opcodes, pairs and triples\n')
    print('Written by `scripts/count-tgsi.py` from FXPIPE_DEBUG=tgsi logs: %d distinct shaders, %d '
          'instructions.' % (n_shaders, total))
    print('Uniform work: %d instructions hoisted to once per dispatch, %d left to run per batch (%.1f%% '
          'moved).\n' % (once, per_batch, 100.0 * once / max(once + per_batch, 1)))
    for title, counter, n in (('Opcodes', ops, 25), ('Dependent pairs', pairs, 25),
                              ('Dependent triples', triples, 15)):
        print('## %s\n' % title)
        print('| sequence | count | share of instructions |')
        print('|---|---|---|')
        for k, v in counter.most_common(n):
            name = k if isinstance(k, str) else ' -> '.join(k)
            print('| %s | %d | %.1f%% |' % (name, v, 100.0 * v / max(total, 1)))
        print()


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
