#include "aem/pipeline/warning_log.hpp"

#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline {

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
