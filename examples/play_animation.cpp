// play_animation: the smallest correct program that draws a baked, animated model: an SDL2
// window, OpenGL 3.3 core through libepoxy, skinning on the GPU. An AnimationMixer plays
// animation 0 and every 2 s cross-fades (over 0.5 s) to the next; its joint matrices reach the
// vertex shader through a texture buffer. Copy this one; aem-viewer is the full tool.
//   play_animation MODEL.aem [--size WxH] [--frames N [--time T (default N/60)] [--screenshot OUT.png]]
#include <aem/aem.hpp>
#include <epoxy/gl.h>
#include <SDL.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>
namespace {

const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec3 position; layout(location = 1) in vec3 normal; layout(location = 2) in vec2 uv;
layout(location = 3) in ivec4 joints; layout(location = 4) in vec4 weights;
uniform mat4 view, projection;
uniform samplerBuffer joint_matrices;  // 4 RGBA32F texels (the columns) per joint
out vec3 v_normal; out vec2 v_uv;
mat4 joint(int j) { return mat4(texelFetch(joint_matrices, 4 * j), texelFetch(joint_matrices, 4 * j + 1),
                                 texelFetch(joint_matrices, 4 * j + 2), texelFetch(joint_matrices, 4 * j + 3)); }
void main() {
  mat4 skin = mat4(0.0);
  for (int i = 0; i < 4; ++i) if (joints[i] >= 0) skin += weights[i] * joint(joints[i]);
  if (weights == vec4(0.0)) skin = mat4(1.0);  // a static vertex
  v_normal = mat3(skin) * normal, v_uv = uv;
  gl_Position = projection * view * skin * vec4(position, 1.0);
})";

const char* kFragmentShader = R"(#version 330 core
in vec3 v_normal; in vec2 v_uv;
uniform sampler2D base_color;  // an sRGB texture: sampled in linear light
uniform vec3 light; uniform bool blended;
out vec4 color;
void main() {  // the viewer's key light and sky, diffuse only; ACES tone mapping; sRGB
  vec4 base = texture(base_color, v_uv);
  if (!blended && base.a < 0.5) discard;
  vec3 n = normalize(v_normal);
  vec3 lit = base.rgb * 0.96 * (vec3(3.0, 2.9, 2.75) / 3.14159 * max(dot(n, light), 0.0) +
                                vec3(0.45, 0.47, 0.52) * (0.75 + 0.25 * n.y));
  vec3 c = clamp((lit * (2.51 * lit + 0.03)) / (lit * (2.43 * lit + 0.59) + 0.14), 0.0, 1.0);
  color = vec4(mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c)), blended ? base.a : 1.0);
})";

GLuint program() {
  const GLuint p = glCreateProgram();
  for (const auto& [stage, source] : {std::pair{GL_VERTEX_SHADER, kVertexShader}, {GL_FRAGMENT_SHADER, kFragmentShader}}) {
    const GLuint s = glCreateShader(stage);
    glShaderSource(s, 1, &source, nullptr), glCompileShader(s), glAttachShader(p, s), glDeleteShader(s);
  }
  GLint ok = 0;
  glLinkProgram(p), glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) throw std::runtime_error("the shaders do not compile and link");
  return glUseProgram(p), p;
}

// The viewer's default camera (yaw 30, pitch 15 degrees, 45-degree field of view) aimed at the
// centre of the box that holds every animation's motion (skinned on the CPU, 30 poses a second)
// and backed off until the box's corners lie within 90% of the view; and its light (above,
// right, behind). Framing the motion, not one pose, keeps the model in view as it plays.
void set_camera(GLuint shader, const aem::Model& model, float aspect) {
  float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f}, light[3];
  aem::AnimationMixer mixer(model, 1);
  std::vector<float> skin(16 * mixer.joint_count());
  for (std::uint32_t a = 0; a < model.animations().size(); ++a) {
    const float duration = model.animations()[a].duration;
    const int poses = std::clamp(int(std::ceil(duration * 30)), 1, 1024);
    const aem::LayerId layer = mixer.play({.animation = a, .speed = 0, .playback = aem::Playback::clamp});
    for (int k = 0; k <= poses; ++k) {
      mixer.settings(layer).time = duration * float(k) / float(poses);
      mixer.evaluate(skin);
      for (const aem::Vertex& v : model.vertices()) {
        float p[3] = {0, 0, 0}, total = 0;  // what the vertex shader computes
        for (int i = 0; i < 4; ++i) {
          if (v.joints[i] < 0 || v.weights[i] <= 0) continue;
          const float* m = &skin[16 * std::size_t(v.joints[i])];
          for (int r = 0; r < 3; ++r)
            p[r] += v.weights[i] * (m[r] * v.position[0] + m[4 + r] * v.position[1] + m[8 + r] * v.position[2] + m[12 + r]);
          total += v.weights[i];
        }
        for (int r = 0; r < 3; ++r)
          lo[r] = std::min(lo[r], total > 0 ? p[r] : v.position[r]), hi[r] = std::max(hi[r], total > 0 ? p[r] : v.position[r]);
      }
    }
    mixer.stop(layer);
  }
  const float radius = std::max(std::hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / 2, 1e-4f);
  const float yaw = 0.2617994f, pitch = -0.1308997f, fov = 0.7853982f;  // half angles: quaternion yaw * pitch
  aem::Mat4 eye = aem::to_matrix({{}, {std::cos(yaw) * std::sin(pitch), std::sin(yaw) * std::cos(pitch),
                                       -std::sin(yaw) * std::sin(pitch), std::cos(yaw) * std::cos(pitch)}});
  const float tan_y = std::tan(fov / 2) * 0.9f, tan_x = tan_y * aspect;
  float distance = 0;
  for (int corner = 0; corner < 8; ++corner) {  // in the eye's axes: right, up, back (towards the eye)
    float along[3] = {0, 0, 0};
    for (int axis = 0; axis < 3; ++axis)
      for (int i = 0; i < 3; ++i) along[axis] += ((corner >> i & 1 ? hi[i] : lo[i]) - (lo[i] + hi[i]) / 2) * eye.m[4 * axis + i];
    distance = std::max({distance, along[2] + std::abs(along[0]) / tan_x, along[2] + std::abs(along[1]) / tan_y,
                         along[2] + radius * 0.25f});
  }
  const float near = distance * 0.01f, far = distance + radius * 20;
  for (int i = 0; i < 3; ++i) {
    eye.m[12 + i] = (lo[i] + hi[i]) / 2 + eye.m[8 + i] * distance;  // backed off along its +Z
    light[i] = 0.45f * eye.m[i] + 0.7f * eye.m[4 + i] + 0.55f * eye.m[8 + i];
  }
  const float f = 1 / std::tan(fov / 2), projection[16] = {f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0,
                                                           (far + near) / (near - far), -1, 0, 0, 2 * far * near / (near - far), 0};
  glUniformMatrix4fv(glGetUniformLocation(shader, "view"), 1, GL_FALSE, aem::inverse(eye).m);
  glUniformMatrix4fv(glGetUniformLocation(shader, "projection"), 1, GL_FALSE, projection);
  glUniform3fv(glGetUniformLocation(shader, "light"), 1, light);
}

// A base colour texture with its full mip chain, each level exactly as the file holds it.
GLuint upload(const aem::Model& model, const aem::Texture& t) {
  GLuint name = 0;
  glGenTextures(1, &name), glBindTexture(GL_TEXTURE_2D, name);
  for (std::uint32_t level = 0, levels = aem::mip_count(t.width, t.height); level < levels; ++level) {
    const aem::MipLevel mip = aem::mip_level(t, level);  // its size; the texels lie in the file:
    const std::span<const std::byte> texels = model.mip_data(t, level);
    if (t.compression == std::uint32_t(aem::Compression::none))
      glTexImage2D(GL_TEXTURE_2D, GLint(level), GL_SRGB8_ALPHA8, GLsizei(mip.width), GLsizei(mip.height), 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, texels.data());
    else  // BC7
      glCompressedTexImage2D(GL_TEXTURE_2D, GLint(level), GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GLsizei(mip.width),
                             GLsizei(mip.height), 0, GLsizei(texels.size()), texels.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  const GLint wrap[] = {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE};  // by aem::WrapMode
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap[t.wrap_x]), glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap[t.wrap_y]);
  return name;
}

// The command line: the model, the window's size, and for a recorded run (--frames) how many
// frames span how many seconds and where the last one goes.
struct Arguments {
  int width = 800, height = 600, frames = 0;  // --frames: this many frames spanning `seconds`, then exit
  float seconds = -1;
  std::string path, screenshot;
};

Arguments parse_arguments(int argc, char** argv) {
  Arguments a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i], value = i + 1 < argc ? argv[i + 1] : "";
    if (arg == "--size" && std::sscanf(value.c_str(), "%dx%d", &a.width, &a.height) == 2) ++i;
    else if (arg == "--frames" && (a.frames = std::atoi(value.c_str())) > 0) ++i;
    else if (arg == "--time" && (a.seconds = std::strtof(value.c_str(), nullptr)) >= 0) ++i;
    else if (arg == "--screenshot" && !value.empty()) a.screenshot = argv[++i];
    else if (a.path.empty() && arg[0] != '-') a.path = arg;
    else throw std::invalid_argument("usage: play_animation MODEL.aem [--size WxH] [--frames N [--time T] [--screenshot F]]");
  }
  return a;
}

// An SDL window with a current OpenGL 3.3 core context that can sample BC7 textures.
SDL_Window* open_window(int width, int height) {
  if (SDL_Init(SDL_INIT_VIDEO) != 0) throw std::runtime_error(SDL_GetError());
  for (const auto& [attribute, value] : {std::pair{SDL_GL_CONTEXT_MAJOR_VERSION, 3}, {SDL_GL_CONTEXT_MINOR_VERSION, 3},
                                        {SDL_GL_CONTEXT_PROFILE_MASK, int(SDL_GL_CONTEXT_PROFILE_CORE)}, {SDL_GL_DEPTH_SIZE, 24}})
    SDL_GL_SetAttribute(attribute, value);
  SDL_Window* window = SDL_CreateWindow("play_animation", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width,
                                        height, SDL_WINDOW_OPENGL);
  if (window == nullptr || SDL_GL_CreateContext(window) == nullptr) throw std::runtime_error(SDL_GetError());
  if (epoxy_gl_version() < 42 && !epoxy_has_gl_extension("GL_ARB_texture_compression_bptc"))
    throw std::runtime_error("the GPU has no BC7 (BPTC) textures: bake with --textures rgba");
  return window;
}

const void* byte_offset(std::size_t offset) { return reinterpret_cast<const void*>(offset); }

// What the model has on the GPU: its vertex and index buffers behind one vertex array, a texture
// per base colour texture the materials use, and the texture buffer that takes joint matrices.
struct GpuModel {
  GLuint vao = 0, buffers[3] = {}, joint_texture = 0;  // buffers: vertices, indices, joint matrices
  std::vector<GLuint> textures;                        // by texture index; 0 where unused
};

// The model's spans go to the GPU as they lie in the file: one vertex and one index buffer.
GpuModel upload_model(const aem::Model& model) {
  GpuModel gpu;
  glGenVertexArrays(1, &gpu.vao), glBindVertexArray(gpu.vao), glGenBuffers(3, gpu.buffers);
  glBindBuffer(GL_ARRAY_BUFFER, gpu.buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(model.vertices().size_bytes()), model.vertices().data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, gpu.buffers[1]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(model.indices().size_bytes()), model.indices().data(), GL_STATIC_DRAW);
  const std::pair<GLint, std::size_t> attributes[] = {{3, offsetof(aem::Vertex, position)}, {3, offsetof(aem::Vertex, normal)},
      {2, offsetof(aem::Vertex, uv)}, {4, offsetof(aem::Vertex, joints)}, {4, offsetof(aem::Vertex, weights)}};
  for (GLuint i = 0; i < 5; ++i) {  // the joints are integers: glVertexAttribIPointer
    if (i == 3) glVertexAttribIPointer(i, 4, GL_INT, sizeof(aem::Vertex), byte_offset(attributes[i].second));
    else glVertexAttribPointer(i, attributes[i].first, GL_FLOAT, GL_FALSE, sizeof(aem::Vertex), byte_offset(attributes[i].second));
    glEnableVertexAttribArray(i);
  }
  gpu.textures.resize(model.textures().size());  // this shader reads base colours only
  for (const aem::Material& m : model.materials())
    if (gpu.textures[m.base_color_texture] == 0) gpu.textures[m.base_color_texture] = upload(model, model.textures()[m.base_color_texture]);
  // The mixer's 16 floats per joint reach the shader through a texture buffer on unit 1.
  glActiveTexture(GL_TEXTURE1), glGenTextures(1, &gpu.joint_texture), glBindTexture(GL_TEXTURE_BUFFER, gpu.joint_texture);
  glBindBuffer(GL_TEXTURE_BUFFER, gpu.buffers[2]), glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, gpu.buffers[2]), glActiveTexture(GL_TEXTURE0);
  return gpu;
}

// Every 2 s of `clock`, cross-fades (over 0.5 s) from the playing animation to the next.
void advance(aem::AnimationMixer& mixer, aem::LayerId& layer, float& clock, float dt, const aem::Model& model) {
  mixer.update(dt);
  if (std::floor((clock + dt) / 2) > std::floor(clock / 2)) {
    const auto next = std::uint32_t((mixer.settings(layer).animation + 1) % model.animations().size());
    layer = mixer.cross_fade(layer, {.animation = next}, 0.5f, aem::FadeCurve::smooth);
  }
  clock += dt;
}

// One frame: the posed joints to the texture buffer, then opaque meshes first and transparent
// ones over them.
void draw(const aem::Model& model, const GpuModel& gpu, GLuint shader, const std::vector<float>& skinning,
          int width, int height) {
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(skinning.size() * sizeof(float)), skinning.data(), GL_STREAM_DRAW);
  glViewport(0, 0, width, height), glClearColor(0.18f, 0.19f, 0.22f, 1), glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  for (const bool blended : {false, true}) {
    glUniform1i(glGetUniformLocation(shader, "blended"), blended), glDepthMask(blended ? GL_FALSE : GL_TRUE);
    blended ? glEnable(GL_BLEND) : glDisable(GL_BLEND);
    for (const aem::Mesh& mesh : model.meshes()) {
      const aem::Material& material = model.materials()[mesh.material];
      if ((material.type == std::uint32_t(aem::MaterialType::transparent)) != blended) continue;
      glBindTexture(GL_TEXTURE_2D, gpu.textures[material.base_color_texture]);
      glDrawElements(GL_TRIANGLES, GLsizei(mesh.index_count), GL_UNSIGNED_INT, byte_offset(mesh.first_index * 4));
    }
  }
  glDepthMask(GL_TRUE);
}

// The frame just drawn, read back before it is shown, as a PNG.
void write_screenshot(const std::string& path, int width, int height) {
  std::vector<unsigned char> pixels(std::size_t(width) * height * 4);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  if (stbi_write_png(path.c_str(), width, height, 4, pixels.data(), width * 4) == 0)
    throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) try {
  const Arguments args = parse_arguments(argc, argv);
  const aem::Model model = aem::Model::open(args.path);  // maps and validates; throws aem::ModelError
  if (model.animations().empty()) throw std::invalid_argument(args.path + " has no animation to play");
  SDL_Window* window = open_window(args.width, args.height);
  const GpuModel gpu = upload_model(model);
  // The mixer writes 16 floats per joint into `skinning`; the texture buffer hands them over.
  aem::AnimationMixer mixer(model);
  aem::LayerId layer = mixer.play({.animation = 0});
  std::vector<float> skinning(16 * mixer.joint_count());
  const GLuint shader = program();
  set_camera(shader, model, float(args.width) / float(args.height));
  glUniform1i(glGetUniformLocation(shader, "joint_matrices"), 1);
  // AEM triangles are single-sided, counter-clockwise in front: cull back faces.
  glEnable(GL_DEPTH_TEST), glEnable(GL_CULL_FACE), glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  const int frames = args.frames;
  const float step = frames > 0 ? (args.seconds >= 0 ? args.seconds : float(frames) / 60) / float(frames) : 0;
  float clock = 0;
  for (Uint64 frame = 1, last = SDL_GetTicks64(); frames == 0 || frame <= Uint64(frames); ++frame) {
    for (SDL_Event e; SDL_PollEvent(&e);)
      if (e.type == SDL_QUIT || (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE)) return SDL_Quit(), 0;
    const Uint64 now = SDL_GetTicks64();
    advance(mixer, layer, clock, frames > 0 ? step : float(now - std::exchange(last, now)) / 1000, model);
    mixer.evaluate(skinning);
    draw(model, gpu, shader, skinning, args.width, args.height);
    if (!args.screenshot.empty() && frame == Uint64(frames)) write_screenshot(args.screenshot, args.width, args.height);
    SDL_GL_SwapWindow(window);
  }
  return SDL_Quit(), 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "play_animation: %s\n", e.what());
  return 1;
}
