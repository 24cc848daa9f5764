#include "io/file_status.hpp"

#include "io/windows_files.hpp"

namespace aem::pipeline {
namespace {

// 100-nanosecond intervals between 1601-01-01 (FILETIME's epoch) and 1970-01-01.
constexpr std::int64_t kUnixEpochInFileTime = 116444736000000000;

std::int64_t unix_ns(FILETIME t) {
  const std::int64_t ticks = std::int64_t((std::uint64_t(t.dwHighDateTime) << 32) | t.dwLowDateTime);
  return (ticks - kUnixEpochInFileTime) * 100;
}

std::filesystem::file_type type_of(HANDLE file, DWORD attributes, LinkMode links) {
  using std::filesystem::file_type;
  if (links == LinkMode::no_follow && (attributes & FILE_ATTRIBUTE_REPARSE_POINT)) return file_type::symlink;
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return file_type::directory;
  return ::GetFileType(file) == FILE_TYPE_DISK ? file_type::regular : file_type::unknown;
}

}  // namespace

namespace windows {

std::optional<FileStatus> handle_status(HANDLE file, LinkMode links, std::error_code& error) {
  using std::filesystem::file_type;
  error.clear();
  // Devices (NUL, CON, COM1) and pipes have no file information.
  switch (::GetFileType(file)) {
    case FILE_TYPE_CHAR: return FileStatus{.type = file_type::character};
    case FILE_TYPE_PIPE: return FileStatus{.type = file_type::fifo};
    default: break;
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(file, &info)) {
    error = last_error();
    return std::nullopt;
  }
  return FileStatus{type_of(file, info.dwFileAttributes, links), info.dwVolumeSerialNumber,
                    (std::uint64_t(info.nFileIndexHigh) << 32) | info.nFileIndexLow,
                    (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow, unix_ns(info.ftLastWriteTime)};
}

}  // namespace windows

std::optional<FileStatus> file_status(const std::filesystem::path& path, LinkMode links, std::error_code& error) {
  // Attributes only, shared every way: looking never disturbs a reader, writer or renamer.
  const DWORD flags = FILE_FLAG_BACKUP_SEMANTICS | (links == LinkMode::no_follow ? FILE_FLAG_OPEN_REPARSE_POINT : 0);
  const windows::Handle file(::CreateFileW(windows::api_path(path).c_str(), FILE_READ_ATTRIBUTES,
                                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                           OPEN_EXISTING, flags, nullptr));
  if (!file) {
    error = windows::last_error();
    return std::nullopt;
  }
  return windows::handle_status(file.get(), links, error);
}

void mark_modified_now(const std::filesystem::path& path) {
  const windows::Handle file(::CreateFileW(windows::api_path(path).c_str(), FILE_WRITE_ATTRIBUTES,
                                           FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                           OPEN_EXISTING, FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
  if (!file) return;
  FILETIME now{};
  ::GetSystemTimeAsFileTime(&now);
  ::SetFileTime(file.get(), nullptr, nullptr, &now);
}

}  // namespace aem::pipeline
