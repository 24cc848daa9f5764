#include "io/input_file.hpp"

#include <algorithm>

#include "io/windows_files.hpp"

namespace aem::pipeline {

InputFile::~InputFile() { const windows::Handle closing(reinterpret_cast<HANDLE>(handle_)); }

std::error_code InputFile::open(const std::filesystem::path& path) {
  // Shared every way, so that a bake reading a file never keeps anyone from replacing it.
  windows::Handle file(::CreateFileW(windows::api_path(path).c_str(), GENERIC_READ,
                                     FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                     FILE_FLAG_SEQUENTIAL_SCAN, nullptr));
  if (!file) return windows::last_error();
  std::error_code error;
  const std::optional<FileStatus> status = windows::handle_status(file.get(), LinkMode::follow, error);
  handle_ = reinterpret_cast<std::intptr_t>(file.release());
  if (status) status_ = *status;
  return error;
}

std::ptrdiff_t InputFile::read(void* buffer, std::size_t size, std::error_code& error) {
  DWORD done = 0;
  const DWORD asked = DWORD(std::min<std::size_t>(size, std::size_t(1) << 30));
  if (!::ReadFile(reinterpret_cast<HANDLE>(handle_), buffer, asked, &done, nullptr)) {
    error = windows::last_error();
    return -1;
  }
  return std::ptrdiff_t(done);
}

}  // namespace aem::pipeline
