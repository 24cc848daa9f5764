// glTF -> AEM -> glTF -> AEM: the second AEM is the first. With rgba textures the whole file is
// byte-identical; with BC textures every section but the image buffer is, and the decoded texels
// of mip level 0 differ by at most kBcTolerance per channel (the second bake encodes the first's
// decoded blocks again, and an encoder's choice on already-quantised texels moves them a little).
#include <algorithm>
#include <cstdlib>

#include "export/gltf/gltf_texture_pixels.hpp"
#include "gltf_export_test_support.hpp"

namespace aem::test {
namespace {

constexpr int kBcTolerance = 8;  // of 255, per channel, level 0

const std::vector<std::string> kGeometrySections = {"vertices", "indices", "meshes", "materials", "joints",
                                                    "animations", "tracks", "keyframes", "textures"};

// The largest per-channel difference between the level-0 texels of the two models' textures.
int largest_texel_difference(const Model& a, const Model& b) {
  int largest = 0;
  for (std::size_t t = 0; t < a.textures().size() && t < b.textures().size(); ++t) {
    const codec::ImageRgba8 x = pipeline::gltf::level0_texels(a, a.textures()[t]);
    const codec::ImageRgba8 y = pipeline::gltf::level0_texels(b, b.textures()[t]);
    if (x.pixels.size() != y.pixels.size()) return 256;
    for (std::size_t i = 0; i < x.pixels.size(); ++i) largest = std::max(largest, std::abs(int(x.pixels[i]) - int(y.pixels[i])));
  }
  return largest;
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

TEST(GltfExportRoundTrip, RgbaModelsBakeBackToTheSameBytes) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_round_trip_rgba");
  for (const std::filesystem::path& source : export_corpus(*corpus)) {
    const auto [first, second] = round_trip(source, test_options(), scratch.path());
    if (first.empty() || second.empty()) continue;
    if (first == second) continue;
    const Model a = Model::open_memory(first), b = Model::open_memory(second);
    std::vector<std::string> all = kGeometrySections;
    all.push_back("image buffer");
    ADD_FAILURE() << source << ": the second AEM differs in " << differing_sections(a, b, all);
  }
}

TEST(GltfExportRoundTrip, BcModelsKeepTheirSectionsAndTexelsWithinTolerance) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_round_trip_bc");
  for (const std::filesystem::path& source : export_corpus(*corpus)) {
    const auto [first, second] = round_trip(source, bc_test_options(), scratch.path());
    if (first.empty() || second.empty()) continue;
    const Model a = Model::open_memory(first), b = Model::open_memory(second);
    EXPECT_EQ(differing_sections(a, b, kGeometrySections), "") << source;
    const int difference = largest_texel_difference(a, b);
    EXPECT_LE(difference, kBcTolerance) << source;
    std::printf("%s: largest texel difference %d\n", source.filename().string().c_str(), difference);
  }
}

}  // namespace
}  // namespace aem::test
