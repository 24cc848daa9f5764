// Levels of detail and meshlets in the viewer (issue 38): each mesh draws the level aem::lod_for
// gives for its distance (render/level_choice.hpp), a lock (--lod N, the L key) draws the level
// asked for, and a coarse level shows: its pixels differ from level 0's while its silhouette
// stays close. The meshlets mode gives each visible meshlet a colour, and its culling counts
// (render/meshlet_culling.hpp) hold against a brute force over the triangles.
#include <algorithm>
#include <cmath>
#include <map>
#include <cstdio>
#include <optional>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"
#include "aem/model_bounds.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "corpus.hpp"
#include "model_factory.hpp"
#include "options/options.hpp"
#include "render/level_choice.hpp"
#include "ui/render_controls.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

// A cube of side 2 at the origin with three levels of growing error.
struct CubeWithLevels {
  std::vector<LodLevel> file_levels{{0, 600, 0.01f, 0}, {600, 300, 0.05f, 0}, {900, 150, 0.2f, 0}};
  GpuMesh mesh;
  CubeWithLevels() {
    mesh.index_count = 1200;
    mesh.bounds = Bounds{{-1, -1, -1}, {1, 1, 1}};
    mesh.levels = {{0, 1200, 0}, {1200, 600, 0.01f}, {1800, 300, 0.05f}, {2100, 150, 0.2f}};
    mesh.file_levels = file_levels;
  }
};

TEST(ViewerUnit, EachMeshDrawsTheLevelLodForGivesAtItsDistance) {
  const CubeWithLevels cube;
  const std::vector<GpuMesh> meshes{cube.mesh};
  std::vector<LevelChoice> choices(1);
  const LevelSettings automatic;
  for (const float d : {0.5f, 2.0f, 5.0f, 20.0f, 80.0f, 400.0f}) {
    const LevelView view{{0.3f, -0.2f, d}, OrbitCamera::kFovY, 512};
    choose_levels(meshes, Bounds{}, view, automatic, choices);
    const float distance = std::max(d - 1.0f, 0.0f);  // to the cube's face z = 1; 0 inside
    EXPECT_FLOAT_EQ(choices[0].distance, distance) << d;
    EXPECT_EQ(choices[0].level, lod_for(cube.file_levels, allowed_object_error(1, distance, view.vertical_fov, 512))) << d;
    const float one_pixel = allowed_object_error(1, distance, view.vertical_fov, 512);
    if (choices[0].level > 0) {
      EXPECT_FLOAT_EQ(choices[0].error_pixels, cube.mesh.levels[choices[0].level].error / one_pixel);
    }
  }
  // Near level 0, far the last: the distances above span the chain.
  choose_levels(meshes, Bounds{}, LevelView{{0, 0, 0.5f}, OrbitCamera::kFovY, 512}, automatic, choices);
  EXPECT_EQ(choices[0].level, 0u);
  choose_levels(meshes, Bounds{}, LevelView{{0, 0, 400}, OrbitCamera::kFovY, 512}, automatic, choices);
  EXPECT_EQ(choices[0].level, 3u);
  // A larger pixel threshold takes a coarser level at the same distance.
  choose_levels(meshes, Bounds{}, LevelView{{0, 0, 20}, OrbitCamera::kFovY, 512}, automatic, choices);
  const std::uint32_t at_one_pixel = choices[0].level;
  choose_levels(meshes, Bounds{}, LevelView{{0, 0, 20}, OrbitCamera::kFovY, 512}, LevelSettings{.pixels = 8}, choices);
  EXPECT_GT(choices[0].level, at_one_pixel);
}

TEST(ViewerUnit, ALockedLevelIsClampedAndADeformedMeshMeasuresToItsMotionBounds) {
  const CubeWithLevels cube;
  std::vector<GpuMesh> meshes{cube.mesh};
  std::vector<LevelChoice> choices(1);
  const LevelView far{{0, 0, 400}, OrbitCamera::kFovY, 512};
  choose_levels(meshes, Bounds{}, far, LevelSettings{.pixels = 1, .locked = 1}, choices);
  EXPECT_EQ(choices[0].level, 1u);
  choose_levels(meshes, Bounds{}, far, LevelSettings{.pixels = 1, .locked = 9}, choices);
  EXPECT_EQ(choices[0].level, 3u);
  // Skinned or morphed: the bind-pose box does not hold; the motion's bounds reach the eye.
  meshes[0].deformed = true;
  choose_levels(meshes, Bounds{{-500, -500, -500}, {500, 500, 500}}, far, LevelSettings{}, choices);
  EXPECT_EQ(choices[0].distance, 0.0f);
  EXPECT_EQ(choices[0].level, 0u);
  EXPECT_EQ(last_level(meshes), 3u);
}

TEST(ViewerUnit, TheLevelKeyCyclesThroughEveryLevelAndBackToAutomatic) {
  std::vector<int> seen{-1};
  for (int i = 0; i < 5; ++i) seen.push_back(next_level_lock(seen.back(), 3, false));
  EXPECT_EQ(seen, (std::vector<int>{-1, 0, 1, 2, 3, -1}));
  EXPECT_EQ(next_level_lock(-1, 3, true), 3);
  EXPECT_EQ(next_level_lock(0, 3, true), -1);
  EXPECT_EQ(next_level_lock(-1, 0, false), 0);  // a model without levels: auto and level 0
  EXPECT_EQ(next_level_lock(0, 0, false), -1);
}

TEST(ViewerUnit, LodOptionsLockALevelOrSetThePixelError) {
  EXPECT_EQ(parse_options({"m.aem"}).lod_lock, -1);
  EXPECT_EQ(parse_options({"m.aem", "--lod", "2"}).lod_lock, 2);
  EXPECT_EQ(parse_options({"m.aem", "--lod", "2", "--lod", "auto"}).lod_lock, -1);
  EXPECT_FLOAT_EQ(parse_options({"m.aem", "--lod-pixels", "0.5"}).lod_pixels, 0.5f);
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"m.aem", "--lod", "-1"}, {"m.aem", "--lod", "coarse"}, {"m.aem", "--lod-pixels", "0"}, {"m.aem", "--lod-pixels", "x"}}) {
    EXPECT_THROW(parse_options(bad), std::invalid_argument) << bad[1] << " " << bad[2];
  }
  EXPECT_EQ(parse_inspection_mode("meshlets"), InspectionMode::meshlets);
}

// What the screenshot printed for mesh 0: its level, or -1 when it printed none.
int printed_level(const std::string& output) {
  std::smatch match;
  const std::regex line("mesh 0: level ([0-9]+) of ([0-9]+), ([0-9]+) triangles");
  return std::regex_search(output, match, line) ? std::stoi(match[1]) : -1;
}

// Share of the pixels that either image covers where only one of them does: how far the
// silhouettes part.
double silhouette_difference(const Image& a, const Image& b) {
  std::size_t either = 0, one = 0;
  const auto covered = [](const Image& image, int x, int y) {
    const std::uint8_t* p = image.at(x, y);
    const std::uint8_t* background = image.at(0, 0);
    int d = 0;
    for (int c = 0; c < 3; ++c) d = std::max(d, std::abs(int(p[c]) - int(background[c])));
    return d > 12;
  };
  for (int y = 0; y < a.height; ++y) {
    for (int x = 0; x < a.width; ++x) {
      const bool in_a = covered(a, x, y), in_b = covered(b, x, y);
      either += (in_a || in_b) ? 1 : 0;
      one += in_a != in_b ? 1 : 0;
    }
  }
  return either == 0 ? 1.0 : double(one) / double(either);
}

// 256x256, seen from the front; normals show the surface's facets.
constexpr const char* kLevelView = "--size 256x256 --yaw 0 --pitch 0 --no-grid --mode normals";

// Renders `model` at `distance` with `extra` options into `image`; returns the printed level of
// mesh 0.
int render_level(const std::filesystem::path& model, const std::filesystem::path& png, float distance,
                 const std::string& extra, Image& image) {
  const CommandResult run = run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote(png.string()) + " " +
                                       kLevelView + " --distance " + std::to_string(distance) + " " + extra);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  image = read_png(png);
  EXPECT_EQ(image.width, 256) << png;
  return printed_level(run.output);
}

// Duck with 3 levels and meshlets of at most 32 vertices and 32 triangles (smaller than the
// default, so that more of them face one way: 135 at level 0), baked once for the tests here.
std::filesystem::path duck_with_levels(const std::filesystem::path& corpus) {
  static const std::filesystem::path duck =
      bake_file(corpus / "khronos" / "Duck" / "glTF-Binary" / "Duck.glb", scratch_dir("lods_duck_bake") / "duck.aem",
                "--lods 3 --meshlets --meshlet-vertices 32 --meshlet-triangles 32 --textures rgba --max-texture-size 64");
  return duck;
}

TEST(ViewerRender, DuckDrawsTheLevelLodForGivesAndALockDrawsItsLevel) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_BAKE();
  AEM_REQUIRE_CORPUS(corpus);
  const auto dir = scratch_dir("lods_duck");
  const auto duck = duck_with_levels(corpus);
  const Model model = Model::open(duck);
  const std::optional<LodsView> lods = lods_of(model);
  ASSERT_TRUE(lods.has_value());
  const std::span<const LodLevel> levels = lods->levels_of(0);
  ASSERT_EQ(levels.size(), 3u);

  // Near and far, the level lod_for gives at the distance from where the viewer's camera stands
  // (framed on the bind pose from the front, then backed off) to the one mesh's box.
  Image near, far;
  int far_level = -1;
  for (const float distance : {3.0f, 30.0f}) {
    OrbitCamera camera;
    camera.yaw = camera.pitch = 0;
    camera.frame(bounds_of(bind_pose_bounds(model)), 1);
    camera.distance = distance;
    const float to_box = distance_to_bounds(bounds_of(bind_pose_bounds(model)), camera.eye());
    const std::uint32_t expected = lod_for(levels, allowed_object_error(1, to_box, OrbitCamera::kFovY, 256));
    const bool is_near = distance < 10;
    const int drawn = render_level(duck, dir / (is_near ? "near.png" : "far.png"), distance, "", is_near ? near : far);
    EXPECT_EQ(drawn, int(expected)) << "at distance " << distance;
    EXPECT_EQ(drawn > 0, !is_near) << "level 0 near, a coarser one far: " << distance;
    if (!is_near) far_level = drawn;
  }

  // Locked: the level asked for, clamped to the last; the automatic far frame is that level's.
  Image locked_far, full_far, clamped, keyed;
  EXPECT_EQ(render_level(duck, dir / "locked_far.png", 30, "--lod " + std::to_string(far_level), locked_far), far_level);
  EXPECT_LT(difference(locked_far, far).mean, 0.001);
  EXPECT_EQ(render_level(duck, dir / "full_far.png", 30, "--lod 0", full_far), 0);
  EXPECT_GT(difference(full_far, far).mean, 0.005);  // under a pixel of error, yet not level 0's frame (0.019)
  EXPECT_EQ(render_level(duck, dir / "clamped.png", 3, "--lod 99", clamped), 3);
  // The L key locks level 0, then 1...: three presses lock level 2.
  EXPECT_EQ(render_level(duck, dir / "keys.png", 3, "--keys LLL", keyed), 2);

  // Level 2 (a quarter of the triangles) against level 0 up close: the facets show in the
  // normals (measured: mean 1.7, 2.7% of the pixels off by more than 24), while the outline
  // moves by about its error (4.4 px here): under 4% of the covered pixels change sides (1.3%).
  const Difference d = difference(keyed, near);
  EXPECT_GT(d.mean, 0.8);
  EXPECT_GT(d.outliers, 0.01);
  EXPECT_LT(silhouette_difference(keyed, near), 0.04);
  EXPECT_GT(difference(clamped, near).mean, d.mean);  // level 3 departs further
  std::printf("level 2 against 0: mean %.2f, outliers %.4f, silhouettes %.4f; far, level 0 against %d: mean %.3f\n",
              d.mean, d.outliers, silhouette_difference(keyed, near), far_level, difference(full_far, far).mean);
}

struct PrintedCounts {
  int drawn = -1, outside = -1, facing_away = -1;
};
PrintedCounts printed_counts(const std::string& output) {
  std::smatch match;
  const std::regex line("meshlets: ([0-9]+) drawn, ([0-9]+) outside the view, ([0-9]+) facing away");
  if (!std::regex_search(output, match, line)) return {};
  return {std::stoi(match[1]), std::stoi(match[2]), std::stoi(match[3])};
}

// Brute force over a meshlet's triangles as seen from `eye`: how many face it (counter-clockwise
// in front), and whether every vertex lies outside one clip plane of `view_projection`.
struct MeshletTruth {
  int front_facing = 0;
  bool outside = false;
};
MeshletTruth truth_of(const Model& model, const MeshletsView& meshlets, const Meshlet& m, const Vec3& eye,
                      const Mat4& view_projection) {
  MeshletTruth truth;
  const std::span<const std::uint32_t> vertices = meshlets.vertices_of(m);
  const auto position = [&](std::uint32_t local) {
    const float* p = model.vertices()[vertices[local]].position;
    return Vec3{p[0], p[1], p[2]};
  };
  for (const std::uint32_t packed : meshlets.triangles_of(m)) {
    const Vec3 a = position(meshlet_corner(packed, 0)), b = position(meshlet_corner(packed, 1)), c = position(meshlet_corner(packed, 2));
    truth.front_facing += dot(cross(b - a, c - a), eye - a) > 0 ? 1 : 0;
  }
  for (int plane = 0; plane < 6 && !truth.outside; ++plane) {
    bool all = true;
    for (std::uint32_t v = 0; v < vertices.size() && all; ++v) {
      const Vec3 p = position(v);
      const float* x = view_projection.m;
      float clip[4];
      for (int r = 0; r < 4; ++r) clip[r] = x[r] * p.x + x[4 + r] * p.y + x[8 + r] * p.z + x[12 + r];
      const float value = clip[plane / 2] * (plane % 2 == 0 ? 1.0f : -1.0f);
      all = value > clip[3];
    }
    truth.outside = all;
  }
  return truth;
}

// Colours covering at least 4 pixels, other than the background's.
std::size_t distinct_colours(const Image& image) {
  std::map<std::uint32_t, int> pixels;
  const std::uint8_t* background = image.at(0, 0);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.at(x, y);
      if (p[0] == background[0] && p[1] == background[1] && p[2] == background[2]) continue;
      ++pixels[std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16];
    }
  }
  return std::size_t(std::count_if(pixels.begin(), pixels.end(), [](const auto& entry) { return entry.second >= 4; }));
}

TEST(ViewerRender, MeshletsModeColoursEachMeshletAndCountsWhatACullerSkips) {
  AEM_REQUIRE_DISPLAY();
  AEM_REQUIRE_BAKE();
  AEM_REQUIRE_CORPUS(corpus);
  const auto dir = scratch_dir("lods_meshlets");
  const auto duck = duck_with_levels(corpus);
  const Model model = Model::open(duck);
  const std::optional<MeshletsView> meshlets = meshlets_of(model);
  ASSERT_TRUE(meshlets.has_value());
  const std::span<const Meshlet> level0 = meshlets->meshlets_of(0, 0);

  // Framed from the side, and close up with part of the duck out of the frame; level 0.
  for (const float distance : {0.0f, 1.2f}) {
    const std::string name = distance == 0 ? "framed" : "close";
    const auto png = dir / (name + ".png");
    const CommandResult run = run_viewer(shell_quote(duck.string()) + " --screenshot " + shell_quote(png.string()) +
                                         " --size 256x256 --yaw 0 --pitch 0 --no-grid --no-msaa --mode meshlets --lod 0" +
                                         (distance > 0 ? " --distance 1.2" : ""));
    ASSERT_EQ(run.exit_code, 0) << run.output;
    const PrintedCounts counts = printed_counts(run.output);
    ASSERT_EQ(counts.drawn, int(level0.size())) << run.output;

    OrbitCamera camera;
    camera.yaw = camera.pitch = 0;
    camera.frame(bounds_of(bind_pose_bounds(model)), 1);
    if (distance > 0) camera.distance = distance;
    const Mat4 view_projection = camera.projection(1) * camera.view();
    int facing_away = 0, all_back = 0, outside = 0, visible = 0;
    for (const Meshlet& m : level0) {
      const MeshletTruth truth = truth_of(model, *meshlets, m, camera.eye(), view_projection);
      outside += truth.outside ? 1 : 0;
      all_back += truth.front_facing == 0 ? 1 : 0;
      visible += !truth.outside && truth.front_facing > 0 ? 1 : 0;
      if (faces_away(m, {camera.eye().x, camera.eye().y, camera.eye().z})) {
        ++facing_away;
        EXPECT_EQ(truth.front_facing, 0) << "a meshlet said to face away has a triangle facing the eye";
      }
    }
    // A sphere outside the frustum has every vertex outside it; the cone test is conservative too.
    EXPECT_LE(counts.outside, outside) << name;
    EXPECT_LE(counts.facing_away, all_back) << name;
    if (distance == 0) {
      EXPECT_EQ(counts.outside, 0);
      EXPECT_EQ(counts.facing_away, facing_away);  // nothing outside: every meshlet meets the cone test
      // Seen from one side, 42% of the meshlets have every triangle facing away (57 of 135, brute
      // force); the cone test, conservative, finds 44 of them.
      EXPECT_GT(counts.facing_away, int(level0.size()) / 4);
      EXPECT_GT(all_back, int(level0.size()) / 3);
      // Each visible meshlet its own colour: as many colours as meshlets facing the eye, less
      // those hidden behind others (the head hides part of the body).
      const std::size_t colours = distinct_colours(read_png(png));
      EXPECT_LE(colours, std::size_t(visible));
      EXPECT_GE(colours, std::size_t(visible) * 7 / 10);
      std::printf("framed: %d of %zu meshlets facing away (%d all back-facing), %zu colours for %d visible\n",
                  counts.facing_away, level0.size(), all_back, colours, visible);
    } else {
      EXPECT_GT(counts.outside, 0);
      std::printf("close: %d outside the view (%d by their vertices), %d facing away\n", counts.outside, outside,
                  counts.facing_away);
    }
  }
}

TEST(ViewerRender, MeshletsModeSaysSoOfAModelWithoutMeshlets) {
  AEM_REQUIRE_DISPLAY();
  const auto dir = scratch_dir("lods_no_meshlets");
  const auto model = dir / "tiny.aem";
  pipeline::write_model_file(model, tiny_model());
  const auto png = dir / "meshlets.png";
  const CommandResult run = run_viewer(shell_quote(model.string()) + " --screenshot " + shell_quote(png.string()) +
                                       " --size 128x128 --no-grid --mode meshlets");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("aem-viewer: meshlets mode: this model has no meshlets (bake it with aem bake --meshlets)"),
            std::string::npos) << run.output;
  // Not a blank: the model is drawn (grey).
  EXPECT_GT(coverage(read_png(png)), 0.05);
}

}  // namespace
}  // namespace aem::test::viewer
