// Compressed glTF (specs/compressed-gltf.md) bakes to what its plain source bakes to: corpus
// models packed by gltfpack (EXT_meshopt_compression) and re-encoded with Draco
// (KHR_draco_mesh_compression), WebP textures, KHR_texture_basisu fallbacks; and broken
// compressed data is refused with the file and element named.
#include <cmath>
#include <fstream>

#include <webp/encode.h>

#include "compressed_gltf.hpp"
#include "synthetic_gltf.hpp"
#include "expect_names.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

pipeline::BakeResult bake(const fs::path& path, pipeline::BakeOptions options = test_options()) {
  return pipeline::bake_model(path, options);
}

struct Baked {
  std::vector<std::byte> bytes;
  std::unique_ptr<Model> model;
  pipeline::BakeReport report;
};

Baked bake_open(const fs::path& path, pipeline::BakeOptions options = test_options()) {
  pipeline::BakeResult result = bake(path, options);
  Baked out;
  out.bytes = pipeline::serialize_model(result.content);
  out.report = std::move(result.report);
  out.model = std::make_unique<Model>(Model::open_memory(out.bytes));
  return out;
}

std::string error_of(const fs::path& path, pipeline::BakeOptions options = test_options()) {
  try {
    bake(path, options);
  } catch (const pipeline::BakeError& e) {
    return e.what();
  }
  return "(baked)";
}

// gltfpack's default quantisation: 14-bit positions over the mesh's extent. Four steps of that
// bound the difference of the bounding boxes, whatever the rounding.
constexpr float kPositionSteps = 4.0f / float((1 << 14) - 1);

TEST(BakeCompressed, GltfpackMeshoptModelsBakeLikeTheirSources) {
  AEM_REQUIRE_CORPUS(corpus);
  if (!have_gltfpack()) GTEST_SKIP() << "gltfpack not installed (Debian package gltfpack)";
  ScratchDir dir("compressed_meshopt");
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {khronos_model(corpus, "DamagedHelmet"), "-c"},
      {khronos_model(corpus, "DamagedHelmet"), "-cc"},
      {khronos_model(corpus, "NormalTangentTest"), "-c"},
      {corpus / "tangents" / "BoomBoxWithAxes" / "BoomBoxWithAxes.gltf", "-cc"},
      {khronos_model(corpus, "Duck"), "-c"}};
  int n = 0;
  for (const auto& [source, flags] : cases) {
    SCOPED_TRACE(source.string() + " " + flags);
    const fs::path packed = dir.path() / ("packed" + std::to_string(n++) + ".glb");
    run_gltfpack(source, packed, flags);
    // The packed file really is compressed: it requires the extension the old baker refused.
    json gltf;
    std::vector<std::uint8_t> bin;
    split_glb(packed, gltf, bin);
    ASSERT_TRUE(gltf.contains("extensionsRequired"));
    EXPECT_NE(gltf["extensionsRequired"].dump().find("EXT_meshopt_compression"), std::string::npos);
    const Baked plain = bake_open(source), compressed = bake_open(packed);
    EXPECT_EQ(compressed.report.triangles, plain.report.triangles);
    EXPECT_EQ(compressed.model->textures().size(), plain.model->textures().size());
    const Bounds a = vertex_bounds(*plain.model), b = vertex_bounds(*compressed.model);
    expect_bounds_near(a, b, a.extent() * kPositionSteps, "bounds");
    EXPECT_EQ(semantic_problems(*compressed.model), "");
  }
}

TEST(BakeCompressed, GltfpackSkinnedAnimatedModelKeepsItsSkeletonAndAnimation) {
  AEM_REQUIRE_CORPUS(corpus);
  if (!have_gltfpack()) GTEST_SKIP() << "gltfpack not installed (Debian package gltfpack)";
  ScratchDir dir("compressed_skinned");
  const fs::path source = khronos_model(corpus, "CesiumMan");
  const Baked plain = bake_open(source);
  ASSERT_GT(plain.report.joints, 0u);
  ASSERT_EQ(plain.report.animations, 1u);
  // -noq keeps float data (compressed all the same), so the geometry matches exactly; -c also
  // quantises, and its animation (resampled at 30 Hz, rotations through the QUATERNION filter)
  // must keep the joints and the duration.
  for (const char* flags : {"-c -noq", "-c", "-cc"}) {
    SCOPED_TRACE(flags);
    const fs::path packed = dir.path() / "packed.glb";
    run_gltfpack(source, packed, flags);
    const Baked compressed = bake_open(packed);
    EXPECT_EQ(compressed.report.triangles, plain.report.triangles);
    EXPECT_EQ(compressed.report.joints, plain.report.joints);
    ASSERT_EQ(compressed.model->animations().size(), 1u);
    EXPECT_NEAR(compressed.model->animations()[0].duration, plain.model->animations()[0].duration, 1.0 / 30);
    if (std::string(flags) == "-c -noq") {
      const Bounds a = vertex_bounds(*plain.model), b = vertex_bounds(*compressed.model);
      expect_bounds_near(a, b, a.extent() * 1e-5f, "bounds");
      EXPECT_EQ(compressed.report.vertices, plain.report.vertices);  // quantising merges some
    }
    EXPECT_EQ(semantic_problems(*compressed.model), "");
  }
}

TEST(BakeCompressed, DracoEncodedModelsBakeLikeTheirSources) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"DamagedHelmet", "Duck"}) {
    SCOPED_TRACE(name);
    ScratchDir dir(std::string("compressed_draco_") + name);
    const fs::path source = khronos_model(corpus, name);
    const int bits = 14;
    const fs::path packed = write_draco_gltf(source, dir.path(), bits);
    const Baked plain = bake_open(source), compressed = bake_open(packed);
    EXPECT_EQ(compressed.report.triangles, plain.report.triangles);
    const Bounds a = vertex_bounds(*plain.model), b = vertex_bounds(*compressed.model);
    // Draco quantises over the largest side: one step of `bits` bits, and node transforms may
    // scale it (the Duck's scene is scaled by 0.01 in its node, which the source bake applies too).
    expect_bounds_near(a, b, a.extent() * 2.0f / float((1 << bits) - 1), "bounds");
    EXPECT_EQ(semantic_problems(*compressed.model), "");
  }
}

TEST(BakeCompressed, MeshoptFiltersAndFallbackBufferDecode) {
  for (const bool index_sequence : {false, true}) {
    SCOPED_TRACE(index_sequence ? "INDICES" : "TRIANGLES");
    ScratchDir dir("compressed_grid");
    const MeshoptGrid grid = meshopt_grid(index_sequence);
    const Baked baked = bake_open(write_grid(dir.path(), grid));
    EXPECT_EQ(baked.report.triangles, grid.triangles);
    const Bounds b = vertex_bounds(*baked.model);
    // EXPONENTIAL at 20 bits keeps these quarter steps exactly; OCTAHEDRAL at 8 bits is near.
    EXPECT_EQ(b.min[0], 0.0f);
    EXPECT_EQ(b.max[0], 3.75f);
    EXPECT_EQ(b.max[1], 3.75f);
    EXPECT_EQ(b.max[2], 0.5f);
    for (const Vertex& v : baked.model->vertices()) {
      EXPECT_NEAR(v.normal[1], 0.6f, 0.02f);
      EXPECT_NEAR(v.normal[2], 0.8f, 0.02f);
    }
  }
}

// A 4x4 RGBA image with every texel different.
std::vector<std::uint8_t> test_pixels(std::uint8_t seed) {
  std::vector<std::uint8_t> pixels;
  for (int i = 0; i < 16; ++i)
    pixels.insert(pixels.end(), {std::uint8_t(seed + i * 13), std::uint8_t(255 - i * 7), std::uint8_t(i * 16), 255});
  return pixels;
}

std::string textured(const std::string& texture, const std::string& images, const std::string& extensions) {
  return quad_gltf(R"("materials": [{"pbrMetallicRoughness": {"baseColorTexture": {"index": 0}}}],
    "textures": [)" + texture + R"(], "images": [)" + images + R"(], "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}],
    "scene": 0)" + extensions);
}

std::vector<std::byte> base_colour_texels(const Baked& baked) {
  const Model& m = *baked.model;
  EXPECT_EQ(m.materials().size(), 1u);
  if (m.materials().empty()) return {};
  const std::uint32_t texture = m.materials()[0].base_color_texture;
  EXPECT_LT(texture, m.textures().size());
  if (texture >= m.textures().size()) return {};
  const auto level = m.mip_data(m.textures()[texture], 0);
  return {level.begin(), level.end()};
}

pipeline::BakeOptions source_size_options() {
  pipeline::BakeOptions options = test_options();
  options.max_texture_size = 0;
  return options;
}

TEST(BakeCompressed, WebpTextureBakesFromTheWebpImageNotTheFallback) {
  ScratchDir dir("compressed_webp");
  const std::vector<std::uint8_t> pixels = test_pixels(3);
  std::uint8_t* encoded = nullptr;
  const std::size_t size = WebPEncodeLosslessRGBA(pixels.data(), 4, 4, 16, &encoded);
  ASSERT_GT(size, 0u);
  std::ofstream(dir.path() / "texture.webp", std::ios::binary).write(reinterpret_cast<const char*>(encoded), std::streamsize(size));
  WebPFree(encoded);
  stbi_write_png((dir.path() / "same.png").c_str(), 4, 4, 4, pixels.data(), 16);
  const std::vector<std::uint8_t> other = test_pixels(100);
  stbi_write_png((dir.path() / "fallback.png").c_str(), 4, 4, 4, other.data(), 16);
  write_file(dir.path() / "png.gltf", textured(R"({"source": 0})", R"({"uri": "same.png"})", ""));
  write_file(dir.path() / "webp.gltf",
             textured(R"({"source": 1, "extensions": {"EXT_texture_webp": {"source": 0}}})",
                      R"({"uri": "texture.webp"}, {"uri": "fallback.png"})", R"(, "extensionsUsed": ["EXT_texture_webp"])"));
  write_file(dir.path() / "webp_only.gltf",
             textured(R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", R"({"uri": "texture.webp"})",
                      R"(, "extensionsUsed": ["EXT_texture_webp"], "extensionsRequired": ["EXT_texture_webp"])"));
  const Baked png = bake_open(dir.path() / "png.gltf", source_size_options());
  const Baked webp = bake_open(dir.path() / "webp.gltf", source_size_options());
  const Baked webp_only = bake_open(dir.path() / "webp_only.gltf", source_size_options());
  EXPECT_EQ(base_colour_texels(webp), base_colour_texels(png));  // lossless: the same texels
  EXPECT_EQ(base_colour_texels(webp_only), base_colour_texels(png));
  EXPECT_TRUE(webp.report.warnings.empty()) << webp.report.warnings.front();
  EXPECT_TRUE(webp_only.report.warnings.empty()) << webp_only.report.warnings.front();
}

// The glTF validator's WebP images (lossy VP8, lossless VP8L, VP8X with alpha, and one in a data
// URI, which tinygltf alone does not decode), each red, as a material's base colour.
TEST(BakeCompressed, ValidatorWebpImagesDecode) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path images = corpus / "validator" / "ext" / "EXT_texture_webp" / "data" / "image";
  ScratchDir dir("compressed_webp_validator");
  const std::vector<std::string> uris = {"VP8_red.webp", "VP8L_red.webp", "VP8L_red_transparent.webp", "VP8X_red_transparent.webp",
                                         "data:image/webp;base64,UklGRhwAAABXRUJQVlA4TA8AAAAv/8AfAAcQ/Y/+ByKi/wEA"};
  for (const std::string& uri : uris) {
    SCOPED_TRACE(uri);
    if (uri.rfind("data:", 0) != 0) fs::copy_file(images / uri, dir.path() / uri, fs::copy_options::overwrite_existing);
    const fs::path path = dir.path() / "red.gltf";
    write_file(path, textured(R"({"extensions": {"EXT_texture_webp": {"source": 0}}})", R"({"uri": ")" + uri + R"("})",
                              R"(, "extensionsUsed": ["EXT_texture_webp"], "extensionsRequired": ["EXT_texture_webp"])"));
    const std::vector<std::byte> texels = base_colour_texels(bake_open(path, source_size_options()));
    ASSERT_GE(texels.size(), 4u);
    EXPECT_GT(std::uint8_t(texels[0]), 200);
    EXPECT_LT(std::uint8_t(texels[1]), 40);
    EXPECT_LT(std::uint8_t(texels[2]), 40);
  }
}

TEST(BakeCompressed, BasisuTextureBakesFromItsFallbackOrNamesTheTexture) {
  ScratchDir dir("compressed_basisu");
  const std::vector<std::uint8_t> pixels = test_pixels(7);
  stbi_write_png((dir.path() / "fallback.png").c_str(), 4, 4, 4, pixels.data(), 16);
  write_file(dir.path() / "texture.ktx2", "\xABKTX 20\xBB\r\n\x1A\n not really");
  write_file(dir.path() / "png.gltf", textured(R"({"source": 0})", R"({"uri": "fallback.png"})", ""));
  write_file(dir.path() / "fallback.gltf",
             textured(R"({"source": 0, "extensions": {"KHR_texture_basisu": {"source": 1}}})",
                      R"({"uri": "fallback.png"}, {"uri": "texture.ktx2", "mimeType": "image/ktx2"})",
                      R"(, "extensionsUsed": ["KHR_texture_basisu"])"));
  const fs::path no_fallback = dir.path() / "basisu_only.gltf";
  write_file(no_fallback, textured(R"({"extensions": {"KHR_texture_basisu": {"source": 0}}})",
                                   R"({"uri": "texture.ktx2", "mimeType": "image/ktx2"})",
                                   R"(, "extensionsUsed": ["KHR_texture_basisu"], "extensionsRequired": ["KHR_texture_basisu"])"));
  const Baked png = bake_open(dir.path() / "png.gltf", source_size_options());
  const Baked fallback = bake_open(dir.path() / "fallback.gltf", source_size_options());
  EXPECT_EQ(base_colour_texels(fallback), base_colour_texels(png));
  EXPECT_TRUE(fallback.report.warnings.empty()) << fallback.report.warnings.front();
  expect_names(error_of(no_fallback), {no_fallback.string(), "texture 0", "KHR_texture_basisu"});
}

TEST(BakeCompressed, BrokenMeshoptDataIsRefusedNamingTheBufferView) {
  ScratchDir dir("compressed_broken_meshopt");
  {
    MeshoptGrid grid = meshopt_grid();  // the positions' stream cut short
    grid.gltf["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["byteLength"] = 40;
    const fs::path path = write_grid(dir.path(), grid);
    expect_names(error_of(path), {path.string(), "bufferView 0", "EXT_meshopt_compression", "cannot be decoded"});
  }
  {
    MeshoptGrid grid = meshopt_grid();  // the index stream's header byte is not meshopt's
    const std::size_t at = grid.gltf["bufferViews"][2]["extensions"]["EXT_meshopt_compression"]["byteOffset"];
    grid.compressed[at] = 0x00;
    const fs::path path = write_grid(dir.path(), grid);
    expect_names(error_of(path), {path.string(), "bufferView 2", "cannot be decoded"});
  }
  {
    MeshoptGrid grid = meshopt_grid();  // a count that does not match the view
    grid.gltf["bufferViews"][1]["extensions"]["EXT_meshopt_compression"]["count"] = 255;
    const fs::path path = write_grid(dir.path(), grid);
    expect_names(error_of(path), {path.string(), "bufferView 1", "count 255", "byteLength 1024"});
  }
  {
    MeshoptGrid grid = meshopt_grid();  // a stride the vertex codec cannot take
    grid.gltf["bufferViews"][0]["extensions"]["EXT_meshopt_compression"]["byteStride"] = 6;
    const fs::path path = write_grid(dir.path(), grid);
    expect_names(error_of(path), {path.string(), "bufferView 0", "byteStride 6"});
  }
  {
    MeshoptGrid grid = meshopt_grid();  // a plain view in the fallback buffer, which has no bytes
    grid.gltf["bufferViews"][2].erase("extensions");
    const fs::path path = write_grid(dir.path(), grid);
    expect_names(error_of(path), {path.string(), "bufferView 2", "fallback buffer"});
  }
}

TEST(BakeCompressed, DecodedSizeIsLimitedBeforeAllocating) {
  ScratchDir dir("compressed_limit");
  const MeshoptGrid grid = meshopt_grid();
  const fs::path path = write_grid(dir.path(), grid);
  pipeline::BakeOptions options = test_options();
  options.limits.max_decoded_bytes = 4000;  // the grid decodes to 256*12 + 256*4 + 1350*2 bytes
  expect_names(error_of(path, options), {path.string(), "bufferView 1", "EXT_meshopt_compression", "4000", "--max-decoded-bytes"});
  options.limits.max_decoded_bytes = 256 * 12 + 256 * 4 + 1350 * 2;
  EXPECT_EQ(error_of(path, options), "(baked)");
}


TEST(BakeCompressed, GarbageDracoDataIsRefusedNamingThePrimitive) {
  ScratchDir dir("compressed_broken_draco");
  std::vector<std::uint8_t> garbage(300);
  for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = std::uint8_t(i * 37 + 11);
  std::memcpy(garbage.data(), "DRACO\x02\x02\x01\x01\x00\x00", 11);  // a plausible header, then noise
  fs::path path = write_draco_blob(dir.path(), "garbage", garbage);
  expect_names(error_of(path), {path.string(), "mesh 0 primitive 0", "KHR_draco_mesh_compression", "cannot be decoded"});
  garbage.assign(300, 0x5a);
  path = write_draco_blob(dir.path(), "not_draco", garbage);
  expect_names(error_of(path), {path.string(), "mesh 0 primitive 0", "not a Draco stream"});
}

// libdraco sizes its tables from the header's counts before it finds the data missing: a header
// claiming 2^28 faces is refused from the header, before libdraco runs; so is metadata, whose
// length is not known before decoding it.
TEST(BakeCompressed, DracoHeaderClaimingHugeCountsIsRefusedBeforeDecoding) {
  ScratchDir dir("compressed_draco_claims");
  // Edgebreaker, bitstream 2.2: traversal type 0, 2^20 encoded vertices, 2^28 faces (varints).
  std::vector<std::uint8_t> blob = {'D', 'R', 'A', 'C', 'O', 2, 2, 1, 1, 0, 0, 0, 0x80, 0x80, 0x40, 0x80, 0x80, 0x80, 0x80, 0x01};
  blob.resize(64, 0);
  fs::path path = write_draco_blob(dir.path(), "claims", blob);
  expect_names(error_of(path), {path.string(), "mesh 0 primitive 0", "as its Draco header claims", "--max-decoded-bytes"});
  blob[10] = 0x80;  // the metadata flag
  path = write_draco_blob(dir.path(), "metadata", blob);
  expect_names(error_of(path), {path.string(), "mesh 0 primitive 0", "Draco metadata"});
}

}  // namespace
}  // namespace aem::test
