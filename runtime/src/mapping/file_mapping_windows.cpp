// Windows implementation of FileMapping and FileCopy: CreateFileW, a check that the handle is a
// regular disk file, then a read-only view (CreateFileMappingW/MapViewOfFile) or a bounded read.
// Paths reach CreateFileW as UTF-16 (std::filesystem::path is wide on Windows), so any file name
// opens; callers holding UTF-8 text build their path from a u8string.
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <system_error>
#include <utility>

#include "aem/file_mapping.hpp"
#include "mapping/file_io_error.hpp"

namespace aem {
namespace {

Error io_error(std::string message) { return file_io_error(std::move(message)); }

// The same words as the POSIX build for the commonest failure, so that messages (and the tests
// that read them) do not depend on the platform; Windows' own text otherwise.
std::string last_error_text(const char* what) {
  const DWORD code = ::GetLastError();
  if (code == ERROR_FILE_NOT_FOUND || code == ERROR_PATH_NOT_FOUND) {
    return std::string(what) + ": No such file or directory";
  }
  std::string text = std::system_category().message(int(code));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == '.')) text.pop_back();
  return std::string(what) + ": " + text + " (Windows error " + std::to_string(code) + ")";
}

// Owns a handle for the length of one open.
struct Handle {
  HANDLE value = INVALID_HANDLE_VALUE;
  ~Handle() {
    if (value != INVALID_HANDLE_VALUE && value != nullptr) ::CloseHandle(value);
  }
};

const char* file_type_name(DWORD type) {
  if (type == FILE_TYPE_PIPE) return "a named pipe or socket";
  if (type == FILE_TYPE_CHAR) return "a character device";
  return "not a plain file";
}

// Opens `path` for reading and checks that it is a regular file that fits in memory. Others may
// keep reading it, and may delete or rename over it (FILE_SHARE_DELETE), as on POSIX; writers are
// refused while it is open. FILE_FLAG_BACKUP_SEMANTICS lets a directory open, so that it is
// named as one below instead of failing with "access denied". Opening a pipe's client end or a
// device does not wait; the type check refuses them before any read.
Expected<std::size_t> open_regular_file(const std::filesystem::path& path, Handle& file) {
  file.value = ::CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                             OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
  if (file.value == INVALID_HANDLE_VALUE) return io_error(last_error_text("cannot open"));
  const DWORD type = ::GetFileType(file.value);
  if (type != FILE_TYPE_DISK) {
    return io_error(std::string("is ") + file_type_name(type) + ", not a regular file");
  }
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(file.value, &info)) return io_error(last_error_text("cannot stat"));
  if (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) return io_error("is a directory, not a regular file");
  const std::uint64_t size = (std::uint64_t(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
  if (size > SIZE_MAX) return io_error("file too large to open on this platform");
  return static_cast<std::size_t>(size);
}

}  // namespace

Expected<FileMapping> FileMapping::map(const std::filesystem::path& path) {
  Handle file;
  const Expected<std::size_t> size = open_regular_file(path, file);
  if (!size) return size.error();
  // CreateFileMapping refuses an empty file; there is nothing to map anyway.
  if (*size == 0) return FileMapping(nullptr, 0);
  Handle section;
  section.value = ::CreateFileMappingW(file.value, nullptr, PAGE_READONLY, 0, 0, nullptr);
  if (section.value == nullptr) return io_error(last_error_text("cannot map"));
  // The view keeps the section and the file alive on its own once both handles close.
  void* address = ::MapViewOfFile(section.value, FILE_MAP_READ, 0, 0, 0);
  if (address == nullptr) return io_error(last_error_text("cannot map"));
  return FileMapping(address, *size);
}

void FileMapping::release() noexcept {
  if (address_ != nullptr) ::UnmapViewOfFile(address_);
  address_ = nullptr;
  size_ = 0;
}

Expected<FileCopy> FileCopy::read(const std::filesystem::path& path) {
  Handle file;
  const Expected<std::size_t> size = open_regular_file(path, file);
  if (!size) return size.error();
  FileCopy copy;
  copy.size_ = *size;
  // Not zero-filled: every byte is overwritten by the read below or the copy is discarded.
  copy.words_ = std::make_unique_for_overwrite<std::uint64_t[]>(*size / 8 + 1);
  auto* cursor = reinterpret_cast<char*>(copy.words_.get());
  std::size_t done = 0;
  while (done < *size) {
    // ReadFile takes a 32-bit count: at most 1 GiB a call.
    const DWORD want = static_cast<DWORD>(std::min<std::size_t>(*size - done, std::size_t(1) << 30));
    DWORD got = 0;
    if (!::ReadFile(file.value, cursor + done, want, &got, nullptr)) return io_error(last_error_text("cannot read"));
    if (got == 0) {
      return io_error("file shrank while being read (" + std::to_string(done) + " of " +
                      std::to_string(*size) + " bytes): is another program writing it?");
    }
    done += got;
  }
  // One byte more must be the end, or the file grew while it was read.
  char extra = 0;
  DWORD more = 0;
  if (!::ReadFile(file.value, &extra, 1, &more, nullptr)) return io_error(last_error_text("cannot read"));
  if (more > 0) {
    return io_error("file grew while being read (past " + std::to_string(*size) +
                    " bytes): is another program writing it?");
  }
  return copy;
}

}  // namespace aem
