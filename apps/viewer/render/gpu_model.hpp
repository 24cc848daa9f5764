#pragma once
// A model's GPU resources: one vertex buffer and one index buffer filled straight from the
// mapping (the version-1 indices, then the `lods` extension's levels after them, uploaded once),
// the vertex colours' buffer when it has them, every material's three textures,
// a texture buffer of skinning matrices (any joint count) and the morph targets (gpu_morphs.hpp).
#include <epoxy/gl.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "aem/ext_lods.hpp"
#include "aem/model.hpp"
#include "render/gpu_morphs.hpp"
#include "render/texture_upload.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

struct GpuMaterial {
  GLuint base_color = 0;  // sRGB view
  GLuint normal = 0;
  GLuint pbr = 0;
  GLuint occlusion = 0;  // the uv1 extension's own occlusion texture (R); 0: occlusion is PBR G
  std::array<int, 4> uv_sets{};  // base colour, normal, PBR, occlusion: 0 Vertex::uv, 1 the uv1 set
  bool transparent = false;
  // The `emissive` extension's record (mode 1): emitted = factor × strength × texture (sRGB view;
  // a white texel without one). Mode 0: the core rule, PBR A × base colour.
  bool own_emission = false;
  std::array<float, 3> emission{0, 0, 0};  // factor × strength
  GLuint emissive = 0;
  bool unlit = false;  // `material_flags`: base colour alone, no lighting
};

// One level of detail of a mesh as an index range of the model's index buffer.
struct GpuLevel {
  std::uint32_t first_index = 0;
  std::uint32_t index_count = 0;
  float error = 0;  // object space (aem/ext_lods.hpp); 0 for level 0
  std::uint32_t first_triangle = 0;  // meshlet order only: its first entry of the meshlet table
  std::uint32_t triangle_count() const { return index_count / 3; }
};

struct GpuMesh {
  std::uint32_t first_index = 0;  // level 0: the version-1 range
  std::uint32_t index_count = 0;
  std::uint32_t material = 0;
  Vec3 centroid;  // bind pose, for back-to-front sorting of transparent meshes
  Bounds bounds;  // bind pose, object space (the viewer draws the model untransformed)
  // Skinned or moved by a morph target: the bind-pose bounds do not hold while it plays.
  bool deformed = false;
  std::vector<GpuLevel> levels;  // level 0, then the `lods` levels 1..n; never empty
  std::span<const LodLevel> file_levels;  // the file's levels 1..n (LodsView::levels_of), for lod_for
  std::uint32_t drawn_level = 0;  // index into levels: what the renderer draws (set_drawn_level)
  // The same levels' triangles in meshlet order (meshlet_order.hpp), one per level; empty
  // without meshlets.
  std::vector<GpuLevel> meshlet_levels;
  const GpuLevel& drawn() const { return levels[drawn_level]; }
  // The drawn level in meshlet order, or null when it has no meshlets.
  const GpuLevel* drawn_meshlets() const { return drawn_level < meshlet_levels.size() ? &meshlet_levels[drawn_level] : nullptr; }
};

class GpuModel {
 public:
  GpuModel(const Model& model, const TextureCaps& caps);
  ~GpuModel();
  GpuModel(const GpuModel&) = delete;
  GpuModel& operator=(const GpuModel&) = delete;

  // 16 floats per joint, column-major; at most joint_count() matrices.
  void update_skinning(std::span<const float> matrices);
  // This frame's morph target weights, one per target (AnimationPlayer::morph_weights()).
  void update_morph_weights(std::span<const float> weights) { morphs_->update(weights); }
  const GpuMorphs& morphs() const { return *morphs_; }
  // The level mesh `mesh` draws from now on (clamped to its last level); no upload.
  void set_drawn_level(std::size_t mesh, std::uint32_t level);

  // What the model vertex shader reads besides the material (the program is in use): binds the
  // vertex array, the joint matrices and the morph targets, and sets their uniforms.
  void bind_vertex_stage(GLuint program) const;
  // The meshlets view mode's table (meshlet_order.hpp) on texture unit `unit`; false (nothing
  // bound) when the model has no meshlets.
  bool bind_meshlet_table(int unit) const;
  bool has_meshlets() const { return meshlet_texture_ != 0; }
  // Points a program of the model vertex shader at the texture units bind_vertex_stage uses
  // (the program is in use); once, after linking.
  static void assign_vertex_stage_units(GLuint program);

  bool skinned() const { return joint_count_ > 0; }
  const std::vector<GpuMesh>& meshes() const { return meshes_; }
  const std::vector<GpuMaterial>& materials() const { return materials_; }
  const Bounds& bounds() const { return bounds_; }
  // Whether the model has vertex colours (the vertex_colours extension), at attribute 7.
  bool has_vertex_colours() const { return has_vertex_colours_; }
  std::uint64_t texture_bytes() const { return texture_bytes_; }

 private:
  static constexpr int kJointUnit = 3;           // the joint matrices' texture unit
  static constexpr GLuint kColourLocation = 7;  // the model shader's a_color
  static constexpr GLuint kUv1Location = 8;      // the model shader's a_uv1
  void upload_vertex_colours(const Model& model);
  // The uv1 extension's UVs at attribute 8 ((0, 0) without them) and each material's sets.
  void upload_uv1(const Model& model, const TextureCaps& caps);
  GLuint texture(const Model& model, std::uint32_t index, bool srgb, const TextureCaps& caps);
  // The extensions' part of material `index`: its own emission and its flags.
  void add_extensions(const Model& model, std::uint32_t index, GpuMaterial& gpu, const TextureCaps& caps);
  GLuint white_texture();  // 1×1 white, made on first use
  // The version-1 indices, then the `lods` levels', then the meshlet-ordered levels' (with their
  // table), in one element buffer. Returns each mesh's levels in meshlet order (none without).
  std::vector<std::vector<GpuLevel>> upload_indices(const Model& model);
  // meshes_ with their bind-pose bounds, whether each deforms, and their levels of detail.
  void describe_meshes(const Model& model, std::vector<std::vector<GpuLevel>> meshlet_levels);


  GLuint vao_ = 0, vertex_buffer_ = 0, index_buffer_ = 0, colour_buffer_ = 0, uv1_buffer_ = 0;
  bool has_vertex_colours_ = false;
  GLuint joint_buffer_ = 0, joint_texture_ = 0, white_texture_ = 0;
  GLuint meshlet_buffer_ = 0, meshlet_texture_ = 0;  // R32UI: the meshlet of each triangle in meshlet order
  std::size_t joint_count_ = 0;
  std::unique_ptr<GpuMorphs> morphs_;
  std::map<std::pair<std::uint32_t, bool>, GLuint> textures_;
  std::vector<GpuMaterial> materials_;
  std::vector<GpuMesh> meshes_;
  Bounds bounds_;
  std::uint64_t texture_bytes_ = 0;
};

}  // namespace aem::viewer
