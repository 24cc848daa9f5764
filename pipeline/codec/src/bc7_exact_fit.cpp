#include "bc7_exact_fit.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include "aem/portable_math.hpp"

namespace aem::codec::bc7 {
namespace {

// Interpolated values sit within half a level of the segment between their endpoints, so the
// texels of one subset lie within this distance (in 8-bit levels, over RGBA) of the line through
// its two most distant texels: sqrt(4) * (0.5 rounding + 0.5 for the ends' own rounding).
constexpr double kLineTolerance = 2.0;

// A component's 8-bit value from its stored code and p-bit.
int endpoint_value(int code, int p, int bits, PbitKind pbits) {
  return pbits == PbitKind::none ? expand_bits(code, bits) : expand_bits(code << 1 | p, bits + 1);
}

struct Format {
  int channels, bits;
  PbitKind pbits;
  const std::uint8_t* weights;
  int index_count;
};

// One channel's endpoints: stored codes and their 8-bit values.
struct ChannelEnds {
  int code0 = 0, code1 = 0, e0 = 0, e1 = 0;
};

// The pairs that may serve one channel: at most the 3 x 3 codes around the exact solution.
struct ChannelCandidates {
  ChannelEnds ends[9];
  int count = 0;
  const ChannelEnds* begin() const { return ends; }
  const ChannelEnds* end() const { return ends + count; }
};

// The endpoint pairs reproducing channel values `lo` and `hi` at weights `w_lo` < `w_hi`, with
// p-bits p0 and p1, among the codes nearest the exact solution.
ChannelCandidates channel_candidates(const Format& f, int lo, int hi, int w_lo, int w_hi, int p0, int p1) {
  ChannelCandidates out;
  const double span = double(hi - lo) * 64.0 / double(w_hi - w_lo);
  const double e0 = lo - span * w_lo / 64.0, e1 = e0 + span;
  const int levels = (1 << f.bits) - 1;
  const int c0 = int(aem::round_to_integer(e0 * levels / 255.0)), c1 = int(aem::round_to_integer(e1 * levels / 255.0));
  for (int a = c0 - 1; a <= c0 + 1; ++a)
    for (int b = c1 - 1; b <= c1 + 1; ++b) {
      if (a < 0 || a > levels || b < 0 || b > levels) continue;
      const ChannelEnds ends{a, b, endpoint_value(a, p0, f.bits, f.pbits), endpoint_value(b, p1, f.bits, f.pbits)};
      if (interpolate(ends.e0, ends.e1, w_lo) == lo && interpolate(ends.e0, ends.e1, w_hi) == hi) out.ends[out.count++] = ends;
    }
  return out;
}

// The indices (bit k: index k) under which channel value `value` decodes exactly.
std::uint16_t index_mask(const Format& f, int value, const ChannelEnds& ends) {
  std::uint16_t mask = 0;
  for (int k = 0; k < f.index_count; ++k)
    if (interpolate(ends.e0, ends.e1, f.weights[k]) == value) mask = std::uint16_t(mask | 1u << k);
  return mask;
}

// Channels c.. chosen from `candidates` so that every texel keeps an index that fits them all;
// `masks` holds what channels 0..c-1 leave. On success `chosen` has every channel's pair.
bool choose_channels(const Format& f, const std::uint8_t (*texels)[4], int count,
                     const std::array<ChannelCandidates, 4>& candidates, int c, const std::uint16_t masks[16],
                     std::array<ChannelEnds, 4>& chosen, std::uint16_t final_masks[16]) {
  if (c == f.channels || c == 4) {  // channels is at most 4
    for (int i = 0; i < count; ++i) final_masks[i] = masks[i];
    return true;
  }
  for (const ChannelEnds& ends : candidates[c]) {
    std::uint16_t both[16];
    bool fits = true;  // texel by texel: most subsets that are not exact fail at the first few
    for (int i = 0; i < count && fits; ++i) fits = (both[i] = std::uint16_t(masks[i] & index_mask(f, texels[i][c], ends))) != 0;
    if (!fits) continue;
    chosen[c] = ends;
    if (choose_channels(f, texels, count, candidates, c + 1, both, chosen, final_masks)) return true;
  }
  return false;
}

}  // namespace

std::optional<SubsetFit> exact_subset(const std::uint8_t (*texels)[4], int count, int channels, int bits,
                                      PbitKind pbits, int index_bits) {
  const Format f{channels, bits, pbits, weights_for_bits(index_bits), 1 << index_bits};
  // The two most distant texels, and the line through them.
  int lo = 0, hi = 0, far = 0;
  for (int a = 0; a < count; ++a)
    for (int b = a + 1; b < count; ++b) {
      int d = 0;
      for (int c = 0; c < channels; ++c) d += (texels[a][c] - texels[b][c]) * (texels[a][c] - texels[b][c]);
      if (d > far) far = d, lo = a, hi = b;
    }
  if (far > 0) {
    double axis[4];
    for (int c = 0; c < channels; ++c) axis[c] = double(texels[hi][c] - texels[lo][c]);
    for (int i = 0; i < count; ++i) {
      double along = 0, off = 0, rel[4];
      for (int c = 0; c < channels; ++c) along += (rel[c] = double(texels[i][c] - texels[lo][c])) * axis[c];
      along /= double(far);
      for (int c = 0; c < channels; ++c) off += (rel[c] - along * axis[c]) * (rel[c] - along * axis[c]);
      if (off > kLineTolerance * kLineTolerance) return std::nullopt;
    }
  }
  // The ends at indices in the lowest and highest quarter, with every allowed pair of p-bits.
  const int quarter = std::max(1, f.index_count / 4);
  const int pbit_pairs = pbits == PbitKind::unique ? 4 : pbits == PbitKind::shared ? 2 : 1;
  for (int i_lo = 0; i_lo < quarter; ++i_lo)
    for (int i_hi = f.index_count - 1; i_hi >= f.index_count - quarter; --i_hi)
      for (int pair = 0; pair < pbit_pairs; ++pair) {
        const int p0 = pbits == PbitKind::none ? 0 : pair & 1;
        const int p1 = pbits == PbitKind::unique ? pair >> 1 : p0;
        std::array<ChannelCandidates, 4> candidates;
        bool possible = true;
        for (int c = 0; c < channels && possible; ++c) {
          candidates[c] = channel_candidates(f, texels[lo][c], texels[hi][c], f.weights[i_lo], f.weights[i_hi], p0, p1);
          possible = candidates[c].count > 0;
        }
        if (!possible) continue;
        std::uint16_t all[16], masks[16];
        for (std::uint16_t& m : all) m = 0xFFFF;
        std::array<ChannelEnds, 4> chosen;
        if (!choose_channels(f, texels, count, candidates, 0, all, chosen, masks)) continue;
        SubsetFit out;
        out.error = 0;
        out.p[0] = p0;
        out.p[1] = p1;
        for (int c = 0; c < channels; ++c) {
          out.code[0][c] = chosen[c].code0;
          out.code[1][c] = chosen[c].code1;
        }
        for (int i = 0; i < count; ++i) out.index[i] = std::uint8_t(__builtin_ctz(masks[i]));
        return out;
      }
  return std::nullopt;
}

bool decodes_from_mode6(const std::uint8_t texels[64]) {
  const auto* rgba = reinterpret_cast<const std::uint8_t(*)[4]>(texels);
  return exact_subset(rgba, 16, 4, 7, PbitKind::unique, 4).has_value();
}

}  // namespace aem::codec::bc7
