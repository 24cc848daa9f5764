// Mip chains: colour averaged in linear light, normal maps renormalised, alpha coverage kept for
// alpha-tested textures, AEM level sizes, and downsizing.
#include <cmath>

#include <gtest/gtest.h>

#include "aem/mip_chain.hpp"
#include "stages/materials/mip_generation.hpp"

namespace aem::pipeline {
namespace {

codec::ImageRgba8 image(std::uint32_t w, std::uint32_t h, auto texel) {
  codec::ImageRgba8 img{w, h, std::vector<std::uint8_t>(std::size_t(w) * h * 4)};
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x) {
      const std::array<std::uint8_t, 4> t = texel(x, y);
      std::copy(t.begin(), t.end(), &img.pixels[(std::size_t(y) * w + x) * 4]);
    }
  return img;
}

TEST(MipGeneration, ColourIsAveragedInLinearLight) {
  // Black/white checker: the average is linear 0.5, which is sRGB 188, not 128.
  const auto img = image(2, 2, [](std::uint32_t x, std::uint32_t y) -> std::array<std::uint8_t, 4> {
    const std::uint8_t v = (x + y) % 2 ? 255 : 0;
    return {v, v, v, 255};
  });
  const auto chain = build_mip_chain(img, TextureKind::base_color);
  ASSERT_EQ(chain.size(), 2u);
  EXPECT_EQ(chain[1].pixels[0], 188);
  EXPECT_EQ(chain[1].pixels[3], 255);
  // Linear data (PBR) averages as is.
  EXPECT_NEAR(build_mip_chain(img, TextureKind::pbr)[1].pixels[0], 128, 1);
}

TEST(MipGeneration, LevelSizesFollowTheAemChainIncludingNonPowerOfTwo) {
  const auto img = image(13, 5, [](std::uint32_t, std::uint32_t) -> std::array<std::uint8_t, 4> { return {1, 2, 3, 4}; });
  const auto chain = build_mip_chain(img, TextureKind::pbr);
  ASSERT_EQ(chain.size(), mip_count(13, 5));
  for (std::uint32_t i = 0; i < chain.size(); ++i) {
    EXPECT_EQ(chain[i].width, std::max(1u, 13u >> i));
    EXPECT_EQ(chain[i].height, std::max(1u, 5u >> i));
  }
  EXPECT_EQ(chain.back().pixels, (std::vector<std::uint8_t>{1, 2, 3, 4}));
}

TEST(MipGeneration, NormalMapsAreRenormalised) {
  // Two opposite tilts average to a short vector; the mip stores it renormalised (straight up).
  const auto img = image(2, 2, [](std::uint32_t x, std::uint32_t) -> std::array<std::uint8_t, 4> {
    return x ? std::array<std::uint8_t, 4>{218, 128, 218, 255} : std::array<std::uint8_t, 4>{38, 128, 218, 255};
  });
  const auto chain = build_mip_chain(img, TextureKind::normal);
  const std::uint8_t* p = chain[1].pixels.data();
  const double x = p[0] / 127.5 - 1, y = p[1] / 127.5 - 1, z = p[2] / 127.5 - 1;
  EXPECT_NEAR(std::sqrt(x * x + y * y + z * z), 1.0, 0.02);
  EXPECT_NEAR(z, 1.0, 0.02);
}

TEST(MipGeneration, AlphaTestedCoverageIsKeptAndStaysBinary) {
  // Scattered opaque texels, a quarter of them (as foliage cut-outs): a plain average lowers
  // alpha so that under a 0.5 test almost nothing passes at small levels; the coverage-keeping
  // chain keeps about a quarter passing and every alpha 0 or 255.
  std::uint32_t state = 12345;
  const auto img = image(64, 64, [&](std::uint32_t, std::uint32_t) -> std::array<std::uint8_t, 4> {
    state = state * 1664525u + 1013904223u;
    return {200, 100, 50, std::uint8_t((state >> 24) < 64 ? 255 : 0)};
  });
  const auto plain = build_mip_chain(img, TextureKind::base_color);
  const auto chain = build_mip_chain(img, TextureKind::base_color_masked);
  std::size_t pass0 = 0;
  for (std::size_t i = 3; i < img.pixels.size(); i += 4) pass0 += img.pixels[i] == 255 ? 1 : 0;
  const double coverage0 = double(pass0) / (64.0 * 64.0);
  // Byte-quantised averages tie in groups, so a level can only get within a few percent.
  for (std::size_t level = 1; level + 3 < chain.size(); ++level) {
    std::size_t pass = 0, plain_pass = 0, n = 0;
    for (std::size_t i = 3; i < chain[level].pixels.size(); i += 4, ++n) {
      const std::uint8_t a = chain[level].pixels[i];
      EXPECT_TRUE(a == 0 || a == 255);
      pass += a == 255 ? 1 : 0;
      plain_pass += plain[level].pixels[i] >= 128 ? 1 : 0;
    }
    EXPECT_NEAR(double(pass) / double(n), coverage0, 0.08) << "level " << level;
    if (level >= 2) {
      EXPECT_LT(double(plain_pass) / double(n), 0.15) << "level " << level;
    }
  }
}

TEST(MipGeneration, DownsizeKeepsAspectAndLimit) {
  const auto img = image(300, 100, [](std::uint32_t, std::uint32_t) -> std::array<std::uint8_t, 4> { return {10, 20, 30, 255}; });
  const auto small = downsize(img, 64, TextureKind::base_color);
  EXPECT_EQ(small.width, 64u);
  EXPECT_EQ(small.height, 21u);
  EXPECT_EQ(small.pixels[0], 10);
  EXPECT_EQ(downsize(img, 0, TextureKind::pbr).width, 300u);
}

TEST(MipGeneration, EncodesBc7AndBc5Chains) {
  const auto img = image(8, 8, [](std::uint32_t x, std::uint32_t y) -> std::array<std::uint8_t, 4> {
    return {std::uint8_t(x * 30), std::uint8_t(y * 30), 128, 255};
  });
  BakeOptions options;
  options.quality = codec::Bc7Quality::fast;
  const auto colour = encode_texture(build_mip_chain(img, TextureKind::base_color), TextureKind::base_color, options);
  EXPECT_EQ(colour.compression, Compression::bc7);
  EXPECT_EQ(colour.mips.size(), mip_chain_size(8, 8, Compression::bc7));
  const auto normal = encode_texture(build_mip_chain(img, TextureKind::normal), TextureKind::normal, options);
  EXPECT_EQ(normal.compression, Compression::bc5);
  options.textures = TextureEncoding::rgba;
  EXPECT_EQ(encode_texture(build_mip_chain(img, TextureKind::pbr), TextureKind::pbr, options).mips.size(),
            mip_chain_size(8, 8, Compression::none));
}

}  // namespace
}  // namespace aem::pipeline
