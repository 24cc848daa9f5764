// Every corpus bake (khronos/ and extra/, as the bake tests bake them) packed, with and without
// the meshopt index filter, unpacks to the very same bytes and opens to a validated model.
#include <string>
#include <vector>

#include "aem/packed/pack.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/unpack.hpp"
#include "bake_test_support.hpp"

namespace aem::test {
namespace {

TEST(PackedCorpus, EveryBakeRoundTripsByteForByte) {
  AEM_REQUIRE_CORPUS(corpus);
  std::vector<std::filesystem::path> models = corpus_sweep(corpus / "khronos");
  for (const auto& extra : corpus_sweep(corpus / "extra")) models.push_back(extra);
  std::size_t packed_models = 0;
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
      const Expected<UnpackedBytes> unpacked = unpack(*packed, {.decoder = zstd_decoder()});
      ASSERT_TRUE(unpacked) << unpacked.error().describe();
      EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), model->bytes)) << "meshopt indices " << meshopt_indices;
      const Expected<Model> opened = Model::try_open_memory(*packed, {.packed_decoder = zstd_decoder()});
      ASSERT_TRUE(opened) << opened.error().describe();
      EXPECT_TRUE(opened->unpacked());
    }
    ++packed_models;
  }
  std::printf("%zu corpus models packed and unpacked\n", packed_models);
  EXPECT_GT(packed_models, 0u);
}

}  // namespace
}  // namespace aem::test
