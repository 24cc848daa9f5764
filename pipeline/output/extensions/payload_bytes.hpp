#pragma once
// Appending one record of a payload, as it lies in memory (the host is little-endian: the
// runtime's extension views assume it too). Private to the extensions' encoders.
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

namespace aem::pipeline {

template <class T>
void append_record(std::vector<std::byte>& out, const T& value) {
  static_assert(std::is_trivially_copyable_v<T>);
  const std::size_t at = out.size();
  out.resize(at + sizeof value);
  std::memcpy(out.data() + at, &value, sizeof value);
}

}  // namespace aem::pipeline
