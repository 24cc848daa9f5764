#include "shaders.hpp"

#include <stdexcept>
#include <vector>

namespace aem::viewer {
namespace {

GLuint compile(GLenum stage, const char* source, const std::string& label) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(std::size_t(length) + 1);
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    glDeleteShader(shader);
    throw std::runtime_error("shader " + label + " does not compile: " + log.data());
  }
  return shader;
}

}  // namespace

Program::Program(const char* vertex_source, const char* fragment_source, const std::string& label) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex_source, label + " (vertex)");
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_source, label + " (fragment)");
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(id_, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(std::size_t(length) + 1);
    glGetProgramInfoLog(id_, length, nullptr, log.data());
    glDeleteProgram(id_);
    throw std::runtime_error("program " + label + " does not link: " + log.data());
  }
}

Program::~Program() { glDeleteProgram(id_); }

const char* const kModelVertexShader = R"(#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;
layout(location = 2) in vec3 a_tangent;
layout(location = 3) in vec3 a_bitangent;
layout(location = 4) in vec2 a_uv;
layout(location = 5) in ivec4 a_joints;
layout(location = 6) in vec4 a_weights;
uniform mat4 u_view_projection;
uniform samplerBuffer u_joint_matrices;  // 4 RGBA32F texels (columns) per joint
uniform int u_skinned;
out vec3 v_position;
out vec3 v_normal;
out vec3 v_tangent;
out vec3 v_bitangent;
out vec2 v_uv;

mat4 joint_matrix(int joint) {
  int base = joint * 4;
  return mat4(texelFetch(u_joint_matrices, base), texelFetch(u_joint_matrices, base + 1),
              texelFetch(u_joint_matrices, base + 2), texelFetch(u_joint_matrices, base + 3));
}

void main() {
  mat4 skin = mat4(1.0);
  if (u_skinned != 0) {
    mat4 sum = mat4(0.0);
    float total = 0.0;
    for (int i = 0; i < 4; ++i) {
      if (a_joints[i] >= 0 && a_weights[i] > 0.0) {
        sum += a_weights[i] * joint_matrix(a_joints[i]);
        total += a_weights[i];
      }
    }
    if (total > 0.0) skin = sum;
  }
  vec4 position = skin * vec4(a_position, 1.0);
  mat3 linear = mat3(skin);
  v_position = position.xyz;
  v_normal = linear * a_normal;
  v_tangent = linear * a_tangent;
  v_bitangent = linear * a_bitangent;
  v_uv = a_uv;
  gl_Position = u_view_projection * position;
}
)";

const char* const kModelFragmentShader = R"(#version 330 core
in vec3 v_position;
in vec3 v_normal;
in vec3 v_tangent;
in vec3 v_bitangent;
in vec2 v_uv;
uniform sampler2D u_base_color;  // sRGB RGB, linear A opacity
uniform sampler2D u_normal;      // X, Y in R, G
uniform sampler2D u_pbr;         // R roughness, G occlusion, B metalness, A emissive
uniform vec3 u_eye;
uniform vec3 u_light_direction;  // towards the light
uniform vec3 u_light_color;
uniform vec3 u_ambient;
uniform int u_mode;              // an InspectionMode
uniform int u_transparent;
uniform int u_flat;              // wireframe overlay: a flat colour
uniform vec4 u_flat_color;
out vec4 o_color;

const float PI = 3.14159265;

vec3 linear_to_srgb(vec3 c) {
  c = clamp(c, 0.0, 1.0);
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}

// ACES filmic approximation (Narkowicz 2015).
vec3 tone_map(vec3 x) {
  return clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0);
}

void main() {
  if (u_flat != 0) { o_color = u_flat_color; return; }
  vec4 base = texture(u_base_color, v_uv);
  float opacity = base.a;
  if (u_transparent == 0 && opacity < 0.5) discard;
  if (u_transparent == 0) opacity = 1.0;
  vec2 nxy = texture(u_normal, v_uv).rg * 2.0 - 1.0;
  vec3 n_tangent = vec3(nxy, sqrt(max(0.0, 1.0 - dot(nxy, nxy))));
  vec4 pbr = texture(u_pbr, v_uv);
  float roughness = pbr.r, occlusion = pbr.g, metalness = pbr.b, emissive = pbr.a;

  vec3 N = normalize(v_normal);
  vec3 T = v_tangent - N * dot(N, v_tangent);
  vec3 B = v_bitangent;
  bool has_tangents = dot(T, T) > 1e-8 && dot(B, B) > 1e-8;
  vec3 n = has_tangents ? normalize(normalize(T) * n_tangent.x + normalize(B) * n_tangent.y + N * n_tangent.z) : N;

  if (u_mode == 1) { o_color = vec4(linear_to_srgb(base.rgb), 1.0); return; }
  if (u_mode == 2) { o_color = vec4(vec3(base.a), 1.0); return; }
  if (u_mode == 3) { o_color = vec4(n_tangent * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 4) { o_color = vec4(vec3(roughness), 1.0); return; }
  if (u_mode == 5) { o_color = vec4(vec3(occlusion), 1.0); return; }
  if (u_mode == 6) { o_color = vec4(vec3(metalness), 1.0); return; }
  if (u_mode == 7) { o_color = vec4(vec3(emissive), 1.0); return; }
  if (u_mode == 8) { o_color = vec4(N * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 9) { o_color = vec4(normalize(v_tangent) * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 10) { o_color = vec4(normalize(v_bitangent) * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 11) { o_color = vec4(fract(v_uv), 0.0, 1.0); return; }

  // Metallic-roughness PBR: GGX distribution, Smith-Schlick geometry, Schlick Fresnel.
  vec3 albedo = base.rgb;
  vec3 V = normalize(u_eye - v_position);
  vec3 L = normalize(u_light_direction);
  vec3 H = normalize(V + L);
  float NdotL = max(dot(n, L), 0.0);
  float NdotV = max(dot(n, V), 1e-4);
  float NdotH = max(dot(n, H), 0.0);
  float VdotH = max(dot(V, H), 0.0);
  float alpha = max(roughness * roughness, 0.002);
  float a2 = alpha * alpha;
  float d = NdotH * NdotH * (a2 - 1.0) + 1.0;
  float D = a2 / (PI * d * d);
  float k = (roughness + 1.0) * (roughness + 1.0) / 8.0;
  float G = (NdotV / (NdotV * (1.0 - k) + k)) * (NdotL / (NdotL * (1.0 - k) + k));
  vec3 F0 = mix(vec3(0.04), albedo, metalness);
  vec3 F = F0 + (1.0 - F0) * pow(1.0 - VdotH, 5.0);
  vec3 specular = D * G * F / max(4.0 * NdotV * NdotL, 1e-4);
  vec3 diffuse = (1.0 - F) * (1.0 - metalness) * albedo / PI;
  vec3 direct = (diffuse + specular) * u_light_color * NdotL;
  // Ambient: a sky-to-ground hemisphere, diffuse plus a rough specular term.
  float sky = 0.5 + 0.5 * n.y;
  vec3 ambient_light = u_ambient * mix(0.5, 1.0, sky);
  vec3 F_ambient = F0 + (max(vec3(1.0 - roughness), F0) - F0) * pow(1.0 - NdotV, 5.0);
  vec3 ambient = ambient_light * occlusion * ((1.0 - F_ambient) * (1.0 - metalness) * albedo + F_ambient * 0.5);
  vec3 color = direct + ambient + emissive * albedo;
  o_color = vec4(linear_to_srgb(tone_map(color)), opacity);
}
)";

const char* const kLineVertexShader = R"(#version 330 core
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_color;
uniform mat4 u_view_projection;
out vec4 v_color;
void main() {
  v_color = a_color;
  gl_Position = u_view_projection * vec4(a_position, 1.0);
}
)";

const char* const kLineFragmentShader = R"(#version 330 core
in vec4 v_color;
out vec4 o_color;
void main() { o_color = v_color; }
)";

}  // namespace aem::viewer
