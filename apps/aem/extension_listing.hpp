#pragma once
// The extension directory of an opened model (specs/aem-extensions.md), as `aem info` and
// `aem validate` list it: name, required or optional, record version, payload size and place,
// and whether this reader reads it ("known") or skipped it ("ignored"); then, for a known
// extension whose payload was checked, what it holds (the names of `names`).
#include <nlohmann/json.hpp>

#include "aem/model.hpp"

namespace aem::cli {

// "extensions: N" then one line per entry and its content's lines; nothing for a file without
// extensions. `payloads_checked`: the known payloads passed their checks (a validated open, or
// check_extension_payloads), so their content may be read.
void print_extensions(const Model& model, bool payloads_checked = true);
// [{"name", "required", "record_version", "offset", "bytes", "status", and the content's members
// ("material_names", "mesh_names"; "own_emission"; "unlit_materials"; "morph_targets": see
// morph_listing.hpp; "vertex_colours", "uv1": extension_contents.hpp)}...]; [] without extensions.
nlohmann::ordered_json extensions_json(const Model& model, bool payloads_checked = true);

}  // namespace aem::cli
