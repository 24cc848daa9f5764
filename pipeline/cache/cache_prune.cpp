#include "aem/pipeline/cache_prune.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include "cache/bake_cache_store.hpp"
#include "cache/cache_directory_lock.hpp"
#include "io/directory_listing.hpp"
#include "io/file_status.hpp"

namespace aem::pipeline {
namespace {

// A temporary untouched this long belongs to a writer that died: a live one writes it at once.
constexpr std::int64_t kAbandonedTemporaryNs = std::int64_t(3600) * 1000 * 1000 * 1000;

// What identifies a listed file at removal time: another file renamed over it, or the same file
// read (mark_used) or rewritten since, differs.
struct FileStamp {
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  bool operator==(const FileStamp&) const = default;
};

struct ListedFile {
  std::filesystem::path path;
  FileStamp stamp;
};

std::optional<FileStamp> regular_file_stamp(const std::filesystem::path& path) {
  const std::optional<FileStatus> s = file_status(path, LinkMode::no_follow);
  if (!s || s->type != std::filesystem::file_type::regular) return std::nullopt;
  return FileStamp{s->device, s->inode, std::int64_t(s->size), s->mtime_ns};
}

bool is_hex(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// An entry's name, as DirectoryStore writes it: 64 lower-case hex digits under their first two.
bool is_entry_name(const std::string& fan_out, const std::string& name) {
  return name.size() == 64 && is_hex(name) && name.compare(0, 2, fan_out) == 0;
}

// A temporary write_file_atomically makes beside an entry: ".KEY.tmp-PID-N".
bool is_entry_temporary(const std::string& fan_out, const std::string& name) {
  return name.size() > 70 && name[0] == '.' && is_entry_name(fan_out, name.substr(1, 64)) &&
         name.compare(65, 5, ".tmp-") == 0;
}

// The entries and the temporaries below DIR/ac and DIR/cas.
void list_cache(const std::filesystem::path& dir, std::vector<ListedFile>& entries, std::vector<ListedFile>& temporaries) {
  for (CacheArea area : {CacheArea::ac, CacheArea::cas}) {
    const std::filesystem::path area_dir = dir / area_name(area);
    const std::optional<FileStatus> status = file_status(area_dir, LinkMode::no_follow);
    if (!status || status->type != std::filesystem::file_type::directory) continue;
    std::error_code ec;
    const std::vector<DirectoryEntry> fans = list_directory(area_dir, ec);
    if (ec) throw std::runtime_error(area_dir.string() + ": cannot be listed: " + ec.message());
    for (const DirectoryEntry& fan : fans) {
      const std::string fan_out = fan.path.filename().string();
      if (fan_out.size() != 2 || !is_hex(fan_out) || !fan.is_directory) continue;
      std::error_code inner;
      const std::vector<DirectoryEntry> files = list_directory(fan.path, inner);
      if (inner) throw std::runtime_error(fan.path.string() + ": cannot be listed: " + inner.message());
      for (const DirectoryEntry& file : files) {
        const std::string name = file.path.filename().string();
        const bool entry = is_entry_name(fan_out, name);
        if (!entry && !is_entry_temporary(fan_out, name)) continue;
        if (const std::optional<FileStamp> stamp = regular_file_stamp(file.path))
          (entry ? entries : temporaries).push_back({file.path, *stamp});
      }
    }
  }
}

// Removes `file` if it is still what was listed; false when it changed (it is then in use).
bool remove_if_unchanged(const std::filesystem::path& dir, const ListedFile& file) {
  const CacheDirectoryLock lock(dir, CacheDirectoryLock::Mode::exclusive);
  if (regular_file_stamp(file.path) != file.stamp) return false;
  std::error_code error;
  if (!std::filesystem::remove(file.path, error) && error && error != std::errc::no_such_file_or_directory)
    throw std::runtime_error(file.path.string() + ": cannot be removed: " + error.message());
  return true;
}

// On the clock FileStatus::mtime_ns counts on: nanoseconds since 1970 (system_clock's epoch).
std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

}  // namespace

CachePruneResult prune_cache_directory(const std::filesystem::path& dir, std::uint64_t max_bytes) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec))
    throw std::runtime_error(dir.string() + ": " + (std::filesystem::exists(dir, ec) ? "not a directory" : "no such directory"));
  std::vector<ListedFile> entries, temporaries;
  list_cache(dir, entries, temporaries);

  CachePruneResult result;
  result.entries_before = entries.size();
  for (const ListedFile& e : entries) result.bytes_before += std::uint64_t(e.stamp.size);
  const std::int64_t abandoned_before = now_ns() - kAbandonedTemporaryNs;
  for (const ListedFile& t : temporaries)
    if (t.stamp.mtime_ns < abandoned_before && remove_if_unchanged(dir, t)) ++result.temporaries_removed;

  // Least recently used first; the path breaks ties, so that a prune is reproducible.
  std::sort(entries.begin(), entries.end(), [](const ListedFile& a, const ListedFile& b) {
    return std::tie(a.stamp.mtime_ns, a.path) < std::tie(b.stamp.mtime_ns, b.path);
  });
  for (const ListedFile& entry : entries) {
    if (result.bytes_left() <= max_bytes) break;
    if (!remove_if_unchanged(dir, entry)) continue;  // read or rewritten since it was listed: in use
    ++result.entries_removed;
    result.bytes_removed += std::uint64_t(entry.stamp.size);
  }
  return result;
}

}  // namespace aem::pipeline
