#include "ui/warning_lines.hpp"

#include <algorithm>

namespace aem::viewer {
namespace {

constexpr const char* kFirstIndent = "  ";
constexpr const char* kNextIndent = "    ";

// `text` in lines of at most `width` characters, broken at spaces where there are any.
std::vector<std::string> wrap(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    if (text.size() - start <= width) {
      lines.push_back(text.substr(start));
      break;
    }
    std::size_t cut = text.rfind(' ', start + width);
    if (cut == std::string::npos || cut <= start) cut = start + width;  // one long word
    lines.push_back(text.substr(start, cut - start));
    start = cut;
    while (start < text.size() && text[start] == ' ') ++start;
  }
  return lines;
}

}  // namespace

std::vector<std::string> warning_lines(const std::vector<std::string>& warnings, const std::string& model_path,
                                       const WarningLayout& layout) {
  std::vector<std::string> lines;
  if (warnings.empty()) return lines;
  lines.push_back("Warnings: " + std::to_string(warnings.size()));
  const std::size_t text_width = std::max<std::size_t>(layout.width, 16) - std::string(kNextIndent).size();
  const std::size_t total = std::max<std::size_t>(layout.total, 2);
  const std::size_t per_warning = std::max<std::size_t>(layout.per_warning, 1);
  const std::string prefix = model_path + ": ";
  for (std::size_t w = 0; w < warnings.size(); ++w) {
    std::string text = warnings[w];
    if (!model_path.empty() && text.starts_with(prefix)) text.erase(0, prefix.size());
    std::vector<std::string> wrapped = wrap(text, text_width);
    if (wrapped.size() > per_warning) {
      wrapped.resize(per_warning);
      std::string& last = wrapped.back();
      if (last.size() > text_width - 3) {  // room for the "...", at a space where there is one
        const std::size_t space = last.rfind(' ', text_width - 3);
        last.resize(space != std::string::npos && space > 0 ? space : text_width - 3);
      }
      last += "...";
    }
    // Room for this warning, and for the "more" line if any warning would be left out.
    const bool last_warning = w + 1 == warnings.size();
    if (lines.size() + wrapped.size() + (last_warning ? 0 : 1) > total) {
      lines.push_back(std::string(kFirstIndent) + "... " + std::to_string(warnings.size() - w) +
                      " more (printed on stderr)");
      break;
    }
    for (std::size_t l = 0; l < wrapped.size(); ++l) lines.push_back((l == 0 ? kFirstIndent : kNextIndent) + wrapped[l]);
  }
  return lines;
}

}  // namespace aem::viewer
