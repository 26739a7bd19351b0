#!/usr/bin/python3
"""The report of bench/run-all.sh: reads the tables the benchmarks printed (ratios.py's for the three-driver
benchmarks, fxpipe-bench-tgsi's and fxpipe-bench-fxt1's own), writes them as Markdown under a header, draws
fxpipe's ratio to softpipe and llvmpipe for each workload with gnuplot, and prints every cell where fxpipe is
behind.
  chart.py RAW_DIR OUTPUT.md [OUTPUT.png]
RAW_DIR holds run-all.sh's files: header (key=value lines), and NAME.out (the output) and NAME.meta (rc,
seconds, command) for each benchmark run. Without OUTPUT.png no chart is drawn."""
import math
import os
import re
import subprocess
import sys

# the benchmarks run on three drivers, in run-all.sh's order, with their titles
THREE = [('draw', 'Draw: fxpipe-bench-draw (bench/draw/run.sh)'),
         ('glmark2', 'glmark2 (bench/draw/glmark2.sh)'),
         ('drawoverhead', "piglit's drawoverhead (bench/draw/drawoverhead.sh)"),
         ('compute', 'Compute: fxpipe-bench-compute (bench/compute/run.sh)')]
BAR_COLOURS = {'sp': '#4c78a8', 'lp': '#e45756'}


def read_kv(path):
    kv = {}
    if os.path.exists(path):
        for line in open(path, errors='replace'):
            k, _, v = line.rstrip('\n').partition('=')
            kv[k] = v
    return kv


def num(s):
    try:
        return float(s)
    except ValueError:
        return None


def ratio(a, b):
    return a / b if a is not None and b else None


def geomean(v):
    v = [x for x in v if x]
    return math.exp(sum(map(math.log, v)) / len(v)) if v else None


def fmt_ratio(r, mark=True):
    if r is None:
        return '-'
    s = '%.2fx' % r
    return '**%s**' % s if mark and r < 1 else s


def md_cell(s):
    return s.replace('|', '\\|')


def parse_three(text):
    """ratios.py's table: (notes, unit, rows of (name, fx, sp, lp)); None when it has no table."""
    lines = [re.sub(r'\x1b\[[0-9;]*m', '', l.rstrip()) for l in text.splitlines()]
    head = next((i for i, l in enumerate(lines)
                 if re.search(r'\sfxpipe\s+softpipe\s+llvmpipe\s+fx/sp\s+fx/lp$', l)), None)
    if head is None:
        return None
    unit = lines[head].split(' fxpipe ')[0].strip()
    rows = []
    for l in lines[head + 1:]:
        m = re.match(r'^(.*?)\s+(\S+)\s+(\S+)\s+(\S+)\s+([0-9.]+x|-)\s+([0-9.]+x|-)$', l)
        if not m:
            break
        rows.append((m.group(1).strip(), num(m.group(2)), num(m.group(3)), num(m.group(4))))
    return [l for l in lines[:head] if l.strip()], unit, rows


def parse_tgsi(text):
    """fxpipe-bench-tgsi's table: (ISA names, rows of (shader, [lanes/s an ISA], tgsi_exec lanes/s), notes)."""
    isas, rows, notes = None, [], []
    for l in text.splitlines():
        f = l.split()
        if f[:1] == ['shader'] and 'tgsi_exec' in f:
            isas = re.findall(r'(\S+) lanes/s', l)[:-1]
        elif isas and len(f) == 2 + 2 * len(isas) and all(num(x) is not None for x in f[1:2 + len(isas)]):
            rows.append((f[0], [float(x) for x in f[1:1 + len(isas)]], float(f[1 + len(isas)])))
        elif l.strip():
            notes.append(l.strip())
    return (isas, rows, notes) if isas and rows else None


def parse_fxt1(text):
    """fxpipe-bench-fxt1's tables: (images: rows of (name, size, fmt, [(rgb, a, mp/s) an encoder]),
    summary: rows of (encoder, rgb, alpha, mp/s, blocks), encoder names, notes)."""
    images, summary, names, notes = [], [], None, []
    in_summary = False
    for l in text.splitlines():
        parts = [p.strip() for p in l.split('|')]
        if l.startswith('image ') and len(parts) == 4:
            names = [re.sub(r':.*', '', p) for p in parts[1:]]
        elif names and len(parts) == 4 and len(parts[0].split()) >= 3:
            name, size, fmt = parts[0].rsplit(None, 2)
            images.append((name, size, fmt, [tuple(p.split()) for p in parts[1:]]))
        elif l.startswith('encoder '):
            in_summary = True
        elif in_summary and len(l) > 16:
            m = re.match(r'^\s*(\S+) dB\s+(.*?)\s+([0-9.]+)\s+(\d+ \d+ \d+ \d+)\s*$', l[16:])
            if m:
                summary.append((l[:16].strip(), m.group(1), m.group(2), num(m.group(3)), m.group(4)))
        elif re.match(r'^\d+ images', l):
            notes.append(l.strip())
    return (images, summary, names, notes) if summary else None


class Report:
    def __init__(self, raw):
        self.raw = raw
        self.head = read_kv(os.path.join(raw, 'header'))
        self.md = []
        self.behind = []      # (benchmark, workload, 'fx/sp'|'fx/lp', ratio)
        self.behind_yard = []  # (benchmark, workload, what, value): against tgsi_exec or Mesa's FXT1 encoder
        self.chart = []       # (group title, rows of (name, fx/sp, fx/lp))
        self.cells = 0

    def out(self, *lines):
        self.md.extend(lines)

    def section(self, name, title):
        """The section's heading and its run's command, time and exit status; the output, or None if not run."""
        meta = read_kv(os.path.join(self.raw, name + '.meta'))
        if not meta:
            return None
        self.out('', '## ' + title, '')
        status = '' if meta.get('rc') == '0' else ', exited with %s' % meta.get('rc')
        self.out('`%s` (%s s%s)' % (meta.get('command', '?'), meta.get('seconds', '?'), status))
        return open(os.path.join(self.raw, name + '.out'), errors='replace').read()

    def failed(self, text):
        tail = [l for l in text.splitlines() if l.strip()][-15:]
        self.out('', 'No table in its output; its last lines:', '', '```')
        self.out(*(tail or ['(no output)']))
        self.out('```')

    def three(self, name, title):
        text = self.section(name, title)
        if text is None:
            return
        t = parse_three(text)
        if not t or not t[2]:
            self.failed(text)
            return
        notes, unit, rows = t
        if notes:
            self.out('', *(n + '  ' for n in notes))
        self.out('', '| %s | fxpipe | softpipe | llvmpipe | fx/sp | fx/lp |' % md_cell(unit),
                 '|---|---:|---:|---:|---:|---:|')
        fig = lambda v: '-' if v is None else ('%.4g' % v if v < 1 else '%.1f' % v)
        chart_rows, rs_all, rl_all = [], [], []
        for w, fx, sp, lp in rows:
            rs, rl = ratio(fx, sp), ratio(fx, lp)
            rs_all.append(rs)
            rl_all.append(rl)
            self.out('| %s | %s | %s | %s | %s | %s |' % (md_cell(w), fig(fx), fig(sp), fig(lp),
                                                          fmt_ratio(rs), fmt_ratio(rl)))
            for key, r in (('fx/sp', rs), ('fx/lp', rl)):
                if r is not None:
                    self.cells += 1
                    if r < 1:
                        self.behind.append((name, w, key, r))
            chart_rows.append((w, rs, rl))
        gs, gl = geomean(rs_all), geomean(rl_all)
        self.out('| **geometric mean** | | | | **%s** | **%s** |' % (fmt_ratio(gs, False), fmt_ratio(gl, False)))
        label = '%s (%s): geometric mean %s softpipe, %s llvmpipe' % (
            name, re.sub(r'^.*\((.*)\)$', r'\1', unit), fmt_ratio(gs, False), fmt_ratio(gl, False))
        self.chart.append((label, shorten(chart_rows)))

    def tgsi(self):
        text = self.section('tgsi', "TGSI: fxpipe's shader engine against Mesa's tgsi_exec "
                                    '(fxpipe-bench-tgsi, one thread)')
        if text is None:
            return
        t = parse_tgsi(text)
        if not t:
            self.failed(text)
            return
        isas, rows, notes = t
        self.out('', '| shader | %s | tgsi_exec lanes/s | %s |' % (
            ' | '.join('%s lanes/s' % i for i in isas), ' | '.join('%s/tgsi_exec' % i for i in isas)),
            '|---|' + '---:|' * (2 * len(isas) + 1))
        ratios = [[] for _ in isas]
        for s, fx, te in rows:
            rr = [ratio(f, te) for f in fx]
            for k, r in enumerate(rr):
                ratios[k].append(r)
                if r is not None and r < 1:
                    self.behind_yard.append(('tgsi', s, '%s/tgsi_exec' % isas[k], '%.2fx' % r))
            self.out('| %s | %s | %.0f | %s |' % (s, ' | '.join('%.0f' % f for f in fx), te,
                                                  ' | '.join(fmt_ratio(r) for r in rr)))
        self.out('| **geometric mean** | %s | | %s |' % (
            ' | '.join('' for _ in isas), ' | '.join('**%s**' % fmt_ratio(geomean(r), False) for r in ratios)))
        if notes:
            self.out('', '; '.join(notes))

    def fxt1(self):
        text = self.section('fxt1', "FXT1: fxpipe's encoder against Mesa's (bench/fxt1/run.sh)")
        if text is None:
            return
        t = parse_fxt1(text)
        if not t:
            self.failed(text)
            return
        images, summary, names, notes = t
        mesa = next((s for s in summary if s[0] == 'Mesa'), None)
        self.out('', ''.join(n + '. ' for n in notes) + 'PSNR against the source image, through fxpipe\'s decoder; "vs Mesa" is the speed ratio and the '
                 'PSNR difference. The thorough setting trades speed for quality and is not meant to be as fast.',
                 '', '| encoder | mean RGB PSNR (dB) | mean alpha PSNR (dB) | MP/s | speed vs Mesa | RGB dB vs Mesa '
                 '| alpha dB vs Mesa | blocks CC_HI CC_CHROMA CC_MIXED CC_ALPHA |',
                 '|---|---:|---:|---:|---:|---:|---:|---|')
        dbdiff = lambda a, b: ('%+.2f' % (num(a) - num(b))) if num(a) is not None and num(b) is not None else '-'
        for enc, rgb, alpha, mps, blocks in summary:
            sp = ratio(mps, mesa[3]) if mesa and enc != 'Mesa' else None
            if enc == 'fxpipe fast' and sp is not None and sp < 1:
                self.behind_yard.append(('fxt1', 'mean', 'fast MP/s vs Mesa', '%.2fx' % sp))
            d_rgb = dbdiff(rgb, mesa[1]) if mesa and enc != 'Mesa' else ''
            d_a = dbdiff(alpha.split()[0], mesa[2].split()[0]) if mesa and enc != 'Mesa' else ''
            self.out('| %s | %s | %s | %.2f | %s | %s | %s | %s |' % (
                enc, rgb, alpha, mps, fmt_ratio(sp) if enc != 'Mesa' else '', d_rgb, d_a, blocks))
        if not images or len(names) != 3:
            return
        self.out('', '| image | size | fmt | %s | fast speed vs Mesa |' % ' | '.join(
            '%s %s' % (n, c) for n in names for c in ('RGB dB', 'A dB', 'MP/s')),
            '|---|---|---|' + '---:|' * 10)
        for name, size, fmt, encs in images:
            if len(encs) != 3 or any(len(e) != 3 for e in encs):
                continue
            sp = ratio(num(encs[0][2]), num(encs[2][2]))
            if sp is not None and sp < 1:
                self.behind_yard.append(('fxt1', name, 'fast MP/s vs Mesa', '%.2fx' % sp))
            for k, setting in ((0, 'fast'), (1, 'thorough')):
                for c, what in ((0, 'RGB'), (1, 'alpha')):
                    a, b = num(encs[k][c]), num(encs[2][c])
                    if a is not None and b is not None and a < b:
                        self.behind_yard.append(('fxt1', name, '%s %s PSNR vs Mesa' % (setting, what),
                                                 '%+.2f dB' % (a - b)))
            self.out('| %s | %s | %s | %s | %s |' % (md_cell(name), size, fmt,
                                                     ' | '.join(x for e in encs for x in e), fmt_ratio(sp)))

    def header(self, png):
        h = self.head
        title = '# fxpipe benchmarks (`bench/run-all.sh`%s)' % (' --quick' if h.get('mode') == 'quick' else '')
        load = 'load average (1, 5, 15 min) %s at the start, %s at the end' % (h.get('load_start', '?'),
                                                                            h.get('load_end', '?'))
        lines = [title, '',
                 '- date: %s; the whole run took %s s (%s mode)' % (h.get('date', '?'), h.get('seconds', '?'),
                                                                   h.get('mode', '?')),
                 '- commit: %s' % h.get('commit', '?'),
                 '- CPUs: %s (%s); %s' % (h.get('nproc', '?'), h.get('cpu', '?'), load),
                 '- fxpipe from `build/` with FXPIPE_THREADS=%s (a thread a CPU when 0); softpipe and llvmpipe '
                 "from the system's Mesa %s" % (h.get('threads', '0'), h.get('system_mesa', '?')),
                 '- Noisy figures: the drivers run one after the other on a machine shared with other work, so '
                 'single figures move by tens of percent between runs (llvmpipe\'s most); read the ratios and '
                 'their geometric means, not single cells. Ratios are fxpipe / other, higher is better for '
                 'fxpipe; those below 1 are in bold.']
        if h.get('driver_mtime_start') != h.get('driver_mtime_end'):
            lines.append('- **the driver (`swrast_dri.so`) was rebuilt during the run** (%s, then %s): later '
                         'benchmarks ran a newer build' % (h.get('driver_mtime_start'), h.get('driver_mtime_end')))
        if png:
            lines += ['', '![fxpipe / softpipe and fxpipe / llvmpipe for each workload](%s)'
                      % os.path.basename(png)]
        lines += ['', '## Where fxpipe is behind', '']
        if not self.behind and not self.behind_yard:
            lines.append('Nowhere: every ratio is at least 1.')
        for name, _ in THREE:
            for key, other in (('fx/sp', 'softpipe'), ('fx/lp', 'llvmpipe')):
                b = [(w, r) for n, w, k, r in self.behind if n == name and k == key]
                if b:
                    lines.append('- %s, behind %s on %d: %s' % (name, other, len(b), ', '.join(
                        '%s (%.2fx)' % (md_cell(w), r) for w, r in b)))
        for n, w, what, v in self.behind_yard:
            lines.append('- %s, %s: %s %s' % (n, md_cell(w), what, v))
        self.md = lines + self.md


def shorten(rows):
    """Chart labels: runs of blanks collapsed; in glmark2's '[scene] a=b:c=d' names the options shared by every
    row of the same scene are left out; at most 76 characters."""
    names = [re.sub(r'\s+', ' ', r[0]).replace('( ', '(') for r in rows]
    opts = {}
    for n in names:
        m = re.match(r'^(\[[^]]+\]) (.*)$', n)
        if m:
            opts.setdefault(m.group(1), []).append(set(m.group(2).split(':')))
    out = []
    for n, r in zip(names, rows):
        m = re.match(r'^(\[[^]]+\]) (.*)$', n)
        if m and len(opts[m.group(1)]) > 1:
            common = set.intersection(*opts[m.group(1)])
            n = '%s %s' % (m.group(1), ':'.join(o for o in m.group(2).split(':') if o not in common))
        if len(n) > 76:
            n = n[:40] + '...' + n[-33:]
        out.append((n,) + tuple(r[1:]))
    return out


def draw_chart(rep, png):
    """A horizontal bar a ratio, from 1 to the ratio on a log scale, grouped by benchmark."""
    rows = []  # (workload, fx/sp, fx/lp), or (group title,) before each group's rows
    for title, crows in rep.chart:
        rows.append((title,))
        rows.extend(crows)
    if not rows:
        return False
    n = len(rows)
    data = os.path.join(rep.raw, 'chart.tsv')
    tics, labels, seps = [], [], []
    vals = [1.0]
    with open(data, 'w') as f:
        for i, r in enumerate(rows):
            y = n - 1 - i
            if len(r) == 1:
                labels.append((r[0], y))
                if i:
                    seps.append(y + 0.5)
                continue
            name, rs, rl = r
            tics.append((name, y))
            f.write('%d\t%s\t%s\n' % (y, rs if rs else 'NaN', rl if rl else 'NaN'))
            vals += [v for v in (rs, rl) if v]
    lo = 10 ** math.floor(math.log10(min(vals) / 1.5))
    hi = 10 ** math.ceil(math.log10(max(vals) * 3))
    q = lambda s: "'" + s.replace("'", "''") + "'"
    h = rep.head
    gp = [
        "set terminal pngcairo size 1300,%d font 'DejaVu Sans,9' noenhanced" % (170 + 19 * n),
        'set output %s' % q(png),
        "set datafile separator '\\t'",
        'set tmargin 4',
        "set label %s at screen 0.5, screen 1 offset 0,-1 center font 'DejaVu Sans:Bold,11'" % q(
            "fxpipe's speed against softpipe and llvmpipe (bars from 1: to the right fxpipe is faster; log scale)"),
        'set label %s at screen 0.5, screen 1 offset 0,-2.4 center' % q(
            '%s, commit %s, %s CPUs, load average %s at the start and %s at the end: noisy, see bench-latest.md' % (
                h.get('date', '?'), h.get('commit', '?').replace(' (with uncommitted changes)', '+changes'),
                h.get('nproc', '?'), h.get('load_start', '?').split()[0], h.get('load_end', '?').split()[0])),
        'set logscale x', 'set xrange [%g:%g]' % (lo, hi), 'set yrange [-0.7:%g]' % (n - 0.3),
        "set format x '%gx'", 'set grid xtics lc rgb "#dddddd"',
        'set ytics scale 0 font ",8" (%s)' % ', '.join('%s %d' % (q(t), y) for t, y in tics),
        'set key top right box opaque',
        'set lmargin 70', 'set rmargin 3',
        'set style fill solid 0.85 noborder',
    ]
    for t, y in labels:
        gp.append("set label %s at graph 0.005, first %g left font 'DejaVu Sans:Bold,9' front" % (q(t), y))
    # the line at 1, through each group's rows but not its title
    for t, y in labels:
        end = max([y2 for y2 in seps if y2 < y], default=-0.5)
        gp.append("set arrow from 1, first %g to 1, first %g nohead lw 2 lc rgb 'black' front" % (y - 0.5, end))
    for y in seps:
        gp.append("set arrow from graph 0, first %g to graph 1, first %g nohead lc rgb '#999999' dt 2" % (y, y))
    box = lambda col, lo_, hi_: ('(1):1:($%d<1?$%d:1):($%d<1?1:$%d):($1%+g):($1%+g)' % (col, col, col, col, lo_, hi_))
    # the value beside its bar's end: left-aligned past a bar to the right, right-aligned before one to the left
    lab = lambda col, off, right: ('($%d%s1?$%d%s1.04:1/0):($1%+g):(sprintf("%%.2f",$%d))' %
                                   (col, '>=' if right else '<', col, '*' if right else '/', off, col))
    d = q(data)
    gp.append('plot ' + ', \\\n  '.join([
        "%s using %s with boxxyerror lc rgb '%s' title 'fxpipe / softpipe'" % (d, box(2, 0.03, 0.4),
                                                                            BAR_COLOURS['sp']),
        "%s using %s with boxxyerror lc rgb '%s' title 'fxpipe / llvmpipe'" % (d, box(3, -0.4, -0.03),
                                                                            BAR_COLOURS['lp']),
        "%s using %s with labels left font ',7' notitle" % (d, lab(2, 0.2, True)),
        "%s using %s with labels right font ',7' notitle" % (d, lab(2, 0.2, False)),
        "%s using %s with labels left font ',7' notitle" % (d, lab(3, -0.2, True)),
        "%s using %s with labels right font ',7' notitle" % (d, lab(3, -0.2, False)),
    ]))
    script = os.path.join(rep.raw, 'chart.gp')
    open(script, 'w').write('\n'.join(gp) + '\n')
    r = subprocess.run(['gnuplot', script], capture_output=True, text=True)
    if r.returncode != 0:
        sys.stderr.write('gnuplot failed:\n' + r.stderr)
        return False
    return True


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    raw, md_path = sys.argv[1], sys.argv[2]
    png = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
    rep = Report(raw)
    for name, title in THREE:
        rep.three(name, title)
    rep.tgsi()
    rep.fxt1()
    if png and not draw_chart(rep, png):
        png = None
    rep.header(png)
    if not png:
        rep.md.insert(2, '(No chart: gnuplot was not found or failed; `apt-get install gnuplot-nox`.)\n')
    open(md_path, 'w').write('\n'.join(rep.md) + '\n')
    print('wrote %s%s' % (md_path, ' and %s' % png if png else ' (no chart: apt-get install gnuplot-nox)'))
    print('fxpipe behind softpipe or llvmpipe (ratio < 1): %d of %d cells' % (len(rep.behind), rep.cells))
    if rep.behind:
        width = min(max(len(w) for _, w, _, _ in rep.behind), 60)
        for name, w, key, r in rep.behind:
            print('  %-12s %-*s %s %.2fx' % (name, width, w, key, r))
    if rep.behind_yard:
        print('fxpipe behind its yardstick (tgsi_exec, Mesa\'s FXT1 encoder):')
        for name, w, what, v in rep.behind_yard:
            print('  %-12s %s: %s %s' % (name, w, what, v))


main()
