// Partition estimation. For every partition, each subset's pixels are summarised by their count,
// sums and second moments; from those, the error of the best line through the subset (its
// covariance trace minus the largest eigenvalue) plus the expected index quantisation error along
// that line (largest eigenvalue / (levels - 1)^2) and an endpoint precision term predict what a
// full fit would reach. Sums over subsets come from per-nibble lookup tables (four adds per subset),
// and the line fits run branch-free over all 64 partitions at once so that they vectorise.
#include "bc7_partition_estimate.hpp"

#include <algorithm>

#include "bc7_tables.hpp"

namespace aem::codec::bc7 {
namespace {

// Moment components: the 9 of RGB (r g b rr rg rb gg gb bb), then the 5 alpha adds (a ra ga ba aa).
constexpr int kComponents = 14;
constexpr int kRgbComponents = 9;

// Per partition: the texel mask of each stored subset split into 4 nibbles (texels 4g..4g+3),
// and the subset sizes. Computed once.
struct PartitionMasks {
  std::uint8_t two[4][64];       // [nibble][partition], subset 0 of the 2-subset partitions
  std::uint8_t three[2][4][64];  // [subset 0/1][nibble][partition]
  float two_count[2][64];
  float three_count[3][64];
  PartitionMasks() {
    for (int p = 0; p < 64; ++p) {
      unsigned m2 = 0, m3[2] = {0, 0};
      float n2[2] = {0, 0}, n3[3] = {0, 0, 0};
      for (int i = 0; i < 16; ++i) {
        const int s2 = subset_of(2, p, i), s3 = subset_of(3, p, i);
        if (s2 == 0) m2 |= 1u << i;
        if (s3 < 2) m3[s3] |= 1u << i;
        n2[s2] += 1;
        n3[s3] += 1;
      }
      for (int g = 0; g < 4; ++g) {
        two[g][p] = std::uint8_t((m2 >> (4 * g)) & 15u);
        three[0][g][p] = std::uint8_t((m3[0] >> (4 * g)) & 15u);
        three[1][g][p] = std::uint8_t((m3[1] >> (4 * g)) & 15u);
      }
      for (int s = 0; s < 2; ++s) two_count[s][p] = n2[s];
      for (int s = 0; s < 3; ++s) three_count[s][p] = n3[s];
    }
  }
};
const PartitionMasks& masks() {
  static const PartitionMasks table;
  return table;
}

// Moment sums of 64 subsets, component-major so that the line fit below vectorises over them.
struct SubsetMoments {
  alignas(16) float m[kComponents][64];
};

// Sums over every subset of 4 consecutive texels: nibble[g][component][mask].
struct NibbleSums {
  alignas(16) float s[4][kComponents][16];
};

// Bit j of each 4-bit mask, as 0/1 floats: nibble sums are then plain multiply-adds over masks.
struct MaskBits {
  alignas(16) float bit[4][16];
  constexpr MaskBits() : bit() {
    for (int j = 0; j < 4; ++j)
      for (int m = 0; m < 16; ++m) bit[j][m] = float((m >> j) & 1);
  }
};
constexpr MaskBits kMaskBits;

void build_nibbles(const std::uint8_t texels[64], int components, NibbleSums& out) {
  for (int g = 0; g < 4; ++g) {
    float f[kComponents][4];
    for (int j = 0; j < 4; ++j) {
      const std::uint8_t* t = texels + 4 * (4 * g + j);
      const float r = t[0], gg = t[1], b = t[2], a = t[3];
      const float v[kComponents] = {r, gg, b, r * r, r * gg, r * b, gg * gg, gg * b, b * b, a, r * a, gg * a, b * a, a * a};
      for (int c = 0; c < kComponents; ++c) f[c][j] = v[c];
    }
    for (int c = 0; c < components; ++c) {
      float* row = out.s[g][c];
      const float f0 = f[c][0], f1 = f[c][1], f2 = f[c][2], f3 = f[c][3];
      for (int m = 0; m < 16; ++m)
        row[m] = f0 * kMaskBits.bit[0][m] + f1 * kMaskBits.bit[1][m] + f2 * kMaskBits.bit[2][m] +
                 f3 * kMaskBits.bit[3][m];
    }
  }
}

void gather(const NibbleSums& nib, const std::uint8_t (*mask)[64], int components, int partitions,
            SubsetMoments& out) {
  for (int c = 0; c < components; ++c) {
    const float* n0 = nib.s[0][c];
    const float* n1 = nib.s[1][c];
    const float* n2 = nib.s[2][c];
    const float* n3 = nib.s[3][c];
    for (int p = 0; p < partitions; ++p)
      out.m[c][p] = n0[mask[0][p]] + n1[mask[1][p]] + n2[mask[2][p]] + n3[mask[3][p]];
  }
}

// Line-fit prediction for 64 subsets: residual (squared distance of the pixels from their best
// line: covariance trace minus the top eigenvalue) and spread (the top eigenvalue). The top
// eigenvalue is the Rayleigh quotient after 1.5 power steps from the covariance column with the
// largest diagonal. Branch-free so that the loop vectorises.
template <int N>
void line_fit(const SubsetMoments& sm, const float* count, int partitions, float* residual,
              float* spread) {
  const auto& m = sm.m;
  for (int p = 0; p < partitions; ++p) {
    const float inv = 1.0f / count[p];
    const float sr = m[0][p], sg = m[1][p], sb = m[2][p];
    const float c00 = m[3][p] - sr * sr * inv, c01 = m[4][p] - sr * sg * inv;
    const float c02 = m[5][p] - sr * sb * inv, c11 = m[6][p] - sg * sg * inv;
    const float c12 = m[7][p] - sg * sb * inv, c22 = m[8][p] - sb * sb * inv;
    float c03 = 0, c13 = 0, c23 = 0, c33 = 0;
    if constexpr (N == 4) {
      const float sa = m[9][p];
      c03 = m[10][p] - sr * sa * inv;
      c13 = m[11][p] - sg * sa * inv;
      c23 = m[12][p] - sb * sa * inv;
      c33 = m[13][p] - sa * sa * inv;
    }
    const float trace = c00 + c11 + c22 + c33;
    // Start column: the one with the largest diagonal.
    const bool use1 = c11 > c00;
    float x0 = use1 ? c01 : c00, x1 = use1 ? c11 : c01, x2 = use1 ? c12 : c02, x3 = use1 ? c13 : c03;
    const float dmax01 = std::max(c00, c11);
    const bool use2 = c22 > dmax01;
    x0 = use2 ? c02 : x0;
    x1 = use2 ? c12 : x1;
    x2 = use2 ? c22 : x2;
    x3 = use2 ? c23 : x3;
    if constexpr (N == 4) {
      const bool use3 = c33 > std::max(dmax01, c22);
      x0 = use3 ? c03 : x0;
      x1 = use3 ? c13 : x1;
      x2 = use3 ? c23 : x2;
      x3 = use3 ? c33 : x3;
    }
    const float y0 = c00 * x0 + c01 * x1 + c02 * x2 + c03 * x3;
    const float y1 = c01 * x0 + c11 * x1 + c12 * x2 + c13 * x3;
    const float y2 = c02 * x0 + c12 * x1 + c22 * x2 + c23 * x3;
    const float y3 = c03 * x0 + c13 * x1 + c23 * x2 + c33 * x3;
    const float xx = x0 * x0 + x1 * x1 + x2 * x2 + x3 * x3;
    const float xy = x0 * y0 + x1 * y1 + x2 * y2 + x3 * y3;
    const float yy = y0 * y0 + y1 * y1 + y2 * y2 + y3 * y3;
    // Both quotients are lower bounds of the top eigenvalue; take the larger.
    const float l1 = xy / std::max(xx, 1e-12f);
    const float l2 = yy / std::max(xy, 1e-12f);
    float lambda = xy > 1e-6f ? std::max(l1, l2) : 0.0f;
    lambda = std::min(lambda, trace);
    residual[p] = std::max(trace - lambda, 0.0f);
    spread[p] = lambda;
  }
}

struct ModeCost {
  int mode;
  float quant;     // multiplies the spread: 1/(levels-1)^2
  float endpoint;  // per pixel and channel, from endpoint precision
};

}  // namespace

int estimate_partitions(const std::uint8_t texels[64], const PartitionSearch& search,
                        PartitionGuess* out, int max_count) {
  const PartitionMasks& mk = masks();
  const int components = search.opaque ? kRgbComponents : kComponents;
  NibbleSums nib;
  build_nibbles(texels, components, nib);
  float total[kComponents];
  for (int c = 0; c < components; ++c)
    total[c] = nib.s[0][c][15] + nib.s[1][c][15] + nib.s[2][c][15] + nib.s[3][c][15];

  ModeCost two_subset_modes[2];
  int two_count = 0;
  if (search.opaque) {
    two_subset_modes[two_count++] = {1, 1.0f / 49.0f, 0.35f};
    two_subset_modes[two_count++] = {3, 1.0f / 9.0f, 0.09f};
  } else {
    two_subset_modes[two_count++] = {7, 1.0f / 9.0f, 1.4f};
  }
  const float channels = search.opaque ? 3.0f : 4.0f;

  PartitionGuess all[64 * 2 + 64 + 16];
  int count = 0;
  SubsetMoments s0, s1;
  alignas(16) float r0[64], r1[64], sp0[64], sp1[64];
  const int np = std::clamp(search.partitions, 1, 64);
  gather(nib, mk.two, components, np, s0);
  for (int c = 0; c < components; ++c)
    for (int p = 0; p < np; ++p) s1.m[c][p] = total[c] - s0.m[c][p];
  if (search.opaque) {
    line_fit<3>(s0, mk.two_count[0], np, r0, sp0);
    line_fit<3>(s1, mk.two_count[1], np, r1, sp1);
  } else {
    line_fit<4>(s0, mk.two_count[0], np, r0, sp0);
    line_fit<4>(s1, mk.two_count[1], np, r1, sp1);
  }
  for (int k = 0; k < two_count; ++k) {
    const ModeCost& mc = two_subset_modes[k];
    const float fixed = mc.endpoint * 16.0f * channels;
    for (int p = 0; p < np; ++p)
      all[count++] = {mc.mode, p, r0[p] + r1[p] + (sp0[p] + sp1[p]) * mc.quant + fixed};
  }
  if (search.opaque && search.three_subsets) {
    SubsetMoments s2;
    alignas(16) float r2[64], sp2[64];
    gather(nib, mk.three[0], components, np, s0);
    gather(nib, mk.three[1], components, np, s1);
    for (int c = 0; c < components; ++c)
      for (int p = 0; p < np; ++p) s2.m[c][p] = total[c] - s0.m[c][p] - s1.m[c][p];
    line_fit<3>(s0, mk.three_count[0], np, r0, sp0);
    line_fit<3>(s1, mk.three_count[1], np, r1, sp1);
    line_fit<3>(s2, mk.three_count[2], np, r2, sp2);
    for (int p = 0; p < np; ++p) {
      const float residual = r0[p] + r1[p] + r2[p];
      const float spread = sp0[p] + sp1[p] + sp2[p];
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
