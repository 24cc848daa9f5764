// The `vertex_colours` extension (specs/aem-extensions.md section 4): the encoder's exact bytes
// in each of the three encodings against a hand-built payload, the smallest-encoding rule, the
// view's decoded values, and one hostile payload per checker rule.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "aem/ext_vertex_colours.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "extension_payloads.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace ext_vertex_colours_test {

using Colours = std::vector<std::array<float, 4>>;

aem::pipeline::ModelContent coloured(const Colours& colours) {
  aem::pipeline::ModelContent m = aem::test::tiny_model();  // 3 vertices
  m.extensions.vertex_colours = colours;
  return m;
}

std::vector<std::byte> payload_of(const std::vector<std::byte>& file) {
  return aem::test::extension_payload_of(file, aem::kVertexColoursExtension);
}

const Colours k8 = {{0, 1, 128 / 255.0f, 1}, {1, 1, 1, 1}, {17 / 255.0f, 0, 0, 254 / 255.0f}};
const Colours k16 = {{0, 1, 1 / 65535.0f, 1}, {1, 1, 1, 1}, {40000 / 65535.0f, 0, 0, 0.5f + 0.5f / 65535.0f}};
const Colours kF = {{0, 1, 0.3f, 1}, {1, 1, 1, 1}, {0.1f, 0, 0, 0.25f}};

std::vector<std::byte> header(std::uint32_t encoding) {
  std::vector<std::byte> out;
  for (std::uint32_t v : {encoding, 3u, 0u, 0u}) aem::test::append_value(out, v);
  return out;
}

TEST(VertexColours, EncodesRgba8ByteForByte) {
  std::vector<std::byte> expected = header(0);
  for (std::uint8_t v : {0, 255, 128, 255, 255, 255, 255, 255, 17, 0, 0, 254}) aem::test::append_value(expected, v);
  expected.resize(32);  // 12 bytes of colours, zero padded to 16
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(coloured(k8))), expected);
}

TEST(VertexColours, EncodesRgba16ByteForByte) {
  std::vector<std::byte> expected = header(1);
  for (std::uint16_t v : {0, 65535, 1, 65535, 65535, 65535, 65535, 65535, 40000, 0, 0, 32768}) aem::test::append_value(expected, v);
  expected.resize(48);
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(coloured(k16))), expected);
}

TEST(VertexColours, EncodesFloatsByteForByte) {
  std::vector<std::byte> expected = header(2);
  for (const auto& c : kF)
    for (float v : c) aem::test::append_value(expected, v);
  EXPECT_EQ(payload_of(aem::pipeline::serialize_model(coloured(kF))), expected);
}

TEST(VertexColours, TheViewGivesBackEveryValueExactly) {
  for (const Colours* colours : {&k8, &k16, &kF}) {
    const std::vector<std::byte> file = aem::pipeline::serialize_model(coloured(*colours));
    for (const bool validate : {true, false}) {
      const aem::Model model = aem::Model::open_memory(file, {.validate = validate});
      const std::optional<aem::VertexColoursView> view = aem::vertex_colours_of(model);
      ASSERT_TRUE(view.has_value());
      ASSERT_EQ(view->size(), 3u);
      EXPECT_EQ(view->rgba8.size() + view->rgba16.size() + view->rgba32f.size(), 12u);
      for (std::size_t v = 0; v < 3; ++v) EXPECT_EQ(view->colour(v), (*colours)[v]) << "vertex " << v;
    }
  }
  const std::vector<std::byte> plain = aem::pipeline::serialize_model(aem::test::tiny_model());
  EXPECT_FALSE(aem::vertex_colours_of(aem::Model::open_memory(plain)).has_value());
}

TEST(VertexColours, TheEncoderRefusesAColourCountOtherThanTheVertices) {
  EXPECT_THROW(aem::pipeline::serialize_model(coloured({{1, 1, 1, 1}})), aem::pipeline::InvalidContent);
  EXPECT_THROW(aem::pipeline::serialize_model(coloured({{1, 1, 1, 1}, {1, 1, 1, 1}, {1, 1.5f, 1, 1}})),
               aem::pipeline::InvalidContent);
}

// A coloured file with its payload replaced by `payload` (model_bytes.hpp).
std::vector<std::byte> with_payload(const std::vector<std::byte>& payload) {
  return aem::test::with_only_payload(aem::pipeline::serialize_model(coloured(kF)),
                                      aem::pipeline::serialize_model(aem::test::tiny_model()).size(), payload);
}

void expect_refused(const std::vector<std::byte>& payload, std::uint64_t at, const std::string& words) {
  SCOPED_TRACE(words);
  const std::vector<std::byte> file = with_payload(payload);
  aem::test::expect_payload_refused(file, payload.size(), at, "vertex_colours: " + words);
  // A trusted open skips the element checks, and the view never leaves the payload.
  const aem::Model trusted = aem::Model::open_memory(file, {.validate = false});
  if (const auto view = aem::vertex_colours_of(trusted)) {
    EXPECT_LE(view->rgba8.size_bytes() + view->rgba16.size_bytes() + view->rgba32f.size_bytes() + 16, payload.size());
  }
}

TEST(VertexColours, EveryCheckerRuleRefusesItsHostilePayload) {
  const std::vector<std::byte> good = payload_of(aem::pipeline::serialize_model(coloured(kF)));
  ASSERT_TRUE(aem::Model::try_open_memory(with_payload(good)).has_value());
  expect_refused(std::vector<std::byte>(good.begin(), good.begin() + 12), 0, "header:");
  auto bad = good;
  aem::test::poke(bad, 0, std::uint32_t(3));
  expect_refused(bad, 0, "encoding: 3");
  bad = good;
  aem::test::poke(bad, 4, std::uint32_t(4));
  expect_refused(bad, 4, "vertex_count: 4 but the model has 3");
  bad = good;
  aem::test::poke(bad, 4, std::uint32_t(0xFFFFFFFF));
  expect_refused(bad, 4, "vertex_count: 4294967295");
  bad = good;
  aem::test::poke(bad, 12, std::uint32_t(1));
  expect_refused(bad, 12, "reserved: 1");
  bad = good;
  aem::test::poke(bad, 0, std::uint32_t(0));  // RGBA8 needs 16 + 12 bytes, padded to 32, not 64
  expect_refused(bad, 0, "size: the payload has 64 bytes but its counts make 32");
  std::vector<std::byte> rgba8 = payload_of(aem::pipeline::serialize_model(coloured(k8)));
  rgba8[30] = std::byte{1};
  expect_refused(rgba8, 30, "padding:");
  bad = good;
  aem::test::poke(bad, 16 + 4 * 5, std::numeric_limits<float>::quiet_NaN());
  expect_refused(bad, 16 + 4 * 5, "colours: vertex 1 G is not finite");
  bad = good;
  aem::test::poke(bad, 16 + 4 * 11, 1.5f);
  expect_refused(bad, 16 + 4 * 11, "colours: vertex 2 A is 1.5");
  bad = good;
  aem::test::poke(bad, 16, -0.25f);
  expect_refused(bad, 16, "colours: vertex 0 R is -0.25");
}

// The checker scans blocks of 512 words without a branch and searches only a block with a bad one:
// a bad colour past the first block, and in the last, is still found and named.
TEST(VertexColours, AColourOutsideTheRangeIsFoundFarIntoALongArray) {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  m.vertices.resize(300, m.vertices[0]);
  const std::size_t plain_size = aem::pipeline::serialize_model(m).size();
  m.extensions.vertex_colours.assign(300, {0.25f, 0.5f, 0.3f, 1.0f});  // 0.3 needs f32
  const std::vector<std::byte> file = aem::pipeline::serialize_model(m);
  const std::vector<std::byte> good = payload_of(file);
  ASSERT_EQ(good.size(), 16u + 300 * 16);
  for (const std::uint32_t vertex : {129u, 200u, 299u}) {
    std::vector<std::byte> bad = good;
    const std::uint64_t at = 16 + (vertex * 4 + 2) * 4;
    aem::test::poke(bad, at, 1.5f);
    aem::test::expect_payload_refused(aem::test::with_only_payload(file, plain_size, bad), bad.size(), at,
                                      "vertex_colours: colours: vertex " + std::to_string(vertex) + " B is 1.5");
  }
}

}  // namespace ext_vertex_colours_test
