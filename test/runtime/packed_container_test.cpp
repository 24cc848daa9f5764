// The runtime's packed-file reader (specs/packed-aem.md) without a compression library: files
// written here by an independent writer with stored (uncompressed) frames, decoded by an identity
// decoder. What the checks refuse, before allocating, and with which message.
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aem/aem.h"
#include "aem/bitangent_prediction.hpp"
#include "aem/ext_names.hpp"
#include "aem/model.hpp"
#include "aem/pipeline/model_writer.hpp"
#include "aem/unpack.hpp"
#include "model_bytes.hpp"
#include "model_factory.hpp"

namespace aem::test {
namespace {

void put(std::vector<std::byte>& out, std::size_t at, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[at + std::size_t(i)] = std::byte(value >> (8 * i));
}

// A packed file of `aem` whose frames are the sections' bytes as they are, cut every `frame_bytes`:
// version 2, with the extension area as frame kind 10, when the file is longer than its counts say;
// version 3 with `predicted`, the vertices then one vertex a frame with bitangent prediction.
std::vector<std::byte> stored_packed(std::span<const std::byte> aem, std::size_t frame_bytes = 64, bool predicted = false) {
  Header header{};
  std::memcpy(&header, aem.data(), sizeof header);  // not opened: the AEM inside may be hostile
  const SectionOffsets o = section_offsets(header);
  const std::uint64_t starts[] = {o.vertices, o.indices, o.image_buffer, o.textures, o.meshes, o.materials,
                                  o.joints,   o.animations, o.tracks, o.keyframes, o.end, aem.size()};
  const bool extended = aem.size() > o.end;
  const std::size_t table = extended || predicted ? 80 : 72;
  struct Frame { std::size_t section; std::uint64_t at, size; };
  std::vector<Frame> frames;
  for (std::size_t s = 0; s < 11; ++s) {
    const std::size_t step = predicted && s == 0 ? sizeof(Vertex) : frame_bytes;
    for (std::uint64_t at = starts[s]; at < starts[s + 1]; at += step)
      frames.push_back({s, at, std::min<std::uint64_t>(step, starts[s + 1] - at)});
  }
  std::vector<std::byte> out(table + 24 * frames.size());
  std::memcpy(out.data(), "AEMZ", 4);
  put(out, 4, predicted ? 3 : extended ? 2 : 1, 2);
  put(out, 6, 1, 2);
  put(out, 8, frames.size(), 4);
  std::memcpy(out.data() + 24, aem.data(), 44);
  if (table == 80) put(out, 72, aem.size(), 8);
  for (std::size_t i = 0; i < frames.size(); ++i) {
    put(out, table + 24 * i, frames[i].section, 1);
    if (predicted && frames[i].section == 0) put(out, table + 24 * i + 1, 3, 1);
    put(out, table + 24 * i + 8, frames[i].size, 8);
    put(out, table + 24 * i + 16, frames[i].size, 8);
  }
  for (const Frame& f : frames) {
    std::vector<std::byte> bytes(aem.begin() + std::ptrdiff_t(f.at), aem.begin() + std::ptrdiff_t(f.at + f.size));
    if (predicted && f.section == 0) xor_predicted_bitangents(bytes);
    out.insert(out.end(), bytes.begin(), bytes.end());
  }
  put(out, 16, out.size(), 8);
  return out;
}

// Frames stored as they are: what it declares is its own size. Bitangent prediction is undone
// with the runtime's own function, as any decoder may.
PackedDecoder identity_decoder() {
  PackedDecoder decoder;
  decoder.declared_size = [](std::span<const std::byte> stored) -> std::optional<std::uint64_t> { return stored.size(); };
  decoder.decode = [](std::span<const PackedFrame> frames) -> std::optional<PackedFrameFailure> {
    for (std::size_t i = 0; i < frames.size(); ++i) {
      const PackedFilter filter = frames[i].filter;
      if ((filter != PackedFilter::none && filter != PackedFilter::bitangent_prediction) ||
          frames[i].stored.size() != frames[i].out.size())
        return PackedFrameFailure{i, "not a stored frame"};
      std::memcpy(frames[i].out.data(), frames[i].stored.data(), frames[i].out.size());
      if (filter == PackedFilter::bitangent_prediction) xor_predicted_bitangents(frames[i].out);
    }
    return std::nullopt;
  };
  return decoder;
}

Error open_error(std::span<const std::byte> packed, OpenOptions options = {.packed_decoder = identity_decoder()}) {
  const ExactBuffer exact(packed);
  Expected<Model> model = Model::try_open_memory(exact.bytes(), std::move(options));
  EXPECT_FALSE(model);
  return model ? Error{} : model.error();
}

class PackedContainer : public ::testing::Test {
 protected:
  std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  std::vector<std::byte> packed = stored_packed(aem);
};

TEST_F(PackedContainer, OpensToTheSameSectionsAndUnpacksToTheSameBytes) {
  const Model model = Model::open_memory(packed, {.packed_decoder = identity_decoder()});
  EXPECT_TRUE(model.unpacked());
  EXPECT_FALSE(model.mapped());
  // The sections lie back to back in the unpacked copy, from the vertices on.
  ASSERT_EQ(model.view().offsets.end, aem.size());
  const auto* sections = reinterpret_cast<const std::byte*>(model.vertices().data());
  EXPECT_EQ(0, std::memcmp(sections, aem.data() + 44, aem.size() - 44));
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = identity_decoder()});
  ASSERT_TRUE(unpacked);
  EXPECT_TRUE(std::equal(unpacked->bytes().begin(), unpacked->bytes().end(), aem.begin(), aem.end()));
}

TEST_F(PackedContainer, WithoutADecoderSaysWhatToDo) {
  const Error error = open_error(packed, {});
  EXPECT_EQ(error.code, ErrorCode::packed_needs_decoder);
  EXPECT_NE(error.message.find("aem unpack"), std::string::npos) << error.message;
  EXPECT_NE(error.message.find("open_packed"), std::string::npos) << error.message;
}

TEST_F(PackedContainer, TheCApiRefusesPackedFilesSayingWhatToDo) {
  aem_model* model = nullptr;
  EXPECT_EQ(aem_open_memory(packed.data(), packed.size(), AEM_OPEN_DEFAULT, &model), AEM_ERROR_PACKED_NEEDS_DECODER);
  EXPECT_EQ(model, nullptr);
  EXPECT_NE(std::string(aem_last_error_message()).find("aem unpack"), std::string::npos) << aem_last_error_message();
}

TEST_F(PackedContainer, EveryTruncationIsRefused) {
  for (std::size_t size = 0; size < packed.size(); ++size) {
    const std::span<const std::byte> prefix(packed.data(), size);
    const ExactBuffer exact(prefix);
    const Expected<Model> model = Model::try_open_memory(exact.bytes(), {.packed_decoder = identity_decoder()});
    ASSERT_FALSE(model) << size;
    if (size >= 72) {
      EXPECT_NE(model.error().message.find("truncated?"), std::string::npos) << model.error().describe();
    }
  }
}

TEST_F(PackedContainer, TableInconsistenciesAreRefusedWithTheirOffset) {
  struct Case { const char* what; std::size_t at; std::uint64_t value; int bytes; const char* message; };
  const std::uint64_t frames = (packed.size() - 72) / 24;  // an upper bound: enough for a "too many" case
  const Case cases[] = {
      {"version", 4, 4, 2, "container version 4 is not supported (1, 2 with an extension area, 3 with bitangent prediction)"},
      {"codec", 6, 7, 2, "codec 7 is unknown"},
      {"reserved", 12, 1, 4, "reserved header bytes"},
      {"frame count", 8, frames * 4, 4, "runs past the end of the file"},
      {"section", 72, 11, 1, "names section 11 (0 to 9)"},
      {"extension area in version 1", 72, 10, 1, "frame 0 names section 10, the extension area, which only a version-2 or 3 container holds"},
      {"filter", 73, 5, 1, "has filter 5"},
      {"version-3 filter in version 1", 73, 3, 1, "has filter 3 (0 none, 1 meshopt index sequence, 2 block halves; 3, "
                                                  "bitangent prediction, only in a version-3 container)"},
      {"frame reserved", 74, 1, 2, "reserved bytes are not 0"},
      {"stored size", 80, 0, 8, "is empty"},
      {"decoded size", 88, 1u << 20, 8, "more than the"},
      {"AEM magic", 24, 'B', 1, "not an AEM file"},
  };
  for (const Case& c : cases) {
    std::vector<std::byte> bad = packed;
    put(bad, c.at, c.value, c.bytes);
    const Error error = open_error(bad);
    EXPECT_NE(error.message.find(c.message), std::string::npos) << c.what << ": " << error.describe();
    EXPECT_NE(error.code, ErrorCode::io_error) << c.what;
  }
}

TEST_F(PackedContainer, FramesMustCoverEverySectionInOrder) {
  // The second frame (vertices, bytes 64..128) moved to the keyframes: vertices are not whole.
  std::vector<std::byte> bad = packed;
  put(bad, 72 + 24, 9, 1);
  EXPECT_NE(open_error(bad).message.find("before vertices is whole"), std::string::npos) << open_error(bad).describe();
  // Vertices' frames shortened by one byte each: the stored bytes no longer end at the file's end.
  bad = packed;
  put(bad, 72 + 16, 63, 8);
  EXPECT_EQ(open_error(bad).code, ErrorCode::packed_malformed);
  // One byte more: trailing bytes.
  bad = packed;
  bad.push_back(std::byte{0});
  put(bad, 16, bad.size(), 8);
  EXPECT_NE(open_error(bad).message.find("trailing bytes after the last frame"), std::string::npos);
}

TEST_F(PackedContainer, TheLimitIsCheckedBeforeAnythingIsDecoded) {
  bool decoded = false;
  PackedDecoder decoder = identity_decoder();
  decoder.decode = [&](std::span<const PackedFrame>) -> std::optional<PackedFrameFailure> {
    decoded = true;
    return std::nullopt;
  };
  const Error error = open_error(packed, {.packed_decoder = decoder, .max_unpacked_bytes = aem.size() - 1});
  EXPECT_EQ(error.code, ErrorCode::packed_too_large);
  EXPECT_NE(error.message.find("max_unpacked_bytes"), std::string::npos);
  EXPECT_FALSE(decoded);
  // A header whose counts declare 4 GiB of vertices: refused by the default limit at once.
  std::vector<std::byte> bomb = packed;
  put(bomb, 24 + 4, 0xffffffff, 4);
  EXPECT_EQ(open_error(bomb).code, ErrorCode::packed_too_large);
}

TEST_F(PackedContainer, AFrameThatDeclaresAnotherSizeIsRefusedBeforeDecoding) {
  PackedDecoder decoder = identity_decoder();
  decoder.declared_size = [](std::span<const std::byte> stored) -> std::optional<std::uint64_t> { return stored.size() * 1000; };
  const Error error = open_error(packed, {.packed_decoder = decoder});
  EXPECT_EQ(error.code, ErrorCode::packed_frame_corrupt);
  EXPECT_NE(error.message.find("packed frame 0 (vertices): declares"), std::string::npos) << error.describe();
  std::uint32_t frame_count = 0;
  std::memcpy(&frame_count, packed.data() + 8, 4);
  EXPECT_EQ(error.byte_offset, 72 + 24 * std::uint64_t(frame_count));  // where frame 0 lies
}

TEST_F(PackedContainer, ADecoderFailureNamesItsFrame) {
  PackedDecoder decoder = identity_decoder();
  decoder.decode = [](std::span<const PackedFrame> frames) -> std::optional<PackedFrameFailure> {
    return PackedFrameFailure{frames.size() - 1, "checksum mismatch"};
  };
  const Error error = open_error(packed, {.packed_decoder = decoder});
  EXPECT_EQ(error.code, ErrorCode::packed_frame_corrupt);
  EXPECT_NE(error.message.find("(keyframes): checksum mismatch"), std::string::npos) << error.describe();
}

TEST_F(PackedContainer, ADecoderThatThrowsIsAnErrorOfTheOpen) {
  PackedDecoder decoder = identity_decoder();
  decoder.decode = [](std::span<const PackedFrame>) -> std::optional<PackedFrameFailure> { throw std::bad_alloc(); };
  const Error error = open_error(packed, {.packed_decoder = decoder});
  EXPECT_EQ(error.code, ErrorCode::packed_frame_corrupt);
  EXPECT_NE(error.message.find("the decoder failed"), std::string::npos) << error.describe();
}

TEST_F(PackedContainer, TheUnpackedModelIsValidatedAsUsual) {
  // An index out of range inside the packed indices: the container is sound, the AEM is not.
  const Model model = Model::open_memory(aem);
  ASSERT_FALSE(model.indices().empty());
  std::vector<std::byte> bad_aem = aem;
  poke<std::uint32_t>(bad_aem, model.view().offsets.indices, model.header().vertex_count);
  const Error error = open_error(stored_packed(bad_aem));
  EXPECT_EQ(error.code, ErrorCode::index_out_of_range) << error.describe();
}

// The tiny model with a `names` extension: an AEM whose extension area a version-2 container holds.
class PackedExtensionArea : public ::testing::Test {
 protected:
  static std::vector<std::byte> named_tiny() {
    pipeline::ModelContent content = tiny_model();
    content.extensions.names.materials = {"Scrape04"};
    content.extensions.names.meshes = {"helmet"};
    return pipeline::serialize_model(content);
  }
  std::vector<std::byte> aem = named_tiny();
  std::uint64_t version_1_size = Model::open_memory(aem).view().offsets.end;
  std::vector<std::byte> packed = stored_packed(aem);
  std::uint32_t frame_count = std::uint32_t(packed[8]) | std::uint32_t(packed[9]) << 8;
  // The first extension-area frame's table entry, and the last keyframes frame's before it.
  std::size_t first_area_entry() const {
    for (std::size_t i = 0; i < frame_count; ++i)
      if (packed[80 + 24 * i] == std::byte{10}) return 80 + 24 * i;
    ADD_FAILURE() << "no extension-area frame";
    return 80;
  }
};

TEST_F(PackedExtensionArea, OpensWithItsExtensionsAndUnpacksToTheSameBytes) {
  ASSERT_GT(aem.size(), version_1_size);
  const Model model = Model::open_memory(packed, {.packed_decoder = identity_decoder()});
  EXPECT_TRUE(model.unpacked());
  ASSERT_EQ(model.extensions().size(), 1u);
  const std::optional<NamesView> names = names_of(model);
  ASSERT_TRUE(names);
  EXPECT_EQ(names->material_name(0), "Scrape04");
  EXPECT_EQ(names->mesh_name(0), "helmet");
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = identity_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
  for (std::size_t size = 0; size < packed.size(); ++size) {  // every truncation refused
    const ExactBuffer exact(std::span<const std::byte>(packed.data(), size));
    ASSERT_FALSE(Model::try_open_memory(exact.bytes(), {.packed_decoder = identity_decoder()})) << size;
  }
}

TEST_F(PackedExtensionArea, TheAemSizeMustLeaveAnAreaAndKeepTheLimit) {
  std::vector<std::byte> bad = packed;
  put(bad, 72, version_1_size, 8);
  Error error = open_error(bad);
  EXPECT_EQ(error.code, ErrorCode::packed_malformed);
  EXPECT_EQ(error.byte_offset, 72u);
  EXPECT_NE(error.message.find("its AEM size, " + std::to_string(version_1_size) + " bytes, leaves none after the"),
            std::string::npos) << error.describe();
  // Honest but over the caller's limit: refused before anything is decoded.
  error = open_error(packed, {.packed_decoder = identity_decoder(), .max_unpacked_bytes = aem.size() - 1});
  EXPECT_EQ(error.code, ErrorCode::packed_too_large) << error.describe();
  EXPECT_EQ(error.byte_offset, 72u);
  bad = packed;
  put(bad, 72, std::uint64_t{1} << 62, 8);  // a bomb's declared size
  EXPECT_EQ(open_error(bad).code, ErrorCode::packed_too_large) << open_error(bad).describe();
  // The header cut short of its 80 bytes, its declared size honest.
  bad.assign(packed.begin(), packed.begin() + 76);
  put(bad, 8, 0, 4);
  put(bad, 16, 76, 8);
  error = open_error(bad);
  EXPECT_EQ(error.code, ErrorCode::truncated);
  EXPECT_NE(error.message.find("shorter than the 80-byte header of a version-2 container"), std::string::npos)
      << error.describe();
}

TEST_F(PackedExtensionArea, TheAreaFramesMustCoverWhatTheAemSizeSays) {
  // One byte more declared than the frames hold: the area is not covered.
  std::vector<std::byte> bad = packed;
  put(bad, 72, aem.size() + 1, 8);
  Error error = open_error(bad);
  EXPECT_NE(error.message.find("its frames do not cover extensions (the container's AEM size gives it"),
            std::string::npos) << error.describe();
  // One byte less: the last frame holds more than the area has room for.
  put(bad, 72, aem.size() - 1, 8);
  error = open_error(bad);
  EXPECT_NE(error.message.find("(extensions) decodes to"), std::string::npos) << error.describe();
  EXPECT_NE(error.message.find("the container's AEM size leaves for it"), std::string::npos) << error.describe();
}

TEST_F(PackedExtensionArea, AreaFramesComeAfterTheKeyframesUnfiltered) {
  // The last keyframes frame called an area frame: it comes before the keyframes are whole.
  std::vector<std::byte> bad = packed;
  const std::size_t area = first_area_entry();
  put(bad, area - 24, 10, 1);
  Error error = open_error(bad);
  EXPECT_NE(error.message.find("starts extensions before keyframes is whole"), std::string::npos) << error.describe();
  // An area frame called keyframes: the keyframes were whole, so it is one too many.
  bad = packed;
  put(bad, area, 9, 1);
  error = open_error(bad);
  EXPECT_NE(error.message.find("(keyframes) decodes to 64 bytes, more than the 0 the AEM header leaves"),
            std::string::npos) << error.describe();
  // A section frame after the area: out of order.
  bad = packed;
  put(bad, 80 + 24 * (frame_count - 1), 3, 1);
  EXPECT_NE(open_error(bad).message.find("is out of section order"), std::string::npos) << open_error(bad).describe();
  bad = packed;
  put(bad, area + 1, 2, 1);
  EXPECT_NE(open_error(bad).message.find("the block halves filter is only for the image buffer"), std::string::npos);
}

TEST_F(PackedExtensionArea, TheUnpackedAreaIsValidatedAsInAnyFile) {
  // A directory that lies about its count: the container is sound, the AEM inside is not (its
  // entry's payload is not where two entries would put it).
  std::vector<std::byte> lying = aem;
  poke<std::uint32_t>(lying, align16(version_1_size) + 8, 2);
  Error error = open_error(stored_packed(lying));
  EXPECT_EQ(error.code, ErrorCode::bad_extension_entry) << error.describe();
  EXPECT_NE(error.message.find("the layout puts it at"), std::string::npos) << error.describe();
  // A payload that lies (the names' material count): the known payload's own check.
  std::vector<std::byte> bad_payload = aem;
  const Model model = Model::open_memory(aem);
  poke<std::uint32_t>(bad_payload, model.extensions()[0].offset, 7);
  error = open_error(stored_packed(bad_payload));
  EXPECT_EQ(error.code, ErrorCode::bad_extension_payload) << error.describe();
  EXPECT_NE(error.message.find("names"), std::string::npos) << error.describe();
  // An AEM of version 2 (a required extension) in a version-1 container: refused by the version.
  std::vector<std::byte> v1 = stored_packed(pipeline::serialize_model(tiny_model()));
  v1[24 + 3] = std::byte{2};
  EXPECT_EQ(open_error(v1).code, ErrorCode::unsupported_version) << open_error(v1).describe();
  // A required extension this reader does not know: unpacked, then refused by name.
  const std::vector<pipeline::ExtensionPayload> required = {{"zeta", true, 1, std::vector<std::byte>(5)}};
  error = open_error(stored_packed(pipeline::serialize_model(tiny_model(), required)));
  EXPECT_EQ(error.code, ErrorCode::unknown_required_extension) << error.describe();
  EXPECT_NE(error.message.find("zeta"), std::string::npos) << error.describe();
}

// Version 3: the vertices with bitangent prediction (one vertex a frame), the rest as version 1's.
class PackedBitangentPrediction : public ::testing::Test {
 protected:
  std::vector<std::byte> aem = pipeline::serialize_model(tiny_model());
  std::vector<std::byte> packed = stored_packed(aem, 64, true);
  std::uint64_t version_1_size = aem.size();
};

TEST_F(PackedBitangentPrediction, OpensAndUnpacksToTheSameBytes) {
  ASSERT_EQ(packed[4], std::byte{3});
  ASSERT_EQ(packed[81], std::byte{3});  // the first frame's filter
  const Model model = Model::open_memory(packed, {.packed_decoder = identity_decoder()});
  EXPECT_EQ(0, std::memcmp(model.vertices().data(), aem.data() + 44, model.vertices().size_bytes()));
  const Expected<UnpackedBytes> unpacked = unpack(packed, {.decoder = identity_decoder()});
  ASSERT_TRUE(unpacked) << unpacked.error().describe();
  EXPECT_TRUE(std::ranges::equal(unpacked->bytes(), aem));
  // With an extension area too (the AEM size then leaves one after the keyframes).
  pipeline::ModelContent named = tiny_model();
  named.extensions.names.materials = {"Scrape04"};
  named.extensions.names.meshes = {"helmet"};
  const std::vector<std::byte> extended = pipeline::serialize_model(named);
  const Expected<UnpackedBytes> area = unpack(stored_packed(extended, 64, true), {.decoder = identity_decoder()});
  ASSERT_TRUE(area) << area.error().describe();
  EXPECT_TRUE(std::ranges::equal(area->bytes(), extended));
}

TEST_F(PackedBitangentPrediction, TheFilterTakesWholeVerticesOfTheVerticesSectionOnly) {
  std::vector<std::byte> bad = packed;
  put(bad, 80 + 16, 44, 8);  // the first vertex frame decodes to half a vertex
  Error error = open_error(bad);
  EXPECT_EQ(error.byte_offset, 80u + 16);
  EXPECT_NE(error.message.find("decodes to 44 bytes: bitangent prediction needs whole 88-byte vertices"), std::string::npos)
      << error.describe();
  bad = packed;
  put(bad, 80 + 24 * 3 + 1, 3, 1);  // the indices' frame
  error = open_error(bad);
  EXPECT_NE(error.message.find("frame 3 (indices): the bitangent prediction filter is only for the vertices section"),
            std::string::npos) << error.describe();
  // A vertex frame cut in two: the second half starts inside a vertex.
  bad = packed;
  put(bad, 80 + 1, 0, 1);
  put(bad, 80 + 8, 44, 8);
  put(bad, 80 + 16, 44, 8);
  put(bad, 80 + 24 + 8, 88 + 44, 8);
  put(bad, 80 + 24 + 16, 88 + 44, 8);
  error = open_error(bad);
  EXPECT_NE(error.message.find("frame 1 (vertices): the bitangent prediction filter is only for the vertices section, "
                               "from a vertex's first byte"), std::string::npos) << error.describe();
}

TEST_F(PackedBitangentPrediction, TheAemSizeMayLeaveNoAreaButNotLessThanTheCounts) {
  std::vector<std::byte> bad = packed;
  put(bad, 72, version_1_size - 1, 8);
  Error error = open_error(bad);
  EXPECT_EQ(error.byte_offset, 72u);
  EXPECT_NE(error.message.find("the container's AEM size, " + std::to_string(version_1_size - 1) +
                               " bytes, is less than the " + std::to_string(version_1_size)), std::string::npos)
      << error.describe();
  put(bad, 72, version_1_size + 16, 8);  // an area no frame covers
  EXPECT_NE(open_error(bad).message.find("its frames do not cover extensions"), std::string::npos) << open_error(bad).describe();
  bad.assign(packed.begin(), packed.begin() + 76);
  put(bad, 8, 0, 4);
  put(bad, 16, 76, 8);
  error = open_error(bad);
  EXPECT_EQ(error.code, ErrorCode::truncated);
  EXPECT_NE(error.message.find("shorter than the 80-byte header of a version-3 container"), std::string::npos)
      << error.describe();
}

// The prediction is a bake's bitangent: normalize(cross(normal, tangent)), to the bit.
TEST(BitangentPrediction, IsTheBakesCrossProductToTheBit) {
  const float up[3] = {0, 0, 1}, along[3] = {1, 0, 0};
  EXPECT_EQ(predict_bitangent(up, along), (std::array<float, 3>{0, 1, 0}));
  const float zero[3] = {0, 0, 0};
  EXPECT_EQ(predict_bitangent(up, zero), (std::array<float, 3>{0, 0, 0}));
  // Normals and tangents unit only within float precision: the bits a bake stores
  // (bake_math.hpp's normalize: the cross product times 1 / its length).
  std::uint32_t state = 39;
  const auto next = [&] { return float(int((state = state * 1664525u + 1013904223u) >> 8) - (1 << 23)) / float(1 << 23); };
  for (int i = 0; i < 1000; ++i) {
    float n[3] = {next(), next(), next()}, t[3] = {next(), next(), next()};
    const double nl = std::sqrt(double(n[0]) * n[0] + double(n[1]) * n[1] + double(n[2]) * n[2]);
    for (float& x : n) x = float(x / nl);
    const double c[3] = {double(n[1]) * t[2] - double(n[2]) * t[1], double(n[2]) * t[0] - double(n[0]) * t[2],
                         double(n[0]) * t[1] - double(n[1]) * t[0]};
    const double inverse = 1.0 / std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
    ASSERT_EQ(predict_bitangent(n, t), (std::array<float, 3>{float(c[0] * inverse), float(c[1] * inverse), float(c[2] * inverse)}))
        << i;
  }
}

}  // namespace
}  // namespace aem::test
