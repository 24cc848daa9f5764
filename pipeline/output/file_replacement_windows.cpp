#include "output/file_replacement.hpp"

#include <fcntl.h>
#include <io.h>  // _wopen
#include <sys/stat.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "io/windows_files.hpp"

namespace aem::pipeline {
namespace {

// The rename with POSIX semantics (Windows 10 1709 and later, NTFS): the target is replaced even
// while a program has it open sharing delete access (aem-viewer maps the files it shows that way,
// and keeps its old view). False where the system or file system does not offer it.
bool rename_replacing_open_target(const std::wstring& from, const std::wstring& to) {
  const windows::Handle file(::CreateFileW(from.c_str(), DELETE | SYNCHRONIZE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                           nullptr, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
  if (!file) return false;
  // FILE_RENAME_INFO with its Flags member (FILE_RENAME_FLAG_REPLACE_IF_EXISTS 1 | POSIX_SEMANTICS 2).
  struct RenameInfo {
    DWORD flags;
    HANDLE root;
    DWORD length;
    WCHAR name[1];
  };
  std::vector<std::byte> buffer(sizeof(RenameInfo) + to.size() * sizeof(WCHAR));
  auto* info = reinterpret_cast<RenameInfo*>(buffer.data());
  info->flags = 0x1 | 0x2;
  info->root = nullptr;
  info->length = DWORD(to.size() * sizeof(WCHAR));
  std::memcpy(info->name, to.c_str(), (to.size() + 1) * sizeof(WCHAR));
  constexpr auto kFileRenameInfoEx = FILE_INFO_BY_HANDLE_CLASS(22);
  return ::SetFileInformationByHandle(file.get(), kFileRenameInfoEx, info, DWORD(buffer.size())) != 0;
}

// Where the target cannot be replaced because a program has it open sharing delete access (Wine,
// older Windows): the old file renamed aside to a temporary's name (which a later writer removes,
// should this process die here), the new one into place, the old one deleted (it goes once that
// program closes it). Not one step: for a moment the name is free. False, with the old file back
// in place, where a step fails.
bool replace_by_moving_aside(const std::wstring& from, const std::wstring& to, const std::filesystem::path& path) {
  const std::wstring aside = windows::api_path(temporary_path(path));
  if (!::MoveFileExW(to.c_str(), aside.c_str(), MOVEFILE_WRITE_THROUGH)) return false;
  if (!::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH)) {
    ::MoveFileExW(aside.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH);
    return false;
  }
  ::DeleteFileW(aside.c_str());
  return true;
}

}  // namespace

int create_new_file(const std::filesystem::path& path) {
  return ::_wopen(windows::api_path(path).c_str(), _O_WRONLY | _O_CREAT | _O_EXCL | _O_BINARY | _O_NOINHERIT,
                  _S_IREAD | _S_IWRITE);
}

std::error_code move_into_place(const std::filesystem::path& temporary, const std::filesystem::path& path) {
  std::error_code ec;
  const std::wstring from = windows::api_path(temporary);
  const std::wstring to = windows::api_path(std::filesystem::absolute(path, ec));
  for (int attempt = 0;; ++attempt) {
    if (rename_replacing_open_target(from, to)) return {};
    if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) return {};
    const DWORD error = ::GetLastError();
    const bool in_use = error == ERROR_ACCESS_DENIED || error == ERROR_SHARING_VIOLATION || error == ERROR_USER_MAPPED_FILE;
    if (!in_use) return windows::error_code_of(error);
    if (replace_by_moving_aside(from, to, path)) return {};
    if (attempt == 40) return std::make_error_code(std::errc::device_or_resource_busy);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace aem::pipeline
