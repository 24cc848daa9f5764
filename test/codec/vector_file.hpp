#pragma once
// Reads the corpus decode-vector files: 4-byte tag, u32 count, then fixed-size records.
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace aem::test {

struct VectorFile {
  std::uint32_t count = 0;
  std::vector<std::uint8_t> records;
};

inline VectorFile read_vectors(const std::filesystem::path& path, const char* tag, std::size_t record) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot open " << path;
  char magic[4] = {};
  in.read(magic, 4);
  EXPECT_EQ(std::string(magic, 4), tag);
  std::uint8_t n[4] = {};
  in.read(reinterpret_cast<char*>(n), 4);
  VectorFile v;
  v.count = std::uint32_t(n[0]) | std::uint32_t(n[1]) << 8 | std::uint32_t(n[2]) << 16 |
            std::uint32_t(n[3]) << 24;
  v.records.resize(std::size_t(v.count) * record);
  in.read(reinterpret_cast<char*>(v.records.data()), std::streamsize(v.records.size()));
  EXPECT_EQ(std::size_t(in.gcount()), v.records.size()) << "truncated " << path;
  return v;
}

}  // namespace aem::test
