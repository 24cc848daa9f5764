#include "text_panel.hpp"

#include <stb_easy_font.h>

#include <algorithm>
#include <cstring>

#include "view_math.hpp"

namespace aem::viewer {

TextPanel::TextPanel() : program_(kTextVertexShader, kTextFragmentShader, "text") {}

void TextPanel::draw(const std::vector<std::string>& lines, float x, float y, float scale, int width, int height) {
  auto& out = quads_.vertices();
  out.clear();
  constexpr float kLineHeight = 11;
  float text_width = 0;
  for (const std::string& line : lines) {
    text_width = std::max(text_width, float(stb_easy_font_width(const_cast<char*>(line.c_str()))));
  }
  const float box_w = (text_width + 12) * scale, box_h = (float(lines.size()) * kLineHeight + 10) * scale;
  const ColoredVertex box[4] = {{x, y, 0, 0, 0, 0, 0.6f}, {x + box_w, y, 0, 0, 0, 0, 0.6f},
                                {x + box_w, y + box_h, 0, 0, 0, 0, 0.6f}, {x, y + box_h, 0, 0, 0, 0, 0.6f}};
  for (int i : {0, 1, 2, 0, 2, 3}) out.push_back(box[i]);

  for (std::size_t l = 0; l < lines.size(); ++l) {
    const std::string& line = lines[l];
    scratch_.resize(line.size() * 300 + 1000);  // stb_easy_font needs ~270 bytes per character
    const int quads = stb_easy_font_print(0, 0, const_cast<char*>(line.c_str()), nullptr, scratch_.data(),
                                          int(scratch_.size()));
    const bool heading = !line.empty() && line[0] != ' ';
    const float r = heading ? 1.0f : 0.85f, g = heading ? 0.85f : 0.88f, b = heading ? 0.45f : 0.9f;
    for (int q = 0; q < quads; ++q) {
      ColoredVertex corners[4];
      for (int c = 0; c < 4; ++c) {
        float p[3];
        std::memcpy(p, scratch_.data() + (q * 4 + c) * 16, sizeof p);
        corners[c] = {x + (6 + p[0]) * scale, y + (6 + float(l) * kLineHeight + p[1]) * scale, 0, r, g, b, 1};
      }
      for (int i : {0, 1, 2, 0, 2, 3}) out.push_back(corners[i]);
    }
  }

  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glUseProgram(program_.id());
  glUniformMatrix4fv(program_.uniform("u_projection"), 1, GL_FALSE, orthographic(float(width), float(height)).data());
  quads_.draw(GL_TRIANGLES);
  glUseProgram(0);
  glDisable(GL_BLEND);
  glEnable(GL_DEPTH_TEST);
}

}  // namespace aem::viewer
