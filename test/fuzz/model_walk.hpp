#pragma once
// Walks a validated model the way a game would: every view, every mip level, every track's keys,
// the mixer over every joint and the strict checks. Shared by the fuzz targets that open models,
// so that any out-of-bounds read a validated model allows shows up under the sanitizers.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "aem/animation_mixer.hpp"
#include "aem/model.hpp"
#include "aem/validation.hpp"

namespace aem::fuzz {

// Reads every byte of a span so ASan sees each access; the sum keeps the reads alive.
template <class T>
inline std::uint64_t touch(std::span<const T> items) {
  const auto bytes = std::as_bytes(items);
  std::uint64_t sum = 0;
  for (std::byte b : bytes) sum += std::uint64_t(b);
  return sum;
}

inline std::uint64_t walk(const aem::Model& model) {
  std::uint64_t sum = touch(model.vertices()) + touch(model.indices()) +
                      touch(model.image_buffer()) + touch(model.textures()) +
                      touch(model.materials()) + touch(model.joints()) +
                      touch(model.animations()) + touch(model.keyframes());
  for (const aem::Mesh& mesh : model.meshes()) {
    for (std::uint32_t index : model.mesh_indices(mesh)) sum += touch(model.vertices().subspan(index, 1));
    sum += touch(model.materials().subspan(mesh.material, 1));
  }
  for (const aem::Material& material : model.materials()) {
    for (std::uint32_t t : {material.base_color_texture, material.normal_texture, material.pbr_texture}) {
      sum += touch(model.textures().subspan(t, 1));
    }
  }
  for (const aem::Texture& texture : model.textures()) {
    for (std::uint32_t level = 0; level < aem::mip_count(texture.width, texture.height); ++level) {
      sum += touch(model.mip_data(texture, level));
    }
  }
  for (const aem::Joint& joint : model.joints()) {
    sum += aem::name_view(joint.name).size();
    if (joint.parent >= 0) sum += touch(model.joints().subspan(std::size_t(joint.parent), 1));
  }
  for (const aem::Vertex& vertex : model.vertices()) {
    for (std::int32_t j : vertex.joints) {
      if (j >= 0) sum += touch(model.joints().subspan(std::size_t(j), 1));
    }
  }
  for (std::uint32_t a = 0; a < model.header().animation_count; ++a) {
    sum += aem::name_view(model.animations()[a].name).size();
    for (std::uint32_t j = 0; j < model.header().joint_count; ++j) {
      const aem::TrackKeys keys = model.keys(model.track(a, j));
      sum += touch(keys.translations) + touch(keys.rotations) + touch(keys.scales);
    }
  }
  // Animate whatever the file holds: sampling must stay in bounds for every validated file, at
  // a cost linear in the file (the budget below holds it to that).
  if (model.header().animation_count > 0) {
    aem::AnimationMixer mixer(model, 2);
    std::vector<float> skinning(16 * mixer.joint_count());
    const aem::LayerId first = mixer.play({.animation = 0});
    mixer.play({.animation = model.header().animation_count - 1, .weight = 0.5f});
    for (float step : {0.0f, 0.37f, 1000.0f}) {
      mixer.update(step);
      mixer.evaluate(skinning);
    }
    mixer.set_mask(first, std::vector<float>(mixer.joint_count(), 0.25f));
    mixer.evaluate(skinning);
    for (float value : skinning) sum += value == value ? 1 : 0;
  }
  aem::check_semantics(model.view(), [&](const aem::Error& e) {
    sum += e.describe().size();
    return true;
  });
  // Every extension payload, found by its name as a reader would.
  for (const aem::ExtensionEntry& entry : model.extensions()) {
    sum += touch(*model.extension_payload(aem::extension_name(entry)));
  }
  return sum;
}

}  // namespace aem::fuzz
