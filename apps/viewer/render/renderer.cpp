#include "render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "render/overlays.hpp"

namespace aem::viewer {
namespace {

// Texture units: 0-2 the material, 3 the joint matrices, 4 occlusion, 5-6 the environment, 7
// emission, 8-11 the morph targets (GpuModel::bind_vertex_stage), 12 the meshlet table.
constexpr int kOcclusionUnit = 4, kSpecularUnit = 5, kBrdfLutUnit = 6, kEmissiveUnit = 7, kMeshletUnit = 12;

bool multisampled_target() {
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  return samples > 1;
}

float aspect_of(const Frame& frame) { return float(frame.width) / float(std::max(frame.height, 1)); }

}  // namespace

Renderer::Renderer()
    : model_program_(kModelVertexShader, kModelFragmentShader, "model"),
      line_program_(kLineVertexShader, kLineFragmentShader, "lines") {
  glUseProgram(model_program_.id());
  glUniform1i(model_program_.uniform("u_base_color"), 0);
  glUniform1i(model_program_.uniform("u_normal"), 1);
  glUniform1i(model_program_.uniform("u_pbr"), 2);
  GpuModel::assign_vertex_stage_units(model_program_.id());
  glUniform1i(model_program_.uniform("u_emissive"), kEmissiveUnit);
  glUniform1i(model_program_.uniform("u_occlusion"), kOcclusionUnit);
  glUniform1i(model_program_.uniform("u_specular"), kSpecularUnit);
  glUniform1i(model_program_.uniform("u_brdf_lut"), kBrdfLutUnit);
  glUniform1i(model_program_.uniform("u_meshlet_of_triangle"), kMeshletUnit);
  glUniform1f(model_program_.uniform("u_specular_max_lod"), float(ImageBasedLighting::kSpecularLevels - 1));
  glUseProgram(0);
}

Renderer::~Renderer() = default;

void Renderer::load_environment(const std::filesystem::path& file) {
  const EnvironmentImage image = file.empty() ? procedural_studio(512, 256) : load_hdr_environment(file);
  GLint framebuffer = 0, viewport[4] = {};
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &framebuffer);
  glGetIntegerv(GL_VIEWPORT, viewport);
  ibl_ = std::make_unique<ImageBasedLighting>(image);
  glBindFramebuffer(GL_FRAMEBUFFER, GLuint(framebuffer));
  glViewport(viewport[0], viewport[1], viewport[2], viewport[3]);
  environment_file_ = file;
}

void Renderer::prepare_environment(const RenderSettings& settings) {
  const bool needed = settings.image_based_lighting || settings.background_mode == BackgroundMode::environment;
  if (!needed || (ibl_ && settings.environment_file == environment_file_)) return;
  if (ibl_ && settings.environment_file == failed_environment_) return;
  try {
    load_environment(settings.environment_file);
  } catch (const std::exception& e) {
    failed_environment_ = settings.environment_file;
    std::fprintf(stderr, "aem-viewer: %s\n", e.what());
    if (!ibl_) load_environment({});
  }
}

void Renderer::draw_background(const Frame& frame, const RenderSettings& settings) {
  glViewport(0, 0, frame.width, frame.height);
  glClearColor(settings.background[0], settings.background[1], settings.background[2], 1);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  prepare_environment(settings);
  if (settings.background_mode == BackgroundMode::environment && ibl_ && frame.camera != nullptr) {
    float rotation[9];
    environment_rotation(settings.environment_yaw_degrees, rotation);
    ibl_->draw_background(*frame.camera, aspect_of(frame), rotation, std::exp2(settings.exposure_stops));
  }
}

void Renderer::draw(const GpuModel& model, const Frame& frame, const RenderSettings& settings) {
  draw_background(frame, settings);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);

  const OrbitCamera& camera = *frame.camera;
  const Mat4 view_projection = camera.projection(aspect_of(frame)) * camera.view();

  draw_meshes(model, frame, view_projection, settings, Pass::opaque);
  if (settings.grid) grid_.draw(frame.bounds, view_projection);
  draw_meshes(model, frame, view_projection, settings, Pass::transparent);
  if (settings.wireframe) {
    glEnable(GL_POLYGON_OFFSET_LINE);
    glPolygonOffset(-1, -1);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    draw_meshes(model, frame, view_projection, settings, Pass::wireframe);
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
    glUniformMatrix4fv(line_program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m);
    lines_.draw(GL_LINES);
    glEnable(GL_DEPTH_TEST);
  }
  glUseProgram(0);
}

void Renderer::draw_meshes(const GpuModel& model, const Frame& frame, const Mat4& view_projection,
                           const RenderSettings& settings, Pass pass) {
  const Program& p = model_program_;
  glUseProgram(p.id());
  set_lighting_uniforms(*frame.camera, view_projection, settings);
  glUniform1i(p.uniform("u_mode"), int(settings.mode));
  glUniform1i(p.uniform("u_flat"), pass == Pass::wireframe ? 1 : 0);
  glUniform4f(p.uniform("u_flat_color"), 0.05f, 0.95f, 0.95f, 1.0f);
  model.bind_vertex_stage(p.id());
  meshlet_mode_ = settings.mode == InspectionMode::meshlets && pass != Pass::wireframe && model.bind_meshlet_table(kMeshletUnit);
  glUniform1i(p.uniform("u_meshlet_triangle_base"), -1);
  // AEM triangles are single-sided, counter-clockwise in front (specs/aem-v1.md, "Sidedness"):
  // the baker gave double-sided glTF materials their back faces as triangles of their own.
  glEnable(GL_CULL_FACE);
  glFrontFace(GL_CCW);
  glCullFace(GL_BACK);
  // Inspection modes show raw channels: everything opaque so values read back unblended.
  const bool blend = settings.mode == InspectionMode::lit && pass != Pass::wireframe;
  if (pass != Pass::transparent) {
    draw_unblended_meshes(model, pass, settings.mode, blend);
  } else if (blend) {
    draw_blended_meshes(model, frame.camera->view());
  }
  glDisable(GL_CULL_FACE);  // the overlays and the panel draw both ways
  glBindVertexArray(0);
}

void Renderer::set_lighting_uniforms(const OrbitCamera& camera, const Mat4& view_projection, const RenderSettings& settings) {
  const Program& p = model_program_;
  glUniformMatrix4fv(p.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m);
  const Vec3 eye = camera.eye();
  glUniform3f(p.uniform("u_eye"), eye.x, eye.y, eye.z);
  // Without the environment, the key light comes from above, to the right of and behind the
  // viewer, whatever the orbit.
  const Mat4 view = camera.view();
  const Vec3 right{view.m[0], view.m[4], view.m[8]};
  const Vec3 up{view.m[1], view.m[5], view.m[9]};
  const Vec3 back{view.m[2], view.m[6], view.m[10]};
  const Vec3 light = normalize(right * 0.45f + up * 0.7f + back * 0.55f);
  glUniform3f(p.uniform("u_light_direction"), light.x, light.y, light.z);
  glUniform3f(p.uniform("u_light_color"), 3.0f, 2.9f, 2.75f);
  glUniform3f(p.uniform("u_ambient"), 0.45f, 0.47f, 0.52f);
  const bool ibl = settings.image_based_lighting && ibl_ != nullptr;
  glUniform1i(p.uniform("u_ibl"), ibl ? 1 : 0);
  glUniform1f(p.uniform("u_exposure"), std::exp2(settings.exposure_stops));
  float rotation[9];
  environment_rotation(settings.environment_yaw_degrees, rotation);
  glUniformMatrix3fv(p.uniform("u_environment_rotation"), 1, GL_FALSE, rotation);
  if (ibl) {
    glUniform3fv(p.uniform("u_irradiance"), 9, ibl_->irradiance().data());
    glActiveTexture(GL_TEXTURE0 + kSpecularUnit);
    glBindTexture(GL_TEXTURE_CUBE_MAP, ibl_->specular());
    glActiveTexture(GL_TEXTURE0 + kBrdfLutUnit);
    glBindTexture(GL_TEXTURE_2D, ibl_->brdf_lut());
  }
}

void Renderer::draw_unblended_meshes(const GpuModel& model, Pass pass, InspectionMode mode, bool blend) {
  const Program& p = model_program_;
  // Alpha-tested edges of lit opaque materials become coverage when multisampled; alpha to
  // one keeps the stored alpha opaque.
  const bool coverage = pass == Pass::opaque && mode == InspectionMode::lit && multisampled_target();
  glUniform1i(p.uniform("u_transparent"), 0);
  glUniform1i(p.uniform("u_alpha_to_coverage"), coverage ? 1 : 0);
  if (coverage) {
    glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    glEnable(GL_SAMPLE_ALPHA_TO_ONE);
  }
  for (const GpuMesh& mesh : model.meshes()) {
    if (!(blend && model.materials()[mesh.material].transparent)) draw_mesh(model, mesh);
  }
  glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
  glDisable(GL_SAMPLE_ALPHA_TO_ONE);
}

void Renderer::draw_blended_meshes(const GpuModel& model, const Mat4& view) {
  std::vector<const GpuMesh*> transparent;
  for (const GpuMesh& mesh : model.meshes()) {
    if (model.materials()[mesh.material].transparent) transparent.push_back(&mesh);
  }
  if (transparent.empty()) return;
  // Back to front by view depth of each mesh's centroid.
  std::sort(transparent.begin(), transparent.end(), [&](const GpuMesh* a, const GpuMesh* b) {
    return transform_point(view, a->centroid).z < transform_point(view, b->centroid).z;
  });
  const Program& p = model_program_;
  glUniform1i(p.uniform("u_transparent"), 1);
  glUniform1i(p.uniform("u_alpha_to_coverage"), 0);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glDepthMask(GL_FALSE);
  for (const GpuMesh* mesh : transparent) draw_mesh(model, *mesh);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

void Renderer::draw_mesh(const GpuModel& model, const GpuMesh& mesh) {
  const GpuMaterial& material = model.materials()[mesh.material];
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, material.base_color);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, material.normal);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D, material.pbr);
  // The extensions: an own emission (its texture on kEmissiveUnit when it has one) and unlit.
  const Program& p = model_program_;
  glUniform1i(p.uniform("u_own_emission"), material.own_emission ? 1 : 0);
  glUniform3f(p.uniform("u_emission"), material.emission[0], material.emission[1], material.emission[2]);
  glUniform1i(p.uniform("u_unlit"), material.unlit ? 1 : 0);
  if (material.own_emission) {
    glActiveTexture(GL_TEXTURE0 + kEmissiveUnit);
    glBindTexture(GL_TEXTURE_2D, material.emissive);
  }
  glActiveTexture(GL_TEXTURE0 + kOcclusionUnit);
  glBindTexture(GL_TEXTURE_2D, material.occlusion);
  glUniform4i(p.uniform("u_uv_sets"), material.uv_sets[0], material.uv_sets[1], material.uv_sets[2], material.uv_sets[3]);
  glUniform1i(p.uniform("u_occlusion_own"), material.occlusion != 0 ? 1 : 0);
  // The level of detail chosen for this frame; in the meshlets mode its triangles in meshlet order.
  const GpuLevel* meshlets = meshlet_mode_ ? mesh.drawn_meshlets() : nullptr;
  const GpuLevel& level = meshlets != nullptr ? *meshlets : mesh.drawn();
  glUniform1i(p.uniform("u_meshlet_triangle_base"), meshlets != nullptr ? GLint(meshlets->first_triangle) : -1);
  glDrawElements(GL_TRIANGLES, GLsizei(level.index_count), GL_UNSIGNED_INT,
                 reinterpret_cast<const void*>(std::size_t{level.first_index} * 4));
}

}  // namespace aem::viewer
