#pragma once
// tinygltf's file access for a bake: a model's buffers and images are read only from inside its
// directory or an allowed one (ReadConfinement), only as regular files that cannot block the
// bake, and never searched for anywhere else (tinygltf's own search also tries the working
// directory). Every file looked for or read is logged for stamps and depfiles. Private to the
// pipeline.
#include <filesystem>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_options.hpp"
#include "io/confined_files.hpp"

namespace aem::pipeline {

class GltfFileAccess {
 public:
  // Files are logged to `files` as the model's directory (as given) joined with the URI.
  GltfFileAccess(const std::filesystem::path& model, const BakeOptions& options,
                 std::vector<std::filesystem::path>& files);
  GltfFileAccess(const GltfFileAccess&) = delete;
  GltfFileAccess& operator=(const GltfFileAccess&) = delete;

  // The callbacks to give tinygltf (they refer to this object, which must outlive the load).
  tinygltf::FsCallbacks callbacks();
  // The base directory to give tinygltf's Load functions: the model's, absolute, so that a path
  // tinygltf asks about in any other directory is told apart.
  const std::string& base_dir() const { return base_dir_; }

  // After the load: throws BakeError naming the model, each buffer and image whose URI was
  // refused (index and URI, as found in `json`, the model's JSON text) and why, if any was.
  void throw_if_refused(std::span<const unsigned char> json) const;

 private:
  static bool file_exists(const std::string& path, void* self);
  static bool read_whole_file(std::vector<unsigned char>* out, std::string* err, const std::string& path, void* self);
  // The URI in a path tinygltf built from base_dir(); false for a path anywhere else.
  bool uri_of(const std::string& path, std::string& uri) const;
  ReadConfinement::Resolution resolve(const std::string& uri);

  std::filesystem::path model_;
  std::filesystem::path model_dir_;  // as given
  std::string base_dir_, prefix_;    // prefix_: base_dir_ with the separator tinygltf adds
  ReadConfinement confinement_;
  std::vector<std::filesystem::path>& files_;
  std::set<std::filesystem::path> logged_;       // files_'s paths, for a lookup in log time
  std::map<std::string, std::string> refusals_;  // decoded URI -> why it was not read
};

}  // namespace aem::pipeline
