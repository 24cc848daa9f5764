#include "import/gltf/glb_framing.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/model_formats.hpp"

namespace aem::pipeline {
namespace {

// The GLB layout (glTF 2.0, "Binary glTF Layout"): a 12-byte header (magic, version, length),
// then chunks, each an 8-byte header (length, type) and its data. All numbers little-endian.
constexpr char kMagic[4] = {'g', 'l', 'T', 'F'};
constexpr std::size_t kHeaderBytes = 12;
constexpr std::size_t kChunkHeaderBytes = 8;
constexpr std::uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"
constexpr std::uint32_t kBinChunk = 0x004E4942;   // "BIN\0"

std::uint32_t u32_at(std::span<const unsigned char> bytes, std::size_t at) {
  return std::uint32_t(bytes[at]) | std::uint32_t(bytes[at + 1]) << 8 | std::uint32_t(bytes[at + 2]) << 16 |
         std::uint32_t(bytes[at + 3]) << 24;
}

// "JSON chunk", "BIN chunk", or "chunk 2" for any other: what a message calls chunk `index`
// (of type `type`, where its header has been read).
std::string chunk_name(std::size_t index, std::optional<std::uint32_t> type = std::nullopt) {
  if (index == 0) return "JSON chunk";
  if (index == 1 && type == kBinChunk) return "BIN chunk";
  return "chunk " + std::to_string(index);
}

// `v` in `digits` upper-case hex digits: "0x004E4942" for 8, "6C" for 2.
std::string hex_text(std::uint32_t v, int digits) {
  char text[16];
  std::snprintf(text, sizeof text, digits == 2 ? "%02X" : "0x%08X", unsigned(v));
  return text;
}

// Whether `bytes` begin, after an optional UTF-8 byte order mark and white space, with '{'.
bool begins_as_json(std::span<const unsigned char> bytes) {
  std::size_t at = bytes.size() >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0;
  while (at < bytes.size() && (bytes[at] == ' ' || bytes[at] == '\t' || bytes[at] == '\n' || bytes[at] == '\r')) ++at;
  return at < bytes.size() && bytes[at] == '{';
}

// `part` (bytes from..to) reaching past the GLB's end: the file's, or where the length in its
// header ends it sooner.
std::string cut_text(const std::string& part, std::uint64_t from, std::uint64_t to, std::uint64_t length,
                     std::size_t size) {
  const std::string range = "bytes " + std::to_string(from) + ".." + std::to_string(to);
  if (length < size)
    return "the GLB's length in its header, " + std::to_string(length) + " bytes, ends inside its " + part + " (" +
           range + "); the file has " + std::to_string(size) + " bytes";
  return "truncated GLB " + part + " at byte " + std::to_string(length) + " (it needs " + range + ")";
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw BakeError(path.string() + ": " + what);
}

}  // namespace

bool is_glb(const std::filesystem::path& path, std::span<const unsigned char> bytes) {
  if (bytes.size() >= 4 && std::memcmp(bytes.data(), kMagic, 4) == 0) return true;
  // A .glb that is JSON text (a .gltf misnamed) is read as JSON, as it always was.
  return lower_case_extension(path) == ".glb" && !begins_as_json(bytes);
}

void check_glb_framing(const std::filesystem::path& path, std::span<const unsigned char> bytes) {
  const std::size_t size = bytes.size();
  // std::equal, not memcmp: an empty file's span may have no data pointer at all.
  if (!std::equal(bytes.begin(), bytes.begin() + std::min<std::size_t>(size, 4), kMagic)) {
    std::string first;
    for (std::size_t i = 0; i < size && i < 4; ++i) first += hex_text(bytes[i], 2) + (i + 1 < size && i < 3 ? " " : "");
    fail(path, "not a GLB: it begins with bytes " + first + ", not the magic \"glTF\" (67 6C 54 46)");
  }
  if (size < kHeaderBytes)
    fail(path, "truncated GLB header at byte " + std::to_string(size) + " (a GLB header is " +
                   std::to_string(kHeaderBytes) + " bytes)");
  const std::uint64_t length = u32_at(bytes, 8);
  if (length < kHeaderBytes)
    fail(path, "the GLB header gives a length of " + std::to_string(length) + " bytes, less than the header's own " +
                   std::to_string(kHeaderBytes));
  if (length > size)
    fail(path, "truncated GLB: its header gives a length of " + std::to_string(length) + " bytes, the file ends at byte " +
                   std::to_string(size));
  // Chunks follow one another up to the header's length (bytes past it are not the GLB's).
  std::uint64_t at = kHeaderBytes;
  for (std::size_t index = 0; index == 0 || at < length; ++index) {
    if (at + kChunkHeaderBytes > length)
      fail(path, cut_text(chunk_name(index) + " header", at, at + kChunkHeaderBytes, length, size));
    const std::uint64_t data = u32_at(bytes, std::size_t(at));
    const std::uint32_t type = u32_at(bytes, std::size_t(at) + 4);
    if (index == 0 && type != kJsonChunk)
      fail(path, "the first GLB chunk is not JSON (its type is " + hex_text(type, 8) + ", JSON's " +
                     hex_text(kJsonChunk, 8) + ")");
    if (index == 0 && data == 0) fail(path, "the GLB's JSON chunk is empty (0 bytes)");
    const std::uint64_t end = at + kChunkHeaderBytes + data;
    if (end > length)
      fail(path, cut_text(chunk_name(index, type) + " of " + std::to_string(data) + " bytes", at + kChunkHeaderBytes,
                          end, length, size));
    at = end;
  }
}

}  // namespace aem::pipeline
