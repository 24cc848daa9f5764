#include "export/gltf/gltf_animation_export.hpp"

#include <cmath>
#include <map>
#include <string>
#include <vector>


namespace aem::pipeline::gltf {
namespace {

class AnimationExporter {
 public:
  AnimationExporter(const aem::Model& model, const MorphExport& morphs, const std::vector<std::vector<int>>& group_nodes,
                    Document& document)
      : model_(model), morphs_(morphs), group_nodes_(group_nodes), doc_(document) {}

  void animation(std::uint32_t index) {
    nlohmann::json samplers = nlohmann::json::array(), channels = nlohmann::json::array();
    const auto joint_count = std::uint32_t(model_.joints().size());
    for (std::uint32_t j = 0; j < joint_count; ++j) {
      const aem::TrackKeys keys = model_.keys(model_.track(index, j));
      add_channel(keys.translations, "translation", 3, j, samplers, channels);
      add_channel(keys.rotations, "rotation", 4, j, samplers, channels);
      add_channel(keys.scales, "scale", 3, j, samplers, channels);
    }
    if (!morphs_.empty())
      for (std::uint32_t g = 0; g < morphs_.view()->groups.size(); ++g) add_weights(index, g, samplers, channels);
    if (channels.empty()) {
      note_retimed("an animation without keys is left out (glTF animations need a channel)");
      return;
    }
    doc_.append("animations", {{"name", std::string(aem::name_view(model_.animations()[index].name))},
                               {"samplers", std::move(samplers)},
                               {"channels", std::move(channels)}});
  }

 private:
  void note_retimed(const std::string& phrase) {
    for (const std::string& loss : doc_.losses)
      if (loss == phrase) return;
    doc_.losses.push_back(phrase);
  }

  // The accessor of key times, strictly increasing as glTF wants them; shared by equal lists.
  int times(std::vector<float> t) {
    for (std::size_t k = 1; k < t.size(); ++k)
      if (!(t[k] > t[k - 1])) {
        t[k] = std::nextafter(t[k - 1], INFINITY);
        note_retimed("keys at equal times (held steps) are moved apart by one float step (glTF times increase strictly)");
      }
    if (auto it = times_.find(t); it != times_.end()) return it->second;
    const int accessor = doc_.add_floats(t, "SCALAR", 1, 0, true);
    times_.emplace(std::move(t), accessor);
    return accessor;
  }
  int times(std::span<const aem::Keyframe> keys) {
    std::vector<float> t;
    for (const aem::Keyframe& k : keys) t.push_back(k.time);
    return times(std::move(t));
  }

  // Group g's weight track of the animation: one LINEAR sampler per node carrying the group (its
  // accessors shared), whose output holds the group's weights key by key.
  void add_weights(std::uint32_t animation, std::uint32_t g, nlohmann::json& samplers, nlohmann::json& channels) {
    const MorphTargetsView& view = *morphs_.view();
    const MorphGroup& group = view.groups[g];
    const MorphWeightTrack& track = view.weight_track(animation, g);
    if (track.key_count == 0 || group_nodes_[g].empty()) return;  // the default weights hold; no node: a loss said
    const std::span<const float> keys = view.key_values(track, group);
    std::vector<float> t, weights;
    for (std::size_t k = 0; k < keys.size(); k += 1 + group.target_count) {
      t.push_back(keys[k]);
      weights.insert(weights.end(), keys.begin() + std::ptrdiff_t(k + 1), keys.begin() + std::ptrdiff_t(k + 1 + group.target_count));
    }
    const int input = times(std::move(t));
    const int output = doc_.add_floats(weights, "SCALAR", 1, 0, false);
    for (const int node : group_nodes_[g]) {
      samplers.push_back({{"input", input}, {"output", output}, {"interpolation", "LINEAR"}});
      channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", "weights"}}}});
    }
  }

  void add_channel(std::span<const aem::Keyframe> keys, const char* path, int components, std::uint32_t node,
                   nlohmann::json& samplers, nlohmann::json& channels) {
    if (keys.empty()) return;
    std::vector<float> values;
    for (const aem::Keyframe& k : keys) values.insert(values.end(), k.value, k.value + components);
    const int output = doc_.add_floats(values, components == 4 ? "VEC4" : "VEC3", components, 0, false);
    samplers.push_back({{"input", times(keys)}, {"output", output}, {"interpolation", "LINEAR"}});
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", path}}}});
  }

  const aem::Model& model_;
  const MorphExport& morphs_;
  const std::vector<std::vector<int>>& group_nodes_;
  Document& doc_;
  std::map<std::vector<float>, int> times_;
};

}  // namespace

void export_animations(const aem::Model& model, const MorphExport& morphs,
                       const std::vector<std::vector<int>>& group_nodes, Document& document) {
  AnimationExporter exporter(model, morphs, group_nodes, document);
  for (std::uint32_t a = 0; a < model.animations().size(); ++a) exporter.animation(a);
}

}  // namespace aem::pipeline::gltf
