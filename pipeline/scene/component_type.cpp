#include "scene/component_type.hpp"

namespace aem::pipeline {

std::size_t component_bytes(ComponentType type) {
  switch (type) {
    case ComponentType::i8:
    case ComponentType::u8: return 1;
    case ComponentType::i16:
    case ComponentType::u16: return 2;
    case ComponentType::u32:
    case ComponentType::f32: return 4;
  }
  return 4;  // not reached: the switch names every type
}

std::optional<ComponentType> component_type_of(int gltf_component_type) {
  switch (gltf_component_type) {
    case 5120: return ComponentType::i8;
    case 5121: return ComponentType::u8;
    case 5122: return ComponentType::i16;
    case 5123: return ComponentType::u16;
    case 5125: return ComponentType::u32;
    case 5126: return ComponentType::f32;
    default: return std::nullopt;  // any int: glTF's codes are only a convention of the file
  }
}

int gltf_component_code(ComponentType type) {
  switch (type) {
    case ComponentType::i8: return 5120;
    case ComponentType::u8: return 5121;
    case ComponentType::i16: return 5122;
    case ComponentType::u16: return 5123;
    case ComponentType::u32: return 5125;
    case ComponentType::f32: return 5126;
  }
  return 5126;  // not reached: the switch names every type
}

std::optional<std::uint8_t> components_of(int tinygltf_type) {
  switch (tinygltf_type) {
    case 64 + 1: return 1;   // SCALAR
    case 2: return 2;        // VEC2
    case 3: return 3;        // VEC3
    case 4: return 4;        // VEC4
    case 32 + 2: return 4;   // MAT2
    case 32 + 3: return 9;   // MAT3
    case 32 + 4: return 16;  // MAT4
    default: return std::nullopt;
  }
}

}  // namespace aem::pipeline
