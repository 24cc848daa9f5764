// `aem bake --manifest FILE`: a JSON list of assets with per-asset options. Every mistake is a
// UsageError naming the manifest and the JSON Pointer of the offending value.
//
// A manifest may come from someone else (a mod, a contractor): it reads only inside its own
// directory and the command line's --allow-dir directories, and writes only below the output
// directory (specs/bake.md, "Reading: what a bake may read").
#include <cmath>
#include <algorithm>

#include <nlohmann/json.hpp>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/codec/bc7.hpp"
#include "aem/codec/rdo.hpp"
#include "aem/codec/rdo_bound.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "io/confined_files.hpp"
#include "io/file_status.hpp"
#include "io/json_depth.hpp"
#include "output/output_guard.hpp"
#include "bake_request/bake_jobs.hpp"

namespace aem::bake_request {
namespace {

using nlohmann::json;

class Manifest {
 public:
  explicit Manifest(std::filesystem::path path)
      : path_(std::move(path)), dir_(path_.parent_path()), absolute_dir_(absolute_directory(dir_)) {}

  std::vector<pipeline::BakeJob> jobs(const std::filesystem::path& output_override,
                                      pipeline::BakeOptions options) {
    // Only what the person running the bake allowed on the command line widens what the
    // manifest's own allow_dirs may name.
    for (const std::filesystem::path& dir : options.allowed_dirs) trusted_dirs_.push_back(pipeline::resolved_path(dir));
    const json root = parse();
    if (!root.is_object()) fail("", "the manifest must be a JSON object with an \"assets\" array");
    for (const auto& [key, value] : root.items()) {
      (void)value;
      if (key != "output_dir" && key != "defaults" && key != "assets" && key != "cache" && key != "cache_url")
        fail("/" + key, "unknown key (expected output_dir, defaults, assets, cache or cache_url)");
    }
    std::filesystem::path output_dir = output_override;
    if (output_dir.empty()) {
      if (!root.contains("output_dir")) fail("", "no \"output_dir\", and no -o on the command line");
      output_dir = dir_ / path_value(root["output_dir"], "/output_dir");
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

  pipeline::BakeCacheSettings cache_settings(const pipeline::BakeOptions& options) {
    for (const std::filesystem::path& dir : options.allowed_dirs) trusted_dirs_.push_back(pipeline::resolved_path(dir));
    const json root = parse();
    pipeline::BakeCacheSettings settings;
    if (!root.is_object()) return settings;  // jobs() has said what is wrong
    if (root.contains("cache")) {
      const std::filesystem::path dir = (dir_ / path_value(root["cache"], "/cache")).lexically_normal();
      if (!trusted(pipeline::resolved_path(dir)))
        fail("/cache", dir.string() + " is outside the manifest's directory; only --allow-dir on the command line "
                                      "allows a cache directory outside it (or give --cache)");
      settings.dir = dir;
    }
    if (root.contains("cache_url")) {
      const std::string url = path_string(root["cache_url"], "/cache_url");
      if (url.rfind("http://", 0) != 0 && url.rfind("https://", 0) != 0)
        fail("/cache_url", "must be an http:// or https:// URL, not \"" + url + "\"");
      settings.url = url;
    }
    return settings;
  }

 private:
  json parse() const {
    std::vector<unsigned char> text;
    if (const std::string problem = pipeline::read_regular_file(path_, text); !problem.empty())
      throw arg_parser::UsageError(path_.string() + ": cannot read the manifest: " + problem);
    // nlohmann's parser (and its error messages) recurse once per level.
    if (const std::size_t depth = pipeline::json_depth(text); depth > pipeline::kMaxJsonDepth)
      throw arg_parser::UsageError(path_.string() + ": JSON nested " + std::to_string(depth) + " levels deep (more than " +
                       std::to_string(pipeline::kMaxJsonDepth) + ")");
    try {
      return json::parse(text);
    } catch (const json::parse_error& e) {
      // nlohmann's message carries the line and column.
      throw arg_parser::UsageError(path_.string() + ": not valid JSON: " + e.what());
    }
  }

  [[noreturn]] void fail(const std::string& place, const std::string& what) const {
    throw arg_parser::UsageError(path_.string() + ": " + (place.empty() ? "" : place + ": ") + what);
  }

  static std::string unknown_option() {
    return "unknown option (expected textures, quality, rdo, rdo_max_loss, max_texture_size, scene, fps, regenerate_tangents, allow_missing, "
           "format_version, strict, allow_dirs or a limit: max_image_pixels, max_total_pixels, max_vertices, max_animation_keys, max_output_bytes, max_decoded_bytes)";
  }

  std::string path_string(const json& value, const std::string& place) const {
    if (!value.is_string() || value.get<std::string>().empty()) fail(place, "must be a non-empty path string");
    return value.get<std::string>();
  }

  // A path the manifest names; JSON's text is UTF-8 (on Windows too, whatever the code page).
  std::filesystem::path path_value(const json& value, const std::string& place) const {
    return pipeline::path_from_utf8(path_string(value, place));
  }

  // The limit a manifest key sets ("max_vertices"...), or null when the key is no limit.
  static std::uint64_t* limit_setting(pipeline::BakeLimits& limits, const std::string& key) {
    if (key == "max_image_pixels") return &limits.max_image_pixels;
    if (key == "max_total_pixels") return &limits.max_total_pixels;
    if (key == "max_vertices") return &limits.max_vertices;
    if (key == "max_animation_keys") return &limits.max_animation_keys;
    if (key == "max_output_bytes") return &limits.max_output_bytes;
    if (key == "max_decoded_bytes") return &limits.max_decoded_bytes;
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
    auto positive_number = [&]() -> double {
      if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
        fail(place, "must be a number > 0, not " + value.dump());
      return value.get<double>();
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
    } else if (key == "rdo") {
      if (!value.is_number() || !codec::rdo_lambda_problem(value.get<double>()).empty())
        fail(place, "must be a number from 0 to 1000 (the RDO lambda), not " + value.dump());
      o.rdo_lambda = value.get<double>();
    } else if (key == "rdo_max_loss") {
      if (!value.is_number() || !codec::rdo_max_loss_problem(value.get<double>()).empty())
        fail(place, "must be a number from 0 to 20 (the RDO max loss in dB), not " + value.dump());
      o.rdo_max_loss = value.get<double>();
    } else if (key == "lods") {
      o.lods = std::uint32_t(whole(0, pipeline::kMaxLods));
    } else if (key == "lod_error") {
      o.lod_error = positive_number();
    } else if (key == "meshlets") {
      o.meshlets = boolean();
    } else if (key == "meshlet_vertices") {
      o.meshlet_vertices = std::uint32_t(whole(3, pipeline::kMaxMeshletVertices));
    } else if (key == "meshlet_triangles") {
      o.meshlet_triangles = std::uint32_t(whole(4, pipeline::kMaxMeshletTriangles));
    } else if (key == "max_texture_size") {
      o.max_texture_size = std::uint32_t(whole(0, 1 << 16));
    } else if (key == "scene") {
      o.scene = int(whole(0, 1 << 30));
    } else if (key == "fps") {
      o.aamf_fps = positive_number();
    } else if (key == "regenerate_tangents") {
      o.regenerate_tangents = boolean();
    } else if (key == "allow_missing") {
      o.allow_missing = boolean();
    } else if (key == "format_version") {
      if (value != json(1)) fail(place, "must be 1 (plain version 1, no extension area), not " + value.dump());
      o.version_1_only = true;
    } else if (key == "strict") {
      o.strict = boolean();
    } else if (std::uint64_t* limit = limit_setting(o.limits, key)) {
      *limit = std::uint64_t(whole(1, 1LL << 62));
    } else if (key == "allow_dirs") {
      add_allowed_dirs(o, value, place);
    } else {
      return false;
    }
    return true;
  }

  // Whether `path` (resolved) lies inside the manifest's directory or a command-line --allow-dir.
  bool trusted(const std::filesystem::path& path) const {
    return pipeline::is_within(path, pipeline::resolved_path(absolute_dir_)) ||
           std::any_of(trusted_dirs_.begin(), trusted_dirs_.end(),
                       [&](const std::filesystem::path& dir) { return pipeline::is_within(path, dir); });
  }

  // "allow_dirs": directories relative to the manifest, added to those already allowed. Each must
  // lie inside the manifest's directory or a command-line --allow-dir: a manifest cannot open
  // the machine to itself.
  void add_allowed_dirs(pipeline::BakeOptions& o, const json& value, const std::string& place) const {
    if (!value.is_array()) fail(place, "must be an array of directory paths relative to the manifest");
    for (std::size_t i = 0; i < value.size(); ++i) {
      const std::string at = place + "/" + std::to_string(i);
      const std::filesystem::path dir = (dir_ / path_value(value[i], at)).lexically_normal();
      if (const std::string why = pipeline::allowed_dir_problem(dir); !why.empty()) fail(at, dir.string() + ": " + why);
      if (!trusted(pipeline::resolved_path(dir)))
        fail(at, dir.string() + " is outside the manifest's directory; only --allow-dir on the command line "
                                "allows directories outside it");
      o.allowed_dirs.push_back(dir);
    }
  }

  // Refuses an input that is anything but a regular file or directory (a FIFO would block the
  // bake), or lies outside the manifest's directory and every allowed one.
  void check_input(const std::filesystem::path& source, const std::string& place,
                   const pipeline::BakeOptions& options) const {
    for (const std::string& why : {pipeline::rdo_option_problem(options), pipeline::rdo_bound_option_problem(options),
                                   pipeline::lod_option_problem(options),
                                   pipeline::meshlet_option_problem(options)})
      if (!why.empty()) fail(place, why);
    using std::filesystem::file_type;
    const std::optional<pipeline::FileStatus> s = pipeline::file_status(source);
    if (!s) fail(place, source.string() + ": no such file or directory");
    if (s->type != file_type::regular && s->type != file_type::directory)
      fail(place, source.string() + ": " +
                      (s->type == file_type::fifo ? "is a FIFO" : s->type == file_type::socket ? "is a socket" : "is a device") +
                      ", and only regular files and directories are read");
    check_input_place(source, place, options);
  }

  // Refuses an input (a named one, or one found below a named directory, which may be a symbolic
  // link) that resolves outside the manifest's directory and every allowed one.
  void check_input_place(const std::filesystem::path& source, const std::string& place,
                         const pipeline::BakeOptions& options) const {
    const std::filesystem::path resolved = pipeline::resolved_path(source);
    const bool allowed = trusted(resolved) || std::any_of(options.allowed_dirs.begin(), options.allowed_dirs.end(),
                                                          [&](const std::filesystem::path& dir) {
                                                            return pipeline::is_within(resolved, pipeline::resolved_path(dir));
                                                          });
    if (!allowed)
      fail(place, source.string() + " resolves to " + resolved.string() +
                      ", outside the manifest's directory and every allowed directory (--allow-dir, allow_dirs)");
  }

  // Refuses an output that resolves outside the output directory and every allowed one.
  void check_output(const pipeline::BakeJob& job, const std::filesystem::path& output_dir, const std::string& place) const {
    const std::filesystem::path resolved = pipeline::resolved_path(job.output);
    const std::filesystem::path out_dir = pipeline::resolved_path(output_dir);
    if (pipeline::is_within(resolved, out_dir)) return;
    for (const std::filesystem::path& dir : job.options.allowed_dirs)
      if (pipeline::is_within(resolved, pipeline::resolved_path(dir))) return;
    fail(place, job.input.string() + ": refusing to write the output " + job.output.string() + ": it resolves to " +
                    resolved.string() + ", outside the output directory " + out_dir.string() +
                    " (--allow-dir or allow_dirs naming its directory allows it)");
  }

  void add_entry(std::vector<pipeline::BakeJob>& jobs, const json& entry, const std::string& place,
                 const std::filesystem::path& output_dir, pipeline::BakeOptions options) const {
    std::filesystem::path input;
    std::filesystem::path output;
    if (entry.is_string()) {
      input = path_value(entry, place);
    } else if (entry.is_object()) {
      if (!entry.contains("input")) fail(place, "no \"input\"");
      input = path_value(entry["input"], place + "/input");
      for (const auto& [key, value] : entry.items()) {
        if (key == "input") continue;
        if (key == "output") {
          output = path_value(value, place + "/output");
          // As for -o with one input, an output file's name ends in .aem.
          if (!pipeline::is_aem_path(output))
            fail(place + "/output", "must name a .aem file, not \"" + output.string() + "\"");
        }
        else if (!apply_option(options, key, value, place + "/" + key))
          fail(place + "/" + key, "unknown key (expected input, output, textures, quality, rdo, rdo_max_loss, max_texture_size, scene, "
                                  "fps, regenerate_tangents, allow_missing, format_version, strict, allow_dirs or a limit: max_image_pixels, "
                                  "max_total_pixels, max_vertices, max_animation_keys, max_output_bytes, max_decoded_bytes)");
      }
    } else {
      fail(place, "must be an input path or an object with \"input\"");
    }
    const std::filesystem::path source = (dir_ / input).lexically_normal();
    check_input(source, place, options);
    std::error_code ec;
    const bool is_dir = std::filesystem::is_directory(source, ec);
    if (!is_dir && !pipeline::is_model_path(source))
      fail(place, source.string() + ": not a model format aem bake reads (glTF, E3D, AAMF, or one that Assimp imports)");
    if (is_dir && !output.empty()) fail(place + "/output", "an input directory bakes to many files: give no \"output\"");
    // Outputs mirror the input's place below the manifest, unless the entry names its own.
    const std::filesystem::path relative =
        std::filesystem::absolute(source, ec).lexically_relative(absolute_dir_);
    if (output.empty() && (relative.empty() || *relative.begin() == ".."))
      fail(place, source.string() + " is outside the manifest's directory: give it an \"output\"");
    const std::size_t first = jobs.size();
    if (is_dir) {
      const std::vector<pipeline::BakeJob> found = pipeline::jobs_below(source, output_dir / relative, options);
      if (found.empty()) fail(place, source.string() + ": no models (.gltf, .glb, .e3d, .aamf or a format Assimp imports) below this directory");
      jobs.insert(jobs.end(), found.begin(), found.end());
    } else {
      jobs.push_back({source, output.empty() ? output_dir / std::filesystem::path(relative).replace_extension(".aem")
                                             : output_dir / output, options});
    }
    for (std::size_t j = first; j < jobs.size(); ++j) {
      if (is_dir) check_input_place(jobs[j].input, place, options);
      check_output(jobs[j], output_dir, output.empty() ? place : place + "/output");
    }
  }

  std::filesystem::path path_;
  std::filesystem::path dir_;
  std::filesystem::path absolute_dir_;  // dir_, absolute, for outputs that mirror inputs
  std::vector<std::filesystem::path> trusted_dirs_;  // the command line's --allow-dir, resolved

  static std::filesystem::path absolute_directory(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::absolute(dir.empty() ? "." : dir, ec).lexically_normal();
  }
};

}  // namespace

pipeline::BakeCacheSettings manifest_cache_settings(const std::filesystem::path& manifest,
                                                    const pipeline::BakeOptions& options) {
  return Manifest(manifest).cache_settings(options);
}

std::vector<pipeline::BakeJob> jobs_from_manifest(const std::filesystem::path& manifest,
                                                  const std::filesystem::path& output_dir,
                                                  const pipeline::BakeOptions& options) {
  return Manifest(manifest).jobs(output_dir, options);
}

}  // namespace aem::bake_request
