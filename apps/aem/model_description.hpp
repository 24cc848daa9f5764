#pragma once
// Human names for format enums, shared by the commands that print models (a compression's is
// aem::to_string in aem/format.hpp).
#include <cstdint>
#include <string>

namespace aem::cli {

std::string wrap_mode_name(std::uint32_t wrap);
std::string material_type_name(std::uint32_t type);

}  // namespace aem::cli
