// Joints per second for sampling + local-to-model + skinning matrices, on 1-, 64- and 256-joint
// skeletons with 1 and 4 layers, beside a reference in the upstream C runtime's style measured
// in the same run: every key search starts from the first key, rotations slerp through acos and
// sin, and every joint's global matrix is rebuilt by walking up its parents, every frame.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "collecting_reporter.hpp"
#include "noisy_machine_defaults.hpp"

namespace {

constexpr float kFrame = 1.0f / 60;
constexpr float kDuration = 4.0f;
constexpr int kKeysPerSecond = 30;

// A chain-and-branches skeleton with 4 animations of 4 s, `keys_per_second` keys a second for
// every kind. With `irregular`, every kind of every joint gets its own jittered key times, so no
// two tracks share them (the sampler's per-track path).
std::vector<std::byte> make_model(std::uint32_t joints, bool irregular = false, int keys_per_second = kKeysPerSecond) {
  std::mt19937 rng(joints);
  std::uniform_real_distribution<float> u(-1, 1);
  aem::pipeline::ModelContent m;
  for (std::uint32_t j = 0; j < joints; ++j) {
    aem::pipeline::JointDesc joint;
    joint.name = "joint_" + std::to_string(j);
    joint.parent = j == 0 ? -1 : std::int32_t(j % 4 == 0 ? j / 4 : j - 1);
    joint.inverse_bind[13] = -0.1f * float(j);
    m.joints.push_back(joint);
  }
  for (int a = 0; a < 4; ++a) {
    aem::pipeline::AnimationDesc anim{"animation_" + std::to_string(a), kDuration, {}};
    for (std::uint32_t j = 0; j < joints; ++j) {
      aem::pipeline::JointKeys keys;
      const float phase = 6.28f * u(rng);
      const int count = int(kDuration) * keys_per_second + 1;
      for (int k = 0; k < count; ++k) {
        const float jitter = irregular && k > 0 && k + 1 < count ? 0.3f * u(rng) : 0.0f;
        const float t = kDuration * (float(k) + jitter) / float(count - 1);
        // Smooth motion, as captured or keyed animation is: each joint swings on its own phase.
        keys.translations.push_back({t, {0.1f * std::sin(2 * t + phase), 0.1f, 0.05f * std::cos(3 * t + phase), 0}});
        const aem::Quat q = aem::normalize({0.3f * std::sin(2 * t + phase), 0.3f * std::cos(3 * t + phase), 0.2f * std::sin(t + phase), 1});
        keys.rotations.push_back({t, {q.x, q.y, q.z, q.w}});
        keys.scales.push_back({t, {1 + 0.05f * std::sin(t + phase), 1, 1, 0}});
      }
      anim.joints.push_back(std::move(keys));
    }
    m.animations.push_back(std::move(anim));
  }
  return aem::pipeline::serialize_model(m);
}

void BM_Mixer(benchmark::State& state, std::uint32_t joints, int layers, bool irregular, int keys_per_second) {
  const std::vector<std::byte> bytes = make_model(joints, irregular, keys_per_second);
  const aem::Model model = aem::Model::open_memory(bytes);
  aem::AnimationMixer mixer(model, 4);
  for (int l = 0; l < layers; ++l) {
    mixer.play({.animation = std::uint32_t(l), .time = 0.1f * float(l), .weight = 1.0f / float(layers)});
  }
  std::vector<float> skinning(16 * joints);
  for (auto _ : state) {
    mixer.update(kFrame);
    mixer.evaluate(skinning);
    benchmark::DoNotOptimize(skinning.data());
  }
  state.counters["joints/s"] = benchmark::Counter(double(state.iterations()) * joints, benchmark::Counter::kIsRate);
}

// ---- The reference: the upstream runtime's approach, in our own words. ----

struct Mat {
  float m[16];
};

Mat mul(const Mat& a, const Mat& b) {
  Mat r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      r.m[4 * c + row] = a.m[row] * b.m[4 * c] + a.m[4 + row] * b.m[4 * c + 1] +
                         a.m[8 + row] * b.m[4 * c + 2] + a.m[12 + row] * b.m[4 * c + 3];
  return r;
}

aem::Quat slerp_exact(aem::Quat a, aem::Quat b, float t) {
  float d = aem::dot(a, b);
  if (d < 0) {
    b = {-b.x, -b.y, -b.z, -b.w};
    d = -d;
  }
  if (d > 0.9995f) {
    return aem::normalize({a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, a.w + (b.w - a.w) * t});
  }
  const float angle = std::acos(d), s = std::sin(angle);
  const float wa = std::sin((1 - t) * angle) / s, wb = std::sin(t * angle) / s;
  return {a.x * wa + b.x * wb, a.y * wa + b.y * wb, a.z * wa + b.z * wb, a.w * wa + b.w * wb};
}

// Linear search from the first key every time.
void key_value(const aem::Keyframe* keys, std::uint32_t count, float t, bool rotation, float out[4]) {
  std::uint32_t after = count;
  for (std::uint32_t i = 0; i < count; ++i) {
    if (keys[i].time >= t) {
      after = i;
      break;
    }
  }
  const aem::Keyframe& first = keys[after == 0 ? 0 : after == count ? count - 1 : after - 1];
  if (after == 0 || after == count) {
    for (int k = 0; k < 4; ++k) out[k] = first.value[k];
    return;
  }
  const aem::Keyframe& next = keys[after];
  const float f = (t - first.time) / (next.time - first.time);
  if (rotation) {
    const aem::Quat q = slerp_exact({first.value[0], first.value[1], first.value[2], first.value[3]},
                                    {next.value[0], next.value[1], next.value[2], next.value[3]}, f);
    out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
  } else {
    for (int k = 0; k < 4; ++k) out[k] = first.value[k] + (next.value[k] - first.value[k]) * f;
  }
}

aem::Transform reference_local(const aem::Model& model, std::uint32_t animation, std::uint32_t joint, float t) {
  const aem::Track& track = model.track(animation, joint);
  const aem::Keyframe* keys = model.keyframes().data() + track.first_keyframe;
  float tr[4], ro[4], sc[4];
  key_value(keys, track.translation_count, t, false, tr);
  key_value(keys + track.translation_count, track.rotation_count, t, true, ro);
  key_value(keys + track.translation_count + track.rotation_count, track.scale_count, t, false, sc);
  return {{tr[0], tr[1], tr[2]}, {ro[0], ro[1], ro[2], ro[3]}, {sc[0], sc[1], sc[2]}};
}

void BM_Reference(benchmark::State& state, std::uint32_t joints, int layers) {
  const std::vector<std::byte> bytes = make_model(joints);
  const aem::Model model = aem::Model::open_memory(bytes);
  std::vector<Mat> locals(joints);
  std::vector<float> skinning(16 * joints);
  float time[4] = {0, 0.1f, 0.2f, 0.3f};
  for (auto _ : state) {
    for (int l = 0; l < layers; ++l) time[l] = std::fmod(time[l] + kFrame, kDuration);
    for (std::uint32_t j = 0; j < joints; ++j) {
      aem::Transform pose = reference_local(model, 0, j, time[0]);
      // Further layers blend in pairwise with equal weights, as the upstream mixer does.
      for (int l = 1; l < layers; ++l) {
        const aem::Transform other = reference_local(model, std::uint32_t(l), j, time[l]);
        const float f = 1.0f / float(l + 1);
        pose.translation = aem::lerp(pose.translation, other.translation, f);
        pose.rotation = slerp_exact(pose.rotation, other.rotation, f);
        pose.scale = aem::lerp(pose.scale, other.scale, f);
      }
      const aem::Mat4 m = aem::to_matrix(pose);
      std::copy(std::begin(m.m), std::end(m.m), locals[j].m);
    }
    for (std::uint32_t j = 0; j < joints; ++j) {
      Mat global = locals[j];
      for (std::int32_t p = model.joints()[j].parent; p >= 0; p = model.joints()[std::size_t(p)].parent) {
        global = mul(locals[std::size_t(p)], global);
      }
      Mat inverse_bind;
      std::copy(std::begin(model.joints()[j].inverse_bind), std::end(model.joints()[j].inverse_bind), inverse_bind.m);
      const Mat skin = mul(global, inverse_bind);
      std::copy(std::begin(skin.m), std::end(skin.m), skinning.begin() + 16 * j);
    }
    benchmark::DoNotOptimize(skinning.data());
  }
  state.counters["joints/s"] = benchmark::Counter(double(state.iterations()) * joints, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  aem::bench::initialize_with_noisy_machine_defaults({argv, argv + argc});
  const std::uint32_t sizes[] = {1, 64, 256};
  const int layer_counts[] = {1, 4};
  const auto name = [](const char* what, std::uint32_t joints, int layers) {
    return std::string(what) + "/joints:" + std::to_string(joints) + "/layers:" + std::to_string(layers);
  };
  for (std::uint32_t joints : sizes) {
    for (int layers : layer_counts) {
      benchmark::RegisterBenchmark(name("mixer", joints, layers).c_str(), BM_Mixer, joints, layers, false, kKeysPerSecond);
      benchmark::RegisterBenchmark(name("reference", joints, layers).c_str(), BM_Reference, joints, layers);
    }
  }
  benchmark::RegisterBenchmark("mixer_irregular_times/joints:256/layers:1", BM_Mixer, 256u, 1, true, kKeysPerSecond);
  // Key-reduced animations: few keys, at times of their own.
  benchmark::RegisterBenchmark("mixer_sparse_irregular_times/joints:256/layers:1", BM_Mixer, 256u, 1, true, 5);
  aem::bench::CollectingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);

  std::printf("\nSummary, one thread, medians of the repetitions.\n"
              "reference: linear key search, acos/sin slerp, every global matrix rebuilt by walking\n"
              "up the parents, sampling as many layers as we do.\n"
              "upstream: the same, but evaluating four channels every frame whatever plays, as the\n"
              "upstream C runtime's mixer does (so its cost is the 4-layer reference's).\n");
  std::printf("%-7s %-7s %14s %14s %10s %14s\n", "joints", "layers", "ours Mj/s", "reference", "speed-up",
              "vs upstream");
  for (std::uint32_t joints : sizes) {
    const double upstream = reporter.seconds(name("reference", joints, 4));
    for (int layers : layer_counts) {
      const double ours = reporter.seconds(name("mixer", joints, layers));
      const double reference = reporter.seconds(name("reference", joints, layers));
      if (ours == 0 || reference == 0 || upstream == 0) continue;
      std::printf("%-7u %-7d %14.1f %14.1f %9.1fx %13.1fx\n", joints, layers, joints / ours / 1e6,
                  joints / reference / 1e6, reference / ours, upstream / ours);
    }
  }
  if (const double irregular = reporter.seconds("mixer_irregular_times/joints:256/layers:1"); irregular > 0) {
    std::printf("256 joints, 1 layer, tracks without shared key times: %.1f M joints/s\n",
                256 / irregular / 1e6);
  }
  if (const double sparse = reporter.seconds("mixer_sparse_irregular_times/joints:256/layers:1"); sparse > 0) {
    std::printf("the same with 5 keys a second (key-reduced): %.1f M joints/s\n", 256 / sparse / 1e6);
  }
  benchmark::Shutdown();
  return 0;
}
