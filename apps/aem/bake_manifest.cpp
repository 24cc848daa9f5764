// `aem bake --manifest FILE`: a JSON list of assets with per-asset options. Every mistake is a
// UsageError naming the manifest and the JSON Pointer of the offending value.
#include <fstream>

#include <nlohmann/json.hpp>

#include "aem/codec/bc7.hpp"
#include "aem/pipeline/output_guard.hpp"
#include "arg_parser.hpp"
#include "bake_jobs.hpp"

namespace aem::cli {
namespace {

using nlohmann::json;

class Manifest {
 public:
  explicit Manifest(std::filesystem::path path)
      : path_(std::move(path)), dir_(path_.parent_path()), absolute_dir_(absolute_directory(dir_)) {}

  std::vector<pipeline::BakeJob> jobs(const std::filesystem::path& output_override,
                                      pipeline::BakeOptions options) {
    const json root = parse();
    if (!root.is_object()) fail("", "the manifest must be a JSON object with an \"assets\" array");
    for (const auto& [key, value] : root.items()) {
      (void)value;
      if (key != "output_dir" && key != "defaults" && key != "assets")
        fail("/" + key, "unknown key (expected output_dir, defaults or assets)");
    }
    std::filesystem::path output_dir = output_override;
    if (output_dir.empty()) {
      if (!root.contains("output_dir")) fail("", "no \"output_dir\", and no -o on the command line");
      output_dir = dir_ / path_string(root["output_dir"], "/output_dir");
    }
    if (root.contains("defaults")) {
      const json& defaults = root["defaults"];
      if (!defaults.is_object()) fail("/defaults", "must be an object of bake options");
      for (const auto& [key, value] : defaults.items()) {
        if (!apply_option(options, key, value, "/defaults/" + key)) fail("/defaults/" + key, unknown_option());
      }
    }
    if (!root.contains("assets")) fail("", "no \"assets\" array");
    const json& assets = root["assets"];
    if (!assets.is_array()) fail("/assets", "must be an array of asset entries");
    std::vector<pipeline::BakeJob> jobs;
    // The manifest is an input of the run too (the depfile names it): no output may be it.
    const auto manifest = pipeline::file_identity(path_);
    for (std::size_t i = 0; i < assets.size(); ++i) {
      const std::size_t first = jobs.size();
      add_entry(jobs, assets[i], "/assets/" + std::to_string(i), output_dir, options);
      for (std::size_t j = first; j < jobs.size(); ++j) {
        if (manifest && pipeline::file_identity(jobs[j].output) == manifest)
          fail("/assets/" + std::to_string(i),
               jobs[j].input.string() + ": refusing to write the output " + jobs[j].output.string() + ": it is the manifest");
      }
    }
    return jobs;
  }

 private:
  json parse() const {
    std::ifstream in(path_, std::ios::binary);
    if (!in) throw UsageError(path_.string() + ": cannot open the manifest");
    try {
      return json::parse(in);
    } catch (const json::parse_error& e) {
      // nlohmann's message carries the line and column.
      throw UsageError(path_.string() + ": not valid JSON: " + e.what());
    }
  }

  [[noreturn]] void fail(const std::string& place, const std::string& what) const {
    throw UsageError(path_.string() + ": " + (place.empty() ? "" : place + ": ") + what);
  }

  static std::string unknown_option() {
    return "unknown option (expected textures, quality, max_texture_size, scene, regenerate_tangents, allow_missing, "
           "strict or a limit: max_image_pixels, max_total_pixels, max_vertices, max_animation_keys, max_output_bytes)";
  }

  std::string path_string(const json& value, const std::string& place) const {
    if (!value.is_string() || value.get<std::string>().empty()) fail(place, "must be a non-empty path string");
    return value.get<std::string>();
  }

  // The limit a manifest key sets ("max_vertices"...), or null when the key is no limit.
  static std::uint64_t* limit_setting(pipeline::BakeLimits& limits, const std::string& key) {
    if (key == "max_image_pixels") return &limits.max_image_pixels;
    if (key == "max_total_pixels") return &limits.max_total_pixels;
    if (key == "max_vertices") return &limits.max_vertices;
    if (key == "max_animation_keys") return &limits.max_animation_keys;
    if (key == "max_output_bytes") return &limits.max_output_bytes;
    return nullptr;
  }

  // Applies one bake option; false when `key` is not an option.
  bool apply_option(pipeline::BakeOptions& o, const std::string& key, const json& value, const std::string& place) const {
    auto text = [&]() -> std::string {
      if (!value.is_string()) fail(place, "must be a string, not " + value.dump());
      return value.get<std::string>();
    };
    auto whole = [&](long long min, long long max) -> long long {
      if (!value.is_number_integer() || value.get<long long>() < min || value.get<long long>() > max)
        fail(place, "must be a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not " + value.dump());
      return value.get<long long>();
    };
    auto boolean = [&]() -> bool {
      if (!value.is_boolean()) fail(place, "must be true or false, not " + value.dump());
      return value.get<bool>();
    };
    if (key == "textures") {
      const std::string t = text();
      const auto encoding = pipeline::parse_texture_encoding(t);
      if (!encoding) fail(place, "must be \"bc\" or \"rgba\", not \"" + t + "\"");
      o.textures = *encoding;
    } else if (key == "quality") {
      const std::string q = text();
      const auto quality = codec::parse_bc7_quality(q);
      if (!quality) fail(place, "must be \"fast\", \"normal\" or \"best\", not \"" + q + "\"");
      o.quality = *quality;
    } else if (key == "max_texture_size") {
      o.max_texture_size = std::uint32_t(whole(0, 1 << 16));
    } else if (key == "scene") {
      o.scene = int(whole(0, 1 << 30));
    } else if (key == "regenerate_tangents") {
      o.regenerate_tangents = boolean();
    } else if (key == "allow_missing") {
      o.allow_missing = boolean();
    } else if (key == "strict") {
      o.strict = boolean();
    } else if (std::uint64_t* limit = limit_setting(o.limits, key)) {
      *limit = std::uint64_t(whole(1, 1LL << 62));
    } else {
      return false;
    }
    return true;
  }

  void add_entry(std::vector<pipeline::BakeJob>& jobs, const json& entry, const std::string& place,
                 const std::filesystem::path& output_dir, pipeline::BakeOptions options) const {
    std::filesystem::path input;
    std::filesystem::path output;
    if (entry.is_string()) {
      input = path_string(entry, place);
    } else if (entry.is_object()) {
      if (!entry.contains("input")) fail(place, "no \"input\"");
      input = path_string(entry["input"], place + "/input");
      for (const auto& [key, value] : entry.items()) {
        if (key == "input") continue;
        if (key == "output") {
          output = path_string(value, place + "/output");
          // As for -o with one input, an output file's name ends in .aem.
          if (!pipeline::is_aem_path(output))
            fail(place + "/output", "must name a .aem file, not \"" + output.string() + "\"");
        }
        else if (!apply_option(options, key, value, place + "/" + key))
          fail(place + "/" + key, "unknown key (expected input, output, textures, quality, max_texture_size, scene, "
                                  "regenerate_tangents, allow_missing, strict or a limit: max_image_pixels, "
                                  "max_total_pixels, max_vertices, max_animation_keys, max_output_bytes)");
      }
    } else {
      fail(place, "must be an input path or an object with \"input\"");
    }
    const std::filesystem::path source = (dir_ / input).lexically_normal();
    std::error_code ec;
    const bool is_dir = std::filesystem::is_directory(source, ec);
    if (!is_dir && !std::filesystem::is_regular_file(source, ec))
      fail(place, source.string() + ": no such file or directory");
    if (!is_dir && !pipeline::is_gltf_path(source)) fail(place, source.string() + ": not a .gltf or .glb file");
    if (is_dir && !output.empty()) fail(place + "/output", "an input directory bakes to many files: give no \"output\"");
    // Outputs mirror the input's place below the manifest, unless the entry names its own.
    const std::filesystem::path relative =
        std::filesystem::absolute(source, ec).lexically_relative(absolute_dir_);
    if (output.empty() && (relative.empty() || *relative.begin() == ".."))
      fail(place, source.string() + " is outside the manifest's directory: give it an \"output\"");
    if (is_dir) {
      const std::vector<pipeline::BakeJob> found = pipeline::jobs_below(source, output_dir / relative, options);
      if (found.empty()) fail(place, source.string() + ": no .gltf or .glb files below this directory");
      jobs.insert(jobs.end(), found.begin(), found.end());
    } else {
      jobs.push_back({source, output.empty() ? output_dir / std::filesystem::path(relative).replace_extension(".aem")
                                             : output_dir / output, options});
    }
  }

  std::filesystem::path path_;
  std::filesystem::path dir_;
  std::filesystem::path absolute_dir_;  // dir_, absolute, for outputs that mirror inputs

  static std::filesystem::path absolute_directory(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::absolute(dir.empty() ? "." : dir, ec).lexically_normal();
  }
};

}  // namespace

std::vector<pipeline::BakeJob> jobs_from_manifest(const std::filesystem::path& manifest,
                                                  const std::filesystem::path& output_dir,
                                                  const pipeline::BakeOptions& options) {
  return Manifest(manifest).jobs(output_dir, options);
}

}  // namespace aem::cli
