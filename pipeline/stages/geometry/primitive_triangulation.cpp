#include "stages/geometry/primitive_triangulation.hpp"

namespace aem::pipeline {

std::optional<std::vector<std::uint32_t>> triangulate(const std::vector<std::uint32_t>& in,
                                                      PrimitiveMode mode) {
  std::vector<std::uint32_t> out;
  auto emit = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    if (a == b || b == c || a == c) return;
    out.push_back(a);
    out.push_back(b);
    out.push_back(c);
  };
  const std::size_t n = in.size();
  switch (mode) {
    case PrimitiveMode::triangles:
      out.reserve(n - n % 3);
      for (std::size_t i = 0; i + 2 < n; i += 3) emit(in[i], in[i + 1], in[i + 2]);
      return out;
    case PrimitiveMode::triangle_strip:
      for (std::size_t i = 0; i + 2 < n; ++i) {
        const std::size_t odd = i % 2;
        emit(in[i], in[i + 1 + odd], in[i + 2 - odd]);
      }
      return out;
    case PrimitiveMode::triangle_fan:
      for (std::size_t i = 0; i + 2 < n; ++i) emit(in[i + 1], in[i + 2], in[0]);
      return out;
    case PrimitiveMode::points:
    case PrimitiveMode::lines:
    case PrimitiveMode::line_loop:
    case PrimitiveMode::line_strip:
      return std::nullopt;
  }
  return std::nullopt;  // not reached: the switch names every mode
}

}  // namespace aem::pipeline
