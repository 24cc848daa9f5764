#pragma once
// The AEM header's fields from its 44 bytes, with magic and version checked but not the file's
// size: read_header adds the size equation; a packed file's header has no AEM file to compare with.
#include <cstddef>
#include <span>

#include "aem/expected.hpp"
#include "aem/format.hpp"

namespace aem::detail {

// Accepts the versions 1 to max_version. Precondition: bytes.size() >= sizeof(Header).
Expected<Header> read_header_fields(std::span<const std::byte> bytes, std::uint8_t max_version = kVersion);

}  // namespace aem::detail
