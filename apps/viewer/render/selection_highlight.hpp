#pragma once
// Highlights the material selected in the UI (RenderSettings::selected_material): its meshes
// drawn again over the render in a translucent orange, posed by the model's own vertex shader
// (so the tint lies exactly on the skinned surface) and depth-tested against the render.
#include "render/gpu_model.hpp"
#include "render/shaders.hpp"
#include "aem/vector_math.hpp"

namespace aem::viewer {

class SelectionHighlight {
 public:
  SelectionHighlight();
  // Needs the model's render in the bound framebuffer (colour and depth). A material that is
  // out of range highlights nothing.
  void draw(const GpuModel& model, const Mat4& view_projection, int material);

 private:
  Program program_;
};

}  // namespace aem::viewer
