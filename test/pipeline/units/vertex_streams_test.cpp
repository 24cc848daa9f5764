// Vertex streams (per-vertex data of the extensions) go with their vertices through the geometry
// stages: merged only where the streams agree too, reordered with them, copied to back faces by
// their rule, filled for primitives that have none.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "stages/geometry/double_sided.hpp"
#include "stages/geometry/vertex_optimizer.hpp"
#include "stages/geometry/vertex_streams.hpp"

namespace aem::pipeline {
namespace {

Vertex at(float x, float y) {
  Vertex v{};
  v.position[0] = x;
  v.position[1] = y;
  v.normal[2] = 1;
  v.tangent[0] = 1;
  v.bitangent[1] = 1;
  v.weights[0] = 1;
  return v;
}

std::vector<std::byte> bytes_of(std::initializer_list<float> values) {
  std::vector<std::byte> out(values.size() * 4);
  std::memcpy(out.data(), std::data(values), out.size());
  return out;
}

float value_of(const VertexStream& stream, std::size_t vertex) {
  float f;
  std::memcpy(&f, stream.value(vertex).data(), 4);
  return f;
}

VertexStream scalar_stream(std::initializer_list<float> values) {
  VertexStream s{"tag", 4, bytes_of({0.0f}), true, nullptr, bytes_of(values)};
  return s;
}

// Each vertex's stream value must still name its own position after the bake's reordering.
void expect_tags_follow_positions(const OptimizedGeometry& out) {
  ASSERT_EQ(out.streams.size(), 1u);
  ASSERT_EQ(out.streams[0].bytes.size(), out.vertices.size() * 4);
  for (std::size_t v = 0; v < out.vertices.size(); ++v)
    EXPECT_EQ(value_of(out.streams[0], v), out.vertices[v].position[0] * 10 + out.vertices[v].position[1]) << v;
}

TEST(VertexStreams, VerticesMergeOnlyWhereTheirStreamsAgree) {
  // Vertices 0 and 3 are equal records with equal tags: one vertex. 1 and 4 are equal records with
  // different tags: two vertices. -0 and +0 tags are equal.
  std::vector<Vertex> vertices{at(0, 0), at(1, 0), at(0, 1), at(0, 0), at(1, 0), at(2, 2)};
  VertexStream tags = scalar_stream({0, 10, 1, -0.0f, 10.5f, 22});
  const std::vector<MaterialRange> ranges{{0, kNone, {0, 1, 2, 3, 4, 5}}};
  const OptimizedGeometry out = optimize_geometry(vertices, ranges, nullptr, {tags});
  EXPECT_EQ(out.vertices.size(), 5u);
  ASSERT_EQ(out.streams.size(), 1u);
  std::vector<float> seen;
  for (std::size_t v = 0; v < out.vertices.size(); ++v) seen.push_back(value_of(out.streams[0], v));
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<float>{0, 1, 10, 10.5f, 22}));
  EXPECT_FALSE(std::signbit(seen[0]));
}

TEST(VertexStreams, StreamsFollowTheirVerticesThroughEveryReordering) {
  std::vector<Vertex> vertices;
  std::vector<float> tags;
  std::vector<std::uint32_t> indices;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      vertices.push_back(at(float(x), float(y)));
      tags.push_back(float(x * 10 + y));
    }
  for (std::uint32_t y = 0; y < 5; ++y)
    for (std::uint32_t x = 0; x < 5; ++x) {
      const std::uint32_t a = y * 6 + x;
      indices.insert(indices.end(), {a + 7, a + 1, a, a, a + 6, a + 7});
    }
  VertexStream stream{"tag", 4, bytes_of({0.0f}), true, nullptr, {}};
  stream.bytes.resize(tags.size() * 4);
  std::memcpy(stream.bytes.data(), tags.data(), stream.bytes.size());
  expect_tags_follow_positions(optimize_geometry(vertices, {{0, kNone, indices}}, nullptr, {stream}));
  expect_tags_follow_positions(keep_geometry(vertices, {{0, kNone, indices}}, {stream}));
}

TEST(VertexStreams, APrimitiveWithoutAStreamGetsItsFill) {
  std::vector<VertexStream> streams;
  const std::vector<std::uint32_t> first{0, 1, 2}, second{0, 1, 0};
  append_stream_values(streams, 0, {}, first);  // nothing yet
  PrimitiveStreamValues given{{"tag", 4, bytes_of({7.0f}), true, nullptr, {}}, bytes_of({1, 2})};
  append_stream_values(streams, 3, {&given, 1}, second);
  append_stream_values(streams, 6, {}, first);
  ASSERT_EQ(streams.size(), 1u);
  std::vector<float> values;
  for (std::size_t v = 0; v < 9; ++v) values.push_back(value_of(streams[0], v));
  EXPECT_EQ(values, (std::vector<float>{7, 7, 7, 1, 2, 1, 7, 7, 7}));
}

TEST(VertexStreams, BackFacesCopyTheValueThroughTheStreamsRule) {
  Scene scene;
  scene.materials.resize(1);
  scene.materials[0].double_sided = true;
  GeometryBuild geometry;
  geometry.vertices = {at(0, 0), at(1, 0), at(0, 1)};
  geometry.ranges = {{0, kNone, {0, 1, 2}}};
  VertexStream negated = scalar_stream({1, 2, 3});
  negated.back_face = [](std::byte* value) {
    float f;
    std::memcpy(&f, value, 4);
    f = -f;
    std::memcpy(value, &f, 4);
  };
  geometry.streams = {negated};
  EXPECT_EQ(add_back_faces(scene, geometry), 1u);
  ASSERT_EQ(geometry.vertices.size(), 6u);
  for (std::size_t v = 0; v < 3; ++v) EXPECT_EQ(value_of(geometry.streams[0], 3 + v), -float(v + 1));
}

}  // namespace
}  // namespace aem::pipeline
