// The C API against the C++ runtime it wraps: the same sections, the same skinning matrices bit
// for bit, and every misuse an error code with a message rather than an exception or a crash.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "aem/aem.h"
#include "aem/animation_mixer.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"
#include "scratch_dir.hpp"

namespace {

std::vector<std::byte> tiny_bytes() { return aem::pipeline::serialize_model(aem::test::tiny_model()); }

aem_model* open_bytes(const std::vector<std::byte>& bytes, std::uint32_t flags = AEM_OPEN_DEFAULT) {
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open_memory(bytes.data(), bytes.size(), flags, &model), AEM_OK) << aem_last_error_message();
  return model;
}

// memcmp without its undefined case: an empty section may be a null pointer on either side.
bool same_bytes(const void* a, const void* b, std::size_t size) {
  return size == 0 || std::memcmp(a, b, size) == 0;
}

TEST(CApi, FileOpensMappedOrCopiedWithTheSectionsOfTheCppModel) {
  const aem::test::ScratchDir dir("c_api_open");
  const std::string path = (dir.path() / "model.aem").string();
  aem::pipeline::write_model_file(path, aem::test::random_model(7));
  const aem::Model reference = aem::Model::open(path);

  for (const std::uint32_t flags : {AEM_OPEN_DEFAULT, AEM_OPEN_COPY, AEM_OPEN_COPY | AEM_OPEN_TRUSTED}) {
    aem_model* model = nullptr;
    ASSERT_EQ(aem_open(path.c_str(), flags, &model), AEM_OK) << aem_last_error_message();
    EXPECT_EQ(aem_model_mapped(model), (flags & AEM_OPEN_COPY) ? 0 : 1);
    const aem_sections* s = aem_model_sections(model);
    EXPECT_EQ(std::memcmp(&s->header, &reference.header(), sizeof s->header), 0);
    ASSERT_EQ(s->vertex_count, reference.vertices().size());
    EXPECT_TRUE(same_bytes(s->vertices, reference.vertices().data(), reference.vertices().size_bytes()));
    ASSERT_EQ(s->joint_count, reference.joints().size());
    EXPECT_TRUE(same_bytes(s->joints, reference.joints().data(), reference.joints().size_bytes()));
    ASSERT_EQ(s->keyframe_count, reference.keyframes().size());
    EXPECT_TRUE(same_bytes(s->keyframes, reference.keyframes().data(), reference.keyframes().size_bytes()));
    EXPECT_EQ(s->image_buffer_size, reference.image_buffer().size());
    aem_close(model);
  }
}

TEST(CApi, PathIsUtf8) {
  const aem::test::ScratchDir dir("c_api_utf8");
  const std::u8string name = u8"mod\u00e8le \u4eba.aem";
  aem::pipeline::write_model_file(dir.path() / name, aem::test::tiny_model());
  const std::u8string u8_path = (dir.path() / name).u8string();
  const std::string path(u8_path.begin(), u8_path.end());
  aem_model* model = nullptr;
  ASSERT_EQ(aem_open(path.c_str(), AEM_OPEN_DEFAULT, &model), AEM_OK) << aem_last_error_message();
  EXPECT_EQ(aem_model_sections(model)->vertex_count, 3u);
  aem_close(model);
}

TEST(CApi, MissingFileIsAnIoErrorNamingIt) {
  const aem::test::ScratchDir dir("c_api_missing");
  const std::string path = (dir.path() / "missing.aem").string();
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open(path.c_str(), AEM_OPEN_DEFAULT, &model), AEM_ERROR_IO);
  EXPECT_EQ(model, nullptr);
  EXPECT_EQ(aem_last_error_code(), AEM_ERROR_IO);
  EXPECT_NE(std::string(aem_last_error_message()).find(path), std::string::npos) << aem_last_error_message();
}

TEST(CApi, CorruptFileGivesTheValidationCodeAndWhere) {
  std::vector<std::byte> bytes = tiny_bytes();
  aem::test::poke(bytes, 468 + 192, std::int32_t{5});  // joint 0's parent, past the one joint
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open_memory(bytes.data(), bytes.size(), AEM_OPEN_DEFAULT, &model), AEM_ERROR_JOINT_BAD_PARENT);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(std::string(aem_last_error_message()).find("joints[0]"), std::string::npos) << aem_last_error_message();
}

TEST(CApi, TrustedTextureOutsideTheBufferIsRefusedNotRead) {
  std::vector<std::byte> bytes = tiny_bytes();
  aem::test::poke(bytes, 368 + 2 * 24, std::uint32_t{0xFFFFFFF0});  // texture 2's offset
  aem_model* model = open_bytes(bytes, AEM_OPEN_TRUSTED);
  ASSERT_NE(model, nullptr);
  aem_mip_level level{};
  EXPECT_EQ(aem_model_mip_level(model, 2, 0, &level), AEM_ERROR_TEXTURE_OUT_OF_BOUNDS);
  EXPECT_EQ(aem_model_mip_level(model, 1, 0, &level), AEM_OK);
  aem_close(model);
}

TEST(CApi, NullArgumentsAreErrors) {
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open(nullptr, AEM_OPEN_DEFAULT, &model), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_open("x.aem", AEM_OPEN_DEFAULT, nullptr), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_model_sections(nullptr), nullptr);
  aem_mixer* mixer = nullptr;
  EXPECT_EQ(aem_mixer_create(nullptr, 4, &mixer), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mixer_update(nullptr, 0.1f), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mixer_evaluate(nullptr, nullptr, 0), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mixer_is_playing(nullptr, 1), 0);
  aem_mixer_stop_all(nullptr);
  aem_mixer_destroy(nullptr);
  aem_close(nullptr);
}

TEST(CApi, LastErrorBelongsToTheThread) {
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open(nullptr, AEM_OPEN_DEFAULT, &model), AEM_ERROR_INVALID_ARGUMENT);
  std::thread([] {
    aem_model* other = nullptr;
    const std::vector<std::byte> junk(10);
    EXPECT_EQ(aem_open_memory(junk.data(), junk.size(), AEM_OPEN_DEFAULT, &other), AEM_ERROR_TRUNCATED);
  }).join();
  EXPECT_EQ(aem_last_error_code(), AEM_ERROR_INVALID_ARGUMENT);
}

// Some joints and at least two animations.
aem::pipeline::ModelContent animated_model(std::uint32_t& seed) {
  for (;; ++seed) {
    aem::pipeline::ModelContent m = aem::test::random_model(seed);
    if (m.joints.size() >= 5 && m.animations.size() >= 2) return m;
  }
}

// One session of mixer calls, made on the C++ mixer and through the C API, frame by frame.
TEST(CApi, MixerGivesTheCppMixersMatricesBitForBit) {
  std::uint32_t seed = 1;
  for (int model_count = 0; model_count < 5; ++model_count, ++seed) {
    const std::vector<std::byte> bytes = aem::pipeline::serialize_model(animated_model(seed));
    const aem::Model cpp_model = aem::Model::open_memory(bytes);
    aem::AnimationMixer cpp(cpp_model, 4);
    aem_model* model = open_bytes(bytes);
    aem_mixer* mixer = nullptr;
    ASSERT_EQ(aem_mixer_create(model, 4, &mixer), AEM_OK);
    const std::size_t joints = cpp.joint_count();
    ASSERT_EQ(aem_mixer_joint_count(mixer), joints);

    aem_layer_settings walk;
    aem_layer_settings_init(&walk, 0);
    walk.speed = 1.3f;
    aem::LayerId cpp_walk = cpp.play({.animation = 0, .speed = 1.3f});
    aem_layer c_walk = AEM_NO_LAYER;
    ASSERT_EQ(aem_mixer_play(mixer, &walk, &c_walk), AEM_OK);

    const aem_layer_settings run{1, 0.25f, 0.8f, 0.7f, AEM_PLAYBACK_CLAMP};
    const aem::LayerSettings cpp_run{1, 0.25f, 0.8f, 0.7f, aem::Playback::clamp};
    std::vector<float> mask(joints, 0.5f);
    mask[0] = 1;
    std::vector<float> expected(16 * joints), actual(16 * joints);
    aem::LayerId cpp_run_id, cpp_masked;
    aem_layer c_run = AEM_NO_LAYER, c_masked = AEM_NO_LAYER;
    for (int frame = 0; frame < 90; ++frame) {
      if (frame == 20) {
        cpp_run_id = cpp.cross_fade(cpp_walk, cpp_run, 0.4f, aem::FadeCurve::smooth);
        ASSERT_EQ(aem_mixer_cross_fade(mixer, c_walk, &run, 0.4f, AEM_FADE_SMOOTH, &c_run), AEM_OK);
      }
      if (frame == 50) {
        cpp_masked = cpp.play({.animation = 0, .time = 1, .weight = 0.5f});
        cpp.set_mask(cpp_masked, mask);
        aem_layer_settings masked;
        aem_layer_settings_init(&masked, 0);
        masked.time = 1;
        masked.weight = 0.5f;
        ASSERT_EQ(aem_mixer_play(mixer, &masked, &c_masked), AEM_OK);
        ASSERT_EQ(aem_mixer_set_mask(mixer, c_masked, mask.data(), mask.size()), AEM_OK);
      }
      if (frame == 70) {
        cpp.fade(cpp_masked, 0, 0.1f, aem::FadeCurve::linear);
        ASSERT_EQ(aem_mixer_fade(mixer, c_masked, 0, 0.1f, AEM_FADE_LINEAR), AEM_OK);
        cpp.settings(cpp_run_id).speed = -1;
        aem_layer_settings changed;
        ASSERT_EQ(aem_mixer_get_settings(mixer, c_run, &changed), AEM_OK);
        changed.speed = -1;
        ASSERT_EQ(aem_mixer_set_settings(mixer, c_run, &changed), AEM_OK);
      }
      cpp.update(1.0f / 60);
      ASSERT_EQ(aem_mixer_update(mixer, 1.0f / 60), AEM_OK);
      cpp.evaluate(expected);
      ASSERT_EQ(aem_mixer_evaluate(mixer, actual.data(), actual.size()), AEM_OK);
      ASSERT_EQ(std::memcmp(expected.data(), actual.data(), expected.size() * sizeof(float)), 0)
          << "model seed " << seed << ", frame " << frame;
    }
    // The cross-fade has ended: the walk layer stopped there, and its handle with it.
    EXPECT_FALSE(cpp.is_playing(cpp_walk));
    EXPECT_EQ(aem_mixer_is_playing(mixer, c_walk), 0);
    EXPECT_EQ(aem_mixer_stop(mixer, c_walk), AEM_ERROR_STALE_LAYER);
    aem_mixer_destroy(mixer);
    aem_close(model);
  }
}

TEST(CApi, MixerRefusesStaleForeignAndMalformedHandles) {
  const std::vector<std::byte> bytes = tiny_bytes();
  aem_model* model = open_bytes(bytes);
  aem_mixer *mixer = nullptr, *other = nullptr;
  ASSERT_EQ(aem_mixer_create(model, 2, &mixer), AEM_OK);
  ASSERT_EQ(aem_mixer_create(model, 2, &other), AEM_OK);
  aem_layer_settings wave;
  aem_layer_settings_init(&wave, 0);
  aem_layer a = AEM_NO_LAYER, b = AEM_NO_LAYER, c = AEM_NO_LAYER, foreign = AEM_NO_LAYER;
  ASSERT_EQ(aem_mixer_play(mixer, &wave, &a), AEM_OK);
  ASSERT_EQ(aem_mixer_play(mixer, &wave, &b), AEM_OK);
  EXPECT_EQ(aem_mixer_play(mixer, &wave, &c), AEM_ERROR_LAYERS_FULL);
  EXPECT_EQ(c, AEM_NO_LAYER);
  ASSERT_EQ(aem_mixer_play(other, &wave, &foreign), AEM_OK);

  aem_layer_settings read;
  for (const aem_layer bad : {foreign, AEM_NO_LAYER, a | (std::uint64_t{7} << 48), a + 1000, ~std::uint64_t{0}}) {
    EXPECT_EQ(aem_mixer_is_playing(mixer, bad), 0);
    EXPECT_EQ(aem_mixer_stop(mixer, bad), AEM_ERROR_STALE_LAYER);
    EXPECT_EQ(aem_mixer_get_settings(mixer, bad, &read), AEM_ERROR_STALE_LAYER);
    EXPECT_EQ(aem_mixer_set_mask(mixer, bad, nullptr, 0), AEM_ERROR_STALE_LAYER);
    EXPECT_EQ(aem_mixer_cross_fade(mixer, bad, &wave, 1, AEM_FADE_LINEAR, &c), AEM_ERROR_STALE_LAYER);
  }
  // A zero-length cross-fade is a cut: `a` stops at once and its slot serves the new layer.
  ASSERT_EQ(aem_mixer_stop(mixer, b), AEM_OK);
  ASSERT_EQ(aem_mixer_cross_fade(mixer, a, &wave, 0, AEM_FADE_LINEAR, &c), AEM_OK);
  EXPECT_EQ(aem_mixer_is_playing(mixer, a), 0);
  EXPECT_EQ(aem_mixer_is_playing(mixer, c), 1);
  ASSERT_EQ(aem_mixer_play(mixer, &wave, &b), AEM_OK);
  EXPECT_EQ(aem_mixer_is_playing(mixer, a), 0);
  aem_mixer_stop_all(mixer);
  EXPECT_EQ(aem_mixer_is_playing(mixer, b) + aem_mixer_is_playing(mixer, c), 0);
  EXPECT_EQ(aem_mixer_is_playing(other, foreign), 1);

  // Bad arguments to a live layer.
  ASSERT_EQ(aem_mixer_play(mixer, &wave, &a), AEM_OK);
  const float two[2] = {1, 1};
  EXPECT_EQ(aem_mixer_set_mask(mixer, a, two, 2), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mixer_fade(mixer, a, 0, 1, 9), AEM_ERROR_INVALID_ARGUMENT);
  aem_layer_settings wrong = wave;
  wrong.playback = 5;
  EXPECT_EQ(aem_mixer_set_settings(mixer, a, &wrong), AEM_ERROR_INVALID_ARGUMENT);
  wrong = wave;
  wrong.animation = 1;
  EXPECT_EQ(aem_mixer_set_settings(mixer, a, &wrong), AEM_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(aem_mixer_update(mixer, 0.1f), AEM_OK);  // the refused settings never reached the layer
  aem_mixer* none = nullptr;
  EXPECT_EQ(aem_mixer_create(model, 0, &none), AEM_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(aem_mixer_create(model, 70000, &none), AEM_ERROR_INVALID_ARGUMENT);
  aem_mixer_destroy(other);
  aem_mixer_destroy(mixer);
  aem_close(model);
}

}  // namespace
