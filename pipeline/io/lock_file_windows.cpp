#include "io/lock_file.hpp"

#include <chrono>
#include <thread>

#include "io/windows_files.hpp"

namespace aem::pipeline {
namespace {

HANDLE handle_of(std::intptr_t h) { return reinterpret_cast<HANDLE>(h); }

}  // namespace

std::error_code LockFile::open(const std::filesystem::path& path, bool read_only) {
  close();
  const std::wstring name = windows::api_path(path);
  // No FILE_SHARE_DELETE: nobody removes a lock file someone has open (release_and_remove).
  // A file being removed by a holder that just let go refuses opens for a moment (access
  // denied while its deletion is pending): try again briefly before calling it a read-only folder.
  for (int attempt = 0;; ++attempt) {
    const HANDLE h = ::CreateFileW(name.c_str(), GENERIC_READ | (read_only ? 0 : GENERIC_WRITE),
                                   FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_ALWAYS,
                                   FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) {
      handle_ = reinterpret_cast<std::intptr_t>(h);
      return {};
    }
    const DWORD error = ::GetLastError();
    if (error != ERROR_ACCESS_DENIED || attempt == 10) return windows::error_code_of(error);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::error_code LockFile::lock(Mode mode, bool wait) {
  OVERLAPPED whole{};  // from offset 0, over every byte there can be
  const DWORD flags = (mode == Mode::exclusive ? LOCKFILE_EXCLUSIVE_LOCK : 0) | (wait ? 0 : LOCKFILE_FAIL_IMMEDIATELY);
  if (::LockFileEx(handle_of(handle_), flags, 0, MAXDWORD, MAXDWORD, &whole)) return {};
  const DWORD error = ::GetLastError();
  if (error == ERROR_LOCK_VIOLATION || error == ERROR_IO_PENDING)
    return std::make_error_code(std::errc::resource_unavailable_try_again);
  return windows::error_code_of(error);
}

bool LockFile::is_at(const std::filesystem::path& path) const {
  std::error_code ignored;
  const std::optional<FileStatus> opened = windows::handle_status(handle_of(handle_), LinkMode::follow, ignored);
  const std::optional<FileStatus> named = file_status(path, LinkMode::follow, ignored);
  return opened && named && opened->device == named->device && opened->inode == named->inode;
}

void LockFile::release_and_remove(const std::filesystem::path& path) {
  if (!is_open()) return;
  close();
  // Fails (sharing violation) while a waiter has it open: that one removes it when done.
  ::DeleteFileW(windows::api_path(path).c_str());
}

void LockFile::close() {
  if (is_open()) ::CloseHandle(handle_of(handle_));  // closing the handle releases the lock
  handle_ = -1;
}

}  // namespace aem::pipeline
