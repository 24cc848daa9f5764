#pragma once
// The file access Assimp gets in aem-import-assimp: the bake's reading rules (specs/bake.md,
// "Reading") applied to every file an importer opens (the model, an OBJ's material library, a
// COLLADA's external references). Only regular files inside the model's directory or an allowed
// directory are opened, read-only; every path looked for is recorded, so that the bake can list it
// as an input and say which were missing.
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include <assimp/DefaultIOSystem.h>

namespace aem::pipeline {

class ConfinedIOSystem : public Assimp::DefaultIOSystem {
 public:
  // `roots`: the directories files may be read from, resolved.
  explicit ConfinedIOSystem(std::vector<std::filesystem::path> roots) : roots_(std::move(roots)) {}

  bool Exists(const char* file) const override;
  Assimp::IOStream* Open(const char* file, const char* mode = "rb") override;

  // Every path an importer looked for, absolute and normalised, in first-asked order.
  const std::vector<std::filesystem::path>& looked_for() const { return looked_for_; }
  // Those that were absent, or refused (outside the roots, not a regular file), with why.
  const std::vector<std::pair<std::filesystem::path, std::string>>& unavailable() const { return unavailable_; }

 private:
  // Why `file` may not be read; empty when it may.
  std::string refusal(const std::filesystem::path& file) const;
  void record(const std::filesystem::path& file, const std::string& why) const;

  std::vector<std::filesystem::path> roots_;
  mutable std::set<std::filesystem::path> seen_;
  mutable std::vector<std::filesystem::path> looked_for_;
  mutable std::vector<std::pair<std::filesystem::path, std::string>> unavailable_;
};

}  // namespace aem::pipeline
