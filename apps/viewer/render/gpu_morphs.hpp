#pragma once
// A model's morph targets on the GPU (the morph_targets extension, specs/aem-extensions.md
// section 4), applied by the model vertex shader before skinning, with no cap on the number of
// targets. Uploaded once, as the file holds them (nothing expanded), in buffer textures:
//   deltas          R32F, 3 texels per delta, the payload's array as it lies;
//   sparse indices  R32UI, the payload's array as it lies (the shader binary-searches a sparse
//                   target's indices for the vertex: O(log k) fetches, no dense copy);
//   targets         RGBA32UI, 2 texels per target: first_vertex, vertex_span, first_delta,
//                   attributes; first_sparse_index, sparse_count, deltas per vertex, 0.
// Every frame only the targets with a non-zero weight go up (RG32UI: target, weight's bits),
// in target order, as aem::apply_morph_targets adds them. specs/viewer.md, "Morph targets".
#include <epoxy/gl.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "aem/model.hpp"

namespace aem::viewer {

class GpuMorphs {
 public:
  // Texture units of the four buffer textures (the model and selection programs sample them).
  static constexpr int kDeltaUnit = 8, kSparseUnit = 9, kTargetUnit = 10, kActiveUnit = 11;

  // Uploads the model's targets, if it has any and every buffer fits the GPU's
  // GL_MAX_TEXTURE_BUFFER_SIZE (or AEM_VIEWER_MAX_TEXTURE_BUFFER texels, for tests): otherwise
  // nothing is uploaded and refusal() says why (the model is then drawn at rest).
  explicit GpuMorphs(const Model& model);
  ~GpuMorphs();
  GpuMorphs(const GpuMorphs&) = delete;
  GpuMorphs& operator=(const GpuMorphs&) = delete;

  // Whether targets were uploaded (a model with targets that fit).
  bool active() const { return target_count_ > 0; }
  // Why a model's targets were not uploaded (empty when they were, or when it has none).
  const std::string& refusal() const { return refusal_; }

  // This frame's weights, one per target in target order (other sizes: ignored). Uploads the
  // non-zero finite ones; allocates nothing.
  void update(std::span<const float> weights);
  // Binds the buffer textures to their units and sets `program`'s morph uniforms (the program
  // is in use); a model without targets (or refused) gets a count of 0.
  void bind(GLuint program) const;

 private:
  GLuint buffer_texture(GLenum format, std::size_t bytes, const void* data, GLuint& buffer);

  std::size_t target_count_ = 0;
  std::string refusal_;
  GLuint delta_buffer_ = 0, delta_texture_ = 0, sparse_buffer_ = 0, sparse_texture_ = 0;
  GLuint target_buffer_ = 0, target_texture_ = 0, active_buffer_ = 0, active_texture_ = 0;
  // Per target: the first and one-past-the-last vertex it may move, and whether it moves normals
  // or tangents (their renormalising range, as apply_morph_targets has it).
  std::vector<std::uint32_t> span_first_, span_end_;
  std::vector<bool> moves_directions_;
  std::vector<std::uint32_t> active_;  // this frame's (target, weight bits) pairs
  int active_count_ = 0;
  std::uint32_t directions_first_ = 0, directions_end_ = 0;  // renormalised this frame
};

}  // namespace aem::viewer
