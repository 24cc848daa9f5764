#include "aem/pipeline/bake_cache.hpp"

#include <algorithm>
#include <mutex>

#include "aem/pipeline/bake_job.hpp"
#include "io/confined_files.hpp"
#include "io/content_hash.hpp"
#include "cache/bake_cache_key.hpp"
#include "cache/bake_cache_store.hpp"

namespace aem::pipeline {
namespace {

// No record is larger: a manifest names a few files, a result holds a report.
constexpr std::uint64_t kMaxRecordBytes = std::uint64_t(1) << 24;

// Whether a manifest's name leads where the bake could have read: a relative path that stays in
// the model's directory or an allowed one. (A poisoned manifest must not make a fetch hash files
// elsewhere on the machine.)
bool readable_name(const BakeJob& job, const std::filesystem::path& name) {
  if (name.is_absolute() || name.has_root_name()) return false;
  const std::filesystem::path resolved = resolved_path(path_in_model_directory(job.input, name));
  const std::filesystem::path dir = job.input.parent_path().empty() ? "." : job.input.parent_path();
  if (is_within(resolved, resolved_path(dir))) return true;
  for (const std::filesystem::path& allowed : job.options.allowed_dirs)
    if (is_within(resolved, resolved_path(allowed))) return true;
  return false;
}

std::span<const std::byte> as_bytes(const std::string& text) { return std::as_bytes(std::span(text.data(), text.size())); }

}  // namespace

HashedInput hash_input(const std::filesystem::path& model, const std::filesystem::path& path, bool with_sha256) {
  HashedInput input;
  const std::filesystem::path absolute = absolute_normal_path(path);
  input.state = FileState::of(absolute);
  input.state.name = name_in_model_directory(model, path);
  if (input.state.size < 0) return input;  // missing: its absence is part of the key
  const ContentDigest digest = digest_file(absolute, with_sha256);
  // Only what was read whole from the file that was stat'ed counts.
  input.readable = digest.kind == DigestKind::regular && digest.device == input.state.device &&
                   digest.inode == input.state.inode && std::int64_t(digest.size) == input.state.size;
  if (input.readable) {
    input.state.hash = digest.xxh3;
    input.sha256 = digest.sha256;
  }
  return input;
}

struct BakeCache::Stores {
  struct Entry {
    std::unique_ptr<CacheStore> store;
    std::atomic<bool> usable{true};
  };
  std::vector<std::unique_ptr<Entry>> entries;

  // Runs `action` on the store; a store error is a warning the first time and retires the store.
  template <class Action>
  bool attempt(Entry& entry, std::vector<std::string>& warnings, Action&& action) {
    if (!entry.usable.load()) return false;
    try {
      action(*entry.store);
      return true;
    } catch (const CacheStoreError& e) {
      if (entry.usable.exchange(false))
        warnings.push_back(std::string(e.what()) + "; not used for the rest of this run (models are baked locally)");
      return false;
    }
  }
};

BakeCache::BakeCache(const BakeCacheSettings& settings) : stores_(std::make_unique<Stores>()) {
  // The nearer store first: a directory is asked before a server.
  if (!settings.dir.empty()) {
    stores_->entries.push_back(std::make_unique<Stores::Entry>());
    stores_->entries.back()->store = directory_store(settings.dir);
  }
  if (!settings.url.empty()) {
    stores_->entries.push_back(std::make_unique<Stores::Entry>());
    stores_->entries.back()->store = http_store(settings.url);
  }
}

BakeCache::~BakeCache() = default;

std::optional<CacheHit> BakeCache::fetch(const BakeJob& job, std::vector<std::string>& warnings) {
  const HashedInput model = hash_input(job.input, job.input, true);
  if (!model.readable || model.state.size < 0) return std::nullopt;  // the bake says what is wrong
  const std::string level1 = manifest_key(cache_options_text(job.options), job.input.filename(), model.sha256);
  auto corrupt = [&](const CacheStore& store, CacheArea area, const std::string& key, const std::string& why) {
    warnings.push_back(job.input.string() + ": " + store.name() + ": entry " + area_name(area) + "/" + key + " " + why +
                       "; ignored, the model is baked locally");
  };
  std::vector<std::filesystem::path> hashed_names;
  std::vector<HashedInput> inputs;
  for (std::size_t s = 0; s < stores_->entries.size(); ++s) {
    Stores::Entry& entry = *stores_->entries[s];
    std::optional<std::vector<std::byte>> manifest_bytes, result_bytes, aem;
    if (!stores_->attempt(entry, warnings, [&](CacheStore& st) { manifest_bytes = st.get(CacheArea::ac, level1, kMaxRecordBytes); }) ||
        !manifest_bytes)
      continue;
    const auto names = parse_manifest_record(level1, *manifest_bytes);
    if (!names || names->front() != job.input.filename()) {
      corrupt(*entry.store, CacheArea::ac, level1, "is not a bake manifest for this model");
      continue;
    }
    if (!std::all_of(names->begin(), names->end(), [&](const auto& name) { return readable_name(job, name); })) {
      corrupt(*entry.store, CacheArea::ac, level1, "names a file outside the model's directory and every allowed one");
      continue;
    }
    // The files the earlier bake read, hashed where this model names them now.
    if (*names != hashed_names) {
      hashed_names = *names;
      inputs.clear();
      inputs.push_back(model);
      for (std::size_t i = 1; i < names->size(); ++i)
        inputs.push_back(hash_input(job.input, path_in_model_directory(job.input, (*names)[i]), true));
    }
    const std::string level2 = result_key(level1, inputs);
    if (level2.empty()) return std::nullopt;
    if (!stores_->attempt(entry, warnings, [&](CacheStore& st) { result_bytes = st.get(CacheArea::ac, level2, kMaxRecordBytes); }) ||
        !result_bytes)
      continue;
    const std::optional<ResultRecord> record = parse_result_record(level2, *result_bytes, job.input);
    if (!record) {
      corrupt(*entry.store, CacheArea::ac, level2, "is not a bake result for this key");
      continue;
    }
    if (!stores_->attempt(entry, warnings, [&](CacheStore& st) { aem = st.get(CacheArea::cas, record->aem_sha256, job.options.limits.max_output_bytes); }) ||
        !aem)
      continue;
    // The blob must be what its name says: a corrupt or poisoned one is never written out.
    if (aem->size() != record->aem_size || sha256_hex(*aem) != record->aem_sha256) {
      corrupt(*entry.store, CacheArea::cas, record->aem_sha256, "does not match its SHA-256");
      continue;
    }
    CacheHit hit;
    hit.bytes_fetched = manifest_bytes->size() + result_bytes->size() + aem->size();
    hit.report = record->report;
    for (const HashedInput& input : inputs) {
      hit.inputs.push_back(input.state);
      hit.report.inputs.push_back(path_in_model_directory(job.input, input.state.name));
    }
    // The nearer stores that missed get the entries too (a server's hit fills the directory).
    for (std::size_t t = 0; t < s; ++t) {
      stores_->attempt(*stores_->entries[t], warnings, [&](CacheStore& st) {
        st.put(CacheArea::cas, record->aem_sha256, *aem);
        st.put(CacheArea::ac, level2, *result_bytes);
        st.put(CacheArea::ac, level1, *manifest_bytes);
      });
    }
    hit.aem = std::move(*aem);
    return hit;
  }
  return std::nullopt;
}

void BakeCache::store(const BakeJob& job, const BakeReport& report, std::span<const HashedInput> inputs,
                      std::span<const std::byte> aem, std::vector<std::string>& warnings) {
  if (inputs.empty() || inputs.front().state.name != job.input.filename()) return;
  for (const HashedInput& input : inputs)
    if (!input.readable) return;
  const std::string level1 =
      manifest_key(cache_options_text(job.options), job.input.filename(), inputs.front().sha256);
  const std::string level2 = result_key(level1, inputs);
  ResultRecord record{sha256_hex(aem), aem.size(), report};
  const std::string result = result_record(level2, record, job.input);
  const std::string manifest = manifest_record(level1, inputs);
  for (const auto& entry : stores_->entries) {
    // Blob, then result, then manifest: a reader that finds a manifest mostly finds the rest.
    stores_->attempt(*entry, warnings, [&](CacheStore& st) {
      st.put(CacheArea::cas, record.aem_sha256, aem);
      st.put(CacheArea::ac, level2, as_bytes(result));
      st.put(CacheArea::ac, level1, as_bytes(manifest));
    });
  }
}

}  // namespace aem::pipeline
