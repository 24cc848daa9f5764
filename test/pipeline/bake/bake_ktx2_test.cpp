// KTX2 (KHR_texture_basisu's Basis Universal images), which the toolkit does not decode: a
// material that needs one names the model, the material, the texture and the image as KTX2, not
// "not a PNG or JPEG image"; a texture that also offers a PNG bakes from it, whether the file
// lists KHR_texture_basisu as used or as required, and wherever the KTX2 bytes are (a file or a
// data URI, which tinygltf alone fails the whole load on).
#include <string>
#include <vector>

#include "bake_test_support.hpp"
#include "expect_names.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// KTX2's 12-byte identifier and a few bytes of what would follow it.
const std::string kKtx2Bytes = std::string("\xABKTX 20\xBB\r\n\x1A\n", 12) + "not really a texture";

// The quad, its material's base colour texture 0 as `texture`, with `images` and `extensions`
// (top-level members after a comma, or "").
std::string quad_with_texture(const std::string& texture, const std::string& images, const std::string& extensions) {
  return quad_gltf(R"("materials": [{"name": "Leaf", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [)" + texture + R"(], "images": [)" + images + R"(],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])" + extensions);
}

TEST(BakeKtx2, AKtx2ImageIsNamedAsSuchWithItsModelAndTexture) {
  ScratchDir dir("ktx2_named");
  write_file(dir.path() / "leaf.ktx2", kKtx2Bytes);
  write_file(dir.path() / "misnamed.png", kKtx2Bytes);  // told by its bytes, whatever its name
  for (const char* image : {"leaf.ktx2", "misnamed.png"}) {
    SCOPED_TRACE(image);
    const fs::path path = dir.path() / "direct.gltf";
    write_file(path, quad_with_texture(R"({"source": 0})", R"({"uri": ")" + std::string(image) + R"("})", ""));
    const std::string message = bake_failure(path);
    expect_names(message, {path.string(), "material 0 (Leaf)", "texture 0", image, "KTX2",
                           "which the toolkit does not decode"});
    EXPECT_EQ(message.find("not a PNG or JPEG"), std::string::npos) << message;
    pipeline::BakeOptions allowing = test_options();
    allowing.allow_missing = true;
    const pipeline::BakeReport report = pipeline::bake_model(path, allowing).report;
    ASSERT_EQ(report.warnings.size(), 1u);
    expect_names(report.warnings[0], {path.string(), "texture 0", image, "KTX2", "which the toolkit does not decode"});
  }
}

TEST(BakeKtx2, ABasisuTextureWithoutAFallbackSaysTheToolkitDoesNotDecodeKtx2) {
  ScratchDir dir("ktx2_no_fallback");
  write_file(dir.path() / "leaf.ktx2", kKtx2Bytes);
  const fs::path path = dir.path() / "basisu.gltf";
  write_file(path, quad_with_texture(R"({"extensions": {"KHR_texture_basisu": {"source": 0}}})",
                                     R"({"uri": "leaf.ktx2", "mimeType": "image/ktx2"})",
                                     R"(, "extensionsUsed": ["KHR_texture_basisu"], "extensionsRequired": ["KHR_texture_basisu"])"));
  expect_names(bake_failure(path), {path.string(), "material 0 (Leaf)", "texture 0", "KHR_texture_basisu",
                                  "a KTX2 image, which the toolkit does not decode"});
}

// The fallback is the file's own offer to readers without a Basis transcoder: required or only
// used, the bake takes it, and it loses nothing the file did not offer another way.
TEST(BakeKtx2, ARequiredOrUsedBasisuTextureBakesFromItsPngFallback) {
  ScratchDir dir("ktx2_fallback");
  write_solid_png(dir.path() / "fallback.png", 2, 2, {255, 0, 0, 255});
  write_file(dir.path() / "leaf.ktx2", kKtx2Bytes);
  const std::string data_uri = "data:image/ktx2;base64," +
                               base64_text(std::vector<std::uint8_t>(kKtx2Bytes.begin(), kKtx2Bytes.end()));
  const std::string texture = R"({"source": 0, "extensions": {"KHR_texture_basisu": {"source": 1}}})";
  for (const std::string& ktx2 : {std::string("leaf.ktx2"), data_uri}) {
    for (const char* listed : {R"(, "extensionsUsed": ["KHR_texture_basisu"])",
                               R"(, "extensionsUsed": ["KHR_texture_basisu"], "extensionsRequired": ["KHR_texture_basisu"])"}) {
      SCOPED_TRACE(ktx2.substr(0, 30) + listed);
      const fs::path path = dir.path() / "fallback.gltf";
      write_file(path, quad_with_texture(texture, R"({"uri": "fallback.png"}, {"uri": ")" + ktx2 + R"(", "mimeType": "image/ktx2"})",
                                         listed));
      const pipeline::BakeResult result = pipeline::bake_model(path, strict_test_options());
      EXPECT_TRUE(result.report.warnings.empty());
      ASSERT_FALSE(result.content.textures.empty());
      const pipeline::TextureImage& base = result.content.textures[result.content.materials[0].base_color_texture];
      ASSERT_GE(base.mips.size(), 4u);
      EXPECT_EQ(std::uint8_t(base.mips[0]), 255);  // the PNG's red
      EXPECT_EQ(std::uint8_t(base.mips[1]), 0);
    }
  }
}

}  // namespace
}  // namespace aem::test
