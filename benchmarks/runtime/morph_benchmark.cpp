// Morph application throughput, one thread: aem::apply_morph_targets (four-lane SIMD) against a
// plain scalar loop of the same rule in the same run, in target-vertices per second, and how
// close its delta stream comes to memory bandwidth (a memcpy of the same bytes, in this run).
//
// Cases: 50,000 vertices (4.4 MB of vertices, past the L2 cache) under 32 targets, every weight
// non-zero: dense position-only targets (the common face shapes), dense position + normal +
// tangent, and sparse targets moving a fifth of their vertices (position + normal).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/morph.hpp"
#include "morph_payload.hpp"
#include "noisy_machine_defaults.hpp"

namespace {

constexpr std::uint32_t kVertices = 50000;
constexpr std::uint32_t kTargets = 32;

struct Case {
  const char* name;
  std::uint32_t attributes;
  bool sparse;
};
constexpr Case kCases[] = {{"dense_position", 1, false}, {"dense_all", 7, false}, {"sparse_position_normal", 3, true}};

// Every target spans every vertex; a sparse one moves every fifth.
struct Morphed {
  std::vector<std::byte> bytes;
  aem::Model model;
  aem::MorphTargetsView view;
  std::vector<float> weights;
  std::uint64_t moved = 0;  // target-vertices per apply
};

std::vector<std::byte> morph_file(const Case& c, std::uint64_t& moved) {
  aem::test::MorphModel m = aem::test::random_morph_model(7, kVertices, 0, false);
  const std::uint32_t floats = 3 * std::uint32_t(__builtin_popcount(c.attributes));
  for (std::uint32_t t = 0; t < kTargets; ++t) {
    aem::test::MorphTargetSpec target{std::to_string(t), 0, c.attributes, 0, kVertices, c.sparse, {}, {}};
    for (std::uint32_t v = 0; v < kVertices; v += c.sparse ? 5 : 1) {
      if (c.sparse) target.sparse_indices.push_back(v);
      for (std::uint32_t k = 0; k < floats; ++k) target.deltas.push_back(0.001f * float((v + k + t) % 17));
      ++moved;
    }
    m.spec.targets.push_back(std::move(target));
  }
  m.spec.groups = {{"all", kTargets}};
  m.spec.tracks.assign(m.content.animations.size(), {});
  return aem::test::with_morph_payload(m.content, aem::test::morph_payload(m.spec));
}

Morphed& morphed(const Case& c) {
  static std::vector<std::unique_ptr<Morphed>> cache(std::size(kCases));
  std::unique_ptr<Morphed>& slot = cache[std::size_t(&c - kCases)];
  if (!slot) {
    std::uint64_t moved = 0;
    std::vector<std::byte> bytes = morph_file(c, moved);
    aem::Model model = aem::Model::open_memory(bytes);
    const aem::MorphTargetsView view = *aem::morph_targets_of(model);
    slot.reset(new Morphed{std::move(bytes), std::move(model), view, std::vector<float>(kTargets, 0.3f), moved});
  }
  return *slot;
}

// The rule of aem/morph.hpp written the plain way: a float at a time, no SIMD types.
void scalar_morph(const aem::MorphTargetsView& m, std::span<const aem::Vertex> base, std::span<const float> weights,
                  std::span<aem::Vertex> out) {
  std::memcpy(out.data(), base.data(), base.size_bytes());
  std::size_t low = base.size(), high = 0;
  for (std::size_t t = 0; t < m.targets.size(); ++t) {
    const aem::MorphTarget& target = m.targets[t];
    const float w = weights[t];
    if (w == 0) continue;
    const float* d = m.deltas.data() + 3 * std::size_t{target.first_delta};
    const std::span<const std::uint32_t> sparse = m.sparse_indices_of(target);
    for (std::uint32_t i = 0; i < aem::moved_vertex_count(target); ++i) {
      aem::Vertex& v = out[aem::is_sparse(target) ? sparse[i] : target.first_vertex + i];
      for (float* field : {v.position, v.normal, v.tangent}) {
        const std::uint32_t bit = field == v.position ? 1u : field == v.normal ? 2u : 4u;
        if ((target.attributes & bit) == 0) continue;
        for (int k = 0; k < 3; ++k) field[k] += w * *d++;
      }
    }
    if ((target.attributes & 6) != 0) {
      low = std::min<std::size_t>(low, target.first_vertex);
      high = std::max<std::size_t>(high, target.first_vertex + target.vertex_span);
    }
  }
  for (std::size_t i = low; i < high; ++i) {
    aem::Vertex& v = out[i];
    for (float* field : {v.normal, v.tangent}) {
      const float length = std::sqrt(field[0] * field[0] + field[1] * field[1] + field[2] * field[2]);
      if (length > 0)
        for (int k = 0; k < 3; ++k) field[k] /= length;
    }
    const float* n = v.normal;
    const float* t = v.tangent;
    const float* b0 = base[i].bitangent;
    const float c[3] = {n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0]};
    const float* bn = base[i].normal;
    const float* bt = base[i].tangent;
    const float handed = (bn[1] * bt[2] - bn[2] * bt[1]) * b0[0] + (bn[2] * bt[0] - bn[0] * bt[2]) * b0[1] +
                         (bn[0] * bt[1] - bn[1] * bt[0]) * b0[2];
    for (int k = 0; k < 3; ++k) v.bitangent[k] = handed < 0 ? -c[k] : c[k];
  }
}

void BM_Morph(benchmark::State& state, const Case* c, bool runtime) {
  Morphed& m = morphed(*c);
  std::vector<aem::Vertex> out(kVertices);
  for (auto _ : state) {
    if (runtime) {
      aem::apply_morph_targets(m.view, m.model.vertices(), m.weights, out);
    } else {
      scalar_morph(m.view, m.model.vertices(), m.weights, out);
    }
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.counters["target_vertices_per_s"] = benchmark::Counter(double(m.moved) * double(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["delta_bytes_per_s"] =
      benchmark::Counter(double(m.view.deltas.size_bytes() + m.view.sparse_indices.size_bytes()) * double(state.iterations()),
                         benchmark::Counter::kIsRate);
}

// Memory bandwidth on this machine in this run: one thread copying 64 MB (reads and writes
// counted, as the morph's delta stream is only read: the comparison states which it is).
void BM_Memcpy(benchmark::State& state) {
  std::vector<char> from(64 << 20, 1), to(64 << 20);
  for (auto _ : state) {
    std::memcpy(to.data(), from.data(), from.size());
    benchmark::DoNotOptimize(to.data());
    benchmark::ClobberMemory();
  }
  state.counters["read_bytes_per_s"] = benchmark::Counter(double(from.size()) * double(state.iterations()), benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  aem::bench::initialize_with_noisy_machine_defaults(args);
  for (const Case& c : kCases) {
    benchmark::RegisterBenchmark((std::string("runtime/") + c.name).c_str(), BM_Morph, &c, true)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("scalar/") + c.name).c_str(), BM_Morph, &c, false)->Unit(benchmark::kMicrosecond);
  }
  benchmark::RegisterBenchmark("memcpy_64MB", BM_Memcpy)->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
