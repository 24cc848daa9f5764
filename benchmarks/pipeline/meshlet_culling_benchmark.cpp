// Meshlets (issue 38): what cone culling (aem::faces_away) saves over a turntable of views. Each
// model is baked with --lods 3 --meshlets (the default 64 vertices / 124 triangles), then seen
// from --views eyes on a circle around its bounding sphere's centre, at 3 radii and 20 degrees
// above the equator; for every level (every mesh at that level, or at its coarsest where it has
// fewer) the table gives the share of meshlets, and of their triangles, that face away whole from
// each eye: the mean over the views, and the least and most. Beside it, the same for a second
// set of meshlets built at 32 vertices / 64 triangles (smaller clusters, narrower cones).
//
// usage: meshlet_culling_benchmark [CORPUS_DIR] [--model NAME]... [--views N]
//        (default: DamagedHelmet, Duck, CesiumMan, 2CylinderEngine; 36 views)
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <optional>
#include <string>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"

namespace {

namespace fs = std::filesystem;

fs::path model_path(const fs::path& corpus, const std::string& name) {
  return corpus / "khronos" / name / "glTF-Binary" / (name + ".glb");
}

struct Sphere {
  std::array<float, 3> centre{};
  float radius = 0;
};

// The vertices' bounding box centre and the farthest vertex from it.
Sphere bounds(const aem::Model& model) {
  std::array<float, 3> low{INFINITY, INFINITY, INFINITY}, high{-INFINITY, -INFINITY, -INFINITY};
  for (const aem::Vertex& v : model.vertices())
    for (int c = 0; c < 3; ++c) low[c] = std::min(low[c], v.position[c]), high[c] = std::max(high[c], v.position[c]);
  Sphere s;
  for (int c = 0; c < 3; ++c) s.centre[c] = (low[c] + high[c]) / 2;
  for (const aem::Vertex& v : model.vertices())
    s.radius = std::max(s.radius, std::hypot(v.position[0] - s.centre[0], v.position[1] - s.centre[1], v.position[2] - s.centre[2]));
  return s;
}

// Every mesh's meshlets at `level` (or at its coarsest).
std::vector<aem::Meshlet> meshlets_at(const aem::MeshletsView& view, std::size_t level) {
  std::vector<aem::Meshlet> out;
  for (std::size_t mesh = 0; mesh < view.meshes.size(); ++mesh) {
    if (view.meshes[mesh].group_count == 0) continue;
    const auto group = view.meshlets_of(mesh, std::min<std::size_t>(level, view.meshes[mesh].group_count - 1));
    out.insert(out.end(), group.begin(), group.end());
  }
  return out;
}

struct Shares {
  double mean = 0, least = 1, most = 0, triangles_mean = 0;
};

Shares turntable(const std::vector<aem::Meshlet>& meshlets, const Sphere& s, int views) {
  Shares out;
  std::uint64_t all_triangles = 0;
  for (const aem::Meshlet& m : meshlets) all_triangles += m.triangle_count;
  const float elevation = 20.0f * std::numbers::pi_v<float> / 180.0f;
  for (int v = 0; v < views; ++v) {
    const float angle = 2.0f * std::numbers::pi_v<float> * float(v) / float(views);
    const float distance = 3.0f * s.radius;
    const std::array<float, 3> eye{s.centre[0] + distance * std::cos(elevation) * std::cos(angle),
                                   s.centre[1] + distance * std::sin(elevation),
                                   s.centre[2] + distance * std::cos(elevation) * std::sin(angle)};
    std::uint64_t culled = 0, culled_triangles = 0;
    for (const aem::Meshlet& m : meshlets)
      if (aem::faces_away(m, eye)) ++culled, culled_triangles += m.triangle_count;
    const double share = double(culled) / double(meshlets.size());
    out.mean += share / views;
    out.least = std::min(out.least, share);
    out.most = std::max(out.most, share);
    out.triangles_mean += double(culled_triangles) / double(all_triangles) / views;
  }
  return out;
}

void print_model(const fs::path& input, const std::string& name, int views, const fs::path& scratch) {
  for (const auto& [vertices, triangles] : {std::pair{64u, 124u}, std::pair{32u, 64u}}) {
    const fs::path file = scratch / "culling.aem";
    aem::pipeline::BakeOptions options;
    options.textures = aem::pipeline::TextureEncoding::rgba;
    options.max_texture_size = 64;
    options.lods = 3;
    options.meshlets = true;
    options.meshlet_vertices = vertices;
    options.meshlet_triangles = triangles;
    aem::pipeline::bake_model_file(input, file, options);
    const aem::Model model = aem::Model::open(file);
    const std::optional<aem::MeshletsView> view = aem::meshlets_of(model);
    if (!view) continue;
    const Sphere s = bounds(model);
    std::size_t levels = 0;
    for (const aem::MeshletMesh& m : view->meshes) levels = std::max<std::size_t>(levels, m.group_count);
    for (std::size_t level = 0; level < levels; ++level) {
      const std::vector<aem::Meshlet> meshlets = meshlets_at(*view, level);
      const Shares shares = turntable(meshlets, s, views);
      std::printf("| %s | %u/%u | %zu | %zu | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n", name.c_str(), vertices, triangles, level,
                  meshlets.size(), 100 * shares.mean, 100 * shares.least, 100 * shares.most, 100 * shares.triangles_mean);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  fs::path corpus = AEM_BENCH_CORPUS_DIR;
  if (const char* env = std::getenv("AEM_CORPUS"); env && *env) corpus = env;
  std::vector<std::string> models;
  int views = 36;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--model" && i + 1 < argc) models.push_back(argv[++i]);
    else if (arg == "--views" && i + 1 < argc) views = std::max(1, std::atoi(argv[++i]));
    else corpus = arg;
  }
  if (models.empty()) models = {"DamagedHelmet", "Duck", "CesiumMan", "2CylinderEngine"};
  const fs::path scratch = fs::temp_directory_path() / "aem_meshlet_culling_benchmark";
  fs::create_directories(scratch);
  std::printf("## Meshlets culled by their normal cones over a turntable of %d views\n\n"
              "| model | limits | level | meshlets | culled (mean) | least | most | triangles culled (mean) |\n"
              "| --- | --- | --- | --- | --- | --- | --- | --- |\n", views);
  for (const std::string& name : models) {
    const fs::path input = model_path(corpus, name);
    if (!fs::exists(input)) {
      std::fprintf(stderr, "skipping %s: %s not found\n", name.c_str(), input.string().c_str());
      continue;
    }
    print_model(input, name, views, scratch);
  }
  fs::remove_all(scratch);
  return 0;
}
