#include "render/grid.hpp"

#include <cmath>

namespace aem::viewer {
namespace {

const char* const kGridVertexShader = R"(#version 330 core
layout(location = 0) in vec2 a_corner;  // -1..1
uniform mat4 u_view_projection;
uniform vec3 u_centre;
uniform float u_extent;
out vec2 v_plane;  // metres on the plane
void main() {
  v_plane = u_centre.xz + a_corner * u_extent;
  gl_Position = u_view_projection * vec4(v_plane.x, u_centre.y, v_plane.y, 1.0);
}
)";

const char* const kGridFragmentShader = R"(#version 330 core
in vec2 v_plane;
uniform vec3 u_centre;
uniform float u_step;
uniform float u_extent;
out vec4 o_color;
// Closeness to the nearest line of spacing 1 in `coord`, 1 on the line, 0 a pixel away.
float lines(vec2 coord) {
  vec2 width = max(fwidth(coord), vec2(1e-6));
  vec2 distance = abs(fract(coord - 0.5) - 0.5) / width;
  return 1.0 - min(min(distance.x, distance.y), 1.0);
}
void main() {
  vec2 coord = (v_plane - u_centre.xz) / u_step;
  vec2 width = fwidth(coord);
  float minor = lines(coord) * (1.0 - smoothstep(0.15, 0.35, max(width.x, width.y)));
  vec2 axis_distance = abs(coord) / max(width, vec2(1e-6));
  float axis = 1.0 - min(min(axis_distance.x, axis_distance.y), 1.0);
  float fade = 1.0 - smoothstep(0.3, 1.0, length(v_plane - u_centre.xz) / u_extent);
  float alpha = max(minor * 0.4, axis * 0.65) * fade;
  if (alpha <= 0.002) discard;
  o_color = vec4(vec3(0.7), alpha);
}
)";

}  // namespace

Grid::Grid() : program_(kGridVertexShader, kGridFragmentShader, "grid") {
  const float corners[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glGenVertexArrays(1, &vertex_array_);
  glBindVertexArray(vertex_array_);
  glGenBuffers(1, &buffer_);
  glBindBuffer(GL_ARRAY_BUFFER, buffer_);
  glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);
}

Grid::~Grid() {
  glDeleteBuffers(1, &buffer_);
  glDeleteVertexArrays(1, &vertex_array_);
}

void Grid::draw(const Bounds& bounds, const Mat4& view_projection) {
  const Vec3 c = bounds.center();
  const float extent = bounds.radius() * 5;
  // Lines every power of ten that gives about 15 to 150 cells across the model's size.
  const float step = std::pow(10.0f, std::floor(std::log10(bounds.radius() * 3 / 5)));
  glUseProgram(program_.id());
  glUniformMatrix4fv(program_.uniform("u_view_projection"), 1, GL_FALSE, view_projection.m);
  glUniform3f(program_.uniform("u_centre"), std::round(c.x / step) * step, bounds.min.y, std::round(c.z / step) * step);
  glUniform1f(program_.uniform("u_extent"), extent);
  glUniform1f(program_.uniform("u_step"), step);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glDepthMask(GL_FALSE);
  glEnable(GL_POLYGON_OFFSET_FILL);
  // Pushed back by about 2 slopes and 64 steps of depth resolution: a surface on the plane always
  // lies in front of it, a surface a hair above it too; nothing behind the plane comes through.
  glPolygonOffset(2.0f, 64.0f);
  glBindVertexArray(vertex_array_);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glBindVertexArray(0);
  glDisable(GL_POLYGON_OFFSET_FILL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
}

}  // namespace aem::viewer
