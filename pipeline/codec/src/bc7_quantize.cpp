// Endpoint quantisation tables and the exact single-colour table, computed once at first use.
#include "bc7_quantize.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>

namespace aem::codec::bc7 {
namespace {

QuantTable make_table(int bits, bool pbit) {
  QuantTable table;
  table.bits = bits;
  table.pbit = pbit;
  const int max_code = table.max_code();
  for (int p = 0; p < 2; ++p) {
    const int pb = pbit ? p : 0;
    for (int target = 0; target < 256; ++target) {
      // Decoded values grow with the code, so the nearest lies next to the proportional guess.
      const int guess = (target * max_code + 127) / 255;
      int best_code = 0;
      int best_diff = 1 << 30;
      for (int c = std::max(guess - 2, 0); c <= std::min(guess + 2, max_code); ++c) {
        const int diff = std::abs(table.decode(c, pb) - target);
        if (diff < best_diff) {
          best_diff = diff;
          best_code = c;
        }
      }
      table.code[p][target] = std::uint8_t(best_code);
      table.value[p][target] = std::uint8_t(table.decode(best_code, pb));
    }
  }
  return table;
}

struct AllTables {
  std::array<QuantTable, 18> tables;  // index bits*2 + pbit, bits 4..8
  AllTables() {
    for (int bits = 4; bits <= 8; ++bits) {
      tables[std::size_t(bits * 2)] = make_table(bits, false);
      if (bits < 8) tables[std::size_t(bits * 2 + 1)] = make_table(bits, true);  // no 8+1-bit mode
    }
  }
};

struct SolidTable {
  std::array<SolidEndpoints, 256> entries{};
  SolidTable() {
    // For each value, the (lo, hi) pair with the smallest spread whose weight-21 interpolation
    // is exact. For a given lo the result grows with hi, so only hi near the solution of
    // 43*lo8 + 21*hi8 = 64*v needs checking.
    int lo8[128];
    for (int c = 0; c < 128; ++c) lo8[c] = expand_bits(c, 7);
    for (int v = 0; v < 256; ++v) {
      int best = -1;
      for (int lo = 0; lo < 128; ++lo) {
        const int want = (64 * v - 43 * lo8[lo]) / 21;  // approximate hi8
        const int guess = std::clamp(want / 2, 0, 127);
        for (int hi = std::max(guess - 3, 0); hi <= std::min(guess + 3, 127); ++hi) {
          if (interpolate(lo8[lo], lo8[hi], kWeights2[1]) != v) continue;
          const int spread = std::abs(lo - hi);
          if (best < 0 || spread < best) {
            best = spread;
            entries[std::size_t(v)] = {std::uint8_t(lo), std::uint8_t(hi)};
          }
        }
      }
      if (best < 0) throw std::logic_error("BC7 mode 5 cannot represent a solid value");
    }
  }
};

}  // namespace

const QuantTable& quant_table(int bits, bool pbit) {
  static const AllTables all;
  return all.tables[std::size_t(bits * 2 + (pbit ? 1 : 0))];
}

const SolidEndpoints& mode5_solid_endpoints(int value) {
  static const SolidTable table;
  return table.entries[std::size_t(value)];
}

}  // namespace aem::codec::bc7
