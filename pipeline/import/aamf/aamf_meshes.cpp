// The SAMF unified mesh as a skinned primitive, or each legacy bone's mesh on its bone's node.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "import/aamf/aamf_matrix.hpp"
#include "import/aamf/aamf_scene_builder.hpp"
#include "aem/pipeline/bake_error.hpp"

namespace aem::pipeline::aamf {
namespace {

std::vector<float> fixed_floats(const std::vector<std::array<std::int16_t, 3>>& values) {
  std::vector<float> out;
  out.reserve(values.size() * 3);
  for (const auto& v : values)
    for (std::int16_t c : v) out.push_back(float(c / kFixedOne));
  return out;
}

// Each normal as a unit vector that rounds back to the stored SVECTOR where one exists (as for every
// normal an exporter rounded from a unit vector): the bake keeps unit normals, and a SAMF exporter
// rounding this one writes the file's value again. Alternates between the sphere and the box of
// ±0.4 steps around the stored value; a zero normal stays zero (the bake decides what to do).
std::vector<float> unit_normals(const std::vector<std::array<std::int16_t, 3>>& values) {
  constexpr double kMargin = 0.4;
  std::vector<float> out;
  out.reserve(values.size() * 3);
  for (const auto& n : values) {
    std::array<double, 3> v{double(n[0]), double(n[1]), double(n[2])};
    for (int i = 0; i < 16; ++i) {
      const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      if (!(length > 0)) break;
      bool inside = true;
      for (std::size_t c = 0; c < 3; ++c) {
        v[c] = v[c] / length * kFixedOne;
        inside &= std::abs(v[c] - n[c]) <= kMargin;
        v[c] = std::clamp(v[c], n[c] - kMargin, n[c] + kMargin);
      }
      if (inside) break;
    }
    const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (double c : v) out.push_back(length > 0 ? float(c / length) : 0.0f);
  }
  return out;
}

// Weights k / 255 as floats, each later slot's nudged down by a thousandth of a step so that equal
// weights keep the file's slot order when the bake sorts influences (by weight, then joint).
std::vector<float> slot_ordered_weights(const std::vector<std::array<std::uint8_t, 4>>& weights) {
  std::vector<float> out;
  out.reserve(weights.size() * 4);
  for (const auto& w : weights)
    for (std::size_t i = 0; i < 4; ++i) out.push_back(w[i] == 0 ? 0.0f : float((w[i] - 1e-3 * double(i)) / 255.0));
  return out;
}

Primitive primitive(const MeshData& mesh, const std::string& where, StreamWriter& out) {
  Primitive p;
  p.where = where;
  p.attributes.push_back({Semantic::position, 0, out.add_floats(where + " positions", 3, fixed_floats(mesh.positions)), "POSITION"});
  p.attributes.push_back({Semantic::normal, 0, out.add_floats(where + " normals", 3, unit_normals(mesh.normals)), "NORMAL"});
  if (!mesh.bone_indices.empty()) {
    p.attributes.push_back({Semantic::joints, 0, out.add(where + " bone indices", ComponentType::u8, 4, false, mesh.bone_indices.data(),
                                                         mesh.bone_indices.size()), "JOINTS_0"});
    p.attributes.push_back({Semantic::weights, 0, out.add_floats(where + " weights", 4, slot_ordered_weights(mesh.weights)), "WEIGHTS_0"});
  }
  if (!mesh.colors.empty())
    p.attributes.push_back({Semantic::color, 0, out.add(where + " colours", ComponentType::u8, 4, true, mesh.colors.data(), mesh.colors.size()),
                            "COLOR_0"});
  p.indices = out.add(where + " faces", ComponentType::u32, 1, false, mesh.triangles.data(), mesh.triangles.size() * 3);
  return p;
}

// Inverse bind matrices: the inverse of each bone's global bind (its bind matrices composed from the root).
std::vector<float> inverse_binds(const Model& model, const Scene& scene) {
  std::vector<math::Mat4> global(model.bones.size());
  std::vector<float> out;
  for (std::size_t b = 0; b < model.bones.size(); ++b) {
    const math::Mat4 local = to_matrix(model.bones[b].bind);
    global[b] = model.bones[b].parent == b ? local : math::mul(global[model.bones[b].parent], local);
    math::Mat4 inverse;
    try {
      inverse = inverse_affine(global[b]);
    } catch (const std::domain_error&) {
      throw BakeError(scene.model.string() + ": bone " + std::to_string(b) + ": its bind pose is singular (no inverse bind matrix)");
    }
    for (double v : inverse) out.push_back(float(v));
  }
  return out;
}

void add_skinned(const Model& model, Scene& scene, StreamWriter& out) {
  Mesh mesh;
  mesh.where = "mesh";
  mesh.primitives.push_back(primitive(model.meshes[0], "mesh", out));
  scene.meshes.push_back(std::move(mesh));
  Skin skin;
  skin.where = "skin";
  for (std::size_t b = 0; b < model.bones.size(); ++b) skin.joints.push_back(std::int32_t(b));
  skin.inverse_bind = out.add_floats("inverse bind matrices", 16, inverse_binds(model, scene));
  scene.skins.push_back(std::move(skin));
  Node node;
  node.where = node.name = "mesh";
  node.mesh = 0;
  node.skin = 0;
  scene.roots.push_back(std::int32_t(scene.nodes.size()));
  scene.nodes.push_back(std::move(node));
}

void warn_textures(const Model& model, const Scene& scene, WarningLog& warnings) {
  const std::uint64_t textured = model.polygons[2] + model.polygons[3] + model.polygons[6] + model.polygons[7];
  if (textured == 0) return;
  std::string names;
  for (const std::string& n : model.texture_names) names += (names.empty() ? "'" : ", '") + n + "'";
  warnings.warn("missing textures", scene.model.string() + ": " + std::to_string(textured) + " textured polygons use the textures " + names +
                ", which an AAMF names but does not hold (the game loads them apart); they bake untextured, and their "
                "texture coordinates (texels of those images) are dropped");
}

}  // namespace

void add_meshes(const Model& model, Scene& scene, WarningLog& warnings) {
  StreamWriter out = stream_writer(scene);
  if (model.skinned) {
    add_skinned(model, scene, out);
  } else {
    warn_textures(model, scene, warnings);
    for (std::size_t b = 0; b < model.meshes.size(); ++b) {
      if (model.meshes[b].triangles.empty()) continue;
      Mesh mesh;
      mesh.where = "mesh of bone " + std::to_string(b);
      mesh.primitives.push_back(primitive(model.meshes[b], mesh.where, out));
      scene.nodes[b].mesh = std::int32_t(scene.meshes.size());
      scene.meshes.push_back(std::move(mesh));
    }
  }
  out.finish();
}

}  // namespace aem::pipeline::aamf
