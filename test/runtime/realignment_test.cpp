// Sections that are not 4-byte aligned where they lie are copied once into aligned memory,
// and the views are identical to those of the aligned file.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/extensions.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"

namespace {

template <class T>
bool same_span(std::span<const T> a, std::span<const T> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size_bytes()) == 0);
}

void expect_same_views(const aem::Model& a, const aem::Model& b) {
  EXPECT_TRUE(same_span(a.vertices(), b.vertices()));
  EXPECT_TRUE(same_span(a.indices(), b.indices()));
  EXPECT_TRUE(same_span(a.textures(), b.textures()));
  EXPECT_TRUE(same_span(a.meshes(), b.meshes()));
  EXPECT_TRUE(same_span(a.materials(), b.materials()));
  EXPECT_TRUE(same_span(a.joints(), b.joints()));
  EXPECT_TRUE(same_span(a.animations(), b.animations()));
  EXPECT_TRUE(same_span(a.tracks(), b.tracks()));
  EXPECT_TRUE(same_span(a.keyframes(), b.keyframes()));
  for (const aem::Texture& t : a.textures()) {
    EXPECT_TRUE(same_span(a.texture_data(t), b.texture_data(t)));
  }
}

// The same model with `extra` (1-3) bytes appended to its image buffer.
std::vector<std::byte> with_odd_image_buffer(const std::vector<std::byte>& file, std::uint32_t extra) {
  const aem::Model model = aem::Model::open_memory(file);
  const auto at = std::ptrdiff_t(model.view().offsets.textures);
  std::vector<std::byte> odd(file.begin(), file.begin() + at);
  odd.insert(odd.end(), extra, std::byte{0});
  odd.insert(odd.end(), file.begin() + at, file.end());
  aem::test::poke(odd, offsetof(aem::Header, image_buffer_size),
                  model.header().image_buffer_size + extra);
  return odd;
}

bool aligned_to_4(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 4 == 0; }

TEST(Realignment, ImageBufferSizeNotAMultipleOfFour) {
  for (std::uint32_t seed : {0u, 5u, 11u, 42u}) {
    const std::vector<std::byte> file = aem::pipeline::serialize_model(aem::test::random_model(seed));
    const aem::Model reference = aem::Model::open_memory(file);
    ASSERT_EQ(reference.realigned_bytes(), 0u);
    for (std::uint32_t extra : {1u, 2u, 3u}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " extra " + std::to_string(extra));
      const std::vector<std::byte> odd = with_odd_image_buffer(file, extra);
      const aem::test::ExactBuffer buffer(odd);
      const aem::Model model = aem::Model::open_memory(buffer.bytes());
      const aem::Header& h = model.header();
      const std::uint64_t later_bytes = model.view().offsets.end - model.view().offsets.textures;
      EXPECT_EQ(model.realigned_bytes() > 0, later_bytes > 0);
      EXPECT_FALSE(model.realigned_bytes() > 0 && model.zero_copy());
      EXPECT_GE(model.realigned_bytes(), later_bytes);
      EXPECT_TRUE(aligned_to_4(model.textures().data()) || h.texture_count == 0);
      EXPECT_TRUE(aligned_to_4(model.keyframes().data()) || h.keyframe_count == 0);
      // Vertices and indices come before the image buffer and stay in place.
      EXPECT_TRUE(h.vertex_count == 0 ||
                  static_cast<const void*>(model.vertices().data()) ==
                      static_cast<const void*>(buffer.bytes().data() + 44));
      expect_same_views(reference, model);
    }
  }
}

TEST(Realignment, MappedFileWithOddImageBuffer) {
  const std::vector<std::byte> file = aem::pipeline::serialize_model(aem::test::tiny_model());
  const std::vector<std::byte> odd = with_odd_image_buffer(file, 3);
  const auto path = std::filesystem::temp_directory_path() /
                    ("aem_realign_" + std::to_string(aem::test::process_id()) + ".aem");
  aem::pipeline::write_file_atomically(path, odd);
  const aem::Model model = aem::Model::open(path);
  EXPECT_GT(model.realigned_bytes(), 0u);
  expect_same_views(aem::Model::open_memory(file), model);
  std::filesystem::remove(path);
}

TEST(Realignment, MisalignedCallerBuffer) {
  const std::vector<std::byte> file = aem::pipeline::serialize_model(aem::test::random_model(9));
  const aem::Model reference = aem::Model::open_memory(file);
  std::vector<std::byte> storage(file.size() + 8);
  for (std::size_t shift = 1; shift < 4; ++shift) {
    std::memcpy(storage.data() + shift, file.data(), file.size());
    const aem::Model model =
        aem::Model::open_memory(std::span(storage).subspan(shift, file.size()));
    EXPECT_GT(model.realigned_bytes(), 0u);
    expect_same_views(reference, model);
  }
}

// Known extensions' payloads are records too: on a misaligned buffer each is copied like the
// sections, and the payloads read the same.
TEST(Realignment, MisalignedCallerBufferWithEveryKnownExtension) {
  aem::pipeline::ModelContent content = aem::test::morphed_tiny_model();
  auto& ext = content.extensions;
  ext.names.materials.assign(content.materials.size(), "paint");
  ext.names.meshes.assign(content.meshes.size(), "body");
  ext.emissive.materials.assign(content.materials.size(), {1, {0.25f, 0.5f, 1.0f}, 2.0f, aem::kNoTexture, 0, 0});
  ext.material_flags.materials.assign(content.materials.size(), aem::kMaterialUnlit);
  ext.vertex_colours.assign(content.vertices.size(), {0.1f, 0.2f, 0.3f, 1.0f});
  ext.uv1.uvs.assign(content.vertices.size(), {0.5f, 0.25f});
  ext.uv1.materials.assign(content.materials.size(), {0, 0, 0, 1, aem::kUv1NoTexture, {0, 0}});
  content.indices.insert(content.indices.end(), {0, 2, 1});  // a second triangle, so that one level can drop it
  content.meshes[0].index_count += 3;
  ext.lods.meshes = {{{{0, 1, 2}, 0.5f}}};
  // One meshlet per level; the two triangles face opposite ways, so no cone (cutoff 1).
  const aem::Meshlet all{0, 0, 3, 2, {0.5f, 0.5f, 0}, 0.75f, {}, 1.0f, {}, {}, 127};
  ext.meshlets = {3, 4, {{{{all}, {0, 1, 2}, {0x020100, 0x010200}}, {{{0, 0, 3, 1, {0.5f, 0.5f, 0}, 0.75f, {}, 1.0f, {}, {}, 127}}, {0, 1, 2}, {0x020100}}}}};
  const std::vector<std::byte> file = aem::pipeline::serialize_model(content);
  const aem::Model reference = aem::Model::open_memory(file);
  ASSERT_EQ(reference.extensions().size(), aem::kKnownExtensions.size());
  std::vector<std::byte> storage(file.size() + 8);
  for (std::size_t shift = 1; shift < 4; ++shift) {
    std::memcpy(storage.data() + shift, file.data(), file.size());
    const aem::Model model = aem::Model::open_memory(std::span(storage).subspan(shift, file.size()));
    expect_same_views(reference, model);
    for (const aem::KnownExtension& known : aem::kKnownExtensions) {
      SCOPED_TRACE(std::string(known.name));
      const auto payload = model.extension_payload(known.name);
      ASSERT_TRUE(payload.has_value());
      EXPECT_TRUE(aligned_to_4(payload->data()));
      EXPECT_TRUE(same_span(*payload, *reference.extension_payload(known.name)));
    }
  }
}

}  // namespace
