#pragma once
// Converts records between the file's little-endian order and a big-endian host's (the swap is
// its own inverse, so readers and writers share it). Every field of every record
// is a 4-byte word except the 128-byte names, which are bytes and stay as they are.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "aem/format.hpp"

namespace aem {

template <class T>
void swap_record_bytes(std::byte* records, std::uint32_t count) {
  constexpr std::size_t kNameBytes =
      (std::is_same_v<T, Joint> || std::is_same_v<T, Animation>) ? kNameSize : 0;
  static_assert((sizeof(T) - kNameBytes) % 4 == 0);
  for (std::uint32_t r = 0; r < count; ++r) {
    std::byte* record = records + std::size_t{r} * sizeof(T);
    for (std::size_t w = kNameBytes; w < sizeof(T); w += 4) std::reverse(record + w, record + w + 4);
  }
}

}  // namespace aem
