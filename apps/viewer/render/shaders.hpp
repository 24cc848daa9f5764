#pragma once
// GLSL 330 core programs: the model (PBR and inspection modes, morph targets and GPU skinning
// from texture buffers) and coloured lines (grid, skeleton).
#include <epoxy/gl.h>

#include <string>

namespace aem::viewer {

class Program {
 public:
  // Throws std::runtime_error with the compiler's log.
  Program(const char* vertex_source, const char* fragment_source, const std::string& label);
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  GLuint id() const { return id_; }
  GLint uniform(const char* name) const { return glGetUniformLocation(id_, name); }

 private:
  GLuint id_ = 0;
};

extern const char* const kModelVertexShader;
extern const char* const kModelFragmentShader;
extern const char* const kLineVertexShader;
extern const char* const kLineFragmentShader;

}  // namespace aem::viewer
