// The C++ API through the shared runtime (aem.dll, libaem.so): the exported classes and
// functions on the fuzz seed tiny.aem, and an aem::ModelError thrown inside the library and
// caught here by its type.
//   shared_cxx_check TINY_AEM
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <aem/aem.hpp>
#include <aem/model_bounds.hpp>

namespace {

int failures = 0;

void check(bool condition, const char* what, int line) {
  if (!condition) {
    std::fprintf(stderr, "shared_cxx_check.cpp:%d: CHECK failed: %s\n", line, what);
    ++failures;
  }
}
#define CHECK(condition) check((condition), #condition, __LINE__)

bool near(float a, double b) { return std::fabs(double(a) - b) < 1e-5; }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: shared_cxx_check TINY_AEM\n");
    return 2;
  }
  const aem::Model model = aem::Model::open(argv[1]);
  CHECK(model.mapped());
  CHECK(model.vertices().size() == 3 && model.meshes().size() == 1 && model.joints().size() == 1);
  CHECK(model.mesh_indices(model.meshes()[0]).size() == 3);
  CHECK(aem::name_view(model.joints()[0].name) == "root");
  CHECK(model.mip_data(model.textures()[0], 0).size() == 4);
  CHECK(aem::mip_count(64, 16) == 7);
  CHECK(aem::check_structure(model.view(), [](const aem::Error&) { return true; }));
  const aem::BoundingBox box = aem::bind_pose_bounds(model);
  CHECK(box.min[0] == 0 && box.max[0] == 1 && box.max[1] == 1);

  // At 0.5 s the joint has turned 45 degrees about Z.
  aem::AnimationMixer mixer(model, 2);
  const aem::LayerId layer = mixer.play({.animation = 0});
  CHECK(mixer.is_playing(layer));
  mixer.update(0.5f);
  std::vector<float> skinning(16 * mixer.joint_count());
  mixer.evaluate(skinning);
  const double half = std::sqrt(0.5);
  CHECK(skinning.size() == 16 && near(skinning[0], half) && near(skinning[1], half) &&
        near(skinning[4], -half) && near(skinning[5], half) && near(skinning[15], 1));

  // Failures: as a value, and as an exception thrown in the library.
  const auto result = aem::Model::try_open("no-such-model.aem");
  CHECK(!result && result.error().code == aem::ErrorCode::io_error);
  bool caught = false;
  try {
    (void)aem::Model::open("no-such-model.aem");
  } catch (const aem::ModelError& e) {
    caught = e.error().code == aem::ErrorCode::io_error &&
             std::string(e.what()).find("no-such-model.aem") != std::string::npos;
  }
  CHECK(caught);

  if (failures != 0) {
    std::fprintf(stderr, "%d checks failed\n", failures);
    return 1;
  }
  std::printf("vertices=%zu meshes=%zu joints=%zu\n", model.vertices().size(), model.meshes().size(),
              mixer.joint_count());
  return 0;
}
