// The exact bytes of a hand-checkable export, and exporting twice giving the same bytes.
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <gtest/gtest.h>

#include "model_factory.hpp"
#include "samf_test_support.hpp"

namespace aem::test::samf {

// Little-endian helpers for writing the expected file out by hand.
struct Expected {
  std::vector<std::uint8_t> bytes;
  void u16(std::uint16_t v) { bytes.insert(bytes.end(), {std::uint8_t(v), std::uint8_t(v >> 8)}); }
  void u32(std::uint32_t v) { u16(std::uint16_t(v)), u16(std::uint16_t(v >> 16)); }
  void raw(std::initializer_list<std::uint8_t> b) { bytes.insert(bytes.end(), b); }
  // A MATRIX: nine int16 entries row by row, a zero pad, three int32 translations.
  void matrix(std::initializer_list<std::int16_t> m, std::initializer_list<std::int32_t> t) {
    for (std::int16_t e : m) u16(std::uint16_t(e));
    u16(0);
    for (std::int32_t e : t) u32(std::uint32_t(e));
  }
};

// tiny_model(): one triangle (0,0,0), (1,0,0), (0,1,0) with normals +z, all on joint 'root'
// (identity bind), and 'wave', 1 s turning 90 degrees about z. At 1 fps: 2 frames.
TEST(SamfExport, TinyModelBytesWrittenByHand) {
  const OpenedModel tiny = open_content(tiny_model());
  const auto result = pipeline::export_samf(*tiny.model, "tiny", {.fps = 1.0, .scale = {}});
  Expected e;
  e.raw({'S', 'A', 'M', 'F'});
  e.u16(2), e.u16(1), e.u16(1), e.u32(3), e.u16(1);   // version, bones, animations, vertices, faces
  e.u16(0), e.u16(0);                                  // bone 0 is a root: its own parent
  e.matrix({4096, 0, 0, 0, 4096, 0, 0, 0, 4096}, {0, 0, 0});  // bind pose: identity
  e.raw({0, 0, 0, 0, 0, 0, 0, 0});                     // positions: (0,0,0)
  e.raw({0x00, 0x10, 0, 0, 0, 0, 0, 0});               // (1,0,0): 4096 = 0x1000
  e.raw({0, 0, 0x00, 0x10, 0, 0, 0, 0});               // (0,1,0)
  for (int i = 0; i < 3; ++i) e.raw({0, 0, 0, 0, 0x00, 0x10, 0, 0});  // normals (0,0,1)
  for (int i = 0; i < 3; ++i) e.raw({0, 0, 0, 0, 255, 0, 0, 0});      // bone 0, weight 255
  e.u16(0), e.u16(1), e.u16(2);                        // the face
  e.u32(4 + 8 + 4 + 4 + 2 * 32);                       // block_size, its own 4 bytes included
  e.raw({'w', 'a', 'v', 'e', 0, 0, 0, 0});
  e.u32(2), e.u32(0);                                  // keyframe_count, keyframe_pointer
  e.matrix({4096, 0, 0, 0, 4096, 0, 0, 0, 4096}, {0, 0, 0});  // frame 0: identity
  e.matrix({0, -4096, 0, 4096, 0, 0, 0, 0, 4096}, {0, 0, 0});  // frame 1: +90 degrees about z
  ASSERT_EQ(e.bytes.size(), 214u);
  std::vector<std::uint8_t> actual;
  for (std::byte b : result.bytes) actual.push_back(std::to_integer<std::uint8_t>(b));
  EXPECT_EQ(actual, e.bytes);
  EXPECT_EQ(result.scale, 1.0);
  EXPECT_EQ(result.warnings, (std::vector<std::string>{
      "tiny: 1 materials and 3 textures dropped (SAMF has no materials or textures)",
      "tiny: texture coordinates, tangents and bitangents of 3 vertices dropped (SAMF keeps positions, "
      "normals and skin weights)"}));
}

TEST(SamfExport, TinyModelReadsBack) {
  const OpenedModel tiny = open_content(tiny_model());
  const File f = read(pipeline::export_samf(*tiny.model, "tiny").bytes);
  EXPECT_EQ(f.magic, 0x464D4153u);
  EXPECT_EQ(f.version, 2);
  ASSERT_EQ(f.animations.size(), 1u);
  EXPECT_EQ(f.animations[0].name, "wave");
  EXPECT_EQ(f.animations[0].keyframe_count, 31u);  // round(1 s x 30 fps) + 1
}

TEST(SamfExport, ExportingTwiceGivesTheSameBytes) {
  for (std::uint32_t seed : {3u, 17u, 2024u}) {
    pipeline::ModelContent content = random_model(seed);
    for (auto& joint : content.joints) joint.inverse_bind = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    for (auto& v : content.vertices) {  // unit normals, weights on every slot
      v.normal[0] = 0, v.normal[1] = 0, v.normal[2] = 1;
      for (float& w : v.weights) w = 0.25f;
    }
    for (std::size_t a = 0; a < content.animations.size(); ++a) content.animations[a].name = "a" + std::to_string(a);
    const OpenedModel model = open_content(content);
    const auto first = pipeline::export_samf(*model.model, "random");
    const auto second = pipeline::export_samf(*model.model, "random");
    EXPECT_EQ(first.bytes, second.bytes) << "seed " << seed;
    EXPECT_EQ(first.warnings, second.warnings) << "seed " << seed;
    EXPECT_NO_THROW((void)read(first.bytes)) << "seed " << seed;
  }
}

}  // namespace aem::test::samf
