#include "stages/morph/morph_weight_keys.hpp"

#include <algorithm>
#include <cmath>

#include "aem/pipeline/bake_error.hpp"
#include "scene/stream_reader.hpp"

namespace aem::pipeline {
namespace {

using Weights = std::vector<double>;

struct WeightCurve {
  std::vector<double> times;
  std::vector<Weights> values;  // LINEAR/STEP: one per time; CUBICSPLINE: in, value, out per time
};

WeightCurve read_weight_curve(const Scene& scene, const AnimationSampler& sampler, std::size_t target_count,
                              const std::string& at) {
  const std::size_t per_key = sampler.interpolation == Interpolation::cubic_spline ? 3 : 1;
  const std::size_t time_count = stream_count(scene, sampler.input);
  const std::size_t value_count = stream_count(scene, sampler.output);
  if (time_count == 0) throw BakeError(at + ": input accessor has no key times");
  if (value_count != time_count * per_key * target_count)
    throw BakeError(at + ": output accessor " + std::to_string(sampler.output) + " has " + std::to_string(value_count) +
                    " weights for " + std::to_string(time_count) + " key times of " + std::to_string(target_count) +
                    " morph targets (needs " + std::to_string(time_count * per_key * target_count) + ")");
  WeightCurve curve;
  const std::vector<float> times = read_floats(scene, sampler.input, 1, at + " input");
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (!std::isfinite(times[k]) || times[k] < 0)
      throw BakeError(at + ": key time " + std::to_string(k) + " is negative or not finite");
    if (k > 0 && times[k] < times[k - 1]) throw BakeError(at + ": key times decrease at key " + std::to_string(k));
    curve.times.push_back(times[k]);
  }
  const std::vector<float> values = read_floats(scene, sampler.output, 1, at + " output");
  for (std::size_t i = 0; i < values.size(); i += target_count) {
    curve.values.emplace_back(values.begin() + std::ptrdiff_t(i), values.begin() + std::ptrdiff_t(i + target_count));
    for (double w : curve.values.back())
      if (!std::isfinite(w)) throw BakeError(at + ": output holds a non-finite weight");
  }
  return curve;
}

void push_key(double time, const Weights& w, std::vector<float>& out) {
  out.push_back(float(time));
  for (double x : w) out.push_back(float(x));
}

Weights hermite(const WeightCurve& c, std::size_t k, double s) {
  const double dt = c.times[k + 1] - c.times[k];
  const double s2 = s * s, s3 = s2 * s;
  const double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
  const Weights &v0 = c.values[k * 3 + 1], &b0 = c.values[k * 3 + 2], &v1 = c.values[(k + 1) * 3 + 1],
                &a1 = c.values[(k + 1) * 3];
  Weights r(v0.size());
  for (std::size_t i = 0; i < r.size(); ++i) r[i] = h00 * v0[i] + h10 * dt * b0[i] + h01 * v1[i] + h11 * dt * a1[i];
  return r;
}

bool within(const Weights& curve, const Weights& a, const Weights& b, double f, double tolerance) {
  for (std::size_t i = 0; i < curve.size(); ++i)
    if (std::fabs(curve[i] - (a[i] + (b[i] - a[i]) * f)) > tolerance) return false;
  return true;
}

void resample(const WeightCurve& c, std::size_t k, double s0, double s1, const Weights& v0, const Weights& v1,
              double tolerance, int depth, std::vector<float>& out) {
  bool ok = true;
  for (double f : {0.25, 0.5, 0.75}) ok = ok && within(hermite(c, k, s0 + (s1 - s0) * f), v0, v1, f, tolerance);
  if (ok || depth >= 10) {
    push_key(c.times[k] + (c.times[k + 1] - c.times[k]) * s1, v1, out);
    return;
  }
  const double sm = (s0 + s1) / 2;
  const Weights vm = hermite(c, k, sm);
  resample(c, k, s0, sm, v0, vm, tolerance, depth + 1, out);
  resample(c, k, sm, s1, vm, v1, tolerance, depth + 1, out);
}

void cubic_keys(const WeightCurve& c, double resample_tolerance, std::vector<float>& out) {
  double lo = 1e300, hi = -1e300;
  for (std::size_t k = 0; k < c.times.size(); ++k)
    for (double w : c.values[k * 3 + 1]) lo = std::min(lo, w), hi = std::max(hi, w);
  const double tolerance = resample_tolerance * std::max(1.0, hi - lo);
  push_key(c.times[0], c.values[1], out);
  for (std::size_t k = 0; k + 1 < c.times.size(); ++k) {
    if (c.times[k + 1] == c.times[k]) push_key(c.times[k + 1], c.values[(k + 1) * 3 + 1], out);
    else resample(c, k, 0, 1, c.values[k * 3 + 1], c.values[(k + 1) * 3 + 1], tolerance, 0, out);
  }
}

}  // namespace

std::vector<float> morph_weight_keys(const Scene& scene, const AnimationSampler& sampler, std::size_t target_count,
                                     double resample_tolerance, const std::string& sampler_at) {
  const WeightCurve c = read_weight_curve(scene, sampler, target_count, sampler_at);
  std::vector<float> out;
  switch (sampler.interpolation) {
    case Interpolation::linear:
      for (std::size_t k = 0; k < c.times.size(); ++k) push_key(c.times[k], c.values[k], out);
      break;
    case Interpolation::step:
      for (std::size_t k = 0; k < c.times.size(); ++k) {
        if (k > 0) push_key(c.times[k], c.values[k - 1], out);
        push_key(c.times[k], c.values[k], out);
      }
      break;
    case Interpolation::cubic_spline: cubic_keys(c, resample_tolerance, out); break;
  }
  return out;
}

}  // namespace aem::pipeline
