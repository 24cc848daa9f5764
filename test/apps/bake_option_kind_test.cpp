// bake_option_kind() against the parser it describes: Python's aem.bake decides from it whether
// name=True/False is a flag, so a flag listed as taking a value (or the reverse) would turn
// strict=True into an error, or textures=False into a silently ignored option.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/bake_request/bake_request.hpp"

namespace aem::bake_request {
namespace {

// The message parse_bake_request gives for `model.gltf -o out.aem EXTRA`, or "" when it accepts them.
std::string refusal(std::string_view extra) {
  const std::vector<std::string_view> args{"model.gltf", "-o", "out.aem", extra};
  try {
    parse_bake_request(args);
    return "";
  } catch (const arg_parser::UsageError& e) {
    return e.what();
  }
}

TEST(BakeOptionKind, EveryFlagIsTakenAloneByTheParser) {
  ASSERT_FALSE(bake_flags().empty());
  for (std::string_view flag : bake_flags()) {
    EXPECT_EQ(bake_option_kind(flag), BakeOptionKind::flag) << flag;
    EXPECT_EQ(refusal(flag), "") << flag;
  }
}

TEST(BakeOptionKind, EveryValueOptionNeedsItsValue) {
  ASSERT_FALSE(bake_value_options().empty());
  for (std::string_view option : bake_value_options()) {
    EXPECT_EQ(bake_option_kind(option), BakeOptionKind::value) << option;
    EXPECT_EQ(refusal(option), std::string(option) + " needs a value") << option;
  }
}

TEST(BakeOptionKind, FormatVersionTakesOnlyOne) {
  EXPECT_EQ(refusal("--format-version=1"), "");
  for (std::string_view other : {"--format-version=2", "--format-version=0", "--format-version=v1"})
    EXPECT_NE(refusal(other).find("only 1 (plain version 1, no extension area)"), std::string::npos) << other;
  const std::vector<std::string_view> args{"model.gltf", "-o", "out.aem", "--format-version", "1"};
  EXPECT_TRUE(parse_bake_request(args).options.version_1_only);
  const std::vector<std::string_view> plain{"model.gltf", "-o", "out.aem"};
  EXPECT_FALSE(parse_bake_request(plain).options.version_1_only);
}

// --lods N (0 to 16) and --lod-error E (in (0, 1]), refused with --format-version 1.
TEST(BakeOptionKind, LodsTakeTheirRangesAndNotFormatVersionOne) {
  const std::vector<std::string_view> args{"model.gltf", "-o", "out.aem", "--lods", "3", "--lod-error", "0.01"};
  const BakeRequest request = parse_bake_request(args);
  EXPECT_EQ(request.options.lods, 3u);
  EXPECT_EQ(request.options.lod_error, 0.01);
  EXPECT_EQ(parse_bake_request(std::vector<std::string_view>{"model.gltf", "-o", "out.aem"}).options.lods, 0u);
  EXPECT_EQ(refusal("--lods=16"), "");
  EXPECT_NE(refusal("--lods=17"), "");
  EXPECT_NE(refusal("--lods=-1"), "");
  EXPECT_EQ(refusal("--lod-error=1"), "");
  EXPECT_NE(refusal("--lod-error=1.5").find("--lods: the LOD error is relative to the model's extent"), std::string::npos);
  EXPECT_NE(refusal("--lod-error=0"), "");
  const std::vector<std::string_view> both{"model.gltf", "-o", "out.aem", "--lods", "2", "--format-version", "1"};
  EXPECT_THROW(parse_bake_request(both), arg_parser::UsageError);
}

// --meshlets with --meshlet-vertices V (3 to 255) and --meshlet-triangles T (a multiple of 4 up to
// 256), refused with --format-version 1.
TEST(BakeOptionKind, MeshletsTakeTheirLimitsAndNotFormatVersionOne) {
  const std::vector<std::string_view> args{"model.gltf", "-o", "out.aem", "--meshlets", "--meshlet-vertices", "96",
                                           "--meshlet-triangles", "128"};
  const BakeRequest request = parse_bake_request(args);
  EXPECT_TRUE(request.options.meshlets);
  EXPECT_EQ(request.options.meshlet_vertices, 96u);
  EXPECT_EQ(request.options.meshlet_triangles, 128u);
  const BakeRequest plain = parse_bake_request(std::vector<std::string_view>{"model.gltf", "-o", "out.aem"});
  EXPECT_FALSE(plain.options.meshlets);
  EXPECT_EQ(plain.options.meshlet_vertices, 64u);
  EXPECT_EQ(plain.options.meshlet_triangles, 124u);
  EXPECT_EQ(bake_option_kind("--meshlets"), BakeOptionKind::flag);
  EXPECT_EQ(refusal("--meshlet-vertices=255"), "");
  EXPECT_NE(refusal("--meshlet-vertices=256"), "");
  EXPECT_NE(refusal("--meshlet-vertices=2"), "");
  EXPECT_EQ(refusal("--meshlet-triangles=256"), "");
  EXPECT_NE(refusal("--meshlet-triangles=126").find("--meshlets: a meshlet's triangles: a multiple of 4"), std::string::npos);
  EXPECT_NE(refusal("--meshlet-triangles=260"), "");
  const std::vector<std::string_view> both{"model.gltf", "-o", "out.aem", "--meshlets", "--format-version", "1"};
  EXPECT_THROW(parse_bake_request(both), arg_parser::UsageError);
}

TEST(BakeOptionKind, AnythingElseIsUnknownToThem) {
  EXPECT_EQ(bake_option_kind("--colour"), BakeOptionKind::unknown);
  EXPECT_EQ(bake_option_kind("textures"), BakeOptionKind::unknown);  // the dashes belong to the name
  EXPECT_NE(refusal("--colour").find("unknown option"), std::string::npos);
}

}  // namespace
}  // namespace aem::bake_request
