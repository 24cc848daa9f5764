#!/usr/bin/env bash
# Builds bc7enc_rdo (Rich Geldreich's RDO BC7 encoder, the baseline of rdo_benchmark) with g++
# from a local git snapshot, never from the network:
#   benchmarks/codec/build_bc7enc_rdo.sh [SNAPSHOT_GIT_DIR] [OUT_DIR]
# SNAPSHOT_GIT_DIR defaults to $BC7ENC_RDO_GIT, then /work/.mirror/richgel999+bc7enc_rdo/repo;
# OUT_DIR to build/bc7enc_rdo. Prints the binary's path. Exits 0 with a message, building
# nothing, when the snapshot is absent (the benchmark then skips the baseline).
set -euo pipefail
snapshot="${1:-${BC7ENC_RDO_GIT:-/work/.mirror/richgel999+bc7enc_rdo/repo}}"
out="${2:-build/bc7enc_rdo}"
if ! git --git-dir="$snapshot" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  echo "build_bc7enc_rdo: no bc7enc_rdo snapshot at $snapshot: the baseline will be skipped" >&2
  exit 0
fi
if [ -x "$out/bc7enc" ]; then echo "$out/bc7enc"; exit 0; fi
mkdir -p "$out/src"
# Only the C++ sources, file by file: the snapshot may lack its large binaries (ispc.exe).
for file in $(git --git-dir="$snapshot" ls-tree --name-only HEAD | grep -E '\.(cpp|h)$'); do
  git --git-dir="$snapshot" show "HEAD:$file" >"$out/src/$file"
done
# bc7enc.cpp path only (no ISPC on Debian): the sources of its CMakeLists.txt minus bc7e.
sources=(test.cpp bc7enc.cpp bc7decomp.cpp bc7decomp_ref.cpp lodepng.cpp rgbcx.cpp utils.cpp ert.cpp rdo_bc_encoder.cpp)
(cd "$out/src" && g++ -O3 -fopenmp -fno-strict-aliasing -w -o ../bc7enc "${sources[@]}" -lm)
echo "$out/bc7enc"
