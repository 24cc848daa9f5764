// export_samf: limits first, then one pass over every coordinate and matrix (ranges and the
// scale), then the file, section by section (specs/samf-export.md).
#include "aem/pipeline/samf_export.hpp"

#include <cmath>

#include "export/samf/samf_animations.hpp"
#include "export/samf/samf_bones.hpp"
#include "export/samf/samf_fixed_point.hpp"
#include "export/samf/samf_scale.hpp"
#include "export/samf/samf_skin.hpp"

namespace aem::pipeline::samf {
namespace {

constexpr std::uint64_t kMaxFaces = 65535;      // the header's u16 face_count
constexpr std::uint64_t kMaxVertices = 65536;   // faces index vertices with a u16
constexpr const char* kAxes[3] = {"x", "y", "z"};

void check_options(const SamfExportOptions& options, const std::string& model_name) {
  if (!(std::isfinite(options.fps) && options.fps > 0))
    throw SamfExportError(model_name + ": fps " + math::exact_text(options.fps) + " is not a finite number > 0");
}

// Every mesh's triangles, in mesh order, as one list of indices.
std::vector<std::uint32_t> merged_indices(const Model& model, const std::string& model_name) {
  std::uint64_t index_count = 0;
  for (const aem::Mesh& mesh : model.meshes()) index_count += mesh.index_count;
  if (index_count / 3 > kMaxFaces)
    throw SamfExportError(model_name + ": " + std::to_string(index_count / 3) +
                          " faces exceed SAMF's limit of 65535 (the header's u16 face_count)");
  if (model.vertices().size() > kMaxVertices)
    throw SamfExportError(model_name + ": " + std::to_string(model.vertices().size()) +
                          " vertices exceed SAMF's limit of 65536 (faces index vertices with a u16)");
  std::vector<std::uint32_t> indices;
  indices.reserve(index_count);
  for (const aem::Mesh& mesh : model.meshes()) {
    const auto range = model.mesh_indices(mesh);
    indices.insert(indices.end(), range.begin(), range.end());
  }
  return indices;
}

// Throws when a rotation/scale entry of `m` is outside 4.12's range; `where` names the matrix.
template <class Where>
void check_entries(const math::Mat4& m, const std::string& model_name, Where&& where) {
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) {
      const double v = m[std::size_t(4 * col + row)];
      if (fits_4_12(v)) continue;
      throw SamfExportError(model_name + ": " + where() + ": matrix entry m[" + std::to_string(row) + "][" +
                            std::to_string(col) + "] = " + math::exact_text(v) + " is outside 4.12's range " +
                            range_text() + " (SAMF's int16 rotation and scale entries)");
    }
}

void fit_vertices(const Model& model, const std::string& model_name, ScaleFit& fit) {
  const auto vertices = model.vertices();
  for (std::size_t i = 0; i < vertices.size(); ++i)
    for (std::size_t axis = 0; axis < 3; ++axis) {
      fit.add(vertices[i].position[axis], [&] { return "vertex " + std::to_string(i) + " position " + kAxes[axis]; });
      if (!fits_4_12(vertices[i].normal[axis]))
        throw SamfExportError(model_name + ": vertex " + std::to_string(i) + " normal " + kAxes[axis] + " = " +
                              math::exact_text(vertices[i].normal[axis]) + " is outside 4.12's range " +
                              range_text());
    }
}

template <class Where>
void fit_matrix(const math::Mat4& m, const std::string& model_name, ScaleFit& fit, Where&& where) {
  check_entries(m, model_name, where);
  for (std::size_t axis = 0; axis < 3; ++axis)
    fit.add(m[12 + axis], [&] { return where() + " translation " + kAxes[axis]; });
}

// Checks every matrix entry and offers every coordinate to the scale fit.
ScaleFit fit_coordinates(const Model& model, const std::string& model_name, const Bones& bones,
                         const std::vector<AnimationPlan>& plans, aem::AnimationSampler& sampler, double fps) {
  ScaleFit fit;
  fit_vertices(model, model_name, fit);
  for (std::size_t b = 0; b < bones.count(); ++b)
    fit_matrix(bones.bind_local[b], model_name, fit, [&] { return "bone '" + bones.names[b] + "' bind pose"; });
  for (const AnimationPlan& plan : plans) {
    const std::string name(name_view(model.animations()[plan.index].name));
    sample_animation(model, sampler, bones, plan, fps, [&](std::size_t bone, std::uint32_t frame, const math::Mat4& m) {
      fit_matrix(m, model_name, fit, [&] {
        return "animation '" + name + "' frame " + std::to_string(frame) + " bone '" + bones.names[bone] + "'";
      });
    });
  }
  return fit;
}

void write_mesh(ByteWriter& out, const Model& model, const Bones& bones,
                const std::vector<std::uint32_t>& indices, double scale) {
  for (const Vertex& v : model.vertices())
    out.svector(v.position[0] * scale, v.position[1] * scale, v.position[2] * scale);
  for (const Vertex& v : model.vertices()) out.svector(v.normal[0], v.normal[1], v.normal[2]);
  for (const Vertex& v : model.vertices()) {
    const SkinWeight skin = quantize_skin(v, bones);
    for (std::uint8_t b : skin.bones) out.u8(b);
    for (std::uint8_t w : skin.weights) out.u8(w);
  }
  for (std::uint32_t index : indices) out.u16(std::uint16_t(index));
}

void write_animation(ByteWriter& out, const Model& model, const Bones& bones, const AnimationPlan& plan,
                     aem::AnimationSampler& sampler, double fps, double scale) {
  out.u32(plan.block_size);
  for (char c : plan.name) out.u8(std::uint8_t(c));
  out.u32(plan.frames);
  out.u32(0);  // keyframe_pointer: the game's loader sets it
  const std::size_t at = out.region(std::size_t(plan.frames) * bones.count() * kMatrixBytes);
  sample_animation(model, sampler, bones, plan, fps, [&](std::size_t bone, std::uint32_t frame, const math::Mat4& m) {
    const std::size_t slot = bone * plan.frames + frame;  // bone-major, as anim_model.c reads them
    store_matrix(out.bytes().data() + at + slot * kMatrixBytes, m, scale);
  });
}

std::vector<std::byte> write_samf(const Model& model, const Bones& bones, const std::vector<std::uint32_t>& indices,
                                  const std::vector<AnimationPlan>& plans, aem::AnimationSampler& sampler, double fps,
                                  double scale) {
  ByteWriter out;
  for (char c : {'S', 'A', 'M', 'F'}) out.u8(std::uint8_t(c));
  out.u16(2);
  out.u16(std::uint16_t(bones.count()));
  out.u16(std::uint16_t(plans.size()));
  out.u32(std::uint32_t(model.vertices().size()));
  out.u16(std::uint16_t(indices.size() / 3));
  for (std::size_t b = 0; b < bones.count(); ++b) {
    out.u16(std::uint16_t(b));
    out.u16(bones.parent[b]);
  }
  for (const math::Mat4& bind : bones.bind_local) out.matrix(bind, scale);
  write_mesh(out, model, bones, indices, scale);
  for (const AnimationPlan& plan : plans) write_animation(out, model, bones, plan, sampler, fps, scale);
  return std::move(out.bytes());
}

// What SAMF has no room for, one warning each.
void warn_losses(const Model& model, const std::string& model_name, std::vector<std::string>& warnings) {
  if (model.meshes().size() > 1)
    warnings.push_back(model_name + ": " + std::to_string(model.meshes().size()) +
                       " meshes merged into one (SAMF has a single mesh)");
  if (!model.materials().empty() || !model.textures().empty())
    warnings.push_back(model_name + ": " + std::to_string(model.materials().size()) + " materials and " +
                       std::to_string(model.textures().size()) +
                       " textures dropped (SAMF has no materials or textures)");
  if (!model.vertices().empty())
    warnings.push_back(model_name + ": texture coordinates, tangents and bitangents of " +
                       std::to_string(model.vertices().size()) +
                       " vertices dropped (SAMF keeps positions, normals and skin weights)");
}

}  // namespace
}  // namespace aem::pipeline::samf

namespace aem::pipeline {

SamfExport export_samf(const aem::Model& model, const std::string& model_name, const SamfExportOptions& options) {
  samf::check_options(options, model_name);
  SamfExport result;
  const std::vector<std::uint32_t> indices = samf::merged_indices(model, model_name);
  const samf::Bones bones = samf::build_bones(model, model_name, result.warnings);
  const std::vector<samf::AnimationPlan> plans =
      samf::plan_animations(model, model_name, bones.count(), options.fps, result.warnings);
  aem::AnimationSampler sampler(model);
  const samf::ScaleFit fit = samf::fit_coordinates(model, model_name, bones, plans, sampler, options.fps);
  result.scale = fit.choose(options.scale, model_name, result.warnings);
  samf::warn_losses(model, model_name, result.warnings);
  result.bytes = samf::write_samf(model, bones, indices, plans, sampler, options.fps, result.scale);
  return result;
}

}  // namespace aem::pipeline
