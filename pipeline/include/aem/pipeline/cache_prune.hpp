#pragma once
// `aem cache prune`: a cache directory (bake_cache.hpp) cut down to a size, least recently used
// first, while bakes go on using it (specs/bake.md, "Pruning the cache directory").
#include <cstdint>
#include <filesystem>

namespace aem::pipeline {

struct CachePruneResult {
  std::uint64_t entries_before = 0, bytes_before = 0;    // the entries found when it started
  std::uint64_t entries_removed = 0, bytes_removed = 0;
  std::uint64_t temporaries_removed = 0;                 // left by writers killed over an hour ago
  std::uint64_t entries_left() const { return entries_before - entries_removed; }
  std::uint64_t bytes_left() const { return bytes_before - bytes_removed; }
};

// Removes entries of the cache directory `dir` (the files DIR/ac/XX/KEY and DIR/cas/XX/KEY, KEY
// 64 hex digits starting with XX; nothing else is ever removed), oldest modification time first
// (an entry's time is its last write or read), until those found at the start total at most
// `max_bytes`. Safe while bakes read and write the cache: each removal holds the cache's lock
// exclusively (the store holds it shared around each read and write) and happens only when the
// entry is still the file listed with its listed time, so that an entry read or rewritten since
// is kept; a reader sees a whole entry or none, which is a miss. Temporaries older than an hour
// (of writers killed mid-write) are removed too. Throws std::runtime_error naming `dir` when it is
// not a directory, cannot be listed or cannot be locked, or naming an entry that cannot be removed.
CachePruneResult prune_cache_directory(const std::filesystem::path& dir, std::uint64_t max_bytes);

}  // namespace aem::pipeline
