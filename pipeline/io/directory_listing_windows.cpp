#include "io/directory_listing.hpp"

#include "io/windows_files.hpp"

namespace aem::pipeline {
namespace {

class FindHandle {
 public:
  explicit FindHandle(HANDLE h) : h_(h) {}
  ~FindHandle() {
    if (h_ != INVALID_HANDLE_VALUE) ::FindClose(h_);
  }
  FindHandle(const FindHandle&) = delete;
  FindHandle& operator=(const FindHandle&) = delete;
  HANDLE get() const { return h_; }

 private:
  HANDLE h_;
};

// Whether a link's target is a regular file, following it as std::filesystem does; its size.
bool linked_regular_file(const std::filesystem::path& link, std::uint64_t& size) {
  const windows::Handle file(::CreateFileW(windows::api_path(link).c_str(), FILE_READ_ATTRIBUTES,
                                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                           FILE_FLAG_BACKUP_SEMANTICS, nullptr));
  BY_HANDLE_FILE_INFORMATION info{};
  if (!file || !::GetFileInformationByHandle(file.get(), &info) || (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY))
    return false;
  size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  return true;
}

}  // namespace

std::vector<DirectoryEntry> list_directory(const std::filesystem::path& dir, std::error_code& error) {
  std::vector<DirectoryEntry> entries;
  error.clear();
  const std::filesystem::path base = dir.empty() ? std::filesystem::path(".") : dir;
  WIN32_FIND_DATAW found{};
  const FindHandle find(::FindFirstFileExW(windows::api_path(base / L"*").c_str(), FindExInfoBasic, &found,
                                           FindExSearchNameMatch, nullptr, FIND_FIRST_EX_LARGE_FETCH));
  if (find.get() == INVALID_HANDLE_VALUE) {
    // A missing folder, or a file where the folder should be, reads as on POSIX.
    const DWORD code = ::GetLastError();
    error = code == ERROR_DIRECTORY || code == ERROR_INVALID_NAME ? std::make_error_code(std::errc::not_a_directory)
                                                                   : windows::error_code_of(code);
    return entries;
  }
  do {
    const std::wstring name = found.cFileName;
    if (name == L"." || name == L"..") continue;
    const DWORD attributes = found.dwFileAttributes;
    const bool reparse_point = (attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0;
    DirectoryEntry entry{dir / name};
    if (attributes & FILE_ATTRIBUTE_DIRECTORY) {
      entry.is_directory = !reparse_point;  // junctions and directory links are not descended
    } else if (!reparse_point) {
      entry.is_regular_file = true;
      entry.size = (std::uint64_t(found.nFileSizeHigh) << 32) | found.nFileSizeLow;
    } else {
      entry.is_regular_file = linked_regular_file(entry.path, entry.size);  // a link to a file
    }
    entries.push_back(std::move(entry));
  } while (::FindNextFileW(find.get(), &found));
  if (const DWORD code = ::GetLastError(); code != ERROR_NO_MORE_FILES) {
    error = windows::error_code_of(code);
    entries.clear();
  }
  return entries;
}

}  // namespace aem::pipeline
