#include "stages/geometry/tangent_generation.hpp"

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include "aem/pipeline/bake_signals.hpp"
#include "math/bake_math.hpp"

namespace aem::pipeline {
namespace {

using math::Vec3;

constexpr std::uint32_t kNoIndex = UINT32_MAX;

// The bits of a float with -0 read as +0, so that welding treats them as equal (they compare equal).
std::uint32_t weld_bits(float f) {
  if (f == 0.0f) f = 0.0f;
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

struct MeshReader {
  const TangentMesh& mesh;
  const std::atomic<bool>* cancel;
  Vec3 position(std::uint32_t v) const {
    const float* p = &mesh.positions[std::size_t(v) * 3];
    return {p[0], p[1], p[2]};
  }
  Vec3 normal(std::uint32_t v) const {
    const float* n = &mesh.normals[std::size_t(v) * 3];
    return {n[0], n[1], n[2]};
  }
};

// For every vertex, the first corner (in triangle order) of any vertex with the same position,
// normal and UV: MikkTSpace's welded vertex, named by that corner. kNoIndex for unused vertices.
std::vector<std::uint32_t> welded_ids(const TangentMesh& mesh) {
  const std::size_t count = mesh.positions.size() / 3;
  std::vector<std::uint32_t> first_corner(count, kNoIndex);
  for (std::size_t c = mesh.triangles.size(); c-- > 0;) first_corner[mesh.triangles[c]] = std::uint32_t(c);
  using Key = std::array<std::uint32_t, 8>;
  std::vector<std::pair<Key, std::uint32_t>> used;  // key and vertex, for the vertices in use
  for (std::uint32_t v = 0; v < count; ++v) {
    if (first_corner[v] == kNoIndex) continue;
    Key k;
    for (std::uint32_t i = 0; i < 3; ++i) k[i] = weld_bits(mesh.positions[std::size_t(v) * 3 + i]);
    for (std::uint32_t i = 0; i < 3; ++i) k[3 + i] = weld_bits(mesh.normals[std::size_t(v) * 3 + i]);
    for (std::uint32_t i = 0; i < 2; ++i) k[6 + i] = weld_bits(mesh.uvs[std::size_t(v) * 2 + i]);
    used.emplace_back(k, v);
  }
  std::sort(used.begin(), used.end());
  std::vector<std::uint32_t> id(count, kNoIndex);
  for (std::size_t begin = 0; begin < used.size();) {
    std::size_t end = begin + 1;
    std::uint32_t first = first_corner[used[begin].second];
    while (end < used.size() && used[end].first == used[begin].first) first = std::min(first, first_corner[used[end++].second]);
    for (std::size_t i = begin; i < end; ++i) id[used[i].second] = first;
    begin = end;
  }
  return id;
}

struct TriangleInfo {
  Vec3 u_direction{0, 0, 0};  // unit dP/du, or zero
  bool degenerate = false;    // two corners at the same position: no part in grouping
  bool joins_any = true;      // no usable UV gradient: contributes nothing, takes any orientation
  bool preserves = false;     // positive UV area (V up): w = +1
};

TriangleInfo triangle_info(const MeshReader& in, const std::uint32_t v[3]) {
  TriangleInfo info;
  const Vec3 p0 = in.position(v[0]), p1 = in.position(v[1]), p2 = in.position(v[2]);
  if (p0 == p1 || p0 == p2 || p1 == p2) {
    info.degenerate = true;
    return info;
  }
  auto u = [&](int c) { return double(in.mesh.uvs[std::size_t(v[c]) * 2]); };
  auto v_up = [&](int c) { return -double(in.mesh.uvs[std::size_t(v[c]) * 2 + 1]); };  // glTF's v negated
  const double s1 = u(1) - u(0), s2 = u(2) - u(0), t1 = v_up(1) - v_up(0), t2 = v_up(2) - v_up(0);
  const Vec3 d1 = math::sub(p1, p0), d2 = math::sub(p2, p0);
  const double area = s1 * t2 - s2 * t1;
  info.preserves = area > 0;
  if (!(std::fabs(area) > DBL_MIN)) return info;
  // dP/du and dP/dv, each times the UV area; the sign turns dP/du to face increasing u.
  const double sign = area > 0 ? 1.0 : -1.0;
  const Vec3 os = math::sub(math::scale(d1, t2), math::scale(d2, t1));
  const Vec3 ot = math::sub(math::scale(d2, s1), math::scale(d1, s2));
  info.u_direction = math::scale(math::normalize(os), sign);
  info.joins_any = math::normalize(os) == Vec3{0, 0, 0} || math::normalize(ot) == Vec3{0, 0, 0};
  return info;
}

// Neighbour across each edge (edge e of triangle t runs from corner e to corner e+1): the
// triangle sharing its welded ends in the opposite direction. Where more than two triangles
// share an edge, entries are taken in order of (smaller end, larger end, triangle) and each one
// pairs with the earliest unpaired opposite one, as MikkTSpace does; first-in-first-out queues
// make that linear in the number of triangles on the edge.
std::vector<std::uint32_t> edge_neighbours(const std::vector<std::uint32_t>& welded_corner,
                                           const std::vector<TriangleInfo>& info) {
  struct Edge {
    std::uint32_t lo, hi, triangle;
    std::uint8_t edge;
    bool forward;  // runs from lo to hi in its triangle
  };
  std::vector<Edge> edges;
  const auto triangles = std::uint32_t(info.size());
  for (std::uint32_t t = 0; t < triangles; ++t) {
    if (info[t].degenerate) continue;
    for (std::uint8_t e = 0; e < 3; ++e) {
      const std::uint32_t a = welded_corner[std::size_t(t) * 3 + e], b = welded_corner[std::size_t(t) * 3 + (e + 1) % 3];
      edges.push_back({std::min(a, b), std::max(a, b), t, e, a < b});
    }
  }
  std::sort(edges.begin(), edges.end(), [](const Edge& x, const Edge& y) {
    if (x.lo != y.lo) return x.lo < y.lo;
    if (x.hi != y.hi) return x.hi < y.hi;
    return x.triangle != y.triangle ? x.triangle < y.triangle : x.edge < y.edge;
  });
  std::vector<std::uint32_t> neighbour(info.size() * 3, kNoIndex);
  std::vector<std::size_t> waiting;  // unpaired entries of the current edge, all one direction
  std::size_t head = 0;
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (i == 0 || edges[i].lo != edges[i - 1].lo || edges[i].hi != edges[i - 1].hi) {
      waiting.clear();
      head = 0;
    }
    const Edge& e = edges[i];
    if (head < waiting.size() && edges[waiting[head]].forward != e.forward) {
      const Edge& other = edges[waiting[head++]];
      neighbour[std::size_t(e.triangle) * 3 + e.edge] = other.triangle;
      neighbour[std::size_t(other.triangle) * 3 + other.edge] = e.triangle;
    } else {
      waiting.push_back(i);
    }
  }
  return neighbour;
}

// The corner of triangle t at welded vertex `id` (the first, as a triangle holds it once).
int corner_at(const std::vector<std::uint32_t>& welded_corner, std::uint32_t t, std::uint32_t id) {
  for (int c = 0; c < 3; ++c)
    if (welded_corner[std::size_t(t) * 3 + std::uint32_t(c)] == id) return c;
  return -1;
}

// Groups of corners: per welded vertex, the triangles around it connected through neighbour
// edges with the same orientation, grown depth first from each triangle corner not yet grouped
// in triangle order. A triangle that joins any group takes the orientation of the first group
// that reaches it while none of its corners is grouped. Returns the group of every corner.
std::vector<std::uint32_t> corner_groups(const std::vector<std::uint32_t>& welded_corner,
                                         std::vector<TriangleInfo>& info,
                                         const std::vector<std::uint32_t>& neighbour,
                                         std::vector<bool>& group_preserves,
                                         const std::atomic<bool>* cancel) {
  std::vector<std::uint32_t> group(welded_corner.size(), kNoIndex);
  std::vector<std::uint32_t> stack;
  const auto triangles = std::uint32_t(info.size());
  for (std::uint32_t root = 0; root < triangles; ++root) {
    if (root % kCancelCheckInterval == 0) throw_if_cancelled(cancel);
    if (info[root].degenerate || info[root].joins_any) continue;
    for (std::uint32_t rc = 0; rc < 3; ++rc) {
      if (group[std::size_t(root) * 3 + rc] != kNoIndex) continue;
      const auto g = std::uint32_t(group_preserves.size());
      const std::uint32_t id = welded_corner[std::size_t(root) * 3 + rc];
      const bool preserves = info[root].preserves;
      group_preserves.push_back(preserves);
      stack.assign(1, root);
      while (!stack.empty()) {
        const std::uint32_t t = stack.back();
        stack.pop_back();
        const int c = corner_at(welded_corner, t, id);
        std::uint32_t& slot = group[std::size_t(t) * 3 + std::uint32_t(c)];
        if (slot != kNoIndex) continue;
        if (info[t].joins_any && group[std::size_t(t) * 3] == kNoIndex && group[std::size_t(t) * 3 + 1] == kNoIndex && group[std::size_t(t) * 3 + 2] == kNoIndex)
          info[t].preserves = preserves;
        if (info[t].preserves != preserves) continue;
        slot = g;
        // Both edges at this corner hold the vertex; the one leaving it is followed first.
        const std::uint32_t before = neighbour[std::size_t(t) * 3 + std::uint32_t((c + 2) % 3)];
        const std::uint32_t after = neighbour[std::size_t(t) * 3 + std::uint32_t(c)];
        if (before != kNoIndex) stack.push_back(before);
        if (after != kNoIndex) stack.push_back(after);
      }
    }
  }
  return group;
}

// Angle at corner c of triangle `v`, between its two edges projected into the plane of `n`.
double corner_angle(const MeshReader& in, const std::uint32_t v[3], int c, const Vec3& n) {
  const Vec3 p = in.position(v[c]);
  auto in_plane = [&](const Vec3& e) { return math::normalize(math::sub(e, math::scale(n, math::dot(n, e)))); };
  const Vec3 e1 = in_plane(math::sub(in.position(v[(c + 2) % 3]), p));
  const Vec3 e2 = in_plane(math::sub(in.position(v[(c + 1) % 3]), p));
  return std::acos(std::clamp(math::dot(e1, e2), -1.0, 1.0));
}

struct Frame {
  std::array<float, 3> tangent;
  float w;
  bool operator==(const Frame&) const = default;
};

Frame perpendicular_frame(const MeshReader& in, std::uint32_t vertex) {
  Frame f{};
  perpendicular_tangent(&in.mesh.normals[std::size_t(vertex) * 3], f.tangent.data());
  f.w = 1.0f;
  return f;
}

// The frame of every corner (steps 4 and 5 of the header).
std::vector<Frame> corner_frames(const MeshReader& in) {
  const auto& tri = in.mesh.triangles;
  const auto triangles = std::uint32_t(tri.size() / 3);
  const std::vector<std::uint32_t> welded = welded_ids(in.mesh);
  throw_if_cancelled(in.cancel);
  std::vector<std::uint32_t> welded_corner(tri.size());
  for (std::size_t c = 0; c < tri.size(); ++c) welded_corner[c] = welded[tri[c]];
  std::vector<TriangleInfo> info(triangles);
  for (std::uint32_t t = 0; t < triangles; ++t) {
    if (t % kCancelCheckInterval == 0) throw_if_cancelled(in.cancel);
    info[t] = triangle_info(in, &tri[std::size_t(t) * 3]);
  }
  const std::vector<std::uint32_t> neighbour = edge_neighbours(welded_corner, info);
  throw_if_cancelled(in.cancel);
  std::vector<bool> group_preserves;
  const std::vector<std::uint32_t> group = corner_groups(welded_corner, info, neighbour, group_preserves, in.cancel);
  throw_if_cancelled(in.cancel);

  std::vector<Vec3> sum(group_preserves.size(), Vec3{0, 0, 0});
  for (std::uint32_t t = 0; t < triangles; ++t) {
    if (t % kCancelCheckInterval == 0) throw_if_cancelled(in.cancel);
    if (info[t].joins_any) continue;
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t g = group[std::size_t(t) * 3 + std::uint32_t(c)];
      if (g == kNoIndex) continue;
      const Vec3 n = in.normal(tri[std::size_t(t) * 3 + std::uint32_t(c)]);
      const Vec3 u = info[t].u_direction;
      const Vec3 projected = math::normalize(math::reject(u, n));
      sum[g] = math::add(sum[g], math::scale(projected, corner_angle(in, &tri[std::size_t(t) * 3], c, n)));
    }
  }
  std::vector<Frame> frames(tri.size());
  std::vector<std::uint32_t> first_good_corner(tri.size(), kNoIndex);  // by welded id (a corner)
  throw_if_cancelled(in.cancel);
  for (std::size_t c = 0; c < tri.size(); ++c) {
    const std::uint32_t g = group[c];
    const Vec3 t = g == kNoIndex ? Vec3{0, 0, 0} : math::normalize(sum[g]);
    if (t == Vec3{0, 0, 0}) {
      frames[c] = perpendicular_frame(in, tri[c]);
    } else {
      frames[c] = {{float(t[0]), float(t[1]), float(t[2])}, group_preserves[g] ? 1.0f : -1.0f};
    }
    if (!info[c / 3].degenerate && first_good_corner[welded_corner[c]] == kNoIndex)
      first_good_corner[welded_corner[c]] = std::uint32_t(c);
  }
  for (std::size_t c = 0; c < tri.size(); ++c)
    if (info[c / 3].degenerate && first_good_corner[welded_corner[c]] != kNoIndex)
      frames[c] = frames[first_good_corner[welded_corner[c]]];
  return frames;
}

}  // namespace

void perpendicular_tangent(const float nf[3], float out[3]) {
  const Vec3 n{nf[0], nf[1], nf[2]};
  const Vec3 axis = std::fabs(n[0]) < 0.9 ? Vec3{1, 0, 0} : Vec3{0, 1, 0};
  Vec3 t = math::normalize(math::reject(axis, n));
  if (t == Vec3{0, 0, 0}) t = {1, 0, 0};
  for (int i = 0; i < 3; ++i) out[i] = float(t[std::size_t(i)]);
}

void generate_tangents(TangentMesh& mesh, std::vector<float>& tangents,
                       std::vector<std::uint32_t>& split_from, const std::atomic<bool>* cancel) {
  const std::size_t count = mesh.positions.size() / 3;
  if (mesh.triangles.size() >= kNoIndex || count >= kNoIndex)
    throw std::length_error("generate_tangents: corners and vertices must each number fewer than 2^32 - 1");
  const std::vector<Frame> frames = corner_frames(MeshReader{mesh, cancel});
  throw_if_cancelled(cancel);

  // Corners of one vertex with identical frames form a class; the class of the vertex's first
  // corner keeps the vertex, every other class gets a copy (appended in order of first corner).
  using Key = std::array<std::uint32_t, 6>;  // vertex, tangent bits, w bits, corner
  std::vector<Key> order(frames.size());
  for (std::size_t c = 0; c < frames.size(); ++c) {
    order[c][0] = mesh.triangles[c];
    std::memcpy(&order[c][1], frames[c].tangent.data(), 12);
    std::memcpy(&order[c][4], &frames[c].w, 4);
    order[c][5] = std::uint32_t(c);
  }
  std::sort(order.begin(), order.end());
  throw_if_cancelled(cancel);
  auto same_class = [](const Key& a, const Key& b) { return std::equal(a.begin(), a.begin() + 5, b.begin()); };
  std::vector<std::uint32_t> class_of(frames.size());
  std::uint32_t classes = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (i > 0 && !same_class(order[i], order[i - 1])) ++classes;
    class_of[order[i][5]] = classes;
  }
  std::vector<std::uint32_t> vertex_of_class(order.empty() ? 0 : classes + 1, kNoIndex);
  std::vector<bool> vertex_taken(count, false);
  tangents.assign(count * 4, 0.0f);
  for (std::uint32_t v = 0; v < count; ++v) {
    perpendicular_tangent(&mesh.normals[std::size_t(v) * 3], &tangents[std::size_t(v) * 4]);
    tangents[std::size_t(v) * 4 + 3] = 1.0f;
  }
  throw_if_cancelled(cancel);
  for (std::size_t c = 0; c < frames.size(); ++c) {
    std::uint32_t& target = vertex_of_class[class_of[c]];
    const std::uint32_t v = mesh.triangles[c];
    if (target == kNoIndex) {
      if (!vertex_taken[v]) {
        vertex_taken[v] = true;
        target = v;
      } else {
        target = std::uint32_t(mesh.positions.size() / 3);
        split_from.push_back(v);
        for (int i = 0; i < 3; ++i) mesh.positions.push_back(mesh.positions[std::size_t(v) * 3 + std::uint32_t(i)]);
        for (int i = 0; i < 3; ++i) mesh.normals.push_back(mesh.normals[std::size_t(v) * 3 + std::uint32_t(i)]);
        for (int i = 0; i < 2; ++i) mesh.uvs.push_back(mesh.uvs[std::size_t(v) * 2 + std::uint32_t(i)]);
        tangents.resize(tangents.size() + 4);
      }
      for (int i = 0; i < 3; ++i) tangents[std::size_t(target) * 4 + std::uint32_t(i)] = frames[c].tangent[std::size_t(i)];
      tangents[std::size_t(target) * 4 + 3] = frames[c].w;
    }
    mesh.triangles[c] = target;
  }
}

}  // namespace aem::pipeline
