#!/usr/bin/env bash
# Builds fxpipe's Debian package (fxpipe_<version>_<arch>.deb, debian/) with `dpkg-buildpackage -b` in a clean
# copy of this repository's files (in a git checkout the tracked ones and new ones not ignored; never build
# folders), so that the build starts from nothing and its products (which dpkg-buildpackage writes beside the
# source folder) land in a folder of its own; then moves the .deb, .buildinfo and .changes into OUTDIR
# (default: build-deb/).
#   usage: build-deb.sh [OUTDIR]
# The Mesa 22.3.6 source comes, as in every build, from Debian's archive through apt (scripts/fetch-mesa.sh,
# cached in ~/.cache/fxpipe); ccache makes the Mesa build fast after the first one.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$repo/build-deb}
export PATH=/usr/bin:$PATH
export HOME=${HOME:-/root}
version=$(dpkg-parsechangelog -l "$repo/debian/changelog" -S Version)
meson_version=$(sed -n "s/^project('fxpipe', *'c', *version : '\([^']*\)'.*/\1/p" "$repo/meson.build")
if [ "$version" != "$meson_version" ]; then
  echo "build-deb: debian/changelog says $version, meson.build says $meson_version: add a changelog entry" >&2
  exit 1
fi

work=$(mktemp -d /tmp/fxpipe-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
src=$work/fxpipe-$version
mkdir "$src"
if git -C "$repo" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
     while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done | tar --null -T - -cf -) | tar -xf - -C "$src"
else # an unpacked tarball: everything but build folders
  (cd "$repo" && tar --exclude=./.git --exclude=./build --exclude='./build-*' --exclude=./obj-deb \
     --exclude=./debian/fxpipe -cf - .) |
    tar -xf - -C "$src"
fi
(cd "$src" && dpkg-buildpackage -b -uc -us) > "$work/build.log" 2>&1 ||
  { tail -n 40 "$work/build.log" >&2; echo "build-deb: dpkg-buildpackage failed" >&2; exit 1; }
mkdir -p "$out"
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
cp "$work/build.log" "$out/fxpipe_${version}_${arch}.build"
mv "$work"/fxpipe_"$version"_"$arch".deb "$work"/fxpipe_"$version"_"$arch".buildinfo \
   "$work"/fxpipe_"$version"_"$arch".changes "$out/"
echo "build-deb: $out/fxpipe_${version}_${arch}.deb"
