// Whole-image BC7/BC5 compression of the corpus images: per-image PSNR floors (measured with
// this encoder, less 0.3 dB), alpha 255 kept on opaque images, thread-count independence, and
// blocks found again when their own texels are encoded again.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/codec/image.hpp"
#include "aem/codec/psnr.hpp"
#include "aem/codec/texture_compress.hpp"
#include "corpus.hpp"

namespace {

using namespace aem::codec;

struct Floors {
  double fast, normal;
};

// RGBA PSNR floors in dB {fast, normal}: this encoder's measured values less 0.3 dB.
const std::map<std::string, Floors>& floors() {
  static const std::map<std::string, Floors> table = {
      {"AlphaNoise.png", {29.50, 29.98}},
      {"ScratchedGold-Normal.png", {39.94, 45.66}},
      {"cube_color.png", {49.54, 51.40}},
      {"damagedhelmet_tex0.png", {43.33, 46.53}},
      {"damagedhelmet_tex1.png", {36.47, 42.96}},
      {"damagedhelmet_tex2.png", {52.81, 56.51}},
      {"damagedhelmet_tex3.png", {50.25, 51.54}},
      {"damagedhelmet_tex4.png", {44.76, 48.86}},
      {"food_kenney.png", {39.82, 42.77}},
      {"icon.png", {47.88, 52.10}},
      {"uv_checker_bw.png", {50.16, 51.77}},
      {"water_normals.png", {38.36, 43.89}},
  };
  return table;
}

ErrorStats round_trip(const ImageRgba8& image, Bc7Quality quality, unsigned threads) {
  CompressOptions options;
  options.quality = quality;
  options.threads = threads;
  const auto blocks = compress_image(image, options);
  EXPECT_EQ(blocks.size(), compressed_size(image.width, image.height));
  const ImageRgba8 decoded = decompress_image(blocks, image.width, image.height, BlockFormat::bc7);
  bool opaque = true;
  for (std::size_t i = 3; i < image.pixels.size(); i += 4) opaque = opaque && image.pixels[i] == 255;
  if (opaque) {
    std::size_t not_opaque = 0;
    for (std::size_t i = 3; i < decoded.pixels.size(); i += 4) not_opaque += decoded.pixels[i] != 255;
    EXPECT_EQ(not_opaque, 0u) << "opaque image lost alpha 255 at " << to_string(quality);
  }
  return compare_images(image, decoded);
}

class CorpusImages : public ::testing::TestWithParam<Bc7Quality> {};

TEST_P(CorpusImages, StayAbovePsnrFloors) {
  AEM_REQUIRE_CORPUS(corpus);
  int seen = 0;
  for (const auto& [name, floor] : floors()) {
    const std::filesystem::path path = corpus / "images" / name;
    const ImageRgba8 image = load_image(path);
    const ErrorStats stats = round_trip(image, GetParam(), 2);
    const double wanted = GetParam() == Bc7Quality::fast ? floor.fast : floor.normal;
    EXPECT_GE(stats.psnr_rgba(), wanted) << name << " at " << to_string(GetParam());
    ++seen;
  }
  EXPECT_EQ(seen, 12);
}

INSTANTIATE_TEST_SUITE_P(Bc7, CorpusImages, ::testing::Values(Bc7Quality::fast, Bc7Quality::normal),
                         [](const auto& param_info) { return std::string(to_string(param_info.param)); });

TEST(CorpusImagesBest, BeatsNormalOnASmallImage) {
  AEM_REQUIRE_CORPUS(corpus);
  // best is slow by design: one small image, cropped to 128x128.
  const ImageRgba8 full = load_image(corpus / "images" / "icon.png");
  ImageRgba8 image;
  image.width = image.height = 128;
  for (std::uint32_t y = 0; y < 128; ++y) {
    const auto* row = full.pixels.data() + (std::size_t(y + 64) * full.width + 64) * 4;
    image.pixels.insert(image.pixels.end(), row, row + 128 * 4);
  }
  const double normal = round_trip(image, Bc7Quality::normal, 2).psnr_rgba();
  const double best = round_trip(image, Bc7Quality::best, 2).psnr_rgba();
  EXPECT_GE(best, normal);
  EXPECT_GE(best, 57.45);  // measured 57.77 dB (normal: 55.62)
}

TEST(CorpusImages, OutputIsIndependentOfThreadCount) {
  AEM_REQUIRE_CORPUS(corpus);
  const ImageRgba8 image = load_image(corpus / "images" / "food_kenney.png");
  for (Bc7Quality q : {Bc7Quality::fast, Bc7Quality::normal}) {
    CompressOptions one, three;
    one.quality = three.quality = q;
    one.threads = 1;
    three.threads = 3;
    EXPECT_EQ(compress_image(image, one), compress_image(image, three)) << to_string(q);
  }
  CompressOptions bc5_one, bc5_three;
  bc5_one.format = bc5_three.format = BlockFormat::bc5;
  bc5_one.threads = 1;
  bc5_three.threads = 3;
  EXPECT_EQ(compress_image(image, bc5_one), compress_image(image, bc5_three));
}

TEST(CorpusImages, Bc5KeepsNormalMapsClose) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const char* name : {"water_normals.png", "ScratchedGold-Normal.png"}) {
    const ImageRgba8 image = load_image(corpus / "images" / name);
    CompressOptions options;
    options.format = BlockFormat::bc5;
    options.threads = 2;
    const auto blocks = compress_image(image, options);
    const ImageRgba8 decoded = decompress_image(blocks, image.width, image.height, BlockFormat::bc5);
    const ErrorStats stats = compare_images(image, decoded);
    EXPECT_GE(stats.psnr(0, 2), std::string(name) == "water_normals.png" ? 45.0 : 52.4) << name;  // measured 45.31, 52.73
  }
}

// An image encoded, decoded and encoded again (a bake exported to glTF and baked again): the
// blocks the first encoding made in mode 6 (98% of this one at fast, 71% at normal) and in the
// partitioned modes 0-3 (26% at normal) decode the same the second time. Measured on the whole
// image: all but 9 of 15,990 mode 6 blocks at fast; at normal all but 33 of 11,614 in mode 6,
// 132 of 4,231 in modes 0-3 and 1 of 539 in mode 5 (before the encoder looked for them again:
// 1,400, 426, 1,253 and 40); those left are off by at most 2 levels in mode 6 and 9 in modes 0-3.
TEST(Bc7ReEncode, BlocksComeBackFromTheirOwnTexels) {
  AEM_REQUIRE_CORPUS(corpus);
  const ImageRgba8 image = load_image(corpus / "images" / "damagedhelmet_tex0.png");
  for (const Bc7Quality quality : {Bc7Quality::fast, Bc7Quality::normal}) {
    CompressOptions options;
    options.quality = quality;
    options.threads = 2;
    const std::vector<std::uint8_t> first = compress_image(image, options);
    const ImageRgba8 decoded = decompress_image(first, image.width, image.height, BlockFormat::bc7);
    const ImageRgba8 again =
        decompress_image(compress_image(decoded, options), image.width, image.height, BlockFormat::bc7);
    const std::uint32_t across = image.width / 4;
    std::size_t mode6 = 0, mode6_exact = 0, partitioned = 0, partitioned_exact = 0;
    int mode6_worst = 0;
    for (std::size_t b = 0; b < first.size() / 16; ++b) {
      const int mode = std::countr_zero(unsigned(first[16 * b]));
      if (mode > 6 || mode == 4 || mode == 5) continue;
      int worst = 0;
      for (std::uint32_t y = 0; y < 4; ++y)
        for (std::uint32_t x = 0; x < 16; ++x) {
          const std::size_t at = ((b / across * 4 + y) * image.width + b % across * 4) * 4 + x;
          worst = std::max(worst, std::abs(int(decoded.pixels[at]) - int(again.pixels[at])));
        }
      if (mode == 6) {
        ++mode6;
        mode6_exact += worst == 0;
        mode6_worst = std::max(mode6_worst, worst);
      } else {
        ++partitioned;
        partitioned_exact += worst == 0;
      }
    }
    EXPECT_GE(double(mode6_exact), 0.995 * double(mode6)) << to_string(quality);
    EXPECT_LE(mode6_worst, 2) << to_string(quality);
    EXPECT_GE(double(partitioned_exact), 0.95 * double(partitioned)) << to_string(quality);
  }
}

}  // namespace
