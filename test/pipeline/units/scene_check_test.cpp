// check_scene, the trust boundary for scenes from other processes: small scenes built by hand,
// each with one defect, must be refused with a message naming the element's `where`; and
// bake_scene, which bakes a scene from any producer after checking it.
#include <cstring>

#include <gtest/gtest.h>

#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "aem/pipeline/scene.hpp"
#include "scene/scene_check.hpp"

namespace {

using namespace aem::pipeline;

// One triangle: a buffer of 3 positions and 3 u16 indices, node 0 (root) placing mesh 0 and
// parent of node 1, one textured material.
Scene triangle_scene() {
  Scene s;
  s.model = "/models/hand.scene";
  s.buffers.push_back(std::vector<unsigned char>(36 + 6, 0));
  Stream positions;
  positions.where = "accessor 0";
  positions.components = 3;
  positions.count = 3;
  positions.buffer = 0;
  positions.stride = 12;
  Stream indices;
  indices.where = "accessor 1";
  indices.component = ComponentType::u16;
  indices.count = 3;
  indices.buffer = 0;
  indices.offset = 36;
  indices.stride = 2;
  s.streams = {positions, indices};
  Primitive prim;
  prim.where = "mesh 0 primitive 0";
  prim.indices = 1;
  prim.attributes.push_back({Semantic::position, 0, 0, "POSITION"});
  prim.material = 0;
  s.meshes.push_back({"mesh 0", {prim}, {}, {}, ""});
  Node root;
  root.where = "node 0";
  root.mesh = 0;
  root.children = {1};
  Node child;
  child.where = "node 1";
  child.parent = 0;
  s.nodes = {root, child};
  s.roots = {0};
  Material material;
  material.where = "material 0";
  material.base_color.texture = 0;
  s.materials.push_back(material);
  s.textures.push_back({"texture 0", 0, 0, {}});
  s.samplers.push_back({});
  Image image;
  image.where = "image 0 (wood.png)";
  image.bytes = {0, 0, 8};
  s.images.push_back(image);
  return s;
}

// The message check_scene throws, or "" when it accepts the scene.
std::string refusal(const Scene& scene) {
  try {
    check_scene(scene);
    return "";
  } catch (const BakeError& e) {
    return e.what();
  }
}

TEST(SceneCheck, AcceptsAWellFormedScene) { EXPECT_EQ(refusal(triangle_scene()), ""); }

TEST(SceneCheck, RefusesAnIndexOutOfRange) {
  Scene s = triangle_scene();
  s.nodes[1].mesh = 5;
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 1: mesh 5 does not exist (there are 1)");
  s = triangle_scene();
  s.meshes[0].primitives[0].attributes[0].stream = 2;
  EXPECT_EQ(refusal(s), "/models/hand.scene: mesh 0 primitive 0 attribute POSITION: stream 2 does not exist (there are 2)");
  s = triangle_scene();
  s.materials[0].emissive.texture = -7;
  EXPECT_EQ(refusal(s), "/models/hand.scene: material 0: texture -7 does not exist (there are 1)");
}

TEST(SceneCheck, RefusesAStreamPastItsBuffer) {
  Scene s = triangle_scene();
  s.streams[1].offset = 37;  // the last index's second byte is one past the buffer
  EXPECT_EQ(refusal(s), "/models/hand.scene: accessor 1: needs bytes 37..37+6 of buffer 0, which has 42");
  s = triangle_scene();
  s.streams[0].count = std::uint64_t(1) << 40;  // a count whose byte range would overflow
  EXPECT_NE(refusal(s).find("accessor 0: count 1099511627776 too large"), std::string::npos) << refusal(s);
  s = triangle_scene();
  s.streams[0].stride = 8;
  EXPECT_EQ(refusal(s), "/models/hand.scene: accessor 0: stride 8 smaller than its element size 12");
  s = triangle_scene();
  s.streams[0].sparse.count = 1;
  s.streams[0].sparse.index_buffer = 0;
  s.streams[0].sparse.value_buffer = 0;
  s.streams[0].sparse.value_offset = 31;
  EXPECT_EQ(refusal(s), "/models/hand.scene: accessor 0 sparse values: needs bytes 31..31+12 of buffer 0, which has 42");
}

TEST(SceneCheck, RefusesACycleAndDisagreeingLinks) {
  Scene s = triangle_scene();
  s.roots.clear();  // 0 -> 1 -> 0
  s.nodes[0].parent = 1;
  s.nodes[1].children = {0};
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 0: is its own ancestor (the node parents form a cycle)");
  s = triangle_scene();
  s.nodes[1].parent = kNone;  // node 0 still lists it
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 0: lists node 1 as a child, but that node's parent is -1");
  s = triangle_scene();
  s.nodes[0].children.clear();  // node 1 still names node 0 as its parent
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 1: its parent node 0 does not list it as a child");
  s = triangle_scene();
  s.roots = {0, 0};
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 0: is listed as a root twice");
  s = triangle_scene();
  s.roots = {1};
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 1: is listed as a root but has parent node 0");
}

TEST(SceneCheck, RefusesValuesNoEnumHas) {
  Scene s = triangle_scene();
  s.meshes[0].primitives[0].mode = static_cast<PrimitiveMode>(9);
  EXPECT_EQ(refusal(s), "/models/hand.scene: mesh 0 primitive 0: unknown primitive mode 9");
  s = triangle_scene();
  s.streams[1].component = static_cast<ComponentType>(6);
  EXPECT_EQ(refusal(s), "/models/hand.scene: accessor 1: unknown component type 6");
  s = triangle_scene();
  s.streams[1].components = 5;
  EXPECT_EQ(refusal(s), "/models/hand.scene: accessor 1: 5 components per element (1-4, 9 or 16 allowed)");
  s = triangle_scene();
  s.samplers[0].wrap_v = static_cast<aem::WrapMode>(3);
  EXPECT_EQ(refusal(s), "/models/hand.scene: sampler 0: unknown wrap mode 3");
}

TEST(SceneCheck, RefusesImageBytesOutsideTheirBufferAndForwardSharing) {
  Scene s = triangle_scene();
  s.images[0].bytes = {0, 40, 3};
  EXPECT_EQ(refusal(s), "/models/hand.scene: image 0 (wood.png): needs bytes 40..40+3 of buffer 0, which has 42");
  s = triangle_scene();
  s.images[0].same_as = 0;
  EXPECT_EQ(refusal(s), "/models/hand.scene: image 0 (wood.png): same_as 0 is not an earlier image");
}

TEST(SceneCheck, NamesElementsTheProducerLeftUnnamed) {
  Scene s = triangle_scene();
  s.nodes[1].where.clear();
  s.nodes[1].skin = 0;
  EXPECT_EQ(refusal(s), "/models/hand.scene: node 1: skin 0 does not exist (there are 0)");
}

}  // namespace

namespace {

// One triangle of the XY plane, built by hand: what any importer could hand to bake_scene.
Scene plain_triangle() {
  Scene s = triangle_scene();
  s.materials.clear();
  s.textures.clear();
  s.samplers.clear();
  s.images.clear();
  s.meshes[0].primitives[0].material = kNone;
  const float positions[9] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  const std::uint16_t indices[3] = {0, 1, 2};
  std::memcpy(s.buffers[0].data(), positions, sizeof positions);
  std::memcpy(s.buffers[0].data() + 36, indices, sizeof indices);
  s.inputs = {s.model};
  return s;
}

TEST(BakeScene, BakesAHandBuiltScene) {
  const BakeResult result = bake_scene(plain_triangle(), BakeOptions{});
  EXPECT_EQ(result.report.triangles, 1u);
  EXPECT_EQ(result.report.vertices, 3u);
  EXPECT_EQ(result.report.inputs, std::vector<std::filesystem::path>{"/models/hand.scene"});
  ASSERT_EQ(result.content.vertices.size(), 3u);
  EXPECT_EQ(result.content.vertices[1].position[0], 1.0f);
}

TEST(BakeScene, RefusesABadSceneBeforeAnyStage) {
  Scene s = plain_triangle();
  s.streams[0].count = 4;  // 4 positions from byte 12 end at byte 60, past the 42-byte buffer
  s.streams[0].offset = 12;
  try {
    bake_scene(s, BakeOptions{});
    FAIL() << "a stream past its buffer was baked";
  } catch (const BakeError& e) {
    EXPECT_EQ(std::string(e.what()), "/models/hand.scene: accessor 0: needs bytes 12..12+48 of buffer 0, which has 42");
  }
}

}  // namespace
