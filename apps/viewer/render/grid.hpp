#pragma once
// The ground grid: one quad on the plane y = bounds.min.y, about 6x the model's size, whose lines
// the fragment shader draws anti-aliased (a pixel wide at any distance), faded out with the
// distance from the model and where cells shrink below a few pixels.
//
// It never z-fights with geometry lying on that plane (a floor, a box's bottom): it is drawn
// after the opaque model with a depth offset away from the camera (glPolygonOffset, in units of
// the depth buffer's resolution, the same whatever the scene's scale), so wherever a surface
// lies on the plane the surface wins, in every frame, and the grid shows only around it.
#include <epoxy/gl.h>

#include "render/shaders.hpp"
#include "view/camera.hpp"

namespace aem::viewer {

class Grid {
 public:
  Grid();
  ~Grid();
  Grid(const Grid&) = delete;
  Grid& operator=(const Grid&) = delete;

  // Blends over the frame; call after the opaque meshes and before the transparent ones.
  void draw(const Bounds& bounds, const Mat4& view_projection);

 private:
  Program program_;
  GLuint vertex_array_ = 0, buffer_ = 0;
};

}  // namespace aem::viewer
