#pragma once
// Which corpus files are which model: shared by the tests and the benchmarks (no gtest here).
#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <system_error>
#include <vector>

namespace aem::test {

// The first .glb or .gltf of khronos/NAME (glTF-Binary preferred), or empty.
inline std::filesystem::path khronos_model(const std::filesystem::path& corpus, const std::string& name) {
  for (const char* variant : {"glTF-Binary", "glTF", "glTF-Embedded"}) {
    const auto dir = corpus / "khronos" / name / variant;
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) continue;
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".glb" || e.path().extension() == ".gltf") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    if (!files.empty()) return files.front();
  }
  return {};
}

// Every file under `dir`, recursively, whose extension is one of `extensions`, sorted.
inline std::vector<std::filesystem::path> files_with_extensions(const std::filesystem::path& dir,
                                                                std::initializer_list<const char*> extensions) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file() && std::any_of(extensions.begin(), extensions.end(),
                                           [&](const char* extension) { return e.path().extension() == extension; }))
      files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Every .gltf/.glb under `dir`, recursively, sorted.
inline std::vector<std::filesystem::path> gltf_files(const std::filesystem::path& dir) {
  return files_with_extensions(dir, {".glb", ".gltf"});
}

// Every khronos model (its first variant, as khronos_model picks it) and the extra/ and tangents/
// models, sorted: the models the glTF export is tested and measured on.
inline std::vector<std::filesystem::path> export_models(const std::filesystem::path& corpus) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  if (std::filesystem::is_directory(corpus / "khronos", ec))
    for (const auto& entry : std::filesystem::directory_iterator(corpus / "khronos"))
      if (auto model = khronos_model(corpus, entry.path().filename().string()); !model.empty()) out.push_back(model);
  for (const char* folder : {"extra", "tangents"})
    for (const auto& model : gltf_files(corpus / folder)) out.push_back(model);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace aem::test
