#pragma once
// Where the bake cache keeps its entries: Bazel's remote-cache layout, action-cache records under
// ac/<sha256> and content-addressed blobs under cas/<sha256>, in a directory or on an HTTP
// server. Private to the pipeline (bake_cache.cpp).
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace aem::pipeline {

enum class CacheArea { ac, cas };

const char* area_name(CacheArea area);

// A store that cannot be used (unreachable, refusing writes, unreadable): the message says which
// and why. The cache warns once and stops using the store for the rest of the run.
struct CacheStoreError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CacheStore {
 public:
  virtual ~CacheStore() = default;
  // How warnings name the store ("cache directory /mnt/cache", "cache server http://...").
  virtual std::string name() const = 0;
  // The entry's bytes, or nullopt when there is none. Throws CacheStoreError, also for an entry
  // larger than `max_bytes` (which is never read whole).
  virtual std::optional<std::vector<std::byte>> get(CacheArea area, const std::string& key, std::uint64_t max_bytes) = 0;
  // Stores (replaces) the entry; complete or not at all. Throws CacheStoreError.
  virtual void put(CacheArea area, const std::string& key, std::span<const std::byte> bytes) = 0;
};

// DIR/ac/<first two hex digits>/<key> and DIR/cas/..., written by atomic rename. Each get and put
// holds the directory's lock shared (cache_directory_lock.hpp), so that `aem cache prune` never
// removes an entry between a look and a read; a get marks the entry used (its modification time
// is set to now), which is what the prune orders by (cache_prune.hpp).
std::unique_ptr<CacheStore> directory_store(const std::filesystem::path& dir);

// GET and PUT of URL/ac/<key> and URL/cas/<key> (http_cache_client.cpp). Throws
// std::runtime_error for a URL that is not http:// or https://.
std::unique_ptr<CacheStore> http_store(const std::string& url);

}  // namespace aem::pipeline
