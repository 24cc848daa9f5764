// resample_frames (e3d_tcb_curve.hpp): a template, because each caller samples and measures
// its own way (a vector curve, a quaternion curve, yaw/pitch/roll composed).
#include <algorithm>

namespace aem::pipeline::e3d {

template <typename ValueAt, typename Error>
std::vector<double> resample_frames(ValueAt value_at, const std::vector<double>& key_frames, double first, double last,
                                    bool rotation, double tolerance, std::size_t max_keys, Error error) {
  std::vector<double> frames{first};
  for (double frame : key_frames)
    if (frame > frames.back() && frame < last) frames.push_back(frame);
  if (last > first) frames.push_back(last);
  std::vector<double> out{frames.front()};
  struct Span { double a, b; };
  for (std::size_t i = 1; i < frames.size(); ++i) {
    std::vector<Span> stack{{frames[i - 1], frames[i]}};
    while (!stack.empty()) {
      const Span s = stack.back();
      stack.pop_back();
      const Value4 va = value_at(s.a), vb = value_at(s.b);
      double worst = 0;
      for (int k = 1; k < 8; ++k) {
        const double t = k / 8.0;
        worst = std::max(worst, error(value_at(s.a + (s.b - s.a) * t), linear_between(va, vb, t, rotation)));
      }
      if (worst > tolerance && s.b - s.a > 1.0 / 256) {
        const double mid = (s.a + s.b) / 2;
        stack.push_back({mid, s.b});
        stack.push_back({s.a, mid});  // popped first: frames come out in order
        continue;
      }
      out.push_back(s.b);
      if (out.size() > max_keys) return {};
    }
  }
  return out;
}

}  // namespace aem::pipeline::e3d
