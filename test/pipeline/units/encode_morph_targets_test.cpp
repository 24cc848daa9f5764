// The morph_targets encoder's bytes against a payload built by hand from the spec's layout
// (specs/aem-extensions.md section 4), and its refusal of content the records cannot state.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/ext_morph_targets.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/extensions/encode_morph_targets.hpp"

namespace aem::test {
namespace {

using pipeline::ModelContent;

// Three vertices, one animation, one group "Face" of two targets: "up" dense over vertices 0-2
// (positions), "bend" sparse on vertex 2 of the span 1-2 (normals); one weight key per target.
ModelContent two_targets() {
  ModelContent c;
  c.vertices.resize(3);
  c.animations.resize(1);
  auto& m = c.extensions.morph_targets;
  m.groups = {{"Face", 2}};
  m.targets = {{"up", 0.25f, 1, 0, 3, true, {}, {1, 2, 3, 4, 5, 6, 7, 8, 9}},
               {"bend", 0, 2, 1, 2, false, {2}, {0.5f, 0, -0.5f}}};
  m.weight_tracks = {{0, 0.5f, 1}};
  return c;
}

struct Bytes {
  std::vector<std::byte> b;
  void u32(std::uint32_t v) { b.resize(b.size() + 4); std::memcpy(b.data() + b.size() - 4, &v, 4); }
  void f32(float v) { b.resize(b.size() + 4); std::memcpy(b.data() + b.size() - 4, &v, 4); }
  void text(const std::string& s) { for (char ch : s) b.push_back(std::byte(ch)); }
  void pad() { while (b.size() % 16) b.push_back(std::byte{0}); }
};

TEST(EncodeMorphTargets, BytesAreTheSpecsLayout) {
  Bytes e;
  for (std::uint32_t v : {1u, 2u, 1u, 3u, 4u, 1u, 10u, 0u}) e.u32(v);  // header: 3 + 1 deltas, names "Faceupbend"
  for (std::uint32_t v : {0u, 2u, 0u, 4u}) e.u32(v);                   // group: targets 0-1, name "Face"
  e.pad();
  for (std::uint32_t v : {4u, 2u}) e.u32(v);                           // target "up"
  e.f32(0.25f);
  for (std::uint32_t v : {1u, 0u, 3u, 0u, kMorphDense, 0u, 0u, 0u, 0u}) e.u32(v);
  for (std::uint32_t v : {6u, 4u}) e.u32(v);                           // target "bend"
  e.f32(0);
  for (std::uint32_t v : {2u, 1u, 2u, 3u, 0u, 1u, 0u, 0u, 0u}) e.u32(v);
  e.pad();
  for (std::uint32_t v : {0u, 1u}) e.u32(v);                           // weight track: 1 key from value 0
  e.pad();
  for (float v : {0.0f, 0.5f, 1.0f}) e.f32(v);                          // key: time 0, weights 0.5 and 1
  e.pad();
  for (float v : {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f, 9.0f, 0.5f, 0.0f, -0.5f}) e.f32(v);
  e.pad();
  e.u32(2);                                                             // sparse index
  e.pad();
  e.text("Faceupbend");
  e.pad();
  const pipeline::ExtensionPayload p = pipeline::encode_morph_targets(two_targets());
  EXPECT_EQ(p.name, "morph_targets");
  EXPECT_FALSE(p.required);
  EXPECT_EQ(p.record_version, 1u);
  EXPECT_EQ(p.bytes, e.b);
}

std::string refusal(const ModelContent& c) {
  try {
    pipeline::encode_morph_targets(c);
  } catch (const pipeline::InvalidContent& e) {
    return e.what();
  }
  return "(encoded)";
}

TEST(EncodeMorphTargets, ContentTheRecordsCannotStateIsRefusedNamingTheElement) {
  ModelContent c = two_targets();
  c.extensions.morph_targets.targets[1].sparse_indices = {0};
  EXPECT_EQ(refusal(c), "morph_targets: target 1: sparse index 0 out of order or outside the span");
  c = two_targets();
  c.extensions.morph_targets.targets[0].vertex_span = 4;
  EXPECT_EQ(refusal(c), "morph_targets: target 0: vertices 0+4 outside the model's 3");
  c = two_targets();
  c.extensions.morph_targets.targets[0].deltas.pop_back();
  EXPECT_EQ(refusal(c), "morph_targets: target 0: 8 delta floats for 3 moved vertices");
  c = two_targets();
  c.extensions.morph_targets.weight_tracks.push_back({});
  EXPECT_EQ(refusal(c), "morph_targets: 2 weight tracks for 1 animations x 1 groups");
  c = two_targets();
  c.extensions.morph_targets.weight_tracks[0].push_back(1);
  EXPECT_EQ(refusal(c), "morph_targets: weight track 0 is not whole keys");
  c = two_targets();
  c.extensions.morph_targets.groups[0].target_count = 1;
  EXPECT_EQ(refusal(c), "morph_targets: the groups hold 1 targets, not 2");
}

}  // namespace
}  // namespace aem::test
