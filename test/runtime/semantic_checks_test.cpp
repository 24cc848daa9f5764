// Strict validation: each kind of in-bounds-but-wrong data is reported with its own code.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "model_factory.hpp"

namespace {

using aem::ErrorCode;
using aem::pipeline::ModelContent;

std::vector<aem::Error> semantic_problems(const ModelContent& content) {
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(content);
  const aem::Model model = aem::Model::open_memory(bytes);
  std::vector<aem::Error> problems;
  aem::check_semantics(model.view(), [&](const aem::Error& e) {
    problems.push_back(e);
    return true;
  });
  return problems;
}

TEST(SemanticChecks, TheTinyModelIsStrictlyValid) {
  const auto problems = semantic_problems(aem::test::tiny_model());
  for (const aem::Error& e : problems) ADD_FAILURE() << e.describe();
}

struct Case {
  const char* what;
  std::function<void(ModelContent&)> damage;
  ErrorCode expected;
  aem::Section section;
};

TEST(SemanticChecks, EachProblemIsFoundWithItsCode) {
  // NaN and infinity are refused by every open, and so by the writer (finite_floats_test.cpp).
  const Case cases[] = {
      {"long normal", [](ModelContent& m) { m.vertices[1].normal[2] = 2; },
       ErrorCode::not_unit_length, aem::Section::vertices},
      {"short tangent", [](ModelContent& m) { m.vertices[2].tangent[0] = 0.5f; },
       ErrorCode::not_unit_length, aem::Section::vertices},
      {"weights sum to 0.5", [](ModelContent& m) { m.vertices[0].weights[0] = 0.5f; },
       ErrorCode::bad_weights, aem::Section::vertices},
      {"weight without joint", [](ModelContent& m) {
         m.vertices[0].weights[0] = 0.75f;
         m.vertices[0].weights[1] = 0.25f;
       }, ErrorCode::bad_weights, aem::Section::vertices},
      {"negative weight", [](ModelContent& m) {
         m.vertices[0].joints[1] = 0;
         m.vertices[0].weights[0] = 1.5f;
         m.vertices[0].weights[1] = -0.5f;
       }, ErrorCode::bad_weights, aem::Section::vertices},
      {"child before parent", [](ModelContent& m) {
         m.joints.push_back(m.joints[0]);
         m.joints[0].parent = 1;
         m.joints[1].parent = -1;
         m.animations[0].joints.push_back(m.animations[0].joints[0]);
       }, ErrorCode::joint_order, aem::Section::joints},
      {"name not UTF-8", [](ModelContent& m) { m.joints[0].name = "bad\xff"; },
       ErrorCode::name_padding, aem::Section::joints},
      {"negative duration", [](ModelContent& m) {
         m.animations[0].duration = -1;
       }, ErrorCode::bad_duration, aem::Section::animations},
      {"no translation keys", [](ModelContent& m) {
         m.animations[0].joints[0].translations.clear();
       }, ErrorCode::missing_keys, aem::Section::tracks},
      {"key after the end", [](ModelContent& m) {
         m.animations[0].joints[0].rotations[1].time = 1.5f;
       }, ErrorCode::key_order, aem::Section::keyframes},
      {"keys out of order", [](ModelContent& m) {
         m.animations[0].joints[0].rotations[0].time = 0.75f;
         m.animations[0].joints[0].rotations[1].time = 0.5f;
       }, ErrorCode::key_order, aem::Section::keyframes},
      {"rotation not unit", [](ModelContent& m) {
         m.animations[0].joints[0].rotations[0].value[3] = 0.5f;
       }, ErrorCode::not_unit_length, aem::Section::keyframes},
      {"translation with w", [](ModelContent& m) {
         m.animations[0].joints[0].translations[0].value[3] = 1;
       }, ErrorCode::not_finite, aem::Section::keyframes},
      {"unused vertex", [](ModelContent& m) { m.vertices.push_back(m.vertices[0]); },
       ErrorCode::unused_data, aem::Section::vertices},
      {"unused texture", [](ModelContent& m) { m.textures.push_back(m.textures[0]); },
       ErrorCode::unused_data, aem::Section::textures},
      {"unused material", [](ModelContent& m) { m.materials.push_back(m.materials[0]); },
       ErrorCode::unused_data, aem::Section::materials},
      {"indices in no mesh", [](ModelContent& m) {
         m.indices.insert(m.indices.end(), {0, 1, 2});
       }, ErrorCode::unused_data, aem::Section::indices},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    ModelContent m = aem::test::tiny_model();
    c.damage(m);
    const auto problems = semantic_problems(m);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems[0].code, c.expected) << problems[0].describe();
    EXPECT_EQ(problems[0].section, c.section) << problems[0].describe();
  }
}

TEST(SemanticChecks, NamePaddingMustBeZero) {
  const std::vector<std::byte> clean = aem::pipeline::serialize_model(aem::test::tiny_model());
  std::vector<std::byte> bytes = clean;
  const auto offsets = aem::Model::open_memory(bytes).view().offsets;
  bytes[offsets.animations + 100] = std::byte{'z'};
  const aem::Model model = aem::Model::open_memory(bytes);
  std::vector<aem::Error> problems;
  aem::check_semantics(model.view(), [&](const aem::Error& e) {
    problems.push_back(e);
    return true;
  });
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].code, ErrorCode::name_padding);
  EXPECT_EQ(problems[0].byte_offset, offsets.animations + 100);
}

TEST(SemanticChecks, ASinkCanStopEarly) {
  ModelContent m = aem::test::tiny_model();
  for (aem::Vertex& v : m.vertices) v.normal[2] = 3;
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(m);
  const aem::Model model = aem::Model::open_memory(bytes);
  int calls = 0;
  EXPECT_FALSE(aem::check_semantics(model.view(), [&](const aem::Error&) {
    ++calls;
    return false;
  }));
  EXPECT_EQ(calls, 1);
}

}  // namespace
