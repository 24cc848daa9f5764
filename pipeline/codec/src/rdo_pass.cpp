// The RDO pass: for each block, candidates built from the 32 blocks before it and the nearest
// blocks above (whole-block
// copies, 8-byte half copies, and for BC7 mode 6 blocks that reuse an earlier block's index or
// endpoint bytes with the rest refitted), scored as weighted squared error + λ · estimated bits.
#include "rdo_pass.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "aem/codec/bc5.hpp"
#include "aem/codec/bc7.hpp"
#include "bc4_endpoint_fit.hpp"
#include "bc7_tables.hpp"
#include "bc7_mode6_fields.hpp"
#include "lz_rate_model.hpp"

namespace aem::codec::rdo {
namespace {

// Smooth blocks show errors most (banding, block edges): their squared error counts up to
// kSmoothWeight times more, falling linearly to 1 at kSmoothStdDev (largest channel's standard
// deviation over the block, in 8-bit steps).
constexpr double kSmoothWeight = 10.0;
constexpr double kSmoothStdDev = 18.0;
// On flat blocks (every channel's standard deviation under kFlatStdDev) a candidate may not be
// off by more than kFlatMaxError anywhere (or the plain encoder's own worst error, when larger):
// two neighbouring flat blocks then differ across their edge by at most twice that beyond the
// source's own step, where banding would show most (specs/bc7-rdo.md, "Smooth blocks").
constexpr double kFlatStdDev = 4.0;
constexpr int kFlatMaxError = 4;
constexpr int kMaxHints = 6;
// Bits credited to a BC7 mode 6 candidate: its bytes are the ones later blocks can reuse (their
// endpoints and indices sit at fixed byte positions), a gain the block's own estimate misses.
constexpr double kMode6Credit = 4.0;
// The fewest bits the bit model gives any block: one copy of all 16 bytes at a repeat distance.
const double kFewestBits = match_bits(16, 16, RecentDistances{{16, 16}});

struct Target {
  std::uint8_t texels[64];
  BlockFormat format;
  int channels = 4;  // channels the format stores and the error counts: RGBA, or RG for BC5
  bool opaque = true;
  double error_weight = 1;  // smooth-block weight / samples: the weighted mean squared error
  bool flat = false;
  int max_error = 255;  // largest absolute error per sample a candidate may have
};

struct Scored {
  std::uint8_t bytes[16];
  std::uint32_t hints[kMaxHints] = {};  // copy distances the bit estimate tried
  int hint_count = 0;
  double cost = 0;
};

// The stream as the LZ coder sees it: the slice's bytes up to the current block.
struct Stream {
  const std::uint8_t* bytes;  // the level's block data
  std::size_t slice_begin;    // byte offset of the slice's first block
  std::size_t pos;            // byte offset of the block being chosen
  std::uint32_t row_distance; // bytes from a block to the one above it
};

// Bit q set where bits q to q + kMinMatchBytes - 1 of `equal` (bytes equal at one distance) are
// all set: where a copy at that distance may start.
std::uint32_t copy_starts(std::uint32_t equal) {
  static_assert(kMinMatchBytes == 3, "copy_starts and copy_runs shift by kMinMatchBytes - 1");
  return equal & equal >> 1 & equal >> 2;
}

// The bits of `equal` inside runs of at least kMinMatchBytes set bits: the bytes a copy can cover.
std::uint32_t copy_runs(std::uint32_t equal) {
  const std::uint32_t starts = copy_starts(equal);
  return (starts | starts << 1 | starts << 2) & 0xFFFF;
}

// Bit i set where byte i of the two little-endian 8-byte words is equal (no byte loop: this runs
// for every distance of every candidate).
std::uint32_t equal_byte_bits(const std::uint8_t* a, const std::uint8_t* b) {
  std::uint64_t wa, wb;
  std::memcpy(&wa, a, 8);
  std::memcpy(&wb, b, 8);
  const std::uint64_t x = wa ^ wb, low7 = 0x7F7F7F7F7F7F7F7Full;
  const std::uint64_t zero = ~(((x & low7) + low7) | x) & 0x8080808080808080ull;  // high bit of each equal byte
  return std::uint32_t(((zero >> 7) * 0x0102040810204080ull) >> 56);               // gathered into 8 bits
}

// Bit q set where the candidate's byte q equals the byte `d` back in the stream (the candidate's
// own earlier bytes for d < 16, as an overlapping copy reads them); positions whose byte `d` back
// lies before the slice stay clear.
std::uint32_t equal_bytes(const Stream& s, const std::uint8_t block[16], std::uint32_t d) {
  const std::size_t reach = s.pos - s.slice_begin;  // bytes of the slice before the candidate
  if (d == 0 || d >= reach + 16) return 0;
  if (d >= 16 && d <= reach) {
    const std::uint8_t* earlier = s.bytes + s.pos - d;
    return equal_byte_bits(block, earlier) | equal_byte_bits(block + 8, earlier + 8) << 8;
  }
  const int first_valid = d > reach ? int(d - reach) : 0;
  std::uint32_t mask = 0;
  for (int q = first_valid; q < 16; ++q) {
    const std::uint8_t earlier = q >= int(d) ? block[q - int(d)] : s.bytes[s.pos + q - d];
    mask |= std::uint32_t(earlier == block[q]) << q;
  }
  return mask;
}

// Stops early, returning what it has counted, once that reaches `stop_at` (the candidate has
// lost by then: most do, a few bytes in).
double estimate_bits(const Stream& s, const std::uint8_t block[16], const std::uint32_t* hints, int hint_count,
                     RecentDistances& recent, double stop_at = 1e300) {
  std::uint32_t tried[kMaxHints + 4], equal[kMaxHints + 4];
  int n = 0;
  for (std::uint32_t d : {recent.last[0], recent.last[1], std::uint32_t(16), s.row_distance}) tried[n++] = d;
  for (int k = 0; k < hint_count; ++k) tried[n++] = hints[k];
  std::uint32_t match_starts = 0;  // positions where some distance has a copy of kMinMatchBytes or more
  for (int k = 0; k < n; ++k) {
    equal[k] = equal_bytes(s, block, tried[k]);
    match_starts |= copy_starts(equal[k]);
  }
  double bits = 0;
  int q = 0;
  while (q < 16 && bits < stop_at) {
    // Literals up to the next position a copy may start at.
    if (const int literals = std::min(std::countr_zero(match_starts >> q), 16 - q); literals > 0) {
      bits += literals * kLiteralBits;
      q += literals;
      continue;
    }
    int best_length = 0;
    std::uint32_t best_distance = 0;
    for (int k = 0; k < n; ++k) {
      // Equal bytes from q on: the run of set bits starting at bit q (bit 16 is never set).
      const int length = std::countr_one(equal[k] >> q);
      if (length > best_length || (length == best_length && length > 0 && recent.contains(tried[k]))) {
        best_length = length;
        best_distance = tried[k];
      }
    }
    if (best_length >= kMinMatchBytes) {
      bits += match_bits(best_distance, best_length, recent);
      recent.use(best_distance);
      q += best_length;
    } else {
      bits += kLiteralBits;
      ++q;
    }
  }
  return bits;
}

// Squared error of a candidate over the target's channels; false when it breaks opaque alpha or
// its error reaches `limit` (it could not win).
void decode(BlockFormat format, const std::uint8_t block[16], std::uint8_t decoded[64]) {
  if (format == BlockFormat::bc5) decode_bc5_block(block, decoded);
  else if (bc7::is_mode6(block)) bc7::decode_mode6(bc7::unpack_mode6(block), decoded);
  else decode_bc7_block(block, decoded);
}

bool measure_decoded(const Target& t, const std::uint8_t decoded[64], std::uint64_t& error, std::uint64_t limit) {
  error = 0;
  for (int i = 0; i < 16; ++i) {
    if (t.opaque && t.channels == 4 && decoded[4 * i + 3] != 255) return false;
    for (int c = 0; c < t.channels; ++c) {
      const int d = int(decoded[4 * i + c]) - int(t.texels[4 * i + c]);
      if (d > t.max_error || -d > t.max_error) return false;
      error += std::uint64_t(d * d);
    }
    if (error >= limit) return false;
  }
  return true;
}

// The plain block's largest absolute error per sample.
int largest_error(const Target& t, const std::uint8_t block[16]) {
  std::uint8_t decoded[64];
  decode(t.format, block, decoded);
  int worst = 0;
  for (int i = 0; i < 16; ++i)
    for (int c = 0; c < t.channels; ++c) worst = std::max(worst, std::abs(int(decoded[4 * i + c]) - int(t.texels[4 * i + c])));
  return worst;
}

// A mode 6 candidate's error texel by texel, stopping at the first texel that rules it out (most
// candidates lose, and decoding them whole first was the pass's largest cost).
bool measure_mode6(const Target& t, const std::uint8_t block[16], std::uint64_t& error, std::uint64_t limit) {
  const bc7::Mode6Fields f = bc7::unpack_mode6(block);
  const bool check_alpha = t.opaque && t.channels == 4;
  const int a0 = f.code[0][3] * 2 + f.p[0], a1 = f.code[1][3] * 2 + f.p[1];
  error = 0;
  for (int i = 0; i < 16; ++i) {
    const int w = bc7::kWeights4[f.index[i]];
    if (check_alpha && bc7::interpolate(a0, a1, w) != 255) return false;
    for (int c = 0; c < t.channels; ++c) {
      const int d = bc7::interpolate(f.code[0][c] * 2 + f.p[0], f.code[1][c] * 2 + f.p[1], w) - t.texels[4 * i + c];
      if (d > t.max_error || -d > t.max_error) return false;
      error += std::uint64_t(d * d);
    }
    if (error >= limit) return false;
  }
  return true;
}

// The block's squared error channel by channel (BC5: R, G).
void channel_errors(const Target& t, const std::uint8_t block[16], std::uint64_t* errors) {
  std::uint8_t decoded[64];
  decode(t.format, block, decoded);
  for (int c = 0; c < t.channels; ++c) {
    errors[c] = 0;
    for (int i = 0; i < 16; ++i) {
      const int d = int(decoded[4 * i + c]) - int(t.texels[4 * i + c]);
      errors[c] += std::uint64_t(d * d);
    }
  }
}

bool measure(const Target& t, const std::uint8_t block[16], std::uint64_t& error,
             std::uint64_t limit = ~std::uint64_t(0)) {
  if (t.format == BlockFormat::bc7 && bc7::is_mode6(block)) return measure_mode6(t, block, error, limit);
  std::uint8_t decoded[64];
  decode(t.format, block, decoded);
  return measure_decoded(t, decoded, error, limit);
}

Target make_target(const ImageRgba8& image, BlockFormat format, std::uint32_t bx, std::uint32_t by) {
  Target t;
  t.format = format;
  extract_block(image, bx, by, t.texels);
  t.channels = format == BlockFormat::bc7 ? 4 : 2;
  for (int i = 0; i < 16; ++i) t.opaque = t.opaque && t.texels[4 * i + 3] == 255;
  double max_std_dev = 0;
  for (int c = 0; c < t.channels; ++c) {
    double sum = 0, sum2 = 0;
    for (int i = 0; i < 16; ++i) {
      sum += t.texels[4 * i + c];
      sum2 += double(t.texels[4 * i + c]) * t.texels[4 * i + c];
    }
    const double variance = std::max(0.0, sum2 / 16 - (sum / 16) * (sum / 16));
    max_std_dev = std::max(max_std_dev, std::sqrt(variance));
  }
  const double smooth = std::min(max_std_dev / kSmoothStdDev, 1.0);
  t.error_weight = (kSmoothWeight + (1.0 - kSmoothWeight) * smooth) / (16.0 * t.channels);
  t.flat = max_std_dev < kFlatStdDev;
  return t;
}

class BlockSearch {
 public:
  BlockSearch(const Target& target, const Stream& stream, double lambda, const RecentDistances& recent)
      : t_(target), s_(stream), lambda_(lambda), recent_(recent) {}

  // Scores a candidate; it becomes the best when strictly cheaper (ties keep the earlier one, so
  // the result depends on nothing but the order candidates are tried in).
  // `decoded`: the block's texels when the caller has them, else null.
  void consider(const std::uint8_t block[16], std::initializer_list<std::uint32_t> hints,
                const std::uint8_t* decoded = nullptr) {
    Scored c;
    std::memcpy(c.bytes, block, 16);
    for (std::uint32_t d : hints)
      if (c.hint_count < kMaxHints) c.hints[c.hint_count++] = d;
    RecentDistances recent = recent_;
    const double credit = t_.format == BlockFormat::bc7 && bc7::is_mode6(block) ? kMode6Credit : 0.0;
    std::uint64_t error = 0;
    if (decoded) {
      // Texels at hand (a whole earlier block): its error first, which a few texels usually rule
      // out against the fewest bits any candidate spends.
      if (!measure_decoded(t_, decoded, error, error_budget(lambda_ * (kFewestBits - credit)))) return;
    }
    // The bits (cheaper than decoding): what they leave of the best cost bounds the error.
    const double weighted = double(error) * t_.error_weight;
    const double bits = estimate_bits(s_, block, c.hints, c.hint_count, recent,
                                      has_best_ ? (best_.cost - weighted) / lambda_ + credit : 1e300) -
                        credit;
    const double rate = lambda_ * bits;
    if (has_best_ && rate + weighted >= best_.cost) return;
    if (!decoded && !measure(t_, block, error, error_budget(rate))) return;
    c.cost = double(error) * t_.error_weight + rate;
    if (!has_best_ || c.cost < best_.cost) {
      best_ = c;
      has_best_ = true;
    }
  }
  // One more than the largest squared error a candidate spending `rate` (λ · bits) could have and
  // still win: bits are never negative, so a candidate whose weighted error alone reaches the best
  // cost loses.
  std::uint64_t error_budget(double rate) const {
    if (!has_best_) return ~std::uint64_t(0);
    return std::uint64_t(std::clamp((best_.cost - rate) / t_.error_weight, 0.0, 1e18)) + 1;
  }
  // Whether a rebuilt candidate of at least `bits` bits whose error is at least
  // error_bound(budget) could still win (the filter run before building it). The bound is asked
  // only when the bits leave room, and may stop at any value reaching `budget` (it has lost).
  template <class ErrorBound>
  bool could_win(double bits, ErrorBound&& error_bound) const {
    if (!has_best_) return true;
    const double rate = lambda_ * bits;
    if (rate >= best_.cost) return false;
    const double budget = double(error_budget(rate));
    return error_bound(budget) < budget;
  }
  // Whether a candidate of at least `bits` bits could still win.
  bool could_win(double bits) const { return !has_best_ || lambda_ * bits < best_.cost; }
  // Bit q set where byte q of `block` may be covered by a copy (a run of kMinMatchBytes or more
  // equal bytes) at one of the distances every candidate is tried at (the last two copies', the
  // previous block's, the row above's), the bytes of `unknown` (to be replaced) counted as
  // equal. All set when one of those distances is under 16 bytes: such a copy reads the
  // candidate's own bytes.
  std::uint32_t coverable_bytes(const std::uint8_t block[16], std::uint32_t unknown) const {
    std::uint32_t mask = 0;
    for (std::uint32_t d : {recent_.last[0], recent_.last[1], std::uint32_t(16), s_.row_distance}) {
      if (d != 0 && d < 16) return 0xFFFF;
      mask |= copy_runs(equal_bytes(s_, block, d) | unknown);
    }
    return mask;
  }
  const Stream& stream() const { return s_; }
  const Scored& best() const { return best_; }
  // The recent copy distances once the best candidate is emitted.
  RecentDistances recent_after_best() const {
    RecentDistances recent = recent_;
    estimate_bits(s_, best_.bytes, best_.hints, best_.hint_count, recent);
    return recent;
  }

 private:
  const Target& t_;
  const Stream& s_;
  double lambda_;
  RecentDistances recent_;
  Scored best_;
  bool has_best_ = false;
};

constexpr std::uint16_t kFirstTwoTexels = 0x3;  // the indices byte 8 holds beside the p-bit

// Mode 6 with texels 2-15's indices (bytes 9-15) taken from `source`, endpoints refitted.
void with_source_indices(const Target& t, const std::uint8_t source[16], std::uint8_t out[16]) {
  bc7::Mode6Fields f = bc7::unpack_mode6(source);
  f.index[0] = f.index[1] = 0;
  for (int pass = 0; pass < 2; ++pass) {
    bc7::fit_mode6_endpoints(t.texels, t.opaque, f);
    bc7::choose_mode6_indices(t.texels, f, kFirstTwoTexels);
  }
  bc7::pack_mode6(f, out);
}

// Mode 6 with bytes 0-7 (mode, endpoints, first p-bit) of `source`, a mode 6 block, and the
// second p-bit and every index chosen for the target.
void with_source_endpoints(const Target& t, const std::uint8_t source[16], std::uint8_t out[16]) {
  std::uint64_t best_error = ~std::uint64_t(0);
  for (int p1 = 0; p1 < 2; ++p1) {
    bc7::Mode6Fields f = bc7::unpack_mode6(source);
    f.p[1] = p1;
    bc7::choose_mode6_indices(t.texels, f, 0xFFFF);
    std::uint8_t trial[16];
    bc7::pack_mode6(f, trial);
    std::uint64_t error = 0;
    if (measure(t, trial, error) && error < best_error) {
      best_error = error;
      std::memcpy(out, trial, 16);
    }
  }
  if (best_error == ~std::uint64_t(0)) bc7::pack_mode6(bc7::unpack_mode6(source), out);
}

// A BC5 half (`channel`: 0 red, 1 green) keeping the index bytes it holds, its endpoints refitted
// to the target's channel: an earlier half's indices reused, like with_source_indices for BC7.
bool with_refitted_bc4_endpoints(const Target& t, int channel, std::uint8_t half[8]) {
  std::uint8_t values[16];
  for (int i = 0; i < 16; ++i) values[i] = t.texels[4 * i + channel];
  return fit_bc4_endpoints(values, half);
}

// Mode 6 keeping `endpoints`' bytes 0-7 and `indices`' texels 2-15, texels 0-1 and p-bit 1 chosen.
void combine_mode6(const Target& t, const std::uint8_t endpoints[16], const std::uint8_t indices[16],
                   std::uint8_t out[16]) {
  bc7::Mode6Fields f = bc7::unpack_mode6(endpoints);
  const bc7::Mode6Fields from = bc7::unpack_mode6(indices);
  std::copy(from.index + 2, from.index + 16, f.index + 2);
  std::uint64_t best_error = ~std::uint64_t(0);
  for (int p1 = 0; p1 < 2; ++p1) {
    bc7::Mode6Fields trial_fields = f;
    trial_fields.p[1] = p1;
    bc7::choose_mode6_indices(t.texels, trial_fields, kFirstTwoTexels);
    std::uint8_t trial[16];
    bc7::pack_mode6(trial_fields, trial);
    std::uint64_t error = 0;
    if (!measure(t, trial, error)) error = ~std::uint64_t(0);
    if (p1 == 0 || error < best_error) {  // the caller's measure() rejects a block that breaks alpha
      best_error = error;
      std::memcpy(out, trial, 16);
    }
  }
}

// The earlier blocks a block may copy from, nearest first: the window of blocks just before it,
// then, where the window does not reach them, the five nearest blocks one row up and the three
// nearest two rows up, inside the slice. Neighbours above look like the block far more often than
// blocks further left, and a copy from a row or two up costs only a few offset bits more.
class SourceBlocks {
 public:
  void push(std::size_t j) { index_[count_++] = j; }
  const std::size_t* begin() const { return index_.data(); }
  const std::size_t* end() const { return index_.data() + count_; }

 private:
  std::array<std::size_t, kWindowBlocks + 8> index_{};
  std::size_t count_ = 0;
};

SourceBlocks source_blocks(std::size_t b, std::size_t window_first, std::size_t slice_first, std::uint32_t across) {
  SourceBlocks sources;
  for (std::size_t j = b; j-- > window_first;) sources.push(j);
  const std::size_t column = b % across;
  for (std::size_t up = 1; up <= 2; ++up) {
    if (b < slice_first + up * across) break;
    const std::size_t above = b - up * across;
    const std::ptrdiff_t reach = up == 1 ? 2 : 1;  // blocks either side, inside the row
    for (std::ptrdiff_t dx = reach; dx >= -reach; --dx) {
      if (std::ptrdiff_t(column) + dx < 0 || std::ptrdiff_t(column) + dx >= std::ptrdiff_t(across)) continue;
      const std::size_t j = std::size_t(std::ptrdiff_t(above) + dx);
      if (j < window_first) sources.push(j);
    }
  }
  return sources;
}

// Bytes of the earlier blocks already tried for the current block, nearest first. A farther
// source with the same bytes (or the same half, or the same index bytes) gives the same
// candidates again at a longer distance, so it is skipped: at high λ most of the window repeats.
// A hash set kept for the whole slice; a block's entries are told apart by its epoch, so moving to
// the next block clears nothing.
enum class Seen : std::uint8_t { whole, first_half, second_half, indices, endpoints, round2_indices, round2_endpoints };

class SeenBytes {
 public:
  void next_block() { ++epoch_; }
  // True the first time the block offers `key` of this kind.
  bool first(Seen kind, std::uint64_t key) {
    std::uint64_t h = (key ^ std::uint64_t(kind) << 59) * 0x9E3779B97F4A7C15u;
    for (std::size_t slot = h >> (64 - kBits);; slot = (slot + 1) & (kSlots - 1)) {
      Entry& e = entries_[slot];
      if (e.epoch != epoch_) {
        e = {key, epoch_, kind};
        return true;
      }
      if (e.key == key && e.kind == kind) return false;
    }
  }

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::uint32_t epoch = 0;
    Seen kind = Seen::whole;
  };
  // Up to 72 sources x 7 kinds per block: a table at most half full.
  static constexpr int kBits = 10;
  static constexpr std::size_t kSlots = std::size_t(1) << kBits;
  std::vector<Entry> entries_ = std::vector<Entry>(kSlots);
  std::uint32_t epoch_ = 1;
};

// A BC7 block's mode as the lowest set bit of its first byte.
int bc7_mode_bit(const std::uint8_t block[16]) { return block[0] & -block[0]; }

std::uint64_t half_key(const std::uint8_t* half) {
  std::uint64_t key;
  std::memcpy(&key, half, 8);
  return key;
}

// Floors of the bits a rebuilt mode 6 candidate spends, for the filters run before building it:
// its copied bytes as one copy at a repeat distance, its new bytes as literals (they match
// nothing earlier unless by chance), less the mode 6 credit. Reused indices: bytes 9-15 copied,
// 0-8 new; reused endpoints: 0-7 copied, 8-15 new; the second round: two copies and byte 8.
constexpr double kIndexReuseBits = 8 + 9 * kLiteralBits - kMode6Credit;
constexpr double kEndpointReuseBits = 9 + 8 * kLiteralBits - kMode6Credit;
constexpr double kCombinedBits = 8 + 8 + kLiteralBits - kMode6Credit;

// One block's search over its source blocks (the candidates of specs/bc7-rdo.md, "The pass").
class SourceSearch {
 public:
  SourceSearch(BlockSearch& search, const Target& t, const std::uint8_t base[16], SeenBytes& seen)
      : search_(search), t_(t), base_(base), bc7_(t.format == BlockFormat::bc7), seen_(seen),
        base_coverable_{search.coverable_bytes(base, 0x00FF), search.coverable_bytes(base, 0xFF00)} {
    if (!bc7_) {
      decode(t.format, base, base_texels_);
      channel_errors(t, base, base_channel_error_);
    }
    for (int c = 0; c < t.channels; ++c) {
      for (int i = 0; i < 16; ++i) mean_[c] += t.texels[4 * i + c];
      mean_[c] /= 16;
    }
  }

  void try_source(const std::uint8_t source[16], std::uint32_t d, const std::uint8_t* decoded) {
    const std::uint64_t lo = half_key(source), hi = half_key(source + 8);
    // Whole blocks by a 64-bit hash of their 16 bytes: a collision (about 1 in 10^16 per block)
    // would only skip one source.
    if (!seen_.first(Seen::whole, lo * 0x9E3779B97F4A7C15u ^ hi)) return;
    search_.consider(source, {d}, decoded);
    std::uint8_t trial[16];
    // BC7 half copies only between blocks of one mode: the other half's bits mean something else
    // in another mode, and such mixes were measured to win almost never.
    const bool halves = !bc7_ || bc7_mode_bit(source) == bc7_mode_bit(base_);
    for (int from = 0; from < 2 && halves; ++from) {
      // BC5's halves are whole BC4 blocks and may move; BC7's bits mean something only in place.
      if (!seen_.first(bc7_ && from ? Seen::second_half : Seen::first_half, from ? hi : lo)) continue;
      for (int half = bc7_ ? from : 0; half < (bc7_ ? from + 1 : 2); ++half) {
        std::memcpy(trial, base_, 16);
        std::memcpy(trial + 8 * half, source + 8 * from, 8);
        const std::uint32_t distance = d + 8u * std::uint32_t(half) - 8u * std::uint32_t(from);
        if (!search_.could_win(half_copy_bits_floor(trial, half, distance))) continue;
        if (bc7_ || !decoded) {
          search_.consider(trial, {distance});
          continue;
        }
        // BC5 with the source decoded at hand: the trial's texels are its half's channel and the
        // plain block's other one, so it is measured before its bits, without decoding.
        std::uint8_t trial_texels[64];
        std::memcpy(trial_texels, base_texels_, 64);
        for (int i = 0; i < 16; ++i) trial_texels[4 * i + half] = decoded[4 * i + from];
        search_.consider(trial, {distance}, trial_texels);
      }
      // A BC4 half's refit depends on its index bytes and palette kind only.
      if (!bc7_ && seen_.first(Seen::indices, (from ? hi : lo) >> 16 << 1 | (source[8 * from] > source[8 * from + 1])))
        consider_bc4_refits(from, source, d);
    }
    if (!bc7_) return;
    const int channels = t_.opaque ? 3 : 4;
    if (seen_.first(Seen::indices, hi >> 8) &&
        search_.could_win(kIndexReuseBits, [&](double) {
          return bc7::mode6_fit_residual(bc7::mode6_index_moments(t_.texels, source, channels));
        })) {
      with_source_indices(t_, source, trial);
      search_.consider(trial, {d});
    }
    // Endpoint reuse depends on bytes 0-7 only.
    if (bc7::is_mode6(source) && seen_.first(Seen::endpoints, lo) &&
        search_.could_win(kEndpointReuseBits, [&](double budget) {
          // The block's mean first: 16 times its squared distance to the segment is a floor of
          // the texels' sum (the squared distance to a segment is convex), for a few operations.
          const bc7::Mode6Fields fields = bc7::unpack_mode6(source);
          const double coarse = 16 * bc7::mode6_segment_distance2(mean_, fields, channels);
          return coarse >= budget ? coarse : bc7::mode6_segment_residual(t_.texels, fields, channels);
        })) {
      with_source_endpoints(t_, source, trial);
      search_.consider(trial, {d});
    }
  }

 private:
  // Each refit only when its bounds leave it a chance: bits, a half copy's floor and its two new
  // endpoint bytes; error, the least-squares residual in its channel and the plain half's error
  // in the other.
  void consider_bc4_refits(int from, const std::uint8_t source[16], std::uint32_t d) {
    std::uint8_t trial[16];
    for (int half = 0; half < 2; ++half) {
      std::memcpy(trial, base_, 16);
      std::memcpy(trial + 8 * half, source + 8 * from, 8);
      const std::uint32_t distance = d + 8u * std::uint32_t(half) - 8u * std::uint32_t(from);
      if (!search_.could_win(half_copy_bits_floor(trial, half, distance) + 2 * kLiteralBits, [&](double) {
            std::uint8_t values[16];
            for (int i = 0; i < 16; ++i) values[i] = t_.texels[4 * i + half];
            return bc4_fit_residual(values, source + 8 * from) + double(base_channel_error_[1 - half]);
          }))
        continue;
      if (!with_refitted_bc4_endpoints(t_, half, trial + 8 * half)) continue;
      search_.consider(trial, {distance});
    }
  }

  // Bits a half copy spends at least: one copy for the copied half, and a literal for each byte
  // of the kept half that matches the stream at no distance the bit model tries (a byte no copy
  // can cover). Cheaper than the estimate, and most half copies lose on it alone.
  double half_copy_bits_floor(const std::uint8_t trial[16], int half, std::uint32_t distance) const {
    const std::uint32_t kept = half ? 0x00FFu : 0xFF00u;
    const std::uint32_t at_distance = distance >= 16 ? copy_runs(equal_bytes(search_.stream(), trial, distance)) : 0xFFFFu;
    const int literals = std::popcount(kept & ~(base_coverable_[half] | at_distance));
    const double credit = bc7_ && bc7::is_mode6(trial) ? kMode6Credit : 0.0;
    return match_bits(16, kMinMatchBytes, RecentDistances{{16, 16}}) + literals * kLiteralBits - credit;
  }

  BlockSearch& search_;
  const Target& t_;
  const std::uint8_t* base_;
  bool bc7_;
  SeenBytes& seen_;
  std::uint32_t base_coverable_[2];  // by the copied half: 0 (bytes 0-7), 1 (bytes 8-15)
  std::uint64_t base_channel_error_[2] = {};  // BC5: the plain block's squared error in R and in G
  double mean_[4] = {};                        // the block's mean colour
  std::uint8_t base_texels_[64] = {};          // BC5: the plain block decoded
};

// BC7, second round: a mode 6 winner keeps its endpoints or indices and takes the other half
// from another earlier block (two copies, one literal byte). Each pairing is built only when the
// error its fixed half already forces (exact for the winner's endpoints, by the least-squares
// form for its indices) leaves it a chance.
void second_round(BlockSearch& search, const Target& t, const std::uint8_t* blocks, std::size_t b,
                  const SourceBlocks& sources, SeenBytes& seen) {
  const Scored first = search.best();
  const bc7::Mode6Fields first_fields = bc7::unpack_mode6(first.bytes);
  const int channels = t.opaque ? 3 : 4;
  const bc7::EndpointErrors with_first_endpoints = bc7::mode6_endpoint_errors(t.texels, first_fields, channels);
  const bc7::IndexMoments with_first_indices = bc7::mode6_index_moments(t.texels, first.bytes, channels);
  std::uint8_t trial[16];
  for (std::size_t j : sources) {
    const std::uint8_t* source = blocks + j * 16;
    const std::uint32_t d = std::uint32_t(b - j) * 16;
    const std::uint32_t h0 = first.hint_count ? first.hints[0] : d;
    if (seen.first(Seen::round2_indices, half_key(source + 8) >> 8) &&
        search.could_win(kCombinedBits,
                         [&](double) { return double(bc7::mode6_error_with_indices(with_first_endpoints, source)); })) {
      combine_mode6(t, first.bytes, source, trial);
      search.consider(trial, {h0, d});
    }
    if (bc7::is_mode6(source) && seen.first(Seen::round2_endpoints, half_key(source)) &&
        search.could_win(kCombinedBits, [&](double) {
          return bc7::mode6_error_with_endpoints(with_first_indices, bc7::unpack_mode6(source));
        })) {
      combine_mode6(t, source, first.bytes, trial);
      search.consider(trial, {d, h0});
    }
  }
}

}  // namespace

void optimise_slice(const ImageRgba8& image, BlockFormat format, double lambda, std::uint32_t first_row,
                    std::uint32_t last_row, std::uint8_t* blocks, const std::atomic<bool>* cancel) {
  const std::uint32_t across = blocks_across(image.width);
  const std::size_t first_block = std::size_t(first_row) * across;
  Stream stream{blocks, first_block * 16, 0, across * 16};
  RecentDistances recent;
  // Decoded texels of the window's blocks, by block index modulo the window.
  std::vector<std::uint8_t> decoded_window(std::size_t(kWindowBlocks) * 64);
  SeenBytes seen;
  for (std::uint32_t by = first_row; by < last_row; ++by) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return;
    for (std::uint32_t bx = 0; bx < across; ++bx) {
      const std::size_t b = std::size_t(by) * across + bx;
      stream.pos = b * 16;
      Target target = make_target(image, format, bx, by);
      std::uint8_t* current = blocks + b * 16;
      if (target.flat) target.max_error = std::max(kFlatMaxError, largest_error(target, current));
      BlockSearch search(target, stream, lambda, recent);
      search.consider(current, {});
      std::uint8_t base[16], trial[16];
      if (format == BlockFormat::bc7 && !bc7::is_mode6(current)) {
        bc7::pack_mode6(bc7::fit_mode6(target.texels, target.opaque), trial);
        search.consider(trial, {});
      }
      std::memcpy(base, current, 16);
      const std::size_t window_first = std::max(first_block, b > kWindowBlocks ? b - kWindowBlocks : 0);
      const SourceBlocks sources = source_blocks(b, window_first, first_block, across);
      seen.next_block();
      SourceSearch source_search(search, target, base, seen);
      for (std::size_t j : sources)
        source_search.try_source(blocks + j * 16, std::uint32_t(b - j) * 16,
                                 j >= window_first ? decoded_window.data() + (j % kWindowBlocks) * 64 : nullptr);
      if (format == BlockFormat::bc7 && bc7::is_mode6(search.best().bytes) &&
          std::memcmp(search.best().bytes, base, 16) != 0)
        second_round(search, target, blocks, b, sources, seen);
      std::memcpy(current, search.best().bytes, 16);
      decode(format, current, decoded_window.data() + (b % kWindowBlocks) * 64);
      recent = search.recent_after_best();
    }
  }
}

}  // namespace aem::codec::rdo
