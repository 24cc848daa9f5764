// Solid textures (1×1, repeating: what the bake makes where the source has no texture) export as
// the material's factors, not as invented images (specs/gltf-export.md, "Solid textures"), and a
// bake of the export makes the same texels again: every sRGB byte of a base colour, roughness,
// metalness and an emissive intensity over a solid base colour.
#include "aem/pipeline/model_content.hpp"
#include "gltf_export_test_support.hpp"
#include "model_factory.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

pipeline::TextureImage solid(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  pipeline::TextureImage t;
  t.width = t.height = 1;
  t.mips = {std::byte{r}, std::byte{g}, std::byte{b}, std::byte{a}};
  return t;
}

// Level 0's first texel of texture `index`.
std::array<std::uint8_t, 4> first_texel(const pipeline::ModelContent& content, std::uint32_t index) {
  const std::vector<std::byte>& mips = content.textures[index].mips;
  return {std::uint8_t(mips[0]), std::uint8_t(mips[1]), std::uint8_t(mips[2]), std::uint8_t(mips[3])};
}

// One triangle per material; material i has its own solid base colour (i, 255 - i, i / 2) and a
// solid PBR texture (roughness i, occlusion 255, metalness 255 - i, intensity (i * 7) % 256 for
// every fourth, else 0); all share the flat normal.
pipeline::ModelContent solid_materials() {
  pipeline::ModelContent m = tiny_model();
  m.animations.clear();
  m.joints.clear();
  const aem::Vertex corner = m.vertices[0];
  m.vertices.clear();
  m.indices.clear();
  m.textures = {solid(128, 128, 255, 255)};
  m.materials.clear();
  m.meshes.clear();
  for (std::uint32_t i = 0; i < 256; ++i) {
    for (std::uint32_t c = 0; c < 3; ++c) {
      aem::Vertex v = corner;
      v.position[0] = float(2 * i + (c == 1 ? 1 : 0));
      v.position[1] = float(c == 2 ? 1 : 0);
      v.joints[0] = -1;  // no joints: static vertices
      v.weights[0] = 0;
      m.indices.push_back(std::uint32_t(m.vertices.size()));
      m.vertices.push_back(v);
    }
    const auto byte = [](std::uint32_t v) { return std::uint8_t(v & 0xFF); };
    m.textures.push_back(solid(byte(i), byte(255 - i), byte(i / 2), 255));
    m.textures.push_back(solid(byte(i), 255, byte(255 - i), i % 4 == 0 ? byte(i * 7) : 0));
    const auto base = std::uint32_t(m.textures.size() - 2);
    m.materials.push_back({base, 0, base + 1, std::uint32_t(MaterialType::opaque)});
    m.meshes.push_back({3 * i, 3, i});
  }
  return m;
}

TEST(GltfExportSolidTexture, SolidTexturesBecomeFactorsAndBakeBackToTheSameTexels) {
  ScratchDir scratch("gltf_export_solid_factors");
  const pipeline::ModelContent content = solid_materials();
  const std::vector<std::byte> bytes = pipeline::serialize_model(content);
  const fs::path glb = scratch.path() / "solid.glb";
  const pipeline::ExportedGltf document = export_glb(bytes, glb);
  const nlohmann::json gltf = nlohmann::json::parse(document.json);
  EXPECT_FALSE(gltf.contains("images")) << "no image was invented";
  EXPECT_FALSE(gltf.contains("textures"));
  ASSERT_EQ(gltf["materials"].size(), 256u);
  for (const nlohmann::json& material : gltf["materials"]) {
    EXPECT_FALSE(material.contains("normalTexture")) << material.dump();
    EXPECT_FALSE(material.contains("occlusionTexture")) << material.dump();
    EXPECT_TRUE(material["pbrMetallicRoughness"].contains("baseColorFactor")) << material.dump();
    EXPECT_TRUE(material["pbrMetallicRoughness"].contains("roughnessFactor")) << material.dump();
  }
  EXPECT_EQ(gltf["materials"][4]["emissiveFactor"].size(), 3u) << "intensity 28 over material 4's base colour";

  const pipeline::BakeResult again = pipeline::bake_model(glb, test_options());
  ASSERT_EQ(again.content.materials.size(), 256u);
  for (std::uint32_t i = 0; i < 256; ++i) {
    SCOPED_TRACE("material " + std::to_string(i));
    const aem::Material& first = content.materials[i];
    const aem::Material& second = again.content.materials[i];
    EXPECT_EQ(first_texel(again.content, second.base_color_texture), first_texel(content, first.base_color_texture));
    EXPECT_EQ(first_texel(again.content, second.pbr_texture), first_texel(content, first.pbr_texture));
    EXPECT_EQ(first_texel(again.content, second.normal_texture), first_texel(content, first.normal_texture));
  }
}

// What stays a texture: a 1×1 that clamps (the bake's solid ones repeat), a normal that is not
// flat, and a PBR texel with occlusion (glTF has no factor for either).
TEST(GltfExportSolidTexture, WhatNoFactorCanSayStaysAnImage) {
  ScratchDir scratch("gltf_export_solid_images");
  pipeline::ModelContent m = tiny_model();  // base colour repeats, normal flat, PBR clamps
  m.textures[0].wrap_x = WrapMode::clamp_to_edge;
  m.textures[1] = solid(140, 128, 250, 255);  // a tilted normal
  m.textures[2].wrap_x = m.textures[2].wrap_y = WrapMode::repeat;
  m.textures[2].mips[1] = std::byte{200};  // occlusion below 1
  const pipeline::ExportedGltf document = export_glb(pipeline::serialize_model(m), scratch.path() / "kept.glb");
  const nlohmann::json material = nlohmann::json::parse(document.json)["materials"][0];
  EXPECT_TRUE(material["pbrMetallicRoughness"].contains("baseColorTexture")) << material.dump();
  EXPECT_TRUE(material["pbrMetallicRoughness"].contains("metallicRoughnessTexture")) << material.dump();
  EXPECT_TRUE(material.contains("occlusionTexture")) << material.dump();
  EXPECT_TRUE(material.contains("normalTexture")) << material.dump();
}

// CesiumMan's source has a base colour texture and no other: its export has that one image, and
// factors where the bake made the normal and metal-roughness textures.
TEST(GltfExportSolidTexture, CesiumManExportsOnlyTheTextureItHad) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_solid_cesium");
  const BakedModel& model = baked(khronos_model(*corpus, "CesiumMan"));
  const pipeline::ExportedGltf document = export_glb(model.bytes, scratch.path() / "CesiumMan.glb");
  const nlohmann::json gltf = nlohmann::json::parse(document.json);
  EXPECT_EQ(gltf["images"].size(), 1u);
  ASSERT_EQ(gltf["materials"].size(), 1u);
  const nlohmann::json& material = gltf["materials"][0];
  EXPECT_TRUE(material["pbrMetallicRoughness"].contains("baseColorTexture")) << material.dump();
  EXPECT_FALSE(material["pbrMetallicRoughness"].contains("metallicRoughnessTexture")) << material.dump();
  EXPECT_FALSE(material.contains("normalTexture")) << material.dump();
  EXPECT_FALSE(material.contains("occlusionTexture")) << material.dump();
  EXPECT_EQ(material["pbrMetallicRoughness"]["metallicFactor"], 0.0);  // the source's
  EXPECT_EQ(material["pbrMetallicRoughness"]["roughnessFactor"], 1.0);
}

}  // namespace
}  // namespace aem::test
