// `aem bake`: one glTF 2.0 model into one AEM file, or whole asset trees and manifests in
// parallel and incrementally.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>
#include <thread>

#include <sys/resource.h>

#include "aem/codec/bc7.hpp"
#include "aem/pipeline/batch_bake.hpp"
#include "aem/pipeline/confined_files.hpp"
#include "aem/pipeline/output_guard.hpp"
#include "arg_parser.hpp"
#include "bake_jobs.hpp"
#include "bake_progress.hpp"
#include "bake_report_json.hpp"

namespace aem::cli {
namespace {

constexpr const char* kUsage =
    "usage: aem bake IN.gltf|IN.glb -o OUT.aem [options]\n"
    "       aem bake IN... -o OUTDIR [options]        (files and directories)\n"
    "       aem bake --manifest assets.json [-o OUTDIR] [options]\n"
    "\n"
    "Bakes glTF 2.0 models (the default scene, every node transform applied) into AEM files:\n"
    "triangle lists per material (double-sided ones with back faces), normals and MikkTSpace\n"
    "tangents generated where missing, skins and animated nodes as joints, animations as\n"
    "linear keys, and the metallic-roughness material packed into AEM's base colour, normal and\n"
    "PBR textures with full mip chains. What AEM cannot hold (morph targets, cameras, lights,\n"
    "vertex colours, extra UV sets...) is a warning naming the model and element; a missing or\n"
    "undecodable image a material uses is an error (see --allow-missing). Files are written\n"
    "atomically; the same input and options give the same bytes whatever the thread count.\n"
    "\n"
    "For one input file, -o names the output file when it ends in .aem and is not a directory;\n"
    "otherwise -o is a directory (made if needed): a file bakes to OUTDIR/NAME.aem, and a\n"
    "directory to the same relative paths under OUTDIR for every .gltf/.glb below it. An output\n"
    "is never the model or a buffer or image it reads, and never replaces anything but a regular\n"
    "file (not a directory, device, FIFO, socket or symbolic link). A model is baked again only\n"
    "when the glTF, a buffer or image it uses, its options, the model baked to that output or\n"
    "the baker's version changed since its last bake (stamps are kept in .aem-bake/ beside the\n"
    "outputs); a failed model does not stop the others.\n"
    "\n"
    "  -o, --output PATH        OUT.aem for one input file, else the output directory\n"
    "                           (OUTDIR/NAME.aem)\n"
    "  --manifest FILE          bake the assets a JSON manifest lists (see below)\n"
    "  -j, --threads N          files baked in parallel, and texture compression threads\n"
    "                           (default: one per hardware thread); output is the same for any N\n"
    "  --force                  bake even what is up to date\n"
    "  --depfile FILE           write a Make/Ninja depfile: each output and the files it read\n"
    "  --scene N                bake scene N instead of the default scene\n"
    "  --textures bc|rgba       bc (default): BC7 base colour and PBR, BC5 normals;\n"
    "                           rgba: uncompressed RGBA8\n"
    "  --quality fast|normal|best  BC7 effort (default normal)\n"
    "  --max-texture-size N     downsize textures so that neither side exceeds N\n"
    "  --regenerate-tangents    ignore the file's TANGENT data and generate tangents\n"
    "                           (MikkTSpace) as for primitives without them\n"
    "  --allow-missing          a missing or undecodable image a baked material uses is a\n"
    "                           warning (the factor alone) instead of an error: previews;\n"
    "                           a missing buffer stays an error\n"
    "  --allow-dir DIR          a model's buffers and images may also be read from DIR\n"
    "                           (repeatable; a shared texture folder): by default only\n"
    "                           regular files inside the model's own directory are read,\n"
    "                           and a manifest may write only below its output directory\n"
    "  --strict                 treat every warning as an error\n"
    "  --max-image-pixels N     limit: texels of one image a baked material uses\n"
    "                           (default 67108864, 8192x8192)\n"
    "  --max-total-pixels N     limit: texels of all the images a bake decodes (268435456)\n"
    "  --max-vertices N         limit: vertices (or indices, if more) of the meshes the\n"
    "                           scene places, once per placing node (16777216)\n"
    "  --max-animation-keys N   limit: keys of all animation tracks after resampling, at\n"
    "                           least 3 per joint and animation (16777216)\n"
    "  --max-output-bytes N     limit: bytes of the AEM file (2147483648)\n"
    "  --verbose                one input file: per-step timings, vertex-cache statistics,\n"
    "                           images decoded and the peak memory\n"
    "  --json                   print one JSON report of the run on stdout instead of text\n"
    "                           (schema aem-bake-report: per model status, warnings with\n"
    "                           codes, counts, bytes and time; warnings also go to stderr)\n"
    "\n"
    "On a terminal a live line shows progress; in a pipe or with $CI set, one line per file.\n"
    "Exit status: 0 when every model baked or was up to date, 1 when any failed, 130 when\n"
    "interrupted (Ctrl-C finishes nothing half-way: each output is complete or untouched).\n"
    "\n"
    "Limits: a model past one fails (exit 1) with a message naming it, the element, the\n"
    "amount, the limit and the option that raises it, checked before the memory is spent\n"
    "(an image's size from its header, before decoding it): a small hostile file cannot make\n"
    "the bake allocate gigabytes. Only images a baked material uses are decoded, each once.\n"
    "Limits never change the bytes of a bake, so they are not part of what makes a model out\n"
    "of date. Manifests set them too (max_image_pixels...).\n"
    "\n"
    "Manifest: paths are relative to the manifest; outputs mirror the inputs' paths below it\n"
    "under output_dir (or -o), unless an entry names its \"output\" (a .aem name below it).\n"
    "Settings apply in the order command line, then \"defaults\", then the entry's own.\n"
    "  {\n"
    "    \"output_dir\": \"baked\",\n"
    "    \"defaults\": {\"textures\": \"bc\", \"quality\": \"normal\"},\n"
    "    \"assets\": [\n"
    "      \"characters/hero.glb\",\n"
    "      {\"input\": \"props\", \"max_texture_size\": 512},\n"
    "      {\"input\": \"cars/truck.gltf\", \"output\": \"truck_hq.aem\", \"quality\": \"best\", \"scene\": 1}\n"
    "    ]\n"
    "  }\n"
    "Entry settings: textures, quality, max_texture_size, scene, regenerate_tangents, allow_missing,\n"
    "strict, allow_dirs (directories relative to the manifest, added to those allowed; each inside\n"
    "the manifest's directory or an --allow-dir), max_image_pixels, max_total_pixels,\n"
    "max_vertices, max_animation_keys, max_output_bytes. Inputs must lie inside the manifest's\n"
    "directory or an allowed one, and outputs below the output directory or inside an allowed one.\n";

// The largest value a limit option takes: 2^62, far past any memory, and a whole number in JSON.
constexpr long long kMaxLimit = 1LL << 62;

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) { g_interrupted.store(true); }

// Ctrl-C (or SIGTERM) asks the running bakes to stop at their next block row; a second one
// ends the process at once, as the handler resets itself.
class InterruptGuard {
 public:
  InterruptGuard() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    action.sa_flags = SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

std::string texture_summary(const pipeline::BakeReport& report) {
  std::string out = std::to_string(report.textures) + " textures";
  if (report.texture_formats.empty()) return out;
  out += " (";
  bool first = true;
  for (const auto& [format, count] : report.texture_formats) {
    if (!first) out += ", ";
    first = false;
    out += std::to_string(count) + " " + format;
  }
  return out + ")";
}

// `-j4` as `-j 4`, so that the shared parser sees an option and its value.
std::vector<std::string_view> split_jobs_flag(Args args, std::vector<std::string>& storage) {
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

struct Request {
  std::vector<std::string> inputs;
  std::optional<std::string> output, manifest, depfile;
  pipeline::BakeOptions options;
  unsigned threads = 1;
  bool force = false, verbose = false, json = false;
};

Request parse(ArgParser& parser) {
  Request r;
  r.output = parser.option("--output");
  if (const auto o = parser.option("-o")) r.output = o;
  if (r.output && r.output->empty()) throw UsageError("-o names nothing (give OUT.aem or OUTDIR)");
  r.manifest = parser.option("--manifest");
  r.depfile = parser.option("--depfile");
  std::optional<long long> threads = parser.int_option("--threads", 1, 1024);
  if (const auto j = parser.int_option("-j", 1, 1024)) threads = j;
  r.threads = threads ? unsigned(*threads) : std::max(1u, std::thread::hardware_concurrency());
  r.force = parser.flag("--force");
  if (const auto scene = parser.int_option("--scene", 0, 1 << 30)) r.options.scene = int(*scene);
  if (const auto textures = parser.option("--textures")) {
    const std::optional<pipeline::TextureEncoding> encoding = pipeline::parse_texture_encoding(*textures);
    if (!encoding) throw UsageError("unknown --textures '" + *textures + "' (expected bc or rgba)");
    r.options.textures = *encoding;
  }
  if (const auto quality = parser.option("--quality")) {
    const std::optional<codec::Bc7Quality> q = codec::parse_bc7_quality(*quality);
    if (!q) throw UsageError("unknown --quality '" + *quality + "' (expected fast, normal or best)");
    r.options.quality = *q;
  }
  if (const auto max_size = parser.int_option("--max-texture-size", 1, 1 << 16))
    r.options.max_texture_size = std::uint32_t(*max_size);
  pipeline::BakeLimits& limits = r.options.limits;
  for (auto [name, limit] : {std::pair{"--max-image-pixels", &limits.max_image_pixels},
                             std::pair{"--max-total-pixels", &limits.max_total_pixels},
                             std::pair{"--max-vertices", &limits.max_vertices},
                             std::pair{"--max-animation-keys", &limits.max_animation_keys},
                             std::pair{"--max-output-bytes", &limits.max_output_bytes}})
    if (const auto value = parser.int_option(name, 1, kMaxLimit)) *limit = std::uint64_t(*value);
  r.options.strict = parser.flag("--strict");
  r.options.regenerate_tangents = parser.flag("--regenerate-tangents");
  r.options.allow_missing = parser.flag("--allow-missing");
  for (const std::string& dir : parser.repeated_option("--allow-dir")) {
    if (dir.empty()) throw UsageError("--allow-dir names nothing");
    if (const std::string why = pipeline::allowed_dir_problem(dir); !why.empty())
      throw UsageError("--allow-dir " + dir + ": " + why);
    r.options.allowed_dirs.emplace_back(dir);
  }
  r.verbose = parser.flag("--verbose");
  r.json = parser.flag("--json");
  r.inputs = parser.positionals(r.manifest ? 0 : 1, std::size_t(-1));
  if (!r.output && !r.manifest) throw UsageError("missing -o OUT.aem (or -o OUTDIR)");
  return r;
}

// One input file: baked with its detailed summary, wherever -o puts it.
bool single_file_form(const Request& r) {
  if (r.manifest || r.inputs.size() != 1) return false;
  std::error_code ec;
  return !std::filesystem::is_directory(r.inputs[0], ec);
}

// For one input file, -o names the output file only when it ends in .aem (any case) and is not
// an existing directory; anything else (a trailing slash included) is the directory to bake into.
bool names_output_file(const std::string& output) {
  std::error_code ec;
  return pipeline::is_aem_path(output) && !std::filesystem::is_directory(output, ec);
}

// The job for one input file. A directory -o that exists as something else is refused here,
// before anything is made, with what it is (the model itself, a device...).
pipeline::BakeJob single_file_job(const Request& r) {
  const std::string& output = *r.output;
  if (names_output_file(output)) return {r.inputs[0], output, r.options};
  std::error_code ec;
  const bool exists = std::filesystem::exists(std::filesystem::symlink_status(output, ec));
  if (exists && !std::filesystem::is_directory(output, ec)) {
    std::string what = pipeline::output_problem_before_bake(r.inputs[0], output);
    if (what.empty()) what = output + ": exists and is not a directory";
    throw UsageError(what + " (for one input, -o names the output file only when it ends in .aem; "
                            "any other name is the directory to bake into)");
  }
  return jobs_for_input(r.inputs[0], output, r.options).front();
}

void print_single_report(const pipeline::BakeJob& job, const pipeline::JobResult& result, bool verbose) {
  const pipeline::BakeReport& report = result.report;
  for (const std::string& w : report.warnings) std::fprintf(stderr, "aem bake: warning: %s\n", w.c_str());
  if (verbose) {
    const auto& t = report.timings;
    std::printf("import     %8.1f ms\n", t.import_s * 1e3);
    std::printf("geometry   %8.1f ms  (%llu source vertices merged to %llu)\n", t.geometry_s * 1e3,
                static_cast<unsigned long long>(report.source_vertices),
                static_cast<unsigned long long>(report.vertices));
    if (report.back_face_triangles > 0)
      std::printf("           %llu back-face triangles added for double-sided materials\n",
                  static_cast<unsigned long long>(report.back_face_triangles));
    std::printf("optimise   %8.1f ms  (ACMR %.3f -> %.3f)\n", t.optimise_s * 1e3, report.acmr_before,
                report.acmr_after);
    std::printf("animation  %8.1f ms\n", t.skeleton_s * 1e3);
    std::printf("textures   %8.1f ms  (of which encoding %.1f ms)\n", t.textures_s * 1e3,
                t.compress_s * 1e3);
    std::printf("write      %8.1f ms\n", t.write_s * 1e3);
    std::printf("images     %llu decoded, %llu pixels\n", static_cast<unsigned long long>(report.images_decoded),
                static_cast<unsigned long long>(report.decoded_pixels));
    // The whole process's high-water mark (Linux gives it in KiB): what the bake needed at most.
    struct rusage usage {};
    if (getrusage(RUSAGE_SELF, &usage) == 0)
      std::printf("peak memory %.1f MB\n", double(usage.ru_maxrss) * 1024.0 / 1e6);
  }
  std::printf("%s: %llu vertices, %llu triangles, %s, %llu joints, %llu animations in %.2f s%s\n",
              job.output.c_str(), static_cast<unsigned long long>(report.vertices),
              static_cast<unsigned long long>(report.triangles), texture_summary(report).c_str(),
              static_cast<unsigned long long>(report.joints),
              static_cast<unsigned long long>(report.animations), result.seconds, losses_text(report).c_str());
}

}  // namespace

int run_bake(Args raw_args) {
  std::vector<std::string> storage;
  const std::vector<std::string_view> split = split_jobs_flag(raw_args, storage);
  ArgParser parser("bake", split);
  if (parser.wants_help()) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  const Request request = parse(parser);
  const bool single = single_file_form(request);

  std::vector<pipeline::BakeJob> jobs;
  if (single) {
    jobs.push_back(single_file_job(request));
  } else {
    const std::filesystem::path output_dir = request.output ? *request.output : "";
    if (request.manifest) jobs = jobs_from_manifest(*request.manifest, output_dir, request.options);
    for (const std::string& input : request.inputs) {
      std::vector<pipeline::BakeJob> more = jobs_for_input(input, output_dir, request.options);
      jobs.insert(jobs.end(), more.begin(), more.end());
    }
    if (jobs.empty()) throw UsageError("nothing to bake");
  }
  if (const std::string clash = pipeline::find_output_clash(jobs); !clash.empty()) throw UsageError(clash);

  InterruptGuard guard;
  pipeline::BatchSettings settings{request.threads, request.force, &g_interrupted};
  pipeline::BatchProgress progress;
  std::vector<pipeline::JobResult> results;
  const auto start = std::chrono::steady_clock::now();
  if (request.json) {
    // stdout carries the report alone; what a person needs to see goes to stderr as it happens.
    results = pipeline::run_batch(jobs, settings, progress, print_problems_callbacks());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s\n", bake_report_json(jobs, results, seconds, g_interrupted.load())
                            .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                            .c_str());
  } else if (single) {
    results = pipeline::run_batch(jobs, settings, progress);
    const pipeline::JobResult& result = results[0];
    if (result.outcome == pipeline::JobOutcome::failed) {
      std::fprintf(stderr, "aem bake: error: %s\n", result.error.c_str());
    } else if (result.outcome == pipeline::JobOutcome::up_to_date) {
      std::printf("%s: up to date (nothing it depends on changed; --force bakes it again)\n", jobs[0].output.c_str());
    } else if (result.outcome == pipeline::JobOutcome::baked) {
      print_single_report(jobs[0], result, request.verbose);
    } else {
      std::fprintf(stderr, "aem bake: interrupted; %s was not written\n", jobs[0].output.c_str());
    }
  } else {
    BakeProgress reporter(jobs, progress, BakeProgress::terminal_wanted());
    results = pipeline::run_batch(jobs, settings, progress, reporter.callbacks());
    reporter.finish(results, g_interrupted.load());
  }

  bool failed = false;
  for (const pipeline::JobResult& r : results) failed |= r.outcome == pipeline::JobOutcome::failed;
  if (request.depfile && !g_interrupted.load()) {
    std::vector<std::filesystem::path> extra;
    if (request.manifest) extra.emplace_back(*request.manifest);
    try {
      pipeline::write_depfile(*request.depfile, jobs, results, extra);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aem bake: error: %s\n", e.what());
      failed = true;
    }
  }
  if (g_interrupted.load()) return 130;
  return failed ? 1 : 0;
}

}  // namespace aem::cli
