#include "export/gltf/gltf_morph_export.hpp"

#include <algorithm>
#include <map>

namespace aem::pipeline::gltf {
namespace {

constexpr const char* kTargetAttributes[3] = {"POSITION", "NORMAL", "TANGENT"};

// The narrowest sparse index type glTF allows for `count` elements, and its size.
std::pair<int, std::size_t> sparse_index_type(std::size_t count) {
  if (count <= 256) return {kUnsignedByte, 1};
  if (count <= 65536) return {kUnsignedShort, 2};
  return {kUnsignedInt, 4};
}

template <class T>
int add_index_view(const std::vector<std::uint32_t>& indices, Document& doc) {
  std::vector<T> narrow(indices.begin(), indices.end());
  return doc.add_view(std::as_bytes(std::span(narrow)));
}

// A VEC3 accessor of one attribute's deltas, 3 floats per vertex of the primitive: without a
// buffer view when every delta is zero (glTF reads zeros), sparse where its indices and values
// take fewer bytes than the dense array, dense otherwise; with `bounds`, min and max (POSITION).
int delta_accessor(const std::vector<float>& values, bool bounds, Document& doc) {
  const std::size_t count = values.size() / 3;
  std::vector<std::uint32_t> moved;
  std::vector<float> moved_values;
  for (std::size_t i = 0; i < count; ++i)
    if (values[i * 3] != 0 || values[i * 3 + 1] != 0 || values[i * 3 + 2] != 0) {
      moved.push_back(std::uint32_t(i));
      moved_values.insert(moved_values.end(), values.begin() + std::ptrdiff_t(i * 3), values.begin() + std::ptrdiff_t(i * 3 + 3));
    }
  nlohmann::json accessor = {{"componentType", kFloat}, {"count", count}, {"type", "VEC3"}};
  const auto [index_type, index_size] = sparse_index_type(count);
  if (!moved.empty() && moved.size() * (index_size + 12) < count * 12) {
    const int indices = index_type == kUnsignedByte    ? add_index_view<std::uint8_t>(moved, doc)
                        : index_type == kUnsignedShort ? add_index_view<std::uint16_t>(moved, doc)
                                                       : add_index_view<std::uint32_t>(moved, doc);
    accessor["sparse"] = {{"count", moved.size()},
                          {"indices", {{"bufferView", indices}, {"componentType", index_type}}},
                          {"values", {{"bufferView", doc.add_view(std::as_bytes(std::span(moved_values)))}}}};
  } else if (!moved.empty()) {
    accessor["bufferView"] = doc.add_view(std::as_bytes(std::span(values)), kArrayBuffer);
  }
  if (bounds) add_bounds(accessor, values, 3);
  return doc.append("accessors", std::move(accessor));
}

std::string group_label(const MorphTargetsView& view, std::uint32_t g) {
  const std::string_view name = view.name(view.groups[g]);
  return "morph group " + std::to_string(g) + (name.empty() ? "" : " ('" + std::string(name) + "')");
}

}  // namespace

MorphExport::MorphExport(const aem::Model& model) : view_(aem::morph_targets_of(model)) {
  if (!view_) return;
  mover_.assign(model.vertices().size(), 0);
  for (std::uint32_t g = 0; g < view_->groups.size(); ++g) {
    const MorphGroup& group = view_->groups[g];
    for (std::uint32_t t = group.first_target; t < group.first_target + group.target_count; ++t) {
      const MorphTarget& target = view_->targets[t];
      const std::span<const std::uint32_t> sparse = view_->sparse_indices_of(target);
      for (std::uint32_t k = 0; k < moved_vertex_count(target); ++k) {
        const std::uint32_t v = is_sparse(target) ? sparse[k] : target.first_vertex + k;
        float d[9];
        if (!deltas_at(target, v, d)) continue;
        if (mover_[v] == 0) mover_[v] = g + 1;
        else if (mover_[v] != g + 1 && conflicts_.size() < 3)
          conflicts_.push_back("vertex " + std::to_string(v) + " (" + group_label(*view_, mover_[v] - 1) + " and " +
                               std::to_string(g) + ")");
      }
    }
  }
}

bool MorphExport::deltas_at(const MorphTarget& target, std::uint32_t v, float out[9]) const {
  std::fill(out, out + 9, 0.0f);
  if (v < target.first_vertex || v - target.first_vertex >= target.vertex_span) return false;
  std::size_t k = v - target.first_vertex;
  if (is_sparse(target)) {
    const std::span<const std::uint32_t> sparse = view_->sparse_indices_of(target);
    const auto it = std::lower_bound(sparse.begin(), sparse.end(), v);
    if (it == sparse.end() || *it != v) return false;
    k = std::size_t(it - sparse.begin());
  }
  const std::span<const float> deltas = view_->deltas_of(target);
  std::size_t at = k * morph_attribute_count(target) * 3;
  bool moves = false;
  for (std::uint32_t a = 0; a < 3; ++a) {
    if (!(target.attributes & (1u << a))) continue;
    for (std::size_t c = 0; c < 3; ++c) {
      out[a * 3 + c] = deltas[at + c];
      moves = moves || deltas[at + c] != 0;
    }
    at += 3;
  }
  return moves;
}

std::vector<std::pair<std::uint32_t, std::vector<std::size_t>>> MorphExport::split(
    std::span<const std::uint32_t> indices, std::vector<std::size_t> triangles) const {
  if (!view_) return {{0, std::move(triangles)}};
  std::map<std::uint32_t, std::vector<std::size_t>> parts;
  std::vector<std::size_t> unmoved;
  for (const std::size_t t : triangles) {
    std::uint32_t group = 0;
    for (std::size_t k = t; k < t + 3; ++k) {
      const std::uint32_t mover = mover_[indices[k]];
      if (group == 0) group = mover;
      else if (mover != 0 && mover != group && conflicts_.size() < 3)
        conflicts_.push_back("the triangle at index " + std::to_string(t) + " (moved by two groups)");
    }
    (group != 0 ? parts[group] : unmoved).push_back(t);
  }
  if (parts.empty()) return {{0, std::move(unmoved)}};
  std::vector<std::size_t>& first = parts.begin()->second;
  first.insert(first.end(), unmoved.begin(), unmoved.end());
  std::sort(first.begin(), first.end());  // the triangles in the AEM's order
  return {parts.begin(), parts.end()};
}

void MorphExport::add_targets(std::uint32_t group, std::span<const std::uint32_t> source, nlohmann::json& mesh,
                              Document& doc) const {
  const MorphGroup& g = view_->groups[group];
  nlohmann::json targets = nlohmann::json::array(), weights = nlohmann::json::array(),
                 names = nlohmann::json::array();
  bool named = false;
  for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
    const MorphTarget& target = view_->targets[t];
    std::vector<float> values[3];
    for (std::vector<float>& v : values) v.assign(source.size() * 3, 0.0f);
    for (std::size_t i = 0; i < source.size(); ++i) {
      float d[9];
      deltas_at(target, source[i], d);
      for (std::size_t a = 0; a < 3; ++a) std::copy_n(d + a * 3, 3, values[a].begin() + std::ptrdiff_t(i * 3));
    }
    nlohmann::json attributes = nlohmann::json::object();
    for (std::uint32_t a = 0; a < 3; ++a)
      if (target.attributes & (1u << a)) attributes[kTargetAttributes[a]] = delta_accessor(values[a], a == 0, doc);
    targets.push_back(std::move(attributes));
    weights.push_back(target.default_weight);
    named = named || target.name_length > 0;
    names.push_back(std::string(view_->name(target)));
  }
  mesh["primitives"][0]["targets"] = std::move(targets);
  mesh["weights"] = std::move(weights);
  if (named) mesh["extras"] = {{"targetNames", std::move(names)}};
}

void MorphExport::note_losses(const std::vector<std::vector<int>>& group_nodes, Document& doc) const {
  if (!view_) return;
  for (std::uint32_t g = 0; g < view_->groups.size(); ++g) {
    if (group_nodes[g].empty())
      doc.losses.push_back(group_label(*view_, g) + " moves no vertex of a triangle: its targets, default weights and "
                                                    "weight animation are left out");
    else if (group_nodes[g].size() > 1)
      doc.losses.push_back(group_label(*view_, g) + " lies in " + std::to_string(group_nodes[g].size()) +
                           " glTF meshes (AEM meshes, or a mesh's skinned and rigid parts): each carries its targets "
                           "and weights, and a bake makes a group of each");
  }
  if (!conflicts_.empty()) {
    std::string list;
    for (const std::string& c : conflicts_) list += (list.empty() ? "" : ", ") + c;
    doc.losses.push_back("vertices that two morph groups move (" + list +
                         "): a glTF primitive takes one group's targets, the first's");
  }
}

}  // namespace aem::pipeline::gltf
