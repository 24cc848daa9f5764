#include "aem/bitangent_prediction.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "aem/format.hpp"

namespace aem {

std::array<float, 3> predict_bitangent(const float (&normal)[3], const float (&tangent)[3]) {
  const double n[3] = {normal[0], normal[1], normal[2]}, t[3] = {tangent[0], tangent[1], tangent[2]};
  const double c[3] = {n[1] * t[2] - n[2] * t[1], n[2] * t[0] - n[0] * t[2], n[0] * t[1] - n[1] * t[0]};
  // Each square stored before it is added, so that no compiler fuses it into the sum (an FMA
  // would round once where the baker rounded twice, and unpacking must predict the same bits).
  volatile double square[3] = {c[0] * c[0], c[1] * c[1], c[2] * c[2]};
  const double length = std::sqrt(square[0] + square[1] + square[2]);
  if (!(length > 1e-20) || !std::isfinite(length)) return {0, 0, 0};
  const double inverse = 1.0 / length;
  return {float(c[0] * inverse), float(c[1] * inverse), float(c[2] * inverse)};
}

void xor_predicted_bitangents(std::span<std::byte> vertices) {
  for (std::size_t at = 0; at + sizeof(Vertex) <= vertices.size(); at += sizeof(Vertex)) {
    Vertex v;
    std::memcpy(&v, vertices.data() + at, sizeof(Vertex));
    const std::array<float, 3> predicted = predict_bitangent(v.normal, v.tangent);
    std::uint32_t stored[3], guess[3];
    std::memcpy(stored, v.bitangent, sizeof stored);
    std::memcpy(guess, predicted.data(), sizeof guess);
    for (int i = 0; i < 3; ++i) stored[i] ^= guess[i];
    std::memcpy(vertices.data() + at + offsetof(Vertex, bitangent), stored, sizeof stored);
  }
}

}  // namespace aem
