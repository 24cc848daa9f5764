// Random models written by the writer and opened by the runtime come back unchanged, view by view.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "model_factory.hpp"
#include "process_id.hpp"

namespace {

using aem::pipeline::ModelContent;

template <class T>
bool same_bytes(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

void expect_views_equal(const ModelContent& in, const aem::Model& out) {
  ASSERT_EQ(out.vertices().size(), in.vertices.size());
  for (std::size_t i = 0; i < in.vertices.size(); ++i) {
    ASSERT_TRUE(same_bytes(out.vertices()[i], in.vertices[i])) << "vertex " << i;
  }
  ASSERT_TRUE(std::equal(in.indices.begin(), in.indices.end(), out.indices().begin(),
                         out.indices().end()));
  ASSERT_EQ(out.textures().size(), in.textures.size());
  for (std::size_t i = 0; i < in.textures.size(); ++i) {
    const aem::Texture& t = out.textures()[i];
    const aem::pipeline::TextureImage& image = in.textures[i];
    EXPECT_EQ(t.width, image.width);
    EXPECT_EQ(t.height, image.height);
    EXPECT_EQ(t.wrap_x, std::uint32_t(image.wrap_x));
    EXPECT_EQ(t.wrap_y, std::uint32_t(image.wrap_y));
    EXPECT_EQ(t.compression, std::uint32_t(image.compression));
    EXPECT_EQ(t.offset % aem::kImageAlignment, 0u);
    const auto data = out.texture_data(t);
    ASSERT_TRUE(std::equal(image.mips.begin(), image.mips.end(), data.begin(), data.end()))
        << "texture " << i;
    // The levels tile the chain exactly.
    std::size_t level_bytes = 0;
    for (std::uint32_t level = 0; level < aem::mip_count(t.width, t.height); ++level) {
      level_bytes += out.mip_data(t, level).size();
    }
    EXPECT_EQ(level_bytes, data.size());
  }
  ASSERT_EQ(out.image_buffer().size() % aem::kImageAlignment, 0u);
  ASSERT_EQ(out.meshes().size(), in.meshes.size());
  for (std::size_t i = 0; i < in.meshes.size(); ++i) {
    EXPECT_TRUE(same_bytes(out.meshes()[i], in.meshes[i]));
  }
  ASSERT_EQ(out.materials().size(), in.materials.size());
  for (std::size_t i = 0; i < in.materials.size(); ++i) {
    EXPECT_TRUE(same_bytes(out.materials()[i], in.materials[i]));
  }
  ASSERT_EQ(out.joints().size(), in.joints.size());
  for (std::size_t i = 0; i < in.joints.size(); ++i) {
    const aem::Joint& j = out.joints()[i];
    EXPECT_EQ(aem::name_view(j.name), in.joints[i].name);
    EXPECT_EQ(std::memcmp(j.inverse_bind, in.joints[i].inverse_bind.data(), 64), 0);
    EXPECT_EQ(j.parent, in.joints[i].parent);
  }
  ASSERT_EQ(out.animations().size(), in.animations.size());
  ASSERT_EQ(out.tracks().size(), in.animations.size() * in.joints.size());
  for (std::uint32_t a = 0; a < in.animations.size(); ++a) {
    EXPECT_EQ(aem::name_view(out.animations()[a].name), in.animations[a].name);
    EXPECT_EQ(out.animations()[a].duration, in.animations[a].duration);
    for (std::uint32_t j = 0; j < in.joints.size(); ++j) {
      const aem::TrackKeys keys = out.keys(out.track(a, j));
      const aem::pipeline::JointKeys& expected = in.animations[a].joints[j];
      const auto same_keys = [](std::span<const aem::Keyframe> got,
                                const std::vector<aem::Keyframe>& want) {
        return got.size() == want.size() &&
               (want.empty() || std::memcmp(got.data(), want.data(), got.size_bytes()) == 0);
      };
      EXPECT_TRUE(same_keys(keys.translations, expected.translations));
      EXPECT_TRUE(same_keys(keys.rotations, expected.rotations));
      EXPECT_TRUE(same_keys(keys.scales, expected.scales));
    }
  }
}

TEST(RoundTrip, RandomModelsThroughMemory) {
  for (std::uint32_t seed = 0; seed < 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const ModelContent content = aem::test::random_model(seed);
    const std::vector<std::byte> bytes = aem::pipeline::serialize_model(content);
    const aem::Model model = aem::Model::open_memory(bytes);
    EXPECT_TRUE(model.zero_copy());
    expect_views_equal(content, model);
    EXPECT_TRUE(aem::check_structure(model.view(), [](const aem::Error&) { return true; }));
  }
}

TEST(RoundTrip, RandomModelsThroughMappedFiles) {
  const auto dir = std::filesystem::temp_directory_path() / ("aem_round_trip_" + std::to_string(aem::test::process_id()));
  std::filesystem::create_directories(dir);
  for (std::uint32_t seed = 1000; seed < 1040; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const ModelContent content = aem::test::random_model(seed);
    const auto path = dir / ("model_" + std::to_string(seed) + ".aem");
    aem::pipeline::write_model_file(path, content);
    const aem::Model model = aem::Model::open(path);
    expect_views_equal(content, model);
  }
  // Atomic writes leave nothing but the finished files behind.
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    EXPECT_EQ(entry.path().extension(), ".aem") << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 40u);
  std::filesystem::remove_all(dir);
}

TEST(RoundTrip, WritingIsDeterministic) {
  const ModelContent content = aem::test::random_model(7);
  EXPECT_EQ(aem::pipeline::serialize_model(content), aem::pipeline::serialize_model(content));
}

}  // namespace
