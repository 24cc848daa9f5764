#pragma once
// A binary glTF's framing (its 12-byte header and the 8-byte header and length of each chunk)
// checked before tinygltf reads the bytes: a file cut short then says where it ends and what was
// cut, instead of the loader's "JSON string too short." or "Invalid glTF binary.". Private to
// the glTF producer.
#include <filesystem>
#include <span>

namespace aem::pipeline {

// Whether `bytes` (not empty) are to be read as a GLB: they begin with the magic "glTF", or the
// file is named .glb and is not JSON text (a .glb that is, a misnamed .gltf, is read as JSON, as
// before).
bool is_glb(const std::filesystem::path& path, std::span<const unsigned char> bytes);

// Throws BakeError naming `path` when `bytes` (not empty), read as a GLB, do not begin with its
// magic; end before its header, a chunk's header or a chunk does ("truncated GLB header at byte
// 7 (a GLB header is 12 bytes)"); have a header whose length is shorter than itself or longer
// than the file; or have a first chunk that is not JSON or is empty. Returns normally for a GLB
// whose header and chunks all fit (what they hold is tinygltf's to read).
void check_glb_framing(const std::filesystem::path& path, std::span<const unsigned char> bytes);

}  // namespace aem::pipeline
