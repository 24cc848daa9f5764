#pragma once
// The extension directory of an opened model (specs/aem-extensions.md), as `aem info` and
// `aem validate` list it: name, required or optional, record version, payload size and place,
// and whether this reader reads it ("known") or skipped it ("ignored").
#include <nlohmann/json.hpp>

#include "aem/model.hpp"

namespace aem::cli {

// "extensions: N" then one line per entry; nothing for a file without extensions.
void print_extensions(const Model& model);
// [{"name", "required", "record_version", "offset", "bytes", "status", "contents"}...]; [] without
// extensions. "contents" is extension_contents(), only for the extensions this reader knows.
nlohmann::ordered_json extensions_json(const Model& model);

}  // namespace aem::cli
