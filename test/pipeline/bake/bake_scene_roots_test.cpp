// What the import tolerates in the node graph (specs/gltf-import.md): a node listed as a scene
// root that is also a descendant of another root is placed once, under its parent, with a
// warning (Bevy's cakeBirthday.glb); a root whose parent the scene does not list is placed at the
// scene root with its own transform, with a warning; a root listed twice is placed once; a
// rotation quaternion far from unit length is normalised with a warning. Each is an error under
// --strict.
#include <filesystem>

#include "bake_test_support.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

fs::path write_scene(const ScratchDir& dir, const std::string& nodes_and_scenes) {
  const fs::path path = dir.path() / "scene.gltf";
  write_file(path, quad_gltf(R"("materials": [{"name": "Plain"}], )" + nodes_and_scenes));
  return path;
}

bool warns(const pipeline::BakeReport& report, const std::string& text) {
  for (const std::string& w : report.warnings)
    if (w.find(text) != std::string::npos) return true;
  return false;
}

TEST(BakeSceneRoots, ChildListedAsARootIsPlacedOnceUnderItsParent) {
  ScratchDir dir("child_root");
  // Node 1 is node 0's child and also listed as a root.
  const fs::path in = write_scene(dir, R"("nodes": [{"mesh": 0, "children": [1], "translation": [10, 0, 0]},
                                                    {"mesh": 0, "translation": [0, 5, 0]}],
                                         "scenes": [{"nodes": [0, 1]}])");
  const auto result = pipeline::bake_model(in, test_options());
  EXPECT_TRUE(warns(result.report, "node 1 is listed as a root but is a descendant of root node 0")) << result.report.warnings.size();
  EXPECT_EQ(result.content.indices.size(), 12u);  // two quads, not three
  // The child lies where its parent puts it: x in [10, 11], y in [0, 6].
  float lo[3] = {1e9f, 1e9f, 1e9f}, hi[3] = {-1e9f, -1e9f, -1e9f};
  for (const auto& v : result.content.vertices)
    for (int c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], v.position[c]);
      hi[c] = std::max(hi[c], v.position[c]);
    }
  EXPECT_EQ(lo[0], 10.f);
  EXPECT_EQ(hi[0], 11.f);
  EXPECT_EQ(lo[1], 0.f);
  EXPECT_EQ(hi[1], 6.f);
  EXPECT_THROW(pipeline::bake_model(in, strict_test_options()), pipeline::BakeError);
}

TEST(BakeSceneRoots, RootListedTwiceIsPlacedOnce) {
  ScratchDir dir("twice_root");
  const fs::path in = write_scene(dir, R"("nodes": [{"mesh": 0}], "scenes": [{"nodes": [0, 0]}])");
  const auto result = pipeline::bake_model(in, test_options());
  EXPECT_TRUE(warns(result.report, "node 0 is listed as a root more than once"));
  EXPECT_EQ(result.content.indices.size(), 6u);
  EXPECT_THROW(pipeline::bake_model(in, strict_test_options()), pipeline::BakeError);
}

// three.js and Bevy build each listed node's own subtree under the scene: the unlisted parent
// (and its transform, and its other children) is not shown.
TEST(BakeSceneRoots, RootWhoseParentTheSceneDoesNotListIsPlacedWithItsOwnTransform) {
  ScratchDir dir("orphan_root");
  // Node 0 (unlisted) moves its children by x 10; node 1 (listed) by y 5, node 2 (its child) by z 3;
  // node 3, node 0's other child, is not listed and not shown.
  const fs::path in = write_scene(dir, R"("nodes": [{"mesh": 0, "children": [1, 3], "translation": [10, 0, 0]},
                                                    {"children": [2], "translation": [0, 5, 0]},
                                                    {"mesh": 0, "translation": [0, 0, 3]},
                                                    {"mesh": 0}],
                                         "scenes": [{"nodes": [1]}])");
  const auto result = pipeline::bake_model(in, test_options());
  ASSERT_EQ(result.report.warnings.size(), 1u);
  EXPECT_EQ(result.report.warnings[0],
            in.string() + ": scene 0: node 1 is listed as a root but is the child of node 0, which the scene "
                          "does not list; it is placed at the scene root with its own transform, without node 0's "
                          "(as three.js and Bevy show it)");
  EXPECT_EQ(result.report.warning_codes[0], "scene_root_parent_not_listed");
  EXPECT_EQ(result.content.indices.size(), 6u);  // node 2's quad alone
  float lo[3] = {1e9f, 1e9f, 1e9f}, hi[3] = {-1e9f, -1e9f, -1e9f};
  for (const auto& v : result.content.vertices)
    for (int c = 0; c < 3; ++c) {
      lo[c] = std::min(lo[c], v.position[c]);
      hi[c] = std::max(hi[c], v.position[c]);
    }
  EXPECT_EQ(lo[0], 0.f);  // not moved by node 0
  EXPECT_EQ(hi[0], 1.f);
  EXPECT_EQ(lo[1], 5.f);  // moved by node 1
  EXPECT_EQ(hi[1], 6.f);
  EXPECT_EQ(lo[2], 3.f);  // and by node 2
  EXPECT_EQ(hi[2], 3.f);
  try {
    pipeline::bake_model(in, strict_test_options());
    ADD_FAILURE() << "baked under --strict";
  } catch (const pipeline::BakeError& e) {
    EXPECT_NE(std::string(e.what()).find("node 1 is listed as a root but is the child of node 0"), std::string::npos)
        << e.what();
  }
}

// Two listed siblings under one unlisted parent are both placed, each once.
TEST(BakeSceneRoots, SiblingRootsOfAnUnlistedParentAreEachPlacedOnce) {
  ScratchDir dir("orphan_siblings");
  const fs::path in = write_scene(dir, R"("nodes": [{"children": [1, 2], "scale": [3, 3, 3]},
                                                    {"mesh": 0}, {"mesh": 0, "translation": [2, 0, 0]}],
                                         "scenes": [{"nodes": [1, 2, 1]}])");
  const auto result = pipeline::bake_model(in, test_options());
  EXPECT_TRUE(warns(result.report, "node 1 is listed as a root but is the child of node 0"));
  EXPECT_TRUE(warns(result.report, "node 1 is listed as a root more than once"));
  EXPECT_EQ(result.content.indices.size(), 12u);
  float hi = -1e9f;
  for (const auto& v : result.content.vertices) hi = std::max(hi, v.position[0]);
  EXPECT_EQ(hi, 3.f);  // node 2's quad at x 2..3, unscaled by node 0
}

TEST(BakeSceneRoots, NonUnitRotationIsNormalisedWithAWarningAndZeroRotationRefused) {
  ScratchDir dir("rotation");
  const fs::path long_rotation = write_scene(dir, R"("nodes": [{"mesh": 0, "rotation": [0, 0, 0, 2]}], "scenes": [{"nodes": [0]}])");
  const auto result = pipeline::bake_model(long_rotation, test_options());
  EXPECT_TRUE(warns(result.report, "node 0: rotation quaternion of length 2 is normalised"));
  float hi = -1e9f;
  for (const auto& v : result.content.vertices) hi = std::max(hi, v.position[0]);
  EXPECT_EQ(hi, 1.f);  // identity after normalising: no scale by 4
  EXPECT_THROW(pipeline::bake_model(long_rotation, strict_test_options()), pipeline::BakeError);
  const fs::path zero = write_scene(dir, R"("nodes": [{"mesh": 0, "rotation": [0, 0, 0, 0]}], "scenes": [{"nodes": [0]}])");
  EXPECT_THROW(pipeline::bake_model(zero, test_options()), pipeline::BakeError);
}

}  // namespace
}  // namespace aem::test
