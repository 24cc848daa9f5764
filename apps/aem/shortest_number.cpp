#include "shortest_number.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace aem::cli {

std::string shortest_text(float v) {
  char text[32];  // a float's shortest form is at most 15 characters ("-1.17549435e-38")
  const std::to_chars_result r = std::to_chars(text, text + sizeof text, v);
  return r.ec == std::errc() ? std::string(text, r.ptr) : std::string("?");
}

double shortest_double(float v) {
  if (!std::isfinite(v)) return double(v);
  const std::string text = shortest_text(v);
  double out = double(v);
  std::from_chars(text.data(), text.data() + text.size(), out);  // locale-independent, unlike strtod
  // The text names v, and so almost always does the double nearest it; where that double lies on
  // the midpoint between two floats it may not, and v widened (longer, but exact) is kept.
  return float(out) == v ? out : double(v);
}

}  // namespace aem::cli
