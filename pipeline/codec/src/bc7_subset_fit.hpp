#pragma once
// Fitting one BC7 subset (internal): choose quantised endpoints, p-bits and indices for a set of
// up to 16 pixels over 1, 3 or 4 channels, minimising the squared error of the decoded result.
#include <cstdint>

#include "aem/codec/bc7.hpp"
#include "bc7_tables.hpp"

namespace aem::codec::bc7 {

// The pixels of one subset, channel-major, in the channel order the mode stores them. Values
// are whole numbers 0-255 held as floats (all sums stay exact); entries past `count` are ignored.
struct SubsetPixels {
  int count = 0;
  alignas(16) float v[4][16] = {};
};

struct EndpointFormat {
  int bits = 7;                     // stored bits per component, p-bit excluded
  PbitKind pbits = PbitKind::none;  // unique: one per endpoint; shared: one for both
  int index_bits = 2;
  int pinned_channel = -1;  // a channel (fit order) whose endpoints must decode to 255, or -1
};

struct SubsetFit {
  int code[2][4] = {};  // stored endpoint codes per channel (fit order)
  int p[2] = {};        // p-bits (equal when shared)
  std::uint8_t index[16] = {};
  std::uint32_t error = 0xFFFFFFFFu;
};

// Fits `pixels` over `channels` (1, 3 or 4) channels. Effort grows with `quality`.
SubsetFit fit_subset(const SubsetPixels& pixels, int channels, const EndpointFormat& format,
                     Bc7Quality quality);

// Swaps the two endpoints and mirrors the indices (the result decodes identically); used to
// make an anchor index's top bit zero.
void flip_subset(SubsetFit& fit, int channels, int index_bits);

}  // namespace aem::codec::bc7
