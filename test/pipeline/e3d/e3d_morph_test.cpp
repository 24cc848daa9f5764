// E3D morph targets (specs/e3d-import.md §2, "Morph targets"): the morphs of a mesh and its
// ftkMorph weight tracks bake into the morph_targets extension as glTF's do, and each rule the
// producer holds hostile morph data to is an error or a warning naming the block.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "aem/animation_sampler.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/morph.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_test_support.hpp"
#include "e3d_test_bake.hpp"
#include "e3d_test_files.hpp"

namespace aem::test {
namespace {

using V3 = std::array<float, 3>;

// The quad's vertices in the scene's space (E3D (x, y, z) is (x, -y, -z), specs/e3d-import.md §3).
V3 scene(V3 v) { return {v[0], -v[1], -v[2]}; }
const V3 kBase[4] = {scene({0, 0, 0}), scene({1, 0, 0}), scene({1, 1, 0}), scene({0, 1, 0})};

std::string warnings_of(const pipeline::BakeResult& result) {
  std::string all;
  for (const std::string& w : result.report.warnings) all += w + "\n";
  return all;
}

// The source vertex a baked vertex comes from, by its base position; -1 for none.
int source_of(const Vertex& v) {
  for (int i = 0; i < 4; ++i)
    if (std::abs(v.position[0] - kBase[i][0]) + std::abs(v.position[1] - kBase[i][1]) + std::abs(v.position[2] - kBase[i][2]) < 1e-6) return i;
  return -1;
}

// The baked vertices morphed by `weights`, each beside its source vertex.
struct Morphed { int source; Vertex base, moved; };
std::vector<Morphed> morphed(const Model& model, const MorphTargetsView& view, std::vector<float> weights) {
  std::vector<Vertex> out(model.vertices().size());
  apply_morph_targets(view, model.vertices(), weights, out);
  std::vector<Morphed> result;
  for (std::size_t i = 0; i < out.size(); ++i) result.push_back({source_of(model.vertices()[i]), model.vertices()[i], out[i]});
  return result;
}

void expect_near(const float* got, V3 expected, const char* what, int source) {
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(got[c], expected[c], 1e-5) << what << " of source vertex " << source << " component " << c;
}

// morphed_quad (e3d_test_files.hpp): the target meshes are not baked as meshes of their own; the
// base's two targets are, with names and default weights; each target at weight 1 puts every
// vertex where its target mesh has it (y and z turned into the scene's space), 'smile' with its
// normal, 'grow' positions only (a warning says so); the weights at and between the keys follow
// the TCB curve of 0, 1, 0.5 at frames 0, 15, 30 (E3dImport.FrameTracksBakeToAnAnimation's rule:
// tangents 1.375, 0.25, -0.875, so 0.640625 at frame 7.5 and 0.890625 at 22.5), 'smile' held at 0.25.
TEST(E3dMorph, TargetsAndWeightTracksBakeIntoTheExtension) {
  const pipeline::BakeResult result = bake_bytes("morphed", morphed_quad());
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  EXPECT_EQ(semantic_problems(model), "");
  EXPECT_EQ(model.meshes().size(), 1u) << "the target meshes are placed by no node";
  EXPECT_EQ(model.vertices().size(), 4u);
  const std::optional<MorphTargetsView> view = morph_targets_of(model);
  ASSERT_TRUE(view.has_value());
  ASSERT_EQ(view->groups.size(), 1u);
  ASSERT_EQ(view->targets.size(), 2u);
  EXPECT_EQ(view->name(view->groups[0]), "face");
  EXPECT_EQ(view->name(view->targets[0]), "smile");
  EXPECT_EQ(view->name(view->targets[1]), "grow");
  EXPECT_FLOAT_EQ(view->targets[0].default_weight, 0.25f);
  EXPECT_FLOAT_EQ(view->targets[1].default_weight, 0.0f);
  EXPECT_EQ(view->targets[0].attributes, kMorphPosition | kMorphNormal);
  EXPECT_EQ(view->targets[1].attributes, kMorphPosition);

  const V3 smile[4] = {kBase[0], scene({1.5f, -0.5f, 0.25f}), kBase[2], kBase[3]};
  for (const Morphed& m : morphed(model, *view, {1, 0})) {
    ASSERT_GE(m.source, 0);
    expect_near(m.moved.position, smile[m.source], "smile position", m.source);
    expect_near(m.moved.normal, m.source == 1 ? V3{1, 0, 0} : V3{0, 0, 1}, "smile normal", m.source);
  }
  const V3 grow[4] = {scene({0, 0, 1}), scene({2, 0, 1}), scene({2, 2, 1}), scene({0, 2, 1})};
  for (const Morphed& m : morphed(model, *view, {0, 1})) {
    expect_near(m.moved.position, grow[m.source], "grow position", m.source);
    expect_near(m.moved.normal, V3{0, 0, 1}, "grow normal (unmoved)", m.source);
  }
  EXPECT_NE(warnings_of(result).find("'grow') moves positions only"), std::string::npos) << warnings_of(result);

  ASSERT_EQ(model.animations().size(), 1u);
  EXPECT_FLOAT_EQ(model.animations()[0].duration, 1.0f);
  AnimationSampler sampler(model);
  const double expected[][2] = {{0, 0}, {7.5, 0.640625}, {15, 1}, {22.5, 0.890625}, {30, 0.5}};
  for (const auto& [frame, weight] : expected) {
    std::vector<float> weights(2);
    sampler.sample_morph_weights(0, float(frame / 30), Playback::clamp, weights);
    EXPECT_NEAR(weights[0], 0.25, 1e-6) << "frame " << frame << ": 'smile' has no track";
    EXPECT_NEAR(weights[1], weight, 1e-3) << "frame " << frame;
  }
}

MorphedQuad with(void (*change)(MorphedQuad&)) {
  MorphedQuad q;
  change(q);
  return q;
}

// Each rule of hostile morph data: an error naming the file, the block (type and offset) and the
// problem, never a crash.
TEST(E3dMorph, HostileMorphsAreRefusedNamingTheBlock) {
  const struct { const char* name; MorphedQuad quad; const char* block; const char* problem; } cases[] = {
      {"count", with([](MorphedQuad& q) { q.declared_morphs = 3; }), "(morphs) at offset 368", "mesh 2 (ID 1) declares 3 morphs, but the block holds 2"},
      {"missing", with([](MorphedQuad& q) { q.target_ids[0] = 9; }), "(morph) at offset 378", "morph 0 ('smile') targets mesh ID 9, which no mesh has"},
      {"itself", with([](MorphedQuad& q) { q.target_ids[1] = 1; }), "(morph) at offset", "morph 1 ('grow') targets its own mesh"},
      {"chained", with([](MorphedQuad& q) { q.chained = true; }), "(morph) at offset", "targets mesh 0 (ID 2), which has morph targets of its own"},
      {"weight", with([](MorphedQuad& q) { q.smile_weight = std::numeric_limits<float>::quiet_NaN(); }), "(morphWeight) at offset",
       "morph 0: the default weight is not finite"},
      {"key", with([](MorphedQuad& q) { q.track_weights[1] = std::numeric_limits<float>::infinity(); }), "(ftkMorph) at offset",
       "the weight of key 1 is not finite"},
  };
  for (const auto& c : cases) {
    const std::string error = bake_error(c.name, morphed_quad(c.quad));
    EXPECT_NE(error.find("aem_e3d_test_"), std::string::npos) << c.name << ": " << error;
    EXPECT_NE(error.find(c.block), std::string::npos) << c.name << ": " << error;
    EXPECT_NE(error.find(c.problem), std::string::npos) << c.name << ": " << error;
  }
}

// A target with fewer vertices than its base morphs the ones it has, as Ecere does (the base's
// fourth vertex keeps its place), with a warning naming the block.
TEST(E3dMorph, AShorterTargetMorphsTheVerticesItHas) {
  const pipeline::BakeResult result = bake_bytes("short", morphed_quad(with([](MorphedQuad& q) { q.grow_vertices = 3; })));
  EXPECT_NE(warnings_of(result).find("(morph) at offset"), std::string::npos) << warnings_of(result);
  EXPECT_NE(warnings_of(result).find("its target mesh 1 (ID 3) has 3 vertices, the base 4"), std::string::npos) << warnings_of(result);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<MorphTargetsView> view = morph_targets_of(model);
  ASSERT_TRUE(view.has_value());
  const V3 grow[4] = {scene({0, 0, 1}), scene({2, 0, 1}), scene({2, 2, 1}), kBase[3]};
  for (const Morphed& m : morphed(model, *view, {0, 1})) expect_near(m.moved.position, grow[m.source], "grow position", m.source);
}

// A track naming a morph the node's mesh lacks is dropped with a warning, as Ecere ignores it:
// the targets bake, with no weight keys (the animation, which moves nothing else, has no channel).
TEST(E3dMorph, ATrackOfAMorphOutOfRangeIsDropped) {
  const pipeline::BakeResult result = bake_bytes("index", morphed_quad(with([](MorphedQuad& q) { q.track_index = 2; })));
  EXPECT_NE(warnings_of(result).find("(ftkMorph) at offset"), std::string::npos) << warnings_of(result);
  EXPECT_NE(warnings_of(result).find("animates morph 2 of node 0 ('face'), whose mesh has only 2"), std::string::npos)
      << warnings_of(result);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<MorphTargetsView> view = morph_targets_of(model);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->targets.size(), 2u);
  for (const MorphWeightTrack& track : view->weight_tracks) EXPECT_EQ(track.key_count, 0u);
}

// Two tracks of one morph: the later wins, as in Ecere, where it is applied last; a warning says so.
TEST(E3dMorph, ALaterTrackOfOneMorphReplacesTheEarlier) {
  const pipeline::BakeResult result = bake_bytes("retracked", morphed_quad(with([](MorphedQuad& q) { q.retracked = true; })));
  EXPECT_NE(warnings_of(result).find("animates morph 1 of node 0 ('face') again; the later track replaces the earlier"),
            std::string::npos) << warnings_of(result);
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  AnimationSampler sampler(model);
  std::vector<float> weights(2);
  sampler.sample_morph_weights(0, 0.25f, Playback::clamp, weights);
  EXPECT_FLOAT_EQ(weights[1], 1.0f);
}

// E3D names are bytes of no stated encoding: a morph's name is stored as the names extension
// stores names (up to a NUL, Latin-1 when not UTF-8), and so are a node's (the morph group's and
// the joint's) and an animation's, so that the extension and the tables stay valid.
TEST(E3dMorph, NamesAreStoredAsUtf8) {
  const MorphedQuad quad = with([](MorphedQuad& q) { q.smile_name = "\xE9t\xE9"; q.animation_name = std::string("gr\0in", 5);
                                                 q.node_name = std::string("fa\0ce", 5); q.moved = true; });
  const pipeline::BakeResult result = bake_bytes("names", morphed_quad(quad));
  const std::vector<std::byte> bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const std::optional<MorphTargetsView> view = morph_targets_of(model);
  ASSERT_TRUE(view.has_value());
  EXPECT_EQ(view->name(view->targets[0]), "\xC3\xA9t\xC3\xA9");
  EXPECT_EQ(view->name(view->groups[0]), "fa");
  ASSERT_EQ(model.joints().size(), 1u);
  EXPECT_STREQ(model.joints()[0].name, "fa");
  ASSERT_EQ(model.animations().size(), 1u);
  EXPECT_STREQ(model.animations()[0].name, "gr");
}

}  // namespace
}  // namespace aem::test
