// aem-viewer screenshots of the bundled sample and of synthetic models: references, plus checks
// no stale reference can fake (coverage, channel values at known pixels, animation, mip levels,
// wrap modes, UV orientation, alpha test, transparent sorting), and the error paths.
#include <array>
#include <cmath>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "aem/codec/bc7.hpp"
#include "aem/mip_chain.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using pipeline::ModelContent;
using pipeline::TextureImage;
using Rgba = std::array<std::uint8_t, 4>;

// A square texture whose level `level` texel (x, y) is texel(level, x, y), compressed as asked.
template <class F>
TextureImage make_texture(std::uint32_t size, Compression compression, F texel) {
  TextureImage image;
  image.width = image.height = size;
  image.compression = compression;
  for (std::uint32_t level = 0; level < mip_count(size, size); ++level) {
    const std::uint32_t s = std::max(1u, size >> level);
    if (compression == Compression::none) {
      for (std::uint32_t y = 0; y < s; ++y) {
        for (std::uint32_t x = 0; x < s; ++x) {
          for (std::uint8_t v : texel(level, x, y)) image.mips.push_back(std::byte{v});
        }
      }
      continue;
    }
    // Compressed textures here are solid per level: one colour per block.
    const Rgba rgba = texel(level, 0u, 0u);
    const std::uint32_t blocks = ((s + 3) / 4) * ((s + 3) / 4);
    for (std::uint32_t b = 0; b < blocks; ++b) {
      std::uint8_t block[16];
      if (compression == Compression::bc7) {
        codec::encode_bc7_solid_block(rgba.data(), block);
      } else {  // BC5: two BC4 blocks with both endpoints equal, all indices 0
        block[0] = block[1] = rgba[0];
        block[8] = block[9] = rgba[1];
        for (int i : {2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15}) block[i] = 0;
      }
      for (std::uint8_t v : block) image.mips.push_back(std::byte{v});
    }
  }
  return image;
}

TextureImage solid(Rgba rgba, Compression compression = Compression::none) {
  return make_texture(8, compression, [rgba](std::uint32_t, std::uint32_t, std::uint32_t) { return rgba; });
}

// A 2x2 m quad in the plane z, facing +Z; u runs 0..u_scale left to right, v 0..1 top to bottom.
void add_quad(ModelContent& m, float z, float half, float u_scale, std::uint32_t material) {
  const auto first = std::uint32_t(m.vertices.size());
  for (int corner = 0; corner < 4; ++corner) {
    const float x = (corner & 1) ? half : -half, y = (corner & 2) ? half : -half;
    Vertex v{};
    v.position[0] = x;
    v.position[1] = y;
    v.position[2] = z;
    v.normal[2] = 1;
    v.tangent[0] = 1;
    v.bitangent[1] = 1;
    v.uv[0] = (x / half + 1) / 2 * u_scale;
    v.uv[1] = (1 - y / half) / 2;
    for (int j = 0; j < 4; ++j) v.joints[j] = -1;
    m.vertices.push_back(v);
  }
  const auto first_index = std::uint32_t(m.indices.size());
  m.indices.insert(m.indices.end(), {first, first + 1, first + 3, first, first + 3, first + 2});
  m.meshes.push_back({first_index, 6, material});
}

constexpr Rgba kBase{200, 100, 50, 200};
constexpr Rgba kNormal{160, 96, 255, 255};
constexpr Rgba kPbr{64, 160, 32, 96};

ModelContent channel_quad(Compression color, Compression normal) {
  ModelContent m;
  m.textures.push_back(solid(kBase, color));
  m.textures.push_back(solid(kNormal, normal));
  m.textures.push_back(solid(kPbr, color));
  m.materials.push_back({0, 1, 2, std::uint32_t(MaterialType::opaque)});
  add_quad(m, 0, 1, 1, 0);
  return m;
}

std::filesystem::path write(const std::filesystem::path& dir, const std::string& name, const ModelContent& m) {
  const auto path = dir / (name + ".aem");
  pipeline::write_model_file(path, m);
  return path;
}

// Front view, fixed distance: the 2x2 quad spans pixels ~51..205 of a 256 frame.
const std::string kRenderFront = "--size 256x256 --yaw 0 --pitch 0 --distance 4 --no-grid";

// The pixel column/row of quad coordinate q (metres) in a 256 frame at distance 4.
int pixel_of(float q) { return int(std::lround(128 + q / (4 * std::tan(0.3926991f)) * 128 - 0.5f)); }

void expect_pixel(const Image& image, int x, int y, std::array<int, 3> expected, int tolerance,
                  const std::string& what) {
  ASSERT_GT(image.width, x);
  const std::uint8_t* p = image.at(x, y);
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(int(p[c]), expected[std::size_t(c)], tolerance)
        << what << ": channel " << c << " at (" << x << ", " << y << ") is " << int(p[0]) << "," << int(p[1])
        << "," << int(p[2]);
  }
}

// Every inspection mode shows its channel at the quad's centre (uv 0.5, 0.5).
void check_channels(const std::filesystem::path& model, const std::filesystem::path& dir, const std::string& env) {
  const int nx = 160 * 2 - 255, ny = 96 * 2 - 255;  // stored X, Y as -1..1 (times 255)
  const double fx = nx / 255.0, fy = ny / 255.0;
  const int nz = int(std::lround((std::sqrt(1 - fx * fx - fy * fy) * 0.5 + 0.5) * 255));
  const struct {
    const char* mode;
    std::array<int, 3> expected;
  } cases[] = {
      {"base-color", {200, 100, 50}}, {"opacity", {200, 200, 200}},  {"normal-map", {160, 96, nz}},
      {"roughness", {64, 64, 64}},    {"occlusion", {160, 160, 160}}, {"metalness", {32, 32, 32}},
      {"emissive", {96, 96, 96}},     {"normals", {128, 128, 255}},  {"tangents", {255, 128, 128}},
      {"bitangents", {128, 255, 128}}, {"uv", {128, 128, 0}},
  };
  for (const auto& c : cases) {
    const Image image = screenshot(model, dir / (std::string(c.mode) + ".png"), kRenderFront + " --mode " + c.mode, env);
    expect_pixel(image, 128, 128, c.expected, 3, c.mode);
  }
}

TEST(ViewerRender, SampleMatchesReferencesAndAnimates) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("sample");
  const auto model = dir / "sample.aem";
  const CommandResult made = run_command(shell_quote(AEM_MAKE_SAMPLE_PATH) + " " + shell_quote(model.string()));
  ASSERT_EQ(made.exit_code, 0) << made.output;
  const std::string view = "--size 256x256 --yaw 30 --pitch 15";
  const Image bind = screenshot(model, dir / "bind.png", view + " --animation none");
  const Image start = screenshot(model, dir / "t0.png", view + " --time 0");
  const Image bent = screenshot(model, dir / "t05.png", view + " --time 0.5");
  expect_matches_reference(bind, "sample_bind");
  expect_matches_reference(bent, "sample_t0.5");
  // The model is framed: it covers a good share of the frame, not all of it.
  EXPECT_GT(coverage(bind), 0.10);
  EXPECT_LT(coverage(bind), 0.70);
  // The wave starts at the bind pose (sin 0) and bends the tentacle most at 0.5 s.
  EXPECT_LT(difference(bind, start).mean, 0.5);
  EXPECT_GT(difference(bind, bent).outliers, 0.03);
}

TEST(ViewerRender, QuadLitMatchesReference) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("quad_lit");
  const auto model = write(dir, "quad", channel_quad(Compression::none, Compression::none));
  const Image lit = screenshot(model, dir / "lit.png", kRenderFront);
  expect_matches_reference(lit, "quad_lit");
  const double share = coverage(lit);  // (2 / 3.314)^2 of the frame
  EXPECT_NEAR(share, 0.364, 0.02);
  // Lit, the quad is neither black nor its raw base colour.
  const std::uint8_t* p = lit.at(128, 128);
  EXPECT_GT(p[0], p[1]);
  EXPECT_GT(p[1], p[2]);
}

TEST(ViewerRender, InspectionModesShowChannelsUncompressed) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("channels_rgba8");
  check_channels(write(dir, "quad", channel_quad(Compression::none, Compression::none)), dir, "");
}

TEST(ViewerRender, InspectionModesShowChannelsBc7Bc5) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("channels_bc");
  check_channels(write(dir, "quad", channel_quad(Compression::bc7, Compression::bc5)), dir, "");
}

TEST(ViewerRender, Bc7CpuFallbackShowsTheSameChannels) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("channels_bc7_cpu");
  check_channels(write(dir, "quad", channel_quad(Compression::bc7, Compression::bc5)), dir, "AEM_VIEWER_NO_BPTC=1");
}

TEST(ViewerRender, EveryMipLevelIsUploaded) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("mips");
  for (Compression compression : {Compression::none, Compression::bc7}) {
    ModelContent m;
    // Level 0 red, every smaller level green.
    m.textures.push_back(make_texture(64, compression, [](std::uint32_t level, std::uint32_t, std::uint32_t) {
      return level == 0 ? Rgba{255, 0, 0, 255} : Rgba{0, 255, 0, 255};
    }));
    m.textures.push_back(solid({128, 128, 255, 255}));
    m.textures.push_back(solid({255, 255, 0, 0}));
    m.materials.push_back({0, 1, 2, 0});
    add_quad(m, 0, 1, 1, 0);
    const auto model = write(dir, "mips" + std::to_string(int(compression)), m);
    const std::string name = compression == Compression::none ? "rgba8" : "bc7";
    // Near: 64 texels over ~155 pixels, magnified: level 0.
    const Image near = screenshot(model, dir / ("near_" + name + ".png"), kRenderFront + " --mode base-color");
    expect_pixel(near, 128, 128, {255, 0, 0}, 3, "near " + name);
    // Far: 64 texels over ~8 pixels: level 3.
    const Image far = screenshot(model, dir / ("far_" + name + ".png"),
                                 "--size 256x256 --yaw 0 --pitch 0 --distance 80 --no-grid --mode base-color");
    expect_pixel(far, 128, 128, {0, 255, 0}, 3, "far " + name);
  }
}

TEST(ViewerRender, WrapModesAndUvOrientationAreHonoured) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("wrap");
  // 4x4: columns 0-1 black, 2-3 white; rows 0-1 (the first stored rows) get red added.
  const auto texel = [](std::uint32_t level, std::uint32_t x, std::uint32_t y) -> Rgba {
    if (level > 0) return {128, 128, 128, 255};
    const std::uint8_t v = x < 2 ? 0 : 255;
    return {std::uint8_t(y < 2 ? 255 : v), v, v, 255};
  };
  const struct {
    WrapMode wrap;
    int expected;  // at u = 1.25: repeat 0.25 (black), mirrored 0.75 (white), clamp 1 (white)
  } cases[] = {{WrapMode::repeat, 0}, {WrapMode::mirrored_repeat, 255}, {WrapMode::clamp_to_edge, 255}};
  for (const auto& c : cases) {
    ModelContent m;
    m.textures.push_back(make_texture(4, Compression::none, texel));
    m.textures.back().wrap_x = c.wrap;
    m.textures.push_back(solid({128, 128, 255, 255}));
    m.textures.push_back(solid({255, 255, 0, 0}));
    m.materials.push_back({0, 1, 2, 0});
    add_quad(m, 0, 1, 2, 0);  // u runs 0..2
    const std::string name = "wrap" + std::to_string(int(c.wrap));
    const Image image = screenshot(write(dir, name, m), dir / (name + ".png"), kRenderFront + " --mode base-color");
    // u = 1.25 is x = 0.25 m; v = 0.75 (third stored row) is y = -0.5 m.
    expect_pixel(image, pixel_of(0.25f), pixel_of(0.5f), {c.expected, c.expected, c.expected}, 6, name);
    // UV (0, 0) is the first stored row: the top of the quad (v = 0.25, y = +0.5 m) is red.
    expect_pixel(image, pixel_of(-0.75f), pixel_of(-0.5f), {255, 0, 0}, 6, name + " top-left");
  }
}

TEST(ViewerRender, AlphaTestAndTransparentSorting) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("transparency");
  for (bool front_first : {false, true}) {
    ModelContent m;
    m.textures.push_back(solid({255, 0, 0, 255}));   // 0 opaque red
    m.textures.push_back(solid({0, 255, 0, 128}));   // 1 half green
    m.textures.push_back(solid({0, 0, 255, 128}));   // 2 half blue
    m.textures.push_back(solid({255, 255, 255, 100}));  // 3 white, opacity < 0.5
    m.textures.push_back(solid({128, 128, 255, 255}));  // 4 flat normal
    m.textures.push_back(solid({255, 255, 0, 0}));      // 5 rough, dielectric, no emission
    m.materials.push_back({0, 4, 5, 0});
    m.materials.push_back({1, 4, 5, 1});
    m.materials.push_back({2, 4, 5, 1});
    m.materials.push_back({3, 4, 5, 0});
    add_quad(m, 0, 1, 1, 0);  // opaque red at the back
    if (front_first) {
      add_quad(m, 0.4f, 0.5f, 1, 2);  // blue in front
      add_quad(m, 0.2f, 0.7f, 1, 1);  // green behind it
    } else {
      add_quad(m, 0.2f, 0.7f, 1, 1);
      add_quad(m, 0.4f, 0.5f, 1, 2);
    }
    add_quad(m, 0.6f, 0.2f, 1, 3);  // alpha-tested away: never white
    const std::string name = front_first ? "front_first" : "back_first";
    const Image image = screenshot(write(dir, name, m), dir / (name + ".png"), kRenderFront);
    const std::uint8_t* p = image.at(128, 128);
    // Back to front: blue over green over red: blue dominates, green and red show through.
    EXPECT_GT(p[2], p[1] + 20) << name << ": " << int(p[0]) << "," << int(p[1]) << "," << int(p[2]);
    EXPECT_GT(p[1], 20) << name;
    EXPECT_GT(p[0], 20) << name;
    EXPECT_LT(std::min({p[0], p[1], p[2]}), 200) << name << ": the alpha-tested white quad shows";
  }
}

// AEM triangles are single-sided: seen from behind, opaque and transparent quads alike vanish.
TEST(ViewerRender, BackFacesAreCulledForEveryMaterial) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("culling");
  ModelContent m;
  m.textures.push_back(solid({255, 0, 0, 255}));      // 0 opaque red
  m.textures.push_back(solid({0, 255, 0, 128}));      // 1 half green
  m.textures.push_back(solid({128, 128, 255, 255}));  // 2 flat normal
  m.textures.push_back(solid({255, 255, 0, 0}));      // 3 rough, dielectric, no emission
  m.materials.push_back({0, 2, 3, std::uint32_t(MaterialType::opaque)});
  m.materials.push_back({1, 2, 3, std::uint32_t(MaterialType::transparent)});
  add_quad(m, 0, 1, 1, 0);
  add_quad(m, 0.3f, 1, 1, 1);
  const auto model = write(dir, "quads", m);
  const Image front = screenshot(model, dir / "front.png", kRenderFront);
  EXPECT_GT(coverage(front), 0.35);
  EXPECT_GT(front.at(128, 128)[1], 60) << "the transparent quad is not drawn in front";
  const Image behind = screenshot(model, dir / "behind.png", "--size 256x256 --yaw 180 --pitch 0 --distance 4 --no-grid");
  EXPECT_EQ(coverage(behind), 0.0);
}

TEST(ViewerRender, InteractiveLoopPresentsFramesWithEveryOverlay) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("interactive");
  const auto model = dir / "sample.aem";
  ASSERT_EQ(run_command(shell_quote(AEM_MAKE_SAMPLE_PATH) + " " + shell_quote(model.string())).exit_code, 0);
  const CommandResult result = run_viewer(shell_quote(model.string()) +
                                          " --size 320x240 --frames 5 --print-timing --wireframe --skeleton --auto-rotate --panel");
  EXPECT_EQ(result.exit_code, 0) << result.output;
  EXPECT_NE(result.output.find("first frame presented"), std::string::npos) << result.output;
}

TEST(ViewerRender, OverlaysAndPanelDraw) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("overlays");
  const auto model = dir / "sample.aem";
  ASSERT_EQ(run_command(shell_quote(AEM_MAKE_SAMPLE_PATH) + " " + shell_quote(model.string())).exit_code, 0);
  const std::string view = "--size 256x256 --yaw 30 --pitch 15 --time 0.5";
  const Image plain = screenshot(model, dir / "plain.png", view + " --no-grid");
  const Image grid = screenshot(model, dir / "grid.png", view);
  const Image wire = screenshot(model, dir / "wire.png", view + " --no-grid --wireframe");
  const Image bones = screenshot(model, dir / "bones.png", view + " --no-grid --skeleton");
  const Image panel = screenshot(model, dir / "panel.png", view + " --no-grid --panel");
  EXPECT_GT(difference(plain, grid).outliers, 0.01);
  EXPECT_GT(difference(plain, wire).outliers, 0.02);
  EXPECT_GT(difference(plain, bones).outliers, 0.001);
  EXPECT_GT(difference(plain, panel).outliers, 0.02);
  // The UI keeps to the top of a frame this small (its windows start as title bars): the bottom
  // right quarter is unchanged.
  std::size_t changed = 0;
  for (int y = 192; y < 256; ++y) {
    for (int x = 192; x < 256; ++x) changed += plain.at(x, y)[0] != panel.at(x, y)[0] ? 1 : 0;
  }
  EXPECT_EQ(changed, 0u);
}

TEST(ViewerErrors, MissingFileExitsOneWithMessage) {
  const auto dir = scratch_dir("errors_missing");
  const CommandResult result = run_viewer(shell_quote((dir / "absent.aem").string()) + " --screenshot " +
                                          shell_quote((dir / "out.png").string()));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("absent.aem: no such file"), std::string::npos) << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.png"));
}

TEST(ViewerErrors, CorruptFileExitsOneWithMessageAndNoWindow) {
  const auto dir = scratch_dir("errors_corrupt");
  const auto path = write(dir, "quad", channel_quad(Compression::none, Compression::none));
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 7);  // truncated
  // Interactive mode: the file is checked before any window exists, so this returns at once
  // even with a display (it would block on the window otherwise).
  const CommandResult result = run_viewer(shell_quote(path.string()));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("quad.aem"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("truncated"), std::string::npos) << result.output;
}

TEST(ViewerErrors, BadCommandLineExitsOne) {
  const CommandResult result = run_viewer("--mode sparkly x.aem");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("unknown --mode 'sparkly'"), std::string::npos) << result.output;
}

TEST(ViewerErrors, NoDisplayIsAClearError) {
  const auto dir = scratch_dir("errors_display");
  const auto model = write(dir, "quad", channel_quad(Compression::none, Compression::none));
  const CommandResult result =
      run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote((dir / "o.png").string()),
                 "env -u DISPLAY -u WAYLAND_DISPLAY SDL_VIDEODRIVER=x11");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.output.find("aem-viewer: "), std::string::npos) << result.output;
  EXPECT_FALSE(std::filesystem::exists(dir / "o.png"));
}

}  // namespace
}  // namespace aem::test::viewer
