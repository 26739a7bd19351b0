#!/usr/bin/env bash
# meson test `package` (suite package): builds fxpipe's Debian package from a clean copy of the repository
# (scripts/build-deb.sh: dpkg-buildpackage -b), checks its control fields (the dependencies dpkg-shlibdeps
# found and the GL loaders and libglapi-mesa of the 22.3.6 release debian/control adds, each satisfied by
# this machine's installed packages), unpacks it with dpkg -x into a temporary root and runs the checks of an
# installed tree there (tests/install/check-tree.sh: exactly install/installed-files.txt under /usr plus the
# package's copyright and changelog; fxpipe-run glxinfo -B, --info and the readback program on GLX and EGL
# from that root; the refusals).
#   test-package.sh REPO ALLOWED_FILES GL_CLEAR
# FXPIPE_DEB=path/to/fxpipe_*.deb checks that package instead of building one.
set -u
repo=$1; allowed=$2; gl_clear=$3
export PATH=/usr/bin:$PATH
fails=0
ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }

tmp=$(mktemp -d /tmp/fxpipe-package-test.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${FXPIPE_DEB-}" ]; then
  deb=$FXPIPE_DEB
else
  start=$(date +%s)
  if ! "$repo/scripts/build-deb.sh" "$tmp/out" > "$tmp/build-deb.log" 2>&1; then
    cat "$tmp/build-deb.log"
    echo "FAIL dpkg-buildpackage -b (scripts/build-deb.sh)"
    exit 1
  fi
  deb=$(ls "$tmp"/out/fxpipe_*.deb)
  ok "dpkg-buildpackage -b built $(basename "$deb") in $(( $(date +%s) - start )) s"
fi

version=$(dpkg-parsechangelog -l "$repo/debian/changelog" -S Version)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
if [ "$(basename "$deb")" = "fxpipe_${version}_${arch}.deb" ]; then ok "file name $(basename "$deb")"
else fail "file name $(basename "$deb"), want fxpipe_${version}_${arch}.deb"; fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "     Depends: $depends"
for want in 'libglapi-mesa (>= 22.3.6)' 'libglapi-mesa (<< 22.3.7~)' 'libglx-mesa0 (>= 22.3.6)' \
            'libegl-mesa0 (>= 22.3.6)' libgl1 libegl1 libc6 libdrm2 libexpat1 libstdc++6 zlib1g libzstd1 \
            libpng16-16; do
  if tr ',' '\n' <<< "$depends" | sed 's/^ *//' | grep -q "^${want//[()]/.}\( \|$\)"; then ok "Depends has $want"
  else fail "Depends lacks $want"; fi
done
# every clause must be satisfied by what is installed here (none of them has alternatives)
while IFS= read -r clause; do
  clause=$(echo "$clause" | sed 's/^ *//; s/ *$//')
  [ -n "$clause" ] || continue
  name=${clause%% *}; name=${name%%:*}
  have=$(dpkg-query -W -f='${Version} ${db:Status-Status}' "$name" 2>/dev/null | awk '$2 == "installed" {print $1}')
  if [ -z "$have" ]; then fail "dependency $clause: $name is not installed"; continue; fi
  if [[ $clause == *"("* ]]; then
    op=$(echo "$clause" | sed 's/.*(\([<>=]*\) .*/\1/'); ver=$(echo "$clause" | sed 's/.*([<>=]* \(.*\))/\1/')
    case $op in '>=') dop=ge ;; '<<') dop=lt ;; '=') dop=eq ;; '<=') dop=le ;; '>>') dop=gt ;; *) dop=bad ;; esac
    if dpkg --compare-versions "$have" "$dop" "$ver"; then ok "dependency $clause: installed $have"
    else fail "dependency $clause: installed $have does not satisfy it"; fi
  else
    ok "dependency $clause: installed $have"
  fi
done < <(tr ',' '\n' <<< "$depends")

dpkg -x "$deb" "$tmp/root" || { echo "FAIL dpkg -x $deb"; exit 1; }
ok "dpkg -x $(basename "$deb") $tmp/root"
"$(dirname "$0")/check-tree.sh" "package test (tree)" "$tmp/root" /usr "$gl_clear" "$allowed" \
  usr/share/doc/fxpipe/copyright usr/share/doc/fxpipe/changelog.gz || fails=$((fails + 1))
echo "package test: $fails failed"
[ $fails = 0 ]
