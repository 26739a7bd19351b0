#!/usr/bin/python3
"""Writes the ninja file that builds fxpipe's libFuzzer harnesses (tests/fuzz/, scripts/fuzz.sh).

   fuzz-build.py MESA_BUILD_DIR REPO OUT_DIR

Only fxpipe's own sources are compiled again, with clang and `-fsanitize=fuzzer-no-link,address,undefined`
(so libFuzzer's coverage and the sanitizers see fxpipe's code), each with the flags Mesa's build gave it
(read from MESA_BUILD_DIR/compile_commands.json, gcc-only flags dropped); the harnesses link them with
`-fsanitize=fuzzer,address,undefined` against the static libraries Mesa's build already made with gcc
(libgallium's TGSI utilities, util, format, nir, ...), uninstrumented. The harnesses:
   fxt1        the FXT1 decoder and encoder (fxt1/*.c of the driver's library, but for GL's entry point
               fxp_fxt1_texstore.c)
   fxt1-files  the FXT1 tool's KTX and PNG readers (fxt1/fxp_fxt1_ktx.c, fxt1/fxp_fxt1_image.c, libpng)
   tgsi        the TGSI runner (no main) on the whole driver and the headless winsys
   fetch       vertex fetch plans (fetch/*.c), linked with the whole driver's objects like tgsi
   blit        blits and copies on a headless context: the whole driver and the headless winsys
"""
import json
import os
import shlex
import shutil
import sys

mesa, repo, out = (os.path.abspath(a) for a in sys.argv[1:4])
cmds = json.load(open(os.path.join(mesa, 'compile_commands.json')))

SAN = ['-fsanitize=fuzzer-no-link,address,undefined', '-fno-sanitize-recover=undefined',
       '-fno-omit-frame-pointer', '-g', '-O1']
# gcc-only flags (-flifetime-dse: Mesa's C++ flags, on the tessellator that fxpipe's build compiles from Mesa's tree;
# -mmemcpy-strategy and -mmemset-strategy: libfxpipe's, src/gallium/drivers/fxpipe/meson.build)
DROP_PREFIX = ('-mtls-dialect=', '-mmove-max=', '-mstore-max=', '-O', '-fdiagnostics-color', '-Werror=',
               '-flifetime-dse', '-mmemcpy-strategy=', '-mmemset-strategy=')
LIBS_FROM = 'src/gallium/drivers/fxpipe/fxpipe-tgsi-runner'  # its link line names every library needed


def clang_args(command):
    """The compile flags of a gcc command line, for clang: no output, no dependency or gcc-only flags."""
    a = shlex.split(command)
    while a and a[0] in ('ccache', 'gcc', 'cc', 'g++', 'c++'):
        a.pop(0)
    flags, skip = [], False
    for x in a:
        if skip:
            skip = False
            continue
        if x in ('-MQ', '-MF', '-o', '-c'):
            skip = True
            continue
        if x == '-MD' or x.startswith(DROP_PREFIX) or x.endswith('.c') or x.endswith('.cpp'):
            continue
        flags.append(x)
    return flags


# object path (as Mesa's build names it) -> (source, flags), for fxpipe's own targets
units = {}
for c in cmds:
    o = c['output'] if 'output' in c else shlex.split(c['command'])[shlex.split(c['command']).index('-o') + 1]
    if '/fxpipe' not in o:
        continue
    units[o] = (os.path.normpath(os.path.join(c['directory'], c['file'])), clang_args(c['command']))


def pick(target_dir, names=None):
    """The objects of one of Mesa's targets (a .p folder), or only those whose source ends with a name."""
    r = [o for o in units if o.startswith(target_dir + '/')]
    if names is not None:
        r = [o for o in r if any(units[o][0].endswith('/' + n) for n in names)]
    return sorted(r)


fxp = 'src/gallium/drivers/fxpipe'
lib = pick(fxp + '/libfxpipe.a.p')
engines = pick(fxp + '/libfxpipe_engine_sse2.a.p') + pick(fxp + '/libfxpipe_engine_avx2.a.p') + \
          pick(fxp + '/libfxpipe_engine_avx512.a.p')
# the codec only: fxp_fxt1_texstore.c, GL's entry point to the encoder, needs fxp_debug (its unit tests cover it)
fxt1 = [o for o in lib if '/fxt1_' in o and 'fxt1_texstore' not in o]
tool = pick(fxp + '/fxpipe-fxt1.p', ['fxp_fxt1_image.c', 'fxp_fxt1_ktx.c'])
runner = pick(fxp + '/fxpipe-tgsi-runner.p')
winsys = pick('src/gallium/winsys/fxpipe/libws_fxpipe_headless.a.p')
if not (lib and engines and fxt1 and len(tool) == 2 and runner and winsys):
    sys.exit('fuzz-build.py: %s/compile_commands.json lacks fxpipe\'s targets (is the tree configured?)' % mesa)
runner_flags = units[runner[0]][1]

# the libraries of the runner's link line, fxpipe's own (rebuilt here) left out
ninja_file = open(os.path.join(mesa, 'build.ninja')).read()
i = ninja_file.index('\nbuild %s: ' % LIBS_FROM)
link_args = ninja_file[ninja_file.index(' LINK_ARGS = ', i) + 13:].split('\n', 1)[0].split()
link_args = [x if x.startswith('-') or x.startswith('/') else os.path.join(mesa, x)
             for x in link_args if 'libfxpipe' not in x and 'libws_fxpipe' not in x and x != '-Wl,--no-undefined']

n = []
n.append('# written by scripts/fuzz-build.py: fxpipe\'s fuzzing harnesses (scripts/fuzz.sh)')
n.append('cc = %sclang-14' % ('ccache ' if shutil.which('ccache') else ''))  # ccache as Mesa's build
n.append('cxx = clang++-14')
n.append('rule cc')
n.append('  command = cd %s && $cc $flags -MD -MF $out.d -c $in -o $out' % mesa)
n.append('  depfile = $out.d')
n.append('  deps = gcc')
n.append('  description = CC $out')
n.append('rule cxx')  # C++ sources (Mesa's tessellator)
n.append('  command = cd %s && $cxx $flags -MD -MF $out.d -c $in -o $out' % mesa)
n.append('  depfile = $out.d')
n.append('  deps = gcc')
n.append('  description = CXX $out')
n.append('rule link')
n.append('  command = $cxx -fsanitize=fuzzer,address,undefined -o $out $in $libs')
n.append('  description = LINK $out')
n.append('build build.ninja: phony')


def obj(o, extra=()):
    src, flags = units[o]
    path = os.path.join(out, 'obj', o.replace('.cpp.o', '.o').replace('.c.o', '.o'))
    n.append('build %s: %s %s' % (path, 'cxx' if src.endswith('.cpp') else 'cc', src))
    n.append('  flags = %s' % ' '.join(shlex.quote(f) for f in list(flags) + SAN + list(extra) +
                                          ['-Wno-unknown-warning-option', '-Wno-unused-command-line-argument']))
    return path


def harness(name):
    src = os.path.join(repo, 'tests/fuzz/fxp_fuzz_%s.c' % name.replace('-', '_'))
    path = os.path.join(out, 'obj/harness/%s.o' % name)
    n.append('build %s: cc %s' % (path, src))
    n.append('  flags = %s' % ' '.join(shlex.quote(f) for f in runner_flags + SAN + ['-Wno-unknown-warning-option']))
    return path


def program(name, objs, libs):
    n.append('build %s: link %s' % (os.path.join(out, 'fxp-fuzz-' + name), ' '.join([harness(name)] + objs)))
    n.append('  libs = %s' % ' '.join(libs))


png = ['-lpng16', '-lz', '-lm']
program('fxt1', [obj(o) for o in fxt1], link_args)
program('fxt1-files', [obj(o) for o in fxt1 + tool], png + link_args)
program('tgsi', [obj(o) for o in lib + engines + winsys] +
        [obj(o, ['-DFXP_TGSI_RUNNER_NO_MAIN']) for o in runner], link_args)
program('fetch', [obj(o) for o in lib + engines], link_args)
program('blit', [obj(o) for o in lib + engines + winsys], link_args)

# an object shared by two programs is written once
seen, lines, skip = set(), [], False
for line in n:
    if skip and line.startswith('  '):
        continue
    skip = False
    if line.startswith('build ') and (': cc ' in line or ': cxx ' in line):
        target = line.split(':')[0]
        if target in seen:
            skip = True
            continue
        seen.add(target)
    lines.append(line)
os.makedirs(out, exist_ok=True)
open(os.path.join(out, 'build.ninja'), 'w').write('\n'.join(lines) + '\n')
