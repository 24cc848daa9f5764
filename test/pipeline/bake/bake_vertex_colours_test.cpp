// Vertex colours (specs/aem-extensions.md section 4, `vertex_colours`): glTF COLOR_0 of each
// component type it allows baked into the extension and read back exactly through the runtime's
// view, float values outside [0, 1] clamped with a warning, --format-version 1 dropping them with
// the old warning, and the corpus's BoxVertexColors.
#include <cstring>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "aem/ext_vertex_colours.hpp"
#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using Rgba = std::array<float, 4>;

template <class T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& values) {
  std::vector<std::uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// The unit quad (synthetic_gltf.hpp) with COLOR_0: 4 elements of `type` ("VEC3"/"VEC4") and
// glTF component type `component` in `bytes`, normalized when integer; its material BLEND (the
// colours' alpha counts) unless `opaque`.
fs::path write_coloured_quad(const ScratchDir& dir, int component, const std::string& type,
                             const std::vector<std::uint8_t>& bytes, bool opaque = false) {
  nlohmann::json gltf = nlohmann::json::parse("{" + quad_buffers_json() + "}");
  gltf["asset"] = {{"version", "2.0"}};
  gltf["buffers"].push_back({{"byteLength", bytes.size()}, {"uri", "data:application/octet-stream;base64," + base64_text(bytes)}});
  gltf["bufferViews"].push_back({{"buffer", 1}, {"byteOffset", 0}, {"byteLength", bytes.size()}});
  nlohmann::json colours = {{"bufferView", 4}, {"componentType", component}, {"count", 4}, {"type", type}};
  if (component != 5126) colours["normalized"] = true;
  gltf["accessors"].push_back(colours);
  gltf["meshes"] = nlohmann::json::parse(
      R"([{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2, "COLOR_0": 4}, "indices": 3, "material": 0}]}])");
  gltf["materials"] = nlohmann::json::array({{{"alphaMode", opaque ? "OPAQUE" : "BLEND"}}});
  gltf["nodes"] = nlohmann::json::parse(R"([{"mesh": 0}])");
  gltf["scenes"] = nlohmann::json::parse(R"([{"nodes": [0]}])");
  const fs::path path = dir.path() / "coloured.gltf";
  write_file(path, gltf.dump());
  return path;
}

struct ColouredBake {
  std::vector<std::byte> bytes;
  pipeline::BakeReport report;
};

ColouredBake bake(const fs::path& path, const pipeline::BakeOptions& options = test_options()) {
  auto result = pipeline::bake_model(path, options);
  return {pipeline::serialize_model(result.content), std::move(result.report)};
}

// Every baked vertex has the colour of the quad corner at its position (x + 2y).
void expect_corner_colours(const std::vector<std::byte>& bytes, const std::array<Rgba, 4>& corners,
                           VertexColourEncoding encoding) {
  const Model model = Model::open_memory(bytes);
  const std::optional<VertexColoursView> view = vertex_colours_of(model);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->encoding(), encoding);
  ASSERT_EQ(view->size(), model.vertices().size());
  ASSERT_EQ(model.vertices().size(), 4u);
  for (std::size_t v = 0; v < view->size(); ++v) {
    const Vertex& vertex = model.vertices()[v];
    const auto corner = std::size_t(vertex.position[0] + 2 * vertex.position[1]);
    EXPECT_EQ(view->colour(v), corners[corner]) << "vertex " << v;
  }
}

bool warned(const pipeline::BakeReport& report, const std::string& code, const std::string& words) {
  for (std::size_t i = 0; i < report.warnings.size(); ++i)
    if (report.warning_codes[i] == code && report.warnings[i].find(words) != std::string::npos) return true;
  return false;
}

TEST(BakeVertexColours, UnsignedByteVec3GetsAlphaOneInRgba8) {
  ScratchDir dir("colours_u8");
  const fs::path in = write_coloured_quad(dir, 5121, "VEC3", {255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 64, 1});
  const ColouredBake baked = bake(in);
  expect_corner_colours(baked.bytes, {Rgba{1, 0, 0, 1}, Rgba{0, 1, 0, 1}, Rgba{0, 0, 1, 1},
                                      Rgba{128 / 255.0f, 64 / 255.0f, 1 / 255.0f, 1}},
                        VertexColourEncoding::rgba8);
  EXPECT_TRUE(baked.report.warnings.empty()) << baked.report.warnings.front();
}

TEST(BakeVertexColours, UnsignedShortVec4IsRgba16) {
  ScratchDir dir("colours_u16");
  const std::vector<std::uint16_t> values = {65535, 0, 0, 65535, 1, 2, 3, 4, 0, 0, 0, 0, 40000, 257, 65535, 32768};
  const ColouredBake baked = bake(write_coloured_quad(dir, 5123, "VEC4", bytes_of(values)));
  std::array<Rgba, 4> corners;
  for (std::size_t i = 0; i < 16; ++i) corners[i / 4][i % 4] = float(values[i]) / 65535.0f;
  expect_corner_colours(baked.bytes, corners, VertexColourEncoding::rgba16);
  // On an OPAQUE material glTF ignores the alpha: it is baked as 1.
  ScratchDir opaque_dir("colours_u16_opaque");
  for (Rgba& c : corners) c[3] = 1;
  expect_corner_colours(bake(write_coloured_quad(opaque_dir, 5123, "VEC4", bytes_of(values), true)).bytes, corners,
                        VertexColourEncoding::rgba16);
}

TEST(BakeVertexColours, FloatsOutsideZeroToOneAreClampedWithAWarning) {
  ScratchDir dir("colours_f32");
  const std::vector<float> values = {0.3f, 2.0f, -1.0f, 1, 0.1f, 0.2f, 0.7f, 0.5f, 0, 0, 0, 0, 1, 1, 1, 1};
  const ColouredBake baked = bake(write_coloured_quad(dir, 5126, "VEC4", bytes_of(values)));
  expect_corner_colours(baked.bytes, {Rgba{0.3f, 1, 0, 1}, Rgba{0.1f, 0.2f, 0.7f, 0.5f}, Rgba{0, 0, 0, 0}, Rgba{1, 1, 1, 1}},
                        VertexColourEncoding::rgba32f);
  EXPECT_TRUE(warned(baked.report, "vertex_colours_clamped", "coloured.gltf: mesh 0 primitive 0 COLOR_0"))
      << ::testing::PrintToString(baked.report.warnings);
  // Floats that are all k/255 take the 8-bit encoding.
  ScratchDir dir8("colours_f32_8");
  const std::vector<float> exact = {0, 1, 51 / 255.0f, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1};
  expect_corner_colours(bake(write_coloured_quad(dir8, 5126, "VEC4", bytes_of(exact))).bytes,
                        {Rgba{0, 1, 51 / 255.0f, 1}, Rgba{1, 1, 1, 1}, Rgba{0, 0, 0, 0}, Rgba{1, 1, 1, 1}},
                        VertexColourEncoding::rgba8);
}

TEST(BakeVertexColours, FormatVersionOneDropsThemWithTheWarning) {
  ScratchDir dir("colours_v1");
  const fs::path in = write_coloured_quad(dir, 5121, "VEC3", {255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 64, 1});
  pipeline::BakeOptions v1 = test_options();
  v1.version_1_only = true;
  const ColouredBake plain = bake(in, v1);
  const ColouredBake extended = bake(in);
  EXPECT_TRUE(warned(plain.report, "vertex_colours", "COLOR_0) dropped")) << ::testing::PrintToString(plain.report.warnings);
  EXPECT_FALSE(vertex_colours_of(Model::open_memory(plain.bytes)).has_value());
  // The extended file's version-1 part is the plain file, byte for byte (rule 1.2).
  ASSERT_GT(extended.bytes.size(), plain.bytes.size());
  EXPECT_TRUE(std::equal(plain.bytes.begin(), plain.bytes.end(), extended.bytes.begin()));
}

TEST(BakeVertexColours, BoxVertexColorsKeepsItsColoursExactly) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path path = corpus / "khronos/BoxVertexColors/glTF-Binary/BoxVertexColors.glb";
  const BakedModel& box = baked(path);  // the corpus sweep's bake, shared
  const auto reference = load_reference(path);
  const tinygltf::Primitive& p = reference->meshes[0].primitives[0];
  const tinygltf::Accessor& positions = reference->accessors[std::size_t(p.attributes.at("POSITION"))];
  const tinygltf::Accessor& colours = reference->accessors[std::size_t(p.attributes.at("COLOR_0"))];
  ASSERT_EQ(colours.componentType, TINYGLTF_COMPONENT_TYPE_FLOAT);
  const auto floats = [&](const tinygltf::Accessor& a, std::size_t n) {
    const tinygltf::BufferView& bv = reference->bufferViews[std::size_t(a.bufferView)];
    const auto* at = reinterpret_cast<const float*>(reference->buffers[std::size_t(bv.buffer)].data.data() +
                                                    bv.byteOffset + a.byteOffset);
    return std::vector<float>(at, at + a.count * n);
  };
  const std::vector<float> source_positions = floats(positions, 3), source_colours = floats(colours, 4);
  const std::optional<VertexColoursView> view = vertex_colours_of(*box.model);
  ASSERT_TRUE(view.has_value());
  ASSERT_EQ(view->size(), box.model->vertices().size());
  std::size_t coloured = 0;
  for (std::size_t v = 0; v < view->size(); ++v) {
    const Vertex& vertex = box.model->vertices()[v];
    // Every source vertex at this position has the same colour (the cube's corners are shared).
    for (std::size_t s = 0; s < positions.count; ++s) {
      if (std::memcmp(vertex.position, &source_positions[s * 3], 12) != 0) continue;
      // Its material is OPAQUE: glTF ignores the alpha, and the bake makes it 1.
      EXPECT_EQ(view->colour(v), (Rgba{source_colours[s * 4], source_colours[s * 4 + 1], source_colours[s * 4 + 2], 1}))
          << "vertex " << v << " source " << s;
      ++coloured;
      break;
    }
  }
  EXPECT_EQ(coloured, view->size()) << "every vertex found in the source";
  EXPECT_FALSE(warned(box.report, "vertex_colours", "dropped"));
}

}  // namespace
}  // namespace aem::test
