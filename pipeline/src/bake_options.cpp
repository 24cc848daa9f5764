#include "aem/pipeline/bake_options.hpp"

namespace aem::pipeline {

void WarningLog::warn(const std::string& kind, const std::string& detail) {
  if (strict_) throw BakeError(detail + " (--strict makes warnings errors)");
  if (!kinds_.insert(kind).second) return;
  messages_.push_back(detail);
}

}  // namespace aem::pipeline
