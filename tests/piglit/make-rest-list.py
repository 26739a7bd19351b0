#!/usr/bin/python3
"""make-rest-list.py - write the expectation list of every test of piglit's
quick_gl and quick_shader profiles that no other GLX list holds, from one or
more piglit result folders of full runs on fxpipe.

Purpose: the other lists hold tests chosen by a rule (they pass on fxpipe and
on softpipe, or on fxpipe alone); this one holds the rest, pass, fail or skip,
so that CI runs the whole of both profiles and a new crash, timeout or
regression anywhere in them is seen.  Every fail and skip carries its reason:
the reason written for its group in REASONS below where one applies, otherwise
the line of the test's own output that says what it found (its "requires"
line for a skip, its first probe or error line for a fail).

A test whose results differ between the runs is written with the worse one
and the comment "flaky: ..." (a flake is a bug until shown otherwise; such a
line says which results were seen).  A crash or timeout is never written as an
expectation: piglit-check.py fails on those whatever a list says, so they are
reported here and must be fixed first.

  make-rest-list.py --out lists/rest-glx.txt RESULTS_DIR [RESULTS_DIR ...]

--profiles names other profiles (default quick_gl quick_shader): the glslparser
profile's list, lists/glslparser-glx.txt, is written with --profiles glslparser.

With --raise LIST, no list is written from scratch: the lines of LIST (any
expectation list) whose tests ran in the result folders and gave another
result are rewritten in place with that result and its reason (none for a
pass), keeping the rest of each line ("alone", "timeout=SEC") and every other
line; a summary of the changes (old -> new, counted) is printed for the
list's header.  Crashes and timeouts are reported and not written.  With
--refresh REGEX, unchanged lines whose comment matches REGEX get their reason
worked out again from the new results (a reason that no longer holds, such
as the GL version a skip was blamed on).

  make-rest-list.py --raise lists/gl33-glx.txt RESULTS_DIR [RESULTS_DIR ...]
"""
import argparse, os, re, subprocess, sys
import importlib.util

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    'piglit_check', os.path.join(HERE, 'piglit-check.py'))
pc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pc)

# Reasons for whole groups of tests (regular expression on the test name,
# reason), checked in order; what fxpipe does not implement yet names it.
REASONS = [
    # multisampling (README, "Multisampling"): what is not rendered or not claimed
    (r'^(?=.*(multisample|sample_shading|samples)).*(samples=| |@|-)32($|[ -])',
     '32 samples: more than fxpipe renders (GL_MAX_SAMPLES is 16)'),
    (r'^spec@arb_shader_texture_image_samples@builtin-image',
     'multisample shader images are not implemented yet (MAX_IMAGE_SAMPLES is 0; llvmpipe has them)'),
    (r'^spec@ext_shader_samples_identical@', 'EXT_shader_samples_identical is not claimed'),
    (r'^spec@amd_framebuffer_multisample_advanced@',
     'AMD_framebuffer_multisample_advanced (fewer depth than colour samples) is not claimed'),
    (r'^spec@ext_framebuffer_multisample@(accuracy (\d+|all_samples) '
     r'(color|srgb|depth_draw|depth_resolve|stencil_draw|stencil_resolve)( small)?( linear)?'
     r'|no-color \d+ [a-z-]+ separate)$',
     'separate depth and stencil renderbuffers: st/mesa calls the framebuffer unsupported (llvmpipe skips too)'),
    (r'^spec@ext_framebuffer_multisample_blit_scaled@blit-scaled',
     'warn, as on llvmpipe: the scaled resolve (resolve, then filter) differs from the reference at some scales'),
    (r'^spec@arb_shader_atomic_int64@|atomic_int64', '64-bit atomics are not implemented yet'),
]

# What a test's output says, turned into a reason (pattern on the output, reason; the first match wins).
OUTPUT_REASONS = [
    (r'Failed to create waffle_context for OpenGL (ES )?(\d\.\d)',
     lambda m: 'needs an OpenGL %s%s context (fxpipe offers GL 4.6 and ES 3.2)' % (m.group(1) or '', m.group(2))),
    (r'Test cannot be run on any of the following platforms', lambda m: 'not a test for GLX'),
]

SKIP_LINE = re.compile(r'requir|not supported|unsupported|skip|only supports|'
                       r'not available|needs', re.I)
FAIL_LINE = re.compile(r'fail|probe|expected|observed|error|mismatch|wrong|'
                       r'incorrect|unexpected', re.I)


def profile_names(profile):
    out = subprocess.run(['piglit', 'print-cmd', profile, '--format', '{name}'],
                         capture_output=True, text=True, check=True).stdout
    return [n for n in out.splitlines() if n]


def load_runs(dirs):
    """[{name: piglit result dict}] for each results folder."""
    runs = []
    for d in dirs:
        runs.append(pc.load_results_full(d))
    return runs


def reason_of(name, result, res):
    for pattern, why in REASONS:
        if re.search(pattern, name):
            return why
    text = (res.get('out') or '') + '\n' + (res.get('err') or '')
    for pattern, why in OUTPUT_REASONS:
        m = re.search(pattern, text)
        if m:
            return why(m)
    pick = SKIP_LINE if result == 'skip' else FAIL_LINE
    for line in text.splitlines():
        line = ' '.join(line.split())
        if line and pick.search(line):
            return line[:160]
    for line in text.splitlines():
        line = ' '.join(line.split())
        if line:
            return line[:160]
    return 'the test skipped with no output' if result == 'skip' else 'no output'


def worst_of(name, runs):
    """(worst result, its result dict, the results seen) of name over the runs; (None, None, []) if none ran it."""
    seen = [pc.NORMALISE.get(r[name]['result'], r[name]['result']) for r in runs if name in r]
    seen = [s for s in seen if s != 'notrun']
    if not seen:
        return None, None, []
    worst = max(seen, key=lambda s: (s != 'pass', pc.SEVERITY.get(s, 2)))
    res = next(r[name] for r in runs
               if name in r and pc.NORMALISE.get(r[name]['result'], r[name]['result']) == worst)
    return worst, res, seen


def raise_list(path, runs, refresh=None):
    """Rewrite the lines of path whose tests gave another result in runs (module docstring)."""
    out, moves, bad = [], {}, []
    with open(path) as f:
        lines = f.readlines()
    for raw in lines:
        body, _, old_comment = raw.partition('#')
        body = body.strip()
        words = body.split()
        if not words:
            out.append(raw)
            continue
        suffix = []
        while words and (words[-1] == 'alone' or re.match(r'timeout=\d+$', words[-1])):
            suffix.insert(0, words.pop())
        name, old = ' '.join(words[:-1]), words[-1]
        new, res, seen = worst_of(name, runs)
        if new is not None and new == old and new != 'pass' and refresh and re.search(refresh, old_comment) \
                and len(set(seen)) == 1:
            moves[('reason of ' + old, 'new reason')] = moves.get(('reason of ' + old, 'new reason'), 0) + 1
            out.append('%s %s%s  # %s\n' % (name, new, ''.join(' ' + w for w in suffix),
                                            reason_of(name, new, res).replace('#', '')))
            continue
        if new is None or new == old:
            out.append(raw)
            continue
        if new in ('crash', 'timeout'):
            bad.append('%s: %s in %d of %d runs' % (name, new, seen.count(new), len(seen)))
            out.append(raw)
            continue
        moves[(old, new)] = moves.get((old, new), 0) + 1
        if len(set(seen)) > 1:
            comment = 'flaky: %s' % ', '.join('%s %d' % (s, seen.count(s)) for s in sorted(set(seen)))
        else:
            comment = '' if new == 'pass' else reason_of(name, new, res)
        out.append('%s %s%s%s\n' % (name, new, ''.join(' ' + w for w in suffix),
                                      ('  # ' + comment.replace('#', '')) if comment else ''))
    with open(path + '.tmp', 'w') as f:
        f.writelines(out)
    os.replace(path + '.tmp', path)
    print('%s: %s' % (path, ', '.join('%d %s -> %s' % (n, a, b) for (a, b), n in sorted(moves.items()))
                      or 'no change'))
    for b in bad:
        print('NOT WRITTEN      ' + b)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('results', nargs='+', metavar='RESULTS_DIR')
    ap.add_argument('--out')
    ap.add_argument('--raise', dest='raise_', metavar='LIST',
                    help='rewrite the lines of LIST whose results changed (see the module docstring)')
    ap.add_argument('--refresh', metavar='REGEX',
                    help='with --raise: unchanged lines whose comment matches REGEX get a new reason')
    ap.add_argument('--profiles', nargs='+', default=['quick_gl', 'quick_shader'])
    ap.add_argument('--compare', action='append', default=[], metavar='DRIVER=RESULTS_DIR',
                    help='results of another driver on the same tests: each fail says how it did there')
    args = ap.parse_args()
    if args.raise_:
        return raise_list(pc.resolve_list(args.raise_), load_runs(args.results), args.refresh)
    if not args.out:
        ap.error('--out or --raise is needed')

    listed = set()
    for path in sorted(os.listdir(pc.LISTS_DIR)):
        full = os.path.join(pc.LISTS_DIR, path)
        if path.endswith('-glx.txt') and os.path.abspath(full) != os.path.abspath(args.out):
            listed.update(n for _, n, _ in pc.parse_list(full))
    names = sorted(set(n for p in args.profiles for n in profile_names(p)) - listed)
    runs = load_runs(args.results)
    others = []
    for spec_ in args.compare:
        driver, _, d = spec_.partition('=')
        others.append((driver, pc.load_results_full(d)))

    lines, bad, counts = [], [], {}
    for name in names:
        seen = [pc.NORMALISE.get(r[name]['result'], r[name]['result'])
                for r in runs if name in r]
        if not seen or all(s == 'notrun' for s in seen):
            bad.append('%s: no result' % name)
            continue
        worst = max(seen, key=lambda s: (s != 'pass', pc.SEVERITY.get(s, 2)))
        res = next(r[name] for r in runs
                   if name in r and pc.NORMALISE.get(r[name]['result'], r[name]['result']) == worst)
        if worst in ('crash', 'timeout'):
            bad.append('%s: %s in %d of %d runs' % (name, worst, seen.count(worst), len(seen)))
            continue
        counts[worst] = counts.get(worst, 0) + 1
        comment = ''
        if len(set(seen)) > 1:
            comment = 'flaky: %s' % ', '.join('%s %d' % (s, seen.count(s)) for s in sorted(set(seen)))
        elif worst != 'pass':
            comment = reason_of(name, worst, res)
            if worst != 'skip':
                there = ['%s: %s' % (driver, r[name]['result']) for driver, r in others if name in r]
                if there:
                    comment += ' (%s)' % ', '.join(there)
        lines.append('%s %s%s\n' % (name, worst, ('  # ' + comment.replace('#', '')) if comment else ''))

    with open(args.out, 'w') as f:
        profiles = ' and '.join(args.profiles)
        f.write('# fxpipe piglit expectations: the rest of %s, GLX (Xvfb).\n'
                '# Written by tests/piglit/make-rest-list.py (its header gives the rule) from %d full\n'
                '# run(s) on fxpipe: every test of %s that no other -glx list holds, with\n'
                '# the result it had and, for each fail and skip, its reason.  %s.\n'
                % (profiles, len(runs), profiles, ', '.join('%d %s' % (v, k) for k, v in sorted(counts.items()))))
        f.writelines(lines)
    print('%s: %d tests (%s)' % (args.out, len(lines),
                                 ', '.join('%d %s' % (v, k) for k, v in sorted(counts.items()))))
    for b in bad:
        print('NOT WRITTEN      ' + b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
