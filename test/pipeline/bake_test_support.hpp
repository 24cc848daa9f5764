#pragma once
// Shared by the bake tests: corpus model paths, one bake per model per test process, the baked
// bytes opened as a validated Model, and an independent tinygltf reading of the source.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <tiny_gltf.h>

#include "aem/model.hpp"
#include "aem/pipeline/bake.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/validation.hpp"
#include "corpus.hpp"
#include "corpus_files.hpp"

namespace aem::test {

// The models of `dir` a corpus-wide sweep bakes: its .gltf, .glb and .e3d files that
// corpus_model_taken keeps (all of them, but in the sanitizer build; see corpus.hpp).
inline std::vector<std::filesystem::path> corpus_sweep(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files = files_with_extensions(dir, {".glb", ".gltf", ".e3d"});
  std::erase_if(files, [](const std::filesystem::path& file) { return !corpus_model_taken(file); });
  return files;
}

// The options tests bake with: uncompressed, small textures (fast under sanitizers).
inline pipeline::BakeOptions test_options() {
  pipeline::BakeOptions options;
  options.textures = pipeline::TextureEncoding::rgba;
  options.max_texture_size = 256;
  return options;
}

// test_options() with --strict: what would be a warning is an error.
inline pipeline::BakeOptions strict_test_options() {
  pipeline::BakeOptions options = test_options();
  options.strict = true;
  return options;
}

// The message of the BakeError that baking `path` throws, or "(baked)" when it bakes.
inline std::string bake_failure(const std::filesystem::path& path, const pipeline::BakeOptions& options = test_options()) {
  try {
    pipeline::bake_model(path, options);
  } catch (const pipeline::BakeError& e) {
    return e.what();
  }
  return "(baked)";
}

struct BakedModel {
  std::vector<std::byte> bytes;
  std::unique_ptr<Model> model;  // validated open of `bytes`
  pipeline::BakeReport report;
};

// Bakes `path` once per process (per option set key) and keeps the result.
inline const BakedModel& baked(const std::filesystem::path& path,
                               const pipeline::BakeOptions& options = test_options(),
                               const std::string& key = "rgba256") {
  static std::map<std::string, std::unique_ptr<BakedModel>> cache;
  auto& slot = cache[key + "|" + path.string()];
  if (!slot) {
    auto result = pipeline::bake_model(path, options);
    auto out = std::make_unique<BakedModel>();
    out->bytes = pipeline::serialize_model(result.content);
    out->report = std::move(result.report);
    out->model = std::make_unique<Model>(Model::open_memory(out->bytes));
    slot = std::move(out);
  }
  return *slot;
}

// Strict (semantic) problems of a model, as text; empty when valid.
inline std::string semantic_problems(const Model& model) {
  std::string out;
  check_semantics(model.view(), [&](const Error& e) {
    out += e.describe() + "\n";
    return out.size() < 4000;
  });
  return out;
}

// The glTF as tinygltf reads it, for reference computations written independently of the bake.
inline std::unique_ptr<tinygltf::Model> load_reference(const std::filesystem::path& path) {
  auto model = std::make_unique<tinygltf::Model>();
  tinygltf::TinyGLTF loader;
  std::string err, warn;
  const bool ok = path.extension() == ".glb"
                      ? loader.LoadBinaryFromFile(model.get(), &err, &warn, path.string())
                      : loader.LoadASCIIFromFile(model.get(), &err, &warn, path.string());
  if (!ok) ADD_FAILURE() << "tinygltf cannot load " << path << ": " << err;
  return model;
}

using Mat = std::array<double, 16>;  // column-major

inline Mat mat_mul(const Mat& a, const Mat& b) {
  Mat r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[c * 4 + row] += a[k * 4 + row] * b[c * 4 + k];
  return r;
}

inline Mat trs_matrix(const std::array<double, 3>& t, std::array<double, 4> q, const std::array<double, 3>& s) {
  const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& v : q) v /= l;
  const double x = q[0], y = q[1], z = q[2], w = q[3];
  return {(1 - 2 * (y * y + z * z)) * s[0], 2 * (x * y + z * w) * s[0], 2 * (x * z - y * w) * s[0], 0,
          2 * (x * y - z * w) * s[1], (1 - 2 * (x * x + z * z)) * s[1], 2 * (y * z + x * w) * s[1], 0,
          2 * (x * z + y * w) * s[2], 2 * (y * z - x * w) * s[2], (1 - 2 * (x * x + y * y)) * s[2], 0,
          t[0], t[1], t[2], 1};
}

inline Mat node_local(const tinygltf::Node& n) {
  if (n.matrix.size() == 16) {
    Mat m;
    for (int i = 0; i < 16; ++i) m[std::size_t(i)] = n.matrix[std::size_t(i)];
    return m;
  }
  std::array<double, 3> t{0, 0, 0}, s{1, 1, 1};
  std::array<double, 4> r{0, 0, 0, 1};
  if (n.translation.size() == 3) t = {n.translation[0], n.translation[1], n.translation[2]};
  if (n.rotation.size() == 4) r = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
  if (n.scale.size() == 3) s = {n.scale[0], n.scale[1], n.scale[2]};
  return trs_matrix(t, r, s);
}

inline std::vector<int> node_parents(const tinygltf::Model& m) {
  std::vector<int> parent(m.nodes.size(), -1);
  for (std::size_t i = 0; i < m.nodes.size(); ++i)
    for (int c : m.nodes[i].children) parent[std::size_t(c)] = int(i);
  return parent;
}

// Global transform of every node from per-node locals.
inline std::vector<Mat> globals(const std::vector<Mat>& locals, const std::vector<int>& parent) {
  std::vector<Mat> g(locals.size());
  std::vector<char> done(locals.size(), 0);
  std::function<void(std::size_t)> visit = [&](std::size_t i) {
    if (done[i]) return;
    if (parent[i] >= 0) {
      visit(std::size_t(parent[i]));
      g[i] = mat_mul(g[std::size_t(parent[i])], locals[i]);
    } else {
      g[i] = locals[i];
    }
    done[i] = 1;
  };
  for (std::size_t i = 0; i < locals.size(); ++i) visit(i);
  return g;
}

inline std::string node_name(const tinygltf::Model& m, std::size_t i) {
  return m.nodes[i].name.empty() ? "node_" + std::to_string(i) : m.nodes[i].name;
}

}  // namespace aem::test
