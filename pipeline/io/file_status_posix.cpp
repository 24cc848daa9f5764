#include "io/file_status.hpp"

#include <cerrno>

#include <fcntl.h>
#include <sys/stat.h>

#include "io/posix_files.hpp"

namespace aem::pipeline {
namespace {

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

}  // namespace

FileStatus posix::status_of(const struct ::stat& s) {
  return FileStatus{file_type_of(s.st_mode), std::uint64_t(s.st_dev), std::uint64_t(s.st_ino),
                    std::uint64_t(s.st_size), std::int64_t(s.st_mtim.tv_sec) * 1000000000 + s.st_mtim.tv_nsec};
}

std::optional<FileStatus> file_status(const std::filesystem::path& path, LinkMode links, std::error_code& error) {
  struct ::stat s {};
  const int failed = links == LinkMode::follow ? ::stat(path.c_str(), &s) : ::lstat(path.c_str(), &s);
  if (failed != 0) {
    error = std::error_code(errno == ENOTDIR ? ENOENT : errno, std::generic_category());
    return std::nullopt;
  }
  error.clear();
  return posix::status_of(s);
}

void mark_modified_now(const std::filesystem::path& path) {
  const struct ::timespec times[2] = {{0, UTIME_OMIT}, {0, UTIME_NOW}};  // access time, modification time
  ::utimensat(AT_FDCWD, path.c_str(), times, AT_SYMLINK_NOFOLLOW);
}

}  // namespace aem::pipeline
