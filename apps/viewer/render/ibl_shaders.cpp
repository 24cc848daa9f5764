#include "render/ibl_shaders.hpp"

#include "render/glsl_snippets.hpp"

namespace aem::viewer {

const char* const kFullScreenVertexShader = R"(#version 330 core
out vec2 v_ndc;
void main() {
  v_ndc = vec2((gl_VertexID << 1) & 2, gl_VertexID & 2) * 2.0 - 1.0;
  gl_Position = vec4(v_ndc, 1.0, 1.0);
}
)";

// Shared by the precomputation shaders: the direction of a cube face's texel, the equirectangular
// lookup (the mapping of environment_image.hpp) and a low-discrepancy sequence.
#define AEM_IBL_COMMON                                                                           \
  "const float PI = 3.14159265;\n"                                                                 \
  "uniform sampler2D u_source;\n"                                                                  \
  "uniform float u_source_texel_solid_angle;\n"                                                    \
  "uniform int u_face;\n"                                                                          \
  "in vec2 v_ndc;\n"                                                                               \
  "out vec4 o_color;\n"                                                                            \
  "vec3 face_direction() {\n"                                                                      \
  "  float s = v_ndc.x, t = v_ndc.y;\n"                                                            \
  "  if (u_face == 0) return normalize(vec3(1.0, -t, -s));\n"                                      \
  "  if (u_face == 1) return normalize(vec3(-1.0, -t, s));\n"                                      \
  "  if (u_face == 2) return normalize(vec3(s, 1.0, t));\n"                                        \
  "  if (u_face == 3) return normalize(vec3(s, -1.0, -t));\n"                                      \
  "  if (u_face == 4) return normalize(vec3(s, -t, 1.0));\n"                                       \
  "  return normalize(vec3(-s, -t, -1.0));\n"                                                      \
  "}\n"                                                                                            \
  "vec2 equirect(vec3 d) {\n"                                                                      \
  "  return vec2(0.5 + atan(d.x, -d.z) / (2.0 * PI), acos(clamp(d.y, -1.0, 1.0)) / PI);\n"        \
  "}\n"                                                                                            \
  "vec3 source_lod(vec3 d, float pdf, int samples) {\n"                                            \
  "  float lod = 0.5 * log2(1.0 / (float(samples) * pdf * u_source_texel_solid_angle)) + 1.0;\n"   \
  "  return textureLod(u_source, equirect(d), max(lod, 0.0)).rgb;\n"                              \
  "}\n"                                                                                            \
  AEM_GLSL_HAMMERSLEY                                                                              \
  "mat3 basis(vec3 n) {\n"                                                                         \
  "  vec3 up = abs(n.y) < 0.999 ? vec3(0.0, 1.0, 0.0) : vec3(1.0, 0.0, 0.0);\n"                    \
  "  vec3 t = normalize(cross(up, n));\n"                                                          \
  "  return mat3(t, cross(n, t), n);\n"                                                            \
  "}\n"

// The split-sum's first sum for one roughness, with N = V = R (Karis 2013); each sample reads
// the source at the mip whose texel matches the sample's solid angle, which removes the noise
// a small sample count would leave.
const char* const kPrefilterSpecularShader = "#version 330 core\n" AEM_IBL_COMMON R"(
uniform float u_roughness;
uniform int u_samples;
uniform float u_mirror_lod;
void main() {
  vec3 n = face_direction();
  if (u_roughness <= 0.0) {
    o_color = vec4(textureLod(u_source, equirect(n), u_mirror_lod).rgb, 1.0);
    return;
  }
  mat3 frame = basis(n);
  float a = u_roughness * u_roughness, a2 = a * a;
  vec3 sum = vec3(0.0);
  float weight = 0.0;
  for (int i = 0; i < u_samples; ++i) {
    vec2 xi = hammersley(i, u_samples);
    float cos_theta = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
    float sin_theta = sqrt(1.0 - cos_theta * cos_theta);
    float phi = 2.0 * PI * xi.x;
    vec3 h = frame * vec3(sin_theta * cos(phi), sin_theta * sin(phi), cos_theta);
    vec3 l = reflect(-n, h);
    float n_dot_l = dot(n, l);
    if (n_dot_l <= 0.0) continue;
    float d = (a2 - 1.0) * cos_theta * cos_theta + 1.0;
    float pdf = a2 / (PI * d * d) / 4.0;  // D * NdotH / (4 VdotH), with V = N
    sum += source_lod(l, pdf, u_samples) * n_dot_l;
    weight += n_dot_l;
  }
  o_color = vec4(sum / max(weight, 1e-4), 1.0);
}
)";

// Scale (R) and bias (G) of F0 in the integral of the GGX specular lobe with the height-correlated
// Smith visibility over the hemisphere, by N.V (x) and perceptual roughness (y).
const char* const kBrdfLutShader = "#version 330 core\n" AEM_GLSL_HAMMERSLEY R"(
const float PI = 3.14159265;
in vec2 v_ndc;
out vec4 o_color;
uniform int u_samples;
void main() {
  vec2 uv = v_ndc * 0.5 + 0.5;
  float n_dot_v = max(uv.x, 1e-3);
  float a = uv.y * uv.y, a2 = a * a;
  vec3 v = vec3(sqrt(1.0 - n_dot_v * n_dot_v), 0.0, n_dot_v);
  vec2 sum = vec2(0.0);
  for (int i = 0; i < u_samples; ++i) {
    vec2 xi = hammersley(i, u_samples);
    float cos_theta = sqrt((1.0 - xi.y) / (1.0 + (a2 - 1.0) * xi.y));
    float sin_theta = sqrt(1.0 - cos_theta * cos_theta);
    float phi = 2.0 * PI * xi.x;
    vec3 h = vec3(sin_theta * cos(phi), sin_theta * sin(phi), cos_theta);
    vec3 l = reflect(-v, h);
    float n_dot_l = l.z, n_dot_h = h.z, v_dot_h = max(dot(v, h), 0.0);
    if (n_dot_l <= 0.0) continue;
    float vis = 0.5 / (n_dot_l * sqrt(n_dot_v * n_dot_v * (1.0 - a2) + a2) +
                       n_dot_v * sqrt(n_dot_l * n_dot_l * (1.0 - a2) + a2));
    float g = vis * 4.0 * n_dot_l * v_dot_h / max(n_dot_h, 1e-4);
    float fc = pow(1.0 - v_dot_h, 5.0);
    sum += vec2(1.0 - fc, fc) * g;
  }
  o_color = vec4(sum / float(u_samples), 0.0, 1.0);
}
)";

// The environment at infinity behind the model, through the camera's frustum; exposed and tone
// mapped like the model so the two match.
const char* const kBackgroundShader = "#version 330 core\n" AEM_GLSL_TO_DISPLAY R"(
const float PI = 3.14159265;
in vec2 v_ndc;
out vec4 o_color;
uniform sampler2D u_source;
uniform vec3 u_forward, u_right, u_up;  // right and up scaled to the frustum at distance 1
uniform mat3 u_environment_rotation;
uniform float u_exposure;
uniform float u_lod;
void main() {
  vec3 d = u_environment_rotation * normalize(u_forward + v_ndc.x * u_right + v_ndc.y * u_up);
  vec2 uv = vec2(0.5 + atan(d.x, -d.z) / (2.0 * PI), acos(clamp(d.y, -1.0, 1.0)) / PI);
  o_color = vec4(linear_to_srgb(tone_map(textureLod(u_source, uv, u_lod).rgb * u_exposure)), 1.0);
}
)";

}  // namespace aem::viewer
