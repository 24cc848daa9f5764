// glTF -> AEM -> glTF -> AEM: the second AEM is the first.
//
// The bake is a fixed point on its own output (specs/bake.md: zeros unsigned, unit vectors and
// weights kept as stored, a canonical order for the optimisers), so with rgba textures the
// vertices, indices, meshes, materials, textures, joints, animations, tracks and keyframes are
// byte-identical for every model, and so are the morph_targets, names (none invented for a model
// without them), material_flags, vertex_colours and uv1 payloads and a morph model's weight-only
// animations; the whole file is for most (the test prints which).
// What may differ, and is compared instead:
//  - texels of normal maps (the bake renormalises 8-bit normals, not idempotently) and PBR
//    textures of emitting materials (8-bit intensity x base colour): decoded, within
//    kRgbaTolerance per channel, the emissive intensity within kEmissiveTolerance;
//  - not the emissive intensity (PBR A) of a material with its own `emissive` record
//    (specs/aem-extensions.md): the export gives back the glTF's own emission, from which the
//    second bake finds the core rule's best intensity again on the downsized textures; the record
//    itself is compared (GltfExportContent.DamagedHelmetEmissionIsCarriedAndComesBack).
// With BC textures the same, and the texels within kBcRmsTolerance (root mean square) and
// kBcTolerance (largest), the PBR map's within kBcPbrRmsTolerance and kBcPbrTolerance: the second
// bake encodes the first's decoded blocks again, and an encoder's choice on already-quantised
// texels moves them.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "aem/ext_emissive.hpp"
#include "export/gltf/gltf_texture_pixels.hpp"
#include "gltf_export_test_support.hpp"

namespace aem::test {
namespace {

// BC: the root mean square and the largest difference over the level-0 texel channels, of the
// base colour and normal maps, whose texels come back as the first bake decoded them (the
// encoder finds its blocks again: specs/gltf-export.md), and of the PBR map, whose emissive
// intensity (A) comes back from the emissive colour (see kEmissiveTolerance) and, in a block that
// encodes RGBA together, moves its RGB too. Each is the largest over the corpus, measured at fast
// quality, plus the margin after it: the bakes' bytes are the same wherever the test runs (the
// identity table's x86-64 Linux, gcc and clang alike), so the margins are small.
constexpr double kBcRmsTolerance = 0.01;     // of 255, base colour and normal: 0.0072 (NormalTangentTest) + 0.0028
constexpr int kBcTolerance = 1;              // of 255, base colour and normal: 1 (several models) + 0
// DamagedHelmet's PBR A is the core rule's best intensity beside its own `emissive` record, which
// the second bake finds again from the glTF's emission on downsized textures, A texels far off (not
// compared), and BC7 blocks encode RGBA together: its RGB moves more than it did without the record.
constexpr double kBcPbrRmsTolerance = 0.50;  // of 255, the PBR map: 0.492 (DamagedHelmet) + 0.008
constexpr int kBcPbrTolerance = 54;          // of 255, the PBR map: 52 (DamagedHelmet) + 2
constexpr int kRgbaTolerance = 2;  // of 255, per channel, level 0
// The emissive intensity k comes back from an sRGB colour k × base colour rounded to 8 bits: over
// dark base colours one step of the colour is several steps of k.
constexpr int kEmissiveTolerance = 16;

const std::vector<std::string> kExactSections = {"vertices", "indices", "meshes",    "materials", "joints",
                                                 "tracks",   "keyframes", "textures", "animations"};

// What the second slot of largest_texel_difference holds: the PBR maps' A (the emissive
// intensity), or the PBR maps whole.
enum class SecondSlot { pbr_alpha, pbr_map };

// The largest per-channel difference between the level-0 texels of the two models' textures:
// [0] over the rest, [1] over what `second` names; `rms` gets the root mean square difference
// over the same two sets of channels.
std::array<int, 2> largest_texel_difference(const Model& a, const Model& b, SecondSlot second,
                                            std::array<double, 2>* rms = nullptr) {
  std::array<int, 2> largest{0, 0};
  std::array<double, 2> squares{0, 0}, count{0, 0};
  std::vector<bool> pbr(a.textures().size()), own_emission(a.textures().size());
  const auto records = emissive_of(a);
  for (std::size_t i = 0; i < a.materials().size(); ++i) {
    pbr[a.materials()[i].pbr_texture] = true;
    if (records && (*records)[i].mode == std::uint32_t(EmissiveMode::record)) own_emission[a.materials()[i].pbr_texture] = true;
  }
  for (std::size_t t = 0; t < a.textures().size() && t < b.textures().size(); ++t) {
    const codec::ImageRgba8 x = pipeline::gltf::level0_texels(a, a.textures()[t]);
    const codec::ImageRgba8 y = pipeline::gltf::level0_texels(b, b.textures()[t]);
    if (x.pixels.size() != y.pixels.size()) return {256, 256};
    for (std::size_t i = 0; i < x.pixels.size(); ++i) {
      if (own_emission[t] && i % 4 == 3) continue;
      const std::size_t slot = pbr[t] && (second == SecondSlot::pbr_map || i % 4 == 3) ? 1 : 0;
      const int d = std::abs(int(x.pixels[i]) - int(y.pixels[i]));
      largest[slot] = std::max(largest[slot], d);
      squares[slot] += double(d) * d;
      count[slot] += 1;
    }
  }
  if (rms)
    for (std::size_t slot = 0; slot < 2; ++slot)
      (*rms)[slot] = count[slot] > 0 ? std::sqrt(squares[slot] / count[slot]) : 0.0;
  return largest;
}

// Compares two bakes as the file comment says; returns the largest texel difference.
std::array<int, 2> expect_same_model(const std::filesystem::path& source, const Model& a, const Model& b) {
  EXPECT_EQ(differing_sections(a, b, kExactSections), "") << source;
  for (const char* extension : {"morph_targets", "names", "material_flags", "vertex_colours", "uv1"})
    EXPECT_TRUE(extension_bytes(a, extension) == extension_bytes(b, extension)) << source << ": " << extension;
  return largest_texel_difference(a, b, SecondSlot::pbr_alpha);
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
                differing_sections(a, b, {"image buffer", "animations"}).c_str(), difference[0],
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
    std::array<double, 2> rms{};
    expect_same_model(source, a, b);
    const std::array<int, 2> difference = largest_texel_difference(a, b, SecondSlot::pbr_map, &rms);
    EXPECT_LE(difference[0], kBcTolerance) << source;
    EXPECT_LE(difference[1], kBcPbrTolerance) << source;
    EXPECT_LE(rms[0], kBcRmsTolerance) << source;
    EXPECT_LE(rms[1], kBcPbrRmsTolerance) << source;
    std::printf("%s: texel difference rms %.4f, largest %d (base colour, normal); rms %.4f, largest %d (PBR)\n",
                source.filename().string().c_str(), rms[0], difference[0], rms[1], difference[1]);
  }
}

}  // namespace
}  // namespace aem::test
