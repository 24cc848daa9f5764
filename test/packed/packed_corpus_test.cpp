// Every corpus bake (khronos/ and extra/, as the bake tests bake them, extension areas included)
// packed, with and without the meshopt index filter, unpacks to the very same bytes and opens to a
// validated model with the same extensions, every glTF bake's bitangents predicted to the sign by
// the bitangent prediction filter; and a real BC7 bake (DamagedHelmet, with its emissive
// texture and names) takes the block halves filter, is smaller for it and unpacks.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "aem/bitangent_prediction.hpp"
#include "aem/codec/texture_compress.hpp"
#include "aem/extensions.hpp"
#include "aem/packed/pack.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/unpack.hpp"
#include "bake_test_support.hpp"

namespace aem::test {
namespace {

// The names of the model's extensions, in directory order.
std::set<std::string> extension_names(const Model& model) {
  std::set<std::string> names;
  for (const ExtensionEntry& entry : model.extensions()) names.emplace(extension_name(entry));
  return names;
}

// The number of frames of kind `section` in a packed file's table (specs/packed-aem.md).
std::size_t frames_of_kind(std::span<const std::byte> packed, std::byte section, std::size_t filter_at = 0,
                           std::byte filter = std::byte{0}) {
  std::size_t frames = 0, count = 0;
  for (int b = 3; b >= 0; --b) frames = frames << 8 | std::size_t(packed[8 + std::size_t(b)]);
  const std::size_t table = packed[4] == std::byte{1} ? 72 : 80;
  for (std::size_t i = 0; i < frames; ++i)
    count += packed[table + 24 * i] == section && (filter_at == 0 || packed[table + 24 * i + filter_at] == filter);
  return count;
}

// Vertices whose bitangent is not predict_bitangent's, up to its sign (what the filter stores as
// more than a sign bit).
std::size_t bitangents_not_predicted(const Model& model) {
  std::size_t missed = 0;
  for (const Vertex& v : model.vertices()) {
    const std::array<float, 3> p = predict_bitangent(v.normal, v.tangent);
    const bool same = p[0] == v.bitangent[0] && p[1] == v.bitangent[1] && p[2] == v.bitangent[2];
    const bool flipped = p[0] == -v.bitangent[0] && p[1] == -v.bitangent[1] && p[2] == -v.bitangent[2];
    missed += !same && !flipped;
  }
  return missed;
}

TEST(PackedCorpus, EveryBakeRoundTripsByteForByte) {
  AEM_REQUIRE_CORPUS(corpus);
  std::vector<std::filesystem::path> models = corpus_sweep(corpus / "khronos");
  for (const auto& extra : corpus_sweep(corpus / "extra")) models.push_back(extra);
  std::size_t packed_models = 0, extended = 0, predicted_models = 0;
  std::map<std::string, std::set<std::string>> packed_extensions;  // model file stem -> its extensions
  for (const std::filesystem::path& path : models) {
    SCOPED_TRACE(path.string());
    const BakedModel* model = nullptr;
    try {
      model = &baked(path);
    } catch (const std::exception& e) {
      continue;  // models the bake refuses are the bake tests' business (bake_invalid_test)
    }
    for (const bool meshopt_indices : {false, true}) {
      const Expected<std::vector<std::byte>> packed = pack(model->bytes, {.meshopt_indices = meshopt_indices});
      ASSERT_TRUE(packed) << packed.error().describe();
      // Version 3 when the vertices are predicted, else version 2 exactly when there is an
      // extension area, which is its last frames.
      const bool predicted = frames_of_kind(*packed, std::byte{0}, 1, std::byte{3}) > 0;
      EXPECT_EQ((*packed)[4], std::byte(predicted ? 3 : model->model->extensions().empty() ? 1 : 2));
      EXPECT_EQ(frames_of_kind(*packed, std::byte{10}) > 0, !model->model->extensions().empty());
      const Expected<UnpackedBytes> unpacked = unpack(*packed, {.decoder = zstd_decoder()});
      ASSERT_TRUE(unpacked) << unpacked.error().describe();
      EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), model->bytes)) << "meshopt indices " << meshopt_indices;
      const Expected<Model> opened = Model::try_open_memory(*packed, {.packed_decoder = zstd_decoder()});
      ASSERT_TRUE(opened) << opened.error().describe();
      EXPECT_TRUE(opened->unpacked());
      EXPECT_EQ(extension_names(*opened), extension_names(*model->model));
      packed_extensions[path.stem().string()] = extension_names(*opened);
    }
    ++packed_models;
    extended += !model->model->extensions().empty();
    // A glTF bake stores normalize(cross(normal, tangent)) times the handedness: the filter's guess.
    if (path.extension() == ".glb" || path.extension() == ".gltf") {
      EXPECT_EQ(bitangents_not_predicted(*model->model), 0u);
      predicted_models += !model->model->vertices().empty();
    }
  }
  std::printf("%zu corpus models packed and unpacked, %zu of them with an extension area, %zu glTF bakes' bitangents "
              "predicted\n", packed_models, extended, predicted_models);
  EXPECT_GT(packed_models, 0u);
  // The models, each with its content (where the corpus has them).
  const std::map<std::string, std::set<std::string>> expected = {
      {"DamagedHelmet", {"emissive", "names"}},
      {"AnimatedMorphCube", {"morph_targets", "names"}},
      {"BoxVertexColors", {"names", "vertex_colours"}}};
  for (const auto& [name, extensions] : expected) {
    // Absent from the corpus, or left out of the sweep by the sanitizer build's size cap.
    if (khronos_model(corpus, name).empty() || !corpus_model_taken(khronos_model(corpus, name))) continue;
    ASSERT_TRUE(packed_extensions.contains(name)) << name << " was not packed";
    for (const std::string& extension : extensions)
      EXPECT_TRUE(packed_extensions[name].contains(extension)) << name << " packed without " << extension;
  }
}

// The corpus sweep bakes rgba textures; the block halves filter needs real BC7 blocks. On
// DamagedHelmet's maps (512², fast) each BC7 map's frames must keep the filter, the file be smaller
// than packed without it (measured at full size: 60.0% against 61.5% of the AEM), and unpack,
// with its extension area (emissive, names) as the container's last frame.
TEST(PackedCorpus, BlockHalvesOnARealBc7Bake) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::filesystem::path source = khronos_model(corpus, "DamagedHelmet");
  if (source.empty()) GTEST_SKIP() << "DamagedHelmet not in the corpus";
  pipeline::BakeOptions options;
  options.textures = pipeline::TextureEncoding::bc;
  options.quality = codec::Bc7Quality::fast;
  options.max_texture_size = 512;
  const pipeline::BakedFile baked_file =
      pipeline::bake_model_in_memory(source, std::filesystem::temp_directory_path() / "packed_dh.aem", options);
  const Expected<std::vector<std::byte>> packed = pack(baked_file.bytes);
  const Expected<std::vector<std::byte>> unsplit = pack(baked_file.bytes, {.split_bc7_blocks = false});
  ASSERT_TRUE(packed && unsplit);
  const std::size_t filtered = frames_of_kind(*packed, std::byte{2}, 1, std::byte{2});
  EXPECT_EQ(filtered, 2u) << "one frame for each of the two BC7 maps (the BC5 normal map is not split)";
  EXPECT_EQ(frames_of_kind(*packed, std::byte{10}), 1u) << "the extension area: one frame";
  EXPECT_LT(packed->size(), unsplit->size());
  std::printf("DamagedHelmet (512², fast): %zu bytes, packed %zu, without block halves %zu\n",
              baked_file.bytes.size(), packed->size(), unsplit->size());
  const Expected<UnpackedBytes> unpacked = unpack(*packed, {.decoder = zstd_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), baked_file.bytes));
  const Expected<Model> opened = Model::try_open_memory(*packed, {.packed_decoder = zstd_decoder()});
  ASSERT_TRUE(opened) << opened.error().describe();
  EXPECT_EQ(extension_names(*opened), (std::set<std::string>{"emissive", "names"}));
}

}  // namespace
}  // namespace aem::test
