#pragma once
// BC7 mode 6 as editable fields (internal), for the RDO pass: it rebuilds blocks around bytes
// copied from earlier blocks, and mode 6 (one subset, 7-bit RGBA endpoints with a p-bit each,
// 4-bit indices) is the layout whose bytes split cleanly into endpoints (bytes 0-7) and indices
// (bytes 9-15; byte 8 holds the second p-bit and the first indices).
#include <cstdint>

namespace aem::codec::bc7 {

struct Mode6Fields {
  int code[2][4] = {};          // 7-bit endpoint codes [endpoint][R, G, B, A]
  int p[2] = {};                // p-bits: endpoint value = code * 2 + p
  std::uint8_t index[16] = {};  // 4-bit indices; texel 0's must be 0-7 (its top bit is implied)
};

inline bool is_mode6(const std::uint8_t block[16]) { return (block[0] & 0x7F) == 0x40; }

// Reads the fields from any 16 bytes as if they were a mode 6 block (the mode bits are ignored).
Mode6Fields unpack_mode6(const std::uint8_t block[16]);
// Writes a mode 6 block; texel 0's index must be 0-7.
void pack_mode6(const Mode6Fields& fields, std::uint8_t block[16]);

// Decodes the fields (as decode_bc7_block decodes the packed block, faster).
void decode_mode6(const Mode6Fields& fields, std::uint8_t texels[64]);

// Least-squares endpoints and the best p-bits for the fields' indices (kept as they are).
// `opaque`: alpha endpoints are pinned to 255 (code 127, p-bit 1), so alpha decodes as 255.
void fit_mode6_endpoints(const std::uint8_t texels[64], bool opaque, Mode6Fields& fields);

// A mode 6 encoding of the texels from scratch: indices by projection on the principal axis,
// then endpoints and indices refitted twice.
Mode6Fields fit_mode6(const std::uint8_t texels[64], bool opaque);

// For each texel whose bit is set in `free_texels`, the index nearest its colour under the
// fields' endpoints (texel 0 limited to 0-7); other indices are kept.
void choose_mode6_indices(const std::uint8_t texels[64], Mode6Fields& fields, std::uint16_t free_texels);

// Lower bounds for the RDO pass's filters, in squared 8-bit steps over the first `channels`
// channels (3 for opaque blocks, whose alpha the rebuilds pin to 255), before any rounding: a
// rebuilt candidate is about as good as these at best, so one whose bound already loses is not
// built. (Rounding to 7-bit codes and the decoder's integer interpolation can beat them by a few
// steps at most.)
// Sums over texels 2-15 (those whose indices bytes 9-15 hold) for `block`'s indices (weights
// t = w / 64, s = 1 - t): the error of any endpoints e0, e1 with those indices is, channel by
// channel, aa e0² + 2 ab e0 e1 + bb e1² - 2 (ax e0 + bx e1) + xx.
struct IndexMoments {
  double aa = 0, ab = 0, bb = 0;
  double ax[4] = {}, bx[4] = {}, xx[4] = {}, sum[4] = {};
  int count = 0, channels = 4;
};
IndexMoments mode6_index_moments(const std::uint8_t texels[64], const std::uint8_t block[16], int channels);
// The error of the moments' indices with `endpoints`' endpoints, the better second p-bit.
double mode6_error_with_endpoints(const IndexMoments& moments, const Mode6Fields& endpoints);
// The least-squares line's residual for the moments' indices: the least error any endpoints
// give them.
double mode6_fit_residual(const IndexMoments& moments);

// The errors of texels 2-15 under fixed endpoints for every index and both second p-bits: the
// error of any indices for those texels with those endpoints is a sum of lookups.
struct EndpointErrors {
  std::uint32_t error[2][16][16] = {};  // [second p-bit][texel][index]
};
EndpointErrors mode6_endpoint_errors(const std::uint8_t texels[64], const Mode6Fields& endpoints, int channels);
// Texels 2-15's error with `block`'s indices (bytes 9-15), the better second p-bit.
std::uint32_t mode6_error_with_indices(const EndpointErrors& errors, const std::uint8_t block[16]);

// The texels' squared distances to the segment between the fields' endpoints (the second p-bit
// taken as one half): the least error any indices give those endpoints.
double mode6_segment_residual(const std::uint8_t texels[64], const Mode6Fields& fields, int channels);
// One colour's squared distance to that segment.
double mode6_segment_distance2(const double colour[4], const Mode6Fields& fields, int channels);
// The fields' exact squared error over the texels set in `counted` (their indices as they stand).
std::uint32_t mode6_error(const std::uint8_t texels[64], const Mode6Fields& fields, std::uint16_t counted,
                          int channels);

}  // namespace aem::codec::bc7
