// The worked example of specs/aem-v1.md: the writer's bytes must equal the bytes written out
// field by field here, independently of the format structs.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"

namespace {

class Bytes {
 public:
  Bytes& u8(std::uint8_t v) { data_.push_back(std::byte{v}); return *this; }
  Bytes& u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8(std::uint8_t(v >> (8 * i)));
    return *this;
  }
  Bytes& i32(std::int32_t v) { return u32(std::uint32_t(v)); }
  Bytes& f32(float v) { return u32(std::bit_cast<std::uint32_t>(v)); }
  Bytes& name(const std::string& s) {
    for (char c : s) u8(std::uint8_t(c));
    for (std::size_t i = s.size(); i < 128; ++i) u8(0);
    return *this;
  }
  Bytes& zeros(std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) u8(0);
    return *this;
  }
  const std::vector<std::byte>& data() const { return data_; }

 private:
  std::vector<std::byte> data_;
};

std::vector<std::byte> expected_tiny_file() {
  Bytes b;
  // Header: "AEM", version 1, then the ten counts.
  b.u8('A').u8('E').u8('M').u8(1);
  b.u32(3).u32(3).u32(48).u32(3).u32(1).u32(1).u32(1).u32(1).u32(1).u32(4);
  // Vertices: position, normal, tangent, bitangent, uv, joints, weights.
  const float corners[3][4] = {{0, 0, 0, 1}, {1, 0, 1, 1}, {0, 1, 0, 0}};  // x, y, u, v
  for (const auto& c : corners) {
    b.f32(c[0]).f32(c[1]).f32(0);
    b.f32(0).f32(0).f32(1);
    b.f32(1).f32(0).f32(0);
    b.f32(0).f32(1).f32(0);
    b.f32(c[2]).f32(c[3]);
    b.i32(0).i32(-1).i32(-1).i32(-1);
    b.f32(1).f32(0).f32(0).f32(0);
  }
  // Indices.
  b.u32(0).u32(1).u32(2);
  // Image buffer: three 1x1 RGBA8 texels, each at a 16-byte offset.
  b.u8(200).u8(150).u8(100).u8(255).zeros(12);
  b.u8(128).u8(128).u8(255).u8(255).zeros(12);
  b.u8(128).u8(255).u8(0).u8(0).zeros(12);
  // Textures: offset, width, height, wrap x, wrap y, compression.
  b.u32(0).u32(1).u32(1).u32(0).u32(0).u32(0);
  b.u32(16).u32(1).u32(1).u32(0).u32(0).u32(0);
  b.u32(32).u32(1).u32(1).u32(2).u32(2).u32(0);
  // Mesh: first index, index count, material.
  b.u32(0).u32(3).u32(0);
  // Material: base color, normal, PBR textures, type.
  b.u32(0).u32(1).u32(2).u32(0);
  // Joint: name, inverse bind matrix (identity, column-major), parent.
  b.name("root");
  for (int i = 0; i < 16; ++i) b.f32(i % 5 == 0 ? 1.0f : 0.0f);
  b.i32(-1);
  // Animation: name, duration.
  b.name("wave").f32(1.0f);
  // Track: first keyframe, translation, rotation and scale key counts.
  b.u32(0).u32(1).u32(2).u32(1);
  // Keyframes: time, x, y, z, w.
  b.f32(0).f32(0).f32(0).f32(0).f32(0);
  b.f32(0).f32(0).f32(0).f32(0).f32(1);
  b.f32(1).f32(0).f32(0).f32(0.70710677f).f32(0.70710677f);
  b.f32(0).f32(1).f32(1).f32(1).f32(0);
  return b.data();
}

TEST(GoldenBytes, TinyModelMatchesTheSpecExample) {
  const std::vector<std::byte> expected = expected_tiny_file();
  ASSERT_EQ(expected.size(), 892u);
  const std::vector<std::byte> actual = aem::pipeline::serialize_model(aem::test::tiny_model());
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    ASSERT_EQ(actual[i], expected[i]) << "first difference at byte " << i;
  }
}

TEST(GoldenBytes, TinyModelOpensWithTheExpectedViews) {
  const std::vector<std::byte> bytes = expected_tiny_file();
  const aem::Model model = aem::Model::open_memory(bytes);
  EXPECT_TRUE(model.zero_copy());
  ASSERT_EQ(model.meshes().size(), 1u);
  EXPECT_EQ(model.mesh_indices(model.meshes()[0]).size(), 3u);
  EXPECT_EQ(aem::name_view(model.joints()[0].name), "root");
  EXPECT_EQ(aem::name_view(model.animations()[0].name), "wave");
  const aem::TrackKeys keys = model.keys(model.track(0, 0));
  EXPECT_EQ(keys.translations.size(), 1u);
  ASSERT_EQ(keys.rotations.size(), 2u);
  EXPECT_FLOAT_EQ(keys.rotations[1].value[3], 0.70710677f);
  EXPECT_EQ(keys.scales.size(), 1u);
  const auto texel = model.mip_data(model.textures()[1], 0);
  ASSERT_EQ(texel.size(), 4u);
  EXPECT_EQ(texel[2], std::byte{255});
}

}  // namespace
