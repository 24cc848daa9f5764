#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {

std::string_view to_string(TextureEncoding encoding) { return encoding == TextureEncoding::bc ? "bc" : "rgba"; }

std::optional<TextureEncoding> parse_texture_encoding(std::string_view name) {
  if (name == "bc") return TextureEncoding::bc;
  if (name == "rgba") return TextureEncoding::rgba;
  return std::nullopt;
}

void WarningLog::warn(const std::string& kind, const std::string& detail) {
  if (strict_) throw BakeError(detail + " (--strict makes warnings errors)");
  if (!kinds_.insert(kind).second) return;
  messages_.push_back(detail);
}

}  // namespace aem::pipeline
