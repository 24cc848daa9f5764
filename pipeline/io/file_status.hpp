#pragma once
// What the pipeline asks of a file by its name, the same way on every platform: its kind, its
// identity (for "is the output the model itself"), its size and modification time. stat/lstat on
// POSIX; on Windows the handle's information (volume serial number and file index for identity,
// reparse points reported as symbolic links when links are not followed). Private to the pipeline.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <system_error>

namespace aem::pipeline {

struct FileStatus {
  std::filesystem::file_type type = std::filesystem::file_type::unknown;
  std::uint64_t device = 0, inode = 0;  // together, which file this is (while it exists)
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;  // last modification, nanoseconds since 1970-01-01 UTC
  bool operator==(const FileStatus&) const = default;
};

enum class LinkMode { follow, no_follow };

// The status of `path`, or nullopt with `error` set (no_such_file_or_directory where nothing is
// there, including a path through a non-directory).
std::optional<FileStatus> file_status(const std::filesystem::path& path, LinkMode links, std::error_code& error);
inline std::optional<FileStatus> file_status(const std::filesystem::path& path, LinkMode links = LinkMode::follow) {
  std::error_code ignored;
  return file_status(path, links, ignored);
}

// Sets the modification time of `path` (not of a link's target) to now, its access time kept.
// Silent on failure: a file this process may only read keeps its times.
void mark_modified_now(const std::filesystem::path& path);

}  // namespace aem::pipeline
