#pragma once
// Endpoint quantisation for BC7 (internal): the nearest stored code for an 8-bit target, per
// endpoint precision and p-bit, and the decoded value of a code.
#include <cstdint>

#include "bc7_tables.hpp"

namespace aem::codec::bc7 {

struct QuantTable {
  int bits = 0;       // stored bits, p-bit excluded
  bool pbit = false;  // whether a p-bit extends the code
  std::uint8_t code[2][256];   // [p][target] -> nearest code (p ignored without a p-bit)
  std::uint8_t value[2][256];  // [p][target] -> the 8-bit value that code decodes to
  int max_code() const { return (1 << bits) - 1; }
  int decode(int code_value, int p) const {
    return pbit ? expand_bits((code_value << 1) | p, bits + 1) : expand_bits(code_value, bits);
  }
};

// Table for `bits` stored bits: 4-8 without a p-bit, 4-7 with one. Built once, thread-safe.
const QuantTable& quant_table(int bits, bool pbit);

// Mode 5 endpoints (7-bit codes lo, hi) whose interpolation at index 1 (weight 21) gives exactly
// `value`: every 8-bit value has one. Used for exact solid-colour blocks.
struct SolidEndpoints {
  std::uint8_t lo, hi;
};
const SolidEndpoints& mode5_solid_endpoints(int value);

}  // namespace aem::codec::bc7
