// The big-endian path's record swap, exercised on any host: it reverses every 4-byte field,
// leaves names alone, and undoes itself.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "aem/byte_order.hpp"

namespace {

TEST(ByteOrder, SwapsWordsButNotNames) {
  aem::Joint joint{};
  std::strcpy(joint.name, "hip");
  joint.inverse_bind[0] = 1.0f;  // 00 00 80 3f on a little-endian host
  joint.parent = 0x01020304;
  std::vector<std::byte> bytes(sizeof joint);
  std::memcpy(bytes.data(), &joint, sizeof joint);
  const std::vector<std::byte> original = bytes;

  aem::swap_record_bytes<aem::Joint>(bytes.data(), 1);
  EXPECT_EQ(std::memcmp(bytes.data(), "hip", 4), 0);
  for (std::size_t w = aem::kNameSize; w < sizeof joint; w += 4) {
    for (std::size_t k = 0; k < 4; ++k) {
      ASSERT_EQ(bytes[w + k], original[w + 3 - k]) << "word at " << w;
    }
  }
  aem::swap_record_bytes<aem::Joint>(bytes.data(), 1);
  EXPECT_EQ(bytes, original);
}

TEST(ByteOrder, SwapsEveryFieldOfPlainRecords) {
  const aem::Mesh meshes[2] = {{0x11223344u, 3, 1}, {5, 6, 7}};
  std::vector<std::byte> bytes(sizeof meshes);
  std::memcpy(bytes.data(), meshes, sizeof meshes);
  aem::swap_record_bytes<aem::Mesh>(bytes.data(), 2);
  aem::Mesh swapped[2];
  std::memcpy(swapped, bytes.data(), sizeof swapped);
  EXPECT_EQ(swapped[0].first_index, 0x44332211u);
  EXPECT_EQ(swapped[1].material, 0x07000000u);
}

}  // namespace
