// RDO BC7 benchmark (specs/bc7-rdo.md): for the corpus images, the block data's size after
// zstd -19 (libzstd, the level `zstd -19` uses) and `lz4 -9` (the command, when installed) against
// pooled RGBA PSNR, for our plain levels, our RDO λ values, and bc7enc_rdo at its λ values when a
// binary is given, all measured in this run. Writes a CSV and a Pareto plot (PNG) on request.
//
//   rdo_benchmark [--images DIR] [--lambdas 0.25,1,4] [--bc7enc PATH] [--bc7enc-lambdas 0,0.25,1,4]
//                 [--threads N] [--csv OUT.csv] [--plot OUT.png]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"
#include "packed_sizes.hpp"
#include "pareto_plot.hpp"

namespace fs = std::filesystem;
using namespace aem::codec;

namespace {

struct Row {
  std::string encoder, setting;
  ErrorStats stats;
  std::size_t raw = 0, zstd = 0, lz4 = 0;
  bool lz4_measured = true;
  double seconds = 0;
};

std::vector<std::uint8_t> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<double> parse_list(const std::string& text) {
  std::vector<double> values;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) values.push_back(std::stod(item));
  return values;
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

int main(int argc, char** argv) {
  fs::path images_dir = fs::path(AEM_BENCH_CORPUS_DIR) / "images";
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) images_dir = fs::path(env) / "images";
  std::vector<double> lambdas = {0.25, 0.5, 1, 2, 4};
  std::vector<double> bc7enc_lambdas = {0, 0.25, 0.5, 1, 2, 4};
  fs::path bc7enc, csv_path, plot_path;
  unsigned threads = 2;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--images") images_dir = value;
    else if (arg == "--lambdas") lambdas = parse_list(value);
    else if (arg == "--bc7enc") bc7enc = value;
    else if (arg == "--bc7enc-lambdas") bc7enc_lambdas = parse_list(value);
    else if (arg == "--threads") threads = unsigned(std::stoul(value));
    else if (arg == "--csv") csv_path = value;
    else if (arg == "--plot") plot_path = value;
    else {
      std::fprintf(stderr, "rdo_benchmark: unknown option %s\n", arg.c_str());
      return 2;
    }
  }
  std::vector<fs::path> paths;
  if (fs::is_directory(images_dir))
    for (const auto& entry : fs::directory_iterator(images_dir))
      if (entry.path().extension() == ".png") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  if (paths.empty()) {
    std::printf("rdo_benchmark: SKIPPED: no PNG images in %s\n", images_dir.string().c_str());
    return 0;
  }
  std::vector<ImageRgba8> images;
  for (const auto& p : paths) images.push_back(load_image(p));
  const bool lz4 = aem::bench::have_lz4_command();
  if (!lz4) std::printf("lz4 command absent: lz4 -9 sizes not measured\n");
  if (!bc7enc.empty() && !fs::exists(bc7enc)) {
    std::printf("bc7enc_rdo binary %s absent: baseline skipped\n", bc7enc.string().c_str());
    bc7enc.clear();
  } else if (bc7enc.empty()) {
    std::printf("no --bc7enc given: bc7enc_rdo baseline skipped (benchmarks/codec/build_bc7enc_rdo.sh builds it)\n");
  }
  const fs::path scratch_dir = fs::temp_directory_path() / ("aem_rdo_benchmark_" + std::to_string(::getpid()));
  fs::create_directories(scratch_dir);

  std::vector<Row> rows;
  auto add_level = [&](Row row, auto&& encode) {
    for (std::size_t k = 0; k < images.size(); ++k) {
      const auto start = std::chrono::steady_clock::now();
      const std::vector<std::uint8_t> blocks = encode(k);
      row.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const ImageRgba8 decoded = decompress_image(blocks, images[k].width, images[k].height, BlockFormat::bc7);
      row.stats.add(compare_images(images[k], decoded));
      row.raw += blocks.size();
      row.zstd += aem::bench::zstd19_size(std::as_bytes(std::span(blocks)));
      if (lz4) row.lz4 += aem::bench::lz4_9_size(std::as_bytes(std::span(blocks)), scratch_dir / "blocks");
    }
    row.lz4_measured = lz4;
    std::printf("%-10s %-12s PSNR %6.2f dB  raw %9zu  zstd-19 %9zu  lz4-9 %9zu  %7.2f s\n", row.encoder.c_str(),
                row.setting.c_str(), row.stats.psnr_rgba(), row.raw, row.zstd, row.lz4, row.seconds);
    std::fflush(stdout);
    rows.push_back(row);
  };
  auto ours = [&](Bc7Quality quality, double lambda) {
    Row row;
    row.encoder = "aem";
    row.setting = std::string(to_string(quality)) + (lambda > 0 ? " rdo " + number(lambda) : "");
    add_level(row, [&](std::size_t k) {
      CompressOptions options;
      options.quality = quality;
      options.rdo_lambda = lambda;
      options.threads = threads;
      return compress_image(images[k], options);
    });
  };
  ours(Bc7Quality::fast, 0);
  ours(Bc7Quality::normal, 0);
  for (double lambda : lambdas) ours(Bc7Quality::normal, lambda);
  if (!bc7enc.empty()) {
    for (double lambda : bc7enc_lambdas) {
      Row row;
      row.encoder = "bc7enc_rdo";
      row.setting = lambda > 0 ? "-z " + number(lambda) : "no rdo";
      add_level(row, [&](std::size_t k) {
        // bc7enc.cpp path with reduced entropy (-C -u4 -e), as the filer measured it.
        const fs::path dds = scratch_dir / "bc7enc.dds";
        std::string command = "'";
        command.append(bc7enc.string()).append("' -q -g -C -u4 -e");
        if (lambda > 0) command.append(" -z").append(number(lambda));
        for (const std::string& part : {std::string(" '"), paths[k].string(), std::string("' '"), dds.string(),
                                        std::string("' >/dev/null 2>&1")})
          command.append(part);
        if (std::system(command.c_str()) != 0) throw std::runtime_error("bc7enc_rdo failed: " + command);
        const std::vector<std::uint8_t> file = read_bytes(dds);
        const std::size_t size = compressed_size(images[k].width, images[k].height);
        if (file.size() < size) throw std::runtime_error("bc7enc_rdo wrote a short DDS for " + paths[k].string());
        return std::vector<std::uint8_t>(file.end() - std::ptrdiff_t(size), file.end());
      });
    }
  }
  fs::remove_all(scratch_dir);

  if (!csv_path.empty()) {
    std::ofstream csv(csv_path);
    csv << "encoder,setting,psnr_rgba_db,raw_bytes,zstd19_bytes,lz4_9_bytes,seconds\n";
    for (const Row& r : rows)
      csv << r.encoder << ',' << r.setting << ',' << r.stats.psnr_rgba() << ',' << r.raw << ',' << r.zstd << ','
          << (r.lz4_measured ? std::to_string(r.lz4) : std::string()) << ',' << r.seconds << '\n';
  }
  if (!plot_path.empty()) {
    std::vector<aem::bench::PlotSeries> series;
    for (const Row& r : rows) {
      const std::string name = r.encoder == "aem" && r.setting.find("rdo") != std::string::npos ? "aem rdo"
                               : r.encoder == "aem" ? "aem " + r.setting : r.encoder;
      auto it = std::find_if(series.begin(), series.end(), [&](const auto& s) { return s.name == name; });
      if (it == series.end()) it = series.insert(series.end(), aem::bench::PlotSeries{name, {}});
      it->points.push_back({double(r.zstd), r.stats.psnr_rgba()});
    }
    aem::bench::write_pareto_plot(plot_path, series);
  }
  return 0;
}
