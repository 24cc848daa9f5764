#pragma once
// Names from other tools made valid UTF-8, which the bake assumes (truncated_utf8, the AEM
// format): FBX and older formats often write Latin-1, E3D names are bytes of no stated encoding.
#include <string>

namespace aem::pipeline {

// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF).
bool is_valid_utf8(const std::string& s);

// `text` unchanged when it is valid UTF-8; otherwise every byte read as Latin-1 and encoded as
// UTF-8.
std::string utf8_from_unknown(const std::string& text);

// A name as the AEM extensions store it (the names extension, morph target and group names): up
// to its first NUL (a glTF string may escape one), then utf8_from_unknown.
std::string stored_name(const std::string& name);

}  // namespace aem::pipeline
