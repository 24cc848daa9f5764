// Bake time of every E3D model of the corpus (../shared/corpus/e3d) against the same model
// converted to glTF, baked in the same run: the E3D file's Scene (import_e3d) is written as a
// .glb (scene_glb_export.hpp), so both bakes see the same meshes, materials, textures and
// animations and differ only in their producer. Prints, per model, the median import and total
// bake times of both (default options: BC textures, as `aem bake`).
//
// usage: e3d_bake_benchmark [CORPUS_DIR] [--runs N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "corpus_arguments.hpp"
#include "aem/pipeline/bake.hpp"
#include "import/e3d/e3d_import.hpp"
#include "median.hpp"
#include "scene_glb_export.hpp"

namespace {

namespace fs = std::filesystem;
using namespace aem::pipeline;

struct Times {
  double import_ms = 0, total_ms = 0;
};

// The median import time (the bake's own timing) and wall-clock time of `runs` bakes of `model`
// in memory (bake_model writes nothing).
Times time_bakes(const fs::path& model, int runs) {
  std::vector<double> imports, totals;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const BakeResult result = bake_model(model, BakeOptions{});
    totals.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    imports.push_back(result.report.timings.import_s * 1e3);
  }
  return {aem::bench::median(imports), aem::bench::median(totals)};
}

}  // namespace

int main(int argc, char** argv) {
  const auto [corpus, runs] = aem::bench::corpus_arguments(argc, argv, AEM_BENCH_CORPUS_DIR, 5);
  std::vector<fs::path> models;
  for (const auto& entry : fs::directory_iterator(corpus / "e3d")) {
    if (entry.path().extension() == ".e3d") models.push_back(entry.path());
  }
  std::sort(models.begin(), models.end());
  const fs::path dir = fs::temp_directory_path() / "aem_e3d_bake_benchmark";
  fs::create_directories(dir);
  std::printf("E3D bake benchmark: %d runs (median), default options, %s\n\n", runs, (corpus / "e3d").string().c_str());
  std::printf("| model | E3D bytes | .glb bytes | E3D import ms | glTF import ms | E3D bake ms | glTF bake ms |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
  int failures = 0;
  for (const fs::path& e3d : models) {
    try {
      WarningLog warnings;
      const fs::path glb = dir / (e3d.stem().string() + ".glb");
      aem::bench::write_scene_as_glb(import_e3d(e3d, BakeOptions{}, warnings), glb);
      const Times a = time_bakes(e3d, runs), b = time_bakes(glb, runs);
      std::printf("| %s | %ju | %ju | %.2f | %.2f | %.1f | %.1f |\n", e3d.filename().string().c_str(),
                  std::uintmax_t(fs::file_size(e3d)), std::uintmax_t(fs::file_size(glb)), a.import_ms, b.import_ms,
                  a.total_ms, b.total_ms);
    } catch (const std::exception& e) {
      std::printf("| %s | failed: %s | | | | | |\n", e3d.filename().string().c_str(), e.what());
      ++failures;
    }
  }
  fs::remove_all(dir);
  return failures == 0 ? 0 : 1;
}
