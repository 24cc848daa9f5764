#include "import/assimp/assimp_import.hpp"
#include "base/build_features.hpp"

// (A build without Assimp has assimp_absent.cpp instead.)
#if AEM_HAVE_ASSIMP

#include <algorithm>
#include <map>
#include <set>
#include <string_view>

#include <stb_image.h>  // declarations only; libstb.so implements them

#include "io/confined_files.hpp"
#include "io/child_process.hpp"
#include "scene/scene_serialization.hpp"
#include "scene/utf8_repair.hpp"

namespace aem::pipeline {
namespace {

constexpr const char* kImporterName = "aem-import-assimp";
constexpr std::uint64_t kMaxImageFileBytes = 0x7fffffff;  // as the glTF import reads files

bool is_file(const std::filesystem::path& p) {
  std::error_code ec;
  return !p.empty() && std::filesystem::is_regular_file(p, ec);
}

// The last three non-empty lines of the child's stderr, on one line, at most 1000 bytes.
std::string stderr_tail(const std::string& err) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < err.size()) {
    const std::size_t nl = std::min(err.find('\n', at), err.size());
    std::string line = err.substr(at, nl - at);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (!line.empty()) lines.push_back(std::move(line));
    at = nl + 1;
  }
  std::string tail;
  for (std::size_t i = lines.size() > 3 ? lines.size() - 3 : 0; i < lines.size(); ++i) tail += (tail.empty() ? "" : " / ") + lines[i];
  if (tail.size() > 1000) tail = "..." + tail.substr(tail.size() - 1000);
  for (char& c : tail)  // messages end up in JSON reports: printable ASCII only
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e) c = '?';
  return tail;
}

std::string failure(const std::filesystem::path& model, const std::string& why) {
  return model.string() + ": Assimp import failed: " + why;
}

ChildRun run_importer(const std::filesystem::path& path, const BakeOptions& options, const AssimpChildSettings& settings) {
  const std::filesystem::path importer = settings.importer.empty() ? assimp_importer_path() : settings.importer;
  if (importer.empty())
    throw BakeError(failure(path, std::string(kImporterName) + " is not installed beside this program (the build had no Assimp?)"));
  std::vector<std::string> argv{importer.string()};
  for (const auto& dir : options.allowed_dirs) {
    argv.emplace_back("--allow-dir");
    argv.push_back(resolved_path(dir).string());
  }
  argv.emplace_back("--max-memory-mb");
  argv.push_back(std::to_string(settings.max_memory_mb));
  argv.emplace_back("--");
  argv.push_back(path.string());
  try {
    return run_child(argv, settings.max_scene_bytes, settings.time_limit, options.signals.cancel);
  } catch (const std::runtime_error& e) {
    throw BakeError(failure(path, e.what()));
  }
}

SerializedImport checked_scene(const std::filesystem::path& path, const BakeOptions& options,
                               const AssimpChildSettings& settings, const ChildRun& run) {
  switch (run.stop) {
    case ChildStop::exited: break;
    case ChildStop::cancelled: throw_if_cancelled(options, path); break;
    case ChildStop::timed_out:
      throw BakeError(failure(path, "took longer than " + (settings.time_limit.count() % 1000 == 0
                                                                ? std::to_string(settings.time_limit.count() / 1000) + " s"
                                                                : std::to_string(settings.time_limit.count()) + " ms")));
    case ChildStop::output_too_large:
      throw BakeError(failure(path, "its scene is larger than " + std::to_string(settings.max_scene_bytes) + " bytes"));
  }
  if (run.status != 0) {
    const std::string tail = stderr_tail(run.err);
    throw BakeError(failure(path, (exit_code(run.status) == 1 && !tail.empty())
                                      ? tail
                                      : describe_exit(run.status) + (tail.empty() ? "" : ": " + tail)));
  }
  SceneReadLimits limits;
  limits.max_bytes = settings.max_scene_bytes;
  try {
    return deserialize_import(run.out, limits);
  } catch (const SceneFormatError& e) {
    throw BakeError(failure(path, std::string("the importer sent a malformed scene: ") + e.what()));
  }
}

// Every string of the scene that reaches a message or the AEM file, valid UTF-8 whatever the
// child sent (the bake assumes it).
void make_text_utf8(SerializedImport& import) {
  Scene& s = import.scene;
  auto fix = [](std::string& text) { text = utf8_from_unknown(text); };
  auto fix_deferred = [&](Deferred& d) {
    fix(d.error);
    for (DeferredWarning& w : d.warnings) {
      fix(w.kind);
      fix(w.element);
      fix(w.detail);
    }
  };
  for (Stream& x : s.streams) fix(x.where);
  for (Node& x : s.nodes) {
    fix(x.where);
    fix(x.name);
  }
  for (Mesh& mesh : s.meshes) {
    fix(mesh.where);
    for (Primitive& p : mesh.primitives) {
      fix(p.where);
      for (Attribute& a : p.attributes) fix(a.name);
      fix_deferred(p.deferred);
    }
  }
  for (Skin& x : s.skins) fix(x.where);
  for (Animation& a : s.animations) {
    fix(a.where);
    fix(a.name);
    for (AnimationSampler& x : a.samplers) fix(x.where);
    for (Channel& x : a.channels) {
      fix(x.where);
      fix(x.path_name);
    }
  }
  for (Material& m : s.materials) {
    fix(m.where);
    fix(m.name);
    fix_deferred(m.deferred);
  }
  for (Texture& t : s.textures) {
    fix(t.where);
    for (std::string& x : t.unread_sources) fix(x);
  }
  for (Image& i : s.images) {
    fix(i.where);
    fix(i.problem);
  }
  for (DeferredWarning& w : import.warnings) {
    fix(w.kind);
    fix(w.element);
    fix(w.detail);
  }
}

// Files the model names: the child only says what it looked for; what goes into inputs is what
// lies where the bake may read.
void add_input(Scene& scene, std::set<std::filesystem::path>& listed, const std::filesystem::path& file) {
  if (listed.insert(file).second) scene.inputs.push_back(file);
}

// Resolves and reads every image file the scene names, as the glTF import would: under the bake's
// confinement, a missing file becoming the image's problem. A path that leads nowhere readable
// (an absolute path from the modelling tool's disk) is tried once more as a bare file name
// beside the model, with a warning.
void read_image_files(Scene& scene, const ReadConfinement& confinement, WarningLog& warnings,
                      std::set<std::filesystem::path>& listed) {
  for (Image& image : scene.images) {
    if (image.file.empty()) continue;
    const std::string named = image.file.generic_string();
    ReadConfinement::Resolution r = confinement.resolve(named);
    if ((!r.refusal.empty() || !r.exists) && image.file.has_parent_path()) {
      ReadConfinement::Resolution beside = confinement.resolve(image.file.filename().string());
      if (beside.refusal.empty() && beside.exists) {
        warnings.warn("texture path", scene.model.string() + ": " + image.where + ": '" + named +
                                          "' cannot be read (" + (r.refusal.empty() ? "not found" : r.refusal) +
                                          "); " + image.file.filename().string() + " beside the model is used");
        r = beside;
      }
    }
    if (!r.file.empty()) add_input(scene, listed, r.file);
    image.file.clear();
    if (!r.refusal.empty()) {
      image.problem = "file " + named + " " + r.refusal;
      continue;
    }
    if (!r.exists) {
      image.problem = "file " + r.file.string() + " not found";
      continue;
    }
    std::vector<unsigned char> bytes;
    if (const std::string why = read_regular_file(r.file, bytes, kMaxImageFileBytes); !why.empty()) {
      image.problem = "file " + r.file.string() + " " + why;
      continue;
    }
    image.bytes = {std::int32_t(scene.buffers.size()), 0, bytes.size()};
    scene.buffers.push_back(std::move(bytes));
  }
}

// Header sizes and sharing, decided here from the bytes (the child's word is not taken).
void describe_images(Scene& scene) {
  std::map<std::string_view, std::int32_t> first_with;  // bytes -> the first image with them
  for (std::size_t i = 0; i < scene.images.size(); ++i) {
    Image& image = scene.images[i];
    image.width = image.height = 0;
    image.same_as = kNone;
    if (!image.problem.empty() || image.bytes.buffer == kNone) {
      if (image.problem.empty()) image.problem = "has no pixel data";
      continue;
    }
    const auto& buffer = scene.buffers[std::size_t(image.bytes.buffer)];
    const std::string_view bytes(reinterpret_cast<const char*>(buffer.data()) + image.bytes.offset, image.bytes.size);
    int w = 0, h = 0, channels = 0;
    if (bytes.size() > 0x7fffffff ||
        !stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), int(bytes.size()), &w, &h, &channels)) {
      image.problem = "cannot be decoded (not an image format the baker reads)";
      continue;
    }
    image.width = std::uint32_t(w);
    image.height = std::uint32_t(h);
    const auto [it, fresh] = first_with.emplace(bytes, std::int32_t(i));
    if (!fresh) image.same_as = it->second;
  }
}

}  // namespace

std::filesystem::path assimp_importer_path() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);  // Linux
  if (!ec && is_file(exe.parent_path() / kImporterName)) return exe.parent_path() / kImporterName;
#ifdef AEM_ASSIMP_IMPORTER_BUILT
  if (is_file(AEM_ASSIMP_IMPORTER_BUILT)) return AEM_ASSIMP_IMPORTER_BUILT;
#endif
#ifdef AEM_ASSIMP_IMPORTER_INSTALLED
  if (is_file(AEM_ASSIMP_IMPORTER_INSTALLED)) return AEM_ASSIMP_IMPORTER_INSTALLED;
#endif
  return {};
}

Scene import_assimp(const std::filesystem::path& path, const BakeOptions& options, WarningLog& warnings,
                    const AssimpChildSettings& settings) {
  throw_if_cancelled(options, path);
  // The bake's own reading rules for the model itself, before a child is started for it.
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (status.type() == std::filesystem::file_type::not_found) throw BakeError(path.string() + ": no such file");
  if (status.type() != std::filesystem::file_type::regular)
    throw BakeError(path.string() + ": is not a regular file, and only regular files are read");
  const ReadConfinement confinement(path.parent_path(), options.allowed_dirs);

  const ChildRun run = run_importer(path, options, settings);
  SerializedImport import = checked_scene(path, options, settings, run);
  Scene& scene = import.scene;
  scene.model = path;
  make_text_utf8(import);

  std::vector<std::filesystem::path> roots{resolved_path(path.parent_path().empty() ? "." : path.parent_path())};
  for (const auto& dir : options.allowed_dirs) roots.push_back(resolved_path(dir));
  const std::vector<std::filesystem::path> looked_for = std::move(scene.inputs);
  scene.inputs.clear();
  std::set<std::filesystem::path> listed{resolved_path(path)};
  scene.inputs.push_back(path);
  for (const auto& named : looked_for) {
    const std::filesystem::path file = resolved_path(named);  // "dir/../../etc" is not inside dir
    bool inside = false;
    for (const auto& root : roots) inside = inside || is_within(file, root);
    if (inside) add_input(scene, listed, file);
  }

  for (const DeferredWarning& w : import.warnings) {
    if (w.kind == "missing file") {
      const std::string detail = path.string() + ": " + w.element + " (a file the model names) " + w.detail;
      if (!options.allow_missing)
        throw BakeError(detail + "; --allow-missing bakes without it");
      warnings.warn("missing file", w.element, detail + "; baked without it");
    } else {
      warnings.warn(w.kind, w.element, w.detail);
    }
  }
  read_image_files(scene, confinement, warnings, listed);
  describe_images(scene);
  return std::move(scene);
}

}  // namespace aem::pipeline

#endif  // AEM_HAVE_ASSIMP
