#pragma once
// Turns a ModelContent into AEM bytes and files.
//
// Layout: sections in file order with no gaps; every texture's mip chain starts at a 16-byte
// offset in the image buffer, whose size is padded to a multiple of 16 with zeros, so every
// later section stays 4-byte aligned. Names are zero-padded. The result is checked with the
// runtime's structural validation before anything is returned or written.
#include <atomic>
#include <cstddef>
#include <filesystem>
#include <span>
#include <string>
#include <stdexcept>
#include <vector>

#include "aem/pipeline/extension_payload.hpp"
#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// Content that cannot become a valid file (a name too long, a texture whose bytes do not match
// its mip chain, an index out of range, a count past 32 bits...). The message says which element.
struct InvalidContent : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A write stopped by its cancel flag (the bake turns it into BakeCancelled). The writer depends
// on the runtime alone, so it has its own type.
struct WriteCancelled : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The payloads of `content.extensions` and `extra` (none by default: made-up payloads for tests)
// follow the version-1 part as specs/aem-extensions.md lays them out (extension_payload.hpp); with
// none the bytes are plain version 1.
std::vector<std::byte> serialize_model(const ModelContent& content,
                                       std::span<const ExtensionPayload> extra = {});

// Writes atomically: a temporary file in the same directory, renamed over `path` once complete.
// On any failure nothing is left behind and std::runtime_error names the path and the reason
// ("No space left on device"...).
void write_model_file(const std::filesystem::path& path, const ModelContent& content,
                      std::span<const ExtensionPayload> extra = {});

// The same atomic write for bytes already serialized. The temporary is ".NAME.tmp-<pid>-<n>"
// beside `path` (hidden, so directory bakes pass over it); only a process killed mid-write
// leaves one (see is_temporary_of). Once `cancel` is set the write stops, the
// temporary is removed, `path` is left as it was and WriteCancelled is thrown.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes,
                           const std::atomic<bool>* cancel = nullptr);

// Whether the file name `name` (UTF-8) is that of a temporary write_file_atomically makes for `path`:
// exactly ".NAME.tmp-<digits>-<digits>". One that exists while no writer of `path` runs (a bake
// holding the output's lock, batch_bake.hpp) was left by a killed process and may be removed.
bool is_temporary_of(const std::string& name, const std::filesystem::path& path);

}  // namespace aem::pipeline
