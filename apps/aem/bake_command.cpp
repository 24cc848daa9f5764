// `aem bake IN.gltf|IN.glb -o OUT.aem [options]`: bakes a glTF 2.0 model into an AEM file.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "aem/codec/bc7.hpp"
#include "aem/pipeline/bake.hpp"
#include "arg_parser.hpp"

namespace aem::cli {
namespace {

constexpr const char* kUsage =
    "usage: aem bake IN.gltf|IN.glb -o OUT.aem [--scene N] [--textures bc|rgba]\n"
    "                [--quality fast|normal|best] [--max-texture-size N] [--threads N]\n"
    "                [--regenerate-tangents] [--strict] [--verbose]\n"
    "\n"
    "Bakes a glTF 2.0 model (the default scene, every node transform applied) into an AEM file:\n"
    "triangle lists per material, generated normals and tangents where missing, skins and\n"
    "animated nodes as joints, animations as linear keys, and the metallic-roughness material\n"
    "packed into AEM's base colour, normal and PBR textures with full mip chains. What AEM\n"
    "cannot hold (morph targets, cameras, lights, vertex colours, extra UV sets...) is reported\n"
    "once per kind. The file is written atomically; the same input and options give the same\n"
    "bytes.\n"
    "\n"
    "  -o, --output OUT.aem     where to write (required)\n"
    "  --scene N                bake scene N instead of the default scene\n"
    "  --textures bc|rgba       bc (default): BC7 base colour and PBR, BC5 normals;\n"
    "                           rgba: uncompressed RGBA8\n"
    "  --quality fast|normal|best  BC7 effort (default normal)\n"
    "  --max-texture-size N     downsize textures so that neither side exceeds N\n"
    "  --threads N              texture compression threads (default: one per hardware thread);\n"
    "                           the output is the same for any N\n"
    "  --regenerate-tangents    ignore the file's TANGENT data and generate tangents\n"
    "                           (MikkTSpace-style) as for primitives without them\n"
    "  --strict                 treat every warning as an error\n"
    "  --verbose                per-step timings and vertex-cache statistics\n";

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

}  // namespace

int run_bake(Args args) {
  ArgParser parser("bake", args);
  if (parser.wants_help()) {
    std::fputs(kUsage, stdout);
    return 0;
  }
  std::optional<std::string> output = parser.option("--output");
  if (!output) output = parser.option("-o");
  const std::optional<long long> scene = parser.int_option("--scene", 0, 1 << 30);
  const std::optional<std::string> textures = parser.option("--textures");
  const std::optional<std::string> quality = parser.option("--quality");
  const std::optional<long long> max_size = parser.int_option("--max-texture-size", 1, 1 << 16);
  const std::optional<long long> threads = parser.int_option("--threads", 1, 1024);
  const bool strict = parser.flag("--strict");
  const bool regenerate_tangents = parser.flag("--regenerate-tangents");
  const bool verbose = parser.flag("--verbose");
  const std::vector<std::string> paths = parser.positionals(1, 1);
  if (!output) throw UsageError("missing -o OUT.aem");

  pipeline::BakeOptions options;
  if (scene) options.scene = int(*scene);
  if (textures) {
    if (*textures == "bc") options.textures = pipeline::TextureEncoding::bc;
    else if (*textures == "rgba") options.textures = pipeline::TextureEncoding::rgba;
    else throw UsageError("unknown --textures '" + *textures + "' (expected bc or rgba)");
  }
  if (quality) {
    const std::optional<codec::Bc7Quality> q = codec::parse_bc7_quality(*quality);
    if (!q) throw UsageError("unknown --quality '" + *quality + "' (expected fast, normal or best)");
    options.quality = *q;
  }
  if (max_size) options.max_texture_size = std::uint32_t(*max_size);
  options.threads = threads ? unsigned(*threads) : std::max(1u, std::thread::hardware_concurrency());
  options.strict = strict;
  options.regenerate_tangents = regenerate_tangents;

  const auto start = std::chrono::steady_clock::now();
  pipeline::BakeReport report;
  try {
    report = pipeline::bake_gltf_file(paths[0], *output, options);
  } catch (const pipeline::BakeError& e) {
    std::fprintf(stderr, "aem bake: error: %s\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "aem bake: error: %s: %s\n", paths[0].c_str(), e.what());
    return 1;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const std::string& w : report.warnings) std::fprintf(stderr, "aem bake: warning: %s\n", w.c_str());
  if (verbose) {
    const auto& t = report.timings;
    std::printf("import     %8.1f ms\n", t.import_s * 1e3);
    std::printf("geometry   %8.1f ms  (%llu source vertices merged to %llu)\n", t.geometry_s * 1e3,
                static_cast<unsigned long long>(report.source_vertices),
                static_cast<unsigned long long>(report.vertices));
    std::printf("optimise   %8.1f ms  (ACMR %.3f -> %.3f)\n", t.optimise_s * 1e3, report.acmr_before,
                report.acmr_after);
    std::printf("animation  %8.1f ms\n", t.skeleton_s * 1e3);
    std::printf("textures   %8.1f ms  (of which encoding %.1f ms)\n", t.textures_s * 1e3,
                t.compress_s * 1e3);
    std::printf("write      %8.1f ms\n", t.write_s * 1e3);
  }
  std::printf("%s: %llu vertices, %llu triangles, %s, %llu joints, %llu animations in %.2f s\n",
              output->c_str(), static_cast<unsigned long long>(report.vertices),
              static_cast<unsigned long long>(report.triangles), texture_summary(report).c_str(),
              static_cast<unsigned long long>(report.joints),
              static_cast<unsigned long long>(report.animations), seconds);
  return 0;
}

}  // namespace aem::cli
