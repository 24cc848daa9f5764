// An animation block: its name, frame range and frame tracks (keys with TCB and ease, and one
// kind of value per track). The track header is uint32 key count, the 1-byte loop flag, then
// the key frames: the order of Ecere's reader and writer (the spec's prose lists the flag last).
#include <cmath>

#include "import/e3d/e3d_block_types.hpp"
#include "import/e3d/e3d_parser.hpp"

namespace aem::pipeline::e3d {
namespace {

void expect_per_key(const ReadContext& context, const Block& block, std::size_t keys, std::size_t bytes_per_key, const char* what) {
  if (block.body.size() != std::uint64_t(keys) * bytes_per_key)
    context.fail(block, std::to_string(keys) + " keys of " + what + " need " + std::to_string(std::uint64_t(keys) * bytes_per_key) +
                            " bytes, the block has " + std::to_string(block.body.size()));
}

// ftkMorph: an int32 morph index (of the node's mesh, checked when the scene is built), then one
// float32 weight per key, each finite.
void read_morph_weights(TrackData& track, const Block& block, ReadContext& context, bool& has_values) {
  if (has_values) context.fail(block, track.where + ": a second kind of value in one track");
  has_values = true;
  track.kind = TrackKind::morph;
  track.block = context.describe(block);
  const std::uint64_t bytes = 4 + std::uint64_t(track.keys.size()) * 4;
  if (block.body.size() != bytes)
    context.fail(block, "a morph index and " + std::to_string(track.keys.size()) + " weights need " + std::to_string(bytes) +
                            " bytes, the block has " + std::to_string(block.body.size()));
  BodyReader v(context, block);
  track.morph_index = v.u32();
  for (TrackKey& key : track.keys) {
    key.value[0] = v.f32();
    if (!std::isfinite(key.value[0]))
      context.fail(block, track.where + ": the weight of key " + std::to_string(&key - track.keys.data()) + " is not finite");
  }
}

TrackData read_track(const Block& block, ReadContext& context, const std::string& where) {
  TrackData track;
  track.where = where;
  BodyReader r(context, block);
  const std::uint32_t count = r.u32();
  track.loop = r.u8() != 0;
  r.need(std::uint64_t(count) * 4, std::to_string(count) + " key frame numbers");
  track.keys.resize(count);
  for (TrackKey& key : track.keys) key.frame = r.u32();
  for (std::size_t i = 1; i < track.keys.size(); ++i)
    if (track.keys[i].frame < track.keys[i - 1].frame)
      context.fail(block, where + ": key " + std::to_string(i) + " is at frame " + std::to_string(track.keys[i].frame) +
                              ", before key " + std::to_string(i - 1) + "'s frame " + std::to_string(track.keys[i - 1].frame));
  bool has_values = false;
  for (const Block& child : context.children(block, r.position())) {
    BodyReader v(context, child);
    const auto values = [&](TrackKind kind, std::size_t components) {
      if (has_values) context.fail(child, where + ": a second kind of value in one track");
      has_values = true;
      track.kind = kind;
      expect_per_key(context, child, count, components * 4, "values");
      for (TrackKey& key : track.keys)
        for (std::size_t c = 0; c < components; ++c) key.value[c] = v.f32();
    };
    switch (child.type) {
      case kFrameTcbEase:
        expect_per_key(context, child, count, 20, "tension, continuity, bias and ease");
        for (TrackKey& key : track.keys) {
          key.tension = v.f32(); key.continuity = v.f32(); key.bias = v.f32();
          key.ease_from = v.f32(); key.ease_to = v.f32();
        }
        break;
      case kRotationOrder:
        expect_size(context, child, 1, "a rotation order byte");
        track.rotation_order = v.u8();
        if (track.rotation_order > 5) context.fail(child, "rotation order " + std::to_string(track.rotation_order) + " is not 0-5");
        break;
      case kTrackPosition: values(TrackKind::position, 3); break;
      case kTrackScaling: values(TrackKind::scaling, 3); break;
      case kTrackRotation: values(TrackKind::rotation, 4); break;
      case kTrackYaw: values(TrackKind::yaw, 1); break;
      case kTrackPitch: values(TrackKind::pitch, 1); break;
      case kTrackRoll: values(TrackKind::roll, 1); break;
      case kNodeId: expect_size(context, child, 4, "a node ID"); track.node_id = v.u32(); break;
      case kNodeName: track.node_name = v.text(); break;
      case kTrackCameraFov: case kTrackCameraRoll:
        context.skip(child, "cameras", where + ": AEM has no cameras, so camera tracks are dropped"); return TrackData{};
      case kTrackLightHotSpot: case kTrackLightFallOff: case kTrackLightColor:
        context.skip(child, "lights", where + ": AEM has no lights, so light tracks are dropped"); return TrackData{};
      case kTrackHide:
        context.skip(child, "hide tracks", where + ": AEM cannot hide a node over time; the node stays visible"); return TrackData{};
      case kTrackMorph: read_morph_weights(track, child, context, has_values); break;
      default: context.skip(child, "unknown blocks", "not a block an animation track holds"); break;
    }
  }
  if (!has_values) {
    context.skip(block, "empty tracks", where + " has keys but no values");
    return TrackData{};
  }
  return track;
}

}  // namespace

AnimationData parse_animation(const Block& block, ReadContext& context, std::size_t index) {
  AnimationData animation;
  animation.where = "animation " + std::to_string(index);
  for (const Block& child : context.children(block, 0)) {
    BodyReader r(context, child);
    switch (child.type) {
      case kAnimationName: animation.name = r.text(); break;
      case kAnimationFrames: {
        expect_size(context, child, 12, "3 uint32 frames (start, end, default)");
        std::array<std::uint32_t, 3> frames{r.u32(), r.u32(), r.u32()};
        if (frames[1] < frames[0])
          context.fail(child, "the end frame " + std::to_string(frames[1]) + " is before the start frame " + std::to_string(frames[0]));
        animation.frames = frames;
        break;
      }
      case kAnimationTrack: {
        TrackData track = read_track(child, context, animation.where + " track " + std::to_string(animation.tracks.size()));
        if (!track.where.empty()) animation.tracks.push_back(std::move(track));
        break;
      }
      default: context.skip(child, "unknown blocks", "not a block an animation holds"); break;
    }
  }
  return animation;
}

}  // namespace aem::pipeline::e3d
