#include "import/gltf/gltf_file_access.hpp"

#include <nlohmann/json.hpp>

namespace aem::pipeline {
namespace {

std::string absolute_text(const std::filesystem::path& dir) {
  std::error_code ec;
  const std::filesystem::path a = std::filesystem::absolute(dir.empty() ? "." : dir, ec);
  return (ec ? dir : a).lexically_normal().string();
}

// A URI decoded as tinygltf decodes it before asking for the file ('+' as a space, %XX escapes),
// to find which buffer or image a refused path came from.
std::string decoded_as_tinygltf_does(const std::string& uri) {
  auto hex = [](unsigned char c) -> unsigned {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 0;
  };
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '+') {
      out += ' ';
    } else if (uri[i] == '%' && uri.size() > i + 2) {
      out += char((hex(static_cast<unsigned char>(uri[i + 1])) << 4) | hex(static_cast<unsigned char>(uri[i + 2])));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

// The confinement for `model`, an allowed directory's problem named with the model.
ReadConfinement confinement_for(const std::filesystem::path& model, const BakeOptions& options) {
  try {
    return ReadConfinement(model.parent_path(), options.allowed_dirs);
  } catch (const BakeError& e) {
    throw BakeError(model.string() + ": " + e.what());
  }
}

std::string identity_path(const std::string& path, void*) { return path; }

bool refuse_write(std::string* err, const std::string&, const std::vector<unsigned char>&, void*) {
  if (err) *err += "a bake writes no files through the glTF loader\n";
  return false;
}

}  // namespace

GltfFileAccess::GltfFileAccess(const std::filesystem::path& model, const BakeOptions& options,
                               std::vector<std::filesystem::path>& files)
    : model_(model),
      model_dir_(model.parent_path()),
      base_dir_(absolute_text(model_dir_)),
      prefix_(!base_dir_.empty() && base_dir_.back() == '/' ? base_dir_ : base_dir_ + "/"),
      confinement_(confinement_for(model, options)),
      files_(files),
      logged_(files.begin(), files.end()) {}

tinygltf::FsCallbacks GltfFileAccess::callbacks() {
  return {&file_exists, &identity_path, &read_whole_file, &refuse_write, this};
}

bool GltfFileAccess::uri_of(const std::string& path, std::string& uri) const {
  if (path.compare(0, prefix_.size(), prefix_) != 0) return false;
  uri = path.substr(prefix_.size());
  return true;
}

ReadConfinement::Resolution GltfFileAccess::resolve(const std::string& uri) {
  ReadConfinement::Resolution r = confinement_.resolve(uri);
  if (!r.refusal.empty()) {
    refusals_.emplace(uri, r.refusal);
    return r;
  }
  // Logged as the model names it, so that a change to it, or its arrival, counts as a change.
  const std::filesystem::path logged = (model_dir_ / uri).lexically_normal();
  if (logged_.insert(logged).second) files_.push_back(logged);
  return r;
}

bool GltfFileAccess::file_exists(const std::string& path, void* self) {
  auto& access = *static_cast<GltfFileAccess*>(self);
  std::string uri;
  // tinygltf goes on to look in the working directory: never anywhere but the model's.
  if (!access.uri_of(path, uri) || uri.empty()) return false;  // (tinygltf reports an empty uri itself)
  return access.resolve(uri).exists;
}

bool GltfFileAccess::read_whole_file(std::vector<unsigned char>* out, std::string* err, const std::string& path,
                                     void* self) {
  auto& access = *static_cast<GltfFileAccess*>(self);
  std::string uri;
  if (!access.uri_of(path, uri)) {
    if (err) *err += "not in the model's directory";
    return false;
  }
  const ReadConfinement::Resolution r = access.resolve(uri);
  std::string problem = r.refusal.empty() ? read_regular_file(r.file, *out) : r.refusal;
  if (problem.empty()) return true;
  if (err) *err += problem;
  return false;
}

void GltfFileAccess::throw_if_refused(std::span<const unsigned char> json) const {
  if (refusals_.empty()) return;
  std::vector<std::string> found;
  std::map<std::string, std::string> unplaced = refusals_;
  const nlohmann::json root = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  for (const char* kind : {"buffers", "images"}) {
    if (!root.is_object() || !root.contains(kind) || !root[kind].is_array()) continue;
    const nlohmann::json& list = root[kind];
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i].is_object() || !list[i].contains("uri") || !list[i]["uri"].is_string()) continue;
      const std::string uri = list[i]["uri"].get<std::string>();
      const auto it = refusals_.find(decoded_as_tinygltf_does(uri));
      if (it == refusals_.end()) continue;
      found.push_back(std::string(kind).substr(0, std::string(kind).size() - 1) + " " + std::to_string(i) +
                      " (uri \"" + uri + "\") " + it->second);
      unplaced.erase(it->first);
    }
  }
  for (const auto& [uri, why] : unplaced) found.push_back("uri \"" + uri + "\" " + why);
  std::string message = model_.string() + ": ";
  for (std::size_t i = 0; i < found.size(); ++i) message += (i ? "; " : "") + found[i];
  throw BakeError(message);
}

}  // namespace aem::pipeline
