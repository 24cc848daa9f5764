#pragma once
// The element checks of the extensions this runtime knows (specs/aem-extensions.md section 4),
// run by every validated open after the version-1 sections' structural checks, before any view is
// handed out. One checker per extension, each in its own file of this folder; the table in
// payload_checks.cpp lists them beside aem::kKnownExtensions.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "aem/error.hpp"
#include "aem/extension_format.hpp"
#include "aem/model_view.hpp"

namespace aem {
class Model;
}

namespace aem::detail {

// A known extension's payload in place (4-byte aligned, little-endian host), where it lies in the
// file, and the model's version-1 sections its indices point into.
struct PayloadInput {
  std::string_view name;            // the extension's
  std::uint32_t entry = 0;          // its index in the directory
  std::uint64_t file_offset = 0;    // of payload[0]
  std::span<const std::byte> payload;
  const ModelView& model;
  const Model& whole;               // the opened model: its other extensions (meshlets reads lods)
};

// bad_extension_payload at byte `at` of the payload, the message "<name>: <message>".
Error payload_problem(const PayloadInput& in, std::uint64_t at, const std::string& message);

// One checker per known extension (check_<name>.cpp): the payload's first problem, or nullopt.
std::optional<Error> check_emissive(const PayloadInput& in);
std::optional<Error> check_lods(const PayloadInput& in);
std::optional<Error> check_material_flags(const PayloadInput& in);
std::optional<Error> check_meshlets(const PayloadInput& in);
std::optional<Error> check_morph_targets(const PayloadInput& in);
std::optional<Error> check_names(const PayloadInput& in);
std::optional<Error> check_uv1(const PayloadInput& in);
std::optional<Error> check_vertex_colours(const PayloadInput& in);

// (Every known extension's payload is checked by aem::check_extension_payloads, validation.hpp.)

}  // namespace aem::detail
