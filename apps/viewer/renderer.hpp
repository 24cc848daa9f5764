#pragma once
// Draws a GpuModel: back faces culled (AEM triangles are single-sided), opaque meshes
// alpha-tested at 0.5, then transparent meshes blended back to front; a directional light plus
// ambient, tone mapping and sRGB output in the shader; optional grid, wireframe and skeleton
// overlays.
#include <span>

#include "aem/skeleton.hpp"
#include "camera.hpp"
#include "gpu_model.hpp"
#include "inspection_mode.hpp"
#include "shaders.hpp"
#include "vertex_batch.hpp"

namespace aem::viewer {

struct RenderSettings {
  InspectionMode mode = InspectionMode::lit;
  bool grid = true;
  bool wireframe = false;
  bool skeleton = false;
  float background[3] = {0.18f, 0.19f, 0.22f};  // sRGB
};

struct Frame {
  int width = 1;
  int height = 1;
  const OrbitCamera* camera = nullptr;
  Bounds bounds;                               // of the posed model: grid plane, joint size
  const Skeleton* skeleton = nullptr;          // for the skeleton overlay; may be null
  std::span<const Mat4> joint_model_space;     // current pose
};

class Renderer {
 public:
  Renderer();
  void draw(const GpuModel& model, const Frame& frame, const RenderSettings& settings);

 private:
  void draw_meshes(const GpuModel& model, const Frame& frame, const M4& view_projection,
                   InspectionMode mode, bool wireframe);

  Program model_program_;
  Program line_program_;
  VertexBatch lines_;
};

}  // namespace aem::viewer
