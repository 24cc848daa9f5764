#pragma once
// Paths to and from UTF-8 text, the same on every platform. std::filesystem::path::string() is
// in the ANSI code page on Windows (a name outside it is lost or throws), so text meant for
// messages, reports and file names goes through char8_t, which std::filesystem always reads and
// writes as UTF-8. On POSIX both are the path's bytes as they are. Header only: `aem` uses it also
// where it is built without the pipeline.
#include <filesystem>
#include <string>
#include <string_view>

namespace aem::pipeline {

// `path` as UTF-8 text.
inline std::string utf8_text(const std::filesystem::path& path) {
  const std::u8string text = path.u8string();
  return std::string(text.begin(), text.end());
}

// A path from UTF-8 text.
inline std::filesystem::path path_from_utf8(std::string_view text) {
  return std::filesystem::path(std::u8string(text.begin(), text.end()));
}

}  // namespace aem::pipeline
