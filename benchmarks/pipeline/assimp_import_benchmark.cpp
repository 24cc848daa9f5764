// Import time of FBX models through the child process (import_assimp: spawn aem-import-assimp,
// Assimp import and conversion there, the scene through a pipe, checked and read back, image
// files read) against the same import done in this process (Assimp import, conversion,
// serialization and reading back, without the process and the pipe). The FBX files are corpus
// glTF models exported by Assimp (ASCII FBX, as the tests make them).
//
// usage: assimp_import_benchmark [CORPUS_DIR] [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <assimp/Importer.hpp>
#include <assimp/config.h>
#include <assimp/scene.h>

#include "corpus_arguments.hpp"
#include "import/assimp/child/assimp_conversion.hpp"
#include "assimp_fbx_export.hpp"
#include "import/assimp/assimp_import.hpp"
#include "median.hpp"
#include "scene/scene_serialization.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// What the child does and the parent reads, all in this process.
std::size_t import_in_process(const std::filesystem::path& model) {
  Assimp::Importer importer;
  importer.SetPropertyBool(AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, false);
  const aiScene* scene = importer.ReadFile(model.string(), aem::pipeline::assimp_import_flags());
  if (!scene) throw std::runtime_error(importer.GetErrorString());
  const std::vector<unsigned char> bytes = aem::pipeline::serialize_import(aem::pipeline::scene_from_assimp(*scene, model));
  return aem::pipeline::deserialize_import(bytes).scene.streams.size() + bytes.size();
}

}  // namespace

int main(int argc, char** argv) {
  const auto [corpus, runs] = aem::bench::corpus_arguments(argc, argv, AEM_BENCH_CORPUS_DIR, 5);
  const auto dir = std::filesystem::temp_directory_path() / "aem_assimp_import_benchmark";
  std::filesystem::create_directories(dir);
  std::printf("Assimp import benchmark: %d runs (median), importer %s\n\n", runs,
              aem::pipeline::assimp_importer_path().string().c_str());
  std::printf("| model (FBX) | FBX bytes | child process ms | in process ms | difference ms |\n");
  std::printf("| --- | --- | --- | --- | --- |\n");
  for (const char* name : {"CesiumMan", "2CylinderEngine", "DamagedHelmet"}) {
    const auto glb = corpus / "khronos" / name / "glTF-Binary" / (std::string(name) + ".glb");
    if (!std::filesystem::exists(glb)) {
      std::printf("| %s | (not in the corpus) | | | |\n", name);
      continue;
    }
    const auto fbx = dir / (std::string(name) + ".fbx");
    aem::test::export_fbx(glb, fbx);
    std::vector<double> child, in_process;
    for (int r = 0; r < runs; ++r) {
      auto start = Clock::now();
      aem::pipeline::WarningLog warnings;
      const aem::pipeline::Scene scene = aem::pipeline::import_assimp(fbx, aem::pipeline::BakeOptions{}, warnings);
      child.push_back(ms_since(start));
      start = Clock::now();
      if (import_in_process(fbx) == 0) std::printf("(empty)\n");
      in_process.push_back(ms_since(start));
    }
    const double c = aem::bench::median(child), p = aem::bench::median(in_process);
    std::printf("| %s | %ju | %.1f | %.1f | %+.1f |\n", name, std::uintmax_t(std::filesystem::file_size(fbx)), c, p, c - p);
  }
  std::filesystem::remove_all(dir);
  return 0;
}
