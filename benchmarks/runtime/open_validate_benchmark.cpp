// Time to open and validate AEM files from 1 MB to 1 GB, beside the baseline measured in the same
// run: reading the whole file into a heap buffer first, as the upstream C loader does.
//
//   open_validate_benchmark [--max-mb N] [google benchmark flags]
//
// Files are generated once into a temporary directory and opened from the page cache (warm),
// so the figures compare the loading strategies, not the disk.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <unistd.h>

#include "aem/ext_emissive.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "collecting_reporter.hpp"

namespace {

namespace fs = std::filesystem;
using aem::pipeline::ModelContent;

// A model of about `bytes` bytes, composed like a game asset: 40% vertices, 12% indices,
// the rest texture data, plus a 64-joint skeleton with a few animations.
ModelContent model_of_size(std::uint64_t bytes) {
  ModelContent m;
  const std::uint64_t vertices = bytes * 40 / 100 / sizeof(aem::Vertex);
  m.vertices.resize(vertices);
  for (std::uint64_t i = 0; i < vertices; ++i) {
    aem::Vertex& v = m.vertices[i];
    v.position[0] = float(i % 1000);
    v.normal[2] = v.tangent[0] = v.bitangent[1] = 1;
    v.joints[0] = std::int32_t(i % 64);
    v.joints[1] = std::int32_t((i + 1) % 64);
    v.joints[2] = v.joints[3] = -1;
    v.weights[0] = 0.75f;
    v.weights[1] = 0.25f;
  }
  const std::uint64_t triangles = bytes * 12 / 100 / 12;
  m.indices.resize(triangles * 3);
  for (std::uint64_t i = 0; i < m.indices.size(); ++i) {
    m.indices[i] = std::uint32_t((i * 7919) % vertices);
  }
  m.meshes.push_back({0, std::uint32_t(m.indices.size()), 0});
  // Square BC7 textures of 1024 (about 1.4 MB with mips) until the budget is spent.
  std::uint64_t image_budget = bytes * 48 / 100;
  while (true) {
    std::uint32_t side = 1024;
    while (side > 4 && aem::mip_chain_size(side, side, aem::Compression::bc7) > image_budget) side /= 2;
    const std::uint64_t size = aem::mip_chain_size(side, side, aem::Compression::bc7);
    if (size > image_budget && !m.textures.empty()) break;
    aem::pipeline::TextureImage t;
    t.width = t.height = side;
    t.compression = aem::Compression::bc7;
    t.mips.assign(size, std::byte{0x40});
    m.textures.push_back(std::move(t));
    if (size >= image_budget) break;
    image_budget -= size;
  }
  const auto texture_count = std::uint32_t(m.textures.size());
  m.materials.push_back({0, 1 % texture_count, 2 % texture_count, 0});
  for (int j = 0; j < 64; ++j) m.joints.push_back({"joint_" + std::to_string(j), {}, j - 1});
  for (int a = 0; a < 4; ++a) {
    aem::pipeline::AnimationDesc anim{"animation_" + std::to_string(a), 1.0f, {}};
    for (int j = 0; j < 64; ++j) {
      aem::pipeline::JointKeys keys;
      for (int k = 0; k < 30; ++k) {
        const float t = float(k) / 29;
        keys.translations.push_back({t, {0, 1, 0, 0}});
        keys.rotations.push_back({t, {0, 0, 0, 1}});
        keys.scales.push_back({t, {1, 1, 1, 0}});
      }
      anim.joints.push_back(std::move(keys));
    }
    m.animations.push_back(std::move(anim));
  }
  return m;
}

// The same model with every known extension, sized like a character's: names, an own emission,
// flags, a colour (RGBA8) and a second UV per vertex, and 16 morph targets (position and normal
// deltas) each moving a dense span of 2% of the vertices, in one group with a weight track per
// animation. The extended payloads are about 22% of the plain file.
ModelContent with_every_extension(ModelContent m) {
  const auto vertices = std::uint32_t(m.vertices.size());
  auto& ext = m.extensions;
  ext.names.materials.assign(m.materials.size(), "body");
  ext.names.meshes.assign(m.meshes.size(), "character");
  ext.emissive.materials.assign(m.materials.size(), {1, {0.5f, 0.25f, 0.0f}, 1.0f, aem::kNoTexture, 0, 0});
  ext.material_flags.materials.assign(m.materials.size(), 0);
  ext.vertex_colours.resize(vertices);
  ext.uv1.uvs.resize(vertices);
  for (std::uint32_t i = 0; i < vertices; ++i) {
    ext.vertex_colours[i] = {float(i % 256) / 255.0f, 1.0f, 0.5f, 1.0f};
    ext.uv1.uvs[i] = {float(i % 1024) / 1024.0f, float(i / 1024 % 1024) / 1024.0f};
  }
  ext.uv1.materials.assign(m.materials.size(), {0, 0, 0, 1, aem::kUv1NoTexture, {0, 0}});
  const std::uint32_t span = std::max(1u, vertices / 50), targets = 16;
  ext.morph_targets.groups = {{"face", targets}};
  for (std::uint32_t t = 0; t < targets; ++t) {
    aem::pipeline::MorphTargetContent target{"target_" + std::to_string(t), 0.0f, aem::kMorphPosition | aem::kMorphNormal,
                                             (t * span) % (vertices - span + 1), span, true, {}, {}};
    target.deltas.assign(std::size_t(span) * 6, 0.01f);
    ext.morph_targets.targets.push_back(std::move(target));
  }
  std::vector<float> keys;  // two keys: (0, weights 0...), (duration, weights 1...)
  for (const float time : {0.0f, 1.0f}) {
    keys.push_back(time);
    keys.insert(keys.end(), targets, time);
  }
  ext.morph_targets.weight_tracks.assign(m.animations.size(), keys);
  return m;
}

// What the upstream C loader does: read the whole file into one heap block, then point into it.
void BM_ReadWholeFile(benchmark::State& state, const fs::path& path) {
  for (auto _ : state) {
    FILE* file = std::fopen(path.c_str(), "rb");
    std::fseek(file, 0, SEEK_END);
    const long size = std::ftell(file);
    std::fseek(file, 0, SEEK_SET);
    auto* buffer = static_cast<std::byte*>(std::malloc(std::size_t(size)));
    const std::size_t got = std::fread(buffer, 1, std::size_t(size), file);
    std::fclose(file);
    benchmark::DoNotOptimize(buffer);
    benchmark::DoNotOptimize(got);
    std::free(buffer);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(fs::file_size(path)));
}

void BM_OpenValidated(benchmark::State& state, const fs::path& path) {
  for (auto _ : state) {
    aem::Model model = aem::Model::open(path);
    benchmark::DoNotOptimize(model.vertices().data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(fs::file_size(path)));
}

// For files the game does not control: the file read into owned memory, then validated.
void BM_OpenCopied(benchmark::State& state, const fs::path& path) {
  for (auto _ : state) {
    aem::Model model = aem::Model::open(path, {.storage = aem::Storage::copy});
    benchmark::DoNotOptimize(model.vertices().data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(fs::file_size(path)));
}

void BM_OpenTrusted(benchmark::State& state, const fs::path& path) {
  for (auto _ : state) {
    aem::Model model = aem::Model::open(path, {.validate = false});
    benchmark::DoNotOptimize(model.vertices().data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(fs::file_size(path)));
}

// Validation alone over a mapping whose pages are already resident, against a plain read of the
// same sections (summing them 8 bytes at a time): how close the checks come to memory bandwidth.
void BM_ValidateResident(benchmark::State& state, const fs::path& path) {
  const aem::Model model = aem::Model::open(path, {.validate = false});
  for (auto _ : state) {
    const bool ok = aem::check_structure(model.view(), [](const aem::Error&) { return false; });
    benchmark::DoNotOptimize(ok);
  }
  const auto& o = model.view().offsets;
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(o.end));
}

void BM_ReadResident(benchmark::State& state, const fs::path& path) {
  const aem::Model model = aem::Model::open(path, {.validate = false});
  // The sections validation scans in full: vertices and indices (everything before the image
  // buffer) and the keyframes (floats checked for NaN and infinity).
  const auto& o = model.view().offsets;
  const auto* words = reinterpret_cast<const std::uint64_t*>(model.vertices().data());
  const std::size_t count = (o.image_buffer - o.vertices) / 8;
  const auto* key_words = reinterpret_cast<const std::uint64_t*>(model.keyframes().data());
  const std::size_t key_count = model.keyframes().size_bytes() / 8;
  for (auto _ : state) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < count; ++i) sum += words[i];
    for (std::size_t i = 0; i < key_count; ++i) sum += key_words[i];
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(o.end));
}

// Every known extension against version 1 of the same model, same run: the payload checks are the
// extended open's extra work (validated), the directory read alone (trusted).
void print_extended_summary(const aem::bench::CollectingReporter& reporter,
                            const std::vector<std::pair<std::string, fs::path>>& files,
                            const std::vector<std::pair<std::string, fs::path>>& extended_files) {
  std::printf("\nExtended files (every known extension) against version 1 of the same model, same run\n");
  std::printf("%-8s %12s %12s %14s %14s %8s %14s %14s %8s\n", "size", "v1 bytes", "ext bytes", "v1 valid. ms",
              "ext valid. ms", "ratio", "v1 trusted ms", "ext trusted ms", "ratio");
  for (std::size_t i = 0; i < files.size() && i < extended_files.size(); ++i) {
    const std::string& label = files[i].first;
    const double plain = reporter.seconds("open_validated/" + label);
    const double ext = reporter.seconds("open_validated_extended/" + label);
    const double plain_trusted = reporter.seconds("open_trusted/" + label);
    const double ext_trusted = reporter.seconds("open_trusted_extended/" + label);
    if (plain == 0 || ext == 0 || plain_trusted == 0 || ext_trusted == 0) continue;
    std::printf("%-8s %12ju %12ju %14.3f %14.3f %7.2fx %14.4f %14.4f %7.2fx\n", label.c_str(),
                std::uintmax_t(fs::file_size(files[i].second)), std::uintmax_t(fs::file_size(extended_files[i].second)),
                plain * 1e3, ext * 1e3, ext / plain, plain_trusted * 1e3, ext_trusted * 1e3, ext_trusted / plain_trusted);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t max_mb = 1024;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--max-mb") == 0 && i + 1 < argc) {
      max_mb = std::strtoull(argv[++i], nullptr, 10);
    } else {
      args.push_back(argv[i]);
    }
  }
  int benchmark_argc = int(args.size());
  benchmark::Initialize(&benchmark_argc, args.data());

  const fs::path dir = fs::temp_directory_path() / ("aem_open_bench_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::pair<std::string, fs::path>> files, extended_files;
  for (std::uint64_t mb : {1ull, 16ull, 128ull, 1024ull}) {
    if (mb > max_mb) break;
    const auto start = std::chrono::steady_clock::now();
    const fs::path path = dir / (std::to_string(mb) + "MB.aem");
    const fs::path extended = dir / (std::to_string(mb) + "MB-extended.aem");
    ModelContent model = model_of_size(mb << 20);
    aem::pipeline::write_model_file(path, model);
    aem::pipeline::write_model_file(extended, with_every_extension(std::move(model)));
    std::fprintf(stderr, "generated %s (%ju bytes) and its extended twin (%ju bytes) in %.1f s\n", path.c_str(),
                 std::uintmax_t(fs::file_size(path)), std::uintmax_t(fs::file_size(extended)),
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    files.emplace_back(std::to_string(mb) + "MB", path);
    extended_files.emplace_back(std::to_string(mb) + "MB", extended);
  }
  for (const auto& [label, path] : files) {
    benchmark::RegisterBenchmark(("read_whole_file/" + label).c_str(), BM_ReadWholeFile, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("open_validated/" + label).c_str(), BM_OpenValidated, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("open_copied/" + label).c_str(), BM_OpenCopied, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("open_trusted/" + label).c_str(), BM_OpenTrusted, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("validate_resident/" + label).c_str(), BM_ValidateResident, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("read_resident/" + label).c_str(), BM_ReadResident, path)
        ->Unit(benchmark::kMicrosecond);
  }
  for (const auto& [label, path] : extended_files) {
    benchmark::RegisterBenchmark(("open_validated_extended/" + label).c_str(), BM_OpenValidated, path)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("open_trusted_extended/" + label).c_str(), BM_OpenTrusted, path)
        ->Unit(benchmark::kMicrosecond);
  }
  aem::bench::CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_extended_summary(reporter, files, extended_files);

  std::printf("\nSummary (same run; baseline = read the whole file into a heap buffer)\n");
  std::printf("%-8s %14s %14s %10s %14s %10s %12s %16s\n", "size", "baseline ms", "validated ms",
              "speed-up", "trusted ms", "speed-up", "copied ms", "validate/read");
  for (const auto& [label, path] : files) {
    const double base = reporter.seconds("read_whole_file/" + label);
    const double validated = reporter.seconds("open_validated/" + label);
    const double trusted = reporter.seconds("open_trusted/" + label);
    const double copied = reporter.seconds("open_copied/" + label);
    const double validate = reporter.seconds("validate_resident/" + label);
    const double read = reporter.seconds("read_resident/" + label);
    if (base == 0 || validated == 0 || trusted == 0 || validate == 0 || read == 0) continue;
    std::printf("%-8s %14.3f %14.3f %9.1fx %14.4f %9.0fx %12.3f %15.2fx\n", label.c_str(),
                base * 1e3, validated * 1e3, base / validated, trusted * 1e3, base / trusted,
                copied * 1e3, validate / read);
  }
  std::printf("(validate/read: time of the resident structural checks over the time of a plain\n"
              " 8-byte read of the vertex, index and keyframe sections they scan; 1.0x = memory\n"
              " bandwidth; copied: open with Storage::copy, the file read into memory and validated)\n");
  fs::remove_all(dir);
  benchmark::Shutdown();
  return 0;
}
