#pragma once
// The on-screen panel: lines of text (stb_easy_font) on a translucent box in a corner.
#include <string>
#include <vector>

#include "shaders.hpp"
#include "vertex_batch.hpp"

namespace aem::viewer {

class TextPanel {
 public:
  TextPanel();
  // Draws `lines` at pixel (x, y) from the top left of a width x height viewport, each glyph
  // scaled by `scale` (2 on high-DPI screens). Alpha-blended over what is there.
  void draw(const std::vector<std::string>& lines, float x, float y, float scale, int width, int height);

 private:
  Program program_;
  VertexBatch quads_;
  std::vector<char> scratch_;
};

}  // namespace aem::viewer
