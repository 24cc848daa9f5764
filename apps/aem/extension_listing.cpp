#include "extension_listing.hpp"

#include "extension_contents.hpp"

#include <cstdio>
#include <string>

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
    if (const std::string contents = describe_contents(extension_contents(model, name)); !contents.empty())
      std::printf("  %-23s  %s\n", "", contents.c_str());
  }
}

nlohmann::ordered_json extensions_json(const Model& model) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ExtensionEntry& e : model.extensions()) {
    nlohmann::ordered_json entry = {{"name", std::string(extension_name(e))},
                                         {"required", extension_required(e)},
                                         {"record_version", e.record_version},
                                         {"offset", e.offset},
                                         {"bytes", e.size},
                                         {"status", status_of(e)}};
    if (nlohmann::ordered_json contents = extension_contents(model, extension_name(e)); !contents.is_null())
      entry["contents"] = std::move(contents);
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace aem::cli
