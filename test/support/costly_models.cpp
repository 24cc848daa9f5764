#include "costly_models.hpp"

#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace aem::test {
namespace {

// A chain of joints, one animation in which only the first joints have keys (`first`), written,
// then every track pointed at `track(j)`.
template <class TrackOf>
std::vector<std::byte> with_tracks(std::uint32_t joints, std::vector<pipeline::JointKeys> first, float duration,
                                   TrackOf track) {
  pipeline::ModelContent content = tiny_model();
  content.joints.clear();
  for (std::uint32_t j = 0; j < joints; ++j) {
    content.joints.push_back({"joint " + std::to_string(j), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
                              std::int32_t(j) - 1});
  }
  pipeline::AnimationDesc animation{"shared", duration, std::vector<pipeline::JointKeys>(joints)};
  for (std::size_t j = 0; j < first.size(); ++j) animation.joints[j] = std::move(first[j]);
  content.animations = {std::move(animation)};
  std::vector<std::byte> bytes = pipeline::serialize_model(content);
  const std::uint64_t tracks = Model::open_memory(bytes).view().offsets.tracks;
  for (std::uint32_t j = 0; j < joints; ++j) poke(bytes, tracks + std::uint64_t{j} * sizeof(Track), track(j));
  return bytes;
}

}  // namespace

pipeline::ModelContent meshes_sharing_indices(std::uint32_t meshes, std::uint32_t indices) {
  pipeline::ModelContent content = tiny_model();
  content.indices.resize(indices);
  for (std::uint32_t i = 0; i < indices; ++i) content.indices[i] = i % 3;
  content.meshes.assign(meshes, Mesh{0, indices, 0});
  return content;
}

std::vector<std::byte> tracks_sharing_keys(std::uint32_t joints, std::uint32_t keys) {
  pipeline::JointKeys joint0;
  for (std::uint32_t k = 0; k < keys; ++k) joint0.translations.push_back({float(k) / float(keys), {float(k % 7), 0, 0, 0}});
  joint0.rotations = {{0, {0, 0, 0, 1}}};
  joint0.scales = {{0, {1, 1, 1, 0}}};
  return with_tracks(joints, {std::move(joint0)}, 1.0f, [keys](std::uint32_t) { return Track{0, keys, 1, 1}; });
}

std::vector<std::byte> tracks_reusing_keys(std::uint32_t joints, std::uint32_t keys) {
  std::vector<pipeline::JointKeys> first(2);
  for (std::uint32_t j = 0; j < 2; ++j) {
    for (std::uint32_t k = 0; k < keys; ++k) first[j].translations.push_back({float(k) / float(keys), {float(j), 0, 0, 0}});
    first[j].rotations = {{0, {0, 0, 0, 1}}};
    first[j].scales = {{0, {1, 1, 1, 0}}};
  }
  return with_tracks(joints, std::move(first), 1.0f, [keys](std::uint32_t j) {
    return j == 0 ? Track{0, keys, 1, 1} : Track{keys + 2, keys, 1, 1};
  });
}

std::vector<std::byte> tracks_overlapping_keys(std::uint32_t joints, std::uint32_t keys) {
  const Keyframe key{0, {0, 0, 1, 0}};
  pipeline::JointKeys joint0;
  joint0.translations.assign(keys + joints - 1, key);
  joint0.rotations = {key};
  joint0.scales = {key};
  return with_tracks(joints, {std::move(joint0)}, 0.0f, [keys](std::uint32_t j) { return Track{j, keys, 1, 1}; });
}

}  // namespace aem::test
