#include "extension_listing.hpp"

#include <cstdio>
#include <string>

#include "aem/ext_morph_targets.hpp"
#include "morph_listing.hpp"

namespace aem::cli {
namespace {

const char* status_of(const ExtensionEntry& entry) {
  return is_known_extension(extension_name(entry)) ? "known" : "ignored";
}

}  // namespace

void print_extensions(const Model& model) {
  if (model.extensions().empty()) return;
  std::printf("\nextensions: %zu\n", model.extensions().size());
  for (const ExtensionEntry& e : model.extensions()) {
    const std::string name(extension_name(e));
    std::printf("  %-23s  %s  record version %u  %llu bytes at %llu  %s\n", name.c_str(),
                extension_required(e) ? "required" : "optional", e.record_version,
                static_cast<unsigned long long>(e.size), static_cast<unsigned long long>(e.offset),
                is_known_extension(name) ? "known" : "ignored (not known to this reader)");
    if (name == kMorphTargetsExtension) print_morph_targets(model);
  }
}

nlohmann::ordered_json extensions_json(const Model& model) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ExtensionEntry& e : model.extensions()) {
    out.push_back({{"name", std::string(extension_name(e))},
                   {"required", extension_required(e)},
                   {"record_version", e.record_version},
                   {"offset", e.offset},
                   {"bytes", e.size},
                   {"status", status_of(e)}});
    if (extension_name(e) == kMorphTargetsExtension)
      if (auto morphs = morph_targets_json(model)) out.back()["morph_targets"] = std::move(*morphs);
  }
  return out;
}

}  // namespace aem::cli
