#pragma once
// Turns a ModelContent into AEM bytes and files.
//
// Layout: sections in file order with no gaps; every texture's mip chain starts at a 16-byte
// offset in the image buffer, whose size is padded to a multiple of 16 with zeros, so every
// later section stays 4-byte aligned. Names are zero-padded. The result is checked with the
// runtime's structural validation before anything is returned or written.
#include <cstddef>
#include <filesystem>
#include <span>
#include <stdexcept>
#include <vector>

#include "aem/pipeline/model_content.hpp"

namespace aem::pipeline {

// Content that cannot become a valid file (a name too long, a texture whose bytes do not match
// its mip chain, an index out of range, a count past 32 bits...). The message says which element.
struct InvalidContent : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

std::vector<std::byte> serialize_model(const ModelContent& content);

// Writes atomically: a temporary file in the same directory, renamed over `path` once complete.
// On any failure nothing is left behind and std::runtime_error names the path.
void write_model_file(const std::filesystem::path& path, const ModelContent& content);

// The same atomic write for bytes already serialized.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes);

}  // namespace aem::pipeline
