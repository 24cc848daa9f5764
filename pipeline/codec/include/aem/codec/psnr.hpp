#pragma once
// Peak signal-to-noise ratio between two RGBA8 images of the same size.
#include <cstdint>

#include "aem/codec/image.hpp"

namespace aem::codec {

// Squared-error totals; PSNR = 10 log10(255^2 / (squared error / samples)).
struct ErrorStats {
  double squared_error[4] = {};  // per channel R, G, B, A
  std::uint64_t texels = 0;
  double mse(int first_channel, int channel_count) const;
  double psnr(int first_channel, int channel_count) const;  // +inf when the error is zero
  double psnr_rgba() const { return psnr(0, 4); }
  void add(const ErrorStats& other);
};

// Throws std::invalid_argument when the sizes differ.
ErrorStats compare_images(const ImageRgba8& reference, const ImageRgba8& decoded);

// PSNR in dB for a mean squared error over 8-bit samples (+inf for zero).
double psnr_from_mse(double mse);

}  // namespace aem::codec
