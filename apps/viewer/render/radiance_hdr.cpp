#include "render/radiance_hdr.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace aem::viewer {
namespace {

constexpr std::uintmax_t kMaxFileBytes = std::uintmax_t{1} << 30;

class Reader {
 public:
  Reader(std::string name, std::vector<unsigned char> bytes) : name_(std::move(name)), bytes_(std::move(bytes)) {}

  [[noreturn]] void fail(const std::string& what) const { throw std::runtime_error(name_ + ": " + what); }

  // One header line without its newline; fails at the end of the file.
  std::string line() {
    std::string text;
    while (true) {
      if (at_ == bytes_.size()) fail("broken Radiance HDR data (the header does not end)");
      const char c = char(bytes_[at_++]);
      if (c == '\n') return text;
      if (text.size() > 4096) fail("broken Radiance HDR data (a header line is longer than 4096 bytes)");
      text += c;
    }
  }

  bool has(std::size_t n) const { return bytes_.size() - at_ >= n; }
  unsigned char byte() { return bytes_[at_++]; }

 private:
  std::string name_;
  std::vector<unsigned char> bytes_;
  std::size_t at_ = 0;
};

void store(const unsigned char rgbe[4], float* out) {
  const float scale = rgbe[3] == 0 ? 0.0f : std::ldexp(1.0f, int(rgbe[3]) - 136);
  for (int c = 0; c < 3; ++c) out[c] = float(rgbe[c]) * scale;
}

}  // namespace

RadianceImage read_radiance_hdr(const std::filesystem::path& path) {
  const std::string name = path.string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw std::runtime_error(name + ": cannot read the environment: " +
                             (std::filesystem::exists(path, ec) ? "not a regular file" : "no such file"));
  }
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size > kMaxFileBytes) throw std::runtime_error(name + ": cannot read the environment: larger than 1 GiB");
  std::ifstream in(path, std::ios::binary);
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) throw std::runtime_error(name + ": cannot read the environment");
  Reader r(name, std::move(bytes));

  const std::string magic = r.line();
  if (magic != "#?RADIANCE" && magic != "#?RGBE") r.fail("not a Radiance HDR (.hdr) image");
  for (std::string header = r.line(); !header.empty(); header = r.line()) {
    if (header.rfind("FORMAT=", 0) == 0 && header != "FORMAT=32-bit_rle_rgbe") {
      r.fail("unsupported Radiance HDR " + header + " (only 32-bit_rle_rgbe)");
    }
  }
  const std::string resolution = r.line();
  long long h = 0, w = 0;
  char tail = 0;
  if (std::sscanf(resolution.c_str(), "-Y %lld +X %lld%c", &h, &w, &tail) != 2) {
    r.fail("unsupported Radiance HDR orientation '" + resolution.substr(0, 40) + "' (only -Y H +X W)");
  }
  if (w < 8 || h < 4 || w > 16384 || h > 8192) {
    r.fail("a " + std::to_string(w) + "x" + std::to_string(h) + " environment is outside 8x4 to 16384x8192");
  }
  // Memory follows the file: the fewest bytes that can hold the scanlines (runs of 127 in every
  // channel, or flat pixels if fewer) must be there before the image is allocated, so that a
  // header alone cannot claim 1.5 GiB.
  const std::size_t fewest_row_bytes = std::min(std::size_t(w) * 4, 4 + 8 * ((std::size_t(w) + 126) / 127));
  if (!r.has(fewest_row_bytes * std::size_t(h))) {
    r.fail("broken Radiance HDR data (" + std::to_string(h) + " scanlines of " + std::to_string(w) +
           " pixels need at least " + std::to_string(fewest_row_bytes * std::size_t(h)) + " bytes after the header)");
  }
  RadianceImage image{int(w), int(h), std::vector<float>(std::size_t(w) * std::size_t(h) * 3)};
  std::vector<unsigned char> row(std::size_t(w) * 4);
  for (int y = 0; y < image.height; ++y) {
    const auto truncated = [&] { r.fail("broken Radiance HDR data (truncated in scanline " + std::to_string(y) + ")"); };
    if (!r.has(4)) truncated();
    unsigned char first[4] = {r.byte(), r.byte(), r.byte(), r.byte()};
    const bool run_length = first[0] == 2 && first[1] == 2 && (first[2] & 0x80) == 0 && w <= 0x7fff;
    if (!run_length) {  // flat RGBE pixels
      std::copy(first, first + 4, row.begin());
      if (!r.has(std::size_t(w - 1) * 4)) truncated();
      for (std::size_t i = 4; i < row.size(); ++i) row[i] = r.byte();
      for (int x = 0; x < image.width; ++x) store(&row[std::size_t(x) * 4], &image.rgb[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * 3]);
      continue;
    }
    if (((int(first[2]) << 8) | first[3]) != w) {
      r.fail("broken Radiance HDR data (scanline " + std::to_string(y) + " is not " + std::to_string(w) + " pixels wide)");
    }
    for (std::size_t channel = 0; channel < 4; ++channel) {
      for (std::size_t x = 0; x < std::size_t(w);) {
        if (!r.has(1)) truncated();
        const unsigned count = r.byte();
        const bool run = count > 128;
        const std::size_t n = run ? count - 128 : count;
        if (n == 0 || x + n > std::size_t(w)) {
          r.fail("broken Radiance HDR data (an empty run or one past the end of scanline " + std::to_string(y) + ")");
        }
        if (!r.has(run ? 1 : n)) truncated();
        const unsigned char value = run ? r.byte() : 0;
        for (std::size_t i = 0; i < n; ++i, ++x) row[x * 4 + channel] = run ? value : r.byte();
      }
    }
    for (int x = 0; x < image.width; ++x) store(&row[std::size_t(x) * 4], &image.rgb[(std::size_t(y) * std::size_t(w) + std::size_t(x)) * 3]);
  }
  return image;
}

}  // namespace aem::viewer
