#include "aem/pipeline/bake_options.hpp"

#include "aem/codec/rdo.hpp"

namespace aem::pipeline {

std::string_view to_string(TextureEncoding encoding) { return encoding == TextureEncoding::bc ? "bc" : "rgba"; }

std::optional<TextureEncoding> parse_texture_encoding(std::string_view name) {
  if (name == "bc") return TextureEncoding::bc;
  if (name == "rgba") return TextureEncoding::rgba;
  return std::nullopt;
}

std::string rdo_option_problem(const BakeOptions& options) {
  if (std::string why = codec::rdo_lambda_problem(options.rdo_lambda); !why.empty())
    return "RDO lambda " + why + " (expected 0 to 1000)";
  if (options.rdo_lambda > 0 && options.textures == TextureEncoding::rgba)
    return "RDO applies to block-compressed textures only: drop the RDO lambda or use textures \"bc\"";
  return {};
}

void throw_if_cancelled(const BakeOptions& options, const std::filesystem::path& model) {
  if (options.signals.cancel && options.signals.cancel->load(std::memory_order_relaxed))
    throw BakeCancelled(model.string() + ": bake cancelled");
}

void throw_if_cancelled(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load(std::memory_order_relaxed)) throw BakeCancelled("bake cancelled");
}

void WarningLog::warn(const std::string& kind, const std::string& detail) { warn(kind, {}, detail); }

void WarningLog::warn(const std::string& kind, const std::string& element, const std::string& detail) {
  if (strict_) throw BakeError(detail + " (--strict makes warnings errors)");
  // '\n' cannot occur in a kind, so kind and element never run into each other.
  if (!seen_.insert(kind + '\n' + element).second) return;
  messages_.push_back(detail);
  codes_.push_back(warning_code(kind));
}

std::string warning_code(std::string_view kind) {
  std::string code;
  for (const char c : kind) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    const bool upper = c >= 'A' && c <= 'Z';
    code += alnum ? c : upper ? char(c - 'A' + 'a') : '_';
  }
  return code;
}

}  // namespace aem::pipeline
