// Levels of detail (specs/aem-extensions.md section 4, `lods`): corpus models baked with --lods
// give valid levels whose triangles fall as asked and whose measured distance to level 0 (a
// Hausdorff-style distance computed here, not the simplifier's estimate) stays within each
// level's stated error; a bake without the option writes no levels.
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "bake_test_support.hpp"
#include "stages/geometry/lod_chain.hpp"

namespace aem::test::bake_lods {
namespace {

namespace fs = std::filesystem;
using Vec = std::array<double, 3>;

Vec sub(const Vec& a, const Vec& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
double dot(const Vec& a, const Vec& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec along(const Vec& a, const Vec& d, double t) { return {a[0] + d[0] * t, a[1] + d[1] * t, a[2] + d[2] * t}; }

// The squared distance from p to triangle abc (closest point by regions, after Ericson's
// "Real-Time Collision Detection" 5.1.5).
double triangle_distance2(const Vec& p, const Vec& a, const Vec& b, const Vec& c) {
  const Vec ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  const auto d2to = [&](const Vec& q) { const Vec v = sub(p, q); return dot(v, v); };
  if (d1 <= 0 && d2 <= 0) return d2to(a);
  const Vec bp = sub(p, b);
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return d2to(b);
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return d2to(along(a, ab, d1 / (d1 - d3)));
  const Vec cp = sub(p, c);
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return d2to(c);
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return d2to(along(a, ac, d2 / (d2 - d6)));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return d2to(along(b, sub(c, b), (d4 - d3) / ((d4 - d3) + (d5 - d6))));
  const double denom = 1 / (va + vb + vc);
  return d2to(along(along(a, ab, vb * denom), ac, vc * denom));
}

struct Surface {
  std::vector<std::array<Vec, 3>> triangles;
  std::vector<std::array<Vec, 2>> boxes;  // per triangle: min, max
};

Surface surface_of(const Model& model, std::span<const std::uint32_t> indices) {
  Surface s;
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    std::array<Vec, 3> tri;
    for (int k = 0; k < 3; ++k) {
      const float* p = model.vertices()[indices[t + k]].position;
      tri[k] = {p[0], p[1], p[2]};
    }
    std::array<Vec, 2> box = {tri[0], tri[0]};
    for (const Vec& v : tri)
      for (int i = 0; i < 3; ++i) box[0][i] = std::min(box[0][i], v[i]), box[1][i] = std::max(box[1][i], v[i]);
    s.triangles.push_back(tri);
    s.boxes.push_back(box);
  }
  return s;
}

// The largest distance from a sample of `from` (each triangle's corners and centroid) to the
// surface `to`, brute force with a bounding-box cut.
double one_sided_distance(const Surface& from, const Surface& to) {
  double worst2 = 0;
  for (const auto& tri : from.triangles) {
    const Vec centroid = {(tri[0][0] + tri[1][0] + tri[2][0]) / 3, (tri[0][1] + tri[1][1] + tri[2][1]) / 3,
                          (tri[0][2] + tri[1][2] + tri[2][2]) / 3};
    for (const Vec& p : {tri[0], tri[1], tri[2], centroid}) {
      double best2 = INFINITY;
      for (std::size_t t = 0; t < to.triangles.size() && best2 > worst2; ++t) {
        double box2 = 0;
        for (int i = 0; i < 3; ++i) {
          const double d = std::max({to.boxes[t][0][i] - p[i], 0.0, p[i] - to.boxes[t][1][i]});
          box2 += d * d;
        }
        if (box2 < best2) best2 = std::min(best2, triangle_distance2(p, to.triangles[t][0], to.triangles[t][1], to.triangles[t][2]));
      }
      worst2 = std::max(worst2, best2);
    }
  }
  return std::sqrt(worst2);
}

// The model's extent as meshopt_simplifyScale measures it: the longest side of its box.
double extent_of(const Model& model) {
  Vec lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  for (const Vertex& v : model.vertices())
    for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], double(v.position[i])), hi[i] = std::max(hi[i], double(v.position[i]));
  return std::max({hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]});
}

// Bakes `file` with three levels and checks every mesh's chain; the file's bytes.
std::vector<std::byte> expect_faithful_levels(const fs::path& file) {
  pipeline::BakeOptions options = test_options();
  options.max_texture_size = 16;
  options.lods = 3;
  const std::vector<std::byte> bytes = pipeline::serialize_model(pipeline::bake_model(file, options).content);
  const Model model = Model::open_memory(bytes);  // validated: the checker passed every level
  const std::optional<LodsView> lods = lods_of(model);
  EXPECT_TRUE(lods.has_value());
  if (!lods) return bytes;
  const double extent = extent_of(model);
  for (std::size_t m = 0; m < model.meshes().size(); ++m) {
    const Mesh& mesh = model.meshes()[m];
    const Surface base = surface_of(model, model.indices().subspan(mesh.first_index, mesh.index_count));
    std::size_t previous = base.triangles.size();
    EXPECT_FALSE(lods->levels_of(m).empty()) << "mesh " << m;
    for (const LodLevel& level : lods->levels_of(m)) {
      // Half the previous level's triangles, give or take the simplifier's last collapse, unless
      // the error limit stopped it first; at least the stated saving.
      EXPECT_TRUE(level.triangle_count() <= previous / 2 + previous / 20 ||
                  level.error >= 0.8 * options.lod_error * extent)
          << "mesh " << m << ": " << level.triangle_count() << " triangles after " << previous;
      EXPECT_LE(double(level.triangle_count()), (1 - pipeline::kLodMinimumSaving) * double(previous));
      previous = level.triangle_count();
      const Surface coarse = surface_of(model, lods->indices_of(level));
      const double distance = std::max(one_sided_distance(coarse, base), one_sided_distance(base, coarse));
      // The simplifier's error is an estimate (section 8): measured up to 2.3 times over it on
      // these models; allowed 3 times, plus 0.1% of the extent.
      EXPECT_LE(distance, 3 * level.error + 1e-3 * extent)
          << file.filename() << " mesh " << m << " " << level.triangle_count() << " triangles";
    }
  }
  return bytes;
}

TEST(BakeLods, DuckLevelsStayWithinTheirStatedError) {
  AEM_REQUIRE_CORPUS(corpus);
  expect_faithful_levels(corpus / "khronos/Duck/glTF-Binary/Duck.glb");
}

TEST(BakeLods, SkinnedCesiumManLevelsStayWithinTheirStatedErrorAndKeepTheirWeights) {
  AEM_REQUIRE_CORPUS(corpus);
  const fs::path file = corpus / "khronos/CesiumMan/glTF-Binary/CesiumMan.glb";
  const std::vector<std::byte> with_lods = expect_faithful_levels(file);
  // The version-1 part is the plain bake's, byte for byte: the same vertices and weights.
  pipeline::BakeOptions options = test_options();
  options.max_texture_size = 16;
  const std::vector<std::byte> plain = pipeline::serialize_model(pipeline::bake_model(file, options).content);
  const std::uint64_t version_1_end = Model::open_memory(plain).view().offsets.end;
  ASSERT_GT(with_lods.size(), version_1_end);
  EXPECT_TRUE(std::equal(plain.begin(), plain.begin() + std::ptrdiff_t(version_1_end), with_lods.begin()));
}

}  // namespace
}  // namespace aem::test::bake_lods
