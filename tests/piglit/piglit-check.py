#!/usr/bin/python3
"""piglit-check.py - run the piglit tests named in fxpipe expectation lists and
compare every result with its expectation.

Purpose: CI / developer regression gate for the fxpipe Gallium driver.  Each
LIST (tests/piglit/lists/*.txt) holds lines "<piglit test name> <expected>"
(expected: pass fail skip warn crash timeout; '#' starts a comment).  After
the expectation a line may carry options:
  alone        the test runs after the others, one at a time (a test that
               needs the machine to itself, such as max-texture-size and its
               textures of several gigabytes);
  timeout=SEC  its own time limit instead of --timeout (a test that needs
               more time than the suite's budget; say why in a comment).
The union of the other named tests is run with one `piglit run <profile>
--test-list ...` on GLX (inside a private Xvfb) or surfaceless EGL, in the
caller's environment (set LIBGL_DRIVERS_PATH / GALLIUM_DRIVER to choose the
driver), less MALLOC_PERTURB_ and MALLOC_CHECK_: piglit's programs are not
fxpipe's code, and with glibc's perturbation every byte they malloc or calloc
is written, so a test that allocates gigabytes (max-texture-size's pixel
arrays) spends minutes in the kernel zeroing pages and its result would
depend on whether `meson test` set the variable.  fxpipe's own tests keep it.

  REGRESSION       result worse than expected (or skip <-> non-skip change),
                   and any crash or timeout, whatever the list expects
  MISSING          no result (name not in the profile, or piglit died)
  UNEXPECTED PASS  expected non-pass, got pass: raise the list (not a failure)
  IMPROVED         e.g. expected crash, got fail: raise the list (not a failure)

Last line: "N passed, N failed" (failed = regressions + missing); exit 0 iff
failed == 0, 1 otherwise, 2 on usage/infrastructure errors.  --update rewrites
the lists with the results obtained (comments kept); it is never used by CI.
Standard library only; must run with /usr/bin/python3 (Debian's piglit).
"""
import argparse, bz2, glob, gzip, json, lzma, os, select, shutil, signal
import subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LISTS_DIR = os.path.join(HERE, 'lists')
RESULTS = ('pass', 'fail', 'skip', 'warn', 'crash', 'timeout')
# Piglit statuses folded onto the list vocabulary.
NORMALISE = {'dmesg-warn': 'warn', 'dmesg-fail': 'fail', 'incomplete': 'crash'}
SEVERITY = {'pass': 0, 'warn': 1, 'fail': 2, 'timeout': 3, 'crash': 4}
PLATFORMS = {'glx': 'glx', 'egl': 'surfaceless_egl'}


class Fatal(Exception):
    pass


def resolve_list(arg):
    for cand in (arg, os.path.join(LISTS_DIR, arg),
                 os.path.join(LISTS_DIR, arg + '.txt')):
        if os.path.isfile(cand):
            return os.path.abspath(cand)
    raise Fatal('list %r not found (looked as given and in %s)' % (arg, LISTS_DIR))


# Tests whose list line carries "alone", and their own time limits (see the
# header).
ALONE = set()
TIMEOUT_OF = {}


def parse_list(path):
    """Return [(lineno, name, expected)] from an expectation file; names marked
    "alone" are added to ALONE, their "timeout=SEC" to TIMEOUT_OF."""
    entries, seen = [], {}
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.split('#', 1)[0].strip()
            if not line:
                continue
            alone, timeout = False, None
            while True:
                head, _, last = line.rpartition(' ')
                if last == 'alone':
                    alone = True
                elif last.startswith('timeout=') and last[8:].isdigit():
                    timeout = int(last[8:])
                else:
                    break
                line = head.rstrip()
            parts = line.rsplit(None, 1)
            if len(parts) != 2 or parts[1] not in RESULTS:
                raise Fatal('%s:%d: expected "<piglit test name> <%s> '
                            '[alone] [timeout=SEC]", got %r'
                            % (path, n, '|'.join(RESULTS), line))
            if parts[0] in seen:
                raise Fatal('%s:%d: %r already listed on line %d'
                            % (path, n, parts[0], seen[parts[0]]))
            seen[parts[0]] = n
            if alone:
                ALONE.add(parts[0])
            if timeout:
                TIMEOUT_OF[parts[0]] = timeout
            entries.append((n, parts[0], parts[1]))
    return entries


def judge(expected, got):
    """None if the expectation is met exactly, else the kind of difference.
    A crash or a timeout is a regression whatever the list expects: a GL
    application must never be able to crash the driver, nor hang it."""
    if got is None or got == 'notrun':
        return 'MISSING'
    got = NORMALISE.get(got, got)
    if got in ('crash', 'timeout'):
        return 'REGRESSION'
    if got == expected:
        return None
    if got == 'pass':
        return 'UNEXPECTED PASS'
    if expected in ('pass', 'skip') or got == 'skip' or got not in SEVERITY:
        return 'REGRESSION'
    return 'IMPROVED' if SEVERITY[got] < SEVERITY[expected] else 'REGRESSION'


class Xvfb:
    """A private X server on a free display (Xvfb -displayfd)."""

    def __enter__(self):
        if not shutil.which('Xvfb'):
            raise Fatal('Xvfb not found (apt-get install xvfb)')
        self.log = tempfile.TemporaryFile()
        rfd, wfd = os.pipe()
        self.proc = subprocess.Popen(
            ['Xvfb', '-displayfd', str(wfd), '-screen', '0', '1280x1024x24',
             '-nolisten', 'tcp', '-noreset'],
            pass_fds=(wfd,), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=self.log)
        os.close(wfd)
        data = b''
        while not data.endswith(b'\n'):
            if not select.select([rfd], [], [], 30)[0]:
                break
            chunk = os.read(rfd, 64)
            if not chunk:
                break
            data += chunk
        os.close(rfd)
        if not data.strip().isdigit():
            self.__exit__()
            self.log.seek(0)
            raise Fatal('Xvfb did not start:\n'
                        + self.log.read().decode(errors='replace'))
        self.display = ':' + data.decode().strip()
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def driver_env_check(platform, env):
    """Print the OpenGL renderer string of the driver the tests will use."""
    if platform == 'glx':
        cmd = ['glxinfo', '-B']
        key, label = 'OpenGL renderer string:', ''
    else:
        # mesa-utils 8.5.0's eglinfo prints no GL renderer string; piglit's own
        # glinfo does, through the very waffle platform the tests use.
        found = glob.glob('/usr/lib/*/piglit/bin/glinfo') + \
            glob.glob('/usr/lib/piglit/bin/glinfo') + \
            glob.glob('/usr/local/lib/piglit/bin/glinfo')
        if not found:
            raise Fatal('--driver-env-check: piglit glinfo binary not found')
        cmd = [found[0]]
        env = dict(env, PIGLIT_PLATFORM='surfaceless_egl')
        key, label = 'GL_RENDERER =', 'OpenGL renderer string:'
    try:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True,
                             timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise Fatal('--driver-env-check: %s failed: %s' % (cmd[0], e))
    lines = [l.strip() for l in out.stdout.splitlines() if l.startswith(key)]
    if out.returncode != 0 or not lines:
        raise Fatal('--driver-env-check: %s gave no renderer (exit %d):\n%s'
                    % (' '.join(cmd), out.returncode, out.stderr.strip()))
    value = lines[0][len(key):].strip()
    print('driver-env-check (%s): %s %s' % (platform, label or key, value),
          flush=True)


def piglit_env():
    """The environment piglit and its tests run in (see the header)."""
    env = dict(os.environ)
    for var in ('MALLOC_PERTURB_', 'MALLOC_CHECK_'):
        env.pop(var, None)
    # Without wflinfo (Debian: waffle-utils) piglit's "fast skip" believes the
    # GLSL version is 0.0 and skips every shader_runner/glslparser test.
    # Always disable fast skip so results do not depend on wflinfo being there.
    env.setdefault('PIGLIT_NO_FAST_SKIP', '1')
    return env


def run_piglit(args, names, resdir, timeout=None):
    piglit = shutil.which('piglit')
    if not piglit:
        raise Fatal('piglit not found in PATH (apt-get install piglit)')
    fd, tlist = tempfile.mkstemp(prefix='piglit-check-', suffix='.txt')
    with os.fdopen(fd, 'w') as f:
        f.write(''.join(n + '\n' for n in names))
    level = 'verbose' if args.verbose else ('quiet' if sys.stdout.isatty()
                                             else 'dummy')
    cmd = [piglit, 'run', args.profile, '--test-list', tlist,
           '-p', PLATFORMS[args.platform],
           '--timeout', str(timeout or args.timeout),
           '--ignore-missing', '-l', level, '-o', resdir]
    if args.jobs:
        cmd[2:2] = ['-j', str(args.jobs)]
    env = piglit_env()
    try:
        if args.platform == 'glx':
            with Xvfb() as x:
                env['DISPLAY'] = x.display
                print('Xvfb on display %s' % x.display, flush=True)
                if args.driver_env_check:
                    driver_env_check('glx', env)
                print('+ ' + ' '.join(cmd), flush=True)
                rc = subprocess.run(cmd, env=env).returncode
        else:
            if args.driver_env_check:
                driver_env_check('egl', env)
            print('+ ' + ' '.join(cmd), flush=True)
            rc = subprocess.run(cmd, env=env).returncode
    finally:
        os.unlink(tlist)
    if rc != 0:
        print('warning: piglit exited with status %d' % rc, flush=True)


def duration(result):
    """Seconds a piglit result took (0 when piglit did not record it)."""
    t = result.get('time') or {}
    try:
        return float(t.get('end', 0)) - float(t.get('start', 0))
    except (TypeError, ValueError):
        return 0.0


def load_results_full(resdir):
    """{test name: piglit's result dict}; falls back to the per-test files of
    a run that did not finish (piglit writes results.json* only at the end)."""
    openers = (('', open), ('.bz2', bz2.open), ('.gz', gzip.open),
               ('.xz', lzma.open))
    for ext, opener in openers:
        path = os.path.join(resdir, 'results.json' + ext)
        if os.path.exists(path):
            with opener(path, 'rt') as f:
                return json.load(f)['tests']
    res = {}
    for path in glob.glob(os.path.join(resdir, 'tests', '*.json')):
        try:
            with open(path) as f:
                res.update(json.load(f))
        except (ValueError, KeyError, AttributeError):
            pass
    if res:
        print('warning: no results.json in %s; used %d partial results'
              % (resdir, len(res)))
    return res


def load_details(resdir):
    """{test name: (piglit status, its stderr, seconds it took)}."""
    return {k: (v['result'], v.get('err') or '', duration(v))
            for k, v in load_results_full(resdir).items()}


# A test whose X connection was refused never reached the driver: the X server
# turns connections away now and then when many clients come and go at once.
X_REFUSED = 'XOpenDisplay failed'


def run_apart(args, names, resdir, suffix, jobs=1, timeout=None):
    """Runs names with JOBS jobs (one at a time by default) and their own time
    limit into RESDIR-SUFFIX; returns the details of those names."""
    subdir = resdir.rstrip('/') + '-' + suffix
    shutil.rmtree(subdir, ignore_errors=True)
    sub_args = argparse.Namespace(**vars(args))
    sub_args.jobs = jobs
    run_piglit(sub_args, names, subdir, timeout)
    return {k: v for k, v in load_details(subdir).items() if k in names}


def update_list(path, results):
    """Rewrite the expectations of path with results, keeping comments."""
    out, changed = [], 0
    with open(path) as f:
        lines = f.readlines()
    for raw in lines:
        body, hash_, comment = raw.rstrip('\n').partition('#')
        parts = body.strip().rsplit(None, 1)
        got = results.get(parts[0]) if len(parts) == 2 else None
        if got is None or got == 'notrun':
            out.append(raw if raw.endswith('\n') else raw + '\n')
            continue
        got = NORMALISE.get(got, got)
        if got == parts[1]:
            out.append(raw if raw.endswith('\n') else raw + '\n')
            continue
        changed += 1
        tail = ('  #' + comment) if hash_ else ''
        out.append('%s %s%s\n' % (parts[0], got, tail))
    tmp = path + '.tmp'
    with open(tmp, 'w') as f:
        f.writelines(out)
    os.replace(tmp, path)
    print('updated %s: %d expectation(s) changed' % (path, changed))


def main():
    ap = argparse.ArgumentParser(
        description='Run the piglit tests of fxpipe expectation lists and '
                    'report regressions.')
    ap.add_argument('lists', nargs='+', metavar='LIST',
                    help='expectation file (path, or name in %s)' % LISTS_DIR)
    ap.add_argument('--platform', choices=PLATFORMS, default='glx')
    ap.add_argument('--results', metavar='DIR',
                    help='piglit results dir (default: new dir under /tmp)')
    ap.add_argument('--jobs', type=int, metavar='N',
                    help='concurrent tests (default: piglit uses all CPUs)')
    ap.add_argument('--timeout', type=int, default=120, metavar='SEC',
                    help='per-test timeout (default 120)')
    ap.add_argument('--profile', default='quick',
                    help='piglit profile holding the tests (default quick)')
    ap.add_argument('--update', action='store_true',
                    help='rewrite the lists with the results obtained')
    ap.add_argument('--driver-env-check', action='store_true',
                    help='print the OpenGL renderer string before running')
    ap.add_argument('--verbose', action='store_true',
                    help='piglit prints every test as it runs')
    args = ap.parse_args()

    lists = [(p, parse_list(p)) for p in map(resolve_list, args.lists)]
    names = list(dict.fromkeys(n for _, es in lists for _, n, _ in es))
    if not names:
        raise Fatal('the lists name no tests')
    if args.results:
        resdir = os.path.abspath(args.results)
        if os.path.isdir(resdir) and os.listdir(resdir) and not (
                glob.glob(os.path.join(resdir, 'results.json*')) or
                os.path.exists(os.path.join(resdir, 'metadata.json'))):
            raise Fatal('%s exists and is not a piglit results dir; '
                        'refusing to overwrite it' % resdir)
    else:
        resdir = tempfile.mkdtemp(prefix='piglit-check-results-')
    print('running %d test(s) from %d list(s); results in %s'
          % (len(names), len(lists), resdir), flush=True)
    batch = [n for n in names if n not in ALONE and n not in TIMEOUT_OF]
    if batch:
        run_piglit(args, batch, resdir)
    details = load_details(resdir) if batch else {}
    # tests with a time limit of their own, grouped by it; then the "alone"
    # ones, one at a time
    apart = {}
    for n in names:
        if n not in batch:
            apart.setdefault((n in ALONE, TIMEOUT_OF.get(n)), []).append(n)
    for (alone, timeout), group in sorted(apart.items(),
                                          key=lambda kv: (kv[0][0], kv[0][1] or 0)):
        print('running %d test(s)%s with a time limit of %d s'
              % (len(group), ' alone' if alone else '', timeout or args.timeout),
              flush=True)
        details.update(run_apart(args, group, resdir,
                                 '%s%d' % ('alone' if alone else 'limit',
                                           timeout or args.timeout),
                                 1 if alone else args.jobs, timeout))
    results = {k: v[0] for k, v in details.items()}
    expected_of = {n: e for _, es in lists for _, n, e in es}
    slowest = sorted(((v[2], k) for k, v in details.items()), reverse=True)[:5]
    if slowest:
        print('slowest: ' + '; '.join('%s %.1f s' % (k, t) for t, k in slowest),
              flush=True)
    refused = [n for n, (got, err, _) in details.items()
               if X_REFUSED in err and judge(expected_of.get(n, got), got)]
    if refused:
        # run again one at a time those the X server turned away (an
        # infrastructure failure, not a result of the driver)
        print('%d test(s) could not connect to the X server; running them '
              'again one at a time' % len(refused), flush=True)
        results.update({k: v[0] for k, v in
                        run_apart(args, refused, resdir, 'xretry').items()
                        if v[0] != 'notrun'})

    total_ok = total_bad = 0
    summaries = []
    for path, entries in lists:
        short = os.path.relpath(path, LISTS_DIR) if path.startswith(
            LISTS_DIR + os.sep) else path
        count = dict.fromkeys(('ok', 'UNEXPECTED PASS', 'IMPROVED',
                               'REGRESSION', 'MISSING'), 0)
        for lineno, name, expected in entries:
            got = results.get(name)
            kind = judge(expected, got)
            count[kind or 'ok'] += 1
            if kind == 'MISSING':
                why = ('not in profile %r' % args.profile if got == 'notrun'
                       else 'no result (piglit aborted?)')
                print('MISSING          %s:%d: %s: %s'
                      % (short, lineno, name, why))
            elif kind:
                hint = '  -> raise the list' if kind in (
                    'UNEXPECTED PASS', 'IMPROVED') else ''
                print('%-16s %s:%d: %s: expected %s, got %s%s'
                      % (kind, short, lineno, name, expected, got, hint))
        ok = count['ok'] + count['UNEXPECTED PASS'] + count['IMPROVED']
        bad = count['REGRESSION'] + count['MISSING']
        total_ok, total_bad = total_ok + ok, total_bad + bad
        summaries.append(
            '%s: %d tests: %d as expected, %d unexpected pass, %d improved, '
            '%d regression, %d missing'
            % (short, len(entries), count['ok'], count['UNEXPECTED PASS'],
               count['IMPROVED'], count['REGRESSION'], count['MISSING']))
    print('\n'.join(summaries))
    if args.update:
        for path, _ in lists:
            update_list(path, results)
        # The lists now match the results; only missing tests still fail.
        total_bad = sum(1 for _, es in lists for _, n, _ in es
                        if judge('pass', results.get(n)) == 'MISSING')
        total_ok = sum(len(es) for _, es in lists) - total_bad
    print('%d passed, %d failed' % (total_ok, total_bad))
    return 0 if total_bad == 0 else 1


if __name__ == '__main__':
    signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
    try:
        sys.exit(main())
    except Fatal as e:
        print('piglit-check: error: %s' % e, file=sys.stderr)
        sys.exit(2)
