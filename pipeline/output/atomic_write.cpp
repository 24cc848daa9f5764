#include "aem/pipeline/model_writer.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

#if defined(_WIN32)
#include <io.h>       // write, close
#include <process.h>  // getpid
#else
#include <unistd.h>
#endif

#include "aem/pipeline/utf8_path.hpp"
#include "output/file_replacement.hpp"

namespace aem::pipeline {

using std::to_string;

namespace {

constexpr std::string_view kTemporaryTag = ".tmp-";

// ".NAME.tmp-": what every temporary of `path` begins with.
std::string temporary_prefix(const std::filesystem::path& path) {
  std::string prefix(1, '.');
  prefix += utf8_text(path.filename());
  prefix += kTemporaryTag;
  return prefix;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Creates a new temporary for `path` and returns its descriptor, or -1 with errno set. Never
// opens an existing file: a process killed with the same pid may have left that name.
int create_temporary(const std::filesystem::path& path, std::filesystem::path& temporary) {
  for (int attempt = 0;; ++attempt) {
    temporary = temporary_path(path);
    const int fd = create_new_file(temporary);
    if (fd >= 0 || errno != EEXIST || attempt == 100) return fd;
  }
}

// Writes all of `bytes` to `fd` and closes it; the error says why it could not (errno's words),
// or is operation_canceled once `cancel` is set (looked at between chunks of a few MiB).
std::error_code write_and_close(int fd, std::span<const std::byte> bytes, const std::atomic<bool>* cancel) {
  constexpr std::size_t kChunk = std::size_t(8) << 20;
  std::error_code ec;
  for (std::size_t done = 0; done < bytes.size() && !ec;) {
    if (cancel && cancel->load(std::memory_order_relaxed)) {
      ec = std::make_error_code(std::errc::operation_canceled);
      break;
    }
    const ::ssize_t n = ::write(fd, bytes.data() + done, std::min(bytes.size() - done, kChunk));
    if (n > 0) done += std::size_t(n);
    else if (n < 0 && errno != EINTR) ec = {errno, std::generic_category()};
    else if (n == 0) ec = std::make_error_code(std::errc::io_error);
  }
  // (close reports the errors of delayed writes on some file systems.)
  if (::close(fd) != 0 && !ec) ec = {errno, std::generic_category()};
  return ec;
}

}  // namespace

// ".NAME.tmp-<pid>-<n>" beside `path`: hidden (directory bakes and listings pass over it), and
// recognisable, so that the next writer of `path` can remove what a killed process left.
std::filesystem::path temporary_path(const std::filesystem::path& path) {
  static std::atomic<std::uint64_t> counter{0};
  return path.parent_path() /
         path_from_utf8(temporary_prefix(path) + to_string(::getpid()) + "-" + to_string(counter.fetch_add(1)));
}

void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes,
                           const std::atomic<bool>* cancel) {
  std::filesystem::path temporary;
  const int fd = create_temporary(path, temporary);
  if (fd < 0)
    throw std::runtime_error(utf8_text(path) + ": cannot write the file: " + std::generic_category().message(errno));
  std::error_code ec = write_and_close(fd, bytes, cancel);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    if (ec == std::errc::operation_canceled) throw WriteCancelled(utf8_text(path) + ": writing cancelled");
    throw std::runtime_error(utf8_text(path) + ": cannot write the file: " + ec.message());
  }
  ec = move_into_place(temporary, path);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(temporary, ignored);
    throw std::runtime_error(utf8_text(path) + ": cannot move the finished file into place: " +
                             (ec == std::errc::device_or_resource_busy
                                  ? "another program has it open and keeps it from being replaced; close it and try again"
                                  : ec.message()));
  }
}

bool is_temporary_of(const std::string& name, const std::filesystem::path& path) {
  const std::string prefix = temporary_prefix(path);
  if (name.compare(0, prefix.size(), prefix) != 0) return false;
  // Exactly "<pid>-<n>" after the prefix: nothing else is ever taken for a temporary.
  const std::string_view rest = std::string_view(name).substr(prefix.size());
  const std::size_t dash = rest.find('-');
  return dash != std::string_view::npos && all_digits(rest.substr(0, dash)) && all_digits(rest.substr(dash + 1));
}

}  // namespace aem::pipeline
