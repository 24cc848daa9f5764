// What choosing a level of detail and culling meshlets cost a renderer per call, one thread:
// aem::lod_for (a mesh's level records, 16 bytes each, scanned in place) and the C API's
// aem_lod_for beside the same scan over a plain float array (the least a linear choice can
// cost) and beside aem::allowed_object_error alone (the tangent every choice starts from); and
// aem::faces_away per meshlet beside a bare dot product over the same records.
//
// Inputs: 1,024 eye distances from 1 to 1,000 units (so the chosen level changes from call to
// call, as across a scene's meshes), a mesh of 3, 8 or 16 levels whose errors double from 0.002,
// and 4,096 meshlets with random cones seen from a turning eye.
#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "aem/aem.h"
#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_factory.hpp"
#include "noisy_machine_defaults.hpp"

namespace {

constexpr float kFov = 1.0f;            // radians
constexpr float kViewport = 1080.0f;    // pixels
constexpr float kPixels = 1.0f;         // the error allowed on screen

std::vector<float> distances() {
  std::vector<float> out(1024);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> log_distance(0.0f, 3.0f);
  for (float& d : out) d = std::pow(10.0f, log_distance(random));
  return out;
}

std::vector<aem::LodLevel> levels(int count) {
  std::vector<aem::LodLevel> out;
  for (int k = 0; k < count; ++k) out.push_back({0, 3, 0.002f * float(1 << k), 0});
  return out;
}

// A model of one mesh (a 64 × 64 grid of quads) with `count` levels: each the first 3/4 of the
// previous one's triangles (what the checker asks: fewer triangles, errors that never fall).
std::vector<std::byte> model_with_levels(int count) {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  const aem::Vertex corner = m.vertices[0];
  m.vertices.clear();
  m.indices.clear();
  for (int y = 0; y <= 64; ++y)
    for (int x = 0; x <= 64; ++x) {
      aem::Vertex v = corner;
      v.position[0] = float(x);
      v.position[1] = float(y);
      m.vertices.push_back(v);
    }
  for (std::uint32_t y = 0; y < 64; ++y)
    for (std::uint32_t x = 0; x < 64; ++x) {
      const std::uint32_t a = y * 65 + x;
      m.indices.insert(m.indices.end(), {a, a + 1, a + 66, a, a + 66, a + 65});
    }
  m.meshes = {{0, std::uint32_t(m.indices.size()), 0}};
  std::vector<aem::pipeline::LodLevelContent> chain;
  std::size_t triangles = m.indices.size() / 3;
  for (const aem::LodLevel& level : levels(count)) {
    triangles = triangles * 3 / 4;
    chain.push_back({std::vector<std::uint32_t>(m.indices.begin(), m.indices.begin() + std::ptrdiff_t(3 * triangles)), level.error});
  }
  m.extensions.lods.meshes = {chain};
  return aem::pipeline::serialize_model(m);
}

void BM_allowed_object_error(benchmark::State& state) {
  const std::vector<float> eye = distances();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(aem::allowed_object_error(kPixels, eye[i++ & 1023], kFov, kViewport));
  }
}

// The whole choice: the allowed error at this distance, then the coarsest level within it.
void BM_lod_for(benchmark::State& state) {
  const std::vector<float> eye = distances();
  const std::vector<aem::LodLevel> chain = levels(int(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) {
    const float allowed = aem::allowed_object_error(kPixels, eye[i++ & 1023], kFov, kViewport);
    benchmark::DoNotOptimize(aem::lod_for(chain, allowed));
  }
}

// The same choice over a plain array of the levels' errors: the baseline scan.
void BM_float_scan(benchmark::State& state) {
  const std::vector<float> eye = distances();
  std::vector<float> errors;
  for (const aem::LodLevel& level : levels(int(state.range(0)))) errors.push_back(level.error);
  benchmark::DoNotOptimize(errors.data());
  std::size_t i = 0;
  for (auto _ : state) {
    const float allowed = aem::allowed_object_error(kPixels, eye[i++ & 1023], kFov, kViewport);
    std::uint32_t chosen = 0;
    while (chosen < errors.size() && errors[chosen] <= allowed) ++chosen;
    benchmark::DoNotOptimize(chosen);
  }
}

// Through the C API, on a model opened from memory (the views were found at open).
void BM_c_api_lod_for(benchmark::State& state) {
  const std::vector<float> eye = distances();
  const std::vector<std::byte> bytes = model_with_levels(int(state.range(0)));
  aem_model* model = nullptr;
  if (aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model) != AEM_OK) {
    state.SkipWithError(aem_last_error_message());
    return;
  }
  std::size_t i = 0;
  std::uint32_t level = 0;
  for (auto _ : state) {
    const float allowed = aem_allowed_object_error(kPixels, eye[i++ & 1023], kFov, kViewport);
    aem_lod_for(model, 0, allowed, &level);
    benchmark::DoNotOptimize(level);
  }
  aem_close(model);
}

std::vector<aem::Meshlet> random_meshlets() {
  std::mt19937 random(11);
  std::normal_distribution<float> normal;
  std::uniform_real_distribution<float> cutoff(-0.2f, 1.0f);
  std::vector<aem::Meshlet> out(4096);
  for (aem::Meshlet& m : out) {
    float axis[3] = {normal(random), normal(random), normal(random)};
    const float length = std::hypot(axis[0], axis[1], axis[2]);
    for (int c = 0; c < 3; ++c) {
      m.cone_axis[c] = axis[c] / length;
      m.cone_apex[c] = m.center[c] = normal(random);
    }
    m.cone_cutoff = cutoff(random);
  }
  return out;
}

std::array<float, 3> turning_eye(std::size_t step) {
  const float angle = float(step % 360) * 0.01745f;
  return {10.0f * std::cos(angle), 2.0f, 10.0f * std::sin(angle)};
}

// Per meshlet: items are meshlets.
void BM_faces_away(benchmark::State& state) {
  const std::vector<aem::Meshlet> meshlets = random_meshlets();
  std::size_t step = 0, culled = 0;
  for (auto _ : state) {
    const std::array<float, 3> eye = turning_eye(step++);
    for (const aem::Meshlet& m : meshlets) culled += aem::faces_away(m, eye);
    benchmark::DoNotOptimize(culled);
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(meshlets.size()));
  state.counters["culled"] = double(culled) / double(state.iterations() * meshlets.size());
}

// The least a cone test can cost: one dot product of the axis with the eye, same records.
void BM_dot_product(benchmark::State& state) {
  const std::vector<aem::Meshlet> meshlets = random_meshlets();
  std::size_t step = 0, culled = 0;
  for (auto _ : state) {
    const std::array<float, 3> eye = turning_eye(step++);
    for (const aem::Meshlet& m : meshlets)
      culled += m.cone_axis[0] * eye[0] + m.cone_axis[1] * eye[1] + m.cone_axis[2] * eye[2] >= m.cone_cutoff;
    benchmark::DoNotOptimize(culled);
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(meshlets.size()));
}

BENCHMARK(BM_allowed_object_error);
BENCHMARK(BM_lod_for)->Arg(3)->Arg(8)->Arg(16);
BENCHMARK(BM_float_scan)->Arg(3)->Arg(8)->Arg(16);
BENCHMARK(BM_c_api_lod_for)->Arg(3)->Arg(8)->Arg(16);
BENCHMARK(BM_faces_away);
BENCHMARK(BM_dot_product);

}  // namespace

int main(int argc, char** argv) {
  aem::bench::initialize_with_noisy_machine_defaults(std::vector<char*>(argv, argv + argc));
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
