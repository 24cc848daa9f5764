#pragma once
// Reads glTF accessors into plain arrays: any component type (normalized integers scaled to
// [0,1] or [-1,1], plain integers as their values, as KHR_mesh_quantization allows), byte
// strides, and sparse substitution. The accessor must have been range-checked by import_gltf.
#include <cstdint>
#include <string>
#include <vector>

#include "aem/pipeline/gltf_import.hpp"

namespace aem::pipeline {

// count × components floats. Throws BakeError when the accessor does not have `components`
// components (`what` names the use, e.g. "mesh 0 primitive 1 POSITION").
std::vector<float> read_floats(const GltfDocument& doc, int accessor, std::size_t components,
                               const std::string& what);

// The same for the first min(count, the accessor's count) elements only: for uses that need no
// more (a skin's inverse bind matrices, one per joint), so a hostile count costs nothing.
std::vector<float> read_first_floats(const GltfDocument& doc, int accessor, std::size_t components,
                                     std::size_t count, const std::string& what);

// Unsigned integer scalars (indices, joint indices as VEC4 via components = 4).
std::vector<std::uint32_t> read_uints(const GltfDocument& doc, int accessor,
                                      std::size_t components, const std::string& what);

std::size_t accessor_count(const GltfDocument& doc, int accessor);

}  // namespace aem::pipeline
