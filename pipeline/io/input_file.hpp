#pragma once
// A file opened for reading without ever blocking in the open (a FIFO's open returns at once
// and is then seen not to be a regular file), the same way on every platform: open(2) with
// O_NONBLOCK on POSIX, CreateFileW sharing read, write and delete on Windows (so that reading
// never keeps another program from replacing the file). Private to the pipeline.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include "io/file_status.hpp"

namespace aem::pipeline {

class InputFile {
 public:
  InputFile() = default;
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // Opens `path` (links followed) and examines what was opened; the error of either step
  // (no_such_file_or_directory where nothing is there). Reads may follow only where status()
  // says it is a regular file.
  std::error_code open(const std::filesystem::path& path);
  const FileStatus& status() const { return status_; }
  // Reads up to `size` bytes into `buffer`: how many (0 at the end), or -1 with `error` set.
  std::ptrdiff_t read(void* buffer, std::size_t size, std::error_code& error);

 private:
  std::intptr_t handle_ = -1;  // a descriptor, or a HANDLE
  FileStatus status_;
};

}  // namespace aem::pipeline
