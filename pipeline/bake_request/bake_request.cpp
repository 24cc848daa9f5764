#include "aem/bake_request/bake_request.hpp"

#include <algorithm>
#include <thread>
#include <tuple>

#include "aem/arg_parser/arg_parser.hpp"
#include "aem/codec/bc7.hpp"
#include "aem/codec/rdo.hpp"
#include "aem/codec/rdo_bound.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_formats.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "bake_request/bake_jobs.hpp"

namespace aem::bake_request {
namespace {

// The largest value a limit option takes: 2^62, far past any memory, and a whole number in JSON.
constexpr long long kMaxLimit = 1LL << 62;

// The command's options by kind; parse() below consumes exactly these (test/apps/bake_option_kind_test.cpp
// checks that the parser takes every one as its kind).
constexpr std::string_view kFlags[] = {"--force", "--strict", "--regenerate-tangents", "--allow-missing", "--meshlets",
                                       "--verbose", "--json", "--dry-run"};
constexpr std::string_view kValueOptions[] = {
    "--output", "-o", "--manifest", "--depfile", "--threads", "-j", "--scene", "--textures", "--quality", "--rdo", "--rdo-max-loss",
    "--max-texture-size", "--fps", "--max-image-pixels", "--max-total-pixels", "--max-vertices", "--max-animation-keys",
    "--max-output-bytes", "--max-decoded-bytes", "--allow-dir", "--cache", "--cache-url", "--shard", "--format-version",
    "--lods", "--lod-error", "--meshlet-vertices", "--meshlet-triangles"};

// `-j4` as `-j 4`, so that the shared parser sees an option and its value.
std::vector<std::string_view> split_jobs_flag(arg_parser::Args args, std::vector<std::string>& storage) {
  storage.reserve(args.size() * 2);
  std::vector<std::string_view> out;
  for (std::string_view a : args) {
    if (a.size() > 2 && a.substr(0, 2) == "-j") {
      storage.emplace_back("-j");
      storage.emplace_back(a.substr(2));
    } else {
      storage.emplace_back(a);
    }
  }
  for (const std::string& s : storage) out.emplace_back(s);
  return out;
}

// "K/N" with 1 <= K <= N.
void parse_shard(const std::string& text, BakeRequest& r) {
  const std::size_t slash = text.find('/');
  auto number = [](const std::string& digits) -> unsigned long {
    if (digits.empty() || digits.size() > 6 || digits.find_first_not_of("0123456789") != std::string::npos) return 0;
    return std::stoul(digits);
  };
  const unsigned long k = slash == std::string::npos ? 0 : number(text.substr(0, slash));
  const unsigned long n = slash == std::string::npos ? 0 : number(text.substr(slash + 1));
  if (k == 0 || n == 0 || k > n) throw arg_parser::UsageError("--shard " + text + ": expected K/N with 1 <= K <= N (e.g. 2/4)");
  r.shard_index = unsigned(k);
  r.shard_count = unsigned(n);
}

// --lods, --lod-error, --meshlets, --meshlet-vertices, --meshlet-triangles: what the bake adds to the
// model's geometry (levels of detail and meshlets), each within its range.
void parse_geometry_extensions(arg_parser::ArgParser& parser, pipeline::BakeOptions& options) {
  if (const auto lods = parser.int_option("--lods", 0, pipeline::kMaxLods)) options.lods = std::uint32_t(*lods);
  if (const auto error = parser.positive_number_option("--lod-error")) options.lod_error = *error;
  options.meshlets = parser.flag("--meshlets");
  if (const auto v = parser.int_option("--meshlet-vertices", 3, pipeline::kMaxMeshletVertices))
    options.meshlet_vertices = std::uint32_t(*v);
  if (const auto t = parser.int_option("--meshlet-triangles", 4, pipeline::kMaxMeshletTriangles))
    options.meshlet_triangles = std::uint32_t(*t);
}

// --rdo and --rdo-max-loss, each as the codec parses it (its message a usage error naming the option).
void parse_rdo_options(arg_parser::ArgParser& parser, pipeline::BakeOptions& options) {
  for (const auto& [name, parse, value] : {std::tuple{"--rdo", &codec::parse_rdo_lambda, &options.rdo_lambda},
                                           std::tuple{"--rdo-max-loss", &codec::parse_rdo_max_loss, &options.rdo_max_loss}}) {
    const auto text = parser.option(name);
    if (!text) continue;
    try {
      *value = parse(*text);
    } catch (const std::invalid_argument& e) {
      throw arg_parser::UsageError(std::string(name) + ": " + e.what());
    }
  }
}

// The options that cannot apply together (rdo_option_problem and its kin), as usage errors.
void refuse_option_problems(const pipeline::BakeOptions& options) {
  if (const std::string why = pipeline::rdo_option_problem(options); !why.empty())
    throw arg_parser::UsageError("--rdo: " + why);
  if (const std::string why = pipeline::rdo_bound_option_problem(options); !why.empty())
    throw arg_parser::UsageError("--rdo-max-loss: " + why);
  if (const std::string why = pipeline::lod_option_problem(options); !why.empty())
    throw arg_parser::UsageError("--lods: " + why);
  if (const std::string why = pipeline::meshlet_option_problem(options); !why.empty())
    throw arg_parser::UsageError("--meshlets: " + why);
}

BakeRequest parse(arg_parser::ArgParser& parser) {
  BakeRequest r;
  r.output = parser.option("--output");
  if (const auto o = parser.option("-o")) r.output = o;
  if (r.output && r.output->empty()) throw arg_parser::UsageError("-o names nothing (give OUT.aem or OUTDIR)");
  r.manifest = parser.option("--manifest");
  r.depfile = parser.option("--depfile");
  std::optional<long long> threads = parser.int_option("--threads", 1, 1024);
  if (const auto j = parser.int_option("-j", 1, 1024)) threads = j;
  r.threads = threads ? unsigned(*threads) : std::max(1u, std::thread::hardware_concurrency());
  r.force = parser.flag("--force");
  if (const auto scene = parser.int_option("--scene", 0, 1 << 30)) r.options.scene = int(*scene);
  if (const auto textures = parser.option("--textures")) {
    const std::optional<pipeline::TextureEncoding> encoding = pipeline::parse_texture_encoding(*textures);
    if (!encoding) throw arg_parser::UsageError("unknown --textures '" + *textures + "' (expected bc or rgba)");
    r.options.textures = *encoding;
  }
  if (const auto quality = parser.option("--quality")) {
    const std::optional<codec::Bc7Quality> q = codec::parse_bc7_quality(*quality);
    if (!q) throw arg_parser::UsageError("unknown --quality '" + *quality + "' (expected fast, normal or best)");
    r.options.quality = *q;
  }
  if (const auto fps = parser.positive_number_option("--fps")) r.options.aamf_fps = *fps;
  parse_rdo_options(parser, r.options);
  parse_geometry_extensions(parser, r.options);
  if (const auto max_size = parser.int_option("--max-texture-size", 1, 1 << 16))
    r.options.max_texture_size = std::uint32_t(*max_size);
  pipeline::BakeLimits& limits = r.options.limits;
  for (auto [name, limit] : {std::pair{"--max-image-pixels", &limits.max_image_pixels},
                             std::pair{"--max-total-pixels", &limits.max_total_pixels},
                             std::pair{"--max-vertices", &limits.max_vertices},
                             std::pair{"--max-animation-keys", &limits.max_animation_keys},
                             std::pair{"--max-output-bytes", &limits.max_output_bytes},
                             std::pair{"--max-decoded-bytes", &limits.max_decoded_bytes}})
    if (const auto value = parser.int_option(name, 1, kMaxLimit)) *limit = std::uint64_t(*value);
  r.options.strict = parser.flag("--strict");
  r.options.regenerate_tangents = parser.flag("--regenerate-tangents");
  r.options.allow_missing = parser.flag("--allow-missing");
  if (const auto version = parser.option("--format-version")) {
    if (*version != "1")
      throw arg_parser::UsageError("--format-version " + *version +
                                   ": only 1 (plain version 1, no extension area) can be asked for; without the "
                                   "option a bake adds the extensions its model's content needs");
    r.options.version_1_only = true;
  }
  for (const std::string& dir : parser.repeated_option("--allow-dir")) {
    if (dir.empty()) throw arg_parser::UsageError("--allow-dir names nothing");
    if (const std::string why = pipeline::allowed_dir_problem(pipeline::path_from_utf8(dir)); !why.empty())
      throw arg_parser::UsageError("--allow-dir " + dir + ": " + why);
    r.options.allowed_dirs.push_back(pipeline::path_from_utf8(dir));
  }
  if (const auto cache = parser.option("--cache")) {
    if (cache->empty()) throw arg_parser::UsageError("--cache names nothing (give a directory)");
    r.cache.dir = pipeline::path_from_utf8(*cache);
  }
  if (const auto url = parser.option("--cache-url")) {
    if (url->rfind("http://", 0) != 0 && url->rfind("https://", 0) != 0)
      throw arg_parser::UsageError("--cache-url " + *url + ": not an http:// or https:// URL");
    r.cache.url = *url;
  }
  if (const auto shard = parser.option("--shard")) parse_shard(*shard, r);
  r.verbose = parser.flag("--verbose");
  r.json = parser.flag("--json");
  r.dry_run = parser.flag("--dry-run");
  r.inputs = parser.positionals(r.manifest ? 0 : 1, std::size_t(-1));
  if (!r.output && !r.manifest) throw arg_parser::UsageError("missing -o OUT.aem (or -o OUTDIR)");
  // With a manifest, each entry's own settings are checked (they may change --textures).
  if (!r.manifest) refuse_option_problems(r.options);
  return r;
}


// For one input file, -o names the output file only when it ends in .aem (any case) and is not
// an existing directory; anything else (a trailing slash included) is the directory to bake into.
bool names_output_file(const std::string& output) {
  std::error_code ec;
  const std::filesystem::path path = pipeline::path_from_utf8(output);
  return pipeline::is_aem_path(path) && !std::filesystem::is_directory(path, ec);
}

// The job for one input file. A directory -o that exists as something else is refused here,
// before anything is made, with what it is (the model itself, a device...).
pipeline::BakeJob single_file_job(const BakeRequest& r) {
  const std::string& output = *r.output;
  const std::filesystem::path input = pipeline::path_from_utf8(r.inputs[0]), out = pipeline::path_from_utf8(output);
  if (names_output_file(output)) return {input, out, r.options};
  std::error_code ec;
  const bool exists = std::filesystem::exists(std::filesystem::symlink_status(out, ec));
  if (exists && !std::filesystem::is_directory(out, ec)) {
    std::string what = pipeline::output_problem_before_bake(input, out);
    if (what.empty()) what = output + ": exists and is not a directory";
    throw arg_parser::UsageError(what + " (for one input, -o names the output file only when it ends in .aem; "
                            "any other name is the directory to bake into)");
  }
  return jobs_for_input(input, out, r.options).front();
}

}  // namespace

std::span<const std::string_view> bake_flags() { return kFlags; }
std::span<const std::string_view> bake_value_options() { return kValueOptions; }

BakeOptionKind bake_option_kind(std::string_view option) {
  if (std::find(std::begin(kFlags), std::end(kFlags), option) != std::end(kFlags)) return BakeOptionKind::flag;
  if (std::find(std::begin(kValueOptions), std::end(kValueOptions), option) != std::end(kValueOptions))
    return BakeOptionKind::value;
  return BakeOptionKind::unknown;
}

BakeRequest parse_bake_request(arg_parser::Args args) {
  std::vector<std::string> storage;
  const std::vector<std::string_view> split = split_jobs_flag(args, storage);
  arg_parser::ArgParser parser("bake", split);
  return parse(parser);
}

bool single_file_form(const BakeRequest& r) {
  if (r.manifest || r.inputs.size() != 1) return false;
  std::error_code ec;
  return !std::filesystem::is_directory(pipeline::path_from_utf8(r.inputs[0]), ec);
}

std::vector<pipeline::BakeJob> plan_bake_jobs(const BakeRequest& request) {
  std::vector<pipeline::BakeJob> jobs;
  if (single_file_form(request)) {
    jobs.push_back(single_file_job(request));
  } else {
    const std::filesystem::path output_dir = request.output ? pipeline::path_from_utf8(*request.output) : "";
    if (request.manifest) jobs = jobs_from_manifest(pipeline::path_from_utf8(*request.manifest), output_dir, request.options);
    for (const std::string& input : request.inputs) {
      std::vector<pipeline::BakeJob> more = jobs_for_input(pipeline::path_from_utf8(input), output_dir, request.options);
      jobs.insert(jobs.end(), more.begin(), more.end());
    }
    if (jobs.empty()) throw arg_parser::UsageError("nothing to bake");
  }
  if (const std::string clash = pipeline::find_output_clash(jobs); !clash.empty()) throw arg_parser::UsageError(clash);
  return jobs;
}

pipeline::BakeCacheSettings cache_settings(const BakeRequest& request) {
  pipeline::BakeCacheSettings settings = request.cache;
  if (request.manifest) {
    const pipeline::BakeCacheSettings listed = manifest_cache_settings(pipeline::path_from_utf8(*request.manifest), request.options);
    if (settings.dir.empty()) settings.dir = listed.dir;
    if (settings.url.empty()) settings.url = listed.url;
  }
  return settings;
}

std::vector<pipeline::BakeJob> shard_jobs(const BakeRequest& request, std::vector<pipeline::BakeJob> jobs) {
  if (request.shard_count <= 1) return jobs;
  std::vector<pipeline::BakeJob> mine;
  for (std::size_t i : pipeline::jobs_in_shard(jobs, request.shard_index, request.shard_count))
    mine.push_back(std::move(jobs[i]));
  return mine;
}

}  // namespace aem::bake_request
