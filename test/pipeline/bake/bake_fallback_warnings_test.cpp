// What the glTF producer used to drop or guess without a word is now a warning with its code
// (specs/gltf-import.md): an application-specific vertex attribute (_BATCHID) is dropped, and a
// sampler wrap code outside glTF's three is baked as repeat; lights (KHR_lights_punctual, even when
// required) are dropped by name, as cameras are. Each is an error under --strict.
#include <filesystem>

#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// The quad with extra attributes on its primitive (accessor 1, the UVs, stands in for their data)
// and `material`, `textures`... as `rest`.
std::string quad_with_attributes(const std::string& extra_attributes, const std::string& rest) {
  return R"({"asset": {"version": "2.0"}, )" + quad_buffers_json() + R"(,
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2)" + extra_attributes +
         R"(}, "indices": 3, "material": 0}]}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], )" + rest + "}";
}

TEST(BakeFallbackWarnings, ApplicationAndUnknownAttributesAreDroppedWithAWarningEach) {
  ScratchDir dir("application_attribute");
  const fs::path in = dir.path() / "batched.gltf";
  write_file(in, quad_with_attributes(R"(, "_BATCHID": 1, "_FEATURE_ID_0": 1, "WIBBLE": 1)", R"("materials": [{}])"));
  const auto result = pipeline::bake_model(in, test_options());
  ASSERT_EQ(result.report.warnings.size(), 3u);
  const std::string primitive = in.string() + ": mesh 0 primitive 0: ";
  // In the order of the attribute names, as the primitive lists them.
  // A name that is neither a glTF semantic nor application-specific (the validator's error).
  EXPECT_EQ(result.report.warnings[0], primitive + "attribute 'WIBBLE' dropped: not a glTF attribute semantic");
  EXPECT_EQ(result.report.warnings[1], primitive + "application-specific attribute _BATCHID dropped: AEM vertices carry none");
  EXPECT_EQ(result.report.warnings[2], primitive + "application-specific attribute _FEATURE_ID_0 dropped: AEM vertices carry none");
  EXPECT_EQ(result.report.warning_codes,
            (std::vector<std::string>{"unknown_attribute", "application_attribute", "application_attribute"}));
  EXPECT_EQ(result.content.indices.size(), 6u);  // the quad itself bakes
  EXPECT_THROW(pipeline::bake_model(in, strict_test_options()), pipeline::BakeError);
}

TEST(BakeFallbackWarnings, UnknownWrapCodeBakesAsRepeatWithAWarning) {
  ScratchDir dir("wrap_code");
  write_solid_png(dir.path() / "white.png", 2, 2, {255, 255, 255, 255});
  const fs::path in = dir.path() / "wrapped.gltf";
  write_file(in, quad_with_attributes("", R"("materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [{"source": 0, "sampler": 0}], "images": [{"uri": "white.png"}],
    "samplers": [{"wrapS": 1234, "wrapT": 33071}])"));
  const auto result = pipeline::bake_model(in, test_options());
  ASSERT_EQ(result.report.warnings.size(), 1u);
  EXPECT_EQ(result.report.warnings[0],
            in.string() + ": sampler 0: wrapS 1234 is not a glTF wrap mode (33071, 33648 or 10497); baked as repeat");
  EXPECT_EQ(result.report.warning_codes[0], "texture_wrap");
  ASSERT_FALSE(result.content.textures.empty());
  EXPECT_EQ(result.content.textures[0].wrap_x, WrapMode::repeat);
  EXPECT_EQ(result.content.textures[0].wrap_y, WrapMode::clamp_to_edge);
  EXPECT_THROW(pipeline::bake_model(in, strict_test_options()), pipeline::BakeError);

  // A sampler no baked material uses is not worth a word.
  const fs::path unused = dir.path() / "unused.gltf";
  write_file(unused, quad_with_attributes("", R"("materials": [{}], "samplers": [{"wrapS": 1234}])"));
  EXPECT_TRUE(pipeline::bake_model(unused, test_options()).report.warnings.empty());
}

// A model file carries no lights: a file that requires KHR_lights_punctual bakes the same model
// as without them, and says which lights it dropped (Bevy's scenes list the extension as required).
TEST(BakeFallbackWarnings, RequiredLightsAreDroppedByNameAndTheModelBakesAsWithout) {
  ScratchDir dir("required_lights");
  const std::string plain_nodes = R"("materials": [{}], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])";
  const fs::path plain = dir.path() / "plain.gltf";
  write_file(plain, quad_gltf(plain_nodes));
  const fs::path lit = dir.path() / "lit.gltf";
  write_file(lit, quad_gltf(R"("materials": [{}],
    "nodes": [{"mesh": 0, "children": [1]}, {"extensions": {"KHR_lights_punctual": {"light": 1}}}],
    "scenes": [{"nodes": [0]}],
    "extensions": {"KHR_lights_punctual": {"lights": [{"name": "Sun", "type": "directional"}, {"type": "point"}]}},
    "extensionsUsed": ["KHR_lights_punctual"], "extensionsRequired": ["KHR_lights_punctual"])"));
  const auto result = pipeline::bake_model(lit, test_options());
  ASSERT_EQ(result.report.warnings.size(), 1u);
  EXPECT_EQ(result.report.warnings[0], lit.string() +
                                           ": 2 light(s) dropped: AEM has no lights: light 0 'Sun' (directional), light 1 (point)");
  EXPECT_EQ(pipeline::serialize_model(result.content),
            pipeline::serialize_model(pipeline::bake_model(plain, test_options()).content));
  const std::string strict = bake_failure(lit, strict_test_options());
  EXPECT_NE(strict.find("light 0 'Sun'"), std::string::npos) << strict;
  EXPECT_NE(strict.find("--strict"), std::string::npos) << strict;
}

}  // namespace
}  // namespace aem::test
