#include "render/selection_highlight.hpp"

namespace aem::viewer {
namespace {

constexpr const char* kHighlightFragmentShader = R"(#version 330 core
uniform vec4 u_color;
out vec4 o_color;
void main() {
  // Diagonal bands of two strengths: readable over a material of any colour, the tint's own
  // included.
  bool strong = mod(floor((gl_FragCoord.x + gl_FragCoord.y) / 6.0), 2.0) < 1.0;
  o_color = vec4(u_color.rgb, strong ? u_color.a : u_color.a * 0.4);
}
)";

}  // namespace

SelectionHighlight::SelectionHighlight() : program_(kModelVertexShader, kHighlightFragmentShader, "selection") {
  glUseProgram(program_.id());
  GpuModel::assign_vertex_stage_units(program_.id());
  glUseProgram(0);
}

void SelectionHighlight::draw(const GpuModel& model, const Mat4& view_projection, int material) {
  if (material < 0 || std::size_t(material) >= model.materials().size()) return;
  glUseProgram(program_.id());
  glUniformMatrix4fv(program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m);
  glUniform4f(program_.uniform("u_color"), 1.0f, 0.55f, 0.0f, 0.7f);
  model.bind_vertex_stage(program_.id());
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  // Pulled towards the camera so that it wins the depth test against the surface it covers.
  glEnable(GL_POLYGON_OFFSET_FILL);
  glPolygonOffset(-1, -1);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  for (const GpuMesh& mesh : model.meshes()) {
    if (int(mesh.material) != material) continue;
    const GpuLevel& level = mesh.drawn();  // over the level the renderer draws
    glDrawElements(GL_TRIANGLES, GLsizei(level.index_count), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(std::size_t{level.first_index} * 4));
  }
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDepthMask(GL_TRUE);
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace aem::viewer
