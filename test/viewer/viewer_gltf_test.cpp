// aem-viewer opening a glTF it bakes in memory, on small files the test writes: every warning of
// the bake on stderr and in the panel, the model still shown; single-sided triangles culled from
// behind, double-sided ones shown from both sides, a mirroring node transform still facing out.
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gltf_bytes.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

struct QuadOptions {
  bool double_sided = false;
  // "COLOR_0": green vertex colours (the vertex_colours extension); "COLOR_1": the same as a
  // second set, which AEM drops with a warning; nullptr: none.
  const char* colour_set = nullptr;
};

// dir/NAME.gltf (+ NAME.bin): a 2x2 m orange quad facing +Z (counter-clockwise seen from +Z),
// under a node mirrored in X, whose winding the baker must turn back.
std::filesystem::path write_quad_gltf(const std::filesystem::path& dir, const std::string& name, QuadOptions o) {
  std::vector<std::uint8_t> buf;
  append_values<float>(buf, {-1, -1, 0, 1, -1, 0, -1, 1, 0, 1, 1, 0});  // positions @0 (48)
  append_values<float>(buf, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});      // normals @48 (48)
  append_values<float>(buf, {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1});  // colours @96 (64)
  append_values<std::uint16_t>(buf, {0, 1, 3, 0, 3, 2});                // indices @160 (12)
  std::ofstream(dir / (name + ".bin"), std::ios::binary)
      .write(reinterpret_cast<const char*>(buf.data()), std::streamsize(buf.size()));
  std::ostringstream json;
  json << R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": )" << buf.size() << R"(, "uri": ")" << name << R"(.bin"}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 64}, {"buffer": 0, "byteOffset": 160, "byteLength": 12}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-1,-1,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC4"},
      {"bufferView": 3, "componentType": 5123, "count": 6, "type": "SCALAR"}],
    "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [0.8, 0.3, 0.05, 1], "metallicFactor": 0},
                   "doubleSided": )" << (o.double_sided ? "true" : "false") << R"(}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1)" << (o.colour_set ? std::string(", \"") + o.colour_set + "\": 2" : "")
       << R"(}, "indices": 3, "material": 0}]}],
    "nodes": [{"mesh": 0, "scale": [-1, 1, 1]}],
    "scenes": [{"nodes": [0]}], "scene": 0})";
  const auto path = dir / (name + ".gltf");
  std::ofstream(path) << json.str();
  return path;
}

// dir/NAME.gltf: the 2x2 m quad facing +Z with TEXCOORD_0 = ((x + 1) / 2, (1 - y) / 2) and
// TEXCOORD_1 its mirror in u, a white base colour texture on TEXCOORD_0 (which makes it AEM's set
// 0) and occlusion on TEXCOORD_1 from ao.png (black left half, white right half). With
// `pbr_on_set_0`, a white metallic-roughness texture on TEXCOORD_0 besides, so that occlusion
// cannot share the PBR texture's set and gets a texture of its own.
std::filesystem::path write_two_set_occlusion_gltf(const std::filesystem::path& dir, const std::string& name, bool pbr_on_set_0) {
  std::vector<std::uint8_t> buf;
  append_values<float>(buf, {-1, -1, 0, 1, -1, 0, -1, 1, 0, 1, 1, 0});  // positions @0 (48)
  append_values<float>(buf, {0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1});      // normals @48 (48)
  append_values<float>(buf, {0, 1, 1, 1, 0, 0, 1, 0});                  // TEXCOORD_0 @96 (32)
  append_values<float>(buf, {1, 1, 0, 1, 1, 0, 0, 0});                  // TEXCOORD_1 @128 (32)
  append_values<std::uint16_t>(buf, {0, 1, 3, 0, 3, 2});                // indices @160 (12)
  std::ofstream(dir / (name + ".bin"), std::ios::binary)
      .write(reinterpret_cast<const char*>(buf.data()), std::streamsize(buf.size()));
  Image ao{16, 16, std::vector<std::uint8_t>(16 * 16 * 4, 255)};
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 8; ++x) std::fill_n(&ao.rgba[(std::size_t(y) * 16 + x) * 4], 3, std::uint8_t(0));
  write_png(dir / "ao.png", ao);
  write_png(dir / "white.png", Image{4, 4, std::vector<std::uint8_t>(4 * 4 * 4, 255)});
  std::ostringstream json;
  json << R"({"asset": {"version": "2.0"},
    "buffers": [{"byteLength": )" << buf.size() << R"(, "uri": ")" << name << R"(.bin"}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 48},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 32}, {"buffer": 0, "byteOffset": 128, "byteLength": 32},
                    {"buffer": 0, "byteOffset": 160, "byteLength": 12}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [-1,-1,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC2"},
      {"bufferView": 3, "componentType": 5126, "count": 4, "type": "VEC2"},
      {"bufferView": 4, "componentType": 5123, "count": 6, "type": "SCALAR"}],
    "images": [{"uri": "ao.png"}, {"uri": "white.png"}],
    "textures": [{"source": 0}, {"source": 1}],
    "materials": [{"pbrMetallicRoughness": {"metallicFactor": 0, "baseColorTexture": {"index": 1})"
       << (pbr_on_set_0 ? R"(, "metallicRoughnessTexture": {"index": 1})" : "") << R"(},
                   "occlusionTexture": {"index": 0, "texCoord": 1}}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2, "TEXCOORD_1": 3},
                                "indices": 4, "material": 0}]}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}], "scene": 0})";
  const auto path = dir / (name + ".gltf");
  std::ofstream(path) << json.str();
  return path;
}

const std::string kGltfFront = "--size 256x256 --yaw 0 --pitch 0 --distance 4 --no-grid";
const std::string kBehind = "--size 256x256 --yaw 180 --pitch 0 --distance 4 --no-grid";

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The lowest row of the UI's "Model" window (dark) in the frame's left margin (it starts at 8, 8).
int panel_bottom(const Image& image) {
  int bottom = -1;
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* p = image.at(3, y);
    const std::uint8_t* q = image.at(10, y);
    if (q[0] + 8 < p[0] && q[1] + 8 < p[1]) bottom = y;  // darker than the background beside it
  }
  return bottom;
}

TEST(ViewerRender, GltfWarningsGoToStderrAndThePanelAndTheModelShows) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("gltf_warnings");
  const auto coloured = write_quad_gltf(dir, "coloured", {.colour_set = "COLOR_1"});
  const auto plain = write_quad_gltf(dir, "plain", {});
  // stdout and stderr apart: the warning is on stderr, named and prefixed.
  const std::string command = shell_quote(AEM_VIEWER_PATH) + " " + shell_quote(coloured.string()) + " --screenshot " +
                              shell_quote((dir / "coloured.png").string()) + " " + kGltfFront + " >" +
                              shell_quote((dir / "stdout.txt").string()) + " 2>" + shell_quote((dir / "stderr.txt").string());
  ASSERT_EQ(std::system(command.c_str()), 0) << read_text(dir / "stderr.txt");
  const std::string err = read_text(dir / "stderr.txt");
  EXPECT_NE(err.find("aem-viewer: warning: " + coloured.string() + ": "), std::string::npos) << err;
  EXPECT_NE(err.find("vertex colours (COLOR_1) dropped"), std::string::npos) << err;
  EXPECT_EQ(read_text(dir / "stdout.txt").find("warning:"), std::string::npos);
  // It still renders: the quad covers its share of the frame.
  EXPECT_NEAR(coverage(read_png(dir / "coloured.png")), 0.364, 0.03);
  // No warnings, no warning line.
  const CommandResult quiet = run_viewer(shell_quote(plain.string()) + " --screenshot " +
                                         shell_quote((dir / "plain.png").string()) + " " + kGltfFront);
  EXPECT_EQ(quiet.exit_code, 0) << quiet.output;
  EXPECT_EQ(quiet.output.find("warning:"), std::string::npos) << quiet.output;
  // The UI lists the warning: a heading and the message, two lines or more below the rest.
  const std::string panel = "--size 800x600 --yaw 0 --pitch 0 --distance 12 --no-grid --panel";
  const int with = panel_bottom(screenshot(coloured, dir / "coloured_panel.png", panel));
  const int without = panel_bottom(screenshot(plain, dir / "plain_panel.png", panel));
  EXPECT_GT(without, 100);
  EXPECT_GE(with - without, 2 * 11) << "panel bottom " << with << " with the warning, " << without << " without";
}

// Green vertex colours on the orange quad: lit, the base colour is multiplied by them (the red
// channel goes); the vertex-colour mode shows them; base-color still shows the material's own.
TEST(ViewerRender, VertexColoursTintTheBaseColourAndHaveTheirMode) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("gltf_vertex_colours");
  const auto green = write_quad_gltf(dir, "green", {.colour_set = "COLOR_0"});
  const auto plain = write_quad_gltf(dir, "plain", {});
  const Image tinted = screenshot(green, dir / "tinted.png", kGltfFront);
  const Image orange = screenshot(plain, dir / "orange.png", kGltfFront);
  ASSERT_GT(tinted.width, 0);
  ASSERT_GT(orange.width, 0);
  EXPECT_GT(int(orange.at(128, 128)[0]), int(orange.at(128, 128)[1]) + 40) << "orange, untinted";
  // Base (0.8, 0.3, 0.05) times green keeps no diffuse red (the specular term is grey).
  EXPECT_LT(int(tinted.at(128, 128)[0]) * 3, int(orange.at(128, 128)[0])) << "the red goes";
  EXPECT_GT(int(tinted.at(128, 128)[1]), int(tinted.at(128, 128)[0]) + 20) << "the green stays";
  const Image mode = screenshot(green, dir / "mode.png", kGltfFront + " --mode vertex-colour");
  ASSERT_GT(mode.width, 0);
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(int(mode.at(128, 128)[c]), c == 1 ? 255 : 0, 2) << "channel " << c;
  const Image plain_mode = screenshot(plain, dir / "plain_mode.png", kGltfFront + " --mode vertex-colour");
  for (int c = 0; c < 3; ++c) EXPECT_NEAR(int(plain_mode.at(128, 128)[c]), 255, 2) << "white without colours";
  const Image base = screenshot(green, dir / "base.png", kGltfFront + " --mode base-color");
  EXPECT_GT(int(base.at(128, 128)[0]), 200) << "base-color shows the material's colour, untinted";
}

TEST(ViewerRender, SingleSidedGltfIsCulledFromBehindDoubleSidedIsNot) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("gltf_sides");
  const auto single = write_quad_gltf(dir, "single", {});
  const auto both = write_quad_gltf(dir, "both", {.double_sided = true});
  // From the front both show (the mirroring node did not turn the quad's front away).
  EXPECT_NEAR(coverage(screenshot(single, dir / "single_front.png", kGltfFront)), 0.364, 0.03);
  const Image both_front = screenshot(both, dir / "both_front.png", kGltfFront);
  EXPECT_NEAR(coverage(both_front), 0.364, 0.03);
  // From behind only the double-sided one, with the same base colour.
  EXPECT_EQ(coverage(screenshot(single, dir / "single_behind.png", kBehind)), 0.0);
  const Image both_behind = screenshot(both, dir / "both_behind.png", kBehind);
  EXPECT_NEAR(coverage(both_behind), 0.364, 0.03);
  const Image front_colour = screenshot(both, dir / "both_front_base.png", kGltfFront + " --mode base-color");
  const Image behind_colour = screenshot(both, dir / "both_behind_base.png", kBehind + " --mode base-color");
  ASSERT_GT(front_colour.width, 0);
  ASSERT_GT(behind_colour.width, 0);
  for (int c = 0; c < 3; ++c) EXPECT_EQ(front_colour.at(128, 128)[c], behind_colour.at(128, 128)[c]) << "channel " << c;
  // The back face's normal points at whoever looks at it.
  const Image normals = screenshot(both, dir / "both_behind_normals.png", kBehind + " --mode normals");
  ASSERT_GT(normals.width, 0);
  EXPECT_LT(int(normals.at(128, 128)[2]), 10) << "the back face's normal is not -Z";
}

// Occlusion on TEXCOORD_1 is sampled with that set, in the PBR texture's G (all its maps on set 1)
// and on a texture of its own (the metallic-roughness map on set 0). The second set mirrors the
// first, so the quad's left half shows ao.png's white right half; set 0 would show it black.
TEST(ViewerRender, OcclusionOnTheSecondSetSamplesThatSet) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("gltf_two_set_occlusion");
  for (const bool own_texture : {false, true}) {
    const std::string name = own_texture ? "own" : "shared";
    const auto model = write_two_set_occlusion_gltf(dir, name, own_texture);
    const Image image = screenshot(model, dir / (name + ".png"), kGltfFront + " --mode occlusion");
    ASSERT_GT(image.width, 0) << name;
    for (const int y : {100, 128, 156}) {
      EXPECT_GT(int(image.at(90, y)[0]), 230) << name << ": the left half samples ao.png's right half, row " << y;
      EXPECT_LT(int(image.at(166, y)[0]), 25) << name << ": the right half samples ao.png's left half, row " << y;
    }
  }
}

}  // namespace
}  // namespace aem::test::viewer
