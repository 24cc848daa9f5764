// The C API's animation mixer: the C++ AnimationMixer behind checked 64-bit layer handles.
//
// A handle is (slot << 48) | start: `slot` is one of the mixer's max_layers handle slots and
// `start` the number of that play() among all mixers' (never 0), so a handle that outlived its
// layer, or comes from another mixer, matches no slot and is refused.
#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/aem.h"
#include "aem/animation_mixer.hpp"
#include "c_api/c_api_boundary.hpp"
#include "c_api/c_api_model.hpp"

struct aem_mixer {
  aem_mixer(const aem::Model& model, std::size_t max_layers)
      : mixer(model, max_layers), ids(max_layers), starts(max_layers, 0),
        animation_count(model.header().animation_count) {}

  aem::AnimationMixer mixer;
  std::vector<aem::LayerId> ids;      // the C++ layer behind each handle slot
  std::vector<std::uint64_t> starts;  // the start number its handle carries; 0: never used
  std::uint32_t animation_count;
};

namespace {

using aem::c_api::fail;
using aem::c_api::guarded;

constexpr int kSlotShift = 48;
constexpr std::uint64_t kStartMask = (std::uint64_t{1} << kSlotShift) - 1;
constexpr std::uint32_t kMaxLayers = 0xFFFF;

// Numbers every layer started through the C API; at a million a second, 2^48 lasts nine years.
std::atomic<std::uint64_t> g_starts{0};

std::uint64_t next_start() {
  std::uint64_t start;
  do {
    start = ++g_starts & kStartMask;
  } while (start == 0);
  return start;
}

// The C++ layer a handle names, or nullptr when it names none that plays in this mixer.
const aem::LayerId* find_layer(const aem_mixer& m, aem_layer layer) {
  const std::uint64_t slot = layer >> kSlotShift;
  const std::uint64_t start = layer & kStartMask;
  if (start == 0 || slot >= m.ids.size() || m.starts[slot] != start || !m.mixer.is_playing(m.ids[slot])) {
    return nullptr;
  }
  return &m.ids[slot];
}

aem_status stale(aem_layer layer) {
  if (layer == AEM_NO_LAYER) return fail(AEM_ERROR_STALE_LAYER, "no animation layer given (AEM_NO_LAYER)");
  return fail(AEM_ERROR_STALE_LAYER,
              "animation layer 0x%016llx has stopped or belongs to another mixer",
              static_cast<unsigned long long>(layer));
}

// A free handle slot, or ids.size(): one is free whenever the C++ mixer has a free layer, since
// every layer it plays was started here and holds exactly one slot.
std::size_t free_slot(const aem_mixer& m) {
  for (std::size_t slot = 0; slot < m.ids.size(); ++slot) {
    if (m.starts[slot] == 0 || !m.mixer.is_playing(m.ids[slot])) return slot;
  }
  return m.ids.size();
}

aem_layer remember(aem_mixer& m, std::size_t slot, aem::LayerId id) {
  m.ids[slot] = id;
  m.starts[slot] = next_start();
  return (std::uint64_t{slot} << kSlotShift) | m.starts[slot];
}

aem_status check_settings(const aem_mixer& m, const aem_layer_settings* settings) {
  if (settings == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL layer settings");
  if (settings->animation >= m.animation_count) {
    return fail(AEM_ERROR_OUT_OF_RANGE, "animation %u of %u", unsigned(settings->animation),
                unsigned(m.animation_count));
  }
  if (settings->playback > AEM_PLAYBACK_CLAMP) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "unknown playback %u", unsigned(settings->playback));
  }
  return AEM_OK;
}

aem::LayerSettings to_cpp(const aem_layer_settings& s) {
  return {.animation = s.animation, .time = s.time, .speed = s.speed, .weight = s.weight,
          .playback = s.playback == AEM_PLAYBACK_CLAMP ? aem::Playback::clamp : aem::Playback::loop};
}

aem_layer_settings to_c(const aem::LayerSettings& s) {
  return {s.animation, s.time, s.speed, s.weight,
          s.playback == aem::Playback::clamp ? uint32_t{AEM_PLAYBACK_CLAMP} : uint32_t{AEM_PLAYBACK_LOOP}};
}

aem_status check_curve(uint32_t curve) {
  return curve > AEM_FADE_SMOOTH ? fail(AEM_ERROR_INVALID_ARGUMENT, "unknown fade curve %u", unsigned(curve))
                                 : AEM_OK;
}

aem::FadeCurve curve_of(uint32_t curve) {
  return curve == AEM_FADE_SMOOTH ? aem::FadeCurve::smooth : aem::FadeCurve::linear;
}

aem_status null_mixer() { return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL mixer"); }

}  // namespace

extern "C" {

void aem_layer_settings_init(aem_layer_settings* settings, uint32_t animation) {
  if (settings != nullptr) *settings = {animation, 0.0f, 1.0f, 1.0f, AEM_PLAYBACK_LOOP};
}

aem_status aem_mixer_create(const aem_model* model, uint32_t max_layers, aem_mixer** out_mixer) {
  if (out_mixer == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "out_mixer is NULL");
  *out_mixer = nullptr;
  if (model == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL model");
  if (max_layers == 0 || max_layers > kMaxLayers) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "max_layers %u is not within 1 to %u", unsigned(max_layers),
                unsigned(kMaxLayers));
  }
  return guarded([&] {
    *out_mixer = new aem_mixer(model->model, max_layers);
    return AEM_OK;
  });
}

void aem_mixer_destroy(aem_mixer* mixer) { delete mixer; }

uint32_t aem_mixer_joint_count(const aem_mixer* mixer) {
  return mixer == nullptr ? 0 : static_cast<uint32_t>(mixer->mixer.joint_count());
}

aem_status aem_mixer_play(aem_mixer* mixer, const aem_layer_settings* settings, aem_layer* out_layer) {
  if (mixer == nullptr || out_layer == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL mixer or layer");
  *out_layer = AEM_NO_LAYER;
  if (const aem_status s = check_settings(*mixer, settings); s != AEM_OK) return s;
  const std::size_t slot = free_slot(*mixer);
  if (slot == mixer->ids.size()) {
    return fail(AEM_ERROR_LAYERS_FULL, "all %u animation layers are in use", unsigned(mixer->ids.size()));
  }
  return guarded([&] {
    *out_layer = remember(*mixer, slot, mixer->mixer.play(to_cpp(*settings)));
    return AEM_OK;
  });
}

aem_status aem_mixer_stop(aem_mixer* mixer, aem_layer layer) {
  if (mixer == nullptr) return null_mixer();
  const aem::LayerId* id = find_layer(*mixer, layer);
  if (id == nullptr) return stale(layer);
  return guarded([&] {
    mixer->mixer.stop(*id);
    return AEM_OK;
  });
}

void aem_mixer_stop_all(aem_mixer* mixer) {
  if (mixer != nullptr) mixer->mixer.stop_all();
}

int aem_mixer_is_playing(const aem_mixer* mixer, aem_layer layer) {
  return mixer != nullptr && find_layer(*mixer, layer) != nullptr ? 1 : 0;
}

aem_status aem_mixer_get_settings(const aem_mixer* mixer, aem_layer layer, aem_layer_settings* out_settings) {
  if (mixer == nullptr || out_settings == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL mixer or settings");
  const aem::LayerId* id = find_layer(*mixer, layer);
  if (id == nullptr) return stale(layer);
  return guarded([&] {
    *out_settings = to_c(mixer->mixer.settings(*id));
    return AEM_OK;
  });
}

aem_status aem_mixer_set_settings(aem_mixer* mixer, aem_layer layer, const aem_layer_settings* settings) {
  if (mixer == nullptr) return null_mixer();
  const aem::LayerId* id = find_layer(*mixer, layer);
  if (id == nullptr) return stale(layer);
  if (const aem_status s = check_settings(*mixer, settings); s != AEM_OK) return s;
  return guarded([&] {
    mixer->mixer.settings(*id) = to_cpp(*settings);
    return AEM_OK;
  });
}

aem_status aem_mixer_set_mask(aem_mixer* mixer, aem_layer layer, const float* joint_weights, size_t count) {
  if (mixer == nullptr) return null_mixer();
  const aem::LayerId* id = find_layer(*mixer, layer);
  if (id == nullptr) return stale(layer);
  if (count != 0 && (joint_weights == nullptr || count != mixer->mixer.joint_count())) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "a mask needs one weight for each of %u joints (%llu given)",
                unsigned(mixer->mixer.joint_count()),
                static_cast<unsigned long long>(joint_weights == nullptr ? size_t{0} : count));
  }
  return guarded([&] {
    mixer->mixer.set_mask(*id, std::span<const float>(joint_weights, count));
    return AEM_OK;
  });
}

aem_status aem_mixer_fade(aem_mixer* mixer, aem_layer layer, float target, float duration, uint32_t curve) {
  if (mixer == nullptr) return null_mixer();
  const aem::LayerId* id = find_layer(*mixer, layer);
  if (id == nullptr) return stale(layer);
  if (const aem_status s = check_curve(curve); s != AEM_OK) return s;
  return guarded([&] {
    mixer->mixer.fade(*id, target, duration, curve_of(curve));
    return AEM_OK;
  });
}

aem_status aem_mixer_cross_fade(aem_mixer* mixer, aem_layer from, const aem_layer_settings* to, float duration,
                                uint32_t curve, aem_layer* out_layer) {
  if (mixer == nullptr || out_layer == nullptr) return fail(AEM_ERROR_INVALID_ARGUMENT, "NULL mixer or layer");
  *out_layer = AEM_NO_LAYER;
  const aem::LayerId* id = find_layer(*mixer, from);
  if (id == nullptr) return stale(from);
  if (const aem_status s = check_settings(*mixer, to); s != AEM_OK) return s;
  if (const aem_status s = check_curve(curve); s != AEM_OK) return s;
  const std::size_t slot = free_slot(*mixer);
  if (slot == mixer->ids.size()) {
    return fail(AEM_ERROR_LAYERS_FULL, "all %u animation layers are in use", unsigned(mixer->ids.size()));
  }
  return guarded([&] {
    *out_layer = remember(*mixer, slot, mixer->mixer.cross_fade(*id, to_cpp(*to), duration, curve_of(curve)));
    return AEM_OK;
  });
}

aem_status aem_mixer_update(aem_mixer* mixer, float seconds) {
  if (mixer == nullptr) return null_mixer();
  // Every layer's animation was checked when it was set, so this cannot throw.
  return guarded([&] {
    mixer->mixer.update(seconds);
    return AEM_OK;
  });
}

aem_status aem_mixer_evaluate(aem_mixer* mixer, float* skinning_matrices, size_t float_count) {
  if (mixer == nullptr) return null_mixer();
  const std::size_t needed = 16 * mixer->mixer.joint_count();
  if (float_count != needed || (needed != 0 && skinning_matrices == nullptr)) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "skinning matrices need %llu floats (16 for each of %u joints), not %llu",
                static_cast<unsigned long long>(needed), unsigned(mixer->mixer.joint_count()),
                static_cast<unsigned long long>(skinning_matrices == nullptr ? size_t{0} : float_count));
  }
  return guarded([&] {
    mixer->mixer.evaluate(std::span<float>(skinning_matrices, float_count));
    return AEM_OK;
  });
}

aem_status aem_mixer_evaluate_morph_weights(aem_mixer* mixer, float* weights, size_t count) {
  if (mixer == nullptr) return null_mixer();
  const std::size_t needed = mixer->mixer.morph_target_count();
  if (count != needed || (needed != 0 && weights == nullptr)) {
    return fail(AEM_ERROR_INVALID_ARGUMENT, "morph weights need %llu floats (one per target), not %llu",
                static_cast<unsigned long long>(needed), static_cast<unsigned long long>(weights == nullptr ? 0 : count));
  }
  return guarded([&] {
    mixer->mixer.evaluate_morph_weights(std::span<float>(weights, count));
    return AEM_OK;
  });
}

}  // extern "C"
