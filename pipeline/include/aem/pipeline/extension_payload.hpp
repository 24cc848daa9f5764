#pragma once
// One payload of a file's extension area (specs/aem-extensions.md), as a producer hands it to the
// model writer, and how the writer lays the area out.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace aem::pipeline {

struct ExtensionPayload {
  std::string name;              // [a-z0-9_], 1 to 23 characters, unique in a file
  bool required = false;         // a reader that does not know it must refuse the file
  std::uint32_t record_version = 1;
  std::vector<std::byte> bytes;  // the records, little-endian, as the extension's section says
};

// Appends the extension area to `file`, a complete version-1 file of `file.size()` bytes: zero
// padding to 16, the directory (entries sorted by name), the payloads at 16-byte offsets with
// zero gaps; sets the version byte to 2 when a payload is required. Nothing for no payloads.
// Throws InvalidContent (model_writer.hpp) naming the payload for a bad name, a repeated name,
// or more than 64 payloads, before `file` is changed.
void append_extension_area(std::vector<std::byte>& file, std::span<const ExtensionPayload> payloads);

}  // namespace aem::pipeline
