#include "extensions/float_scan.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace aem::detail {
namespace {

constexpr std::size_t kBlock = 512;  // words per branch-free pass: 2 KiB, L1-resident for the search

struct NotFinite {
  std::uint32_t operator()(std::uint32_t bits) const { return std::uint32_t((bits & 0x7f800000u) == 0x7f800000u); }
};

// Outside [0, 1] as bits: above 1.0's (0x3f800000; positive NaN and infinity too) or negative,
// except -0.
struct OutsideUnit {
  std::uint32_t operator()(std::uint32_t bits) const {
    return std::uint32_t(bits > 0x3f800000u) & std::uint32_t(bits != 0x80000000u);
  }
};

// An OR of comparisons without a branch, which the optimiser vectorises.
template <class Bad>
std::uint32_t any_bad(const std::byte* words, std::size_t count, Bad bad) {
  std::uint32_t any = 0;
  for (std::size_t i = 0; i < count; ++i) {
    std::uint32_t bits;
    std::memcpy(&bits, words + 4 * i, 4);
    any |= bad(bits);
  }
  return any;
}

template <class Bad>
std::size_t first_bad(const std::byte* words, std::size_t count, Bad bad) {
  for (std::size_t start = 0; start < count; start += kBlock) {
    const std::size_t end = std::min(count, start + kBlock);
    if (any_bad(words + 4 * start, end - start, bad) == 0) continue;
    for (std::size_t i = start; i < end; ++i) {
      std::uint32_t bits;
      std::memcpy(&bits, words + 4 * i, 4);
      if (bad(bits)) return i;
    }
  }
  return count;
}

}  // namespace

std::size_t first_non_finite(const std::byte* words, std::size_t count) { return first_bad(words, count, NotFinite{}); }

std::size_t first_outside_unit(const std::byte* words, std::size_t count) {
  return first_bad(words, count, OutsideUnit{});
}

}  // namespace aem::detail
