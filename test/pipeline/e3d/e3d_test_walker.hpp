#pragma once
// An independent minimal reading of E3D files for the tests: walks the blocks (inflating lzma
// blocks with the LZMA SDK directly) and counts what the file declares, without the producer.
#include <cstdint>
#include <cstring>
#include <vector>

extern "C" {
#include <lzma/LzmaDec.h>
}

namespace aem::test {

struct E3dDeclared {
  std::uint64_t vertices = 0, triangles = 0, materials = 0, nodes = 0, meshes = 0;
};

inline void* e3d_test_alloc(void*, size_t size) { return std::malloc(size); }
inline void e3d_test_free(void*, void* p) { std::free(p); }

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
      case 0x0010: {  // lzma: uint32 size, 5 property bytes, data
        std::vector<std::uint8_t> inflated(first);
        SizeT out_size = first, in_size = body_size - 9;
        ELzmaStatus status;
        ISzAlloc alloc{e3d_test_alloc, e3d_test_free};
        LzmaDecode(inflated.data(), &out_size, body + 9, &in_size, body + 4, 5, LZMA_FINISH_END, &status, &alloc);
        walk_e3d(inflated.data(), out_size, out);
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
