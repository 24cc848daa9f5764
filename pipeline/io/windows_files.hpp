#pragma once
// Windows only, for the pipeline's *_windows.cpp files: a handle closed on every way out, Win32
// errors as std::error_code (the common ones as their POSIX equivalents, so that messages read as
// on Linux: "No such file or directory", "Permission denied"), and paths for the wide API that
// may be longer than MAX_PATH.
#include <filesystem>
#include <optional>
#include <string>
#include <system_error>

#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include "io/file_status.hpp"

namespace aem::pipeline::windows {

class Handle {
 public:
  explicit Handle(HANDLE h = INVALID_HANDLE_VALUE) : h_(h) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : h_(other.release()) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      h_ = other.release();
    }
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  HANDLE get() const { return h_; }
  explicit operator bool() const { return h_ != INVALID_HANDLE_VALUE && h_ != nullptr; }
  HANDLE release() {
    HANDLE h = h_;
    h_ = INVALID_HANDLE_VALUE;
    return h;
  }
  void reset() {
    if (*this) ::CloseHandle(h_);
    h_ = INVALID_HANDLE_VALUE;
  }

 private:
  HANDLE h_;
};

inline std::error_code error_code_of(DWORD error) {
  switch (error) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND:
    case ERROR_INVALID_NAME:
    case ERROR_BAD_NETPATH:
    case ERROR_BAD_NET_NAME:
    case ERROR_DIRECTORY: return std::make_error_code(std::errc::no_such_file_or_directory);
    case ERROR_ACCESS_DENIED:
    case ERROR_PRIVILEGE_NOT_HELD: return std::make_error_code(std::errc::permission_denied);
    case ERROR_SHARING_VIOLATION:
    case ERROR_LOCK_VIOLATION:
    case ERROR_USER_MAPPED_FILE: return std::make_error_code(std::errc::device_or_resource_busy);
    case ERROR_WRITE_PROTECT: return std::make_error_code(std::errc::read_only_file_system);
    case ERROR_FILE_EXISTS:
    case ERROR_ALREADY_EXISTS: return std::make_error_code(std::errc::file_exists);
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return std::make_error_code(std::errc::no_space_on_device);
    case ERROR_NOT_ENOUGH_MEMORY:
    case ERROR_OUTOFMEMORY: return std::make_error_code(std::errc::not_enough_memory);
    default: return std::error_code(int(error), std::system_category());
  }
}
inline std::error_code last_error() { return error_code_of(::GetLastError()); }

// `path` as the wide API takes it: as given while it is short; absolute with the "\\?\" prefix
// ("\\?\UNC\" for a share) once it reaches MAX_PATH, which lifts that limit.
inline std::wstring api_path(const std::filesystem::path& path) {
  const std::wstring& text = path.native();
  if (text.size() < MAX_PATH - 12 || text.rfind(L"\\\\?\\", 0) == 0) return text;
  std::error_code ec;
  std::wstring full = std::filesystem::absolute(path, ec).lexically_normal().make_preferred().native();
  if (ec) return text;
  if (full.rfind(L"\\\\", 0) == 0) return L"\\\\?\\UNC\\" + full.substr(2);
  return L"\\\\?\\" + full;
}

// The status of an open handle (file_status_windows.cpp).
std::optional<FileStatus> handle_status(HANDLE file, LinkMode links, std::error_code& error);

}  // namespace aem::pipeline::windows
