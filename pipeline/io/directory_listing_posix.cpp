#include "io/directory_listing.hpp"

namespace aem::pipeline {

std::vector<DirectoryEntry> list_directory(const std::filesystem::path& dir, std::error_code& error) {
  std::vector<DirectoryEntry> entries;
  error.clear();
  for (std::filesystem::directory_iterator it(dir.empty() ? "." : dir, error), end; !error && it != end;
       it.increment(error)) {
    std::error_code kind_error;  // an entry that vanishes meanwhile is neither
    DirectoryEntry entry{dir / it->path().filename()};
    entry.is_directory = it->is_directory(kind_error) && !it->is_symlink(kind_error);
    entry.is_regular_file = it->is_regular_file(kind_error);
    if (entry.is_regular_file) {
      const std::uintmax_t size = it->file_size(kind_error);
      entry.size = kind_error ? 0 : std::uint64_t(size);
    }
    entries.push_back(std::move(entry));
  }
  if (error) entries.clear();
  return entries;
}

}  // namespace aem::pipeline
