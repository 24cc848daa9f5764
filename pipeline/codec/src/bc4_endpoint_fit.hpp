#pragma once
// BC4 endpoints refitted around given indices (internal), for the RDO pass on BC5: a BC5 half
// that keeps an earlier half's six index bytes costs the LZ coder one copy and two literal
// endpoint bytes, so the pass tries it with the endpoints that suit this block best.
#include <cstdint>

namespace aem::codec {

// Rewrites bytes 0-1 (the endpoints) of the BC4 block `half` so that, with its index bytes 2-7
// and its palette kind (8 interpolated values when endpoint 0 > endpoint 1, else 6 and the
// constants 0 and 255) kept, it decodes as close to `values` (16 texels) as it can: least squares,
// then the best of the rounded neighbours by exact decoding. Returns false, leaving `half` as it
// was, when the indices cannot tell the two endpoints apart (every texel on one endpoint's side).
bool fit_bc4_endpoints(const std::uint8_t values[16], std::uint8_t half[8]);

// The least squared error any endpoints give `half`'s indices and palette kind for `values`,
// before rounding (the least-squares residual, plus the constants' fixed errors): a refit does
// about this well at best, so the RDO pass skips one whose bound already loses. 0 when the
// indices cannot tell the endpoints apart.
double bc4_fit_residual(const std::uint8_t values[16], const std::uint8_t half[8]);

}  // namespace aem::codec
