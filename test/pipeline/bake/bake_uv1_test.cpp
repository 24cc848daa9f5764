// The second UV set (specs/aem-extensions.md section 4, `uv1`): a glTF whose occlusion texture
// samples TEXCOORD_1 bakes that set into the extension and records that its PBR texture (where
// occlusion is packed) samples AEM set 1, while the base colour keeps set 0; --format-version 1
// keeps one set with the old warning.
#include <cstring>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "aem/ext_uv1.hpp"
#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// TEXCOORD_1 of the quad's corners (x + 2y), distinct from TEXCOORD_0.
const float kUv1[4][2] = {{0.25f, 0.5f}, {0.75f, 0.5f}, {0.25f, 0.125f}, {0.75f, 0.125f}};

// The unit quad with TEXCOORD_1 and one material: base colour on TEXCOORD_0; occlusion on
// TEXCOORD_1; with `metal_roughness`, a metallic-roughness texture on TEXCOORD_0 too.
fs::path write_two_set_quad(const ScratchDir& dir, bool metal_roughness) {
  nlohmann::json gltf = nlohmann::json::parse("{" + quad_buffers_json() + "}");
  std::vector<std::uint8_t> bytes(sizeof kUv1);
  std::memcpy(bytes.data(), kUv1, sizeof kUv1);
  gltf["asset"] = {{"version", "2.0"}};
  gltf["buffers"].push_back({{"byteLength", bytes.size()}, {"uri", "data:application/octet-stream;base64," + base64_text(bytes)}});
  gltf["bufferViews"].push_back({{"buffer", 1}, {"byteOffset", 0}, {"byteLength", bytes.size()}});
  gltf["accessors"].push_back({{"bufferView", 4}, {"componentType", 5126}, {"count", 4}, {"type", "VEC2"}});
  gltf["meshes"] = nlohmann::json::parse(
      R"([{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2, "TEXCOORD_1": 4}, "indices": 3, "material": 0}]}])");
  write_solid_png(dir.path() / "base.png", 4, 4, {200, 100, 50, 255});
  write_solid_png(dir.path() / "ao.png", 4, 4, {90, 90, 90, 255});
  gltf["images"] = nlohmann::json::parse(R"([{"uri": "base.png"}, {"uri": "ao.png"}])");
  gltf["textures"] = nlohmann::json::parse(R"([{"source": 0}, {"source": 1}])");
  nlohmann::json material = nlohmann::json::parse(
      R"({"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}, "occlusionTexture": {"index": 1, "texCoord": 1}})");
  if (metal_roughness) material["pbrMetallicRoughness"]["metallicRoughnessTexture"] = {{"index", 1}};
  gltf["materials"] = nlohmann::json::array({material});
  gltf["nodes"] = nlohmann::json::parse(R"([{"mesh": 0}])");
  gltf["scenes"] = nlohmann::json::parse(R"([{"nodes": [0]}])");
  const fs::path path = dir.path() / "two_sets.gltf";
  write_file(path, gltf.dump());
  return path;
}

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

// Not yet packed on a texture of its own (section 4's packing): occlusion on another set than the
// metallic-roughness texture it is packed with is sampled with that texture's set, and warned.
TEST(BakeUv1, OcclusionOnAnotherSetThanItsPbrPartnerIsWarned) {
  ScratchDir dir("uv1_conflict");
  const auto result = pipeline::bake_model(write_two_set_quad(dir, true), test_options());
  EXPECT_TRUE(warned_code(result.report, "extra_uv_sets")) << ::testing::PrintToString(result.report.warnings);
  EXPECT_TRUE(result.content.extensions.uv1.empty());
}

}  // namespace
}  // namespace aem::test
