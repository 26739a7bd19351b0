#!/usr/bin/env bash
# Installs fxpipe's part of Mesa's build (meson.add_install_script in install/meson.build): the DRI
# megadriver as <prefix>/PKGLIBDIR/dri/swrast_dri.so and kms_swrast_dri.so, and the tools built in Mesa's
# tree into <prefix>/BINDIR. Mesa's own install (libGLX_mesa, libEGL_mesa, libglapi, glvnd JSON, headers,
# pkg-config, drirc) is never run into the destination: Debian's packages own those files. It is run into a
# staging folder inside the build folder instead, so that the driver gets Mesa's own install treatment
# (install_megadrivers.py's links, meson's removal of the build tree's RUNPATH), and only the driver files
# are taken from there.
#   usage: install-driver.sh MESA_BUILD FXPIPE_BUILD PKGLIBDIR BINDIR
# MESON_INSTALL_DESTDIR_PREFIX (set by meson install: DESTDIR joined with the prefix) is the destination.
set -eu
mesa_bld=$1; fxp_bld=$2; pkglibdir=$3; bindir=$4
dest=${MESON_INSTALL_DESTDIR_PREFIX:?run by meson install}
export PATH=/usr/bin:$PATH

# a staging folder of this run's own (an install test may run beside a user's meson install)
stage=$(mktemp -d "$mesa_bld/../mesa-stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
# Mesa's install reads DESTDIR too; --destdir names the staging folder explicitly.
env -u DESTDIR meson install -C "$mesa_bld" --no-rebuild --quiet --destdir "$stage" >/dev/null
drv=$(find "$stage" -name swrast_dri.so -path '*/dri/*' | head -n1)
[ -n "$drv" ] || { echo "install-driver: Mesa's install staged no swrast_dri.so (in $stage)" >&2; exit 1; }
[ -f "$(dirname "$drv")/kms_swrast_dri.so" ] || { echo "install-driver: no kms_swrast_dri.so beside $drv" >&2; exit 1; }

dri=$dest/$pkglibdir/dri
install -d "$dri" "$dest/$bindir"
# one file under two names, as Mesa installs its megadriver
rm -f "$dri/swrast_dri.so" "$dri/kms_swrast_dri.so"
install -m 755 "$drv" "$dri/swrast_dri.so"
ln "$dri/swrast_dri.so" "$dri/kms_swrast_dri.so"
echo "Installing fxpipe's DRI driver to $dri (swrast_dri.so, kms_swrast_dri.so)"
for tool in fxpipe-fxt1 fxpipe-tgsi-runner; do
  install -m 755 "$fxp_bld/$tool" "$dest/$bindir/$tool"
  echo "Installing $tool to $dest/$bindir"
done
