// Hostile glTF written by the test: inputs that cost old bakers quadratic time (an 80,000-triangle
// fan ordered for the vertex cache, a 100,000-deep node chain checked for cycles and searched for
// joints per primitive, a POSITION accessor of zeros with no buffer view). Each bake runs under a
// watchdog that ends the process long before the old code would have finished.
#include <chrono>
#include <fstream>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "bake_test_support.hpp"
#include "gltf_bytes.hpp"
#include "scratch_dir.hpp"
#include "watchdog.hpp"

namespace aem::test {
namespace {

using nlohmann::json;
using namespace std::chrono_literals;

// A glTF of one mesh whose triangles index `positions` (xyz floats), written with its .bin.
std::filesystem::path write_mesh(const std::filesystem::path& dir, const std::vector<float>& positions,
                                 const std::vector<std::uint32_t>& indices, json nodes) {
  std::vector<std::uint8_t> bin;
  for (float f : positions) append_values(bin, {f});
  const std::size_t index_offset = bin.size();
  for (std::uint32_t i : indices) append_values(bin, {i});
  std::ofstream(dir / "mesh.bin", std::ios::binary).write(reinterpret_cast<const char*>(bin.data()), std::streamsize(bin.size()));
  const json gltf = {
      {"asset", {{"version", "2.0"}}},
      {"scene", 0},
      {"scenes", json::array({{{"nodes", {0}}}})},
      {"nodes", std::move(nodes)},
      {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}}}, {"indices", 1}}})}}})},
      {"accessors", json::array({{{"bufferView", 0}, {"componentType", 5126}, {"count", positions.size() / 3},
                                  {"type", "VEC3"}, {"min", {-1, -1, -1}}, {"max", {1, 1, 1}}},
                                 {{"bufferView", 1}, {"componentType", 5125}, {"count", indices.size()}, {"type", "SCALAR"}}})},
      {"bufferViews", json::array({{{"buffer", 0}, {"byteLength", index_offset}},
                                   {{"buffer", 0}, {"byteOffset", index_offset}, {"byteLength", bin.size() - index_offset}}})},
      {"buffers", json::array({{{"byteLength", bin.size()}, {"uri", "mesh.bin"}}})}};
  const auto path = dir / "model.gltf";
  std::ofstream(path) << gltf.dump();
  return path;
}

pipeline::BakeResult bake_watched(const std::filesystem::path& path, const std::string& what) {
  Watchdog watchdog(what, 120s);
  return pipeline::bake_model(path, test_options());
}

TEST(BakeHostile, AHugeTriangleFanIsOrderedInLinearTime) {
  // The hub is shared by every triangle: the cache optimiser's rescoring made this quadratic
  // (80,000 triangles took 6 s, this many would take minutes).
  constexpr std::uint32_t kTriangles = 300000;
  std::vector<float> positions = {0, 0, 0};
  for (std::uint32_t i = 0; i <= kTriangles; ++i) {
    const double a = 6.283185307179586 * i / (kTriangles + 1);
    positions.insert(positions.end(), {float(std::cos(a)), float(std::sin(a)), 0});
  }
  std::vector<std::uint32_t> indices;
  for (std::uint32_t i = 0; i < kTriangles; ++i) indices.insert(indices.end(), {0, i + 1, i + 2});
  const ScratchDir dir("hostile_fan");
  const auto result = bake_watched(write_mesh(dir.path(), positions, indices, json::array({{{"mesh", 0}}})), "a 300,000-triangle fan");
  EXPECT_EQ(result.content.indices.size(), std::size_t(kTriangles) * 3);
  EXPECT_EQ(result.content.vertices.size(), std::size_t(kTriangles) + 2);
}

TEST(BakeHostile, TrianglesThatUseAVertexTwiceAreDroppedLosingNothing) {
  // A quad, a triangle repeating a corner, and one whose two distinct corners are bit-identical
  // vertices (merged into one before ordering).
  const std::vector<float> positions = {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0};
  const std::vector<std::uint32_t> indices = {0, 1, 2, 0, 2, 3, 0, 0, 1, 1, 2, 4};
  const ScratchDir dir("hostile_degenerate");
  const auto result = bake_watched(write_mesh(dir.path(), positions, indices, json::array({{{"mesh", 0}}})), "degenerate triangles");
  EXPECT_EQ(result.content.indices.size(), 6u);
  EXPECT_EQ(result.content.vertices.size(), 4u);
}

TEST(BakeHostile, PositionsWithoutABufferViewBakeQuicklyToNothing) {
  // glTF reads an accessor with no bufferView as zeros: 2^20 vertices at the origin, so every
  // triangle is degenerate (2^17 took 20 s in the cache optimiser; 2^22 never finished).
  const ScratchDir dir("hostile_zeros");
  const json gltf = {{"asset", {{"version", "2.0"}}},
                     {"scene", 0},
                     {"scenes", json::array({{{"nodes", {0}}}})},
                     {"nodes", json::array({{{"mesh", 0}}})},
                     {"meshes", json::array({{{"primitives", json::array({{{"attributes", {{"POSITION", 0}}}}})}}})},
                     {"accessors", json::array({{{"componentType", 5126}, {"count", 1 << 20}, {"type", "VEC3"},
                                                 {"min", {0, 0, 0}}, {"max", {0, 0, 0}}}})}};
  const auto path = dir.path() / "zeros.gltf";
  std::ofstream(path) << gltf.dump();
  const auto result = bake_watched(path, "2^20 positions of zeros");
  EXPECT_TRUE(result.content.indices.empty());
  EXPECT_TRUE(result.content.meshes.empty());
  ASSERT_FALSE(result.report.warning_codes.empty());
  EXPECT_EQ(result.report.warning_codes.back(), "no_triangles");
}

TEST(BakeHostile, ADeepNodeChainWithAMeshOnEveryNodeIsLinear) {
  // Cycle checking walked every node's ancestors, and so did the joint search for every
  // primitive: 100,000 nodes took 16 s. The last node is animated, so every node is a joint.
  constexpr int kDepth = 200000;
  json nodes = json::array();
  for (int i = 0; i < kDepth; ++i) {
    json node = {{"mesh", 0}};
    if (i + 1 < kDepth) node["children"] = {i + 1};
    nodes.push_back(std::move(node));
  }
  const ScratchDir dir("hostile_chain");
  const auto result = bake_watched(write_mesh(dir.path(), {0, 0, 0, 1, 0, 0, 0, 1, 0}, {0, 1, 2}, std::move(nodes)),
                                   "a 200,000-deep node chain");
  EXPECT_EQ(result.content.indices.size(), std::size_t(kDepth) * 3);
}

TEST(BakeHostile, ASceneListingEveryNodeOfADeepChainIsLinear) {
  // Each listed root is checked for a listed ancestor: one walk per root would be quadratic.
  constexpr int kDepth = 200000;
  json nodes = json::array();
  for (int i = 0; i < kDepth; ++i) nodes.push_back(i + 1 < kDepth ? json{{"children", {i + 1}}} : json{{"mesh", 0}});
  const ScratchDir dir("hostile_roots");
  const auto path = write_mesh(dir.path(), {0, 0, 0, 1, 0, 0, 0, 1, 0}, {0, 1, 2}, std::move(nodes));
  json gltf = json::parse(std::ifstream(path));
  json roots = json::array();
  for (int i = kDepth - 1; i >= 0; --i) roots.push_back(i);  // deepest first: each walks the most
  gltf["scenes"][0]["nodes"] = roots;
  std::ofstream(path) << gltf.dump();
  const auto result = bake_watched(path, "a scene listing all 200,000 nodes of a chain");
  EXPECT_EQ(result.content.indices.size(), 3u);  // placed once
  ASSERT_FALSE(result.report.warning_codes.empty());
  EXPECT_EQ(result.report.warning_codes.front(), "scene_root_is_child");
}

}  // namespace
}  // namespace aem::test
