// Animation: global joint matrices sampled from the baked AEM keys at 50 times agree with a
// reference sampling of the glTF (tinygltf, written here independently of the bake) within 1e-4.
// Both samplers are in this file: the AEM one searches each kind's keys linearly and lerps/slerps;
// the glTF one evaluates channels by their interpolation (LINEAR, STEP, CUBICSPLINE).
#include <cmath>
#include <cstring>
#include <functional>
#include <map>

#include "bake_test_support.hpp"

namespace aem::test {
namespace {

using Q = std::array<double, 4>;

Q slerp(Q a, Q b, double s) {
  double d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    for (double& v : b) v = -v;
    d = -d;
  }
  Q r;
  if (d > 0.9995) {
    for (int i = 0; i < 4; ++i) r[std::size_t(i)] = a[std::size_t(i)] + (b[std::size_t(i)] - a[std::size_t(i)]) * s;
  } else {
    const double th = std::acos(std::min(1.0, d));
    const double wa = std::sin((1 - s) * th) / std::sin(th), wb = std::sin(s * th) / std::sin(th);
    for (int i = 0; i < 4; ++i) r[std::size_t(i)] = wa * a[std::size_t(i)] + wb * b[std::size_t(i)];
  }
  const double l = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
  for (double& v : r) v /= l;
  return r;
}

// --- AEM side -------------------------------------------------------------------------------
Q sample_keys(std::span<const Keyframe> keys, double t, bool rotation, const Q& identity) {
  if (keys.empty()) return identity;
  std::size_t i = 0;
  while (i + 1 < keys.size() && keys[i + 1].time <= t) ++i;
  const Keyframe& a = keys[i];
  Q va{a.value[0], a.value[1], a.value[2], a.value[3]};
  if (i + 1 >= keys.size() || t <= a.time) return va;
  const Keyframe& b = keys[i + 1];
  Q vb{b.value[0], b.value[1], b.value[2], b.value[3]};
  const double s = (t - a.time) / (double(b.time) - a.time);
  if (rotation) return slerp(va, vb, s);
  Q r;
  for (int k = 0; k < 4; ++k) r[std::size_t(k)] = va[std::size_t(k)] + (vb[std::size_t(k)] - va[std::size_t(k)]) * s;
  return r;
}

std::vector<Mat> aem_globals(const Model& model, std::uint32_t animation, double t) {
  const auto joints = model.joints();
  std::vector<Mat> g(joints.size());
  for (std::uint32_t j = 0; j < joints.size(); ++j) {
    const Track& track = model.track(animation, j);
    const auto keys = model.keyframes().subspan(track.first_keyframe,
                                                track.translation_count + track.rotation_count + track.scale_count);
    const Q tr = sample_keys(keys.subspan(0, track.translation_count), t, false, {0, 0, 0, 0});
    const Q rot = sample_keys(keys.subspan(track.translation_count, track.rotation_count), t, true, {0, 0, 0, 1});
    const Q sc = sample_keys(keys.subspan(track.translation_count + track.rotation_count, track.scale_count), t, false, {1, 1, 1, 0});
    const Mat local = trs_matrix({tr[0], tr[1], tr[2]}, rot, {sc[0], sc[1], sc[2]});
    g[j] = joints[j].parent < 0 ? local : mat_mul(g[std::size_t(joints[j].parent)], local);
  }
  return g;
}

// --- glTF reference -------------------------------------------------------------------------
std::vector<double> floats(const tinygltf::Model& m, int accessor) {
  const tinygltf::Accessor& a = m.accessors[std::size_t(accessor)];
  const auto& view = m.bufferViews[std::size_t(a.bufferView)];
  int comps = a.type == TINYGLTF_TYPE_SCALAR ? 1 : a.type == TINYGLTF_TYPE_VEC3 ? 3 : 4;
  const std::size_t csize = a.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT ? 4
                            : (a.componentType == TINYGLTF_COMPONENT_TYPE_SHORT || a.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT) ? 2 : 1;
  const std::size_t stride = view.byteStride ? view.byteStride : csize * std::size_t(comps);
  const unsigned char* base = m.buffers[std::size_t(view.buffer)].data.data() + view.byteOffset + a.byteOffset;
  std::vector<double> out;
  for (std::size_t i = 0; i < a.count; ++i)
    for (int c = 0; c < comps; ++c) {
      const unsigned char* p = base + i * stride + std::size_t(c) * csize;
      double v = 0;
      switch (a.componentType) {
        case TINYGLTF_COMPONENT_TYPE_FLOAT: { float f; std::memcpy(&f, p, 4); v = f; break; }
        case TINYGLTF_COMPONENT_TYPE_SHORT: { std::int16_t s; std::memcpy(&s, p, 2); v = std::max(s / 32767.0, -1.0); break; }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: { std::uint16_t s; std::memcpy(&s, p, 2); v = s / 65535.0; break; }
        case TINYGLTF_COMPONENT_TYPE_BYTE: v = std::max(static_cast<std::int8_t>(*p) / 127.0, -1.0); break;
        default: v = *p / 255.0;
      }
      out.push_back(v);
    }
  return out;
}

Q sample_channel(const tinygltf::Model& m, const tinygltf::AnimationSampler& s, int comps, double t) {
  const std::vector<double> in = floats(m, s.input), out = floats(m, s.output);
  const bool cubic = s.interpolation == "CUBICSPLINE";
  const std::size_t stride = cubic ? 3 : 1;
  auto value = [&](std::size_t k, std::size_t part) {
    Q v{0, 0, 0, 0};
    for (int c = 0; c < comps; ++c) v[std::size_t(c)] = out[(k * stride + part) * std::size_t(comps) + std::size_t(c)];
    return v;
  };
  const std::size_t mid = cubic ? 1 : 0;
  if (t <= in.front()) return value(0, mid);
  if (t >= in.back()) return value(in.size() - 1, mid);
  std::size_t k = 0;
  while (in[k + 1] <= t) ++k;
  const double dt = in[k + 1] - in[k], u = (t - in[k]) / dt;
  Q r{0, 0, 0, 0};
  if (s.interpolation == "STEP") return value(k, 0);
  if (cubic) {
    const double u2 = u * u, u3 = u2 * u;
    for (int c = 0; c < 4; ++c) {
      const std::size_t i = std::size_t(c);
      r[i] = (2 * u3 - 3 * u2 + 1) * value(k, 1)[i] + (u3 - 2 * u2 + u) * dt * value(k, 2)[i] +
             (-2 * u3 + 3 * u2) * value(k + 1, 1)[i] + (u3 - u2) * dt * value(k + 1, 0)[i];
    }
    if (comps == 4) {
      const double l = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
      for (double& v : r) v /= l;
    }
    return r;
  }
  if (comps == 4) return slerp(value(k, 0), value(k + 1, 0), u);
  for (int c = 0; c < 4; ++c) r[std::size_t(c)] = value(k, 0)[std::size_t(c)] + (value(k + 1, 0)[std::size_t(c)] - value(k, 0)[std::size_t(c)]) * u;
  return r;
}

std::vector<Mat> gltf_globals(const tinygltf::Model& m, const tinygltf::Animation& anim, double t) {
  std::vector<Mat> locals;
  for (std::size_t i = 0; i < m.nodes.size(); ++i) {
    const tinygltf::Node& n = m.nodes[i];
    std::array<double, 3> tr{0, 0, 0}, sc{1, 1, 1};
    Q rot{0, 0, 0, 1};
    if (n.translation.size() == 3) tr = {n.translation[0], n.translation[1], n.translation[2]};
    if (n.rotation.size() == 4) rot = {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]};
    if (n.scale.size() == 3) sc = {n.scale[0], n.scale[1], n.scale[2]};
    bool animated = false;
    for (const auto& ch : anim.channels) {
      if (ch.target_node != int(i)) continue;
      const auto& smp = anim.samplers[std::size_t(ch.sampler)];
      if (ch.target_path == "translation") { const Q v = sample_channel(m, smp, 3, t); tr = {v[0], v[1], v[2]}; animated = true; }
      if (ch.target_path == "rotation") { rot = sample_channel(m, smp, 4, t); animated = true; }
      if (ch.target_path == "scale") { const Q v = sample_channel(m, smp, 3, t); sc = {v[0], v[1], v[2]}; animated = true; }
    }
    locals.push_back(animated || n.matrix.size() != 16 ? trs_matrix(tr, rot, sc) : node_local(n));
  }
  return globals(locals, node_parents(m));
}

void compare_animation(const std::filesystem::path& file) {
  SCOPED_TRACE(file.string());
  const auto ref = load_reference(file);
  const Model& model = *baked(file).model;
  ASSERT_EQ(model.animations().size(), ref->animations.size());
  ASSERT_GT(model.joints().size(), 0u);
  std::map<std::string, std::size_t> node_of_name;
  for (std::size_t i = 0; i < ref->nodes.size(); ++i) node_of_name[node_name(*ref, i)] = i;
  double worst = 0;
  for (std::uint32_t a = 0; a < model.animations().size(); ++a) {
    const double duration = model.animations()[a].duration;
    double last = 0;
    for (const auto& s : ref->animations[a].samplers) last = std::max(last, floats(*ref, s.input).back());
    EXPECT_NEAR(duration, last, 1e-6);
    for (int i = 0; i < 50; ++i) {
      const double t = duration * i / 49.0;
      const auto mine = aem_globals(model, a, t);
      const auto theirs = gltf_globals(*ref, ref->animations[a], t);
      for (std::size_t j = 0; j < mine.size(); ++j) {
        const std::string name(name_view(model.joints()[j].name));
        ASSERT_TRUE(node_of_name.count(name)) << name;
        const Mat& r = theirs[node_of_name[name]];
        for (std::size_t e = 0; e < 16; ++e) {
          worst = std::max(worst, std::fabs(mine[j][e] - r[e]));
          ASSERT_NEAR(mine[j][e], r[e], 1e-4) << "joint " << name << " element " << e << " at t=" << t;
        }
      }
    }
  }
  std::printf("%s: largest global-matrix difference %.2e\n", file.filename().string().c_str(), worst);
}

TEST(BakeAnimation, BoxAnimated) { AEM_REQUIRE_CORPUS(corpus); compare_animation(khronos_model(corpus, "BoxAnimated")); }
TEST(BakeAnimation, RiggedSimple) { AEM_REQUIRE_CORPUS(corpus); compare_animation(khronos_model(corpus, "RiggedSimple")); }
TEST(BakeAnimation, RiggedFigure) { AEM_REQUIRE_CORPUS(corpus); compare_animation(khronos_model(corpus, "RiggedFigure")); }
TEST(BakeAnimation, CesiumMan) { AEM_REQUIRE_CORPUS(corpus); compare_animation(khronos_model(corpus, "CesiumMan")); }
TEST(BakeAnimation, Fox) { AEM_REQUIRE_CORPUS(corpus); compare_animation(khronos_model(corpus, "Fox")); }
TEST(BakeAnimation, AnimatedCubeAndTriangle) {
  AEM_REQUIRE_CORPUS(corpus);
  compare_animation(khronos_model(corpus, "AnimatedCube"));
  compare_animation(khronos_model(corpus, "AnimatedTriangle"));
}

// Vertices of an animated node without a skin weigh 1.0 on its joint, so BoxAnimated's inner box
// (node 2, under the animated node 0) moves; the static outer box (node 3, a scene root) stays
// static (all weights 0).
TEST(BakeAnimation, RigidAnimatedNodesBindTheirVertices) {
  AEM_REQUIRE_CORPUS(corpus);
  const Model& model = *baked(khronos_model(corpus, "BoxAnimated")).model;
  std::size_t bound = 0, unbound = 0;
  for (const Vertex& v : model.vertices()) {
    if (v.joints[0] >= 0) {
      EXPECT_FLOAT_EQ(v.weights[0], 1.0f);
      EXPECT_EQ(name_view(model.joints()[std::size_t(v.joints[0])].name), "node_2");
      ++bound;
    } else {
      EXPECT_EQ(v.weights[0], 0.0f);
      ++unbound;
    }
  }
  EXPECT_GT(bound, 0u);
  EXPECT_GT(unbound, 0u);
}

}  // namespace
}  // namespace aem::test
