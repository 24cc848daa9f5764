#pragma once
// Helpers for the extension payload tests: building expected payloads by hand, reading a written
// payload back, and checking that a hostile payload is refused where it is wrong.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "aem/model.hpp"

namespace aem::test {

// Appends `value` as it lies in memory (the payloads are little-endian, as these hosts are).
template <class T>
void append_value(std::vector<std::byte>& out, T value) {
  const std::size_t at = out.size();
  out.resize(at + sizeof value);
  std::memcpy(out.data() + at, &value, sizeof value);
}

// The payload of extension `name` in `file`, or nothing when the file has none (opened without
// validation, so a hostile payload can be read back too).
inline std::vector<std::byte> extension_payload_of(const std::vector<std::byte>& file, std::string_view name) {
  const Model model = Model::open_memory(file, {.validate = false});
  const auto payload = model.extension_payload(name);
  return payload ? std::vector<std::byte>(payload->begin(), payload->end()) : std::vector<std::byte>{};
}

// Expects a validated open of `file`, which ends with a payload of `payload_size` bytes, to fail
// with bad_extension_payload at byte `at` of that payload, its message holding `words`
// ("uv1: header:").
inline void expect_payload_refused(const std::vector<std::byte>& file, std::size_t payload_size, std::uint64_t at,
                                   const std::string& words) {
  const Expected<Model> model = Model::try_open_memory(file);
  ASSERT_FALSE(model.has_value()) << words;
  EXPECT_EQ(model.error().code, ErrorCode::bad_extension_payload);
  EXPECT_EQ(model.error().byte_offset, file.size() - payload_size + at) << model.error().describe();
  EXPECT_NE(model.error().describe().find(words), std::string::npos) << model.error().describe();
}

}  // namespace aem::test
