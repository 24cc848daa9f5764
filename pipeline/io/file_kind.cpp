#include "io/file_kind.hpp"

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

}  // namespace aem::pipeline
