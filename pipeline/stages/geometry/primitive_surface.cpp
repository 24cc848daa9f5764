#include "stages/geometry/primitive_surface.hpp"

#include <cmath>

#include "stages/geometry/tangent_generation.hpp"

namespace aem::pipeline {

using math::Vec3;

std::size_t orient_given_tangents(std::vector<float>& tangents, const std::vector<float>& normals,
                                  const math::Mat4& transform, bool mirrored) {
  std::size_t degenerate = 0;
  const std::size_t count = tangents.size() / 4;
  for (std::size_t i = 0; i < count; ++i) {
    const Vec3 nrm{normals[i * 3], normals[i * 3 + 1], normals[i * 3 + 2]};
    Vec3 t = math::transform_vector(transform, {tangents[i * 4], tangents[i * 4 + 1], tangents[i * 4 + 2]});
    // A unit tangent already perpendicular within float precision (the bake's own output) is
    // kept bit for bit; the test is on the unit vector, as a scaled one hides its angle.
    t = math::renormalize(t);
    if (std::abs(math::dot(nrm, math::as_stored(t))) > math::kFloatUnitTolerance)
      t = math::normalize(math::reject(t, nrm));
    if (t == Vec3{0, 0, 0}) {
      // Zero or along the normal: no direction to keep, any perpendicular will do.
      ++degenerate;
      float perpendicular[3];
      perpendicular_tangent(&normals[i * 3], perpendicular);
      t = {perpendicular[0], perpendicular[1], perpendicular[2]};
    }
    for (int c = 0; c < 3; ++c) tangents[i * 4 + std::size_t(c)] = float(t[std::size_t(c)]);
    const float w = tangents[i * 4 + 3] < 0 ? -1.0f : 1.0f;
    tangents[i * 4 + 3] = mirrored ? -w : w;
  }
  return degenerate;
}

PrimitiveSurface primitive_surface(std::vector<float> positions, std::vector<float> normals,
                                   std::vector<float> uvs, std::vector<std::uint32_t> triangles,
                                   std::vector<float> tangents, bool has_uv,
                                   const std::atomic<bool>* cancel) {
  PrimitiveSurface out;
  if (tangents.empty() && has_uv) {
    TangentMesh mesh{std::move(positions), std::move(normals), std::move(uvs), std::move(triangles)};
    generate_tangents(mesh, out.tangents, out.split_from, cancel);
    // A group's tangent averages corners whose normals may differ: made perpendicular to each
    // vertex's own normal as given ones are, so that every tangent the bake writes is one a
    // re-bake keeps (and none is along its normal: the count is always 0).
    orient_given_tangents(out.tangents, mesh.normals, math::kIdentity, false);
    out.positions = std::move(mesh.positions);
    out.normals = std::move(mesh.normals);
    out.uvs = std::move(mesh.uvs);
    out.triangles = std::move(mesh.triangles);
    return out;
  }
  if (tangents.empty()) {
    const std::size_t count = normals.size() / 3;
    tangents.resize(count * 4);
    for (std::size_t i = 0; i < count; ++i) {
      perpendicular_tangent(&normals[i * 3], &tangents[i * 4]);
      tangents[i * 4 + 3] = 1.0f;
    }
  }
  out.positions = std::move(positions);
  out.normals = std::move(normals);
  out.uvs = std::move(uvs);
  out.triangles = std::move(triangles);
  out.tangents = std::move(tangents);
  return out;
}

}  // namespace aem::pipeline
