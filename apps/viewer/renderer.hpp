#pragma once
// Draws a GpuModel: back faces culled (AEM triangles are single-sided), opaque meshes
// alpha-tested at 0.5, then transparent meshes blended back to front; a directional light plus
// ambient, tone mapping and sRGB output in the shader; optional grid, wireframe and skeleton
// overlays.
#include <filesystem>
#include <span>

#include "aem/skeleton.hpp"
#include "camera.hpp"
#include "gpu_model.hpp"
#include "inspection_mode.hpp"
#include "selection_highlight.hpp"
#include "shaders.hpp"
#include "vertex_batch.hpp"

namespace aem::viewer {

// What the background shows behind the model.
enum class BackgroundMode { environment, flat_colour };

struct RenderSettings {
  InspectionMode mode = InspectionMode::lit;
  bool grid = true;
  bool wireframe = false;
  bool skeleton = false;
  float background[3] = {0.18f, 0.19f, 0.22f};  // sRGB; the flat colour
  // Lighting (issue 17): image-based lighting from an environment, the viewer's own procedural
  // one unless environment_file names an equirectangular Radiance .hdr.
  bool image_based_lighting = true;
  std::filesystem::path environment_file;  // empty: procedural
  float environment_yaw_degrees = 0;       // rotates the environment about +Y
  float exposure_stops = 0;                // 0: unchanged; +1 doubles
  BackgroundMode background_mode = BackgroundMode::flat_colour;
  // Selection from the UI: highlighted in the render, -1 for none.
  int selected_material = -1;
  int selected_joint = -1;
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
  SelectionHighlight selection_;  // the UI's selected material
};

}  // namespace aem::viewer
