// play_animation: the smallest correct way to draw a baked, animated model: SDL2 window, OpenGL
// 3.3 core through libepoxy, skinning on the GPU. AnimationMixer plays animation 0, and every 2 s
// cross-fades (0.5 s) to the next animation; its joint matrices go to the vertex shader through
// a texture buffer. Copy this one; aem-viewer is the full tool.
//   play_animation MODEL.aem [--size WxH] [--frames N [--time T] [--screenshot OUT.png]]
// With --frames the clock runs T seconds (default N/60) over N frames, then the last frame is
// written as PNG: what the tests compare with aem-viewer's render of the same model and time.
#include <aem/aem.hpp>
#include <epoxy/gl.h>
#include <SDL.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr float kSwitchEvery = 2.0f, kFade = 0.5f;  // seconds
using Mat = aem::Mat4;  // column-major 4x4 floats

Mat multiply(const Mat& a, const Mat& b) {
  Mat r;
  std::fill(std::begin(r.m), std::end(r.m), 0.0f);
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row)
      for (int k = 0; k < 4; ++k) r.m[c * 4 + row] += a.m[k * 4 + row] * b.m[c * 4 + k];
  return r;
}

// The viewer's default camera (yaw 30, pitch 15 degrees, 45-degree field of view), backed off
// until the bounding sphere of the first pose fills the view, so the two renders line up.
// `light` gets the viewer's key light: above, right of and behind the eye.
Mat camera(const float lo[3], const float hi[3], float aspect, float light[3]) {
  const float yaw = 0.5235988f, pitch = 0.2617994f, fov = 0.7853982f;
  float centre[3], radius = 0;
  for (int i = 0; i < 3; ++i) centre[i] = (lo[i] + hi[i]) / 2, radius += (hi[i] - lo[i]) * (hi[i] - lo[i]);
  radius = std::max(std::sqrt(radius) / 2, 1e-4f);
  const float distance = radius / std::sin(fov / 2) * 1.05f;
  const float near = std::min(std::max(distance - radius * 4, distance * 0.01f), radius * 0.05f), far = distance + radius * 20;
  const float back[3] = {std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
  const float right[3] = {back[2], 0, -back[0]}, rl = std::hypot(back[2], back[0]);
  const float x[3] = {right[0] / rl, 0, right[2] / rl};
  const float y[3] = {back[1] * x[2], back[2] * x[0] - back[0] * x[2], -back[1] * x[0]};  // back x right
  Mat view{{x[0], y[0], back[0], 0, x[1], y[1], back[1], 0, x[2], y[2], back[2], 0, 0, 0, 0, 1}};
  for (int i = 0; i < 3; ++i) {
    const float eye = centre[i] + back[i] * distance;
    view.m[12] -= x[i] * eye, view.m[13] -= y[i] * eye, view.m[14] -= back[i] * eye;
    light[i] = 0.45f * x[i] + 0.7f * y[i] + 0.55f * back[i];
  }
  const float f = 1 / std::tan(fov / 2);
  const Mat projection{{f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0,
                        2 * far * near / (near - far), 0}};
  return multiply(projection, view);
}

const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in ivec4 joints;
layout(location = 4) in vec4 weights;
uniform mat4 view_projection;
uniform samplerBuffer joint_matrices;  // 4 RGBA32F texels (the columns) per joint
out vec3 v_normal;
out vec2 v_uv;
mat4 joint(int j) {
  return mat4(texelFetch(joint_matrices, 4 * j), texelFetch(joint_matrices, 4 * j + 1),
              texelFetch(joint_matrices, 4 * j + 2), texelFetch(joint_matrices, 4 * j + 3));
}
void main() {
  mat4 skin = mat4(0.0);
  for (int i = 0; i < 4; ++i) if (joints[i] >= 0) skin += weights[i] * joint(joints[i]);
  if (weights == vec4(0.0)) skin = mat4(1.0);  // a static vertex
  v_normal = mat3(skin) * normal;
  v_uv = uv;
  gl_Position = view_projection * skin * vec4(position, 1.0);
})";

// Diffuse light from the viewer's key light and sky ambient; ACES tone mapping; sRGB out.
const char* kFragmentShader = R"(#version 330 core
in vec3 v_normal;
in vec2 v_uv;
uniform sampler2D base_color;  // sRGB texture: sampled in linear light
uniform vec3 light;
uniform bool blended;
out vec4 color;
void main() {
  vec4 base = texture(base_color, v_uv);
  if (!blended && base.a < 0.5) discard;
  vec3 n = normalize(v_normal);
  vec3 lit = base.rgb * (0.96 * vec3(3.0, 2.9, 2.75) / 3.14159 * max(dot(n, normalize(light)), 0.0) +
                         vec3(0.45, 0.47, 0.52) * mix(0.5, 1.0, 0.5 + 0.5 * n.y) * 0.96);
  vec3 c = clamp((lit * (2.51 * lit + 0.03)) / (lit * (2.43 * lit + 0.59) + 0.14), 0.0, 1.0);
  c = mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
  color = vec4(c, blended ? base.a : 1.0);
})";

GLuint program() {
  const GLuint p = glCreateProgram();
  for (const auto& [stage, source] : {std::pair{GL_VERTEX_SHADER, kVertexShader}, {GL_FRAGMENT_SHADER, kFragmentShader}}) {
    const GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    glAttachShader(p, s);
    glDeleteShader(s);
  }
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("the shaders do not link");
  return p;
}

// A texture with its full mip chain, each level exactly as the file holds it.
GLuint upload(const aem::Model& model, const aem::Texture& t) {
  GLuint name = 0;
  glGenTextures(1, &name);
  glBindTexture(GL_TEXTURE_2D, name);
  const GLenum format = t.compression == 0 ? GL_SRGB8_ALPHA8 : GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM;
  const std::uint32_t levels = aem::mip_count(t.width, t.height);
  for (std::uint32_t level = 0; level < levels; ++level) {
    const aem::MipLevel mip = aem::mip_level(t, level);
    const std::span<const std::byte> texels = model.mip_data(t, level);
    if (t.compression == 0)
      glTexImage2D(GL_TEXTURE_2D, GLint(level), GLint(format), GLsizei(mip.width), GLsizei(mip.height), 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    else
      glCompressedTexImage2D(GL_TEXTURE_2D, GLint(level), format, GLsizei(mip.width), GLsizei(mip.height), 0, GLsizei(texels.size()), texels.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, GLint(levels) - 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  const GLint wrap[] = {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE};  // aem::WrapMode
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap[std::min(t.wrap_x, 2u)]);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap[std::min(t.wrap_y, 2u)]);
  return name;
}

}  // namespace

int main(int argc, char** argv) try {
  int width = 800, height = 600, frames = 0;
  float seconds = -1;
  std::string model_path, screenshot;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i], value = i + 1 < argc ? argv[i + 1] : "";
    if (arg == "--size" && std::sscanf(value.c_str(), "%dx%d", &width, &height) == 2) ++i;
    else if (arg == "--frames" && (frames = std::atoi(value.c_str())) > 0) ++i;
    else if (arg == "--time" && (seconds = std::strtof(value.c_str(), nullptr)) >= 0) ++i;
    else if (arg == "--screenshot" && !value.empty()) screenshot = argv[++i];
    else if (model_path.empty() && arg[0] != '-') model_path = arg;
    else throw std::invalid_argument("usage: play_animation MODEL.aem [--size WxH] [--frames N [--time T] [--screenshot OUT.png]]");
  }
  if (model_path.empty()) throw std::invalid_argument("usage: play_animation MODEL.aem [options]");
  const aem::Model model = aem::Model::open(model_path);  // maps and validates; throws aem::ModelError

  if (SDL_Init(SDL_INIT_VIDEO) != 0) throw std::runtime_error(std::string("SDL: ") + SDL_GetError());
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
  SDL_Window* window = SDL_CreateWindow("play_animation", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, SDL_WINDOW_OPENGL);
  if (window == nullptr || SDL_GL_CreateContext(window) == nullptr) throw std::runtime_error(std::string("SDL: ") + SDL_GetError());
  if (epoxy_gl_version() < 42 && !epoxy_has_gl_extension("GL_ARB_texture_compression_bptc"))
    throw std::runtime_error("the GPU has no BC7 (BPTC) textures: bake with --textures rgba");

  // The model's spans go to the GPU as they lie in the file: one vertex and one index buffer.
  GLuint vao = 0, buffers[3] = {};
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(3, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(model.vertices().size_bytes()), model.vertices().data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(model.indices().size_bytes()), model.indices().data(), GL_STATIC_DRAW);
  const auto at = [](std::size_t offset) { return reinterpret_cast<const void*>(offset); };
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(aem::Vertex), at(offsetof(aem::Vertex, position)));
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(aem::Vertex), at(offsetof(aem::Vertex, normal)));
  glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(aem::Vertex), at(offsetof(aem::Vertex, uv)));
  glVertexAttribIPointer(3, 4, GL_INT, sizeof(aem::Vertex), at(offsetof(aem::Vertex, joints)));
  glVertexAttribPointer(4, 4, GL_FLOAT, GL_FALSE, sizeof(aem::Vertex), at(offsetof(aem::Vertex, weights)));
  for (GLuint i = 0; i < 5; ++i) glEnableVertexAttribArray(i);
  std::vector<GLuint> textures;
  for (const aem::Texture& t : model.textures()) textures.push_back(upload(model, t));

  // The animation: the mixer evaluates 16 floats per joint into `skinning`, which the texture
  // buffer hands to the shader. A model without joints draws with one identity matrix.
  const bool animated = !model.joints().empty() && !model.animations().empty();
  aem::AnimationMixer mixer(model);
  std::vector<float> skinning(16 * std::max<std::size_t>(1, mixer.joint_count()), 0.0f);
  for (int i = 0; i < 4; ++i) skinning[std::size_t(i) * 5] = 1.0f;
  aem::LayerId layer = animated ? mixer.play({.animation = 0}) : aem::LayerId{};
  if (animated) mixer.evaluate(skinning);
  GLuint joint_texture = 0;
  glBindBuffer(GL_TEXTURE_BUFFER, buffers[2]);
  glGenTextures(1, &joint_texture);
  glBindTexture(GL_TEXTURE_BUFFER, joint_texture);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buffers[2]);

  // Frame the first pose, as the viewer does (CPU skinning of the positions, once).
  float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f}, light[3];
  for (const aem::Vertex& v : model.vertices()) {
    float p[3] = {0, 0, 0}, total = 0;
    for (int i = 0; i < 4; ++i) {
      if (v.joints[i] < 0 || v.weights[i] <= 0) continue;
      const float* m = &skinning[std::size_t(v.joints[i]) * 16];
      for (int r = 0; r < 3; ++r) p[r] += v.weights[i] * (m[r] * v.position[0] + m[4 + r] * v.position[1] + m[8 + r] * v.position[2] + m[12 + r]);
      total += v.weights[i];
    }
    for (int r = 0; r < 3; ++r) p[r] = total > 0 ? p[r] : v.position[r], lo[r] = std::min(lo[r], p[r]), hi[r] = std::max(hi[r], p[r]);
  }
  const Mat view_projection = camera(lo, hi, float(width) / float(height), light);
  const GLuint shader = program();
  glUseProgram(shader);
  glUniformMatrix4fv(glGetUniformLocation(shader, "view_projection"), 1, GL_FALSE, view_projection.m);
  glUniform3fv(glGetUniformLocation(shader, "light"), 1, light);
  glUniform1i(glGetUniformLocation(shader, "joint_matrices"), 1);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_CULL_FACE);  // AEM triangles are single-sided, counter-clockwise in front

  const float step = frames > 0 ? (seconds >= 0 ? seconds : float(frames) / 60) / float(frames) : 0;
  float clock = 0, next_switch = kSwitchEvery;
  Uint64 last = SDL_GetPerformanceCounter();
  for (int frame = 1; frames == 0 || frame <= frames; ++frame) {
    for (SDL_Event e; SDL_PollEvent(&e);)
      if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) frames = frame - 1;
    if (frames != 0 && frame > frames) break;
    const Uint64 now = SDL_GetPerformanceCounter();
    float dt = frames > 0 ? step : float(now - last) / float(SDL_GetPerformanceFrequency());
    last = now;
    while (animated && dt > 0) {  // every kSwitchEvery seconds, exactly: fade to the next animation
      const float step_to = std::min(dt, next_switch - clock);
      mixer.update(step_to);
      clock += step_to, dt -= step_to;
      if (clock < next_switch) break;
      clock = next_switch, next_switch += kSwitchEvery;
      const auto next = std::uint32_t((mixer.settings(layer).animation + 1) % model.animations().size());
      layer = mixer.cross_fade(layer, {.animation = next}, kFade, aem::FadeCurve::smooth);
    }
    if (animated) mixer.evaluate(skinning);
    glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(skinning.size() * sizeof(float)), skinning.data(), GL_STREAM_DRAW);

    glViewport(0, 0, width, height);
    glClearColor(0.18f, 0.19f, 0.22f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_BUFFER, joint_texture);
    glActiveTexture(GL_TEXTURE0);
    for (const bool blended : {false, true}) {  // opaque first, then transparent over them
      glUniform1i(glGetUniformLocation(shader, "blended"), blended);
      glDepthMask(blended ? GL_FALSE : GL_TRUE);
      blended ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
      glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
      for (const aem::Mesh& mesh : model.meshes()) {
        const aem::Material& material = model.materials()[mesh.material];
        if ((material.type == std::uint32_t(aem::MaterialType::transparent)) != blended) continue;
        glBindTexture(GL_TEXTURE_2D, textures[material.base_color_texture]);
        glDrawElements(GL_TRIANGLES, GLsizei(mesh.index_count), GL_UNSIGNED_INT, at(mesh.first_index * sizeof(std::uint32_t)));
      }
    }
    glDepthMask(GL_TRUE);
    if (!screenshot.empty() && frame == frames) {  // the last frame, read back before it is shown
      std::vector<unsigned char> pixels(std::size_t(width) * height * 4);
      glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
      stbi_flip_vertically_on_write(1);
      if (stbi_write_png(screenshot.c_str(), width, height, 4, pixels.data(), width * 4) == 0)
        throw std::runtime_error("cannot write " + screenshot);
    }
    SDL_GL_SwapWindow(window);
  }
  SDL_Quit();
  return 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "play_animation: %s\n", e.what());
  return 1;
}
