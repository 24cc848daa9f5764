// `aem info` on a skinned corpus model (CesiumMan, baked here): the bind-pose boxes of each mesh
// and of the model, and the box over every animation, against boxes this test finds on its own
// from the file's vertices and from the mixer's poses at the same sample times.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "aem/animation_mixer.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_cli_support.hpp"
#include "corpus.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;
using Point = std::array<float, 3>;

struct Box {
  Point min{1e30f, 1e30f, 1e30f}, max{-1e30f, -1e30f, -1e30f};
  void add(const Point& p) {
    for (std::size_t c = 0; c < 3; ++c) {
      min[c] = std::min(min[c], p[c]);
      max[c] = std::max(max[c], p[c]);
    }
  }
};

Point stored(const Vertex& v) { return {v.position[0], v.position[1], v.position[2]}; }

// A vertex skinned as a vertex shader does: its joints' column-major matrices, weighted as stored.
Point posed(const Vertex& v, const std::vector<float>& skinning) {
  bool moved = false;
  Point sum{0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    const std::int32_t j = v.joints[i];
    if (j < 0 || std::size_t(j) * 16 >= skinning.size() || !(v.weights[i] > 0)) continue;
    const float* m = &skinning[std::size_t(j) * 16];
    const Point p = stored(v);
    for (std::size_t c = 0; c < 3; ++c) sum[c] += (m[c] * p[0] + m[4 + c] * p[1] + m[8 + c] * p[2] + m[12 + c]) * v.weights[i];
    moved = true;
  }
  return moved ? sum : stored(v);
}

void expect_json_box(const nlohmann::json& box, const Box& expected, const std::string& what) {
  ASSERT_TRUE(box.is_object()) << what;
  for (std::size_t c = 0; c < 3; ++c) {
    EXPECT_EQ(box["min"][c].get<float>(), expected.min[c]) << what << " min " << c;
    EXPECT_EQ(box["max"][c].get<float>(), expected.max[c]) << what << " max " << c;
  }
}

TEST(InfoBounds, SkinnedCorpusModelBoxesInTheBindPoseAndOverItsAnimation) {
  AEM_REQUIRE_CORPUS(corpus);
  const ScratchDir dir("info_bounds");
  const fs::path aem_path = dir.path() / "CesiumMan.aem";
  pipeline::write_model_file(
      aem_path, pipeline::bake_model(corpus / "khronos/CesiumMan/glTF-Binary/CesiumMan.glb",
                                     {.textures = pipeline::TextureEncoding::rgba, .max_texture_size = 64})
                    .content);
  const Model model = Model::open(aem_path);
  ASSERT_FALSE(model.joints().empty());
  ASSERT_EQ(model.animations().size(), 1u);

  const CommandResult run = run_command(aem() + " info --json " + shell_quote(aem_path.string()));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const nlohmann::json info = nlohmann::json::parse(run.output);

  Box bind;
  for (const Vertex& v : model.vertices()) bind.add(stored(v));
  expect_json_box(info["bounds"]["bind_pose"], bind, "bind pose");
  for (std::size_t m = 0; m < model.meshes().size(); ++m) {
    Box mesh;
    for (std::uint32_t i : model.mesh_indices(model.meshes()[m])) mesh.add(stored(model.vertices()[i]));
    expect_json_box(info["meshes"][m]["bounds"], mesh, "mesh " + std::to_string(m));
  }

  // The animation at 30 samples per second, both ends: CesiumMan's every vertex is skinned.
  const float duration = model.animations()[0].duration;
  const auto intervals = std::size_t(std::ceil(duration * 30.0f));
  AnimationMixer mixer(model, 1);
  std::vector<float> skinning(16 * mixer.joint_count());
  const LayerId layer = mixer.play({.animation = 0, .time = 0, .speed = 0, .playback = Playback::clamp});
  Box motion;
  for (std::size_t k = 0; k <= intervals; ++k) {
    mixer.settings(layer).time = duration * float(k) / float(intervals);
    mixer.evaluate(skinning);
    for (const Vertex& v : model.vertices()) motion.add(posed(v, skinning));
  }
  const nlohmann::json& animated = info["bounds"]["every_animation"];
  expect_json_box(animated, motion, "every animation");
  EXPECT_EQ(animated["poses"], intervals + 1);
  EXPECT_EQ(animated["per_vertex"], true);
  // The walk covers ground the bind pose does not.
  EXPECT_NE(motion.min, bind.min);

  // The text says the same, each float in the shortest digits that read back as it.
  const CommandResult text = run_command(aem() + " info " + shell_quote(aem_path.string()));
  ASSERT_EQ(text.exit_code, 0) << text.output;
  const auto shortest = [](float v) {
    char digits[32];
    return std::string(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
  };
  const auto point = [&](const Point& p) {
    return "(" + shortest(p[0]) + ", " + shortest(p[1]) + ", " + shortest(p[2]) + ")";
  };
  const std::string expected = "  bind pose        " + point(bind.min) + " .. " + point(bind.max) + "\n";
  EXPECT_NE(text.output.find(expected), std::string::npos) << expected << text.output;
  EXPECT_NE(text.output.find(std::to_string(intervals + 1) + " poses sampled, every moving vertex posed"),
            std::string::npos) << text.output;
}

}  // namespace
}  // namespace aem::test
