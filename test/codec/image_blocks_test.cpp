#include <cstdint>
#include <cmath>
#include <cstring>

#include <gtest/gtest.h>

#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"

namespace {

using namespace aem::codec;

ImageRgba8 numbered(std::uint32_t w, std::uint32_t h) {
  ImageRgba8 image;
  image.width = w;
  image.height = h;
  for (std::uint32_t y = 0; y < h; ++y)
    for (std::uint32_t x = 0; x < w; ++x)
      image.pixels.insert(image.pixels.end(), {std::uint8_t(x), std::uint8_t(y), 7, 255});
  return image;
}

TEST(ImageBlocks, EdgeBlocksReplicateTheLastRowAndColumn) {
  const ImageRgba8 image = numbered(5, 3);
  EXPECT_EQ(blocks_across(5), 2u);
  EXPECT_EQ(blocks_down(3), 1u);
  std::uint8_t texels[64];
  extract_block(image, 1, 0, texels);
  for (int t = 0; t < 16; ++t) {
    EXPECT_EQ(texels[4 * t], 4) << t;  // only column 4 exists in this block
    EXPECT_EQ(texels[4 * t + 1], std::min(t / 4, 2)) << t;
  }
}

TEST(ImageBlocks, OddSizedImagesCompressAndDecodeToTheirSize) {
  for (auto [w, h] : {std::pair{1u, 1u}, {5u, 3u}, {17u, 9u}}) {
    const ImageRgba8 image = numbered(w, h);
    for (BlockFormat f : {BlockFormat::bc7, BlockFormat::bc5}) {
      CompressOptions options;
      options.format = f;
      const auto blocks = compress_image(image, options);
      ASSERT_EQ(blocks.size(), compressed_size(w, h));
      const ImageRgba8 decoded = decompress_image(blocks, w, h, f);
      ASSERT_EQ(decoded.pixels.size(), image.pixels.size());
      EXPECT_GT(compare_images(image, decoded).psnr(0, 2), 35.0) << w << "x" << h;
    }
  }
  EXPECT_THROW(decompress_image(std::vector<std::uint8_t>(10), 4, 4, BlockFormat::bc7),
               std::invalid_argument);
}

TEST(Psnr, IdenticalImagesAreInfiniteAndKnownErrorsGiveKnownValues) {
  ImageRgba8 a = numbered(4, 4), b = a;
  EXPECT_TRUE(std::isinf(compare_images(a, b).psnr_rgba()));
  for (std::size_t i = 0; i < b.pixels.size(); i += 4) b.pixels[i] = std::uint8_t(b.pixels[i] + 1);
  const ErrorStats s = compare_images(a, b);
  EXPECT_DOUBLE_EQ(s.mse(0, 1), 1.0);
  EXPECT_NEAR(s.psnr(0, 1), 48.1308, 1e-3);
  EXPECT_NEAR(s.psnr_rgba(), 48.1308 + 10 * std::log10(4.0), 1e-3);
}

TEST(ImageIo, UnreadableFileNamesTheFile) {
  try {
    load_image("/nonexistent/dir/missing.png");
    FAIL() << "expected an exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing.png"), std::string::npos) << e.what();
  }
}

}  // namespace
