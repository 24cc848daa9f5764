// The morph_targets payload (specs/aem-extensions.md section 4): a hand-built payload read back
// field by field through aem::morph_targets_of, and one hostile payload per rule of the checker,
// each refused as bad_extension_payload naming the field and its byte.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "morph_payload.hpp"

namespace {

using aem::test::MorphSpec;
using aem::test::poke;

// On the tiny model (3 vertices, 1 animation of 1 s): a group of two targets and one of one.
MorphSpec small_spec() {
  MorphSpec s;
  s.groups = {{"face", 2}, {"", 1}};
  s.targets = {
      {"smile", 0.25f, 1, 0, 3, false, {}, {1, 2, 3, 4, 5, 6, 7, 8, 9}},
      {"frown", 0, 3, 0, 3, true, {1, 2}, {10, 11, 12, 0, 0, 1, 13, 14, 15, 0, 1, 0}},
      {"blink", 1, 6, 1, 2, false, {}, {0, 1, 0, 1, 0, 0, 0, 0, -1, 0, 1, 0}},
  };
  s.tracks = {{0, 0, 1, 0.5f, 1, 0, 1, 0.5f, 0.5f}, {0.25f, 0.75f}};
  return s;
}

// The layout of small_spec's payload, by hand: header 32, groups 2 x 16, targets 3 x 48, tracks
// 2 x 8, values 11 x 4, deltas 11 x 12, sparse 2 x 4, names "facesmilefrownblink" (19).
struct SmallLayout {
  static constexpr std::uint64_t groups = 32, targets = 64, tracks = 208, values = 224, deltas = 272,
                                 sparse = 416, names = 432, end = 464;
};

std::vector<std::byte> small_file() { return aem::test::with_morph_payload(aem::test::tiny_model(), aem::test::morph_payload(small_spec())); }

TEST(MorphTargetsPayload, TheLayoutIsTheSpecs) {
  const std::vector<std::byte> payload = aem::test::morph_payload(small_spec());
  ASSERT_EQ(payload.size(), SmallLayout::end);
  aem::MorphTargetsHeader header;
  std::memcpy(&header, payload.data(), sizeof header);
  const aem::MorphTargetsLayout at = aem::morph_targets_layout(header);
  EXPECT_EQ(at.groups, SmallLayout::groups);
  EXPECT_EQ(at.targets, SmallLayout::targets);
  EXPECT_EQ(at.weight_tracks, SmallLayout::tracks);
  EXPECT_EQ(at.weight_values, SmallLayout::values);
  EXPECT_EQ(at.deltas, SmallLayout::deltas);
  EXPECT_EQ(at.sparse_indices, SmallLayout::sparse);
  EXPECT_EQ(at.names, SmallLayout::names);
  EXPECT_EQ(at.end, SmallLayout::end);
}

TEST(MorphTargetsPayload, ReadsBackEveryField) {
  const std::vector<std::byte> file = small_file();
  const aem::Model model = aem::Model::open_memory(file);
  const std::optional<aem::MorphTargetsView> m = aem::morph_targets_of(model);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->header.group_count, 2u);
  EXPECT_EQ(m->header.target_count, 3u);
  EXPECT_EQ(m->header.weight_track_count, 2u);
  EXPECT_EQ(m->header.weight_value_count, 11u);
  EXPECT_EQ(m->header.delta_count, 11u);
  EXPECT_EQ(m->header.sparse_index_count, 2u);
  EXPECT_EQ(m->header.text_size, 19u);
  EXPECT_EQ(m->names, "facesmilefrownblink");
  EXPECT_EQ(m->name(m->groups[0]), "face");
  EXPECT_EQ(m->name(m->groups[1]), "");
  EXPECT_EQ(m->name(m->targets[2]), "blink");
  EXPECT_EQ(m->group_of(0), 0u);
  EXPECT_EQ(m->group_of(1), 0u);
  EXPECT_EQ(m->group_of(2), 1u);
  const aem::MorphTarget& frown = m->targets[1];
  EXPECT_TRUE(aem::is_sparse(frown));
  EXPECT_FALSE(aem::is_sparse(m->targets[0]));
  EXPECT_EQ(frown.attributes, aem::kMorphPosition | aem::kMorphNormal);
  EXPECT_EQ(frown.first_delta, 3u);
  EXPECT_EQ(frown.first_sparse_index, 0u);
  EXPECT_EQ(frown.sparse_count, 2u);
  EXPECT_EQ(m->targets[0].default_weight, 0.25f);
  EXPECT_EQ(m->targets[2].first_vertex, 1u);
  EXPECT_EQ(m->targets[2].vertex_span, 2u);
  EXPECT_EQ(std::vector<std::uint32_t>(m->sparse_indices_of(frown).begin(), m->sparse_indices_of(frown).end()),
            (std::vector<std::uint32_t>{1, 2}));
  EXPECT_TRUE(m->sparse_indices_of(m->targets[0]).empty());
  const std::span<const float> d = m->deltas_of(frown);
  EXPECT_EQ(std::vector<float>(d.begin(), d.end()), small_spec().targets[1].deltas);
  EXPECT_EQ(m->deltas_of(m->targets[2]).size(), 12u);
  EXPECT_EQ(m->weight_track(0, 1).first_value, 9u);
  EXPECT_EQ(m->weight_track(0, 0).key_count, 3u);
  const std::span<const float> keys = m->key_values(m->weight_track(0, 1), m->groups[1]);
  EXPECT_EQ(std::vector<float>(keys.begin(), keys.end()), (std::vector<float>{0.25f, 0.75f}));
  // In place: the view points into the model's payload.
  EXPECT_EQ(static_cast<const void*>(m->groups.data()), model.extension_payload("morph_targets")->data() + 32);
}

TEST(MorphTargetsPayload, NoneWithoutTheExtension) {
  const std::vector<std::byte> plain = aem::pipeline::serialize_model(aem::test::tiny_model());
  EXPECT_FALSE(aem::morph_targets_of(aem::Model::open_memory(plain)));
  // The writer opens what it writes: a good payload passes its check there too.
  const aem::test::MorphSpec spec = small_spec();
  EXPECT_NO_THROW(aem::pipeline::serialize_model(aem::test::tiny_model(),
                                                 {{{"morph_targets", false, 1, aem::test::morph_payload(spec)}}}));
}

TEST(MorphTargetsPayload, ATrustedOpenWithCountsThatLieGivesNoView) {
  std::vector<std::byte> file = small_file();
  const std::uint64_t payload = aem::Model::open_memory(file).extensions()[0].offset;
  poke<std::uint32_t>(file, payload + 16, 1000);  // delta_count
  const aem::Model model = aem::Model::open_memory(file, {.validate = false});
  EXPECT_FALSE(aem::morph_targets_of(model));
}

struct Hostile {
  const char* rule;
  std::function<void(std::vector<std::byte>& payload)> edit;
  std::uint64_t at;  // in the payload
  std::string words;
};

void poke_u32(std::vector<std::byte>& p, std::uint64_t at, std::uint32_t v) { poke<std::uint32_t>(p, at, v); }
void poke_f32(std::vector<std::byte>& p, std::uint64_t at, float v) { poke<float>(p, at, v); }

std::vector<Hostile> hostile_payloads() {
  using L = SmallLayout;
  const auto target = [](std::uint64_t t, std::uint64_t field) { return L::targets + 48 * t + field; };
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  return {
      {"shorter than the header", [](auto& p) { p.resize(16); }, 0, "cannot hold its 32"},
      {"counts that lie", [](auto& p) { poke_u32(p, 16, 13); }, 0, "header counts: they lay out 480 bytes, but the payload has 464"},
      {"header reserved", [](auto& p) { poke_u32(p, 28, 1); }, 28, "reserved: 1, not 0"},
      {"padding", [](auto& p) { p[L::deltas - 1] = std::byte{1}; }, L::deltas - 1, "padding after the weight values is not zero"},
      {"name padding", [](auto& p) { p[L::end - 1] = std::byte{1}; }, L::end - 1, "padding after the names is not zero"},
      {"group first_target", [](auto& p) { poke_u32(p, L::groups + 16, 1); }, L::groups + 16, "group 1 first_target: 1, but the groups cover the targets in order: 2"},
      {"group target_count 0", [](auto& p) { poke_u32(p, L::groups + 4, 0); }, L::groups + 4, "group 0 target_count: 0"},
      {"group past the targets", [](auto& p) { poke_u32(p, L::groups + 20, 2); }, L::groups + 20, "group 1 target_count: 2 (1 to the 1 targets left)"},
      {"group name outside", [](auto& p) { poke_u32(p, L::groups + 12, 20); }, L::groups + 8, "group 0 name: bytes [0, 20) run past the 19 bytes"},
      {"name not UTF-8", [](auto& p) { p[L::names + 4] = std::byte{0xC0}; }, target(0, 0), "target 0 name: not valid UTF-8"},
      {"name with NUL", [](auto& p) { p[L::names + 1] = std::byte{0}; }, L::groups + 8, "group 0 name: not valid UTF-8 without NUL"},
      {"default weight", [=](auto& p) { poke_f32(p, target(1, 8), nan); }, target(1, 8), "target 1 default_weight: not finite"},
      {"attributes 0", [=](auto& p) { poke_u32(p, target(0, 12), 0); }, target(0, 12), "target 0 attributes: 0 (bits 0 to 2 only"},
      {"attributes bit 3", [=](auto& p) { poke_u32(p, target(0, 12), 9); }, target(0, 12), "target 0 attributes: 9"},
      {"span outside", [=](auto& p) { poke_u32(p, target(2, 20), 3); }, target(2, 20), "target 2 vertices: [1, 4) run past the model's 3 vertices"},
      {"span wraps", [=](auto& p) { poke_u32(p, target(2, 16), 0xFFFFFFFFu); }, target(2, 20), "target 2 vertices: [4294967295, 4294967297)"},
      {"target reserved", [=](auto& p) { poke_u32(p, target(1, 44), 5); }, target(1, 44), "target 1 reserved: not 0"},
      {"first_delta out of order", [=](auto& p) { poke_u32(p, target(1, 24), 2); }, target(1, 24), "target 1 first_delta: 2, but targets' deltas follow each other in order: 3"},
      {"deltas left over", [=](auto& p) { poke_u32(p, target(2, 20), 1); }, 16, "delta_count: 11, but the targets hold 9"},
      {"deltas run past", [=](auto& p) { poke_u32(p, target(2, 12), 7); }, target(2, 24), "target 2 deltas: [7, 13) run past the 11 deltas"},
      {"first_sparse_index", [=](auto& p) { poke_u32(p, target(1, 28), 1); }, target(1, 28), "target 1 first_sparse_index: 1, but sparse targets' indices follow each other in order: 0"},
      {"sparse_count past", [=](auto& p) { poke_u32(p, target(1, 32), 3); }, target(1, 32), "target 1 sparse_count: 3 (at most its span of 3, inside the 2 sparse indices)"},
      {"dense with a sparse_count", [=](auto& p) { poke_u32(p, target(0, 32), 1); }, target(0, 32), "target 0 sparse_count: 1, but the target is dense"},
      {"sparse indices left over", [](auto& p) { poke_u32(p, 20, 3); }, 20, "sparse_index_count: 3, but the sparse targets hold 2"},
      {"sparse index outside the span", [](auto& p) { poke_u32(p, L::sparse + 4, 3); }, L::sparse + 4, "target 1 sparse index 1: vertex 3 is outside its span [0, 3)"},
      {"sparse indices not ascending", [](auto& p) { poke_u32(p, L::sparse + 4, 1); }, L::sparse + 4, "target 1 sparse index 1: vertex 1 does not come after 1"},
      {"first_value out of order", [](auto& p) { poke_u32(p, L::tracks + 8, 8); }, L::tracks + 8, "weight track 1 (animation 0, group 1) first_value: 8, but tracks' keys follow each other in order: 9"},
      {"key_count past the values", [](auto& p) { poke_u32(p, L::tracks + 12, 2); }, L::tracks + 12, "weight track 1 (animation 0, group 1) key_count: 2 keys of 2 values run past the 11"},
      {"values left over", [](auto& p) { poke_u32(p, L::tracks + 4, 2); poke_u32(p, L::tracks + 8, 6); }, 12, "weight_value_count: 11, but the tracks' keys hold 8"},
      {"weight not finite", [=](auto& p) { poke_f32(p, L::values + 4, inf); }, L::values + 4, "weight track 0 (animation 0, group 0) value 1: not finite"},
      {"time not finite", [=](auto& p) { poke_f32(p, L::values + 12, nan); }, L::values + 12, "value 3: not finite"},
      {"time past the duration", [](auto& p) { poke_f32(p, L::values + 24, 1.5f); }, L::values + 24, "key 2 time 1.5: outside the animation [0, 1]"},
      {"time negative", [](auto& p) { poke_f32(p, L::values + 36, -1); }, L::values + 36, "weight track 1 (animation 0, group 1) key 0 time -1: outside"},
      {"time out of order", [](auto& p) { poke_f32(p, L::values + 24, 0.25f); }, L::values + 24, "key 2 time 0.25: before the previous key's 0.5"},
      {"delta not finite", [=](auto& p) { poke_f32(p, L::deltas + 40, nan); }, L::deltas + 40, "delta 3 component 1: not finite"},
  };
}

TEST(MorphTargetsPayload, EveryRuleRefusesItsHostilePayload) {
  const std::uint64_t payload_at = aem::Model::open_memory(small_file()).extensions()[0].offset;
  for (const Hostile& h : hostile_payloads()) {
    SCOPED_TRACE(h.rule);
    std::vector<std::byte> payload = aem::test::morph_payload(small_spec());
    h.edit(payload);
    const std::vector<std::byte> file = aem::test::with_morph_payload(aem::test::tiny_model(), payload);
    const aem::Expected<aem::Model> opened = aem::Model::try_open_memory(file);
    ASSERT_FALSE(opened);
    const aem::Error& e = opened.error();
    EXPECT_EQ(e.code, aem::ErrorCode::bad_extension_payload) << e.describe();
    EXPECT_EQ(e.byte_offset, payload_at + h.at) << e.describe();
    EXPECT_NE(e.message.find("morph_targets: "), std::string::npos) << e.message;
    EXPECT_NE(e.message.find(h.words), std::string::npos) << e.message;
    // A trusted open skips the payload's checks (the frame is whole).
    EXPECT_TRUE(aem::Model::try_open_memory(file, {.validate = false}));
  }
}

TEST(MorphTargetsPayload, WeightTracksMustCoverEveryAnimationAndGroup) {
  MorphSpec spec = small_spec();
  spec.tracks.pop_back();  // one track, two groups, one animation
  const std::vector<std::byte> file = aem::test::with_morph_payload(aem::test::tiny_model(), aem::test::morph_payload(spec));
  const aem::Expected<aem::Model> opened = aem::Model::try_open_memory(file);
  ASSERT_FALSE(opened);
  EXPECT_EQ(opened.error().byte_offset, aem::Model::open_memory(small_file()).extensions()[0].offset + 8);
  EXPECT_NE(opened.error().message.find("weight_track_count: 1, but animation_count 1 x group_count 2 = 2"), std::string::npos)
      << opened.error().message;
}

}  // namespace
