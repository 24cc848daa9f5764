#include "cache/bake_cache_key.hpp"
#include "aem/pipeline/utf8_path.hpp"

#include <nlohmann/json.hpp>

#include "io/content_hash.hpp"
#include "io/json_depth.hpp"
#include "output/texture_rdo_json.hpp"

namespace aem::pipeline {
namespace {

using nlohmann::json;

// Record layouts; a new one is simply a miss for older bakers.
constexpr int kRecordVersion = 2;  // 2: the report counts degenerate triangles
constexpr const char* kManifestSchema = "aem-bake-cache-manifest";
constexpr const char* kResultSchema = "aem-bake-cache-result";

// Stand-ins, in stored warnings, for what differs between checkouts: the model's path as the
// bake was given it, and its directory's absolute path (image problems name files by it).
constexpr const char* kModelToken = "\x01model\x01";
constexpr const char* kDirectoryToken = "\x01dir\x01";

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

std::string model_text(const std::filesystem::path& model) { return model.string(); }
std::string directory_text(const std::filesystem::path& model) {
  return absolute_normal_path(model).parent_path().string();
}

std::optional<json> parse_record(std::span<const std::byte> bytes, const char* schema, const std::string& key) {
  const auto* begin = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::span<const unsigned char> text(begin, bytes.size());
  if (json_depth(text) > kMaxJsonDepth) return std::nullopt;
  json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object() || j.value("schema", "") != schema || j.value("version", 0) != kRecordVersion ||
      j.value("key", "") != key)
    return std::nullopt;
  return j;
}

}  // namespace

std::string cache_options_text(const BakeOptions& options) {
  BakeOptions shaping = options;
  shaping.allowed_dirs.clear();
  return options_key(shaping);
}

std::string manifest_key(const std::string& options_text, const std::filesystem::path& model_name,
                         const std::string& model_sha256) {
  return sha256_hex("aem bake cache manifest " + std::to_string(kRecordVersion) + "\n" + baker_version() + "\n" +
                    options_text + "\n" + model_name.generic_string() + "\n" + model_sha256 + "\n");
}

std::string result_key(const std::string& manifest, std::span<const HashedInput> inputs) {
  std::string text = "aem bake cache result " + std::to_string(kRecordVersion) + "\n" + manifest + "\n";
  for (const HashedInput& input : inputs) {
    if (!input.readable) return {};
    // A name cannot hold a NUL, so name and content cannot run into each other.
    text += input.state.name.generic_string() + '\0' + (input.state.size < 0 ? "missing" : input.sha256) + "\n";
  }
  return sha256_hex(text);
}

std::string manifest_record(const std::string& key, std::span<const HashedInput> inputs) {
  json names = json::array();
  for (const HashedInput& input : inputs) names.push_back(input.state.name.generic_string());
  return json{{"schema", kManifestSchema}, {"version", kRecordVersion}, {"key", key}, {"inputs", names}}.dump() + "\n";
}

std::optional<std::vector<std::filesystem::path>> parse_manifest_record(const std::string& key,
                                                                         std::span<const std::byte> bytes) {
  const std::optional<json> j = parse_record(bytes, kManifestSchema, key);
  if (!j || !j->contains("inputs") || !(*j)["inputs"].is_array() || (*j)["inputs"].empty()) return std::nullopt;
  std::vector<std::filesystem::path> names;
  for (const json& name : (*j)["inputs"]) {
    if (!name.is_string() || name.get<std::string>().empty()) return std::nullopt;
    names.push_back(path_from_utf8(name.get<std::string>()));
  }
  return names;
}

std::string result_record(const std::string& key, const ResultRecord& record, const std::filesystem::path& model) {
  const BakeReport& r = record.report;
  json warnings = json::array();
  for (std::string w : r.warnings) {
    replace_all(w, model_text(model), kModelToken);
    replace_all(w, directory_text(model), kDirectoryToken);
    warnings.push_back(std::move(w));
  }
  json report = {{"warnings", warnings},
                 {"warning_codes", r.warning_codes},
                 {"vertices", r.vertices},
                 {"triangles", r.triangles},
                 {"joints", r.joints},
                 {"animations", r.animations},
                 {"texture_formats", r.texture_formats},
                 {"textures", r.textures},
                 {"acmr_before", r.acmr_before},
                 {"acmr_after", r.acmr_after},
                 {"source_vertices", r.source_vertices},
                 {"back_face_triangles", r.back_face_triangles},
                 {"degenerate_triangles", r.degenerate_triangles},
                 {"images_decoded", r.images_decoded},
                 {"decoded_pixels", r.decoded_pixels}};
  // Only with --rdo-max-loss: other records keep their bytes.
  for (const TextureRdoChoice& choice : r.rdo_textures) report["rdo_textures"].push_back(texture_rdo_json<json>(choice));
  return json{{"schema", kResultSchema},
              {"version", kRecordVersion},
              {"key", key},
              {"aem", {{"sha256", record.aem_sha256}, {"size", record.aem_size}}},
              {"report", report}}
             .dump() +
         "\n";
}

std::optional<ResultRecord> parse_result_record(const std::string& key, std::span<const std::byte> bytes,
                                                const std::filesystem::path& model) {
  const std::optional<json> j = parse_record(bytes, kResultSchema, key);
  if (!j) return std::nullopt;
  try {
    ResultRecord record;
    record.aem_sha256 = j->at("aem").at("sha256").get<std::string>();
    record.aem_size = j->at("aem").at("size").get<std::uint64_t>();
    if (record.aem_sha256.size() != 64) return std::nullopt;
    const json& r = j->at("report");
    BakeReport& report = record.report;
    for (std::string w : r.at("warnings").get<std::vector<std::string>>()) {
      replace_all(w, kModelToken, model_text(model));
      replace_all(w, kDirectoryToken, directory_text(model));
      report.warnings.push_back(std::move(w));
    }
    report.warning_codes = r.at("warning_codes").get<std::vector<std::string>>();
    if (report.warning_codes.size() != report.warnings.size()) return std::nullopt;
    report.vertices = r.at("vertices").get<std::uint64_t>();
    report.triangles = r.at("triangles").get<std::uint64_t>();
    report.joints = r.at("joints").get<std::uint64_t>();
    report.animations = r.at("animations").get<std::uint64_t>();
    report.texture_formats = r.at("texture_formats").get<std::map<std::string, unsigned>>();
    report.textures = r.at("textures").get<std::uint32_t>();
    report.acmr_before = r.at("acmr_before").get<double>();
    report.acmr_after = r.at("acmr_after").get<double>();
    report.source_vertices = r.at("source_vertices").get<std::uint64_t>();
    report.back_face_triangles = r.at("back_face_triangles").get<std::uint64_t>();
    report.degenerate_triangles = r.at("degenerate_triangles").get<std::uint64_t>();
    report.images_decoded = r.at("images_decoded").get<std::uint64_t>();
    report.decoded_pixels = r.at("decoded_pixels").get<std::uint64_t>();
    if (r.contains("rdo_textures"))
      for (const json& choice : r.at("rdo_textures")) report.rdo_textures.push_back(texture_rdo_from_json(choice));
    return record;
  } catch (const json::exception&) {
    return std::nullopt;
  }
}

}  // namespace aem::pipeline
