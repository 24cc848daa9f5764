#pragma once
// The words for a texture compression (format.hpp's enum), one spelling for every tool.
#include <string>

#include "aem/format.hpp"

namespace aem {

// A texture compression's one name: "rgba8", "bc5" or "bc7"; "unknown" for a value that is not a
// Compression (a file opened without validation). Machine-readable output carries it as it is
// (`aem info --json`, dry-run reports, the Python module's MipLevel.compression), and it is the
// command line's word (`--format bc7`); "rgba8" rather than the enumerator's "none" says what the
// texels are. The switch has no default, so -Wswitch names this place for a new codec.
constexpr const char* to_string(Compression compression) {
  switch (compression) {
    case Compression::none: return "rgba8";
    case Compression::bc5: return "bc5";
    case Compression::bc7: return "bc7";
  }
  return "unknown";
}

// to_string() upper-cased ("RGBA8", "BC7"): the spelling text for people shows (the bake's
// summary, the viewer's material panel), never a value a program parses.
inline std::string display_name(Compression compression) {
  std::string name = to_string(compression);
  for (char& c : name) c = char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return name;
}

}  // namespace aem
