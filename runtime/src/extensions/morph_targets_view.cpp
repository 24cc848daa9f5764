#include "extensions/morph_targets_view.hpp"

#include <cstring>

#include "aem/model.hpp"

namespace aem {
namespace detail {
namespace {

template <class T>
std::span<const T> array_at(std::span<const std::byte> payload, std::uint64_t offset, std::uint64_t count) {
  return {reinterpret_cast<const T*>(payload.data() + offset), std::size_t(count)};
}

}  // namespace

std::optional<MorphTargetsView> view_morph_targets(std::span<const std::byte> payload) {
  MorphTargetsView view;
  if (payload.size() < sizeof view.header) return std::nullopt;
  std::memcpy(&view.header, payload.data(), sizeof view.header);
  const MorphTargetsHeader& h = view.header;
  const MorphTargetsLayout at = morph_targets_layout(h);
  if (at.end != payload.size()) return std::nullopt;
  view.groups = array_at<MorphGroup>(payload, at.groups, h.group_count);
  view.targets = array_at<MorphTarget>(payload, at.targets, h.target_count);
  view.weight_tracks = array_at<MorphWeightTrack>(payload, at.weight_tracks, h.weight_track_count);
  view.weight_values = array_at<float>(payload, at.weight_values, h.weight_value_count);
  view.deltas = array_at<float>(payload, at.deltas, std::uint64_t{h.delta_count} * 3);
  view.sparse_indices = array_at<std::uint32_t>(payload, at.sparse_indices, h.sparse_index_count);
  view.names = {reinterpret_cast<const char*>(payload.data() + at.names), h.text_size};
  return view;
}

}  // namespace detail

std::optional<MorphTargetsView> morph_targets_of(const Model& model) {
  const std::optional<std::span<const std::byte>> payload = model.extension_payload(kMorphTargetsExtension);
  if (!payload) return std::nullopt;
  return detail::view_morph_targets(*payload);
}

}  // namespace aem
