#include "output/file_replacement.hpp"

#include <fcntl.h>

namespace aem::pipeline {

int create_new_file(const std::filesystem::path& path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
}

// rename(2) replaces the target in one step, even while a program has it open.
std::error_code move_into_place(const std::filesystem::path& temporary, const std::filesystem::path& path) {
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  return ec;
}

}  // namespace aem::pipeline
