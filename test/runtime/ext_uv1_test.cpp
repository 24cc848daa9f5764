// The `uv1` extension (specs/aem-extensions.md section 4): the encoder's exact bytes against a
// hand-built payload, the view, and one hostile payload per checker rule.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "aem/ext_uv1.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace ext_uv1_test {

// The tiny model (3 vertices, its materials and textures) with a second UV set; material 0
// samples occlusion with set 1 from texture 0.
aem::pipeline::ModelContent with_uv1() {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  m.extensions.uv1.uvs = {{0.5f, 0.25f}, {1, 0}, {-2, 3}};
  m.extensions.uv1.materials.assign(m.materials.size(), aem::Uv1Material{0, 0, 0, 0, aem::kUv1NoTexture, {0, 0}});
  m.extensions.uv1.materials[0] = {0, 0, 0, 1, 0, {0, 0}};
  return m;
}

std::vector<std::byte> payload_of(const std::vector<std::byte>& file) {
  return aem::test::extension_payload_of(file, aem::kUv1Extension);
}

TEST(Uv1, EncodesByteForByte) {
  const aem::pipeline::ModelContent m = with_uv1();
  ASSERT_GE(m.materials.size(), 1u);
  ASSERT_GE(m.textures.size(), 1u);
  std::vector<std::byte> expected;
  for (std::uint32_t v : {3u, std::uint32_t(m.materials.size()), 0u, 0u}) aem::test::append_value(expected, v);
  for (float v : {0.5f, 0.25f, 1.0f, 0.0f, -2.0f, 3.0f}) aem::test::append_value(expected, v);
  expected.resize(48);  // 16 + 24 bytes of UVs, padded to 16
  for (std::size_t i = 0; i < m.materials.size(); ++i) {
    for (std::uint8_t set : {0, 0, 0, i == 0 ? 1 : 0}) aem::test::append_value(expected, set);
    aem::test::append_value(expected, i == 0 ? 0u : aem::kUv1NoTexture);
    aem::test::append_value(expected, std::uint64_t{0});
  }
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(m)), expected);
}

TEST(Uv1, TheViewGivesBackTheUvsAndSets) {
  const std::vector<std::byte> file = aem::pipeline::serialize_model(with_uv1());
  for (const bool validate : {true, false}) {
    const aem::Model model = aem::Model::open_memory(file, {.validate = validate});
    const std::optional<aem::Uv1View> view = aem::uv1_of(model);
    ASSERT_TRUE(view.has_value());
    EXPECT_EQ(std::vector<float>(view->uvs.begin(), view->uvs.end()), (std::vector<float>{0.5f, 0.25f, 1, 0, -2, 3}));
    ASSERT_EQ(view->materials.size(), model.materials().size());
    EXPECT_EQ(view->materials[0].occlusion_set, 1);
    EXPECT_EQ(view->materials[0].occlusion_texture, 0u);
  }
  const std::vector<std::byte> plain = aem::pipeline::serialize_model(aem::test::tiny_model());
  EXPECT_FALSE(aem::uv1_of(aem::Model::open_memory(plain)).has_value());
}

TEST(Uv1, TheEncoderRefusesContentThatDoesNotMatchTheModel) {
  aem::pipeline::ModelContent m = with_uv1();
  m.extensions.uv1.uvs.pop_back();
  EXPECT_THROW(aem::pipeline::serialize_model(m), aem::pipeline::InvalidContent);
  m = with_uv1();
  m.extensions.uv1.materials[0].pbr_set = 2;
  EXPECT_THROW(aem::pipeline::serialize_model(m), aem::pipeline::InvalidContent);
  m = with_uv1();
  m.extensions.uv1.uvs[1][0] = std::numeric_limits<float>::infinity();
  EXPECT_THROW(aem::pipeline::serialize_model(m), aem::pipeline::InvalidContent);
}

// A file with a second UV set whose payload is replaced by `payload` (model_bytes.hpp).
std::vector<std::byte> with_payload(const std::vector<std::byte>& payload) {
  return aem::test::with_only_payload(aem::pipeline::serialize_model(with_uv1()),
                                      aem::pipeline::serialize_model(aem::test::tiny_model()).size(), payload);
}

void expect_refused(const std::vector<std::byte>& payload, std::uint64_t at, const std::string& words) {
  SCOPED_TRACE(words);
  const std::vector<std::byte> file = with_payload(payload);
  aem::test::expect_payload_refused(file, payload.size(), at, "uv1: " + words);
  const aem::Model trusted = aem::Model::open_memory(file, {.validate = false});
  if (const auto view = aem::uv1_of(trusted)) {
    EXPECT_LE(view->uvs.size_bytes() + view->materials.size_bytes() + 16, payload.size());
  }
}

TEST(Uv1, EveryCheckerRuleRefusesItsHostilePayload) {
  const std::vector<std::byte> good = payload_of(aem::pipeline::serialize_model(with_uv1()));
  ASSERT_TRUE(aem::Model::try_open_memory(with_payload(good)).has_value());
  expect_refused(std::vector<std::byte>(good.begin(), good.begin() + 8), 0, "header:");
  auto bad = good;
  aem::test::poke(bad, 0, std::uint32_t(4));
  expect_refused(bad, 0, "vertex_count: 4 but the model has 3");
  bad = good;
  aem::test::poke(bad, 4, std::uint32_t(0xFFFFFFFF));
  expect_refused(bad, 4, "material_count: 4294967295");
  bad = good;
  aem::test::poke(bad, 8, std::uint32_t(7));
  expect_refused(bad, 8, "reserved: 7");
  bad = good;
  bad.resize(bad.size() + 16);
  expect_refused(bad, 0, "size:");
  bad = good;
  bad[44] = std::byte{1};
  expect_refused(bad, 44, "padding: a non-zero byte after the uvs");
  bad = good;
  aem::test::poke(bad, 16 + 4 * 3, std::numeric_limits<float>::quiet_NaN());
  expect_refused(bad, 16 + 4 * 3, "uvs: vertex 1 v is not finite");
  bad = good;
  bad[48 + 2] = std::byte{2};
  expect_refused(bad, 48 + 2, "materials[0].pbr_set: 2 is not 0 or 1");
  bad = good;
  aem::test::poke(bad, 48 + 4, std::uint32_t(99));
  expect_refused(bad, 48 + 4, "materials[0].occlusion_texture: 99 is not one of the");
  bad = good;
  aem::test::poke(bad, 48 + 12, std::uint32_t(5));
  expect_refused(bad, 48 + 12, "materials[0].reserved: 5");
}

}  // namespace ext_uv1_test
