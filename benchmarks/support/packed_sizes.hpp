#pragma once
// Sizes of data once packed as a game package would be: zstd -19 through libzstd (the level the
// `zstd -19` command uses), and `lz4 -9` through the command (no liblz4-dev package on the build
// machines). Needs libzstd (pkg-config libzstd).
#include <zstd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

namespace aem::bench {

// 0 when libzstd reports an error.
inline std::size_t zstd19_size(std::span<const std::byte> data) {
  std::vector<char> out(ZSTD_compressBound(data.size()));
  const std::size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 19);
  return ZSTD_isError(n) ? 0 : n;
}

inline bool have_lz4_command() { return std::system("command -v lz4 >/dev/null 2>&1") == 0; }

// `lz4 -9` through `scratch` (written, then packed beside it); 0 when the command fails.
inline std::size_t lz4_9_size(std::span<const std::byte> data, const std::filesystem::path& scratch) {
  {
    std::ofstream out(scratch, std::ios::binary);
    out.write(reinterpret_cast<const char*>(data.data()), std::streamsize(data.size()));
  }
  const std::filesystem::path packed = scratch.string() + ".lz4";
  std::string command = "lz4 -9 -q -f '";
  command.append(scratch.string()).append("' '").append(packed.string()).append("' 2>/dev/null");
  if (std::system(command.c_str()) != 0) return 0;
  return std::size_t(std::filesystem::file_size(packed));
}

}  // namespace aem::bench
