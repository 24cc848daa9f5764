#pragma once
// Split-sum image-based lighting (as the Khronos glTF sample viewer lights models), computed on
// the GPU when the environment is set: a GGX-prefiltered specular cube map with one roughness
// per mip level, the diffuse irradiance as spherical harmonics (computed on the CPU: nine
// coefficients, no cube map to sample per pixel) and the BRDF lookup table
// (scale and bias of F0 by N.V and roughness). The source equirectangular image stays for the
// background. Fixed cost whatever the image's size (the source is sampled through its mips).
#include <epoxy/gl.h>

#include <array>

#include "render/environment_image.hpp"
#include "render/shaders.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

class ImageBasedLighting {
 public:
  static constexpr int kSpecularSize = 128;
  static constexpr int kSpecularLevels = 5;  // roughness 0, 0.25, 0.5, 0.75, 1
  static constexpr int kBrdfLutSize = 128;

  // Needs a current GL 3.3 context; leaves the framebuffer, viewport and programs unbound.
  explicit ImageBasedLighting(const EnvironmentImage& image);
  ~ImageBasedLighting();
  ImageBasedLighting(const ImageBasedLighting&) = delete;
  ImageBasedLighting& operator=(const ImageBasedLighting&) = delete;

  GLuint source() const { return source_; }          // equirectangular, mipmapped
  GLuint specular() const { return specular_; }      // cube map, kSpecularLevels levels
  // irradiance_harmonics() of the image: RGB of 9 coefficients.
  const std::array<float, 27>& irradiance() const { return irradiance_; }
  GLuint brdf_lut() const { return brdf_lut_; }

  // Fills the frame with the environment as seen by `camera` (depth untouched); `rotation` is
  // the environment's yaw (column-major 3x3), `exposure` a linear scale.
  void draw_background(const OrbitCamera& camera, float aspect, const float rotation[9], float exposure);

 private:
  GLuint source_ = 0, specular_ = 0, brdf_lut_ = 0;
  std::array<float, 27> irradiance_{};
  GLuint empty_vertex_array_ = 0;
  Program background_program_;
};

// Column-major rotation about +Y by `degrees`, taking a world direction to environment space.
void environment_rotation(float degrees, float out[9]);

}  // namespace aem::viewer
