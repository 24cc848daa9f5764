#pragma once
// What an export command wrote: the regular files below a directory, for the CLI tests.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace aem::test {

// The regular files below `dir`, as sorted generic paths relative to it; none when `dir` does not
// exist.
inline std::vector<std::string> files_in(const std::filesystem::path& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (std::filesystem::recursive_directory_iterator it(dir, ec), end; it != end; it.increment(ec))
    if (it->is_regular_file()) out.push_back(std::filesystem::relative(it->path(), dir).generic_string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace aem::test
