// What the C API costs over the C++ call it wraps: AnimationMixer::evaluate against
// aem_mixer_evaluate (and update + evaluate, a whole frame) on a 64-joint skeleton, in one run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "aem/aem.h"
#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "collecting_reporter.hpp"
#include "noisy_machine_defaults.hpp"

namespace {

constexpr std::uint32_t kJoints = 64;
constexpr float kFrame = 1.0f / 60;
int g_pairs = 200000;  // --pairs N

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

// The same calls timed one by one in alternating pairs (A then B, then B then A): the medians of
// each side and of the pairs' differences, which bursts of load on a shared machine barely move
// (they hit both calls of a pair alike, or a few pairs only). Each time includes one
// steady_clock read, alike for both sides.
struct Paired {
  double a_ns, b_ns, difference_ns;
};

template <class A, class B>
Paired paired(A&& a, B&& b, int pairs) {
  using Clock = std::chrono::steady_clock;
  const auto timed = [](auto& call) {
    const auto start = Clock::now();
    call();
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
  };
  std::vector<double> a_ns, b_ns, difference_ns;
  for (int i = 0; i < pairs; ++i) {
    double ta, tb;
    if (i % 2 == 0) {
      ta = timed(a);
      tb = timed(b);
    } else {
      tb = timed(b);
      ta = timed(a);
    }
    a_ns.push_back(ta);
    b_ns.push_back(tb);
    difference_ns.push_back(tb - ta);
  }
  const auto median = [](std::vector<double>& v) {
    std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  return {median(a_ns), median(b_ns), median(difference_ns)};
}

// Three mixers playing the same layers: two C++ ones (the control: what the method reads as a
// difference where there is none, e.g. from where each mixer's memory lies) and one C.
struct Trio {
  explicit Trio(int layers) : model(aem::Model::open_memory(model_bytes())), cpp(model, 4), cpp2(model, 4) {
    aem_open_memory(model_bytes().data(), model_bytes().size(), AEM_OPEN_DEFAULT, &c_model);
    aem_mixer_create(c_model, 4, &c);
    for (int l = 0; l < layers; ++l) {
      const aem::LayerSettings settings{.animation = std::uint32_t(l % 2), .time = 0.1f * float(l),
                                        .weight = 1.0f / float(layers)};
      cpp.play(settings);
      cpp2.play(settings);
      const aem_layer_settings c_settings{settings.animation, settings.time, 1.0f, settings.weight, AEM_PLAYBACK_LOOP};
      aem_layer layer;
      aem_mixer_play(c, &c_settings, &layer);
    }
  }
  ~Trio() {
    aem_mixer_destroy(c);
    aem_close(c_model);
  }
  aem::Model model;
  aem::AnimationMixer cpp, cpp2;
  aem_model* c_model = nullptr;
  aem_mixer* c = nullptr;
  std::vector<float> skinning = std::vector<float>(16 * kJoints);
};

std::string name(const char* api, const char* what, int layers) {
  return std::string(api) + "/" + what + "/joints:64/layers:" + std::to_string(layers);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<char*> args(argv, argv + argc);
  for (std::size_t i = 1; i + 1 < args.size(); ++i) {
    if (std::string(args[i]) == "--pairs") {
      g_pairs = std::max(1, std::atoi(args[i + 1]));
      args.erase(args.begin() + std::ptrdiff_t(i), args.begin() + std::ptrdiff_t(i) + 2);
      break;
    }
  }
  aem::bench::initialize_with_noisy_machine_defaults(args);
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
  std::printf("\nThe same evaluate calls timed one by one in %d alternating pairs, medians in ns\n"
              "(control: a second C++ mixer in place of the C one):\n", g_pairs);
  std::printf("%-7s %10s %10s %12s %12s %16s\n", "layers", "C++", "C", "C - C++", "control", "control - C++");
  for (int layers : layer_counts) {
    Trio t(layers);
    const auto cpp = [&] {
      t.cpp.evaluate(t.skinning);
      benchmark::DoNotOptimize(t.skinning.data());
    };
    const auto c = [&] {
      aem_mixer_evaluate(t.c, t.skinning.data(), t.skinning.size());
      benchmark::DoNotOptimize(t.skinning.data());
    };
    const auto control = [&] {
      t.cpp2.evaluate(t.skinning);
      benchmark::DoNotOptimize(t.skinning.data());
    };
    const Paired with_c = paired(cpp, c, g_pairs);
    const Paired with_control = paired(cpp, control, g_pairs);
    std::printf("%-7d %10.1f %10.1f %12.1f %12.1f %16.1f\n", layers, with_c.a_ns, with_c.b_ns, with_c.difference_ns,
                with_control.b_ns, with_control.difference_ns);
  }
  benchmark::Shutdown();
  return 0;
}
