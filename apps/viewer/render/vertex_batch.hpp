#pragma once
// A growable stream of coloured vertices drawn in one call: grid and skeleton lines, the text
// panel's quads.
#include <epoxy/gl.h>

#include <vector>

namespace aem::viewer {

struct ColoredVertex {
  float x, y, z;
  float r, g, b, a;
};

class VertexBatch {
 public:
  VertexBatch();
  ~VertexBatch();
  VertexBatch(const VertexBatch&) = delete;
  VertexBatch& operator=(const VertexBatch&) = delete;

  std::vector<ColoredVertex>& vertices() { return vertices_; }
  // Uploads the vertices and draws them as `primitive` with the bound program.
  void draw(GLenum primitive);

 private:
  GLuint vao_ = 0, buffer_ = 0;
  std::size_t capacity_ = 0;
  std::vector<ColoredVertex> vertices_;
};

}  // namespace aem::viewer
