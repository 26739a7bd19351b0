#!/usr/bin/env bash
# Fetches Debian's source package of Mesa 22.3.6 with apt and unpacks it (Debian's patches applied) into DEST.
# The deb-src entry is derived at run time from the machine's own apt configuration (same URIs, suites,
# components and keyring as its binary entries), written to a private sources list and lists directory,
# so that neither the system's apt state nor this repository names any mirror.
#   usage: fetch-mesa.sh DEST
set -eu
want=22.3.6
dest=$1
[ -f "$dest/.fxpipe-unpacked" ] && exit 0

cache=${FXPIPE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/fxpipe}
apt_dir=$cache/apt
mkdir -p "$cache/src" "$apt_dir/lists/partial" "$apt_dir/parts"

have_dsc() { ls "$cache/src"/mesa_${want}-*.dsc 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(have_dsc)" ]; then
  list=$apt_dir/sources.list
  : > "$list"
  # deb822 files: turn every "Types: deb" stanza into a deb-src one-line entry.
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    awk -v out="$list" '
      function flush() {
        if (types ~ /(^| )deb( |$)/ && uris != "") {
          n = split(uris, u, " "); m = split(suites, s, " ")
          for (i = 1; i <= n; i++) for (j = 1; j <= m; j++)
            printf "deb-src%s %s %s %s\n", (key != "" ? " [signed-by=" key "]" : ""), u[i], s[j], comps >> out
        }
        types = uris = suites = comps = key = ""
      }
      /^[[:space:]]*#/ { next }
      /^[[:space:]]*$/ { flush(); next }
      { k = $1; sub(/:$/, "", k); v = $0; sub(/^[^:]*:[[:space:]]*/, "", v)
        if (k == "Types") types = v; else if (k == "URIs") uris = v; else if (k == "Suites") suites = v
        else if (k == "Components") comps = v; else if (k == "Signed-By") key = v }
      END { flush() }' "$f"
  done
  # one-line files: copy "deb" lines as "deb-src".
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >> "$list"
  done
  [ -s "$list" ] || { echo "fetch-mesa: no apt binary entries found to derive a deb-src entry from" >&2; exit 1; }

  opts=(-o "Dir::Etc::SourceList=$list" -o "Dir::Etc::SourceParts=$apt_dir/parts"
        -o "Dir::State::Lists=$apt_dir/lists" -o "APT::Get::List-Cleanup=0" -o "Debug::NoLocking=1" -o "APT::Sandbox::User=root")
  echo "fetch-mesa: downloading Debian's mesa $want source package"
  apt-get "${opts[@]}" -qq update
  ver=$(apt-cache "${opts[@]}" showsrc mesa 2>/dev/null | awk '/^Version:/ {print $2}' | grep "^$want-" | sort -V | tail -n 1)
  [ -n "$ver" ] || { echo "fetch-mesa: apt knows no mesa source package of version $want" >&2; exit 1; }
  (cd "$cache/src" && apt-get "${opts[@]}" -qq source --download-only "mesa=$ver")
fi

dsc=$(have_dsc)
[ -n "$dsc" ] || { echo "fetch-mesa: download failed" >&2; exit 1; }
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
dpkg-source --no-check -x "$dsc" "$dest" >/dev/null
touch "$dest/.fxpipe-unpacked"
echo "fetch-mesa: unpacked $(basename "$dsc") into $dest"
