// POSIX implementation of FileMapping and FileCopy: open without blocking, fstat, then mmap or
// a bounded read.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

#include "aem/file_mapping.hpp"
#include "mapping/file_io_error.hpp"

namespace aem {
namespace {

Error io_error(std::string message) { return file_io_error(std::move(message)); }

std::string errno_text(const char* what) { return std::string(what) + ": " + std::strerror(errno); }

const char* file_type_name(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

// Owns a descriptor for the length of one open.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

// Opens `path` for reading and checks that it is a regular file that fits in memory. O_NONBLOCK
// makes opening a FIFO without a writer return at once (a blocking open would wait for one) and
// has no effect on reading a regular file.
Expected<std::size_t> open_regular_file(const std::filesystem::path& path, Descriptor& file) {
  file.fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (file.fd < 0) return io_error(errno_text("cannot open"));
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) return io_error(errno_text("cannot stat"));
  if (!S_ISREG(info.st_mode)) {
    return io_error(std::string("is ") + file_type_name(info.st_mode) + ", not a regular file");
  }
  if (static_cast<std::uintmax_t>(info.st_size) > SIZE_MAX) {
    return io_error("file too large to open on this platform");
  }
  return static_cast<std::size_t>(info.st_size);
}

}  // namespace

Expected<FileMapping> FileMapping::map(const std::filesystem::path& path) {
  Descriptor file;
  const Expected<std::size_t> size = open_regular_file(path, file);
  if (!size) return size.error();
  if (*size == 0) return FileMapping(nullptr, 0);
  // The mapping keeps the file's pages alive on its own once the descriptor closes.
  void* address = ::mmap(nullptr, *size, PROT_READ, MAP_PRIVATE, file.fd, 0);
  if (address == MAP_FAILED) return io_error(errno_text("cannot map"));
  return FileMapping(address, *size);
}

void FileMapping::release() noexcept {
  if (address_ != nullptr) ::munmap(address_, size_);
  address_ = nullptr;
  size_ = 0;
}

Expected<FileCopy> FileCopy::read(const std::filesystem::path& path) {
  Descriptor file;
  const Expected<std::size_t> size = open_regular_file(path, file);
  if (!size) return size.error();
  FileCopy copy;
  copy.size_ = *size;
  // Not zero-filled: every byte is overwritten by the read below or the copy is discarded.
  copy.words_ = std::make_unique_for_overwrite<std::uint64_t[]>(*size / 8 + 1);
  auto* cursor = reinterpret_cast<char*>(copy.words_.get());
  std::size_t done = 0;
  while (done < *size) {
    const ssize_t got = ::read(file.fd, cursor + done, *size - done);
    if (got < 0) {
      if (errno == EINTR) continue;
      return io_error(errno_text("cannot read"));
    }
    if (got == 0) {
      return io_error("file shrank while being read (" + std::to_string(done) + " of " +
                      std::to_string(*size) + " bytes): is another program writing it?");
    }
    done += static_cast<std::size_t>(got);
  }
  // One byte more must be the end, or the file grew while it was read.
  char extra = 0;
  ssize_t more = 0;
  do more = ::read(file.fd, &extra, 1);
  while (more < 0 && errno == EINTR);
  if (more < 0) return io_error(errno_text("cannot read"));
  if (more > 0) {
    return io_error("file grew while being read (past " + std::to_string(*size) +
                    " bytes): is another program writing it?");
  }
  return copy;
}

}  // namespace aem
