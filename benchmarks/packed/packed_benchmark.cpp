// Packed AEM files (.aemz, specs/packed-aem.md) against their baselines, measured in the same run:
// - size: the AEM, the packed file without the BC7 block halves filter, the packed file, packed
//   with --meshopt-indices, and plain `zstd -19` of the whole AEM file (what the issue compares
//   against);
// - meshoptimizer's vertex and index codecs inside a packed file: each section's zstd frame size
//   with and without the codec in front (the vertex codec is measured only, not offered);
// - open time: the packed file with --meshopt-indices (aem::open_packed, all threads and one), the
//   plain AEM mapped and
//   validated (Model::open), and reading and parsing the source .glb with tinygltf (with and
//   without decoding its images).
//
//   packed_benchmark [CORPUS_DIR] [--model NAME]... [--rdo LAMBDA] [--breakdown] [google benchmark flags]
//   packed_benchmark --breakdown-of FILE.aem...
//
// Models are corpus/khronos/NAME baked with the default options (BC7/BC5 textures), and with
// `--rdo LAMBDA` at that RDO level; without --model, DamagedHelmet, CesiumMan and 2CylinderEngine.
// Files are opened warm (page cache). --breakdown adds where each packed file's bytes go
// (packed_breakdown.hpp); --breakdown-of prints only that, for AEM files baked beforehand (an RDO
// bake of a full-size model takes minutes: bake it once, with and without --rdo, and compare).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <meshoptimizer.h>
#include <tiny_gltf.h>
#include <unistd.h>
#include <zstd.h>

#include "aem/model.hpp"
#include "aem/packed/open_packed.hpp"
#include "aem/packed/pack.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "collecting_reporter.hpp"
#include "packed_breakdown.hpp"

namespace {

namespace fs = std::filesystem;

struct BenchModel {
  std::string name;
  fs::path glb, aem, packed;
  std::size_t aem_bytes = 0, unsplit_bytes = 0, packed_bytes = 0, packed_meshopt_bytes = 0, zstd_whole_bytes = 0;
  std::size_t vertex_zstd = 0, vertex_meshopt_zstd = 0, index_zstd = 0, index_meshopt_zstd = 0;
  std::vector<std::byte> aem_file, packed_file;  // kept for --breakdown
};

std::vector<std::byte> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> text((std::istreambuf_iterator<char>(in)), {});
  const auto bytes = std::as_bytes(std::span(text));
  return {bytes.begin(), bytes.end()};
}

std::size_t zstd19(const void* data, std::size_t size) {
  std::vector<char> out(ZSTD_compressBound(size));
  const std::size_t written = ZSTD_compress(out.data(), out.size(), data, size, aem::kPackZstdLevel);
  return ZSTD_isError(written) ? 0 : written;
}

// The sections' frame sizes with and without meshopt's codecs in front (one frame a section).
void measure_meshopt(const aem::Model& model, BenchModel& m) {
  const auto vertices = model.vertices();
  const auto indices = model.indices();
  m.vertex_zstd = zstd19(vertices.data(), vertices.size_bytes());
  m.index_zstd = zstd19(indices.data(), indices.size_bytes());
  std::vector<unsigned char> encoded(meshopt_encodeVertexBufferBound(vertices.size(), sizeof(aem::Vertex)));
  encoded.resize(meshopt_encodeVertexBuffer(encoded.data(), encoded.size(), vertices.data(), vertices.size(),
                                            sizeof(aem::Vertex)));
  m.vertex_meshopt_zstd = zstd19(encoded.data(), encoded.size());
  encoded.assign(meshopt_encodeIndexSequenceBound(indices.size(), vertices.size()), 0);
  encoded.resize(meshopt_encodeIndexSequence(encoded.data(), encoded.size(), indices.data(), indices.size()));
  m.index_meshopt_zstd = zstd19(encoded.data(), encoded.size());
}

BenchModel prepare(const fs::path& corpus, const std::string& name, const fs::path& dir, double rdo_lambda,
                   bool keep_bytes) {
  BenchModel m;
  m.name = name;
  m.glb = corpus / "khronos" / name / "glTF-Binary" / (name + ".glb");
  m.aem = dir / (name + ".aem");
  m.packed = dir / (name + ".aemz");
  aem::pipeline::BakeOptions options;
  options.threads = 0;
  options.rdo_lambda = rdo_lambda;
  aem::pipeline::bake_model_file(m.glb, m.aem, options);
  std::ifstream in(m.aem, std::ios::binary);
  const std::vector<char> text((std::istreambuf_iterator<char>(in)), {});
  const auto bytes = std::as_bytes(std::span(text));
  m.aem_bytes = bytes.size();
  m.zstd_whole_bytes = zstd19(text.data(), text.size());
  const auto unsplit = aem::pack(bytes, {.split_bc7_blocks = false});
  const auto packed = aem::pack(bytes);
  const auto packed_meshopt = aem::pack(bytes, {.meshopt_indices = true});
  if (!unsplit || !packed || !packed_meshopt) throw std::runtime_error(name + ": cannot pack");
  m.unsplit_bytes = unsplit->size();
  m.packed_bytes = packed->size();
  m.packed_meshopt_bytes = packed_meshopt->size();
  if (keep_bytes) {
    m.aem_file.assign(bytes.begin(), bytes.end());
    m.packed_file = *packed;
  }
  aem::pipeline::write_file_atomically(m.packed, *packed_meshopt);
  measure_meshopt(aem::Model::open(m.aem), m);
  return m;
}

void BM_OpenMapped(benchmark::State& state, const fs::path& path) {
  for (auto _ : state) {
    aem::Model model = aem::Model::open(path);
    benchmark::DoNotOptimize(model.vertices().data());
  }
}

void BM_OpenPacked(benchmark::State& state, const fs::path& path, unsigned threads) {
  const aem::PackedDecoder decoder = aem::zstd_decoder(threads);
  for (auto _ : state) {
    aem::Model model = aem::Model::open(path, {.packed_decoder = decoder});
    benchmark::DoNotOptimize(model.vertices().data());
  }
}

bool skip_image(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int, void*) {
  return true;
}

void BM_LoadGlb(benchmark::State& state, const fs::path& path, bool decode_images) {
  for (auto _ : state) {
    tinygltf::TinyGLTF loader;
    if (!decode_images) loader.SetImageLoader(skip_image, nullptr);
    tinygltf::Model model;
    std::string error, warning;
    if (!loader.LoadBinaryFromFile(&model, &error, &warning, path.string())) state.SkipWithError(error.c_str());
    benchmark::DoNotOptimize(model.meshes.data());
  }
}

double percent(std::size_t part, std::size_t whole) { return whole ? 100.0 * double(part) / double(whole) : 0; }

}  // namespace

int main(int argc, char** argv) {
  fs::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  std::vector<std::string> names;
  std::vector<char*> args{argv[0]};
  double rdo_lambda = 0;
  bool breakdown = false;
  std::vector<fs::path> breakdown_of;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--model") == 0 && i + 1 < argc) names.emplace_back(argv[++i]);
    else if (std::strcmp(argv[i], "--breakdown") == 0) breakdown = true;
    else if (std::strcmp(argv[i], "--breakdown-of") == 0) while (i + 1 < argc && argv[i + 1][0] != '-') breakdown_of.emplace_back(argv[++i]);
    else if (std::strcmp(argv[i], "--rdo") == 0 && i + 1 < argc) rdo_lambda = std::stod(argv[++i]);
    else if (argv[i][0] == '-') args.push_back(argv[i]);
    else corpus = argv[i];
  }
  if (!breakdown_of.empty()) {
    for (const fs::path& path : breakdown_of) {
      const std::vector<std::byte> aem = read_file(path);
      const auto packed = aem::pack(aem);
      if (!packed) throw std::runtime_error(path.string() + ": " + packed.error().describe());
      aem::bench::print_packed_breakdown(path.filename().string(), aem, *packed);
    }
    return 0;
  }
  if (names.empty()) names = {"DamagedHelmet", "CesiumMan", "2CylinderEngine"};
  int benchmark_argc = int(args.size());
  benchmark::Initialize(&benchmark_argc, args.data());

  const fs::path dir = fs::temp_directory_path() / ("aem_packed_bench_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<BenchModel> models;
  for (const std::string& name : names) {
    models.push_back(prepare(corpus, name, dir, rdo_lambda, breakdown));
    const BenchModel& m = models.back();
    benchmark::RegisterBenchmark(("open_mapped/" + name).c_str(), BM_OpenMapped, m.aem)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("open_packed/" + name).c_str(), BM_OpenPacked, m.packed, 0u)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("open_packed_1_thread/" + name).c_str(), BM_OpenPacked, m.packed, 1u)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("load_glb/" + name).c_str(), BM_LoadGlb, m.glb, true)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("load_glb_no_images/" + name).c_str(), BM_LoadGlb, m.glb, false)->Unit(benchmark::kMillisecond);
  }
  aem::bench::CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\nSizes (bytes; %% of the AEM%s)\n%-16s %10s %18s %18s %18s %18s\n",
              rdo_lambda > 0 ? ("; textures at rdo " + std::to_string(rdo_lambda)).c_str() : "", "model", "AEM",
              "packed, no split", "packed", "packed+meshopt idx", "zstd -19 whole");
  for (const BenchModel& m : models)
    std::printf("%-16s %10zu %10zu %5.1f%% %10zu %5.1f%% %10zu %5.1f%% %10zu %5.1f%%\n", m.name.c_str(), m.aem_bytes,
                m.unsplit_bytes, percent(m.unsplit_bytes, m.aem_bytes), m.packed_bytes,
                percent(m.packed_bytes, m.aem_bytes), m.packed_meshopt_bytes, percent(m.packed_meshopt_bytes, m.aem_bytes),
                m.zstd_whole_bytes, percent(m.zstd_whole_bytes, m.aem_bytes));
  std::printf("\nmeshopt codecs in front of zstd -19 (one frame a section; bytes)\n%-16s %10s %14s %10s %14s\n", "model",
              "vertices", "+vertex codec", "indices", "+index seq.");
  for (const BenchModel& m : models)
    std::printf("%-16s %10zu %14zu %10zu %14zu\n", m.name.c_str(), m.vertex_zstd, m.vertex_meshopt_zstd, m.index_zstd,
                m.index_meshopt_zstd);
  std::printf("\nOpen (ms, same run)\n%-16s %10s %10s %10s %10s %12s %10s\n", "model", "mapped", "packed", "packed 1t",
              "glb", "glb no img", "packed/glb");
  for (const BenchModel& m : models) {
    const double mapped = reporter.seconds("open_mapped/" + m.name), packed = reporter.seconds("open_packed/" + m.name);
    const double single = reporter.seconds("open_packed_1_thread/" + m.name), glb = reporter.seconds("load_glb/" + m.name);
    const double glb_bare = reporter.seconds("load_glb_no_images/" + m.name);
    std::printf("%-16s %10.3f %10.3f %10.3f %10.3f %12.3f %9.2fx\n", m.name.c_str(), mapped * 1e3, packed * 1e3,
                single * 1e3, glb * 1e3, glb_bare * 1e3, glb > 0 ? packed / glb : 0);
  }
  for (const BenchModel& m : models)
    if (breakdown) aem::bench::print_packed_breakdown(m.name, m.aem_file, m.packed_file);
  fs::remove_all(dir);
  benchmark::Shutdown();
  return 0;
}
