#include "aem/pipeline/tangent_generation.hpp"

#include <algorithm>
#include <cmath>

#include "bake_math.hpp"

namespace aem::pipeline {

using math::Vec3;

void perpendicular_tangent(const float nf[3], float out[3]) {
  const Vec3 n{nf[0], nf[1], nf[2]};
  const Vec3 axis = std::fabs(n[0]) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
  Vec3 t = math::normalize(math::sub(axis, math::scale(n, math::dot(axis, n))));
  if (t == Vec3{0, 0, 0}) t = {1, 0, 0};
  for (int i = 0; i < 3; ++i) out[i] = float(t[std::size_t(i)]);
}

void generate_tangents(TangentMesh& mesh, std::vector<float>& tangents,
                       std::vector<std::uint32_t>& split_from) {
  const std::size_t count = mesh.positions.size() / 3;
  auto pos = [&](std::uint32_t i) {
    return Vec3{mesh.positions[i * 3], mesh.positions[i * 3 + 1], mesh.positions[i * 3 + 2]};
  };
  auto nrm = [&](std::uint32_t i) {
    return Vec3{mesh.normals[i * 3], mesh.normals[i * 3 + 1], mesh.normals[i * 3 + 2]};
  };
  // Sums per vertex for each handedness: [0] positive UV area, [1] negative.
  std::vector<Vec3> sum[2] = {std::vector<Vec3>(count, Vec3{0, 0, 0}),
                              std::vector<Vec3>(count, Vec3{0, 0, 0})};
  std::vector<std::uint8_t> used[2] = {std::vector<std::uint8_t>(count, 0),
                                       std::vector<std::uint8_t>(count, 0)};
  std::vector<std::uint8_t> tri_side(mesh.triangles.size() / 3, 0);
  for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
    const std::uint32_t idx[3] = {mesh.triangles[t], mesh.triangles[t + 1], mesh.triangles[t + 2]};
    const Vec3 p[3] = {pos(idx[0]), pos(idx[1]), pos(idx[2])};
    const double u[3] = {mesh.uvs[idx[0] * 2], mesh.uvs[idx[1] * 2], mesh.uvs[idx[2] * 2]};
    // UVs as glTF stores them (V down the image): the handedness this gives matches the
    // TANGENT data exporters write (checked against the corpus in bake_material_test).
    const double v[3] = {mesh.uvs[idx[0] * 2 + 1], mesh.uvs[idx[1] * 2 + 1], mesh.uvs[idx[2] * 2 + 1]};
    const Vec3 d1 = math::sub(p[1], p[0]), d2 = math::sub(p[2], p[0]);
    const double s1 = u[1] - u[0], t1 = v[1] - v[0], s2 = u[2] - u[0], t2 = v[2] - v[0];
    const double area = s1 * t2 - s2 * t1;
    // Direction of increasing U (unnormalised, sign-corrected by the area's sign).
    Vec3 os = math::sub(math::scale(d1, t2), math::scale(d2, t1));
    const int side = area < 0 ? 1 : 0;
    if (area < 0) os = math::scale(os, -1);
    tri_side[t / 3] = std::uint8_t(side);
    for (int c = 0; c < 3; ++c) {
      const Vec3 n = nrm(idx[c]);
      const Vec3 proj = math::normalize(math::sub(os, math::scale(n, math::dot(n, os))));
      // Corner angle between the two edges projected into the normal's plane.
      Vec3 e1 = math::sub(p[(c + 1) % 3], p[c]);
      Vec3 e2 = math::sub(p[(c + 2) % 3], p[c]);
      e1 = math::normalize(math::sub(e1, math::scale(n, math::dot(n, e1))));
      e2 = math::normalize(math::sub(e2, math::scale(n, math::dot(n, e2))));
      const double angle = std::acos(std::clamp(math::dot(e1, e2), -1.0, 1.0));
      used[side][idx[c]] = 1;
      sum[side][idx[c]] = math::add(sum[side][idx[c]], math::scale(proj, angle));
    }
  }
  // Vertices used by both handednesses are split: the negative side gets a copy.
  std::vector<std::uint32_t> copy_of(count, UINT32_MAX);
  for (std::size_t i = 0; i < count; ++i) {
    if (used[0][i] && used[1][i]) {
      const auto copy = std::uint32_t(mesh.positions.size() / 3);
      copy_of[i] = copy;
      split_from.push_back(std::uint32_t(i));
      for (int c = 0; c < 3; ++c) mesh.positions.push_back(mesh.positions[i * 3 + std::size_t(c)]);
      for (int c = 0; c < 3; ++c) mesh.normals.push_back(mesh.normals[i * 3 + std::size_t(c)]);
      for (int c = 0; c < 2; ++c) mesh.uvs.push_back(mesh.uvs[i * 2 + std::size_t(c)]);
    }
  }
  const std::size_t total = mesh.positions.size() / 3;
  tangents.assign(total * 4, 0.0f);
  auto store = [&](std::size_t dst, std::size_t src_vertex, const Vec3& s, float w) {
    Vec3 t = math::normalize(s);
    if (t == Vec3{0, 0, 0}) {
      const float n[3] = {mesh.normals[src_vertex * 3], mesh.normals[src_vertex * 3 + 1],
                          mesh.normals[src_vertex * 3 + 2]};
      float p[3];
      perpendicular_tangent(n, p);
      t = {p[0], p[1], p[2]};
    }
    for (int c = 0; c < 3; ++c) tangents[dst * 4 + std::size_t(c)] = float(t[std::size_t(c)]);
    tangents[dst * 4 + 3] = w;
  };
  for (std::size_t i = 0; i < count; ++i) {
    if (copy_of[i] != UINT32_MAX) {
      store(i, i, sum[0][i], 1.0f);
      store(copy_of[i], i, sum[1][i], -1.0f);
    } else if (used[1][i]) {
      store(i, i, sum[1][i], -1.0f);
    } else {
      store(i, i, sum[0][i], 1.0f);
    }
  }
  for (std::size_t t = 0; t < tri_side.size(); ++t) {
    if (tri_side[t] != 1) continue;
    for (int c = 0; c < 3; ++c) {
      std::uint32_t& index = mesh.triangles[t * 3 + std::size_t(c)];
      if (copy_of[index] != UINT32_MAX) index = copy_of[index];
    }
  }
}

}  // namespace aem::pipeline
