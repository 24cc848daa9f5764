#pragma once
// The entries of one directory, the same way on every platform. On Windows, MinGW's libstdc++
// lists a directory through the C runtime's _wopendir, whose MAX_PATH buffer refuses a folder
// more than 260 characters deep, even in a long-path-aware program; the Windows side reads
// directories with FindFirstFileExW on the long-path form instead. Private to the pipeline and
// aem_model_formats.
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <vector>

namespace aem::pipeline {

struct DirectoryEntry {
  std::filesystem::path path;  // `dir` / the entry's name (the name alone where `dir` is empty)
  bool is_directory = false;  // a real directory: a link to one is not (a link back up the tree would never end)
  bool is_regular_file = false;  // following a link to a file
  std::uint64_t size = 0;  // of a regular file
};

// The entries of `dir` (the current directory where empty; "." and ".." left out), in the order
// the system gives them; empty with `error` set where `dir` cannot be read
// (no_such_file_or_directory, not_a_directory, permission_denied...).
std::vector<DirectoryEntry> list_directory(const std::filesystem::path& dir, std::error_code& error);

}  // namespace aem::pipeline
