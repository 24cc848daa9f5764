#pragma once
// Draws a GpuModel: back faces culled (AEM triangles are single-sided), opaque meshes
// alpha-tested at 0.5 (alpha-to-coverage when the target is multisampled), the grid, then
// transparent meshes blended back to front. Lit by image-based lighting from an environment
// (glTF metallic-roughness BRDF, split sum; see ibl.hpp), or, with image_based_lighting off, a
// key light and ambient; exposure, tone mapping and sRGB output in the shader; the environment
// or a flat colour behind; optional wireframe and skeleton overlays.
#include <filesystem>
#include <memory>
#include <span>

#include "aem/skeleton.hpp"
#include "render/gpu_model.hpp"
#include "render/grid.hpp"
#include "render/ibl.hpp"
#include "render/level_choice.hpp"
#include "render/selection_highlight.hpp"
#include "render/shaders.hpp"
#include "render/vertex_batch.hpp"
#include "view/camera.hpp"
#include "view/inspection_mode.hpp"

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
  // Levels of detail (issue 38): what the app's per-frame choice (level_choice.hpp) follows.
  LevelSettings levels;
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
  ~Renderer();
  void draw(const GpuModel& model, const Frame& frame, const RenderSettings& settings);
  // Frame with no model: the background only.
  void draw_background(const Frame& frame, const RenderSettings& settings);

  // Computes the lighting from `file` (an equirectangular .hdr; empty: the procedural studio).
  // Throws std::runtime_error with one line naming the file when it does not load; the lighting
  // in use stays. draw() calls it when settings.environment_file changes, reporting a failure on
  // stderr once and keeping the previous environment.
  void load_environment(const std::filesystem::path& file);

 private:
  void prepare_environment(const RenderSettings& settings);
  enum class Pass { opaque, transparent, wireframe };
  // One pass over the model's meshes: opaque (and, outside the lit mode, every mesh unblended),
  // transparent (blended, back to front) or the wireframe.
  void draw_meshes(const GpuModel& model, const Frame& frame, const Mat4& view_projection,
                   const RenderSettings& settings, Pass pass);
  // The model program's camera, light and environment uniforms; the program is in use.
  void set_lighting_uniforms(const OrbitCamera& camera, const Mat4& view_projection, const RenderSettings& settings);
  // Every mesh but the blended ones (`blend`: transparent materials are blended, in their pass).
  void draw_unblended_meshes(const GpuModel& model, Pass pass, InspectionMode mode, bool blend);
  // The transparent materials' meshes, blended back to front as seen through `view`.
  void draw_blended_meshes(const GpuModel& model, const Mat4& view);
  void draw_mesh(const GpuModel& model, const GpuMesh& mesh);

  Program model_program_;
  Program line_program_;
  VertexBatch lines_;
  Grid grid_;
  std::unique_ptr<ImageBasedLighting> ibl_;
  std::filesystem::path environment_file_;  // what ibl_ was computed from
  std::filesystem::path failed_environment_;  // reported already; not retried every frame
  SelectionHighlight selection_;  // the UI's selected material
  bool meshlet_mode_ = false;  // this pass draws the meshlet order (the meshlets mode, with meshlets)
};

}  // namespace aem::viewer
