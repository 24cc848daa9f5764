// Every truncation and every single-field corruption of a valid file is refused with the right
// error code, and never reads out of bounds (the bytes sit in exact-size heap blocks for ASan).
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace {

using aem::ErrorCode;
using aem::test::ExactBuffer;
using aem::test::poke;

// The tiny model with a second joint, so parents and cycles have something to point at.
std::vector<std::byte> corruptible_file() {
  aem::pipeline::ModelContent m = aem::test::tiny_model();
  m.joints.push_back({"child", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, 0});
  m.animations[0].joints.push_back(m.animations[0].joints[0]);
  m.vertices[1].joints[1] = 1;
  return aem::pipeline::serialize_model(m);
}

struct Corruption {
  std::string what;
  std::uint64_t offset;
  std::uint32_t value;
  ErrorCode expected;
};

// Opening must fail with `expected`, and a full structural check must report it too.
void expect_refused(const std::vector<std::byte>& bytes, ErrorCode expected, const std::string& what) {
  SCOPED_TRACE(what);
  const ExactBuffer buffer(bytes);
  const aem::Expected<aem::Model> result = aem::Model::try_open_memory(buffer.bytes());
  ASSERT_FALSE(result.has_value());
  EXPECT_EQ(result.error().code, expected)
      << "got " << aem::to_string(result.error().code) << ": " << result.error().describe();
  EXPECT_LE(result.error().byte_offset, bytes.size());  // truncation points at the end
  EXPECT_FALSE(result.error().message.empty());

  const aem::Expected<aem::Model> trusted =
      aem::Model::try_open_memory(buffer.bytes(), {.validate = false});
  if (trusted) {
    bool reported = false;
    aem::check_structure(trusted->view(), [&](const aem::Error& e) {
      reported = reported || e.code == expected;
      return true;
    });
    EXPECT_TRUE(reported);
  }
}

TEST(Corruption, EveryTruncationIsRefused) {
  for (const std::vector<std::byte>& file :
       {corruptible_file(), aem::pipeline::serialize_model(aem::test::random_model(3))}) {
    for (std::size_t length = 0; length < file.size(); ++length) {
      const std::vector<std::byte> cut(file.begin(), file.begin() + std::ptrdiff_t(length));
      expect_refused(cut, length < sizeof(aem::Header) ? ErrorCode::truncated
                                                       : ErrorCode::size_mismatch,
                     "truncated to " + std::to_string(length));
    }
  }
}

TEST(Corruption, TrailingBytesAreRefused) {
  std::vector<std::byte> file = corruptible_file();
  file.push_back(std::byte{0});
  expect_refused(file, ErrorCode::size_mismatch, "one trailing byte");
}

TEST(Corruption, HeaderFields) {
  const std::vector<std::byte> valid = corruptible_file();
  for (std::size_t i = 0; i < 3; ++i) {
    std::vector<std::byte> bad = valid;
    bad[i] = std::byte{'X'};
    expect_refused(bad, ErrorCode::bad_magic, "magic byte " + std::to_string(i));
  }
  // Version 2 is a file with a required extension (extension_directory_test.cpp).
  for (std::uint8_t version : {0, 3, 255}) {
    std::vector<std::byte> bad = valid;
    bad[3] = std::byte{version};
    expect_refused(bad, ErrorCode::unsupported_version, "version " + std::to_string(version));
  }
  // Every count changes the size the file must have.
  for (std::uint64_t offset = 4; offset < 44; offset += 4) {
    for (std::uint32_t delta : {1u, 0xFFFFFFFFu}) {
      std::vector<std::byte> bad = valid;
      poke(bad, offset, aem::test::peek<std::uint32_t>(bad, offset) + delta);
      expect_refused(bad, ErrorCode::size_mismatch,
                     "count at " + std::to_string(offset) + " + " + std::to_string(delta));
    }
    std::vector<std::byte> bad = valid;
    poke(bad, offset, 0xFFFFFFFFu);
    expect_refused(bad, ErrorCode::size_mismatch, "count at " + std::to_string(offset) + " max");
  }
}

TEST(Corruption, SectionFields) {
  const std::vector<std::byte> valid = corruptible_file();
  const aem::Model model = aem::Model::open_memory(valid);
  const aem::SectionOffsets o = model.view().offsets;
  const aem::Header& h = model.header();
  constexpr std::uint32_t kMax = 0xFFFFFFFFu;

  std::vector<Corruption> cases = {
      {"index", o.indices + 4, h.vertex_count, ErrorCode::index_out_of_range},
      {"index max", o.indices + 8, kMax, ErrorCode::index_out_of_range},
      {"mesh first index", o.meshes + 0, 1, ErrorCode::mesh_out_of_range},
      {"mesh first index max", o.meshes + 0, kMax, ErrorCode::mesh_out_of_range},
      {"mesh index count", o.meshes + 4, 6, ErrorCode::mesh_out_of_range},
      {"mesh index count max", o.meshes + 4, kMax, ErrorCode::mesh_out_of_range},
      {"mesh index count not triangles", o.meshes + 4, 2, ErrorCode::mesh_not_triangles},
      {"mesh material", o.meshes + 8, h.material_count, ErrorCode::mesh_bad_material},
      {"material type", o.materials + 12, 2, ErrorCode::material_bad_type},
      {"material type max", o.materials + 12, kMax, ErrorCode::material_bad_type},
      {"texture width 0", o.textures + 4, 0, ErrorCode::texture_empty},
      {"texture height 0", o.textures + 8, 0, ErrorCode::texture_empty},
      {"texture width huge", o.textures + 4, kMax, ErrorCode::texture_out_of_bounds},
      {"texture height huge", o.textures + 24 + 8, 9, ErrorCode::texture_out_of_bounds},
      {"texture offset", o.textures + 48, 45, ErrorCode::texture_out_of_bounds},
      {"texture offset max", o.textures, kMax, ErrorCode::texture_out_of_bounds},
      {"texture wrap x", o.textures + 12, 3, ErrorCode::texture_bad_wrap},
      {"texture wrap y", o.textures + 16, kMax, ErrorCode::texture_bad_wrap},
      {"texture compression", o.textures + 20, 3, ErrorCode::texture_bad_compression},
      {"joint parent out of range", o.joints + 196 + 192, 2, ErrorCode::joint_bad_parent},
      {"joint parent -2", o.joints + 192, std::uint32_t(-2), ErrorCode::joint_bad_parent},
      {"joint parent self", o.joints + 196 + 192, 1, ErrorCode::joint_cycle},
      {"joint parent cycle", o.joints + 192, 1, ErrorCode::joint_cycle},
      {"track first keyframe", o.tracks + 16, 5, ErrorCode::track_out_of_bounds},
      {"track first keyframe max", o.tracks + 16, kMax, ErrorCode::track_out_of_bounds},
      {"track translations", o.tracks + 16 + 4, 2, ErrorCode::track_out_of_bounds},
      {"track rotations", o.tracks + 8, kMax, ErrorCode::track_out_of_bounds},
      {"track scales", o.tracks + 16 + 12, 2, ErrorCode::track_out_of_bounds},
  };
  for (std::uint64_t slot = 0; slot < 3; ++slot) {
    cases.push_back({"material texture " + std::to_string(slot), o.materials + 4 * slot,
                     h.texture_count, ErrorCode::material_bad_texture});
    cases.push_back({"material texture max " + std::to_string(slot), o.materials + 4 * slot,
                     kMax, ErrorCode::material_bad_texture});
  }
  for (std::uint64_t v = 0; v < h.vertex_count; ++v) {
    for (std::uint64_t slot = 0; slot < 4; ++slot) {
      const std::uint64_t at = o.vertices + v * sizeof(aem::Vertex) + 56 + 4 * slot;
      for (std::uint32_t value : {h.joint_count, std::uint32_t(-2), kMax - 1, 0x7FFFFFFFu}) {
        cases.push_back({"vertex " + std::to_string(v) + " joint slot " + std::to_string(slot) +
                             " = " + std::to_string(std::int32_t(value)),
                         at, value, ErrorCode::vertex_bad_joint});
      }
    }
  }
  for (const Corruption& c : cases) {
    std::vector<std::byte> bad = valid;
    poke(bad, c.offset, c.value);
    expect_refused(bad, c.expected, c.what);
  }
}

TEST(Corruption, UnterminatedNames) {
  const std::vector<std::byte> valid = corruptible_file();
  const aem::SectionOffsets o = aem::Model::open_memory(valid).view().offsets;
  for (const auto& [what, offset] : {std::pair{"joint", o.joints + 196},
                                     std::pair{"animation", o.animations}}) {
    std::vector<std::byte> bad = valid;
    for (std::size_t i = 0; i < aem::kNameSize; ++i) bad[offset + i] = std::byte{'x'};
    expect_refused(bad, ErrorCode::name_unterminated, what);
  }
}

TEST(Corruption, TrackCountMustMatchAnimationsTimesJoints) {
  // Drop the animation record and its count: the sizes still add up, but one track remains
  // where animations x joints = 0.
  const std::vector<std::byte> bytes = aem::pipeline::serialize_model(aem::test::tiny_model());
  const aem::SectionOffsets o = aem::Model::open_memory(bytes).view().offsets;
  std::vector<std::byte> bad(bytes.begin(), bytes.begin() + std::ptrdiff_t(o.animations));
  bad.insert(bad.end(), bytes.begin() + std::ptrdiff_t(o.tracks), bytes.end());
  poke(bad, offsetof(aem::Header, animation_count), 0u);
  expect_refused(bad, ErrorCode::track_count_mismatch, "tracks without animations");
}

}  // namespace
