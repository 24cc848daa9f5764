// A texture a baked material uses whose image is missing, undecodable or not readable by the bake
// is an error naming the model, the image and the material, with no output; allow_missing (the
// option, --allow-missing, the manifest setting) turns it into a warning and bakes the factor
// alone. Images no baked material uses are no error.
#include <filesystem>

#include "aem/pipeline/bake.hpp"
#include "bake_cli_support.hpp"
#include "bake_test_support.hpp"
#include "run_command.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

// The quad with material 0 "Wood" using texture 0 (image 0, wood.png) as base colour.
std::string wood_gltf() {
  return quad_gltf(R"("materials": [{"name": "Wood", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0},
                       "baseColorFactor": [0.5, 0.25, 1, 1]}}],
    "textures": [{"source": 0}], "images": [{"uri": "wood.png"}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0)");
}

pipeline::BakeOptions allowing_missing() {
  pipeline::BakeOptions options = test_options();
  options.allow_missing = true;
  return options;
}

// Bakes `in` to `out` expecting a BakeError; returns its message.
std::string bake_error(const fs::path& in, const fs::path& out, const pipeline::BakeOptions& options) {
  try {
    pipeline::bake_model_file(in, out, options);
  } catch (const pipeline::BakeError& e) {
    return e.what();
  }
  ADD_FAILURE() << in << " baked without an error";
  return {};
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  return out;
}

void expect_names_model_image_and_material(const std::string& message, const fs::path& model) {
  EXPECT_NE(message.find(model.string()), std::string::npos) << message;
  EXPECT_NE(message.find("image 0 (wood.png)"), std::string::npos) << message;
  EXPECT_NE(message.find("material 0 (Wood)"), std::string::npos) << message;
}

TEST(BakeMissingImage, MissingFileIsAnErrorNamingModelImageAndMaterial) {
  ScratchDir dir("missing_png");
  const fs::path in = dir.path() / "wood.gltf", out = dir.path() / "wood.aem";
  write_file(in, wood_gltf());
  const std::string message = bake_error(in, out, test_options());
  expect_names_model_image_and_material(message, in);
  EXPECT_NE(message.find("not found"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(out));
  // allow_missing: a warning, and the base colour is the factor alone (a 1×1 solid texture).
  const pipeline::BakeReport report = pipeline::bake_model_file(in, out, allowing_missing());
  expect_names_model_image_and_material(joined(report.warnings), in);
  const Model model = Model::open(out.string());
  ASSERT_EQ(model.materials().size(), 1u);
  const Texture& base = model.textures()[model.materials()[0].base_color_texture];
  EXPECT_EQ(base.width * base.height, 1u);
}

TEST(BakeMissingImage, UndecodableImageIsAnErrorNamingModelImageAndMaterial) {
  ScratchDir dir("garbage_png");
  const fs::path in = dir.path() / "wood.gltf", out = dir.path() / "wood.aem";
  write_file(in, wood_gltf());
  write_file(dir.path() / "wood.png", "these bytes are not a PNG image at all");
  const std::string message = bake_error(in, out, test_options());
  expect_names_model_image_and_material(message, in);
  EXPECT_NE(message.find("cannot be decoded"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(out));
  const pipeline::BakeReport report = pipeline::bake_model_file(in, out, allowing_missing());
  expect_names_model_image_and_material(joined(report.warnings), in);
  EXPECT_TRUE(fs::exists(out));
}

TEST(BakeMissingImage, TextureWithOnlyAnExtensionImageIsAnErrorWhenUsed) {
  // KHR_texture_basisu without a PNG/JPEG fallback (EXT_texture_webp images are read now).
  ScratchDir dir("basisu_only");
  const fs::path in = dir.path() / "basisu.gltf", out = dir.path() / "basisu.aem";
  write_file(in, quad_gltf(R"("extensionsUsed": ["KHR_texture_basisu"],
    "materials": [{"name": "Leaf", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [{"extensions": {"KHR_texture_basisu": {"source": 0}}}], "images": [{"uri": "leaf.ktx2"}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])"));
  const std::string message = bake_error(in, out, test_options());
  EXPECT_NE(message.find("material 0 (Leaf)"), std::string::npos) << message;
  EXPECT_NE(message.find("texture 0"), std::string::npos) << message;
  EXPECT_NE(message.find("KHR_texture_basisu"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(out));
  const pipeline::BakeReport report = pipeline::bake_model_file(in, out, allowing_missing());
  EXPECT_NE(joined(report.warnings).find("material 0 (Leaf)"), std::string::npos) << joined(report.warnings);
}

TEST(BakeMissingImage, ImagesNoBakedMaterialUsesAreNoError) {
  ScratchDir dir("unused_missing");
  const fs::path in = dir.path() / "plain.gltf", out = dir.path() / "plain.aem";
  // Material 1 uses the missing image, but no mesh uses material 1.
  write_file(in, quad_gltf(R"("materials": [{"name": "Plain"},
      {"name": "Unused", "pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [{"source": 0}], "images": [{"uri": "absent.png"}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}])"));
  const pipeline::BakeReport report = pipeline::bake_model_file(in, out, test_options());
  EXPECT_EQ(joined(report.warnings), "");
  EXPECT_TRUE(fs::exists(out));
}

TEST(BakeMissingImage, ImageBufferViewOutsideItsBufferIsRefusedBeforeItIsRead) {
  ScratchDir dir("image_view_outside");
  const fs::path in = dir.path() / "outside.gltf";
  // Buffer 1 has 4 bytes; the image's view claims 100000 of them.
  write_file(in, R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": 4, "uri": "data:application/octet-stream;base64,AAAAAA=="}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 100000}],
    "images": [{"bufferView": 0, "mimeType": "image/png"}]})");
  try {
    pipeline::bake_model(in, allowing_missing());
    ADD_FAILURE() << "baked";
  } catch (const pipeline::BakeError& e) {
    EXPECT_NE(std::string(e.what()).find("image 0: bufferView 0 (bytes 0..100000) lies outside buffer 0 of 4 bytes"),
              std::string::npos) << e.what();
  }
}

TEST(BakeMissingImage, CorpusBoxWithoutItsPngFails) {
  AEM_REQUIRE_CORPUS(corpus);
  ScratchDir dir("box_without_png");
  fs::copy(corpus / "khronos/BoxTextured/glTF", dir.path() / "box", fs::copy_options::recursive);
  fs::remove(dir.path() / "box/CesiumLogoFlat.png");
  const fs::path in = dir.path() / "box/BoxTextured.gltf", out = dir.path() / "box.aem";
  const std::string message = bake_error(in, out, test_options());
  EXPECT_NE(message.find("image 0 (CesiumLogoFlat.png)"), std::string::npos) << message;
  EXPECT_NE(message.find("material 0 (Texture)"), std::string::npos) << message;
  EXPECT_FALSE(fs::exists(out));
}

TEST(BakeMissingImage, CommandLineAllowMissing) {
  ScratchDir dir("cli");
  const fs::path in = dir.path() / "wood.gltf", out = dir.path() / "wood.aem";
  write_file(in, wood_gltf());
  const std::string bake = aem() + " bake " + shell_quote(in.string()) + " -o " + shell_quote(out.string()) + " --textures rgba";
  const CommandResult refused = run_command(bake);
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  expect_names_model_image_and_material(refused.output, in);
  EXPECT_FALSE(fs::exists(out));
  const CommandResult lax = run_command(bake + " --allow-missing");
  EXPECT_EQ(lax.exit_code, 0) << lax.output;
  EXPECT_NE(lax.output.find("warning:"), std::string::npos) << lax.output;
  expect_names_model_image_and_material(lax.output, in);
  EXPECT_TRUE(fs::exists(out));
}

TEST(BakeMissingImage, ManifestAllowMissing) {
  ScratchDir dir("manifest");
  write_file(dir.path() / "models/wood.gltf", wood_gltf());
  const fs::path manifest = dir.path() / "assets.json";
  const auto run = [&](const char* allow) {
    write_file(manifest, std::string(R"({"output_dir": "baked", "defaults": {"textures": "rgba", "allow_missing": )") +
                             allow + R"(}, "assets": ["models/wood.gltf"]})");
    return run_command(aem() + " bake --manifest " + shell_quote(manifest.string()));
  };
  const CommandResult refused = run("false");
  EXPECT_EQ(refused.exit_code, 1) << refused.output;
  EXPECT_NE(refused.output.find("image 0 (wood.png)"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(dir.path() / "baked/models/wood.aem"));
  const CommandResult allowed = run("true");
  EXPECT_EQ(allowed.exit_code, 0) << allowed.output;
  EXPECT_TRUE(fs::exists(dir.path() / "baked/models/wood.aem"));
}

}  // namespace
}  // namespace aem::test
