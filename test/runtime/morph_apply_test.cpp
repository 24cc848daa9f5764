// apply_morph_targets (aem/morph.hpp): the CPU path against a double-precision reference within
// 1e-5 of the model's size, on generated meshes with many dense and sparse targets, and its
// edges (zero weights, sizes that do not match, the bitangent's handedness).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "aem/ext_morph_targets.hpp"
#include "aem/model.hpp"
#include "aem/morph.hpp"
#include "morph_payload.hpp"

namespace {

using aem::Vertex;
using Vec3 = std::array<double, 3>;

Vec3 to_vec(const float (&v)[3]) { return {v[0], v[1], v[2]}; }
Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Vec3 normalised(const Vec3& v) {
  const double length = std::sqrt(dot(v, v));
  return length > 0 ? Vec3{v[0] / length, v[1] / length, v[2] / length} : v;
}

// The rule of aem/morph.hpp in doubles, from the spec's description rather than the runtime's.
struct Reference {
  std::vector<Vec3> position, normal, tangent, bitangent;
};

Reference reference(const aem::test::MorphSpec& spec, const std::vector<Vertex>& base, const std::vector<float>& weights) {
  Reference r;
  for (const Vertex& v : base) {
    r.position.push_back(to_vec(v.position));
    r.normal.push_back(to_vec(v.normal));
    r.tangent.push_back(to_vec(v.tangent));
    r.bitangent.push_back(to_vec(v.bitangent));
  }
  std::size_t low = base.size(), high = 0;
  for (std::size_t t = 0; t < spec.targets.size(); ++t) {
    const aem::test::MorphTargetSpec& target = spec.targets[t];
    const double w = weights[t];
    if (w == 0) continue;
    std::vector<std::uint32_t> moved = target.sparse_indices;
    if (!target.sparse) {
      for (std::uint32_t v = 0; v < target.vertex_span; ++v) moved.push_back(target.first_vertex + v);
    }
    std::size_t d = 0;
    for (std::uint32_t v : moved) {
      for (auto [bit, out] : {std::pair{1u, &r.position}, {2u, &r.normal}, {4u, &r.tangent}}) {
        if ((target.attributes & bit) == 0) continue;
        for (int k = 0; k < 3; ++k) (*out)[v][std::size_t(k)] += w * double(target.deltas[d++]);
      }
    }
    if ((target.attributes & 6) != 0) {
      low = std::min<std::size_t>(low, target.first_vertex);
      high = std::max<std::size_t>(high, target.first_vertex + target.vertex_span);
    }
  }
  for (std::size_t v = low; v < high; ++v) {
    const double handedness = dot(cross(to_vec(base[v].normal), to_vec(base[v].tangent)), to_vec(base[v].bitangent)) < 0 ? -1 : 1;
    r.normal[v] = normalised(r.normal[v]);
    r.tangent[v] = normalised(r.tangent[v]);
    const Vec3 b = cross(r.normal[v], r.tangent[v]);
    r.bitangent[v] = {handedness * b[0], handedness * b[1], handedness * b[2]};
  }
  return r;
}

double largest_difference(const std::vector<Vec3>& expected, std::span<const Vertex> out, std::size_t field) {
  double worst = 0;
  for (std::size_t v = 0; v < out.size(); ++v) {
    const float* actual = reinterpret_cast<const float*>(&out[v]) + field;
    for (std::size_t k = 0; k < 3; ++k) worst = std::max(worst, std::abs(double(actual[k]) - expected[v][k]));
  }
  return worst;
}

// The model's size: its bounding box's diagonal.
double model_size(std::span<const Vertex> vertices) {
  Vec3 low{1e30, 1e30, 1e30}, high{-1e30, -1e30, -1e30};
  for (const Vertex& v : vertices) {
    for (std::size_t k = 0; k < 3; ++k) {
      low[k] = std::min(low[k], double(v.position[k]));
      high[k] = std::max(high[k], double(v.position[k]));
    }
  }
  const Vec3 extent{high[0] - low[0], high[1] - low[1], high[2] - low[2]};
  return std::sqrt(dot(extent, extent));
}

void expect_matches_reference(std::uint32_t seed, std::uint32_t vertices, std::uint32_t targets, bool sparse) {
  const aem::test::MorphModel m = aem::test::random_morph_model(seed, vertices, targets, sparse);
  const std::vector<std::byte> file = aem::test::with_morph_payload(m.content, aem::test::morph_payload(m.spec));
  const aem::Model model = aem::Model::open_memory(file);
  const aem::MorphTargetsView view = aem::morph_targets_of(model).value();
  std::mt19937 rng(seed);
  std::vector<float> weights(targets);
  for (float& w : weights) w = rng() % 4 == 0 ? 0.0f : std::uniform_real_distribution<float>(-1, 1.5f)(rng);
  std::vector<Vertex> out(vertices);
  aem::apply_morph_targets(view, model.vertices(), weights, out);
  const Reference r = reference(m.spec, m.content.vertices, weights);
  const double size = model_size(model.vertices());
  EXPECT_LE(largest_difference(r.position, out, 0), 1e-5 * size);
  EXPECT_LE(largest_difference(r.normal, out, 3), 1e-5);
  EXPECT_LE(largest_difference(r.tangent, out, 6), 1e-5);
  EXPECT_LE(largest_difference(r.bitangent, out, 9), 1e-5);
  for (std::size_t v = 0; v < out.size(); ++v) {  // uv, joints and weights copied as they are
    ASSERT_EQ(std::memcmp(&out[v].uv, &model.vertices()[v].uv, sizeof(Vertex) - offsetof(Vertex, uv)), 0) << v;
  }
}

TEST(MorphApply, DenseTargetsMatchTheDoubleReference) { expect_matches_reference(1, 3000, 96, false); }
TEST(MorphApply, SparseAndDenseTargetsMatchTheDoubleReference) { expect_matches_reference(2, 3000, 96, true); }
TEST(MorphApply, ManySmallModels) {
  for (std::uint32_t seed = 10; seed < 40; ++seed) expect_matches_reference(seed, 1 + seed * 7, 1 + seed % 13, seed % 2 == 0);
}

TEST(MorphApply, ZeroWeightsCopyTheVerticesBitForBit) {
  const aem::test::MorphModel m = aem::test::random_morph_model(3, 500, 20, true);
  const std::vector<std::byte> file = aem::test::with_morph_payload(m.content, aem::test::morph_payload(m.spec));
  const aem::Model model = aem::Model::open_memory(file);
  std::vector<float> weights(20, 0.0f);
  weights[4] = std::nanf("");  // not finite: skipped like 0
  std::vector<Vertex> out(500);
  aem::apply_morph_targets(*aem::morph_targets_of(model), model.vertices(), weights, out);
  EXPECT_EQ(std::memcmp(out.data(), model.vertices().data(), out.size() * sizeof(Vertex)), 0);
}

TEST(MorphApply, PositionOnlyTargetsLeaveTheOtherFieldsAlone) {
  // Negative zeros in the normal, right after the position the target moves: kept as they are.
  aem::pipeline::ModelContent content = aem::test::tiny_model();
  for (Vertex& v : content.vertices) v.normal[0] = -0.0f;
  aem::test::MorphSpec spec;
  spec.groups = {{"g", 1}};
  spec.targets = {{"up", 0, 1, 0, 3, false, {}, {0, 0, 1, 0, 0, 2, 0, 0, 4}}};
  spec.tracks = {{}};
  const std::vector<std::byte> file = aem::test::with_morph_payload(content, aem::test::morph_payload(spec));
  const aem::Model model = aem::Model::open_memory(file);
  std::vector<Vertex> out(3);
  aem::apply_morph_targets(*aem::morph_targets_of(model), model.vertices(), std::vector<float>{0.5f}, out);
  for (std::size_t v = 0; v < 3; ++v) {
    EXPECT_EQ(out[v].position[2], 0.5f * float(1 << v));
    EXPECT_TRUE(std::signbit(out[v].normal[0]));
    EXPECT_EQ(std::memcmp(out[v].normal, model.vertices()[v].normal, sizeof(Vertex) - offsetof(Vertex, normal)), 0);
  }
}

TEST(MorphApply, SizesThatDoNotMatchThrow) {
  const aem::test::MorphModel m = aem::test::random_morph_model(4, 10, 3, false);
  const std::vector<std::byte> file = aem::test::with_morph_payload(m.content, aem::test::morph_payload(m.spec));
  const aem::Model model = aem::Model::open_memory(file);
  const aem::MorphTargetsView view = *aem::morph_targets_of(model);
  std::vector<Vertex> out(10);
  EXPECT_THROW(aem::apply_morph_targets(view, model.vertices(), std::vector<float>(2), out), std::invalid_argument);
  std::vector<Vertex> short_out(9);
  EXPECT_THROW(aem::apply_morph_targets(view, model.vertices(), std::vector<float>(3), short_out), std::invalid_argument);
  std::vector<float> defaults(3);
  aem::default_morph_weights(view, defaults);
  EXPECT_EQ(defaults[1], m.spec.targets[1].default_weight);
  EXPECT_THROW(aem::default_morph_weights(view, std::span<float>(defaults).first(2)), std::invalid_argument);
}

}  // namespace
