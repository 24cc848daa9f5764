#pragma once
// The tests' own checks of a baked model's meshlets (specs/aem-extensions.md section 4,
// `meshlets`), computed here rather than taken from the runtime's checker: every triangle of every
// level once across its meshlets with its winding, the limits, spheres that hold their vertices,
// and cones that are conservative (whenever faces_away says so, every triangle of the meshlet
// really faces away from the eye).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <numbers>
#include <optional>
#include <span>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/model.hpp"

namespace aem::test {

using MeshletVec = std::array<double, 3>;

inline MeshletVec meshlet_position(const Model& model, std::uint32_t v) {
  const float* p = model.vertices()[v].position;
  return {p[0], p[1], p[2]};
}

// Level `level` of mesh `mesh` as version-1 indices: the mesh's range, or its lods level.
inline std::span<const std::uint32_t> level_indices(const Model& model, std::size_t mesh, std::size_t level) {
  if (level == 0) return model.indices().subspan(model.meshes()[mesh].first_index, model.meshes()[mesh].index_count);
  const std::optional<LodsView> lods = lods_of(model);
  return lods->indices_of(lods->levels_of(mesh)[level - 1]);
}

// The count of each wound triangle, keyed by its lexicographically smallest rotation.
inline void count_triangle(std::map<std::array<std::uint32_t, 3>, int>& counts, std::uint32_t a, std::uint32_t b,
                           std::uint32_t c, int step) {
  counts[std::min({std::array{a, b, c}, std::array{b, c, a}, std::array{c, a, b}})] += step;
}

// Every triangle of the level exactly once in its meshlets, with its winding; the limits kept.
inline void expect_level_covered(const Model& model, const MeshletsView& view, std::size_t mesh, std::size_t level) {
  std::map<std::array<std::uint32_t, 3>, int> counts;
  const std::span<const std::uint32_t> indices = level_indices(model, mesh, level);
  for (std::size_t i = 0; i < indices.size(); i += 3) count_triangle(counts, indices[i], indices[i + 1], indices[i + 2], 1);
  for (const Meshlet& m : view.meshlets_of(mesh, level)) {
    EXPECT_LE(m.vertex_count, view.header.max_vertices);
    EXPECT_LE(m.triangle_count, view.header.max_triangles);
    const auto vertices = view.vertices_of(m);
    for (const std::uint32_t t : view.triangles_of(m))
      count_triangle(counts, vertices[meshlet_corner(t, 0)], vertices[meshlet_corner(t, 1)],
                     vertices[meshlet_corner(t, 2)], -1);
  }
  const auto off = std::find_if(counts.begin(), counts.end(), [](const auto& entry) { return entry.second != 0; });
  EXPECT_TRUE(off == counts.end()) << "mesh " << mesh << " level " << level << ": triangle (" << off->first[0] << ", "
                                   << off->first[1] << ", " << off->first[2] << ") in the level minus in its meshlets: "
                                   << off->second;
}

// Every vertex of the meshlet inside its sphere (float rounding: 1e-6 of the radius).
inline void expect_sphere_holds(const Model& model, const MeshletsView& view, const Meshlet& m) {
  for (const std::uint32_t v : view.vertices_of(m)) {
    const MeshletVec p = meshlet_position(model, v);
    const double d = std::hypot(p[0] - m.center[0], p[1] - m.center[1], p[2] - m.center[2]);
    EXPECT_LE(d, double(m.radius) * (1 + 1e-6)) << "vertex " << v;
  }
}

// Eyes around the model: 64 directions (a Fibonacci sphere) at 0.6, 1.5 and 4 times the model's
// radius from its center, so some eyes are inside the model's box, near its surfaces.
inline std::vector<std::array<float, 3>> eyes_around(const Model& model) {
  MeshletVec lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
  for (const Vertex& v : model.vertices())
    for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], double(v.position[i])), hi[i] = std::max(hi[i], double(v.position[i]));
  const MeshletVec center{(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2};
  const double radius = std::hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2;
  std::vector<std::array<float, 3>> eyes;
  for (int i = 0; i < 64; ++i) {
    const double z = 1 - (2 * i + 1) / 64.0, r = std::sqrt(1 - z * z), phi = i * std::numbers::pi * (3 - std::sqrt(5.0));
    for (const double scale : {0.6, 1.5, 4.0})
      eyes.push_back({float(center[0] + scale * radius * r * std::cos(phi)),
                      float(center[1] + scale * radius * r * std::sin(phi)), float(center[2] + scale * radius * z)});
  }
  return eyes;
}

// Whenever faces_away(m, eye), every triangle of m with an area faces away from the eye: the eye
// lies on the back side of its plane (or on it). Returns how many (meshlet, eye) pairs were culled.
inline std::size_t expect_cones_conservative(const Model& model, const MeshletsView& view, const Meshlet& m,
                                             const std::vector<std::array<float, 3>>& eyes) {
  std::size_t culled = 0;
  const auto vertices = view.vertices_of(m);
  for (const std::array<float, 3>& eye : eyes) {
    if (!faces_away(m, eye)) continue;
    ++culled;
    for (const std::uint32_t t : view.triangles_of(m)) {
      const MeshletVec a = meshlet_position(model, vertices[meshlet_corner(t, 0)]);
      const MeshletVec b = meshlet_position(model, vertices[meshlet_corner(t, 1)]);
      const MeshletVec c = meshlet_position(model, vertices[meshlet_corner(t, 2)]);
      const MeshletVec ab{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, ac{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      const MeshletVec n{ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]};
      const MeshletVec to_eye{eye[0] - a[0], eye[1] - a[1], eye[2] - a[2]};
      const double facing = n[0] * to_eye[0] + n[1] * to_eye[1] + n[2] * to_eye[2];
      if (facing <= 0) continue;
      // Float rounding of the stored cone and positions: 1e-5 of the product of the lengths.
      const double scale2 = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]) *
                            (to_eye[0] * to_eye[0] + to_eye[1] * to_eye[1] + to_eye[2] * to_eye[2]);
      if (facing * facing <= 1e-10 * scale2) continue;
      ADD_FAILURE() << "a triangle faces the eye (" << eye[0] << ", " << eye[1] << ", " << eye[2]
                    << ") of a meshlet culled by its cone";
      return culled;
    }
  }
  return culled;
}

// Every mesh and level of `model` (which has meshlets): covered, within limits, with bounds that
// hold. Returns the share of (meshlet, eye) pairs whose cones culled them.
inline double expect_faithful_meshlets(const Model& model) {
  const std::optional<MeshletsView> view = meshlets_of(model);
  EXPECT_TRUE(view.has_value());
  if (!view) return 0;
  const std::vector<std::array<float, 3>> eyes = eyes_around(model);
  std::size_t pairs = 0, culled = 0;
  for (std::size_t mesh = 0; mesh < model.meshes().size(); ++mesh) {
    const std::size_t levels = 1 + (lods_of(model) ? lods_of(model)->levels_of(mesh).size() : 0);
    EXPECT_EQ(view->meshes[mesh].group_count, levels) << "mesh " << mesh;
    for (std::size_t level = 0; level < view->meshes[mesh].group_count; ++level) {
      expect_level_covered(model, *view, mesh, level);
      for (const Meshlet& m : view->meshlets_of(mesh, level)) {
        expect_sphere_holds(model, *view, m);
        culled += expect_cones_conservative(model, *view, m, eyes);
        pairs += eyes.size();
      }
    }
  }
  return pairs ? double(culled) / double(pairs) : 0;
}

}  // namespace aem::test
