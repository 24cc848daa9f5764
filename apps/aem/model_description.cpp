#include "model_description.hpp"

#include "aem/format.hpp"

namespace aem::cli {

std::string wrap_mode_name(std::uint32_t wrap) {
  switch (WrapMode(wrap)) {
    case WrapMode::repeat: return "repeat";
    case WrapMode::mirrored_repeat: return "mirrored-repeat";
    case WrapMode::clamp_to_edge: return "clamp";
  }
  return "unknown(" + std::to_string(wrap) + ")";
}

std::string material_type_name(std::uint32_t type) {
  switch (MaterialType(type)) {
    case MaterialType::opaque: return "opaque";
    case MaterialType::transparent: return "transparent";
  }
  return "unknown(" + std::to_string(type) + ")";
}

}  // namespace aem::cli
