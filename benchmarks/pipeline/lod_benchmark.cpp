// Levels of detail (issue 38), three figures from one run:
//
// 1. Triangles at equal error against gltfpack's simplifier. Each model is baked with --lods N;
//    gltfpack (Debian's, on PATH) simplifies the same glTF at several -si ratios (-noq: no
//    quantization), and each of its outputs is baked too. Every result is measured the same way,
//    whole model against whole model: pipeline::surface_distance between the plain bake's
//    triangles (level 0 of every mesh) and the simplified ones (level k of every mesh, or the
//    mesh's coarsest where it has fewer; or gltfpack's output), in the model's units and as a
//    share of its bounding box diagonal. Beside each of our levels: the triangles gltfpack needs
//    for the same measured error (on the front of its best results, interpolated log-linearly
//    between the two that bracket the error).
// 2. Bake time without and with --lods 3, --meshlets and both (median of --runs, textures rgba at
//    most 64 pixels so that geometry dominates).
//
// usage: lod_benchmark [CORPUS_DIR] [--model NAME]... [--lods N] [--runs N]
//        (default: DamagedHelmet, Duck, CesiumMan; --lods 4; --runs 3)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "median.hpp"
#include "stages/geometry/surface_distance.hpp"

namespace {

namespace fs = std::filesystem;

fs::path model_path(const fs::path& corpus, const std::string& name) {
  return corpus / "khronos" / name / "glTF-Binary" / (name + ".glb");
}

std::optional<fs::path> find_on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "";
  for (std::size_t start = 0; start <= dirs.size();) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const fs::path candidate = fs::path(dirs.substr(start, end - start)) / program;
    if (end > start && fs::exists(candidate)) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

aem::pipeline::BakeOptions quick_options(std::uint32_t lods, bool meshlets = false) {
  aem::pipeline::BakeOptions options;
  options.textures = aem::pipeline::TextureEncoding::rgba;
  options.max_texture_size = 64;
  options.lods = lods;
  options.meshlets = meshlets;
  return options;
}

// One bake's triangles: every mesh's indices at each level (level 0: the version-1 ranges).
struct Baked {
  std::vector<aem::Vertex> vertices;
  std::vector<std::vector<std::uint32_t>> levels;  // [k]: every mesh at min(k, its coarsest)
  std::vector<float> stated;                      // [k]: the largest error a mesh states for k
  double diagonal = 0;
};

Baked read_baked(const fs::path& file) {
  const aem::Model model = aem::Model::open(file);
  const std::optional<aem::LodsView> lods = aem::lods_of(model);
  Baked out;
  out.vertices.assign(model.vertices().begin(), model.vertices().end());
  std::size_t deepest = 0;
  for (std::size_t m = 0; m < model.meshes().size() && lods; ++m) deepest = std::max(deepest, lods->levels_of(m).size());
  out.levels.resize(1 + deepest);
  out.stated.assign(1 + deepest, 0.0f);
  for (std::size_t m = 0; m < model.meshes().size(); ++m) {
    const std::span<const aem::LodLevel> levels = lods ? lods->levels_of(m) : std::span<const aem::LodLevel>();
    for (std::size_t k = 0; k <= deepest; ++k) {
      const std::size_t use = std::min(k, levels.size());
      const std::span<const std::uint32_t> indices = use == 0 ? model.mesh_indices(model.meshes()[m]) : lods->indices_of(levels[use - 1]);
      out.levels[k].insert(out.levels[k].end(), indices.begin(), indices.end());
      if (use > 0) out.stated[k] = std::max(out.stated[k], levels[use - 1].error);
    }
  }
  float low[3] = {INFINITY, INFINITY, INFINITY}, high[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (const aem::Vertex& v : out.vertices)
    for (int c = 0; c < 3; ++c) low[c] = std::min(low[c], v.position[c]), high[c] = std::max(high[c], v.position[c]);
  out.diagonal = std::hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]);
  return out;
}

// The distance between `reference`'s level 0 and `other`'s triangles `indices` (another vertex
// array: both are put in one).
double distance_to(const Baked& reference, const Baked& other, const std::vector<std::uint32_t>& indices) {
  std::vector<aem::Vertex> vertices = reference.vertices;
  vertices.insert(vertices.end(), other.vertices.begin(), other.vertices.end());
  std::vector<std::uint32_t> shifted(indices);
  for (std::uint32_t& i : shifted) i += std::uint32_t(reference.vertices.size());
  return aem::pipeline::surface_distance(vertices, reference.levels[0], shifted);
}

struct Point {
  double ratio;
  std::size_t triangles;
  double error;
};

// gltfpack's best points: each with a smaller error than every point of fewer triangles (its
// results are not monotonic: at low ratios it stops at its own error limit, a little apart from
// run to run), finest first.
std::vector<Point> pareto_front(std::vector<Point> points) {
  std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.triangles < b.triangles; });
  std::vector<Point> front;
  for (const Point& p : points)
    if (front.empty() || p.error < front.back().error) front.push_back(p);
  std::reverse(front.begin(), front.end());
  return front;
}

// The triangles gltfpack needs for `error`, between the two points of its front that bracket it;
// past its coarsest point, at most that point's triangles.
std::string triangles_at(const std::vector<Point>& front, double error) {
  for (std::size_t i = 0; i + 1 < front.size(); ++i) {
    const Point& fine = front[i];
    const Point& coarse = front[i + 1];
    if (fine.error <= error && error <= coarse.error) {
      const double t = (error - fine.error) / (coarse.error - fine.error);
      const double log_triangles = std::log(double(fine.triangles)) + t * (std::log(double(coarse.triangles)) - std::log(double(fine.triangles)));
      return std::to_string(std::lround(std::exp(log_triangles)));
    }
  }
  char text[96];
  std::snprintf(text, sizeof text, "at most %zu (its coarsest, error %.4g)", front.back().triangles, front.back().error);
  return text;
}

std::vector<Point> gltfpack_points(const fs::path& gltfpack, const fs::path& input, const Baked& ours, const fs::path& scratch) {
  std::vector<Point> points;
  for (const double ratio : {1.0, 0.75, 0.5, 0.35, 0.25, 0.125, 0.0625, 0.03}) {
    const fs::path packed = scratch / "gltfpack.glb", baked = scratch / "gltfpack.aem";
    std::string command = "'";  // appended piece by piece: GCC 12 warns (-Wrestrict) on a long chain of +
    for (const std::string& piece : {gltfpack.string(), std::string("' -noq -si "), std::to_string(ratio), std::string(" -i '"),
                                     input.string(), std::string("' -o '"), packed.string(), std::string("' > /dev/null 2>&1")})
      command += piece;
    if (std::system(command.c_str()) != 0) {
      std::fprintf(stderr, "gltfpack failed at -si %.4g: %s\n", ratio, command.c_str());
      continue;
    }
    try {
      aem::pipeline::bake_model_file(packed, baked, quick_options(0));
    } catch (const std::exception& e) {
      std::fprintf(stderr, "gltfpack's output at -si %.4g does not bake: %s\n", ratio, e.what());
      continue;
    }
    const Baked theirs = read_baked(baked);
    points.push_back({ratio, theirs.levels[0].size() / 3, distance_to(ours, theirs, theirs.levels[0])});
  }
  std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) { return a.ratio > b.ratio; });
  return points;
}

void compare_with_gltfpack(const fs::path& gltfpack, const fs::path& input, const std::string& name, std::uint32_t lods,
                           const fs::path& scratch) {
  const fs::path ours_file = scratch / "ours.aem";
  aem::pipeline::bake_model_file(input, ours_file, quick_options(lods));
  const Baked ours = read_baked(ours_file);
  const std::vector<Point> points = gltfpack_points(gltfpack, input, ours, scratch);
  if (points.empty()) return;
  std::printf("\n### %s (bounding box diagonal %.4g)\n\n| gltfpack -si | triangles | measured error | of diagonal |\n| --- | --- | --- | --- |\n",
              name.c_str(), ours.diagonal);
  for (const Point& p : points)
    std::printf("| %.4g | %zu | %.4g | %.3f%% |\n", p.ratio, p.triangles, p.error, 100 * p.error / ours.diagonal);
  std::printf("\n| --lods level | triangles | stated error (largest mesh's) | measured error | of diagonal | gltfpack at that error |\n"
              "| --- | --- | --- | --- | --- | --- |\n");
  const std::vector<Point> front = pareto_front(points);
  for (std::size_t k = 1; k < ours.levels.size(); ++k) {
    const double measured = aem::pipeline::surface_distance(ours.vertices, ours.levels[0], ours.levels[k]);
    std::printf("| %zu | %zu | %.4g | %.4g | %.3f%% | %s |\n", k, ours.levels[k].size() / 3, double(ours.stated[k]), measured,
                100 * measured / ours.diagonal, triangles_at(front, measured).c_str());
  }
}

double bake_seconds(const fs::path& input, const fs::path& output, const aem::pipeline::BakeOptions& options, int runs) {
  std::vector<double> times;
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    aem::pipeline::bake_model_file(input, output, options);
    times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return aem::bench::median(times);
}

void bake_times(const fs::path& corpus, const std::vector<std::string>& models, int runs, const fs::path& scratch) {
  std::printf("\n### Bake time (textures rgba, at most 64 pixels; median of %d)\n\n"
              "| model | plain ms | --lods 3 ms | --meshlets ms | --lods 3 --meshlets ms |\n| --- | --- | --- | --- | --- |\n", runs);
  for (const std::string& name : models) {
    const fs::path input = model_path(corpus, name), output = scratch / "time.aem";
    const double plain = bake_seconds(input, output, quick_options(0), runs);
    std::printf("| %s | %.0f", name.c_str(), 1000 * plain);
    for (const auto& [lods, meshlets] : {std::pair{3u, false}, std::pair{0u, true}, std::pair{3u, true}}) {
      const double seconds = bake_seconds(input, output, quick_options(lods, meshlets), runs);
      std::printf(" | %.0f (%.2fx)", 1000 * seconds, seconds / plain);
    }
    std::printf(" |\n");
  }
}

}  // namespace

int main(int argc, char** argv) {
  fs::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  std::vector<std::string> models;
  std::uint32_t lods = 4;
  int runs = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--model" && i + 1 < argc) models.push_back(argv[++i]);
    else if (arg == "--lods" && i + 1 < argc) lods = std::uint32_t(std::clamp(std::atoi(argv[++i]), 1, 16));
    else if (arg == "--runs" && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else corpus = arg;
  }
  if (models.empty()) models = {"DamagedHelmet", "Duck", "CesiumMan"};
  std::erase_if(models, [&](const std::string& name) {
    const bool missing = !fs::exists(model_path(corpus, name));
    if (missing) std::fprintf(stderr, "skipping %s: %s not found\n", name.c_str(), model_path(corpus, name).string().c_str());
    return missing;
  });
  const fs::path scratch = fs::temp_directory_path() / "aem_lod_benchmark";
  fs::create_directories(scratch);
  std::printf("## Levels of detail: triangles at equal measured error, --lods %u against gltfpack -si\n", lods);
  if (const std::optional<fs::path> gltfpack = find_on_path("gltfpack")) {
    for (const std::string& name : models) compare_with_gltfpack(*gltfpack, model_path(corpus, name), name, lods, scratch);
  } else {
    std::printf("\ngltfpack not found on PATH (Debian package gltfpack): the comparison is skipped\n");
  }
  bake_times(corpus, models, runs, scratch);
  fs::remove_all(scratch);
  return 0;
}
