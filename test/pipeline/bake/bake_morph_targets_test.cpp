// Morph targets (specs/aem-extensions.md section 4, `morph_targets`): the Khronos morph models bake
// with their targets; the payload, read by the tests' own decoder, holds each target's deltas in
// model space (the node's transform on position deltas, normal and tangent deltas turned and
// scaled as the unit normals and tangents are), dense or sparse by the spec's size rule, the
// default weights, and the weights animation's keys as the glTF sampler gives them.
#include <algorithm>
#include <bit>
#include <cmath>
#include <filesystem>

#include "bake_test_support.hpp"
#include "morph_payload_decoder.hpp"
#include "synthetic_gltf.hpp"

namespace aem::test {
namespace {

namespace fs = std::filesystem;

fs::path khronos_model(const fs::path& corpus, const std::string& name, const std::string& file) {
  return corpus / "khronos" / name / file;
}

// Accessor `index` as floats (float, non-sparse accessors: those of the models below).
std::vector<float> accessor_floats(const tinygltf::Model& m, int index) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const std::size_t components = std::size_t(tinygltf::GetNumComponentsInType(std::uint32_t(a.type)));
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const std::size_t stride = v.byteStride ? v.byteStride : components * 4;
  std::vector<float> out(a.count * components);
  for (std::size_t i = 0; i < a.count; ++i)
    std::memcpy(&out[i * components], m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset + i * stride,
                components * 4);
  return out;
}

using V3 = std::array<double, 3>;

// The upper 3 × 3 of `g` (column-major) times v; its cofactor matrix (the normal matrix up to det) times v.
V3 linear(const Mat& g, const float* v) {
  return {g[0] * v[0] + g[4] * v[1] + g[8] * v[2], g[1] * v[0] + g[5] * v[1] + g[9] * v[2],
          g[2] * v[0] + g[6] * v[1] + g[10] * v[2]};
}
V3 cofactor(const Mat& g, const float* v) {
  const V3 c0{g[0], g[1], g[2]}, c1{g[4], g[5], g[6]}, c2{g[8], g[9], g[10]};
  auto cross = [](const V3& a, const V3& b) { return V3{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; };
  const V3 r0 = cross(c1, c2), r1 = cross(c2, c0), r2 = cross(c0, c1);  // rows of the cofactor matrix
  return {r0[0] * v[0] + r1[0] * v[1] + r2[0] * v[2], r0[1] * v[0] + r1[1] * v[1] + r2[1] * v[2],
          r0[2] * v[0] + r1[2] * v[1] + r2[2] * v[2]};
}
double length(const V3& v) { return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]); }

DecodedMorphs decoded(const Model& model) {
  const auto payload = model.extension_payload("morph_targets");
  EXPECT_TRUE(payload.has_value());
  if (!payload) return {};
  std::string problem;
  DecodedMorphs d = decode_morphs(*payload, problem);
  EXPECT_EQ(problem, "");
  return d;
}

// Every baked vertex's deltas for target t against the source vertex it comes from (matched by
// position and normal) under the node's global transform `g`; `prim` the glTF primitive.
void expect_deltas(const tinygltf::Model& m, const tinygltf::Primitive& prim, const Mat& g, const Model& model,
                   const DecodedMorphs& d, std::size_t t) {
  const std::vector<float> pos = accessor_floats(m, prim.attributes.at("POSITION"));
  const bool has_normal = prim.attributes.contains("NORMAL");
  const std::vector<float> nrm = has_normal ? accessor_floats(m, prim.attributes.at("NORMAL")) : std::vector<float>{};
  const std::vector<float> rows = d.expanded(t, model.vertices().size());
  std::map<std::string, std::vector<float>> source;
  for (const auto& [name, accessor] : prim.targets[t]) source[name] = accessor_floats(m, accessor);
  for (std::size_t v = 0; v < model.vertices().size(); ++v) {
    const Vertex& vx = model.vertices()[v];
    std::size_t best = 0;
    double best_distance = 1e300;
    for (std::size_t i = 0; i < pos.size() / 3; ++i) {
      const V3 p = linear(g, &pos[i * 3]);
      double dist = 0;
      for (std::size_t c = 0; c < 3; ++c) dist += std::fabs(p[c] + g[12 + c] - vx.position[c]);
      if (has_normal) {
        const V3 n = cofactor(g, &nrm[i * 3]);
        for (std::size_t c = 0; c < 3; ++c) dist += std::fabs(n[c] / length(n) - vx.normal[c]);
      }
      if (dist < best_distance) best_distance = dist, best = i;
    }
    auto expect_row = [&](std::size_t slot, const V3& want, const char* what) {
      for (std::size_t c = 0; c < 3; ++c)
        EXPECT_NEAR(rows[v * 9 + slot + c], want[c], 2e-6 * (1 + std::fabs(want[c])))
            << what << " delta of target " << t << " at vertex " << v << " (source " << best << ")";
    };
    if (source.contains("POSITION")) expect_row(0, linear(g, &source["POSITION"][best * 3]), "position");
    if (source.contains("NORMAL")) {
      const double scale = 1 / length(cofactor(g, &nrm[best * 3]));
      V3 n = cofactor(g, &source["NORMAL"][best * 3]);
      for (double& x : n) x *= scale;
      expect_row(3, n, "normal");
    }
    if (source.contains("TANGENT")) {
      const std::vector<float> tan = accessor_floats(m, prim.attributes.at("TANGENT"));
      const double scale = 1 / length(linear(g, &tan[best * 4]));
      V3 tt = linear(g, &source["TANGENT"][best * 3]);
      for (double& x : tt) x *= scale;
      expect_row(6, tt, "tangent");
    }
  }
}

// Sparse exactly when the spec's rule says: k × (4 + d) < span × d.
void expect_size_rule(const DecodedMorphs& d, std::size_t vertex_count) {
  for (std::size_t t = 0; t < d.targets.size(); ++t) {
    const MorphTarget& r = d.targets[t];
    const std::vector<float> rows = d.expanded(t, vertex_count);
    std::uint64_t k = 0;
    for (std::uint32_t v = r.first_vertex; v < r.first_vertex + r.vertex_span; ++v)
      k += std::any_of(rows.begin() + v * 9, rows.begin() + v * 9 + 9, [](float x) { return x != 0; });
    const std::uint64_t bytes = 12u * std::uint64_t(std::popcount(r.attributes));
    EXPECT_EQ(r.first_sparse_index != kMorphDense, k * (4 + bytes) < r.vertex_span * bytes) << "target " << t;
  }
}

// The one group's weight track of animation 0 against glTF animation 0's LINEAR weights sampler.
void expect_linear_weight_keys(const tinygltf::Model& m, const Model& model, const DecodedMorphs& d) {
  ASSERT_EQ(d.tracks.size(), 1u);
  const tinygltf::AnimationSampler& s = m.animations[0].samplers[std::size_t(m.animations[0].channels[0].sampler)];
  const std::vector<float> times = accessor_floats(m, s.input), weights = accessor_floats(m, s.output);
  const std::size_t targets = d.groups[0].target_count;
  ASSERT_EQ(d.tracks[0].key_count, times.size());
  for (std::size_t k = 0; k < times.size(); ++k) {
    const float* key = &d.weight_values[d.tracks[0].first_value + k * (1 + targets)];
    EXPECT_EQ(key[0], times[k]) << "key " << k;
    for (std::size_t i = 0; i < targets; ++i) EXPECT_EQ(key[1 + i], weights[k * targets + i]) << "key " << k;
  }
  EXPECT_EQ(model.animations()[0].duration, times.back());
}

void expect_morphs(const fs::path& file, const std::vector<float>& default_weights) {
  const BakedModel& baked_model = baked(file);
  const Model& model = *baked_model.model;
  const auto ref = load_reference(file);
  const DecodedMorphs d = decoded(model);
  ASSERT_EQ(d.groups.size(), 1u);
  ASSERT_EQ(d.targets.size(), default_weights.size());
  EXPECT_EQ(d.name(d.groups[0].name_offset, d.groups[0].name_length), ref->nodes[0].name);
  std::vector<Mat> locals;
  for (const tinygltf::Node& n : ref->nodes) locals.push_back(node_local(n));
  const Mat g = globals(locals, node_parents(*ref))[0];
  for (std::size_t t = 0; t < d.targets.size(); ++t) {
    EXPECT_EQ(d.targets[t].default_weight, default_weights[t]);
    expect_deltas(*ref, ref->meshes[0].primitives[0], g, model, d, t);
  }
  expect_size_rule(d, model.vertices().size());
  expect_linear_weight_keys(*ref, model, d);
  for (const std::string& w : baked_model.report.warnings) EXPECT_EQ(w.find("morph"), std::string::npos) << w;
}

TEST(BakeMorphTargets, AnimatedMorphCubeCarriesItsTargetsInModelSpaceAndItsWeightKeys) {
  AEM_REQUIRE_CORPUS(corpus);
  expect_morphs(khronos_model(corpus, "AnimatedMorphCube", "glTF-Binary/AnimatedMorphCube.glb"), {0, 0});
}

TEST(BakeMorphTargets, SimpleMorphCarriesItsTargetsDefaultWeightsAndWeightKeys) {
  AEM_REQUIRE_CORPUS(corpus);
  expect_morphs(khronos_model(corpus, "SimpleMorph", "glTF/SimpleMorph.gltf"), {0.5f, 0.5f});
}

// --format-version 1: no extension, the targets and their animation dropped with today's warnings.
TEST(BakeMorphTargets, VersionOneOnlyDropsTheTargetsWithTheWarnings) {
  AEM_REQUIRE_CORPUS(corpus);
  pipeline::BakeOptions options = test_options();
  options.version_1_only = true;
  const BakedModel& b = baked(khronos_model(corpus, "SimpleMorph", "glTF/SimpleMorph.gltf"), options, "v1");
  EXPECT_FALSE(b.model->extension_payload("morph_targets").has_value());
  const auto& w = b.report.warnings;
  EXPECT_TRUE(std::any_of(w.begin(), w.end(), [](const std::string& m) {
    return m.find("morph targets dropped (AEM has none)") != std::string::npos;
  }));
}

// The quad with one morph target per `targets` entry (JSON objects) and `mesh_extra` after them.
fs::path write_morph_quad(const ScratchDir& dir, const std::string& targets, const std::string& mesh_extra,
                          const std::string& nodes, const std::string& material = "") {
  const fs::path path = dir.path() / "morph_quad.gltf";
  write_file(path, R"({"asset": {"version": "2.0"}, )" + quad_buffers_json() + R"(,
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1, "NORMAL": 2}, "indices": 3,
                "targets": )" + targets + (material.empty() ? "" : R"(, "material": 0)") + "}]" + mesh_extra + R"(}],
    "nodes": )" + nodes + (material.empty() ? "" : R"(, "materials": [)" + material + "]") + R"(, "scenes": [{"nodes": [0]}]})");
  return path;
}

TEST(BakeMorphTargets, NodeWeightsOverrideTheMeshWeightsAndTargetNamesAreKept) {
  ScratchDir dir("morph_node_weights");
  const fs::path in = write_morph_quad(dir, R"([{"POSITION": 2}, {"NORMAL": 0}])",
                                       R"(, "weights": [0.25, 0.5], "extras": {"targetNames": ["up", "bend"]})",
                                       R"([{"mesh": 0, "name": "Face", "weights": [0.75, 1]}])");
  const auto result = pipeline::bake_model(in, test_options());
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const DecodedMorphs d = decoded(model);
  ASSERT_EQ(d.targets.size(), 2u);
  EXPECT_EQ(d.targets[0].default_weight, 0.75f);
  EXPECT_EQ(d.targets[1].default_weight, 1.0f);
  EXPECT_EQ(d.targets[0].attributes, kMorphPosition);
  EXPECT_EQ(d.targets[1].attributes, kMorphNormal);
  EXPECT_EQ(d.name(d.targets[0].name_offset, d.targets[0].name_length), "up");
  EXPECT_EQ(d.name(d.targets[1].name_offset, d.targets[1].name_length), "bend");
  EXPECT_EQ(d.name(d.groups[0].name_offset, d.groups[0].name_length), "Face");
  EXPECT_TRUE(d.tracks.empty());
}

// Under a node that scales unevenly, position deltas follow the transform and normal deltas the
// normal matrix, scaled as the stored unit normals are (the corpus models' normal deltas are 0).
TEST(BakeMorphTargets, NormalDeltasUnderAnUnevenScaleFollowTheStoredUnitNormals) {
  ScratchDir dir("morph_scaled");
  const fs::path in = write_morph_quad(dir, R"([{"POSITION": 2, "NORMAL": 0}])", "",
                                       R"([{"mesh": 0, "scale": [2, 3, 0.5], "rotation": [0, 0.6, 0, 0.8]}])");
  const auto result = pipeline::bake_model(in, test_options());
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const auto ref = load_reference(in);
  const DecodedMorphs d = decoded(model);
  ASSERT_EQ(d.targets.size(), 1u);
  EXPECT_EQ(d.targets[0].attributes, kMorphPosition | kMorphNormal);
  expect_deltas(*ref, ref->meshes[0].primitives[0], node_local(ref->nodes[0]), model, d, 0);
}

// A double-sided material's back faces turn their normals, and their normal deltas with them;
// position deltas stay as they are.
TEST(BakeMorphTargets, BackFaceCopiesNegateNormalDeltasNotPositionDeltas) {
  ScratchDir dir("morph_back_faces");
  const fs::path in = write_morph_quad(dir, R"([{"POSITION": 2, "NORMAL": 0}])", "", R"([{"mesh": 0}])",
                                       R"({"doubleSided": true})");
  const auto result = pipeline::bake_model(in, test_options());
  const auto bytes = pipeline::serialize_model(result.content);
  const Model model = Model::open_memory(bytes);
  const DecodedMorphs d = decoded(model);
  ASSERT_EQ(d.targets.size(), 1u);
  const auto vertices = model.vertices();
  ASSERT_EQ(vertices.size(), 8u);
  const std::vector<float> rows = d.expanded(0, vertices.size());
  std::size_t pairs = 0;
  for (std::size_t a = 0; a < vertices.size(); ++a)
    for (std::size_t b = 0; b < vertices.size(); ++b) {
      if (std::memcmp(vertices[a].position, vertices[b].position, 12) != 0 || vertices[a].normal[2] <= 0 ||
          vertices[b].normal[2] >= 0)
        continue;
      ++pairs;
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_EQ(rows[b * 9 + c], rows[a * 9 + c]) << "position delta of back vertex " << b;
        EXPECT_EQ(rows[b * 9 + 3 + c], -rows[a * 9 + 3 + c]) << "normal delta of back vertex " << b;
      }
    }
  EXPECT_EQ(pairs, 4u);
  EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](float x) { return x < 0; }));
}

// A target the bake cannot read (here the SCALAR indices accessor) drops the mesh's targets with
// a warning naming mesh, primitive, target and accessor; the base shape bakes as before.
TEST(BakeMorphTargets, UnreadableTargetIsDroppedWithAWarningNamingIt) {
  ScratchDir dir("morph_unreadable");
  const fs::path in = write_morph_quad(dir, R"([{"POSITION": 3}])", "", R"([{"mesh": 0}])");
  const auto result = pipeline::bake_model(in, test_options());
  EXPECT_TRUE(result.content.extensions.morph_targets.empty());
  const auto& w = result.report.warnings;
  EXPECT_TRUE(std::any_of(w.begin(), w.end(), [](const std::string& m) {
    return m.find("mesh 0 morph targets dropped, the base shape is kept: primitive 0 target 0 POSITION accessor 3 is not VEC3") !=
           std::string::npos;
  })) << ::testing::PrintToString(w);
}

// The quad of synthetic_gltf.hpp as a triangle pair with one position target, animated by one
// `weights` sampler of `interpolation` with `times` and `weights` (accessors 3 and 4).
fs::path write_weights_animation(const ScratchDir& dir, const std::string& interpolation, const std::vector<float>& times,
                                 const std::vector<float>& weights) {
  std::vector<std::uint8_t> buf;
  auto put = [&](const void* p, std::size_t n) { buf.insert(buf.end(), (const std::uint8_t*)p, (const std::uint8_t*)p + n); };
  const float positions[] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0}, deltas[] = {0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0};
  const std::uint16_t indices[] = {0, 1, 2, 2, 1, 3, 0, 0};
  put(positions, 48);
  put(indices, 16);
  put(deltas, 48);
  put(times.data(), times.size() * 4);
  put(weights.data(), weights.size() * 4);
  const fs::path path = dir.path() / "weights.gltf";
  write_file(path, R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": )" + std::to_string(buf.size()) +
                       R"(, "uri": "data:application/octet-stream;base64,)" + base64_text(buf) + R"("}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 12},
      {"buffer": 0, "byteOffset": 64, "byteLength": 48}, {"buffer": 0, "byteOffset": 112, "byteLength": )" +
                       std::to_string(times.size() * 4) + R"(}, {"buffer": 0, "byteOffset": )" + std::to_string(112 + times.size() * 4) +
                       R"(, "byteLength": )" + std::to_string(weights.size() * 4) + R"(}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0,0,0], "max": [1,1,0]},
      {"bufferView": 1, "componentType": 5123, "count": 6, "type": "SCALAR"},
      {"bufferView": 2, "componentType": 5126, "count": 4, "type": "VEC3"},
      {"bufferView": 3, "componentType": 5126, "count": )" + std::to_string(times.size()) + R"(, "type": "SCALAR"},
      {"bufferView": 4, "componentType": 5126, "count": )" + std::to_string(weights.size()) + R"(, "type": "SCALAR"}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "targets": [{"POSITION": 2}]}]}],
    "nodes": [{"mesh": 0}], "scenes": [{"nodes": [0]}],
    "animations": [{"samplers": [{"input": 3, "output": 4, "interpolation": ")" + interpolation + R"("}],
                    "channels": [{"sampler": 0, "target": {"node": 0, "path": "weights"}}]}]})");
  return path;
}

// The one weight track's keys as (time, weight) pairs.
std::vector<std::pair<float, float>> weight_keys(const fs::path& in) {
  const auto result = pipeline::bake_model(in, test_options());
  const auto& tracks = result.content.extensions.morph_targets.weight_tracks;
  std::vector<std::pair<float, float>> keys;
  if (tracks.size() != 1) return keys;
  for (std::size_t k = 0; k + 1 < tracks[0].size(); k += 2) keys.emplace_back(tracks[0][k], tracks[0][k + 1]);
  return keys;
}

TEST(BakeMorphTargets, StepWeightsHoldEachJumpWithARepeatedKeyTime) {
  ScratchDir dir("morph_step");
  const auto keys = weight_keys(write_weights_animation(dir, "STEP", {0, 1, 2}, {0, 1, 0.5f}));
  const std::vector<std::pair<float, float>> want{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 0.5f}};
  EXPECT_EQ(keys, want);
}

TEST(BakeMorphTargets, CubicSplineWeightsAreResampledWithinTheToleranceOfTheCurve) {
  ScratchDir dir("morph_cubic");
  // in-tangent, value, out-tangent per key: 0 -> 1 with flat tangents (smoothstep).
  const auto keys = weight_keys(write_weights_animation(dir, "CUBICSPLINE", {0, 1}, {0, 0, 0, 0, 1, 0}));
  ASSERT_GT(keys.size(), 3u);
  EXPECT_EQ(keys.front(), std::make_pair(0.0f, 0.0f));
  EXPECT_EQ(keys.back(), std::make_pair(1.0f, 1.0f));
  for (double s = 0; s <= 1; s += 1.0 / 64) {  // the linear keys against 3s^2 - 2s^3
    std::size_t k = 1;
    while (k + 1 < keys.size() && keys[k].first < s) ++k;
    const double f = (s - keys[k - 1].first) / (keys[k].first - keys[k - 1].first);
    EXPECT_NEAR(keys[k - 1].second + (keys[k].second - keys[k - 1].second) * f, 3 * s * s - 2 * s * s * s, 2e-4) << s;
  }
}

// A finite delta that a node's scale pushes past float's range is refused like a position would
// be (found by the glTF bake fuzzer: the bake's own output check refused what it wrote).
TEST(BakeMorphTargets, ADeltaANodeScalePushesPastFloatIsRefusedNamingIt) {
  ScratchDir dir("morph_overflow");
  const std::string failure = bake_failure(write_morph_quad(dir, R"([{"POSITION": 2}])", "", R"([{"mesh": 0, "scale": [1, 1, 1e39]}])"));
  EXPECT_NE(failure.find("morph target 0 POSITION"), std::string::npos) << failure;
  EXPECT_NE(failure.find("vertex 0 is not finite once node transforms are applied"), std::string::npos) << failure;
}

TEST(BakeMorphTargets, WeightsOutputOfTheWrongCountIsRefusedNamingTheSampler) {
  ScratchDir dir("morph_wrong_count");
  EXPECT_NE(bake_failure(write_weights_animation(dir, "LINEAR", {0, 1}, {0, 1, 2}))
                .find("animation 0 sampler 0: output accessor 4 has 3 weights for 2 key times of 1 morph targets (needs 2)"),
            std::string::npos);
}

}  // namespace
}  // namespace aem::test
