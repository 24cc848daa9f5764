// Every corpus model, baked with rgba and with BC textures and exported, passes the Khronos
// glTF-Validator with zero errors (the validator is optional: the tests skip without it).
#include "gltf_export_test_support.hpp"

namespace aem::test {
namespace {

void expect_valid_exports(const pipeline::BakeOptions& options, const std::string& label) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_validator_" + label);
  if (!validator_report(scratch.path() / "absent.glb")) GTEST_SKIP() << validator_skip_reason();
  int exported = 0;
  for (const std::filesystem::path& source : export_corpus(*corpus)) {
    std::string why;
    const auto aem_bytes = try_bake(source, options, why);
    if (!aem_bytes) continue;  // the bake tests say why a corpus model does not bake
    const std::filesystem::path glb = scratch.path() / (source.stem().string() + ".glb");
    export_glb(*aem_bytes, glb);
    const std::optional<nlohmann::json> report = validator_report(glb);
    ASSERT_TRUE(report && report->is_object()) << glb;
    EXPECT_EQ((*report)["errors"], 0) << source << " (" << label << "): " << report->dump(1);
    ++exported;
  }
  EXPECT_GT(exported, 20);
}

TEST(GltfExportValidator, EveryCorpusModelWithRgbaTexturesHasNoErrors) {
  expect_valid_exports(test_options(), "rgba");
}

TEST(GltfExportValidator, EveryCorpusModelWithBcTexturesHasNoErrors) {
  expect_valid_exports(bc_test_options(), "bc");
}

TEST(GltfExportValidator, GltfWithBinBesideItHasNoErrors) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  ScratchDir scratch("gltf_export_validator_gltf");
  if (!validator_report(scratch.path() / "absent.glb")) GTEST_SKIP() << validator_skip_reason();
  const BakedModel& baked_model = baked(khronos_model(*corpus, "CesiumMan"));
  const std::filesystem::path out = scratch.path() / "Cesium Man.gltf";
  const pipeline::GltfExportResult result = pipeline::export_gltf(*baked_model.model, out);
  ASSERT_EQ(result.files.size(), 2u);
  EXPECT_EQ(result.files[0], scratch.path() / "Cesium Man.bin");
  const std::optional<nlohmann::json> report = validator_report(out);
  ASSERT_TRUE(report);
  EXPECT_EQ((*report)["errors"], 0) << report->dump(1);
}

}  // namespace
}  // namespace aem::test
