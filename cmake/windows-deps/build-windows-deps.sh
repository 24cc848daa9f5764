#!/usr/bin/env bash
# Builds every library the Windows programs need (aem.exe, aem-viewer.exe) with MinGW-w64, from
# Debian's own source packages, as static libraries in a prefix with pkg-config files, CMake
# packages and a toolchain file (README.md beside this script says what and why).
#
# The prefix is $AEM_WINDOWS_DEPS_DIR/<key> (default ~/.cache/aem/windows-deps/<key>), where key
# hashes the Debian source versions, this folder's scripts and the compiler's version: a run whose
# prefix exists reuses it and builds nothing. A build happens in a temporary folder beside it and
# is renamed into place when complete, so an interrupted run leaves no half prefix; a lock keeps
# two runs (two configure steps) from working at once.
#
# Usage: build-windows-deps.sh [--jobs N]
# The last line of its output is "AEM_WINDOWS_DEPS_PREFIX=<path of the prefix>".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
jobs="$(nproc)"
if [ "${1:-}" = "--jobs" ] && [ -n "${2:-}" ]; then jobs="$2"; fi
root="${AEM_WINDOWS_DEPS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/aem/windows-deps}"
mkdir -p "$root"
root="$(cd "$root" && pwd)"

# shellcheck source=debian-sources.sh
. "$here/debian-sources.sh"
# shellcheck source=libraries.sh
. "$here/libraries.sh"

for tool in x86_64-w64-mingw32-gcc-posix x86_64-w64-mingw32-g++-posix x86_64-w64-mingw32-ar \
            cmake ninja python3 dpkg-source flock sha256sum; do
  command -v "$tool" >/dev/null || { echo "build-windows-deps: $tool not found (.ci/install-deps installs it)" >&2; exit 1; }
done

# One run at a time per folder (two configure steps at once): the second waits, then reuses.
exec 9>"$root/.lock"
if ! flock -n 9; then
  echo "build-windows-deps: waiting for another run to finish with $root" >&2
  flock 9
fi

# The key: the versions apt offers (newest first, with the ones tried when a file is missing),
# every script of this folder, and the compilers that build them.
deps_apt_update
key="$( {
  for package in "${deps_source_packages[@]}"; do echo "$package $(deps_source_versions "$package" | tr '\n' ' ')"; done
  cat "$here"/*.sh "$here"/*.in
  x86_64-w64-mingw32-gcc-posix --version | head -n 1
  cmake --version | head -n 1
} | sha256sum | cut -c1-16)"
prefix="$root/$key"

if [ -f "$prefix/.complete" ]; then
  echo "build-windows-deps: reusing $prefix (Debian versions, scripts and compiler unchanged)"
  echo "AEM_WINDOWS_DEPS_PREFIX=$prefix"
  exit 0
fi

work="$(mktemp -d "$root/.build-XXXXXX")"
# On failure the logs are kept (the work folder is not: it holds the sources).
deps_on_exit() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -d "$work/build" ]; then
    rm -rf "$root/failed-logs" && mkdir -p "$root/failed-logs"
    cp "$work"/build/*.log "$work"/build/*.current "$root/failed-logs/" 2>/dev/null || true
    echo "build-windows-deps: failed (exit $status) in $(cat "$work"/build/*.current 2>/dev/null | tr '\n' ' '); logs in $root/failed-logs" >&2
  fi
  rm -rf "$work"
}
trap deps_on_exit EXIT
staging="$work/prefix"
mkdir -p "$staging"
start=$(date +%s.%N)

deps_fetch_all "$work/src" "$staging/versions.txt" "$staging/share/doc/windows-deps/licenses"
deps_build_all "$work" "$staging" "$jobs" > >(tee "$staging/build-times.txt")
mkdir -p "$staging/logs" && cp "$work"/build/*.log "$staging/logs/"

wall=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN{printf "%.0f", e-s}')
# CPU seconds of everything this script ran (user and system: the second line of `times`).
times > "$work/times"
cpu=$(tail -n 1 "$work/times" | awk '{u=$1; s=$2; sub(/s$/,"",u); sub(/s$/,"",s); split(u,a,"m"); split(s,b,"m"); printf "%.0f", a[1]*60+a[2]+b[1]*60+b[2]}')
echo "total: ${wall} s wall, ${cpu} s CPU, -j$jobs" | tee -a "$staging/build-times.txt"
# Paths inside the prefix's files name the staging folder until here: point them at the final one.
deps_relocate "$staging" "$prefix"
touch "$staging/.complete"
if ! mv -T "$staging" "$prefix" 2>/dev/null; then
  echo "build-windows-deps: $prefix appeared meanwhile; keeping it" >&2
fi
# Older prefixes (other keys) are left in place: a branch switch back reuses them.
echo "build-windows-deps: built $prefix"
echo "AEM_WINDOWS_DEPS_PREFIX=$prefix"
