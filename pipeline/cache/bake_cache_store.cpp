#include "cache/bake_cache_store.hpp"

#include <cstring>
#include <system_error>

#include "cache/cache_directory_lock.hpp"
#include "io/confined_files.hpp"
#include "io/file_status.hpp"
#include "aem/pipeline/model_writer.hpp"

namespace aem::pipeline {

const char* area_name(CacheArea area) { return area == CacheArea::ac ? "ac" : "cas"; }

namespace {

class DirectoryStore final : public CacheStore {
 public:
  explicit DirectoryStore(std::filesystem::path dir) : dir_(std::move(dir)) {}

  std::string name() const override { return "cache directory " + dir_.string(); }

  std::optional<std::vector<std::byte>> get(CacheArea area, const std::string& key, std::uint64_t max_bytes) override {
    const std::filesystem::path path = entry_path(area, key);
    std::error_code ec;
    // A cache directory not made yet is empty; the first store makes it.
    if (!std::filesystem::is_directory(dir_, ec)) return std::nullopt;
    // No prune removes the entry between the look and the read.
    const CacheDirectoryLock lock(dir_, CacheDirectoryLock::Mode::shared);
    if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return std::nullopt;
    // Like any input: never blocks on a FIFO planted in the cache.
    std::vector<unsigned char> bytes;
    if (const std::string problem = read_regular_file(path, bytes, max_bytes); !problem.empty())
      throw CacheStoreError(name() + ": " + path.string() + ": " + problem);
    std::vector<std::byte> out(bytes.size());
    if (!bytes.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
    // An entry's modification time is when it was last written or read (specs/bake.md, "Pruning"):
    // what `aem cache prune` removes first is what was used longest ago.
    mark_modified_now(path);
    return out;
  }

  void put(CacheArea area, const std::string& key, std::span<const std::byte> bytes) override {
    const std::filesystem::path path = entry_path(area, key);
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw CacheStoreError(name() + ": cannot make " + path.parent_path().string() + ": " + ec.message());
    // No prune takes the entry away between its rename and the reads that follow.
    const CacheDirectoryLock lock(dir_, CacheDirectoryLock::Mode::shared);
    try {
      // A temporary beside the entry renamed over it: readers on any machine see all or nothing,
      // and concurrent writers of one key write the same bytes.
      write_file_atomically(path, bytes);
    } catch (const std::exception& e) {
      throw CacheStoreError(name() + ": " + e.what());
    }
  }

 private:
  std::filesystem::path entry_path(CacheArea area, const std::string& key) const {
    return dir_ / area_name(area) / key.substr(0, 2) / key;
  }

  std::filesystem::path dir_;
};

}  // namespace

std::unique_ptr<CacheStore> directory_store(const std::filesystem::path& dir) {
  return std::make_unique<DirectoryStore>(dir);
}

}  // namespace aem::pipeline
