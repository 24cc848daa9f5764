// The Assimp conversion's morph rules on hand-built aiScenes (specs/assimp-import.md, "Morph
// targets"): deltas from replacement values, names and default weights per format, targets of a
// node's aiMeshes matched by name, morph keys to weights channels; and what Assimp could hand over
// broken (a target of another vertex count, a null target, a vertex-blend method, keys naming a
// missing target, non-finite or decreasing keys, a channel naming no node): a warning naming it,
// or one clear bake error, never a crash.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <assimp/scene.h>
#include <gtest/gtest.h>

#include "aem/animation_sampler.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "assimp_test_support.hpp"
#include "import/assimp/child/assimp_conversion.hpp"

namespace {

using namespace aem::pipeline;

// A triangle (0,0,0) (1,0,0) (0,1,0) with +Z normals, and one target per entry of `moves`: the
// target's replacement positions are the base's moved by its vector at vertex 2.
aiMesh* triangle(const std::string& name, const std::vector<std::pair<std::string, aiVector3D>>& moves,
                 float weight = 0.5f) {
  auto* m = new aiMesh;
  m->mName = name;
  m->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  m->mNumVertices = 3;
  m->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  m->mNormals = new aiVector3D[3]{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
  m->mNumFaces = 1;
  m->mFaces = new aiFace[1];
  m->mFaces[0].mNumIndices = 3;
  m->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
  m->mNumAnimMeshes = unsigned(moves.size());
  m->mAnimMeshes = moves.empty() ? nullptr : new aiAnimMesh*[moves.size()];
  for (std::size_t t = 0; t < moves.size(); ++t) {
    auto* a = new aiAnimMesh;
    a->mName = moves[t].first;
    a->mWeight = t == 0 ? weight : 0;
    a->mNumVertices = 3;
    a->mVertices = new aiVector3D[3]{{0, 0, 0}, {1, 0, 0}, aiVector3D(0, 1, 0) + moves[t].second};
    a->mNormals = new aiVector3D[3]{{0, 0, 1}, {0, 0, 1}, {0, 0, 1}};
    m->mAnimMeshes[t] = a;
  }
  return m;
}

// A scene: root -> node "Face" placing `meshes`, and (with `keys`) an animation "talk" whose morph
// channel `channel_name` has them: {time in ticks (1000 per second), {target, weight}...}.
struct Key { double time; std::vector<std::pair<unsigned, double>> weights; };
std::unique_ptr<aiScene> face_scene(std::vector<aiMesh*> meshes, const std::vector<Key>& keys = {},
                                    const std::string& channel_name = "Face") {
  auto s = std::make_unique<aiScene>();
  s->mRootNode = new aiNode("root");
  auto* face = new aiNode("Face");
  s->mRootNode->addChildren(1, &face);
  s->mNumMeshes = unsigned(meshes.size());
  s->mMeshes = new aiMesh*[meshes.size()];
  face->mNumMeshes = unsigned(meshes.size());
  face->mMeshes = new unsigned[meshes.size()];
  for (unsigned k = 0; k < meshes.size(); ++k) s->mMeshes[k] = meshes[k], face->mMeshes[k] = k;
  if (keys.empty()) return s;
  auto* channel = new aiMeshMorphAnim;
  channel->mName = channel_name;
  channel->mNumKeys = unsigned(keys.size());
  channel->mKeys = new aiMeshMorphKey[keys.size()];
  for (std::size_t k = 0; k < keys.size(); ++k) {
    aiMeshMorphKey& key = channel->mKeys[k];
    key.mTime = keys[k].time;
    key.mNumValuesAndWeights = unsigned(keys[k].weights.size());
    key.mValues = new unsigned[keys[k].weights.size()];
    key.mWeights = new double[keys[k].weights.size()];
    for (std::size_t v = 0; v < keys[k].weights.size(); ++v)
      key.mValues[v] = keys[k].weights[v].first, key.mWeights[v] = keys[k].weights[v].second;
  }
  auto* anim = new aiAnimation;
  anim->mName = "talk";
  anim->mTicksPerSecond = 1000;
  anim->mNumMorphMeshChannels = 1;
  anim->mMorphMeshChannels = new aiMeshMorphAnim*[1]{channel};
  s->mNumAnimations = 1;
  s->mAnimations = new aiAnimation*[1]{anim};
  return s;
}

const std::vector<std::pair<std::string, aiVector3D>> kSmileFrown{{"smile", {0, 1, 0}}, {"frown", {0, -0.5f, 0}}};

bool any_contains(const std::vector<DeferredWarning>& warnings, const std::string& part) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const DeferredWarning& w) { return w.detail.find(part) != std::string::npos; });
}
bool any_contains(const std::vector<std::string>& warnings, const std::string& part) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) { return w.find(part) != std::string::npos; });
}

TEST(AssimpMorphRules, ReplacementValuesBecomeDeltasWithNamesAndDefaultWeights) {
  const auto scene = face_scene({triangle("face", kSmileFrown)});
  const SerializedImport out = scene_from_assimp(*scene, "face.x");
  const Mesh& mesh = out.scene.meshes.at(0);
  EXPECT_EQ(mesh.target_names, (std::vector<std::string>{"smile", "frown"}));
  EXPECT_EQ(mesh.weights, (std::vector<double>{0.5, 0}));
  const Primitive& p = mesh.primitives.at(0);
  ASSERT_EQ(p.morph_targets.size(), 2u);
  EXPECT_EQ(aem::test::stream_floats(out.scene, p.morph_targets[1].position), (std::vector<float>{0, 0, 0, 0, 0, 0, 0, -0.5f, 0}));
  EXPECT_EQ(p.morph_targets[0].normal, kNone) << "normals that do not change are no stream";
  EXPECT_TRUE(out.warnings.empty());
  // FBX's mWeight is no default weight (1, or an in-between percentage); COLLADA's 1 may be a 0.
  EXPECT_EQ(scene_from_assimp(*face_scene({triangle("face", kSmileFrown)}), "face.fbx").scene.meshes[0].weights,
            (std::vector<double>{0, 0}));
  EXPECT_EQ(scene_from_assimp(*face_scene({triangle("face", kSmileFrown, 1)}), "face.dae").scene.meshes[0].weights,
            (std::vector<double>{0, 0}));
}

TEST(AssimpMorphRules, TheAiMeshesOfANodeShareTargetsMatchedByName) {
  const auto scene = face_scene({triangle("a", kSmileFrown), triangle("b", {{"frown", {0, -1, 0}}}, 0), triangle("c", {})});
  const SerializedImport out = scene_from_assimp(*scene, "face.x");
  const Mesh& mesh = out.scene.meshes.at(0);
  ASSERT_EQ(mesh.primitives.size(), 3u);
  for (const Primitive& p : mesh.primitives) EXPECT_EQ(p.morph_targets.size(), 2u);
  EXPECT_EQ(mesh.primitives[1].morph_targets[0].position, kNone) << "b has no smile";
  EXPECT_EQ(aem::test::stream_floats(out.scene, mesh.primitives[1].morph_targets[1].position)[7], -1.0f);
  EXPECT_EQ(mesh.primitives[2].morph_targets[1].position, kNone);
  EXPECT_EQ(scene_reference_problem(out.scene), "");
  EXPECT_TRUE(out.warnings.empty());
  // Another default weight for a name is warned; unnamed targets are matched by position.
  const auto weights = face_scene({triangle("a", kSmileFrown), triangle("b", kSmileFrown, 0.75f)});
  EXPECT_TRUE(any_contains(scene_from_assimp(*weights, "face.x").warnings,
                           "morph target 'smile' has default weights 0.5 and 0.75 in two aiMeshes; the first is kept"));
  const auto unnamed = face_scene({triangle("a", {{"", {0, 1, 0}}, {"", {0, 2, 0}}}), triangle("b", {{"", {0, 3, 0}}})});
  const SerializedImport by_position = scene_from_assimp(*unnamed, "face.x");
  EXPECT_TRUE(any_contains(by_position.warnings, "its aiMeshes have 1 to 2 morph targets without unique names; they are matched by position"));
  const Mesh& m = by_position.scene.meshes.at(0);
  EXPECT_TRUE(m.target_names.empty());
  EXPECT_EQ(aem::test::stream_floats(by_position.scene, m.primitives[1].morph_targets[0].position)[7], 3.0f);
  EXPECT_EQ(m.primitives[1].morph_targets[1].position, kNone);
  // A name twice in one aiMesh (FBX in-between shapes) is warned, and the targets stay apart.
  const auto twice = face_scene({triangle("a", {{"blink", {0, 1, 0}}, {"blink", {0, 2, 0}}})});
  const SerializedImport repeated = scene_from_assimp(*twice, "face.fbx");
  EXPECT_EQ(repeated.scene.meshes.at(0).primitives.at(0).morph_targets.size(), 2u);
  EXPECT_TRUE(any_contains(repeated.scene.meshes[0].primitives[0].deferred.warnings, "morph target name 'blink' repeats"));
}

// Keys listing only some targets: the others are interpolated between the keys that list them.
TEST(AssimpMorphRules, MorphKeysBecomeAWeightsTrackOfTheNode) {
  const auto scene = face_scene({triangle("face", kSmileFrown)}, {{0, {{0, 0}, {1, 1}}}, {500, {{0, 1}}}, {1000, {{0, 0}, {1, 0}}}});
  const SerializedImport out = scene_from_assimp(*scene, "face.x");
  ASSERT_EQ(out.scene.animations.size(), 1u);
  const Channel& ch = out.scene.animations[0].channels.at(0);
  EXPECT_EQ(ch.path, TargetPath::weights);
  EXPECT_EQ(out.scene.nodes.at(std::size_t(ch.node)).name, "Face");
  const AnimationSampler& sampler = out.scene.animations[0].samplers.at(std::size_t(ch.sampler));
  EXPECT_EQ(aem::test::stream_floats(out.scene, sampler.input), (std::vector<float>{0, 0.5f, 1}));
  EXPECT_EQ(aem::test::stream_floats(out.scene, sampler.output), (std::vector<float>{0, 1, 1, 0.5f, 0, 0}));
  // Baked and sampled by the runtime: frown halfway at 0.5 s.
  const BakeResult baked = bake_scene(out.scene, BakeOptions{});
  const std::vector<std::byte> bytes = serialize_model(baked.content);
  const aem::Model model = aem::Model::open_memory(bytes);
  aem::AnimationSampler s(model);
  std::vector<float> w(2);
  s.sample_morph_weights(0, 0.5f, aem::Playback::clamp, w);
  EXPECT_EQ(w, (std::vector<float>{1, 0.5f}));
  EXPECT_EQ(aem::morph_targets_of(model)->targets[0].default_weight, 0.5f);
}

TEST(AssimpMorphRules, FbxChannelNamesNameTheNodeAndAGeometryIndex) {
  const auto scene = face_scene({triangle("face", kSmileFrown)}, {{0, {{0, 1}}}}, "Face*0");
  const SerializedImport out = scene_from_assimp(*scene, "face.fbx");
  ASSERT_EQ(out.scene.animations.at(0).channels.size(), 1u);
  EXPECT_EQ(out.scene.nodes.at(std::size_t(out.scene.animations[0].channels[0].node)).name, "Face");
}

TEST(AssimpMorphRules, BrokenTargetsAreWarnedAndDoNotMoveTheMesh) {
  auto scene = face_scene({triangle("face", kSmileFrown)});
  scene->mMeshes[0]->mAnimMeshes[0]->mNumVertices = 2;  // fewer than the mesh: not read
  delete scene->mMeshes[0]->mAnimMeshes[1];
  scene->mMeshes[0]->mAnimMeshes[1] = nullptr;
  scene->mMeshes[0]->mAnimMeshes[0]->mColors[0] = new aiColor4D[3]{};
  SerializedImport out = scene_from_assimp(*scene, "face.x");
  const Primitive& p = out.scene.meshes.at(0).primitives.at(0);
  ASSERT_EQ(p.morph_targets.size(), 2u) << "kept, so that animation indices still match";
  EXPECT_EQ(p.morph_targets[0].position, kNone);
  EXPECT_EQ(p.morph_targets[1].position, kNone);
  EXPECT_TRUE(any_contains(p.deferred.warnings, "morph target 'smile' has 2 vertices, the mesh 3"));
  EXPECT_TRUE(any_contains(p.deferred.warnings, "morph target 1 has no data"));
  const BakeResult baked = bake_scene(out.scene, BakeOptions{});
  EXPECT_TRUE(any_contains(baked.report.warnings, "face.x: mesh 'face' (aiMesh 0): morph target 'smile' has 2 vertices"));
}

TEST(AssimpMorphRules, ColoursATargetChangesAndVertexBlendingAreWarnedLosses) {
  auto scene = face_scene({triangle("face", kSmileFrown)});
  scene->mMeshes[0]->mColors[0] = new aiColor4D[3]{{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  scene->mMeshes[0]->mAnimMeshes[0]->mColors[0] = new aiColor4D[3]{{1, 0, 0, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  scene->mMeshes[0]->mAnimMeshes[1]->mColors[0] = new aiColor4D[3]{{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}};
  const SerializedImport colours = scene_from_assimp(*scene, "face.x");
  const auto& warnings = colours.scene.meshes.at(0).primitives.at(0).deferred.warnings;
  EXPECT_TRUE(any_contains(warnings, "morph target 'smile' changes COLOR_0, which AEM does not morph"));
  EXPECT_FALSE(any_contains(warnings, "'frown' changes")) << "the same colours are no loss";
  scene->mMeshes[0]->mMethod = aiMorphingMethod_VERTEX_BLEND;
  const SerializedImport blend = scene_from_assimp(*scene, "face.x");
  EXPECT_TRUE(blend.scene.meshes[0].primitives[0].morph_targets.empty());
  EXPECT_TRUE(any_contains(blend.scene.meshes[0].primitives[0].deferred.warnings,
                           "2 morph target(s) dropped: morphing method vertex blend"));
}

TEST(AssimpMorphRules, KeysNamingMissingTargetsOrNoNodeAreWarned) {
  const auto past = face_scene({triangle("face", kSmileFrown)}, {{0, {{0, 1}, {7, 1}}}});
  const SerializedImport out = scene_from_assimp(*past, "face.x");
  EXPECT_TRUE(any_contains(out.warnings, "1 weight(s) name a morph target past the mesh's 2; ignored"));
  EXPECT_EQ(aem::test::stream_floats(out.scene, out.scene.animations[0].samplers.at(0).output), (std::vector<float>{1, 0}));
  const auto lost = face_scene({triangle("face", kSmileFrown)}, {{0, {{0, 1}}}}, "Nobody");
  const SerializedImport none = scene_from_assimp(*lost, "face.x");
  EXPECT_TRUE(any_contains(none.warnings, "morph channel 'Nobody': names no node; dropped"));
  EXPECT_TRUE(none.scene.animations.at(0).channels.empty());
  const auto meshless = face_scene({triangle("face", kSmileFrown)}, {{0, {{0, 1}}}}, "root");
  const SerializedImport root = scene_from_assimp(*meshless, "face.x");
  EXPECT_TRUE(any_contains(root.warnings, "morph channel 'root': its node's mesh has no morph targets; dropped"));
  EXPECT_TRUE(root.scene.animations.at(0).channels.empty());
}

TEST(AssimpMorphRules, NonFiniteOrDecreasingKeysAreOneBakeError) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const auto& [keys, expected] : std::vector<std::pair<std::vector<Key>, std::string>>{
           {{{0, {{0, 0}}}, {1000, {{0, nan}}}}, "non-finite weight"},
           {{{1000, {{0, 0}}}, {0, {{0, 1}}}}, "key times decrease"}}) {
    const SerializedImport out = scene_from_assimp(*face_scene({triangle("face", kSmileFrown)}, keys), "face.x");
    try {
      (void)bake_scene(out.scene, BakeOptions{});
      ADD_FAILURE() << "baked keys that should fail: " << expected;
    } catch (const BakeError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("morph channel 'Face' weights"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
