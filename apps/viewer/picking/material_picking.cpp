#include "picking/material_picking.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "picking/alpha_cutout.hpp"

namespace aem::viewer {

Ray pixel_ray(const OrbitCamera& camera, float x, float y, int width, int height) {
  const Mat4 view = camera.view();
  // The view matrix's rows are the camera's axes in world space.
  const Vec3 right{view.m[0], view.m[4], view.m[8]};
  const Vec3 up{view.m[1], view.m[5], view.m[9]};
  const Vec3 back{view.m[2], view.m[6], view.m[10]};
  const float h = float(std::max(height, 1)), w = float(std::max(width, 1));
  const float ndc_x = 2 * x / w - 1, ndc_y = 1 - 2 * y / h;
  const float tan_half = std::tan(OrbitCamera::kFovY / 2);
  const Vec3 direction = right * (ndc_x * tan_half * w / h) + up * (ndc_y * tan_half) - back;
  return {camera.eye(), direction};
}

namespace {

// Where a ray meets a triangle: the distance along it and the barycentric weights of the
// triangle's second and third corners (the first's is 1 - b - c).
struct TriangleHit {
  float distance = -1;  // negative: no hit
  float b = 0, c = 0;
};

// Möller-Trumbore, front faces only.
TriangleHit hit_front(const Ray& ray, Vec3 a, Vec3 b, Vec3 c) {
  const Vec3 ab = b - a, ac = c - a;
  const Vec3 p = cross(ray.direction, ac);
  const float det = dot(ab, p);
  // det > 0: the triangle's counter-clockwise side faces the ray's origin.
  if (!(det > 0)) return {};
  const float inv = 1 / det;
  const Vec3 s = ray.origin - a;
  const float u = dot(s, p) * inv;
  if (u < 0 || u > 1) return {};
  const Vec3 q = cross(s, ab);
  const float v = dot(ray.direction, q) * inv;
  if (v < 0 || u + v > 1) return {};
  return {dot(ac, q) * inv, u, v};
}

// Whether the material cuts the surface away where `hit` meets triangle (i0, i1, i2).
bool hit_is_cut_out(const Model& model, const Material& material, std::span<const Vertex> vertices, std::uint32_t i0,
                    std::uint32_t i1, std::uint32_t i2, const TriangleHit& hit) {
  const float a = 1 - hit.b - hit.c;
  const float u = a * vertices[i0].uv[0] + hit.b * vertices[i1].uv[0] + hit.c * vertices[i2].uv[0];
  const float v = a * vertices[i0].uv[1] + hit.b * vertices[i1].uv[1] + hit.c * vertices[i2].uv[1];
  return is_cut_out(model, material, u, v);
}

}  // namespace

std::optional<PickHit> pick(const Model& model, std::span<const float> skinning, const Ray& ray,
                            float min_distance, float max_distance, std::span<const float> morph_weights) {
  const std::span<const Vertex> vertices = model.vertices();  // UVs for the cut-outs: morphs leave them
  const std::vector<Vec3> posed = posed_positions(model, skinning, morph_weights);
  std::optional<PickHit> best;
  const std::span<const Mesh> meshes = model.meshes();
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const std::span<const std::uint32_t> indices = model.mesh_indices(meshes[m]);
    const Material& material = model.materials()[meshes[m].material];
    for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
      const TriangleHit hit = hit_front(ray, posed[indices[t]], posed[indices[t + 1]], posed[indices[t + 2]]);
      const float d = hit.distance;
      if (!(d > 0 && d >= min_distance && d <= max_distance && (!best || d < best->distance))) continue;
      // What the alpha test discards is not there to pick: whatever lies behind it is.
      if (hit_is_cut_out(model, material, vertices, indices[t], indices[t + 1], indices[t + 2], hit)) continue;
      best = PickHit{std::uint32_t(m), meshes[m].material, std::uint32_t((meshes[m].first_index + t) / 3), d};
    }
  }
  return best;
}

}  // namespace aem::viewer
