// Double-sided glTF materials: AEM triangles are single-sided (specs/aem-v1.md, "Sidedness"), so
// the baker adds a back-facing copy of each triangle: winding reversed, normal negated, tangent
// and bitangent kept (handedness flipped), joints and weights copied. On the corpus's
// TwoSidedPlane and on a small glTF the test writes (skinned, mirrored and single-sided parts).
#include <array>
#include <cmath>
#include <cstring>
#include <fstream>
#include <unistd.h>

#include "bake_test_support.hpp"
#include "gltf_bytes.hpp"

namespace aem::test {
namespace {

using V = std::array<double, 3>;

V vec(const float* f) { return {f[0], f[1], f[2]}; }
V sub(const V& a, const V& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V cross(const V& a, const V& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const V& a, const V& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V normalized(const V& a) {
  const double l = std::sqrt(dot(a, a));
  return {a[0] / l, a[1] / l, a[2] / l};
}

// The handedness of a vertex's stored frame: +1 or -1 when bitangent = cross(normal, tangent)
// times it, 0 when the frame is not of that form.
int handedness(const Vertex& v) {
  const V expected = cross(vec(v.normal), vec(v.tangent));
  const double d = dot(expected, vec(v.bitangent));
  if (std::fabs(std::fabs(d) - 1) > 1e-3) return 0;
  return d > 0 ? 1 : -1;
}

// dP/du of a triangle from its positions and UVs: the direction the tangent must follow.
V position_gradient_along_u(const Vertex& a, const Vertex& b, const Vertex& c) {
  const V e1 = sub(vec(b.position), vec(a.position)), e2 = sub(vec(c.position), vec(a.position));
  const double du1 = b.uv[0] - a.uv[0], dv1 = b.uv[1] - a.uv[1];
  const double du2 = c.uv[0] - a.uv[0], dv2 = c.uv[1] - a.uv[1];
  const double det = du1 * dv2 - du2 * dv1;
  return normalized({(e1[0] * dv2 - e2[0] * dv1) / det, (e1[1] * dv2 - e2[1] * dv1) / det,
                     (e1[2] * dv2 - e2[2] * dv1) / det});
}

bool same_floats(const float* a, const float* b, int n) { return std::memcmp(a, b, sizeof(float) * std::size_t(n)) == 0; }

// The front vertex a back-face vertex was copied from: everything equal but the tangent frame,
// turned round (normal, tangent and bitangent negated; the bake writes every zero as +0).
const Vertex* front_of(const Model& m, const Vertex& back) {
  auto negated = [](const float* f) { return std::array<float, 3>{-f[0] + 0.0f, -f[1] + 0.0f, -f[2] + 0.0f}; };
  for (const Vertex& v : m.vertices()) {
    if (same_floats(v.position, back.position, 3) && same_floats(v.uv, back.uv, 2) &&
        same_floats(negated(v.normal).data(), back.normal, 3) && same_floats(negated(v.tangent).data(), back.tangent, 3) &&
        same_floats(negated(v.bitangent).data(), back.bitangent, 3) && std::memcmp(v.joints, back.joints, sizeof v.joints) == 0 &&
        same_floats(v.weights, back.weights, 4))
      return &v;
  }
  return nullptr;
}

// Every triangle's winding agrees with its corners' stored normals (flat geometry), and its
// tangents follow +U on front faces (facing +axis) and -U on back faces; returns how many
// triangles face along +axis and along -axis.
std::pair<int, int> check_triangles(const Model& m, int axis) {
  int along = 0, against = 0;
  const auto& idx = m.indices();
  for (std::size_t t = 0; t + 2 < idx.size(); t += 3) {
    const Vertex& a = m.vertices()[idx[t]];
    const Vertex& b = m.vertices()[idx[t + 1]];
    const Vertex& c = m.vertices()[idx[t + 2]];
    const V geometric = normalized(cross(sub(vec(b.position), vec(a.position)), sub(vec(c.position), vec(a.position))));
    const V along_u = position_gradient_along_u(a, b, c);
    const double side = geometric[std::size_t(axis)] > 0 ? 1 : -1;
    for (const Vertex* v : {&a, &b, &c}) {
      EXPECT_GT(dot(geometric, vec(v->normal)), 0.999) << "triangle " << t / 3 << ": winding against its normal";
      EXPECT_GT(side * dot(along_u, vec(v->tangent)), 0.999) << "triangle " << t / 3 << ": tangent not along "
                                                             << (side > 0 ? "+U (front)" : "-U (back)");
      EXPECT_NE(handedness(*v), 0) << "triangle " << t / 3 << ": bitangent is not cross(normal, tangent) * +-1";
    }
    (geometric[std::size_t(axis)] > 0 ? along : against) += 1;
  }
  return {along, against};
}

// Each back-face vertex (normal against `axis`) is a copy of a front vertex with the normal
// negated and the handedness flipped. Returns how many back-face vertices there are.
int check_back_vertices(const Model& m, int axis) {
  int backs = 0;
  for (const Vertex& v : m.vertices()) {
    if (v.normal[axis] >= 0) continue;
    ++backs;
    const Vertex* front = front_of(m, v);
    if (front == nullptr) {
      ADD_FAILURE() << "back-face vertex at " << v.position[0] << "," << v.position[1] << "," << v.position[2]
                    << " has no front vertex it copies";
      continue;
    }
    EXPECT_EQ(handedness(v), -handedness(*front));
  }
  return backs;
}

TEST(BakeDoubleSided, TwoSidedPlaneHasBothFacesWithConsistentFrames) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto path = khronos_model(corpus, "TwoSidedPlane");
  const BakedModel& b = baked(path);
  const Model& m = *b.model;
  EXPECT_EQ(semantic_problems(m), "");
  // Two source triangles facing +Y, doubled.
  ASSERT_EQ(m.indices().size(), 12u);
  EXPECT_EQ(b.report.back_face_triangles, 2u);
  const auto [up, down] = check_triangles(m, 1);
  EXPECT_EQ(up, 2);
  EXPECT_EQ(down, 2);
  EXPECT_EQ(check_back_vertices(m, 1), 4);
  EXPECT_EQ(m.vertices().size(), 8u);
  for (const std::string& w : b.report.warnings) ADD_FAILURE() << "unexpected warning: " << w;
}

// One triangle (facing +Z, u along +X) used three times: skinned with a double-sided material,
// static with a single-sided one, and under a node mirrored in X with the double-sided one.
TEST(BakeDoubleSided, SkinnedMirroredAndSingleSidedParts) {
  std::vector<std::uint8_t> buf;
  append_values<float>(buf, {0, 0, 0, 1, 0, 0, 0, 1, 0});  // positions @0 (36)
  append_values<float>(buf, {0, 0, 1, 0, 0, 1, 0, 0, 1});  // normals @36 (36)
  append_values<float>(buf, {0, 1, 1, 1, 0, 0});           // uvs @72 (24): v runs down the image, y up
  append_values<std::uint8_t>(buf, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});  // joints @96 (12)
  append_values<float>(buf, {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0});          // weights @108 (48)
  const std::string stem = "aem_double_sided_" + std::to_string(::getpid());
  const auto dir = std::filesystem::temp_directory_path();
  std::ofstream(dir / (stem + ".bin"), std::ios::binary).write(reinterpret_cast<const char*>(buf.data()), std::streamsize(buf.size()));
  const std::string attributes = R"("POSITION": 0, "NORMAL": 1, "TEXCOORD_0": 2)";
  const std::string json = R"({
    "asset": {"version": "2.0"},
    "buffers": [{"byteLength": )" + std::to_string(buf.size()) + R"(, "uri": ")" + stem + R"(.bin"}],
    "bufferViews": [
      {"buffer": 0, "byteOffset": 0, "byteLength": 36}, {"buffer": 0, "byteOffset": 36, "byteLength": 36},
      {"buffer": 0, "byteOffset": 72, "byteLength": 24}, {"buffer": 0, "byteOffset": 96, "byteLength": 12},
      {"buffer": 0, "byteOffset": 108, "byteLength": 48}],
    "accessors": [
      {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
      {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC2"},
      {"bufferView": 3, "componentType": 5121, "count": 3, "type": "VEC4"},
      {"bufferView": 4, "componentType": 5126, "count": 3, "type": "VEC4"}],
    "materials": [{"name": "both", "doubleSided": true}, {"name": "one"}],
    "meshes": [
      {"primitives": [{"attributes": {)" + attributes + R"(, "JOINTS_0": 3, "WEIGHTS_0": 4}, "material": 0}]},
      {"primitives": [{"attributes": {)" + attributes + R"(}, "material": 1}]},
      {"primitives": [{"attributes": {)" + attributes + R"(}, "material": 0}]}],
    "skins": [{"joints": [1]}],
    "nodes": [{"mesh": 0, "skin": 0}, {"translation": [0, 0, 0]}, {"mesh": 1, "translation": [3, 0, 0]},
              {"mesh": 2, "scale": [-1, 1, 1], "translation": [10, 0, 0]}],
    "scenes": [{"nodes": [0, 1, 2, 3]}], "scene": 0})";
  const auto path = dir / (stem + ".gltf");
  std::ofstream(path) << json;
  const BakedModel& b = baked(path, test_options(), "double-sided");
  const Model& m = *b.model;
  EXPECT_EQ(semantic_problems(m), "");
  // 2 + 1 + 2 triangles: the single-sided one is not doubled.
  ASSERT_EQ(m.indices().size(), 15u);
  EXPECT_EQ(b.report.back_face_triangles, 2u);
  const auto [front, back] = check_triangles(m, 2);
  EXPECT_EQ(front, 3);  // the mirrored triangle's front still faces +Z
  EXPECT_EQ(back, 2);
  EXPECT_EQ(check_back_vertices(m, 2), 6);
  EXPECT_EQ(m.vertices().size(), 15u);
  // The skinned triangle's back face moves with the same joint.
  int skinned_backs = 0;
  for (const Vertex& v : m.vertices()) {
    if (v.normal[2] < 0 && v.position[0] < 2) {
      ++skinned_backs;
      EXPECT_EQ(v.joints[0], 0);
      EXPECT_EQ(v.weights[0], 1.0f);
    }
    if (v.position[0] >= 2 && v.position[0] < 5) {
      EXPECT_GT(v.normal[2], 0) << "the single-sided triangle got a back face";
    }
  }
  EXPECT_EQ(skinned_backs, 3);
  std::filesystem::remove(path);
  std::filesystem::remove(dir / (stem + ".bin"));
}

}  // namespace
}  // namespace aem::test
