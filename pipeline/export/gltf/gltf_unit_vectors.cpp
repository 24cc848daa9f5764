#include "export/gltf/gltf_unit_vectors.hpp"

#include <cmath>
#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>

#include "math/bake_math.hpp"

namespace aem::pipeline::gltf {
namespace {

using math::Vec3;

// The float `steps` float steps from `value` (negative: down).
float float_steps(float value, int steps) {
  for (; steps > 0; --steps) value = std::nextafter(value, INFINITY);
  for (; steps < 0; ++steps) value = std::nextafter(value, -INFINITY);
  return value;
}

// Bit for bit (a bake merges only bit-identical vertices: -0 is not 0).
bool same_bits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

// glTF wants normals, tangents and rotations of unit length (the validator allows 5e-5 off);
// candidates stay well inside that.
constexpr double kUnitSlack = 1e-5;

// A magnitude close to 1 for search round k: 1, then ±1, ±2... float steps of 1 (2^-23).
double near_one(int k) { return 1 + (k % 2 ? 1 : -1) * ((k + 1) / 2) * std::ldexp(1.0, -23); }

bool unit_enough(const float* c, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += double(c[i]) * c[i];
  return std::abs(std::sqrt(sum) - 1) < kUnitSlack;
}

// Whether `baked` of the candidate rounds to exactly `target`.
bool lands_on(const Vec3& baked, const float target[3]) {
  return same_bits(float(baked[0]), target[0]) && same_bits(float(baked[1]), target[1]) &&
         same_bits(float(baked[2]), target[2]);
}

// A candidate whose image under `bake` is `target`: `target` corrected by the error of its image,
// else the first of `target` scaled by 1 ± a few float steps
// (k = 0..63: the same direction, rounded differently), each within ±1 float step per
// component, nearest first; `target` itself when none is.
void search(const float target[3], const std::function<Vec3(const float[3])>& bake, float out[3]) {
  // First a few corrections by the error itself: a small component, whose float steps are fine,
  // takes up what the projection and normalisation move it by.
  float corrected[3] = {target[0], target[1], target[2]};
  for (int round = 0; round < 8; ++round) {
    const Vec3 baked = bake(corrected);
    if (unit_enough(corrected, 3) && lands_on(baked, target)) {
      for (int i = 0; i < 3; ++i) out[i] = corrected[i];
      return;
    }
    for (std::size_t i = 0; i < 3; ++i) corrected[i] = float(double(corrected[i]) + (double(target[i]) - baked[i]));
  }
  static constexpr int kSteps[] = {0, 1, -1};
  for (int k = 0; k < 64; ++k) {
    const double magnitude = near_one(k);
    const float scaled[3] = {float(target[0] * magnitude), float(target[1] * magnitude), float(target[2] * magnitude)};
    for (const int a : kSteps)
      for (const int b : kSteps)
        for (const int c : kSteps) {
          const float candidate[3] = {float_steps(scaled[0], a), float_steps(scaled[1], b), float_steps(scaled[2], c)};
          if (unit_enough(candidate, 3) && lands_on(bake(candidate), target)) {
            for (int i = 0; i < 3; ++i) out[i] = candidate[i];
            return;
          }
        }
  }
  for (int i = 0; i < 3; ++i) out[i] = target[i];
}

// The projection into the normal's plane moves a tangent's smallest component by more than its
// (fine) float steps: with the two others a few steps around the target's, solve the smallest one
// so that the projection gives the target there, then try it and its neighbours.
bool solve_smallest(const Vec3& n, const float target[3], const std::function<Vec3(const float[3])>& bake,
                    float out[3]) {
  std::size_t s = 0;
  for (std::size_t i = 1; i < 3; ++i)
    if (std::abs(target[i]) < std::abs(target[s])) s = i;
  const std::size_t o1 = (s + 1) % 3, o2 = (s + 2) % 3;
  const double across = 1 - n[s] * n[s];
  if (!(across > 1e-6)) return false;
  static constexpr int kSteps[] = {0, 1, -1, 2, -2};
  for (const int a : kSteps)
    for (const int b : kSteps)
      for (const int c : {0, 1, -1}) {
        float candidate[3];
        candidate[o1] = float_steps(target[o1], a);
        candidate[o2] = float_steps(target[o2], b);
        candidate[s] = float((target[s] + n[s] * (n[o1] * candidate[o1] + n[o2] * candidate[o2])) / across);
        for (int refine = 0; refine < 3; ++refine) {  // the normalisation's share, by Newton steps
          const Vec3 baked = bake(candidate);
          candidate[s] = float(candidate[s] + (target[s] - baked[s]) / across);
        }
        candidate[s] = float_steps(candidate[s], c);
        if (unit_enough(candidate, 3) && lands_on(bake(candidate), target)) {
          for (int i = 0; i < 3; ++i) out[i] = candidate[i];
          return true;
        }
      }
  return false;
}

}  // namespace

void stable_normal(const float normal[3], float out[3]) {
  search(normal, [](const float n[3]) { return math::normalize(Vec3{n[0], n[1], n[2]}); }, out);
}

void stable_tangent(const float normal[3], const float tangent[3], float out[3]) {
  const Vec3 n{normal[0], normal[1], normal[2]};
  auto bake = [&n](const float t[3]) {
    const Vec3 v{t[0], t[1], t[2]};
    return math::normalize(math::sub(v, math::scale(n, math::dot(n, v))));
  };
  if (solve_smallest(n, tangent, bake, out)) return;
  // Moving along the normal changes nothing but how the components round: a tangent whose
  // smallest component is nearly along the normal lands by its rounding alone.
  for (int j = 1; j <= 128; ++j) {
    const double along = (j % 2 ? 1 : -1) * ((j + 1) / 2) * std::ldexp(1.0, -20);
    const float candidate[3] = {float(tangent[0] + along * n[0]), float(tangent[1] + along * n[1]),
                                float(tangent[2] + along * n[2])};
    if (unit_enough(candidate, 3) && lands_on(bake(candidate), tangent)) {
      for (int i = 0; i < 3; ++i) out[i] = candidate[i];
      return;
    }
  }
  std::copy(tangent, tangent + 3, out);  // none found: the AEM's own (a bake moves it by a float step)
}

namespace {

bool renormalises_to(const float candidate[4], const float target[4]) {
  double sum = 0;
  for (int k = 0; k < 4; ++k) sum += candidate[k];
  if (!(sum > 0)) return false;
  for (int k = 0; k < 4; ++k)
    if (!same_bits(float(candidate[k] / sum), target[k])) return false;
  return true;
}

// Tries every weight of `candidate` from slot `k` on at 0, +1, -1, +2, -2 float steps (weights
// of 0 stay 0, as the bake drops them).
bool search_weights(const float target[4], float candidate[4], int k) {
  if (k == 4) return renormalises_to(candidate, target);
  if (target[k] == 0) return search_weights(target, candidate, k + 1);
  for (const int step : {0, 1, -1, 2, -2}) {
    candidate[k] = float_steps(target[k], step);
    if (candidate[k] > 0 && search_weights(target, candidate, k + 1)) return true;
  }
  candidate[k] = target[k];
  return false;
}

}  // namespace

void stable_rotation(const float rotation[4], float out[4]) {
  auto lands = [&](const float q[4]) {
    const math::Vec4 r = math::normalize_quaternion({q[0], q[1], q[2], q[3]});
    for (std::size_t i = 0; i < 4; ++i)
      if (!same_bits(float(r[i]), rotation[i])) return false;
    return true;
  };
  static constexpr int kSteps[] = {0, 1, -1};
  for (int k = 0; k < 64; ++k)
    for (int combination = 0; combination < 81; ++combination) {
      float q[4];
      for (int i = 0, code = combination; i < 4; ++i, code /= 3)
        q[i] = float_steps(float(rotation[i] * near_one(k)), kSteps[code % 3]);
      if (unit_enough(q, 4) && lands(q)) {
        std::copy(q, q + 4, out);
        return;
      }
    }
  std::copy(rotation, rotation + 4, out);
}

void stable_weights(const float weights[4], float out[4]) {
  float candidate[4] = {weights[0], weights[1], weights[2], weights[3]};
  if (!search_weights(weights, candidate, 0)) std::copy(weights, weights + 4, candidate);
  std::copy(candidate, candidate + 4, out);
}

}  // namespace aem::pipeline::gltf
