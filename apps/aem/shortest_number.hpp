#pragma once
// Floats as `aem info` prints them: the shortest text that reads back as the same float ("0.35"
// for the float nearest 0.35, not its 9-digit "0.349999994" nor the widened double's
// "0.3499999940395355"), in text and in JSON alike.
#include <string>

namespace aem::cli {

// The shortest decimal text that reads back (as a float) to `v` exactly: std::to_chars without
// a precision. "inf", "-inf" and "nan" for what is not finite.
std::string shortest_text(float v);

// The double that shortest_text(v) names, for JSON: a JSON writer that prints doubles in their
// shortest form (nlohmann's dump does) then prints shortest_text(v), and reading it back as a
// float gives v. (Should that double not read back as v, v widened, which does.) Not finite
// stays not finite.
double shortest_double(float v);

}  // namespace aem::cli
