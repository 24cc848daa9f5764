#pragma once
// E3D's block structure: every block is a little-endian uint16 type and a uint32 length that
// counts its own 6-byte header, then its body. Containers hold further blocks in their body
// (some after a fixed prefix); an lzma block holds compressed blocks. Nothing here trusts a
// length: every block must fit its parent, and every read is checked against its block's end.
#include <cstdint>
#include <deque>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/bake_error.hpp"
#include "aem/pipeline/bake_limits.hpp"
#include "aem/pipeline/warning_log.hpp"

namespace aem::pipeline::e3d {

using Bytes = std::span<const std::uint8_t>;

inline constexpr std::size_t kBlockHeaderBytes = 6;
// Nesting deeper than any writer makes (the spec's deepest path is 5 levels, animations with
// lzma at every level 10): deeper input is hostile and refused, so recursion stays bounded.
inline constexpr int kMaxBlockDepth = 24;

// Where a block's bytes come from: the file, or the decoded data of an lzma block.
struct BlockOrigin {
  std::string within;  // "" for the file; " in the data of the lzma block at offset 12"
};

struct Block {
  std::uint16_t type = 0;
  std::uint64_t offset = 0;        // of its header, in its origin's bytes
  Bytes body;                      // the bytes after the header
  const BlockOrigin* origin = nullptr;
  int depth = 0;                   // 0 for the file's top-level blocks
};

// What a reading of one model shares: its name for messages, where warnings go, the budget of
// bytes lzma blocks may decode to (BakeLimits::max_decoded_bytes) and the decoded bytes, which
// must outlive every Block that points into them.
class ReadContext {
 public:
  ReadContext(std::filesystem::path model, std::uint64_t max_decoded_bytes, WarningLog& warnings)
      : model_(std::move(model)), decoded_left_(max_decoded_bytes), max_decoded_(max_decoded_bytes),
        warnings_(warnings) {}
  const std::filesystem::path& model() const { return model_; }
  WarningLog& warnings() { return warnings_; }

  // Throws BakeError "<model>: E3D block 0x1030 (triFaces16) at offset 346: <detail>".
  [[noreturn]] void fail(const Block& block, const std::string& detail) const;
  // "E3D block 0x1030 (triFaces16) at offset 346 in the data of the lzma block at offset 12".
  std::string describe(const Block& block) const;
  // A warning "<model>: <describe(block)> skipped: <why>" of kind `kind`, once per block type.
  void skip(const Block& block, const std::string& kind, const std::string& why);

  // The blocks that fill `bytes` exactly, each inside it; `depth` is theirs. Throws (naming
  // the parent) when a header does not fit, a length is under 6 or runs past the end, or depth
  // exceeds kMaxBlockDepth. lzma blocks are decoded here and their blocks spliced in, so a
  // caller never sees type kLzma.
  std::vector<Block> children(const Block& parent, std::size_t prefix_bytes);
  std::vector<Block> top_level(Bytes file);

 private:
  void split(Bytes bytes, const BlockOrigin* origin, int depth, const Block* parent, std::uint64_t base,
             std::vector<Block>& out);

  std::filesystem::path model_;
  std::uint64_t decoded_left_, max_decoded_;
  WarningLog& warnings_;
  std::deque<BlockOrigin> origins_;                 // stable addresses for Block::origin
  std::deque<std::vector<std::uint8_t>> decoded_;   // lzma blocks' data, alive while reading
  BlockOrigin file_origin_{};
};

// Little-endian reads within one block's body; running past its end throws through the context.
class BodyReader {
 public:
  BodyReader(const ReadContext& context, const Block& block, std::size_t from = 0)
      : context_(context), block_(block), at_(from) {}
  std::uint8_t u8();
  std::uint16_t u16();
  std::uint32_t u32();
  float f32();
  double f64();
  std::string text();                 // uint16 length, then that many bytes (no terminator)
  Bytes take(std::uint64_t count, const char* what);  // the next `count` bytes
  std::size_t left() const { return block_.body.size() - at_; }
  std::size_t position() const { return at_; }
  // Throws "<what> needs N bytes, the block has M left" unless `count` more bytes are there.
  void need(std::uint64_t count, const std::string& what) const;

 private:
  const ReadContext& context_;
  const Block& block_;
  std::size_t at_;
};

}  // namespace aem::pipeline::e3d
