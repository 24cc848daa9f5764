// The viewer's animation timeline without GL: loop and clamp at the ends, scrubbing, and the
// cross-fade between two animations through the mixer (weights, the blended pose, the end).
#include <filesystem>

#include <gtest/gtest.h>

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model/animation_player.hpp"
#include "viewer_test_support.hpp"

namespace aem::test::viewer {
namespace {

using namespace aem::viewer;

// One joint, one vertex on it; animation 0 ("left", 2 s) holds the joint at x = -1, animation 1
// ("right", 1 s) moves it from x = 1 to x = 3. The skinning matrix's translation is the joint's.
Model two_animation_model(const std::filesystem::path& path) {
  pipeline::ModelContent m;
  m.vertices.push_back(Vertex{{0, 0, 0}, {0, 0, 1}, {1, 0, 0}, {0, 1, 0}, {0, 0}, {0, -1, -1, -1}, {1, 0, 0, 0}});
  m.joints = {pipeline::JointDesc{"root", {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, -1}};
  const auto keys = [](std::vector<Keyframe> translations) {
    pipeline::JointKeys k;
    k.translations = std::move(translations);
    k.rotations = {{0.0f, {0, 0, 0, 1}}};
    k.scales = {{0.0f, {1, 1, 1, 0}}};
    return k;
  };
  m.animations = {pipeline::AnimationDesc{"left", 2.0f, {keys({{0.0f, {-1, 0, 0, 0}}})}},
                  pipeline::AnimationDesc{"right", 1.0f, {keys({{0.0f, {1, 0, 0, 0}}, {1.0f, {3, 0, 0, 0}}})}}};
  pipeline::write_model_file(path, m);
  return Model::open(path);
}

float joint_x(AnimationPlayer& player) {
  player.evaluate();
  return player.skinning()[12];
}

TEST(ViewerUnit, TimelineLoopsOrStopsAtTheEnd) {
  const Model model = two_animation_model(scratch_dir("timeline_loop") / "two.aem");
  AnimationPlayer player(model);
  player.select(1);
  player.set_time(0.5f);
  EXPECT_NEAR(joint_x(player), 2.0f, 1e-4f);
  player.advance(0.75f);  // looping: 1.25 s wraps to 0.25 s
  EXPECT_NEAR(player.time(), 0.25f, 1e-5f);
  EXPECT_TRUE(player.playing);
  player.loop = false;
  player.advance(0.9f);  // past the end: stops on the last pose
  EXPECT_FLOAT_EQ(player.time(), 1.0f);
  EXPECT_FALSE(player.playing);
  EXPECT_NEAR(joint_x(player), 3.0f, 1e-4f);
  player.playing = true;
  player.speed = -2;  // backwards past the start: stops on the first pose
  player.advance(1.0f);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);
  EXPECT_FALSE(player.playing);
}

TEST(ViewerUnit, TimelineCrossFadesBetweenTwoAnimations) {
  const Model model = two_animation_model(scratch_dir("timeline_fade") / "two.aem");
  AnimationPlayer player(model);
  ASSERT_EQ(player.animation(), 0);
  player.set_time(0.3f);
  EXPECT_NEAR(joint_x(player), -1.0f, 1e-4f);
  EXPECT_FALSE(player.fading());

  player.cross_fade(1, 0.5f);
  EXPECT_TRUE(player.fading());
  EXPECT_EQ(player.fade_from(), 0);
  EXPECT_EQ(player.animation(), 1);
  EXPECT_FLOAT_EQ(player.time(), 0.0f);  // the new animation starts at its beginning
  EXPECT_FLOAT_EQ(player.fade_weight(), 0.0f);
  EXPECT_NEAR(joint_x(player), -1.0f, 1e-4f);  // all of the old one still

  player.advance(0.25f);  // half way (smoothstep: weight 0.5)
  EXPECT_NEAR(player.fade_weight(), 0.5f, 1e-4f);
  // Blend of left (-1) and right at 0.25 s (1.5), half and half.
  EXPECT_NEAR(joint_x(player), 0.25f, 1e-3f);

  player.playing = false;  // a paused fade does not move
  player.advance(1.0f);
  EXPECT_NEAR(player.fade_weight(), 0.5f, 1e-4f);
  player.playing = true;

  player.advance(0.3f);  // past the end of the fade: only the new animation
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.fade_from(), -1);
  EXPECT_FLOAT_EQ(player.fade_weight(), 1.0f);
  EXPECT_NEAR(player.time(), 0.55f, 1e-5f);
  EXPECT_NEAR(joint_x(player), 2.1f, 1e-3f);
}

TEST(ViewerUnit, TimelineSelectEndsAFadeAndBindPoseCuts) {
  const Model model = two_animation_model(scratch_dir("timeline_select") / "two.aem");
  AnimationPlayer player(model);
  player.cross_fade(1, 1.0f);
  player.advance(0.5f);
  ASSERT_TRUE(player.fading());
  player.select(0);
  EXPECT_FALSE(player.fading());
  EXPECT_NEAR(joint_x(player), -1.0f, 1e-4f);
  player.cross_fade(-1, 1.0f);  // to the bind pose: a cut, nothing to fade to
  EXPECT_FALSE(player.fading());
  EXPECT_EQ(player.animation(), -1);
  EXPECT_NEAR(joint_x(player), 0.0f, 1e-4f);
}

}  // namespace
}  // namespace aem::test::viewer
