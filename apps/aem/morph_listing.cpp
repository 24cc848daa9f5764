#include "morph_listing.hpp"

#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "aem/ext_morph_targets.hpp"
#include "shortest_number.hpp"

namespace aem::cli {
namespace {

std::string attributes_text(std::uint32_t attributes) {
  std::string out;
  for (const auto& [bit, name] : {std::pair{kMorphPosition, "position"}, std::pair{kMorphNormal, "normal"},
                                  std::pair{kMorphTangent, "tangent"}})
    if (attributes & bit) out += (out.empty() ? "" : "+") + std::string(name);
  return out;
}

}  // namespace

void print_morph_targets(const Model& model) {
  const std::optional<MorphTargetsView> view = morph_targets_of(model);
  if (!view) return;
  const MorphTargetsView& v = *view;
  std::printf("    %llu morph targets in %llu groups, %u weight tracks\n", static_cast<unsigned long long>(v.targets.size()),
              static_cast<unsigned long long>(v.groups.size()), v.header.weight_track_count);
  for (const MorphGroup& g : v.groups) {
    std::printf("    group \"%s\": %u targets\n", std::string(v.name(g)).c_str(), g.target_count);
    for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
      const MorphTarget& r = v.targets[t];
      std::printf("      #%u  \"%s\"  weight %s  %s  %u vertices from %u, %s\n", t, std::string(v.name(r)).c_str(),
                  shortest_text(r.default_weight).c_str(), attributes_text(r.attributes).c_str(), r.vertex_span, r.first_vertex,
                  r.first_sparse_index == kMorphDense ? "dense" : (std::to_string(r.sparse_count) + " sparse").c_str());
    }
  }
}

nlohmann::ordered_json morph_targets_json(const MorphTargetsView& v) {
  using json = nlohmann::ordered_json;
  json groups = json::array();
  for (const MorphGroup& g : v.groups) {
    json targets = json::array();
    for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
      const MorphTarget& r = v.targets[t];
      targets.push_back({{"name", v.name(r)},
                         {"default_weight", shortest_double(r.default_weight)},
                         {"attributes", attributes_text(r.attributes)},
                         {"first_vertex", r.first_vertex},
                         {"vertex_span", r.vertex_span},
                         {"sparse_count", r.first_sparse_index == kMorphDense ? json() : json(r.sparse_count)}});
    }
    groups.push_back({{"name", v.name(g)}, {"targets", targets}});
  }
  return json{{"target_count", v.targets.size()}, {"weight_tracks", v.header.weight_track_count}, {"groups", groups}};
}

}  // namespace aem::cli
