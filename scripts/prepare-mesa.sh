#!/usr/bin/env bash
# Prepares Mesa 22.3.6 for building with fxpipe: fetches Debian's source package (fetch-mesa.sh), applies
# fxpipe's patch series (mesa-patches/series), links fxpipe's own sources into the tree, and configures
# Mesa's meson build with only what fxpipe needs. Called by the top-level meson.build at setup time;
# re-running it is cheap, and it starts over from a clean unpack when the patch series changes.
#   usage: prepare-mesa.sh REPO MESA_SRC MESA_BUILD [SANITIZE]
# SANITIZE (fxpipe's meson option `sanitize`: none, address,undefined or thread) builds Mesa, and with it
# fxpipe and its test programs, with those sanitizers; none (the default) leaves Mesa's options as they are.
set -eu
repo=$(cd "$1" && pwd); src=$2; bld=$3; sanitize=${4:-none}
export PATH=/usr/bin:$PATH            # Mesa's build needs Debian's python3 (with mako), not pyenv's
export HOME=${HOME:-/root}            # apt, ccache and meson want a home, even when CI runs without one

# Options of Mesa's own build: GL, GLES, GLX and EGL loader paths, the DRI megadriver; nothing else.
# Prefix and sysconfdir are Debian's own Mesa's, so that the driver, installed (install/install-driver.sh) or
# not, reads the drirc files of the system's Mesa (/usr/share/drirc.d, /etc/drirc) as Debian's driver does;
# Mesa's build is never installed there (only its driver, into fxpipe's own folder).
mesa_opts=(
  --prefix=/usr --sysconfdir=/etc
  -Dbuildtype=debugoptimized -Db_ndebug=true
  -Dgallium-drivers=fxpipe -Dvulkan-drivers= -Dllvm=disabled
  -Dplatforms=x11 -Dglx=dri -Degl=enabled -Dgbm=disabled -Dglvnd=true -Dshared-glapi=enabled
  -Dgles1=disabled -Dgles2=enabled -Dopengl=true
  -Dgallium-vdpau=disabled -Dgallium-va=disabled -Dgallium-xa=disabled -Dgallium-nine=false
  -Dgallium-opencl=disabled -Dgallium-omx=disabled -Dvideo-codecs= -Dosmesa=false
  -Dbuild-tests=false -Dvalgrind=disabled -Dlibunwind=disabled -Dlmsensors=disabled
  -Dselinux=false -Dzstd=enabled -Dshader-cache=enabled
)
case $sanitize in
  none) ;;
  # Mesa's shared libraries leave the sanitizer runtime's symbols undefined (b_lundef=false, as Mesa's docs
  # say); frame pointers make the reports' stacks complete. With -fsanitize=undefined GCC 12 sees a null
  # format string in Mesa's util/log.c (mesa_log_v, a path it cannot rule out) and Mesa's -Werror=format
  # stops the build: that one warning stays a warning.
  address,undefined|thread)
    mesa_opts+=(-Db_sanitize="$sanitize" -Db_lundef=false
                "-Dc_args=-fno-omit-frame-pointer -Wno-error=format-overflow"
                "-Dcpp_args=-fno-omit-frame-pointer -Wno-error=format-overflow") ;;
  *) echo "prepare-mesa: unknown sanitize value '$sanitize' (none, address,undefined, thread)" >&2; exit 1 ;;
esac

stamp=$( { cat "$repo/mesa-patches/series"; while read -r p; do cat "$repo/mesa-patches/$p"; done < "$repo/mesa-patches/series"; } | sha256sum | cut -c1-16)
if [ ! -f "$src/.fxpipe-unpacked" ] || [ "$(cat "$src/.fxpipe-patches" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$src"
  "$repo/scripts/fetch-mesa.sh" "$src"
  while read -r p; do
    [ -n "$p" ] || continue
    patch -s -p1 -d "$src" < "$repo/mesa-patches/$p" || { echo "prepare-mesa: $p does not apply" >&2; exit 1; }
  done < "$repo/mesa-patches/series"
  echo "$stamp" > "$src/.fxpipe-patches"
fi

# fxpipe's own sources stay in this repository; Mesa's tree sees them through links.
ln -sfn "$repo/src/gallium/drivers/fxpipe" "$src/src/gallium/drivers/fxpipe"
ln -sfn "$repo/src/gallium/winsys/fxpipe" "$src/src/gallium/winsys/fxpipe"

optstamp=$(printf '%s\n' "${mesa_opts[@]}" "$src" | sha256sum | cut -c1-16)
if [ ! -f "$bld/build.ninja" ] || [ "$(cat "$bld/.fxpipe-options" 2>/dev/null)" != "$optstamp" ]; then
  cc=gcc; cxx=g++
  if command -v ccache >/dev/null; then cc="ccache gcc"; cxx="ccache g++"; fi
  rm -rf "$bld"
  CC=$cc CXX=$cxx meson setup "$bld" "$src" "${mesa_opts[@]}" > "$bld.setup.log" 2>&1 ||
    { tail -n 40 "$bld.setup.log" >&2; echo "prepare-mesa: configuring Mesa failed (log: $bld.setup.log)" >&2; exit 1; }
  echo "$optstamp" > "$bld/.fxpipe-options"
fi
echo "prepare-mesa: Mesa source in $src, build in $bld"
