#include "bc7_exact_mode6.hpp"

#include <array>
#include <cmath>

#include "bc7_tables.hpp"

namespace aem::codec::bc7 {
namespace {

// Interpolated values sit within half a level of the segment between their endpoints, so the
// texels of a mode 6 block lie within this distance (in 8-bit levels, over RGBA) of the line
// through its two most distant texels: sqrt(4) * (0.5 rounding + 0.5 for the endpoints' own).
constexpr double kLineTolerance = 2.0;

// One channel's endpoint pair: the 8-bit values (code * 2 + p-bit).
struct ChannelEnds {
  int e0 = 0, e1 = 0;
};

// The pairs that may serve one channel: at most the 3 x 3 codes around the exact solution.
struct ChannelCandidates {
  ChannelEnds ends[9];
  int count = 0;
  const ChannelEnds* begin() const { return ends; }
  const ChannelEnds* end() const { return ends + count; }
};

// The endpoint pairs of channel values `lo` and `hi` at weights `w_lo` < `w_hi`, with p-bits
// p0 and p1: near the exact solution, and reproducing both values.
ChannelCandidates channel_candidates(int lo, int hi, int w_lo, int w_hi, int p0, int p1) {
  ChannelCandidates out;
  const double span = double(hi - lo) * 64.0 / double(w_hi - w_lo);
  const double e0 = lo - span * w_lo / 64.0, e1 = e0 + span;
  const int c0 = int(std::lround((e0 - p0) / 2)), c1 = int(std::lround((e1 - p1) / 2));
  for (int a = c0 - 1; a <= c0 + 1; ++a)
    for (int b = c1 - 1; b <= c1 + 1; ++b) {
      if (a < 0 || a > 127 || b < 0 || b > 127) continue;
      const ChannelEnds ends{a * 2 + p0, b * 2 + p1};
      if (interpolate(ends.e0, ends.e1, w_lo) == lo && interpolate(ends.e0, ends.e1, w_hi) == hi) out.ends[out.count++] = ends;
    }
  return out;
}

// The indices (bit k: index k) under which channel value `value` decodes exactly.
std::uint16_t index_mask(int value, const ChannelEnds& ends) {
  std::uint16_t mask = 0;
  for (int k = 0; k < 16; ++k)
    if (interpolate(ends.e0, ends.e1, kWeights4[k]) == value) mask = std::uint16_t(mask | 1u << k);
  return mask;
}

// Channels c.. chosen from `candidates` so that every texel keeps an index that fits them all;
// `masks` holds what channels 0..c-1 leave. On success `chosen` has every channel's pair.
bool choose_channels(const std::uint8_t texels[64], const std::array<ChannelCandidates, 4>& candidates, int c,
                     const std::uint16_t masks[16], std::array<ChannelEnds, 4>& chosen, std::uint16_t final_masks[16]) {
  if (c == 4) {
    for (int i = 0; i < 16; ++i) final_masks[i] = masks[i];
    return true;
  }
  for (const ChannelEnds& ends : candidates[c]) {
    std::uint16_t both[16];
    bool fits = true;  // texel by texel: most blocks that are not mode 6's fail at the first few
    for (int i = 0; i < 16 && fits; ++i) fits = (both[i] = std::uint16_t(masks[i] & index_mask(texels[4 * i + c], ends))) != 0;
    if (!fits) continue;
    chosen[c] = ends;
    if (choose_channels(texels, candidates, c + 1, both, chosen, final_masks)) return true;
  }
  return false;
}

}  // namespace

std::optional<Mode6Fields> exact_mode6(const std::uint8_t texels[64]) {
  // The two most distant texels, and the line through them.
  int lo = 0, hi = 0, far = -1;
  for (int a = 0; a < 16; ++a)
    for (int b = a + 1; b < 16; ++b) {
      int d = 0;
      for (int c = 0; c < 4; ++c) d += (texels[4 * a + c] - texels[4 * b + c]) * (texels[4 * a + c] - texels[4 * b + c]);
      if (d > far) far = d, lo = a, hi = b;
    }
  if (far == 0) return std::nullopt;  // one colour: mode 5's solid block is exact already
  double axis[4];
  for (int c = 0; c < 4; ++c) axis[c] = double(texels[4 * hi + c] - texels[4 * lo + c]);
  for (int i = 0; i < 16; ++i) {
    double along = 0, off = 0, rel[4];
    for (int c = 0; c < 4; ++c) along += (rel[c] = double(texels[4 * i + c] - texels[4 * lo + c])) * axis[c];
    along /= double(far);
    for (int c = 0; c < 4; ++c) off += (rel[c] - along * axis[c]) * (rel[c] - along * axis[c]);
    if (off > kLineTolerance * kLineTolerance) return std::nullopt;
  }
  // Indices 0-3 for one end and 12-15 for the other, and every pair of p-bits.
  for (int i_lo = 0; i_lo <= 3; ++i_lo)
    for (int i_hi = 15; i_hi >= 12; --i_hi)
      for (int p = 0; p < 4; ++p) {
        std::array<ChannelCandidates, 4> candidates;
        bool possible = true;
        for (int c = 0; c < 4 && possible; ++c) {
          candidates[c] = channel_candidates(texels[4 * lo + c], texels[4 * hi + c], kWeights4[i_lo], kWeights4[i_hi],
                                             p & 1, p >> 1);
          possible = candidates[c].count > 0;
        }
        if (!possible) continue;
        std::uint16_t all[16], masks[16];
        for (std::uint16_t& m : all) m = 0xFFFF;
        std::array<ChannelEnds, 4> chosen;
        if (!choose_channels(texels, candidates, 0, all, chosen, masks)) continue;
        Mode6Fields f;
        f.p[0] = p & 1;
        f.p[1] = p >> 1;
        for (int c = 0; c < 4; ++c) {
          f.code[0][c] = chosen[c].e0 >> 1;
          f.code[1][c] = chosen[c].e1 >> 1;
        }
        for (int i = 0; i < 16; ++i) f.index[i] = std::uint8_t(__builtin_ctz(masks[i]));
        if (f.index[0] >= 8) {  // texel 0's index must be 0-7: the same palette the other way round
          for (int c = 0; c < 4; ++c) std::swap(f.code[0][c], f.code[1][c]);
          std::swap(f.p[0], f.p[1]);
          for (std::uint8_t& index : f.index) index = std::uint8_t(15 - index);
        }
        return f;
      }
  return std::nullopt;
}

}  // namespace aem::codec::bc7
