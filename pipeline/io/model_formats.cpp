#include "aem/pipeline/model_formats.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <vector>

#include "io/directory_listing.hpp"

namespace aem::pipeline {
namespace {

constexpr std::string_view kGltfExtensions[] = {".gltf", ".glb"};
constexpr std::string_view kE3dExtensions[] = {".e3d"};
constexpr std::string_view kAamfExtensions[] = {".aamf"};

// Debian's Assimp 5.2.5 (`assimp listext`) without glTF and without the names that are not models
// of their own (.md5anim/.md5camera, .mot, .vta) or too generic to claim (.xml, .raw). Sorted.
constexpr std::string_view kAssimpExtensions[] = {
    ".3d",   ".3ds",     ".3mf", ".ac",  ".ac3d", ".acc",  ".amf",  ".ase",  ".ask",  ".b3d", ".blend", ".bsp",
    ".bvh",  ".cob",     ".csm", ".dae", ".dxf",  ".enff", ".fbx",  ".hmp",  ".ifc",  ".ifczip", ".iqm", ".irr",
    ".irrmesh", ".lwo",  ".lws", ".lxo", ".md2",  ".md3",  ".md5mesh", ".mdc", ".mdl", ".mesh", ".ms3d", ".ndo",
    ".nff",  ".obj",     ".off", ".ogex", ".pk3", ".ply",  ".pmx",  ".prj",  ".q3o",  ".q3s", ".scn",  ".sib",
    ".smd",  ".step",    ".stl", ".stp", ".ter",  ".uc",   ".x",    ".x3d",  ".x3db", ".xgl", ".zae",  ".zgl"};

struct FormatRow {
  ModelFormat format;
  std::string_view label;  // how model_formats_text names the family
  std::span<const std::string_view> extensions;
};

// Every format the toolkit reads, in the order messages list them. A new producer adds its row.
constexpr std::array kFormats = {
    FormatRow{ModelFormat::gltf, "glTF", kGltfExtensions},
    FormatRow{ModelFormat::e3d, "E3D", kE3dExtensions},
    FormatRow{ModelFormat::aamf, "AAMF", kAamfExtensions},
    FormatRow{ModelFormat::assimp, "through Assimp", kAssimpExtensions},
};

}  // namespace

std::string lower_case_extension(const std::filesystem::path& path) {
  std::string extension = path.extension().string();
  for (char& c : extension)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');  // ASCII only, whatever the locale
  return extension;
}

std::optional<ModelFormat> model_format_of(const std::filesystem::path& path) {
  const std::string extension = lower_case_extension(path);
  for (const FormatRow& row : kFormats)
    if (std::find(row.extensions.begin(), row.extensions.end(), extension) != row.extensions.end()) return row.format;
  return std::nullopt;
}

bool is_gltf_path(const std::filesystem::path& path) { return model_format_of(path) == ModelFormat::gltf; }

bool is_assimp_path(const std::filesystem::path& path) { return model_format_of(path) == ModelFormat::assimp; }

bool is_e3d_path(const std::filesystem::path& path) { return model_format_of(path) == ModelFormat::e3d; }

bool is_model_path(const std::filesystem::path& path) { return model_format_of(path).has_value(); }

bool is_aem_path(const std::filesystem::path& path) { return lower_case_extension(path) == ".aem"; }

bool is_packed_aem_path(const std::filesystem::path& path) { return lower_case_extension(path) == ".aemz"; }

std::string model_formats_text() {
  std::string text;
  for (const FormatRow& row : kFormats) {
    if (!text.empty()) text += "; ";
    text += std::string(row.label) + ": ";
    for (std::size_t i = 0; i < row.extensions.size(); ++i) text += (i ? ", " : "") + std::string(row.extensions[i]);
  }
  return text;
}

std::string unknown_model_format_message(const std::filesystem::path& path) {
  const std::string extension = path.extension().string();
  return path.string() + ": unknown model format (" +
         (extension.empty() ? std::string("no file extension") : "'" + extension + "'") +
         "); the formats read are " + model_formats_text();
}

std::vector<std::filesystem::path> find_files_below(const std::filesystem::path& dir,
                                                    const std::function<bool(const std::filesystem::path&)>& wanted) {
  std::vector<std::filesystem::path> found;
  std::vector<std::filesystem::path> pending{dir};
  while (!pending.empty()) {
    const std::filesystem::path folder = std::move(pending.back());
    pending.pop_back();
    std::error_code ec;
    const std::vector<DirectoryEntry> entries = list_directory(folder, ec);
    // A folder below `dir` that this user may not read is passed over, as `ls -R` would.
    if (ec && (folder == dir || ec != std::errc::permission_denied))
      throw std::runtime_error(dir.string() + ": cannot be searched: " + ec.message());
    for (const DirectoryEntry& entry : entries) {
      // Links to directories are not followed (a link back up the tree would never end), and our
      // own stamp folders hold nothing to bake or view.
      if (entry.is_directory) {
        if (entry.path.filename() != ".aem-bake") pending.push_back(entry.path);
      } else if (entry.is_regular_file && wanted(entry.path)) {
        found.push_back(entry.path.lexically_relative(dir));
      }
    }
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::filesystem::path> find_model_files(const std::filesystem::path& dir) {
  return find_files_below(dir, is_model_path);
}

std::uint64_t non_model_bytes_in(const std::filesystem::path& dir) {
  std::uint64_t bytes = 0;
  std::error_code ec;
  for (const DirectoryEntry& entry : list_directory(dir, ec))
    if (entry.is_regular_file && !is_model_path(entry.path)) bytes += entry.size;
  return bytes;
}

}  // namespace aem::pipeline
