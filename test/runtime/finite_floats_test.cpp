// Default validation refuses NaN and infinity wherever a reader computes with a float: every
// float lane of a vertex, inverse bind matrices, animation durations, key times and values.
// Each refusal names the section, the element, the field and its byte offset.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"

namespace {

using aem::ErrorCode;
using aem::Section;
using aem::test::ExactBuffer;
using aem::test::poke;

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

struct Bad {
  float value;
  const char* text;
};
constexpr Bad kBadValues[] = {{kNaN, "NaN"}, {kInf, "+infinity"}, {-kInf, "-infinity"}};

// The tiny model with `extra` more copies of its first vertex (structurally valid), so the
// vertex pass runs over many records.
std::vector<std::byte> file_bytes(std::size_t extra_vertices = 0) {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  for (std::size_t i = 0; i < extra_vertices; ++i) m.vertices.push_back(m.vertices[0]);
  return aem::pipeline::serialize_model(m);
}

aem::SectionOffsets offsets_of(const std::vector<std::byte>& bytes) {
  return aem::Model::open_memory(bytes).view().offsets;
}

// Opening must fail with not_finite at exactly `offset`, naming `field` and the value.
void expect_refused(const std::vector<std::byte>& bytes, Section section, std::uint64_t element,
                    std::uint64_t offset, const std::string& field, const char* value) {
  const ExactBuffer buffer(bytes);
  const auto result = aem::Model::try_open_memory(buffer.bytes());
  ASSERT_FALSE(result) << "a " << value << " in " << field << " was accepted";
  const aem::Error& e = result.error();
  EXPECT_EQ(e.code, ErrorCode::not_finite) << e.describe();
  EXPECT_EQ(e.section, section) << e.describe();
  EXPECT_EQ(e.element, element) << e.describe();
  EXPECT_EQ(e.byte_offset, offset) << e.describe();
  EXPECT_NE(e.message.find(field), std::string::npos) << e.describe();
  EXPECT_NE(e.message.find(value), std::string::npos) << e.describe();
}

TEST(FiniteFloats, ACleanModelWithUnusedJointSlotsOpens) {
  // Unused joint slots hold -1, whose bits look like a NaN: they must not be taken for one.
  const std::vector<std::byte> bytes = file_bytes(100);
  const aem::Model model = aem::Model::open_memory(bytes);
  ASSERT_EQ(model.vertices()[0].joints[3], -1);
}

TEST(FiniteFloats, EveryFloatOfAVertexIsChecked) {
  struct Field {
    std::size_t offset;
    int count;
    const char* name;
  };
  const Field fields[] = {{offsetof(aem::Vertex, position), 3, "position"},
                          {offsetof(aem::Vertex, normal), 3, "normal"},
                          {offsetof(aem::Vertex, tangent), 3, "tangent"},
                          {offsetof(aem::Vertex, bitangent), 3, "bitangent"},
                          {offsetof(aem::Vertex, uv), 2, "uv"},
                          {offsetof(aem::Vertex, weights), 4, "weight"}};
  const std::vector<std::byte> clean = file_bytes(40);
  const std::uint64_t vertices = offsets_of(clean).vertices;
  for (const std::uint64_t element : {0ull, 1ull, 17ull, 42ull}) {  // 43 vertices in all
    for (const Field& field : fields) {
      for (int k = 0; k < field.count; ++k) {
        for (const Bad& bad : kBadValues) {
          const std::string name = std::string(field.name) + "[" + std::to_string(k) + "]";
          SCOPED_TRACE("vertex " + std::to_string(element) + " " + name + " " + bad.text);
          std::vector<std::byte> bytes = clean;
          const std::uint64_t offset = vertices + element * sizeof(aem::Vertex) + field.offset + 4 * k;
          poke(bytes, offset, bad.value);
          expect_refused(bytes, Section::vertices, element, offset, name, bad.text);
        }
      }
    }
  }
}

TEST(FiniteFloats, InverseBindMatricesAreChecked) {
  const std::vector<std::byte> clean = file_bytes();
  const std::uint64_t joint = offsets_of(clean).joints;
  for (int k = 0; k < 16; ++k) {
    for (const Bad& bad : kBadValues) {
      SCOPED_TRACE("element " + std::to_string(k) + " " + bad.text);
      std::vector<std::byte> bytes = clean;
      const std::uint64_t offset = joint + offsetof(aem::Joint, inverse_bind) + 4 * k;
      poke(bytes, offset, bad.value);
      expect_refused(bytes, Section::joints, 0, offset, "inverse bind matrix element " + std::to_string(k),
                     bad.text);
    }
  }
}

TEST(FiniteFloats, KeyTimesAndValuesAndDurationsAreChecked) {
  const std::vector<std::byte> clean = file_bytes();
  const aem::SectionOffsets offsets = offsets_of(clean);
  const std::uint32_t keys = aem::Model::open_memory(clean).header().keyframe_count;
  ASSERT_GE(keys, 2u);
  for (std::uint32_t key = 0; key < keys; ++key) {
    for (int k = 0; k < 5; ++k) {
      for (const Bad& bad : kBadValues) {
        SCOPED_TRACE("key " + std::to_string(key) + " word " + std::to_string(k) + " " + bad.text);
        std::vector<std::byte> bytes = clean;
        const std::uint64_t offset = offsets.keyframes + key * sizeof(aem::Keyframe) + 4 * k;
        poke(bytes, offset, bad.value);
        expect_refused(bytes, Section::keyframes, key, offset,
                       k == 0 ? std::string("time") : "value[" + std::to_string(k - 1) + "]", bad.text);
      }
    }
  }
  std::vector<std::byte> bytes = clean;
  const std::uint64_t duration = offsets.animations + offsetof(aem::Animation, duration);
  poke(bytes, duration, kNaN);
  expect_refused(bytes, Section::animations, 0, duration, "duration", "NaN");
}

TEST(FiniteFloats, RefusedFromFilesInBothStoragesAndNeverWritten) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("aem_finite_test_" + std::to_string(aem::test::process_id()));
  std::filesystem::create_directories(dir);
  std::vector<std::byte> bytes = file_bytes();
  const std::uint64_t offset = offsets_of(bytes).vertices + sizeof(aem::Vertex) + 4;  // vertex 1, y
  poke(bytes, offset, kNaN);
  aem::pipeline::write_file_atomically(dir / "nan.aem", bytes);
  for (const aem::Storage storage : {aem::Storage::map, aem::Storage::copy}) {
    const auto result = aem::Model::try_open(dir / "nan.aem", {.storage = storage});
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().describe(),
              "vertices[1] at byte " + std::to_string(offset) + ": position[1] is NaN");
  }
  // A trusting open reads the file as it is; strict validation still names the problem.
  EXPECT_TRUE(aem::Model::try_open(dir / "nan.aem", {.validate = false}));
  std::filesystem::remove_all(dir);

  aem::pipeline::ModelContent m = aem::test::tiny_model();
  m.joints[0].inverse_bind[15] = kInf;
  EXPECT_THROW((void)aem::pipeline::serialize_model(m), std::exception);
}

}  // namespace
