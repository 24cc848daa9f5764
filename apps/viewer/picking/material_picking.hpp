#pragma once
// Which material is under the cursor: a ray from the camera through a pixel, cast on the CPU
// against the model's triangles posed exactly as the vertex shader poses them (the same
// skinning matrices, the same weighted sum, after the same morph targets), so a pick is exact on
// an animated skin or morph too.
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "aem/model.hpp"
#include "picking/posed_vertex.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

struct Ray {
  Vec3 origin;
  Vec3 direction;  // need not be unit length
};

struct PickHit {
  std::uint32_t mesh = 0;
  std::uint32_t material = 0;
  std::uint32_t triangle = 0;  // index of its first index / 3
  float distance = 0;          // along the ray, in units of |direction|
};

// The ray through pixel (x, y) of a width x height view (pixels from the top left; pixel
// centres at .5) of `camera`, starting at the eye. Its direction has a component of exactly 1
// along the view axis, so a hit's distance is its depth in view space.
Ray pixel_ray(const OrbitCamera& camera, float x, float y, int width, int height);

// The nearest triangle the ray hits from its front (AEM triangles are single-sided,
// counter-clockwise in front: back faces are culled in the render, so they cannot be picked),
// or none; hits outside [min_distance, max_distance] (the camera's clip planes, with
// pixel_ray) do not count, nor does a hit where an alpha-tested (opaque) material cuts its
// surface away (alpha_cutout.hpp: base colour alpha below 0.5 there, as glTF MASK materials
// are baked): the ray goes on to what the pixel shows behind it.
// `morph_weights` (one per morph target; empty: none) move the vertices before skinning, as the
// vertex shader does.
std::optional<PickHit> pick(const Model& model, std::span<const float> skinning, const Ray& ray,
                            float min_distance = 0, float max_distance = std::numeric_limits<float>::infinity(),
                            std::span<const float> morph_weights = {});

}  // namespace aem::viewer
