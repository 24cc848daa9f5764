#pragma once
// Little-endian bit streams over one 128-bit block (internal): bit 0 is the lowest bit of byte 0.
#include <cstdint>
#include <cstring>

namespace aem::codec::detail {

class BlockBitReader {
 public:
  explicit BlockBitReader(const std::uint8_t* block) {
    for (int i = 7; i >= 0; --i) lo_ = (lo_ << 8) | block[i];
    for (int i = 15; i >= 8; --i) hi_ = (hi_ << 8) | block[i];
  }
  // Reads `count` (1-32) bits; bits past 128 read as zeros.
  std::uint32_t read(int count) {
    std::uint64_t value = 0;
    if (pos_ < 64) {
      value = lo_ >> pos_;
      if (pos_ + count > 64) value |= hi_ << (64 - pos_);
    } else if (pos_ < 128) {
      value = hi_ >> (pos_ - 64);
    }
    pos_ += count;
    return std::uint32_t(value & ((std::uint64_t(1) << count) - 1));
  }
  int position() const { return pos_; }

 private:
  std::uint64_t lo_ = 0, hi_ = 0;
  int pos_ = 0;
};

class BlockBitWriter {
 public:
  // Appends the low `count` (1-32) bits of `value`; the caller keeps the total within 128 bits.
  void write(std::uint32_t value, int count) {
    const std::uint64_t v = value & ((std::uint64_t(1) << count) - 1);
    if (pos_ < 64) {
      lo_ |= v << pos_;
      if (pos_ + count > 64) hi_ |= v >> (64 - pos_);
    } else {
      hi_ |= v << (pos_ - 64);
    }
    pos_ += count;
  }
  int position() const { return pos_; }
  void store(std::uint8_t* block) const {
    for (int i = 0; i < 8; ++i) block[i] = std::uint8_t(lo_ >> (8 * i));
    for (int i = 0; i < 8; ++i) block[8 + i] = std::uint8_t(hi_ >> (8 * i));
  }

 private:
  std::uint64_t lo_ = 0, hi_ = 0;
  int pos_ = 0;
};

}  // namespace aem::codec::detail
