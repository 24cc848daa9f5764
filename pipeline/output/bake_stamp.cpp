#include "aem/pipeline/bake_stamp.hpp"
#include "aem/pipeline/utf8_path.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "io/confined_files.hpp"
#include "io/content_hash.hpp"
#include "io/json_depth.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "output/output_guard.hpp"
#include "math/bake_math.hpp"
#include "output/parent_directory.hpp"

namespace aem::pipeline {
namespace {

// Raised whenever a change to the pipeline changes what it writes for the same input and
// options, so that stamps written by an older baker of the same version go stale.
// 3: a PBR texture takes its largest source's size (not the widest width by the tallest
// height); animations without channels are dropped.
// 4: compressed glTF (meshopt, Draco, WebP, basisu fallbacks) and Assimp formats are read; an
// EXT_texture_webp source that names no image is refused.
// 5: the bake is a fixed point on its own output: zeros are unsigned, and normals, tangents,
// rotations and weights already unit within float precision are kept bit for bit.
// 6: in an image whose blocks are mostly what mode 6 blocks decode to, a BC7 block that another
// block decodes to exactly is encoded as that block (RDO: sources from the rows above,
// 32-row slices, BC4 index reuse).
// 7: the extension area (specs/aem-extensions.md): names, emissive, material_flags, morph_targets,
// vertex_colours and uv1 carry what version 1 dropped.
// 8: occlusion on another UV set than its PBR texture gets a texture of its own (uv1).
// 9: Assimp's morph targets and morph animation are read (FBX blend shapes).
constexpr int kBakeRevision = 9;

// The layout of stamp files: 2 added content hashes and inputs' names relative to the model.
constexpr int kStampFormat = 2;

nlohmann::json to_json(const FileState& f) {
  nlohmann::json j = {{"path", f.path.generic_string()}, {"size", f.size}, {"mtime_ns", f.mtime_ns},
                      {"device", f.device}, {"inode", f.inode}, {"xxh3", f.hash}};
  if (!f.name.empty()) j["name"] = f.name.generic_string();
  return j;
}

FileState file_state_from(const nlohmann::json& j) {
  FileState f;
  f.path = path_from_utf8(j.at("path").get<std::string>());
  f.size = j.at("size").get<std::int64_t>();
  f.mtime_ns = j.at("mtime_ns").get<std::int64_t>();
  f.device = j.at("device").get<std::uint64_t>();
  f.inode = j.at("inode").get<std::uint64_t>();
  f.hash = j.at("xxh3").get<std::string>();
  if (j.contains("name")) f.name = path_from_utf8(j.at("name").get<std::string>());
  return f;
}

// " allow_dirs=[A|B]" with the directories resolved and sorted, or nothing when there are none
// (so that stamps written before the option existed stay valid).
std::string allowed_dirs_key(const std::vector<std::filesystem::path>& dirs) {
  if (dirs.empty()) return {};
  std::vector<std::string> resolved;
  for (const std::filesystem::path& dir : dirs) resolved.push_back(resolved_path(dir).generic_string());
  std::sort(resolved.begin(), resolved.end());
  resolved.erase(std::unique(resolved.begin(), resolved.end()), resolved.end());
  std::string key = " allow_dirs=[";
  for (std::size_t i = 0; i < resolved.size(); ++i) key += (i ? "|" : "") + resolved[i];
  return key + "]";
}

}  // namespace

std::string baker_version() {
  return std::string("aem ") + AEM_VERSION_STRING + " bake r" + std::to_string(kBakeRevision);
}

// BakeOptions::limits are left out: they decide whether a bake fails, never the bytes of one that
// succeeds, and a failed bake leaves no stamp (so it is tried again whatever the limits). An
// output baked under other limits is the output these limits would give, or none.
std::string options_key(const BakeOptions& o) {
  return "scene=" + std::to_string(o.scene) +
         " textures=" + std::string(to_string(o.textures)) +
         " quality=" + std::string(codec::to_string(o.quality)) +
         " max_texture_size=" + std::to_string(o.max_texture_size) +
         " strict=" + (o.strict ? "1" : "0") +
         " resample_tolerance=" + math::exact_text(o.resample_tolerance) +
         " aamf_fps=" + math::exact_text(o.aamf_fps) +
         " regenerate_tangents=" + (o.regenerate_tangents ? "1" : "0") +
         " allow_missing=" + (o.allow_missing ? "1" : "0") + allowed_dirs_key(o.allowed_dirs) +
         // Only when on: stamps and cache keys of bakes without RDO stay what they were.
         (o.rdo_lambda > 0 ? " rdo=" + math::exact_text(o.rdo_lambda) : std::string()) +
         (o.rdo_max_loss > 0 ? " rdo_max_loss=" + math::exact_text(o.rdo_max_loss) : std::string()) +
         (o.version_1_only ? " format_version=1" : "") +
         (o.lods > 0 ? " lods=" + std::to_string(o.lods) + " lod_error=" + math::exact_text(o.lod_error) : std::string()) +
         (o.meshlets ? " meshlets=" + std::to_string(o.meshlet_vertices) + "/" + std::to_string(o.meshlet_triangles)
                     : std::string());
}

std::int64_t file_time_ns(std::filesystem::file_time_type time) {
  return std::int64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count());
}

std::filesystem::path absolute_normal_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path a = std::filesystem::absolute(path, ec);
  return (ec ? path : a).lexically_normal();
}

FileState FileState::of(const std::filesystem::path& path) {
  FileState f;
  f.path = path;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return f;
  // The time as the file clock gives it, which is what a bake's start and end are compared with.
  const auto time = std::filesystem::last_write_time(path, ec);
  if (ec) return f;
  const std::optional<FileIdentity> identity = file_identity(path);
  if (!identity) return f;
  f.size = std::int64_t(size);
  f.mtime_ns = file_time_ns(time);
  f.device = identity->device;
  f.inode = identity->inode;
  return f;
}

namespace {
bool unchanged_at(const FileState& recorded, const std::filesystem::path& where, FileState& now, bool& rehashed);
}  // namespace

FileState FileState::hashed(const std::filesystem::path& path) {
  FileState f = of(path);
  if (f.size < 0) return f;
  const ContentDigest digest = digest_file(path, false);
  // Hashed only when what was read is the file that was stat'ed, whole.
  if (digest.kind == DigestKind::regular && digest.device == f.device && digest.inode == f.inode &&
      std::int64_t(digest.size) == f.size)
    f.hash = digest.xxh3;
  return f;
}

bool FileState::unchanged() const {
  FileState now;
  bool rehashed = false;
  return unchanged_at(*this, path, now, rehashed);
}

std::filesystem::path name_in_model_directory(const std::filesystem::path& model, const std::filesystem::path& input) {
  const std::filesystem::path dir = model.parent_path();
  const std::filesystem::path normal = input.lexically_normal();
  if (dir.empty()) return normal;
  const std::filesystem::path relative = normal.lexically_relative(dir.lexically_normal());
  return relative.empty() ? normal : relative;
}

std::filesystem::path path_in_model_directory(const std::filesystem::path& model, const std::filesystem::path& name) {
  return (model.parent_path() / name).lexically_normal();
}

std::filesystem::path stamp_path(const std::filesystem::path& output) {
  return output.parent_path() / ".aem-bake" / path_from_utf8(utf8_text(output.filename()) + ".json");
}

std::optional<BakeStamp> read_stamp(const std::filesystem::path& output) {
  // Read as any input is: a FIFO planted in .aem-bake/ (an archive can carry one) must not block.
  std::vector<unsigned char> text;
  if (!read_regular_file(stamp_path(output), text).empty()) return std::nullopt;
  if (json_depth(text) > kMaxJsonDepth) return std::nullopt;
  try {
    const nlohmann::json j = nlohmann::json::parse(text);
    if (!j.contains("format") || j.at("format") != kStampFormat) return std::nullopt;
    BakeStamp stamp;
    stamp.baker = j.at("baker").get<std::string>();
    stamp.options = j.at("options").get<std::string>();
    stamp.model = path_from_utf8(j.at("model").get<std::string>());
    stamp.output = file_state_from(j.at("output"));
    for (const auto& input : j.at("inputs")) stamp.inputs.push_back(file_state_from(input));
    return stamp;
  } catch (const std::exception&) {
    // Damaged, from elsewhere, or not a file at all (a read error): the output is simply rebaked.
    return std::nullopt;
  }
}

namespace {

bool same_state(const FileState& a, const FileState& b) {
  return a.size == b.size && a.mtime_ns == b.mtime_ns && a.device == b.device && a.inode == b.inode;
}

// Whether `recorded`, looked for at `where`, is unchanged; `now` gets its state there (one stat
// when nothing changed), and `rehashed` is set when only its content could tell.
bool unchanged_at(const FileState& recorded, const std::filesystem::path& where, FileState& now, bool& rehashed) {
  now = FileState::of(where);
  now.hash = recorded.hash;
  now.name = recorded.name;
  if (same_state(now, recorded)) return true;
  // Touched, copied or checked out again: the same bytes are the same file.
  if (now.size != recorded.size || recorded.size < 0 || recorded.hash.empty()) return false;
  const ContentDigest digest = digest_file(where, false);
  if (digest.kind != DigestKind::regular || digest.xxh3 != recorded.hash) return false;
  rehashed = true;
  return true;
}

}  // namespace

UpToDateCheck check_up_to_date(const BakeStamp& stamp, const std::filesystem::path& output,
                               const std::filesystem::path& model, const std::string& options) {
  UpToDateCheck check;
  if (stamp.baker != baker_version() || stamp.options != options || stamp.inputs.empty()) return check;
  // Another model baked to the same output has another name, or some input differs below.
  if (stamp.model.filename() != model.filename()) return check;
  BakeStamp& now = check.refreshed;
  now = stamp;
  now.model = absolute_normal_path(model);
  // The output is checked where it is now asked for, which is where the stamp sits beside it.
  if (stamp.output.size < 0 || !unchanged_at(stamp.output, absolute_normal_path(output), now.output, check.rehashed))
    return check;
  const std::filesystem::path model_dir = now.model.parent_path();
  for (std::size_t i = 0; i < stamp.inputs.size(); ++i) {
    const FileState& input = stamp.inputs[i];
    // Where the model names it now: a moved tree is looked at where it is.
    const std::filesystem::path where = input.name.empty() ? input.path : (model_dir / input.name).lexically_normal();
    if (!unchanged_at(input, where, now.inputs[i], check.rehashed)) return check;
  }
  check.current = true;
  return check;
}

bool is_up_to_date(const BakeStamp& stamp, const std::filesystem::path& output,
                   const std::filesystem::path& model, const std::string& options) {
  return check_up_to_date(stamp, output, model, options).current;
}

void write_stamp(const std::filesystem::path& output, const BakeStamp& stamp) {
  nlohmann::json j;
  j["format"] = kStampFormat;
  j["baker"] = stamp.baker;
  j["options"] = stamp.options;
  j["model"] = stamp.model.generic_string();
  j["output"] = to_json(stamp.output);
  j["inputs"] = nlohmann::json::array();
  for (const FileState& input : stamp.inputs) j["inputs"].push_back(to_json(input));
  const std::string text = j.dump(1) + "\n";
  const std::filesystem::path path = stamp_path(output);
  create_parent_directory(path);
  write_file_atomically(path, std::as_bytes(std::span(text.data(), text.size())));
}

void remove_stamp(const std::filesystem::path& output) {
  std::error_code ec;
  std::filesystem::remove(stamp_path(output), ec);
}

}  // namespace aem::pipeline
