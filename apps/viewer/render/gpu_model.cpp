#include "render/gpu_model.hpp"
#include "render/meshlet_order.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <tuple>

#include "aem/ext_emissive.hpp"
#include "aem/ext_lods.hpp"
#include "aem/ext_material_flags.hpp"
#include "aem/ext_meshlets.hpp"
#include "aem/ext_morph_targets.hpp"
#include "aem/ext_uv1.hpp"
#include "aem/ext_vertex_colours.hpp"
#include "aem/model_bounds.hpp"

namespace aem::viewer {

GpuModel::GpuModel(const Model& model, const TextureCaps& caps) {
  const std::span<const Vertex> vertices = model.vertices();

  glGenVertexArrays(1, &vao_);
  glBindVertexArray(vao_);
  glGenBuffers(1, &vertex_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size_bytes()), vertices.data(), GL_STATIC_DRAW);
  std::vector<std::vector<GpuLevel>> meshlet_levels = upload_indices(model);

  const auto offset = [](std::size_t bytes) { return reinterpret_cast<const void*>(bytes); };
  const GLsizei stride = sizeof(Vertex);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, position)));
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, normal)));
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, tangent)));
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 3, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, bitangent)));
  glEnableVertexAttribArray(4);
  glVertexAttribPointer(4, 2, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, uv)));
  glEnableVertexAttribArray(5);
  glVertexAttribIPointer(5, 4, GL_INT, stride, offset(offsetof(Vertex, joints)));
  glEnableVertexAttribArray(6);
  glVertexAttribPointer(6, 4, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, weights)));
  upload_vertex_colours(model);
  glBindVertexArray(0);

  // Skinning matrices in a texture buffer: RGBA32F, four texels per joint, no size limit beyond
  // GL_MAX_TEXTURE_BUFFER_SIZE (at least 65536 texels in GL 3.3: 16384 joints).
  joint_count_ = model.joints().size();
  glGenBuffers(1, &joint_buffer_);
  glBindBuffer(GL_TEXTURE_BUFFER, joint_buffer_);
  std::vector<float> identity(16 * std::max<std::size_t>(joint_count_, 1), 0.0f);
  for (std::size_t j = 0; j < identity.size() / 16; ++j) {
    for (int i = 0; i < 4; ++i) identity[16 * j + 5 * i] = 1;
  }
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(identity.size() * sizeof(float)), identity.data(), GL_DYNAMIC_DRAW);
  glGenTextures(1, &joint_texture_);
  glBindTexture(GL_TEXTURE_BUFFER, joint_texture_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, joint_buffer_);
  glBindTexture(GL_TEXTURE_BUFFER, 0);
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
  morphs_ = std::make_unique<GpuMorphs>(model);

  for (std::uint32_t i = 0; i < model.materials().size(); ++i) {
    const Material& material = model.materials()[i];
    GpuMaterial gpu;
    gpu.base_color = texture(model, material.base_color_texture, true, caps);
    gpu.normal = texture(model, material.normal_texture, false, caps);
    gpu.pbr = texture(model, material.pbr_texture, false, caps);
    gpu.transparent = material.type == std::uint32_t(MaterialType::transparent);
    add_extensions(model, i, gpu, caps);
    materials_.push_back(gpu);
  }
  glBindVertexArray(vao_);
  upload_uv1(model, caps);
  glBindVertexArray(0);

  describe_meshes(model, std::move(meshlet_levels));
}

std::vector<std::vector<GpuLevel>> GpuModel::upload_indices(const Model& model) {
  const std::span<const std::uint32_t> indices = model.indices();
  const std::optional<LodsView> lods = lods_of(model);
  const std::optional<MeshletsView> meshlets = meshlets_of(model);
  const std::span<const std::uint32_t> levels = lods ? lods->indices : std::span<const std::uint32_t>{};
  const MeshletOrder order = meshlets ? meshlet_order(model, *meshlets) : MeshletOrder{};
  const std::size_t bytes[3] = {indices.size_bytes(), levels.size_bytes(), order.indices.size() * 4};
  glGenBuffers(1, &index_buffer_);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(bytes[0] + bytes[1] + bytes[2]), nullptr, GL_STATIC_DRAW);
  glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, GLsizeiptr(bytes[0]), indices.data());
  if (bytes[1] > 0) glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, GLintptr(bytes[0]), GLsizeiptr(bytes[1]), levels.data());
  std::vector<std::vector<GpuLevel>> meshlet_levels(model.meshes().size());
  if (bytes[2] == 0) return meshlet_levels;
  glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, GLintptr(bytes[0] + bytes[1]), GLsizeiptr(bytes[2]), order.indices.data());
  const auto base = std::uint32_t((bytes[0] + bytes[1]) / 4);  // the meshlet order's first index
  for (std::size_t mesh = 0; mesh < order.levels.size(); ++mesh) {
    for (const MeshletOrder::Range& r : order.levels[mesh]) {
      meshlet_levels[mesh].push_back({base + 3 * r.first_triangle, 3 * r.triangle_count, 0.0f, r.first_triangle});
    }
  }
  meshlet_texture_ = make_buffer_texture(GL_R32UI, order.meshlet_of_triangle.size() * 4, order.meshlet_of_triangle.data(),
                                         GL_STATIC_DRAW, meshlet_buffer_);
  return meshlet_levels;
}

bool GpuModel::bind_meshlet_table(int unit) const {
  if (meshlet_texture_ == 0) return false;
  glActiveTexture(GLenum(GL_TEXTURE0 + unit));
  glBindTexture(GL_TEXTURE_BUFFER, meshlet_texture_);
  return true;
}

void GpuModel::describe_meshes(const Model& model, std::vector<std::vector<GpuLevel>> meshlet_levels) {
  const std::span<const Vertex> vertices = model.vertices();
  const std::optional<LodsView> lods = lods_of(model);
  std::vector<bool> morphed(vertices.size(), false);  // in some morph target's span
  if (const std::optional<MorphTargetsView> morphs = morph_targets_of(model)) {
    for (const MorphTarget& t : morphs->targets) {
      const std::size_t end = std::min<std::size_t>(vertices.size(), std::size_t{t.first_vertex} + t.vertex_span);
      for (std::size_t v = t.first_vertex; v < end; ++v) morphed[v] = true;
    }
  }
  BoundingBox model_box;
  const auto level_base = std::uint32_t(model.indices().size());  // the levels follow the version-1 indices
  for (std::size_t m = 0; m < model.meshes().size(); ++m) {
    const Mesh& mesh = model.meshes()[m];
    GpuMesh gpu;
    gpu.first_index = mesh.first_index;
    gpu.index_count = mesh.index_count;
    gpu.material = mesh.material;
    Vec3 sum;
    for (std::uint32_t index : model.mesh_indices(mesh)) {
      const float* p = vertices[index].position;
      sum = sum + Vec3{p[0], p[1], p[2]};
      gpu.deformed = gpu.deformed || vertices[index].joints[0] >= 0 || morphed[index];
    }
    const BoundingBox box = mesh_bind_pose_bounds(model, mesh);
    if (!box.empty()) {
      gpu.centroid = sum * (1.0f / float(mesh.index_count));
      gpu.bounds = bounds_of(box);
      model_box.add(box);
    }
    gpu.levels.push_back({mesh.first_index, mesh.index_count, 0.0f});
    if (lods) {
      gpu.file_levels = lods->levels_of(m);  // valid as long as the model, which outlives this copy
      for (const LodLevel& level : gpu.file_levels) gpu.levels.push_back({level_base + level.first_index, level.index_count, level.error});
    }
    gpu.meshlet_levels = std::move(meshlet_levels[m]);
    meshes_.push_back(std::move(gpu));
  }
  bounds_ = model_box.empty() ? Bounds{{-1, -1, -1}, {1, 1, 1}} : bounds_of(model_box);
}

void GpuModel::set_drawn_level(std::size_t mesh, std::uint32_t level) {
  GpuMesh& m = meshes_[mesh];
  m.drawn_level = std::min<std::uint32_t>(level, std::uint32_t(m.levels.size() - 1));
}

void GpuModel::upload_vertex_colours(const Model& model) {
  const std::optional<VertexColoursView> colours = vertex_colours_of(model);
  if (!colours || colours->size() != model.vertices().size()) {
    // A constant attribute is context state, not the vertex array's: set for every model.
    glDisableVertexAttribArray(kColourLocation);
    glVertexAttrib4f(kColourLocation, 1, 1, 1, 1);
    return;
  }
  // As stored: unorm bytes and shorts are normalised by the GPU, f32 taken as is.
  const auto [data, bytes, type] =
      !colours->rgba8.empty()    ? std::tuple{static_cast<const void*>(colours->rgba8.data()), colours->rgba8.size_bytes(), GLenum(GL_UNSIGNED_BYTE)}
      : !colours->rgba16.empty() ? std::tuple{static_cast<const void*>(colours->rgba16.data()), colours->rgba16.size_bytes(), GLenum(GL_UNSIGNED_SHORT)}
                                 : std::tuple{static_cast<const void*>(colours->rgba32f.data()), colours->rgba32f.size_bytes(), GLenum(GL_FLOAT)};
  glGenBuffers(1, &colour_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, colour_buffer_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes), data, GL_STATIC_DRAW);
  glEnableVertexAttribArray(kColourLocation);
  glVertexAttribPointer(kColourLocation, 4, type, type == GL_FLOAT ? GL_FALSE : GL_TRUE, 0, nullptr);
  has_vertex_colours_ = true;
}

void GpuModel::upload_uv1(const Model& model, const TextureCaps& caps) {
  const std::optional<Uv1View> uv1 = uv1_of(model);
  if (!uv1 || uv1->uvs.size() != model.vertices().size() * 2 || uv1->materials.size() != materials_.size()) {
    glDisableVertexAttribArray(kUv1Location);
    glVertexAttrib2f(kUv1Location, 0, 0);
    return;
  }
  glGenBuffers(1, &uv1_buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, uv1_buffer_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(uv1->uvs.size_bytes()), uv1->uvs.data(), GL_STATIC_DRAW);
  glEnableVertexAttribArray(kUv1Location);
  glVertexAttribPointer(kUv1Location, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  for (std::size_t m = 0; m < materials_.size(); ++m) {
    const Uv1Material& sets = uv1->materials[m];
    materials_[m].uv_sets = {sets.base_colour_set, sets.normal_set, sets.pbr_set, sets.occlusion_set};
    if (sets.occlusion_texture != kUv1NoTexture) materials_[m].occlusion = texture(model, sets.occlusion_texture, false, caps);
  }
}

GLuint GpuModel::texture(const Model& model, std::uint32_t index, bool srgb, const TextureCaps& caps) {
  const auto key = std::make_pair(index, srgb);
  if (auto found = textures_.find(key); found != textures_.end()) return found->second;
  const aem::Texture& texture = model.textures()[index];
  const GLuint name = upload_texture(model, texture, srgb, caps);
  texture_bytes_ += model.texture_data(texture).size();
  textures_.emplace(key, name);
  return name;
}

void GpuModel::add_extensions(const Model& model, std::uint32_t index, GpuMaterial& gpu, const TextureCaps& caps) {
  gpu.unlit = material_unlit(model, index);
  const std::optional<std::span<const EmissiveRecord>> emission = emissive_of(model);
  if (!emission || EmissiveMode((*emission)[index].mode) != EmissiveMode::record) return;
  const EmissiveRecord& record = (*emission)[index];
  gpu.own_emission = true;
  for (std::size_t c = 0; c < 3; ++c) gpu.emission[c] = record.factor[c] * record.strength;
  gpu.emissive = record.texture == kNoTexture ? white_texture() : texture(model, record.texture, true, caps);
}

GLuint GpuModel::white_texture() {
  if (white_texture_ != 0) return white_texture_;
  const std::uint8_t white[4] = {255, 255, 255, 255};
  glGenTextures(1, &white_texture_);
  glBindTexture(GL_TEXTURE_2D, white_texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  return white_texture_;
}

void GpuModel::update_skinning(std::span<const float> matrices) {
  if (joint_count_ == 0) return;
  const std::size_t floats = std::min(matrices.size(), joint_count_ * 16);
  glBindBuffer(GL_TEXTURE_BUFFER, joint_buffer_);
  glBufferSubData(GL_TEXTURE_BUFFER, 0, GLsizeiptr(floats * sizeof(float)), matrices.data());
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void GpuModel::bind_vertex_stage(GLuint program) const {
  glUniform1i(glGetUniformLocation(program, "u_skinned"), skinned() ? 1 : 0);
  glActiveTexture(GL_TEXTURE0 + kJointUnit);
  glBindTexture(GL_TEXTURE_BUFFER, joint_texture_);
  morphs_->bind(program);
  glBindVertexArray(vao_);
}

void GpuModel::assign_vertex_stage_units(GLuint program) {
  glUniform1i(glGetUniformLocation(program, "u_joint_matrices"), kJointUnit);
  glUniform1i(glGetUniformLocation(program, "u_morph_deltas"), GpuMorphs::kDeltaUnit);
  glUniform1i(glGetUniformLocation(program, "u_morph_sparse"), GpuMorphs::kSparseUnit);
  glUniform1i(glGetUniformLocation(program, "u_morph_targets"), GpuMorphs::kTargetUnit);
  glUniform1i(glGetUniformLocation(program, "u_morph_active"), GpuMorphs::kActiveUnit);
}

GpuModel::~GpuModel() {
  for (const auto& entry : textures_) glDeleteTextures(1, &entry.second);
  if (white_texture_ != 0) glDeleteTextures(1, &white_texture_);
  glDeleteTextures(1, &joint_texture_);
  glDeleteBuffers(1, &joint_buffer_);
  glDeleteBuffers(1, &index_buffer_);
  if (meshlet_texture_ != 0) glDeleteTextures(1, &meshlet_texture_);
  if (meshlet_buffer_ != 0) glDeleteBuffers(1, &meshlet_buffer_);
  if (colour_buffer_ != 0) glDeleteBuffers(1, &colour_buffer_);
  if (uv1_buffer_ != 0) glDeleteBuffers(1, &uv1_buffer_);
  glDeleteBuffers(1, &vertex_buffer_);
  glDeleteVertexArrays(1, &vao_);
}

}  // namespace aem::viewer
