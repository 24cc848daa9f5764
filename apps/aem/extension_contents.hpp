#pragma once
// What a known extension of an opened model holds, as `aem info` and `aem validate` show it beside
// its directory entry: counts and kinds (vertex colours' encoding, the UV sets...), from the
// runtime's typed views.
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "aem/model.hpp"

namespace aem::cli {

// The contents of the extension `name` of `model` as a JSON object; null for an extension this
// reader does not know (or whose payload the view cannot read: a trusted open of a bad file).
nlohmann::ordered_json extension_contents(const Model& model, std::string_view name);

}  // namespace aem::cli
