// DX10 DDS writing (DDS_HEADER + DDS_HEADER_DXT10, little-endian).
#include <cstring>
#include <stdexcept>
#include <string>

#include "aem/codec/dds.hpp"

namespace aem::codec {
namespace {

constexpr std::uint32_t kDdsdCaps = 0x1, kDdsdHeight = 0x2, kDdsdWidth = 0x4,
                        kDdsdPixelFormat = 0x1000, kDdsdMipMapCount = 0x20000,
                        kDdsdLinearSize = 0x80000;
constexpr std::uint32_t kDdpfFourCc = 0x4;
constexpr std::uint32_t kDdsCapsTexture = 0x1000;
constexpr std::uint32_t kDimensionTexture2D = 3;

void put_u32(std::vector<std::uint8_t>& out, std::size_t offset, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out[offset + std::size_t(i)] = std::uint8_t(v >> (8 * i));
}
std::uint32_t get_u32(std::span<const std::uint8_t> in, std::size_t offset) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | in[offset + std::size_t(i)];
  return v;
}
constexpr std::uint32_t four_cc(char a, char b, char c, char d) {
  return std::uint32_t(std::uint8_t(a)) | std::uint32_t(std::uint8_t(b)) << 8 |
         std::uint32_t(std::uint8_t(c)) << 16 | std::uint32_t(std::uint8_t(d)) << 24;
}

}  // namespace

std::uint32_t dxgi_format(BlockFormat format) {
  switch (format) {  // no default: -Wswitch names a new format here
    case BlockFormat::bc7: return kDxgiFormatBc7Unorm;
    case BlockFormat::bc5: return kDxgiFormatBc5Unorm;
  }
  throw std::invalid_argument("dxgi_format: not a BlockFormat: " + std::to_string(int(format)));
}

std::vector<std::uint8_t> make_dds(std::uint32_t width, std::uint32_t height, BlockFormat format,
                                   std::span<const std::uint8_t> blocks) {
  const std::size_t size = compressed_size(width, height);
  if (width == 0 || height == 0 || blocks.size() != size || size > 0xFFFFFFFFu) {
    throw std::invalid_argument("make_dds: block data does not match the image size");
  }
  std::vector<std::uint8_t> out(kDdsHeaderBytes + size, 0);
  put_u32(out, 0, four_cc('D', 'D', 'S', ' '));
  const std::size_t h = 4;  // DDS_HEADER
  put_u32(out, h + 0, 124);
  put_u32(out, h + 4, kDdsdCaps | kDdsdHeight | kDdsdWidth | kDdsdPixelFormat | kDdsdMipMapCount |
                          kDdsdLinearSize);
  put_u32(out, h + 8, height);
  put_u32(out, h + 12, width);
  put_u32(out, h + 16, std::uint32_t(size));  // linear size of the top level
  put_u32(out, h + 20, 0);                    // depth
  put_u32(out, h + 24, 1);                    // mipMapCount
  const std::size_t pf = h + 72;              // DDS_PIXELFORMAT after 11 reserved words
  put_u32(out, pf + 0, 32);
  put_u32(out, pf + 4, kDdpfFourCc);
  put_u32(out, pf + 8, four_cc('D', 'X', '1', '0'));
  put_u32(out, h + 104, kDdsCapsTexture);  // dwCaps
  const std::size_t dx = 4 + 124;          // DDS_HEADER_DXT10
  put_u32(out, dx + 0, dxgi_format(format));
  put_u32(out, dx + 4, kDimensionTexture2D);
  put_u32(out, dx + 8, 0);   // miscFlag
  put_u32(out, dx + 12, 1);  // arraySize
  put_u32(out, dx + 16, 0);  // miscFlags2: alpha mode unknown
  std::memcpy(out.data() + kDdsHeaderBytes, blocks.data(), size);
  return out;
}

std::optional<DdsSummary> read_dds_summary(std::span<const std::uint8_t> file) {
  if (file.size() < kDdsHeaderBytes) return std::nullopt;
  if (get_u32(file, 0) != four_cc('D', 'D', 'S', ' ') || get_u32(file, 4) != 124) return std::nullopt;
  if (get_u32(file, 4 + 76) != kDdpfFourCc || get_u32(file, 4 + 80) != four_cc('D', 'X', '1', '0'))
    return std::nullopt;
  DdsSummary s;
  s.height = get_u32(file, 12);
  s.width = get_u32(file, 16);
  s.mip_levels = get_u32(file, 28);
  s.dxgi_format = get_u32(file, 128);
  s.data_offset = kDdsHeaderBytes;
  return s;
}

}  // namespace aem::codec
