// Every corpus model (khronos/ and extra/) bakes, the result passes strict validation, and its
// geometry matches the source read independently with tinygltf: triangle count, bounding box,
// and for skinned models the bind-pose positions.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <stdexcept>

#include "bake_test_support.hpp"
#include "scratch_dir.hpp"

namespace aem::test {
namespace {

// Float VEC3 positions (with sparse substitution) and integer indices, read independently.
std::vector<std::array<double, 3>> read_positions(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(accessor)];
  std::vector<std::array<double, 3>> out(a.count, {0, 0, 0});
  EXPECT_EQ(a.componentType, TINYGLTF_COMPONENT_TYPE_FLOAT);
  if (a.bufferView >= 0) {
    const auto& view = m.bufferViews[std::size_t(a.bufferView)];
    const std::size_t stride = view.byteStride ? view.byteStride : 12;
    const unsigned char* base = m.buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset;
    for (std::size_t i = 0; i < a.count; ++i) {
      float v[3];
      std::memcpy(v, base + i * stride, 12);
      out[i] = {v[0], v[1], v[2]};
    }
  }
  if (a.sparse.isSparse) {
    const auto& iv = m.bufferViews[std::size_t(a.sparse.indices.bufferView)];
    const auto& vv = m.bufferViews[std::size_t(a.sparse.values.bufferView)];
    const unsigned char* ib = m.buffers[std::size_t(iv.buffer)].data.data() + iv.byteOffset + std::size_t(a.sparse.indices.byteOffset);
    const unsigned char* vb = m.buffers[std::size_t(vv.buffer)].data.data() + vv.byteOffset + std::size_t(a.sparse.values.byteOffset);
    for (int k = 0; k < a.sparse.count; ++k) {
      std::uint32_t target = 0;
      switch (a.sparse.indices.componentType) {
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: target = ib[k]; break;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: { std::uint16_t t; std::memcpy(&t, ib + k * 2, 2); target = t; break; }
        default: std::memcpy(&target, ib + k * 4, 4);
      }
      float v[3];
      std::memcpy(v, vb + std::size_t(k) * 12, 12);
      out[target] = {v[0], v[1], v[2]};
    }
  }
  return out;
}

std::vector<std::uint32_t> read_indices(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(accessor)];
  const auto& view = m.bufferViews[std::size_t(a.bufferView)];
  const unsigned char* base = m.buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset;
  std::vector<std::uint32_t> out(a.count);
  for (std::size_t i = 0; i < a.count; ++i) {
    switch (a.componentType) {
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: out[i] = base[i]; break;
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: { std::uint16_t v; std::memcpy(&v, base + i * 2, 2); out[i] = v; break; }
      default: std::memcpy(&out[i], base + i * 4, 4);
    }
  }
  return out;
}

struct SourceGeometry {
  std::size_t triangles = 0;
  std::array<double, 3> lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
  std::vector<std::array<double, 3>> skinned_positions;
};

SourceGeometry source_geometry(const tinygltf::Model& m) {
  SourceGeometry out;
  const std::vector<int> parent = node_parents(m);
  std::vector<Mat> locals;
  for (const auto& n : m.nodes) locals.push_back(node_local(n));
  const std::vector<Mat> global = globals(locals, parent);
  std::vector<int> roots;
  if (!m.scenes.empty()) roots = m.scenes[std::size_t(std::max(0, m.defaultScene))].nodes;
  std::function<void(int)> visit = [&](int node) {
    const tinygltf::Node& n = m.nodes[std::size_t(node)];
    if (n.mesh >= 0) {
      for (const auto& p : m.meshes[std::size_t(n.mesh)].primitives) {
        if (p.mode != 4 && p.mode != 5 && p.mode != 6) continue;
        const auto pos = read_positions(m, p.attributes.at("POSITION"));
        std::vector<std::uint32_t> idx;
        if (p.indices >= 0) idx = read_indices(m, p.indices);
        else for (std::uint32_t i = 0; i < pos.size(); ++i) idx.push_back(i);
        std::size_t tris = 0;
        auto count = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) { tris += (a != b && b != c && a != c) ? 1 : 0; };
        if (p.mode == 4) for (std::size_t i = 0; i + 2 < idx.size(); i += 3) count(idx[i], idx[i + 1], idx[i + 2]);
        if (p.mode == 5) for (std::size_t i = 0; i + 2 < idx.size(); ++i) count(idx[i], idx[i + 1], idx[i + 2]);
        if (p.mode == 6) for (std::size_t i = 0; i + 2 < idx.size(); ++i) count(idx[i + 1], idx[i + 2], idx[0]);
        // A doubleSided material's triangles are baked twice, the second time facing back.
        const bool double_sided = p.material >= 0 && m.materials[std::size_t(p.material)].doubleSided;
        out.triangles += double_sided ? 2 * tris : tris;
        const bool skinned = n.skin >= 0 && p.attributes.count("JOINTS_0");
        std::vector<char> used(pos.size(), 0);
        for (std::uint32_t i : idx) used[i] = 1;
        for (std::size_t i = 0; i < pos.size(); ++i) {
          if (!used[i]) continue;
          std::array<double, 3> q = pos[i];
          if (!skinned) {
            const Mat& g = global[std::size_t(node)];
            q = {g[0] * pos[i][0] + g[4] * pos[i][1] + g[8] * pos[i][2] + g[12],
                 g[1] * pos[i][0] + g[5] * pos[i][1] + g[9] * pos[i][2] + g[13],
                 g[2] * pos[i][0] + g[6] * pos[i][1] + g[10] * pos[i][2] + g[14]};
          } else {
            out.skinned_positions.push_back(q);
          }
          for (int c = 0; c < 3; ++c) {
            out.lo[std::size_t(c)] = std::min(out.lo[std::size_t(c)], q[std::size_t(c)]);
            out.hi[std::size_t(c)] = std::max(out.hi[std::size_t(c)], q[std::size_t(c)]);
          }
        }
      }
    }
    for (int c : n.children) visit(c);
  };
  for (int r : roots) visit(r);
  return out;
}

std::vector<std::filesystem::path> corpus_models(const std::filesystem::path& corpus) {
  auto files = corpus_sweep(corpus / "khronos");
  const auto extra = corpus_sweep(corpus / "extra");
  files.insert(files.end(), extra.begin(), extra.end());
  return files;
}

TEST(BakeCorpus, EveryModelBakesAndPassesStrictValidation) {
  AEM_REQUIRE_CORPUS(corpus);
  const auto files = corpus_models(corpus);
  ASSERT_GT(files.size(), 40u);
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    try {
      const BakedModel& b = baked(file);
      EXPECT_EQ(semantic_problems(*b.model), "");
    } catch (const std::exception& e) {
      ADD_FAILURE() << "bake failed: " << e.what();
    }
  }
}

TEST(BakeCorpus, TriangleCountAndBoundingBoxMatchTheSource) {
  AEM_REQUIRE_CORPUS(corpus);
  for (const auto& file : corpus_models(corpus)) {
    SCOPED_TRACE(file.string());
    const auto ref = load_reference(file);
    const SourceGeometry src = source_geometry(*ref);
    const Model& model = *baked(file).model;
    EXPECT_EQ(model.indices().size() / 3, src.triangles);
    if (src.triangles == 0) continue;
    std::array<double, 3> lo{1e300, 1e300, 1e300}, hi{-1e300, -1e300, -1e300};
    for (const Vertex& v : model.vertices())
      for (int c = 0; c < 3; ++c) {
        lo[std::size_t(c)] = std::min(lo[std::size_t(c)], double(v.position[c]));
        hi[std::size_t(c)] = std::max(hi[std::size_t(c)], double(v.position[c]));
      }
    double size = 0;
    for (int c = 0; c < 3; ++c) size = std::max(size, src.hi[std::size_t(c)] - src.lo[std::size_t(c)]);
    for (int c = 0; c < 3; ++c) {
      EXPECT_NEAR(lo[std::size_t(c)], src.lo[std::size_t(c)], 1e-4 * size) << "axis " << c;
      EXPECT_NEAR(hi[std::size_t(c)], src.hi[std::size_t(c)], 1e-4 * size) << "axis " << c;
    }
  }
}

TEST(BakeCorpus, SkinnedBindPosePositionsEqualTheSource) {
  AEM_REQUIRE_CORPUS(corpus);
  int skinned_models = 0;
  for (const auto& file : corpus_models(corpus)) {
    const auto ref = load_reference(file);
    if (ref->skins.empty()) continue;
    SCOPED_TRACE(file.string());
    const SourceGeometry src = source_geometry(*ref);
    if (src.skinned_positions.empty()) continue;
    ++skinned_models;
    double size = 0;
    for (int c = 0; c < 3; ++c) size = std::max(size, src.hi[std::size_t(c)] - src.lo[std::size_t(c)]);
    const double tolerance = 1e-4 * size;
    auto sorted = src.skinned_positions;
    std::sort(sorted.begin(), sorted.end());
    const Model& model = *baked(file).model;
    std::size_t skinned_vertices = 0;
    for (const Vertex& v : model.vertices()) {
      if (v.weights[0] + v.weights[1] + v.weights[2] + v.weights[3] == 0) continue;
      ++skinned_vertices;
      const std::array<double, 3> p{v.position[0], v.position[1], v.position[2]};
      // Nearest source position among those within tolerance in x.
      auto it = std::lower_bound(sorted.begin(), sorted.end(), std::array<double, 3>{p[0] - tolerance, -1e300, -1e300});
      double best = 1e300;
      for (; it != sorted.end() && (*it)[0] <= p[0] + tolerance; ++it) {
        const double d = std::max({std::fabs((*it)[0] - p[0]), std::fabs((*it)[1] - p[1]), std::fabs((*it)[2] - p[2])});
        best = std::min(best, d);
      }
      ASSERT_LE(best, tolerance) << "vertex at " << p[0] << "," << p[1] << "," << p[2] << " has no source position";
    }
    EXPECT_GT(skinned_vertices, 0u);
  }
  EXPECT_GE(skinned_models, 4);
}

// The ASan preset's size limit on corpus sweeps: a value that is not a byte count is an error,
// not a limit of 0 that would quietly leave out every model.
TEST(BakeCorpus, SweepSizeLimitMustBeAByteCount) {
  const char* before = std::getenv("AEM_TEST_CORPUS_MAX_BYTES");
  const std::string saved = before ? before : "";
  const ScratchDir dir("sweep_limit");
  const std::filesystem::path model = dir.path() / "model.glb";
  std::ofstream(model, std::ios::binary) << std::string(100, 'x');
  for (const char* bad : {"1MB", "-5", "0x10", "99999999999999999999999"}) {
    ::setenv("AEM_TEST_CORPUS_MAX_BYTES", bad, 1);
    EXPECT_THROW(corpus_model_taken(model), std::invalid_argument) << bad;
  }
  ::setenv("AEM_TEST_CORPUS_MAX_BYTES", "100", 1);
  EXPECT_TRUE(corpus_model_taken(model));
  ::setenv("AEM_TEST_CORPUS_MAX_BYTES", "99", 1);
  EXPECT_FALSE(corpus_model_taken(model));
  if (before) ::setenv("AEM_TEST_CORPUS_MAX_BYTES", saved.c_str(), 1);
  else ::unsetenv("AEM_TEST_CORPUS_MAX_BYTES");
}

}  // namespace
}  // namespace aem::test
