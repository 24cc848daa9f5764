// A skinned model's export, read back with tinygltf and sampled (LINEAR, shortest-path slerp) at
// several times, gives the joint matrices the AEM runtime's sampler gives, within 1e-5.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "aem/animation_sampler.hpp"
#include "aem/skeleton.hpp"
#include "gltf_export_test_support.hpp"

namespace aem::test {
namespace {

// An accessor's floats (tightly packed or strided), `components` per element.
std::vector<float> floats(const tinygltf::Model& m, int index, int components) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(index)];
  const tinygltf::BufferView& v = m.bufferViews[std::size_t(a.bufferView)];
  const unsigned char* base = m.buffers[std::size_t(v.buffer)].data.data() + v.byteOffset + a.byteOffset;
  const std::size_t stride = v.byteStride ? v.byteStride : std::size_t(components) * 4;
  std::vector<float> out(a.count * std::size_t(components));
  for (std::size_t i = 0; i < a.count; ++i) std::memcpy(&out[i * std::size_t(components)], base + i * stride, std::size_t(components) * 4);
  return out;
}

// A LINEAR channel's value at time t (rotations by shortest-path slerp).
std::vector<double> channel_value(const std::vector<float>& times, const std::vector<float>& values, int n, float t) {
  auto key = [&](std::size_t k) {
    return std::vector<double>(values.begin() + std::ptrdiff_t(k) * n, values.begin() + std::ptrdiff_t(k + 1) * n);
  };
  if (t <= times.front()) return key(0);
  if (t >= times.back()) return key(times.size() - 1);
  std::size_t k = 0;
  while (times[k + 1] < t) ++k;
  const double u = (t - times[k]) / double(times[k + 1] - times[k]);
  std::vector<double> a = key(k), b = key(k + 1), out = std::vector<double>(std::size_t(n));
  if (n == 3) {
    for (std::size_t c = 0; c < 3; ++c) out[c] = a[c] + (b[c] - a[c]) * u;
    return out;
  }
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    for (double& c : b) c = -c;
    d = -d;
  }
  const double angle = std::acos(std::min(1.0, d));
  const double wa = angle < 1e-6 ? 1 - u : std::sin((1 - u) * angle) / std::sin(angle);
  const double wb = angle < 1e-6 ? u : std::sin(u * angle) / std::sin(angle);
  for (std::size_t c = 0; c < 4; ++c) out[c] = a[c] * wa + b[c] * wb;
  return out;
}

// Every node's skinning matrix (global × inverse bind) for the export's skin at time t of animation a.
std::vector<Mat> gltf_skinning(const tinygltf::Model& m, int animation, float t) {
  std::vector<Mat> locals;
  std::vector<std::array<double, 3>> translation(m.nodes.size()), scale(m.nodes.size(), {1, 1, 1});
  std::vector<std::array<double, 4>> rotation(m.nodes.size(), {0, 0, 0, 1});
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const tinygltf::Node& n = m.nodes[i];
    if (n.translation.size() == 3) translation[i] = {n.translation[0], n.translation[1], n.translation[2]};
    if (n.rotation.size() == 4) rotation[i] = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
    if (n.scale.size() == 3) scale[i] = {n.scale[0], n.scale[1], n.scale[2]};
  }
  for (const tinygltf::AnimationChannel& c : m.animations[std::size_t(animation)].channels) {
    const tinygltf::AnimationSampler& s = m.animations[std::size_t(animation)].samplers[std::size_t(c.sampler)];
    const int n = c.target_path == "rotation" ? 4 : 3;
    const std::vector<double> v = channel_value(floats(m, s.input, 1), floats(m, s.output, n), n, t);
    const auto node = std::size_t(c.target_node);
    if (c.target_path == "translation") translation[node] = {v[0], v[1], v[2]};
    if (c.target_path == "rotation") rotation[node] = {v[0], v[1], v[2], v[3]};
    if (c.target_path == "scale") scale[node] = {v[0], v[1], v[2]};
  }
  for (std::size_t i = 0; i < m.nodes.size(); ++i) locals.push_back(trs_matrix(translation[i], rotation[i], scale[i]));
  const std::vector<Mat> global = globals(locals, node_parents(m));
  const tinygltf::Skin& skin = m.skins.at(0);
  const std::vector<float> ibm = floats(m, skin.inverseBindMatrices, 16);
  std::vector<Mat> out;
  for (std::size_t j = 0; j < skin.joints.size(); ++j) {
    Mat inverse_bind;
    for (std::size_t k = 0; k < 16; ++k) inverse_bind[k] = ibm[j * 16 + k];
    out.push_back(mat_mul(global[std::size_t(skin.joints[j])], inverse_bind));
  }
  return out;
}

void expect_same_joint_matrices(const std::string& name) {
  const auto corpus = corpus_dir();
  if (!corpus) GTEST_SKIP() << "corpus not found (set AEM_CORPUS)";
  const std::filesystem::path source = khronos_model(*corpus, name);
  if (source.empty()) GTEST_SKIP() << name << " is not in the corpus";
  ScratchDir scratch("gltf_export_skin_" + name);
  const BakedModel& baked_model = baked(source);
  const std::filesystem::path glb = scratch.path() / (name + ".glb");
  export_glb(baked_model.bytes, glb);
  const std::unique_ptr<tinygltf::Model> exported = load_reference(glb);
  const Model& model = *baked_model.model;
  ASSERT_GT(model.animations().size(), 0u);
  AnimationSampler sampler(model);
  const Skeleton skeleton(model);
  std::vector<Transform> locals(model.joints().size());
  std::vector<aem::Mat4> model_space(model.joints().size());
  std::vector<float> skinning(16 * model.joints().size());
  // A skinning matrix's translation is the difference of terms as large as the joints' distance
  // from the origin in the bind pose, and float rounding is relative to that: Fox, in centimetres,
  // reaches 67.3 (its translations then differ by up to 6.3e-7 of it; every model's elements by
  // at most 2.0e-6 of their scale, RiggedFigure's).
  double reach = 1;
  for (const Joint& joint : model.joints())
    for (int k = 12; k < 15; ++k) reach = std::max(reach, double(std::abs(joint.inverse_bind[k])));
  double worst = 0;
  for (std::uint32_t a = 0; a < model.animations().size(); ++a)
    for (const float fraction : {0.0f, 0.13f, 0.5f, 0.77f, 1.0f}) {
      const float t = fraction * model.animations()[a].duration;
      sampler.sample(a, t, Playback::clamp, locals);
      skeleton.local_to_model(locals, model_space);
      skeleton.skinning_matrices(model_space, skinning);
      const std::vector<Mat> expected = gltf_skinning(*exported, int(a), t);
      ASSERT_EQ(expected.size(), model.joints().size());
      for (std::size_t j = 0; j < expected.size(); ++j)
        for (std::size_t k = 0; k < 16; ++k) {
          const double scale = std::max({1.0, std::abs(expected[j][k]), k >= 12 && k < 15 ? reach : 1.0});
          worst = std::max(worst, std::abs(skinning[j * 16 + k] - expected[j][k]) / scale);
          ASSERT_NEAR(skinning[j * 16 + k], expected[j][k], 1e-5 * scale)
              << name << " animation " << a << " t " << t << " joint " << j << " element " << k;
        }
    }
  std::printf("%s: reach %.1f, largest difference %.2e of the element's scale\n", name.c_str(), reach, worst);
}

TEST(GltfExportSkin, CesiumManJointMatricesMatchTheRuntime) { expect_same_joint_matrices("CesiumMan"); }
TEST(GltfExportSkin, RiggedFigureJointMatricesMatchTheRuntime) { expect_same_joint_matrices("RiggedFigure"); }
TEST(GltfExportSkin, RiggedSimpleJointMatricesMatchTheRuntime) { expect_same_joint_matrices("RiggedSimple"); }
// Three animations on 24 joints, in centimetres (translations near 100).
TEST(GltfExportSkin, FoxJointMatricesMatchTheRuntime) { expect_same_joint_matrices("Fox"); }

}  // namespace
}  // namespace aem::test
