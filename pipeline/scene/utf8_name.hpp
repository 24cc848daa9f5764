#pragma once
// Names that AEM stores in fixed-size fields (joints, animations: 127 bytes and a terminator).
#include <cstddef>
#include <string>

namespace aem::pipeline {

// `text` cut to at most `max_bytes`, at a UTF-8 character boundary so that no character is split.
// `text` must be valid UTF-8 (producers make it so).
inline std::string truncated_utf8(std::string text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  text.resize(cut);
  return text;
}

}  // namespace aem::pipeline
