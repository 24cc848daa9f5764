#include "import/e3d/e3d_blocks.hpp"

#include <bit>
#include <cstring>

#include "import/e3d/e3d_block_types.hpp"
#include "import/e3d/e3d_lzma.hpp"

namespace aem::pipeline::e3d {
namespace {

template <typename T>
T load_le(const std::uint8_t* p) {
  static_assert(std::endian::native == std::endian::little, "E3D is little-endian; so is every target we build");
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

}  // namespace

std::string ReadContext::describe(const Block& block) const {
  return "E3D block " + block_label(block.type) + " at offset " + std::to_string(block.offset) +
         (block.origin ? block.origin->within : std::string());
}

void ReadContext::fail(const Block& block, const std::string& detail) const {
  throw BakeError(model_.string() + ": " + describe(block) + ": " + detail);
}

void ReadContext::skip(const Block& block, const std::string& kind, const std::string& why) {
  warnings_.warn(kind, block_label(block.type), model_.string() + ": " + describe(block) + " skipped: " + why);
}

std::vector<Block> ReadContext::top_level(Bytes file) {
  std::vector<Block> out;
  split(file, &file_origin_, 0, nullptr, 0, out);
  return out;
}

std::vector<Block> ReadContext::children(const Block& parent, std::size_t prefix_bytes) {
  if (prefix_bytes > parent.body.size())
    fail(parent, "its " + std::to_string(prefix_bytes) + "-byte prefix does not fit its " +
                     std::to_string(parent.body.size()) + "-byte body");
  std::vector<Block> out;
  split(parent.body.subspan(prefix_bytes), parent.origin, parent.depth + 1, &parent,
        parent.offset + kBlockHeaderBytes + prefix_bytes, out);
  return out;
}

void ReadContext::split(Bytes bytes, const BlockOrigin* origin, int depth, const Block* parent, std::uint64_t base,
                        std::vector<Block>& out) {
  if (depth > kMaxBlockDepth) {
    if (parent) fail(*parent, "blocks nest deeper than " + std::to_string(kMaxBlockDepth) + " levels");
    throw BakeError(model_.string() + ": E3D blocks nest deeper than " + std::to_string(kMaxBlockDepth) + " levels");
  }
  std::size_t at = 0;
  while (at < bytes.size()) {
    Block block;
    block.offset = base + at;
    block.origin = origin;
    block.depth = depth;
    const std::string where = "E3D block at offset " + std::to_string(block.offset) + origin->within;
    if (bytes.size() - at < kBlockHeaderBytes)
      throw BakeError(model_.string() + ": " + where + ": " + std::to_string(bytes.size() - at) +
                      " bytes left, too few for a 6-byte block header" +
                      (parent ? " (inside " + describe(*parent) + ")" : std::string()));
    block.type = load_le<std::uint16_t>(bytes.data() + at);
    const std::uint32_t length = load_le<std::uint32_t>(bytes.data() + at + 2);
    if (length < kBlockHeaderBytes || length > bytes.size() - at)
      fail(block, "its length " + std::to_string(length) + " " +
                      (length < kBlockHeaderBytes ? std::string("is shorter than its own 6-byte header")
                                                  : "runs past the end of " +
                                                        (parent ? describe(*parent) : std::string("the file")) + " (" +
                                                        std::to_string(bytes.size() - at) + " bytes left)"));
    block.body = bytes.subspan(at + kBlockHeaderBytes, length - kBlockHeaderBytes);
    at += length;
    if (block.type != kLzma) {
      out.push_back(block);
      continue;
    }
    std::vector<std::uint8_t> decoded;
    std::string problem;
    if (!decode_lzma_payload(block.body, decoded_left_, decoded, problem)) {
      if (problem.find("--max-decoded-bytes") != std::string::npos)
        problem += " (" + std::to_string(max_decoded_) + " in all; --max-decoded-bytes raises it)";
      fail(block, "its compressed data " + problem);
    }
    decoded_left_ -= decoded.size();
    const std::vector<std::uint8_t>& kept = decoded_.emplace_back(std::move(decoded));
    const BlockOrigin& inner = origins_.emplace_back(BlockOrigin{" in the data of the lzma block at offset " +
                                                                 std::to_string(block.offset) + origin->within});
    split(Bytes(kept), &inner, depth + 1, &block, 0, out);
  }
}

void BodyReader::need(std::uint64_t count, const std::string& what) const {
  if (count > left())
    context_.fail(block_, what + " needs " + std::to_string(count) + " bytes at body offset " + std::to_string(at_) +
                              ", the block has " + std::to_string(left()) + " left");
}

Bytes BodyReader::take(std::uint64_t count, const char* what) {
  need(count, what);
  const Bytes out = block_.body.subspan(at_, std::size_t(count));
  at_ += std::size_t(count);
  return out;
}

std::uint8_t BodyReader::u8() { return take(1, "a byte")[0]; }
std::uint16_t BodyReader::u16() { return load_le<std::uint16_t>(take(2, "a uint16").data()); }
std::uint32_t BodyReader::u32() { return load_le<std::uint32_t>(take(4, "a uint32").data()); }
float BodyReader::f32() { return load_le<float>(take(4, "a float").data()); }
double BodyReader::f64() { return load_le<double>(take(8, "a double").data()); }

std::string BodyReader::text() {
  const std::uint16_t length = u16();
  const Bytes bytes = take(length, "a string");
  return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

}  // namespace aem::pipeline::e3d
