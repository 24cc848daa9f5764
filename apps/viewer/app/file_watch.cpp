#include "app/file_watch.hpp"

#include <utility>

namespace aem::viewer {

FileWatch::FileWatch(std::filesystem::path path) : path_(std::move(path)), loaded_(stamp(path_)) {}

std::optional<FileWatch::Stamp> FileWatch::stamp(const std::filesystem::path& path) {
  std::error_code ec;
  Stamp s;
  s.time = std::filesystem::last_write_time(path, ec);
  if (ec) return std::nullopt;
  s.size = std::filesystem::file_size(path, ec);
  if (ec) return std::nullopt;
  return s;
}

bool FileWatch::changed(std::chrono::steady_clock::time_point now) {
  if (path_.empty() || now < next_poll_) return false;
  next_poll_ = now + std::chrono::milliseconds(300);
  const std::optional<Stamp> current = stamp(path_);
  if (!current || current == loaded_) {
    pending_.reset();
    return false;
  }
  if (pending_ != current) {  // changed since the last poll: wait until it settles
    pending_ = current;
    return false;
  }
  loaded_ = current;
  pending_.reset();
  return true;
}

}  // namespace aem::viewer
