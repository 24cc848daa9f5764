#pragma once
// The checks behind open-time validation and `aem validate`.
//
// Structural checks guarantee that no index or range found in the file can send a reader out of
// bounds and that no float is NaN or infinite; they run on every open unless the caller trusts
// the file. Semantic checks (strict validation) look for data that is in bounds but wrong:
// non-finite floats (after a trusted open), non-unit normals and
// quaternions, weight sums, key order, unused data. They assume the structure is sound.
#include <cstddef>
#include <functional>
#include <optional>
#include <span>

#include "aem/export.h"
#include "aem/error.hpp"
#include "aem/expected.hpp"
#include "aem/model_view.hpp"

namespace aem {

class Model;

// Receives each problem as it is found; returns false to stop checking.
using ProblemSink = std::function<bool(const Error&)>;

// Reads the header from a file's first bytes and checks magic, version and the file's size
// against the size equation S of the header's counts. Everything else depends on this passing.
// By default (specs/aem-extensions.md) the version is 1 or 2 and the file is exactly S bytes, or
// longer with the extension directory's magic at align16(S) (read_extensions checks the rest).
// With version_1_only, the reader before extensions: version 1 and exactly S bytes.
AEM_API Expected<Header> read_header(std::span<const std::byte> file, bool version_1_only = false);

// Both return true when they found nothing.
AEM_API bool check_structure(const ModelView& model, const ProblemSink& report);
AEM_API bool check_semantics(const ModelView& model, const ProblemSink& report);

class Model;
// The known extensions' own rules (specs/aem-extensions.md section 4: bad_extension_payload), at
// most one problem per extension (its payload's first), for a model whose check_structure found
// nothing (the payloads index its sections). Every validated open runs it; a trusted open
// (`aem validate`) calls it to list the problems. True when it found nothing.
AEM_API bool check_extension_payloads(const Model& model, const ProblemSink& report);

}  // namespace aem
