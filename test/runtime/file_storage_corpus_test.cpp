// Copy mode against the mapping on real models, baked from the corpus by the pipeline (built
// only where the pipeline is).
#include <gtest/gtest.h>

#include <string>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "copy_matches_map.hpp"
#include "corpus.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

TEST(FileStorageCorpus, CopyGivesTheViewsOfTheMappingOnCorpusModels) {
  AEM_REQUIRE_CORPUS(corpus);
  const aem::test::ScratchDir dir("file_storage_corpus");
  for (const char* name : {"CesiumMan", "RiggedFigure", "BoxAnimated"}) {
    const fs::path source = corpus / "khronos" / name / "glTF-Binary" / (std::string(name) + ".glb");
    const fs::path path = dir.path() / (std::string(name) + ".aem");
    aem::pipeline::write_model_file(
        path, aem::pipeline::bake_model(source, {.textures = aem::pipeline::TextureEncoding::rgba,
                                               .max_texture_size = 64})
                  .content);
    aem::test::expect_copy_matches_map(path);
  }
}

}  // namespace
