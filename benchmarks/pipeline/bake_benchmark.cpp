// Bake time split by step for three corpus models, uncompressed (rgba) and BC textures.
//
// usage: bake_benchmark [CORPUS_DIR] [--runs N] [--threads N] [--quality fast|normal|best]
//
// Each configuration is baked N times (default 3) into a temporary file; the table shows the
// median of each step. "geometry" is geometry building, vertex merging and meshoptimizer plus
// skeleton and animation baking; "textures" is image packing, mips and block compression, of
// which "encode" is the block compression alone (for rgba: copying the levels out); "write" serialises, validates and writes
// atomically. "outside compression" is the share of the total that is not block compression.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "aem/pipeline/bake.hpp"
#include "median.hpp"

namespace {

struct Sample {
  double import_s, geometry_s, textures_s, compress_s, write_s, total_s;
};

using aem::bench::median;

std::filesystem::path model_path(const std::filesystem::path& corpus, const std::string& name) {
  return corpus / "khronos" / name / "glTF-Binary" / (name + ".glb");
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  int runs = 3;
  unsigned threads = 1;
  aem::codec::Bc7Quality quality = aem::codec::Bc7Quality::normal;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else if (arg == "--threads" && i + 1 < argc) threads = unsigned(std::max(1, std::atoi(argv[++i])));
    else if (arg == "--quality" && i + 1 < argc) {
      const auto q = aem::codec::parse_bc7_quality(argv[++i]);
      if (!q) {
        std::fprintf(stderr, "unknown quality %s\n", argv[i]);
        return 1;
      }
      quality = *q;
    } else corpus = arg;
  }
  const auto out = std::filesystem::temp_directory_path() / "aem_bake_benchmark.aem";
  std::printf("bake benchmark: %d runs (median), %u compression thread(s), BC7 quality %s\n\n", runs,
              threads, std::string(aem::codec::to_string(quality)).c_str());
  std::printf("| model | textures | import ms | geometry ms | textures ms | of which encode ms | write ms | total ms | outside compression |\n");
  std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
  for (const char* name : {"DamagedHelmet", "2CylinderEngine", "CesiumMan"}) {
    const auto path = model_path(corpus, name);
    if (!std::filesystem::exists(path)) {
      std::fprintf(stderr, "skipping %s: %s not found\n", name, path.string().c_str());
      continue;
    }
    for (auto encoding : {aem::pipeline::TextureEncoding::rgba, aem::pipeline::TextureEncoding::bc}) {
      aem::pipeline::BakeOptions options;
      options.textures = encoding;
      options.quality = quality;
      options.threads = threads;
      std::vector<double> imp, geo, tex, comp, wr, tot;
      for (int r = 0; r < runs; ++r) {
        const auto start = std::chrono::steady_clock::now();
        const aem::pipeline::BakeReport report = aem::pipeline::bake_model_file(path, out, options);
        const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto& t = report.timings;
        imp.push_back(t.import_s);
        geo.push_back(t.geometry_s + t.optimise_s + t.skeleton_s);
        tex.push_back(t.textures_s);
        comp.push_back(t.compress_s);
        wr.push_back(t.write_s);
        tot.push_back(total);
      }
      const double total = median(tot), compress = median(comp);
      std::printf("| %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f%% |\n", name,
                  std::string(aem::pipeline::to_string(encoding)).c_str(), median(imp) * 1e3,
                  median(geo) * 1e3, median(tex) * 1e3, compress * 1e3, median(wr) * 1e3, total * 1e3,
                  100.0 * (total - compress) / total);
      std::fflush(stdout);
    }
  }
  std::filesystem::remove(out);
  return 0;
}
