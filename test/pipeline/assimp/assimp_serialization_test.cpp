// The scene's wire form between aem-import-assimp and the bake: a faithful round trip, and a
// reader that refuses every truncation, corrupted byte, oversized count and broken reference with
// SceneFormatError (never a crash, never an allocation the input cannot justify).
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "sample_scene.hpp"
#include "scene/scene_serialization.hpp"

namespace {

using namespace aem::pipeline;

std::vector<unsigned char> sample_bytes() {
  SerializedImport import{aem::test::sample_scene(), {{"lights", "", "1 light dropped"}}};
  return serialize_import(import);
}

TEST(SceneSerialization, RoundTripKeepsEveryField) {
  const std::vector<unsigned char> bytes = sample_bytes();
  const SerializedImport back = deserialize_import(bytes);
  EXPECT_EQ(serialize_import(back), bytes);  // the field list is shared; this covers its order
  const Scene& s = back.scene;
  const Scene expected = aem::test::sample_scene();
  EXPECT_EQ(s.model, expected.model);
  EXPECT_EQ(s.buffers, expected.buffers);
  ASSERT_EQ(s.streams.size(), 3u);
  EXPECT_EQ(s.streams[1].sparse.index_type, ComponentType::u16);
  EXPECT_EQ(s.streams[1].sparse.value_offset, 8u);
  EXPECT_TRUE(s.streams[1].normalized);
  EXPECT_EQ(s.streams[2].buffer, kNone);
  ASSERT_EQ(s.nodes.size(), 2u);
  EXPECT_EQ(s.nodes[0].name, "Root \xc3\xa9");
  ASSERT_TRUE(s.nodes[0].matrix.has_value());
  EXPECT_EQ((*s.nodes[0].matrix)[13], -2.0);
  EXPECT_FALSE(s.nodes[1].matrix.has_value());
  EXPECT_EQ(s.nodes[1].rotation, expected.nodes[1].rotation);
  EXPECT_TRUE(s.nodes[1].has_camera);
  EXPECT_EQ(s.meshes[0].primitives[0].mode, PrimitiveMode::lines);
  EXPECT_EQ(s.meshes[0].primitives[0].attributes[1].name, "TEXCOORD_1");
  EXPECT_EQ(s.meshes[0].primitives[0].deferred.warnings[0].detail, "third component dropped");
  EXPECT_EQ(s.skins[0].joints, (std::vector<std::int32_t>{0, 1}));
  EXPECT_EQ(s.animations[0].samplers[0].interpolation, Interpolation::step);
  EXPECT_EQ(s.animations[0].channels[1].node, kNone);
  EXPECT_EQ(s.materials[0].base_color.transform.m, expected.materials[0].base_color.transform.m);
  EXPECT_EQ(s.materials[0].alpha_mode, AlphaMode::mask);
  EXPECT_EQ(s.materials[0].emissive_strength, 4.0);
  EXPECT_TRUE(s.materials[0].double_sided);
  EXPECT_EQ(s.textures[0].unread_sources, (std::vector<std::string>{"EXT_texture_webp"}));
  EXPECT_EQ(s.samplers[0].wrap_v, aem::WrapMode::mirrored_repeat);
  EXPECT_EQ(s.samplers[0].where, "sampler 0");
  EXPECT_EQ(s.samplers[0].deferred.warnings[0].detail, "wrapS 1234 is not a glTF wrap mode");
  EXPECT_EQ(s.images[0].file, std::filesystem::path("textures/red.png"));
  EXPECT_EQ(s.images[1].same_as, 0);
  EXPECT_EQ(s.inputs, expected.inputs);
  ASSERT_EQ(back.warnings.size(), 1u);
  EXPECT_EQ(back.warnings[0].kind, "lights");
}

TEST(SceneSerialization, EveryTruncationIsRefused) {
  const std::vector<unsigned char> bytes = sample_bytes();
  for (std::size_t length = 0; length < bytes.size(); ++length)
    EXPECT_THROW(deserialize_import(std::span(bytes.data(), length)), SceneFormatError) << "length " << length;
  std::vector<unsigned char> longer = bytes;
  longer.push_back(0);
  EXPECT_THROW(deserialize_import(longer), SceneFormatError);
}

TEST(SceneSerialization, CorruptedBytesAreRefusedOrStillConsistent) {
  const std::vector<unsigned char> bytes = sample_bytes();
  std::mt19937 random(12345);
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    for (const unsigned value : {0x00u, 0xFFu, 0x80u, 0x7Fu, unsigned(random() & 0xFF)}) {
      std::vector<unsigned char> bad = bytes;
      bad[at] = static_cast<unsigned char>(value);
      try {
        const SerializedImport s = deserialize_import(bad);
        EXPECT_EQ(scene_reference_problem(s.scene), "") << "byte " << at;  // accepted: then consistent
      } catch (const SceneFormatError&) {
      }
    }
  }
}

TEST(SceneSerialization, HugeCountsAreRefusedBeforeAllocating) {
  std::vector<unsigned char> bytes = sample_bytes();
  // The buffer count follows the magic, the version and the model path.
  const std::size_t at = 8 + 4 + 4 + aem::test::sample_scene().model.string().size();
  const std::uint64_t huge = std::uint64_t(1) << 60;
  std::memcpy(bytes.data() + at, &huge, 8);
  try {
    deserialize_import(bytes);
    FAIL() << "accepted a count of 2^60";
  } catch (const SceneFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("exceeds what the remaining"), std::string::npos) << e.what();
  }
}

TEST(SceneSerialization, LimitsAreEnforced) {
  const std::vector<unsigned char> bytes = sample_bytes();
  SceneReadLimits small;
  small.max_bytes = bytes.size() - 1;
  EXPECT_THROW(deserialize_import(bytes, small), SceneFormatError);
  SceneReadLimits short_strings;
  short_strings.max_string_bytes = 8;
  EXPECT_THROW(deserialize_import(bytes, short_strings), SceneFormatError);
  SceneReadLimits few_elements;
  few_elements.max_stream_elements = 4;  // the "zeros" stream has 5
  EXPECT_THROW(deserialize_import(bytes, few_elements), SceneFormatError);
}

// The reader's reference check is the bake's own (check_scene), so its words are check_scene's.
TEST(SceneSerialization, BrokenReferencesAreRefusedNamingTheElement) {
  auto refused = [](Scene s, const std::string& expected) {
    const std::string problem = scene_reference_problem(s);
    EXPECT_NE(problem.find(expected), std::string::npos) << problem;
    EXPECT_THROW(deserialize_import(serialize_import({std::move(s), {}})), SceneFormatError);
  };
  Scene s = aem::test::sample_scene();
  EXPECT_EQ(scene_reference_problem(s), "");
  s.nodes[0].children = {7};
  refused(s, "node 'Root' (aiNode 0)");
  s = aem::test::sample_scene();
  s.nodes[0].parent = 1;  // a cycle: Root -> Child -> Root
  s.nodes[1].children = {0};
  s.roots.clear();
  refused(s, "aiNode");
  s = aem::test::sample_scene();
  s.streams[0].count = 2;  // 4 + 12 + 12 > 16 bytes
  refused(s, "positions: needs bytes 4..4+24 of buffer 0, which has 16");
  s = aem::test::sample_scene();
  s.streams[0].stride = 4;
  refused(s, "positions: stride 4 smaller than its element");
  s = aem::test::sample_scene();
  s.meshes[0].primitives[0].material = 3;
  refused(s, "mesh 'Body' (aiMesh 0): material 3 does not exist");
  s = aem::test::sample_scene();
  s.skins[0].joints.push_back(9);
  refused(s, "skin of node 'Child': joint node 9 does not exist");
  s = aem::test::sample_scene();
  s.images[0].bytes.size = 100;
  refused(s, "image 0 (red.png): needs bytes 2..2+100 of buffer 0");
  s = aem::test::sample_scene();
  s.images[0].same_as = 1;
  refused(s, "same_as");
  s = aem::test::sample_scene();
  s.animations[0].samplers[0].output = 5;
  refused(s, "sampler: output stream 5 does not exist");
  // Morph targets: streams, counts and weights as the Assimp child writes them.
  s = aem::test::sample_scene();
  s.meshes[0].primitives[0].morph_targets[1].normal = 9;
  refused(s, "mesh 'Body' (aiMesh 0) morph target 1 NORMAL: stream 9 does not exist");
  s = aem::test::sample_scene();
  s.meshes[0].primitives[0].morph_targets[0].position = 1;
  refused(s, "morph target 0 POSITION: inverse bind is not VEC3");
  s = aem::test::sample_scene();
  s.meshes[0].primitives.push_back(s.meshes[0].primitives[0]);
  s.meshes[0].primitives[1].morph_targets.pop_back();
  refused(s, "1 morph targets, but the mesh's first primitive has 2");
  s = aem::test::sample_scene();
  s.meshes[0].weights.push_back(1);
  refused(s, "3 weights for 2 morph targets");
  s = aem::test::sample_scene();
  s.meshes[0].weights[1] = std::numeric_limits<double>::infinity();
  refused(s, "a morph target weight is not finite");
  s = aem::test::sample_scene();
  s.meshes[0].target_names.pop_back();
  refused(s, "1 target names for 2 morph targets");
}

}  // namespace
