#pragma once
// Component types of streams (scene.hpp's ComponentType) and glTF's codes for them: the one table
// that the glTF importer checks accessors with and the stream reader reads them with.
#include <cstdint>
#include <optional>

#include "aem/pipeline/scene.hpp"

namespace aem::pipeline {

// glTF's accessor componentType (5120 BYTE .. 5126 FLOAT); nullopt for any other code, including
// 5124 (signed int), which glTF does not allow in accessors.
std::optional<ComponentType> component_type_of(int gltf_component_type);

// The glTF code of `type` (for messages that name it as the file spells it).
int gltf_component_code(ComponentType type);

// Components per element of glTF's accessor type (SCALAR 1 .. MAT4 16); nullopt for an unknown
// type. Takes tinygltf's type code (TINYGLTF_TYPE_*, where VEC2 is 2 and MAT4 is 36).
std::optional<std::uint8_t> components_of(int tinygltf_type);

}  // namespace aem::pipeline
