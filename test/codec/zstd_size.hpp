#pragma once
// Size of data after zstd -19 (libzstd at the level the `zstd -19` command uses), for the RDO
// tests' compressed-size floors. nullopt where the build has no libzstd (the MinGW cross build).
#include <cstdint>
#include <optional>
#include <vector>

#ifdef AEM_TEST_HAVE_ZSTD
#include <zstd.h>
#endif

namespace aem::test {

inline std::optional<std::size_t> zstd19_size(const std::vector<std::uint8_t>& data) {
#ifdef AEM_TEST_HAVE_ZSTD
  std::vector<char> out(ZSTD_compressBound(data.size()));
  const std::size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), 19);
  if (ZSTD_isError(n)) return std::nullopt;
  return n;
#else
  (void)data;
  return std::nullopt;
#endif
}

}  // namespace aem::test
