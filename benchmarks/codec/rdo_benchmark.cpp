// RDO BC7 benchmark (specs/bc7-rdo.md): for the corpus images, the block data's size after
// zstd -19 (libzstd, the level `zstd -19` uses) and `lz4 -9` (the command, when installed) against
// pooled RGBA PSNR, for our plain levels, our RDO λ values, and bc7enc_rdo at its λ values when a
// binary is given, all measured in this run, ours and the baseline's λ values interleaved (load
// from other work then falls on both alike). Each row's time is wall clock and CPU (this process
// and its children: bc7enc_rdo runs as one). With --threads 1 bc7enc_rdo runs on one thread too
// (OMP_NUM_THREADS=1, -zt). Writes a CSV and a Pareto plot (PNG, each point labelled with its
// CPU seconds, steadier than wall clock on a shared machine) on request.
//
//   rdo_benchmark [--images DIR] [--lambdas 0.25,1,4] [--bc7enc PATH] [--bc7enc-lambdas 0,0.25,1,4]
//                 [--threads N] [--csv OUT.csv] [--plot OUT.png]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <sys/resource.h>

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
  double seconds = 0, cpu_seconds = 0;
};

// CPU seconds of this process and its waited-for children so far.
double cpu_seconds_used() {
  double total = 0;
  for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
    rusage usage{};
    getrusage(who, &usage);
    total += double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
             double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  }
  return total;
}

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

struct Options {
  fs::path images_dir = fs::path(AEM_BENCH_CORPUS_DIR) / "images";
  std::vector<double> lambdas = {0.25, 0.5, 1, 2, 4};
  std::vector<double> bc7enc_lambdas = {0, 0.25, 0.5, 1, 2, 4};
  fs::path bc7enc, csv_path, plot_path;
  unsigned threads = 2;
};

// The command line over the defaults ($AEM_CORPUS/images first); nothing for an unknown option.
std::optional<Options> parse_options(int argc, char** argv) {
  Options options;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) options.images_dir = fs::path(env) / "images";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string arg = argv[i], value = argv[i + 1];
    if (arg == "--images") options.images_dir = value;
    else if (arg == "--lambdas") options.lambdas = parse_list(value);
    else if (arg == "--bc7enc") options.bc7enc = value;
    else if (arg == "--bc7enc-lambdas") options.bc7enc_lambdas = parse_list(value);
    else if (arg == "--threads") options.threads = unsigned(std::stoul(value));
    else if (arg == "--csv") options.csv_path = value;
    else if (arg == "--plot") options.plot_path = value;
    else {
      std::fprintf(stderr, "rdo_benchmark: unknown option %s\n", arg.c_str());
      return std::nullopt;
    }
  }
  return options;
}

std::vector<fs::path> png_files(const fs::path& dir) {
  std::vector<fs::path> paths;
  if (fs::is_directory(dir))
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().extension() == ".png") paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  return paths;
}

// The images, and where each encoder's blocks are measured: one row per encoder setting.
struct Measurement {
  std::vector<fs::path> paths;
  std::vector<ImageRgba8> images;
  bool lz4 = false;
  fs::path scratch_dir;
  std::vector<Row> rows;

  // Encodes every image with encode(k), decodes, compares and sizes the blocks; prints the row.
  template <class Encode>
  void add_level(Row row, Encode&& encode) {
    for (std::size_t k = 0; k < images.size(); ++k) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = cpu_seconds_used();
      const std::vector<std::uint8_t> blocks = encode(k);
      row.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      row.cpu_seconds += cpu_seconds_used() - cpu_start;
      const ImageRgba8 decoded = decompress_image(blocks, images[k].width, images[k].height, BlockFormat::bc7);
      row.stats.add(compare_images(images[k], decoded));
      row.raw += blocks.size();
      row.zstd += aem::bench::zstd19_size(std::as_bytes(std::span(blocks)));
      if (lz4) row.lz4 += aem::bench::lz4_9_size(std::as_bytes(std::span(blocks)), scratch_dir / "blocks");
    }
    row.lz4_measured = lz4;
    std::printf("%-10s %-12s PSNR %6.2f dB  raw %9zu  zstd-19 %9zu  lz4-9 %9zu  %7.2f s  %7.2f cpu s\n",
                row.encoder.c_str(), row.setting.c_str(), row.stats.psnr_rgba(), row.raw, row.zstd, row.lz4,
                row.seconds, row.cpu_seconds);
    std::fflush(stdout);
    rows.push_back(row);
  }
};

void measure_ours(Measurement& m, Bc7Quality quality, double lambda, unsigned threads) {
  Row row;
  row.encoder = "aem";
  row.setting = std::string(to_string(quality)) + (lambda > 0 ? " rdo " + number(lambda) : "");
  m.add_level(row, [&](std::size_t k) {
    CompressOptions options;
    options.quality = quality;
    options.rdo_lambda = lambda;
    options.threads = threads;
    return compress_image(m.images[k], options);
  });
}

// bc7enc.cpp path with reduced entropy (-C -u4 -e), as the filer measured it: the block
// data at the end of the DDS it writes.
std::vector<std::uint8_t> bc7enc_blocks(const Measurement& m, const fs::path& bc7enc, double lambda, std::size_t k,
                                        bool one_thread) {
  const fs::path dds = m.scratch_dir / "bc7enc.dds";
  std::string command = one_thread ? "OMP_NUM_THREADS=1 '" : "'";
  command.append(bc7enc.string()).append("' -q -g -C -u4 -e");
  if (lambda > 0) command.append(" -z").append(number(lambda));
  if (lambda > 0 && one_thread) command.append(" -zt");
  for (const std::string& part : {std::string(" '"), m.paths[k].string(), std::string("' '"), dds.string(),
                                  std::string("' >/dev/null 2>&1")})
    command.append(part);
  if (std::system(command.c_str()) != 0) throw std::runtime_error("bc7enc_rdo failed: " + command);
  const std::vector<std::uint8_t> file = read_bytes(dds);
  const std::size_t size = compressed_size(m.images[k].width, m.images[k].height);
  if (file.size() < size) throw std::runtime_error("bc7enc_rdo wrote a short DDS for " + m.paths[k].string());
  return std::vector<std::uint8_t>(file.end() - std::ptrdiff_t(size), file.end());
}

void measure_bc7enc(Measurement& m, const fs::path& bc7enc, double lambda, unsigned threads) {
  Row row;
  row.encoder = "bc7enc_rdo";
  row.setting = lambda > 0 ? "-z " + number(lambda) : "no rdo";
  m.add_level(row, [&](std::size_t k) { return bc7enc_blocks(m, bc7enc, lambda, k, threads == 1); });
}

// The bc7enc_rdo binary to measure, or none (saying why).
fs::path usable_bc7enc(const fs::path& bc7enc) {
  if (!bc7enc.empty() && !fs::exists(bc7enc)) {
    std::printf("bc7enc_rdo binary %s absent: baseline skipped\n", bc7enc.string().c_str());
    return {};
  }
  if (bc7enc.empty())
    std::printf("no --bc7enc given: bc7enc_rdo baseline skipped (benchmarks/codec/build_bc7enc_rdo.sh builds it)\n");
  return bc7enc;
}

void write_csv(const std::vector<Row>& rows, const fs::path& path) {
  std::ofstream csv(path);
  csv << "encoder,setting,psnr_rgba_db,raw_bytes,zstd19_bytes,lz4_9_bytes,seconds,cpu_seconds\n";
  for (const Row& r : rows)
    csv << r.encoder << ',' << r.setting << ',' << r.stats.psnr_rgba() << ',' << r.raw << ',' << r.zstd << ','
        << (r.lz4_measured ? std::to_string(r.lz4) : std::string()) << ',' << r.seconds << ',' << r.cpu_seconds << '\n';
}

// One series per encoder (our plain levels one each, our RDO λ values one together).
void write_plot(const std::vector<Row>& rows, const fs::path& path) {
  std::vector<aem::bench::PlotSeries> series;
  for (const Row& r : rows) {
    const std::string name = r.encoder == "aem" && r.setting.find("rdo") != std::string::npos ? "aem rdo"
                             : r.encoder == "aem" ? "aem " + r.setting : r.encoder;
    auto it = std::find_if(series.begin(), series.end(), [&](const auto& s) { return s.name == name; });
    if (it == series.end()) it = series.insert(series.end(), aem::bench::PlotSeries{name, {}});
    it->points.push_back({double(r.zstd), r.stats.psnr_rgba(), number(std::round(r.cpu_seconds * 10) / 10)});
  }
  aem::bench::write_pareto_plot(path, series);
}

}  // namespace

int main(int argc, char** argv) {
  const std::optional<Options> options = parse_options(argc, argv);
  if (!options) return 2;
  Measurement m;
  m.paths = png_files(options->images_dir);
  if (m.paths.empty()) {
    std::printf("rdo_benchmark: SKIPPED: no PNG images in %s\n", options->images_dir.string().c_str());
    return 0;
  }
  for (const auto& p : m.paths) m.images.push_back(load_image(p));
  m.lz4 = aem::bench::have_lz4_command();
  if (!m.lz4) std::printf("lz4 command absent: lz4 -9 sizes not measured\n");
  const fs::path bc7enc = usable_bc7enc(options->bc7enc);
  m.scratch_dir = fs::temp_directory_path() / ("aem_rdo_benchmark_" + std::to_string(::getpid()));
  fs::create_directories(m.scratch_dir);

  measure_ours(m, Bc7Quality::fast, 0, options->threads);
  measure_ours(m, Bc7Quality::normal, 0, options->threads);
  // Ours and the baseline alternately, λ by λ.
  const std::size_t settings = std::max(options->lambdas.size(), bc7enc.empty() ? 0 : options->bc7enc_lambdas.size());
  for (std::size_t i = 0; i < settings; ++i) {
    if (i < options->lambdas.size()) measure_ours(m, Bc7Quality::normal, options->lambdas[i], options->threads);
    if (!bc7enc.empty() && i < options->bc7enc_lambdas.size())
      measure_bc7enc(m, bc7enc, options->bc7enc_lambdas[i], options->threads);
  }
  fs::remove_all(m.scratch_dir);

  if (!options->csv_path.empty()) write_csv(m.rows, options->csv_path);
  if (!options->plot_path.empty()) write_plot(m.rows, options->plot_path);
  return 0;
}
