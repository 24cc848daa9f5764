// The RDO pass: for each block, candidates built from the 64 blocks before it (whole-block
// copies, 8-byte half copies, and for BC7 mode 6 blocks that reuse an earlier block's index or
// endpoint bytes with the rest refitted), scored as weighted squared error + λ · estimated bits.
#include "rdo_pass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include "aem/codec/bc5.hpp"
#include "aem/codec/bc7.hpp"
#include "bc4_endpoint_fit.hpp"
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

double estimate_bits(const Stream& s, const std::uint8_t block[16], const std::uint32_t* hints, int hint_count,
                     RecentDistances& recent) {
  std::uint32_t tried[kMaxHints + 4];
  int n = 0;
  for (std::uint32_t d : {recent.last[0], recent.last[1], std::uint32_t(16), s.row_distance}) tried[n++] = d;
  for (int k = 0; k < hint_count; ++k) tried[n++] = hints[k];
  double bits = 0;
  int q = 0;
  while (q < 16) {
    int best_length = 0;
    std::uint32_t best_distance = 0;
    for (int k = 0; k < n; ++k) {
      const std::uint32_t d = tried[k];
      if (d == 0 || d > s.pos + std::size_t(q) - s.slice_begin) continue;
      const std::size_t from = s.pos + std::size_t(q) - d;
      int length = 0;
      while (q + length < 16) {
        const std::size_t at = from + std::size_t(length);
        const std::uint8_t byte = at < s.pos ? s.bytes[at] : block[at - s.pos];
        if (byte != block[q + length]) break;
        ++length;
      }
      if (length > best_length || (length == best_length && length > 0 && recent.contains(d))) {
        best_length = length;
        best_distance = d;
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

bool measure(const Target& t, const std::uint8_t block[16], std::uint64_t& error,
             std::uint64_t limit = ~std::uint64_t(0)) {
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
    // Bits are never negative: a candidate whose weighted error alone reaches the best cost loses.
    const std::uint64_t limit =
        has_best_ ? std::uint64_t(std::min(best_.cost / t_.error_weight, 1e18)) + 1 : ~std::uint64_t(0);
    std::uint64_t error = 0;
    if (decoded ? !measure_decoded(t_, decoded, error, limit) : !measure(t_, block, error, limit)) return;
    Scored c;
    std::memcpy(c.bytes, block, 16);
    for (std::uint32_t d : hints)
      if (c.hint_count < kMaxHints) c.hints[c.hint_count++] = d;
    RecentDistances recent = recent_;
    double bits = estimate_bits(s_, block, c.hints, c.hint_count, recent);
    if (t_.format == BlockFormat::bc7 && bc7::is_mode6(block)) bits -= kMode6Credit;
    c.cost = double(error) * t_.error_weight + lambda_ * bits;
    if (!has_best_ || c.cost < best_.cost) {
      best_ = c;
      has_best_ = true;
    }
  }
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

// BC5: either half of `source` (`distance` bytes back) in either half of `base`, its indices kept
// and its endpoints refitted to this block's channel.
void consider_bc4_refits(BlockSearch& search, const Target& t, const std::uint8_t base[16], const std::uint8_t source[16],
                         std::uint32_t distance) {
  std::uint8_t trial[16];
  for (int half = 0; half < 2; ++half)
    for (int from = 0; from < 2; ++from) {
      std::memcpy(trial, base, 16);
      std::memcpy(trial + 8 * half, source + 8 * from, 8);
      if (!with_refitted_bc4_endpoints(t, half, trial + 8 * half)) continue;
      search.consider(trial, {distance + 8u * std::uint32_t(half) - 8u * std::uint32_t(from)});
    }
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

}  // namespace

void optimise_slice(const ImageRgba8& image, BlockFormat format, double lambda, std::uint32_t first_row,
                    std::uint32_t last_row, std::uint8_t* blocks, const std::atomic<bool>* cancel) {
  const std::uint32_t across = blocks_across(image.width);
  const std::size_t first_block = std::size_t(first_row) * across;
  Stream stream{blocks, first_block * 16, 0, across * 16};
  RecentDistances recent;
  // Decoded texels of the window's blocks, by block index modulo the window.
  std::vector<std::uint8_t> decoded_window(std::size_t(kWindowBlocks) * 64);
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
      const bool bc7 = format == BlockFormat::bc7;
      const SourceBlocks sources = source_blocks(b, window_first, first_block, across);
      for (std::size_t j : sources) {
        const std::uint8_t* source = blocks + j * 16;
        // The same bytes one block nearer were tried already, at a shorter distance.
        if (j + 1 < b && std::memcmp(source, source + 16, 16) == 0) continue;
        const std::uint32_t d = std::uint32_t(b - j) * 16;
        search.consider(source, {d}, j >= window_first ? decoded_window.data() + (j % kWindowBlocks) * 64 : nullptr);
        for (int half = 0; half < 2; ++half) {
          // BC5's halves are whole BC4 blocks and may move; BC7's bits mean something only in place.
          for (int from = bc7 ? half : 0; from < (bc7 ? half + 1 : 2); ++from) {
            std::memcpy(trial, base, 16);
            std::memcpy(trial + 8 * half, source + 8 * from, 8);
            search.consider(trial, {d + 8u * std::uint32_t(half) - 8u * std::uint32_t(from)});
          }
        }
        if (!bc7) {
          consider_bc4_refits(search, target, base, source, d);
          continue;
        }
        with_source_indices(target, source, trial);
        search.consider(trial, {d});
        if (bc7::is_mode6(source)) {
          with_source_endpoints(target, source, trial);
          search.consider(trial, {d});
        }
      }
      // BC7, second round: a mode 6 winner keeps its endpoints or indices and takes the other
      // half from another earlier block (two copies, one literal byte).
      if (bc7 && bc7::is_mode6(search.best().bytes) && std::memcmp(search.best().bytes, base, 16) != 0) {
        const Scored first = search.best();
        for (std::size_t j : sources) {
          const std::uint8_t* source = blocks + j * 16;
          if (j + 1 < b && std::memcmp(source, source + 16, 16) == 0) continue;
          const std::uint32_t d = std::uint32_t(b - j) * 16;
          const std::uint32_t h0 = first.hint_count ? first.hints[0] : d;
          combine_mode6(target, first.bytes, source, trial);
          search.consider(trial, {h0, d});
          if (bc7::is_mode6(source)) {
            combine_mode6(target, source, first.bytes, trial);
            search.consider(trial, {d, h0});
          }
        }
      }
      std::memcpy(current, search.best().bytes, 16);
      decode(format, current, decoded_window.data() + (b % kWindowBlocks) * 64);
      recent = search.recent_after_best();
    }
  }
}

}  // namespace aem::codec::rdo
