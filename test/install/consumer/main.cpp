// A C++ program against the installed runtime.
//   consumer MODEL                 prints the model's counts
//   consumer MODEL FRAMES OUT      plays it as ../c_consumer/main.c does, through the C++ mixer,
//                                  and writes every frame's skinning matrices to OUT
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <aem/aem.hpp>

int main(int argc, char** argv) {
  if (argc != 2 && argc != 4) return 2;
  const auto model = aem::Model::try_open(argv[1]);
  if (!model) {
    std::fprintf(stderr, "%s\n", model.error().describe().c_str());
    return 1;
  }
  if (argc == 2) {
    std::printf("vertices=%zu triangles=%zu joints=%zu\n", model->vertices().size(),
                model->indices().size() / 3, model->joints().size());
    return 0;
  }
  const int frames = std::atoi(argv[2]);
  const std::uint32_t animations = model->header().animation_count;
  if (animations == 0) return 1;
  aem::AnimationMixer mixer(*model, 4);
  aem::LayerId layer = mixer.play({.animation = 0});
  std::vector<float> skinning(16 * mixer.joint_count());
  std::FILE* out = std::fopen(argv[3], "wb");
  if (!out) return 1;
  for (int frame = 0; frame < frames; ++frame) {
    if (frame == frames / 3) {
      layer = mixer.cross_fade(layer, {.animation = animations - 1, .time = 0.5f}, 0.25f, aem::FadeCurve::smooth);
    }
    mixer.update(1.0f / 60);
    mixer.evaluate(skinning);
    if (std::fwrite(skinning.data(), sizeof(float), skinning.size(), out) != skinning.size()) return 1;
  }
  std::fclose(out);
  std::printf("joints=%zu frames=%d\n", mixer.joint_count(), frames);
  return 0;
}
