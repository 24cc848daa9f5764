#include "io/file_kind.hpp"

#include <sys/stat.h>

namespace aem::pipeline {

const char* file_kind_name(std::filesystem::file_type type) {
  using std::filesystem::file_type;
  switch (type) {
    case file_type::directory: return "a directory";
    case file_type::character: return "a character device";
    case file_type::block: return "a block device";
    case file_type::fifo: return "a FIFO";
    case file_type::socket: return "a socket";
    default: return "not a regular file";
  }
}

std::filesystem::file_type file_type_of(mode_t mode) {
  using std::filesystem::file_type;
  if (S_ISREG(mode)) return file_type::regular;
  if (S_ISDIR(mode)) return file_type::directory;
  if (S_ISFIFO(mode)) return file_type::fifo;
  if (S_ISCHR(mode)) return file_type::character;
  if (S_ISBLK(mode)) return file_type::block;
  if (S_ISSOCK(mode)) return file_type::socket;
  if (S_ISLNK(mode)) return file_type::symlink;
  return file_type::unknown;
}

}  // namespace aem::pipeline
