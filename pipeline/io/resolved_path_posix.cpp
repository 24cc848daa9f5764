// resolved_path (confined_files.hpp) on POSIX: std::filesystem's weakly_canonical.
#include "io/confined_files.hpp"

namespace aem::pipeline {

std::filesystem::path resolved_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path.empty() ? "." : path, ec);
  if (ec) return path.lexically_normal();
  const std::filesystem::path resolved = std::filesystem::weakly_canonical(absolute, ec);
  return ec ? absolute.lexically_normal() : resolved;
}

}  // namespace aem::pipeline
