#pragma once
// A bytes-against-dB plot as a PNG, with no plotting library: one coloured polyline with square
// markers per series, axes with tick values (a built-in 3x5 digit font), and a legend of colour
// swatches in series order (the caller's README names them). x: bytes (MB), y: PSNR (dB); a
// point may carry a numeric label (rdo_benchmark: its seconds).
#include <stb_image_write.h>  // declarations only; libstb.so implements them

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace aem::bench {

struct PlotPoint {
  double bytes, db;
  std::string label = {};  // drawn beside the marker: digits and '.' only (the font's glyphs)
};
struct PlotSeries {
  std::string name;
  std::vector<PlotPoint> points;
};

namespace plot_detail {

struct Canvas {
  int w, h;
  std::vector<std::uint8_t> rgb;
  Canvas(int width, int height) : w(width), h(height), rgb(std::size_t(width) * height * 3, 255) {}
  void dot(int x, int y, const std::uint8_t* c) {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    std::copy(c, c + 3, rgb.begin() + (std::ptrdiff_t(y) * w + x) * 3);
  }
  void line(int x0, int y0, int x1, int y1, const std::uint8_t* c) {
    const int n = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
    for (int i = 0; i <= n; ++i) {
      const double t = n ? double(i) / n : 0;
      dot(int(std::lround(x0 + t * (x1 - x0))), int(std::lround(y0 + t * (y1 - y0))), c);
    }
  }
  void box(int x, int y, int r, const std::uint8_t* c) {
    for (int dy = -r; dy <= r; ++dy)
      for (int dx = -r; dx <= r; ++dx) dot(x + dx, y + dy, c);
  }
  // Digits and '.', 3x5 pixels scaled by 2.
  void text(int x, int y, const std::string& s, const std::uint8_t* c) {
    static const char* glyphs[11] = {"111101101101111", "010110010010111", "111001111100111", "111001111001111",
                                     "101101111001001", "111100111001111", "111100111101111", "111001001001001",
                                     "111101111101111", "111101111001111", "000000000000010"};
    for (char ch : s) {
      const int g = ch == '.' ? 10 : (ch >= '0' && ch <= '9' ? ch - '0' : -1);
      if (g >= 0)
        for (int k = 0; k < 15; ++k)
          if (glyphs[g][k] == '1') box(x + (k % 3) * 2, y + (k / 3) * 2, 0, c), box(x + (k % 3) * 2 + 1, y + (k / 3) * 2, 0, c),
                box(x + (k % 3) * 2, y + (k / 3) * 2 + 1, 0, c), box(x + (k % 3) * 2 + 1, y + (k / 3) * 2 + 1, 0, c);
      x += 8;
    }
  }
};

}  // namespace plot_detail

// Writes the plot; returns false when the PNG cannot be written.
inline bool write_pareto_plot(const std::filesystem::path& path, const std::vector<PlotSeries>& series) {
  static const std::uint8_t colours[][3] = {{120, 120, 120}, {30, 90, 200}, {220, 40, 40}, {20, 150, 60},
                                            {200, 120, 0},   {140, 60, 170}};
  static const std::uint8_t black[3] = {0, 0, 0}, grey[3] = {225, 225, 225};
  double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
  for (const auto& s : series)
    for (const auto& p : s.points) {
      x0 = std::min(x0, p.bytes / 1e6), x1 = std::max(x1, p.bytes / 1e6);
      y0 = std::min(y0, p.db), y1 = std::max(y1, p.db);
    }
  if (x0 > x1) return false;
  x0 = std::floor(x0 * 2) / 2, x1 = std::ceil(x1 * 2) / 2 + 0.01, y0 = std::floor(y0) - 1, y1 = std::ceil(y1) + 1;
  plot_detail::Canvas c(900, 600);
  const int left = 70, right = 870, top = 20, bottom = 550;
  auto px = [&](double mb) { return int(left + (mb - x0) / (x1 - x0) * (right - left)); };
  auto py = [&](double db) { return int(bottom - (db - y0) / (y1 - y0) * (bottom - top)); };
  for (double v = std::ceil(y0); v <= y1; v += 2) {
    c.line(left, py(v), right, py(v), grey);
    char t[16];
    std::snprintf(t, sizeof t, "%.0f", v);
    c.text(left - 30, py(v) - 5, t, black);
  }
  for (double v = x0; v <= x1; v += 0.5) {
    c.line(px(v), top, px(v), bottom, grey);
    char t[16];
    std::snprintf(t, sizeof t, "%.1f", v);
    c.text(px(v) - 12, bottom + 10, t, black);
  }
  c.line(left, bottom, right, bottom, black);
  c.line(left, top, left, bottom, black);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const std::uint8_t* colour = colours[k % 6];
    std::vector<PlotPoint> pts = series[k].points;
    std::sort(pts.begin(), pts.end(), [](const PlotPoint& a, const PlotPoint& b) { return a.bytes < b.bytes; });
    for (std::size_t i = 0; i < pts.size(); ++i) {
      c.box(px(pts[i].bytes / 1e6), py(pts[i].db), 3, colour);
      if (!pts[i].label.empty()) c.text(px(pts[i].bytes / 1e6) + 6, py(pts[i].db) + 4, pts[i].label, colour);
      if (i) c.line(px(pts[i - 1].bytes / 1e6), py(pts[i - 1].db), px(pts[i].bytes / 1e6), py(pts[i].db), colour);
    }
    c.box(right - 40, top + 20 + int(k) * 20, 6, colour);  // legend swatch, series order
  }
  return stbi_write_png(path.string().c_str(), c.w, c.h, 3, c.rgb.data(), c.w * 3) != 0;
}

}  // namespace aem::bench
