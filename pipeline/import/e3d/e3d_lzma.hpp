#pragma once
// An E3D lzma block's payload: uint32 decoded size, the 5 LZMA properties bytes (lc/lp/pb and
// dictionary size), then a raw LZMA1 stream with or without an end marker. This is the layout
// Ecere's writer produces (the LZMA SDK's LzmaCompress with lc=4, lp=4, pb=4, which liblzma
// refuses since it supports only lc+lp <= 4), so the decoder is the LZMA SDK's LzmaDec from
// Debian's lzma-dev package.
#include <cstdint>
#include <string>
#include <vector>

#include "import/e3d/e3d_blocks.hpp"

namespace aem::pipeline::e3d {

// The decoded bytes, exactly as many as the payload declares. Returns false with `problem` set
// ("declares 5000000000 bytes, over the 2147483648 left of --max-decoded-bytes", "is corrupt",
// "ends before its declared 556 bytes") for a payload that cannot be decoded. Memory grows with
// the bytes actually decoded, never ahead to a declared size the data does not back.
bool decode_lzma_payload(Bytes payload, std::uint64_t budget, std::vector<std::uint8_t>& out, std::string& problem);

}  // namespace aem::pipeline::e3d
