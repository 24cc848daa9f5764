// What the C API costs over the C++ call it wraps: AnimationMixer::evaluate against
// aem_mixer_evaluate (and update + evaluate, a whole frame) on a 64-joint skeleton, in one run.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "aem/aem.h"
#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "collecting_reporter.hpp"

namespace {

constexpr std::uint32_t kJoints = 64;
constexpr float kFrame = 1.0f / 60;

// A chain-and-branches skeleton with two 4 s animations keyed 30 times a second.
std::vector<std::byte> make_model() {
  aem::pipeline::ModelContent m;
  for (std::uint32_t j = 0; j < kJoints; ++j) {
    aem::pipeline::JointDesc joint;
    joint.name = "joint_" + std::to_string(j);
    joint.parent = j == 0 ? -1 : std::int32_t(j % 4 == 0 ? j / 4 : j - 1);
    joint.inverse_bind[13] = -0.1f * float(j);
    m.joints.push_back(joint);
  }
  for (int a = 0; a < 2; ++a) {
    aem::pipeline::AnimationDesc anim{"animation_" + std::to_string(a), 4.0f, {}};
    for (std::uint32_t j = 0; j < kJoints; ++j) {
      aem::pipeline::JointKeys keys;
      const float phase = 0.37f * float(j) + float(a);
      for (int k = 0; k <= 120; ++k) {
        const float t = 4.0f * float(k) / 120;
        keys.translations.push_back({t, {0.1f * std::sin(2 * t + phase), 0.1f, 0, 0}});
        const aem::Quat q = aem::normalize({0.3f * std::sin(2 * t + phase), 0.3f * std::cos(3 * t + phase), 0, 1});
        keys.rotations.push_back({t, {q.x, q.y, q.z, q.w}});
        keys.scales.push_back({t, {1, 1, 1, 0}});
      }
      anim.joints.push_back(std::move(keys));
    }
    m.animations.push_back(std::move(anim));
  }
  return aem::pipeline::serialize_model(m);
}

const std::vector<std::byte>& model_bytes() {
  static const std::vector<std::byte> bytes = make_model();
  return bytes;
}

void BM_Cpp(benchmark::State& state, int layers, bool update) {
  const aem::Model model = aem::Model::open_memory(model_bytes());
  aem::AnimationMixer mixer(model, 4);
  for (int l = 0; l < layers; ++l) {
    mixer.play({.animation = std::uint32_t(l % 2), .time = 0.1f * float(l), .weight = 1.0f / float(layers)});
  }
  std::vector<float> skinning(16 * kJoints);
  for (auto _ : state) {
    if (update) mixer.update(kFrame);
    mixer.evaluate(skinning);
    benchmark::DoNotOptimize(skinning.data());
  }
}

void BM_C(benchmark::State& state, int layers, bool update) {
  aem_model* model = nullptr;
  aem_mixer* mixer = nullptr;
  if (aem_open_memory(model_bytes().data(), model_bytes().size(), AEM_OPEN_DEFAULT, &model) != AEM_OK ||
      aem_mixer_create(model, 4, &mixer) != AEM_OK) {
    state.SkipWithError(aem_last_error_message());
    return;
  }
  for (int l = 0; l < layers; ++l) {
    aem_layer_settings settings;
    aem_layer_settings_init(&settings, std::uint32_t(l % 2));
    settings.time = 0.1f * float(l);
    settings.weight = 1.0f / float(layers);
    aem_layer layer;
    aem_mixer_play(mixer, &settings, &layer);
  }
  std::vector<float> skinning(16 * kJoints);
  for (auto _ : state) {
    if (update && aem_mixer_update(mixer, kFrame) != AEM_OK) state.SkipWithError("update failed");
    if (aem_mixer_evaluate(mixer, skinning.data(), skinning.size()) != AEM_OK) state.SkipWithError("evaluate failed");
    benchmark::DoNotOptimize(skinning.data());
  }
  aem_mixer_destroy(mixer);
  aem_close(model);
}

std::string name(const char* api, const char* what, int layers) {
  return std::string(api) + "/" + what + "/joints:64/layers:" + std::to_string(layers);
}

}  // namespace

int main(int argc, char** argv) {
  // As animation_benchmark: repetitions in random order, compared by their medians.
  std::vector<char*> args(argv, argv + argc);
  char repetitions[] = "--benchmark_repetitions=5";
  char interleave[] = "--benchmark_enable_random_interleaving=true";
  char aggregates[] = "--benchmark_display_aggregates_only=true";
  char min_time[] = "--benchmark_min_time=0.1";
  args.insert(args.begin() + 1, {repetitions, interleave, aggregates, min_time});
  int count = int(args.size());
  benchmark::Initialize(&count, args.data());
  const int layer_counts[] = {1, 2};
  for (int layers : layer_counts) {
    for (const bool update : {false, true}) {
      const char* what = update ? "update+evaluate" : "evaluate";
      benchmark::RegisterBenchmark(name("cpp", what, layers).c_str(), BM_Cpp, layers, update);
      benchmark::RegisterBenchmark(name("c", what, layers).c_str(), BM_C, layers, update);
    }
  }
  aem::bench::CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\nThe C API against the C++ mixer, 64 joints, one thread, medians of the repetitions.\n");
  std::printf("%-16s %-7s %12s %12s %12s %9s\n", "call", "layers", "C++ ns", "C ns", "overhead ns", "overhead");
  for (int layers : layer_counts) {
    for (const char* what : {"evaluate", "update+evaluate"}) {
      const double cpp = reporter.seconds(name("cpp", what, layers));
      const double c = reporter.seconds(name("c", what, layers));
      if (cpp == 0 || c == 0) continue;
      std::printf("%-16s %-7d %12.1f %12.1f %12.1f %8.1f%%\n", what, layers, cpp * 1e9, c * 1e9, (c - cpp) * 1e9,
                  100 * (c - cpp) / cpp);
    }
  }
  benchmark::Shutdown();
  return 0;
}
