// A texture compression's one name (aem/compression_name.hpp): the lower-case word machine-readable output
// carries, and the same word upper-cased for people.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "aem/compression_name.hpp"

namespace aem {
namespace {

TEST(CompressionName, OneWordPerCodec) {
  EXPECT_STREQ(to_string(Compression::none), "rgba8");
  EXPECT_STREQ(to_string(Compression::bc5), "bc5");
  EXPECT_STREQ(to_string(Compression::bc7), "bc7");
  EXPECT_STREQ(to_string(Compression(7)), "unknown");  // a file opened without validation
}

TEST(CompressionName, DisplayNameIsTheWordUpperCased) {
  EXPECT_EQ(display_name(Compression::none), "RGBA8");
  EXPECT_EQ(display_name(Compression::bc5), "BC5");
  EXPECT_EQ(display_name(Compression::bc7), "BC7");
  static_assert(std::string_view(to_string(Compression::bc7)) == "bc7", "usable at compile time");
}

}  // namespace
}  // namespace aem
