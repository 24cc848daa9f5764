#pragma once
// An independent minimal reading of E3D files for the tests and the fuzzer's seed writer: walks
// the blocks (inflating lzma blocks with the LZMA SDK directly) and counts what the file declares,
// or writes the file with its lzma blocks inflated in place, without the producer.
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" {
#include <lzma/LzmaDec.h>
}

namespace aem::test {

struct E3dDeclared {
  std::uint64_t vertices = 0, triangles = 0, materials = 0, nodes = 0, meshes = 0;
};

inline std::vector<std::uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

inline void* e3d_test_alloc(void*, size_t size) { return std::malloc(size); }
inline void e3d_test_free(void*, void* p) { std::free(p); }

// The blocks an lzma block's body (uint32 size, 5 property bytes, data) holds; what decodes of
// them when the data is corrupt or short.
inline std::vector<std::uint8_t> inflate_e3d_lzma(const std::uint8_t* body, std::size_t body_size) {
  if (body_size < 9) return {};
  std::uint32_t size;
  std::memcpy(&size, body, 4);
  std::vector<std::uint8_t> inflated(size);
  SizeT out_size = size, in_size = body_size - 9;
  ELzmaStatus status;
  ISzAlloc alloc{e3d_test_alloc, e3d_test_free};
  LzmaDecode(inflated.data(), &out_size, body + 9, &in_size, body + 4, 5, LZMA_FINISH_END, &status, &alloc);
  inflated.resize(out_size);
  return inflated;
}

// The file with each top-level lzma block replaced by the blocks it holds: the same model, every
// block readable as it lies (the spec allows an E3D file with no lzma block at all).
inline std::vector<std::uint8_t> without_lzma(const std::vector<std::uint8_t>& file) {
  std::vector<std::uint8_t> out;
  std::size_t at = 0;
  while (at + 6 <= file.size()) {
    std::uint16_t type;
    std::uint32_t length;
    std::memcpy(&type, file.data() + at, 2);
    std::memcpy(&length, file.data() + at + 2, 4);
    if (length < 6 || length > file.size() - at) break;
    if (type == 0x0010) {
      const std::vector<std::uint8_t> inflated = inflate_e3d_lzma(file.data() + at + 6, length - 6);
      out.insert(out.end(), inflated.begin(), inflated.end());
    } else {
      out.insert(out.end(), file.begin() + std::ptrdiff_t(at), file.begin() + std::ptrdiff_t(at + length));
    }
    at += length;
  }
  return out;
}

inline void walk_e3d(const std::uint8_t* data, std::size_t size, E3dDeclared& out) {
  std::size_t at = 0;
  while (at + 6 <= size) {
    std::uint16_t type;
    std::uint32_t length;
    std::memcpy(&type, data + at, 2);
    std::memcpy(&length, data + at + 2, 4);
    const std::uint8_t* body = data + at + 6;
    const std::size_t body_size = length - 6;
    std::uint32_t first = 0;
    if (body_size >= 4) std::memcpy(&first, body, 4);
    switch (type) {
      case 0x0010: {  // lzma
        const std::vector<std::uint8_t> inflated = inflate_e3d_lzma(body, body_size);
        walk_e3d(inflated.data(), inflated.size(), out);
        break;
      }
      case 0x1000: case 0x3000: case 0x8000: walk_e3d(body, body_size, out); break;
      case 0x1010: ++out.meshes; walk_e3d(body, body_size, out); break;
      case 0x3010: case 0x3011: case 0x3012: ++out.nodes; walk_e3d(body, body_size, out); break;
      case 0x2000: out.vertices += first; break;
      case 0x1030: case 0x1031: out.triangles += first; break;
      case 0x8010: ++out.materials; break;
      default: break;
    }
    at += length;
  }
}

}  // namespace aem::test
