// RDO quality bound benchmark (specs/bc7-rdo.md, "Quality bound"): per corpus image, the λ the
// bound's search chooses, its passes, the loss reached, zstd -19 bytes against the plain
// encoding's, and the search's time beside one fixed-λ pass at the chosen λ, measured one image
// after the other in the same run. BC5 images (the normal maps) are judged on the normals' angle.
//
//   rdo_bound_benchmark [--images DIR] [--bound DB] [--threads N] [--bc5 a.png,b.png]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "aem/codec/image.hpp"
#include "aem/codec/rdo_bound.hpp"
#include "aem/codec/texture_compress.hpp"
#include "packed_sizes.hpp"

namespace fs = std::filesystem;
using namespace aem::codec;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::size_t zstd_bytes(const std::vector<std::uint8_t>& blocks) {
  return aem::bench::zstd19_size(std::as_bytes(std::span(blocks)));
}

}  // namespace

int main(int argc, char** argv) {
  fs::path images = fs::path(AEM_BENCH_CORPUS_DIR) / "images";
  double bound = 1;
  unsigned threads = 1;
  std::set<std::string> bc5 = {"ScratchedGold-Normal.png", "water_normals.png", "damagedhelmet_tex4.png"};
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--images")) images = argv[i + 1];
    else if (!std::strcmp(argv[i], "--bound")) bound = parse_rdo_max_loss(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--threads")) threads = unsigned(std::stoul(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--bc5")) {
      bc5.clear();
      std::stringstream list(argv[i + 1]);
      for (std::string name; std::getline(list, name, ',');) bc5.insert(name);
    }
  }
  std::vector<fs::path> paths;
  for (const auto& entry : fs::directory_iterator(images))
    if (entry.path().extension() == ".png") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  std::printf("bound %g dB, %u thread(s)\n%-26s %-4s %8s %6s %8s %10s %10s %9s %9s %6s\n", bound, threads, "image", "fmt",
              "lambda", "passes", "loss dB", "zstd plain", "zstd bound", "search s", "1 pass s", "ratio");
  double search_total = 0, pass_total = 0;
  for (const fs::path& path : paths) {
    const ImageRgba8 image = load_image(path);
    const bool normals = bc5.count(path.filename().string()) > 0;
    CompressOptions options;
    options.format = normals ? BlockFormat::bc5 : BlockFormat::bc7;
    options.threads = threads;
    const auto metric = normals ? RdoLossMetric::normal_angle : RdoLossMetric::samples;
    auto start = std::chrono::steady_clock::now();
    const BoundedBlocks found = compress_image_within_loss(image, options, bound, metric);
    const double search_s = seconds_since(start);
    options.rdo_lambda = found.choice.lambda > 0 ? found.choice.lambda : kRdoStartLambda;
    start = std::chrono::steady_clock::now();
    (void)compress_image(image, options);
    const double pass_s = seconds_since(start);
    options.rdo_lambda = 0;
    const RdoLevelChoice& c = found.choice;
    search_total += search_s;
    pass_total += pass_s;
    std::printf("%-26s %-4s %8.4g %6u %8.3f %10zu %10zu %9.2f %9.2f %6.2f\n", path.filename().string().c_str(),
                normals ? "bc5" : "bc7", c.lambda, c.passes, pooled_loss_db(std::span(&c, 1)),
                zstd_bytes(compress_image(image, options)), zstd_bytes(found.blocks), search_s, pass_s,
                search_s / pass_s);
  }
  std::printf("total: search %.2f s, one pass each %.2f s (%.2fx)\n", search_total, pass_total, search_total / pass_total);
  return 0;
}
