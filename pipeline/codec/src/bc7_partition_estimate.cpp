// Partition estimation. For every partition, each subset's pixels are summarised by their count,
// sums and second moments; from those, the error of the best line through the subset (its
// covariance trace minus the largest eigenvalue) plus the expected index quantisation error along
// that line (largest eigenvalue / (levels - 1)^2) and an endpoint precision term predict what a
// full fit would reach. Sums over subsets come from per-nibble lookup tables, so every subset
// costs four table adds.
#include "bc7_partition_estimate.hpp"

#include <algorithm>

#include "bc7_tables.hpp"

namespace aem::codec::bc7 {
namespace {

// count, 4 sums, 10 second moments (rr rg rb ra gg gb ga bb ba aa), one pad
struct Moments {
  float m[16];
};

// Subset masks (bit i set: texel i in the subset), computed once.
struct SubsetMasks {
  std::uint16_t two[64];        // subset 0 of the 2-subset partitions
  std::uint16_t three[64][2];   // subsets 0 and 1 of the 3-subset partitions
  SubsetMasks() {
    for (int p = 0; p < 64; ++p) {
      two[p] = three[p][0] = three[p][1] = 0;
      for (int i = 0; i < 16; ++i) {
        if (subset_of(2, p, i) == 0) two[p] = std::uint16_t(two[p] | (1u << i));
        const int s = subset_of(3, p, i);
        if (s < 2) three[p][s] = std::uint16_t(three[p][s] | (1u << i));
      }
    }
  }
};
const SubsetMasks& masks() {
  static const SubsetMasks table;
  return table;
}

// Error prediction of a line fit for a subset with the given moments.
struct LineFit {
  float residual;  // squared distance of the pixels from their best line
  float spread;    // variance along the line (sum over pixels)
};

inline LineFit line_fit(const float* m, int channels) {
  const float n = m[0];
  if (n < 0.5f) return {0, 0};
  const float inv = 1.0f / n;
  const float* s = m + 1;
  const float* q = m + 5;  // rr rg rb ra gg gb ga bb ba aa
  float c[4][4];
  c[0][0] = q[0] - s[0] * s[0] * inv;
  c[0][1] = c[1][0] = q[1] - s[0] * s[1] * inv;
  c[0][2] = c[2][0] = q[2] - s[0] * s[2] * inv;
  c[1][1] = q[4] - s[1] * s[1] * inv;
  c[1][2] = c[2][1] = q[5] - s[1] * s[2] * inv;
  c[2][2] = q[7] - s[2] * s[2] * inv;
  if (channels == 4) {
    c[0][3] = c[3][0] = q[3] - s[0] * s[3] * inv;
    c[1][3] = c[3][1] = q[6] - s[1] * s[3] * inv;
    c[2][3] = c[3][2] = q[8] - s[2] * s[3] * inv;
    c[3][3] = q[9] - s[3] * s[3] * inv;
  } else {
    c[0][3] = c[3][0] = c[1][3] = c[3][1] = c[2][3] = c[3][2] = c[3][3] = 0;
  }
  const float trace = c[0][0] + c[1][1] + c[2][2] + c[3][3];
  // Rayleigh quotient of C.(C.e_k) with k the largest diagonal: close to the top eigenvalue.
  int k = 0;
  for (int i = 1; i < 4; ++i)
    if (c[i][i] > c[k][k]) k = i;
  float x[4], y[4];
  for (int i = 0; i < 4; ++i) x[i] = c[i][k];
  for (int i = 0; i < 4; ++i) y[i] = c[i][0] * x[0] + c[i][1] * x[1] + c[i][2] * x[2] + c[i][3] * x[3];
  float xx = 0, xy = 0, yy = 0;
  for (int i = 0; i < 4; ++i) {
    xx += x[i] * x[i];
    xy += x[i] * y[i];
    yy += y[i] * y[i];
  }
  if (xx <= 1e-9f) return {std::max(trace, 0.0f), 0};
  // One more power step: lambda ~ (y.Cy)/(y.y) ~ yy/xy; use the better-conditioned of the two.
  float lambda = xy / xx;
  if (xy > 1e-9f) lambda = std::max(lambda, yy / xy);
  lambda = std::min(lambda, trace);
  return {std::max(trace - lambda, 0.0f), lambda};
}

struct ModeCost {
  int mode;
  float quant;     // multiplies the spread: 1/(levels-1)^2
  float endpoint;  // per pixel and channel, from endpoint precision
};

}  // namespace

int estimate_partitions(const std::uint8_t texels[64], const PartitionSearch& search,
                        PartitionGuess* out, int max_count) {
  // Per-nibble tables: sums of moments over every subset of 4 consecutive texels.
  Moments nibble[4][16];
  for (int g = 0; g < 4; ++g) {
    for (int c = 0; c < 16; ++c) nibble[g][0].m[c] = 0;
    for (int mask = 1; mask < 16; ++mask) {
      const int low = __builtin_ctz(unsigned(mask));
      const int texel = 4 * g + low;
      const Moments& prev = nibble[g][mask & (mask - 1)];
      const float r = texels[4 * texel], gg = texels[4 * texel + 1], b = texels[4 * texel + 2],
                  a = texels[4 * texel + 3];
      const float add[16] = {1, r, gg, b, a, r * r, r * gg, r * b, r * a, gg * gg, gg * b, gg * a,
                             b * b, b * a, a * a, 0};
      for (int c = 0; c < 16; ++c) nibble[g][mask].m[c] = prev.m[c] + add[c];
    }
  }
  auto subset_moments = [&](unsigned mask, float* m) {
    for (int c = 0; c < 16; ++c)
      m[c] = nibble[0][mask & 15].m[c] + nibble[1][(mask >> 4) & 15].m[c] +
             nibble[2][(mask >> 8) & 15].m[c] + nibble[3][(mask >> 12) & 15].m[c];
  };
  float total[16];
  subset_moments(0xFFFFu, total);
  const int channels = search.opaque ? 3 : 4;

  // Candidate modes and their cost factors.
  ModeCost two_subset_modes[2];
  int two_count = 0;
  if (search.opaque) {
    two_subset_modes[two_count++] = {1, 1.0f / 49.0f, 0.35f};
    two_subset_modes[two_count++] = {3, 1.0f / 9.0f, 0.09f};
  } else {
    two_subset_modes[two_count++] = {7, 1.0f / 9.0f, 1.4f};
  }

  PartitionGuess all[64 * 2 + 64 + 16];
  int count = 0;
  const SubsetMasks& mk = masks();
  for (int p = 0; p < 64; ++p) {
    float m0[16], m1[16];
    subset_moments(mk.two[p], m0);
    for (int c = 0; c < 16; ++c) m1[c] = total[c] - m0[c];
    const LineFit f0 = line_fit(m0, channels), f1 = line_fit(m1, channels);
    const float residual = f0.residual + f1.residual, spread = f0.spread + f1.spread;
    for (int k = 0; k < two_count; ++k) {
      const ModeCost& mc = two_subset_modes[k];
      all[count++] = {mc.mode, p,
                      residual + spread * mc.quant + mc.endpoint * 16.0f * float(channels)};
    }
  }
  if (search.opaque && search.three_subsets) {
    for (int p = 0; p < 64; ++p) {
      float m0[16], m1[16], m2[16];
      subset_moments(mk.three[p][0], m0);
      subset_moments(mk.three[p][1], m1);
      for (int c = 0; c < 16; ++c) m2[c] = total[c] - m0[c] - m1[c];
      const LineFit f0 = line_fit(m0, 3), f1 = line_fit(m1, 3), f2 = line_fit(m2, 3);
      const float residual = f0.residual + f1.residual + f2.residual;
      const float spread = f0.spread + f1.spread + f2.spread;
      all[count++] = {2, p, residual + spread * (1.0f / 9.0f) + 5.6f * 48.0f};
      if (p < 16) all[count++] = {0, p, residual + spread * (1.0f / 49.0f) + 5.6f * 48.0f};
    }
  }
  const int keep = std::min(max_count, count);
  std::partial_sort(all, all + keep, all + count, [](const PartitionGuess& x, const PartitionGuess& y) {
    if (x.estimate != y.estimate) return x.estimate < y.estimate;
    if (x.mode != y.mode) return x.mode < y.mode;
    return x.partition < y.partition;
  });
  std::copy_n(all, keep, out);
  return keep;
}

}  // namespace aem::codec::bc7
