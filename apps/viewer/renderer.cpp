#include "renderer.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "overlays.hpp"

namespace aem::viewer {

Renderer::Renderer()
    : model_program_(kModelVertexShader, kModelFragmentShader, "model"),
      line_program_(kLineVertexShader, kLineFragmentShader, "lines") {
  glUseProgram(model_program_.id());
  glUniform1i(model_program_.uniform("u_base_color"), 0);
  glUniform1i(model_program_.uniform("u_normal"), 1);
  glUniform1i(model_program_.uniform("u_pbr"), 2);
  glUniform1i(model_program_.uniform("u_joint_matrices"), 3);
  glUseProgram(0);
}

void Renderer::draw(const GpuModel& model, const Frame& frame, const RenderSettings& settings) {
  glViewport(0, 0, frame.width, frame.height);
  glClearColor(settings.background[0], settings.background[1], settings.background[2], 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);

  const OrbitCamera& camera = *frame.camera;
  const M4 view = camera.view();
  const M4 view_projection = camera.projection(float(frame.width) / float(std::max(frame.height, 1))) * view;

  if (settings.grid) {
    lines_.vertices().clear();
    build_grid(frame.bounds, lines_.vertices());
    glUseProgram(line_program_.id());
    glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.data());
    lines_.draw(GL_LINES);
  }

  draw_meshes(model, frame, view_projection, settings.mode, false);
  if (settings.wireframe) {
    glEnable(GL_POLYGON_OFFSET_LINE);
    glPolygonOffset(-1, -1);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    draw_meshes(model, frame, view_projection, settings.mode, true);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_POLYGON_OFFSET_LINE);
  }
  selection_.draw(model, view_projection, settings.selected_material);

  if (settings.skeleton && frame.skeleton != nullptr && !frame.joint_model_space.empty()) {
    lines_.vertices().clear();
    build_skeleton(*frame.skeleton, frame.joint_model_space, frame.bounds.radius() * 0.03f, lines_.vertices(),
                   settings.selected_joint);
    glDisable(GL_DEPTH_TEST);
    glUseProgram(line_program_.id());
    glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.data());
    lines_.draw(GL_LINES);
    glEnable(GL_DEPTH_TEST);
  }
  glUseProgram(0);
}

void Renderer::draw_meshes(const GpuModel& model, const Frame& frame, const M4& view_projection,
                           InspectionMode mode, bool wireframe) {
  const OrbitCamera& camera = *frame.camera;
  const Program& p = model_program_;
  glUseProgram(p.id());
  glUniformMatrix4fv(p.uniform("u_view_projection"), 1, GL_FALSE, view_projection.data());
  const V3 eye = camera.eye();
  glUniform3f(p.uniform("u_eye"), eye.x, eye.y, eye.z);
  // The key light comes from above, to the right of and behind the viewer, whatever the orbit.
  const M4 view = camera.view();
  const V3 right{view.m[0], view.m[4], view.m[8]};
  const V3 up{view.m[1], view.m[5], view.m[9]};
  const V3 back{view.m[2], view.m[6], view.m[10]};
  const V3 light = normalized(right * 0.45f + up * 0.7f + back * 0.55f);
  glUniform3f(p.uniform("u_light_direction"), light.x, light.y, light.z);
  glUniform3f(p.uniform("u_light_color"), 3.0f, 2.9f, 2.75f);
  glUniform3f(p.uniform("u_ambient"), 0.45f, 0.47f, 0.52f);
  glUniform1i(p.uniform("u_mode"), int(mode));
  glUniform1i(p.uniform("u_flat"), wireframe ? 1 : 0);
  glUniform4f(p.uniform("u_flat_color"), 0.05f, 0.95f, 0.95f, 1.0f);
  glUniform1i(p.uniform("u_skinned"), model.skinned() ? 1 : 0);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_BUFFER, model.joint_texture());
  glBindVertexArray(model.vertex_array());
  // AEM triangles are single-sided, counter-clockwise in front (specs/aem-v1.md, "Sidedness"):
  // the baker gave double-sided glTF materials their back faces as triangles of their own.
  glEnable(GL_CULL_FACE);
  glFrontFace(GL_CCW);
  glCullFace(GL_BACK);

  const auto draw_mesh = [&](const GpuMesh& mesh) {
    const GpuMaterial& material = model.materials()[mesh.material];
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, material.base_color);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, material.normal);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, material.pbr);
    glDrawElements(GL_TRIANGLES, GLsizei(mesh.index_count), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(std::size_t{mesh.first_index} * 4));
  };

  // Inspection modes show raw channels: everything opaque so values read back unblended.
  const bool blend = mode == InspectionMode::lit && !wireframe;
  glUniform1i(p.uniform("u_transparent"), 0);
  std::vector<const GpuMesh*> transparent;
  for (const GpuMesh& mesh : model.meshes()) {
    if (blend && model.materials()[mesh.material].transparent) {
      transparent.push_back(&mesh);
    } else {
      draw_mesh(mesh);
    }
  }
  if (!transparent.empty()) {
    // Back to front by view depth of each mesh's centroid.
    std::sort(transparent.begin(), transparent.end(), [&](const GpuMesh* a, const GpuMesh* b) {
      return transform_point(view, a->centroid).z < transform_point(view, b->centroid).z;
    });
    glUniform1i(p.uniform("u_transparent"), 1);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    for (const GpuMesh* mesh : transparent) draw_mesh(*mesh);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }
  glDisable(GL_CULL_FACE);  // the overlays and the panel draw both ways
  glBindVertexArray(0);
}

}  // namespace aem::viewer
