#pragma once
// Where a packed file's bytes go (issue 39: why a model shrinks less than its images): the frame
// table read back and each frame's stored bytes credited to its part of the AEM (the vertices,
// the indices, each texture's mip chain, the other images, the rest: the small sections, the
// extension area, the container's header and table), beside the part's size in the AEM. For each
// texture, its levels too, each compressed alone as the packer would (zstd 19, minMatch 4, block
// halves where its frames took them): what each level costs, since frames hold whole chains.
#include <cstdio>
#include <map>
#include <span>
#include <string>
#include <vector>

#include <zstd.h>

#include "aem/mip_chain.hpp"
#include "aem/model.hpp"
#include "aem/packed/pack.hpp"
#include "aem/packed_format.hpp"

namespace aem::bench {

inline std::uint64_t load_le_bytes(std::span<const std::byte> bytes, std::size_t at, int size) {
  std::uint64_t value = 0;
  for (int i = size - 1; i >= 0; --i) value = value << 8 | std::uint64_t(bytes[at + std::size_t(i)]);
  return value;
}

// A level compressed alone as an image frame: zstd 19, minMatch 4, split in block halves or not.
inline std::size_t image_frame_bytes(std::span<const std::byte> level, bool halves) {
  std::vector<std::byte> content(level.begin(), level.end());
  if (halves) {
    const std::size_t blocks = level.size() / 16;
    for (std::size_t b = 0; b < blocks; ++b)
      for (std::size_t i = 0; i < 16; ++i) content[(i < 8 ? b : blocks + b) * 8 + i % 8] = level[16 * b + i];
  }
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, kPackZstdLevel);
  ZSTD_CCtx_setParameter(context, ZSTD_c_minMatch, kPackImageMinMatch);
  std::vector<char> out(ZSTD_compressBound(content.size()));
  const std::size_t size = ZSTD_compress2(context, out.data(), out.size(), content.data(), content.size());
  ZSTD_freeCCtx(context);
  return ZSTD_isError(size) ? 0 : size;
}

inline const char* compression_name(std::uint32_t c) {
  return c == std::uint32_t(Compression::bc7) ? "BC7" : c == std::uint32_t(Compression::bc5) ? "BC5" : "RGBA8";
}

// Prints the breakdown of `packed`, the packed file of `aem`, as markdown rows under `title`.
inline void print_packed_breakdown(const std::string& title, std::span<const std::byte> aem, std::span<const std::byte> packed) {
  const Model model = Model::open_memory(aem);
  const SectionOffsets o = model.view().offsets;
  struct Part { std::uint64_t raw = 0, stored = 0; bool halves = false; };
  std::map<std::string, Part> parts;
  const auto textures = model.textures();
  const auto texture_name = [&](std::size_t t) {
    return "texture " + std::to_string(t) + " (" + compression_name(textures[t].compression) + " " +
           std::to_string(textures[t].width) + "x" + std::to_string(textures[t].height) + ")";
  };
  for (std::size_t t = 0; t < textures.size(); ++t)
    parts[texture_name(t)].raw = mip_chain_size(textures[t].width, textures[t].height, Compression(textures[t].compression));
  parts["vertices"].raw = o.indices - o.vertices;
  parts["indices"].raw = o.image_buffer - o.indices;
  std::uint64_t chains = 0;
  for (std::size_t t = 0; t < textures.size(); ++t) chains += parts[texture_name(t)].raw;
  parts["images, other"].raw = model.header().image_buffer_size - std::min<std::uint64_t>(chains, model.header().image_buffer_size);
  parts["rest"].raw = aem.size() - o.textures;
  const std::size_t frames = std::size_t(load_le_bytes(packed, 8, 4));
  const std::size_t table = packed_header_size(std::uint16_t(load_le_bytes(packed, 4, 2)));
  parts["rest"].stored = table + frames * kPackedFrameEntrySize;
  std::uint64_t image_at = 0;
  for (std::size_t f = 0; f < frames; ++f) {
    const std::size_t entry = table + f * kPackedFrameEntrySize;
    const auto section = std::size_t(packed[entry]), filter = std::size_t(packed[entry + 1]);
    const std::uint64_t stored = load_le_bytes(packed, entry + 8, 8), decoded = load_le_bytes(packed, entry + 16, 8);
    std::string part = section == 0 ? "vertices" : section == 1 ? "indices" : "rest";
    if (section == 2) {
      part = "images, other";
      for (std::size_t t = 0; t < textures.size(); ++t)
        if (image_at >= textures[t].offset && image_at + decoded <= textures[t].offset + parts[texture_name(t)].raw)
          part = texture_name(t);
      image_at += decoded;
    }
    parts[part].stored += stored;
    parts[part].halves |= filter == std::size_t(PackedFilter::block_halves);
  }
  std::printf("\n%s: AEM %zu bytes, packed %zu\n| part | AEM bytes | packed bytes | %% of the packed file |\n| --- | --- | --- | --- |\n",
              title.c_str(), aem.size(), packed.size());
  for (const auto& [name, part] : parts)
    if (part.raw > 0 || part.stored > 0)  // a texture whose chain shares a frame: under "images, other"
      std::printf("| %s | %llu | %llu | %.1f%% |\n", name.c_str(), (unsigned long long)part.raw,
                  (unsigned long long)part.stored, 100.0 * double(part.stored) / double(packed.size()));
  std::printf("\nlevels, each compressed alone as an image frame\n| texture | level | AEM bytes | packed alone |\n| --- | --- | --- | --- |\n");
  for (std::size_t t = 0; t < textures.size(); ++t) {
    if (textures[t].compression == std::uint32_t(Compression::none) || textures[t].width < 16) continue;
    for (std::uint32_t l = 0; l < mip_count(textures[t].width, textures[t].height); ++l) {
      const MipLevel level = mip_level(textures[t], l);
      if (level.width < 8) break;
      const auto bytes = model.image_buffer().subspan(textures[t].offset + level.offset, level.size);
      std::printf("| %zu | %u (%ux%u) | %llu | %zu |\n", t, l, level.width, level.height, (unsigned long long)level.size,
                  image_frame_bytes(bytes, parts[texture_name(t)].halves));
    }
  }
}

}  // namespace aem::bench
