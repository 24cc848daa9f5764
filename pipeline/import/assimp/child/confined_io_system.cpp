#include "import/assimp/child/confined_io_system.hpp"

#include <cstring>

#include "io/confined_files.hpp"

namespace aem::pipeline {

std::string ConfinedIOSystem::refusal(const std::filesystem::path& file) const {
  bool inside = false;
  for (const auto& root : roots_) inside = inside || is_within(file, root);
  if (!inside) return "lies outside the model's directory and every allowed directory";
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (ec || status.type() == std::filesystem::file_type::not_found) return "not found";
  if (status.type() != std::filesystem::file_type::regular) return "is not a regular file";
  return {};
}

void ConfinedIOSystem::record(const std::filesystem::path& file, const std::string& why) const {
  if (!seen_.insert(file).second) return;
  looked_for_.push_back(file);
  if (!why.empty()) unavailable_.emplace_back(file, why);
}

bool ConfinedIOSystem::Exists(const char* file) const {
  const std::filesystem::path path = resolved_path(file);
  const std::string why = refusal(path);
  record(path, why);
  return why.empty();
}

Assimp::IOStream* ConfinedIOSystem::Open(const char* file, const char* mode) {
  if (std::strpbrk(mode, "wa+")) return nullptr;  // an importer never writes
  const std::filesystem::path path = resolved_path(file);
  const std::string why = refusal(path);
  record(path, why);
  if (!why.empty()) return nullptr;
  return DefaultIOSystem::Open(path.c_str(), "rb");
}

}  // namespace aem::pipeline
