// One-subset endpoint fitting: principal axis, quantisation with p-bit choice, index assignment,
// least-squares refinement and (at best quality) a local search over the stored codes.
//
// Pixel values, palettes and errors are floats holding whole numbers (exact below 2^24), in
// fixed-length loops over 16 pixels, so that the compiler vectorises them with plain SSE2.
#include "bc7_subset_fit.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "bc7_quantize.hpp"

namespace aem::codec::bc7 {
namespace {

inline int clamp_round(float v) {
  const int r = int(v + 0.5f);
  return r < 0 ? 0 : (r > 255 ? 255 : r);
}

// floor() for the non-negative values used here, via truncation.
inline float floor_pos(float v) { return float(int(v)); }

// Sums over 16 values in four interleaved partial sums: a fixed order (so results never depend
// on the compiler) that vectorises without -ffast-math.
inline float dot16(const float* a, const float* b) {
  float acc[4] = {0, 0, 0, 0};
  for (int i = 0; i < 16; i += 4)
    for (int j = 0; j < 4; ++j) acc[j] += a[i + j] * b[i + j];
  return (acc[0] + acc[1]) + (acc[2] + acc[3]);
}
inline void min_max16(const float* a, float& lo, float& hi) {
  float mn[4] = {a[0], a[1], a[2], a[3]}, mx[4] = {a[0], a[1], a[2], a[3]};
  for (int i = 4; i < 16; i += 4)
    for (int j = 0; j < 4; ++j) {
      mn[j] = std::min(mn[j], a[i + j]);
      mx[j] = std::max(mx[j], a[i + j]);
    }
  lo = std::min(std::min(mn[0], mn[1]), std::min(mn[2], mn[3]));
  hi = std::max(std::max(mx[0], mx[1]), std::max(mx[2], mx[3]));
}

template <int N>
struct Fitter {
  const SubsetPixels& px;
  const EndpointFormat& fmt;
  const QuantTable& qt;
  Bc7Quality quality;
  int levels;
  const std::uint8_t* weights;
  bool exhaustive;
  alignas(16) float valid[16];  // 1 for the subset's pixels, 0 for the unused tail

  Fitter(const SubsetPixels& pixels, const EndpointFormat& format, Bc7Quality q)
      : px(pixels),
        fmt(format),
        qt(quant_table(format.bits, format.pbits != PbitKind::none)),
        quality(q),
        levels(1 << format.index_bits),
        weights(weights_for_bits(format.index_bits)),
        exhaustive(q == Bc7Quality::best || format.index_bits == 2) {
    for (int i = 0; i < 16; ++i) valid[i] = i < pixels.count ? 1.0f : 0.0f;
  }

  static float palette_value(float e0, float e1, float w) {
    return floor_pos((e0 * (64.0f - w) + e1 * w + 32.0f) * (1.0f / 64.0f));
  }

  // Squared distance of pixel i from a colour, channels written out so loops over i vectorise.
  static float dist2(const float (&v)[4][16], int i, const float* c) {
    const float d0 = v[0][i] - c[0];
    float d = d0 * d0;
    if constexpr (N >= 3) {
      const float d1 = v[1][i] - c[1], d2 = v[2][i] - c[2];
      d += d1 * d1 + d2 * d2;
    }
    if constexpr (N == 4) {
      const float d3 = v[3][i] - c[3];
      d += d3 * d3;
    }
    return d;
  }

  // Index assignment and squared error for decoded endpoints e0, e1.
  std::uint32_t assign(const int e0i[4], const int e1i[4], std::uint8_t* index) const {
    float e0[4] = {}, e1[4] = {};
    for (int c = 0; c < N; ++c) {
      e0[c] = float(e0i[c]);
      e1[c] = float(e1i[c]);
    }
    const float(&v)[4][16] = px.v;
    alignas(16) float best[16];
    alignas(16) float best_k[16];
    if (exhaustive) {
      for (int i = 0; i < 16; ++i) {
        best[i] = 1e30f;
        best_k[i] = 0;
      }
      for (int k = 0; k < levels; ++k) {
        const float w = float(weights[k]);
        float pal[4] = {};
        for (int c = 0; c < N; ++c) pal[c] = palette_value(e0[c], e1[c], w);
        const float kf = float(k);
        for (int i = 0; i < 16; ++i) {
          const float d = dist2(v, i, pal);
          const float b = best[i];
          best_k[i] = d < b ? kf : best_k[i];
          best[i] = std::min(d, b);
        }
      }
    } else {
      // Projection onto the endpoint line. The weights are round(k * 64 / (levels - 1)), so the
      // rounded position is the nearest index or next to it (checked unless fast).
      float dir[4] = {};
      float dd = 0;
      for (int c = 0; c < N; ++c) {
        dir[c] = e1[c] - e0[c];
        dd += dir[c] * dir[c];
      }
      const float top = float(levels - 1);
      const float scale = dd > 0 ? top / dd : 0.0f;
      const float step = 64.0f / top;
      alignas(16) float k0[16];
      for (int i = 0; i < 16; ++i) {
        float t = (v[0][i] - e0[0]) * dir[0];
        if constexpr (N >= 3) t += (v[1][i] - e0[1]) * dir[1] + (v[2][i] - e0[2]) * dir[2];
        if constexpr (N == 4) t += (v[3][i] - e0[3]) * dir[3];
        k0[i] = floor_pos(std::min(std::max(t * scale + 0.5f, 0.0f), top));
      }
      const int span = quality == Bc7Quality::fast ? 0 : 1;
      for (int i = 0; i < 16; ++i) best[i] = 1e30f;
      for (int delta = -span; delta <= span; ++delta) {
        for (int i = 0; i < 16; ++i) {
          const float k = std::min(std::max(k0[i] + float(delta), 0.0f), top);
          const float w = floor_pos(k * step + 0.5f);
          float pal[4];
          pal[0] = palette_value(e0[0], e1[0], w);
          pal[1] = N >= 3 ? palette_value(e0[1], e1[1], w) : 0.0f;
          pal[2] = N >= 3 ? palette_value(e0[2], e1[2], w) : 0.0f;
          pal[3] = N == 4 ? palette_value(e0[3], e1[3], w) : 0.0f;
          const float d = dist2(v, i, pal);
          const float b = best[i];
          best_k[i] = d < b ? k : best_k[i];
          best[i] = std::min(d, b);
        }
      }
    }
    for (int i = 0; i < 16; ++i) index[i] = std::uint8_t(int(best_k[i]));
    return std::uint32_t(dot16(best, valid));
  }

  void decode_endpoints(const SubsetFit& f, int e0[4], int e1[4]) const {
    for (int c = 0; c < N; ++c) {
      e0[c] = qt.decode(f.code[0][c], f.p[0]);
      e1[c] = qt.decode(f.code[1][c], f.p[1]);
    }
  }

  void evaluate(SubsetFit& f) const {
    int e0[4], e1[4];
    decode_endpoints(f, e0, e1);
    f.error = assign(e0, e1, f.index);
  }

  // Quantises one endpoint with p-bit p; returns its squared distance to the target.
  float quantize_endpoint(const float target[4], int p, int code[4]) const {
    float d = 0;
    for (int c = 0; c < N; ++c) {
      if (c == fmt.pinned_channel) {
        code[c] = qt.max_code();
      } else {
        code[c] = qt.code[p][clamp_round(target[c])];
      }
      const float diff = float(qt.decode(code[c], p)) - target[c];
      d += diff * diff;
    }
    return d;
  }

  // Quantises real endpoints (choosing p-bits) and evaluates; the better result lands in best.
  void try_endpoints(const float t0[4], const float t1[4], SubsetFit& best) const {
    SubsetFit f;
    if (fmt.pbits == PbitKind::none) {
      quantize_endpoint(t0, 0, f.code[0]);
      quantize_endpoint(t1, 0, f.code[1]);
      evaluate(f);
      if (f.error < best.error) best = f;
      return;
    }
    const bool pinned = fmt.pinned_channel >= 0;
    if (fmt.pbits == PbitKind::shared) {
      for (int p = pinned ? 1 : 0; p < 2; ++p) {
        f.p[0] = f.p[1] = p;
        quantize_endpoint(t0, p, f.code[0]);
        quantize_endpoint(t1, p, f.code[1]);
        evaluate(f);
        if (f.error < best.error) best = f;
      }
      return;
    }
    if (quality == Bc7Quality::best && !pinned) {
      for (int p0 = 0; p0 < 2; ++p0) {
        for (int p1 = 0; p1 < 2; ++p1) {
          f.p[0] = p0;
          f.p[1] = p1;
          quantize_endpoint(t0, p0, f.code[0]);
          quantize_endpoint(t1, p1, f.code[1]);
          evaluate(f);
          if (f.error < best.error) best = f;
        }
      }
      return;
    }
    for (int e = 0; e < 2; ++e) {
      const float* t = e ? t1 : t0;
      if (pinned) {
        f.p[e] = 1;
        quantize_endpoint(t, 1, f.code[e]);
      } else {
        int c0[4], c1[4];
        const float d0 = quantize_endpoint(t, 0, c0);
        const float d1 = quantize_endpoint(t, 1, c1);
        f.p[e] = d1 < d0 ? 1 : 0;
        std::copy_n(d1 < d0 ? c1 : c0, 4, f.code[e]);
      }
    }
    evaluate(f);
    if (f.error < best.error) best = f;
  }

  // Initial endpoints: the extent of the pixels along their principal axis.
  void principal_endpoints(float t0[4], float t1[4]) const {
    // Loops run over all 16 entries with the tail weighted 0, so that they vectorise.
    const float inv_n = 1.0f / float(px.count);
    float mean[4] = {};
    for (int c = 0; c < N; ++c) mean[c] = dot16(px.v[c], valid) * inv_n;
    if (N == 1) {
      alignas(16) float x[16];
      for (int i = 0; i < 16; ++i) x[i] = valid[i] > 0 ? px.v[0][i] : mean[0];
      min_max16(x, t0[0], t1[0]);
      return;
    }
    alignas(16) float dev[4][16];
    for (int c = 0; c < N; ++c)
      for (int i = 0; i < 16; ++i) dev[c][i] = (px.v[c][i] - mean[c]) * valid[i];
    float cov[4][4] = {};
    for (int a = 0; a < N; ++a) {
      for (int b = a; b < N; ++b) {
        cov[a][b] = cov[b][a] = dot16(dev[a], dev[b]);
      }
    }
    int start = 0;
    for (int c = 1; c < N; ++c)
      if (cov[c][c] > cov[start][start]) start = c;
    float axis[4];
    for (int c = 0; c < N; ++c) axis[c] = cov[start][c];
    // Power iteration from the column of largest variance: a couple of steps suffice here.
    const int power_iterations = quality == Bc7Quality::fast ? 2 : 3;
    for (int iter = 0; iter < power_iterations; ++iter) {
      float next[4] = {};
      for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b) next[a] += cov[a][b] * axis[b];
      float len = 0;
      for (int c = 0; c < N; ++c) len += next[c] * next[c];
      if (len <= 1e-12f) break;
      const float inv = 1.0f / std::sqrt(len);
      for (int c = 0; c < N; ++c) axis[c] = next[c] * inv;
    }
    float len = 0;
    for (int c = 0; c < N; ++c) len += axis[c] * axis[c];
    if (len <= 1e-12f) {
      for (int c = 0; c < N; ++c) t0[c] = t1[c] = mean[c];
      return;
    }
    const float inv = 1.0f / std::sqrt(len);
    for (int c = 0; c < N; ++c) axis[c] *= inv;
    // The unused tail projects to 0, inside [tmin, tmax] since the mean is.
    alignas(16) float proj[16];
    for (int i = 0; i < 16; ++i) {
      float t = dev[0][i] * axis[0];
      for (int c = 1; c < N; ++c) t += dev[c][i] * axis[c];
      proj[i] = t;
    }
    float tmin, tmax;
    min_max16(proj, tmin, tmax);
    for (int c = 0; c < N; ++c) {
      t0[c] = mean[c] + tmin * axis[c];
      t1[c] = mean[c] + tmax * axis[c];
    }
  }

  // Least-squares endpoints for fixed indices; false when the indices do not determine them.
  bool least_squares(const std::uint8_t* index, float t0[4], float t1[4]) const {
    alignas(16) float w[16], u[16];
    for (int i = 0; i < 16; ++i) {
      const float wi = float(weights[index[i] & (levels - 1)]) * (1.0f / 64.0f);
      w[i] = wi * valid[i];
      u[i] = (1.0f - wi) * valid[i];
    }
    const float a = dot16(u, u), b = dot16(u, w), cc = dot16(w, w);
    float x0[4], x1[4];
    for (int c = 0; c < N; ++c) {
      x0[c] = dot16(u, px.v[c]);
      x1[c] = dot16(w, px.v[c]);
    }
    const float det = a * cc - b * b;
    if (std::fabs(det) < 1e-6f) return false;
    const float inv = 1.0f / det;
    for (int c = 0; c < N; ++c) {
      t0[c] = std::clamp((cc * x0[c] - b * x1[c]) * inv, 0.0f, 255.0f);
      t1[c] = std::clamp((a * x1[c] - b * x0[c]) * inv, 0.0f, 255.0f);
    }
    return true;
  }

  // Tries +-1 on every stored code (and p-bit flips) while that lowers the error.
  void local_search(SubsetFit& best) const {
    const int max_code = qt.max_code();
    for (int pass = 0; pass < 3 && best.error > 0; ++pass) {
      bool improved = false;
      for (int e = 0; e < 2; ++e) {
        for (int c = 0; c < N; ++c) {
          if (c == fmt.pinned_channel) continue;
          for (int delta = -1; delta <= 1; delta += 2) {
            const int v = best.code[e][c] + delta;
            if (v < 0 || v > max_code) continue;
            SubsetFit f = best;
            f.code[e][c] = v;
            evaluate(f);
            if (f.error < best.error) {
              best = f;
              improved = true;
            }
          }
        }
        if (fmt.pbits == PbitKind::unique && fmt.pinned_channel < 0) {
          SubsetFit f = best;
          f.p[e] ^= 1;
          evaluate(f);
          if (f.error < best.error) {
            best = f;
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
  }

  SubsetFit run() const {
    SubsetFit best;
    float t0[4] = {}, t1[4] = {};
    principal_endpoints(t0, t1);
    try_endpoints(t0, t1, best);
    const int iterations = quality == Bc7Quality::fast ? 1 : quality == Bc7Quality::normal ? 2 : 4;
    // fast: a fit already within 4 (squared, summed over channels) per pixel is not refined.
    const std::uint32_t good_enough = quality == Bc7Quality::fast ? 4u * std::uint32_t(px.count) : 0u;
    for (int it = 0; it < iterations && best.error > good_enough; ++it) {
      const std::uint32_t before = best.error;
      if (!least_squares(best.index, t0, t1)) break;
      try_endpoints(t0, t1, best);
      if (best.error >= before) break;
    }
    if (quality == Bc7Quality::best) local_search(best);
    return best;
  }
};

}  // namespace

SubsetFit fit_subset(const SubsetPixels& pixels, int channels, const EndpointFormat& format,
                     Bc7Quality quality) {
  switch (channels) {
    case 1:
      return Fitter<1>(pixels, format, quality).run();
    case 3:
      return Fitter<3>(pixels, format, quality).run();
    default:
      return Fitter<4>(pixels, format, quality).run();
  }
}

void flip_subset(SubsetFit& fit, int channels, int index_bits) {
  for (int c = 0; c < channels; ++c) std::swap(fit.code[0][c], fit.code[1][c]);
  std::swap(fit.p[0], fit.p[1]);
  const int top = (1 << index_bits) - 1;
  for (int i = 0; i < 16; ++i) fit.index[i] = std::uint8_t(top - fit.index[i]);
}

}  // namespace aem::codec::bc7
