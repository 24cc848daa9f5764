// The rendering options of issue 17 and the Radiance HDR reader, without a display.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <stb_image_write.h>

#include <gtest/gtest.h>

#include "options/options.hpp"
#include "render/radiance_hdr.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using aem::viewer::parse_options;
using aem::viewer::read_radiance_hdr;

TEST(ViewerUnit, ParsesTheRenderingOptions) {
  const auto defaults = parse_options({"m.aem"});
  EXPECT_EQ(defaults.msaa_samples, 4);
  EXPECT_TRUE(defaults.image_based_lighting);
  EXPECT_TRUE(defaults.environment.empty());
  EXPECT_FALSE(defaults.background_environment);
  const auto o = parse_options({"m.aem", "--msaa", "8", "--environment", "sky.hdr", "--exposure", "-1.5",
                                "--environment-yaw", "90", "--background", "env", "--no-ibl"});
  EXPECT_EQ(o.msaa_samples, 8);
  EXPECT_EQ(o.environment, "sky.hdr");
  EXPECT_FLOAT_EQ(o.exposure_stops, -1.5f);
  EXPECT_FLOAT_EQ(o.environment_yaw, 90.0f);
  EXPECT_TRUE(o.background_environment);
  EXPECT_FALSE(o.image_based_lighting);
  EXPECT_EQ(parse_options({"m.aem", "--no-msaa"}).msaa_samples, 1);
  EXPECT_THROW(parse_options({"m.aem", "--msaa", "3"}), std::invalid_argument);
  EXPECT_THROW(parse_options({"m.aem", "--msaa", "32"}), std::invalid_argument);
  EXPECT_THROW(parse_options({"m.aem", "--background", "sky"}), std::invalid_argument);
  EXPECT_THROW(parse_options({"m.aem", "--exposure", "99"}), std::invalid_argument);
  EXPECT_THROW(parse_options({"m.aem", "--environment"}), std::invalid_argument);
}

TEST(ViewerUnit, RadianceHdrRunLengthScanlinesReadBack) {
  const auto dir = scratch_dir("unit_hdr_rle");
  const int w = 40, h = 6;  // wide enough for run-length scanlines
  std::vector<float> rgb(std::size_t(w) * h * 3);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      float* p = &rgb[(std::size_t(y) * w + std::size_t(x)) * 3];
      p[0] = 0.01f * float(x + 1);
      p[1] = float(y) * 10.0f;
      p[2] = x < 20 ? 1.0f : 1000.0f;  // runs of equal texels
    }
  }
  const auto path = dir / "gradient.hdr";
  ASSERT_NE(stbi_write_hdr(path.c_str(), w, h, 3, rgb.data()), 0);
  const auto image = read_radiance_hdr(path);
  ASSERT_EQ(image.width, w);
  ASSERT_EQ(image.height, h);
  for (std::size_t i = 0; i < rgb.size(); ++i) {
    // RGBE keeps 8 bits of mantissa relative to the texel's largest channel.
    const std::size_t texel = i / 3 * 3;
    const float largest = std::max({rgb[texel], rgb[texel + 1], rgb[texel + 2]});
    EXPECT_NEAR(image.rgb[i], rgb[i], largest / 128) << "value " << i;
  }
}

TEST(ViewerUnit, RadianceHdrFlatScanlinesAndErrors) {
  const auto dir = scratch_dir("unit_hdr_flat");
  const std::string header = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 4 +X 8\n";
  {  // Flat scanlines: RGBE 128,64,32 with exponent 129 is 1, 0.5, 0.25.
    std::ofstream out(dir / "flat.hdr", std::ios::binary);
    out << header;
    for (int i = 0; i < 32; ++i) out.write("\x80\x40\x20\x81", 4);
  }
  const auto flat = read_radiance_hdr(dir / "flat.hdr");
  ASSERT_EQ(flat.rgb.size(), 8u * 4u * 3u);
  EXPECT_FLOAT_EQ(flat.rgb[0], 1.0f);
  EXPECT_FLOAT_EQ(flat.rgb[1], 0.5f);
  EXPECT_FLOAT_EQ(flat.rgb.back(), 0.25f);

  const auto expect_error = [&](const std::string& name, const std::string& bytes, const std::string& reason) {
    {
      std::ofstream out(dir / name, std::ios::binary);
      out.write(bytes.data(), std::streamsize(bytes.size()));
    }
    try {
      read_radiance_hdr(dir / name);
      ADD_FAILURE() << name << " was read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find((dir / name).string() + ": " + reason), std::string::npos) << e.what();
    }
  };
  expect_error("short.hdr", header + std::string(8 * 4 * 3, '\x10'), "broken Radiance HDR data (truncated in scanline 3)");
  expect_error("no_header_end.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n", "broken Radiance HDR data (the header does not end)");
  expect_error("xyze.hdr", "#?RADIANCE\nFORMAT=32-bit_rle_xyze\n\n-Y 4 +X 8\n", "unsupported Radiance HDR FORMAT=32-bit_rle_xyze");
  expect_error("flipped.hdr", "#?RADIANCE\n\n+Y 4 +X 8\n", "unsupported Radiance HDR orientation '+Y 4 +X 8'");
  expect_error("huge.hdr", "#?RADIANCE\n\n-Y 8193 +X 16384\n", "a 16384x8193 environment is outside 8x4 to 16384x8192");
  // A header that claims more scanlines than the bytes after it can hold (each at least 12 bytes
  // here, 1044 at 16384 wide): refused before 1.5 GiB of pixels is allocated.
  expect_error("claims_more.hdr", "#?RADIANCE\n\n-Y 8192 +X 16384\n" + std::string(100, '\0'),
               "broken Radiance HDR data (8192 scanlines of 16384 pixels need at least 8552448 bytes after the header)");
  expect_error("one_short.hdr", header + std::string(47, '\0'),
               "broken Radiance HDR data (4 scanlines of 8 pixels need at least 48 bytes after the header)");
  // A run-length scanline whose run goes past the row's end (stb_image's reader loops here).
  std::string overflow = "#?RADIANCE\n\n-Y 4 +X 8\n";
  overflow += std::string("\x02\x02\x00\x08", 4) + "\xff\x01" + std::string(64, '\0');  // padding: past the size check
  expect_error("overflow.hdr", overflow, "broken Radiance HDR data (an empty run or one past the end of scanline 0)");
  // A zero-length run would never advance.
  std::string zero = "#?RADIANCE\n\n-Y 4 +X 8\n";
  zero += std::string("\x02\x02\x00\x08\x00", 5) + std::string(64, '\0');
  expect_error("zero_run.hdr", zero, "broken Radiance HDR data (an empty run or one past the end of scanline 0)");
}

}  // namespace
}  // namespace aem::test::viewer
