#pragma once
// Text the checkers write into messages and read from files: floats as "%g", and the UTF-8 rule
// of names (the version-1 name fields and the extensions' names).
#include <string>
#include <string_view>

namespace aem::detail {

std::string format_float(float value);
// Well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF).
bool is_utf8(std::string_view s);

}  // namespace aem::detail
