// Picking sees through what the alpha test cuts away: a ray at a texel of an alpha-tested
// (glTF MASK) material whose alpha is below the cutoff picks what lies behind it, as the
// render shows; elsewhere on that material, and on a blended one, it picks the material.
#include <cstddef>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"
#include "aem/mip_chain.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model/model_source.hpp"
#include "picking/alpha_cutout.hpp"
#include "picking/material_picking.hpp"
#include "textured_quad_gltf.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;
using pipeline::ModelContent;
using pipeline::TextureImage;

// A 4x4 base colour, alpha 0 in its left two columns and 255 in its right two, in `compression`
// (none or BC7); its smaller mip levels are opaque (only level 0 is sampled).
TextureImage half_cut_out_texture(Compression compression) {
  std::uint8_t texels[64];
  for (int i = 0; i < 16; ++i) {
    const std::uint8_t rgba[4] = {200, 120, 40, std::uint8_t(i % 4 < 2 ? 0 : 255)};
    std::copy(rgba, rgba + 4, texels + i * 4);
  }
  TextureImage t;
  t.width = t.height = 4;
  t.compression = compression;
  t.mips.assign(mip_chain_size(4, 4, compression), std::byte{255});
  if (compression == Compression::bc7) {
    std::uint8_t block[16];
    codec::encode_bc7_block(texels, block, codec::Bc7Quality::normal);
    std::copy(block, block + 16, reinterpret_cast<std::uint8_t*>(t.mips.data()));
  } else {
    std::copy(texels, texels + 64, reinterpret_cast<std::uint8_t*>(t.mips.data()));
  }
  return t;
}

TextureImage solid_texture(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  TextureImage t;
  t.width = t.height = 1;
  t.mips = {std::byte{r}, std::byte{g}, std::byte{b}, std::byte{255}};
  return t;
}

// Quads facing +Z: at z = 0 material 0 with the half cut-out texture (u = 0 at x = -1, wrapped
// by `wrap`), and 1 m behind it material 1, plain.
std::vector<std::byte> quads_model(Compression compression, MaterialType front_type, WrapMode wrap = WrapMode::repeat) {
  ModelContent m;
  const auto vertex = [](float x, float y, float z, float u, float v) {
    return Vertex{{x, y, z}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {u, v}, {-1, -1, -1, -1}, {0, 0, 0, 0}};
  };
  for (const float z : {0.0f, -1.0f}) {
    const auto first = std::uint32_t(m.vertices.size());
    m.vertices.insert(m.vertices.end(), {vertex(-1, -1, z, 0, 1), vertex(1, -1, z, 1, 1), vertex(1, 1, z, 1, 0),
                                         vertex(-1, 1, z, 0, 0)});
    m.indices.insert(m.indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
  }
  m.textures = {half_cut_out_texture(compression), solid_texture(128, 128, 255), solid_texture(128, 255, 0),
                solid_texture(30, 80, 220)};
  m.textures[0].wrap_x = m.textures[0].wrap_y = wrap;
  m.meshes = {{0, 6, 0}, {6, 6, 1}};
  m.materials = {{0, 1, 2, std::uint32_t(front_type)}, {3, 1, 2, std::uint32_t(MaterialType::opaque)}};
  return pipeline::serialize_model(m);
}

// Straight down -Z from z = 5 at x: the front quad is 5 away, the one behind 6.
Ray ray_at(float x) { return {{x, 0.1f, 5.0f}, {0, 0, -1}}; }

TEST(ViewerUnit, PickSeesThroughAlphaTestedCutOuts) {
  for (const Compression compression : {Compression::none, Compression::bc7}) {
    SCOPED_TRACE(compression == Compression::bc7 ? "BC7" : "RGBA8");
    const std::vector<std::byte> bytes = quads_model(compression, MaterialType::opaque);
    const Model model = Model::open_memory(bytes);
    EXPECT_LT(base_color_alpha(model, model.materials()[0], 0.1f, 0.5f), 0.5f);
    EXPECT_GT(base_color_alpha(model, model.materials()[0], 0.9f, 0.5f), 0.5f);
    // The right half is there: the front quad.
    const auto kept = pick(model, {}, ray_at(0.5f));
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->material, 0u);
    EXPECT_NEAR(kept->distance, 5.0f, 1e-4f);
    // The left half is cut away: the quad behind.
    const auto through = pick(model, {}, ray_at(-0.5f));
    ASSERT_TRUE(through);
    EXPECT_EQ(through->material, 1u);
    EXPECT_NEAR(through->distance, 6.0f, 1e-4f);
    // With nothing behind it (the far plane stops short of it), a cut-out picks nothing.
    EXPECT_FALSE(pick(model, {}, ray_at(-0.5f), 0, 5.5f));
  }
}

TEST(ViewerUnit, PickDoesNotSeeThroughBlendedMaterials) {
  const std::vector<std::byte> bytes = quads_model(Compression::none, MaterialType::transparent);
  const Model model = Model::open_memory(bytes);
  EXPECT_FALSE(is_cut_out(model, model.materials()[0], 0.1f, 0.5f));
  const auto hit = pick(model, {}, ray_at(-0.5f));
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->material, 0u);
}

TEST(ViewerUnit, CutOutTexelsFollowTheWrapModes) {
  const std::vector<std::byte> repeat_bytes = quads_model(Compression::none, MaterialType::opaque, WrapMode::repeat);
  const Model repeat = Model::open_memory(repeat_bytes);
  EXPECT_TRUE(is_cut_out(repeat, repeat.materials()[0], 1.1f, 0.5f));    // as 0.1
  EXPECT_FALSE(is_cut_out(repeat, repeat.materials()[0], -0.1f, 0.5f));  // as 0.9
  const std::vector<std::byte> mirror_bytes = quads_model(Compression::none, MaterialType::opaque, WrapMode::mirrored_repeat);
  const Model mirror = Model::open_memory(mirror_bytes);
  EXPECT_FALSE(is_cut_out(mirror, mirror.materials()[0], 1.1f, 0.5f));  // as 0.9
  EXPECT_TRUE(is_cut_out(mirror, mirror.materials()[0], 1.9f, 0.5f));   // as 0.1
  const std::vector<std::byte> clamp_bytes = quads_model(Compression::none, MaterialType::opaque, WrapMode::clamp_to_edge);
  const Model clamp = Model::open_memory(clamp_bytes);
  EXPECT_FALSE(is_cut_out(clamp, clamp.materials()[0], 1.1f, 0.5f));  // the right edge
  EXPECT_TRUE(is_cut_out(clamp, clamp.materials()[0], -3.0f, 0.5f));  // the left edge
}

// End to end from glTF: alphaCutoff 0.3 over texels of alpha 0.4 (left) and 0.2 (right). The
// bake applies the cutoff; the pick must agree with it, not with 0.5 on the source's alpha.
TEST(ViewerUnit, PickHonoursAGltfMaskCutoff) {
  const auto dir = scratch_dir("alpha_mask_pick");
  Image image;
  image.width = 2;
  image.height = 1;
  image.rgba = {200, 120, 40, 102, 200, 120, 40, 51};
  write_png(dir / "leaf.png", image);
  write_textured_quad_gltf(dir / "leaf.gltf", {.image_uri = "leaf.png", .alpha_cutoff = 0.3f, .plain_quad_behind = true});
  const LoadedModel loaded = load_model(dir / "leaf.gltf");
  const auto kept = pick(loaded.model, {}, ray_at(-0.5f));
  ASSERT_TRUE(kept);
  EXPECT_NEAR(kept->distance, 5.0f, 1e-4f) << "alpha 0.4 is above the cutoff: the leaf is there";
  const auto through = pick(loaded.model, {}, ray_at(0.5f));
  ASSERT_TRUE(through);
  EXPECT_NEAR(through->distance, 6.0f, 1e-4f) << "alpha 0.2 is below the cutoff: the quad behind";
  EXPECT_NE(through->material, kept->material);
}

}  // namespace
}  // namespace aem::test::viewer
