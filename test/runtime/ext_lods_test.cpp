// The `lods` extension (specs/aem-extensions.md section 4): the encoder's exact bytes against a
// hand-built payload, the view's spans, and one hostile payload per checker rule.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace ext_lods_test {

// tiny_model() as a 3 × 3 grid of vertices, 8 triangles in its one mesh, with two levels: the
// grid's two halves (error 0.25) and one corner triangle (error 0.5).
aem::pipeline::ModelContent grid_with_lods() {
  aem::pipeline::ModelContent m = aem::test::grid_model();
  m.extensions.lods.meshes = {{{{0, 2, 8, 0, 8, 6}, 0.25f}, {{0, 2, 6}, 0.5f}}};
  return m;
}

std::vector<std::byte> payload_of(const std::vector<std::byte>& file) {
  return aem::test::extension_payload_of(file, aem::kLodsExtension);
}

std::vector<std::byte> hand_built_payload() {
  std::vector<std::byte> out;
  for (std::uint32_t v : {1u, 2u, 9u, 0u}) aem::test::append_value(out, v);     // header
  for (std::uint32_t v : {0u, 2u, 0u, 0u}) aem::test::append_value(out, v);     // mesh 0
  for (std::uint32_t v : {0u, 6u}) aem::test::append_value(out, v);             // level 1
  aem::test::append_value(out, 0.25f);
  aem::test::append_value(out, 0u);
  for (std::uint32_t v : {6u, 3u}) aem::test::append_value(out, v);             // level 2
  aem::test::append_value(out, 0.5f);
  aem::test::append_value(out, 0u);
  for (std::uint32_t v : {0u, 2u, 8u, 0u, 8u, 6u, 0u, 2u, 6u}) aem::test::append_value(out, v);
  out.resize(112);  // 36 bytes of indices, zero padded to 48
  return out;
}

TEST(Lods, EncodesByteForByte) {
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(grid_with_lods())), hand_built_payload());
}

TEST(Lods, TheViewHandsOutTheRecordsInPlace) {
  const std::vector<std::byte> file = aem::pipeline::serialize_model(grid_with_lods());
  for (const bool validate : {true, false}) {
    const aem::Model model = aem::Model::open_memory(file, {.validate = validate});
    const std::optional<aem::LodsView> view = aem::lods_of(model);
    ASSERT_TRUE(view.has_value());
    const std::span<const aem::LodLevel> levels = view->levels_of(0);
    ASSERT_EQ(levels.size(), 2u);
    EXPECT_EQ(levels[0].triangle_count(), 2u);
    EXPECT_EQ(levels[1].error, 0.5f);
    const std::span<const std::uint32_t> last = view->indices_of(levels[1]);
    EXPECT_EQ(std::vector<std::uint32_t>(last.begin(), last.end()), (std::vector<std::uint32_t>{0, 2, 6}));
    EXPECT_TRUE(view->levels_of(1).empty());
    const auto payload = *model.extension_payload(aem::kLodsExtension);
    EXPECT_EQ(static_cast<const void*>(view->indices.data()), static_cast<const void*>(payload.data() + 64));
  }
  EXPECT_FALSE(aem::lods_of(aem::Model::open_memory(aem::pipeline::serialize_model(aem::test::tiny_model()))));
}

TEST(Lods, LodForPicksTheCoarsestLevelWithinTheAllowedError) {
  const aem::LodLevel levels[] = {{0, 12, 0.1f, 0}, {12, 6, 0.1f, 0}, {18, 3, 0.4f, 0}};
  EXPECT_EQ(aem::lod_for(levels, 0.0f), 0u);
  EXPECT_EQ(aem::lod_for(levels, 0.09f), 0u);
  EXPECT_EQ(aem::lod_for(levels, 0.1f), 2u);  // equal errors: the coarser
  EXPECT_EQ(aem::lod_for(levels, 0.39f), 2u);
  EXPECT_EQ(aem::lod_for(levels, 0.4f), 3u);
  EXPECT_EQ(aem::lod_for(levels, std::numeric_limits<float>::infinity()), 3u);
  EXPECT_EQ(aem::lod_for(levels, std::numeric_limits<float>::quiet_NaN()), 0u);
  EXPECT_EQ(aem::lod_for({}, 1.0f), 0u);
}

TEST(Lods, AllowedObjectErrorIsThePixelsProjectedBack) {
  // 90° vertical field of view over 1000 pixels: at distance 10 the view is 20 units high, so a
  // pixel is 0.02 units.
  EXPECT_NEAR(aem::allowed_object_error(1.0f, 10.0f, float(std::numbers::pi / 2), 1000.0f), 0.02f, 1e-7f);
  EXPECT_NEAR(aem::allowed_object_error(4.0f, 10.0f, float(std::numbers::pi / 2), 1000.0f), 0.08f, 1e-7f);
  EXPECT_EQ(aem::allowed_object_error(4.0f, 0.0f, 1.0f, 1000.0f), 0.0f);
}

// A file with its lods payload replaced by `payload` (model_bytes.hpp).
std::vector<std::byte> with_payload(const std::vector<std::byte>& payload) {
  aem::pipeline::ModelContent plain = grid_with_lods();
  plain.extensions.lods = {};
  return aem::test::with_only_payload(aem::pipeline::serialize_model(grid_with_lods()),
                                      aem::pipeline::serialize_model(plain).size(), payload);
}

void expect_refused(const std::vector<std::byte>& payload, std::uint64_t at, const std::string& words) {
  SCOPED_TRACE(words);
  const std::vector<std::byte> file = with_payload(payload);
  aem::test::expect_payload_refused(file, payload.size(), at, "lods: " + words);
  // A trusted open skips the element checks, and the view never leaves the payload.
  const aem::Model trusted = aem::Model::open_memory(file, {.validate = false});
  if (const auto view = aem::lods_of(trusted)) {
    for (std::size_t m = 0; m < view->meshes.size(); ++m)
      for (const aem::LodLevel& level : view->levels_of(m)) EXPECT_LE(view->indices_of(level).size(), view->indices.size());
  }
}

template <class T>
std::vector<std::byte> poked(std::vector<std::byte> bytes, std::uint64_t at, T value) {
  aem::test::poke(bytes, at, value);
  return bytes;
}

TEST(Lods, EveryCheckerRuleRefusesItsHostilePayload) {
  const std::vector<std::byte> good = hand_built_payload();
  ASSERT_TRUE(aem::Model::try_open_memory(with_payload(good)).has_value());
  expect_refused(std::vector<std::byte>(good.begin(), good.begin() + 12), 0, "header:");
  // A level for a mesh that does not exist: the header counts two meshes.
  expect_refused(poked(good, 0, 2u), 0, "mesh_count: 2 but the model has 1 meshes");
  expect_refused(poked(good, 4, 0u), 4, "level_count: 0");
  expect_refused(poked(good, 12, 1u), 12, "reserved: 1");
  expect_refused(poked(good, 8, 13u), 0, "size: the payload has 112 bytes but its counts make 128");
  expect_refused(poked(good, 8, 0xFFFFFFFFu), 0, "size:");
  expect_refused(poked(good, 108, std::uint8_t(1)), 108, "padding:");
  expect_refused(poked(good, 16, 1u), 16, "mesh 0 first_level: 1");
  expect_refused(poked(good, 20, 3u), 20, "mesh 0 level_count: its levels end at 3");
  expect_refused(poked(good, 20, 1u), 4, "level_count: 2 but the meshes have 1 levels");
  expect_refused(poked(good, 24, 5u), 24, "mesh reserved: 5");
  expect_refused(poked(good, 48, 3u), 48, "mesh 0 level 2 first_index: 3");
  expect_refused(poked(good, 36, 4u), 36, "mesh 0 level 1 index_count: 4 is not a positive multiple of 3");
  expect_refused(poked(good, 36, 0u), 36, "mesh 0 level 1 index_count: 0");
  // Counts that lie: a level past the index array, levels not using every index.
  expect_refused(poked(poked(good, 36, 9u), 48, 9u), 52,
                 "mesh 0 level 2 index_count: its indices end at 12, past the header's index_count 9");
  expect_refused(poked(good, 8, 12u), 8, "index_count: 12 but the levels use 9");
  expect_refused(poked(good, 52, 6u), 52, "mesh 0 level 2 index_count: 2 triangles, not fewer than the previous level's 2");
  auto eight = poked(poked(good, 36, 24u), 48, 24u);
  expect_refused(eight, 36, "mesh 0 level 1 index_count: 8 triangles, not fewer than the previous level's 8");
  expect_refused(poked(good, 52, 0u), 52, "mesh 0 level 2 index_count: 0");
  expect_refused(poked(good, 40, std::numeric_limits<float>::quiet_NaN()), 40, "mesh 0 level 1 error:");
  expect_refused(poked(good, 40, std::numeric_limits<float>::infinity()), 40, "mesh 0 level 1 error:");
  expect_refused(poked(good, 40, -0.5f), 40, "mesh 0 level 1 error: -0.500000 is below the previous level's 0.000000");
  expect_refused(poked(good, 56, 0.125f), 56, "mesh 0 level 2 error: 0.125000 is below the previous level's 0.250000");
  expect_refused(poked(good, 44, 7u), 44, "level reserved: 7");
  expect_refused(poked(good, 64 + 4 * 4, 9u), 64 + 4 * 4, "index 4: 9 is not below the vertex count 9");
  expect_refused(poked(good, 64 + 8 * 4, 0xFFFFFFFFu), 64 + 8 * 4, "index 8: 4294967295");
}

}  // namespace ext_lods_test
