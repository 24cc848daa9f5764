#include "render/gpu_morphs.hpp"
#include "render/texture_upload.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <optional>
#include <utility>

#include "aem/ext_morph_targets.hpp"

namespace aem::viewer {
namespace {

// The most texels a buffer texture may hold: the GPU's limit, or a lower one for tests.
std::size_t texture_buffer_limit() {
  GLint limit = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &limit);
  std::size_t texels = std::size_t(std::max(limit, 0));
  if (const char* forced = std::getenv("AEM_VIEWER_MAX_TEXTURE_BUFFER"); forced != nullptr && *forced != '\0') {
    texels = std::min<std::size_t>(texels, std::strtoull(forced, nullptr, 10));
  }
  return texels;
}

// Why the largest of the buffers does not fit, or empty when they all do.
std::string check_limits(const MorphTargetsView& morphs, std::size_t limit) {
  const struct {
    const char* what;
    std::size_t texels;
  } buffers[] = {{"deltas", std::size_t{morphs.header.delta_count} * 3},
                 {"sparse indices", morphs.sparse_indices.size()},
                 {"target records", morphs.targets.size() * 2}};
  for (const auto& buffer : buffers) {
    if (buffer.texels <= limit && buffer.texels <= std::size_t(INT32_MAX)) continue;
    return "morph targets not drawn (shown at rest): the " + std::to_string(morphs.targets.size()) + " targets' " +
           buffer.what + " need " + std::to_string(buffer.texels) + " texels of a buffer texture, over this GPU's " +
           "GL_MAX_TEXTURE_BUFFER_SIZE of " + std::to_string(limit);
  }
  return {};
}

bool weighted(float w) { return w != 0 && std::isfinite(w); }

}  // namespace

GpuMorphs::GpuMorphs(const Model& model) {
  const std::optional<MorphTargetsView> morphs = morph_targets_of(model);
  if (!morphs || morphs->targets.empty()) return;
  refusal_ = check_limits(*morphs, texture_buffer_limit());
  if (!refusal_.empty()) return;
  target_count_ = morphs->targets.size();
  std::vector<std::uint32_t> records(8 * target_count_);
  span_first_.resize(target_count_);
  span_end_.resize(target_count_);
  moves_directions_.resize(target_count_);
  for (std::size_t t = 0; t < target_count_; ++t) {
    const MorphTarget& target = morphs->targets[t];
    const std::uint32_t record[8] = {target.first_vertex, target.vertex_span, target.first_delta, target.attributes,
                                     target.first_sparse_index, target.sparse_count, morph_attribute_count(target), 0};
    std::copy(std::begin(record), std::end(record), records.begin() + std::ptrdiff_t(8 * t));
    span_first_[t] = target.first_vertex;
    span_end_[t] = target.first_vertex + target.vertex_span;  // the checker keeps it within 32 bits
    moves_directions_[t] = (target.attributes & (kMorphNormal | kMorphTangent)) != 0;
  }
  // An empty buffer texture is not complete everywhere: each holds one texel at least.
  const std::uint32_t none[4] = {};
  const auto data_or_none = [&](const void* data, std::size_t bytes) { return bytes > 0 ? data : none; };
  delta_texture_ = buffer_texture(GL_R32F, std::max<std::size_t>(morphs->deltas.size_bytes(), 4),
                                  data_or_none(morphs->deltas.data(), morphs->deltas.size_bytes()), delta_buffer_);
  sparse_texture_ = buffer_texture(GL_R32UI, std::max<std::size_t>(morphs->sparse_indices.size_bytes(), 4),
                                   data_or_none(morphs->sparse_indices.data(), morphs->sparse_indices.size_bytes()),
                                   sparse_buffer_);
  target_texture_ = buffer_texture(GL_RGBA32UI, records.size() * 4, records.data(), target_buffer_);
  active_.resize(2 * target_count_);
  active_texture_ = buffer_texture(GL_RG32UI, active_.size() * 4, active_.data(), active_buffer_);
}

GLuint GpuMorphs::buffer_texture(GLenum format, std::size_t bytes, const void* data, GLuint& buffer) {
  return make_buffer_texture(format, bytes, data, format == GL_RG32UI ? GL_DYNAMIC_DRAW : GL_STATIC_DRAW, buffer);
}

void GpuMorphs::update(std::span<const float> weights) {
  if (target_count_ == 0 || weights.size() != target_count_) return;
  active_count_ = 0;
  std::uint32_t first = ~std::uint32_t{0}, end = 0;
  for (std::size_t t = 0; t < target_count_; ++t) {
    if (!weighted(weights[t])) continue;
    std::uint32_t bits = 0;
    std::memcpy(&bits, &weights[t], sizeof bits);
    active_[2 * std::size_t(active_count_)] = std::uint32_t(t);
    active_[2 * std::size_t(active_count_) + 1] = bits;
    ++active_count_;
    if (moves_directions_[t]) {
      first = std::min(first, span_first_[t]);
      end = std::max(end, span_end_[t]);
    }
  }
  directions_first_ = end > 0 ? first : 0;
  directions_end_ = end;
  if (active_count_ == 0) return;
  glBindBuffer(GL_TEXTURE_BUFFER, active_buffer_);
  glBufferSubData(GL_TEXTURE_BUFFER, 0, GLsizeiptr(std::size_t(active_count_) * 8), active_.data());
  glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void GpuMorphs::bind(GLuint program) const {
  glUniform1i(glGetUniformLocation(program, "u_morph_count"), active_count_);
  // Vertex numbers fit an int: the vertex section's count is a u32 the shader's gl_VertexID
  // reaches only below 2^31 anyway.
  glUniform2i(glGetUniformLocation(program, "u_morph_directions"), GLint(std::min<std::uint32_t>(directions_first_, INT32_MAX)),
              GLint(std::min<std::uint32_t>(directions_end_, INT32_MAX)));
  const std::pair<int, GLuint> units[] = {
      {kDeltaUnit, delta_texture_}, {kSparseUnit, sparse_texture_}, {kTargetUnit, target_texture_}, {kActiveUnit, active_texture_}};
  for (const auto& [unit, texture] : units) {
    glActiveTexture(GLenum(GL_TEXTURE0 + unit));
    glBindTexture(GL_TEXTURE_BUFFER, texture);
  }
}

GpuMorphs::~GpuMorphs() {
  for (GLuint texture : {delta_texture_, sparse_texture_, target_texture_, active_texture_}) {
    if (texture != 0) glDeleteTextures(1, &texture);
  }
  for (GLuint buffer : {delta_buffer_, sparse_buffer_, target_buffer_, active_buffer_}) {
    if (buffer != 0) glDeleteBuffers(1, &buffer);
  }
}

}  // namespace aem::viewer
