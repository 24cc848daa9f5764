#pragma once
// Notices when a file changes on disk (modification time or size), so the viewer reloads it:
// bake in one terminal, watch in another. Polled; reports a change only once it has been stable
// for one poll, so a file still being written is not read half-way (our writer renames
// atomically anyway).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>

namespace aem::viewer {

class FileWatch {
 public:
  FileWatch() = default;
  explicit FileWatch(std::filesystem::path path);
  // True once per change, at most every `interval`.
  bool changed(std::chrono::steady_clock::time_point now);
  const std::filesystem::path& path() const { return path_; }

 private:
  struct Stamp {
    std::filesystem::file_time_type time{};
    std::uintmax_t size = 0;
    bool operator==(const Stamp&) const = default;
  };
  static std::optional<Stamp> stamp(const std::filesystem::path& path);

  std::filesystem::path path_;
  std::optional<Stamp> loaded_;
  std::optional<Stamp> pending_;
  std::chrono::steady_clock::time_point next_poll_{};
};

}  // namespace aem::viewer
