#include "aem/packed/pack.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <memory>
#include <string>

#include <meshoptimizer.h>
#include <zstd.h>

#include "aem/bitangent_prediction.hpp"
#include "aem/mip_chain.hpp"
#include "aem/model.hpp"
#include "aem/packed_format.hpp"
#include "each_in_parallel.hpp"

namespace aem {
namespace {

struct PlannedFrame {
  std::uint8_t section = 0;  // index into kPackedSections
  PackedFilter filter = PackedFilter::none;
  std::span<const std::byte> content;  // the section's bytes (filtered frames: before the filter)
  std::vector<std::byte> stored;
};


void store_le(std::vector<std::byte>& out, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[at + std::size_t(i)] = std::byte(value >> (8 * i));
}

std::vector<std::byte> zstd_frame(std::span<const std::byte> content, bool image) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context(ZSTD_createCCtx(), &ZSTD_freeCCtx);
  if (!context) throw std::bad_alloc();
  // Fixed parameters (specs/packed-aem.md): the same bytes for the same input.
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_compressionLevel, kPackZstdLevel);
  // Texels: matches of at least 4 bytes, not level 19's 3: 0.2% larger, a fifth faster to decode
  // (BC7 blocks are mostly literals; 3-byte matches cost the decoder more than they save).
  // Vertices and the rest keep 3: on DamagedHelmet's vertices 4 costs 3.6%.
  if (image) ZSTD_CCtx_setParameter(context.get(), ZSTD_c_minMatch, kPackImageMinMatch);
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_checksumFlag, 1);
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_contentSizeFlag, 1);
  std::vector<std::byte> out(ZSTD_compressBound(content.size()));
  const std::size_t size = ZSTD_compress2(context.get(), out.data(), out.size(), content.data(), content.size());
  if (ZSTD_isError(size)) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(size));
  out.resize(size);
  return out;
}

// meshopt_encodeIndexSequence of the indices section (read as little-endian u32, wherever they lie).
std::vector<std::byte> index_sequence(std::span<const std::byte> section, std::uint32_t vertex_count) {
  std::vector<std::uint32_t> indices(section.size() / 4);
  std::memcpy(indices.data(), section.data(), section.size());
  std::vector<std::byte> out(meshopt_encodeIndexSequenceBound(indices.size(), vertex_count));
  out.resize(meshopt_encodeIndexSequence(reinterpret_cast<unsigned char*>(out.data()), out.size(),
                                         indices.data(), indices.size()));
  return out;
}

// A run of the image buffer stored with one filter.
struct ImagePiece {
  std::uint64_t begin = 0, end = 0;  // in the image buffer
  PackedFilter filter = PackedFilter::none;
};

// The image buffer cut where the filter may change: BC7 textures' mip chains are block halves
// candidates (elsewhere it does not win: a BC5 block's halves are two BC4 blocks, which zstd codes
// no better apart), the rest unfiltered. A texture overlapping an earlier one's bytes is left as it
// lies, and so is a chain under kMinSplitBytes: its own frame would cost more than a split saves.
std::vector<ImagePiece> image_pieces(const Model& model, std::uint64_t image_bytes, bool split_bc7) {
  constexpr std::uint64_t kMinSplitBytes = 16 << 10;  // a frame costs ~40 bytes; a split saves 2-4%
  std::vector<ImagePiece> bc7;
  if (split_bc7)
    for (const Texture& t : model.textures())
      if (const std::uint64_t size = mip_chain_size(t.width, t.height, Compression::bc7);
          Compression(t.compression) == Compression::bc7 && size >= kMinSplitBytes)
        bc7.push_back({t.offset, t.offset + size, PackedFilter::block_halves});
  std::sort(bc7.begin(), bc7.end(), [](const ImagePiece& a, const ImagePiece& b) { return a.begin < b.begin; });
  std::vector<ImagePiece> pieces;
  std::uint64_t at = 0;
  for (const ImagePiece& texture : bc7) {
    if (texture.begin < at) continue;
    if (texture.begin > at) pieces.push_back({at, texture.begin, PackedFilter::none});
    pieces.push_back(texture);
    at = texture.end;
  }
  if (at < image_bytes) pieces.push_back({at, image_bytes, PackedFilter::none});
  return pieces;
}

// The block halves filter: every block's first 8 bytes, then every block's last 8.
std::vector<std::byte> split_block_halves(std::span<const std::byte> blocks) {
  constexpr std::size_t half = kPackedHalvesBlockBytes / 2;
  const std::size_t count = blocks.size() / kPackedHalvesBlockBytes;
  std::vector<std::byte> out(blocks.size());
  for (std::size_t b = 0; b < count; ++b) {
    std::memcpy(out.data() + b * half, blocks.data() + b * kPackedHalvesBlockBytes, half);
    std::memcpy(out.data() + (count + b) * half, blocks.data() + b * kPackedHalvesBlockBytes + half, half);
  }
  return out;
}

// The vertices section's frames: whole vertices each, so that any of them may take the bitangent
// prediction filter.
constexpr std::size_t kVertexFrameBytes = kPackFrameBytes / sizeof(Vertex) * sizeof(Vertex);

// A frame's content with `filter` applied: what zstd compresses for it.
std::vector<std::byte> filtered(std::span<const std::byte> content, PackedFilter filter) {
  if (filter == PackedFilter::block_halves) return split_block_halves(content);
  std::vector<std::byte> out(content.begin(), content.end());
  if (filter == PackedFilter::bitangent_prediction) xor_predicted_bitangents(out);
  return out;
}

// A frame that may take `filter`, compressed both ways: the filter is kept only where it pays.
void compress_either_way(PlannedFrame& frame, bool image) {
  std::vector<std::byte> with_filter = zstd_frame(filtered(frame.content, frame.filter), image);
  frame.stored = zstd_frame(frame.content, image);
  if (with_filter.size() < frame.stored.size()) frame.stored = std::move(with_filter);
  else frame.filter = PackedFilter::none;
}

Error pack_error(std::string message) {
  Error error;
  error.code = ErrorCode::packed_malformed;
  error.message = std::move(message);
  return error;
}

}  // namespace

Expected<std::vector<std::byte>> pack(std::span<const std::byte> aem, const PackOptions& options) {
  if (is_packed(aem)) return pack_error("already a packed file");
  Expected<Model> model = Model::try_open_memory(aem);
  if (!model) return model.error();
  const Header& header = model->header();
  const SectionOffsets o = section_offsets(header);
  // The extension area (padding, directory, payloads) is the last frame kind, from the keyframes'
  // end to the file's: a file without one has none and packs to a version-1 container.
  const std::uint64_t starts[] = {o.vertices, o.indices, o.image_buffer, o.textures, o.meshes,   o.materials,
                                  o.joints,   o.animations, o.tracks, o.keyframes, o.end, aem.size()};
  const bool extended = aem.size() > o.end;

  std::vector<std::byte> encoded_indices;
  std::vector<PlannedFrame> frames;
  for (std::uint8_t s = 0; s < kPackedSections.size(); ++s) {
    const auto section = aem.subspan(starts[s], starts[s + 1] - starts[s]);
    if (section.empty()) continue;
    if (options.meshopt_indices && kPackedSections[s] == Section::indices) {
      encoded_indices = index_sequence(section, header.vertex_count);
      frames.push_back({s, PackedFilter::meshopt_index_sequence, encoded_indices, {}});
      continue;
    }
    std::vector<ImagePiece> pieces = {{0, section.size(), PackedFilter::none}};
    std::size_t frame_bytes = kPackFrameBytes;
    if (kPackedSections[s] == Section::image_buffer) pieces = image_pieces(*model, section.size(), options.split_bc7_blocks);
    if (kPackedSections[s] == Section::vertices && options.predict_bitangents) {
      pieces[0].filter = PackedFilter::bitangent_prediction;
      frame_bytes = kVertexFrameBytes;
    }
    for (const ImagePiece& piece : pieces)
      for (std::size_t at = piece.begin; at < piece.end; at += frame_bytes)
        frames.push_back({s, piece.filter, section.subspan(at, std::min<std::size_t>(frame_bytes, piece.end - at)), {}});
  }

  std::vector<std::exception_ptr> failures(frames.size());
  detail::each_in_parallel(frames.size(), options.threads, [&](std::size_t i, unsigned) {
    try {
      PlannedFrame& frame = frames[i];
      const bool image = kPackedSections[frame.section] == Section::image_buffer;
      // Block halves: most BC7 data codes 2-4% smaller split, some (CesiumMan's) larger. Bitangent
      // prediction: a bake's vertices code about a fifth smaller; vertices made elsewhere may not.
      if (frame.filter == PackedFilter::block_halves || frame.filter == PackedFilter::bitangent_prediction)
        compress_either_way(frame, image);
      else
        frame.stored = zstd_frame(frame.content, image);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  });
  for (const std::exception_ptr& f : failures)
    if (f) std::rethrow_exception(f);

  const bool predicted = std::ranges::any_of(
      frames, [](const PlannedFrame& f) { return f.filter == PackedFilter::bitangent_prediction; });
  const std::uint16_t version = predicted ? kPackedFilteredVersion : extended ? kPackedExtendedVersion : kPackedVersion;
  const std::size_t table = packed_header_size(version);
  std::uint64_t size = table + frames.size() * kPackedFrameEntrySize;
  for (const PlannedFrame& frame : frames) size += frame.stored.size();
  std::vector<std::byte> out(table + frames.size() * kPackedFrameEntrySize);
  out.reserve(std::size_t(size));
  std::memcpy(out.data(), kPackedMagic.data(), kPackedMagic.size());
  store_le(out, 4, version, 2);
  store_le(out, 6, std::uint64_t(PackedCodec::zstd), 2);
  store_le(out, 8, frames.size(), 4);
  store_le(out, 16, size, 8);
  std::memcpy(out.data() + kPackedAemHeaderOffset, aem.data(), sizeof(Header));
  if (version != kPackedVersion) store_le(out, kPackedAemSizeOffset, aem.size(), 8);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const std::size_t entry = table + i * kPackedFrameEntrySize;
    store_le(out, entry, frames[i].section, 1);
    store_le(out, entry + 1, std::uint64_t(frames[i].filter), 1);
    store_le(out, entry + 8, frames[i].stored.size(), 8);
    store_le(out, entry + 16, frames[i].content.size(), 8);
  }
  for (const PlannedFrame& frame : frames) out.insert(out.end(), frame.stored.begin(), frame.stored.end());
  return out;
}

}  // namespace aem
