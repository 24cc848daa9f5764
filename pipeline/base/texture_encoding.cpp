#include "aem/pipeline/texture_encoding.hpp"

namespace aem::pipeline {

std::string_view to_string(TextureEncoding encoding) { return encoding == TextureEncoding::bc ? "bc" : "rgba"; }

std::optional<TextureEncoding> parse_texture_encoding(std::string_view name) {
  if (name == "bc") return TextureEncoding::bc;
  if (name == "rgba") return TextureEncoding::rgba;
  return std::nullopt;
}

}  // namespace aem::pipeline
