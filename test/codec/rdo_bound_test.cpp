// RDO under a quality bound (specs/bc7-rdo.md, "Quality bound"): bound 0 is the plain encoder's
// output bit for bit, the same bytes at any thread count, the bound holds on every corpus image
// (64x64 crops: PSNR loss for BC7, the normals' RMS angle ratio for BC5 normal maps, both
// measured here independently of the codec's own metric), and invalid bounds are refused.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/rdo_bound.hpp"
#include "aem/codec/texture_compress.hpp"
#include "corpus.hpp"

namespace {

using namespace aem::codec;

// A size x size window at the image's centre (the whole image when it is smaller).
ImageRgba8 centre(const ImageRgba8& full, std::uint32_t size) {
  const std::uint32_t w = std::min(size, full.width), h = std::min(size, full.height);
  const std::uint32_t x0 = (full.width - w) / 2, y0 = (full.height - h) / 2;
  ImageRgba8 image{w, h, {}};
  for (std::uint32_t y = 0; y < h; ++y) {
    const auto* row = full.pixels.data() + (std::size_t(y + y0) * full.width + x0) * 4;
    image.pixels.insert(image.pixels.end(), row, row + std::size_t(w) * 4);
  }
  return image;
}

CompressOptions options_for(BlockFormat format, unsigned threads) {
  CompressOptions options;
  options.format = format;
  options.threads = threads;
  return options;
}

// RMS angle in radians between the normals rebuilt from R and G (z = sqrt(1 - x² - y²)), by the
// dot product (the codec measures by atan2 of cross and dot).
double rms_normal_angle(const ImageRgba8& source, const ImageRgba8& decoded) {
  double sum = 0;
  auto normal = [](const std::uint8_t* t, double n[3]) {
    n[0] = t[0] * 2.0 / 255 - 1;
    n[1] = t[1] * 2.0 / 255 - 1;
    n[2] = std::sqrt(std::max(0.0, 1 - n[0] * n[0] - n[1] * n[1]));
  };
  for (std::size_t i = 0; i < source.pixels.size(); i += 4) {
    double a[3], b[3];
    normal(&source.pixels[i], a);
    normal(&decoded.pixels[i], b);
    const double cosine = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) /
                          std::sqrt((a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) * (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]));
    const double angle = std::acos(std::clamp(cosine, -1.0, 1.0));
    sum += angle * angle;
  }
  return std::sqrt(sum / double(source.pixels.size() / 4));
}

TEST(RdoMaxLoss, ParsesNumbersAndRefusesTheRest) {
  EXPECT_EQ(parse_rdo_max_loss("0"), 0);
  EXPECT_EQ(parse_rdo_max_loss("1.5"), 1.5);
  EXPECT_EQ(parse_rdo_max_loss("20"), 20);
  for (const char* bad : {"", "-1", "nan", "inf", "20.5", "1dB", "one"})
    EXPECT_THROW(parse_rdo_max_loss(bad), std::invalid_argument) << bad;
  for (double bad : {-1.0, std::nan(""), std::numeric_limits<double>::infinity(), 20.5})
    EXPECT_FALSE(rdo_max_loss_problem(bad).empty()) << bad;
  EXPECT_TRUE(rdo_max_loss_problem(0).empty());
  EXPECT_TRUE(rdo_max_loss_problem(20).empty());
  try {
    parse_rdo_max_loss("-1");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("RDO max loss '-1' is negative (expected 0 to 20)"), std::string::npos) << e.what();
  }
  const ImageRgba8 image{4, 4, std::vector<std::uint8_t>(64, 128)};
  EXPECT_THROW(compress_image_within_loss(image, {}, -0.5, RdoLossMetric::samples), std::invalid_argument);
  CompressOptions with_lambda;
  with_lambda.rdo_lambda = 1;
  EXPECT_THROW(compress_image_within_loss(image, with_lambda, 1, RdoLossMetric::samples), std::invalid_argument);
}

TEST(RdoMaxLoss, PooledLossIsTheLevelsErrorRatio) {
  const std::vector<RdoLevelChoice> levels = {{1, 100, 150, 3}, {0.5, 100, 100, 2}};
  EXPECT_NEAR(pooled_loss_db(levels), 10 * std::log10(250.0 / 200), 1e-12);
  EXPECT_EQ(pooled_loss_db(std::vector<RdoLevelChoice>{{0, 0, 0, 0}}), 0);
  EXPECT_EQ(pooled_loss_db(std::vector<RdoLevelChoice>{{1, 0, 1, 1}}), std::numeric_limits<double>::infinity());
}

TEST(RdoBoundCorpus, ZeroBoundIsThePlainEncoderBitForBit) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const auto& [name, format] : {std::pair{"damagedhelmet_tex0.png", BlockFormat::bc7},
                                     std::pair{"water_normals.png", BlockFormat::bc5}}) {
    const ImageRgba8 image = centre(load_image(corpus / "images" / name), 64);
    const auto metric = format == BlockFormat::bc5 ? RdoLossMetric::normal_angle : RdoLossMetric::samples;
    const BoundedBlocks zero = compress_image_within_loss(image, options_for(format, 2), 0, metric);
    EXPECT_EQ(zero.blocks, compress_image(image, options_for(format, 1))) << name;
    EXPECT_EQ(zero.choice.lambda, 0) << name;
    EXPECT_EQ(zero.choice.passes, 0u) << name << ": bound 0 runs no pass";
  }
}

// 8 blocks across and 66 block rows: three RDO slices, which 1 and 3 threads split differently.
TEST(RdoBoundCorpus, SameBytesAtAnyThreadCount) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const auto& [name, format] : {std::pair{"food_kenney.png", BlockFormat::bc7},
                                     std::pair{"water_normals.png", BlockFormat::bc5}}) {
    const ImageRgba8 full = load_image(corpus / "images" / name);
    ImageRgba8 strip{32, 264, {}};
    for (std::uint32_t y = 0; y < 264; ++y) {
      const auto* row = full.pixels.data() + (std::size_t(y) * full.width + 192) * 4;
      strip.pixels.insert(strip.pixels.end(), row, row + 32 * 4);
    }
    const auto metric = format == BlockFormat::bc5 ? RdoLossMetric::normal_angle : RdoLossMetric::samples;
    const BoundedBlocks one = compress_image_within_loss(strip, options_for(format, 1), 1, metric);
    const BoundedBlocks three = compress_image_within_loss(strip, options_for(format, 3), 1, metric);
    EXPECT_GT(one.choice.lambda, 0) << name;
    EXPECT_EQ(one.choice.lambda, three.choice.lambda) << name;
    EXPECT_EQ(one.blocks, three.blocks) << name;
  }
}

// Every corpus image: BC7 keeps PSNR(plain) − PSNR(bound) within the bound; the normal maps, as
// BC5, keep their RMS angle error within 10^(bound/20) times the plain encoding's.
TEST(RdoBoundCorpus, TheBoundHoldsOnEveryImage) {
  AEM_REQUIRE_CORPUS(corpus);
  const std::set<std::string> normal_maps = {"ScratchedGold-Normal.png", "damagedhelmet_tex4.png", "water_normals.png"};
  constexpr double kBound = 1;
  unsigned images = 0, searched = 0, near_the_bound = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus / "images")) {
    if (entry.path().extension() != ".png") continue;
    const std::string name = entry.path().filename().string();
    const ImageRgba8 image = centre(load_image(entry.path()), 64);
    const bool normals = normal_maps.count(name) > 0;
    const BlockFormat format = normals ? BlockFormat::bc5 : BlockFormat::bc7;
    const BoundedBlocks bounded = compress_image_within_loss(
        image, options_for(format, 2), kBound, normals ? RdoLossMetric::normal_angle : RdoLossMetric::samples);
    const std::vector<std::uint8_t> plain = compress_image(image, options_for(format, 2));
    const ImageRgba8 got = decompress_image(bounded.blocks, image.width, image.height, format);
    const ImageRgba8 base = decompress_image(plain, image.width, image.height, format);
    double loss = 0;
    if (normals) {
      const double ratio = rms_normal_angle(image, got) / rms_normal_angle(image, base);
      EXPECT_LE(ratio, std::pow(10.0, kBound / 20) * (1 + 1e-9)) << name;
      loss = 20 * std::log10(ratio);
    } else {
      loss = compare_images(image, base).psnr_rgba() - compare_images(image, got).psnr_rgba();
      EXPECT_LE(loss, kBound + 1e-9) << name;
    }
    EXPECT_NEAR(loss, pooled_loss_db(std::span(&bounded.choice, 1)), 1e-6) << name << ": the loss reported";
    ++images;
    searched += bounded.choice.lambda > 0;
    near_the_bound += loss > kBound / 2;
    std::printf("%-26s %s lambda %-8g loss %.3f dB, %u passes\n", name.c_str(), normals ? "bc5" : "bc7",
                bounded.choice.lambda, loss, bounded.choice.passes);
  }
  EXPECT_EQ(images, 12u);
  EXPECT_GE(searched, 10u) << "images where some lambda kept the bound";
  EXPECT_GE(near_the_bound, 8u) << "images whose loss came within half the bound of it";
}

}  // namespace
