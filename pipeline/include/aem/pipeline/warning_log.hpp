#pragma once
// The warnings of one bake: what was lost, each kind once.
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace aem::pipeline {

// Collects warnings once per kind ("vertex colours", "cameras"...), with the first detail. A
// kind's code, as reports give it, is the kind in lower case with '_' for anything but letters
// and digits ("vertex_colours"): kinds are a stable vocabulary, the details are not.
class WarningLog {
 public:
  explicit WarningLog(bool strict = false) : strict_(strict) {}
  // Records a warning of `kind`; only the first per kind is kept. In strict mode throws BakeError.
  void warn(const std::string& kind, const std::string& detail);
  // The same, kept once per kind and element (an extension's name, a material): for losses that
  // each element has on its own.
  void warn(const std::string& kind, const std::string& element, const std::string& detail);
  const std::vector<std::string>& messages() const { return messages_; }
  const std::vector<std::string>& codes() const { return codes_; }  // parallel to messages()

 private:
  bool strict_;
  std::set<std::string> seen_;
  std::vector<std::string> messages_;
  std::vector<std::string> codes_;
};

// "vertex colours" -> "vertex_colours".
std::string warning_code(std::string_view kind);

}  // namespace aem::pipeline
