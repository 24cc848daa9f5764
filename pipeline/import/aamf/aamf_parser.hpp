#pragma once
// Reads both AAMF layouts (specs/aamf-import.md): SAMF v2 ("SAMF" or "AAMF" magic, version 2)
// and the legacy layout (no magic, validated strictly). Every count and offset is checked against
// the file's size before it is used or allocated for; the first problem throws a BakeError naming
// the file, what is wrong and the offset.
#include "import/aamf/aamf_bytes.hpp"
#include "import/aamf/aamf_model.hpp"

namespace aem::pipeline::aamf {

Model parse_model(const Bytes& bytes);

// Shared by both layouts. The parent table at `offset` (bone_idx == i, parent_idx <= i, as the
// game's loader asserts); returns the offset after it.
std::size_t parse_parents(const Bytes& bytes, std::size_t offset, std::vector<Bone>& bones);
// `count` animation blocks from `offset`, each exactly 20 + 32 x bones x frames bytes; returns the
// offset after the last.
std::size_t parse_animations(const Bytes& bytes, std::size_t offset, std::size_t count, std::size_t bones,
                             std::vector<AnimationData>& animations);
// The legacy layout's per-bone AMF mesh, `size` bytes from `offset` (after the block_size field).
MeshData parse_amf_mesh(const Bytes& bytes, std::size_t offset, std::size_t size, std::size_t bone, Model& model);

}  // namespace aem::pipeline::aamf
