#include "render/ibl.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>

#include "render/ibl_shaders.hpp"

namespace aem::viewer {
namespace {

constexpr int kSpecularSamples = 32;
constexpr int kBrdfLutSamples = 64;

GLuint make_cube_map(int size, int levels) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_CUBE_MAP, texture);
  for (int level = 0; level < levels; ++level) {
    const int s = std::max(1, size >> level);
    for (int face = 0; face < 6; ++face) {
      glTexImage2D(GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), level, GL_RGBA16F, s, s, 0, GL_RGBA, GL_FLOAT, nullptr);
    }
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BASE_LEVEL, 0);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAX_LEVEL, levels - 1);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, levels > 1 ? GL_LINEAR_MIPMAP_LINEAR : GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
    glTexParameteri(GL_TEXTURE_CUBE_MAP, wrap, GL_CLAMP_TO_EDGE);
  }
  return texture;
}

// Runs `program` once per texel of every face of `cube`'s `level`, `set_face` choosing the face.
void render_cube_level(GLuint framebuffer, GLuint cube, int level, int size, const Program& program) {
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, size, size);
  for (int face = 0; face < 6; ++face) {
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face), cube, level);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      throw std::runtime_error("the driver cannot render into a half-float cube map (image-based lighting)");
    }
    glUniform1i(program.uniform("u_face"), face);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
}

}  // namespace

void environment_rotation(float degrees, float out[9]) {
  const float a = degrees * std::numbers::pi_v<float> / 180.0f;
  const float c = std::cos(a), s = std::sin(a);
  // Columns: the world axes in environment space (a rotation by -a about +Y).
  const float m[9] = {c, 0, s, 0, 1, 0, -s, 0, c};
  std::copy(m, m + 9, out);
}

ImageBasedLighting::ImageBasedLighting(const EnvironmentImage& image)
    : irradiance_(irradiance_harmonics(image)),
      background_program_(kFullScreenVertexShader, kBackgroundShader, "environment background") {
  glGenVertexArrays(1, &empty_vertex_array_);
  glBindVertexArray(empty_vertex_array_);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);

  glGenTextures(1, &source_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, source_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16F, image.width, image.height, 0, GL_RGB, GL_FLOAT, image.rgb.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  const float texel_solid_angle = 4 * std::numbers::pi_v<float> / (float(image.width) * float(image.height));

  GLuint framebuffer = 0;
  glGenFramebuffers(1, &framebuffer);

  {
    const Program prefilter(kFullScreenVertexShader, kPrefilterSpecularShader, "specular prefilter");
    glUseProgram(prefilter.id());
    glUniform1i(prefilter.uniform("u_source"), 0);
    glUniform1f(prefilter.uniform("u_source_texel_solid_angle"), texel_solid_angle);
    glUniform1i(prefilter.uniform("u_samples"), kSpecularSamples);
    // A mirror reads the source at the mip whose texels match the cube's.
    const float cube_texel_solid_angle = 4 * std::numbers::pi_v<float> / (6.0f * kSpecularSize * kSpecularSize);
    glUniform1f(prefilter.uniform("u_mirror_lod"), std::max(0.0f, 0.5f * std::log2(cube_texel_solid_angle / texel_solid_angle)));
    specular_ = make_cube_map(kSpecularSize, kSpecularLevels);
    for (int level = 0; level < kSpecularLevels; ++level) {
      glUniform1f(prefilter.uniform("u_roughness"), float(level) / float(kSpecularLevels - 1));
      render_cube_level(framebuffer, specular_, level, kSpecularSize >> level, prefilter);
    }
  }
  {
    const Program lut(kFullScreenVertexShader, kBrdfLutShader, "BRDF lookup table");
    glUseProgram(lut.id());
    glUniform1i(lut.uniform("u_samples"), kBrdfLutSamples);
    glGenTextures(1, &brdf_lut_);
    glBindTexture(GL_TEXTURE_2D, brdf_lut_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16F, kBrdfLutSize, kBrdfLutSize, 0, GL_RG, GL_FLOAT, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, brdf_lut_, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      throw std::runtime_error("the driver cannot render into an RG16F texture (image-based lighting)");
    }
    glViewport(0, 0, kBrdfLutSize, kBrdfLutSize);
    glDrawArrays(GL_TRIANGLES, 0, 3);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &framebuffer);
  glUseProgram(0);
  glBindVertexArray(0);
}

ImageBasedLighting::~ImageBasedLighting() {
  const GLuint textures[] = {source_, specular_, brdf_lut_};
  glDeleteTextures(3, textures);
  glDeleteVertexArrays(1, &empty_vertex_array_);
}

void ImageBasedLighting::draw_background(const OrbitCamera& camera, float aspect, const float rotation[9], float exposure) {
  const Mat4 view = camera.view();
  const float t = std::tan(OrbitCamera::kFovY / 2);
  const Vec3 right = Vec3{view.m[0], view.m[4], view.m[8]} * (t * aspect);
  const Vec3 up = Vec3{view.m[1], view.m[5], view.m[9]} * t;
  const Vec3 forward{-view.m[2], -view.m[6], -view.m[10]};
  glUseProgram(background_program_.id());
  glUniform3f(background_program_.uniform("u_forward"), forward.x, forward.y, forward.z);
  glUniform3f(background_program_.uniform("u_right"), right.x, right.y, right.z);
  glUniform3f(background_program_.uniform("u_up"), up.x, up.y, up.z);
  glUniformMatrix3fv(background_program_.uniform("u_environment_rotation"), 1, GL_FALSE, rotation);
  glUniform1f(background_program_.uniform("u_exposure"), exposure);
  glUniform1f(background_program_.uniform("u_lod"), 1.0f);  // slightly soft, as a lens focused on the model
  glUniform1i(background_program_.uniform("u_source"), 0);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, source_);
  glBindVertexArray(empty_vertex_array_);
  glDisable(GL_DEPTH_TEST);
  glDepthMask(GL_FALSE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDepthMask(GL_TRUE);
  glEnable(GL_DEPTH_TEST);
  glBindVertexArray(0);
}

}  // namespace aem::viewer
