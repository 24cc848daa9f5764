// The Dear ImGui panels in screenshots (--panel shows them, H hides them again) and picking the
// material under a pixel (--pick), checked against what the render shows there: the selected
// material's pixels are highlighted, the others untouched.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "aem/pipeline/model_writer.hpp"
#include "render/overlays.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using pipeline::ModelContent;

pipeline::TextureImage solid(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  pipeline::TextureImage t;
  t.width = t.height = 1;
  t.mips = {std::byte{r}, std::byte{g}, std::byte{b}, std::byte{255}};
  return t;
}

// Two 2x2 m quads facing +Z side by side: material 0 on x in [-2, 0] (red), material 1 on
// x in [0, 2] (blue).
std::filesystem::path two_material_model(const std::filesystem::path& dir) {
  ModelContent m;
  m.textures = {solid(220, 40, 30), solid(128, 128, 255), solid(128, 255, 0), solid(40, 60, 220)};
  m.materials = {{0, 1, 2, std::uint32_t(MaterialType::opaque)}, {3, 1, 2, std::uint32_t(MaterialType::opaque)}};
  for (std::uint32_t material = 0; material < 2; ++material) {
    const float x0 = material == 0 ? -2.0f : 0.0f;
    const auto first = std::uint32_t(m.vertices.size());
    for (int corner = 0; corner < 4; ++corner) {
      Vertex v{};
      v.position[0] = x0 + ((corner & 1) ? 2.0f : 0.0f);
      v.position[1] = (corner & 2) ? 1.0f : -1.0f;
      v.normal[2] = 1;
      v.tangent[0] = 1;
      v.bitangent[1] = 1;
      for (int j = 0; j < 4; ++j) v.joints[j] = -1;
      m.vertices.push_back(v);
    }
    m.meshes.push_back({std::uint32_t(m.indices.size()), 6, material});
    m.indices.insert(m.indices.end(), {first, first + 1, first + 3, first, first + 3, first + 2});
  }
  const auto path = dir / "two_materials.aem";
  pipeline::write_model_file(path, m);
  return path;
}

// Front view at a fixed distance: in a 512 frame the quads' centres are at x ~153 and ~359,
// their rows 153..359; above row 150 there is only background.
const std::string kUiFront = "--size 512x512 --yaw 0 --pitch 0 --distance 6 --no-grid";

bool same_pixel(const Image& a, const Image& b, int x, int y, int tolerance) {
  for (int c = 0; c < 3; ++c) {
    if (std::abs(int(a.at(x, y)[c]) - int(b.at(x, y)[c])) > tolerance) return false;
  }
  return true;
}

TEST(ViewerUi, PickSelectsTheMaterialUnderThePixelAndHighlightsIt) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("ui_pick");
  const auto model = two_material_model(dir);
  const Image plain = screenshot(model, dir / "plain.png", kUiFront);
  ASSERT_EQ(plain.width, 512);

  const struct {
    int x, y;
    int material;  // -1: nothing
  } cases[] = {{153, 256, 0}, {359, 300, 1}, {256, 60, -1}};
  for (const auto& c : cases) {
    const std::string pick = std::to_string(c.x) + "," + std::to_string(c.y);
    const auto png = dir / ("pick_" + std::to_string(c.x) + ".png");
    const CommandResult run = run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote(png.string()) +
                                         " " + kUiFront + " --pick " + pick);
    ASSERT_EQ(run.exit_code, 0) << run.output;
    const std::string expected = c.material >= 0 ? "picked material " + std::to_string(c.material) + " at " + pick
                                                 : "picked nothing at " + pick;
    EXPECT_NE(run.output.find(expected), std::string::npos) << run.output;
    const Image picked = read_png(png);
    ASSERT_EQ(picked.width, 512);
    // The picked pixel is highlighted; the other quad's centre and the background are not.
    const bool left = c.material == 0, right = c.material == 1;
    EXPECT_EQ(same_pixel(picked, plain, 153, 256, 8), !left) << pick;
    EXPECT_EQ(same_pixel(picked, plain, 359, 256, 8), !right) << pick;
    EXPECT_TRUE(same_pixel(picked, plain, 256, 60, 8)) << pick;
  }
}

// Pairs of horizontal neighbours in the rectangle whose luminance differs by more than 80:
// the edges of glyphs, which a flat background or a smooth render does not have.
int sharp_edges(const Image& image, int x0, int y0, int x1, int y1) {
  const auto luminance = [&](int x, int y) {
    const std::uint8_t* p = image.at(x, y);
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2];
  };
  int edges = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x + 1 < x1; ++x) edges += std::abs(luminance(x + 1, y) - luminance(x, y)) > 80 ? 1 : 0;
  }
  return edges;
}

double share_changed(const Image& a, const Image& b, int x0, int y0, int x1, int y1) {
  int changed = 0;
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) changed += same_pixel(a, b, x, y, 6) ? 0 : 1;
  }
  return double(changed) / double((x1 - x0) * (y1 - y0));
}

TEST(ViewerUi, PanelShowsInAScreenshotWhenAskedAndHHidesIt) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("ui_panel");
  const auto model = two_material_model(dir);
  const std::string view = "--size 800x600 --yaw 0 --pitch 0 --distance 6 --no-grid";
  const Image plain = screenshot(model, dir / "plain.png", view);
  const Image panel = screenshot(model, dir / "panel.png", view + " --panel");
  const Image hidden = screenshot(model, dir / "hidden.png", view + " --panel --keys H");
  ASSERT_EQ(plain.width, 800);
  ASSERT_EQ(panel.width, 800);
  ASSERT_EQ(hidden.width, 800);

  // The "Model" window's statistics (top left) and the "View" window (top right).
  const int left[4] = {12, 12, 250, 200}, right[4] = {570, 12, 790, 200};
  for (const int* r : {left, right}) {
    EXPECT_GT(share_changed(panel, plain, r[0], r[1], r[2], r[3]), 0.8) << "panel at x " << r[0];
    EXPECT_GT(sharp_edges(panel, r[0], r[1], r[2], r[3]), 400) << "text at x " << r[0];
    EXPECT_LT(sharp_edges(plain, r[0], r[1], r[2], r[3]), 20) << "no text without the panel at x " << r[0];
  }
  // The model in the middle stays visible around the panels.
  EXPECT_TRUE(same_pixel(panel, plain, 400, 300, 8));

  const Difference d = difference(hidden, plain);
  EXPECT_LT(d.mean, 0.2);
  EXPECT_LT(d.outliers, 0.0005);
}

// The right edge of the UI's "Model" window (top left): the last column of the left half where
// a row through its statistics differs from the frame without the UI.
int model_window_right(const Image& panel, const Image& plain, int row) {
  int right = -1;
  for (int x = 0; x < panel.width / 2; ++x) right = same_pixel(panel, plain, x, row, 6) ? right : x;
  return right;
}

TEST(ViewerUi, PanelScalesWithTheContentScale) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("ui_scale");
  const auto model = two_material_model(dir);
  const std::string view = "--size 1400x1000 --yaw 0 --pitch 0 --distance 6 --no-grid";
  const Image plain = screenshot(model, dir / "plain.png", view);
  const Image one = screenshot(model, dir / "one.png", view + " --panel");
  // (1400x1000 at scale 2 is not a small frame: the windows open.)
  const Image two = screenshot(model, dir / "two.png", view + " --panel", "AEM_VIEWER_UI_SCALE=2");
  const int width_one = model_window_right(one, plain, 60), width_two = model_window_right(two, plain, 60);
  EXPECT_GT(width_one, 200);
  EXPECT_GT(width_two, width_one * 17 / 10) << width_one << " at scale 1, " << width_two << " at 2";
  EXPECT_GT(sharp_edges(two, 20, 40, 400, 300), 400);
}

TEST(ViewerUnit, SkeletonOverlayMakesTheSelectedJointStandOut) {
  // Two joints, the second a child 1 m up; selecting it recolours its bone and enlarges its cross.
  pipeline::ModelContent m;
  m.joints = {pipeline::JointDesc{"root", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1},
              pipeline::JointDesc{"tip", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1}, 0}};
  const auto path = scratch_dir("skeleton_selected") / "two_joints.aem";
  pipeline::write_model_file(path, m);
  const Model model = Model::open(path);
  const Skeleton skeleton(model);
  Mat4 root{}, tip{};
  for (int i = 0; i < 4; ++i) root.m[5 * i] = tip.m[5 * i] = 1;
  tip.m[13] = 1;
  const Mat4 pose[2] = {root, tip};
  std::vector<aem::viewer::ColoredVertex> plain, chosen;
  aem::viewer::build_skeleton(skeleton, pose, 0.1f, plain);
  aem::viewer::build_skeleton(skeleton, pose, 0.1f, chosen, 1);
  ASSERT_EQ(plain.size(), chosen.size());
  int differ = 0;
  float widest = 0;
  for (std::size_t i = 0; i < plain.size(); ++i) {
    const bool recoloured = plain[i].r != chosen[i].r || plain[i].g != chosen[i].g || plain[i].b != chosen[i].b;
    differ += recoloured ? 1 : 0;
    if (recoloured) widest = std::max(widest, std::abs(chosen[i].x));
  }
  EXPECT_EQ(differ, 2 + 6);  // the bone to its parent, its three axes
  EXPECT_FLOAT_EQ(widest, 0.3f);
}

}  // namespace
}  // namespace aem::test::viewer
