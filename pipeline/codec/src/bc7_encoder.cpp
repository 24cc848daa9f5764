// BC7 block encoder: tries modes by quality level, fits each subset, keeps the lowest squared
// error and packs the winner. Opaque blocks keep alpha 255 exactly (alpha endpoints pinned);
// single-colour blocks use the exact mode 5 encoding.
#include <algorithm>
#include <cstring>
#include <optional>
#include <span>

#include "aem/codec/bc7.hpp"
#include "bc7_exact_fit.hpp"
#include "bc7_partition_estimate.hpp"
#include "bc7_quantize.hpp"
#include "bc7_subset_fit.hpp"
#include "bc7_tables.hpp"
#include "bit_stream.hpp"

namespace aem::codec {
namespace {

using namespace bc7;

struct Candidate {
  int mode = -1;
  int partition = 0;
  int rotation = 0;
  int index_mode = 0;
  int code[3][2][4] = {};  // [subset][endpoint][channel R,G,B,A]
  int p[3][2] = {};
  std::uint8_t index[16] = {};   // colour (or RGBA) indices
  std::uint8_t index2[16] = {};  // alpha indices, modes 4 and 5
  std::uint64_t error = ~std::uint64_t(0);
};

void pack(const Candidate& c, std::uint8_t out[16]) {
  const ModeInfo& info = kModes[c.mode];
  detail::BlockBitWriter w;
  w.write(1u << c.mode, c.mode + 1);
  if (info.partition_bits) w.write(std::uint32_t(c.partition), info.partition_bits);
  if (info.rotation_bits) w.write(std::uint32_t(c.rotation), info.rotation_bits);
  if (info.index_mode_bits) w.write(std::uint32_t(c.index_mode), info.index_mode_bits);
  const int channels = info.alpha_bits ? 4 : 3;
  for (int ch = 0; ch < channels; ++ch) {
    const int width = ch < 3 ? info.color_bits : info.alpha_bits;
    for (int s = 0; s < info.subsets; ++s)
      for (int e = 0; e < 2; ++e) w.write(std::uint32_t(c.code[s][e][ch]), width);
  }
  if (info.pbits == PbitKind::unique) {
    for (int s = 0; s < info.subsets; ++s)
      for (int e = 0; e < 2; ++e) w.write(std::uint32_t(c.p[s][e]), 1);
  } else if (info.pbits == PbitKind::shared) {
    for (int s = 0; s < info.subsets; ++s) w.write(std::uint32_t(c.p[s][0]), 1);
  }
  // Modes 4/5: the first index section has index_bits (2), the second index2_bits.
  const std::uint8_t* first = c.index;
  const std::uint8_t* second = c.index2;
  if (c.mode == 4 && c.index_mode) std::swap(first, second);
  const int anchor1 = info.subsets > 1 ? anchor_of(info.subsets, c.partition, 1) : 0;
  const int anchor2 = info.subsets > 2 ? anchor_of(info.subsets, c.partition, 2) : 0;
  for (int i = 0; i < 16; ++i) {
    const bool anchor = i == 0 || i == anchor1 || i == anchor2;
    w.write(first[i], info.index_bits - (anchor ? 1 : 0));
  }
  if (info.index2_bits) {
    for (int i = 0; i < 16; ++i) w.write(second[i], info.index2_bits - (i == 0 ? 1 : 0));
  }
  w.store(out);
}

struct BlockInput {
  int px[16][4];
  bool opaque;
};

// Copies a subset fit into the candidate (channel map: fit channel k -> block channel map[k]).
void place(Candidate& cand, int subset, const SubsetFit& fit, int channels, const int* map,
           const int* texels, int count, bool alpha_set) {
  for (int e = 0; e < 2; ++e) {
    for (int k = 0; k < channels; ++k) cand.code[subset][e][map[k]] = fit.code[e][k];
    cand.p[subset][e] = fit.p[e];
  }
  std::uint8_t* dst = alpha_set ? cand.index2 : cand.index;
  for (int k = 0; k < count; ++k) dst[texels[k]] = fit.index[k];
}

// Modes 0-3 and 7: `partition` of kModes[mode].subsets subsets.
Candidate fit_partitioned(const BlockInput& in, int mode, int partition, Bc7Quality quality) {
  const ModeInfo& info = kModes[mode];
  const int channels = info.alpha_bits ? 4 : 3;
  Candidate cand;
  cand.mode = mode;
  cand.partition = partition;
  cand.error = 0;
  EndpointFormat fmt;
  fmt.bits = info.color_bits;
  fmt.pbits = info.pbits;
  fmt.index_bits = info.index_bits;
  fmt.pinned_channel = (channels == 4 && in.opaque) ? 3 : -1;
  static constexpr int kMap[4] = {0, 1, 2, 3};
  for (int s = 0; s < info.subsets; ++s) {
    SubsetPixels sp;
    int texels[16];
    for (int i = 0; i < 16; ++i) {
      if (subset_of(info.subsets, partition, i) != s) continue;
      for (int c = 0; c < channels; ++c) sp.v[c][sp.count] = float(in.px[i][c]);
      texels[sp.count++] = i;
    }
    SubsetFit fit = fit_subset(sp, channels, fmt, quality);
    // Anchor: the stored index of the subset's anchor texel must have its top bit clear.
    const int anchor = anchor_of(info.subsets, partition, s);
    const int anchor_pos = int(std::find(texels, texels + sp.count, anchor) - texels);
    if (fit.index[anchor_pos] >> (info.index_bits - 1)) flip_subset(fit, channels, info.index_bits);
    place(cand, s, fit, channels, kMap, texels, sp.count, false);
    cand.error += fit.error;
  }
  if (channels == 3) {
    for (int i = 0; i < 16; ++i) {
      const int d = 255 - in.px[i][3];
      cand.error += std::uint64_t(d * d);
    }
  }
  return cand;
}

// Modes 4 and 5: colour and a separate scalar channel, with a rotation choosing which channel
// is the scalar one, and for mode 4 an index-precision swap.
Candidate fit_separate(const BlockInput& in, int mode, int rotation, int index_mode,
                       Bc7Quality quality) {
  const ModeInfo& info = kModes[mode];
  Candidate cand;
  cand.mode = mode;
  cand.rotation = rotation;
  cand.index_mode = index_mode;
  int map[4] = {0, 1, 2, 3};
  if (rotation) std::swap(map[rotation - 1], map[3]);
  // After the swap, stored channel k holds block channel map[k].
  SubsetPixels color, scalar;
  color.count = scalar.count = 16;
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 3; ++k) color.v[k][i] = float(in.px[i][map[k]]);
    scalar.v[0][i] = float(in.px[i][map[3]]);
  }
  const int color_index_bits = (mode == 4 && index_mode) ? 3 : info.index_bits;
  const int alpha_index_bits = mode == 4 ? (index_mode ? 2 : 3) : info.index2_bits;
  EndpointFormat cf;
  cf.bits = info.color_bits;
  cf.index_bits = color_index_bits;
  cf.pinned_channel = (in.opaque && rotation) ? rotation - 1 : -1;
  EndpointFormat af;
  af.bits = info.alpha_bits;
  af.index_bits = alpha_index_bits;
  af.pinned_channel = (in.opaque && !rotation) ? 0 : -1;
  SubsetFit cfit = fit_subset(color, 3, cf, quality);
  SubsetFit afit = fit_subset(scalar, 1, af, quality);
  if (cfit.index[0] >> (color_index_bits - 1)) flip_subset(cfit, 3, color_index_bits);
  if (afit.index[0] >> (alpha_index_bits - 1)) flip_subset(afit, 1, alpha_index_bits);
  static constexpr int kColor[3] = {0, 1, 2};
  static constexpr int kAlpha[1] = {3};
  static constexpr int kAll[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  place(cand, 0, cfit, 3, kColor, kAll, 16, false);
  place(cand, 0, afit, 1, kAlpha, kAll, 16, true);
  cand.error = std::uint64_t(cfit.error) + afit.error;
  return cand;
}

Candidate fit_mode6(const BlockInput& in, Bc7Quality quality) {
  Candidate cand;
  cand.mode = 6;
  EndpointFormat fmt;
  fmt.bits = 7;
  fmt.pbits = PbitKind::unique;
  fmt.index_bits = 4;
  fmt.pinned_channel = in.opaque ? 3 : -1;
  SubsetPixels sp;
  sp.count = 16;
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < 4; ++c) sp.v[c][i] = float(in.px[i][c]);
  SubsetFit fit = fit_subset(sp, 4, fmt, quality);
  if (fit.index[0] >> 3) flip_subset(fit, 4, 4);
  static constexpr int kMap[4] = {0, 1, 2, 3};
  static constexpr int kAll[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  place(cand, 0, fit, 4, kMap, kAll, 16, false);
  cand.error = fit.error;
  return cand;
}

inline void keep_better(Candidate& best, const Candidate& c) {
  if (c.error < best.error) best = c;
}

// The block in mode `mode` (6, or partitioned: 0-3, 7), partition `partition`, whose subsets each
// decode exactly to their texels, or nullopt. Anchors as fit_partitioned puts them.
std::optional<Candidate> exact_partitioned(const std::uint8_t texels[64], int mode, int partition) {
  const ModeInfo& info = kModes[mode];
  const int channels = info.alpha_bits ? 4 : 3;
  static constexpr int kMap[4] = {0, 1, 2, 3};
  Candidate cand;
  cand.mode = mode;
  cand.partition = partition;
  cand.error = 0;
  for (int s = 0; s < info.subsets; ++s) {
    std::uint8_t members[16][4];
    int where[16], count = 0;
    for (int i = 0; i < 16; ++i)
      if (subset_of(info.subsets, partition, i) == s) {
        std::memcpy(members[count], texels + 4 * i, 4);
        where[count++] = i;
      }
    std::optional<SubsetFit> fit = exact_subset(members, count, channels, info.color_bits, info.pbits, info.index_bits);
    if (!fit) return std::nullopt;
    const int anchor_pos = int(std::find(where, where + count, anchor_of(info.subsets, partition, s)) - where);
    if (fit->index[anchor_pos] >> (info.index_bits - 1)) flip_subset(*fit, channels, info.index_bits);
    place(cand, s, *fit, channels, kMap, where, count, false);
  }
  return cand;
}

// The mode 4 or 5 block (rotation and, for mode 4, index mode) decoding exactly to the texels:
// its colour and its scalar channel are separate subsets with their own indices, as
// fit_separate lays them out.
std::optional<Candidate> exact_separate(const std::uint8_t texels[64], int mode, int rotation, int index_mode) {
  const ModeInfo& info = kModes[mode];
  int map[4] = {0, 1, 2, 3};
  if (rotation) std::swap(map[rotation - 1], map[3]);  // stored channel k holds block channel map[k]
  std::uint8_t color[16][4] = {}, scalar[16][4] = {};
  for (int i = 0; i < 16; ++i) {
    for (int k = 0; k < 3; ++k) color[i][k] = texels[4 * i + map[k]];
    scalar[i][0] = texels[4 * i + map[3]];
  }
  const int color_index_bits = (mode == 4 && index_mode) ? 3 : info.index_bits;
  const int scalar_index_bits = mode == 4 ? (index_mode ? 2 : 3) : info.index2_bits;
  std::optional<SubsetFit> color_fit = exact_subset(color, 16, 3, info.color_bits, PbitKind::none, color_index_bits);
  if (!color_fit) return std::nullopt;
  std::optional<SubsetFit> scalar_fit = exact_subset(scalar, 16, 1, info.alpha_bits, PbitKind::none, scalar_index_bits);
  if (!scalar_fit) return std::nullopt;
  if (color_fit->index[0] >> (color_index_bits - 1)) flip_subset(*color_fit, 3, color_index_bits);
  if (scalar_fit->index[0] >> (scalar_index_bits - 1)) flip_subset(*scalar_fit, 1, scalar_index_bits);
  Candidate cand;
  cand.mode = mode;
  cand.rotation = rotation;
  cand.index_mode = index_mode;
  cand.error = 0;
  static constexpr int kColor[3] = {0, 1, 2};
  static constexpr int kAlpha[1] = {3};
  static constexpr int kAll[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  place(cand, 0, *color_fit, 3, kColor, kAll, 16, false);
  place(cand, 0, *scalar_fit, 1, kAlpha, kAll, 16, true);
  return cand;
}

// A block that decodes exactly to the texels: mode 6, then the partitioned modes (0-3 for an
// opaque block, which they decode with alpha 255; 7 otherwise), every partition, then modes 5
// and 4 with every rotation and index mode.
std::optional<Candidate> exact_block(const std::uint8_t texels[64], bool opaque) {
  if (std::optional<Candidate> cand = exact_partitioned(texels, 6, 0)) return cand;
  static constexpr int kOpaqueModes[] = {1, 3, 0, 2};
  static constexpr int kAlphaModes[] = {7};
  for (const int mode : opaque ? std::span<const int>(kOpaqueModes) : std::span<const int>(kAlphaModes))
    for (int partition = 0; partition < 1 << kModes[mode].partition_bits; ++partition)
      if (std::optional<Candidate> cand = exact_partitioned(texels, mode, partition)) return cand;
  for (int rotation = 0; rotation < 4; ++rotation) {
    if (std::optional<Candidate> cand = exact_separate(texels, 5, rotation, 0)) return cand;
    for (int index_mode = 0; index_mode < 2; ++index_mode)
      if (std::optional<Candidate> cand = exact_separate(texels, 4, rotation, index_mode)) return cand;
  }
  return std::nullopt;
}

// Writes the search's best block, unless asked to look and it is off and a block decodes to the
// texels exactly: then the texels were a BC7 block's to begin with (a baked texture exported and
// baked again), and that block comes back instead of one a few levels off.
void pack_best(const Candidate& best, const std::uint8_t texels[64], bool opaque, std::uint8_t block[16],
               bool find_exact_again) {
  if (find_exact_again && best.error > 0)
    if (const std::optional<Candidate> exact = exact_block(texels, opaque)) {
      pack(*exact, block);
      return;
    }
  pack(best, block);
}

// Search effort per quality level (fast has its own path). A block whose error is already at or
// below a threshold skips that search: the gain there cannot be large in squared error.
constexpr int kMaxPartitionCandidates = 16;
struct LevelSettings {
  std::uint64_t separate_threshold;  // modes 4/5 searched only above this error
  std::uint64_t partition_threshold; // partitioned modes searched only above this error
  int partition_candidates;          // best-estimated (mode, partition) pairs fitted in full
  bool three_subsets;                // include modes 0 and 2
};
constexpr LevelSettings kLevels[3] = {
    {0, 0, 1, false},     // fast (unused: see encode_bc7_block)
    {100, 100, 2, true},  // normal
    {0, 0, 16, true},     // best
};

}  // namespace

std::string_view to_string(Bc7Quality quality) {
  switch (quality) {
    case Bc7Quality::fast:
      return "fast";
    case Bc7Quality::normal:
      return "normal";
    case Bc7Quality::best:
      return "best";
  }
  return "normal";
}

std::optional<Bc7Quality> parse_bc7_quality(std::string_view name) {
  if (name == "fast") return Bc7Quality::fast;
  if (name == "normal") return Bc7Quality::normal;
  if (name == "best") return Bc7Quality::best;
  return std::nullopt;
}

void encode_bc7_solid_block(const std::uint8_t rgba[4], std::uint8_t block[16]) {
  Candidate c;
  c.mode = 5;
  for (int ch = 0; ch < 3; ++ch) {
    const SolidEndpoints& se = mode5_solid_endpoints(rgba[ch]);
    c.code[0][0][ch] = se.lo;
    c.code[0][1][ch] = se.hi;
  }
  c.code[0][0][3] = c.code[0][1][3] = rgba[3];
  std::fill_n(c.index, 16, std::uint8_t(1));  // weight 21 between lo and hi
  pack(c, block);
}

void encode_bc7_block(const std::uint8_t texels[64], std::uint8_t block[16], Bc7Quality quality, bool find_exact_again) {
  if (std::memcmp(texels, texels + 4, 60) == 0) {
    // Each texel equals the next: a single colour, which mode 5 represents exactly.
    encode_bc7_solid_block(texels, block);
    return;
  }
  BlockInput in;
  in.opaque = true;
  for (int i = 0; i < 16; ++i) {
    for (int c = 0; c < 4; ++c) in.px[i][c] = texels[4 * i + c];
    in.opaque = in.opaque && texels[4 * i + 3] == 255;
  }
  const LevelSettings& settings = kLevels[int(quality)];

  Candidate best = fit_mode6(in, quality);
  if (quality == Bc7Quality::fast) {
    if (!in.opaque) {
      // Alpha varies and often does not follow colour: try mode 5 (separate alpha) and the
      // best-estimated two-subset RGBA partition (mode 7) among the 16 commonest shapes.
      keep_better(best, fit_separate(in, 5, 0, 0, quality));
      PartitionSearch search;
      search.opaque = false;
      search.partitions = 16;
      PartitionGuess guess;
      if (estimate_partitions(texels, search, &guess, 1) == 1)
        keep_better(best, fit_partitioned(in, guess.mode, guess.partition, quality));
    }
    pack_best(best, texels, in.opaque, block, find_exact_again);
    return;
  }

  // Modes 4 and 5: every rotation (rotation 0 only matters when alpha varies, or at best).
  if (best.error > settings.separate_threshold) {
    for (int rotation = 0; rotation < 4; ++rotation) {
      if (in.opaque && rotation == 0 && quality != Bc7Quality::best) continue;
      keep_better(best, fit_separate(in, 5, rotation, 0, quality));
      if (quality == Bc7Quality::best || !in.opaque) {
        keep_better(best, fit_separate(in, 4, rotation, 0, quality));
        keep_better(best, fit_separate(in, 4, rotation, 1, quality));
      }
    }
  }

  // Partitioned modes, best estimates first.
  if (best.error > settings.partition_threshold) {
    PartitionSearch search;
    search.opaque = in.opaque;
    search.three_subsets = settings.three_subsets;
    PartitionGuess guesses[kMaxPartitionCandidates];
    const int n = estimate_partitions(texels, search, guesses, settings.partition_candidates);
    for (int k = 0; k < n && best.error > 0; ++k)
      keep_better(best, fit_partitioned(in, guesses[k].mode, guesses[k].partition, quality));
  }
  pack_best(best, texels, in.opaque, block, find_exact_again);
}

}  // namespace aem::codec
