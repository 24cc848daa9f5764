// Error statistics and PSNR.
#include "aem/codec/psnr.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace aem::codec {

double psnr_from_mse(double mse) {
  if (mse <= 0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(255.0 * 255.0 / mse);
}

double ErrorStats::mse(int first_channel, int channel_count) const {
  if (texels == 0 || channel_count <= 0) return 0;
  double sum = 0;
  for (int c = first_channel; c < first_channel + channel_count; ++c) sum += squared_error[c];
  return sum / (double(texels) * channel_count);
}

double ErrorStats::psnr(int first_channel, int channel_count) const {
  return psnr_from_mse(mse(first_channel, channel_count));
}

void ErrorStats::add(const ErrorStats& other) {
  for (int c = 0; c < 4; ++c) squared_error[c] += other.squared_error[c];
  texels += other.texels;
}

ErrorStats compare_images(const ImageRgba8& reference, const ImageRgba8& decoded) {
  if (reference.width != decoded.width || reference.height != decoded.height ||
      reference.pixels.size() != decoded.pixels.size()) {
    throw std::invalid_argument("compare_images: images differ in size");
  }
  ErrorStats stats;
  std::uint64_t sums[4] = {};
  const std::size_t n = reference.pixels.size();
  for (std::size_t i = 0; i < n; i += 4) {
    for (int c = 0; c < 4; ++c) {
      const int d = int(reference.pixels[i + std::size_t(c)]) - int(decoded.pixels[i + std::size_t(c)]);
      sums[c] += std::uint64_t(d * d);
    }
  }
  for (int c = 0; c < 4; ++c) stats.squared_error[c] = double(sums[c]);
  stats.texels = n / 4;
  return stats;
}

}  // namespace aem::codec
