// Plays every animation of every .aem model in a folder through the mixer (alone, cross-faded,
// masked) and writes each frame's local poses and skinning matrices, as raw floats, to one
// file. Built twice, against copies of the runtime with each SIMD path (simd4.hpp) compiled
// without FMA contraction; the two files must be the same bytes (simd_agreement.cmake).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/model.hpp"

namespace {

class FrameWriter {
 public:
  explicit FrameWriter(const std::filesystem::path& path) : out_(path, std::ios::binary) {}
  void write(std::span<const float> values) {
    out_.write(reinterpret_cast<const char*>(values.data()), std::streamsize(values.size_bytes()));
    floats_ += values.size();
  }
  bool ok() const { return bool(out_); }
  std::size_t floats() const { return floats_; }

 private:
  std::ofstream out_;
  std::size_t floats_ = 0;
};

// `frames` steps of 1/30 s, each evaluated to locals and skinning matrices.
void record(aem::AnimationMixer& mixer, int frames, FrameWriter& out) {
  std::vector<aem::Transform> locals(mixer.joint_count());
  std::vector<float> skinning(16 * mixer.joint_count());
  for (int frame = 0; frame < frames; ++frame) {
    mixer.update(1.0f / 30);
    mixer.evaluate_locals(locals);
    out.write(std::span<const float>(reinterpret_cast<const float*>(locals.data()),
                                     locals.size() * sizeof(aem::Transform) / sizeof(float)));
    mixer.evaluate(skinning);
    out.write(skinning);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: skinning_dump MODEL_DIR OUT\n");
    return 1;
  }
  std::vector<std::filesystem::path> models;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (entry.path().extension() == ".aem") models.push_back(entry.path());
  }
  std::sort(models.begin(), models.end());
  FrameWriter out(argv[2]);
  std::size_t animated = 0;
  for (const auto& path : models) {
    const auto model = aem::Model::try_open(path);
    if (!model || model->joints().empty() || model->animations().empty()) continue;
    ++animated;
    const auto count = std::uint32_t(model->animations().size());
    aem::AnimationMixer mixer(*model);
    for (std::uint32_t a = 0; a < count; ++a) {
      mixer.stop_all();
      mixer.play({.animation = a, .time = 0.01f * float(a), .speed = a % 2 ? -0.7f : 1.3f});
      record(mixer, 45, out);
    }
    // Two layers cross-fading, the second masked to every other joint: the blend paths.
    mixer.stop_all();
    const aem::LayerId first = mixer.play({.animation = 0});
    const aem::LayerId second = mixer.cross_fade(first, {.animation = count - 1, .weight = 0.8f}, 0.5f,
                                                 aem::FadeCurve::smooth);
    std::vector<float> mask(mixer.joint_count());
    for (std::size_t j = 0; j < mask.size(); ++j) mask[j] = j % 2 ? 1.0f : 0.25f;
    mixer.set_mask(second, mask);
    record(mixer, 30, out);
  }
  std::printf("%zu animated models of %zu, %zu floats\n", animated, models.size(), out.floats());
  if (!out.ok()) {
    std::fprintf(stderr, "skinning_dump: cannot write %s\n", argv[2]);
    return 1;
  }
  if (animated == 0) {
    std::fprintf(stderr, "skinning_dump: no animated model in %s: nothing compared\n", argv[1]);
    return 1;
  }
  return 0;
}
