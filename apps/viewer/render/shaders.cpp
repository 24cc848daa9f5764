#include "render/shaders.hpp"

#include <stdexcept>
#include <vector>

#include "render/glsl_snippets.hpp"

namespace aem::viewer {
namespace {

// A shader's or a program's info log: `get` and `get_log` are glGetShaderiv and
// glGetShaderInfoLog, or glGetProgramiv and glGetProgramInfoLog (the same signatures).
std::string info_log(GLuint object, PFNGLGETSHADERIVPROC get, PFNGLGETSHADERINFOLOGPROC get_log) {
  GLint length = 0;
  get(object, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(std::size_t(length) + 1);
  get_log(object, length, nullptr, log.data());
  return log.data();
}

GLuint compile(GLenum stage, const char* source, const std::string& label) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    const std::string log = info_log(shader, glGetShaderiv, glGetShaderInfoLog);
    glDeleteShader(shader);
    throw std::runtime_error("shader " + label + " does not compile: " + log);
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
    const std::string log = info_log(id_, glGetProgramiv, glGetProgramInfoLog);
    glDeleteProgram(id_);
    throw std::runtime_error("program " + label + " does not link: " + log);
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
layout(location = 7) in vec4 a_color;    // linear RGBA; (1, 1, 1, 1) without vertex colours
layout(location = 8) in vec2 a_uv1;      // the uv1 extension's set; (0, 0) without it
uniform mat4 u_view_projection;
uniform samplerBuffer u_joint_matrices;  // 4 RGBA32F texels (columns) per joint
uniform int u_skinned;
// Morph targets (render/gpu_morphs.hpp): the payload's deltas and sparse indices as they lie,
// 2 texels per target, and this frame's weighted targets in target order.
uniform samplerBuffer u_morph_deltas;    // R32F, 3 texels per delta
uniform usamplerBuffer u_morph_sparse;   // R32UI, each sparse target's vertices ascending
uniform usamplerBuffer u_morph_targets;  // RGBA32UI: first vertex, span, first delta, attributes;
                                         // first sparse index, sparse count, deltas per vertex, 0
uniform usamplerBuffer u_morph_active;   // RG32UI: target, the weight's bits
uniform int u_morph_count;               // weighted targets this frame (0: the rest pose)
uniform ivec2 u_morph_directions;        // [first, end): vertices whose normal and tangent are renormalised
out vec3 v_position;
out vec3 v_normal;
out vec3 v_tangent;
out vec3 v_bitangent;
out vec2 v_uv;
out vec4 v_color;
out vec2 v_uv1;

mat4 joint_matrix(int joint) {
  int base = joint * 4;
  return mat4(texelFetch(u_joint_matrices, base), texelFetch(u_joint_matrices, base + 1),
              texelFetch(u_joint_matrices, base + 2), texelFetch(u_joint_matrices, base + 3));
}

// Which of `target`'s moved vertices `v` is (its deltas' place), or -1 when it does not move it:
// dense, its place in the span; sparse, found by binary search in the target's indices.
int moved_vertex(uvec4 target, uvec4 sparse, uint v) {
  if (v < target.x || v - target.x >= target.y) return -1;
  if (sparse.x == 0xFFFFFFFFu) return int(v - target.x);
  int low = 0, high = int(sparse.y);
  while (low < high) {
    int middle = (low + high) / 2;
    if (texelFetch(u_morph_sparse, int(sparse.x) + middle).r < v) low = middle + 1; else high = middle;
  }
  return low < int(sparse.y) && texelFetch(u_morph_sparse, int(sparse.x) + low).r == v ? low : -1;
}

vec3 morph_delta(int texel) {
  return vec3(texelFetch(u_morph_deltas, texel).r, texelFetch(u_morph_deltas, texel + 1).r,
              texelFetch(u_morph_deltas, texel + 2).r);
}

// position' = position + sum of w * delta over the weighted targets, likewise normal and tangent,
// then (inside u_morph_directions) unit normal and tangent and the bitangent rebuilt with the
// core one's handedness: aem::apply_morph_targets on the GPU.
void morph(inout vec3 position, inout vec3 normal, inout vec3 tangent, inout vec3 bitangent) {
  uint v = uint(gl_VertexID);
  for (int i = 0; i < u_morph_count; ++i) {
    uvec2 entry = texelFetch(u_morph_active, i).rg;
    float w = uintBitsToFloat(entry.y);
    uvec4 target = texelFetch(u_morph_targets, int(entry.x) * 2);
    uvec4 sparse = texelFetch(u_morph_targets, int(entry.x) * 2 + 1);
    int k = moved_vertex(target, sparse, v);
    if (k < 0) continue;
    int texel = 3 * (int(target.z) + k * int(sparse.z));
    if ((target.w & 1u) != 0u) { position += w * morph_delta(texel); texel += 3; }
    if ((target.w & 2u) != 0u) { normal += w * morph_delta(texel); texel += 3; }
    if ((target.w & 4u) != 0u) tangent += w * morph_delta(texel);
  }
  if (gl_VertexID >= u_morph_directions.x && gl_VertexID < u_morph_directions.y) {
    float handedness = dot(cross(a_normal, a_tangent), a_bitangent) < 0.0 ? -1.0 : 1.0;
    if (dot(normal, normal) > 0.0) normal = normalize(normal);
    if (dot(tangent, tangent) > 0.0) tangent = normalize(tangent);
    bitangent = cross(normal, tangent) * handedness;
  }
}

void main() {
  vec3 morphed_position = a_position, normal = a_normal, tangent = a_tangent, bitangent = a_bitangent;
  if (u_morph_count > 0) morph(morphed_position, normal, tangent, bitangent);
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
  vec4 position = skin * vec4(morphed_position, 1.0);
  mat3 linear = mat3(skin);
  v_position = position.xyz;
  v_normal = linear * normal;
  v_tangent = linear * tangent;
  v_bitangent = linear * bitangent;
  v_uv = a_uv;
  v_color = a_color;
  v_uv1 = a_uv1;
  gl_Position = u_view_projection * position;
}
)";

const char* const kModelFragmentShader = "#version 330 core\n" AEM_GLSL_TO_DISPLAY R"(
in vec3 v_position;
in vec3 v_normal;
in vec3 v_tangent;
in vec3 v_bitangent;
in vec2 v_uv;
in vec4 v_color;
in vec2 v_uv1;
uniform ivec4 u_uv_sets;         // the set (0: v_uv, 1: v_uv1) of base colour, normal, PBR, occlusion
uniform int u_occlusion_own;     // occlusion in u_occlusion's R (the uv1 extension), not in PBR G
uniform sampler2D u_occlusion;
uniform sampler2D u_base_color;  // sRGB RGB, linear A opacity
uniform sampler2D u_normal;      // X, Y in R, G
uniform sampler2D u_pbr;         // R roughness, G occlusion, B metalness, A emissive
uniform sampler2D u_emissive;    // sRGB RGB emission (the `emissive` extension), with u_own_emission
uniform int u_own_emission;      // emitted = u_emission × u_emissive, not PBR A × base colour
uniform vec3 u_emission;         // the record's factor × strength
uniform int u_unlit;             // KHR_materials_unlit: base colour alone, no lighting
uniform vec3 u_irradiance[9];    // spherical harmonics of irradiance / pi (environment_image.hpp)
uniform samplerCube u_specular;  // one roughness per level, 0 to 1
uniform sampler2D u_brdf_lut;    // F0 scale and bias by (N.V, roughness)
uniform vec3 u_eye;
uniform int u_ibl;               // lit by the environment; else the key light and ambient
uniform float u_specular_max_lod;
uniform mat3 u_environment_rotation;
uniform float u_exposure;        // linear
uniform vec3 u_light_direction;  // towards the light
uniform vec3 u_light_color;
uniform vec3 u_ambient;
uniform int u_mode;              // an InspectionMode
uniform int u_transparent;
uniform int u_alpha_to_coverage; // multisampled: alpha-tested edges become coverage
uniform int u_flat;              // wireframe overlay: a flat colour
uniform vec4 u_flat_color;
uniform usamplerBuffer u_meshlet_of_triangle;  // R32UI: per triangle in meshlet order, its meshlet
uniform int u_meshlet_triangle_base;  // the draw's first triangle in it; -1: no meshlets (grey)
out vec4 o_color;

const float PI = 3.14159265;

// A meshlet's colour: a hash of its index, so that consecutive (mostly neighbouring) meshlets
// differ in every channel; never darker than a quarter.
vec3 meshlet_colour(uint m) {
  uint h = m * 0x9E3779B9u;
  h ^= h >> 16; h *= 0x85EBCA6Bu; h ^= h >> 13; h *= 0xC2B2AE35u; h ^= h >> 16;
  return vec3(float(h & 255u), float((h >> 8) & 255u), float((h >> 16) & 255u)) / 255.0 * 0.75 + 0.25;
}

// glTF 2.0 metallic-roughness BRDF (specification, appendix B): GGX distribution,
// height-correlated Smith visibility, Schlick Fresnel, Lambertian diffuse.
vec3 punctual(vec3 n, vec3 v, vec3 l, vec3 f0, vec3 c_diff, float alpha) {
  vec3 h = normalize(v + l);
  float n_dot_l = max(dot(n, l), 0.0), n_dot_v = max(dot(n, v), 1e-4);
  float n_dot_h = max(dot(n, h), 0.0), v_dot_h = max(dot(v, h), 0.0);
  float a2 = alpha * alpha;
  float d = n_dot_h * n_dot_h * (a2 - 1.0) + 1.0;
  float D = a2 / (PI * d * d);
  float vis_denominator = n_dot_l * sqrt(n_dot_v * n_dot_v * (1.0 - a2) + a2) + n_dot_v * sqrt(n_dot_l * n_dot_l * (1.0 - a2) + a2);
  float vis = vis_denominator > 0.0 ? 0.5 / vis_denominator : 0.0;
  vec3 F = f0 + (1.0 - f0) * pow(1.0 - v_dot_h, 5.0);
  return ((1.0 - F) * c_diff / PI + F * D * vis) * n_dot_l;
}

// Split-sum environment lighting; the energy lost by single scattering on rough surfaces is
// added back (Fdez-Aguera 2019), as the Khronos sample viewer does.
vec3 environment(vec3 n, vec3 v, vec3 f0, vec3 c_diff, float roughness) {
  float n_dot_v = clamp(dot(n, v), 1e-4, 1.0);
  vec3 r = u_environment_rotation * reflect(-v, n);
  vec2 ab = texture(u_brdf_lut, vec2(n_dot_v, roughness)).rg;
  vec3 fr = max(vec3(1.0 - roughness), f0) - f0;
  vec3 k_s = f0 + fr * pow(1.0 - n_dot_v, 5.0);
  vec3 single = k_s * ab.x + ab.y;
  float e_ms = 1.0 - (ab.x + ab.y);
  vec3 f_avg = f0 + (1.0 - f0) / 21.0;
  vec3 multiple = e_ms * single * f_avg / (1.0 - f_avg * e_ms);
  vec3 specular = textureLod(u_specular, r, roughness * u_specular_max_lod).rgb * single;
  vec3 d = u_environment_rotation * n;
  vec3 irradiance = u_irradiance[0] * 0.282095 + 0.488603 * (u_irradiance[1] * d.y + u_irradiance[2] * d.z + u_irradiance[3] * d.x) +
      1.092548 * (u_irradiance[4] * d.x * d.y + u_irradiance[5] * d.y * d.z + u_irradiance[7] * d.x * d.z) +
      u_irradiance[6] * 0.315392 * (3.0 * d.z * d.z - 1.0) + u_irradiance[8] * 0.546274 * (d.x * d.x - d.y * d.y);
  irradiance = max(irradiance, vec3(0.0));
  vec3 diffuse = (multiple + c_diff * (1.0 - single - multiple)) * irradiance;
  return specular + diffuse;
}

void main() {
  if (u_flat != 0) { o_color = u_flat_color; return; }
  vec2 base_uv = u_uv_sets.x == 0 ? v_uv : v_uv1;
  vec4 texel = texture(u_base_color, base_uv);
  vec4 base = texel * v_color;  // as glTF: the vertex colour scales base colour and opacity
  float opacity = base.a;
  if (u_transparent == 0) {
    if (u_alpha_to_coverage != 0) {
      // The 0.5 threshold, sharpened to about a pixel wide so that coverage smooths the cut-out.
      opacity = clamp((opacity - 0.5) / max(fwidth(opacity), 1e-4) + 0.5, 0.0, 1.0);
      if (opacity <= 0.0) discard;
    } else {
      if (opacity < 0.5) discard;
      opacity = 1.0;
    }
  }
  vec2 nxy = texture(u_normal, u_uv_sets.y == 0 ? v_uv : v_uv1).rg * 2.0 - 1.0;
  vec3 n_tangent = vec3(nxy, sqrt(max(0.0, 1.0 - dot(nxy, nxy))));
  vec4 pbr = texture(u_pbr, u_uv_sets.z == 0 ? v_uv : v_uv1);
  float roughness = pbr.r, occlusion = pbr.g, metalness = pbr.b, emissive = pbr.a;
  if (u_occlusion_own != 0) occlusion = texture(u_occlusion, u_uv_sets.w == 0 ? v_uv : v_uv1).r;

  vec3 N = normalize(v_normal);
  vec3 T = v_tangent - N * dot(N, v_tangent);
  vec3 B = v_bitangent;
  bool has_tangents = dot(T, T) > 1e-8 && dot(B, B) > 1e-8;
  vec3 n = has_tangents ? normalize(normalize(T) * n_tangent.x + normalize(B) * n_tangent.y + N * n_tangent.z) : N;

  if (u_mode == 1) { o_color = vec4(linear_to_srgb(texel.rgb), 1.0); return; }
  if (u_mode == 2) { o_color = vec4(vec3(texel.a), 1.0); return; }
  if (u_mode == 3) { o_color = vec4(n_tangent * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 4) { o_color = vec4(vec3(roughness), 1.0); return; }
  if (u_mode == 5) { o_color = vec4(vec3(occlusion), 1.0); return; }
  if (u_mode == 6) { o_color = vec4(vec3(metalness), 1.0); return; }
  if (u_mode == 7) { o_color = vec4(vec3(emissive), 1.0); return; }
  if (u_mode == 8) { o_color = vec4(N * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 9) { o_color = vec4(normalize(v_tangent) * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 10) { o_color = vec4(normalize(v_bitangent) * 0.5 + 0.5, 1.0); return; }
  if (u_mode == 11) { o_color = vec4(fract(base_uv), 0.0, 1.0); return; }
  if (u_mode == 12) { o_color = vec4(linear_to_srgb(v_color.rgb), 1.0); return; }
  if (u_mode == 13) {
    if (u_meshlet_triangle_base < 0) { o_color = vec4(vec3(0.3 + 0.3 * (N.y * 0.5 + 0.5)), 1.0); return; }
    uint m = texelFetch(u_meshlet_of_triangle, u_meshlet_triangle_base + gl_PrimitiveID).r;
    o_color = vec4(meshlet_colour(m), 1.0);
    return;
  }

  vec3 albedo = base.rgb;
  if (u_unlit != 0) { o_color = vec4(linear_to_srgb(albedo), opacity); return; }
  vec3 v = normalize(u_eye - v_position);
  vec3 f0 = mix(vec3(0.04), albedo, metalness);
  vec3 c_diff = mix(albedo, vec3(0.0), metalness);
  vec3 color;
  if (u_ibl != 0) {
    color = environment(n, v, f0, c_diff, roughness) * occlusion;
  } else {
    float alpha = max(roughness * roughness, 0.002);
    color = punctual(n, v, normalize(u_light_direction), f0, c_diff, alpha) * u_light_color;
    // Without an environment: a sky-to-ground hemisphere for the ambient term.
    vec3 ambient_light = u_ambient * mix(0.5, 1.0, 0.5 + 0.5 * n.y);
    color += ambient_light * occlusion * (c_diff + f0 * 0.5);
  }
  color += u_own_emission != 0 ? u_emission * texture(u_emissive, v_uv).rgb : emissive * albedo;
  o_color = vec4(linear_to_srgb(tone_map(color * u_exposure)), opacity);
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
