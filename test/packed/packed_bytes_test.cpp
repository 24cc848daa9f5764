// aem_packed's packer and zstd decoder (specs/packed-aem.md): the header's exact bytes, frames of
// at most 4 MiB, determinism over thread counts, and hostile files (corrupted, bombs) refused
// before anything large is allocated.
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <zstd.h>

#include "aem/bitangent_prediction.hpp"
#include "aem/model.hpp"
#include "aem/packed/open_packed.hpp"
#include "aem/packed/pack.hpp"
#include "aem/packed/zstd_decoder.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/unpack.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace aem::test {
namespace {

std::uint64_t load(std::span<const std::byte> bytes, std::size_t at, int size) {
  std::uint64_t value = 0;
  for (int i = size - 1; i >= 0; --i) value = value << 8 | std::uint64_t(bytes[at + std::size_t(i)]);
  return value;
}

void put(std::vector<std::byte>& out, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[at + std::size_t(i)] = std::byte(value >> (8 * i));
}

// The version-1 and 2 layouts: the tiny model's bitangents are a bake's, which would otherwise
// make every file here a version-3 container (its own test below).
constexpr PackOptions kUnpredicted{.predict_bitangents = false};

std::vector<std::byte> packed_or_fail(std::span<const std::byte> aem, PackOptions options = {}) {
  Expected<std::vector<std::byte>> packed = pack(aem, options);
  if (!packed) ADD_FAILURE() << packed.error().describe();
  return packed ? *packed : std::vector<std::byte>{};
}

Expected<Model> open_packed_bytes(std::span<const std::byte> packed, std::uint64_t limit = kDefaultMaxUnpackedBytes) {
  const ExactBuffer exact(packed);
  return Model::try_open_memory(exact.bytes(), {.packed_decoder = zstd_decoder(2), .max_unpacked_bytes = limit});
}

TEST(PackedBytes, TheTinyModelsHeaderAndTableByteForByte) {
  const std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  const std::vector<std::byte> packed = packed_or_fail(aem, kUnpredicted);
  ASSERT_GE(packed.size(), 72u + 10 * 24);
  EXPECT_EQ(0, std::memcmp(packed.data(), "AEMZ", 4));
  EXPECT_EQ(load(packed, 4, 2), 1u);   // container version
  EXPECT_EQ(load(packed, 6, 2), 1u);   // zstd
  EXPECT_EQ(load(packed, 8, 4), 10u);  // one frame for each of the ten sections, all small
  EXPECT_EQ(load(packed, 12, 4), 0u);
  EXPECT_EQ(load(packed, 16, 8), packed.size());
  EXPECT_EQ(0, std::memcmp(packed.data() + 24, aem.data(), 44));  // the AEM header, verbatim
  EXPECT_EQ(load(packed, 68, 4), 0u);
  const Header h = Model::open_memory(aem).header();
  const std::uint64_t section_sizes[] = {3 * 88, 3 * 4, h.image_buffer_size, 3 * 24, 12, 16, 196, 132, 16, 4 * 20};
  std::uint64_t frame_at = 72 + 10 * 24;
  for (std::size_t i = 0; i < 10; ++i) {
    const std::size_t entry = 72 + 24 * i;
    EXPECT_EQ(load(packed, entry, 1), i) << "section of frame " << i;
    EXPECT_EQ(load(packed, entry + 1, 1), 0u) << "filter";
    EXPECT_EQ(load(packed, entry + 2, 6), 0u) << "reserved";
    EXPECT_EQ(load(packed, entry + 16, 8), section_sizes[i]) << "decoded size of frame " << i;
    EXPECT_EQ(load(packed, frame_at, 4), 0xFD2FB528u) << "a zstd frame starts at " << frame_at;
    // Content size and checksum flags in the frame header descriptor (bits 6-7 nonzero, bit 2).
    EXPECT_NE(load(packed, frame_at + 4, 1) & 0x04, 0u) << "checksum flag of frame " << i;
    frame_at += load(packed, entry + 8, 8);
  }
  EXPECT_EQ(frame_at, packed.size());
}

// An extended file: a version-2 header (80 bytes, the AEM's whole size at 72), the ten sections'
// frames as in version 1, then the extension area (zero padding, directory, payloads) as frame
// kind 10, which decodes to the AEM's bytes after the keyframes.
TEST(PackedBytes, AnExtensionAreaIsTheLastFrameOfAVersion2Container) {
  pipeline::ModelContent content = tiny_model();
  content.extensions.names.materials = {"Scrape04"};
  content.extensions.names.meshes = {"helmet"};
  const std::vector<pipeline::ExtensionPayload> made_up = {{"made_up", false, 1, std::vector<std::byte>(5)}};
  const std::vector<std::byte> aem = pipeline::serialize_model(content, made_up);
  const std::vector<std::byte> plain = pipeline::serialize_model(tiny_model());
  const std::uint64_t version_1_size = plain.size();  // the counts are the plain file's
  ASSERT_GT(aem.size(), version_1_size);
  const std::vector<std::byte> packed = packed_or_fail(aem, kUnpredicted);
  // The header and table by hand: the plain file's, moved 8 bytes on, plus the area's entry.
  const std::vector<std::byte> plain_packed = packed_or_fail(plain, kUnpredicted);
  std::vector<std::byte> expected(80 + 11 * 24);
  std::memcpy(expected.data(), plain_packed.data(), 72);
  put(expected, 4, 2, 2);  // container version 2
  put(expected, 8, 11, 4);
  put(expected, 16, packed.size(), 8);
  put(expected, 72, aem.size(), 8);
  std::memcpy(expected.data() + 80, plain_packed.data() + 72, 10 * 24);
  put(expected, 80 + 10 * 24, 10, 1);  // section 10, filter 0
  put(expected, 80 + 10 * 24 + 8, load(packed, 80 + 10 * 24 + 8, 8), 8);  // stored: zstd's business
  put(expected, 80 + 10 * 24 + 16, aem.size() - version_1_size, 8);
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), packed.begin())) << "header or table differs";
  // The frames before the area are the plain file's; the area's decodes to the bytes after S.
  const std::size_t plain_frames = plain_packed.size() - (72 + 10 * 24);
  EXPECT_EQ(0, std::memcmp(packed.data() + 80 + 11 * 24, plain_packed.data() + 72 + 10 * 24, plain_frames));
  const std::size_t area_at = 80 + 11 * 24 + plain_frames;
  std::vector<std::byte> area(aem.size() - version_1_size);
  EXPECT_EQ(ZSTD_decompress(area.data(), area.size(), packed.data() + area_at, packed.size() - area_at), area.size());
  EXPECT_TRUE(std::equal(area.begin(), area.end(), aem.begin() + std::ptrdiff_t(version_1_size)));
  const Expected<Model> model = open_packed_bytes(packed);
  ASSERT_TRUE(model) << model.error().describe();
  EXPECT_EQ(model->extensions().size(), 2u);
}

TEST(PackedBytes, LargeSectionsAreCutIntoFourMebibyteFramesAndTheFilterIsOneFrame) {
  pipeline::ModelContent content = tiny_model();
  pipeline::TextureImage big;
  big.width = big.height = 1024;
  big.compression = Compression::none;
  big.mips.resize(mip_chain_size(1024, 1024, Compression::none));
  for (std::size_t i = 0; i < big.mips.size(); ++i) big.mips[i] = std::byte(i * 2654435761u >> 24);
  content.textures.push_back(std::move(big));
  const std::vector<std::byte> aem = pipeline::serialize_model(content);
  const std::vector<std::byte> packed = packed_or_fail(aem, {.meshopt_indices = true, .predict_bitangents = false});
  const std::uint64_t image_buffer_size = Model::open_memory(aem).header().image_buffer_size;
  ASSERT_GT(image_buffer_size, kPackFrameBytes);
  EXPECT_EQ(load(packed, 8, 4), 11u);
  EXPECT_EQ(load(packed, 72 + 24 * 1 + 1, 1), 1u) << "indices: the meshopt index sequence filter";
  EXPECT_EQ(load(packed, 72 + 24 * 2, 1), 2u);
  EXPECT_EQ(load(packed, 72 + 24 * 2 + 16, 8), kPackFrameBytes);
  EXPECT_EQ(load(packed, 72 + 24 * 3, 1), 2u);
  EXPECT_EQ(load(packed, 72 + 24 * 3 + 16, 8), image_buffer_size - kPackFrameBytes);
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = zstd_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
}

// Vertices whose bitangents are a bake's: a version-3 header (80 bytes, the AEM's size at 72), the
// vertices' frame with filter 3 holding the vertices with each bitangent XORed with its
// prediction, every other frame the version-1 file's; a vertex edited so that its bitangent is
// not predicted still unpacks exactly.
TEST(PackedBytes, PredictedBitangentsMakeAVersion3Container) {
  const std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  const std::vector<std::byte> packed = packed_or_fail(aem);
  const std::vector<std::byte> plain = packed_or_fail(aem, kUnpredicted);
  std::vector<std::byte> expected(80 + 10 * 24);
  std::memcpy(expected.data(), plain.data(), 72);
  put(expected, 4, 3, 2);
  put(expected, 16, packed.size(), 8);
  put(expected, 72, aem.size(), 8);
  std::memcpy(expected.data() + 80, plain.data() + 72, 10 * 24);
  put(expected, 80 + 1, 3, 1);                             // the vertices' filter
  put(expected, 80 + 8, load(packed, 80 + 8, 8), 8);       // their stored size: zstd's business
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), packed.begin())) << "header or table differs";
  const std::size_t vertices_at = 80 + 10 * 24, stored = load(packed, 80 + 8, 8);
  std::vector<std::byte> vertices(3 * 88), xored(aem.begin() + 44, aem.begin() + 44 + 3 * 88);
  xor_predicted_bitangents(xored);
  ASSERT_EQ(ZSTD_decompress(vertices.data(), vertices.size(), packed.data() + vertices_at, stored), vertices.size());
  EXPECT_EQ(vertices, xored);
  for (std::size_t v = 0; v < 3; ++v)  // each bitangent 0 or its sign bits
    for (std::size_t b = 36; b < 48; ++b)
      EXPECT_EQ(vertices[v * 88 + b] & (b % 4 == 3 ? std::byte{0x7f} : std::byte{0xff}), std::byte{0}) << v << " " << b;
  const std::size_t plain_rest = 72 + 10 * 24 + load(plain, 72 + 8, 8);
  EXPECT_TRUE(std::equal(plain.begin() + std::ptrdiff_t(plain_rest), plain.end(), packed.begin() + std::ptrdiff_t(vertices_at + stored)));
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = zstd_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
  // Random bitangents: no smaller XORed, so the vertices stay unfiltered and the file version 1.
  pipeline::ModelContent odd = tiny_model();
  for (std::size_t v = 0; v < odd.vertices.size(); ++v)
    for (int c = 0; c < 3; ++c) odd.vertices[v].bitangent[c] = float(v * 3 + std::size_t(c)) * 0.123457f;
  const std::vector<std::byte> odd_aem = pipeline::serialize_model(odd);
  const std::vector<std::byte> odd_packed = packed_or_fail(odd_aem);
  EXPECT_EQ(odd_packed, packed_or_fail(odd_aem, kUnpredicted));
}

pipeline::TextureImage noise_texture(std::uint32_t size, Compression compression, std::uint32_t seed) {
  pipeline::TextureImage texture;
  texture.width = texture.height = size;
  texture.compression = compression;
  texture.mips.resize(mip_chain_size(size, size, compression));
  for (std::size_t i = 0; i < texture.mips.size(); ++i) texture.mips[i] = std::byte((i + seed) * 2654435761u >> 24);
  return texture;
}

TEST(PackedBytes, Bc7TexturesAreStoredAsBlockHalvesWhereThatIsSmaller) {
  pipeline::ModelContent content = tiny_model();
  // Blocks whose first halves repeat and second halves are noise: smaller apart.
  pipeline::TextureImage halves = noise_texture(128, Compression::bc7, 1);  // 21,856 bytes: over the 16 KiB floor
  for (std::size_t b = 0; b + 16 <= halves.mips.size(); b += 16)
    for (std::size_t i = 0; i < 8; ++i) halves.mips[b + i] = std::byte(0x40 + i);
  content.textures.push_back(std::move(halves));
  content.textures.push_back(noise_texture(64, Compression::bc5, 2));
  content.textures.push_back(noise_texture(128, Compression::bc7, 3));  // all noise: no smaller apart
  content.textures.push_back(noise_texture(32, Compression::bc7, 4));   // under the floor: stays with the rest
  const std::vector<std::byte> aem = pipeline::serialize_model(content);
  const Model model = Model::open_memory(aem);
  const Texture& bc7 = model.textures()[3];
  const std::uint64_t bc7_size = mip_chain_size(128, 128, Compression::bc7);
  const std::vector<std::byte> packed = packed_or_fail(aem, kUnpredicted);
  // The image buffer: the tiny model's rgba texels, the first BC7 chain, the BC5 chain, the
  // second BC7 chain (a frame of its own, unfiltered), and the small BC7 chain after it.
  ASSERT_EQ(load(packed, 8, 4), 14u);
  const std::uint8_t filters[] = {0, 2, 0, 0, 0};
  const std::uint64_t bc5_size = mip_chain_size(64, 64, Compression::bc5);
  const std::uint64_t small_size = mip_chain_size(32, 32, Compression::bc7);
  const std::uint64_t sizes[] = {bc7.offset, bc7_size, bc5_size, bc7_size, small_size};
  std::uint64_t frame_at = 72 + 14 * 24;
  for (std::size_t i = 0; i < 14; ++i) {
    const std::size_t entry = 72 + 24 * i;
    if (i >= 2 && i <= 6) {
      EXPECT_EQ(load(packed, entry, 1), 2u) << "frame " << i << " is the image buffer's";
      EXPECT_EQ(load(packed, entry + 1, 1), filters[i - 2]) << "filter of frame " << i;
      EXPECT_EQ(load(packed, entry + 16, 8), sizes[i - 2]) << "decoded size of frame " << i;
    }
    if (i == 3) {
      // Every block's first 8 bytes, then every block's last 8.
      std::vector<std::byte> stored_halves(bc7_size);
      ASSERT_EQ(ZSTD_decompress(stored_halves.data(), stored_halves.size(), packed.data() + frame_at, load(packed, entry + 8, 8)),
                bc7_size);
      const std::span<const std::byte> blocks = model.image_buffer().subspan(bc7.offset, bc7_size);
      const std::size_t count = bc7_size / 16;
      for (std::size_t b = 0; b < count; ++b) {
        ASSERT_TRUE(std::equal(blocks.begin() + std::ptrdiff_t(16 * b), blocks.begin() + std::ptrdiff_t(16 * b + 8),
                               stored_halves.begin() + std::ptrdiff_t(8 * b))) << "first half of block " << b;
        ASSERT_TRUE(std::equal(blocks.begin() + std::ptrdiff_t(16 * b + 8), blocks.begin() + std::ptrdiff_t(16 * b + 16),
                               stored_halves.begin() + std::ptrdiff_t(8 * (count + b)))) << "second half of block " << b;
      }
    }
    frame_at += load(packed, entry + 8, 8);
  }
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = zstd_decoder(3)});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
  const std::vector<std::byte> unsplit = packed_or_fail(aem, {.split_bc7_blocks = false, .predict_bitangents = false});
  EXPECT_EQ(load(unsplit, 8, 4), 10u) << "without the filter the image buffer is one frame";
}

TEST(PackedBytes, AnEmptyModelHasNoFrameAndRoundTrips) {
  const std::vector<std::byte> aem = pipeline::serialize_model(pipeline::ModelContent{});
  const std::vector<std::byte> packed = packed_or_fail(aem);
  EXPECT_EQ(packed.size(), 72u);
  EXPECT_EQ(load(packed, 8, 4), 0u);
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = zstd_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
}

TEST(PackedBytes, TheSameBytesWhateverTheThreadCount) {
  const std::vector<std::byte> aem = pipeline::serialize_model(random_model(3));
  const std::vector<std::byte> one = packed_or_fail(aem, {.threads = 1});
  EXPECT_EQ(one, packed_or_fail(aem, {.threads = 4}));
  EXPECT_EQ(one, packed_or_fail(aem));
}

TEST(PackedBytes, OnlyValidUnpackedModelsArePacked) {
  const std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  std::vector<std::byte> bad = aem;
  poke<std::uint32_t>(bad, 44 + 3 * 88, 99);  // an index out of range
  const auto refused = pack(bad);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, ErrorCode::index_out_of_range);
  const auto again = pack(packed_or_fail(aem));
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("already a packed file"), std::string::npos);
}

// Every single-byte change either is refused or (where zstd ignores the bit) opens to the very
// same model: a packed file never opens to something else. A plain and an extended file.
TEST(PackedBytes, EveryFlippedByteIsRefusedOrHarmless) {
  pipeline::ModelContent named = tiny_model();
  named.extensions.names.materials = {"Scrape04"};
  named.extensions.names.meshes = {""};
  for (const std::vector<std::byte>& aem : {pipeline::serialize_model(tiny_model()), pipeline::serialize_model(named)}) {
    const std::vector<std::byte> packed = packed_or_fail(aem);
    int refused = 0;
    for (std::size_t at = 0; at < packed.size(); ++at) {
      std::vector<std::byte> bad = packed;
      bad[at] ^= std::byte{0x5a};
      const Expected<UnpackedBytes> unpacked = unpack(bad, {.decoder = zstd_decoder(1)});
      if (!unpacked) {
        ++refused;
        EXPECT_NE(unpacked.error().code, ErrorCode::io_error);
        continue;
      }
      const Expected<Model> model = Model::try_open_memory(unpacked->bytes());
      if (model) {
        EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem)) << "byte " << at << " changed the model";
      }
    }
    EXPECT_GT(refused, int(packed.size()) * 9 / 10) << "container version " << int(packed[4]);
  }
}

// A real zstd frame of 256 MiB of zeros (a few kilobytes), streamed so the test never holds it.
std::vector<std::byte> zeros_frame(std::uint64_t size, bool declare_size = true) {
  std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> context(ZSTD_createCCtx(), &ZSTD_freeCCtx);
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_contentSizeFlag, declare_size ? 1 : 0);
  if (declare_size) ZSTD_CCtx_setPledgedSrcSize(context.get(), size);
  const std::vector<char> zeros(1 << 20, 0);
  std::vector<std::byte> out;
  std::vector<char> buffer(ZSTD_CStreamOutSize());
  for (std::uint64_t done = 0; done < size;) {
    const std::size_t chunk = std::size_t(std::min<std::uint64_t>(zeros.size(), size - done));
    done += chunk;
    ZSTD_inBuffer in{zeros.data(), chunk, 0};
    const ZSTD_EndDirective mode = done == size ? ZSTD_e_end : ZSTD_e_continue;
    for (std::size_t left = 1; in.pos < in.size || (mode == ZSTD_e_end && left != 0);) {
      ZSTD_outBuffer o{buffer.data(), buffer.size(), 0};
      left = ZSTD_compressStream2(context.get(), &o, &in, mode);
      EXPECT_FALSE(ZSTD_isError(left));
      const auto* bytes = reinterpret_cast<const std::byte*>(buffer.data());
      out.insert(out.end(), bytes, bytes + o.pos);
      if (mode == ZSTD_e_continue && in.pos == in.size) break;
    }
  }
  return out;
}

// The tiny model's packed file with its image buffer frame replaced by `frame`, the AEM header
// and the table saying the image buffer is `declared` bytes.
std::vector<std::byte> with_image_frame(const std::vector<std::byte>& frame, std::uint64_t declared,
                                        std::uint64_t table_size) {
  const std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  const std::vector<std::byte> packed = packed_or_fail(aem, kUnpredicted);
  std::vector<std::byte> out(packed.begin(), packed.begin() + 72 + 10 * 24);
  put(out, 24 + 12, declared, 4);  // image_buffer_size
  put(out, 72 + 24 * 2 + 8, frame.size(), 8);
  put(out, 72 + 24 * 2 + 16, table_size, 8);
  std::uint64_t at = 72 + 10 * 24;
  for (std::size_t i = 0; i < 10; ++i) {
    const std::uint64_t stored = load(packed, 72 + 24 * i + 8, 8);
    if (i == 2) out.insert(out.end(), frame.begin(), frame.end());
    else out.insert(out.end(), packed.begin() + std::ptrdiff_t(at), packed.begin() + std::ptrdiff_t(at + stored));
    at += stored;
  }
  put(out, 16, out.size(), 8);
  return out;
}

TEST(PackedBytes, DecompressionBombsAreRefusedBeforeAllocating) {
  constexpr std::uint64_t kBomb = std::uint64_t{256} << 20;
  const std::vector<std::byte> bomb = zeros_frame(kBomb);
  ASSERT_LT(bomb.size(), 64u << 10);
  // Declared honestly: over the caller's limit, refused from the header alone.
  const Expected<Model> limited = open_packed_bytes(with_image_frame(bomb, kBomb, kBomb), 64u << 20);
  ASSERT_FALSE(limited);
  EXPECT_EQ(limited.error().code, ErrorCode::packed_too_large) << limited.error().describe();
  // Declared small in the table: its own frame header gives it away before anything is allocated.
  const Expected<Model> hidden = open_packed_bytes(with_image_frame(bomb, 64, 64));
  ASSERT_FALSE(hidden);
  EXPECT_EQ(hidden.error().code, ErrorCode::packed_frame_corrupt);
  EXPECT_NE(hidden.error().message.find("declares 268435456 bytes but the table says 64"), std::string::npos)
      << hidden.error().describe();
  // A frame that does not declare its size at all.
  const Expected<Model> undeclared = open_packed_bytes(with_image_frame(zeros_frame(64, false), 64, 64));
  ASSERT_FALSE(undeclared);
  EXPECT_NE(undeclared.error().message.find("does not declare its size"), std::string::npos)
      << undeclared.error().describe();
}

TEST(PackedBytes, AFrameThatDecodesToOtherBytesThanItDeclaresIsRefused) {
  // Content size 64 in the frame header, but the frame's body holds 32 bytes: zstd refuses.
  std::vector<std::byte> frame = zeros_frame(32);
  const std::vector<std::byte> longer = zeros_frame(64);
  // Same frame header layout (single segment, one-byte content size): swap in the larger size.
  ASSERT_EQ(frame[4], longer[4]);
  frame[5] = longer[5];
  const Expected<Model> model = open_packed_bytes(with_image_frame(frame, 64, 64));
  ASSERT_FALSE(model);
  EXPECT_EQ(model.error().code, ErrorCode::packed_frame_corrupt) << model.error().describe();
  EXPECT_NE(model.error().message.find("packed frame 2 (image buffer)"), std::string::npos) << model.error().describe();
}

TEST(PackedBytes, TheBlockHalvesFilterOnlyTakesWholeBlocksOfTheImageBuffer) {
  std::vector<std::byte> on_vertices = packed_or_fail(pipeline::serialize_model(tiny_model()), kUnpredicted);
  put(on_vertices, 72 + 1, 2, 1);
  const Expected<Model> vertices = open_packed_bytes(on_vertices);
  ASSERT_FALSE(vertices);
  EXPECT_EQ(vertices.error().code, ErrorCode::packed_malformed);
  EXPECT_NE(vertices.error().message.find("frame 0 (vertices): the block halves filter is only for the image buffer"),
            std::string::npos) << vertices.error().describe();
  std::vector<std::byte> partial_block = with_image_frame(zeros_frame(40), 40, 40);
  put(partial_block, 72 + 24 * 2 + 1, 2, 1);
  const Expected<Model> partial = open_packed_bytes(partial_block);
  ASSERT_FALSE(partial);
  EXPECT_EQ(partial.error().code, ErrorCode::packed_malformed);
  EXPECT_NE(partial.error().message.find("frame 2 (image buffer) decodes to 40 bytes: block halves need whole 16-byte blocks"),
            std::string::npos) << partial.error().describe();
}

}  // namespace
}  // namespace aem::test
