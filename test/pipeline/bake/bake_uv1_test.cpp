// The second UV set (specs/aem-extensions.md section 4, `uv1`): a glTF whose occlusion texture
// samples TEXCOORD_1 bakes that set into the extension and records that its PBR texture (where
// occlusion is packed) samples AEM set 1, while the base colour keeps set 0; beside a
// metallic-roughness texture on TEXCOORD_0, occlusion gets a texture of its own on set 1;
// --format-version 1 keeps one set with the old warning.
#include <algorithm>
#include <cstring>
#include <filesystem>

#include "aem/ext_uv1.hpp"
#include "bake_test_support.hpp"
#include "two_set_quad.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

bool warned_code(const pipeline::BakeReport& report, const std::string& code) {
  for (const std::string& c : report.warning_codes)
    if (c == code) return true;
  return false;
}

TEST(BakeUv1, OcclusionOnTexcoord1SamplesTheSecondSet) {
  ScratchDir dir("uv1_occlusion");
  const fs::path in = write_two_set_quad(dir, false);
  const auto result = pipeline::bake_model(in, test_options());
  EXPECT_FALSE(warned_code(result.report, "extra_uv_sets")) << ::testing::PrintToString(result.report.warnings);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<Uv1View> uv1 = uv1_of(model);
  ASSERT_TRUE(uv1.has_value());
  ASSERT_EQ(uv1->uvs.size(), model.vertices().size() * 2);
  for (std::size_t v = 0; v < model.vertices().size(); ++v) {
    const Vertex& vertex = model.vertices()[v];
    const auto corner = std::size_t(vertex.position[0] + 2 * vertex.position[1]);
    EXPECT_EQ(uv1->uvs[v * 2], kUv1[corner][0]) << "vertex " << v;
    EXPECT_EQ(uv1->uvs[v * 2 + 1], kUv1[corner][1]) << "vertex " << v;
    // The core UVs stay TEXCOORD_0: (x, 1 - y) on the quad.
    EXPECT_EQ(vertex.uv[0], vertex.position[0]);
    EXPECT_EQ(vertex.uv[1], 1 - vertex.position[1]);
  }
  ASSERT_EQ(uv1->materials.size(), 1u);
  const Uv1Material& sets = uv1->materials[0];
  EXPECT_EQ(sets.base_colour_set, 0);
  EXPECT_EQ(sets.normal_set, 0);
  EXPECT_EQ(sets.pbr_set, 1) << "the PBR texture holds only occlusion, sampled with set 1";
  EXPECT_EQ(sets.occlusion_set, 1);
  EXPECT_EQ(sets.occlusion_texture, kUv1NoTexture);
}

TEST(BakeUv1, FormatVersionOneKeepsOneSetWithTheWarning) {
  ScratchDir dir("uv1_v1");
  pipeline::BakeOptions v1 = test_options();
  v1.version_1_only = true;
  const auto result = pipeline::bake_model(write_two_set_quad(dir, false), v1);
  EXPECT_TRUE(warned_code(result.report, "extra_uv_sets")) << ::testing::PrintToString(result.report.warnings);
  EXPECT_TRUE(result.content.extensions.empty());
}

// Occlusion on TEXCOORD_1 beside a metallic-roughness texture on TEXCOORD_0 cannot share the PBR
// texture: it gets a texture of its own (R, after the version-1 textures) sampled with set 1, and
// the PBR texture's G is 1 (section 4's packing). Nothing is warned. ao.png's R is 90.
TEST(BakeUv1, OcclusionOnAnotherSetThanItsPbrPartnerGetsItsOwnTexture) {
  ScratchDir dir("uv1_own_occlusion");
  const auto result = pipeline::bake_model(write_two_set_quad(dir, true), test_options());
  EXPECT_FALSE(warned_code(result.report, "extra_uv_sets")) << ::testing::PrintToString(result.report.warnings);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<Uv1View> uv1 = uv1_of(model);
  ASSERT_TRUE(uv1.has_value());
  ASSERT_EQ(uv1->materials.size(), 1u);
  const Uv1Material& sets = uv1->materials[0];
  EXPECT_EQ(sets.base_colour_set, 0);
  EXPECT_EQ(sets.pbr_set, 0) << "roughness and metalness stay on TEXCOORD_0";
  EXPECT_EQ(sets.occlusion_set, 1);
  ASSERT_NE(sets.occlusion_texture, kUv1NoTexture);
  const Material& material = model.materials()[0];
  EXPECT_GT(sets.occlusion_texture, std::max({material.base_color_texture, material.normal_texture, material.pbr_texture}))
      << "appended after the version-1 textures";
  ASSERT_LT(sets.occlusion_texture, model.textures().size());
  const Texture& occlusion = model.textures()[sets.occlusion_texture];
  ASSERT_EQ(occlusion.compression, std::uint32_t(Compression::none));  // test_options: RGBA8
  const std::span<const std::byte> occlusion_texels = model.texture_data(occlusion);
  for (std::size_t i = 0; i + 3 < std::size_t(occlusion.width) * occlusion.height * 4; i += 4)
    ASSERT_EQ(std::to_integer<int>(occlusion_texels[i]), 90) << "texel " << i / 4;
  const std::span<const std::byte> pbr = model.texture_data(model.textures()[material.pbr_texture]);
  EXPECT_EQ(std::to_integer<int>(pbr[1]), 255) << "no occlusion left in the PBR texture's G";
  EXPECT_EQ(std::to_integer<int>(pbr[0]), 90) << "roughness: ao.png's G";
  EXPECT_EQ(model.view().extension_textures.size(), 1u);
}

// Compressed, the own occlusion texture is BC5 (its R at BC4's quality), not BC7.
TEST(BakeUv1, OwnOcclusionCompressesToBc5) {
  ScratchDir dir("uv1_own_occlusion_bc");
  pipeline::BakeOptions bc = test_options();
  bc.textures = pipeline::TextureEncoding::bc;
  const auto result = pipeline::bake_model(write_two_set_quad(dir, true), bc);
  ASSERT_EQ(result.content.extensions.uv1.materials.size(), 1u);
  const std::uint32_t own = result.content.extensions.uv1.materials[0].occlusion_texture;
  ASSERT_LT(own, result.content.textures.size());
  EXPECT_EQ(result.content.textures[own].compression, Compression::bc5);
}

// --format-version 1 keeps one set: occlusion is sampled with the PBR texture's set, and warned.
TEST(BakeUv1, OcclusionOnAnotherSetIsWarnedInVersionOne) {
  ScratchDir dir("uv1_conflict_v1");
  pipeline::BakeOptions v1 = test_options();
  v1.version_1_only = true;
  const auto result = pipeline::bake_model(write_two_set_quad(dir, true), v1);
  EXPECT_TRUE(warned_code(result.report, "extra_uv_sets")) << ::testing::PrintToString(result.report.warnings);
  EXPECT_TRUE(result.content.extensions.uv1.empty());
}

}  // namespace
}  // namespace aem::test
