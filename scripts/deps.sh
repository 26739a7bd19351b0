#!/usr/bin/env bash
# Installs, with apt as root, everything fxpipe's build, demo and tests need.
# Idempotent: when every package is present it prints nothing and exits 0.
set -eu

PKGS=(
  # build tools (Mesa uses /usr/bin/python3 for mako)
  meson ninja-build pkg-config bison flex python3-mako python3-yaml ccache dpkg-dev
  gcc g++ git patch
  # Mesa 22.3 build dependencies for the GLX/EGL/DRI software path
  libdrm-dev libx11-dev libx11-xcb-dev libxext-dev libxfixes-dev libxcb1-dev
  libxcb-glx0-dev libxcb-dri2-0-dev libxcb-dri3-dev libxcb-present-dev libxcb-shm0-dev
  libxcb-randr0-dev libxcb-xfixes0-dev libxcb-sync-dev libxcb-keysyms1-dev
  libxshmfence-dev libxxf86vm-dev libxrandr-dev libudev-dev zlib1g-dev libzstd-dev
  libexpat1-dev libelf-dev libglvnd-dev
  # demo and tests: system GL loaders, X server, GL tools, piglit
  libgl1 libegl1 libglx-mesa0 libegl-mesa0 libgl1-mesa-dri libgles2
  libgl-dev libegl-dev libgles-dev
  xvfb xauth mesa-utils piglit
  # piglit's ARB_gl_spirv tests assemble their SPIR-V with spirv-as (tests/piglit/lists/rest-glx.txt)
  spirv-tools
  # FXT1 tool (PNG) and benchmark (PNG, JPEG); glmark2 for bench/draw/glmark2.sh
  libpng-dev libjpeg-dev glmark2-x11
  # bench/run-all.sh's chart (bench/lib/chart.py draws docs/bench-latest.png with gnuplot)
  gnuplot-nox
  # the fuzzers (scripts/fuzz.sh): clang and its libFuzzer and sanitizer runtimes
  clang-14 libclang-rt-14-dev
)

missing=()
for p in "${PKGS[@]}"; do
  st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$st" = "installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
  echo "deps.sh: missing packages: ${missing[*]}; run this script as root" >&2
  exit 1
fi
echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
