#pragma once
// The panel's account of what an in-memory bake lost: the bake's warnings as short lines.
#include <cstddef>
#include <string>
#include <vector>

namespace aem::viewer {

struct WarningLayout {
  std::size_t width = 80;       // characters per line, indentation included
  std::size_t per_warning = 3;  // lines one warning may take; the rest of it becomes "..."
  std::size_t total = 12;       // lines in all, the heading included
};

// A heading with the count ("Warnings: 3"), then each warning indented and wrapped at spaces
// (a word longer than a line is cut), with `model_path` and its ": " removed from the front
// (the panel names the file already). When the lines run out, the last one says how many
// warnings are not shown. No warnings: no lines.
std::vector<std::string> warning_lines(const std::vector<std::string>& warnings, const std::string& model_path,
                                       const WarningLayout& layout = {});

}  // namespace aem::viewer
