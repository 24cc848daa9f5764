#include "render/vertex_batch.hpp"

#include <cstddef>

namespace aem::viewer {

VertexBatch::VertexBatch() {
  glGenVertexArrays(1, &vao_);
  glGenBuffers(1, &buffer_);
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(ColoredVertex), nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(ColoredVertex),
                        reinterpret_cast<const void*>(offsetof(ColoredVertex, r)));
  glBindVertexArray(0);
}

VertexBatch::~VertexBatch() {
  glDeleteBuffers(1, &buffer_);
  glDeleteVertexArrays(1, &vao_);
}

void VertexBatch::draw(GLenum primitive) {
  if (vertices_.empty()) return;
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  const std::size_t bytes = vertices_.size() * sizeof(ColoredVertex);
  if (bytes > capacity_) {
    capacity_ = bytes * 2;
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(capacity_), nullptr, GL_STREAM_DRAW);
  }
  glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(bytes), vertices_.data());
  glDrawArrays(primitive, 0, GLsizei(vertices_.size()));
  glBindVertexArray(0);
}

}  // namespace aem::viewer
