#pragma once
// Human names for format enums, shared by the commands that print models.
#include <cstdint>
#include <string>

namespace aem::cli {

std::string wrap_mode_name(std::uint32_t wrap);
std::string compression_name(std::uint32_t compression);
std::string material_type_name(std::uint32_t type);

}  // namespace aem::cli
