#!/usr/bin/env bash
# gl-fxt1-upload-egl: runs fxpipe-gl-fxt1-upload (fxp_gl_fxt1_upload.c) on the natural images of
# bench/fxt1/images.sh (photographs and game textures from Debian packages, fetched into a cache the first time).
#   fxt1-upload.sh PATH/TO/fxpipe-gl-fxt1-upload PATH/TO/fxpipe-fxt1
set -eu
here=$(cd "$(dirname "$0")" && pwd)
list=$("$here/../../bench/fxt1/images.sh")
mapfile -t images <<< "$list"
exec "$1" "$2" "${images[@]}"
