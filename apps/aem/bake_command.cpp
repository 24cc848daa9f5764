// `aem bake`: one model (glTF 2.0, a format Assimp imports, E3D or AAMF) into one AEM file, or
// whole asset trees and manifests in parallel and incrementally.
#include <atomic>
#include <chrono>
#include <memory>
#include <cstdio>
#include <string>

#include "aem/pipeline/batch_bake.hpp"
#include "aem/pipeline/utf8_path.hpp"
#include "aem/arg_parser/arg_parser.hpp"
#include "bake_process.hpp"
#include "bake_progress.hpp"
#include "aem/bake_request/bake_report_json.hpp"
#include "aem/bake_request/bake_request.hpp"
#include "dry_run.hpp"

namespace aem::cli {
namespace {

constexpr const char* kBakeUsage =
    "usage: aem bake IN.gltf|IN.glb|IN.e3d|IN.aamf|IN.fbx|IN.obj|... -o OUT.aem [options]\n"
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
    "Other formats (.fbx, .obj with .mtl, .dae, .3ds, .ply, .stl, .x, .3mf, .blend...) are read\n"
    "by Assimp in a child process (aem-import-assimp), so a file that crashes Assimp is an error;\n"
    "their Phong or specular-glossiness materials are converted to metallic-roughness, with a\n"
    "warning naming what changed. Ecere's E3D (.e3d) and the UnnamedHB1 game's AAMF (.aamf)\n"
    "models are read by producers of their own.\n"
    "\n"
    "For one input file, -o names the output file when it ends in .aem and is not a directory;\n"
    "otherwise -o is a directory (made if needed): a file bakes to OUTDIR/NAME.aem, and a\n"
    "directory to the same relative paths under OUTDIR for every model below it. An output\n"
    "is never the model or a buffer or image it reads, and never replaces anything but a regular\n"
    "file (not a directory, device, FIFO, socket or symbolic link). A model is baked again only\n"
    "when the glTF, a buffer or image it uses, its options, the model baked to that output or\n"
    "the baker's version changed since its last bake (stamps are kept in .aem-bake/ beside the\n"
    "outputs, with content hashes: a touched or freshly checked-out file whose bytes are the\n"
    "same rebakes nothing, and a moved tree stays up to date); a failed model does not stop\n"
    "the others.\n"
    "\n"
    "  -o, --output PATH        OUT.aem for one input file, else the output directory\n"
    "                           (OUTDIR/NAME.aem)\n"
    "  --manifest FILE          bake the assets a JSON manifest lists (see below)\n"
    "  -j, --threads N          files baked in parallel, and texture compression threads\n"
    "                           (default: one per hardware thread); output is the same for any N\n"
    "  --force                  bake even what is up to date (a --cache is still asked:\n"
    "                           its entries are verified bakes of the same bytes)\n"
    "  --depfile FILE           write a Make/Ninja depfile: each output and the files it read\n"
    "  --cache DIR              a shared bake cache in DIR (may be a network share): a model\n"
    "                           whose baker, options and input contents were baked before is\n"
    "                           fetched instead of baked, and what is baked is stored there\n"
    "  --cache-url URL          the same on a Bazel HTTP remote cache (GET/PUT URL/ac/<sha256>,\n"
    "                           URL/cas/<sha256>: bazel-remote, nginx with WebDAV PUT); with\n"
    "                           --cache too, the directory is asked first. Fetched entries are\n"
    "                           verified by SHA-256 (a bad one is a warning and a local bake);\n"
    "                           a cache that is down is a warning, never a failure\n"
    "  --shard K/N              bake only shard K of N (1 <= K <= N): a deterministic share\n"
    "                           of the models, balanced by input size, for N parallel CI jobs\n"
    "  --scene N                bake scene N instead of the default scene\n"
    "  --textures bc|rgba       bc (default): BC7 base colour and PBR, BC5 normals;\n"
    "                           rgba: uncompressed RGBA8\n"
    "  --quality fast|normal|best  BC7 effort (default normal)\n"
    "  --rdo LAMBDA             rate-distortion optimised BC7/BC5 for zstd/LZ4 packages: 0\n"
    "                           (off, default) to 1000, try 0.25 to 4 (specs/bc7-rdo.md);\n"
    "                           not with --textures rgba\n"
    "  --rdo-max-loss DB        instead of --rdo: per texture and mip level the strongest RDO\n"
    "                           whose loss against the plain encoding stays within DB (0, off,\n"
    "                           to 20): PSNR for BC7 (RGBA) and BC5 occlusion; for normal maps\n"
    "                           the RMS angle error of the decoded normals at most 10^(DB/20)\n"
    "                           times the plain encoding's. --json reports each texture's lambdas\n"
    "  --lods N                 up to N levels of detail per mesh (0, default: none; at most\n"
    "                           16), each simplifying towards half the previous triangles\n"
    "  --lod-error E            the largest error of a level, relative to the model's extent\n"
    "                           (default 0.05); errors are stored in the model's units\n"
    "  --meshlets               cut every level of every mesh into meshlets (clusters with a\n"
    "                           bounding sphere and a normal cone, for mesh shaders and culling)\n"
    "  --meshlet-vertices V     a meshlet's most vertices, 3 to 255 (default 64)\n"
    "  --meshlet-triangles T    a meshlet's most triangles, a multiple of 4 up to 256 (default 124)\n"
    "  --max-texture-size N     downsize textures so that neither side exceeds N\n"
    "  --fps F                  keyframes per second of .aamf animations (the format stores\n"
    "                           no rate; default 30)\n"
    "  --regenerate-tangents    ignore the file's TANGENT data and generate tangents\n"
    "                           (MikkTSpace) as for primitives without them\n"
    "  --format-version 1       write plain version 1, without the extension area that\n"
    "                           carries what version 1 cannot (names, colours, morph\n"
    "                           targets...): that content is dropped with a warning\n"
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
    "  --max-decoded-bytes N    limit: bytes that Draco and meshopt compressed data decode\n"
    "                           to, over the whole file (2147483648)\n"
    "  --verbose                one input file: per-step timings, vertex-cache statistics,\n"
    "                           images decoded and the peak memory\n"
    "  --json                   print one JSON report of the run on stdout instead of text\n"
    "                           (schema aem-bake-report: per model status, warnings with\n"
    "                           codes, counts, bytes and time; warnings also go to stderr)\n"
    "  --dry-run                bake in memory and write nothing (no output, directory,\n"
    "                           stamp, lock or depfile): per model the warnings, counts,\n"
    "                           textures (size, format, mips, bytes), animations (keys) and\n"
    "                           the exact size of the AEM file; textures are not encoded, so\n"
    "                           it is quick. Errors and exit status as for the bake; with\n"
    "                           --json, schema aem-bake-dry-run\n"
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
    "Top-level \"cache\" (a directory relative to the manifest, inside its directory or an\n"
    "--allow-dir) and \"cache_url\" set the cache where the command line does not.\n"
    "Entry settings: textures, quality, rdo, rdo_max_loss, max_texture_size, scene, fps, regenerate_tangents, allow_missing,\n"
    "format_version (1), lods, lod_error, meshlets, meshlet_vertices, meshlet_triangles,\n"
    "strict, allow_dirs (directories relative to the manifest, added to those allowed; each inside\n"
    "the manifest's directory or an --allow-dir), max_image_pixels, max_total_pixels,\n"
    "max_vertices, max_animation_keys, max_output_bytes, max_decoded_bytes. Inputs must lie inside the manifest's\n"
    "directory or an allowed one, and outputs below the output directory or inside an allowed one.\n";

std::atomic<bool> g_interrupted{false};

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
    // The whole process's high-water mark: what the bake needed at most.
    if (const std::optional<std::uint64_t> peak = peak_memory_bytes()) std::printf("peak memory %.1f MB\n", double(*peak) / 1e6);
  }
  std::printf("%s: %s%llu vertices, %s, %s, %llu joints, %llu animations in %.2f s%s\n",
              pipeline::utf8_text(job.output).c_str(), result.from_cache ? "from cache, " : "", static_cast<unsigned long long>(report.vertices),
              triangles_text(report).c_str(), texture_summary(report).c_str(),
              static_cast<unsigned long long>(report.joints),
              static_cast<unsigned long long>(report.animations), result.seconds, losses_text(report).c_str());
}

}  // namespace

int run_bake(arg_parser::Args raw_args) {
  if (arg_parser::ArgParser("bake", raw_args).answered_help(kBakeUsage)) return 0;
  const bake_request::BakeRequest request = bake_request::parse_bake_request(raw_args);
  const bool single = bake_request::single_file_form(request) && request.shard_count == 1;
  const std::vector<pipeline::BakeJob> jobs = bake_request::shard_jobs(request, bake_request::plan_bake_jobs(request));

  const InterruptGuard guard(g_interrupted);
  if (request.dry_run) return run_bake_dry_run(request, jobs, &g_interrupted);  // no cache: writes nothing
  std::unique_ptr<pipeline::BakeCache> cache;
  if (const pipeline::BakeCacheSettings cached = bake_request::cache_settings(request); cached.enabled())
    cache = std::make_unique<pipeline::BakeCache>(cached);
  pipeline::BatchSettings settings{request.threads, request.force, &g_interrupted, cache.get()};
  pipeline::BatchProgress progress;
  std::vector<pipeline::JobResult> results;
  const auto start = std::chrono::steady_clock::now();
  if (request.json) {
    // stdout carries the report alone; what a person needs to see goes to stderr as it happens.
    results = pipeline::run_batch(jobs, settings, progress, print_problems_callbacks());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s\n", bake_request::bake_report_json(jobs, results, seconds, g_interrupted.load())
                            .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                            .c_str());
  } else if (single) {
    results = pipeline::run_batch(jobs, settings, progress);
    const pipeline::JobResult& result = results[0];
    for (const std::string& w : result.cache_warnings) std::fprintf(stderr, "aem bake: warning: %s\n", w.c_str());
    if (result.outcome == pipeline::JobOutcome::failed) {
      std::fprintf(stderr, "aem bake: error: %s\n", result.error.c_str());
    } else if (result.outcome == pipeline::JobOutcome::up_to_date) {
      std::printf("%s: up to date (nothing it depends on changed; --force bakes it again)\n", pipeline::utf8_text(jobs[0].output).c_str());
    } else if (result.outcome == pipeline::JobOutcome::baked) {
      print_single_report(jobs[0], result, request.verbose);
    } else {
      std::fprintf(stderr, "aem bake: interrupted; %s was not written\n", pipeline::utf8_text(jobs[0].output).c_str());
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
    if (request.manifest) extra.push_back(pipeline::path_from_utf8(*request.manifest));
    try {
      pipeline::write_depfile(pipeline::path_from_utf8(*request.depfile), jobs, results, extra);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "aem bake: error: %s\n", e.what());
      failed = true;
    }
  }
  if (g_interrupted.load()) return 130;
  return failed ? 1 : 0;
}

}  // namespace aem::cli
