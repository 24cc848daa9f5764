#pragma once
// How the Assimp conversion writes a number in a warning: the stream's default six significant
// digits ("0.5", "1e+06"), short enough to read. Private to the Assimp child.
#include <sstream>
#include <string>

namespace aem::pipeline {

inline std::string message_number(double v) {
  std::ostringstream out;
  out << v;
  return out.str();
}

}  // namespace aem::pipeline
