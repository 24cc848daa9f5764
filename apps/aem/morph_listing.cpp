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

// The records `aem info` lists, copied out of the payload after a check of every array's place.
struct MorphListing {
  std::vector<MorphGroup> groups;
  std::vector<MorphTarget> targets;
  std::string names;
  std::uint32_t weight_tracks = 0;
  std::string problem;  // non-empty: the payload cannot be read
  std::string name(std::uint32_t offset, std::uint32_t length) const {
    return offset <= names.size() && length <= names.size() - offset ? names.substr(offset, length) : "?";
  }
};

MorphListing read_listing(std::span<const std::byte> payload) {
  MorphListing out;
  MorphTargetsHeader h{};
  if (payload.size() < sizeof h) return {{}, {}, {}, 0, "shorter than its header"};
  std::memcpy(&h, payload.data(), sizeof h);
  std::uint64_t at = sizeof h;
  auto place = [&](std::uint64_t count, std::uint64_t size) {  // the array's offset, or past the end
    at = (at + 15) & ~std::uint64_t(15);
    const std::uint64_t start = at;
    at += count * size;
    return start;
  };
  const std::uint64_t groups = place(h.group_count, sizeof(MorphGroup));
  const std::uint64_t targets = place(h.target_count, sizeof(MorphTarget));
  place(h.weight_track_count, sizeof(MorphWeightTrack));
  place(h.weight_value_count, 4);
  place(h.delta_count, 12);
  place(h.sparse_index_count, 4);
  const std::uint64_t names = place(h.text_size, 1);
  if (at > payload.size()) return {{}, {}, {}, 0, "its counts need more bytes than its " + std::to_string(payload.size())};
  out.groups.resize(h.group_count);
  out.targets.resize(h.target_count);
  if (h.group_count) std::memcpy(out.groups.data(), payload.data() + groups, h.group_count * sizeof(MorphGroup));
  if (h.target_count) std::memcpy(out.targets.data(), payload.data() + targets, h.target_count * sizeof(MorphTarget));
  out.names.assign(reinterpret_cast<const char*>(payload.data() + names), h.text_size);
  out.weight_tracks = h.weight_track_count;
  for (const MorphGroup& g : out.groups)
    if (g.first_target > h.target_count || g.target_count > h.target_count - g.first_target)
      return {{}, {}, {}, 0, "a group's targets lie past the " + std::to_string(h.target_count) + " targets"};
  return out;
}

std::optional<MorphListing> listing_of(const Model& model) {
  const auto payload = model.extension_payload(kMorphTargetsExtension);
  if (!payload) return std::nullopt;
  return read_listing(*payload);
}

std::string attributes_text(std::uint32_t attributes) {
  std::string out;
  for (const auto& [bit, name] : {std::pair{kMorphPosition, "position"}, std::pair{kMorphNormal, "normal"},
                                  std::pair{kMorphTangent, "tangent"}})
    if (attributes & bit) out += (out.empty() ? "" : "+") + std::string(name);
  return out;
}

}  // namespace

void print_morph_targets(const Model& model) {
  const std::optional<MorphListing> m = listing_of(model);
  if (!m) return;
  if (!m->problem.empty()) {
    std::printf("    morph targets unreadable: %s\n", m->problem.c_str());
    return;
  }
  std::printf("    %llu morph targets in %llu groups, %u weight tracks\n", static_cast<unsigned long long>(m->targets.size()),
              static_cast<unsigned long long>(m->groups.size()), m->weight_tracks);
  for (const MorphGroup& g : m->groups) {
    std::printf("    group \"%s\": %u targets\n", m->name(g.name_offset, g.name_length).c_str(), g.target_count);
    for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
      const MorphTarget& r = m->targets[t];
      std::printf("      #%u  \"%s\"  weight %s  %s  %u vertices from %u, %s\n", t, m->name(r.name_offset, r.name_length).c_str(),
                  shortest_text(r.default_weight).c_str(), attributes_text(r.attributes).c_str(), r.vertex_span, r.first_vertex,
                  r.first_sparse_index == kMorphDense ? "dense" : (std::to_string(r.sparse_count) + " sparse").c_str());
    }
  }
}

std::optional<nlohmann::ordered_json> morph_targets_json(const Model& model) {
  using json = nlohmann::ordered_json;
  const std::optional<MorphListing> m = listing_of(model);
  if (!m) return std::nullopt;
  if (!m->problem.empty()) return json{{"unreadable", m->problem}};
  json groups = json::array();
  for (const MorphGroup& g : m->groups) {
    json targets = json::array();
    for (std::uint32_t t = g.first_target; t < g.first_target + g.target_count; ++t) {
      const MorphTarget& r = m->targets[t];
      targets.push_back({{"name", m->name(r.name_offset, r.name_length)},
                         {"default_weight", shortest_double(r.default_weight)},
                         {"attributes", attributes_text(r.attributes)},
                         {"first_vertex", r.first_vertex},
                         {"vertex_span", r.vertex_span},
                         {"sparse_count", r.first_sparse_index == kMorphDense ? json() : json(r.sparse_count)}});
    }
    groups.push_back({{"name", m->name(g.name_offset, g.name_length)}, {"targets", targets}});
  }
  return json{{"target_count", m->targets.size()}, {"weight_tracks", m->weight_tracks}, {"groups", groups}};
}

}  // namespace aem::cli
