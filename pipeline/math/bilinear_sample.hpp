#pragma once
// Resampling an image onto another grid the way the material packer does, shared with the glTF
// exporter, which must resample exactly as a bake will. Private to the pipeline.
#include <algorithm>
#include <cstdint>

namespace aem::pipeline {

// Bilinear sample (clamped, at texel centres) of a src_w×src_h image at texel (x, y) of a w×h
// grid; `at(xx, yy)` reads one source texel's value. The source texel itself when the sizes agree.
template <class At>
double bilinear_sample(std::uint32_t src_w, std::uint32_t src_h, std::uint32_t x, std::uint32_t y, std::uint32_t w,
                       std::uint32_t h, At&& at) {
  if (src_w == w && src_h == h) return at(x, y);
  const double fx = std::clamp((x + 0.5) * src_w / w - 0.5, 0.0, double(src_w - 1));
  const double fy = std::clamp((y + 0.5) * src_h / h - 0.5, 0.0, double(src_h - 1));
  const auto x0 = std::uint32_t(fx), y0 = std::uint32_t(fy);
  const std::uint32_t x1 = std::min(x0 + 1, src_w - 1), y1 = std::min(y0 + 1, src_h - 1);
  const double ax = fx - x0, ay = fy - y0;
  return (at(x0, y0) * (1 - ax) + at(x1, y0) * ax) * (1 - ay) + (at(x0, y1) * (1 - ax) + at(x1, y1) * ax) * ay;
}

}  // namespace aem::pipeline
