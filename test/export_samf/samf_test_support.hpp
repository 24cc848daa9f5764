#pragma once
// Shared by the SAMF export tests: models opened from ModelContent, the file's matrices as
// doubles, the skinning of specs/samf-export.md from the file alone, and the AEM runtime's
// skinning of the same vertex.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/animation_sampler.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_content.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/pipeline/samf_export.hpp"
#include "aem/skeleton.hpp"
#include "samf_reader.hpp"

namespace aem::test::samf {

using Mat = std::array<double, 16>;  // column-major: m[4 * col + row]
using Point = std::array<double, 3>;
inline constexpr double kStep = 1.0 / 4096;  // one 4.12 unit

// A model written by the model writer and opened (validated) from memory; the bytes live here.
struct OpenedModel {
  std::vector<std::byte> bytes;
  std::unique_ptr<Model> model;
};
inline OpenedModel open_content(const pipeline::ModelContent& content) {
  OpenedModel m;
  m.bytes = pipeline::serialize_model(content);
  m.model = std::make_unique<Model>(Model::open_memory(m.bytes));
  return m;
}

// The message of the SamfExportError export_samf throws, or "no error".
inline std::string export_error(const Model& model, const std::string& name,
                                const pipeline::SamfExportOptions& options = {}) {
  try {
    (void)pipeline::export_samf(model, name, options);
  } catch (const pipeline::SamfExportError& e) {
    return e.what();
  }
  return "no error";
}

inline Mat to_mat(const Matrix& m) {
  Mat r{};
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) r[std::size_t(4 * col + row)] = m.m[row][col] / 4096.0;
  for (int i = 0; i < 3; ++i) r[std::size_t(12 + i)] = m.t[i] / 4096.0;
  r[15] = 1;
  return r;
}

inline Mat to_mat(const float (&m)[16]) {
  Mat r{};
  for (std::size_t i = 0; i < 16; ++i) r[i] = m[i];
  return r;
}

inline Mat mul(const Mat& a, const Mat& b) {
  Mat r{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r[std::size_t(4 * c + row)] += a[std::size_t(4 * k + row)] * b[std::size_t(4 * c + k)];
  return r;
}

// The inverse of an affine matrix (bottom row 0, 0, 0, 1), by the adjugate of its 3x3.
inline Mat invert_affine(const Mat& m) {
  const auto a = [&](int row, int col) { return m[std::size_t(4 * col + row)]; };
  const double det = a(0, 0) * (a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1)) - a(0, 1) * (a(1, 0) * a(2, 2) - a(1, 2) * a(2, 0)) +
                     a(0, 2) * (a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0));
  Mat r{};
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) {
      const int r0 = (col + 1) % 3, r1 = (col + 2) % 3, c0 = (row + 1) % 3, c1 = (row + 2) % 3;
      r[std::size_t(4 * col + row)] = (a(r0, c0) * a(r1, c1) - a(r0, c1) * a(r1, c0)) / det;
    }
  for (int row = 0; row < 3; ++row)
    r[std::size_t(12 + row)] = -(r[std::size_t(row)] * m[12] + r[std::size_t(4 + row)] * m[13] + r[std::size_t(8 + row)] * m[14]);
  r[15] = 1;
  return r;
}

inline Point transform(const Mat& m, const Point& p) {
  return {m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12], m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
          m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]};
}

// Global matrices from parent-relative ones, parents first (parent <= child, a root its own parent).
inline std::vector<Mat> compose(const File& f, const std::vector<Mat>& locals) {
  std::vector<Mat> globals(locals.size());
  for (std::size_t b = 0; b < locals.size(); ++b) {
    const std::size_t parent = f.parents[b][1];
    globals[b] = parent == b ? locals[b] : mul(globals[parent], locals[b]);
  }
  return globals;
}

// Skinning matrix of every bone at `frame` of animation `a`: G_f(b) * G_bind(b)^-1.
inline std::vector<Mat> samf_skinning(const File& f, std::size_t a, std::size_t frame) {
  std::vector<Mat> binds, posed;
  const Animation& anim = f.animations[a];
  for (std::size_t b = 0; b < f.bone_count; ++b) {
    binds.push_back(to_mat(f.bind_pose[b]));
    posed.push_back(to_mat(anim.keyframes[frame + b * anim.keyframe_count]));
  }
  const std::vector<Mat> g_bind = compose(f, binds), g_pose = compose(f, posed);
  std::vector<Mat> out;
  for (std::size_t b = 0; b < f.bone_count; ++b) out.push_back(mul(g_pose[b], invert_affine(g_bind[b])));
  return out;
}

// The pseudo-code of samf-spec.md ("Vertex Skinning Algorithm"), in file units (4.12 / 4096).
inline Point samf_skin_vertex(const File& f, const std::vector<Mat>& skinning, std::size_t v) {
  const Point p{f.positions[v].x / 4096.0, f.positions[v].y / 4096.0, f.positions[v].z / 4096.0};
  Point result{0, 0, 0};
  double total = 0;
  for (int i = 0; i < 4; ++i) {
    const double weight = f.skins[v].weights[i] / 255.0;
    if (weight <= 0) continue;
    const Point q = transform(skinning[f.skins[v].bones[i]], p);
    for (int k = 0; k < 3; ++k) result[std::size_t(k)] += q[std::size_t(k)] * weight;
    total += weight;
  }
  if (total > 0)
    for (double& c : result) c /= total;
  return result;
}

// The AEM runtime's skinning matrices (Skeleton: model space x inverse bind) at `time`.
inline std::vector<float> runtime_skinning(const Model& model, std::uint32_t animation, float time) {
  AnimationSampler sampler(model);
  const Skeleton skeleton(model);
  std::vector<Transform> locals(skeleton.joint_count());
  sampler.sample(animation, time, Playback::clamp, locals);
  std::vector<Mat4> model_space(skeleton.joint_count());
  skeleton.local_to_model(locals, model_space);
  std::vector<float> skinning(16 * skeleton.joint_count());
  skeleton.skinning_matrices(model_space, skinning);
  return skinning;
}

// A vertex as the runtime skins it (the weighted sum of its joints' matrices, as the viewer's
// shader does); a static vertex stays where it is.
inline Point runtime_skin_vertex(const Vertex& v, std::span<const float> skinning) {
  const Point p{v.position[0], v.position[1], v.position[2]};
  Point result{0, 0, 0};
  bool skinned = false;
  for (int i = 0; i < 4; ++i) {
    if (v.joints[i] < 0 || !(v.weights[i] > 0)) continue;
    Mat m{};
    for (std::size_t k = 0; k < 16; ++k) m[k] = skinning[std::size_t(v.joints[i]) * 16 + k];
    const Point q = transform(m, p);
    for (int k = 0; k < 3; ++k) result[std::size_t(k)] += q[std::size_t(k)] * v.weights[i];
    skinned = true;
  }
  return skinned ? result : p;
}

// The spec's skinning, from the file alone, at three frames of each animation against the AEM
// runtime's: within `steps` steps of 4.12 in scaled model units, 8 but for a model that fills
// the range (specs/samf-export.md, "Accuracy").
inline void expect_skinning_matches(const Model& model, const File& f, double scale, double fps, double steps = 8) {
  double worst = 0;
  for (std::size_t a = 0; a < f.animations.size(); ++a) {
    const std::uint32_t frames = f.animations[a].keyframe_count;
    for (std::uint32_t frame : {0u, frames / 2, frames - 1}) {
      const double time = std::min(frame / fps, double(model.animations()[a].duration));
      const std::vector<float> runtime = runtime_skinning(model, std::uint32_t(a), float(time));
      const std::vector<Mat> file = samf_skinning(f, a, frame);
      for (std::size_t v = 0; v < model.vertices().size(); ++v) {
        const Point expected = runtime_skin_vertex(model.vertices()[v], runtime);
        const Point actual = samf_skin_vertex(f, file, v);
        for (int k = 0; k < 3; ++k)
          worst = std::max(worst, std::fabs(actual[std::size_t(k)] - expected[std::size_t(k)] * scale));
      }
    }
  }
  std::printf("worst skinned-position error: %.6g (%.2f steps of 1/4096)\n", worst, worst / kStep);
  EXPECT_LE(worst, steps * kStep);
}

}  // namespace aem::test::samf
