#include "sample_shapes.hpp"

#include <cmath>
#include <numbers>

namespace aem::sample {
namespace {

void push(std::vector<float>& out, std::initializer_list<float> values) { out.insert(out.end(), values); }

}  // namespace

MeshData box(Vec3 center, Vec3 size) {
  // Per face: the outward normal and the two in-plane axes, with u x v = normal.
  struct Face {
    Vec3 n, u, v;
  };
  static constexpr Face kFaces[] = {
      {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
      {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
      {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}},
  };
  static constexpr float kCorners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  MeshData m;
  for (const Face& f : kFaces) {
    const auto base = std::uint32_t(m.positions.size() / 3);
    for (const auto& c : kCorners) {
      for (int i = 0; i < 3; ++i)
        m.positions.push_back(center[i] + 0.5f * size[i] * (f.n[i] + c[0] * f.u[i] + c[1] * f.v[i]));
      push(m.normals, {f.n[0], f.n[1], f.n[2]});
      push(m.uvs, {0.5f + 0.5f * c[0], 0.5f - 0.5f * c[1]});
    }
    m.indices.insert(m.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
  }
  return m;
}

MeshData cylinder(float radius, float z0, float depth, int segments) {
  MeshData m;
  const auto ring = std::uint32_t(segments + 1);
  for (int side = 0; side <= segments; ++side) {  // the side: two rings, the seam duplicated
    const float a = 2 * std::numbers::pi_v<float> * float(side) / float(segments);
    const float c = std::cos(a), s = std::sin(a);
    for (int end = 0; end < 2; ++end) {
      push(m.positions, {radius * c, radius * s, z0 + depth * float(end)});
      push(m.normals, {c, s, 0});
      push(m.uvs, {float(side) / float(segments), float(end)});
    }
  }
  for (std::uint32_t i = 0; i + 1 < ring; ++i) {
    const std::uint32_t a = 2 * i, b = 2 * (i + 1);
    m.indices.insert(m.indices.end(), {a, b, a + 1, a + 1, b, b + 1});
  }
  for (int end = 0; end < 2; ++end) {  // the caps: a centre and a fan
    const float nz = end == 0 ? -1.0f : 1.0f, z = z0 + depth * float(end);
    const auto centre = std::uint32_t(m.positions.size() / 3);
    push(m.positions, {0, 0, z});
    push(m.normals, {0, 0, nz});
    push(m.uvs, {0.5f, 0.5f});
    for (int side = 0; side <= segments; ++side) {
      const float a = 2 * std::numbers::pi_v<float> * float(side) / float(segments);
      push(m.positions, {radius * std::cos(a), radius * std::sin(a), z});
      push(m.normals, {0, 0, nz});
      push(m.uvs, {0.5f + 0.5f * std::cos(a), 0.5f - 0.5f * std::sin(a)});
    }
    for (std::uint32_t i = 0; i < std::uint32_t(segments); ++i) {
      const std::uint32_t a = centre + 1 + i, b = a + 1;
      if (end == 1) m.indices.insert(m.indices.end(), {centre, a, b});
      else m.indices.insert(m.indices.end(), {centre, b, a});
    }
  }
  return m;
}

void append(MeshData& into, const MeshData& part) {
  const auto offset = std::uint32_t(into.positions.size() / 3);
  into.positions.insert(into.positions.end(), part.positions.begin(), part.positions.end());
  into.normals.insert(into.normals.end(), part.normals.begin(), part.normals.end());
  into.uvs.insert(into.uvs.end(), part.uvs.begin(), part.uvs.end());
  into.joints.insert(into.joints.end(), part.joints.begin(), part.joints.end());
  into.weights.insert(into.weights.end(), part.weights.begin(), part.weights.end());
  for (std::uint32_t i : part.indices) into.indices.push_back(offset + i);
}

}  // namespace aem::sample
