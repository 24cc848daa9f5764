# Debian's source packages through apt, without root and without touching /etc: source lines
# derived from the machine's own binary lines (deb -> deb-src) in a private apt state under
# $root/apt, and `apt-get source` with dpkg-source, so that Debian's patches are applied.
# Sourced by build-windows-deps.sh (needs $root).
# shellcheck shell=bash disable=SC2154  # $root: set by build-windows-deps.sh

# The source packages, by Debian's names (libstb is stb's; lzma is the LZMA SDK).
deps_source_packages=(libsquish meshoptimizer libzstd libwebp openjpeg2 xxhash libsdl2 libepoxy
                      imgui tinygltf nlohmann-json3 libstb lzma)

deps_apt() {
  apt-get -q -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$root/apt/sources.list.d" \
    -o Dir::State::Lists="$root/apt/lists" -o Dir::Cache="$root/apt/cache" \
    -o Dir::State::Status=/dev/null -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)" "$@"
}

# The machine's binary source lines as source lines, in deb822 (*.sources) or one-line (*.list) form.
deps_write_source_lines() {
  local out="$1" file
  mkdir -p "$out"
  rm -f "$out"/*
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    # Files of source lines only (a machine that has them already) would repeat the others.
    case "$file" in
      *.sources)
        grep -qE '^Types:(.*[[:space:]])?deb([[:space:]]|$)' "$file" || continue
        sed -E 's/^Types:.*$/Types: deb-src/' "$file" > "$out/$(basename "$file")" ;;
      *) sed -nE 's/^deb[[:space:]]/deb-src /p' "$file" > "$out/$(basename "$file" .list)-src.list" ;;
    esac
  done
}

# Reads the source indexes when they are missing, older than a day or AEM_WINDOWS_DEPS_UPDATE=1
# (so a configure step does not ask the network each time); with no network, indexes read before
# are used as they are.
deps_apt_update() {
  mkdir -p "$root/apt/lists/partial" "$root/apt/cache/archives/partial"
  deps_write_source_lines "$root/apt/sources.list.d"
  if [ -z "${AEM_WINDOWS_DEPS_UPDATE:-}" ] && [ -f "$root/apt/updated" ] &&
     [ -z "$(find "$root/apt/updated" -mmin +1440)" ] &&
     cmp -s <(cat "$root/apt/sources.list.d"/*) "$root/apt/updated"; then
    return 0
  fi
  if deps_apt update >"$root/apt/update.log" 2>&1; then
    cat "$root/apt/sources.list.d"/* > "$root/apt/updated"
  else
    if ls "$root/apt/lists/"*Sources* >/dev/null 2>&1; then
      echo "build-windows-deps: apt-get update failed ($root/apt/update.log): using the source indexes read before" >&2
    else
      echo "build-windows-deps: apt-get update failed, see $root/apt/update.log" >&2
      return 1
    fi
  fi
}

# The versions of a source package apt knows, newest first.
deps_source_versions() {
  deps_apt_cache showsrc --only-source "$1" | awk '/^Version:/{print $2}' | sort -u -V -r
}
deps_apt_cache() {
  apt-cache -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts="$root/apt/sources.list.d" \
    -o Dir::State::Lists="$root/apt/lists" -o Dir::Cache="$root/apt/cache" -o Dir::State::Status=/dev/null "$@"
}

# The SHA-256 a .dsc gives for one of its files.
deps_dsc_sha256() {
  awk -v name="$2" '/^Checksums-Sha256:/{on=1; next} /^[^ ]/{on=0} on && $3==name {print $1}' "$1"
}

# Unpacks PACKAGE into DEST/PACKAGE, trying each version apt knows, newest first (a mirror may
# lack the newest: a security update's files). Downloads are kept in $root/downloads, so a rebuild
# after a script change downloads nothing. When a version's .dsc and upstream tarball come but
# Debian's part does not (libepoxy's debian.tar.xz answers 404 on some mirrors), the upstream
# tarball alone is used, checked against the .dsc's SHA-256, and the log says so. Appends
# "PACKAGE VERSION [note]" to VERSIONS.
deps_fetch_source() {
  local package="$1" dest="$2" versions="$3" version dsc name sum orig
  local downloads="$root/downloads/$package"
  mkdir -p "$downloads"
  for version in $(deps_source_versions "$package"); do
    (cd "$downloads" && deps_apt source --download-only --only-source "$package=$version") >>"$downloads/fetch.log" 2>&1 || true
    dsc="$downloads/${package}_${version#*:}.dsc"
    [ -f "$dsc" ] || continue
    if dpkg-source -x "$dsc" "$dest/$package" >>"$downloads/fetch.log" 2>&1; then
      echo "$package $version" >> "$versions"
      return 0
    fi
    rm -rf "${dest:?}/$package"
    orig="$(awk '/^Checksums-Sha256:/{on=1; next} /^[^ ]/{on=0} on && $3 ~ /\.orig\.tar\./ && $3 !~ /\.asc$/ {print $3}' "$dsc")"
    if [ -z "$orig" ] || [ ! -f "$downloads/$orig" ]; then continue; fi
    sum="$(deps_dsc_sha256 "$dsc" "$orig")"
    if [ "$(sha256sum "$downloads/$orig" | cut -d' ' -f1)" != "$sum" ]; then
      echo "build-windows-deps: $orig does not match its .dsc's SHA-256" >&2
      continue
    fi
    mkdir -p "$dest/$package"
    tar -xf "$downloads/$orig" -C "$dest/$package" --strip-components=1
    name="Debian's part of $package $version did not download: upstream tarball $orig alone (SHA-256 checked against the .dsc), without Debian's patches"
    echo "build-windows-deps: $name" >&2
    echo "$package $version (upstream tarball only: Debian's patches not applied)" >> "$versions"
    return 0
  done
  echo "build-windows-deps: no version of the source package $package could be downloaded ($downloads/fetch.log)" >&2
  return 1
}

# Each package's licence terms into LICENSES/<package>: Debian's copyright file, or the upstream
# licence files where Debian's part is missing (programs linking these statically ship them).
deps_copy_licenses() {
  local src="$1" licenses="$2" file
  mkdir -p "$licenses"
  if [ -f "$src/debian/copyright" ]; then
    cp "$src/debian/copyright" "$licenses/copyright"
    return 0
  fi
  for file in "$src"/COPYING* "$src"/LICENSE* "$src"/LICENCE*; do
    [ -f "$file" ] && cp "$file" "$licenses/"
  done
  [ -n "$(ls "$licenses")" ] || { echo "build-windows-deps: no licence file in $src" >&2; return 1; }
}

deps_fetch_all() {
  local dest="$1" versions="$2" licenses="$3" package
  mkdir -p "$dest"
  for package in "${deps_source_packages[@]}"; do
    deps_fetch_source "$package" "$dest" "$versions"
    deps_copy_licenses "$dest/$package" "$licenses/$package"
  done
}
