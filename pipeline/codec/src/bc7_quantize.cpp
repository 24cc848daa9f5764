// Endpoint quantisation tables and the exact single-colour table, computed once at first use.
#include "bc7_quantize.hpp"

#include <array>
#include <cstdlib>
#include <stdexcept>

namespace aem::codec::bc7 {
namespace {

QuantTable make_table(int bits, bool pbit) {
  QuantTable table;
  table.bits = bits;
  table.pbit = pbit;
  for (int p = 0; p < 2; ++p) {
    for (int target = 0; target < 256; ++target) {
      int best_code = 0;
      int best_diff = 1 << 30;
      for (int c = 0; c <= table.max_code(); ++c) {
        const int diff = std::abs(table.decode(c, pbit ? p : 0) - target);
        if (diff < best_diff) {
          best_diff = diff;
          best_code = c;
        }
      }
      table.code[p][target] = std::uint8_t(best_code);
      table.value[p][target] = std::uint8_t(table.decode(best_code, pbit ? p : 0));
    }
  }
  return table;
}

struct AllTables {
  std::array<QuantTable, 18> tables;  // index bits*2 + pbit, bits 4..8
  AllTables() {
    for (int bits = 4; bits <= 8; ++bits) {
      tables[std::size_t(bits * 2)] = make_table(bits, false);
      tables[std::size_t(bits * 2 + 1)] = make_table(bits, true);
    }
  }
};

struct SolidTable {
  std::array<SolidEndpoints, 256> entries{};
  SolidTable() {
    for (int v = 0; v < 256; ++v) {
      int best = -1;
      for (int lo = 0; lo < 128; ++lo) {
        for (int hi = 0; hi < 128; ++hi) {
          if (interpolate(expand_bits(lo, 7), expand_bits(hi, 7), kWeights2[1]) != v) continue;
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
