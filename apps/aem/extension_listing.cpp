#include "extension_listing.hpp"

#include <cstdio>
#include <string>

#include "aem/ext_emissive.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/ext_names.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "extension_contents.hpp"
#include "morph_listing.hpp"
#include "shortest_number.hpp"

namespace aem::cli {
namespace {

const char* status_of(const ExtensionEntry& entry) {
  return is_known_extension(extension_name(entry)) ? "known" : "ignored";
}

nlohmann::ordered_json material_names(const NamesView& names) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (std::uint32_t i = 0; i < names.material_count(); ++i) out.push_back(std::string(names.material_name(i)));
  return out;
}

nlohmann::ordered_json mesh_names(const NamesView& names) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (std::uint32_t i = 0; i < names.mesh_count(); ++i) out.push_back(std::string(names.mesh_name(i)));
  return out;
}

// The materials with their own emission: index, factor, strength, texture (null for none).
nlohmann::ordered_json own_emission(const Model& model) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  const std::span<const EmissiveRecord> records = *emissive_of(model);
  for (std::uint32_t i = 0; i < records.size(); ++i) {
    const EmissiveRecord& r = records[i];
    if (EmissiveMode(r.mode) != EmissiveMode::record) continue;
    out.push_back({{"material", i},
                   {"factor", {shortest_double(r.factor[0]), shortest_double(r.factor[1]), shortest_double(r.factor[2])}},
                   {"strength", shortest_double(r.strength)},
                   {"texture", r.texture == kNoTexture ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.texture)},
                   {"uv_set", r.uv_set}});
  }
  return out;
}

nlohmann::ordered_json unlit_materials(const Model& model) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (std::uint32_t i = 0; i < model.materials().size(); ++i)
    if (material_unlit(model, i)) out.push_back(i);
  return out;
}

// The content of a known, checked extension as JSON members of its entry.
void add_content(const Model& model, std::string_view name, nlohmann::ordered_json& entry) {
  if (name == kEmissiveExtension) entry["own_emission"] = own_emission(model);
  if (name == kMaterialFlagsExtension) entry["unlit_materials"] = unlit_materials(model);
  if (name == kMorphTargetsExtension) entry["morph_targets"] = morph_targets_json(*morph_targets_of(model));
  if (name == kVertexColoursExtension || name == kUv1Extension || name == kLodsExtension ||
      name == kMeshletsExtension) entry[std::string(name)] = extension_contents(model, name);
  if (name == kNamesExtension) {
    const NamesView names = *names_of(model);
    entry["material_names"] = material_names(names);
    entry["mesh_names"] = mesh_names(names);
  }
}

void print_content(const Model& model, std::string_view name) {
  nlohmann::ordered_json content = nlohmann::ordered_json::object();
  add_content(model, name, content);
  for (const auto& [member, value] : content.items())
    std::printf("    %s: %s\n", member.c_str(), value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

}  // namespace

void print_extensions(const Model& model, bool payloads_checked) {
  if (model.extensions().empty()) return;
  std::printf("\nextensions: %zu\n", model.extensions().size());
  for (const ExtensionEntry& e : model.extensions()) {
    const std::string name(extension_name(e));
    std::printf("  %-23s  %s  record version %u  %llu bytes at %llu  %s\n", name.c_str(),
                extension_required(e) ? "required" : "optional", e.record_version,
                static_cast<unsigned long long>(e.size), static_cast<unsigned long long>(e.offset),
                is_known_extension(name) ? "known" : "ignored (not known to this reader)");
    if (!payloads_checked) continue;
    if (name == kMorphTargetsExtension) print_morph_targets(model);
    else print_content(model, name);
  }
}

nlohmann::ordered_json extensions_json(const Model& model, bool payloads_checked) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ExtensionEntry& e : model.extensions()) {
    nlohmann::ordered_json entry = {{"name", std::string(extension_name(e))},
                                    {"required", extension_required(e)},
                                    {"record_version", e.record_version},
                                    {"offset", e.offset},
                                    {"bytes", e.size},
                                    {"status", status_of(e)}};
    if (payloads_checked) add_content(model, extension_name(e), entry);
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace aem::cli
