// glTF -> AEM -> glTF -> AEM: the second AEM is the first.
//
// With rgba textures: meshes, materials, textures, joints, animations, tracks and keyframes are
// byte-identical, and so is the whole file for most models (the test prints which). What may
// differ, and is compared instead:
//  - vertices and indices: the same triangles per mesh, the same vertex records, except that a
//    tangent (and so its bitangent) may differ by a float step where the bake's projection into
//    the normal's plane has no float input landing exactly on the AEM's value, and a zero's sign
//    (-0 from a node rotation cannot come out of an identity transform), after which the merge of
//    bit-identical vertices and the vertex-cache order can differ: compared as sorted triangle
//    lists, zeros unsigned, positions, UVs, joints and weights exact, normals, tangents and
//    bitangents within 1e-5 (the corpus: at most 3.5e-6, BoomBoxWithAxes; a normal differs by a
//    float step where no unit-length NORMAL near it lands on it: 2 of DamagedHelmet's 14556);
//  - texels of normal maps (the bake renormalises 8-bit normals, not idempotently) and PBR
//    textures of emitting materials (8-bit intensity × base colour): decoded, within
//    kRgbaTolerance per channel, the emissive intensity within kEmissiveTolerance;
//  - animations of a model without joints (morph-weight animations): glTF has no channel for
//    them, so they are dropped with the warning.
// With BC textures the same, and the texels within kBcRmsTolerance (root mean square) and
// kBcTolerance (largest): the second bake encodes the first's decoded blocks again, and an
// encoder's choice on already-quantised texels moves them.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <tuple>
#include <cstdlib>

#include "export/gltf/gltf_texture_pixels.hpp"
#include "gltf_export_test_support.hpp"

namespace aem::test {
namespace {

// BC: the root mean square difference over all level-0 texel channels, and the largest one (a
// block the encoder splits differently the second time can move a few texels further).
constexpr double kBcRmsTolerance = 0.5;  // of 255 (the corpus: at most 0.22, DamagedHelmet)
constexpr int kBcTolerance = 64;         // of 255, per channel (the corpus: at most 46)
constexpr int kRgbaTolerance = 2;  // of 255, per channel, level 0
// The emissive intensity k comes back from an sRGB colour k × base colour rounded to 8 bits: over
// dark base colours one step of the colour is several steps of k.
constexpr int kEmissiveTolerance = 16;

const std::vector<std::string> kExactSections = {"meshes", "materials", "joints", "tracks", "keyframes", "textures"};

// A float as compared: zeros unsigned.
std::int32_t compared(float value) { return value == 0 ? 0 : std::bit_cast<std::int32_t>(value); }

// One triangle: its corners' positions, UVs, joints and weights (rotated to start at the least
// corner, winding kept), and the corners' normals, tangents and bitangents.
struct Triangle {
  std::array<std::int32_t, 13 * 3> key{};
  std::array<float, 9 * 3> frame{};
  bool operator<(const Triangle& other) const { return std::tie(key, frame) < std::tie(other.key, other.frame); }
};

Triangle triangle(const Model& m, std::span<const std::uint32_t> corners) {
  std::array<std::array<std::int32_t, 13>, 3> key{};
  std::array<std::array<float, 9>, 3> frame{};
  for (std::size_t c = 0; c < 3; ++c) {
    const aem::Vertex& v = m.vertices()[corners[c]];
    for (std::size_t k = 0; k < 3; ++k) {
      key[c][k] = compared(v.position[k]);
      frame[c][k] = v.normal[k];
      frame[c][3 + k] = v.tangent[k];
      frame[c][6 + k] = v.bitangent[k];
    }
    for (std::size_t k = 0; k < 2; ++k) key[c][3 + k] = compared(v.uv[k]);
    for (std::size_t k = 0; k < 4; ++k) {
      key[c][5 + k] = v.joints[k];
      key[c][9 + k] = compared(v.weights[k]);
    }
  }
  const std::size_t first = std::size_t(std::min_element(key.begin(), key.end()) - key.begin());
  Triangle t;
  for (std::size_t c = 0; c < 3; ++c) {
    std::copy(key[(first + c) % 3].begin(), key[(first + c) % 3].end(), t.key.begin() + std::ptrdiff_t(13 * c));
    std::copy(frame[(first + c) % 3].begin(), frame[(first + c) % 3].end(), t.frame.begin() + std::ptrdiff_t(9 * c));
  }
  return t;
}

// Each mesh's triangles, sorted.
std::vector<std::vector<Triangle>> triangle_lists(const Model& m) {
  std::vector<std::vector<Triangle>> out;
  for (const aem::Mesh& mesh : m.meshes()) {
    std::vector<Triangle> triangles;
    const auto indices = m.mesh_indices(mesh);
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) triangles.push_back(triangle(m, indices.subspan(t, 3)));
    std::sort(triangles.begin(), triangles.end());
    out.push_back(std::move(triangles));
  }
  return out;
}

// The largest normal or tangent-frame difference between the two models' triangles, or -1 when the
// triangles themselves (all but the frames) differ.
float frame_difference(const Model& a, const Model& b) {
  const auto x = triangle_lists(a), y = triangle_lists(b);
  if (x.size() != y.size()) return -1;
  float largest = 0;
  for (std::size_t m = 0; m < x.size(); ++m) {
    if (x[m].size() != y[m].size()) return -1;
    for (std::size_t t = 0; t < x[m].size(); ++t) {
      if (x[m][t].key != y[m][t].key) return -1;
      for (std::size_t k = 0; k < x[m][t].frame.size(); ++k)
        largest = std::max(largest, std::abs(x[m][t].frame[k] - y[m][t].frame[k]));
    }
  }
  return largest;
}

// The largest per-channel difference between the level-0 texels of the two models' textures:
// [0] over every channel but the emissive intensity, [1] over the emissive intensity (PBR A);
// `rms` gets the root mean square difference over all channels.
std::array<int, 2> largest_texel_difference(const Model& a, const Model& b, double* rms = nullptr) {
  std::array<int, 2> largest{0, 0};
  double squares = 0, count = 0;
  std::vector<bool> pbr(a.textures().size());
  for (const aem::Material& m : a.materials()) pbr[m.pbr_texture] = true;
  for (std::size_t t = 0; t < a.textures().size() && t < b.textures().size(); ++t) {
    const codec::ImageRgba8 x = pipeline::gltf::level0_texels(a, a.textures()[t]);
    const codec::ImageRgba8 y = pipeline::gltf::level0_texels(b, b.textures()[t]);
    if (x.pixels.size() != y.pixels.size()) return {256, 256};
    for (std::size_t i = 0; i < x.pixels.size(); ++i) {
      int& slot = largest[pbr[t] && i % 4 == 3 ? 1 : 0];
      const int d = std::abs(int(x.pixels[i]) - int(y.pixels[i]));
      slot = std::max(slot, d);
      squares += double(d) * d;
      count += 1;
    }
  }
  if (rms) *rms = count > 0 ? std::sqrt(squares / count) : 0.0;
  return largest;
}

// Compares two bakes as the file comment says; returns the largest texel difference.
std::array<int, 2> expect_same_model(const std::filesystem::path& source, const Model& a, const Model& b,
                                     double* rms = nullptr) {
  std::vector<std::string> exact = kExactSections;
  if (!a.joints().empty()) exact.push_back("animations");
  EXPECT_EQ(differing_sections(a, b, exact), "") << source;
  const float frames = frame_difference(a, b);
  EXPECT_GE(frames, 0) << source << ": the triangles differ";
  EXPECT_LE(frames, 1e-5f) << source << ": normals or tangent frames differ";
  return largest_texel_difference(a, b, rms);
}

// Bakes `source`, exports, bakes the export; returns the two AEMs' bytes (empty when the source
// does not bake).
std::pair<std::vector<std::byte>, std::vector<std::byte>> round_trip(const std::filesystem::path& source,
                                                                   const pipeline::BakeOptions& options,
                                                                   const std::filesystem::path& scratch) {
  std::string why;
  const auto first = try_bake(source, options, why);
  if (!first) return {};
  const std::filesystem::path glb = scratch / (source.stem().string() + ".glb");
  export_glb(*first, glb);
  auto second = try_bake(glb, options, why);
  EXPECT_TRUE(second) << source << ": its export does not bake: " << why;
  return {*first, second ? std::move(*second) : std::vector<std::byte>{}};
}

TEST(GltfExportRoundTrip, RgbaModelsBakeBackToTheSameModel) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_round_trip_rgba");
  int identical = 0, compared_models = 0;
  for (const std::filesystem::path& source : export_corpus(*corpus)) {
    const auto [first, second] = round_trip(source, test_options(), scratch.path());
    if (first.empty() || second.empty()) continue;
    ++compared_models;
    if (first == second) {
      ++identical;
      continue;
    }
    const Model a = Model::open_memory(first), b = Model::open_memory(second);
    const std::array<int, 2> difference = expect_same_model(source, a, b);
    EXPECT_LE(difference[0], kRgbaTolerance) << source;
    EXPECT_LE(difference[1], kEmissiveTolerance) << source;
    std::printf("%s: not byte-identical (%s); largest texel difference %d, emissive %d\n",
                source.filename().string().c_str(),
                differing_sections(a, b, {"vertices", "indices", "image buffer", "animations"}).c_str(), difference[0],
                difference[1]);
  }
  std::printf("%d of %d models byte-identical\n", identical, compared_models);
  EXPECT_GT(compared_models, 20);
}

TEST(GltfExportRoundTrip, BcModelsKeepTheirSectionsAndTexelsWithinTolerance) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_round_trip_bc");
  for (const std::filesystem::path& source : export_corpus(*corpus)) {
    const auto [first, second] = round_trip(source, bc_test_options(), scratch.path());
    if (first.empty() || second.empty()) continue;
    const Model a = Model::open_memory(first), b = Model::open_memory(second);
    double rms = 0;
    const std::array<int, 2> difference = expect_same_model(source, a, b, &rms);
    EXPECT_LE(std::max(difference[0], difference[1]), kBcTolerance) << source;
    EXPECT_LE(rms, kBcRmsTolerance) << source;
    std::printf("%s: texel difference rms %.3f, largest %d, emissive %d\n", source.filename().string().c_str(), rms,
                difference[0], difference[1]);
  }
}

}  // namespace
}  // namespace aem::test
