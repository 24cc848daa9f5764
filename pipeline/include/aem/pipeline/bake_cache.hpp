#pragma once
// A shared cache of bakes (specs/bake.md, "The shared bake cache"). A bake is a pure function of
// the baker, the options that shape its output and the bytes of every file it read, so its result
// is stored under a hash of those and any machine fetches it instead of baking.
//
// Keys, two levels as in ccache's manifests, because the files a bake reads are only known once
// the model is parsed:
//   manifest key = SHA-256(baker, output-shaping options, the model's file name and content)
//     -> the names (relative to the model's directory) of every file the bake read or looked for;
//   result key   = SHA-256(manifest key, each of those names with its content's SHA-256 or
//                  "missing")
//     -> the AEM file's SHA-256 and size, and the bake's report (its warnings above all);
//   that SHA-256 -> the AEM bytes.
// Keys and names never hold an absolute path or a time, so checkouts in other directories, on
// other machines, with new times, share entries. The stores follow Bazel's HTTP remote-cache
// layout: action-cache entries (the two JSON records) under ac/<sha256>, blobs under cas/<sha256>,
// in a directory (writes are atomic renames, safe with concurrent writers on other machines
// sharing it; `aem cache prune` bounds its size, cache_prune.hpp) or on a server (GET/PUT:
// bazel-remote, nginx with WebDAV PUT).
//
// Whatever comes back is verified: a blob must hash to its name, a record must parse and name the
// key it was fetched by; anything else is ignored with a warning, and the model baked locally.
// A store that cannot be reached or written is a warning once, and is not used again in the run.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "aem/pipeline/bake_report.hpp"
#include "aem/pipeline/bake_stamp.hpp"

namespace aem::pipeline {

struct BakeJob;

struct BakeCacheSettings {
  std::filesystem::path dir;  // a cache directory (made if needed); empty: none
  std::string url;            // a Bazel HTTP remote cache's base URL (http://host:port/prefix); empty: none
  bool enabled() const { return !dir.empty() || !url.empty(); }
};

// What a fetch found: the output's bytes and the report of the bake that made them, with this
// model's path where the stored report named that bake's model.
struct CacheHit {
  std::vector<std::byte> aem;
  BakeReport report;
  std::vector<FileState> inputs;  // the files the key was computed from, as hashed just now
  std::uint64_t bytes_fetched = 0;
};

// A file the bake read, with the hashes the stamp and the cache key need.
struct HashedInput {
  FileState state;     // state.hash: XXH3-128; state.name: relative to the model's directory
  std::string sha256;  // "" for a missing file
  bool readable = true;  // false: not a regular file, or it changed while read (never cached)
};

// `path` hashed for a stamp and a cache key (SHA-256 only when `with_sha256`), named for `model`.
HashedInput hash_input(const std::filesystem::path& model, const std::filesystem::path& path, bool with_sha256);

class BakeCache {
 public:
  // Throws std::runtime_error when the settings cannot work at all (a URL that is not http(s)).
  explicit BakeCache(const BakeCacheSettings& settings);
  ~BakeCache();
  BakeCache(const BakeCache&) = delete;
  BakeCache& operator=(const BakeCache&) = delete;

  // The cached result for `job` as its files are now, or nullopt (a miss). Problems (a corrupt
  // entry, a store that is down) are appended to `warnings`. Thread-safe.
  std::optional<CacheHit> fetch(const BakeJob& job, std::vector<std::string>& warnings);

  // Stores a finished bake: `inputs` as hash_input gave them (with SHA-256), after the bake.
  // Nothing is stored when an input was unreadable. Thread-safe.
  void store(const BakeJob& job, const BakeReport& report, std::span<const HashedInput> inputs,
             std::span<const std::byte> aem, std::vector<std::string>& warnings);

 private:
  struct Stores;
  std::unique_ptr<Stores> stores_;
};

}  // namespace aem::pipeline
