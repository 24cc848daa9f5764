// Emissive: AEM emits intensity × base colour, so the baker picks the intensity that brings that
// closest to the glTF's emitted colour (least squares in linear light). Where the emitted light is
// then more than 10% off, the material gets its own `emissive` record (factor, strength, emissive
// texture: specs/aem-extensions.md section 4); a version-1 bake instead warns there, naming the
// material.
#include <filesystem>

#include "aem/ext_emissive.hpp"
#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// The quad with one material "Screen": base colour and emissive factors as given (JSON arrays).
fs::path write_emitter(const ScratchDir& dir, const std::string& base, const std::string& emissive) {
  const fs::path path = dir.path() / "emitter.gltf";
  write_file(path, quad_gltf(R"("materials": [{"name": "Screen", "pbrMetallicRoughness": {"baseColorFactor": )" + base +
                             R"(}, "emissiveFactor": )" + emissive + R"(}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])"));
  return path;
}

// The emissive intensity (PBR alpha) of material 0's level-0 texel 0 (uncompressed output).
int emissive_intensity(const Model& model) {
  const Texture& pbr = model.textures()[model.materials()[0].pbr_texture];
  EXPECT_EQ(pbr.compression, std::uint32_t(Compression::none));
  return int(std::to_integer<std::uint8_t>(model.mip_data(pbr, 0)[3]));
}

bool warns_about_emission(const pipeline::BakeReport& report, const std::string& material) {
  for (const std::string& w : report.warnings)
    if (w.find(material) != std::string::npos && w.find("emitted light") != std::string::npos) return true;
  return false;
}

TEST(BakeEmissive, EmissiveThatIsHalfTheBaseColourIsIntensityOneHalfWithoutWarning) {
  ScratchDir dir("emissive_half");
  // Emitted (0.4, 0.2, 0.1) on base (0.8, 0.4, 0.2): exactly half the base colour. (The old rule,
  // the largest emissive channel, gave 0.4.)
  const fs::path in = write_emitter(dir, "[0.8, 0.4, 0.2, 1]", "[0.4, 0.2, 0.1]");
  const auto result = pipeline::bake_model(in, test_options());
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  EXPECT_EQ(emissive_intensity(model), 128);
  EXPECT_FALSE(warns_about_emission(result.report, "material 0 (Screen)"));
}

TEST(BakeEmissive, EmissiveEqualToTheBaseColourIsFullIntensityWithoutWarning) {
  ScratchDir dir("emissive_equal");
  const fs::path in = write_emitter(dir, "[0.2, 0.6, 0.9, 1]", "[0.2, 0.6, 0.9]");
  const auto result = pipeline::bake_model(in, test_options());
  const auto bytes = pipeline::serialize_model(result.content);
  EXPECT_EQ(emissive_intensity(Model::open_memory(bytes)), 255);
  EXPECT_FALSE(warns_about_emission(result.report, "Screen"));
}

pipeline::BakeOptions version_1_options() {
  pipeline::BakeOptions options = test_options();
  options.version_1_only = true;
  return options;
}

TEST(BakeEmissive, BlueEmissiveOnGreyBaseGetsItsOwnRecord) {
  ScratchDir dir("emissive_blue_record");
  const fs::path in = write_emitter(dir, "[0.5, 0.5, 0.5, 1]", "[0, 0, 1]");
  const auto result = pipeline::bake_model(in, strict_test_options());  // no warning: --strict bakes it
  EXPECT_FALSE(warns_about_emission(result.report, "Screen"));
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const auto records = emissive_of(model);
  ASSERT_TRUE(records.has_value());
  const EmissiveRecord& r = (*records)[0];
  EXPECT_EQ(r.mode, std::uint32_t(EmissiveMode::record));
  EXPECT_EQ(r.factor[0], 0.0f);
  EXPECT_EQ(r.factor[1], 0.0f);
  EXPECT_EQ(r.factor[2], 1.0f);
  EXPECT_EQ(r.strength, 1.0f);
  EXPECT_EQ(r.texture, kNoTexture);
  // The version-1 part keeps the core rule's best intensity, as a version-1 reader shows it.
  EXPECT_EQ(emissive_intensity(model), 170);
}

TEST(BakeEmissive, BlueEmissiveOnGreyBaseWarnsNamingTheMaterialInVersion1) {
  ScratchDir dir("emissive_blue");
  const fs::path in = write_emitter(dir, "[0.5, 0.5, 0.5, 1]", "[0, 0, 1]");
  const auto result = pipeline::bake_model(in, version_1_options());
  EXPECT_TRUE(result.content.extensions.empty());
  EXPECT_TRUE(warns_about_emission(result.report, "material 0 (Screen)"));
  // Least squares: k = E·B / B·B = 0.5 / 0.75 = 2/3.
  const auto bytes = pipeline::serialize_model(result.content);
  EXPECT_EQ(emissive_intensity(Model::open_memory(bytes)), 170);
  // A warning, so --strict refuses it.
  pipeline::BakeOptions strict = version_1_options();
  strict.strict = true;
  EXPECT_THROW(pipeline::bake_model(in, strict), pipeline::BakeError);
}

TEST(BakeEmissive, BoomBoxDisplayIsCarriedWithoutWarning) {
  AEM_REQUIRE_CORPUS(corpus);
  const BakedModel& b = baked(corpus / "tangents/BoomBoxWithAxes/BoomBoxWithAxes.gltf");
  EXPECT_FALSE(warns_about_emission(b.report, "M_BoomBox"));
  const auto records = emissive_of(*b.model);
  ASSERT_TRUE(records.has_value());
  EXPECT_EQ((*records)[0].mode, std::uint32_t(EmissiveMode::record));
  EXPECT_NE((*records)[0].texture, kNoTexture);
}

// DamagedHelmet (64% off under the core rule) is checked where its export is
// (test/export_gltf/gltf_export_content_test.cpp), to bake it once.

}  // namespace
}  // namespace aem::test
